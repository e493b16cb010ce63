"""Imposition properties: every piece placed once, no overlaps, inside the printable area, backs mirror fronts."""
import math
from collections import Counter

import pypdfium2
import pytest
import yaml
from hypothesis import example, given, settings, strategies as st

from generator.spec import loader as specs
from generator.errors import UserError
from generator.spec.expand import expand
from generator.impose.imposition import CLEAR, EPS, MARGIN, MARK_LEN, MARK_MIN, MARK_OFFSET, NEAR, SPACING, Rect, impose, printable_area, shares
from generator.impose.plan import Slot
from generator.units import PT_PER_MM


def make_spec(components):
    """A spec built from plain data, as if loaded from YAML."""
    data = {"game": {"title": "Test", "designer": "Tester"}, "palette": {"red": "#ff0000"}, "components": components}
    return specs.build("test.yaml", data, {})


def tile(size, count, bleed=0.0, back=False):
    """A square-tile component of count copies."""
    comp = {"kind": "square-tile", "size": f"{size}mm", "bleed": f"{bleed}mm", "expect": count,
            "faces": {"list": [{"colour": "red", "shape": "round"}], "copies": count}}
    if back:
        comp["back"] = {"fill": "red"}
    return comp


def card(width, height, count, back=True):
    """A reference-card component with a back."""
    comp = {"kind": "reference-card", "width": f"{width}mm", "height": f"{height}mm", "heading": "H",
            "lines": ["x"], "expect": count, "faces": {"copies": count}}
    if back:
        comp["back"] = {"fill": "red"}
    return comp


def overlap(a, b):
    """True when two rectangles share more than an edge."""
    return a.x + a.w > b.x + EPS and b.x + b.w > a.x + EPS and a.y + a.h > b.y + EPS and b.y + b.h > a.y + EPS


def gap(a, b):
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.x - (a.x + a.w), a.x - (b.x + b.w), 0)
    dy = max(b.y - (a.y + a.h), a.y - (b.y + b.h), 0)
    return (dx * dx + dy * dy) ** 0.5


def segment_gap(a, b):
    """The distance between two axis-aligned segments."""
    return gap(*(Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)) for (x1, y1), (x2, y2) in (a, b)))


def owners(sheet):
    """For each crop mark, the block it belongs to: slots joined by shared edges, the nearest to the mark."""
    boxes = [s.bleed_box for s in sheet.slots]
    block = list(range(len(boxes)))
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[:i]):
            if gap(a, b) < EPS:
                old, new = block[i], block[j]
                block = [new if k == old else k for k in block]
    return [block[min(range(len(boxes)), key=lambda i: segment_gap(mark, corners(boxes[i])))] for mark in sheet.marks]


def corners(box):
    """A rectangle as a degenerate 'segment' pair for segment_gap."""
    return (box.x, box.y), (box.x + box.w, box.y + box.h)


def facing(a, b) -> bool:
    """Two marks (start, end) end to end on lines less than NEAR apart, each running from its own block towards the
    other's: a gap's two halves."""
    (ax1, ay1), (ax2, ay2) = a
    (bx1, by1), (bx2, by2) = b
    if (ax1 == ax2) != (bx1 == bx2):
        return False
    upright = ax1 == ax2
    across = abs(ax1 - bx1) if upright else abs(ay1 - by1)
    start, end, other, tip = (ay1, ay2, by1, by2) if upright else (ax1, ax2, bx1, bx2)
    way = 1 if end > start else -1
    return across < NEAR and (tip - other) * way < 0 and (end - start) * way <= (other - start) * way - CLEAR + EPS


def assert_marks_apart(sheet):
    """Marks of different blocks keep SPACING apart (two halves of a gap between blocks, end to end, CLEAR); every
    mark keeps CLEAR from every piece."""
    owner = owners(sheet)
    for i, a in enumerate(sheet.marks):
        for j in range(i + 1, len(sheet.marks)):
            if owner[i] != owner[j]:
                least = CLEAR if facing(a, sheet.marks[j]) else SPACING
                assert segment_gap(a, sheet.marks[j]) >= least - EPS, f"crop marks crowd: {a} {sheet.marks[j]}"


def placed(plan):
    """The sheets that hold pieces in page order: page 1's pieces (below the list of components) first, if any."""
    return ((plan.cover,) if plan.cover else ()) + plan.sheets


def check_plan(spec, paper):
    """Assert the imposition properties for one spec and paper; return the plan."""
    from generator.impose.imposition import EDGE, mark_bounds, mark_room
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, paper)
    bounds = mark_bounds(plan.width, plan.height)
    fronts = Counter()
    for sheet in placed(plan):
        boxes = [s.bleed_box for s in sheet.slots]
        trims = [Rect(s.x, s.y, s.w, s.h) for s in sheet.slots]
        for i, (a, clip, slot) in enumerate(zip(boxes, shares(sheet.slots), sheet.slots)):
            room = min(EDGE, mark_room(slot.bleed, MARK_MIN))   # inside the marks' bounds, room for the shortest marks
            assert bounds.x + room - EPS <= a.x and a.x + a.w <= bounds.x + bounds.w - room + EPS, "slot outside the area"
            assert bounds.y + room - EPS <= a.y and a.y + a.h <= bounds.y + bounds.h - room + EPS, "slot outside the area"
            painted = Rect(*(clip or a))
            assert not any(overlap(painted, b) for j, b in enumerate(trims) if j != i), "art over a neighbour's piece"
        for (x1, y1), (x2, y2) in sheet.marks:
            for x, y in ((x1, y1), (x2, y2)):
                assert MARGIN - EPS <= x <= plan.width - MARGIN + EPS and MARGIN - EPS <= y <= plan.height - MARGIN + EPS
            mark = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            assert not any(overlap(mark, b) for b in boxes), "crop mark inside a piece"
            assert MARK_MIN - EPS <= mark.w + mark.h <= MARK_LEN + EPS
            assert all(gap(mark, b) >= CLEAR - EPS for b in boxes), "crop mark touching a piece"
        assert_marks_apart(sheet)
        if sheet.side != "back":
            fronts.update(s.art for s in sheet.slots)
    assert sum(fronts.values()) == len(pieces)
    assert fronts == Counter(p.front for p in pieces)
    for front, back in zip(plan.sheets, plan.sheets[1:]):
        if back.side == "back":
            assert front.side == "front"
            assert len(front.slots) == len(back.slots)
            for f, b in zip(front.slots, back.slots):
                assert abs((f.x + f.w / 2) - (plan.width - (b.x + b.w / 2))) < 1e-6, "back not mirrored"
                assert abs(f.y - b.y) < 1e-6 and b.rotation == -f.rotation
    return plan


@settings(max_examples=60, deadline=None)
@given(size=st.integers(10, 150), count=st.integers(1, 90), bleed=st.sampled_from([0, 1, 3]),
       back=st.booleans(), paper=st.sampled_from(["a4", "letter"]))
def test_tiles_are_placed_once_inside_without_overlap(size, count, bleed, back, paper):
    check_plan(make_spec({"t": tile(size, count, bleed, back)}), paper)


@settings(max_examples=40, deadline=None)
@given(width=st.integers(30, 170), height=st.integers(30, 170), count=st.integers(1, 30),
       paper=st.sampled_from(["a4", "letter"]))
def test_cards_with_backs_mirror_for_long_edge_duplex(width, height, count, paper):
    plan = check_plan(make_spec({"c": card(width, height, count)}), paper)
    assert [s.side for s in plan.sheets] == ["front", "back"] * (len(plan.sheets) // 2)


def test_turns_cards_when_that_saves_sheets():
    plan = check_plan(make_spec({"c": card(120, 70, 4, back=False)}), "a4")
    assert {s.rotation for sheet in plan.sheets for s in sheet.slots} == {90}
    assert len(plan.sheets) == 1
    single = check_plan(make_spec({"c": card(120, 70, 3, back=False)}), "a4")
    assert single.sheets[0].slots[0].rotation == 0


def test_small_components_share_a_sheet():
    """Both fit below the list of components on page 1: the set needs no other sheet."""
    plan = check_plan(make_spec({"a": tile(25, 7), "b": tile(30, 6)}), "a4")
    assert plan.sheets == () and set(plan.cover.components) == {"a", "b"}


def test_large_board_is_split_into_overlapping_panels_covering_every_cell():
    spec = specs.load("grannys-pills", ["components.board.cell=40mm"])
    pieces, _ = expand(spec)
    board_w = 6 * 40 + 2 * 8
    for paper in ("a4", "letter"):
        plan = impose(spec, [p for p in pieces if p.component == "board"], paper)
        windows = [sheet.slots[0].window for sheet in plan.sheets]
        assert len(windows) > 1
        for i in range(6):
            for j in range(6):
                cell = Rect(8 + i * 40, 8 + j * 40, 40, 40)
                assert any(w.x - EPS <= cell.x and cell.x + cell.w <= w.x + w.w + EPS and
                           w.y - EPS <= cell.y and cell.y + cell.h <= w.y + w.h + EPS for w in windows)
        assert max(w.x + w.w for w in windows) >= board_w - EPS
        xs = sorted({w.x for w in windows})
        for left, right in zip(xs, xs[1:]):
            window = next(w for w in windows if w.x == left)
            assert window.x + window.w - right >= 12 - EPS, "panels must overlap"
        assert all(sheet.targets for sheet in plan.sheets[:-1]), "every panel but the top one carries alignment targets"


@settings(max_examples=30, deadline=None)
@given(size=st.integers(10, 80), count=st.integers(1, 60), paper=st.sampled_from(["a4", "letter"]))
def test_fold_over_puts_each_back_at_the_mirror_of_its_front(size, count, paper):
    spec = make_spec({"t": tile(size, count, 1, back=True)})
    pieces, _ = expand(spec)
    plan = impose(spec, pieces, paper, backs="fold")
    area = printable_area(paper)
    placed = 0
    for sheet in plan.sheets:
        assert sheet.side == "fold" and len(sheet.folds) == 1
        fold = sheet.folds[0]
        fronts = [s for s in sheet.slots if s.art.endswith("-1")]
        backs = [s for s in sheet.slots if s.art.endswith("-back")]
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs):
            assert f.y + f.h + f.bleed <= fold and b.y - b.bleed >= fold
            assert abs((f.y + f.h / 2) - (2 * fold - (b.y + b.h / 2))) < 1e-6 and f.x == b.x
            assert b.rotation == 180
            for box in (f.bleed_box, b.bleed_box):
                assert area.y - EPS <= box.y and box.y + box.h <= area.y + area.h + EPS
        placed += len(fronts)
    assert placed == count


