"""Kind layout: elements placed in mm or % of an area, layouts that extend one another, piece shapes, and the checks."""
import io
import json
import math
import os
import re
import textwrap

import pytest
from PIL import Image, ImageChops

from generator.output import raster
from generator.draw import textbox, typeface
from generator.spec import loader as specs
from generator.components.kind import Circle, placing, round_cut
from generator.errors import SpecError, UserError
from generator.spec.expand import expand
from generator.impose.imposition import impose
from generator.draw.render import draw_art
from generator.check.safearea import cut_line
from generator.check.validate import validate

DPI = 254  # 10 pixels per mm

def test_a_picture_placed_twice_on_a_face_warns_once_at_its_coarsest(tmp_path):
    """A 30 px picture placed at 10 mm and at 20 mm on one face, and twice at 10 mm in a line of text: one warning for the
    face, at the size where it prints coarsest (30 px over 20 mm: 38 dpi), not one a place."""
    from click.testing import CliRunner
    from generator.cli import cli
    (tmp_path / "art").mkdir()
    Image.new("RGB", (30, 30), (0, 0, 0)).save(tmp_path / "art" / "dot.png")
    path = tmp_path / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", "2").replace("components:", "inline:\n  dot: {file: art/dot.png, size: 1 em}\n"
                                                        "components:") + textwrap.indent(textwrap.dedent("""\
        data: [{n: 1, big: "yes"}, {n: 2, big: ""}]
        layout:
          elements:
            small: {type: image, file: art/dot.png, x: 10, y: 60, width: 10, height: 10}
            big: {type: image, file: art/dot.png, x: 10, y: 10, width: 20, height: 20, visible: "{big}"}
            line: {type: text, x: 5, y: 40, width: 50, height: 12, size: 10, text: ":dot: and :dot:"}
        """), "    "))
    spec = specs.load(str(path))
    result = CliRunner().invoke(cli, ["validate", spec.path])
    assert result.exit_code == 0
    warned = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warned == [f"warning: {path}: cards: face {n} ({path}: components.cards.data row {n}): dot.png prints at "
                      f"{30 / (size / 25.4):.0f} dpi at {size:.1f} x {size:.1f} mm (30 x 30 pixels; 300 dpi wanted)"
                      for n, size in ((1, 20), (2, 10))]


def test_a_low_resolution_picture_is_named_by_its_face_when_the_faces_before_it_were_not_drawn_again(tmp_path):
    """pnp validate keeps each face's verdict: after the first row's text changed, the second card is not drawn again,
    yet the warning still names the picture's card as face 3 (row 3)."""
    from click.testing import CliRunner
    from generator.cli import cli
    (tmp_path / "art").mkdir()
    Image.new("RGB", (30, 30), (0, 0, 0)).save(tmp_path / "art" / "dot.png")
    path = tmp_path / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", "3") + textwrap.indent(textwrap.dedent("""\
        data: [{word: one, pic: ""}, {word: two, pic: ""}, {word: three, pic: "yes"}]
        layout:
          elements:
            word: {type: text, x: 10, y: 30, width: 40, height: 10, size: 10 pt, text: "{word}"}
            dot: {type: image, file: art/dot.png, x: 10, y: 10, width: 10, height: 10, visible: "{pic}"}
        """), "    "))
    warning = (f"warning: {path}: cards: face 3 ({path}: components.cards.data row 3): dot.png prints at 76 dpi at "
               "10.0 x 10.0 mm (30 x 30 pixels; 300 dpi wanted)")
    for word in ("one", "uno"):
        path.write_text(path.read_text().replace("word: one", f"word: {word}"))
        result = CliRunner().invoke(cli, ["validate", str(path)])
        assert result.exit_code == 0 and [line for line in result.output.splitlines() if "warning" in line] == [warning], \
            result.output


SPEC = """\
game: {title: Layout Test, designer: Tester}
palette: {fire: "#d0492f", water: "#2f6fd0", paper: "#fbf6ea"}
components:
  cards:
    kind: layout
    expect: EXPECT
    width: 60 mm
    height: 80 mm
    bleed: 3 mm
"""


def make(tmp_path, component="", files=None, expect=1, others=""):
    """Write a spec (SPEC plus more keys of its component, then other components) and its files into tmp_path; load it."""
    for name, text in (files or {}).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    path = tmp_path / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", str(expect)) + textwrap.indent(textwrap.dedent(component), "    ")
                    + textwrap.indent(textwrap.dedent(others), "  "))
    return specs.load(str(path))


def pixels(drawing):
    """A drawing painted by cairo at DPI, as an RGB image (pixel (0, 0) is the bleed box's corner)."""
    return Image.open(io.BytesIO(raster.picture_png(drawing, DPI))).convert("RGB")


def at(image, x, y, bleed=3.0):
    """The colour at (x, y) mm on the trim box."""
    return image.getpixel((round((x + bleed) * DPI / 25.4), round((y + bleed) * DPI / 25.4)))


def fronts(spec):
    """The drawings of every distinct front, in order."""
    return [draw_art(spec, art) for art in expand(spec)[1].values() if art.side == "front"]


def texts(drawing):
    """The text lines of a drawing."""
    found = []

    def walk(node):
        if node.tag == "text":
            found.append(node)
        for child in node.children:
            walk(child)
    walk(drawing)
    return found


def test_elements_are_placed_in_mm_and_shares_of_their_area(tmp_path):
    spec = make(tmp_path, """\
        layout:
          ground: paper
          elements:
            band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: fire}
            box: {type: rect, area: safe, x: 50%, y: 50%, width: 10 mm, height: 10, fill: water}
        """)
    image = pixels(fronts(spec)[0])
    assert image.size == (round(66 * DPI / 25.4), round(86 * DPI / 25.4))
    assert at(image, -2, -2) == (0xd0, 0x49, 0x2f)    # the band runs into the bleed: area bleed starts 3 mm out
    assert at(image, 30, 16.5) == (0xd0, 0x49, 0x2f)   # and ends 20 mm below the bleed edge: 17 mm below the trim
    assert at(image, 30, 17.5) == (0xfb, 0xf6, 0xea)
    # the safe area is 3 mm inside the trim (54 x 74 mm): its middle is (30, 40), the box spans 10 mm from there
    assert at(image, 30.5, 40.5) == (0x2f, 0x6f, 0xd0) and at(image, 39.5, 49.5) == (0x2f, 0x6f, 0xd0)
    assert at(image, 29.5, 40.5) == (0xfb, 0xf6, 0xea) and at(image, 40.5, 45) == (0xfb, 0xf6, 0xea)


def test_every_shape_draws(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            a: {type: circle, x: 10, y: 10, r: 4, fill: fire}
            b: {type: ellipse, x: 30, y: 10, rx: 6, ry: 3, fill: fire}
            c: {type: line, x1: 5, y1: 25, x2: 55, y2: 25, stroke: fire, stroke_width: 1}
            d: {type: polygon, points: [[5, 30], [15, 30], [10, 40]], fill: fire}
            e: {type: hexagon, x: 30, y: 36, r: 5, fill: fire}
            f: {type: star, x: 48, y: 36, r: 5, points: 6, fill: fire}
            g: {type: path, x: 5, y: 50, d: "M 0 0 L 10 0 L 10 10 Z", fill: fire}
            h: {type: rect, x: 30, y: 50, width: 20, height: 10, radius: 3, fill: none, stroke: fire, stroke_width: 1}
            i: {type: icon, name: round, x: 20, y: 62, width: 14, height: 14, colour: water}
        """)
    image, red = pixels(fronts(spec)[0]), (0xd0, 0x49, 0x2f)
    for x, y in [(10, 10), (34, 10), (30, 25), (10, 33), (30, 36), (48, 36), (13, 52), (40, 50)]:
        assert at(image, x, y) == red, (x, y)
    assert at(image, 10, 15) == (255, 255, 255) and at(image, 40, 55) == (255, 255, 255)  # a circle ends, a frame is hollow
    assert at(image, 27, 69) == (0x2f, 0x6f, 0xd0)  # the template's currentColor takes the icon's colour


def test_a_layout_extends_another_and_overrides_elements_by_name(tmp_path):
    files = {"base.yaml": """\
                 ground: paper
                 elements:
                   band: {type: rect, x: 0, y: 0, width: 100%, height: 10, fill: fire}
                   title: {type: text, x: 5, y: 2, width: 50, height: 6, text: Base, size: 4}
                 """,
             "layouts/child.yaml": """\
                 extends: more.yaml
                 elements:
                   band: {fill: water}
                   spot: {type: circle, x: 30, y: 40, r: 5, fill: fire}
                 """,
             "layouts/more.yaml": """\
                 elements:
                   title: {text: Child}
                 """}
    spec = make(tmp_path, "layouts: [base.yaml, layouts/child.yaml]\n", files)
    drawing = fronts(spec)[0]
    assert [c.part for c in drawing.children if c.tag != "defs"] == ["ground", "band", "title", "spot"]
    image = pixels(drawing)
    assert at(image, 2, 9) == (0x2f, 0x6f, 0xd0) and at(image, 30, 40) == (0xd0, 0x49, 0x2f)
    assert [t.content for t in texts(drawing)] == ["Child"]


def test_fields_fill_every_property_and_visible_hides_empty_ones(tmp_path):
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            band: {type: rect, x: 0, y: 0, width: 100%, height: "{tall}", fill: "{suit}"}
            title: {type: text, x: 5, y: 20, width: 50, height: 8, text: "{title} ({suit})", size: 4}
            note: {type: text, x: 5, y: 40, width: 50, height: 8, text: "{note}", visible: "{note}"}
            mark: {type: circle, x: 30, y: 60, r: 5, fill: fire, visible: "{marked}"}
        """, {"cards.csv": "title,suit,tall,note,marked,count\nOne,fire,10,a note,yes,2\nTwo,water,20,,no,1\n"}, expect=3)
    one, two = fronts(spec)
    assert [t.content for t in texts(one)] == ["One (fire)", "a note"]
    assert [t.content for t in texts(two)] == ["Two (water)"]
    assert "mark" in [c.part for c in one.children] and "mark" not in [c.part for c in two.children]
    image = pixels(two)
    assert at(image, 30, 19) == (0x2f, 0x6f, 0xd0) and at(image, 30, 21) == (255, 255, 255)
    assert [p.front for p in expand(spec)[0]] == ["cards-1", "cards-1", "cards-2"]  # the count column: copies


def test_visible_cell_is_shows_an_element_on_the_rows_whose_cell_is_one_of_its_values(tmp_path):
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            title: {type: text, x: 5, y: 20, width: 50, height: 8, text: "{title}", size: 4}
            plotters: {type: text, x: 5, y: 40, width: 50, height: 8, text: Plotters only, visible: {cell: "{kind}", is: Thinker}}
            two: {type: circle, x: 30, y: 60, r: 5, fill: fire, visible: {cell: "{title}", is: [Thief, Mastermind]}}
        """, {"cards.csv": "title,kind\nThief,Thug\nGrifter,Thinker\nMastermind,Thinker\n"}, expect=3)
    drawn = fronts(spec)
    assert [[t.content for t in texts(d)] for d in drawn] == [["Thief"], ["Grifter", "Plotters only"],
                                                              ["Mastermind", "Plotters only"]]
    assert [at(pixels(d), 30, 60) for d in drawn] == [(0xd0, 0x49, 0x2f), (255, 255, 255), (0xd0, 0x49, 0x2f)]
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            crew: {type: text, x: 5, y: 40, width: 50, height: 8, text: Crew, visible: {cell: "{kind}", not: [Thug, ""]}}
        """, {"cards.csv": "title,kind\nThief,Thug\nGrifter,Thinker\nMastermind,\n"}, expect=3)
    assert [[t.content for t in texts(d)] for d in fronts(spec)] == [[], ["Crew"], []]   # not: the rows without them
    with pytest.raises(SpecError) as caught:   # a key it does not take names the layout, not a data row
        make(tmp_path, """\
            data: cards.csv
            layout: {elements: {a: {type: text, text: Hi, visible: {cell: "{kind}", is: Thinker, not: Thug}}}}
            """, expect=3)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "game.yaml:11: components.cards.layout.elements.a.visible: expected true or false, \"{column}\", or {cell: "
        "\"{column}\", is: a value or a list of them} (or not: for the rows without them), found a mapping")


def test_visible_cell_is_that_no_row_matches_is_an_error_naming_the_column_and_its_cells(tmp_path):
    """A designer wrote is: ">=3" for a comparison: no row's cell is that text, so the element would show on no card,
    silently; it is one error line naming the data file, the column, the element and the cells there are."""
    with pytest.raises(UserError) as caught:
        make(tmp_path, """\
            data: cards.csv
            layout:
              elements:
                title: {type: text, x: 5, y: 20, width: 50, height: 8, text: "{title}", size: 4}
                gem: {type: circle, x: 30, y: 60, r: 5, fill: fire, visible: {cell: "{cost}", is: ">=3"}}
            """, {"cards.csv": "title,cost\nThief,1\nGrifter,3\nMastermind,12\n"}, expect=3)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "game.yaml:14: components.cards.layout.elements.gem.visible.is: '>=3' is no row's {cost} in cards.csv (its "
        "cells: '1', '3', '12'): the element would show on no card; is: takes the values to show it on, not a range")


def test_a_visible_value_no_row_has_is_an_error_though_others_match(tmp_path):
    """is: [fire, fyre]: the element shows on the fire cards, and fyre, a typo, would silently show it on none more."""
    with pytest.raises(UserError) as caught:
        make(tmp_path, """\
            data: cards.csv
            layout:
              elements:
                gem: {type: circle, x: 30, y: 60, r: 5, fill: fire, visible: {cell: "{suit}", is: [fire, fyre]}}
            """, {"cards.csv": "title,suit\nA,fire\nB,water\nC,fire\n"}, expect=3)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (   # at the layout's line (it named none)
        "game.yaml:13: components.cards.layout.elements.gem.visible.is: 'fyre' is no row's {suit} in cards.csv (its "
        "cells: 'fire', 'water')")
    make(tmp_path / "quoted", """\
            data: cards.csv
            layout:
              elements:
                gem: {type: circle, x: 30, y: 60, r: 5, fill: fire, visible: {cell: "{suit}", is: ["{wanted}", fire]}}
            """, {"cards.csv": "title,suit,wanted\nA,fire,x\nB,water,water\nC,fire,y\n"}, expect=3)   # each row its own


def test_an_element_extends_another_of_the_layout_and_overrides_what_it_names(tmp_path):
    spec = make(tmp_path, """\
        layout: card.yaml
        """, {"card.yaml": """\
        elements:
          drone: {type: rect, x: 5, y: 5, width: 10, height: 10, fill: fire}
          human: {extends: drone, x: 20}
          pilot: {extends: human, y: 20, fill: water}
        """})
    image = pixels(fronts(spec)[0])
    assert [at(image, x, y) for x, y in ((10, 10), (25, 10), (25, 25), (10, 25))] == [
        (0xd0, 0x49, 0x2f), (0xd0, 0x49, 0x2f), (0x2f, 0x6f, 0xd0), (255, 255, 255)]


def test_a_text_box_shrinks_to_fit_down_to_its_min_size_and_aligns(tmp_path):
    words = "many words " * 20
    spec = make(tmp_path, f"""\
        layout:
          elements:
            fits: {{type: text, x: 5, y: 5, width: 50, height: 30, text: "{words}", size: 5, min_size: 2}}
            right: {{type: text, x: 5, y: 40, width: 50, height: 10, text: Right, size: 4, align: right, valign: bottom}}
            middle: {{type: text, x: 5, y: 55, width: 50, height: 10, text: Mid, size: 4, align: centre, valign: middle}}
        """)
    drawing = fronts(spec)[0]
    lines = texts(drawing)
    fitted = lines[:-2]
    size = float(fitted[0].attrs["font-size"])
    assert 2 <= size < 5 and " ".join(t.content for t in fitted) == words.strip()
    ascent, descent = textbox._extent("/V")   # Vera's own ascent and descent, in em
    assert max(float(t.attrs["y"]) for t in fitted) + descent * size <= 35 + 1e-6   # the last line ends inside the box
    assert math.isclose(float(fitted[1].attrs["y"]) - float(fitted[0].attrs["y"]), 1.2 * size, abs_tol=1e-3)
    right, middle = lines[-2], lines[-1]
    assert math.isclose(right.attrs["x"] + typeface.advance("/V", "Right") * 4, 55, abs_tol=0.01)  # ends at the right
    assert math.isclose(right.attrs["y"], 50 - descent * 4, abs_tol=0.01)                          # sits on the bottom
    assert math.isclose(middle.attrs["x"] + typeface.advance("/V", "Mid") * 2, 30, abs_tol=0.01)   # centred
    assert math.isclose(middle.attrs["y"], 55 + (10 - (ascent + descent) * 4) / 2 + ascent * 4, abs_tol=0.01)
    assert validate(spec) == []


