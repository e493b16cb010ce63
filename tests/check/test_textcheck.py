"""Text on pieces: overflow of its box or the safe area, and glyphs the bundled font lacks, fail validation."""
import io
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
import yaml
from click.testing import CliRunner
from PIL import Image

from generator.draw import svg
from generator.output import raster
from generator.check import textcheck
from generator.draw import textfit
from generator.spec import loader as specs
from generator.cli import cli
from generator.components import KINDS
from generator.components import card as card_kind
from generator.spec.expand import expand
from generator.draw.render import draw_art, drawn
from generator.check.validate import validate

GAMES = ("grannys-pills", "hexstatic", "pixeliction", "posies", "paths-and-pahs", "glorieta")
DPI = 300
RED = "#ff0000"


def deck(tmp_path, words, heading="Draw one", lines=("Draw a card.",)):
    """A spec of two word cards (the first holding words, ink red, no bleed) and a reference card; its path."""
    data = {"game": {"title": "Deck", "designer": "Test"}, "palette": {"red": RED},
            "components": {
                "words": {"kind": "word-card", "title": "Word cards", "expect": 2, "width": "56 mm", "height": "80 mm",
                          "bleed": "0 mm", "heading": heading, "ink": "red",
                          "faces": {"list": [{"number": 1, "words": list(words)},
                                             {"number": 2, "words": ["boat", "fish", "moon", "star"]}]}},
                "summary": {"kind": "reference-card", "title": "Summary", "expect": 1, "width": "63 mm",
                            "height": "88 mm", "heading": "Your turn", "lines": list(lines)}}}
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def failures(path, *overrides):
    """The validator's lines for a spec."""
    return [str(f) for f in validate(specs.load(str(path), overrides))]


