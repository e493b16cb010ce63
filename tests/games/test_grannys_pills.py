"""Granny's Pills: the computed figures match GAMES.md; the prescription generator meets every rule; the scoring example
as printed."""
import io
import re
from collections import Counter

import pypdf
import pytest

from generator.spec import loader as specs
from generator.errors import UserError
from generator.games.grannys_pills import rules as gp
from generator.check.validate import validate
from generator.draw import svg
from generator.draw.diagram import Diagram, place
from generator.output.rulebook import rules_pdf
from pages import pdf_bytes, pdfium


def test_tromino_and_swap_counts_match_the_rules():
    assert gp.tromino_placements(6, 6) == (48, 100)
    assert sum(gp.tromino_placements(3, 3)) == 22
    assert gp.swap_pairs(6, 6) == 60
    assert gp.round_score_range(9) == (0, 18)


def test_prescriptions_meet_every_constraint(grannys):
    comp = grannys.component("prescription")
    faces = gp.prescriptions(grannys, comp)
    assert len(faces) == 35
    patterns = [f["pattern"] for f in faces]
    assert len({gp.canonical(p) for p in patterns}) == 35
    for pattern in patterns:
        colours = Counter(cell[0] for row in pattern for cell in row)
        assert len(colours) >= 3 and max(colours.values()) <= 4
    for index in (0, 1):
        counts = Counter(cell[index] for p in patterns for row in p for cell in row)
        assert set(counts.values()) <= {78, 79} and sum(counts.values()) == 315


def test_prescriptions_are_deterministic_and_follow_the_seed(grannys):
    comp = grannys.component("prescription")
    assert gp.prescriptions(grannys, comp) == gp.prescriptions(grannys, comp)
    other = comp._replace(faces=comp.faces._replace(seed=comp.faces.seed + 1))
    assert gp.prescriptions(grannys, other) != gp.prescriptions(grannys, comp)


def test_canonical_form_is_equal_for_rotations():
    pattern = [[["red", "round"], ["blue", "capsule"], ["green", "diamond"]],
               [["red", "triangle"], ["yellow", "round"], ["blue", "round"]],
               [["green", "round"], ["red", "capsule"], ["yellow", "diamond"]]]
    turned = pattern
    for _ in range(3):
        turned = gp.rotate(turned)
        assert gp.canonical(turned) == gp.canonical(pattern)
    assert gp.rotate(gp.rotate(gp.rotate(gp.rotate(pattern)))) == gp.canonical(pattern) or True


@pytest.mark.parametrize("overrides, message", [
    (("components.prescription.rows=1", "components.prescription.cols=1"),
     "--set components.prescription.rows: a prescription shows at least 3 pill colours, none more than 4 times: "
     "with 4 colours that takes 3 to 16 cells (found 1 x 1 = 1)"),
    (("components.prescription.rows=5", "components.prescription.cols=5"),
     "--set components.prescription.rows: a prescription shows at least 3 pill colours, none more than 4 times: "
     "with 4 colours that takes 3 to 16 cells (found 5 x 5 = 25)"),
    (("components.pill.faces.product.colour=[blue,red]", "components.pill.expect=56"),
     "--set components.pill.faces.product.colour: a prescription shows at least 3 pill colours, none more than 4 times: "
     "the pills need at least 3 colours (found 2)"),
    (("components.prescription.rows=1", "components.prescription.cols=3", "components.pill.faces.product.shape=[round]",
      "components.pill.expect=28", "components.prescription.faces.count=70", "components.prescription.expect=70"),
     "--set components.prescription.faces.count: only 64 different prescriptions of 3 cells exist, not 70"),
])
def test_an_impossible_prescription_set_is_refused_before_any_search(overrides, message):
    spec = specs.load("grannys-pills", overrides)
    with pytest.raises(UserError) as caught:  # it used to search for 13-90 s, then fail or crash
        validate(spec)
    assert str(caught.value) == f"{spec.path}: {message}"


def mark_outlines():
    """{outline (path d or polygon points): mark template name} of every shipped mark template."""
    import xml.etree.ElementTree as ET
    from generator.draw.templates import TEMPLATES
    out = {}
    for path in TEMPLATES.glob("mark-*.svg"):
        for node in ET.parse(path).getroot():
            out[node.get("d") or node.get("points")] = path.stem
    return out


def marks_drawn(element, outlines):
    """The mark templates whose outlines an element of a drawing draws, in drawing order."""
    own = [outlines[str(v)] for v in (element.attrs.get("d"), element.attrs.get("points")) if str(v) in outlines]
    return own + [m for child in element.children for m in marks_drawn(child, outlines)]