def test_text_that_does_not_fit_at_its_min_size_fails_validation_naming_file_row_and_text(tmp_path):
    long = "word " * 120
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            rules: {type: text, x: 5, y: 5, width: 50, height: 20, text: "{rules}", size: 4, min_size: 3}
        """, {"cards.csv": f"rules\nShort.\n{long}\n"}, expect=2)
    assert [str(f) for f in validate(spec)] == [   # one line for the text, not one per line of it
        f"{spec.path}: cards: face 2 ({tmp_path / 'cards.csv'} row 3): text 'word word word word word word word wo...' "
        f"does not fit its 50.0 x 20.0 mm box even at its min_size, 3 mm (text rules)"]


def test_text_with_no_min_size_that_does_not_fit_says_a_min_size_lets_it_shrink(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            rules: {type: text, x: 5, y: 5, width: 30, height: 8, text: "word word word word word word word", size: 4}
        """, {}, expect=1)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: face 1: text 'word word word word word word word' does not fit its 30.0 x 8.0 mm box at its size"
        ", 4 mm, and has no min_size to shrink to (text rules)"]


def test_marks_keep_clear_of_the_cut_unless_they_are_art(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            spot: {type: circle, x: 30, y: 78, r: 1, fill: fire}
            band: {type: rect, x: 0, y: 0, width: 100%, height: 5, fill: water, role: art}
            edge: {type: rect, area: bleed, x: 0, y: 80, width: 100%, height: 6, fill: water}
        """)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: face 1: spot is 1.0 mm inside the cut (marks keep 2 mm inside it)"]


def test_a_mark_too_near_the_cut_names_the_data_rows_of_its_faces(tmp_path):
    """A spot drawn only on some cards of a deck: the line named 'face 1' alone, where the text check's names the
    data file and rows too, so a designer could not tell which card it meant."""
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            spot: {type: circle, x: 30, y: 78, r: 1, fill: fire, visible: "{spot}"}
        """, {"cards.csv": "title,spot\nA,\nB,yes\nC,yes\n"}, expect=3)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: faces 2-3 ({tmp_path / 'cards.csv'} rows 3-4): spot is 1.0 mm inside the cut (marks keep 2 "
        "mm inside it)"]


@pytest.mark.parametrize("shape, size", [("hex-flat", 40), ("hex-pointy", 40), ("circle", 38.1)])
def test_a_mark_past_a_shaped_piece_s_cut_fails_as_it_does_on_a_round_one(tmp_path, shape, size):
    """A square in a hex tile's corner, outside the hexagon, was cut away unseen and validate passed (the check measured
    the ink as clipped to the cut); one across the cut was '0.0 mm inside the cut'. Where the square lies is worked out
    from the cut line's own corners: its farthest corner's distance past the nearest side."""
    from generator.check.safearea import clearance, cut_line
    (tmp_path / "game.yaml").write_text(SPEC.replace("EXPECT", "1").replace("    width: 60 mm\n    height: 80 mm\n", "")
                                        + f"    shape: {shape}\n    size: {size} mm\n    layout: {{elements: {{t: {{type: "
                                          "rect, x: 1, y: 1, width: 6, height: 6, fill: fire}}}\n")
    spec = specs.load(str(tmp_path / "game.yaml"))
    past = -clearance(cut_line(spec.component("cards")), [(1, 1), (7, 1), (1, 7), (7, 7)])
    assert past > 2   # the square lies past the cut
    assert [str(f) for f in validate(spec)] == [f"{spec.path}: cards: face 1: t is {past:.1f} mm past the cut (marks keep "
                                                "2 mm inside it)"]


def test_the_copies_of_a_repeat_too_near_the_cut_are_one_line(tmp_path):
    """A row of 40 dots 1.5 mm from the top edge printed 40 lines; one repeat's copies on the same faces are one, its
    worst copy's distance given; a copy alone keeps its own line."""
    spec = make(tmp_path, """\
        layout:
          elements:
            dots: {type: circle, x: 5, y: 2, r: 0.5, fill: fire, repeat: {count: 40, dx: 1.2, dy: 0.01}}
            lone: {type: circle, x: 5, y: 70, r: 0.5, fill: fire, repeat: {count: 3, dx: 26.5}}
        """)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: face 1: dots 0-39 (40 copies) are as little as 1.5 mm inside the cut (marks keep 2 mm "
        "inside it)",
        f"{spec.path}: cards: face 1: lone 2 is 1.5 mm inside the cut (marks keep 2 mm inside it)"]


def test_piece_shapes_cut_and_pack_as_their_kinds_do(tmp_path):
    spec = make(tmp_path, "layout: {elements: {}}\n", others="""\
        tokens:
          kind: layout
          expect: 6
          shape: circle
          size: 25.4 mm
          layout: {ground: fire, elements: {}}
          faces: {copies: 6}
        tiles:
          kind: layout
          expect: 7
          shape: hex-pointy
          size: 40 mm
          layout: {ground: water, elements: {}}
          faces: {copies: 7}
          back: {fill: paper}
        cards2:
          kind: layout
          expect: 1
          shape: rounded
          radius: 4 mm
          width: 60 mm
          height: 80 mm
          layout: {elements: {}}
        """)
    tokens, tiles, rounded = (spec.component(c) for c in ("tokens", "tiles", "cards2"))
    assert round_cut(tokens) == Circle(12.7, 12.7, 12.7) and round_cut(tokens).punch == "1 in"
    corners = cut_line(tiles)
    assert len(corners) == 6 and all(math.isclose(math.dist(c, (20, 40 / math.sqrt(3))), 40 / math.sqrt(3), abs_tol=1e-3)
                                     for c in corners)
    assert placing(tiles) == "hex" and placing(tokens) == "grid"
    assert min(math.dist(c, (4, 4)) for c in cut_line(rounded)) == pytest.approx(4, abs=1e-9)   # a rounded corner
    assert validate(spec) == []
    plan = impose(spec, expand(spec)[0], "a4")
    hexes = [s for s in plan.sheets if "tiles" in s.components]
    assert [s.side for s in hexes] == ["front", "back"] and "hex tiles share their edges" in hexes[0].note
    token_slots = sorted((s.x, s.y) for sheet in plan.sheets for s in sheet.slots if s.art.startswith("tokens"))
    gaps = {round(b[0] - a[0] - 25.4, 3) for a, b in zip(token_slots, token_slots[1:]) if a[1] == b[1]}
    assert gaps == {3.0}   # one ground: punched tokens share their bleed, one bleed apart, as round tokens do


def test_hex_backs_run_their_bleed_past_every_side_and_fronts_stop_at_the_cut(tmp_path):
    spec = make(tmp_path, "layout: {elements: {}}\n", others="""\
        tiles:
          kind: layout
          expect: 1
          shape: hex-flat
          size: 40 mm
          layout: {ground: water, elements: {}}
          back: {fill: fire}
        """)
    arts = expand(spec)[1]
    front, back = (pixels(draw_art(spec, arts[key])) for key in ("tiles-1", "tiles-back"))
    w = 80 / math.sqrt(3)
    assert at(front, w / 2, 1) == (0x2f, 0x6f, 0xd0) and at(front, w / 2, -1) != (0x2f, 0x6f, 0xd0)
    assert at(back, w / 2, -2) == (0xd0, 0x49, 0x2f) and at(back, 1, 1) != (0xd0, 0x49, 0x2f)


@pytest.mark.parametrize("component, files, message", [
    ("layout: {elements: {a: {type: blob}}}\n", {},
     "game.yaml:10: components.cards.layout.elements.a.type: unknown element type 'blob' (expected one of rect, circle, "
     "ellipse, line, polygon, hexagon, star, path, text, icon, image)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, colour: fire}\n"},
     "card.yaml:2: elements.a.colour: unknown property 'colour' for a rect (expected one of area, dash, extends, fill, height, "
     "opacity, radius, repeat, role, rotate, stroke, stroke_width, type, visible, width, x, y)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: '{name}'}\n"},
     "card.yaml:2: elements.a.text: {name} names no data column (the component has no data)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, fill: purple}\n"},
     "card.yaml:2: elements.a.fill: unknown colour 'purple' (palette has black, fire, paper, water, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, width: wide}\n"},
     "card.yaml:2: elements.a.width: expected a number of mm, a length such as 12 mm, or a share of the area such as 50%, "
     "found 'wide'"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, x: 5, width: -53, text: Hi}\n"},
     "card.yaml:2: elements.a.width: expected a size of 0 or more (a number of mm, a length such as 12 mm, or a share "
     "of the area such as 50%), found -53"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: circle, r: -2 mm}\n"},
     "card.yaml:2: elements.a.r: expected a size of 0 or more (a number of mm, a length such as 12 mm, or a share of "
     "the area such as 50%), found '-2 mm'"),
    ("layout: a.yaml\n", {"a.yaml": "extends: b.yaml\n", "b.yaml": "extends: a.yaml\n"},
     "b.yaml:1: extends: layouts extend one another in a loop (a.yaml -> b.yaml -> a.yaml)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, colur: fire}\n"},   # a designer's typo
     "card.yaml:2: elements.a.colur: unknown property 'colur' for a text: did you mean 'colour'? (expected one of align, "
     "area, bold, colour, extends, font, height, italic, leading, min_size, opacity, outline, repeat, role, rotate, size, "
     "text, type, valign, visible, width, wrap, x, y)"),   # it listed them all, suggesting none
    ("layout: card.yaml\n", {"card.yaml": "grond: fire\nelements: {}\n"},
     "card.yaml:1: grond: unknown key 'grond': did you mean 'ground'? (a layout has extends, ground, safe, elements)"),
    ("widht: 63 mm\nlayout: {elements: {}}\n", {},
     "game.yaml:10: components.cards.widht: unknown key 'widht': did you mean 'width'? (expected one of back, "),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, angle: 90}\n"},   # Squib's angle
     "card.yaml:2: elements.a.angle: unknown property 'angle' for a text: write rotate (expected one of"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, ellipsize: end}\n"},
     "card.yaml:2: elements.a.ellipsize: unknown property 'ellipsize' for a text: pnp never cuts a text short; give it a "
     "min_size to shrink to, and validate names a text that still does not fit (expected one of"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, fill_color: fire}\n"},
     "card.yaml:2: elements.a.fill_color: unknown property 'fill_color' for a rect: write fill (expected one of area,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, str: Hi, color: fire}\n"},
     "card.yaml:2: elements.a.str: unknown property 'str' for a text: write text (expected one of align,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, range: 0..1}\n"},
     "card.yaml:2: elements.a.range: unknown property 'range' for a text: a layout has no ranges; show an element on "
     "some rows only with visible: {cell: \"{column}\", is: [the values of those rows]} (expected one of align,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: icon, name: circle, gold: 1}\n"},
     "card.yaml:2: elements.a.gold: unknown property 'gold' for an icon (expected one of"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: svg, file: a.svg}\n"},
     "card.yaml:2: elements.a.type: unknown element type 'svg' (expected one of rect, circle, ellipse, line, polygon, "
     "hexagon, star, path, text, icon, image): an SVG is an icon (a plain template, by name) or an image (art, by "
     "file)"),
    ("layout: card.yaml\n", {"card.yaml": "backdrop:\n  fill_color: '#0b3736'\n  x: 38\n"},
     "card.yaml:1: backdrop: unknown key 'backdrop' (a layout has extends, ground, safe, elements); an element goes "
     "under elements: with its type, as in elements: {backdrop: {type: rect, ...}} (a Squib layout's entries are "
     "elements)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: background, fill: fire}\n"},
     "card.yaml:2: elements.a.type: unknown element type 'background' (expected one of rect, circle, ellipse, line, "
     "polygon, hexagon, star, path, text, icon, image): the layout's ground: colours the whole piece, bleed included"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: cirle, r: 5}\n"},   # it suggested none
     "card.yaml:2: elements.a.type: unknown element type 'cirle': did you mean 'circle'? (expected one of rect, circle, "
     "ellipse, line, polygon, hexagon, star, path, text, icon, image)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, x: 38px}\n"},
     "card.yaml:2: elements.a.x: expected a number of mm, a length such as 12 mm, or a share of the area such as 50%, "
     "found '38px'; a pixel has no printed size: at 300 dpi (Squib's default) 38 px is 3.22 mm"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: {title}, size: 4}\n"},   # no hint
     "card.yaml:2: elements.a.text: expected text, found a mapping (YAML reads {title} as a mapping: write \"{title}\" "
     "in quotes)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, size: 38px}\n"},   # as x: says it
     "card.yaml:2: elements.a.size: expected a size from 1.5 to 100 mm (a number of mm or a length such as 9 pt), found "
     "'38px'; a pixel has no printed size: at 300 dpi (Squib's default) 38 px is 3.22 mm"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, width: -38px}\n"},
     "card.yaml:2: elements.a.width: expected a number of mm, a length such as 12 mm, or a share of the area such as 50%, "
     "found '-38px'"),
    ("radius: 38 px\nlayout: {elements: {}}\n", {},
     "game.yaml:10: components.cards.radius: expected a length with a unit (mm, cm, in or pt), found '38 px'; a pixel "
     "has no printed size: at 300 dpi (Squib's default) 38 px is 3.22 mm"),
    ("layout: card.yaml\n", {"card.yaml": "ground: #0b3736\nelements: {}\n"},
     "card.yaml:1: ground: unknown colour 'nothing' (palette has black, fire, paper, water, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb) (a # "
     "starts a YAML comment: write the colour in quotes, \"#rrggbb\")"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: Hi, font: 'Serif 12'}\n"},
     "card.yaml:2: elements.a.font: unknown font 'Serif 12' (the spec has no fonts: give it fonts: {name: file.ttf}); a "
     "font names a face of the spec's fonts: only, its size goes in size: 12 pt"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect}\n  b: {extends: c}\n"},
     "card.yaml:3: elements.b.extends: 'c' names no element of the layout (elements: a, b)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {extends: b}\n  b: {extends: a, type: rect}\n"},
     "card.yaml:3: elements.b.extends: elements extend one another in a loop (a -> b -> a)"),
    ("layout: ../outside.yaml\n", {},
     "game.yaml:10: components.cards.layout: '../outside.yaml': expected a path inside the spec's folder "
     "(no absolute path, no '..')"),
    ("layout: missing.yaml\n", {}, "game.yaml:10: components.cards.layout: no such file"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: icon, name: nope}\n"},
     "card.yaml:2: elements.a.name: unknown template 'nope' (templates: capsule, circle,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: icon, name: Gem}\n",   # it suggested none
                             "templates/gem.svg": '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'},
     "card.yaml:2: elements.a.name: unknown template 'Gem': did you mean 'gem'? (templates: capsule, circle,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: path, d: 'M 0 0 Q'}\n"},
     "card.yaml:2: elements.a.d: expected SVG path data (M 0 0 L 10 0 ...), found 'M 0 0 Q'"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {}\n"},
     "card.yaml:2: elements.a: element 'a' has no type (expected one of rect, circle,"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: '{label}', repeat: {count: 2, dx: 6, "
                                           "labels: [ok, ':sword:']}}\n"},   # it printed ':sword:' as it is
     "card.yaml:2: elements.a.text: with its label ':sword:': "),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: '{label}', repeat: {count: 2, dx: 6}}\n"},
     "card.yaml:2: elements.a.text: {label} quotes each copy's label, and the repeat gives none: add labels: [...] to "
     "its repeat (one a copy, in order)"),   # it drew nothing
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: A, min_size: 6}\n"},   # size: 4
     "card.yaml:2: elements.a.min_size: min_size, 6 mm, is more than size, 4 mm (the default): a text too long for its "
     "box shrinks from size down to min_size"),
    ("layout: card.yaml\n", {"card.yaml": "safe: 40 mm\nelements:\n  a: {type: rect, area: safe}\n"},   # it drew
     "card.yaml:1: safe: a safe area 40 mm inside each edge leaves less than 2 mm of a 60 x 80 mm piece (at most 29 "
     "mm)"),   # a rect of -20 mm, and blamed the text in it
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, visible: {cell: suit, is: fire}}\n"},
     "card.yaml:2: elements.a.visible.cell: cell quotes the column whose value picks the rows, in braces: "
     "cell: \"{suit}\" (found 'suit')"),   # it hid the element on every card
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: A, bold: flase}\n"},   # drew bold
     "card.yaml:2: elements.a.bold: expected true or false (yes, no, 1, 0; an empty cell is false), found 'flase'"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: A, italic: [x]}\n"},   # told visible's forms
     "card.yaml:2: elements.a.italic: expected true or false (yes, no, 1, 0; an empty cell is false), found a list"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, text: A, wrap: 7}\n"},   # wrapped
     "card.yaml:2: elements.a.wrap: expected true or false (yes, no, 1, 0; an empty cell is false), found 7"),
    ("layout: cards.csv\n", {"cards.csv": "title,suit\nA,fire\n"},   # it was taken as a file name: a traceback
     "cards.csv:1: expected a layout (a mapping with elements:), found 'title,suit A,fire': is cards.csv a layout file?"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: image, x: 5, y: 30, width: 20, height: 20}\n"},
     "card.yaml:2: elements.a: an image needs file (e.g. file: art/ship.png)"),   # each of these four was a traceback
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect}\n  b: {extends: a, type: icon}\n"},
     "card.yaml:3: elements.b: an icon needs name (e.g. name: coin)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, width: 20}\n  b: {extends: a, type: circle}\n"},
     "card.yaml:3: elements.b: width, which it takes from a (its extends:): unknown property 'width' for a circle"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a:\n    type: rect\n    repeat:\n      count: 3\n"
                                          "      across: 2\n"},   # the repeat's line, not the key's
     "card.yaml:6: elements.a.repeat.across: unknown repeat key 'across'"),
    ("data:\n  - {title: A}\n  - {title: B, count: x}\nlayout: {elements: {}}\n", {},   # no line: a spec's own rows
     "game.yaml:12: components.cards.data[1].count: expected a whole number of copies from 0 to 10000, found 'x'"),
    ("data:\n  - {title: A}\n  - [B]\nlayout: {elements: {}}\n", {},
     "game.yaml:12: components.cards.data[1]: expected a mapping of column to value, found list"),
    ("data: []\nlayout: {elements: {}}\n", {},
     "game.yaml:10: components.cards.data: expected a list of rows (each a mapping of column to value), found an empty "
     "list"),
    ("data:\n  - {title: A, suit: fire}\n  - {title: B, suit: teal}\nlayout: {elements: {a: {type: rect, fill: '{suit}'}}}\n",
     {}, "game.yaml:12: components.cards.data[1].suit: layout element a.fill: unknown colour 'teal'"),
    ("data:\n  - {title: A, suit: Fire}\nlayout: {elements: {a: {type: rect, fill: '{suit}'}}}\n", {},   # none told
     "game.yaml:11: components.cards.data[0].suit: layout element a.fill: unknown colour 'Fire': did you mean 'fire'? "
     "(palette has black, fire, paper, water, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: rect, fill: '2f6fd0'}\n"},   # a # left out
     "card.yaml:2: elements.a.fill: unknown colour '2f6fd0': did you mean '#2f6fd0'? (palette has black, fire, "),
    ("shape: circle\nsize: 25.4 mm\nlayout: {elements: {}}\n", {},   # the width was ignored
     "game.yaml:7: components.cards.width: a circle piece's size is size: (across, in mm), not width: (width and height "
     "size a rectangle or rounded piece)"),
    ("radius: 5 mm\nlayout: {elements: {}}\n", {},   # the corners stayed square
     "game.yaml:10: components.cards.radius: radius rounds the corners of a shape: rounded piece, and this one is a "
     "rectangle"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: path, d: ''}\n"},   # it drew nothing
     "card.yaml:2: elements.a.d: expected SVG path data that draws something (M 0 0 L 10 0 ...), found ''"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: icon, name: circle, width: 0, height: 30}\n"},
     "card.yaml:2: elements.a.width: expected an icon's box at least 0.1 mm across (it is scaled to fit it), found 0"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: polygon}\n"},
     "card.yaml:2: elements.a: a polygon needs points (e.g. points: [[0, 0], [10, 0], [5, 8]])"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: path}\n"},   # or passed, drawing nothing
     "card.yaml:2: elements.a: a path needs d (e.g. d: 'M 0 0 L 10 0 L 5 8 Z')"),
    ("layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: path, d: 'M 0 0 L 1e400 0 L 1 10 Z'}\n"},
     "card.yaml:2: elements.a.d: expected path data whose every number is at most 2000 mm either way, found "
     "'M 0 0 L 1e400 0 L 1 10 Z'"),   # it wrote 'inf 0 l' into the PDF
    ("layout: {elements: {}}\nfaces: {list: [{title: A}]}\n", {},
     "game.yaml:11: components.cards.faces: a layout's faces come from its data: (one face per row); faces: takes copies "
     "only"),
    ("layout: {elements: {}}\nlayouts: [a.yaml]\n", {},
     "game.yaml:4: components.cards: give one of layout (a file or an inline layout) or layouts (a list of files merged "
     "in order) (found layout and layouts)"),
])
def test_layout_errors_name_the_file_line_and_key(tmp_path, component, files, message):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, component, files)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "").startswith(message)


