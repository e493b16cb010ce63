"""Pixeliction built from its spec: cells and discs, the 16x16 option, the word deck, disc backs and size."""
import pypdfium2
import pytest
from click.testing import CliRunner

from generator.spec import loader as specs
from generator.build import components_pdf
from generator.cli import cli
from generator.components import card, word_card
from generator.errors import UserError
from generator.spec.expand import expand
from generator.games.pixeliction import rules as pixeliction
from generator.impose.imposition import impose
from generator.check.validate import validate
from placements import placed_centres

MM_PER_INCH = 25.4
SIXTEEN = ["components.board.rows=16", "components.board.cols=16", "components.discs.faces.copies=256",
           "components.discs.expect=256"]


@pytest.fixture(scope="module")
def spec():
    """The shipped Pixeliction spec."""
    return specs.load("pixeliction")


@pytest.fixture(scope="module")
def a4(spec):
    """The A4 components PDF (bytes) and its sheet plan."""
    return components_pdf(spec, "a4")[0], impose(spec, expand(spec)[0], "a4")


def run(*args):
    """Run the pnp command line."""
    return CliRunner().invoke(cli, list(args))


def test_cells_discs_and_words_computed_from_the_spec(spec):
    pieces, arts = expand(spec)
    assert pixeliction.board_cells(spec) == [("board", 64)]
    discs = [p for p in pieces if p.component == "discs"]
    assert len(discs) == 64 and all(p.back for p in discs)
    words = pixeliction.deck(spec, pieces, arts)
    assert len(words) == len(spec.component("words").options["words"]) == 120
    assert len({w.lower() for w in words}) == len(words), "no word twice"
    cards = [arts[p.front].props for p in pieces if p.component == "words"]
    assert [c["number"] for c in cards] == list(range(1, 21)) and all(len(c["words"]) == 6 for c in cards)
    assert validate(spec) == []


def test_sixteen_by_sixteen_through_set():
    big = specs.load("pixeliction", SIXTEEN)
    assert pixeliction.board_cells(big) == [("board", 256)]
    assert validate(big) == []
    plan = impose(big, expand(big)[0], "a4")
    assert len([s for s in plan.sheets if "board" in s.components]) > 1, "a 16x16 board of 20 mm cells prints in panels"
    result = run("validate", "pixeliction", "--set", SIXTEEN[0], "--set", SIXTEEN[1])
    assert result.exit_code == 1
    assert "specs/pixeliction.yaml: discs: discs (expected at least 256, one per cell, found 64)" in result.output


@pytest.mark.parametrize("override, line", [
    ("components.words.words.7=Apple", "words: repeated words (expected none, found apple)"),
    ("components.board.rows=9", "board: board cells (expected 64 for 8x8 or 256 for 16x16, found 72)"),
    ("components.discs.back.fill=black", "discs: disc sides (expected two colours, found #000000 on both)"),
])
def test_validate_fails_a_broken_set_with_a_clear_line(override, line):
    result = run("validate", "pixeliction", "--set", override)
    assert result.exit_code == 1
    assert f"specs/pixeliction.yaml: {line}" in result.output


def test_discs_without_a_back_fail():
    raw = specs.load("pixeliction")
    pieces, arts = expand(raw)
    one_sided = [p if p.component != "discs" else type(p)(p.component, p.index, p.front, None) for p in pieces]
    assert ("discs", "discs without a second side (expected 0, found 64)") in pixeliction.check(raw, one_sided, arts)


def test_a_deck_that_does_not_fill_its_cards_is_a_clear_error():
    short = specs.load("pixeliction", ["components.words.per_card=7"])
    with pytest.raises(UserError, match=r"components.words.words: 120 words do not fill cards of 7 \(expected a multiple of 7\)"):
        expand(short)
    five = specs.load("pixeliction", ["components.words.per_card=5", "components.words.faces.count=24",
                                      "components.words.expect=24"])
    cards = word_card.deal(five, five.component("words"))
    assert len(cards) == 24 and cards[-1] == {"words": five.component("words").options["words"][-5:], "number": 24}
    assert validate(five) == []


def test_disc_backs_register_with_fronts_in_duplex(spec, a4):
    data, plan = a4
    disc = spec.component("discs")
    side = disc.options["size"] + 2 * disc.bleed
    placed = 0
    for number in (n for n, s in enumerate(plan.sheets, start=1) if s.side == "front" and "discs" in s.components):
        front, back = ([(round(x, 2), round(y, 2)) for x, y in placed_centres(data, n, (side, side))]
                       for n in (number, number + 1))
        assert len(front) == len(back)
        for x, y in front:  # the file writes 3 decimals: a back within 0.01 mm of the mirrored front
            assert any(abs(plan.width - x - bx) < 0.011 and abs(y - by) < 0.011 for bx, by in back), (x, y)
        placed += len(front)
    assert placed == 64


def test_disc_backs_register_with_fronts_when_folded(spec):
    plan = impose(spec, expand(spec)[0], "a4", backs="fold")
    sheet = next(s for s in plan.sheets if s.side == "fold" and "discs" in s.components)
    half, fold_y = len(sheet.slots) // 2, sheet.folds[0]
    for front, back in zip(sheet.slots[:half], sheet.slots[half:]):
        assert back.art == "discs-back" and back.x == pytest.approx(front.x)
        assert back.y + back.h / 2 == pytest.approx(2 * fold_y - (front.y + front.h / 2))