def _banded(width, height, count):
    """Two-sided cards of width x height mm: a red band along the top of each front, a blue one along the top of its
    back (both inside the safe area: the cards share their bleed, and the sheet turns some of them)."""
    band = {"ground": "paper", "elements": {"top": {"type": "rect", "x": 3, "y": 3, "width": width - 6, "height": 12}}}
    front, back = ({**band, "elements": {"top": {**band["elements"]["top"], "fill": c}}} for c in ("red", "blue"))
    return specs.build("test.yaml", {
        "game": {"title": "Bands", "designer": "Tester"},
        "palette": {"paper": "#ffffff", "red": "#ff0000", "blue": "#0000ff"},
        "components": {"cards": {"kind": "layout", "expect": count, "width": f"{width}mm", "height": f"{height}mm",
                                 "layout": front, "data": [{"count": count}], "back": {"layout": back}}}}, {})


def _centre(image, box, colour, px):
    """The centre (mm) of the pixels of one colour inside a box (mm) of a page image at px pixels a mm, or None."""
    found = [(x, y) for y in range(round(box.y * px), round((box.y + box.h) * px))
             for x in range(round(box.x * px), round((box.x + box.w) * px)) if image.getpixel((x, y)) == colour]
    return (sum(x for x, _ in found) / len(found) / px, sum(y for _, y in found) / len(found) / px) if found else None


@pytest.mark.parametrize("width, height, paper, backs", [
    (63, 88, "a4", "fold"), (88, 63, "a4", "fold"),   # cards turned 90 degrees on the sheet, and cards upright
    (63, 88, "a4", "duplex"), (63, 88, "297x210mm", "duplex")])
def test_every_back_stands_upright_behind_its_front_when_the_piece_is_turned_over(width, height, paper, backs):
    """On the page pdfium draws, each back's blue band, carried to the front's side as the sheet is folded (across the
    fold line) or turned (across the page's centre line), lies along the same edge as its front's red band: a piece
    turned over side to side shows its back upright. A card turned 90 degrees on a fold-over sheet had its back turned
    180 degrees, upside down (a deck with backs both ways is a marked deck); a landscape page told a long-edge flip."""
    from generator.build import components_pdf
    from generator.units import paper_size
    from tests.pages import pdfium
    spec, px = _banded(width, height, 9), 2
    plan = impose(spec, expand(spec)[0], paper, backs=backs)
    data = components_pdf(spec, paper, backs=backs)[0]
    page_width = paper_size(paper)[0]
    turned = 0
    for number, sheet in enumerate(plan.sheets, start=2):
        if sheet.side == "back":
            continue
        fronts = [s for s in sheet.slots if s.art.startswith("cards-") and not s.art.endswith("-back")]
        image = pdfium(data, px, page=number - 1)
        reverse = image if backs == "fold" else pdfium(data, px, page=number)
        for slot in fronts:
            box = slot.bleed_box
            if backs == "fold":
                fold = sheet.folds[0]
                behind, carried = box._replace(y=2 * fold - box.y - box.h), lambda x, y: (x, 2 * fold - y)
            else:
                behind, carried = box._replace(x=page_width - box.x - box.w), lambda x, y: (page_width - x, y)
            red, blue = _centre(image, box, (255, 0, 0), px), _centre(reverse, behind, (0, 0, 255), px)
            assert red and blue, (number, slot)
            # the same edge: within a few mm (a neighbour's shared bleed hides part of a band), where the opposite
            # edge is the card's length less the band away (48 mm at least)
            assert math.dist(red, carried(*blue)) < 8, (number, slot.rotation, red, carried(*blue))
            turned += slot.rotation in (90, -90)
    assert turned if width < height and backs == "fold" else True   # the case that was wrong is met
    if backs == "duplex":
        edge = "short" if paper == "297x210mm" else "long"
        assert all(sheet.note == f"back: print on the reverse, flip on the {edge} edge"
                   for sheet in plan.sheets if sheet.side == "back")
        words = " ".join(pypdfium2.PdfDocument(data)[0].get_textpage().get_text_range().split())
        assert f"print double-sided, flip on the {edge} edge" in words, words


def test_six_games_have_the_imposition_properties():
    for game in ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"):
        spec = specs.load(game)
        for paper in ("a4", "letter"):
            pieces, _ = expand(spec)
            plan = impose(spec, pieces, paper)
            for sheet in placed(plan):
                boxes = [s.bleed_box for s in sheet.slots if s.window is None]
                assert_marks_apart(sheet)
                for a in sheet.marks:
                    mark = Rect(min(a[0][0], a[1][0]), min(a[0][1], a[1][1]), abs(a[1][0] - a[0][0]), abs(a[1][1] - a[0][1]))
                    assert all(gap(mark, b) >= CLEAR - EPS for b in boxes), (game, paper, a)


GAMES = ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies")


def test_the_six_games_print_on_45_a4_sheets_and_45_letter_sheets_or_fewer():
    """Components PDF pages (manifest included) of the six games at the default settings: 55 on A4 and on Letter at first,
    45 and 50 once blocks were packed, 50 and 54 since tinted pieces and backs bleed 3 mm and tokens are punch-sized,
    48 and 51 since neighbours of one ground share their bleed, 45 and 45 since prescriptions go 4 across, word cards
    3 x 3 on Letter too, punched tokens sit in staggered rows and page 1 holds pieces below the list."""
    totals = {paper: sum(len(impose(spec, expand(spec)[0], paper).sheets) + 1 for spec in map(specs.load, GAMES))
              for paper in ("a4", "letter")}
    assert totals["a4"] <= 45 and totals["letter"] <= 45, totals


def room_for(w, h, region, boxes):
    """Where (x, y) a w x h box goes inside region, clear of boxes ((bleed box, the space it keeps round it)), or None. A
    box that fits slides left and up until its left and top edges meet the region's or another box's far edge and
    space: those places are all tried."""
    xs = {region.x} | {b.x + b.w + space for b, space in boxes}
    ys = {region.y} | {b.y + b.h + space for b, space in boxes}
    for x in sorted(xs):
        for y in sorted(ys):
            inside = x + w <= region.x + region.w + EPS and y + h <= region.y + region.h + EPS
            if inside and all(x + w + space <= b.x + EPS or b.x + b.w + space <= x + EPS or y + h + space <= b.y + EPS
                              or b.y + b.h + space <= y + EPS for b, space in boxes):
                return x, y
    return None


def rooms(plan, spec, paper):
    """[sheet index (or "cover"), region, (bleed box, GAP) of each piece placed] of the room a plan leaves for single-sided
    pieces: each sheet the imposition fills (no board panel, copy sheet or duplex back), above the fold on a fold-over
    sheet, and page 1 below the list of components."""
    from generator.impose.imposition import COPY_NOTE, EDGE, GAP
    from generator.impose.sheets import list_bottom
    area, found = printable_area(paper), []
    for n, sheet in enumerate(plan.sheets):
        if sheet.side == "back" or COPY_NOTE in sheet.note or any(slot.window for slot in sheet.slots):
            continue
        fold = sheet.folds[0] if sheet.folds else math.inf
        region = Rect(area.x, area.y, area.w, fold - EDGE - area.y) if sheet.folds else area
        found.append([n, region, [(slot.bleed_box, GAP) for slot in sheet.slots if slot.y < fold]])
    top = list_bottom(plan, spec) + GAP
    found.append(["cover", Rect(area.x, top, area.w, area.y + area.h - top),
                  [(slot.bleed_box, GAP) for slot in plan.cover.slots] if plan.cover else []])
    return found


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_of_single_sided_pieces_could_be_emptied_into_the_room_the_others_leave(game, paper, backs):
    """A sheet of single-sided pieces (a reference card alone, a few tiles) costs a sheet of paper: its pieces do not all
    fit, placed one by one, largest first, in the room the plan's other sheets leave (above the fold on a fold-over
    sheet, below the list on page 1), each bleed box GAP from those placed there (the moved pieces' bleed boxes may
    touch, as a block's do). The places are found by this test, not by the imposition."""
    from generator.impose.imposition import COPY_NOTE
    spec = specs.load(game)
    plan = impose(spec, expand(spec)[0], paper, backs=backs)
    for n, sheet in enumerate(plan.sheets):
        if sheet.side != "single" or COPY_NOTE in sheet.note or any(slot.window for slot in sheet.slots):
            continue
        others = [room for room in rooms(plan, spec, paper) if room[0] != n]
        moved = 0
        for box in sorted((slot.bleed_box for slot in sheet.slots), key=lambda b: -b.w * b.h):
            spot = next(((room, corner, w, h) for room in others for w, h in ((box.w, box.h), (box.h, box.w))
                         for corner in [room_for(w, h, room[1], room[2])] if corner), None)
            if spot is None:
                break
            room, (x, y), w, h = spot
            room[2].append((Rect(x, y, w, h), 0.0))
            moved += 1
        assert moved < len(sheet.slots), (f"{game} {paper} {backs}: sheet {n + 1}'s {len(sheet.slots)} pieces "
                                          f"({', '.join(sheet.components)}) fit on the others")


def test_pixelictions_reference_card_shares_a_fold_over_sheet_on_letter_and_costs_no_sheet():
    """On Letter the reference card fits beside no sheet's pieces as packed, but it fits on the last sheet of discs laid out
    with the card first: it goes there, above the fold, and the set takes as many fold-over sheets as without the card;
    below the fold, where its back would be, nothing is placed (the card is glued to plain paper), and no mark frames
    that plain paper (as on a duplex back); the discs' marks are mirrored there."""
    spec, bare = specs.load("pixeliction"), specs.load("pixeliction", ["components.reference.include=false"])
    plan, without = (impose(s, expand(s)[0], "letter", backs="fold") for s in (spec, bare))
    assert len(plan.sheets) == len(without.sheets)
    [sheet] = [sheet for sheet in plan.sheets if any(slot.art.startswith("reference") for slot in sheet.slots)]
    card = next(slot for slot in sheet.slots if slot.art.startswith("reference"))
    assert sheet.side == "fold" and "discs" in sheet.components
    fold = sheet.folds[0]
    box = card.bleed_box
    assert box.y + box.h <= fold
    below = Rect(box.x, 2 * fold - box.y - box.h, box.w, box.h)
    assert not [slot for slot in sheet.slots if overlap(slot.bleed_box, below)]
    marks = {tuple(sorted((round(x, 3), round(y, 3)) for x, y in mark)) for mark in sheet.marks}
    assert all(tuple(sorted((round(x, 3), round(2 * fold - y, 3)) for x, y in mark)) in marks for mark in marks
               if min(y for _, y in mark) > fold)   # each mark below the fold mirrors one above
    framing = [mark for mark in marks if min(y for _, y in mark) > fold and any(
        abs(x - edge) < EPS for x, _ in mark for edge in (box.x + card.bleed, box.x + box.w - card.bleed))]
    assert not framing   # nothing marks the card's edges below the fold
    discs = [slot for slot in sheet.slots if slot.art.startswith("discs")]
    fronts = [slot for slot in discs if slot.y < fold]
    assert len(discs) == 2 * len(fronts)   # each disc's back mirrored below the fold


HEXES = {"kind": "layout", "shape": "hex-flat", "size": "40mm", "expect": 5, "faces": {"copies": 5},
         "layout": {"ground": "red", "elements": {}}, "back": {"fill": "blue"}}