def glyph_metrics(bold: bool) -> dict:
    """Every glyph the bundled Vera maps a character to, as cairo measures it: char -> [advance, x min, y min, x max, y max].

    In 1/1000 of the font size, y up; the key "" holds the glyph cairo draws for a character the font lacks.
    """
    ctx = raster.cairocffi.Context(raster.cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(svg.FONT, raster.cairocffi.FONT_SLANT_NORMAL,
                         raster.cairocffi.FONT_WEIGHT_BOLD if bold else raster.cairocffi.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(1000)
    font = ctx.get_scaled_font()
    chars = "".join(chr(c) for c in range(32, 0x10000)
                    if not (0xD800 <= c < 0xE000 or 0xFDD0 <= c <= 0xFDEF or c & 0xFFFE == 0xFFFE))  # valid UTF-8 only
    glyphs = font.text_to_glyphs(0, 0, chars, False)
    table = {}
    for ch, (index, _, _) in zip(chars, glyphs):
        key = ch if index else ""
        if key not in table:
            x, y, w, h, advance, _ = font.glyph_extents([(index, 0, 0)])
            table[key] = [round(v, 2) + 0.0 for v in (advance, x, -y - h, x + w, -y)]
    return table


def test_glyph_table_is_what_cairo_measures():
    """The table the check and the wrapping read is the bundled Vera as the renderer (cairo) measures it today."""
    table = json.loads(textfit.GLYPHS.read_text(encoding="utf-8"))
    assert table == {"regular": glyph_metrics(False), "bold": glyph_metrics(True)}, (
        "regenerate generator/fonts/vera-glyphs.json from tests/check/test_textcheck.py's glyph_metrics(False/True)")
    assert "★" not in table["regular"] and "é" in table["bold"] and "€" in table["regular"]


@pytest.mark.parametrize("text, size, bold", [("Antidisestablishmentarianism", 5.0, False), ("Wg, Éj ‘q’ €", 3.2, True)])
def test_ink_box_matches_cairo_text_extents(text, size, bold):
    """textfit.ink agrees with cairo's own ink extents of the whole line, to 0.01 mm."""
    import cairocffi
    ctx = cairocffi.Context(cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(textfit.FAMILY, cairocffi.FONT_SLANT_NORMAL,
                         cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(size)
    x, y, w, h, advance, _ = ctx.text_extents(text)
    left, top, right, bottom = textfit.ink(text, 10.0, 20.0, size, bold, "middle")
    start = 10.0 - advance / 2
    assert (left, top, right, bottom) == pytest.approx((start + x, 20.0 + y, start + x + w, 20.0 + y + h), abs=0.01)
    assert textfit.width(text, size, bold) == pytest.approx(advance, abs=0.01)


def test_too_long_heading_names_its_box(tmp_path):
    path = deck(tmp_path, ["apple", "kite", "tree", "ship"], heading="Antidisestablishmentarianism")
    assert failures(path) == [
        f"{path}: words: faces 1-2: text 'Antidisestablishmentarianism' is 71.4 mm wide, "
        "its box is 40.6 mm (beside the card number)"]


def test_component_heading_wider_than_the_safe_area(tmp_path):
    path = deck(tmp_path, ["apple", "kite", "tree", "ship"])
    assert failures(path, "components.summary.heading=Summary of a whole turn in one line") == [
        f"{path}: summary: face 1: text 'Summary of a whole turn in one line D...' is 95.5 mm wide, "
        "its box is 53.0 mm (safe area)"]   # the texts set in the safe area, told once


def test_over_long_word_card_text(tmp_path):
    """A word too long even at the smallest font is cut off at the card edge: it fails, naming face and row."""
    path = deck(tmp_path, ["apple", "kite", "Supercalifragilisticexpialidocious", "ship"])
    assert failures(path) == [
        f"{path}: words: face 1: text '3 Supercalifragilisticexpialidocious' is 50.0 mm wide, "
        "its box is 46.0 mm (word row 3)"]   # the row's number and word, one line


def test_missing_glyphs_name_face_font_and_character(tmp_path):
    path = deck(tmp_path, ["apple", "kite", "Star ★", "ship"], lines=["Anchor ⚓", "Roll 🎲"])
    assert failures(path) == [
        f"{path}: words: face 1: 'Star ★': the font Bitstream Vera Sans Bold has no glyph for '★' (U+2605)",
        f"{path}: summary: face 1: 'Anchor ⚓': the font Bitstream Vera Sans has no glyph for '⚓' (U+2693)",
        f"{path}: summary: face 1: 'Roll 🎲': the font Bitstream Vera Sans has no glyph for '🎲' (U+1F3B2)"]


def test_build_refuses_a_spec_whose_text_fails(tmp_path):
    path = deck(tmp_path, ["apple", "kite", "Star ★", "ship"])
    result = CliRunner().invoke(cli, ["build", str(path), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "1 check failed, not building" in result.output and "no glyph for '★' (U+2605)" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def red_right_edge(path):
    """The right edge (mm from the trim's left) of the red ink on word card 1 as cairo paints it, or None."""
    spec = specs.load(str(path))
    _, arts = expand(spec)
    image = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, arts["words-1"]), DPI))).convert("RGB")
    red = [x for x in range(image.width) for y in range(image.height)
           if (lambda p: p[0] > 200 and p[1] < 80 and p[2] < 80)(image.getpixel((x, y)))]
    return (max(red) + 1) * 25.4 / DPI if red else None


def test_measured_overflow_is_ink_on_the_rendered_face(tmp_path):
    """The overflow the check reports is there in cairo's pixels; a face that passes has no ink past its safe area."""
    safe_right = 56 - 5  # the word card's width less its safe margin (5 mm by default)
    long = deck(tmp_path, ["apple", "kite", "Antidisestablishmentarianism", "ship"])
    [message] = failures(long)
    reported = float(re.search(r"runs ([\d.]+) mm past the right edge of its box \(word row 3\)", message).group(1))
    painted = red_right_edge(long) - safe_right
    assert painted > 0.3 and painted == pytest.approx(reported, abs=0.15)
    short = deck(tmp_path, ["apple", "kite", "Antidisestablishment", "ship"])
    assert failures(short) == [] and red_right_edge(short) < safe_right


@pytest.mark.parametrize("game", GAMES)
def test_shipped_games_pass_and_their_text_is_measured(game):
    """Every shipped game validates, and the check really measured its texts (none is skipped silently)."""
    spec = specs.load(game)
    assert validate(spec) == []
    _, arts = expand(spec)
    check = textcheck.Check(spec)
    for art, drawing in drawn(spec, arts):
        check.add(art, drawing)
    assert check.failures() == []
    measured = [node for art in arts.values() for node, _, _ in textcheck.texts(draw_art(spec, art))]
    assert len(measured) >= 3


@pytest.mark.parametrize("game", GAMES)
def test_kinds_without_lettering_draw_no_text(game):
    """The kinds the check skips (lettering=False) put no text on any shipped front."""
    spec = specs.load(game)
    _, arts = expand(spec)
    for art in arts.values():
        if art.side == "front" and not KINDS[spec.component(art.component).kind].lettering:
            assert list(textcheck.texts(draw_art(spec, art))) == [], art.key


@pytest.mark.parametrize("game", [game for game in GAMES if game != "paths-and-pahs"])  # it has no reference card
def test_reference_card_text_ends_inside_its_safe_area(game):
    """Painted by cairo, the lowest ink inside a reference card's frame lies above its safe area's bottom edge."""
    spec = specs.load(game)
    _, arts = expand(spec)
    [card] = [c for c in spec.components if c.kind == "reference-card"]
    o = {**card_kind.DEFAULTS, **card.options}
    image = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, arts[f"{card.id}-1"]), DPI))).convert("L")
    px = DPI / 25.4
    b = card.bleed
    inner = image.crop((round((b + 3) * px), 0, round((b + o["width"] - 3) * px), round((b + o["height"] - 2.6) * px)))
    lowest = max(y for y in range(inner.height) for x in range(0, inner.width, 2) if inner.getpixel((x, y)) < 128)
    assert (lowest + 1) / px - b <= o["height"] - o["safe"]


