"""The build cache: an unchanged rebuild writes nothing; any change of inputs or of the file rebuilds."""
import os
import json

import pytest

from generator import cache
from generator.spec import loader as specs
from generator.build import build


def rebuilt(result) -> bool:
    """True when build() wrote its file (no 'unchanged' note)."""
    return not any(str(note).startswith("unchanged") for note in result[3:])


def test_unchanged_rebuild_writes_nothing_and_changes_rebuild(tmp_path):
    spec = specs.load("grannys-pills")
    path, pages, size, *_ = build(spec, "a4", tmp_path)
    written = path.read_bytes()
    stamp = path.stat().st_mtime_ns
    again = build(spec, "a4", tmp_path)
    assert again[:3] == (path, pages, size) and not rebuilt(again)
    assert path.stat().st_mtime_ns == stamp
    recoloured = build(specs.load("grannys-pills", ["palette.red=#c0392b"]), "a4", tmp_path)
    assert rebuilt(recoloured) and path.read_bytes() != written
    back = build(spec, "a4", tmp_path)
    assert rebuilt(back) and path.read_bytes() == written


def test_a_file_changed_on_disk_is_rebuilt(tmp_path):
    spec = specs.load("grannys-pills")
    path = build(spec, "a4", tmp_path)[0]
    written = path.read_bytes()
    path.write_bytes(written[:-10])
    assert rebuilt(build(spec, "a4", tmp_path))
    assert path.read_bytes() == written
    path.unlink()
    assert rebuilt(build(spec, "a4", tmp_path)) and path.read_bytes() == written


@pytest.mark.parametrize("game", ["glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"])
def test_a_deleted_file_made_again_by_a_new_run_over_its_kept_faces_and_plan_is_the_same_file(tmp_path, game):
    """A new run (the spec loaded again, its checks' verdict kept: no face drawn) makes a deleted PDF again from the kept
    faces and plan, reading the shared grounds from the kept operators: a black ground, the state a face starts from,
    sets no colour there. Glorieta's black stones and Pixeliction's discs were once read as no ground, imposed apart:
    10 and 11 pages where a fresh build makes 9."""
    path, pages, *_ = build(specs.load(game), "a4", tmp_path)
    first = path.read_bytes()
    path.unlink()
    again = build(specs.load(game), "a4", tmp_path)
    assert rebuilt(again) and again[1] == pages and path.read_bytes() == first


def test_a_kept_faces_ground_is_the_ground_of_its_drawing():
    """The ground read from a face's written operators (a kept face) is the one read from its drawing, for every face
    of the shipped games: black, set by no operator, included."""
    from generator.draw import content
    from generator.draw.render import draw_art
    from generator.impose.grounds import ground
    from generator.spec.expand import expand
    found = set()
    for game in ["glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"]:
        spec = specs.load(game)
        for art in expand(spec)[1].values():
            drawing = draw_art(spec, art)
            assert ground(content.write(drawing)) == ground(drawing), (game, art.key)
            found.add(ground(drawing))
    assert {"0 0 0", None} < found, found


def test_changing_a_colour_redraws_exactly_the_faces_that_use_it(tmp_path):
    from generator.build import components_pdf, output_path
    from generator.spec.expand import expand
    from generator.facecache import FaceCache
    from generator.draw.render import draw_art

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
    changed = sorted(key for key, art in arts.items() if draw_art(before, art).tostring() != draw_art(after, art).tostring())
    assert changed and len(changed) < len(arts)
    assert sorted(second.drawn) == changed
    assert data == components_pdf(after, "a4")[0], "cached faces give the same bytes as fresh ones"


TILES = """\
game:
  title: Tiles
  designer: Test
palette:
  red: "#d7261e"
  blue: "#1f6fd0"
components:
  tile:
    kind: square-tile
    expect: 8
    size: 30 mm
    faces:
      product:
        colour: [red, blue]
        shape: [circle, round]
      copies: 2
"""
CIRCLE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
          '<circle cx="50" cy="50" r="{}" fill="currentColor" stroke="ink" stroke-width="4"/></svg>')
SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
          '<rect x="20" y="20" width="60" height="60" style="fill:currentColor;stroke:ink;stroke-width:4"/></svg>')
CHANGES = {  # spec folder -> one input changed
    "a template in the spec's own folder": lambda folder: (folder / "templates" / "circle.svg").write_text(CIRCLE.format(25)),
    "a template now found beside the spec": lambda folder: (folder / "templates" / "round.svg").write_text(SQUARE),
    "a palette colour": lambda folder: (folder / "tiles.yaml").write_text(TILES.replace("#d7261e", "#2f9e44")),
}


def tiles_spec(folder):
    """The tiles spec in folder with its own templates/circle.svg (radius 40; the package has a circle too); its path."""
    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / "circle.svg").write_text(CIRCLE.format(40))
    (folder / "tiles.yaml").write_text(TILES)
    return folder / "tiles.yaml"