def test_a_misspelt_elements_key_is_told_as_misspelt_and_not_taken_for_an_element(tmp_path):
    """'elemets:' got 'did you mean elements?', then 'an element goes under elements:, as in elements: {elemets: ...}'."""
    with pytest.raises(SpecError) as caught:
        make(tmp_path, "layout: card.yaml\n", {"card.yaml": "elemets:\n  a: {type: text, text: Hi}\n"})
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "card.yaml:1: elemets: unknown key 'elemets': did you mean 'elements'? (a layout has extends, ground, safe, "
        "elements)")
    with pytest.raises(SpecError, match=r"as in elements: \{stripe: \{type: rect"):   # a stray element: the hint stays
        make(tmp_path, "layout: card.yaml\n", {"card.yaml": "stripe: {type: rect}\nelements: {}\n"})


def test_a_ready_made_layout_on_a_much_larger_piece_is_refused_naming_the_one_that_fits(tmp_path):
    """builtin:mini on 63 x 88 mm cards passed validate and printed a mini card in each card's top-left corner: it is
    refused naming its size and builtin:poker (a size no ready-made layout fits: the size to give); a mini layout on
    44 x 67 mm cards (the docs' 'takes it too') and one extended (its elements placed by the designer) are taken."""
    def load(name, width, height, layout="builtin:mini"):
        (tmp_path / name).mkdir()
        path = tmp_path / name / "game.yaml"
        path.write_text(SPEC.replace("EXPECT", "1").replace("60 mm", f"{width} mm").replace("80 mm", f"{height} mm")
                        + f"    layout: {layout}\n    data: [{{title: A, cost: 1, rules: Go.}}]\n")
        return specs.load(str(path))

    for name, width, height, fix in (("poker", 63, 88, "use builtin:poker"), ("odd", 60, 80, "give the component that size")):
        with pytest.raises(SpecError) as caught:
            load(name, width, height)
        assert str(caught.value).replace(str(tmp_path / name) + os.sep, "") == (
            f"game.yaml:10: components.cards.layout: builtin:mini is drawn for 44.5 x 63.5 mm cards and this piece is "
            f"{width} x {height} mm: its elements would fill one corner; {fix}, or extend it (extends: builtin:mini) "
            "and place its elements yourself")
    assert load("mini", 44, 67).component("cards").options["width"] == 44
    assert load("extended", 63, 88, "{extends: builtin:mini, elements: {}}").component("cards").options["width"] == 63


def test_valign_takes_centre_and_center_as_align_does_for_middle(tmp_path):
    """align: center was taken and valign: center refused ('expected one of top, middle, bottom'): both read middle."""
    drawn = []
    for n, word in enumerate(("middle", "centre", "center")):
        spec = make(tmp_path / word, "layout: card.yaml\n", {"card.yaml": "elements:\n  a: {type: text, x: 5, y: 5, width: 50, "
                                                                   f"height: 60, text: Hi, valign: {word}}}\n"})
        drawn.append([(t.attrs["x"], t.attrs["y"]) for t in texts(fronts(spec)[0])])
    assert drawn[0] == drawn[1] == drawn[2] and float(drawn[0][0][1]) > 30   # its line in the box's middle, not at its top


def test_a_layout_linked_out_of_the_spec_folder_is_refused(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text("elements: {}\n")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "card.yaml").symlink_to(outside)
    with pytest.raises(UserError, match=r"components.cards.layout: 'card.yaml' links to a file outside the spec's folder"):
        make(tmp_path / "game", "layout: card.yaml\n")


def test_the_shipped_pah_cards_drawn_as_a_layout_match_the_symbol_card_kind_pixel_for_pixel(tmp_path):
    from PIL import ImageChops
    from generator.components import symbol_card
    from generator.spec.expand import face_props
    shipped = specs.load("paths-and-pahs")
    cards = shipped.component("cards")
    o = {**symbol_card.DEFAULTS, **cards.options}
    rows = [{"background": p["background"], "shape": o["symbols"].get(p["shape"], p["shape"]), "colour": p["colour"],
             "outline": symbol_card.outline(shipped, o, p)} for p in face_props(shipped, cards)]
    side = min(o["width"], o["height"]) * o["symbol_scale"]
    palette = "".join(f'\n  {name}: "{value}"' for name, value in shipped.palette.items())
    (tmp_path / "pahs.yaml").write_text(f"""\
game: {{title: PAH cards as a layout, designer: Tester}}
palette:{palette}
components:
  cards:
    kind: layout
    expect: 27
    width: 28 mm
    height: 28 mm
    data: {json.dumps(rows)}
    layout:
      ground: "{{background}}"
      elements:
        symbol: {{type: icon, name: "{{shape}}", x: {(28 - side) / 2}, y: {(28 - side) / 2}, width: {side}, height: {side},
                 colour: "{{colour}}", ink: "{{outline}}"}}
        hairline: {{type: rect, x: 0.1, y: 0.1, width: 27.8, height: 27.8, fill: none, stroke: "#8a8a8a",
                   stroke_width: 0.2, role: guide}}
""")
    mine = specs.load(str(tmp_path / "pahs.yaml"))
    theirs = [draw_art(shipped, art) for art in expand(shipped)[1].values() if art.component == "cards" and art.side == "front"]
    ours = fronts(mine)
    assert len(ours) == len(theirs) == 27
    for a, b in zip(ours, theirs):
        diff = ImageChops.difference(pixels(a), pixels(b)).convert("L")
        assert diff.getbbox() is None   # not one pixel differs (the tolerance the design allows is not even needed)
    assert validate(mine) == []


def test_the_layout_reference_names_every_element_option_and_choice_the_code_accepts():
    from pathlib import Path
    from generator.spec import layouts
    from generator.components import layout
    reference = (Path(__file__).resolve().parents[2] / "docs" / "layout-reference.md").read_text()
    sections = dict(part.split("\n", 1) for part in reference.split("\n### ")[1:])
    assert set(sections) == {f"`{kind}`" for kind in layouts.TYPES}   # one section per element type, no other
    for kind, props in layouts.TYPES.items():
        for prop in props:
            assert f"`{prop}`" in sections[f"`{kind}`"], (kind, prop)
    common = reference.split("## Properties every element takes")[1].split("## Elements")[0]
    assert all(f"`{prop}`" in common for prop in layouts.COMMON)
    assert all(f"`{key}`" in common for key in layouts.REPEAT) and all(f"`{path}`" in common for path in layouts.PATHS)
    assert all(f"`{{{field}}}`" in common for field in layouts.COPY)
    component = reference.split("## The component")[1].split("## The layout")[0]
    assert all(f"`{option}`" in component for option in layout.FIELDS)
    assert all(f"`{shape}`" in component for shape in layout.SHAPES)
    top = reference.split("## The layout")[1].split("## Places")[0]
    assert all(f"`{key}`" in top for key in layouts.TOP)
    for choices in (layouts.AREAS, layouts.ROLES, layouts.ALIGN, layouts.VALIGN, ("flat", "pointy")):
        assert all(f"`{choice}`" in reference for choice in choices), choices


FONTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "fonts")


def runs(drawing):
    """(text, font family, weight, style, fill) of each run of text in a drawing."""
    return [(t.content, t.attrs.get("font-family"), t.attrs.get("font-weight", "normal"),
             t.attrs.get("font-style", "normal"), t.attrs.get("fill")) for t in texts(drawing)]


def test_a_text_element_takes_markup_inline_icons_a_designer_font_and_justify(tmp_path):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Serif.ttf").write_bytes(open(os.path.join(FONTS, "DejaVuSerif-Latin.ttf"), "rb").read())
    path = tmp_path / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", "1").replace("components:", "fonts:\n  serif: fonts/Serif.ttf\ncomponents:")
                    + textwrap.indent(textwrap.dedent("""\
        data: cards.csv
        layout:
          elements:
            rules: {type: text, x: 5, y: 5, width: 50, height: 30, size: 4, font: serif, align: justify,
                    text: "{rules}"}
            flavour: {type: text, x: 5, y: 40, width: 50, height: 10, size: 3, italic: true, colour: water,
                      text: "Calm *seas*"}
        """), "    "))
    (tmp_path / "cards.csv").write_text('rules\n"Gain **two** :round: and {colour:fire}one{/colour} wood, then pass '
                                        'the deck on to the next player."\n')
    spec = specs.load(str(path))
    drawing = fronts(spec)[0]
    found = runs(drawing)
    assert ("two", "DejaVu Serif", "bold", "normal", "#000000") in found            # **bold** in the designer's font
    assert ("one", "DejaVu Serif", "normal", "normal", "#d0492f") in found          # a palette colour by name
    assert ("Calm ", "Bitstream Vera Sans", "normal", "italic", "#2f6fd0") in found  # italic: true, *seas* upright
    assert ("seas", "Bitstream Vera Sans", "normal", "normal", "#2f6fd0") in found
    icon = [c for c in drawing.children if c.part == "rules"][0]
    assert any(getattr(child, "part", None) == "icon round" for child in icon.children)   # :round: is the template
    first = [t for t in texts(drawing) if float(t.attrs["y"]) == float(texts(drawing)[0].attrs["y"])]
    last = first[-1]     # justified: the first line's last word ends at the box's right edge
    assert math.isclose(last.attrs["x"] + typeface.advance(last.face.resource, last.content) * 4, 55, abs_tol=0.01)
    assert validate(spec) == []


def test_a_character_the_font_lacks_fails_once_per_text_naming_the_row(tmp_path):
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            title: {type: text, x: 5, y: 5, width: 50, height: 30, text: "{title}", size: 4}
        """, {"cards.csv": "title\nPlain\n中文 and more 中文\n"}, expect=2)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: face 2 ({tmp_path / 'cards.csv'} row 3): text '中文 and more 中文': the font "
        f"BitstreamVeraSans-Roman has no glyph for '中' (U+4E2D), '文' (U+6587) (text title)"]


def test_a_font_the_spec_does_not_give_is_refused_naming_the_line(tmp_path):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, "layout: {elements: {a: {type: text, text: Hi, font: fancy}}}\n")
    assert str(caught.value).endswith("components.cards.layout.elements.a.font: unknown font 'fancy' (the spec has no "
                                      "fonts: give it fonts: {name: file.ttf})")


def test_an_image_element_contains_covers_or_stretches_art_from_a_row_and_warns_below_300_dpi(tmp_path):
    picture = Image.new("RGB", (100, 50), (0xd0, 0x49, 0x2f))
    picture.paste((0x2f, 0x6f, 0xd0), (50, 0, 100, 50))   # left half red, right half blue
    (tmp_path / "art").mkdir()
    picture.save(tmp_path / "art" / "duo.png")
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            contain: {type: image, file: "art/{art}.png", x: 10, y: 2, width: 40, height: 40}
            cover: {type: image, file: "art/{art}.png", x: 10, y: 44, width: 20, height: 20, fit: cover}
            stretch: {type: image, file: "art/{art}.png", x: 35, y: 44, width: 20, height: 30, fit: stretch}
        """, {"cards.csv": "art\nduo\n"})
    image, red, blue, white = pixels(fronts(spec)[0]), (0xd0, 0x49, 0x2f), (0x2f, 0x6f, 0xd0), (255, 255, 255)
    # contain: 40 x 20 mm, centred in its 40 mm square (y 12 to 32)
    assert [at(image, 12, y) for y in (11, 13, 31, 33)] == [white, red, red, white]
    assert at(image, 48, 20) == blue
    # cover: 40 x 20 mm cut to the 20 mm square: the middle of the art (red left of x 20, blue right of it)
    assert [at(image, x, 54) for x in (9, 11, 19, 21, 29, 31)] == [white, red, red, blue, blue, white]
    assert at(image, 20.5, 43) == white and at(image, 20.5, 63) == blue
    # stretch: the whole art squeezed into 20 x 30 mm
    assert [at(image, x, 73) for x in (36, 44, 46, 54, 56)] == [red, red, blue, blue, white]
    warnings = []
    assert validate(spec, warnings) == []
    # one line for the face, where the picture prints coarsest: 50 px over 30 mm when stretched (40 x 20 mm: 63 dpi)
    assert warnings == [f"{spec.path}: cards: face 1 ({tmp_path / 'cards.csv'} row 2): duo.png prints at 42 dpi at "
                        "20.0 x 30.0 mm (100 x 50 pixels; 300 dpi wanted)"]