CARDS = {"kind": "layout", "width": "63mm", "height": "88mm", "expect": 2, "faces": {"copies": 2},
         "layout": {"ground": "red", "elements": {}}, "back": {"fill": "blue"}}


@pytest.mark.parametrize("two_sided, chit", [(HEXES, (30, 106)), (CARDS, (30, 30))], ids=["hex tiles", "cards"])
def test_fold_over_puts_single_sided_pieces_above_the_two_sided_ones_which_keep_nearest_the_fold(two_sided, chit):
    """A single-sided piece sharing a fold-over sheet goes above the two-sided pieces (hex tiles, laid out by their own
    kind, as cards), which come within EDGE of the fold with their backs mirrored below it: in the plan, and on the page
    as pdfium draws it (the single-sided piece's green wholly above the fronts' red, the red down to the fold, the backs'
    blue just below it). The hex tiles used to stay at the top of the sheet, the single-sided piece between them and the
    fold."""
    from generator.build import components_pdf
    from generator.impose.imposition import EDGE, GAP
    from tests.pages import pdfium
    w, h = chit
    spec = specs.build("test.yaml", {"game": {"title": "Fold", "designer": "Tester"},
                                     "palette": {"red": "#ff0000", "blue": "#0000ff", "green": "#00ff00"},
                                     "components": {"two": two_sided, "chits": {
                                         "kind": "layout", "width": f"{w}mm", "height": f"{h}mm", "expect": 1,
                                         "layout": {"ground": "green", "elements": {}}}}}, {})
    plan = impose(spec, expand(spec)[0], "a4", backs="fold")
    [(number, sheet)] = [(n, s) for n, s in enumerate(plan.sheets, start=2) if "chits" in s.components]
    fold = sheet.folds[0]
    fronts = [s.bleed_box for s in sheet.slots if s.art == "two-1"]
    backs = [s.bleed_box for s in sheet.slots if s.art == "two-back"]
    [one] = [s.bleed_box for s in sheet.slots if s.art.startswith("chits")]
    assert len(fronts) == len(backs) == two_sided["expect"]
    assert one.y + one.h + GAP <= min(f.y for f in fronts) + EPS
    assert fold - EDGE - EPS <= max(f.y + f.h for f in fronts) < fold   # a hex's bleed reaches past its trim's EDGE
    assert sorted((round(f.x, 6), round(2 * fold - f.y - f.h, 6)) for f in fronts) == \
        sorted((round(b.x, 6), round(b.y, 6)) for b in backs)
    px = 4   # pixels a mm
    image = pdfium(components_pdf(spec, "a4", backs="fold")[0], px, page=number - 1)
    rows = {colour: [y for y in range(image.height) if colour in {image.getpixel((x, y)) for x in range(0, image.width, 2)}]
            for colour in ((0, 255, 0), (255, 0, 0), (0, 0, 255))}
    green, red, blue = rows.values()
    assert green and red and blue
    assert green[-1] / px + GAP <= red[0] / px + 1
    assert fold - EDGE - 1 <= red[-1] / px < fold < blue[0] / px <= fold + EDGE + 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_prescriptions_go_4_across_on_two_duplex_sheets(paper):
    """44.5 mm prescriptions with 3 mm bleed sharing their cut lines: 4 x 5 to a sheet, so 35 take two duplex pairs."""
    spec = specs.load("grannys-pills")
    fronts = [s for s in impose(spec, expand(spec)[0], paper).sheets if s.side == "front" and "prescription" in s.components]
    counts = [sum(slot.art.startswith("prescription") for slot in sheet.slots) for sheet in fronts]
    assert counts == [20, 15], counts
    across = {len({round(slot.x, 3) for slot in sheet.slots if slot.art.startswith("prescription")}) for sheet in fronts}
    assert across == {4}


def test_punched_tokens_of_one_ground_sit_in_staggered_rows():
    """91 tokens of 19.05 mm fill one A4 sheet in 13 staggered rows of 7 (a grid takes 88): cut circles stay a bleed
    (3 mm) apart and trims never overlap. Rows this close leave no room for a straight cut between them (it would touch
    every ring), so the sheet has no crop marks and says to punch the tokens; the page shows no mark beside the rows."""
    from generator.impose.imposition import PUNCH_NOTE
    spec = make_spec({"t": token(91)})
    plan = check_plan(spec, "a4")
    [sheet] = placed(plan)
    slots = sheet.slots
    assert len(slots) == 91 and len({round(s.y, 3) for s in slots}) == 13
    centres = [(s.x + s.w / 2, s.y + s.h / 2) for s in slots]
    nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert nearest == pytest.approx(19.05 + 3.0, abs=1e-6)
    trims = [Rect(s.x, s.y, s.w, s.h) for s in slots]
    assert not any(overlap(a, b) for i, a in enumerate(trims) for b in trims[i + 1:])
    assert sheet.marks == () and PUNCH_NOTE in sheet.note
    _, page, px = first_sheet(spec, 150, "L")
    left = min(s.bleed_box.x for s in slots)
    for y in sorted({s.y for s in slots} | {s.y + s.h for s in slots}):
        strip = [page.getpixel((x, round(y * px))) for x in range(round((left - 9) * px), round((left - 1) * px))]
        assert min(strip) > 200, f"a crop mark beside the rows at y={y:.2f} mm"


def test_a_groups_blocks_on_a_sheet_keep_one_layout():
    """A group that fills one block staggered and spills a few pieces into another free rectangle of the same sheet
    keeps them staggered too: a player punches one pattern of one colour per sheet."""
    from generator.impose.imposition import Group, _Page
    page = _Page("single", printable_area("a4"))
    group = Group(19.05, 19.05, 3.0, tuple((f"t-{k}", None, "t") for k in range(95)), 3.0, True, ("t",))
    assert page.add(group, list(group.pieces)) == 91
    page.free.append(Rect(12, 12, 186, 30))  # room for one more row
    assert page.add(group, list(group.pieces[91:])) == 4
    assert {(block.rotation, block.stagger) for block, _, _ in page.blocks} == {(0, True)}


def test_a_group_goes_whole_onto_a_begun_sheet_with_room_for_it_not_split_over_the_first_with_room():
    """The first sheet has room for three of nine 30 x 60 mm pieces, the second for all nine: all go on the second; with
    room for no sheet's worth, they fill the sheets in turn as before."""
    from generator.impose.imposition import Group, _Page, pack
    group = Group(30.0, 60.0, 3.0, tuple((f"p-{k}", None, "p") for k in range(9)), key=("p",))
    tight, roomy = _Page("single", Rect(10, 10, 120, 70)), _Page("single", Rect(10, 10, 190, 200))
    pack(group, [tight, roomy], ("single",), lambda: _Page("single", printable_area("a4")))
    assert not tight.blocks and sum(len(block.cells) for block, _, _ in roomy.blocks) == 9
    small = _Page("single", Rect(10, 10, 120, 70)), _Page("single", Rect(10, 10, 120, 70))
    pages = list(small)
    pack(group, pages, ("single",), lambda: _Page("single", printable_area("a4")))
    held = [sum(len(block.cells) for block, _, _ in page.blocks) for page in pages]
    assert held[:2] == [3, 3] and sum(held) == 9 and len(pages) == 3


@pytest.mark.parametrize("game, paper, component, where", [
    ("paths-and-pahs", "a4", "Player pawns", "1 (p. 2)"), ("paths-and-pahs", "letter", "Player pawns", "1 (p. 3)"),
    ("posies", "a4", "Purple posies (2 points)", "1 (p. 3)")])
def test_a_component_that_one_sheet_can_hold_is_printed_on_one_sheet(game, paper, component, where):
    """What the printed list says: these pieces were split over two or three sheets while one of them had room for all."""
    import pypdfium2

    from generator.build import components_pdf
    words = pypdfium2.PdfDocument(components_pdf(specs.load(game), paper)[0])[0].get_textpage().get_text_range()
    row = next(line for line in words.splitlines() if line.startswith(component))
    assert f" {where} " in f"{row} ", row


def test_page_1_holds_pieces_below_the_list_when_that_saves_a_sheet():
    """Posies: the pink posies and the purple posies sit below the list on page 1, so the set takes three pages; the list
    says so and asks for card for page 1; no letter of the list comes near a piece or its crop marks."""
    import pypdfium2

    from generator.build import components_pdf
    from generator.units import PT_PER_MM
    spec = specs.load("posies")
    for paper in ("a4", "letter"):
        plan = impose(spec, expand(spec)[0], paper)
        assert plan.cover and len(plan.sheets) == 2, paper
        data, pages = components_pdf(spec, paper)
        assert pages == 3
        page = pypdfium2.PdfDocument(data)[0]
        text = page.get_textpage()
        words = text.get_text_range()
        assert "Card of 160-200 g/m² for pages 1-3" in words and "Page 1 is this list, with the " in words
        boxes = [s.bleed_box for s in plan.cover.slots]
        top = min(b.y for b in boxes) - MARK_LEN - CLEAR
        footer = printable_area(paper).y + printable_area(paper).h
        for i in range(text.count_chars()):
            left, bottom, right, high = (v / PT_PER_MM for v in text.get_charbox(i))
            x, y = (left + right) / 2, plan.height - bottom
            if right > left and not any(b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h for b in boxes) and y < footer:
                assert y < top, (paper, words[i], y, top)


def test_write_on_sheets_print_once_on_a_copy_sheet():
    spec = specs.load("paths-and-pahs")
    pieces, _ = expand(spec)
    assert sum(p.component == "inventory" for p in pieces) == 9
    plan = impose(spec, pieces, "a4")
    copies = [s for s in plan.sheets if "inventory" in s.components]
    assert len(copies) == 1 and copies[0].components == ("inventory",)
    assert len(copies[0].slots) == 2 and copies[0].note == "copy sheet: print as many as you need (2 per sheet)"
    every = specs.load("paths-and-pahs", ["components.inventory.print=all"])
    sheets = [s for s in impose(every, pieces, "a4").sheets if "inventory" in s.components]
    assert sum(s.art.startswith("inventory") for sheet in sheets for s in sheet.slots) == 9 and not any(s.note.startswith("copy sheet") for s in sheets)


def test_print_takes_once_or_all():
    with pytest.raises(specs.SpecError, match=r"components.t.print: expected one of all, once, found 'twice'"):
        make_spec({"t": {**tile(20, 1), "print": "twice"}})