def test_legend_label_too_long_for_its_row():
    """A key label wrapped onto more lines than its row holds runs into the row above and off the card."""
    nexus = "a nexus tile has three ends and no path at all, so it scores nothing by itself"
    spec = specs.load("hexstatic", [f"components.legend.nexus={nexus}"])
    assert [str(f) for f in validate(spec) if f.component == "legend"] == [   # its lines, told once for the row
        f"{spec.path}: legend: face 1: text 'a nexus tile has three ends and no pa...' is 10.8 mm tall, its box is "
        "8.9 mm (its row of the key)"]


def test_a_cold_validate_measures_each_line_of_vera_once(monkeypatch, tmp_path):
    """The text check and the safe area's both read a line's ink box: a cold validate lays each line out once, and a
    line too long for its row is still found."""
    from generator import cache, facecache
    from generator.check import ink, safearea
    from generator.check import validate as checks
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(checks, "MEMO", cache.Memo("checks.json", []))   # no failures kept by another test
    monkeypatch.setattr(facecache, "FACES", cache.Memo("face-verdicts.json", []))   # nor a face's verdict
    monkeypatch.setattr(ink, "MEMO", cache.Memo("ink.json", []))
    monkeypatch.setattr(safearea, "_PAINTED", {})
    monkeypatch.setattr(textcheck, "_INK", {})
    laid = []
    monkeypatch.setattr(textcheck, "ink", lambda *line: (laid.append(line), textfit.ink(*line))[1])
    spec = specs.load("hexstatic", ["components.legend.nexus=a nexus tile has three ends and no path at all, so it "
                                    "scores nothing by itself"])
    assert [f.message for f in validate(spec) if f.component == "legend"] == [   # its two lines, told once
        "face 1: text 'a nexus tile has three ends and no pa...' is 10.8 mm tall, its box is 8.9 mm (its row of the key)"]
    assert 0 < len(laid) == len(set(laid))


@given(st.text(st.sampled_from("AjgQ@%é,. W\u2603\u0301"), max_size=12), st.floats(0.5, 12), st.booleans(),
       st.sampled_from(["start", "middle", "end"]))
def test_ink_is_the_box_round_its_glyphs_boxes(text, size, bold, anchor):
    """textfit.ink grows one box glyph by glyph: the least and greatest of the boxes of the glyphs that ink (a space, a
    glyph the font lacks drawn as its box, an accent of no advance), each set at its pen, or None when none inks."""
    table, scale = textfit._table(bold), size / 1000
    pen, boxes = 3.0 - {"middle": 0.5, "end": 1.0}.get(anchor, 0.0) * textfit.width(text, size, bold), []
    for ch in text:
        advance, x0, y0, x1, y1 = table.get(ch, table[""])
        if x1 > x0 and y1 > y0:
            boxes.append((pen + x0 * scale, 4.0 - y1 * scale, pen + x1 * scale, 4.0 - y0 * scale))
        pen += advance * scale
    expected = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes)) if boxes else None
    assert textfit.ink(text, 3.0, 4.0, size, bold, anchor) == expected