def test_a_look_a_cell_turns_on_takes_yes_or_no_words_and_refuses_other_text(tmp_path):
    """bold: "{b}" printed bold for 'maybe' and '2', as visible: shows an element for any text; a look is yes or no."""
    layout = 'layout: {elements: {t: {type: text, text: "{title}", bold: "{b}", wrap: "{w}"}}}\n'
    make(tmp_path, "data: cards.csv\n" + layout, {"cards.csv": "title,b,w\nA,yes,0\nB,,1\nC,No,TRUE\n"}, expect=3)
    with pytest.raises(UserError) as caught:
        make(tmp_path, "data: cards.csv\n" + layout, {"cards.csv": "title,b,w\nA,yes,0\nB,maybe,1\n"}, expect=2)
    assert str(caught.value) == (f"{tmp_path / 'cards.csv'} row 3, column b: layout element t.bold: expected true or "
                                 "false (yes, no, 1, 0; an empty cell is false), found 'maybe'")


def test_an_image_a_row_names_that_is_missing_is_refused_naming_file_row_and_column(tmp_path):
    with pytest.raises(UserError) as caught:
        make(tmp_path, """\
            data: cards.csv
            layout: {elements: {art: {type: image, file: "{art}.png"}}}
            """, {"cards.csv": "art\nship\n"})
    assert str(caught.value) == (f"{tmp_path / 'cards.csv'} row 2, column art: layout element art.file: "
                                 f"no such file {str(tmp_path / 'ship.png')!r}")


def test_an_image_path_written_with_a_backslash_is_shown_as_written_and_told_to_have_a_slash(tmp_path):
    (tmp_path / "art").mkdir()
    Image.new("RGB", (20, 10), (200, 30, 30)).save(tmp_path / "art" / "ship.png")
    with pytest.raises(UserError) as caught:
        make(tmp_path, """\
            data: cards.csv
            layout: {elements: {art: {type: image, file: "{art}"}}}
            """, {"cards.csv": "art\nart\\ship.png\n"})
    assert str(caught.value) == (f"{tmp_path / 'cards.csv'} row 2, column art: layout element art.file: no such file "
                                 f"'{tmp_path}/art\\ship.png': write '/' between folders ('art/ship.png'): pnp reads "
                                 "paths the same on every system")
    (tmp_path / "cards.csv").write_text("art\nart/ship.png\n")   # as it says
    assert make(tmp_path, """\
            data: cards.csv
            layout: {elements: {art: {type: image, file: "{art}"}}}
            """).components[0].faces.items[0]["art"] == "art/ship.png"


def test_any_element_turns_about_its_centre(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            bar: {type: rect, x: 20, y: 38, width: 20, height: 4, fill: fire, rotate: 90}
            tri: {type: polygon, points: [[5, 60], [15, 60], [10, 70]], fill: water, rotate: 180}
        """)
    image, red, blue, white = pixels(fronts(spec)[0]), (0xd0, 0x49, 0x2f), (0x2f, 0x6f, 0xd0), (255, 255, 255)
    assert [at(image, 30, y) for y in (29, 31, 49, 51)] == [white, red, red, white]   # upright now: 20 mm tall
    assert at(image, 22, 40) == white
    assert at(image, 6, 61) == white and at(image, 6, 69) == blue   # its point is at the top now, its base below


def test_an_element_repeats_over_a_grid_or_round_a_ring_numbering_its_copies(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            cell: {type: rect, x: 5, y: 5, width: 10, height: 10, fill: water, stroke: black,
                   repeat: {count: 5, columns: 3, dx: 12, dy: 12}}
            number: {type: text, x: 5, y: 5, width: 10, height: 10, text: "{i}", size: 3, align: centre,
                     repeat: {count: 5, columns: 3, dx: 12, dy: 12, start: 1}}
            ring: {type: circle, x: 10, y: 35, r: 3, fill: fire, repeat: {path: ring, count: 12, columns: 4, rows: 4,
                   dx: 12, dy: 12, every: 2}}
        """)
    drawing = fronts(spec)[0]
    assert [t.content for t in texts(drawing)] == ["1", "2", "3", "4", "5"]
    image, red, blue, white = pixels(drawing), (0xd0, 0x49, 0x2f), (0x2f, 0x6f, 0xd0), (255, 255, 255)
    assert [at(image, x, 8) for x in (8, 20, 32, 44)] == [blue, blue, blue, white]      # 3 in a row, then
    assert [at(image, x, 20) for x in (8, 20, 32)] == [blue, blue, white]                # 2 below
    # a ring of 4 x 4 cells holds 12 copies clockwise from the top left; every second is drawn: 0, 2, 4, ... 10
    ring = {(0, 0), (2, 0), (3, 1), (3, 3), (1, 3), (0, 2)}
    for column in range(4):
        for row in range(4):
            assert (at(image, 10 + 12 * column, 35 + 12 * row) == red) == ((column, row) in ring), (column, row)



def test_a_hex_map_repeats_hexagons_in_offset_columns_or_rows_labelled_by_cell_or_list(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            cell: {type: hexagon, x: 10, y: 10, r: 5, fill: water,
                   repeat: {path: hex-flat, count: 12, columns: 4, dx: 7.5, dy: 8.66}}
            name: {type: text, x: 6, y: 8, width: 8, height: 4, text: "{col}.{row}", size: 2, align: centre,
                   repeat: {path: hex-flat, count: 12, columns: 4, dx: 7.5, dy: 8.66}}
            pointy: {type: hexagon, x: 10, y: 50, r: 5, orientation: pointy, fill: fire,
                     repeat: {path: hex-pointy, count: 6, columns: 3, dx: 8.66, dy: 7.5}}
            town: {type: text, x: 6, y: 48, width: 8, height: 4, text: "{label}", size: 2, align: centre,
                   repeat: {path: hex-pointy, count: 6, columns: 3, dx: 8.66, dy: 7.5, labels: [A, B, C, D, E, F]}}
        """)
    drawing = fronts(spec)[0]
    assert [t.content for t in texts(drawing)] == [f"{c}.{r}" for r in (1, 2, 3) for c in (1, 2, 3, 4)] + list("ABCDEF")
    image, red, blue, white = pixels(drawing), (0xd0, 0x49, 0x2f), (0x2f, 0x6f, 0xd0), (255, 255, 255)
    # flat tops: every second column sits half a step (4.33 mm) down, so its top edge is lower than its neighbours'
    assert [at(image, 10 + 7.5 * c, 6.5) for c in range(4)] == [blue, white, blue, white]
    assert [at(image, 10 + 7.5 * c, 10 + 4.33 * (c % 2) + 8.66 * 2) for c in range(4)] == [blue] * 4
    assert at(image, 10 + 7.5 * 1, 10 + 4.33 + 8.66 * 3) == white            # three rows only
    # pointy tops: the second row sits half a step (4.33 mm) across
    assert [at(image, 10 + 8.66 * c - 4, 57.5) for c in range(3)] == [white, red, red]
    assert [at(image, 11 + 8.66 * c, 57.5) for c in range(4)] == [red, red, red, white]

@pytest.mark.parametrize("element, message", [
    ("{type: text, text: '{i}'}",
     "elements.a.text: {i} names no data column (the component has no data); {i}, {col}, {row} and {label} are what the "
     "copies of an element with repeat: quote"),
    ("{type: rect, repeat: {count: 20, path: ring, columns: 3, rows: 3}}",
     "elements.a.repeat.count: a ring of 3 x 3 cells holds 8 copies, found count 20"),
    ("{type: rect, repeat: {count: 5, path: ring}}",
     "elements.a.repeat.path: a ring goes round the edge of a grid of columns x rows cells, at least 2 x 2, found 5 x 1 "
     "(columns is count unless given)"),
    ("{type: rect, repeat: {count: 2, across: 3}}",
     "elements.a.repeat.across: unknown repeat key 'across' (expected one of count, start, every, columns, rows, dx, dy, path, "
     "labels)"),
    ("{type: rect, repeat: {count: 2, colums: 3}}",
     "elements.a.repeat.colums: unknown repeat key 'colums': did you mean 'columns'? (expected one of count, start, "
     "every, columns, rows, dx, dy, path, labels)"),
    ("{type: text, text: '{label}', repeat: {count: 3, labels: [a, b]}}",
     "elements.a.repeat.labels: expected 3 labels, one per copy (count: 3), found 2"),
    ("{type: rect, repeat: {count: 3, labels: []}}",   # taken as no labels, where [a] was refused
     "elements.a.repeat.labels: expected 3 labels, one per copy (count: 3), found 0"),
    ("{type: rect, repeat: {count: 3, path: hex}}",
     "elements.a.repeat.path: expected one of grid, ring, hex-flat, hex-pointy, found 'hex'"),
    ("{type: rect, fill: '{i}', repeat: {count: 3}}",
     "elements.a.fill: unknown colour '0' (palette has black, fire, paper, water, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("{type: rect, rotate: quarter}", "elements.a.rotate: expected a number from -360 to 360, found 'quarter'"),
])
def test_repeat_and_rotate_errors_name_the_key(tmp_path, element, message):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"layout: {{elements: {{a: {element}}}}}\n")
    assert str(caught.value).endswith(f"components.cards.layout.{message}")


def test_a_face_that_draws_more_elements_than_a_card_could_is_refused_at_the_repeat_that_draws_most(tmp_path):
    """40 rows of 10 texts repeated 1,000 times each (1.7 KB in all: 400,000 texts) ran `pnp validate` past 60 s:
    a face draws at most 5,000 elements once repeats are counted, told at the line of the repeat drawing most, before
    a face is drawn; two of 1,000 copies are drawn."""
    text = "{type: text, x: 5, y: 5, width: 5, height: 3, size: 1.5, text: '{i}', repeat: {count: COUNT, columns: 40, " \
           "dx: 1, dy: 1}, role: art}"
    elements = "".join(f"    t{k}: {text.replace('COUNT', str(900 + 10 * k))}\n" for k in range(10))
    with pytest.raises(SpecError) as caught:
        make(tmp_path, "layout: card.yaml\n", {"card.yaml": f"elements:\n{elements}"})
    assert str(caught.value) == (
        f"{tmp_path / 'card.yaml'}:11: elements.t9.repeat: a face draws at most 5,000 elements once repeats are counted, "
        "and this layout's come to 9,450 (t9 990, t8 980, t7 970 and 7 more): draw fewer copies")
    two = "".join(f"    t{k}: {text.replace('COUNT', '1000')}\n" for k in range(2))
    assert make(tmp_path, "layout: card.yaml\n", {"card.yaml": f"elements:\n{two}"})


def test_a_repeat_whose_count_a_row_gives_is_counted_on_that_row(tmp_path):
    """A repeat's count from a data column ({n}) is counted row by row: the row past the bound is named, with its
    column; a quoted visible: leaves out the element on rows that hide it."""
    elements = "elements:\n" + "".join(f"  {name}: {{type: rect, x: 1, y: 1, width: 1, height: 1, role: art, repeat: "
                                       "{count: '{n}'}}\n" for name in "abcde") + \
        "  f: {type: rect, x: 1, y: 1, width: 1, height: 1, role: art, repeat: {count: 1000}, visible: '{big}'}\n"
    rows = "n,big\n10,yes\n1000,\n1000,yes\n"
    with pytest.raises(UserError) as caught:
        make(tmp_path, "layout: card.yaml\ndata: cards.csv\n", {"card.yaml": elements, "cards.csv": rows}, expect=3)
    assert str(caught.value) == (
        f"{tmp_path / 'cards.csv'} row 4, column n: layout element a.repeat: a face draws at most 5,000 elements once "
        "repeats are counted, and this layout's come to 6,000 (a 1,000, b 1,000, c 1,000 and 3 more): draw fewer copies")
    assert make(tmp_path, "layout: card.yaml\ndata: cards.csv\n", {"card.yaml": elements,
                                                                 "cards.csv": "n,big\n10,yes\n1000,\n"}, expect=2)


def test_path_data_past_what_a_face_traces_in_a_moment_is_refused_at_its_key(tmp_path):
    """A layout path of 65,000 arcs (1.3 MB, under the 5 MB a layout may be) ran `pnp validate` past 60 s (20,000:
    20 s; 200 copies of a polygon of 2,000 corners 10 s): a path takes at most 5,000 commands, a face 5,000 commands
    and polygon corners in all, copies counted, each refused at its line before a face is drawn; a row's own path
    data too."""
    arcs = "M 10 10" + " a 1 1 0 1 1 0.001 0" * 5_000
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"layout: {{elements: {{zz: {{type: path, d: '{arcs}', fill: fire}}}}}}\n")
    assert str(caught.value).endswith(
        "components.cards.layout.elements.zz.d: expected path data of at most 5,000 commands, found 5,001: simplify it "
        "(Inkscape's Path > Simplify), or draw it as SVG art (type: image), drawn once for every face")
    lines = "M 1 1" + " L 2 2 L 1 1" * 1_000   # 2,001 commands, three copies
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"layout: {{elements: {{zz: {{type: path, d: '{lines}', fill: fire, role: art, repeat: {{count: 3}}}}}}}}\n")
    assert str(caught.value).endswith(
        "components.cards.layout.elements.zz.repeat: a face draws at most 5,000 path commands and polygon corners once "
        "repeats are counted, and this layout's come to 6,003 (zz 6,003): simplify them (Inkscape's Path > Simplify), or "
        "draw them as SVG art (type: image), drawn once for every face")
    corners = ", ".join(f"[{k % 50}, {k // 50}]" for k in range(1_000))   # a polygon of 1,000 corners, six copies
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"layout: {{elements: {{p: {{type: polygon, points: [{corners}], role: art, repeat: {{count: 6}}}}}}}}\n")
    assert "elements.p.repeat: a face draws at most 5,000 path commands and polygon corners once repeats are counted, " \
           "and this layout's come to 6,000 (p 6,000)" in str(caught.value)
    with pytest.raises(UserError) as caught:
        make(tmp_path, "layout: {elements: {zz: {type: path, d: '{shape}', fill: fire}}}\ndata: cards.csv\n",
             {"cards.csv": f"shape\nM 0 0 L 5 5\n{arcs}\n"}, expect=2)
    assert str(caught.value).startswith(f"{tmp_path / 'cards.csv'} row 3, column shape: layout element zz.d: expected "
                                        "path data of at most 5,000 commands, found 5,001")


def test_every_element_has_a_current_picture_of_the_layout_the_reference_shows():
    import importlib.util
    import textwrap as tw
    from pathlib import Path
    from generator.spec import layouts
    docs = Path(__file__).resolve().parents[2] / "docs"
    loader = importlib.util.spec_from_file_location("elements", docs / "elements.py")
    elements = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(elements)
    assert set(layouts.TYPES) | {"rotate", "repeat", "hex-map"} == set(elements.LAYOUTS)
    reference = (docs / "layout-reference.md").read_text()
    for name, layout in elements.LAYOUTS.items():
        assert f"](img/elements/{name}.png)" in reference, name
        if name in layouts.TYPES:   # each element's section shows the layout its picture is drawn from
            section = reference.split(f"\n### `{name}`\n")[1].split("\n### ")[0]
            assert f"```yaml\n{tw.dedent(layout).rstrip()}\n```" in section, name
        if name == "hex-map":
            assert f"```yaml\n{tw.dedent(layout).rstrip()}\n```" in reference
        failed: list = []   # pasted onto the 60 x 40 mm piece it is drawn on, each example passes the checks
        assert (docs / "img" / "elements" / f"{name}.png").read_bytes() == elements.picture(
            name, lambda spec: failed.extend(map(str, validate(spec)))), (
            f"docs/img/elements/{name}.png is out of date: run python docs/elements.py")
        assert failed == [], name


def test_a_text_box_near_the_cut_fails_once_and_a_frame_on_every_face_is_painted_once(tmp_path, monkeypatch):
    from generator.check import ink, safearea
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            frame: {type: rect, x: 3, y: 3, width: 54, height: 74, fill: none, stroke: black, role: frame}
            title: {type: text, x: 1, y: 10, width: 40, height: 8, text: "{title}", size: 4}
        """, {"cards.csv": "title\n" + "".join(f"Card {n}\n" for n in range(20))}, expect=20)
    painted = []
    monkeypatch.setattr(safearea, "_PAINTED", {})
    monkeypatch.setattr(ink, "ink_ends", lambda node, clips, box=False, real=ink.ink_ends: painted.append(node.part)
                        or real(node, clips, box))
    failed = [str(f) for f in validate(spec)]
    # one line for the 20 faces from the text check (its glyphs 0.8 mm past the safe area), none from the mark check
    assert failed == [f"{tmp_path / 'game.yaml'}: cards: faces 1-20 ({tmp_path / 'cards.csv'} rows 2-21): text title runs "
                      "up to 0.8 mm past the left edge of the safe area (2 mm inside the cut)"]
    assert painted.count("frame") <= 1   # the same frame on 20 faces: once at most, not once a face (its bound clears it)


