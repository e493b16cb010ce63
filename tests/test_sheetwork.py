"""Work done once per sheet layout, not once per sheet: full sheets of one layout repeat their ground boxes."""
import io
import re
import sys

import pikepdf
import pytest
import yaml

from generator.build import PLACE, _layout, components_pdf
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.impose.imposition import impose


def traced(spec) -> tuple:
    """(components_pdf(spec, "a4"), the qualified name of every function it called, in order)."""
    calls: list = []
    sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_qualname) if event == "call" else None)
    try:
        return components_pdf(spec, "a4"), calls
    finally:
        sys.setprofile(None)


def six_faces(tmp_path):
    """A spec of 600 tiles of 20 mm: 3 colours x 2 shapes x 100 copies."""
    tiles = {"kind": "square-tile", "expect": 600, "size": "20 mm",
             "faces": {"product": {"colour": ["#d7261e", "#2f9e44", "#1f6fd0"], "shape": ["circle", "square"]},
                       "copies": 100}}
    (tmp_path / "tiles.yaml").write_text(yaml.safe_dump({"game": {"title": "Tiles", "designer": "Test"},
                                                          "components": {"tiles": tiles}}))
    return specs.load(str(tmp_path / "tiles.yaml"))


def test_the_ground_boxes_of_full_sheets_are_worked_out_once_per_layout(tmp_path):
    spec = six_faces(tmp_path)
    plan = impose(spec, expand(spec)[0], "a4")
    sheets = plan.sheets + ((plan.cover,) if plan.cover else ())
    layouts = {tuple(map(PLACE, sheet.slots)) for sheet in sheets}
    assert sum(len(sheet.slots) == 117 for sheet in sheets) >= 3 and len(layouts) <= 3  # full 9 x 13 sheets, the rest
    calls = traced(spec)[1]
    assert calls.count("_runs") == len(layouts) < len(sheets) == calls.count("_layout")
    first_slots, second_slots = tuple(plan.sheets[0].slots), tuple(plan.sheets[1].slots)
    runs = _layout(plan.sheets[0].grounds, tuple(map(PLACE, first_slots)), first_slots)[0]
    assert _layout(plan.sheets[0].grounds, tuple(map(PLACE, second_slots)), second_slots)[0] is runs, "an equal layout"
    moved_slots = tuple(slot._replace(x=slot.x + 0.5) for slot in first_slots)
    shifted = tuple(block._replace(x=block.x + 0.5) for block in plan.sheets[0].grounds)
    moved = _layout(shifted, tuple(map(PLACE, moved_slots)), moved_slots)[0]
    assert [box[0] - 0.5 for box in moved[0][2]] == pytest.approx([box[0] for box in runs[0][2]])
    (first, end, boxes, _), = runs
    assert (first, end, len(boxes)) == (0, 117, 117) and all(abs(w - 20.6) < 1e-9 or abs(w - 20.3) < 1e-9 for _, _, w, _ in boxes)


def collections(tmp_path, expect, colours, shapes, copies):
    """(pages, collector runs, threshold before, threshold after) of the components PDF of a deck of square tiles."""
    import gc
    tiles = {"kind": "square-tile", "expect": expect, "size": "20 mm",
             "faces": {"product": {"colour": colours, "shape": shapes}, "copies": copies}}
    (tmp_path / "tiles.yaml").write_text(yaml.safe_dump({"game": {"title": "Tiles", "designer": "Test"},
                                                          "components": {"tiles": tiles}}))
    spec = specs.load(str(tmp_path / "tiles.yaml"))
    expand(spec)
    runs = []

    def count(phase, info):
        if phase == "start":
            runs.append(info["generation"])
    before = gc.get_threshold()
    gc.callbacks.append(count)
    try:
        pages = components_pdf(spec, "a4")[1]
    finally:
        gc.callbacks.remove(count)
    return pages, len(runs), before, gc.get_threshold()


def test_a_sheet_file_runs_the_cycle_collector_seldom_and_leaves_its_threshold_as_it_was(tmp_path):
    pages, runs, before, after = collections(tmp_path, 3000, ["#d7261e", "#2f9e44", "#1f6fd0"], ["circle", "square"], 500)
    assert after == before
    assert runs <= 3, f"the collector ran {runs} times for {pages - 1} sheets"  # 16 times at the default 700


def test_a_sheet_file_of_ten_thousand_tiles_runs_the_cycle_collector_at_most_once(tmp_path):
    pages, runs, _, _ = collections(tmp_path, 10000, ["#d7261e", "#2f9e44", "#1f6fd0", "#f5c211"],
                                    ["circle", "square", "flat-triangle", "rhombus"], 625)
    assert pages == 87 and runs <= 1, f"the collector ran {runs} times for {pages - 1} sheets"


def fills(data) -> list:
    """How many rectangles each page of a PDF fills in its own content (not in its forms)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [len(re.findall(rb"\bre f\b", b"".join(part.read_bytes() for part in page.obj.Contents)))
                for page in pdf.pages]


@pytest.mark.parametrize("bleed", ["0 mm", "3 mm"])
def test_a_ground_under_each_piece_and_the_grounds_of_a_block_painted_in_one_step(tmp_path, bleed):
    tiles = {"kind": "square-tile", "expect": 240, "size": "25 mm", "bleed": bleed, "ground": "sand",
             "faces": {"product": {"colour": ["#d7261e", "#1f6fd0"], "shape": ["circle", "square"]}, "copies": 60}}
    (tmp_path / "tiles.yaml").write_text(yaml.safe_dump({"game": {"title": "Tiles", "designer": "Test"},
                                                          "palette": {"sand": "#eee8d5"}, "components": {"tiles": tiles}}))
    spec = specs.load(str(tmp_path / "tiles.yaml"))
    plan = impose(spec, expand(spec)[0], "a4")
    expand(spec)
    (data, pages), calls = traced(spec)
    sheets = (plan.cover,) * bool(plan.cover) + plan.sheets
    slots = [len(sheet.slots) for sheet in sheets]   # the list page's pieces too
    assert fills(data) == slots and sum(slots) == 240, "each piece's ground, as before"
    assert calls.count("Document.fill") == sum(len(sheet.grounds) for sheet in sheets) == pages, "one step per block"


def test_the_pieces_of_a_sheet_of_stored_faces_are_placed_in_one_run_as_one_by_one(tmp_path, monkeypatch):
    from generator.output import document
    spec = six_faces(tmp_path)
    expand(spec)
    (data, pages), calls = traced(spec)
    runs, painted = calls.count("Document.run"), calls.count("Document.paint")
    assert runs == calls.count("pieces_on") and painted == 0, "each sheet placed in one run"
    monkeypatch.setattr(document.Document, "run", lambda *args: False)   # each piece placed by itself
    assert components_pdf(specs.load(str(tmp_path / "tiles.yaml")), "a4")[0] == data