def pnp(*args):
    """Run pnp in a process of its own, as each of a user's builds is; its output."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", "from generator.cli import cli; cli()", *map(str, args)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("change", CHANGES)
def test_a_rebuild_after_a_change_equals_a_fresh_build_of_the_changed_spec(tmp_path, change):
    path = tiles_spec(tmp_path / "spec")
    pdf = tmp_path / "out" / "tiles" / "tiles-components-a4.pdf"
    pnp("build", path, "--paper", "a4", "--out", tmp_path / "out")
    first = pdf.read_bytes()
    assert "unchanged" in pnp("build", path, "--paper", "a4", "--out", tmp_path / "out")
    CHANGES[change](tmp_path / "spec")
    assert "unchanged" not in pnp("build", path, "--paper", "a4", "--out", tmp_path / "out")
    pnp("build", path, "--paper", "a4", "--out", tmp_path / "clean")
    assert pdf.read_bytes() == (tmp_path / "clean" / "tiles" / "tiles-components-a4.pdf").read_bytes()
    assert pdf.read_bytes() != first


def test_a_changed_template_redraws_exactly_its_faces_and_only_used_templates_are_read(tmp_path):
    from generator.build import components_pdf, output_path
    from generator.facecache import FaceCache

    path = tiles_spec(tmp_path / "spec")
    before = specs.load(str(path))
    built = build(before, "a4", tmp_path / "out")
    assert sorted(before.templates.read) == ["circle", "round"]  # the package's ten other templates are never opened
    record = json.loads(cache.record_of(built[0]).read_bytes().partition(b"\n")[0])
    assert sorted(record["templates"]) == ["circle", "round"]

    (tmp_path / "spec" / "templates" / "circle.svg").write_text(CIRCLE.format(25))
    after = specs.load(str(path))
    faces = FaceCache(output_path(tmp_path / "out", after, "a4"))
    data, _ = components_pdf(after, "a4", faces=faces)
    # blue and red circles, alike but for colour: one drawn, the other its recolour; the round faces came from the cache
    assert (list(faces.drawn), list(faces.recoloured)) == (["tile-1"], ["tile-3"])
    assert data == components_pdf(after, "a4")[0]
    again = build(after, "a4", tmp_path / "out")
    assert len(again) == 3 and again[0].read_bytes() == data


@pytest.fixture
def ink_memo(tmp_path, monkeypatch):
    """A fresh ink memo in its own cache folder, and a count of the elements whose ink is measured: {'measures': n}."""
    from generator import cache
    from generator.check import ink, safearea
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(safearea, "_PAINTED", {})
    calls, measure = {"measures": 0}, ink.ink_ends

    def counted(node, clips, box=False):
        calls["measures"] += 1
        return measure(node, clips, box)
    monkeypatch.setattr(ink, "ink_ends", counted)

    def next_run():
        """As a new process would start: the memo read from disk, nothing remembered in memory."""
        ink.MEMO.save()
        monkeypatch.setattr(ink, "MEMO", cache.Memo("ink.json", []))
        safearea._PAINTED.clear()
        calls["measures"] = 0
    next_run()
    calls["next_run"] = next_run
    return calls


def _measured(game, overrides=()):
    """validate()'s lines and the safe-area report of a shipped spec."""
    from generator.check import safearea
    from generator.check.validate import validate
    spec = specs.load(game, list(overrides))
    return [str(f) for f in validate(spec)], safearea.report(spec)


def _fresh(monkeypatch, folder, game, overrides=()):
    """_measured with an empty memo of its own, as on a machine that never measured anything."""
    from generator import cache
    from generator.check import ink, safearea
    with monkeypatch.context() as fresh:
        fresh.setenv("XDG_CACHE_HOME", str(folder))
        fresh.setattr(ink, "MEMO", cache.Memo("ink.json", []))
        fresh.setattr(safearea, "_PAINTED", {})
        return _measured(game, overrides)


def test_kept_ink_measures_are_reused_across_runs_and_never_stale(ink_memo, monkeypatch, tmp_path):
    measured = _measured
    first = measured("posies")
    assert ink_memo["measures"] > 0
    ink_memo["next_run"]()
    assert measured("posies") == first and ink_memo["measures"] == 0, "a second run measures nothing again"
    # a colour changes no ink: the kept measures serve a recoloured spec, and say what a fresh measure says
    ink_memo["next_run"]()
    recoloured = measured("posies", ["palette.pink=#ff00ff"])
    assert ink_memo["measures"] == 0 and recoloured == _fresh(monkeypatch, tmp_path / "a", "posies", ["palette.pink=#ff00ff"])
    # a symbol grown towards the cut is measured again, and fails as a fresh run says it does
    ink_memo["next_run"]()
    grown = measured("posies", ["components.posy-green.symbol_scale=0.95"])
    assert ink_memo["measures"] > 0 and grown == _fresh(monkeypatch, tmp_path / "b", "posies",
                                                      ["components.posy-green.symbol_scale=0.95"])
    assert any("posy-green: face 1: symbol is" in line for line in grown[0]) and grown != first