def test_an_image_element_draws_inkscape_svg_art_and_the_cli_prints_the_dpi_warning(tmp_path):
    from click.testing import CliRunner
    from generator.cli import cli
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "sun.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#d0492f"/><stop offset="1" stop-color="#d0492f"/>'
        '</linearGradient><style>.b { fill: #2f6fd0; }</style></defs>'
        '<rect width="20" height="20" fill="url(#g)"/><rect class="b" x="20" width="20" height="20"/></svg>')
    Image.new("RGB", (30, 30), (0, 0, 0)).save(tmp_path / "art" / "dot.png")
    spec = make(tmp_path, """\
        layout:
          elements:
            sun: {type: image, file: art/sun.svg, x: 10, y: 10, width: 40, height: 40}
            dot: {type: image, file: art/dot.png, x: 10, y: 60, width: 10, height: 10}
        """)
    image = pixels(fronts(spec)[0])
    # contain: 40 x 20 mm, centred in the 40 mm square; its gradient (red) and its <style> class (blue) drawn
    assert [at(image, x, 30) for x in (12, 28, 32, 48)] == [(0xd0, 0x49, 0x2f)] * 2 + [(0x2f, 0x6f, 0xd0)] * 2
    assert at(image, 30, 19) == (255, 255, 255)
    result = CliRunner().invoke(cli, ["validate", spec.path])
    assert result.exit_code == 0 and (f"warning: {spec.path}: cards: face 1: dot.png prints at 76 dpi at 10.0 x 10.0 mm "
                                      "(30 x 30 pixels; 300 dpi wanted)") in result.output.splitlines()


def test_wrap_false_keeps_each_line_whole_and_shrinks_it_to_the_width(tmp_path):
    spec = make(tmp_path, """\
        layout:
          elements:
            note: {type: text, x: 5, y: 5, width: 30, height: 30, size: 5, min_size: 2, wrap: false,
                   text: "one two three four five\\nsix"}
        """)
    found = texts(fronts(spec)[0])
    assert [t.content for t in found] == ["one two three four five", "six"]
    size = float(found[0].attrs["font-size"])   # the long line alone decides: the largest size at which it fits 30 mm
    assert typeface.advance("/V", found[0].content) * size <= 30 < typeface.advance("/V", found[0].content) * (size + 0.05)


@pytest.mark.parametrize("data, why", [(b"not a font", "not enough data"), (b"\x89PNG\r\n\x1a\n" + bytes(40), "bad sfntVersion")])
def test_a_font_file_that_is_not_a_font_is_refused_naming_the_spec_line(tmp_path, monkeypatch, data, why):
    """One line: the spec's line and key, the font file as the spec's folder was given (not made absolute), and why
    fontTools refused it, its words said once."""
    from click.testing import CliRunner

    from generator.cli import cli
    (tmp_path / "game" / "fonts").mkdir(parents=True)
    (tmp_path / "game" / "fonts" / "notes.ttf").write_bytes(data)
    path = tmp_path / "game" / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", "1").replace("components:", "fonts:\n  body: fonts/notes.ttf\ncomponents:")
                    + "    layout: {elements: {}}\n")
    with pytest.raises(SpecError) as caught:
        specs.load(str(path))
    assert str(caught.value) == (f"{path}:4: fonts.body: {tmp_path / 'game' / 'fonts' / 'notes.ttf'}: not a TrueType or "
                                 f"OpenType font ({why})")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "game/game.yaml"])
    assert (result.exit_code, result.output) == (1, f"error: game/game.yaml:4: fonts.body: game/fonts/notes.ttf: not a "
                                                    f"TrueType or OpenType font ({why})\n")


def test_a_layout_board_larger_than_a_sheet_prints_in_panels_whose_art_joins(tmp_path):
    import pypdfium2
    from generator.build import components_pdf
    board = """\
        layout:
          ground: paper
          elements:
            sea: {type: rect, x: 0, y: 150, width: 100%, height: 100, fill: water}
            rule: {type: line, x1: 0, y1: 0, x2: 100%, y2: 100%, stroke: fire, stroke_width: 2}
        """
    make(tmp_path, board)
    big = ["components.cards.width=300mm", "components.cards.height=400mm"]   # upright panels take the fewest sheets
    spec = specs.load(str(tmp_path / "game.yaml"), big)
    plan = impose(spec, expand(spec)[0], "a4")
    panels = [(n, s.slots[0], s) for n, s in enumerate(plan.sheets, start=1) if s.slots and s.slots[0].window]
    assert [s.note.split(":")[0] for _, _, s in panels] == [
        f"panel {k} of 4 (row {(k - 1) // 2 + 1}, column {(k - 1) % 2 + 1})" for k in range(1, 5)]
    assert all(s.assembly is not None for _, _, s in panels), "a map in the short band above each tall panel"
    document = pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])
    k = 200 / 25.4   # pixels per mm
    pages = {n: document[n].render(scale=200 / 72).to_pil().convert("RGB") for n, _, _ in panels[:4]}

    def crossing(number, slot, board_x):
        """Board mm down to the middle of the red line where it crosses board_x on a panel's page."""
        page, column = pages[number], round((slot.x + board_x - slot.window.x) * k)
        red = [y for y in range(page.height) if page.getpixel((column, y))[0] > 150 > page.getpixel((column, y))[1]]
        return (red[0] + red[-1]) / 2 / k - slot.y + slot.window.y

    (n1, a, first), (n2, b, _) = panels[0], panels[1]
    seam = b.window.x   # the later panel's left edge (the window is in the board's trim coordinates) lies
    # on the inner line of the earlier one's glue tab
    assert seam == pytest.approx(a.window.x + a.w - 12) and first.tabs[0].x == pytest.approx(a.x + a.w - 12)
    assert crossing(n1, a, seam - 2) == pytest.approx((seam - 2) * 400 / 300, abs=0.25)   # the line runs on across
    assert crossing(n2, b, seam + 2) == pytest.approx((seam + 2) * 400 / 300, abs=0.25)   # the join, unbroken
    (n3, d, _) = panels[2]    # below panel 1, on top of its glue tab (the board 194 mm down and more)
    assert d.window.y == pytest.approx(a.window.y + a.h - 12) == 194
    seas = []                 # the sea (150 to 250 mm down) shows unshaded on panel 1 down to its glue tab (194; the
    # shaded tab runs on to 206), and on panel 3 from its bleed (191, 3 mm above its top cut at the tab's line) on
    for number, slot in ((n1, a), (n3, d)):
        page, column = pages[number], round((slot.x + 20) * k)
        blue = [y for y in range(page.height) if page.getpixel((column, y)) == (0x2f, 0x6f, 0xd0)]
        seas.append([round(y / k - slot.y + slot.window.y) for y in (blue[0], blue[-1])])
    assert seas == [[150, 194], [191, 250]]
    (tmp_path / "game.yaml").write_text((tmp_path / "game.yaml").read_text() + "    back: {fill: fire}\n")
    with pytest.raises(SpecError, match="expected the piece to fit a sheet"):   # a board with a back is not split
        specs.load(str(tmp_path / "game.yaml"), big)
    with pytest.raises(SpecError, match="expected the piece to fit a sheet"):   # nor is a round or hex piece
        specs.load(str(tmp_path / "game.yaml"), ["components.cards.shape=hex-flat", "components.cards.size=300mm"])
    with pytest.raises(SpecError, match="found 156 x 306 mm: a piece with a back prints whole on one sheet"):
        specs.load(str(tmp_path / "game.yaml"), ["components.cards.width=150mm", "components.cards.height=300mm"])
        # as narrow as a sheet and taller than either way up: it passed, and the build failed "does not fit on a4 paper"


def test_a_landscape_board_prints_turned_on_fewer_panels_each_showing_its_part_of_the_board(tmp_path):
    """A 400 x 280 mm board on A4 (181 x 257 mm for a panel) takes 3 x 2 upright panels, or 2 x 2 turned a quarter: it
    prints turned, each page showing its window of the board turned clockwise (against the board's own picture, turned
    by PIL), its glue tabs where the next panels lie on it (the board's right: the sheet's foot; the board's foot: the
    sheet's left), the targets in them, and the map saying it is turned."""
    import pypdfium2
    from generator.build import components_pdf
    make(tmp_path, """\
        layout:
          ground: paper
          elements:
            sea: {type: rect, x: 0, y: 100, width: 100%, height: 80, fill: water}
            rule: {type: line, x1: 0, y1: 0, x2: 100%, y2: 100%, stroke: fire, stroke_width: 2}
        """)
    spec = specs.load(str(tmp_path / "game.yaml"), ["components.cards.width=400mm", "components.cards.height=280mm"])
    pieces, arts = expand(spec)
    panels = [(n, s) for n, s in enumerate(impose(spec, pieces, "a4").sheets, start=1) if s.slots and s.slots[0].window]
    assert [(s.slots[0].rotation, s.note.split(":")[0]) for _, s in panels] == [
        (90, f"panel {k} of 4 (row {(k - 1) // 2 + 1}, column {(k - 1) % 2 + 1})") for k in range(1, 5)]
    dpi, b = 100, spec.components[0].bleed
    k = dpi / 25.4
    board = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, arts[panels[0][1].slots[0].art]), dpi))).convert("L")
    turned = board.rotate(-90, expand=True)   # clockwise
    document = pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])
    for number, sheet in panels:
        slot, page = sheet.slots[0], document[number].render(scale=dpi / 72).to_pil().convert("L")
        assert "printed turned" in document[number].get_textpage().get_text_range()
        for tab in sheet.tabs:   # down the sheet's left side, or across its foot
            assert (tab.h == slot.h and tab.x == slot.x) or (tab.w == slot.w and tab.y + tab.h == slot.y + slot.h)
        assert all(any(t.x <= x <= t.x + t.w and t.y <= y <= t.y + t.h for t in sheet.tabs) for x, y in sheet.targets)
        left = sum(t.w for t in sheet.tabs if t.h == slot.h)
        foot = sum(t.h for t in sheet.tabs if t.w == slot.w)
        shown = page.crop((round((slot.x + left) * k), round(slot.y * k), round((slot.x + slot.w) * k),
                           round((slot.y + slot.h - foot) * k)))
        ox = turned.width / k - (slot.window.y + b + slot.w)   # the window's trim corner on the turned board
        oy = slot.window.x + b
        wanted = turned.crop((round((ox + left) * k), round(oy * k), round((ox + slot.w) * k),
                              round((oy + slot.h - foot) * k))).resize(shown.size)
        differing = sum(ImageChops.difference(shown, wanted).histogram()[64:]) / (shown.width * shown.height)
        assert differing < 0.02, f"panel on page {number + 1}: {differing:.1%} of its pixels differ from the board"


def test_a_round_piece_no_punch_cuts_is_told_to_take_another_size_or_the_rectangle_shape(tmp_path):
    (tmp_path / "game.yaml").write_text(SPEC.replace("EXPECT", "1").replace("    width: 60 mm\n    height: 80 mm\n", "")
                                        + "    shape: circle\n    size: 19 mm\n    layout: {elements: {}}\n")
    spec = specs.load(str(tmp_path / "game.yaml"))
    line = (tmp_path / "game.yaml").read_text().splitlines().index("    size: 19 mm") + 1   # none was named before
    assert [(f.component, f.message) for f in validate(spec)] == [("cards", "a round piece is cut with a standard circle punch (expected a diameter of "
                                        "19.05 mm (3/4 in), 25.4 mm (1 in), 38.1 mm (1.5 in), found 19 mm, size is "
                                        f"line {line}; or shape: rectangle)")]


def test_the_shipped_posy_tokens_drawn_as_a_layout_match_the_token_kind_pixel_for_pixel(tmp_path):
    from PIL import ImageChops
    from generator.components import token
    shipped = specs.load("posies")
    kinds = [c for c in shipped.components if c.kind == "token"]
    rows = []
    for comp in kinds:
        o = {**token.DEFAULTS, **comp.options}
        (face,) = comp.faces.items
        side, badge = o["size"], o["size"] * token.BADGE
        pips = token.pips(face["value"], side / 2, side / 2, badge * 0.5)
        rows.append({"colour": face["colour"], "shape": face["shape"], "ring": o.get("ring_colour", o["ink"]),
                     **{f"{axis}{k}": 0 for k in range(3) for axis in "xyv"},
                     **{f"x{k}": x for k, (x, _) in enumerate(pips)}, **{f"y{k}": y for k, (_, y) in enumerate(pips)},
                     **{f"v{k}": "yes" for k in range(len(pips))}})
    assert {o["size"] for o in (c.options for c in kinds)} == {19.05} and len(rows) == 3
    pips = "\n".join(f"        pip{k}: {{type: circle, x: '{{x{k}}}', y: '{{y{k}}}', r: {badge * 0.24}, fill: ink, "
                     f"visible: '{{v{k}}}'}}" for k in range(3))
    palette = "".join(f'\n  {name}: "{value}"' for name, value in shipped.palette.items())
    (tmp_path / "posies.yaml").write_text(f"""\
game: {{title: Posy tokens as a layout, designer: Tester}}
palette:{palette}
components:
  tokens:
    kind: layout
    expect: 3
    shape: circle
    size: 19.05 mm
    data: {json.dumps([{key: str(value) for key, value in row.items()} for row in rows])}
    layout:
      ground: "{{colour}}"
      elements:
        ring: {{type: circle, x: 50%, y: 50%, r: {19.05 / 2 - 0.2}, fill: none, stroke: "{{ring}}", stroke_width: 0.4,
               role: guide}}
        symbol: {{type: icon, name: "{{shape}}", x: {19.05 * 0.1}, y: {19.05 * 0.1}, width: {19.05 * 0.8},
                 height: {19.05 * 0.8}, colour: "{{colour}}", ink: ink}}
        badge: {{type: circle, x: 50%, y: 50%, r: {badge}, fill: white, stroke: ink, stroke_width: 0.4}}
{pips}
""")
    mine = specs.load(str(tmp_path / "posies.yaml"))
    theirs = [draw_art(shipped, art) for art in expand(shipped)[1].values() if art.side == "front"
              and art.component in [c.id for c in kinds]]
    ours = fronts(mine)
    assert len(ours) == len(theirs) == 3
    for a, b in zip(ours, theirs):
        diff = ImageChops.difference(pixels(a), pixels(b)).convert("L")
        assert diff.getbbox() is None   # not one pixel differs
    assert validate(mine) == []


