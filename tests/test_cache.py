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


def test_a_changed_template_redraws_the_faces_drawn_from_it(tmp_path):
    import shutil
    from generator import cache, svg
    from generator.build import components_pdf, output_path
    from generator.expand import expand
    from generator.facecache import FaceCache

    folder = tmp_path / "game"
    (folder / "templates").mkdir(parents=True)
    shutil.copy(specs.SPECS / "grannys-pills.yaml", folder)
    round_pill = (specs.SPECS.parent / "templates" / "round.svg").read_text()
    (folder / "templates" / "round.svg").write_text(round_pill)
    spec = specs.load(str(folder / "grannys-pills.yaml"))
    path = output_path(tmp_path / "out", spec, "a4")
    first = FaceCache(path)
    components_pdf(spec, "a4", faces=first)
    first.save()
    (folder / "templates" / "round.svg").write_text(round_pill.replace('r="40"', 'r="30"'))
    cache._folder.cache_clear()
    svg._template.cache_clear()
    second = FaceCache(path)
    components_pdf(spec, "a4", faces=second)
    _, arts = expand(spec)
    rounds = {key for key, art in arts.items() if art.props.get("shape") == "round"}
    assert len(rounds) == 4 and rounds <= set(second.drawn), "faces of the changed template are drawn again"