def test_kept_ink_measures_name_no_library_and_a_painted_one_is_never_kept(ink_memo, monkeypatch):
    """Ink from geometry depends on what the key names (the element, the code and fonts); one that cairo had to paint
    (a clip of uneven shape) would depend on cairo's libraries too: it is painted again in every run."""
    import importlib
    from generator import cache, facecache
    from generator.check import ink, safearea
    from generator.draw import svg
    validate = importlib.import_module("generator.check.validate")
    monkeypatch.setattr(validate, "MEMO", cache.Memo("checks.json", []))   # no check results kept by another test
    monkeypatch.setattr(facecache, "FACES", cache.Memo("face-verdicts.json", []))   # nor a face's verdict
    validate.validate(specs.load("posies", ["components.posy-green.symbol_scale=0.95"]))   # a symbol measured exactly
    ink_memo["next_run"]()
    record = json.loads((cache.folder() / "ink.json").read_text())
    assert record["entries"] and record["libraries"] == []
    dwg = svg.drawing(20, 20)
    clip = dwg.defs.add(dwg.clipPath(id="notch"))
    clip.add(dwg.polygon([(0, 0), (20, 0), (10, 5), (20, 20), (0, 20)]))
    dwg.add(dwg.rect((1, 1), (18, 18), fill="#000000", clip_path="url(#notch)"))
    cut = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))
    for _ in range(2):
        before = ink.RASTERS
        assert [entry[1] for entry in safearea._measure(dwg, cut)] == [pytest.approx(1.025)]
        assert ink.RASTERS == before + 1
        ink_memo["next_run"]()


def test_kept_colour_arithmetic_is_reused_across_runs_and_never_stale(tmp_path, monkeypatch):
    from generator import cache
    from generator.check import vision
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def run(overrides=(), memo="colour.json"):
        """Granny's Pills' colour reports and failures, as a new process works them out; and how many results it made."""
        monkeypatch.setattr(vision, "MEMO", cache.Memo(memo, []))
        made, put = [], vision.MEMO.put
        monkeypatch.setattr(vision.MEMO, "put", lambda key, value: (made.append(key), put(key, value)))
        spec = specs.load("grannys-pills", list(overrides))
        found = [vision.describe(r) for r in vision.reports(spec)], vision.failures(spec, 10, 30)
        vision.MEMO.save()
        return found, len(made)

    first, made = run()
    assert made and run() == (first, 0), "a second run works nothing out"
    recoloured = ["palette.green=#e0e040"]   # green near yellow: new pairs, new verdicts
    kept, made = run(recoloured)
    assert made and kept == run(recoloured, memo="fresh-colour.json")[0] and kept != first


def test_a_rulebook_is_kept_when_only_a_colour_it_does_not_show_changes(tmp_path):
    from generator.build import build_rules
    path, _, _ = build_rules(specs.load("grannys-pills"), "a4", tmp_path)
    first = path.read_bytes()
    board = ["palette.board=#e0d8f0"]   # the player boards' ground: no diagram or text of the rulebook shows it
    kept = build_rules(specs.load("grannys-pills", board), "a4", tmp_path)
    assert kept[3].startswith("unchanged") and path.read_bytes() == first
    assert build_rules(specs.load("grannys-pills", board), "a4", tmp_path / "fresh")[0].read_bytes() == first
    red = ["palette.red=#c0392b"]   # the red pills: drawn in the rulebook's diagrams
    rebuilt = build_rules(specs.load("grannys-pills", red), "a4", tmp_path)
    fresh = build_rules(specs.load("grannys-pills", red), "a4", tmp_path / "fresh-red")[0].read_bytes()
    assert len(rebuilt) == 3 and path.read_bytes() == fresh != first


def test_a_rebuild_whose_recorded_reads_changed_reads_no_output_and_an_unchanged_one_still_checks_it(tmp_path, monkeypatch):
    """The rulebook's inputs leave the palette out: after palette.red its record's own inputs match, but a colour it read
    changed, which is found before its old file is read and hashed (117 KB for both papers of the edit loop)."""
    from generator.build import build_rules
    path = build_rules(specs.load("grannys-pills"), "a4", tmp_path)[0]
    from generator import cache
    read = []
    real = cache._output   # how an output is read to be checked (a regular file of its own only)
    monkeypatch.setattr(cache, "_output", lambda found: read.append(found) or real(found))
    red = specs.load("grannys-pills", ["palette.red=#c0392b"])
    assert len(build_rules(red, "a4", tmp_path)) == 3 and path not in read, "rebuilt, its old file unread"
    fresh = build_rules(red, "a4", tmp_path / "fresh")[0].read_bytes()
    assert path.read_bytes() == fresh
    read.clear()
    assert build_rules(red, "a4", tmp_path)[3].startswith("unchanged") and path in read, "an unchanged file is checked"
    path.write_bytes(fresh[:-10])
    assert len(build_rules(red, "a4", tmp_path)) == 3 and path.read_bytes() == fresh, "a damaged one is written again"