def test_a_folded_standee_is_a_layout_with_dashed_fold_lines_and_its_making_note_on_the_sheet(tmp_path):
    from generator.impose import sheets
    (tmp_path / "standees.yaml").write_text("""\
game: {title: Standees, designer: Tester}
palette: {ink: "#222222", fire: "#d0492f"}
components:
  standees:
    kind: layout
    expect: 1
    width: 30 mm
    height: 106 mm
    making: "Standees: fold on the dashed lines, glue the figures back to back, bend the feet out"
    layout:
      ground: fire
      elements:
        fold: {type: line, x1: 0, y1: 8, x2: 100%, y2: 8, stroke: ink, stroke_width: 0.4, dash: 1, role: guide,
               repeat: {count: 3, dy: 45, columns: 1}}
""")
    spec = specs.load(str(tmp_path / "standees.yaml"))
    image = pixels(fronts(spec)[0])
    ink, fire = (0x22, 0x22, 0x22), (0xd0, 0x49, 0x2f)
    for y in (8, 53, 98):   # each fold line: 1 mm dashes, 1 mm gaps, across the piece
        assert [at(image, x + 0.5, y) for x in range(0, 30, 2)] == [ink] * 15
        assert [at(image, x + 1.5, y) for x in range(0, 30, 2)] == [fire] * 15
    assert validate(spec) == []
    plan = impose(spec, expand(spec)[0], "a4")
    sheet = next(s for s in (plan.cover, *plan.sheets) if s and "standees" in s.components)
    note = "Standees: fold on the dashed lines, glue the figures back to back, bend the feet out."
    assert sheets.making(spec, sheet) == note
    assert sheet is plan.cover   # the one standee sits below the list, on the manifest page, whose footer says it too
    import pypdf
    from generator.build import build
    path, pages, _ = build(spec, "a4", tmp_path / "out")
    printed = " ".join(pypdf.PdfReader(path).pages[0].extract_text().split())
    assert pages == 1 and note in printed


def test_a_word_wider_than_its_box_even_at_its_min_size_fails_validation_naming_the_word(tmp_path):
    spec = make(tmp_path, """\
        data: cards.csv
        layout:
          elements:
            name: {type: text, x: 5, y: 5, width: 20, height: 12, text: "{name}", size: 4, min_size: 3}
        """, {"cards.csv": "name\nFisher\nNetcastingfishermanshipextraordinaire\n"}, expect=2)
    assert [str(f) for f in validate(spec)] == [
        f"{spec.path}: cards: face 2 ({tmp_path / 'cards.csv'} row 3): text 'Netcastingfishermanshipextraordinaire': the "
        f"word 'Netcastingfishermanshipextraordinaire' is wider than its 20.0 mm box even at its min_size, 3 mm, so it is "
        f"cut between letters (text name)"]


def test_a_shape_takes_a_dashed_outline_as_a_line_does(tmp_path):
    (tmp_path / "dashed.yaml").write_text("""\
game: {title: Dashed, designer: Tester}
palette: {ink: "#222222", sea: "#2a6f97"}
components:
  tiles:
    kind: layout
    expect: 1
    width: 40 mm
    height: 40 mm
    layout:
      ground: sea
      elements:
        frame: {type: rect, x: 5, y: 5, width: 30, height: 30, fill: none, stroke: ink, stroke_width: 0.6, dash: 2}
        ring: {type: circle, x: 50%, y: 50%, r: 10, fill: none, stroke: ink, stroke_width: 0.6, dash: 1.5}
""")
    spec = specs.load(str(tmp_path / "dashed.yaml"))
    image = pixels(fronts(spec)[0])
    ink, sea = (0x22, 0x22, 0x22), (0x2a, 0x6f, 0x97)
    top = [at(image, x + 0.5, 5) for x in range(6, 34)]   # the frame's top edge: 2 mm dashes, 2 mm gaps from its corner
    assert top == [ink if (x - 5) % 4 < 2 else sea for x in range(6, 34)]
    left = [at(image, 5, y + 0.5) for y in range(6, 34)]   # down its left side, the pattern goes on round the corner
    assert ink in left and sea in left
    ring = [at(image, 20 + 10 * math.cos(t / 40 * math.tau), 20 + 10 * math.sin(t / 40 * math.tau)) for t in range(40)]
    assert ring.count(ink) and ring.count(sea) and abs(ring.count(ink) - ring.count(sea)) <= 8   # half dash, half gap
    assert validate(spec) == []


def starter(tmp_path, old, new):
    """A `pnp new` game in tmp_path with one text of its cards.csv changed; the path of its spec."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    cards = tmp_path / "mine" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    assert old in text
    cards.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "mine" / "mine.yaml"


@pytest.mark.parametrize("old, new, row, message", [
    ("Draw a card.", "Draw a :sword: card.", 2, "':sword:' names no icon or inline picture (icons: capsule, circle, coin, diamond, "
     "flat-triangle, flower-broad-4, flower-pointed-6, flower-round-5, mark-cross, mark-drop, mark-heart, mark-star, "
     "marker-triangle, rhombus, round, square, triangle; type \\: for a colon that is no icon's)"),
    ("Gain 1 coin.", "Gain 1 :coins:.", 6, "':coins:' names no icon or inline picture: did you mean 'coin'? (icons: "
     "capsule, circle, coin, diamond, flat-triangle, flower-broad-4, flower-pointed-6, flower-round-5, mark-cross, "
     "mark-drop, mark-heart, mark-star, marker-triangle, rhombus, round, square, triangle; type \\: for a colon that is "
     "no icon's)"),   # it suggested none
    ("Gain 1 coin.", "Gain {colour:fire}1{/colour} coin.", 6, "'{colour:fire}': unknown colour 'fire' (palette has "
     "black, gold, ink, leaf, moon, paper, sun, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("Every other player", "**Every other player", 3,
     "'**' starts bold that never ends (add the closing **, or type \\* for a star)"),
    ("Small things grow.", "Small *things grow.", 6, None),
    ("Gain 1 coin.", "Gain {colour:gold}1 coin.", 6, "'{colour:gold}' starts a colour that never ends (add {/colour} "
     "where it should end, or type \\{ for a brace)"),
    ("Gain 1 coin.", "Gain {colour:gold}1{/colour} coin{/colour}.", 6, "'{/colour}' ends a colour that never started "
     "(start it with {colour:NAME}, or type \\{ for a brace)"),
    ("Gain 1 coin.", "Gain {colour:gold 1 coin.", 6, "'{colour:gold' is not colour markup (write "
     "{colour:NAME}words{/colour}, or type \\{ for a brace)"),
    ("Gain 1 coin.", "Gain {Colour:gold}1{/colour} coin.", 6, "'{Colour:gold}' is not colour markup (write "
     "{colour:NAME}words{/colour}, or type \\{ for a brace)"),
    ("Gain 1 coin.", "Gain {colour:none}1{/colour} coin.", 6, "'{colour:none}': expected a colour to print the words "
     "in, found 'none'"),
    ("Gain 1 coin.", "Gain {cost} coin.", 6, "'{cost}' is no markup: only a layout's own text fills in a {column}, and "
     "braces in text hold {colour:NAME} and {/colour} (type \\{ for a brace)"),
])
def test_bad_markup_in_a_data_cell_fails_validation_naming_file_row_column_and_markup(tmp_path, old, new, row, message):
    from click.testing import CliRunner
    from generator.cli import cli
    spec = starter(tmp_path, old, new)
    result = CliRunner().invoke(cli, ["validate", str(spec)])
    column = "rules" if message else "flavour"
    message = message or "'*' starts italic that never ends (add the closing *, or type \\* for a star)"
    assert result.exit_code == 1
    assert result.output == f"error: {spec.parent / 'cards.csv'} row {row}, column {column}: layout element {column}.text: {message}\n"


def test_a_backslash_types_a_colon_word_plainly(tmp_path):
    spec = specs.load(str(starter(tmp_path, "Draw a card.", "Draw a \\:sword: card.")))
    assert validate(spec) == []
    art = next(a for a in expand(spec)[1].values() if a.side == "front" and a.props.get("title") == "Sunrise")
    import xml.etree.ElementTree as ET
    from generator.output.formats.svg import to_text
    words = " ".join("".join(node.itertext()) for node in ET.fromstring(to_text(draw_art(spec, art)))
                     .iter("{http://www.w3.org/2000/svg}text"))
    assert ":sword:" in words and "\\" not in words


def test_braces_that_are_no_markup_and_colours_a_cell_names_print_as_documented(tmp_path):
    """{3} in a cell and \\{ before a {column} or colour markup print the braces; #rgb, red and grey are colours in
    markup and in a layout, as in templates."""
    import xml.etree.ElementTree as ET
    from generator.output.formats.svg import to_text
    path = starter(tmp_path, "Gain 1 coin.", "Gain {3} coins; \\{colour:gold}x\\{/colour} {colour:#C00}red{/colour} "
                                             "{colour:red}too{/colour}.")
    card = path.parent / "card.yaml"
    card.write_text(card.read_text().replace('text: "{title}"', 'text: "{title} \\\\{cost}"')
                    .replace('colour: "#6b6358"', "colour: grey"))
    spec = specs.load(str(path))
    assert validate(spec) == []
    art = next(a for a in expand(spec)[1].values() if a.side == "front" and a.props.get("title") == "Sprout")
    runs = [(node.get("fill"), "".join(node.itertext())) for node in ET.fromstring(to_text(draw_art(spec, art)))
            .iter("{http://www.w3.org/2000/svg}text")]
    assert ("#ffffff", "Sprout {cost}") in runs
    assert "Gain {3} coins; {colour:gold}x{/colour}" in " ".join(words.strip() for fill, words in runs if fill == "#26221c")
    assert ("#cc0000", "red") in runs and ("#ff0000", "too") in runs and ("#808080", "Small things grow.") in runs


def test_bad_markup_in_a_layout_fails_at_the_element(tmp_path):
    spec = starter(tmp_path, "Sunrise", "Sunrise")
    card = spec.parent / "card.yaml"
    card.write_text(card.read_text().replace('text: "{rules}"', 'text: "{rules} :sword:"'))
    with pytest.raises(UserError) as caught:
        specs.load(str(spec))
    assert str(caught.value).endswith("elements.rules.text: ':sword:' names no icon or inline picture (icons: capsule, circle, coin, "
                                      "diamond, flat-triangle, flower-broad-4, flower-pointed-6, flower-round-5, "
                                      "mark-cross, mark-drop, mark-heart, mark-star, marker-triangle, rhombus, round, "
                                      "square, triangle; type \\: for a colon that is no icon's)")


def test_a_repeat_count_may_quote_a_data_column(tmp_path):
    """repeat: {count: "{cost}"} draws as many copies as each row's cell says (0: none); a cell that is no count fails."""
    import xml.etree.ElementTree as ET
    from click.testing import CliRunner
    from generator.cli import cli
    from generator.output.formats.svg import to_text
    path = starter(tmp_path, "Sunrise,1,", "Sunrise,0,")
    card = path.parent / "card.yaml"
    card.write_text(card.read_text() + '  pips: {type: circle, x: 9, y: 44, r: 1.2, fill: "#123456", '
                                       'repeat: {count: "{cost}", dx: 3.5}}\n')
    spec = specs.load(str(path))
    assert validate(spec) == []
    drawn = {}
    for art in expand(spec)[1].values():
        if art.side == "front":
            root = ET.fromstring(to_text(draw_art(spec, art)))
            drawn[art.props["title"]] = sum(c.get("fill") == "#123456" for c in root.iter("{http://www.w3.org/2000/svg}circle"))
    assert drawn == {"Sunrise": 0, "Noon Glare": 3, "Moonlit Path": 2, "Tide Turn": 4, "Sprout": 1, "Old Oak": 5}
    cards = path.parent / "cards.csv"
    cards.write_text(cards.read_text().replace("Sunrise,0,", "Sunrise,lots,"))
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.output == (f"error: {cards} row 2, column cost: layout element pips.repeat.count: expected a number from 0 "
                             f"to 1000, found 'lots'\n")


@pytest.mark.parametrize("order, message", [
    ("coin first", "text 'My Game' (text name) lies on coin, of its own colour #f2c14e: 31% of its ink cannot be read"),
    ("name first", "text 'My Game' (text name) is 31% hidden by coin, drawn after it: move one, or list coin first"),
])
def test_a_text_hidden_by_a_later_element_or_set_on_its_own_colour_fails(tmp_path, order, message):
    """The starter's back as it first was: the coin's box from the card's middle, over the gold title."""
    path = starter(tmp_path, "Sunrise", "Sunrise")
    coin = "  coin: {type: icon, name: coin, x: 50%, y: 50%, width: 30, height: 30, colour: gold, ink: gold}\n"
    name = "  name: {type: text, x: 0, y: 62, width: 100%, height: 8, text: My Game, size: 4.5, bold: true, align: centre, colour: gold}\n"
    (path.parent / "back.yaml").write_text("ground: ink\nelements:\n" + (coin + name if order == "coin first" else name + coin))
    spec = specs.load(str(path))
    assert [f.message for f in validate(spec)] == [f"back: {message}"]
    (path.parent / "back.yaml").write_text("ground: ink\nelements:\n" + coin.replace("x: 50%, y: 50%", "x: 16.5, y: 20") + name)
    assert validate(specs.load(str(path))) == []


TEXT = "n: {type: text, x: 5, y: 5, width: 18, height: 18, text: '5', size: 5, align: centre, valign: middle, colour: ink"
DISC = "big: {type: circle, x: 14, y: 14, r: 3, fill: ember"


@pytest.mark.parametrize("elements, message", [
    ([TEXT + "}", DISC + ", repeat: {count: 2, dx: 19}}"],   # a repeat's first copy over the text
     "text '5' (text n) is 100% hidden by big 0, drawn after it: move one, or list big first"),
    ([TEXT + ", repeat: {count: 2, dx: 19}}", DISC + "}"],
     "text '5' (text n 0) is 100% hidden by big, drawn after it: move one, or list big first"),
    ([TEXT + ", rotate: 180}", DISC + "}"],   # a turned text, as a standee's back
     "text '5' (text n) is 100% hidden by big, drawn after it: move one, or list big first"),
    ([TEXT + "}", "big: {type: rect, x: 10, y: 12, width: 8, height: 4, fill: ember, rotate: 90}"],
     "text '5' (text n) is 100% hidden by big, drawn after it: move one, or list big first"),
    ([TEXT + "}", "veil: {type: rect, x: 5, y: 5, width: 18, height: 18, fill: ember, opacity: 0.95}"],   # 5 % shows
     "text '5' (text n) is 100% hidden by veil, drawn after it: move one, or list veil first"),
    (["patch: {type: rect, x: 5, y: 5, width: 18, height: 18, fill: ember, repeat: {count: 2, dx: 19}}",
      TEXT.replace("colour: ink", "colour: ember") + "}"],
     "text '5' (text n) lies on patch 0, of its own colour #c8462b: 100% of its ink cannot be read"),
])
def test_a_repeated_or_turned_element_hiding_a_text_fails_as_a_plain_one_does(elements, message):
    """Copies of a repeat and elements turned by a right angle were never checked: a score track's dots hid its
    numbers and validate passed. The face as drawn shows no ink of the text's where validate says it is hidden."""
    import yaml
    layout = {"ground": "paper", "elements": yaml.safe_load("\n".join(elements))}
    spec = specs.build("test.yaml", {"game": {"title": "Hidden", "designer": "Tester"},
                                     "palette": {"paper": "#fbf7ee", "ink": "#26221c", "ember": "#c8462b"},
                                     "components": {"c": {"kind": "layout", "expect": 1, "width": "60mm",
                                                          "height": "40mm", "layout": layout}}}, {})
    assert [f.message for f in validate(spec)] == [f"face 1: {message}"]
    if "hidden" in message and "veil" not in message:
        image = pixels(fronts(spec)[0])
        text_box = image.crop(tuple(round((v + 3) * DPI / 25.4) for v in (11, 11, 17, 17)))
        assert (0x26, 0x22, 0x1c) not in {colour for _, colour in text_box.getcolors(text_box.width * text_box.height)}


def test_a_see_through_element_over_a_text_does_not_hide_it():
    """A rect of opacity 0.5 over a text lets it show: it passes, as it did (0.9 and more hides it)."""
    import yaml
    layout = {"ground": "paper", "elements": yaml.safe_load("\n".join(
        [TEXT + "}", "veil: {type: rect, x: 5, y: 5, width: 18, height: 18, fill: ember, opacity: 0.5}"]))}
    spec = specs.build("test.yaml", {"game": {"title": "Veiled", "designer": "Tester"},
                                     "palette": {"paper": "#fbf7ee", "ink": "#26221c", "ember": "#c8462b"},
                                     "components": {"c": {"kind": "layout", "expect": 1, "width": "60mm",
                                                          "height": "40mm", "layout": layout}}}, {})
    assert validate(spec) == []


def test_a_ring_drawn_after_a_text_does_not_hide_it():
    """A circle with fill: none (the punch ring the reference suggests, a guide) listed after a text failed validate as
    hiding it, as a filled disc would; the face as drawn shows the text's ink there."""
    import yaml
    layout = {"ground": "paper", "elements": yaml.safe_load("\n".join([TEXT + "}", "ring: {type: circle, x: 14, y: 14, "
                                                                                  "r: 3, fill: none, stroke: ember, "
                                                                                  "stroke_width: 0.3, role: guide}"]))}
    spec = specs.build("test.yaml", {"game": {"title": "Ringed", "designer": "Tester"},
                                     "palette": {"paper": "#fbf7ee", "ink": "#26221c", "ember": "#c8462b"},
                                     "components": {"c": {"kind": "layout", "expect": 1, "width": "60mm",
                                                          "height": "40mm", "layout": layout}}}, {})
    assert validate(spec) == []
    image = pixels(fronts(spec)[0])
    text_box = image.crop(tuple(round((v + 3) * DPI / 25.4) for v in (11, 11, 17, 17)))
    assert (0x26, 0x22, 0x1c) in {colour for _, colour in text_box.getcolors(text_box.width * text_box.height)}


def test_a_character_that_does_not_print_is_shown_escaped_in_validates_findings(tmp_path):
    """A right-to-left override and a zero-width space in a card's title reached the terminal raw in the missing-glyph
    finding (the override turned the rest of the line around)."""
    spec = make(tmp_path, """\
        data: cards.csv
        layout: {elements: {t: {type: text, x: 5, y: 5, width: 50, height: 10, text: "{title}", size: 4}}}
        """, {"cards.csv": "title\nSun\u202erise\u200b\n"})
    [failure] = validate(spec)
    assert failure.message == (f"face 1 ({tmp_path / 'cards.csv'} row 2): text 'Sun\\u202erise\\u200b': the font "
                               "BitstreamVeraSans-Roman has no glyph for '\\u202e' (U+202E), '\\u200b' (U+200B) (text t)")


def test_a_text_turned_30_degrees_is_not_judged_by_the_box_round_it():
    """The box round a text turned 30 degrees reaches well past its letters: the reference's own example (white words
    on a see-through ember bar, on white) would fail as lying on the ground."""
    spec = specs.build("test.yaml", {"game": {"title": "Turned", "designer": "Tester"},
                                     "palette": {"paper": "#ffffff", "ember": "#c8462b"},
                                     "components": {"c": {"kind": "layout", "expect": 1, "width": "60mm", "height": "40mm",
                                                          "layout": {"ground": "paper", "elements": {
        "bar": {"type": "rect", "x": 10, "y": 16, "width": 40, "height": 8, "fill": "ember", "rotate": 30},
        "label": {"type": "text", "x": 10, "y": 16, "width": 40, "height": 8, "text": "turned 30", "size": 4,
                  "align": "centre", "valign": "middle", "colour": "white", "rotate": 30}}}}}}, {})
    assert validate(spec) == []


GUIDE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs",
                     "make-your-own-game.md")