def test_the_texts_of_a_drawing_share_their_style_where_no_element_sets_one():
    """texts() copies the font style only at an element that sets one of its keys: two lines in a group that sets none
    read one style, the group's parent's; a line that sets its own reads its own."""
    dwg = svg.drawing(20, 20, 0)
    outer = dwg.add(svg.Element("g", {"font-size": 3.0}))
    inner = outer.add(svg.Element("g", {"fill": "#000000"}))
    first, second = inner.add(svg.Text({"x": 1, "y": 2}, "One")), inner.add(svg.Text({"x": 1, "y": 6}, "Two"))
    own = inner.add(svg.Text({"x": 1, "y": 9, "font-weight": "bold"}, "Three"))
    found = textcheck.texts(dwg)
    assert [node for node, _, _ in found] == [first, second, own]
    assert found[0][2] is found[1][2] and found[0][2] == {"font-size": 3.0}
    assert found[2][2] == {"font-size": 3.0, "font-weight": "bold"}


def _wrapped(text, size, max_width, bold=False):
    """The lines wrap() gives, as the plain reading of its rule: each word cut by _pieces, a line grown while its
    width (width()'s sum of the advances) fits."""
    lines: list = []
    for word in (piece for word in text.split() for piece in textfit._pieces(word, size, max_width, bold)):
        if lines and textfit.width(f"{lines[-1]} {word}", size, bold) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@given(st.lists(st.sampled_from(["a", "tile", "Ifjord", "supercalifragilistic", "WWWWWWWWWWWW", "été", "\u2603", "i"]),
                max_size=12), st.floats(2, 9), st.floats(5, 60), st.booleans())
def test_wrap_breaks_lines_where_their_width_runs_out(words, size, max_width, bold):
    assert textfit.wrap(" ".join(words), size, max_width, bold) == _wrapped(" ".join(words), size, max_width, bold)


def test_wrap_measures_a_word_that_fits_once(monkeypatch):
    """A word that fits the line is measured from its advances once (width() was summed again for each word, to see
    whether it had to be cut); only a word wider than the line is cut by width()."""
    measured, real = [], textfit.width
    monkeypatch.setattr(textfit, "width", lambda text, *args: (measured.append(text), real(text, *args))[1])
    lines = textfit.wrap("draw two tiles then pass", 4.0, 30.0)
    assert len(lines) == 2 and measured == []
    textfit.wrap("a WWWWWWWWWWWWWWWWWWWWWWWW b", 4.0, 30.0)
    assert measured and all("W" in text for text in measured)


def test_ink_past_a_box_names_the_first_edge_it_is_furthest_past_as_the_sides_are_read_in_turn():
    """outside() against the plain reading (each side's overrun in a dict, left, top, right, bottom, the greatest taken
    by max over its keys): the same message, ties to the first side, on random boxes and ink, equal overruns included."""
    import random
    from generator.check import textcheck
    from generator.draw.textfit import Box
    pick = random.Random(19)

    def plain(text, ink_box, box):
        past = {"left": box.left - ink_box[0], "top": box.top - ink_box[1],
                "right": ink_box[2] - box.right, "bottom": ink_box[3] - box.bottom}
        side = max(past, key=past.get)
        return (f"text '{text}' runs {past[side]:.1f} mm past the {side} edge of its box"
                if past[side] > textcheck.SLACK else None)
    found = set()
    for _ in range(20000):
        box = Box(10.0, 10.0, 30.0, 20.0, "")   # ink no larger than it, moved so that overruns often tie
        width, height = pick.choice([10.0, 15.0, 20.0]), pick.choice([4.0, 8.0, 10.0])
        x = pick.choice([9.0, 9.5, 10.0, 30.0 - width + 0.5, 30.0 - width + 1.0, pick.uniform(8, 32 - width)])
        y = pick.choice([9.0, 9.5, 10.0, 20.0 - height + 0.5, 20.0 - height + 1.0, pick.uniform(8, 22 - height)])
        ink_box = (x, y, x + width, y + height)
        message = textcheck.outside("x", ink_box, box)
        assert message == plain("x", ink_box, box), ink_box
        found.add(message and message.split(" edge")[0].rsplit(" ", 1)[1])
    assert found == {None, "left", "top", "right", "bottom"}