def test_a_rulebook_whose_diagrams_change_keeps_its_text_layout_and_equals_a_fresh_one(tmp_path, monkeypatch):
    from generator.output import rulebook
    from generator.build import build_rules
    typeset, laid = rulebook.typeset, []
    monkeypatch.setattr(rulebook, "typeset", lambda *args: laid.append(args[1]) or typeset(*args))
    path, _, _ = build_rules(specs.load("grannys-pills"), "a4", tmp_path)
    assert laid and (path.parent / ".pnp-cache" / f"{path.name}.layout.json").is_file()

    def rebuilt(overrides):
        """The rulebook rebuilt over the last one, whether its text was laid out again, and a fresh build's bytes."""
        laid.clear()
        assert len(build_rules(specs.load("grannys-pills", overrides), "a4", tmp_path)) == 3
        again = bool(laid)
        fresh = build_rules(specs.load("grannys-pills", overrides), "a4", tmp_path / f"fresh-{len(overrides)}")
        return path.read_bytes(), again, fresh[0].read_bytes()

    first = path.read_bytes()
    kept, again, fresh = rebuilt(["palette.red=#c0392b"])   # only the diagrams show red
    assert not again and kept == fresh != first
    kept, again, fresh = rebuilt(["palette.red=#c0392b", "palette.accent=#205080"])   # the headings' colour
    assert again and kept == fresh != first


def test_both_papers_read_the_rules_once_and_record_what_the_reading_read(tmp_path, monkeypatch):
    from generator.spec import rules
    from generator.build import build_rules
    load, read = rules.load_rules, []   # the rulebook's readings, through the stand-in that records what they read
    monkeypatch.setattr(rules, "load_rules", lambda text: (hasattr(text, "used") and read.append(text)) or load(text))
    spec = specs.load("grannys-pills")
    records = [json.loads((path.parent / ".pnp-cache" / f"{path.name}.layout.json").read_text())["used"]
               for path, *_ in (build_rules(spec, paper, tmp_path / "both") for paper in ("a4", "letter"))]
    assert len(read) == 1, "the letter rulebook takes the rules the a4 one read"
    alone, *_ = build_rules(specs.load("grannys-pills"), "letter", tmp_path / "alone")
    assert len(read) == 2
    assert records[1] == json.loads((alone.parent / ".pnp-cache" / f"{alone.name}.layout.json").read_text())["used"]
    assert any(what.startswith(("palette:", "colour:")) for what in records[1]), "the rules' colour words are reads"


def test_kept_check_results_are_reused_across_runs_and_never_stale(tmp_path, monkeypatch):
    import importlib
    from generator import cache
    from generator.check import ink, safearea, vision
    validate = importlib.import_module("generator.check.validate")   # the module (the package exports its function too)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path, checked, work = tiles_spec(tmp_path / "spec"), [], validate._checked
    monkeypatch.setattr(validate, "_checked", lambda spec, *rest: checked.append(spec.path) or work(spec, *rest))

    def run(folder="cache"):
        """validate() of the tiles spec as a new process runs it, its memos in folder."""
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / folder))
        for module, memo in ((ink, cache.Memo("ink.json", [])), (vision, cache.Memo("colour.json", [])),
                             (validate, cache.Memo("checks.json", []))):
            monkeypatch.setattr(module, "MEMO", memo)
        monkeypatch.setattr(safearea, "_PAINTED", {})
        checked.clear()
        found = validate.validate(specs.load(str(path)))
        for memo in (ink.MEMO, vision.MEMO, validate.MEMO):
            memo.save()
        return found, bool(checked)

    first, _ = run()
    assert run() == (first, False), "the first run keeps its results with the libraries it measured with"
    (tmp_path / "spec" / "templates" / "circle.svg").write_text(CIRCLE.format(60))   # the circle grows past the cut
    grown, again = run()
    assert again and grown == run("fresh")[0] != first
    assert [f.message for f in grown] == ["faces 1, 3: symbol is 0.3 mm past the cut (marks keep 2 mm inside it)"]   # 0.252 mm