def test_the_guides_event_card_on_the_starter_validates_and_each_cost_is_ink_on_its_gold_coin(tmp_path):
    """make-your-own-game section 4's event-card.yaml (the band in ink) over the starter: each ink cost is drawn on the
    gold coin between it and the band, so it reads (every card once failed, as lying on the band of its colour)."""
    path = starter(tmp_path, "Sunrise", "Sunrise")
    with open(GUIDE, encoding="utf-8") as guide:
        example = guide.read().split("\n## 4. ")[1].split("```yaml\n")[1].split("```")[0]
    (path.parent / "event-card.yaml").write_text(example)
    path.write_text(path.read_text().replace("layout: card.yaml ", "layout: event-card.yaml "))
    spec = specs.load(str(path))
    assert validate(spec) == []
    ink, gold = (0x26, 0x22, 0x1c), (0xf2, 0xc1, 0x4e)
    for drawing in fronts(spec):
        image = pixels(drawing)
        assert at(image, 20, 2) == ink   # the band is the event card's ink
        (cost,) = [t for t in texts(drawing) if t.attrs["fill"] == "#26221c" and float(t.attrs["y"]) < 20]
        left, top, right, bottom = typeface.ink(cost.face, cost.content, cost.attrs["x"], cost.attrs["y"], 6)
        box = image.crop(tuple(round((v + 3) * DPI / 25.4) for v in (left, top, right, bottom)))
        colours = {colour: count for count, colour in box.getcolors(box.width * box.height)}
        area = box.width * box.height
        assert colours.get(gold, 0) > 0.3 * area and colours.get(ink, 0) > 0.1 * area   # ink letters on gold


BAND = "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 23, fill: fire}"
NAME = "name: {type: text, x: 10, y: 5, width: 40, height: 10, text: Eyes, size: 6, align: centre, valign: middle, colour: fire}"


@pytest.mark.parametrize("ground, elements, under", [
    ("", [BAND], "band"),                                                          # nothing between: unreadable
    ("", [BAND, "disc: {type: circle, x: 30, y: 10, r: 12, fill: '#cfe0f7', role: art}"], ""),    # a foam disc between: it reads
    ("", [BAND, "patch: {type: rect, x: 15, y: 3, width: 30, height: 14, fill: '#cfe0f7'}"], ""),
    ("", [BAND, "patch: {type: rect, x: 15, y: 3, width: 15, height: 14, fill: '#cfe0f7'}"], "band"),  # the right half on fire
    ("", [BAND, "patch: {type: rect, x: 15, y: 3, width: 30, height: 14, fill: fire}"], "patch"),  # fire on fire still
    ("'#cfe0f7'", ["disc: {type: circle, x: 30, y: 10, r: 12, fill: fire, role: art}"], "disc"),   # on a fire disc
    ("fire", [], "the ground"),                                                    # the ground counts as the lowest cover
    ("fire", ["patch: {type: rect, x: 15, y: 3, width: 30, height: 14, fill: '#cfe0f7'}"], ""),
    ("fire", ["patch: {type: rect, x: 15, y: 3, width: 15, height: 14, fill: '#cfe0f7'}"], "the ground"),
    ("fire", ["band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 13, fill: '#cfe0f7'}"], "the ground"),
    ("'#cfe0f7'", [BAND, "patch: {type: rect, x: 15, y: 3, width: 30, height: 14, fill: '#cfe0f7'}"], ""),
    ("fire", ["oval: {type: ellipse, x: 30, y: 10, rx: 17, ry: 9, fill: '#cfe0f7', role: art}"], ""),   # shapes between
    ("fire", ["badge: {type: hexagon, x: 30, y: 10, r: 15, fill: '#cfe0f7', role: art}"], ""),          # count too
    ("", [BAND, "badge: {type: hexagon, x: 30, y: 10, r: 15, fill: '#cfe0f7', role: art}"], ""),
])
def test_a_text_is_unreadable_where_the_topmost_cover_under_it_is_of_its_own_colour(tmp_path, ground, elements, under):
    """The share the check reports (0 when it reports none) is the share of the text's ink box whose ground, drawn
    without the text, is the text's colour, measured in pixels; the box is where the pixels change when the text is
    drawn in green."""
    def drawn(folder, name):
        (tmp_path / folder).mkdir()
        lines = [f"ground: {ground}"] * bool(ground) + ["elements:"] + [f"  {e}" for e in elements + [name]]
        spec = make(tmp_path / folder, "layout:\n" + textwrap.indent("\n".join(lines), "  ") + "\n")
        return spec, pixels(fronts(spec)[0])
    spec, _ = drawn("as-is", NAME)
    _, green = drawn("green", NAME.replace("colour: fire", "colour: '#00ff00'"))
    _, bare = drawn("bare", NAME.replace("text: Eyes", "text: ''"))
    letters = ImageChops.difference(green, bare).convert("L").point(lambda v: 255 if v > 40 else 0).getbbox()
    behind = bare.crop(letters)
    area, colours = behind.width * behind.height, {colour: count for count, colour in behind.getcolors(1 << 24)}
    fire, sea = (0xd0, 0x49, 0x2f), (0xcf, 0xe0, 0xf7)   # foam: a light sea, that fire reads on (3.3:1)
    measured = colours.get(fire, 0) / area
    assert colours.get(fire, 0) + colours.get(sea, 0) > 0.97 * area
    found = [f.message for f in validate(spec)]
    if not under:
        assert found == [] and measured < 0.05
        return
    (message,) = found
    said = re.fullmatch(r"face 1: text 'Eyes' \(text name\) lies on (.+), of its own colour #d0492f: (\d+)% of its "
                        r"ink cannot be read", message)
    assert said and said.group(1) == under
    assert int(said.group(2)) / 100 == pytest.approx(measured, abs=0.03)
    assert measured > 0.3


@pytest.mark.parametrize("given, plain", [
    ('text: "*Eyes open.*", italic: true', 'text: "Eyes open."'),           # *words* in an italic text are upright
    ('text: "*Eyes* open.", italic: true', 'text: "Eyes *open.*"'),
    ('text: "Eyes *open.*", italic: true', 'text: "*Eyes* open."'),
    ('text: "**Eyes** open.", italic: true', 'text: "***Eyes** open.*"'),   # **words** in it bold italic
    ('text: "*Eyes open.*", bold: true', 'text: "***Eyes open.***"'),       # *words* in a bold text bold italic
    ('text: "**Eyes** open.", bold: true', 'text: "Eyes **open.**"'),       # **words** in it regular
    ('text: "*Eyes* open.", bold: true, italic: true', 'text: "**Eyes *open.***"'),
])
def test_bold_and_italic_set_how_a_text_starts_and_its_markup_turns_them_off_wherever_it_stands(tmp_path, given, plain):
    """A text with bold or italic set prints as the same words marked up by hand, in the SVG, the PDF and the PNG."""
    import xml.etree.ElementTree as ET
    import pages
    from generator.output.formats.svg import to_text
    drawings = []
    for folder, text in (("given", given), ("plain", plain)):
        (tmp_path / folder).mkdir()
        spec = make(tmp_path / folder, f"layout: {{elements: {{name: {{type: text, x: 5, y: 5, width: 50, height: 10, "
                                       f"size: 5, {text}}}}}}}\n")
        assert validate(spec) == []
        drawings += fronts(spec)
    runs = [[(node.text, node.attrib.get("font-weight", "normal"), node.attrib.get("font-style", "normal"))
             for node in ET.fromstring(to_text(drawing)).iter("{http://www.w3.org/2000/svg}text")] for drawing in drawings]
    assert runs[0] == runs[1] and "".join(text for text, _, _ in runs[0]).split() == ["Eyes", "open."]
    for paint in (pixels, lambda d: pages.pdfium(pages.pdf_bytes((d.width, d.height), d), 10)):
        images = [paint(drawing) for drawing in drawings]
        assert images[0].convert("L").getextrema()[0] < 60   # black letters
        assert ImageChops.difference(*images).getbbox() is None   # pixel for pixel the words marked up by hand


def test_an_outline_of_another_colour_lets_a_text_lie_on_its_own_colour(tmp_path):
    """Fire letters on a fire ground read when a foam outline rings them; without it they fail."""
    for folder, outline in (("ringed", ", outline: {colour: '#cfe0f7', width: 0.4}}"), ("bare", "}")):
        (tmp_path / folder).mkdir()
        spec = make(tmp_path / folder, f"layout: {{ground: fire, elements: {{{NAME[:-1]}{outline}}}}}\n")
        found = [f.message for f in validate(spec)]
        image = pixels(fronts(spec)[0]).crop(tuple(round((v + 3) * DPI / 25.4) for v in (20, 5, 40, 15)))
        foam = sum(count for count, colour in image.getcolors(1 << 16) if colour == (0xcf, 0xe0, 0xf7))
        if outline == "}":
            assert found == ["face 1: text 'Eyes' (text name) lies on the ground, of its own colour #d0492f: 100% of its "
                             "ink cannot be read"] and foam == 0
        else:
            assert found == [] and foam > 0.05 * image.width * image.height


def test_a_missing_style_of_a_font_is_named_by_its_key(tmp_path, monkeypatch):
    """A bold file that is not there: the line and key of bold, not of the family."""
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.draw.typeface import FONTS
    (tmp_path / "game" / "fonts").mkdir(parents=True)
    (tmp_path / "game" / "fonts" / "body.ttf").write_bytes((FONTS / "Vera.ttf").read_bytes())
    path = tmp_path / "game" / "game.yaml"
    path.write_text(SPEC.replace("EXPECT", "1").replace(
        "components:", "fonts:\n  body:\n    regular: fonts/body.ttf\n    bold: fonts/body-bold.ttf\ncomponents:")
        + "    layout: {elements: {}}\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "game/game.yaml"])
    assert (result.exit_code, result.output) == (1, "error: game/game.yaml:6: fonts.body.bold: no such file "
                                                    "'game/fonts/body-bold.ttf'\n")


@pytest.mark.parametrize("element, key, found", [
    ("{type: rect, x: .nan, width: 10, height: 10}", "x", "nan"),
    ("{type: rect, x: 1e308, width: 10, height: 10}", "x", "'1e308'"),   # YAML 1.1: text, read as a number
    ("{type: circle, r: 3, stroke: black, stroke_width: .inf}", "stroke_width", "inf"),
    ("{type: rect, width: -.inf, height: 10}", "width", "-inf"),
    ("{type: polygon, points: [[0, 0], [5, .nan], [5, 5]]}", "points", "nan"),
    ("{type: rect, width: 10, height: 10, repeat: {count: 2, dx: .inf}}", "repeat.dx", "inf"),
])
def test_a_place_or_size_past_any_piece_is_refused_naming_its_key(tmp_path, element, key, found):
    """NaN, infinities and numbers no sheet holds would reach the PDF as text no reader draws ('nan 30 10 10 re')."""
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"layout: {{elements: {{a: {element}}}}}\n")
    message = str(caught.value)
    assert f"components.cards.layout.elements.a.{key}: " in message and message.endswith(found), message


def test_a_data_cell_of_nan_as_a_place_is_refused_naming_its_row_and_column(tmp_path):
    with pytest.raises(UserError) as caught:
        make(tmp_path, """\
            data: cards.csv
            layout: {elements: {a: {type: rect, x: "{pos}", width: 10, height: 10}}}
            """, {"cards.csv": "title,pos\nA,5\nB,nan\n"}, expect=2)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "").startswith(
        "cards.csv row 3, column pos: layout element a.x: expected a number of mm"), str(caught.value)