@pytest.mark.parametrize("bleed", [0, 2, 3, 5])
def test_crop_marks_start_1_mm_outside_the_bleed_and_at_least_3_mm_from_the_trim_as_the_readme_says(bleed):
    """A card alone on a sheet, rendered by pdfium at 20 px a mm: its top-left mark starts max(3, bleed + 1) mm above the
    trim (the bleed box's painted edge plus the bleed) and is 5 mm long; the README states the same figures (it said
    3 mm from the trim, which a default 3 mm bleed makes 4)."""
    from pathlib import Path

    from generator.build import components_pdf
    from tests.pages import pdfium
    spec = make_spec({"c": {"kind": "layout", "width": "63mm", "height": "88mm", "bleed": f"{bleed}mm", "expect": 1,
                            "layout": {"ground": "red", "elements": {}}}})
    px = 20
    image = pdfium(components_pdf(spec, "a4")[0], px, page=0)
    pixel = image.load()

    def red(x, y):
        return pixel[x, y][0] > 200 and pixel[x, y][1] < 60

    top, left = next((y, x) for y in range(image.height) for x in range(0, image.width, 2) if red(x, y))
    left = min(x for x in range(left - 2, left + 1) if red(x, top))
    trim_x, trim_y = left + bleed * px, top + bleed * px   # the trim's top-left corner

    def dark(y):
        return any(sum(pixel[x, y]) < 300 for x in (trim_x - 1, trim_x, trim_x + 1))
    start = max(y for y in range(top) if dark(y))   # the mark's end nearest the piece
    end = start
    while dark(end - 1):
        end -= 1
    assert (trim_y - start) / px == pytest.approx(max(3, bleed + 1), abs=0.1)
    assert (start - end + 1) / px == pytest.approx(5, abs=0.1)
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert ("Crop marks** are 5 mm long and start 1 mm outside the bleed, and at least 3 mm from the trim line: "
            f"{max(3, 3 + 1)} mm from it with the usual 3 mm bleed, {max(3, 2 + 1)} mm with a bleed of 2 mm or none") in readme


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_fold_over_marks_below_the_fold_mark_only_backs(game, paper):
    """Below the fold, a single-sided piece's place is plain paper, as on a duplex back: the mirrored marks of the
    turn card and pill tiles framed nothing there, and ran as cut lines into the prescriptions' backs beside them
    (Granny's Pills, A4, sheet 11). Each mark below the fold lies on a back's cut line, beside the backs."""
    spec = specs.load(game)
    plan = impose(spec, expand(spec)[0], paper, backs="fold")
    for sheet in plan.sheets:
        if not sheet.folds:
            continue
        fold = sheet.folds[0]
        backs = [s for s in sheet.slots if s.y > fold]
        if not backs:
            assert all(min(a[1], b[1]) < fold + EPS for a, b in sheet.marks)
            continue
        left, top = min(b.x for b in backs), min(b.y for b in backs)
        right, bottom = max(b.x + b.w for b in backs), max(b.y + b.h for b in backs)
        reach = 2 * MARK_LEN + SPACING
        for (x1, y1), (x2, y2) in sheet.marks:
            if min(y1, y2) < fold + EPS:   # above the fold, or a front's mark running down to it
                continue
            lines = {round(v, 6) for b in backs for v in ((b.x, b.x + b.w) if x1 == x2 else (b.y, b.y + b.h))}
            assert round(x1 if x1 == x2 else y1, 6) in lines, (sheet.note, (x1, y1), (x2, y2))   # a back's cut line
            assert left - reach < min(x1, x2) and max(x1, x2) < right + reach and \
                top - reach < min(y1, y2) and max(y1, y2) < bottom + reach, (sheet.note, (x1, y1), (x2, y2))


def test_a_group_that_needs_a_sheet_of_its_own_is_gathered_there_not_left_in_other_sheets_room():
    """80 tokens: 46 fit in the room below 40 cards on their 7 fronts, so the rest went on a sheet of their own, which
    kept room (a designer's 30 shells were 10 under cards on sheet 15 and 20 on sheet 2): shares move there while it
    has room for them, so that none left under the cards would fit in the room it has (its room: the tokens one sheet
    holds on its own); the set takes the cards' sheets and one."""
    def deck(tokens, cards=40):
        components = {"cards": {"kind": "layout", "width": "63 mm", "height": "88 mm", "expect": cards,
                                "data": [{"t": "A", "count": cards}], "back": {"fill": "black"},
                                "layout": {"elements": {"t": {"type": "text", "x": 5, "y": 5, "width": 40, "height": 10,
                                                              "text": "{t}"}}}}} if cards else {}
        if tokens:
            components["tokens"] = {"kind": "layout", "shape": "circle", "size": "25.4 mm", "expect": tokens,
                                    "data": [{"v": 1, "count": tokens}], "layout": {"elements": {}}}
        spec = specs.build("deck.yaml", {"game": {"title": "Deck", "designer": "Tester"}, "components": components}, {})
        return impose(spec, expand(spec)[0], "a4")

    def tokens_on(sheet):
        return sum(slot.art.startswith("tokens") for slot in sheet.slots)
    most = tokens_on(deck(200, cards=0).sheets[0])   # a sheet of tokens alone
    alone, plan = deck(0), deck(80)
    [own] = [sheet for sheet in plan.sheets if tokens_on(sheet) and "cards" not in sheet.components]
    shares = [tokens_on(sheet) for sheet in plan.sheets if tokens_on(sheet) and "cards" in sheet.components]
    assert shares and tokens_on(own) + min(shares) > most, (tokens_on(own), shares, most)
    assert tokens_on(own) + sum(shares) == 80 and len(plan.sheets) == len(alone.sheets) + 1


def test_grannys_pill_tiles_are_all_on_the_tile_sheets_on_a4():
    """Packed in order, four pill tiles took the room beside the turn card (sheet 9) before the tiles' last sheet,
    which had five free places: they go there, and the turn card's sheet holds no tile."""
    spec = specs.load("grannys-pills")
    for backs in ("duplex", "fold"):
        plan = impose(spec, expand(spec)[0], "a4", backs=backs)
        pill = [n for n, sheet in enumerate(plan.sheets, start=2) if "pill" in sheet.components]
        card = [n for n, sheet in enumerate(plan.sheets, start=2) if "reference" in sheet.components]
        assert pill == [2, 3, 4, 5] and not set(pill) & set(card), (backs, pill, card)
        assert len(plan.sheets) + 1 == (10 if backs == "duplex" else 11)


def test_fold_over_fits_more_than_two_poker_cards():
    """A4 half sheet: 186 x 126.5 mm for fronts, so poker cards turned go two across (176 mm) and two down (126 mm);
    Letter's half is lower (117.2 mm) but wider (191.9 mm): three upright. With 3 mm bleed (69 x 94 mm) only two fit:
    three across need 207 mm, turned two across need 188 mm."""
    spec = make_spec({"c": {**card(63, 88, 12), "bleed": "0mm"}})
    pieces, _ = expand(spec)
    for paper, across, turned in (("a4", 4, 90), ("letter", 3, 0)):
        plan = impose(spec, pieces, paper, backs="fold")
        area, fold = printable_area(paper), plan.sheets[0].folds[0]
        fronts = [s for s in plan.sheets[0].slots if s.y < fold]
        assert len(fronts) == across and {s.rotation for s in fronts} == {turned}, (paper, len(fronts))
        assert all(s.y + s.h < fold and 2 * fold - s.y <= area.y + area.h + EPS for s in fronts)
    bled = make_spec({"c": card(63, 88, 12)})
    assert len(impose(bled, expand(bled)[0], "a4", backs="fold").sheets[0].slots) == 2 * 2


def dark_run(values, px):
    """(first, last) index of the dark pixels in a strip, as mm."""
    dark = [k for k, v in enumerate(values) if v < 128]
    return dark[0] / px, (dark[-1] + 1) / px


def first_sheet(spec, dpi, mode):
    """The first A4 sheet that holds pieces of a spec and its page rendered at dpi in mode ("L" or "RGB"); pixels per mm."""
    import pypdfium2

    from generator.build import components_pdf
    data, _ = components_pdf(spec, "a4")
    plan = impose(spec, expand(spec)[0], "a4")
    page = pypdfium2.PdfDocument(data)[0 if plan.cover else 1].render(scale=dpi / 72).to_pil().convert(mode)
    return placed(plan)[0], page, dpi / 25.4


@pytest.mark.parametrize("bleed", [0, 2])
def test_crop_marks_are_5_mm_long_and_3_mm_from_the_trim_on_the_page(bleed):
    spec = make_spec({"t": tile(25, 12, bleed)})
    sheet, page, px = first_sheet(spec, 300, "L")
    first = min(sheet.slots, key=lambda s: (s.y, s.x))
    top = first.y - 12
    above = [page.getpixel((round(first.x * px), y)) for y in range(round(top * px), round(first.y * px))]
    start, end = dark_run(above, px)
    assert first.y - (top + end) == pytest.approx(3.0, abs=0.15)
    assert end - start == pytest.approx(5.0, abs=0.15)
    left = first.x - 12
    beside = [page.getpixel((x, round(first.y * px))) for x in range(round(left * px), round(first.x * px))]
    start, end = dark_run(beside, px)
    assert first.x - (left + end) == pytest.approx(3.0, abs=0.15) and end - start == pytest.approx(5.0, abs=0.15)