def test_rendered_disc_is_its_size_across(spec, a4):
    data, plan = a4
    number, sheet = next((n, s) for n, s in enumerate(plan.sheets, start=1) if s.side == "front" and "discs" in s.components)
    slot, dpi = next(s for s in sheet.slots if s.art.startswith("discs")), 300
    doc = pypdfium2.PdfDocument(data)
    page = doc[number].render(scale=dpi / 72).to_pil().convert("L")
    px = dpi / MM_PER_INCH
    y = round((slot.y + slot.h / 2) * px)
    row = [page.getpixel((x, y)) for x in range(round((slot.x - 1) * px), round((slot.x + slot.w + 1) * px))]
    rim = [k for k, v in enumerate(row) if v > 60]  # the grey rim on the black disc
    across = (max(rim) - min(rim) + 1) / px
    assert across == pytest.approx(spec.component("discs").options["size"], abs=0.3)


def test_rules_pictures_are_words_from_the_deck(spec):
    diagram = pixeliction.pictures(spec)
    assert diagram.width <= 174
    words = spec.component("words").options["words"]
    renamed = specs.load("pixeliction", [f"components.words.words.{words.index('house')}=hut"])
    with pytest.raises(UserError, match="the rules picture 'house' is not a word on the cards"):
        pixeliction.pictures(renamed)


@pytest.mark.parametrize("overrides", [[], SIXTEEN], ids=["8x8", "16x16"])
def test_each_rules_picture_sits_in_the_middle_of_its_board_on_whole_cells(overrides):
    """Measured from the diagram: the discs of each picture span a box whose centre is the centre of the grid drawn by
    the board renderer beside it (within 0.001 mm), and every disc is centred in a cell."""
    from generator.draw import svg
    big = specs.load("pixeliction", overrides)
    diagram, cells = pixeliction.pictures(big), big.component("board").options["cols"]
    overlay = next(part for key, part, *_ in diagram.parts if key == "pictures-overlay")
    discs = [(e.attrs["cx"], e.attrs["cy"], e.attrs["r"]) for e in svg.walk(overlay) if e.tag == "circle"]
    boards = [(part, dx, dy, k) for key, part, dx, dy, k in diagram.parts if key != "pictures-overlay"]
    assert len(boards) == len(pixeliction.PICTURES) == 2
    for drawing, dx, dy, k in boards:
        grid = next(e for e in svg.walk(drawing) if e.tag == "rect" and e.part == "grid")
        x0, y0 = dx + (grid.attrs["x"] - drawing.box[0]) * k, dy + (grid.attrs["y"] - drawing.box[1]) * k
        w, h = grid.attrs["width"] * k, grid.attrs["height"] * k
        mine = [(x, y, r) for x, y, r in discs if x0 < x < x0 + w and y0 < y < y0 + h]
        assert mine
        left, right = min(x - r for x, _, r in mine), max(x + r for x, _, r in mine)
        top, bottom = min(y - r for _, y, r in mine), max(y + r for _, y, r in mine)
        assert (left + right) / 2 == pytest.approx(x0 + w / 2, abs=0.001)
        assert (top + bottom) / 2 == pytest.approx(y0 + h / 2, abs=0.001)
        for x, y, _ in mine:
            assert ((x - x0) / (w / cells) - 0.5) == pytest.approx(round((x - x0) / (w / cells) - 0.5), abs=0.001)
            assert ((y - y0) / (h / cells) - 0.5) == pytest.approx(round((y - y0) / (h / cells) - 0.5), abs=0.001)


def contrast(a, b):
    """WCAG contrast ratio of two sRGB pixels."""
    def luminance(rgb):
        lin = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_printed_cell_stands_out_from_both_sides_of_a_disc(spec, a4):
    """A white disc on a white cell reads as an empty cell: the printed cells contrast with both disc sides, as printed."""
    data, plan = a4
    pages = pypdfium2.PdfDocument(data)
    px = 100 / MM_PER_INCH

    def pixel(art, dx, dy):
        number, slot = next((n, s) for n, sheet in enumerate(plan.sheets, start=1) for s in sheet.slots if s.art == art)
        page = pages[number].render(scale=100 / 72).to_pil().convert("RGB")
        return page.getpixel((round((slot.x + dx) * px), round((slot.y + dy) * px)))
    o = spec.component("board").options
    cell = pixel("board-1", o["frame"] + o["cell"] / 2, o["frame"] + o["cell"] / 2)
    size = spec.component("discs").options["size"]
    black, white = pixel("discs-1", size / 2, size / 4), pixel("discs-back", size / 2, size / 4)
    assert max(black) < 40 and min(white) > 240   # the disc sides as printed
    assert contrast(cell, white) >= 3 and contrast(cell, black) >= 3


def test_the_reference_card_shares_the_board_sheet_on_a4_and_stays_legible(spec):
    sheets = impose(spec, expand(spec)[0], "a4").sheets
    assert [n for n, s in enumerate(sheets) if "reference" in s.components] == \
        [n for n, s in enumerate(sheets) if "board" in s.components]   # under the board, not on a sheet of its own
    assert len(sheets) + 1 == 9   # components PDF pages, the list included (was 10)
    o = spec.component("reference").options
    font, placed, _ = card.layout(o)
    assert font >= 3.0 and placed   # 3 mm letters (8.5 pt): the text did not shrink to fit