def validated_with_font(tmp_path, monkeypatch, font, text="Hi", name="body.ttf"):
    """pnp validate's result on a one-card game whose text is set in font (a fontTools TTFont, or a file's bytes),
    saved as game/fonts/<name>, run from tmp_path."""
    from click.testing import CliRunner

    from generator.cli import cli
    (tmp_path / "game" / "fonts").mkdir(parents=True)
    if isinstance(font, bytes):
        (tmp_path / "game" / "fonts" / name).write_bytes(font)
    else:
        font.save(str(tmp_path / "game" / "fonts" / name))
    (tmp_path / "game" / "game.yaml").write_text(SPEC.replace("EXPECT", "1").replace(
        "components:", f"fonts:\n  body: fonts/{name}\ncomponents:")
        + f"    layout: {{elements: {{t: {{type: text, x: 5, y: 5, width: 50, height: 20, font: body, text: \"{text}\", "
          "size: 4}}}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(cli, ["validate", "game/game.yaml"])


@pytest.mark.parametrize("table", ["name", "hmtx", "cmap", "hhea"])
def test_a_font_lacking_a_table_pnp_reads_is_refused_in_one_line(tmp_path, monkeypatch, table):
    """Vera saved by fontTools without its name or hmtx table: validate ended in a KeyError traceback."""
    from fontTools.ttLib import TTFont

    from generator.draw.typeface import FONTS
    font = TTFont(str(FONTS / "Vera.ttf"))
    del font[table]
    result = validated_with_font(tmp_path, monkeypatch, font)
    assert result.exit_code == 1 and result.output == (
        f"error: game/game.yaml:4: fonts.body: game/fonts/body.ttf: not a TrueType or OpenType font (it has no "
        f"'{table}' table)\n"), result.output


def test_right_to_left_text_is_refused_not_printed_backwards(tmp_path, monkeypatch):
    """Hebrew in a font that has its letters printed them in typed order, left to right (Arabic unjoined too), with
    exit 0, where the PNG export set them right to left: such a text fails validate, one line naming it."""
    from fontTools.ttLib import TTFont

    from generator.draw.typeface import FONTS
    font = TTFont(str(FONTS / "Vera.ttf"))
    for table in (t for t in font["cmap"].tables if t.isUnicode() and t.format != 0):   # Hebrew: shin, lamed, vav, mem
        table.cmap.update({code: "a" for code in (0x05E9, 0x05DC, 0x05D5, 0x05DD)})
    result = validated_with_font(tmp_path, monkeypatch, font, "\u05e9\u05dc\u05d5\u05dd")
    assert result.exit_code == 1 and result.output.splitlines() == [
        "game/game.yaml: cards: face 1: text '\u05e9\u05dc\u05d5\u05dd': '\u05e9' (U+05E9) is written right to left, which "
        "pnp does not set: its letters would print in the wrong order, unjoined (text t)",
        "error: game/game.yaml: 1 check failed"], result.output


@pytest.mark.parametrize("text, told", [
    ("Sun\ufeffrise", "the font BitstreamVeraSans-Roman has no glyph for '\\ufeff' (U+FEFF)"),
    ("Sun\ufefcrise", "'\ufefc' (U+FEFC) is written right to left, which pnp does not set")])
def test_a_stray_byte_order_mark_is_no_right_to_left_letter(tmp_path, text, told):
    """U+FEFF ends the block of Arabic presentation forms but is the byte-order mark (two Excel 'CSV UTF-8' files joined
    leave one in a cell): it was said to be 'written right to left'; the block's last letter, lam-alef, still is."""
    spec = make(tmp_path, f"""\
        layout: {{elements: {{t: {{type: text, x: 5, y: 5, width: 50, height: 20, text: "{text}", size: 4}}}}}}
        """)
    (failure,) = validate(spec)
    assert told in failure.message, failure.message


def test_a_woff2_font_without_brotli_is_one_line_naming_the_fix(tmp_path, monkeypatch):
    """A WOFF2 font printed fontTools' logging notice, then 'not a TrueType or OpenType font (No module named
    brotli)': it is a font, which pnp reads once brotli is installed."""
    import importlib.util
    if importlib.util.find_spec("brotli") is not None:
        pytest.skip("brotli is installed: fontTools reads WOFF2")
    result = validated_with_font(tmp_path, monkeypatch, b"wOF2\x00\x01\x00\x00" + bytes(40), name="body.woff2")
    assert result.exit_code == 1 and result.output == (
        "error: game/game.yaml:4: fonts.body: game/fonts/body.woff2: a WOFF2 web font, which pnp reads only with the "
        "brotli module installed: save it as a .ttf or .otf file (e.g. with FontForge), or pip install brotli\n"), \
        result.output


@pytest.mark.parametrize("em", [0, 65535])
def test_a_font_whose_em_is_outside_opentype_s_range_is_refused_in_one_line(tmp_path, monkeypatch, em):
    """unitsPerEm 0 ended validate and pnp watch in a ZeroDivisionError traceback; 65535 printed text at 1/32 size."""
    from fontTools.ttLib import TTFont

    from generator.draw.typeface import FONTS
    font = TTFont(str(FONTS / "Vera.ttf"))
    font["head"].unitsPerEm = em
    result = validated_with_font(tmp_path, monkeypatch, font)
    assert TTFont(str(tmp_path / "game" / "fonts" / "body.ttf"))["head"].unitsPerEm == em
    assert result.exit_code == 1 and result.output == (
        f"error: game/game.yaml:4: fonts.body: game/fonts/body.ttf: not a TrueType or OpenType font (its em is {em} "
        "units, outside OpenType's 16 to 16384)\n"), result.output


def test_a_font_whose_outlines_are_damaged_is_refused_in_one_line(tmp_path, monkeypatch):
    """Vera with its glyf table's bytes scrambled after the header: fontTools reads the file, not the outlines."""
    import random
    import struct

    from click.testing import CliRunner

    from generator.cli import cli
    from generator.draw.typeface import FONTS
    data = bytearray((FONTS / "Vera.ttf").read_bytes())
    tables = {bytes(data[12 + 16 * i:16 + 16 * i]): struct.unpack_from(">II", data, 20 + 16 * i)
              for i in range(struct.unpack_from(">H", data, 4)[0])}
    start, size = tables[b"glyf"]
    scramble = random.Random(1)
    for _ in range(size // 20):
        data[start + scramble.randrange(size)] = scramble.randrange(256)
    (tmp_path / "game" / "fonts").mkdir(parents=True)
    (tmp_path / "game" / "fonts" / "body.ttf").write_bytes(bytes(data))
    (tmp_path / "game" / "game.yaml").write_text(SPEC.replace("EXPECT", "1").replace(
        "components:", "fonts:\n  body: fonts/body.ttf\ncomponents:")
        + "    layout: {elements: {t: {type: text, x: 5, y: 5, width: 50, height: 20, font: body,\n"
        + "                            text: 'Sphinx of black quartz, judge my vow', size: 4}}}\n")
    monkeypatch.chdir(tmp_path)
    for command in ("validate", "build"):
        result = CliRunner().invoke(cli, [command, "game/game.yaml", "--out", "out"][:2 if command == "validate" else 4])
        assert result.exit_code == 1 and result.output.startswith("error: body.ttf: a damaged font: its glyph "), result.output
        assert result.output.count("\n") == 1 and not (tmp_path / "out" / "cards").exists()


def damaged_vera(table: bytes, how: str, font=None) -> bytes:
    """Vera's bytes (or font's, a path) with one table damaged: its bytes scrambled or zeroed, its first 64 bytes 0xff
    ('ff'), or its length in the directory made 2 GB."""
    import random
    import struct

    from generator.draw.typeface import FONTS
    data = bytearray((font or FONTS / "Vera.ttf").read_bytes())
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        if data[12 + 16 * i:16 + 16 * i] == table:
            start, size = struct.unpack_from(">II", data, 20 + 16 * i)
            if how == "long":
                struct.pack_into(">I", data, 24 + 16 * i, 0x7FFFFFFF)
            elif how == "ff":   # its first 64 bytes
                data[start:start + min(size, 64)] = b"\xff" * min(size, 64)
            else:
                scramble = random.Random(1)
                data[start:start + size] = bytes(0 if how == "zeroed" else scramble.randrange(256) for _ in range(size))
    return bytes(data)


@pytest.mark.parametrize("table, how, why", [
    (b"loca", "scrambled", "not a TrueType or OpenType font (not enough 'glyf' table data)"),
    (b"glyf", "long", "not a TrueType or OpenType font (unexpected end of 'glyf' table data: expected 2147483647 bytes "
                      "but got 55968 at offset 9964)"),
    (b"head", "scrambled", "not a TrueType or OpenType font (bytes length not a multiple of item size)"),
    (b"glyf", "zeroed", "a damaged font: the characters it maps have no outlines (not one of the first 32, from '0' "
                        "on), so its text would print nothing"),
])
def test_a_font_whose_outline_tables_are_damaged_is_refused_when_loaded(tmp_path, monkeypatch, table, how, why):
    """A scrambled loca or head table, or a glyf table 2 GB long by the directory, ended validate in fontTools'
    TTLibError or ValueError traceback; a glyf table of zeros passed, and the cards printed no text."""
    result = validated_with_font(tmp_path, monkeypatch, damaged_vera(table, how))
    assert result.exit_code == 1 and result.output == f"error: game/game.yaml:4: fonts.body: game/fonts/body.ttf: {why}\n", \
        result.output


@pytest.mark.parametrize("table, why", [
    (b"OS/2", "not a TrueType or OpenType font (unknown format for OS/2 table: version 65535)"),
    (b"gasp", "not a TrueType or OpenType font (unknown 'gasp' format: 65535)"), (b"GSUB", None), (b"GPOS", None)])
def test_a_font_whose_embedded_tables_are_damaged_is_refused_when_loaded_or_built(tmp_path, monkeypatch, table, why):
    """A damaged OS/2 or gasp table passed validate, then the build ended in fontTools' traceback as it embedded the
    font's subset: refused when loaded; a damaged GSUB or GPOS table (like GDEF and kern, which pnp does not embed) is
    let go unread, and the build writes its PDF (DejaVu Sans's Greek, which has them)."""
    from pathlib import Path
    dejavu = Path(__file__).resolve().parents[1] / "data" / "fonts" / "DejaVuSans-Greek-Cyrillic.ttf"
    result = validated_with_font(tmp_path, monkeypatch, damaged_vera(table, "ff", dejavu), text="\u0393\u03b5\u03b9\u03b1")
    if why:
        assert result.exit_code == 1 and result.output == f"error: game/game.yaml:4: fonts.body: game/fonts/body.ttf: {why}\n", \
            result.output
        return
    assert result.exit_code == 0, result.output
    from click.testing import CliRunner
    from generator.cli import cli
    built = CliRunner().invoke(cli, ["build", "game/game.yaml", "--paper", "a4", "--out", "out"])
    assert built.exit_code == 0 and (tmp_path / "out" / "game" / "game-components-a4.pdf").is_file(), built.output


def test_a_font_whose_letters_draw_nothing_fails_validate_naming_them(tmp_path, monkeypatch):
    """Vera with its letters' outlines emptied (the digits kept) passed the load check, which needs one character of
    the first 32 to draw, and printed cards with no words, exit 0: a letter whose glyph draws nothing is one the font
    lacks."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    from generator.draw.typeface import FONTS
    font = TTFont(str(FONTS / "Vera.ttf"))
    cmap = font.getBestCmap()
    for code in [*range(0x41, 0x5B), *range(0x61, 0x7B)]:
        font["glyf"][cmap[code]] = Glyph()
    result = validated_with_font(tmp_path, monkeypatch, font, text="Hi 42")
    assert result.exit_code == 1 and "the font body.ttf has no glyph for 'H' (U+0048), 'i' (U+0069) (text t)" in \
        result.output, result.output


def test_a_corner_radius_is_a_figure_of_a_rounded_piece_only(tmp_path):
    """{tokens.radius} of a round token printed 3: the rounded piece's default corner, which a circle does not have."""
    from generator.spec import figures
    for shape, radius in (("rectangle", None), ("rounded", "3 mm")):
        (tmp_path / shape).mkdir()
        spec = make(tmp_path / shape, f"shape: {shape}\nlayout: {{elements: {{}}}}\n")
        assert figures.generic(spec).get("cards.radius") == radius, shape


def test_a_length_is_quoted_with_its_unit(tmp_path):
    """'Cards are {cards.width} by {cards.height}' printed 'Cards are 63 by 88': a length is quoted in mm, its unit
    given, whatever unit the spec wrote it in; a number that is no length (a count) has none."""
    from generator.spec import figures
    (tmp_path / "game.yaml").write_text(SPEC.replace("EXPECT", "1").replace("60 mm", "2.5 in")
                                        + "    shape: rounded\n    radius: 0.25 cm\n    layout: {elements: {}}\n")
    spec = specs.load(str(tmp_path / "game.yaml"))
    text = figures.fill("Cards are {cards.width} by {cards.height}, corners {cards.radius}; {cards.count} of them.",
                        figures.generic(spec), lambda name, message: pytest.fail(message))
    assert text == "Cards are 63.5 mm by 80 mm, corners 2.5 mm; 1 of them."


def test_a_column_empty_on_every_row_is_no_figure(tmp_path):
    """{bridge.flavour} printed nothing in a rules text: every row's flavour was empty, a shared value all the same."""
    from generator.spec import figures
    spec = make(tmp_path, "data: cards.csv\nlayout: {elements: {}}\n",
                {"cards.csv": "title,flavour,suit\nA,,fire\nB,,fire\n"}, expect=2)
    found = figures.generic(spec)
    assert "cards.flavour" not in found and found["cards.suit"] == "fire"


def test_inline_data_rows_and_layout_files_are_no_figures(tmp_path):
    """{cards.data} printed the number of inline rows (2), which is no count of pieces (the count column's 5 are
    {cards.count}); a layouts list's length neither."""
    from generator.spec import figures
    spec = make(tmp_path, "data: [{title: A, count: 2}, {title: B, count: 3}]\nlayout: {elements: {}}\n", expect=5)
    found = figures.generic(spec)
    assert "cards.data" not in found and found["cards.count"] == 5


def test_a_text_in_a_rounded_corner_is_measured_against_the_rounded_safe_area():
    """A bold M 1.25 mm inside a 6 mm rounded corner passed (a rect there failed): each glyph's ink is measured from
    the corner's centre. The figure the message gives is the one the painted face shows, measured from its pixels."""
    import re as regex
    def card(x, y):
        layout = {"ground": "paper", "elements": {"m": {"type": "text", "x": x, "y": y, "width": 20, "height": 10,
                                                         "text": "M", "size": 8, "bold": True, "colour": "ink"}}}
        return specs.build("test.yaml", {"game": {"title": "Round", "designer": "Tester"},
                                         "palette": {"paper": "#ffffff", "ink": "#000000"},
                                         "components": {"c": {"kind": "layout", "expect": 1, "width": "63mm", "height": "88mm",
                                                              "shape": "rounded", "radius": "6mm", "layout": layout}}}, {})
    spec = card(2.3, 0.6)
    [failure] = validate(spec)
    found = regex.fullmatch(r"face 1: text 'M' runs (\d\.\d) mm past the rounded corner of the safe area \(2 mm inside "
                            r"the cut\) \(text m\)", failure.message)
    assert found, failure.message
    image = pixels(fronts(spec)[0]).convert("L")
    k = DPI / 25.4
    reach = max(math.hypot(6 - (px / k - 3), 6 - (py / k - 3)) for px in range(round(9 * k)) for py in range(round(9 * k))
                if image.getpixel((px, py)) < 128 and px / k - 3 < 6 and py / k - 3 < 6)
    assert abs(float(found[1]) - (reach - (6 - 2))) < 0.2, (found[1], reach)
    assert validate(card(4.3, 2.6)) == []   # 2 mm further in: clear of the corner


def test_a_text_every_card_sets_alike_fails_in_one_line_naming_its_rows(tmp_path):
    """A text that does not fit, the same on every card, printed a line per face (two, with its safe area's): now one
    line for the faces and their data rows."""
    path = starter(tmp_path, "Sunrise", "Sunrise")
    card = path.parent / "card.yaml"
    card.write_text(card.read_text() + "  extra: {type: text, x: 5, y: 78, width: 15, height: 5, text: 'Go on, go on, "
                                       "go on', size: 3}\n")
    failed = [str(f) for f in validate(specs.load(str(path)))]
    assert failed == [f"{path}: cards: faces 1-6 ({path.parent / 'cards.csv'} rows 2-7): text 'Go on, go on, go on' does "
                      "not fit its 15.0 x 5.0 mm box at its size, 3 mm, and has no min_size to shrink to (text extra)"], failed


def test_a_hex_front_draws_a_hairline_on_its_cut_and_its_back_none(tmp_path):
    """Tessellated hexes share their edges and the sheet says 'cut along the outlines', but a layout's hex drew none:
    white tiles printed as ten dots. The front's cut now has a hairline (dark at the middle of its top edge, white a
    millimetre inside); the back, which runs its bleed past every side, has none."""
    spec = specs.build("test.yaml", {"game": {"title": "Hexes", "designer": "Tester"}, "components": {"cards": {
        "kind": "layout", "expect": 1, "shape": "hex-flat", "size": "40mm", "layout": {"ground": "white", "elements": {}},
        "back": {"layout": {"ground": "white", "elements": {}}}}}}, {})
    comp = spec.component("cards")
    (w, _), bleed = comp.trim, comp.bleed
    arts = expand(spec)[1].values()
    front = pixels(draw_art(spec, next(a for a in arts if a.side == "front")))
    back = pixels(draw_art(spec, next(a for a in arts if a.side == "back")))
    assert sum(at(front, w / 2, 0, bleed)) < 3 * 128 and at(front, w / 2, 1, bleed) == (255, 255, 255)
    assert at(back, w / 2, 0, bleed) == (255, 255, 255)
