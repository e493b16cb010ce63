"""Posies move rules and the rulebook diagrams that must only ever show legal moves, on the board as it is printed."""
import io

import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageFilter

from generator.output import raster
from generator.spec import loader as specs
from generator.draw import trigrid
from generator.build import components_pdf
from generator.errors import UserError
from generator.spec.expand import expand
from generator.games.posies import rules as posies
from generator.impose.imposition import impose
from generator.output.rulebook import rules_pdf

SMALL = (3, 4, 5, 4, 3)  # a small lattice for the move rules' own tests


@pytest.fixture(scope="module")
def spec():
    return specs.load("posies")


def board(rows):
    """A fragment state from diagram notation, with its taken points."""
    state, taken, _ = posies.parse_example(rows, SMALL)
    return state, taken


def test_neighbours_and_lines_of_one_colour_may_be_taken():
    state, taken = board(("1 1* 1*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "neighbours"
    state, taken = board(("2* 3 1", "1 . . .", "2* . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"  # along the other diagonal
    state, taken = board(("2* 3 1", "1 1 . .", ". 2* . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None  # not on one straight line
    state, taken = board(("2* . .", ". 3 . .", ". . 1 . .", ". . 2* .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"  # along a diagonal
    state, taken = board(("2* 3 2*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"


def test_a_gap_or_two_colours_spoil_the_move():
    state, taken = board(("2* . 2*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None
    state, taken = board(("2* 3* .", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None
    with pytest.raises(UserError, match="rows hold"):
        posies.parse_example(("1* 2 3 1*", ". . .", ". . . . .", ". . . .", ". . ."), SMALL)
    state, taken = board((". . .", "1* 2 3 1*", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"


def test_split_hands_over_the_smallest_piece():
    state, taken, extra = posies.parse_example(posies.SPLIT)
    after = posies.split_after(state, *taken)
    assert len(after) == 2 and after[0] == extra and len(after[0]) < len(after[1])
    assert sum(map(len, after)) == len(state) - 2
    assert len(posies.groups(trigrid.points(posies.ROWS))) == 1


def test_moves_diagram_shows_both_legal_moves(spec):
    kinds = [posies.checked_move(rows)[2] for rows in posies.MOVES.values()]
    assert kinds == ["neighbours", "line"]
    diagram = posies.removal_moves(spec)
    posy_parts = [p for p in diagram.parts if p[0].startswith("posy-")]
    assert len(posy_parts) == sum(len(posies.parse_example(r)[0]) for r in posies.MOVES.values())
    assert diagram.width <= 174  # the A4 text column


def test_the_line_example_can_be_taken_only_by_the_line():
    """No posy of the taken pair's colour touches either of them or stands between them, so a reader sees why the line
    rule is needed (a purple neighbour would make the pair look takeable as neighbours)."""
    state, (a, b), kind, _ = posies.checked_move(posies.MOVES["Two in a line"])
    edges = set(trigrid.edges(state))
    touching = {q for p in (a, b) for q in state if (p, q) in edges or (q, p) in edges} - {a, b}
    [line] = [line for line in trigrid.lines(trigrid.points(posies.ROWS)) if a in line and b in line]
    i, j = sorted((line.index(a), line.index(b)))
    assert kind == "line" and j - i > 1
    assert all(state[q] != state[a] for q in touching | set(line[i + 1:j]))


def edited(rows, row, index, word):
    """Diagram rows with one point's word replaced."""
    words = rows[row].split()
    words[index] = word
    return rows[:row] + (" ".join(words),) + rows[row + 1:]


def test_moves_diagram_refuses_an_illegal_move(spec):
    line = posies.MOVES["Two in a line"]
    assert line[2].split()[3] == "1" and posies.checked_move(line)[2] == "line"
    with pytest.raises(UserError, match="illegal move"):  # a gap on the line between the two purples
        posies.removal_moves(spec, {"Two in a line": edited(line, 2, 3, ".")})
    neighbours = posies.MOVES["Two neighbours"]
    with pytest.raises(UserError, match="illegal move"):  # a green and a purple
        posies.removal_moves(spec, {"Two neighbours": edited(neighbours, 4, 3, "2*")})
    unmarked_split = {"Two neighbours": tuple(row.replace("+", "") for row in posies.SPLIT)}
    with pytest.raises(UserError, match="split"):
        posies.removal_moves(spec, unmarked_split)


def test_split_diagram_refuses_a_wrong_group(spec):
    assert posies.split_example(spec).width <= 174
    larger = tuple(row.replace("+", "") for row in posies.SPLIT)
    larger = edited(edited(larger, 0, 0, "3+"), 0, 1, "2+")  # marks two posies of the larger piece instead
    with pytest.raises(UserError, match="smallest group"):
        posies.split_example(spec, larger)
    no_split = edited(edited(posies.SPLIT, 4, 4, "1"), 3, 5, "2")  # posies that bridge the pair keep one group
    with pytest.raises(UserError, match="smallest group"):
        posies.split_example(spec, no_split)


def rules_text(spec, paper="a4"):
    """The rulebook's text, spaces normalised."""
    data, _ = rules_pdf(spec, paper)
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(p.extract_text() for p in pages).replace("\u00a0", " ").split())


def test_the_captions_say_what_the_diagrams_show(spec):
    text = rules_text(spec)
    points = len(trigrid.points(spec.component("board").options["rows"]))
    assert f"Each diagram shows the whole board, all {points} points, the way the components sheet prints it" in text
    state, (a, b), _, _ = posies.checked_move(posies.MOVES["Two in a line"])
    [line] = [line for line in trigrid.lines(state) if a in line and b in line]
    between = abs(line.index(a) - line.index(b)) - 1
    _, _, _, after = posies.checked_move(posies.SPLIT)
    words = {2: "two", 3: "three"}
    assert f"two purple posies on a straight line with {words[between]} posies between them" in text
    assert f"The smaller piece, {words[len(after[0])]} posies, goes to the player" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_diagrams_draw_the_board_as_the_sheet_prints_it(spec, paper):
    """The board in each diagram, rendered, matches the board cut from the components sheet, turned as printed."""
    pieces, _ = expand(spec)
    data, _ = components_pdf(spec, paper)
    plan = impose(spec, pieces, paper)
    number, slot = next((n, s) for n, sheet in enumerate(plan.sheets, start=1) for s in sheet.slots
                        if s.art.startswith("board"))
    dpi = 50
    px = dpi / 25.4
    page = pypdfium2.PdfDocument(data)[number].render(scale=dpi / 72).to_pil().convert("L")
    size = round(slot.w * px), round(slot.h * px)  # cut out at the slot's exact place, not rounded to whole pixels
    printed = page.transform(size, Image.Transform.EXTENT, (slot.x * px, slot.y * px, (slot.x + slot.w) * px,
                             (slot.y + slot.h) * px), Image.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(1))
    assert slot.rotation == posies.printed_turn(spec) == 90  # turned on both papers: its rows run down the sheet
    for diagram in (posies.removal_moves(spec), posies.split_example(spec)):
        boards = [text for key, text, *_ in diagram.parts if not key.startswith("posy-") and "labels" not in key]
        assert len(boards) == 2
        for text in boards:
            drawn = Image.open(io.BytesIO(raster.picture_png(text, dpi))).convert("L")
            assert abs(drawn.width - printed.width) <= 1 and abs(drawn.height - printed.height) <= 1
            drawn = drawn.resize(printed.size).filter(ImageFilter.GaussianBlur(1))
            differ = lambda image: sum(ImageChops.difference(printed, image).histogram()[64:])
            assert differ(drawn) < 150  # the board's name is hinted by cairo, a few pixels either way by what it drew before
            assert differ(drawn.rotate(180)) > 500  # the test tells a board the other way up (its name) apart


def test_the_rulebooks_diagrams_impose_the_sheets_once_per_paper_for_their_turn(monkeypatch):
    """Two diagrams draw the board turned as printed: the board is drawn and the sheets of both papers are imposed once
    for the pair (the rulebook's stand-in spec too), and a spec loaded afresh is imposed afresh."""
    from generator.build import Reader
    from generator.draw.diagram import drawn
    imposed, rendered = [], []
    from generator.impose import imposition
    monkeypatch.setattr(imposition, "impose", lambda *args, **kw: imposed.append(args[2]) or impose(*args, **kw))
    monkeypatch.setattr(posies.diagram, "turned", lambda *args, real=posies.diagram.turned: rendered.append(1) or real(*args))
    for spec in (specs.load("posies"), Reader(specs.load("posies"))):
        del imposed[:], rendered[:]
        diagrams = drawn(spec)
        assert sorted(imposed) == ["a4", "letter"] and len(diagrams) == 2 and len(rendered) == 1
    assert posies.printed_turn(specs.load("posies")) == 90 and len(imposed) == 4


def test_posies_rules_load_no_imposition():
    """Validating Posies imposes nothing: its rules import the imposition only to work out a diagram's printed turn."""
    import subprocess
    import sys
    code = "import sys, generator.games.posies.rules; print('generator.impose.imposition' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False"]