def test_panel_targets_lie_in_the_glue_tabs_not_in_the_play_area():

    import pypdfium2

    from generator.build import components_pdf
    from pages import pdf_bytes, pdfium
    from generator.draw.render import draw_art
    spec = specs.load("grannys-pills", ["components.board.cell=40mm"])
    pieces, _ = expand(spec)
    plan = impose(spec, pieces, "a4")
    data, _ = components_pdf(spec, "a4")
    doc, dpi = pypdfium2.PdfDocument(data), 100
    px = dpi / 25.4
    panels = [(n, s) for n, s in enumerate(plan.sheets, start=1) if s.slots and s.slots[0].window]
    assert len(panels) > 1
    ring = [(3 * dx, 3 * dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]  # where a target's circle crosses its cross
    board_targets = []
    for number, sheet in panels:
        slot = sheet.slots[0]
        page = doc[number].render(scale=dpi / 72).to_pil().convert("L")
        assert sheet.tabs or number == panels[-1][0]
        for x, y in sheet.targets:
            assert any(t.x <= x <= t.x + t.w and t.y <= y <= t.y + t.h for t in sheet.tabs), "target outside the tab"
            assert all(page.getpixel((round((x + dx) * px), round((y + dy) * px))) < 110 for dx, dy in ring)
            board_targets.append((x - slot.x + slot.window.x, y - slot.y + slot.window.y))
        for tab in sheet.tabs:  # shaded: the tab is darker than paper where the board's ground is light
            assert page.getpixel((round((tab.x + 1) * px), round((tab.y + 1) * px))) < 200
    art = draw_art(spec, expand(spec)[1][panels[0][1].slots[0].art])
    board = pdfium(pdf_bytes((art.width, art.height), art), px).convert("L")  # the same renderer and pixel grid
    b = spec.component("board").bleed  # windows are in trim coordinates, the art starts at its bleed
    for number, sheet in panels:  # where a target sits on a tab, the panel laid over it shows the board alone
        slot, page = sheet.slots[0], doc[number].render(scale=dpi / 72).to_pil().convert("L")
        play = Rect(slot.x, slot.y, slot.w - sum(t.w for t in sheet.tabs if t.h == slot.h),
                    slot.h - sum(t.h for t in sheet.tabs if t.w == slot.w))
        for bx, by in board_targets:
            x, y = bx - slot.window.x + slot.x, by - slot.window.y + slot.y
            if play.x + 4 < x < play.x + play.w - 4 and play.y + 4 < y < play.y + play.h - 4:
                extra = [page.getpixel((round((x + dx) * px), round((y + dy) * px))) < 110 <=
                         board.getpixel((round((bx + b + dx) * px), round((by + b + dy) * px))) for dx, dy in ring]
                assert not any(extra), "a target shows on the play area"


def test_pieces_that_share_cut_lines_sit_on_one_ground():
    """Under every shared cut line of a block lies a fill of the pieces' own ground colour, so anti-aliased edges
    of neighbouring faces show no hairline of paper between them (poppler showed one before)."""
    import io

    import pikepdf

    from generator.build import components_pdf
    spec = make_spec({"t": tile(19, 12, 2, back=True)})
    plan = impose(spec, expand(spec)[0], "a4")
    data, _ = components_pdf(spec, "a4")
    document = pikepdf.open(io.BytesIO(data))
    page = document.pages[2]  # the back sheet: every piece plain red
    fills, colour = [], None
    for operands, operator in pikepdf.parse_content_stream(page):
        if str(operator) == "rg":
            colour = tuple(round(float(v), 3) for v in operands)
        elif str(operator) == "re":
            rect = Rect(*map(float, operands))
        elif str(operator) == "f" and colour == (1.0, 0.0, 0.0):
            fills.append(rect)
    slots = plan.sheets[1].slots
    assert len(plan.sheets[1].grounds) == 1
    for a in slots:
        for b in slots:
            if abs(a.bleed_box.x + a.bleed_box.w - b.bleed_box.x) < EPS and abs(a.y - b.y) < EPS:
                x, y = b.bleed_box.x, b.y + b.h / 2
                assert any(f.x < x - 0.1 and x + 0.1 < f.x + f.w and f.y <= y <= f.y + f.h for f in fills), (a, b)


def token(count, colour="red", outline="round", size=19.05):
    """A token component of count copies in one colour, or in red and black by turns (colour None)."""
    faces = [{"colour": colour}] if colour else [{"colour": "red"}, {"colour": "black"}]
    return {"kind": "token", "size": f"{size}mm", "outline": outline, "expect": count,
            "faces": {"list": faces, "copies": count // len(faces)}}


def trim_gaps(sheet):
    """The gaps between the trims of neighbouring pieces in a row, as a set (0.01 mm)."""
    rows = {}
    for s in sheet.slots:
        rows.setdefault(round(s.y, 3), []).append(s)
    return {round(b.x - a.x - a.w, 2) for row in rows.values() for a, b in zip(sorted(row), sorted(row)[1:])}


def test_neighbours_of_one_ground_share_their_bleed():
    """Punched tokens of one colour sit one bleed apart, square-cut ones share their cut lines, mixed grounds two bleeds
    apart; the block keeps its full bleed outside: 8 round tokens of 19.05 mm across are 8 x 22.05 + 3 mm wide."""
    plans = {kind: check_plan(make_spec({"t": spec}), "a4") for kind, spec in
             (("round", token(8)), ("square", token(8, outline="square")), ("mixed", token(8, None)))}
    assert trim_gaps(placed(plans["round"])[0]) == {3.0}
    assert trim_gaps(placed(plans["square"])[0]) == {0.0}
    assert trim_gaps(placed(plans["mixed"])[0]) == {6.0}
    round_ = placed(plans["round"])[0]
    assert round_.grounds[0].w == pytest.approx(8 * 22.05 + 3)
    assert min(s.bleed_box.x for s in round_.slots) == pytest.approx(round_.grounds[0].x)
    full = check_plan(make_spec({"t": token(88)}), "a4")
    assert len(full.sheets) == 1 and len(full.sheets[0].slots) == 8 * 11, "8 x 11 at a 22.05 mm pitch, not 7 x 10"


def test_square_tiles_sharing_cut_lines_keep_each_others_edges():
    """Square tokens share their cut lines: each one's art stops at its neighbour's trim, so the ring at every edge of
    every token shows on the page (a neighbour's bleed painted over it would hide it)."""
    spec = make_spec({"t": {**token(6, outline="square"), "ring_colour": "black", "ring": "0.6mm"}})
    sheet, page, px = first_sheet(spec, 400, "RGB")
    slots = sorted(sheet.slots, key=lambda s: (s.y, s.x))
    assert slots[1].x == pytest.approx(slots[0].x + slots[0].w)
    for a, b in zip(slots, slots[1:]):
        if abs(a.y - b.y) > EPS:
            continue
        y = round((a.y + a.h / 2) * px)
        for x in (b.x - 0.3, b.x + 0.3):  # the left token's ring, then the right one's
            assert max(page.getpixel((round(x * px), y))) < 100, (a.art, b.art, x)


def blocks_of(sheet):
    """The slots of a sheet grouped into blocks: pieces whose bleed boxes touch or overlap (they share cut lines)."""
    boxes = [s.bleed_box for s in sheet.slots]
    block = list(range(len(boxes)))
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[:i]):
            if gap(a, b) < EPS and block[i] != block[j]:
                old, new = block[i], block[j]
                block = [new if k == old else k for k in block]
    return [[s for s, k in zip(sheet.slots, block) if k == key] for key in dict.fromkeys(block)]


def mark_owner(mark, blocks):
    """The block a crop mark belongs to: the one nearest its first point, where it starts (3 mm off that block's trim)."""
    start = Rect(*mark[0], 0, 0)
    return min(range(len(blocks)), key=lambda k: min(gap(start, s.bleed_box) for s in blocks[k]))


def upright(mark):
    return mark[0][0] == mark[1][0]


def line(mark):
    """The cut line a mark lies on: ('x', x) for an upright one, ('y', y) for one across."""
    return ("x", round(mark[0][0], 3)) if upright(mark) else ("y", round(mark[0][1], 3))


def crowding(sheet, near=None):
    """Pairs of marks of different blocks side by side on different cut lines less than near (6 mm, NEAR) apart (and
    less than that apart along them), unless each block also marks the other's line (a fold's mirrored blocks) or they
    are a gap's two halves, end to end (facing)."""
    near = near or NEAR
    blocks = blocks_of(sheet)
    owner = [mark_owner(m, blocks) for m in sheet.marks]
    lines = {}
    for m, k in zip(sheet.marks, owner):
        lines.setdefault(k, set()).add(line(m))
    found = []
    for i, a in enumerate(sheet.marks):
        for j, b in enumerate(sheet.marks[:i]):
            if owner[i] == owner[j] or upright(a) != upright(b) or line(a) == line(b):
                continue
            across = abs(line(a)[1] - line(b)[1])
            axis = 1 if upright(a) else 0
            (a_low, a_high), (b_low, b_high) = (sorted(p[axis] for p in m) for m in (a, b))
            along = max(b_low - a_high, a_low - b_high, 0)
            if across < near and along < near and not (line(a) in lines[owner[j]] and line(b) in lines[owner[i]]) \
                    and not facing(a, b):
                found.append((a, b))
    return found


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_of_neighbouring_blocks_never_run_side_by_side(paper, backs):
    """On every sheet of the six games, no two marks of different blocks run parallel on different cut lines less than
    6 mm apart (Granny's board over its tiles had them 3 mm apart, the pawns' and the cards' 2 mm): neighbours either
    line up their cut lines, so that one mark marks both, or keep 6 mm apart, or the edge of one gives way."""
    for game in GAMES:
        spec = specs.load(game)
        plan = impose(spec, expand(spec)[0], paper, backs)
        for n, sheet in enumerate(placed(plan), start=1 if plan.cover else 2):
            assert crowding(sheet) == [], (game, n)


@pytest.mark.parametrize("big, small, count", [(150, 31, 5), (120, 37, 3), (170, 41, 4)])
def test_blocks_with_room_to_move_line_up_their_cut_lines_or_keep_their_marks_10_mm_apart(big, small, count):
    """A tile and a row of smaller ones on one sheet: where the sheet leaves the smaller block room to move, no mark of
    one runs beside a mark of the other on another cut line less than 10 mm (two mark lengths) apart; they were 6-9 mm
    apart, close enough for a cutter to follow the other block's mark."""
    spec = make_spec({"big": tile(big, 1), "small": tile(small, count)})
    sheets = [s for s in placed(impose(spec, expand(spec)[0], "a4")) if len(blocks_of(s)) > 1]
    assert sheets and all(crowding(sheet, 2 * MARK_LEN) == [] for sheet in sheets)


def extent(block):
    """A block's bleed box as (left, top, right, bottom)."""
    boxes = [s.bleed_box for s in block]
    return (min(b.x for b in boxes), min(b.y for b in boxes), max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes))


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_cut_through_the_gap_between_two_blocks_leaves_each_block_its_own_marks(paper, backs):
    """Where two blocks face each other across a gap with room for two marks of MARK_MIN, each CLEAR off its block's
    bleed, a straight cut along the gap crosses no mark and leaves each block all its own marks in that gap: Granny's
    board had its corner mark among the pill tiles' marks, pointing into a tile, and the prescriptions' and the tiles'
    marks ran side by side over the same band; on Letter, blocks of tiles without bleed 9.5 and 10 mm apart still had
    their marks 5 mm long across the middle (their marks 3 mm off the trim left no room for two halves)."""
    for game in GAMES:
        spec = specs.load(game)
        plan = impose(spec, expand(spec)[0], paper, backs)
        for n, sheet in enumerate(placed(plan), start=1 if plan.cover else 2):
            boxes = [extent(b) for b in blocks_of(sheet)]
            rects = [Rect(left, top, right - left, bottom - top) for left, top, right, bottom in boxes]
            owner = [min(range(len(rects)), key=lambda k: gap(Rect(*m[0], 0, 0), rects[k])) for m in sheet.marks]
            for i, a in enumerate(boxes):   # (a mark's block: the one whose bleed box is nearest where it starts)
                for j, b in enumerate(boxes):
                    for axis in (0, 1):   # b beyond a: below it (upright marks in the gap), or right of it (across)
                        low, high = a[axis + 2], b[axis]
                        side = (max(a[1 - axis], b[1 - axis]), min(a[3 - axis], b[3 - axis]))
                        if i == j or not 0 < high - low < 4 * MARK_LEN or side[0] >= side[1]:
                            continue
                        def spans(k):   # noqa: E306
                            return [sorted(p[axis] for p in m) for m, o in zip(sheet.marks, owner)
                                    if o == k and upright(m) == (axis == 1) and low - EPS <= min(p[axis] for p in m)
                                    and max(p[axis] for p in m) <= high + EPS
                                    and side[0] - NEAR < m[0][1 - axis] < side[1] + NEAR]
                        mine, theirs = spans(i), spans(j)
                        if mine and theirs and high - low - 2 * CLEAR >= 2 * MARK_MIN + CLEAR - EPS:   # two halves fit
                            assert max(m[1] for m in mine) <= min(t[0] for t in theirs) + EPS, (game, n, i, j, mine, theirs)


def inner_lines(block):
    """The cut lines inside a block (not its edges): ('x', x) upright and ('y', y) across, with the block's extent."""
    xs = sorted({round(v, 3) for s in block for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 3) for s in block for v in (s.y, s.y + s.h)})
    top, bottom = min(s.y for s in block), max(s.y + s.h for s in block)
    left, right = min(s.x for s in block), max(s.x + s.w for s in block)
    return [("x", x, top, bottom) for x in xs[1:-1]] + [("y", y, left, right) for y in ys[1:-1]]


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_inner_cut_line_has_a_mark_at_both_ends(paper, backs):
    """Every cut line inside a block (punched tokens aside: they have none) has a mark on its own line beyond each end
    of the block, the block's own or a neighbour's on the same line (the pawns' inner lines had none at the top)."""
    for game, n, sheet, block in cut_blocks(paper, backs):
        for axis, at, low, high in inner_lines(block):
            on = [m for m in sheet.marks if line(m) == (axis, at)]
            along = [p[1 if axis == "x" else 0] for m in on for p in m]
            assert any(v < low - EPS for v in along) and any(v > high + EPS for v in along), (game, n, axis, at)


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter", "250x300mm"])
def test_every_edge_of_a_block_has_a_mark_at_both_ends(paper, backs):
    """Every outer cut line of a block (punched tokens aside) has a mark on its line beyond each end of the block. A
    block's edge mark gave way to a neighbour's mark less than 10 mm away while the other end kept its own: Granny's
    pill block on A4 and Letter p.2 lacked its top-right mark, with the board's mark 9 mm off, which a cutter could
    take for it (18 ends over the six games); now a mark under 6 mm off shares the gap, each in its own half. On a
    250 x 300 mm fold-over sheet a row of pill tiles, turned into a place another group's 3 mm marks had sized, lost
    every top mark."""
    for game, n, sheet, block in cut_blocks(paper, backs):
        left, right = min(s.x for s in block), max(s.x + s.w for s in block)
        top, bottom = min(s.y for s in block), max(s.y + s.h for s in block)
        for axis, at, low, high in (("x", left, top, bottom), ("x", right, top, bottom),
                                    ("y", top, left, right), ("y", bottom, left, right)):
            along = [p[1 if axis == "x" else 0] for m in sheet.marks
                     if line(m)[0] == axis and abs(line(m)[1] - at) < 0.001 for p in m]
            assert any(v < low - EPS for v in along) and any(v > high + EPS for v in along), (game, n, axis, at)


