"""Paths and PAHs as shipped: spec checks, the pnp pahs command, and the rendered PDF measured."""
from pathlib import Path

import pypdfium2
import pytest
import yaml
from click.testing import CliRunner
from PIL import ImageChops, ImageDraw

from generator.spec import loader as specs
from generator.build import components_pdf
from generator.cli import cli
from generator.components import symbol_card
from generator.errors import SpecError
from generator.spec.expand import expand
from generator.games.paths_and_pahs import cards as pah
from generator.games.paths_and_pahs import rules
from generator.impose.imposition import impose, printable_area
from generator.check.validate import validate
from generator.draw import svg
from generator.draw.render import draw_art

POKER = ("components.cards.width=63mm", "components.cards.height=88mm")
DPI = 300
MM = DPI / 25.4


@pytest.fixture(scope="module")
def spec():
    return specs.load("paths-and-pahs")


@pytest.fixture(scope="module")
def a4(spec):
    data, _ = components_pdf(spec, "a4")
    return pypdfium2.PdfDocument(data)


def page_of(spec, component, paper="a4"):
    """The sheet (and its 0-based PDF page index) holding the first fronts of a component."""
    plan = impose(spec, expand(spec)[0], paper)
    n, sheet = next((n, s) for n, s in enumerate(plan.sheets) if component in s.components and s.side != "back")
    return n + 1, sheet


def greyscale(doc, index, dpi=DPI):
    """A page rendered at dpi in greyscale (PIL image, mode L)."""
    return doc[index].render(scale=dpi / 72).to_pil().convert("L")


def mark_positions(strip):
    """Centres of the dark runs along a line of pixel values: where crop marks cross it."""
    dark = [value < 128 for value in strip]
    edges = [i for i in range(len(dark) - 1) if dark[i] != dark[i + 1]]
    return [(a + b) / 2 for a, b in zip(edges[::2], edges[1::2])]


def trim_sizes(doc, index, sheet):
    """Card trim widths and heights in mm, measured from the crop marks rendered above and left of the block."""
    image = greyscale(doc, index)
    first = sheet.slots[0]
    block = [s.bleed_box for s in sheet.slots if (s.w, s.h) == (first.w, first.h)]
    right, bottom = max(b.x + b.w for b in block) + 1, max(b.y + b.h for b in block) + 1
    row, col = int((first.y - first.bleed - 3) * MM), int((first.x - first.bleed - 3) * MM)
    xs = mark_positions([image.getpixel((x, row)) for x in range(int(right * MM))])
    ys = mark_positions([image.getpixel((col, y)) for y in range(int(bottom * MM))])
    return [(b - a) / MM for a, b in zip(xs[::2], xs[1::2])], [(b - a) / MM for a, b in zip(ys[::2], ys[1::2])]


def test_shipped_spec_passes_every_check(spec):
    assert validate(spec) == []


def test_spec_figures_are_computed_and_match_games_md(spec):
    cards = rules.deck(spec)
    board = rules.starting_board(spec)
    assert len(cards) == len(set(cards)) == 27
    assert {(c.background, c.shape, c.colour) for c in cards} == set(
        (b, s, c) for b in pah.PROPERTIES["background"] for s in pah.PROPERTIES["shape"] for c in pah.PROPERTIES["colour"])
    assert sum(len(row) for row in board) == 36 == len(pah.board_cards(board)) + 9
    assert len(pah.count_pahs(cards)) == 864
    assert set(pah.pahs_per_card(cards).values()) == {96}
    assert len(pah.starting_pairs(cards)) == 108


def test_board_and_setup_show_the_seeded_layout(spec):
    _, arts = expand(spec)
    layouts = {art.component: art.props["layout"] for art in arts.values() if "layout" in art.props}
    expected = rules.layout_names(pah.shuffled_board(spec.component("board").faces.seed, rules.deck(spec)))
    assert layouts == {"board": expected, "setup": expected}


@pytest.mark.parametrize("override, messages", [
    ("components.cards.faces.product.colour=[red,blue]", [
        ("cards", "wrong number of cards (expected 27, found 18)"),
        ("cards", "wrong number of PAHs in the card set (expected 864, found 288)"),
        ("board", "wrong number of empty board cells (expected 9, found 18)"),
    ]),
    ("components.cards.faces.product.colour=[red,blue,blue]", [
        ("cards", "repeated value in product (expected 2 distinct, found 3)"),
        ("cards", "wrong number of starting pairs (no shared value) (expected 108, found 36)"),
    ]),
    ("components.pawns.faces.list.1.letter=A", [("pawns", "pawn letters used twice (expected none, found A)")]),
    ("components.inventory.faces.copies=8", [("inventory", "inventory sheets (one per pawn) (expected 9, found 8)")]),
])
def test_validator_fails_on_a_broken_set(override, messages):
    found = [(f.component, f.message) for f in validate(specs.load("paths-and-pahs", [override]))]
    assert all(message in found for message in messages), found