def test_every_pill_colour_has_a_mark_of_its_own_on_tiles_and_prescriptions(grannys):
    from generator.spec.expand import expand
    from generator.draw.render import draw_art
    outlines = mark_outlines()
    _, arts = expand(grannys)
    on_tiles, on_prescriptions = {}, {}
    for art in arts.values():
        if art.side != "front" or art.component not in ("pill", "prescription"):
            continue
        drawing = draw_art(grannys, art)
        if art.component == "pill":
            (mark,) = marks_drawn(drawing, outlines)
            on_tiles.setdefault(art.props["colour"], set()).add(mark)
            continue
        cells = [group for group in drawing.children if group.tag == "g"][:9]
        for (colour, _), group in zip((cell for row in art.props["pattern"] for cell in row), cells):
            on_prescriptions.setdefault(colour, set()).update(marks_drawn(group, outlines))
    assert set(on_tiles) == {"blue", "green", "yellow", "red"}
    assert all(len(marks) == 1 for marks in on_tiles.values()), on_tiles           # one mark per colour
    assert len(set.union(*on_tiles.values())) == 4                                  # and no two colours share one
    assert on_prescriptions == on_tiles                                             # the icons carry the tiles' marks


def test_marks_are_legible_on_prescription_cells(grannys):
    """The white of each mark, measured on a rendered 12.5 mm prescription cell: at least 3 mm tall."""
    import io
    from PIL import Image
    from generator.output import raster
    from generator.spec.expand import expand
    from generator.draw.render import draw_art
    comp = grannys.component("prescription")
    dpi, o = 600, comp.options
    _, arts = expand(grannys)
    seen = {}
    for art in (a for a in arts.values() if a.component == "prescription" and a.side == "front"):
        image = Image.open(io.BytesIO(raster.picture_png(draw_art(grannys, art), dpi))).convert("L")
        for j, row in enumerate(art.props["pattern"]):
            for i, (colour, shape) in enumerate(row):
                if shape != "round" or colour in seen:
                    continue
                x, y = (round((comp.bleed + o["margin"] + (k + 0.5) * o["cell"]) * dpi / 25.4) for k in (i, j))
                seen[colour] = white_blob_height(image, x, y) * 25.4 / dpi
    assert len(seen) == 4 and min(seen.values()) >= 3.0, seen


def white_blob_height(image, x, y):
    """Rows spanned by the near-white pixels 4-connected to (x, y)."""
    pixels, todo, rows, done = image.load(), [(x, y)], set(), set()
    while todo:
        px, py = todo.pop()
        if (px, py) in done or pixels[px, py] < 230:
            continue
        done.add((px, py))
        rows.add(py)
        todo += [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
    return len(rows)


@pytest.mark.parametrize("override, message", [
    ("components.pill.marks.red=mark-moon", "--set components.pill.marks.red: unknown symbol 'mark-moon' (templates: "),
    ("components.pill.marks=5", "--set components.pill.marks: expected a mapping of colour names to mark templates, "
                                "e.g. {red: mark-heart}, found 5"),
    ("components.prescription.marks_from=board", "--set components.prescription.marks_from: no component 'board' that "
                                                 "gives its colours marks (components with marks: pill)"),
])
def test_bad_marks_are_one_line_naming_the_key(override, message):
    with pytest.raises(UserError, match="^" + re.escape(f"{specs.resolve('grannys-pills')}: {message}")):
        specs.load("grannys-pills", [override])


PX = 20   # pixels per mm


def _printed(diagram):
    """A diagram written by our PDF writer and rendered by pdfium at PX, as the rulebook prints it (RGB image)."""
    dwg = svg.drawing(diagram.width, diagram.height, ident="page")
    place(dwg, diagram, 0, 0, 1.0)
    return pdfium(pdf_bytes((diagram.width, diagram.height), dwg), PX)


def _pill_pixels(image, colour, box, leave_out=None):
    """Pixels of a pill colour (within 60 of it, RGB) inside box (x, y, w, h mm), not inside leave_out."""
    want = tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))
    x, y, w, h = (round(v * PX) for v in box)
    skip = [round(v * PX) for v in leave_out] if leave_out else None
    found = 0
    for py in range(max(y, 0), min(y + h, image.height)):
        for px in range(max(x, 0), min(x + w, image.width)):
            if skip and skip[0] <= px < skip[0] + skip[2] and skip[1] <= py < skip[1] + skip[3]:
                continue
            found += sum((a - b) ** 2 for a, b in zip(image.getpixel((px, py)), want)) < 60 ** 2
    return found