def cut_blocks(paper, backs):
    """(game, page number, sheet, block) of every block of grid-cut pieces (punched tokens and windows aside) on the six
    games' sheets."""
    from generator.components.kind import placing, round_cut
    for game in GAMES:
        spec = specs.load(game)
        pieces = expand(spec)[0]
        component = {p.front: spec.component(p.component) for p in pieces}
        plan = impose(spec, pieces, paper, backs)
        for n, sheet in enumerate(placed(plan), start=1 if plan.cover else 2):
            for block in blocks_of(sheet):
                comp = component.get(block[0].art)
                if comp and not round_cut(comp) and placing(comp) == "grid" and not block[0].window:
                    yield game, n, sheet, block


def test_the_pawns_inner_cut_lines_are_marked_above_them_on_the_page():
    """Paths and PAHs, A4: above the pawns, each of their inner cut lines shows a dark mark on its own line (when they
    sat under the cards, the cards' column marks 2 mm off used to stand in for them)."""
    import pypdfium2

    from generator.build import components_pdf
    spec = specs.load("paths-and-pahs")
    plan = impose(spec, expand(spec)[0], "a4")
    number, sheet = next((n, s) for n, s in enumerate(plan.sheets, start=2) if "pawns" in s.components)
    pawns = next(b for b in blocks_of(sheet) if b[0].art.startswith("pawns"))
    dpi = 200
    px = dpi / 25.4
    page = pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])[number - 1].render(scale=dpi / 72).to_pil().convert("L")
    lines = [at for axis, at, _, _ in inner_lines(pawns) if axis == "x"]
    top = min(s.bleed_box.y for s in pawns)
    assert lines
    for x in lines:
        column = [page.getpixel((round(x * px), y)) for y in range(round((top - 8) * px), round(top * px))]
        assert sum(v < 128 for v in column) >= 3 * px, f"no mark above the pawns' cut line at x={x} mm"


def length(mark):
    return abs(mark[1][0] - mark[0][0]) + abs(mark[1][1] - mark[0][1])


def facing_block(mark, sheet) -> bool:
    """True when another block than the mark's lies straight ahead of it, less than MARK_OFFSET + MARK_LEN beyond its
    end: the mark keeps to its half of the gap between the two (a cut through the gap leaves each block its marks)."""
    blocks = blocks_of(sheet)
    own, axis = mark_owner(mark, blocks), 1 if upright(mark) else 0
    (start, end), at = (mark[0][axis], mark[1][axis]), mark[0][1 - axis]
    way = 1 if end > start else -1
    for k, block in enumerate(blocks):
        box = extent(block)
        near, low, high = (box[axis] if way > 0 else -box[axis + 2]), box[1 - axis], box[3 - axis]
        if k != own and low - NEAR < at < high + NEAR and 0 < near - way * end < MARK_OFFSET + MARK_LEN:
            return True
    return False


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_5_mm_but_where_the_sheet_is_full(paper):
    """Over the six games' default sheets, at least 80 % of the marks are 5 mm long (85 % before each block kept to its
    half of a gap); a shorter one is at least 3.5 mm where a neighbour stops it (2 mm, MARK_MIN, for a half of a gap
    two blocks face each other across) and at least 3 mm where the margin or the footer does (blocks leave room for
    3.5 mm there, 3 mm when that fits more pieces; the blocks and their marks are centred together, so both edges
    share what is left). Granny's Pills on Letter had 2.7 mm marks along the bottom of sheet 9 and 4.7 mm along the top."""
    from generator.impose.imposition import MARK_SHORT, MARK_TIGHT, mark_bounds
    marks = []
    for game in GAMES:
        spec = specs.load(game)
        plan = impose(spec, expand(spec)[0], paper)
        bounds = mark_bounds(plan.width, plan.height)
        edges = (bounds.x, bounds.y, bounds.x + bounds.w, bounds.y + bounds.h)
        sheets = placed(plan)
        for n, sheet in enumerate(sheets, start=1 if plan.cover else 2):
            front = sheets[sheets.index(sheet) - 1] if sheet.side == "back" else sheet   # a back's marks: its front's
            for mark in sheet.marks:
                at_edge = any(abs(v - e) < EPS for v in mark[1] for e in edges)
                seen = tuple((plan.width - x, y) for x, y in mark) if sheet.side == "back" else mark   # long-edge flip
                half = any(facing(seen, other) for other in front.marks) or facing_block(seen, front)
                assert length(mark) >= (MARK_MIN if half else MARK_TIGHT if at_edge else MARK_SHORT) - EPS, (game, n, mark)
                marks.append(length(mark))
    assert sum(abs(v - MARK_LEN) < EPS for v in marks) >= 0.8 * len(marks)


def test_the_marks_at_a_full_sheets_edges_measure_alike_on_the_page():
    """Granny's Pills, Letter, the sheet of prescriptions with the pills below: the marks at the top and at the bottom
    edge, measured in the page's pixels, are each at least 3.4 mm long and differ by less than 1 mm."""
    import pypdfium2

    from generator.build import components_pdf
    spec = specs.load("grannys-pills")
    plan = impose(spec, expand(spec)[0], "letter")
    number, sheet = next((n, s) for n, s in enumerate(plan.sheets, start=2) if set(s.components) == {"prescription", "pill"})
    dpi = 300
    px = dpi / 25.4
    page = pypdfium2.PdfDocument(components_pdf(spec, "letter")[0])[number - 1].render(scale=dpi / 72).to_pil().convert("L")
    top, bottom = min(s.bleed_box.y for s in sheet.slots), max(s.bleed_box.y + s.bleed_box.h for s in sheet.slots)
    measured = {}
    for mark in sheet.marks:
        (x, y1), (x2, y2) = mark
        if x == x2 and (max(y1, y2) < top or min(y1, y2) > bottom):
            column = [page.getpixel((round(x * px), y)) for y in range(round((min(y1, y2) - 2) * px), round((max(y1, y2) + 2) * px))]
            measured.setdefault("top" if y1 < top else "bottom", []).append(sum(v < 128 for v in column) / px)
    assert min(measured["top"]) >= 3.4 and min(measured["bottom"]) >= 3.4, measured
    assert abs(min(measured["top"]) - min(measured["bottom"])) < 1.0, measured


def share_one_by_one(slot, slots):
    """The clip of one slot found by testing it against every other slot on the sheet (the reference for shares)."""
    box = slot.bleed_box
    left, top, right, bottom = box.x, box.y, box.x + box.w, box.y + box.h
    for other in slots:
        if other is slot or not (other.x < right - EPS and left + EPS < other.x + other.w
                                 and other.y < bottom - EPS and top + EPS < other.y + other.h):
            continue
        if other.x >= slot.x + slot.w - EPS:
            right = min(right, other.x)
        elif other.x + other.w <= slot.x + EPS:
            left = max(left, other.x + other.w)
        elif other.y >= slot.y + slot.h - EPS:
            bottom = min(bottom, other.y)
        elif other.y + other.h <= slot.y + EPS:
            top = max(top, other.y + other.h)
    unchanged = (left, top, right, bottom) == (box.x, box.y, box.x + box.w, box.y + box.h)
    return None if unchanged else (left, top, right - left, bottom - top)


GRID = st.tuples(st.floats(5, 90), st.floats(5, 90), st.sampled_from([0.0, 1.5, 3.0]), st.sampled_from([0.0, 1.0, 3.0, 6.5]),
                 st.integers(1, 6), st.integers(1, 6), st.floats(0, 120), st.floats(0, 200), st.booleans())
LOOSE = st.tuples(st.integers(1, 40), st.integers(1, 40), st.sampled_from([0.0, 1.0, 3.0]), st.integers(0, 80),
                  st.integers(0, 80))


@settings(max_examples=150, deadline=None)
@given(st.lists(GRID, max_size=4), st.lists(LOOSE, max_size=30))
@example(grids=[(5.0, 5.0, 0.0, 0.0, 1, 1, 0.0, 0.0, False), (5.0, 5.0, 0.0, 0.0, 2, 4, 0.0, 109.0, False)],
         loose=[(1, 9, 3.0, 0, 34)])  # a bleed box reaching two pieces of a block: clipped as the sheet meets them