def test_validator_names_a_duplicated_and_a_missing_card(tmp_path):
    data = yaml.safe_load(Path(specs.resolve("paths-and-pahs")).read_text())
    faces = [{"background": c.background, "shape": c.shape, "colour": c.colour} for c in pah.full_deck()]
    data["components"]["cards"]["faces"] = {"list": faces[:-1] + [faces[0]]}
    path = tmp_path / "paths-and-pahs.yaml"
    path.write_text(yaml.safe_dump(data))
    messages = [f.message for f in validate(specs.load(str(path)))]
    assert "cards listed more than once (expected none, found black-circle-red)" in messages
    assert "combinations missing from the cards (expected none, found white-square-yellow)" in messages
    assert "cards on the board more than once (expected none, found black-circle-red)" in messages


def test_board_naming_a_missing_card_component_is_a_located_spec_error(tmp_path):
    with pytest.raises(SpecError, match=r"paths-and-pahs.yaml: --set components.board.cards: no component 'tiles'"):
        specs.load("paths-and-pahs", ["components.board.cards=tiles"])
    text = Path(specs.resolve("paths-and-pahs")).read_text()
    path = tmp_path / "paths-and-pahs.yaml"
    path.write_text(text.replace("    cards: cards\n    cell_fill: board", "    cards: tiles\n    cell_fill: board"))
    line = text.splitlines().index("    cards: cards", text.splitlines().index("  board:")) + 1
    with pytest.raises(SpecError, match=rf"paths-and-pahs.yaml:{line}: components.board.cards: no component 'tiles'"):
        specs.load(str(path))


def test_outline_is_light_on_black_and_dark_elsewhere(spec):
    comp = spec.component("cards")
    outlines = {bg: symbol_card.outline(spec, comp.options, {"background": bg}) for bg in pah.PROPERTIES["background"]}
    assert outlines == {"black": spec.colour("white"), "gray": spec.colour("ink"), "white": spec.colour("ink")}


def test_cards_measure_28_mm_in_the_pdf(spec, a4):
    index, sheet = page_of(spec, "cards")
    widths, heights = trim_sizes(a4, index, sheet)
    assert len(widths) == 5 and len(heights) == 6
    assert all(abs(w - 28) <= 0.2 for w in widths + heights), (widths, heights)


def test_cards_stay_distinct_in_greyscale(spec, a4):
    index, sheet = page_of(spec, "cards")
    image = greyscale(a4, index, dpi=100)
    _, arts = expand(spec)
    per = 100 / 25.4
    shade = {}
    for slot in [s for s in sheet.slots if arts[s.art].component == "cards"]:
        props = arts[slot.art].props
        ground = image.getpixel((int((slot.x + 2) * per), int((slot.y + 2) * per)))
        symbol = image.getpixel((int((slot.x + slot.w / 2) * per), int((slot.y + slot.h / 2) * per)))
        shade.setdefault(("background", props["background"]), set()).add(ground)
        shade.setdefault(("colour", props["colour"]), set()).add(symbol)
    assert all(max(v) - min(v) <= 3 for v in shade.values()), shade
    for prop in ("background", "colour"):
        levels = sorted(min(v) for (p, _), v in shade.items() if p == prop)
        assert len(levels) == 3 and min(b - a for a, b in zip(levels, levels[1:])) >= 40, (prop, levels)


def blank_box(image, x, y):
    """The white area around (x, y) mm of a page image at DPI, bounded by ink: its bounding box in pixels."""
    filled = image.copy()
    ImageDraw.floodfill(filled, (round(x * MM), round(y * MM)), 0, thresh=40)
    return ImageChops.difference(filled, image).getbbox()


def box_size(box):
    """Width and height (mm) of a blank area's bounding box: the fill stops a pixel inside the ink on each side."""
    left, top, right, bottom = box
    return (right - left + 2) / MM, (bottom - top + 2) / MM


def test_inventory_has_a_tally_box_per_card_and_boxes_for_every_pah_made(spec, a4):
    """A player records a card collected more than once (a box for tally marks, at least 5 mm each way, beside each of
    the 27 cards), every PAH made (its 3 card numbers, each in a box at least 5 mm each way, 5 PAHs per stage) and the
    way moved in each of the 4 rounds (the next move may not go straight back), measured as blank areas enclosed by
    ink on the printed copy sheet."""
    index, sheet = page_of(spec, "inventory")
    image = greyscale(a4, index)
    slot = sheet.slots[0]
    assert slot.rotation == 0
    drawing = draw_art(spec, expand(spec)[1][slot.art])
    tallies = [e.attrs for e in svg.walk(drawing) if getattr(e, "part", None) == "tally boxes"]
    moves = [e.attrs for e in svg.walk(drawing) if getattr(e, "part", None) == "move boxes"]
    assert len(tallies) == 27 and len(moves) == 4
    for box in tallies + moves:
        w, h = box_size(blank_box(image, slot.x + box["x"] + box["width"] / 2, slot.y + box["y"] + box["height"] / 2))
        assert 5.0 <= w <= 12 and 5.0 <= h <= 12, (box, w, h)
    dividers = [e.attrs for e in svg.walk(drawing) if getattr(e, "part", None) == "PAH boxes"]
    stages = len(spec.component("inventory").options["scoring"])
    assert len(dividers) == 2 * stages
    found = set()
    for line in dividers:
        x = slot.x + line["x1"]
        for side in (-1.5, 1.5):   # the parts either side of the divider, found down its length
            strip = [image.getpixel((round((x + side) * MM), y)) for y in range(round((slot.y + line["y1"]) * MM),
                                                                                 round((slot.y + line["y2"]) * MM))]
            runs = mark_positions([255 - v for v in strip])   # the white runs between the table's lines
            found.update(blank_box(image, x + side, slot.y + line["y1"] + y / MM) for y in runs)
    sizes = [box_size(box) for box in found]
    assert len(found) == 3 * 5 * stages and all(5.0 <= w <= 12 and 5.0 <= h <= 12 for w, h in sizes), sizes


