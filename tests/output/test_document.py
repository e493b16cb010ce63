"""Placing faces on a sheet: faces placed once are drawn in one go, exactly as one by one."""
import importlib.util
import io
from pathlib import Path

import pikepdf

from generator.build import components_pdf
from generator.draw import content
from generator.draw.render import draw_art
from generator.output import document
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.impose.imposition import impose

ROOT = Path(__file__).resolve().parents[2]


def faces_with_text(game, count):
    """count faces of a shipped game, written, the first ones that set text (so that their fonts' letters are noted)."""
    spec = specs.load(game)
    arts = expand(spec)[1]
    written = {key: content.write(draw_art(spec, art)) for key, art in arts.items()}
    return dict(sorted(written.items(), key=lambda item: not item[1].chars)[:count])


def test_faces_placed_once_are_drawn_in_one_go_as_paint_draws_them_one_by_one():
    faces = faces_with_text("paths-and-pahs", 5)
    assert any(face.chars for face in faces.values())
    corners = [(0, 0), (10.5, 7.25), (31.125, 7.25), (0.0004, 60), (100, 200.5)]  # the first at the page's origin
    one_by_one, in_one_go = document.Document(210, 297), document.Document(210, 297)
    for key, (x, y) in zip(faces, corners):
        one_by_one.paint(faces[key], (1, 0, 0, 1, x, y), None, key)
    assert in_one_go.inline(faces, list(faces), document.heads(corners))
    for doc in (one_by_one, in_one_go):
        doc.next_page()
    assert one_by_one.ops == in_one_go.ops == [] and one_by_one.chars == in_one_go.chars != {}
    assert in_one_go.save("t", "a", "s") == one_by_one.save("t", "a", "s")


def test_a_sheet_with_a_shared_face_is_not_drawn_in_one_go():
    faces = faces_with_text("paths-and-pahs", 2)
    doc = document.Document(210, 297)
    doc.share(list(faces)[1])
    assert not doc.inline(faces, list(faces), document.heads([(1, 1), (30, 1)]))
    assert doc.ops == [] and doc.chars == {}


def test_a_deck_of_distinct_faces_is_drawn_sheet_by_sheet_not_face_by_face(tmp_path, monkeypatch):
    bench_spec = importlib.util.spec_from_file_location("benchmarks_bench", ROOT / "benchmarks" / "bench.py")
    bench = importlib.util.module_from_spec(bench_spec)
    bench_spec.loader.exec_module(bench)
    spec = specs.load(str(bench.scale_spec(tmp_path, 400, True)))
    painted = []
    paint = document.Document.paint
    monkeypatch.setattr(document.Document, "paint", lambda self, *a, **k: painted.append(a[3]) or paint(self, *a, **k))
    data, pages = components_pdf(spec, "a4")
    assert painted == []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        streams = [page.Contents if isinstance(page.Contents, pikepdf.Array) else [page.Contents] for page in pdf.pages]
        clips = [b"".join(s.read_bytes() for s in page).count(b" 0 0 20 20 re W n ") for page in streams]
    plan = impose(spec, expand(spec)[0], "a4", "duplex")
    assert clips == [len(sheet.slots) for sheet in (plan.cover, *plan.sheets)] and sum(clips) == 400  # each face once