def test_shares_clips_each_piece_as_testing_it_against_every_other_piece_does(grids, loose):
    """Blocks of pieces sharing cut lines (a gutter of 0, one bleed or two; rows staggered or not) and pieces dropped
    anywhere on a 2.5 mm raster (touching, any size): every clip equals the one-by-one reference. Pieces never overlap
    (an imposition never lays one piece's trim over another's), so a piece that would is left out: where three pieces
    overlap, which of two clips wins depends on the order they are tested in."""
    slots = []

    def clear(slot):
        return all(other.x >= slot.x + slot.w or slot.x >= other.x + other.w or other.y >= slot.y + slot.h
                   or slot.y >= other.y + other.h for other in slots)
    for w, h, bleed, gutter, cols, rows, x, y, stagger in grids:
        block = [Slot("a", x + col * (w + gutter) + (w + gutter) / 2 * (stagger and row % 2), y + row * (h + gutter),
                      w, h, bleed) for row in range(rows) for col in range(cols)]
        slots += block if all(clear(slot) for slot in block) else []
    for w, h, bleed, x, y in loose:
        slot = Slot("b", 2.5 * x, 2.5 * y, 2.5 * w, 2.5 * h, bleed)
        slots += [slot] if clear(slot) else []
    assert shares(tuple(slots)) == tuple(share_one_by_one(slot, slots) for slot in slots)


@pytest.mark.parametrize("backs", ["duplex", "fold"])
def test_a_drafted_plan_has_the_finished_plans_sheets_and_page_1_list(backs):
    """The six games, both papers, all their pieces and each component's alone (as the build counts the pages sharing
    saves): the drafted plan has as many sheets as the finished one, with the same sides, notes and glue tabs, page 1
    holds the same components, and the list of components reaches as far down page 1; only board panels are placed."""
    from generator.impose.sheets import list_bottom
    for game in GAMES:
        spec = specs.load(game)
        pieces = expand(spec)[0]
        for paper in ("a4", "letter"):
            for mine in [pieces] + [[p for p in pieces if p.component == comp.id] for comp in spec.components]:
                final, drafted = impose(spec, mine, paper, backs), impose(spec, mine, paper, backs, drafted=True)
                assert [(s.side, s.note, s.tabs) for s in drafted.sheets] == [(s.side, s.note, s.tabs) for s in final.sheets]
                assert (drafted.cover and drafted.cover.components) == (final.cover and final.cover.components)
                assert list_bottom(drafted, spec) == list_bottom(final, spec)
                assert all(slot.window for s in drafted.sheets for slot in s.slots), "pieces placed on a drafted sheet"


DECK = st.lists(st.tuples(st.integers(12, 90), st.integers(12, 90), st.sampled_from([0.0, 1.5, 3.0]), st.booleans(),
                          st.integers(1, 80)), min_size=1, max_size=4)


@settings(max_examples=25, deadline=None)
@given(DECK, st.sampled_from(["a4", "letter"]), st.sampled_from(["duplex", "fold"]))
def test_pages_laid_out_alike_are_arranged_as_if_each_were_arranged_afresh(deck, paper, backs):
    """finish reuses the arrangement (blocks aligned and centred, crop marks) of a page whose blocks have the sizes
    and places of an earlier page's: decks of tiles and two-sided cards of any size, bleed and count come out as they
    do with every page arranged on its own."""
    from generator.impose import imposition
    comps = {f"c{k}": (card(w, h, n, back) if back else tile(w, n, bleed)) for k, (w, h, bleed, back, n) in enumerate(deck)}
    spec = make_spec(comps)
    try:
        reused = impose(spec, expand(spec)[0], paper, backs)
    except UserError:  # too large for half a sheet, folded
        return
    finish = imposition.finish
    imposition.finish = lambda page, area, bounds, in_order, shift_y=None, known=None: finish(page, area, bounds, in_order,
                                                                                              shift_y)
    try:
        assert impose(spec, expand(spec)[0], paper, backs) == reused
    finally:
        imposition.finish = finish


@pytest.mark.parametrize("backs", ["duplex", "fold"])
def test_the_games_pages_are_arranged_as_if_each_were_arranged_afresh(backs, monkeypatch):
    """The six games and a deck of many full sheets, as test_pages_laid_out_alike_are_arranged_as_if_each_were_arranged_afresh."""
    from generator.impose import imposition
    mixed = make_spec({"a": tile(20, 700, 1.5), "b": tile(25, 130), "c": card(63, 88, 40), "d": tile(30, 90, 3.0, True)})
    made = [(spec, paper) for spec in [specs.load(game) for game in GAMES] + [mixed] for paper in ("a4", "letter")]
    reused = [impose(spec, expand(spec)[0], paper, backs) for spec, paper in made]
    finish = imposition.finish
    monkeypatch.setattr(imposition, "finish", lambda page, area, bounds, in_order, shift_y=None, known=None:
                        finish(page, area, bounds, in_order, shift_y))
    assert [impose(spec, expand(spec)[0], paper, backs) for spec, paper in made] == reused
    assert len(reused[-1].sheets) > len({sheet.marks for sheet in reused[-1].sheets}), "no two sheets laid out alike"


@pytest.mark.parametrize("bleed, back", [(0.0, False), (1.0, False), (2.0, True)])
def test_full_sheets_of_a_group_are_worked_out_once(monkeypatch, bleed, back):
    """A large group's block layouts are tried on its first full sheet and its last few only (about as many tries for
    5,000 tiles as for 1,000), every full sheet holding the first one's slots with pieces of its own in them."""
    from generator.impose import imposition
    calls, tries, plans = [], {}, {}

    def counted(free, group, count, layout=None):
        calls.append(count)
        return real(free, group, count, layout)
    real = imposition.fit
    monkeypatch.setattr(imposition, "fit", counted)
    for count in (1000, 5000):
        spec = make_spec({"tiles": tile(20, count, bleed, back)})
        calls.clear()
        plans[count] = impose(spec, expand(spec)[0], "a4")
        tries[count] = len(calls)
    assert tries[5000] < 1.5 * tries[1000] and len(plans[5000].sheets) > 4 * len(plans[1000].sheets)
    full = [s for s in plans[5000].sheets if s.side != "back" and len(s.slots) == len(plans[5000].sheets[0].slots)]
    assert len(full) > 30 and {tuple(s[1:] for s in sheet.slots) for sheet in full} == {
        tuple(s[1:] for s in full[0].slots)}
    assert sorted(slot.art for sheet in plans[5000].sheets if sheet.side != "back" for slot in sheet.slots) == sorted(
        piece.front for piece in expand(make_spec({"tiles": tile(20, 5000, bleed, back)}))[0])


def test_the_list_page_is_not_tried_as_a_cover_when_it_holds_fewer_pieces_than_the_last_sheet_and_the_plan_is_the_same(
        monkeypatch):
    from generator.impose import imposition
    short, found = imposition._short, []
    cases = [(20, 0, "a4", 2 * 117 + r) for r in range(30, 80, 3)] + [
        (size, bleed, paper, count) for size, bleed, paper in [(25, 0, "letter"), (33, 3, "a4"), (41, 1, "letter"),
                                                               (63, 3, "a4"), (90, 0, "letter")]
        for count in (1, 2, 3, 5, 8, 13, 21, 34, 55, 89)]
    for size, bleed, paper, count in cases:
        spec = make_spec({"t": tile(size, count, bleed)})
        pieces, asked = expand(spec)[0], []
        monkeypatch.setattr(imposition, "_short", lambda *args: asked.append(short(*args)) or asked[-1])
        plans = [impose(spec, pieces, paper), impose(spec, pieces, paper, drafted=True)]
        monkeypatch.setattr(imposition, "_short", lambda *args: False)   # the cover tried every time
        assert repr(plans) == repr([impose(spec, pieces, paper), impose(spec, pieces, paper, drafted=True)])
        assert len(asked) == 2 and asked[0] == asked[1]
        found.append((asked[0], plans[0].cover is not None))
    assert {(True, False), (False, True)} <= set(found) and (True, True) not in found, "skipped, and tried and won"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_two_bleeds_apart_fit_six_to_a_sheet_with_3_mm_marks(paper):
    """Poker cards that keep their own bleed (share_bleed: false, or a ground per row) took 4 to an A4 sheet and 6 to a
    Letter one: turned, two across need 188 mm, and the blocks kept 4.5 mm for marks at A4's 196 mm between its margins
    where 3 mm marks need 4. Now A4 holds 6 too (18 cards: 3 sheets, 5 before), its side marks 3 mm long."""
    spec = specs.build("test.yaml", {
        "game": {"title": "Six", "designer": "Tester"},
        "components": {"cards": {"kind": "layout", "expect": 18, "width": "63mm", "height": "88mm", "data": [{"count": 18}],
                                 "share_bleed": False, "layout": {"elements": {}}}}}, {})
    plan = check_plan(spec, paper)
    assert [len(sheet.slots) for sheet in placed(plan)] == [6, 6, 6]
    lengths = [math.dist(*mark) for sheet in placed(plan) for mark in sheet.marks]
    assert min(lengths) >= 3.0 - EPS and max(lengths) <= MARK_LEN + EPS, (min(lengths), max(lengths))


@pytest.mark.parametrize("share, apart", [(True, 0.0), (False, 6.0)])
def test_share_bleed_false_keeps_each_pieces_art_bleed_its_own(share, apart):
    """Full-bleed art on cards of one ground: by default neighbours share their cut lines (the paper a sheet saves), each
    card's art bleed hidden under its neighbour's; share_bleed: false keeps every card's own bleed, two bleeds apart, so a
    cut a little off shows its own art. Measured between the trims of neighbours in a row, on the page pdfium draws."""
    art = {"type": "rect", "area": "bleed", "x": 0, "y": 0, "width": "100%", "height": "100%", "fill": "red"}
    from generator.build import components_pdf
    from tests.pages import pdfium
    spec = specs.build("test.yaml", {
        "game": {"title": "Art", "designer": "Tester"}, "palette": {"paper": "#ffffff", "red": "#ff0000"},
        "components": {"cards": {"kind": "layout", "expect": 9, "width": "63mm", "height": "88mm", "data": [{"count": 9}],
                                 "share_bleed": share, "layout": {"ground": "paper", "elements": {"art": art}}}}}, {})
    plan = impose(spec, expand(spec)[0], "a4")
    sheet = next(s for s in plan.sheets if len(s.slots) > 1)
    row = sorted((s for s in sheet.slots if abs(s.y - sheet.slots[0].y) < EPS), key=lambda s: s.x)
    assert len(row) >= 2
    gaps = {round(b.x - (a.x + a.w), 3) for a, b in zip(row, row[1:])}
    assert gaps == {apart}, gaps
    if apart:   # the red of each card's bleed lies on the page between the two trims, none of it hidden
        page = pdfium(components_pdf(spec, "a4")[0], 4, page=plan.sheets.index(sheet) + 1)
        y = round((row[0].y + row[0].h / 2) * 4)
        between = [page.getpixel((x, y)) for x in range(round((row[0].x + row[0].w) * 4) + 1, round(row[1].x * 4) - 1)]
        assert between and all(pixel == (255, 0, 0) for pixel in between), between


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fold_over_sheets_note_is_printed_at_7_pt_at_least(paper):
    """The fold-over sheets' footer note ('fold along the dashed line, glue, then cut: each back lands behind its
    front; round tokens: ...') was too long for the footer and set at 5.2 to 6.0 pt on Glorieta's, HexStatic's and
    Pixeliction's sheets; shorter, it is 7 pt or more on every sheet (font sizes as pdfium reads them)."""
    import pypdfium2
    from generator.build import components_pdf
    note = "dashed line, glue, then cut"   # in the old note and the new
    for game in ("glorieta", "hexstatic", "pixeliction"):
        document = pypdfium2.PdfDocument(components_pdf(specs.load(game), paper, backs="fold")[0])
        sizes = []
        for page in document:
            text = page.get_textpage()
            found = text.search(note, match_case=True).get_next()
            if found:   # the d of "dashed": Vera's d stands 0.76 em above the baseline
                _, bottom, _, top = text.get_charbox(found[0] + note.index("dashed"))
                sizes.append((top - bottom) / 0.76)
        assert sizes and min(sizes) >= 7.0, (game, sizes)


