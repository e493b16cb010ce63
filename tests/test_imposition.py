"""Imposition properties: every piece placed once, no overlaps, inside the printable area, backs mirror fronts."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from generator import spec as specs
from generator.expand import expand
from generator.imposition import EPS, MARGIN, Rect, impose, printable_area


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


def check_plan(spec, paper):
    """Assert the imposition properties for one spec and paper; return the plan."""
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, paper)
    area = printable_area(paper)
    fronts = Counter()
    for sheet in plan.sheets:
        boxes = [s.bleed_box for s in sheet.slots]
        for i, a in enumerate(boxes):
            assert area.x - EPS <= a.x and a.x + a.w <= area.x + area.w + EPS, "slot outside the area"
            assert area.y - EPS <= a.y and a.y + a.h <= area.y + area.h + EPS, "slot outside the area"
            assert not any(overlap(a, b) for b in boxes[i + 1:]), "slots overlap"
        for (x1, y1), (x2, y2) in sheet.marks:
            for x, y in ((x1, y1), (x2, y2)):
                assert MARGIN - EPS <= x <= plan.width - MARGIN + EPS and MARGIN - EPS <= y <= plan.height - MARGIN + EPS
            mark = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            assert not any(overlap(mark, b) for b in boxes), "crop mark inside a piece"
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
    plan = check_plan(make_spec({"a": tile(25, 7), "b": tile(30, 6)}), "a4")
    assert len(plan.sheets) == 1 and set(plan.sheets[0].components) == {"a", "b"}


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