OVERHANG = """\
game: {title: Hang, designer: Test}
palette: {ink: "#26221c"}
@FONTS@
components:
  cards:
    kind: layout
    expect: 1
    width: 63 mm
    height: 88 mm
    layout:
      elements:
        t: {type: text, x: @X@, y: 25, width: @WIDTH@, height: 10, text: @TEXT@, size: 5, colour: ink, bold: true@FONT@}
"""


@pytest.mark.parametrize("font", ["bundled", "designer"])
def test_a_fonts_overhang_at_its_box_edge_passes_while_the_safe_area_takes_all_its_ink(tmp_path, font):
    """Vera Bold's J hooks left of where it is set, and a bold made by stroking a designer's regular-only font reaches
    past every letter: typesetting hangs that outside the box, so a left-aligned text set at its box's edge passes;
    the safe area (2 mm inside the cut) still takes all its ink, and a text too wide for its box still fails."""
    from generator.check.findings import SLACK
    from generator.draw import typeface
    text = "Jump" if font == "bundled" else "Tj"
    fonts = ""
    if font == "designer":
        (tmp_path / "body.ttf").write_bytes((typeface.FONTS / "Vera.ttf").read_bytes())
        fonts = "fonts: {body: body.ttf}"

    def checked(x, width):
        path = tmp_path / "hang.yaml"
        path.write_text(OVERHANG.replace("@FONTS@", fonts).replace("@X@", str(x)).replace("@WIDTH@", str(width))
                        .replace("@TEXT@", text).replace("@FONT@", ", font: body" if font == "designer" else ""))
        spec = specs.load(str(path))
        face = spec.fonts["body"].bold if font == "designer" else typeface.VERA.bold
        return [str(f) for f in validate(spec)], typeface.ink(face, text, x, 0.0, 5.0)[0]

    found, left = checked(5, 50)
    assert left < 5 - SLACK and found == [], "its ink reaches past the box's left edge, and it passes"
    found, _ = checked(5, 3)
    assert found and all(f"text '{text}'" in line and "box" in line for line in found), "too wide for its box: fails"
    if font == "bundled":   # the J's hook (0.3 mm) reaches past the safe area set from 2.1 mm: its ink fails
        found, left = checked(2.1, 50)
        assert left < 2 - SLACK and found == [f"{tmp_path / 'hang.yaml'}: cards: face 1: text 'Jump' runs 0.2 mm past "
                                              "the left edge of the safe area (2 mm inside the cut) (text t)"]


def failing_lines(path, word: str) -> list:
    """The one line about word that pnp validate prints for a spec it fails (asserted: exit 1 and a single such line)."""
    result = CliRunner().invoke(cli, ["validate", str(path)])
    lines = [line for line in result.output.splitlines() if word in line]
    assert result.exit_code == 1 and len(lines) == 1, result.output
    return lines


def test_a_text_box_past_the_safe_area_is_one_line_per_card_not_one_per_word(tmp_path):
    """A rules box given x: 5 cm for 5 mm printed 147 lines for 15 cards: a justified line sets each word as a run,
    and each run past the safe area was a line of its own. Now a text box is told once per card (its whole text, the
    farthest its ink runs past, measured over all its runs), and once for all the cards it runs past on."""
    rules = "Gain two coins, then draw a card and pass it to the player on your left before the round ends."
    (tmp_path / "cards.csv").write_text("title,rules\n" + "".join(f"Card {n},\"{rules}\"\n" for n in range(1, 4)))
    (tmp_path / "deck.yaml").write_text(
        "game: {title: Flood, designer: Tester}\ncomponents:\n  cards:\n    kind: layout\n    expect: 3\n"
        "    width: 63 mm\n    height: 88 mm\n    data: cards.csv\n    layout:\n      elements:\n"
        "        rules: {type: text, x: 5 cm, y: 40, width: 53, height: 30, size: 3.4, min_size: 3, align: justify,\n"
        "                text: '{rules}'}\n")
    lines = failing_lines(tmp_path / "deck.yaml", "text rules")
    assert re.search(r": cards: faces 1-3 \(.*cards\.csv rows 2-4\): text 'Gain two coins, then draw a card and ...' "
                     r"runs \d+\.\d mm past the right edge of the safe area \(2 mm inside the cut\) \(text rules\)$",
                     lines[0]), lines[0]
    # each card its own words, each running past by its own distance: one line for the box, the farthest distance
    (tmp_path / "cards.csv").write_text("title,rules\n" + "".join(f"Card {n},\"{rules[:20 * n]}\"\n" for n in range(1, 4)))
    lines = failing_lines(tmp_path / "deck.yaml", "text rules")
    assert re.search(r": cards: faces 1-3 \(.*cards\.csv rows 2-4\): text rules runs up to \d+\.\d mm past the right "
                     r"edge of the safe area \(2 mm inside the cut\)$", lines[0]), lines[0]


