"""The build cache: an unchanged rebuild writes nothing; any change of inputs or of the file rebuilds."""
from generator import spec as specs
from generator.build import build


def test_unchanged_rebuild_writes_nothing_and_changes_rebuild(tmp_path):
    spec = specs.load("grannys-pills")
    path, pages, size = build(spec, "a4", tmp_path)
    written = path.read_bytes()
    stamp = path.stat().st_mtime_ns
    again = build(spec, "a4", tmp_path)
    assert again[:3] == (path, pages, size) and again[3].startswith("unchanged")
    assert path.stat().st_mtime_ns == stamp
    recoloured = build(specs.load("grannys-pills", ["palette.red=#c0392b"]), "a4", tmp_path)
    assert len(recoloured) == 3 and path.read_bytes() != written
    back = build(spec, "a4", tmp_path)
    assert len(back) == 3 and path.read_bytes() == written


def test_a_file_changed_on_disk_is_rebuilt(tmp_path):
    spec = specs.load("grannys-pills")
    path, _, _ = build(spec, "a4", tmp_path)
    written = path.read_bytes()
    path.write_bytes(written[:-10])
    assert len(build(spec, "a4", tmp_path)) == 3
    assert path.read_bytes() == written
    path.unlink()
    assert len(build(spec, "a4", tmp_path)) == 3 and path.read_bytes() == written


def test_changing_a_colour_redraws_exactly_the_faces_that_use_it(tmp_path):
    from generator.build import components_pdf, output_path
    from generator.expand import expand
    from generator.facecache import FaceCache
    from generator.render import render_art

    before = specs.load("grannys-pills")
    path = output_path(tmp_path, before, "a4")
    first = FaceCache(path)
    components_pdf(before, "a4", faces=first)
    first.save()
    _, arts = expand(before)
    assert sorted(first.drawn) == sorted(arts)

    after = specs.load("grannys-pills", ["palette.red=#c0392b"])
    second = FaceCache(path)
    data, _ = components_pdf(after, "a4", faces=second)
    changed = sorted(key for key, art in arts.items() if render_art(before, art) != render_art(after, art))
    assert changed and len(changed) < len(arts)
    assert sorted(second.drawn) == changed
    assert data == components_pdf(after, "a4")[0], "cached faces give the same bytes as fresh ones"