MARKET = """\
game:
  title: Market
  designer: Test
fonts:
  body: fonts/body.ttf
palette:
  sun: "#d98e04"
  moon: "#3d4f8f"
  ink: "#26221c"
  paper: "#fbf7ee"
components:
  cards:
    kind: layout
    expect: 2
    width: 63 mm
    height: 88 mm
    layout: card.yaml
    data: cards.csv
    back:
      layout: back.yaml
  goods:
    kind: layout
    expect: 2
    width: 30 mm
    height: 30 mm
    layout: token.yaml
    data: goods.xlsx
  coins:
    kind: layout
    expect: 2
    width: 30 mm
    height: 30 mm
    layout: token.yaml
    data: coins.json
  gems:
    kind: layout
    expect: 2
    width: 30 mm
    height: 30 mm
    layout: token.yaml
    data: gems.yaml
"""
BASE = "ground: paper\nelements:\n  band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: \"{suit}\"}\n"
CARD = """\
extends: base.yaml
elements:
  title: {type: text, x: 5, y: 4, width: 53, height: 10, text: "{title}", font: body, size: 5, colour: ink}
  picture: {type: image, file: art/scene.png, x: 5, y: 22, width: 53, height: 27, fit: cover}
  leaf: {type: image, file: art/leaf.svg, x: 20, y: 52, width: 23, height: 23, fit: contain}
"""
TOKEN = "ground: paper\nelements:\n  name: {type: text, x: 2, y: 10, width: 26, height: 10, text: \"{name}\", size: 4, align: centre, colour: ink}\n"
LEAF = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="{}"/></svg>'
RULES = "overview: >-\n  {}\nsections:\n  - heading: Playing\n    blocks:\n      - steps:\n          - Play a card.\nreference:\n  turn:\n    - Play a card.\n"


def _png(path, colour):
    """A small PNG of one colour."""
    from PIL import Image
    Image.new("RGB", (60, 30), colour).save(path)


def _xlsx(path, names):
    """A workbook whose first sheet has a name column."""
    import openpyxl
    book = openpyxl.Workbook()
    for row in (["name"], *[[n] for n in names]):
        book.active.append(row)
    book.save(path)


def market(folder):
    """A designer's own game as the docs describe it: data in every format, layouts that extend, a font, a PNG, SVG
    art and rules, all files beside the spec or in folders of their own; the spec's path."""
    from generator.draw.typeface import FONTS
    for sub in ("fonts", "art", "rules"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / "market.yaml").write_text(MARKET)
    (folder / "base.yaml").write_text(BASE)
    (folder / "card.yaml").write_text(CARD)
    (folder / "back.yaml").write_text("ground: moon\nelements: {}\n")
    (folder / "token.yaml").write_text(TOKEN)
    (folder / "cards.csv").write_text("title,suit\nSunrise,sun\nMoonset,moon\n")
    _xlsx(folder / "goods.xlsx", ["Wool", "Salt"])
    (folder / "coins.json").write_text('[{"name": "Copper"}, {"name": "Silver"}]')
    (folder / "gems.yaml").write_text("- name: Ruby\n- name: Jade\n")
    (folder / "fonts" / "body.ttf").write_bytes((FONTS / "Vera.ttf").read_bytes())
    _png(folder / "art" / "scene.png", (200, 40, 40))
    (folder / "art" / "leaf.svg").write_text(LEAF.format("#2b8a3e"))
    (folder / "rules" / "market.yaml").write_text(RULES.format("Trade goods for coins."))
    return folder / "market.yaml"


EDITS = {  # each kind of file a build reads -> an edit of its content
    "data: CSV": lambda f: (f / "cards.csv").write_text("title,suit\nSunset,sun\nMoonset,moon\n"),
    "data: XLSX": lambda f: _xlsx(f / "goods.xlsx", ["Wool", "Silk"]),
    "data: JSON": lambda f: (f / "coins.json").write_text('[{"name": "Copper"}, {"name": "Gold"}]'),
    "data: YAML": lambda f: (f / "gems.yaml").write_text("- name: Ruby\n- name: Opal\n"),
    "a layout file": lambda f: (f / "card.yaml").write_text(CARD.replace("y: 4,", "y: 6,")),
    "the layout it extends": lambda f: (f / "base.yaml").write_text(BASE.replace("height: 20", "height: 14")),
    "the back's layout": lambda f: (f / "back.yaml").write_text("ground: sun\nelements: {}\n"),
    "a font": lambda f: (f / "fonts" / "body.ttf").write_bytes((f.parent / "bold.ttf").read_bytes()),
    "a PNG image": lambda f: _png(f / "art" / "scene.png", (40, 40, 200)),
    "SVG art": lambda f: (f / "art" / "leaf.svg").write_text(LEAF.format("#c92a2a")),
    "the rules": lambda f: (f / "rules" / "market.yaml").write_text(RULES.format("Trade coins for goods.")),
}