def test_the_copies_of_a_repeated_text_past_the_safe_area_are_one_line(tmp_path):
    """A score track's numbers repeated past the board's edge printed a line per copy ('text '15' ... (text num 15)',
    then 16, 17): now one line naming the copies, as repeated shapes are told."""
    (tmp_path / "deck.yaml").write_text(
        "game: {title: Track, designer: Tester}\ncomponents:\n  board:\n    kind: layout\n    expect: 1\n"
        "    width: 100 mm\n    height: 60 mm\n    layout:\n      elements:\n"
        "        num: {type: text, x: 5, y: 5, width: 8, height: 8, size: 4, text: '{i}', repeat: {count: 18, dx: 6, dy: 0}}\n")
    lines = failing_lines(tmp_path / "deck.yaml", "text")
    found = re.search(r": board: face 1: text num (\d+)-17 \((\d+) copies\) runs up to \d+\.\d mm past the right edge of "
                      r"the safe area \(2 mm inside the cut\)$", lines[0])
    assert found and int(found[2]) == 17 - int(found[1]) + 1, lines[0]


def test_a_problem_every_card_s_own_words_share_is_one_line_for_the_cards_alike(tmp_path):
    """Titles the colour of their band, the band each card's suit: 16 lines, one per card, each its own title. Now one
    line per suit colour, naming its cards and their titles (three, and how many more); a problem on one card alone
    keeps its own line; and the summary line says how many checks failed."""
    suits = ["sea", "sea", "ash", "sea", "ash", "sea", "sea", "ash"]
    (tmp_path / "cards.csv").write_text("title,suit\n" + "".join(f"Ship {n},{suit}\n" for n, suit in enumerate(suits, 1)))
    (tmp_path / "deck.yaml").write_text(
        "game: {title: Ships, designer: Tester}\npalette: {sea: '#2a6f97', ash: '#3b4252'}\ncomponents:\n  cards:\n"
        "    kind: layout\n    expect: 8\n    width: 63 mm\n    height: 88 mm\n    data: cards.csv\n    layout:\n"
        "      elements:\n        band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: '{suit}'}\n"
        "        title: {type: text, x: 5, y: 5, width: 50, height: 10, size: 5, text: '{title}', colour: '{suit}'}\n")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "deck.yaml")])
    lines = [line for line in result.output.splitlines() if "of its own colour" in line]
    assert result.exit_code == 1 and len(lines) == 2, result.output
    assert re.search(r": cards: faces 1-2, 4, 6-7 \(.*cards\.csv rows 2-3, 5, 7-8\): text title lies on band, of its own "
                     r"colour #2a6f97: .* \('Ship 1', 'Ship 2', 'Ship 4' and 2 more\)$", lines[0]), lines[0]
    assert re.search(r": cards: faces 3, 5, 8 \(.*rows 4, 6, 9\): text title .* #3b4252: .* \('Ship 3', 'Ship 5', "
                     r"'Ship 8'\)$", lines[1]), lines[1]
    assert result.output.splitlines()[-1] == f"error: {tmp_path / 'deck.yaml'}: 2 checks failed"
    (tmp_path / "cards.csv").write_text("title,suit\nShip 1,sea\nShip 2,ash\n")
    (tmp_path / "deck.yaml").write_text((tmp_path / "deck.yaml").read_text().replace("expect: 8", "expect: 2"))
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "deck.yaml")])
    rows = tmp_path / "cards.csv"
    assert [line.split(": ", 2)[2] for line in result.output.splitlines() if "own colour" in line] == [
        f"face 1 ({rows} row 2): text 'Ship 1' (text title) lies on band, of its own colour #2a6f97: 100% of its ink "
        f"cannot be read", f"face 2 ({rows} row 3): text 'Ship 2' (text title) lies on band, of its own colour "
        "#3b4252: 100% of its ink cannot be read"]
