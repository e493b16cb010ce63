"""Glorieta built from its spec: counts, hex-board panels, measured cells, stone backs, the loop command, diagrams."""
import math

import pypdfium2
import pytest
from click.testing import CliRunner

from generator.draw import hexgrid
from generator.spec import loader as specs
from generator.build import components_pdf
from generator.cli import cli
from generator.components import hex_board
from generator.errors import UserError
from generator.spec.expand import expand
from generator.games.glorieta import RULESET, rules as glorieta
from generator.impose.imposition import MARGIN, impose, printable_area
from generator.check.validate import validate
from placements import placed_centres

MM_PER_INCH = 25.4
POSITIONS = sorted(glorieta.EXAMPLES)


@pytest.fixture(scope="module")
def spec():
    """The shipped Glorieta spec."""
    return specs.load("glorieta")


@pytest.fixture(scope="module")
def a4(spec):
    """The A4 components PDF (bytes) and its sheet plan."""
    return components_pdf(spec, "a4")[0], impose(spec, expand(spec)[0], "a4")


def test_counts_computed_from_the_spec_match_games_md(spec):
    o = spec.component("board").options
    cells, ring = hex_board.cells(o), hex_board.ring_map(o)
    assert len(cells) == 127 and len(ring) == 42
    assert sorted(ring.values()).count("black") == 21 and list(ring.values()).count("yellow") == 21
    assert ring == glorieta.ring_colours(), "the board prints the ring the loop checker assumes"
    counts = sorted(glorieta.perimeter_neighbour_counts(cells, ring).values())
    assert len(counts) == 36 and counts.count(3) == 6 and counts.count(2) == 30
    pieces, arts = expand(spec)
    for colour in glorieta.PLAYERS:
        stones = [p for p in pieces if arts[p.front].props.get("colour") == colour]
        assert len(stones) >= 64
        assert all(p.back and spec.colour(spec.component(p.component).back.fill) == spec.colour("pink") for p in stones)
    assert validate(spec) == []


def run(*args):
    """Run the pnp command line."""
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("override, line", [
    ("components.board.ring_run=6", "board: black ring spaces (expected 21, found 24)"),
    ("components.board.radius=5", "board: board cells (expected 127, found 91)"),
    ("components.black-stones.faces.copies=63", "black-stones: black stones (expected at least 64, found 63)"),
    ("components.yellow-stones.back.fill=yellow", "yellow-stones: stones without a pink back (expected 0, found 64)"),
    ("components.black-stones.size=21mm", "black-stones: stone too wide for a 22 mm cell (expected at most 20 mm, found 21 mm)"),
])
def test_validate_fails_a_broken_set_with_a_clear_line(override, line):
    result = run("validate", "glorieta", "--set", override)
    assert result.exit_code == 1
    assert f"specs/glorieta.yaml: {line}" in result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_panels_cover_every_cell_with_the_stated_overlap(spec, paper):
    board = spec.component("board")
    plan = impose(spec, expand(spec)[0], paper)
    sheets = [s for s in plan.sheets if "board" in s.components]
    overlap = hex_board.panel_overlap(board.options)
    assert len(sheets) == 4 and overlap >= 2 * board.options["cell"] / math.sqrt(3)
    windows = [s.slots[0].window for s in sheets]
    assert all(f"overlap {overlap:g} mm" in s.note for s in sheets)
    xs, ys = sorted({w.x for w in windows}), sorted({w.y for w in windows})
    assert xs[1] == pytest.approx(xs[0] + windows[0].w - overlap) and ys[1] == pytest.approx(ys[0] + windows[0].h - overlap)
    width, height = hex_board.size(board.options)
    assert max(w.x + w.w for w in windows) == pytest.approx(width) and max(w.y + w.h for w in windows) == pytest.approx(height)
    layout = hex_board.layout(board.options)
    everything = hex_board.cells(board.options) + hex_board.ring_spaces(board.options)
    for h in everything:
        corners = hexgrid.polygon_corners(layout, h)
        assert any(all(w.x <= x <= w.x + w.w and w.y <= y <= w.y + w.h for x, y in corners) for w in windows), h
    area = printable_area(paper)
    for sheet in sheets:
        slot, a = sheet.slots[0], sheet.assembly
        assert area.x <= slot.x and slot.x + slot.w <= area.x + area.w and slot.y + slot.h <= area.y + area.h
        assert len(sheet.targets) >= 3 * len(sheet.tabs), "targets along every glue tab"
        assert all(any(t.x <= x <= t.x + t.w and t.y <= y <= t.y + t.h for t in sheet.tabs) for x, y in sheet.targets)
        assert (a.cols, a.rows) == (2, 2) and a.y >= MARGIN and a.x >= MARGIN
        assert a.y + a.rows * a.cell_h <= slot.y - 5, "the assembly map sits clear of the panel and its crop marks"
    first = sheets[0]
    assert "panel 1 of 4" in first.note and (first.assembly.col, first.assembly.row) == (0, 0)