@pytest.mark.parametrize("edit", EDITS)
def test_editing_any_file_the_build_reads_rebuilds_what_a_fresh_build_makes(tmp_path, edit):
    from generator.draw.typeface import FONTS
    (tmp_path / "bold.ttf").write_bytes((FONTS / "VeraBd.ttf").read_bytes())
    path = market(tmp_path / "market")
    out = tmp_path / "out" / "market"
    pnp("build", path, "--paper", "a4", "--out", tmp_path / "out")
    first = {name: (out / name).read_bytes() for name in ("market-components-a4.pdf", "market-rules-a4.pdf")}
    assert pnp("build", path, "--paper", "a4", "--out", tmp_path / "out").count("unchanged") == 2
    EDITS[edit](tmp_path / "market")
    lines = pnp("build", path, "--paper", "a4", "--out", tmp_path / "out").splitlines()
    changed = "market-rules-a4.pdf" if edit == "the rules" else "market-components-a4.pdf"
    at = next(n for n, line in enumerate(lines) if changed in line)
    assert not any("unchanged" in line for line in lines[at + 1:at + 2]), lines
    pnp("build", path, "--paper", "a4", "--out", tmp_path / "clean")
    again = {name: (out / name).read_bytes() for name in first}
    assert again == {name: (tmp_path / "clean" / "market" / name).read_bytes() for name in first}
    assert again != first


SUITS = """\
game:
  title: Suits
  designer: Test
palette:
  sun: "#d98e04"
  moon: "#3d4f8f"
  paper: "#fbf7ee"
components:
  cards:
    kind: layout
    expect: 7
    width: 63 mm
    height: 88 mm
    data:
      - {title: Dawn, suit: sun}
      - {title: Noon, suit: sun}
      - {title: Dusk, suit: sun}
      - {title: Glare, suit: sun}
      - {title: Haze, suit: sun}
      - {title: Tide, suit: moon}
      - {title: Night, suit: moon}
    layout:
      ground: paper
      elements:
        band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: "{suit}"}
        title: {type: text, x: 5, y: 30, width: 53, height: 10, text: "{title}", size: 5}
"""


def test_a_palette_colour_redraws_only_the_layout_faces_that_use_it(tmp_path):
    from generator.build import components_pdf, output_path
    from generator.facecache import FaceCache
    (tmp_path / "suits.yaml").write_text(SUITS)
    before = specs.load(str(tmp_path / "suits.yaml"))
    path = output_path(tmp_path / "out", before, "a4")
    first = FaceCache(path)
    components_pdf(before, "a4", faces=first)
    first.save()
    assert len(first.drawn) == 7
    after = specs.load(str(tmp_path / "suits.yaml"), ["palette.moon=#8f3d4f"])
    second = FaceCache(path)
    data, _ = components_pdf(after, "a4", faces=second)
    assert len(second.drawn) == 2 and second.count() == 7
    assert data == components_pdf(after, "a4")[0], "cached faces give the same bytes as fresh ones"


def glorieta_copy(folder):
    """Glorieta's spec, rules and example positions copied into folder, to edit; folder."""
    import shutil
    (folder / "rules").mkdir(parents=True)
    shutil.copy(specs.SPECS / "glorieta.yaml", folder)
    shutil.copy(specs.SPECS / "rules" / "glorieta.yaml", folder / "rules")
    shutil.copytree(specs.SPECS / "positions", folder / "positions")
    return folder


def test_an_edited_example_position_rebuilds_the_rulebook_as_a_fresh_build(tmp_path):
    folder = glorieta_copy(tmp_path / "glorieta")
    rules = tmp_path / "out" / "glorieta" / "glorieta-rules-a4.pdf"
    pnp("build", folder / "glorieta.yaml", "--paper", "a4", "--out", tmp_path / "out")
    first = rules.read_bytes()
    position = folder / "positions" / "not-a-loop.yaml"   # a shorter black chain still encloses nothing
    position.write_text(position.read_text().replace(', "0,-6"]', "]"))
    pnp("build", folder / "glorieta.yaml", "--paper", "a4", "--out", tmp_path / "out")
    pnp("build", folder / "glorieta.yaml", "--paper", "a4", "--out", tmp_path / "clean")
    assert rules.read_bytes() == (tmp_path / "clean" / "glorieta" / "glorieta-rules-a4.pdf").read_bytes() != first


def test_a_see_through_face_is_kept_written_with_its_transparency_group_and_paints_the_same_bytes(tmp_path):
    """A face with a see-through element is written like any other (its group a form): kept, reused, the same bytes."""
    from generator.build import components_pdf, output_path
    from generator.facecache import FaceCache
    see_through = SUITS + ('        arrow: {type: polygon, points: [[8, 44], [38, 44], [23, 60]], '
                           'fill: "{suit}", opacity: 0.5, rotate: 15}\n')
    (tmp_path / "suits.yaml").write_text(see_through)
    spec = specs.load(str(tmp_path / "suits.yaml"))
    path = output_path(tmp_path / "out", spec, "a4")
    first = FaceCache(path)
    components_pdf(spec, "a4", faces=first)
    first.save()
    kept = FaceCache(path).entries
    assert any(entry["written"][6] for entry in kept.values()), "the see-through faces carry their group"
    second = FaceCache(path)
    data, _ = components_pdf(spec, "a4", faces=second)
    assert second.drawn == [] and data == components_pdf(spec, "a4")[0]
    assert b"/S /Transparency" in data
    second.save()   # what it reused is kept again as it was
    assert FaceCache(path).entries == kept