def test_page_one_notes_its_round_tokens_as_a_sheet_does():
    """Posies' pink posies are set on page 1, below the list of components; the sheets holding the other posies say
    'round tokens: punch them out or cut round each ring' in their footers, and page 1 said nothing."""
    import pypdfium2
    from generator.build import components_pdf
    document = pypdfium2.PdfDocument(components_pdf(specs.load("posies"), "a4")[0])
    texts = [" ".join(page.get_textpage().get_text_range().split()) for page in document]
    holding = [n for n, text in enumerate(texts) if "round tokens: punch them out or cut round each ring" in text]
    assert 0 in holding and len(holding) >= 2, holding


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fold_over_build_prints_a_two_sided_piece_too_large_for_half_a_sheet_on_a_duplex_pair(paper):
    """--backs fold with a two-sided piece no half sheet holds (a 150 mm tile): it prints on a front and back pair, the
    back's slot at the mirror of the front's across the sheet (flipped on the long edge), while the small pieces fold
    over; the list says which pages print double-sided. It was refused, the whole build with it."""
    from generator.build import components_pdf
    spec = make_spec({"small": tile(30, 8, back=True), "big": tile(150, 1, back=True)})
    pieces, _ = expand(spec)
    plan = impose(spec, pieces, paper, backs="fold")
    sides = [sheet.side for sheet in plan.sheets]
    assert sides.count("front") == sides.count("back") == 1 and "fold" in sides
    front = plan.sheets[sides.index("front")]
    back = plan.sheets[sides.index("front") + 1]
    assert back.side == "back" and front.components == ("big",)
    (f,), (b,) = front.slots, back.slots
    assert (b.x, b.y, b.w, b.h) == pytest.approx((plan.width - f.x - f.w, f.y, f.w, f.h))
    folded = [slot for sheet in plan.sheets if sheet.side == "fold" for slot in sheet.slots]
    assert len(folded) == 16   # eight fronts, eight backs
    data, _ = components_pdf(spec, paper, "fold")
    text = pypdfium2.PdfDocument(data)[0].get_textpage().get_text_range()
    n = sides.index("front") + 2   # page 1 is the list
    assert f"Pages {n}-{n + 1}: print double-sided" in text, text
    rows = [line.split() for line in text.split("\r\n") if line.split()[:2] in (["Small", "8"], ["Big", "1"])]
    assert [(row[0], row[-1]) for row in rows] == [("Small", "fold-over"), ("Big", "yes")], rows   # the list's last column


def words(page) -> list:
    """[(text, x, y)]: each run of text on a PDF page and its centre in mm, y down from the top."""
    text, height, found = page.get_textpage(), page.get_height(), []
    for i in range(text.count_rects()):
        left, bottom, right, top = text.get_rect(i)
        found.append((text.get_text_bounded(left, bottom, right, top).strip(),
                      (left + right) / 2 / PT_PER_MM, (height - (bottom + top) / 2) / PT_PER_MM))
    return found


def read(found) -> list:
    """The texts of words() as read: left to right along each row, the rows top to bottom (a row: centres less than
    3 mm below its first)."""
    rows: list = []
    for word in sorted(found, key=lambda word: word[2]):
        if rows and word[2] - rows[-1][0][2] < 3:
            rows[-1].append(word)
        else:
            rows.append([word])
    return [text for row in rows for text, _, _ in sorted(row, key=lambda word: word[1])]


def named(name: str, count: int, rows, **options) -> dict:
    """A layout component of rows, each showing its name in the middle of the piece."""
    middle = {"type": "text", "x": 0, "y": 0, "width": "100%", "height": "100%", "text": "{name}", "align": "centre",
              "valign": "middle", "size": 8}
    return {name: {"kind": "layout", "expect": count, "data": rows, "layout": {"elements": {"name": middle}}, **options}}


def test_tokens_fill_their_sheet_in_reading_order():
    """30 coin tokens valued 1-30 beside six two-sided cards on A4 (a designer's report): the first six took the room
    below the cards, then joined the other 24 on a sheet of their own (_gather), after them: the sheet read 7-30, then
    1-6 along its bottom row. They read 1-30, left to right along each row, the rows top to bottom, as cards do."""
    from generator.build import components_pdf
    spec = make_spec({**named("harbours", 6, [{"name": f"H{n}"} for n in range(1, 7)], width="88 mm", height="63 mm",
                              back={"fill": "red"}),
                      **named("coins", 30, [{"name": n} for n in range(1, 31)], shape="circle", size="25.4 mm")})
    sheets = [read(words(page)) for page in pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])][1:]   # 1: the list
    [coins] = [[text for text in sheet if text.isdigit()] for sheet in sheets if "30" in sheet]
    assert coins == [str(n) for n in range(1, 31)]


def test_tiles_packed_round_another_piece_read_in_order():
    """A card and 17 square tiles on A4: the card takes the top left, 16 tiles the room below it, the last tile the room
    beside it, above the 16 (it read 17, then 1-16). The tiles read 1-17, the first beside the card."""
    from generator.build import components_pdf
    spec = make_spec({**named("card", 1, [{"name": "C"}], width="63 mm", height="88 mm"),
                      **named("tiles", 17, [{"name": n} for n in range(1, 18)], width="40 mm", height="40 mm")})
    [sheet] = [read(words(page)) for page in pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])][1:]
    assert [text for text in sheet if text.isdigit()] == [str(n) for n in range(1, 18)]


def test_two_sided_cards_gathered_onto_a_sheet_read_in_order_with_each_back_behind_its_front(tmp_path):
    """Nine two-sided cards and six harbour cards with no bleed, each with a back of its own, on A4: two harbours went
    below the ninth card, then joined the other four, after them (H3-H6, then H1 H2). They read H1-H6 on their sheet,
    and each harbour's own back is printed behind it: at the mirror of its front across the sheet (flipped on the long
    edge)."""
    from generator.build import components_pdf
    (tmp_path / "harbour-back.yaml").write_text("elements:\n  name: {type: text, x: 0, y: 0, width: 100%, height: 100%, "
                                               "text: 'back {name}', align: centre, valign: middle, size: 8}\n")
    components = {**named("ships", 9, [{"name": f"S{n}"} for n in range(1, 10)], width="63 mm", height="88 mm",
                          back={"fill": "red"}),
                  **named("harbours", 6, [{"name": f"H{n}", "back": "harbour-back.yaml"} for n in range(1, 7)],
                          width="88 mm", height="63 mm", bleed="0 mm", back={"fill": "red"})}
    (tmp_path / "game.yaml").write_text(yaml.safe_dump({"game": {"title": "Test", "designer": "Tester"},
                                                        "palette": {"red": "#ff0000"}, "components": components}))
    document = pypdfium2.PdfDocument(components_pdf(specs.load(str(tmp_path / "game.yaml")), "a4")[0])
    [n] = [n for n, page in enumerate(document) if "H1" in read(words(page))]
    fronts = {text: (x, y) for text, x, y in words(document[n]) if text.startswith("H")}
    backs = {text: (x, y) for text, x, y in words(document[n + 1]) if text.startswith("back H")}
    width = document[n].get_width() / PT_PER_MM
    assert [text for text in read(words(document[n])) if text.startswith("H")] == [f"H{k}" for k in range(1, 7)]
    assert len(backs) == 6 and all(backs[f"back {name}"] == pytest.approx((width - x, y), abs=1.0)
                                   for name, (x, y) in fronts.items()), (fronts, backs)


def test_a_piece_just_too_wide_for_its_crop_marks_is_refused_or_printed_whole_not_packed_on_sheets_forever():
    """A 187 mm square tile with no bleed passed loading (A4's printable area is 187 mm wide) and the build added empty
    sheets until memory ran out (9 GB in a minute; with `timeout 20` on the old code, killed): its crop marks need
    0.5 mm a side more. It is refused at load now; a shift-board of that width, which may print in panels, prints whole
    on one sheet with no panel's note, its cut inside the paper's margin."""
    with pytest.raises(UserError, match=r"found 188 x 188 mm with room for its crop marks"):
        make_spec({"t": tile(187, 1)})
    assert make_spec({"t": tile(186, 1)})   # 0.5 mm a side to spare
    spec = make_spec({"b": {"kind": "shift-board", "cell_width": "28.5mm", "cell_height": "28.5mm", "expect": 1}})
    (sheet,) = impose(spec, expand(spec)[0], "a4").sheets
    (slot,) = sheet.slots
    assert sheet.note == "" and sheet.assembly is None
    assert (round(slot.w, 6), round(slot.h, 6)) == (187.0, 187.0) and MARGIN <= slot.x and slot.x + slot.w <= 210 - MARGIN


def test_a_piece_too_large_for_the_paper_asked_is_named_at_its_line(tmp_path):
    """`--paper 100x100mm` with poker cards: 'p/g.yaml: components.cards: 63 x 88 mm ... does not fit on 100x100mm
    paper', no line; now the component's line is named, as every other spec error's."""
    from generator.errors import SpecError
    (tmp_path / "g.yaml").write_text("game: {title: G, designer: D}\npalette: {red: '#cc2222'}\ncomponents:\n"
                                     "  cards:\n    kind: reference-card\n    expect: 1\n    width: 63 mm\n"
                                     "    height: 88 mm\n    heading: H\n    lines: [x]\n")
    spec = specs.load(str(tmp_path / "g.yaml"))
    with pytest.raises(SpecError) as caught:
        impose(spec, expand(spec)[0], "100x100mm")
    assert str(caught.value).startswith(f"{tmp_path / 'g.yaml'}:4: components.cards: 63 x 88 mm (bleed 3 mm) does not "
                                        "fit on 100x100mm paper"), str(caught.value)