def test_rendered_cell_is_22_mm_across_the_flats(spec, a4):
    data, plan = a4
    number, sheet = next((n, s) for n, s in enumerate(plan.sheets, start=1) if "board" in s.components)
    slot, dpi = sheet.slots[0], 300
    layout = hex_board.layout(spec.component("board").options)
    middle = (slot.window.x + slot.w / 2, slot.window.y + slot.h / 2)
    cx, cy = hexgrid.hex_to_pixel(layout, hexgrid.pixel_to_hex(layout, middle))
    x, y = slot.x + cx - slot.window.x, slot.y + cy - slot.window.y
    doc = pypdfium2.PdfDocument(data)
    page = doc[number].render(scale=dpi / 72).to_pil().convert("L")
    px = dpi / MM_PER_INCH
    column = [page.getpixel((round(x * px), round(y * px) + k)) for k in range(-round(14 * px), round(14 * px))]
    dark = [k for k, v in enumerate(column) if v < 128]
    top = [k for k in dark if k < len(column) / 2]
    bottom = [k for k in dark if k > len(column) / 2]
    across = ((sum(bottom) / len(bottom)) - (sum(top) / len(top))) / px  # line centre to line centre
    assert across == pytest.approx(spec.component("board").options["cell"], abs=0.3)
    assert across == pytest.approx(22.0, abs=0.3)


def test_stone_backs_register_with_fronts_in_duplex(spec, a4):
    data, plan = a4
    width, stone = plan.width, spec.component("black-stones").options["size"] + 2 * spec.component("black-stones").bleed
    fronts = [n for n, s in enumerate(plan.sheets, start=1) if s.side == "front"]
    assert len(fronts) == 2
    stones = 0
    for number in fronts:
        front, back = ([(x, y) for x, y in placed_centres(data, n, (stone, stone))]
                       for n in (number, number + 1))
        assert len(front) == len(back)
        stones += len(front)
        for x, y in front:  # the file writes 3 decimals: a back within 0.01 mm of the mirrored front
            assert any(abs(width - x - bx) < 0.01 and abs(y - by) < 0.01 for bx, by in back), (x, y)
    assert stones == 128, "black and yellow stones share the duplex pairs"


def test_stone_backs_register_with_fronts_when_folded(spec):
    plan = impose(spec, expand(spec)[0], "letter", backs="fold")
    folds = [s for s in plan.sheets if s.side == "fold"]
    assert folds
    for sheet in folds:
        fold_y, half = sheet.folds[0], len(sheet.slots) // 2
        for front, back in zip(sheet.slots[:half], sheet.slots[half:]):
            assert back.art.endswith("-back") and back.rotation == 180
            assert back.x + back.w / 2 == pytest.approx(front.x + front.w / 2)
            assert back.y + back.h / 2 == pytest.approx(2 * fold_y - (front.y + front.h / 2))


@pytest.mark.parametrize("name, lines", [
    ("six-around-one", ["loop 1: black, 6 stones (0 pink), 0 ring spaces: -1,0 -1,1 0,-1 0,1 1,-1 1,0",
                        "    encloses 1 cell: 0,0", "summary: 1 loop (black 1, yellow 0): black has a loop"]),
    ("edge-loop", ["    encloses 1 cell: 6,-3", "summary: 1 loop (black 0, yellow 1): yellow has a loop"]),
    ("pink-loop", ["loop 1: black, 8 stones (2 pink), 0 ring spaces: -4,1 -4,2 -3,0 -3,2 -2,0 -2,2 -1,0 -1,1",
                   "    encloses 2 cells: -3,1 -2,1"]),
    ("not-a-loop", ["summary: no loop"]),
])
def test_loop_command_on_the_example_positions(name, lines):
    result = run("glorieta-loops", f"specs/positions/{name}.yaml")
    assert result.exit_code == 0
    for line in lines:
        assert line in result.output.splitlines()


def test_loop_command_rejects_bad_files_in_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text('stones:\n  black: ["0,9"]\n')
    for path, message in ((bad, "stones.black[0]: cell '0,9' is off the board"), (tmp_path / "none.yaml", "cannot read position")):
        result = run("glorieta-loops", str(path))
        assert result.exit_code == 1 and message in result.output and len(result.output.strip().splitlines()) == 1
    assert cli.commands["glorieta-loops"].loaded().help.rstrip().endswith("Example: pnp glorieta-loops position.yaml")


def test_diagrams_show_what_their_captions_say(spec):
    for make in RULESET.diagrams.values():
        diagram = make(spec)
        assert diagram.width <= 174 and diagram.parts
    swapped = specs.load("glorieta", ["components.board.ring_colours=[yellow, black]"])
    with pytest.raises(UserError, match="edge-loop.yaml: the rules show this position as 'at the edge: a yellow loop', but loops.. finds no loop"):
        glorieta.loop_examples(swapped)