def test_the_code_digest_is_kept_by_the_files_stamps_and_never_stale(tmp_path, monkeypatch):
    import os
    import shutil
    from generator import cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "CODE", cache.Memo("code.json", []))
    package = tmp_path / "package"
    (package / "fonts").mkdir(parents=True)
    (package / "draw.py").write_text("SCALE = 1\n")
    (package / "fonts" / "Face.ttf").write_bytes(b"glyphs")
    read, content = [], cache._content
    monkeypatch.setattr(cache, "_content", lambda files: read.append(files) or content(files))

    def digest(folder):
        """What a new process finds for the package in folder: (the digest, whether it read the files)."""
        read.clear()
        return cache.package_digest.__wrapped__(str(folder)), bool(read)

    first, was_read = digest(package)
    assert was_read and digest(package) == (first, True), "files changed just now are read every time"
    monkeypatch.setattr(cache, "RACY", 0)   # as if they were written a while ago
    assert digest(package) == (first, True) and digest(package) == (first, False), "kept: nothing read"
    stamp = (package / "draw.py").stat()
    (package / "draw.py").write_text("SCALE = 2\n")   # same size, the time it was modified set back
    os.utime(package / "draw.py", ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    changed, was_read = digest(package)
    shutil.copytree(package, tmp_path / "copy")
    assert was_read and changed != first and changed == digest(tmp_path / "copy")[0]
    (package / "fonts" / "Face.ttf").write_bytes(b"glyphz")
    assert digest(package)[0] not in (first, changed)


def test_the_code_digest_reads_the_package_s_files_and_fonts_only(tmp_path, monkeypatch):
    from generator import cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "CODE", cache.Memo("code.json", []))
    package = tmp_path / "package"
    (package / "draw" / "__pycache__").mkdir(parents=True)
    (package / "draw" / "paint.py").write_text("INK = 1\n")
    (package / "notes.txt").write_text("not code")
    assert [name for name, _ in cache._found(str(package), ".py")] == ["draw/paint.py"]
    assert cache._found(str(package / "fonts"), "") == [], "no fonts folder: no fonts, no error"
    first = cache.package_digest.__wrapped__(str(package))
    (package / "draw" / "__pycache__" / "paint.py").write_text("a compiler's leftover")
    (package / "notes.txt").write_text("still not code")
    assert cache.package_digest.__wrapped__(str(package)) == first
    (package / "draw" / "paint.py").write_text("INK = 2\n")
    assert cache.package_digest.__wrapped__(str(package)) != first


def test_kept_faces_past_the_memory_limit_move_to_a_temporary_file_and_serve_a_rebuild_alike(tmp_path, monkeypatch):
    import io
    from generator import facecache
    from generator.build import components_pdf, output_path
    monkeypatch.setattr(facecache.FaceCache, "SPILL", 1000)   # bytes: a few faces
    spec = specs.load("grannys-pills")
    path = output_path(tmp_path, spec, "a4")
    first = facecache.FaceCache(path)
    data, _ = components_pdf(spec, "a4", faces=first)
    assert first.end > 1000 and not isinstance(first.out, io.BytesIO) and first.drawn
    first.save()
    again = facecache.FaceCache(path)
    assert components_pdf(spec, "a4", faces=again)[0] == data == components_pdf(spec, "a4")[0] and again.drawn == []


def test_a_long_tuple_is_hashed_as_its_repr_a_batch_of_items_to_a_step():
    from generator.digests import hexdigest, keyed
    from generator import cache
    runs = tuple(("tiles", f"tiles-{n}", None, 1) for n in range(10_000))  # a deck of distinct faces, one run each
    value = (runs, [1.0, True, "é\n"] * 100, {"runs": runs[:3]}, runs[:cache.WHOLE + 1])
    parts = list(cache._reprs(value))
    assert "".join(parts) == repr(value)
    assert len(parts) < 10_000 / cache.WHOLE + 20  # not a step for each face
    whole = hexdigest(repr(value).encode())
    assert cache._fed(keyed(), parts).hexdigest() == whole == cache._fed(keyed(), iter(parts)).hexdigest()


def test_a_spec_is_walked_once_for_its_own_key_and_its_sans_palette_key_and_each_tells_its_changes(monkeypatch):
    from types import MappingProxyType
    from generator.spec.model import Derived, Spec
    walked, walk = [], cache._reprs
    monkeypatch.setattr(cache, "_reprs", lambda value: (walked.append(value) if isinstance(value, Spec) else None) or walk(value))
    spec = specs.load("grannys-pills")
    keys = cache.key(spec, "components"), cache.key(cache.sans_palette(spec), "plan")
    assert len(walked) == 1 and walked[0] is cache.sans_palette(spec), "the spec's own key takes its sans_palette's digest"
    recoloured = specs.load("grannys-pills", ["palette.red=#d0281f"])
    assert cache.key(recoloured, "components") != keys[0] and cache.key(cache.sans_palette(recoloured), "plan") == keys[1]
    moved = spec._replace(lines=MappingProxyType({**spec.lines, ("game",): 99}), derived=Derived())
    assert cache.key(moved, "components") != keys[0] and cache.key(cache.sans_palette(moved), "plan") == keys[1]
    resized = specs.load("grannys-pills", ["components.pill.size=26 mm"])
    assert cache.key(resized, "components") != keys[0] and cache.key(cache.sans_palette(resized), "plan") != keys[1]