def test_poker_size_cards_measure_63_by_88_and_the_board_prints_in_panels():
    poker = specs.load("paths-and-pahs", POKER)
    board = poker.component("board")
    assert (board.options["cell_width"], board.options["cell_height"]) == (63.5, 88.5)   # 0.5 mm clearance
    assert validate(poker) == []
    plan = impose(poker, expand(poker)[0], "a4")
    panels = [s for s in plan.sheets if s.components == ("board",)]
    area = printable_area("a4")
    assert len(panels) > 1 and all(s.slots[0].window is not None for s in panels)
    assert all(s.slots[0].w <= area.w + 1e-6 and s.slots[0].h <= area.h + 1e-6 for s in panels)
    data, pages = components_pdf(poker, "a4")
    doc = pypdfium2.PdfDocument(data)
    assert len(doc) == pages
    index, sheet = page_of(poker, "cards")
    widths, heights = trim_sizes(doc, index, sheet)
    assert widths and heights
    across, down = (63, 88) if sheet.slots[0].rotation == 0 else (88, 63)  # turned when that saves sheets
    assert all(abs(w - across) <= 0.2 for w in widths) and all(abs(h - down) <= 0.2 for h in heights), (widths, heights)


def run(*args):
    return CliRunner().invoke(cli, ["pahs", *args])


def test_pahs_lists_a_pah():
    result = run("black-square-yellow", "black-circle-yellow", "white-square-red")
    assert result.exit_code == 0
    assert result.output.splitlines() == ["black-square-yellow + black-circle-yellow + white-square-red",
                                          "1 PAH among 3 distinct cards"]


def test_pahs_finds_none_in_a_non_pah():
    result = run("black-circle-red", "gray-triangle-red", "white-square-red")
    assert result.exit_code == 0
    assert result.output.splitlines() == ["0 PAHs among 3 distinct cards"]


def test_pahs_rejects_an_unknown_card_in_one_line():
    result = run("black-circle-red", "black-circle-purple")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown word 'purple' in card 'black-circle-purple'")
    assert len(result.stderr.strip().splitlines()) == 1


def test_pahs_board_counts_the_one_move_pahs_of_the_spec_and_of_a_seed(spec):
    expected = pah.board_pahs(rules.starting_board(spec))
    lines = run("--board").output.splitlines()
    assert lines[-1].startswith(f"{len(expected)} PAHs can be collected in a single move")
    assert sum(" + " in line for line in lines) == len(expected)
    seeded = run("--board", "--seed", "1")
    assert seeded.output.splitlines()[-1].startswith(f"{len(pah.board_pahs(pah.shuffled_board(1)))} PAHs")


@pytest.mark.parametrize("args, message", [
    (("--seed", "3", "black-circle-red"), "error: --seed needs --board"),
    (("--board", "--seed", "3", "paths-and-pahs"), "error: give either --seed or a game, not both"),
    ((), "error: give the cards to check"),
])
def test_pahs_misuse_is_one_line_and_exit_1(args, message):
    result = run(*args)
    assert result.exit_code == 1 and result.stderr.startswith(message)


def test_the_board_cells_leave_half_a_millimetre_round_each_card(spec, a4):
    """The cells were exactly the cards' 28 mm: a hand-cut card a little large overlapped its neighbours and a row of six
    would not slide. The grid lines rendered at 300 dpi across the board's middle row are 28.5 mm apart, the cards'
    crop marks 28 mm."""
    index, sheet = page_of(spec, "board")
    (slot,) = sheet.slots
    image = greyscale(a4, index)
    frame = spec.component("board").options["frame"]
    row = round((slot.y + frame + 25) * MM)   # across the first row of cells, below what an empty cell draws
    lines = mark_positions([image.getpixel((x, row)) for x in range(round((slot.x + frame - 1) * MM),
                                                                    round((slot.x + slot.w - frame + 1) * MM))])
    pitches = [(b - a) / MM for a, b in zip(lines, lines[1:])]
    assert len(pitches) == 6 and all(abs(p - 28.5) < 0.1 for p in pitches), pitches
    index, sheet = page_of(spec, "cards")
    widths, heights = trim_sizes(a4, index, sheet)
    assert widths and all(abs(w - 28.0) < 0.1 for w in widths + heights), (widths, heights)