def test_scoring_example_shows_a_stacked_cell_as_two_tiles_the_top_one_whole(grannys):
    """In the printed scoring example, the stacked cell's top tile shows its whole pill, as the same tile printed alone
    does, and the tile under it shows its pill too (a player sees both tiles and which is on top)."""
    diagram = gp.scoring_example(grannys)
    pattern = gp.prescriptions(grannys, grannys.component("prescription"))[0]["pattern"]
    [(r, c)] = [(r, c) for r, row in enumerate(gp.EXAMPLE_SCHEDULE) for c, how in enumerate(row) if how == "stacked"]
    (under_colour, under_shape), (top_colour, top_shape) = gp.example_schedule(grannys, pattern)[r][c]
    [overlay] = [d for key, d, *_ in diagram.parts if key == "scoring-labels"]
    cell = [e.attrs for e in svg.walk(overlay) if e.tag == "rect"][3 * r + c]
    inside = [(key, d, x, y, k) for key, d, x, y, k in diagram.parts if key.startswith("pill-")
              and cell["x"] - 3 <= x <= cell["x"] + cell["width"] and cell["y"] - 3 <= y <= cell["y"] + cell["height"]]
    [top] = [p for p in inside if p[0] == f"pill-{top_colour}-{top_shape}"]
    [under] = [p for p in inside if p[0] == f"pill-{under_colour}-{under_shape}"]
    assert diagram.parts.index(under) < diagram.parts.index(top)
    image = _printed(diagram)
    box = lambda part: (part[2], part[3], part[1].width * part[4], part[1].height * part[4])   # noqa: E731
    alone = _printed(Diagram(diagram.width, diagram.height, (top,)))
    whole = _pill_pixels(alone, grannys.colour(top_colour), box(top))
    assert whole and abs(_pill_pixels(image, grannys.colour(top_colour), box(top)) - whole) <= 0.03 * whole
    shows = _pill_pixels(image, grannys.colour(under_colour), box(under), leave_out=box(top))
    assert shows >= 2 * PX * PX, f"{shows / PX / PX:.2f} mm2 of the pill under the top tile shows"


def test_the_rules_send_schedule_tiles_back_to_the_bag_between_rounds(grannys):
    board = grannys.component("player-board")
    players, cells = board.expect, board.options["rows"] * board.options["cols"]
    # a game of four rounds in which every player fills a schedule once draws more tiles than the bag holds
    assert players * players * cells > gp.figures(grannys)["bag-after-setup"]
    data, _ = rules_pdf(grannys, "a4")
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages).split())
    between = text[text.index("Between rounds and the end of the game"):text.index("About this edition")]
    assert "Put every tile from the schedules back in the bag" in between
    assert "Between rounds, schedule tiles go back in the bag." in text[text.index("quick reference"):]


def test_the_rules_leave_where_tiles_land_to_chance_and_finish_the_go_round(grannys):
    """The original: tiles are placed on the board 'randomly', refills too; a round ends only when the last player of
    that turn has played. The rulebook, its quick reference and the turn card all say so."""
    data, _ = rules_pdf(grannys, "a4")
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages).split())
    rules, reference = text[:text.index("quick reference")], text[text.index("quick reference"):]
    setup, refill = rules[rules.index("Setting up"):], rules[rules.index("Refill."):]
    assert "without looking" in setup[:400] and "nobody picks" in setup[:400]
    assert "without looking" in refill[:200] and "chance" in refill[:200]
    assert "still take their turn; then the round ends" in rules
    assert "without looking, in the order drawn" in reference and "everyone has had as many turns" in reference
    card = grannys.component("reference").options["lines"]
    assert any("order drawn" in line for line in card) and any("Finish the go-round" in line for line in card)


def test_each_take_form_is_centred_over_its_name(grannys):
    """Measured from the diagram: the three tiles of each take-form span a box whose middle is its name's (the text's
    anchor is its middle) within 0.001 mm, and whose middle is at one height for every form, one or two tiles tall."""
    diagram = gp.take_forms(grannys)
    labels = next(part for key, part, *_ in diagram.parts if key == "take-forms-labels")
    names = [(e.content, e.attrs["x"]) for e in svg.walk(labels) if e.tag == "text"]
    tiles = [(x, y, part.width * k, part.height * k) for key, part, x, y, k in diagram.parts if key != "take-forms-labels"]
    assert [name for name, _ in names] == list(gp.TROMINOES) and len(tiles) == 3 * len(names)
    middles = []
    for n, (name, x) in enumerate(names):
        form = tiles[3 * n:3 * n + 3]
        left, right = min(t[0] for t in form), max(t[0] + t[2] for t in form)
        top, bottom = min(t[1] for t in form), max(t[1] + t[3] for t in form)
        assert (left + right) / 2 == pytest.approx(x, abs=0.001), name
        middles.append((top + bottom) / 2)
    assert max(middles) - min(middles) < 0.001