def test_a_declared_generator_s_faces_are_kept_across_runs_and_made_again_when_what_it_reads_changes(tmp_path, monkeypatch):
    from generator import cache, games
    from generator.games.grannys_pills import rules as gp
    from generator.spec import expand as expanding
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made = []
    counted = games.reads_components(*gp.prescriptions.components)(
        lambda spec, comp: made.append(comp.id) or gp.prescriptions(spec, comp))
    ruleset = games.named("grannys-pills")._replace(generators={"prescriptions": counted})
    monkeypatch.setattr(games, "named", lambda name: ruleset)

    def run(*overrides, memo="generated.json"):
        """The prescriptions a new process expands for Granny's Pills with these overrides, and how many times it made them."""
        monkeypatch.setattr(expanding, "GENERATED", cache.Memo(memo, []))
        made.clear()
        spec = specs.load("grannys-pills", list(overrides))
        faces = [dict(art.props) for art in expanding.expand(spec)[1].values() if art.component == "prescription" and art.side == "front"]
        expanding.GENERATED.save()
        return faces, len(made)

    first, count = run()
    assert count == 1 and len(first) == 35
    assert run() == (first, 0), "a second run makes no prescriptions"
    assert run("palette.red=#d0281f") == (first, 0), "a palette edit takes the kept prescriptions"
    reseeded = run("components.prescription.faces.seed=8")
    assert reseeded[1] == 1 and reseeded[0] != first, "the generator's own component changed: made again"
    reshaped = "components.pill.faces.product.shape=[round, capsule, triangle, square]"
    assert run(reshaped) == (run(reshaped, memo="fresh.json")[0], 1), "the pills it reads changed: made again, as afresh"
    assert any(shape == "square" for face in run(reshaped)[0] for row in face["pattern"] for _, shape in row)


def test_a_generator_declares_every_component_it_reads():
    """Each shipped generator that declares what it reads makes the same faces when everything else in the spec changes."""
    from generator import games
    for name in games.RULESETS:
        ruleset = games.named(name)
        for generator in ruleset.generators.values():
            ids = getattr(generator, "components", None)
            if ids is None:
                continue
            spec = specs.load(name)
            comp = next(c for c in spec.components if c.faces.generator and
                        ruleset.generators[c.faces.generator] is generator)
            others = [c for c in spec.components if c.id not in ids]
            assert others, "something undeclared to change"
            changed = spec._replace(palette={key: "#123456" for key in spec.palette}, components=tuple(
                c if c.id in ids else c._replace(options={**c.options, "size": 99.0}, faces=c.faces._replace(
                    product=tuple((field, tuple(reversed(values))) for field, values in c.faces.product),
                    items=tuple(reversed(c.faces.items))))
                for c in spec.components), derived=None)
            assert generator(changed, changed.component(comp.id)) == generator(spec, comp)


def test_a_memo_past_its_size_keeps_only_what_the_last_run_used(tmp_path, monkeypatch):
    """Each save of a layout of 10,000 elements added ~2 MB of verdicts to face-verdicts.json, read whole by every run
    (67 MB made every validate take 0.5-1.2 s): past Memo.BYTES a run keeps only the entries it used."""
    from generator import cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cache.Memo, "BYTES", 10_000)
    first = cache.Memo("sized.json", [])
    for n in range(100):
        first.put(f"old-{n}", "x" * 50)   # about 6 KB: under the size, all kept
    first.save()
    path = tmp_path / "pnp" / "sized.json"
    assert len(json.loads(path.read_text())["entries"]) == 100
    second = cache.Memo("sized.json", [])
    assert second.get("old-7") == "x" * 50
    for n in range(100):
        second.put(f"new-{n}", "y" * 50)   # past the size now: what this run used stays
    second.save()
    kept = json.loads(path.read_text())["entries"]
    assert set(kept) == {"old-7"} | {f"new-{n}" for n in range(100)} and path.stat().st_size < 2 * 10_000


def test_no_cache_folder_is_made_in_a_home_that_does_not_exist(tmp_path, monkeypatch):
    """With HOME=/nonexistent and XDG_CACHE_HOME unset, pnp validate made /nonexistent/.cache/pnp: a folder outside
    every place the user gave. It keeps no memo then, and still validates."""
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"}
    env["HOME"] = str(tmp_path / "nowhere")
    done = subprocess.run([sys.executable, "-m", "generator", "validate", "posies"], cwd=tmp_path, env=env,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "nowhere").exists()
