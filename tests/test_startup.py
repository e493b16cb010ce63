"""What a user waits for: pnp validate's kept verdicts (reused only while everything a spec's checks read is as it was),
--help and the rulebook's edit loop loading only what they need."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest

from test_cache import CIRCLE, TILES, tiles_spec

HEAVY = {"generator.spec.loader", "generator.check.validate", "yaml", "cairocffi", "coloraide", "reportlab", "pikepdf"}
REPORT = "import atexit, sys; atexit.register(lambda: print(*sorted(sys.modules), file=sys.stderr)); "


def pnp(cache, *args) -> tuple[int, str, set]:
    """Run pnp in a process of its own with its memos in cache: (exit status, output, the modules it had loaded)."""
    done = subprocess.run([sys.executable, "-c", REPORT + "from generator.cli import cli; cli()", *map(str, args)],
                          capture_output=True, text=True, env={**os.environ, "XDG_CACHE_HOME": str(cache)})
    return done.returncode, done.stdout, set(done.stderr.split())


CHANGES = {  # spec folder -> one input changed, each changing what validate says
    "the spec": lambda folder: (folder / "tiles.yaml").write_text(TILES.replace("expect: 8", "expect: 9")),
    "a template in the spec's folder": lambda folder: (folder / "templates" / "circle.svg").write_text(CIRCLE.format(60)),
    "a template added beside the spec, hiding the package's": lambda folder: (folder / "templates" / "round.svg")
    .write_text(CIRCLE.format(60)),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_kept_verdict_is_reused_until_an_input_changes_then_equals_a_fresh_one(tmp_path, change):
    path = tiles_spec(tmp_path / "spec")
    first = pnp(tmp_path / "cache", "validate", path)
    assert first[0] == 0 and "all generic checks pass" in first[1] and "generator.spec.loader" in first[2]
    again = pnp(tmp_path / "cache", "validate", path)
    assert again[:2] == first[:2] and not HEAVY & again[2], "the kept verdict: no spec code, YAML or drawing library"
    CHANGES[change](tmp_path / "spec")
    changed = pnp(tmp_path / "cache", "validate", path)
    fresh = pnp(tmp_path / "fresh", "validate", path)
    assert changed[0] == fresh[0] == 1 and changed[1] == fresh[1] != first[1] and "generator.spec.loader" in changed[2]
    kept = pnp(tmp_path / "cache", "validate", path)
    assert kept[:2] == changed[:2] and not HEAVY & kept[2], "a kept failure still fails"


def test_a_verdict_names_no_library_and_one_cairo_measured_is_kept_with_the_libraries_that_painted(tmp_path):
    """The ink is worked out from geometry: a verdict depends on no drawing library, and a cold validate loads none.
    A face whose ink cairo had to paint (the designer's art) keeps its verdict with the painting libraries' identity
    (raster.painter): taken again undrawn while they are as they were, every such face drawn again once one changed."""
    path = tiles_spec(tmp_path / "spec")
    first = pnp(tmp_path / "cache", "validate", path)
    assert first[0] == 0 and "cairocffi" not in first[2]
    [entry] = json.loads((tmp_path / "cache" / "pnp" / "verdicts.json").read_text())["entries"].values()
    assert entry["libraries"] == []
    art = Path(__file__).resolve().parent.parent / "examples" / "ember-deck" / "ember-deck.yaml"
    from generator.spec import loader
    from generator.spec.expand import expand
    faces = sorted(expand(loader.load(str(art)))[1])
    painted = validated(tmp_path / "art", art)
    assert painted[0] == 0 and sorted(painted[2]) == faces
    again = validated(tmp_path / "art", art)
    assert again[:2] == painted[:2] and again[2] == [], "each face's verdict kept, none drawn"
    updated = ("from generator.output import raster; found = raster.painter; "   # a library updated in place
               "raster.painter = lambda: (*found()[:3], [(path, size + 1, time) for path, size, time in found()[3]]); ")
    moved = validated(tmp_path / "art", art, updated)
    fronts = [face for face in faces if face != "cards-back"]   # each places art/hills.png; the back no art
    assert moved[:2] == painted[:2] and sorted(moved[2]) == fronts, "measured again with the libraries as they are"


def test_help_and_a_kept_validate_of_the_six_games_load_no_spec_code(tmp_path):
    status, text, loaded = pnp(tmp_path / "cache", "--help")
    assert status == 0 and "validate" in text and not HEAVY & loaded
    first = pnp(tmp_path / "cache", "validate")
    assert first[1].count("all checks pass") == 6
    kept = pnp(tmp_path / "cache", "validate")
    assert kept[:2] == first[:2] and not HEAVY & kept[2]


def colours(path) -> dict:
    """How many pixels of each exact colour the PDF's pages show, rendered by pdfium at 72 dpi: {(r, g, b): count}."""
    document, found = pypdfium2.PdfDocument(str(path)), {}
    for page in document:
        for count, colour in page.render(scale=1).to_pil().convert("RGB").getcolors(1 << 24):
            found[colour] = found.get(colour, 0) + count
    return found


def test_a_rulebook_rebuilt_after_a_colour_its_diagrams_show_changed_shows_it_without_typesetting_again(tmp_path):
    red, green = (0xcf, 0x2a, 0x22), (0, 0xc0, 0)   # Granny's Pills' red pills, drawn in the rulebook's diagrams
    rules = ("rules", "grannys-pills", "--paper", "a4", "--out", tmp_path / "out")
    status, _, loaded = pnp(tmp_path / "cache", *rules)
    pdf = tmp_path / "out" / "grannys-pills" / "grannys-pills-rules-a4.pdf"
    before = colours(pdf)
    assert status == 0 and "reportlab" in loaded and before.get(red, 0) > 50 and green not in before
    status, _, loaded = pnp(tmp_path / "cache", *rules, "--set", "palette.red=#00c000")
    after = colours(pdf)
    assert status == 0 and "reportlab" not in loaded, "the text as laid out last time, only the diagrams painted again"
    assert red not in after and after.get(green) == before[red]


def test_an_icon_named_before_its_template_exists_is_found_once_the_template_is_added(tmp_path):
    assert pnp(tmp_path / "cache", "new", tmp_path / "game")[0] == 0
    rows = tmp_path / "game" / "cards.csv"
    rows.write_text(rows.read_text().replace("Gain 1 coin.", "Gain 1 :sword:."))
    spec = tmp_path / "game" / "game.yaml"
    refused = pnp(tmp_path / "cache", "validate", spec)
    assert refused[0] == 1
    (tmp_path / "game" / "templates" / "sword.svg").write_text(CIRCLE.format(40))
    kept = pnp(tmp_path / "cache", "validate", spec)
    fresh = pnp(tmp_path / "fresh", "validate", spec)
    assert kept[:2] == fresh[:2] and kept[0] == 0


def test_a_build_with_its_memos_kept_loads_no_module_for_what_its_spec_does_not_use(tmp_path):
    path = tiles_spec(tmp_path / "spec")   # square tiles of one component: no rulebook, looks, images, layouts or text
    assert pnp(tmp_path / "cache", "build", path, "--paper", "a4", "--out", tmp_path / "first")[0] == 0
    status, text, loaded = pnp(tmp_path / "cache", "build", path, "--paper", "a4", "--out", tmp_path / "out")
    assert status == 0 and "tiles-components-a4.pdf: 1 page," in text
    unused = {"cairocffi", "reportlab", "pikepdf", "coloraide", "generator.check.coverage", "generator.check.textcheck",
              "generator.check.safearea", "generator.components.layout", "generator.output.rulebook", "shlex", "unicodedata",
              "tempfile", "shutil",   # the faces of a small build are kept in memory until written
              "yaml", "generator.check.ink", "generator.check.geometry", "generator.draw.looks", "signal"}
    assert not unused & loaded


def test_a_csv_deck_loads_nothing_a_spreadsheet_needs(tmp_path):
    """A deck read from a CSV loads neither openpyxl nor zipfile (which loads shutil, bz2, lzma and threading)."""
    assert pnp(tmp_path / "cache", "new", tmp_path / "game")[0] == 0
    status, _, loaded = pnp(tmp_path / "cache", "build", tmp_path / "game" / "game.yaml", "--paper", "a4", "--out",
                            tmp_path / "out")
    assert status == 0 and not {"openpyxl", "zipfile"} & loaded


def test_a_spec_read_before_loads_no_yaml_nor_does_one_colour_edited_in_it_and_other_edits_are_parsed(tmp_path):
    path = tiles_spec(tmp_path / "spec")
    build = ("build", path, "--paper", "a4", "--out", tmp_path / "out")
    pdf = tmp_path / "out" / "tiles" / "tiles-components-a4.pdf"
    red, green = (0xd7, 0x26, 0x1e), (0x2f, 0x9e, 0x44)
    first = pnp(tmp_path / "cache", *build)
    shown = colours(pdf)
    assert first[0] == 0 and "yaml" in first[2] and shown.get(red, 0) > 1000 and green not in shown
    again = pnp(tmp_path / "cache", *build)
    assert again[0] == 0 and "yaml" not in again[2], "the text parsed last time comes from its memo"
    path.write_text(TILES.replace("#d7261e", "#2f9e44"))   # one quoted value on its line: read from the last text
    edited = pnp(tmp_path / "cache", *build)
    assert edited[0] == 0 and "yaml" not in edited[2]
    recoloured = colours(pdf)
    assert red not in recoloured and recoloured.get(green) == shown[red]
    fresh = pnp(tmp_path / "fresh", "build", path, "--paper", "a4", "--out", tmp_path / "fresh")
    assert fresh[0] == 0 and (tmp_path / "fresh" / "tiles" / "tiles-components-a4.pdf").read_bytes() == pdf.read_bytes()
    path.write_text(TILES.replace("#d7261e", "#2f9e44").replace("expect: 8", "expect: 8   # a comment"))
    assert "yaml" in pnp(tmp_path / "cache", *build)[2], "any other edit is parsed"
    path.write_text(TILES)
    back = pnp(tmp_path / "cache", *build)
    assert back[0] == 0 and "yaml" not in back[2] and colours(pdf) == shown, "an edit undone: the first text's memo"


def test_the_edit_loop_rebuilds_a_rulebook_over_its_kept_layout_loading_neither_reportlab_nor_pikepdf(tmp_path):
    """pnp build after one palette colour changed (benchmarks/editloop.py's job): the rulebooks are written again over the
    text as laid out last time, by pnp's own writer, the same bytes as a fresh build's."""
    build = ("build", "grannys-pills", "--out", tmp_path / "out")
    status, _, cold = pnp(tmp_path / "cache", *build)
    assert status == 0 and "reportlab" in cold and "pikepdf" not in cold, "the text laid out and taken apart (pdfread)"
    status, text, loaded = pnp(tmp_path / "cache", *build, "--set", "palette.red=#d0281f")
    assert status == 0 and text.count("-rules-") == 2 and "unchanged" not in text.split("-rules-a4.pdf")[1].split("\n")[0]
    assert not {"reportlab", "pikepdf"} & loaded
    assert not {"xml.parsers.expat", "generator.check.geometry", "base64", "encodings.utf_16_be"} & loaded, \
        "no template parsed, no ink measured, no codec looked up"
    fresh = pnp(tmp_path / "fresh", "build", "grannys-pills", "--out", tmp_path / "fresh", "--set", "palette.red=#d0281f")
    assert fresh[0] == 0
    for paper in ("a4", "letter"):
        name = f"grannys-pills/grannys-pills-rules-{paper}.pdf"
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()


def main(folder, prelude, *args) -> str:
    """Run pnp's main in a process of its own after prelude (Python), memos in folder/cache; its stderr."""
    done = subprocess.run([sys.executable, "-c", prelude + "from generator.cli import main; sys.argv[0] = 'pnp'; main()",
                           *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, "XDG_CACHE_HOME": str(folder / "cache")})
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_what_a_build_made_is_frozen_at_its_end_so_the_collection_at_exit_scans_little(tmp_path):
    """The interpreter's last cycle collection would walk every object the run made (a large deck's pieces, slots and
    faces); main freezes them once the command is done, so that collection scans almost nothing."""
    path = tiles_spec(tmp_path / "spec")
    report = "import atexit, gc, sys; atexit.register(lambda: print(len(gc.get_objects()), gc.get_freeze_count(), file=sys.stderr)); "
    scanned, frozen = map(int, main(tmp_path, report, "build", path, "--paper", "a4", "--out", tmp_path / "out").split()[-2:])
    assert frozen > 20000 and scanned < 1000, (scanned, frozen)


def test_a_build_of_ten_thousand_distinct_tiles_runs_no_cycle_collection(tmp_path):
    """Its pieces, slots and faces live until the file is written: a collection would only walk them (the deck leaves
    a few hundred objects in cycles). The collections of the imports before main are not counted."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench
    spec = bench.scale_spec(tmp_path, 10000, True)
    count = ("import gc, sys; runs = []; gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(1)); "
             "import generator.cli; runs.clear(); import atexit; atexit.register(lambda: print(len(runs), file=sys.stderr)); ")
    for _ in range(2):   # the second with its checks kept, as a designer's next build
        runs = int(main(tmp_path, count, "build", spec, "--paper", "a4", "--out", tmp_path / "out").split()[-1])
        assert runs == 0
        (tmp_path / "out" / spec.stem / f"{spec.stem}-components-a4.pdf").unlink()


def test_the_edit_loops_rebuild_imports_neither_typing_nor_copy(tmp_path):
    """typing's import and its NamedTuple (a check of each field's annotation) cost a rebuild ~4 ms: pnp's records come
    from generator.records, and the rebuild after a colour changed loads typing nowhere (nor click or reportlab, which
    would), nor copy and weakref (only a look's filter copies a drawing)."""
    report = "import atexit, sys; atexit.register(lambda: print(*sorted(sys.modules), file=sys.stderr)); "
    build = ("build", "grannys-pills", "--out", tmp_path / "out")
    assert "reportlab" in main(tmp_path, report, *build).split(), "the cold build typesets (reportlab imports typing)"
    rebuilt = set(main(tmp_path, report, *build, "--set", "palette.red=#d0281f").split())
    assert {"generator.build", "generator.spec.model", "generator.output.document"} <= rebuilt
    assert not {"typing", "click", "reportlab", "copy", "weakref"} & rebuilt, "svg.copied imports copy when it is called"


def test_a_rebuild_whose_faces_verdicts_are_kept_measures_nothing_and_loads_what_only_drawing_reads(tmp_path):
    """Pixeliction's accent changed: every face's verdict is kept, so the rebuild tallies them (check.findings) and loads
    none of the measuring checks, no sheet furniture, no export helpers or line styles, nor the standard library's
    modules that only other paths read (contextlib, importlib.util, bisect, __future__, SHA-256); its PDFs are a fresh
    build's of the same colour. (What the interpreter loaded before pnp started, an editable install's finder, is
    left out.)"""
    report = ("import atexit, sys; before = set(sys.modules); "
              "atexit.register(lambda: print(*sorted(set(sys.modules) - before), file=sys.stderr)); ")
    build = ("build", "pixeliction", "--out", tmp_path / "out")
    cold = set(main(tmp_path, report, *build).split())
    only_drawing = {"generator.check.textcheck", "generator.check.safearea", "generator.check.ink",
                    "generator.impose.sheets", "_sha256"}
    assert only_drawing <= cold, "the cold build measures every face, draws the furniture and names its fonts"
    edit = ("--set", "palette.accent=#d0281f")
    rebuilt = set(main(tmp_path, report, *build, *edit).split())
    assert "generator.check.findings" in rebuilt
    assert not (only_drawing | {"_sha2", "generator.output.exports", "generator.draw.linestyles", "contextlib",
                                "importlib.util", "bisect", "__future__"}) & rebuilt
    main(tmp_path / "fresh", "import sys; ", "build", "pixeliction", "--out", tmp_path / "fresh", *edit)
    made = sorted(path.relative_to(tmp_path / "fresh") for path in (tmp_path / "fresh").rglob("*.pdf"))
    assert len(made) == 4
    assert all((tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes() for name in made)


def test_the_edit_loops_rebuild_loads_no_openssl_and_the_pdfs_digests_are_hashlibs(tmp_path):
    """hashlib loads OpenSSL (_hashlib, ~2 ms a process): pnp takes its digests from generator.digests, Python's own
    modules, so the rebuild after a colour changed loads neither; the SHA-256 and MD5 a PDF carries are hashlib's."""
    import hashlib
    from generator import digests
    build = ("build", "grannys-pills", "--out", tmp_path / "out")
    main(tmp_path, REPORT, *build)
    rebuilt = set(main(tmp_path, REPORT, *build, "--set", "palette.red=#d0281f").split())
    assert {"generator.build", "generator.digests", "_blake2"} <= rebuilt
    assert not {"hashlib", "_hashlib"} & rebuilt
    data = (tmp_path / "out" / "grannys-pills" / "grannys-pills-components-a4.pdf").read_bytes()
    assert digests.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert digests.md5(data).hexdigest() == hashlib.md5(data).hexdigest()
    assert digests.hexdigest(data) == hashlib.blake2b(data, digest_size=32).hexdigest() != hashlib.sha256(data).hexdigest()


def test_the_edit_loops_rebuild_compiles_no_pattern_of_what_it_does_not_parse(tmp_path):
    """re compiles a pattern in Python (~0.1 ms each): the rebuild after a colour changed parses no template, path data or
    list of numbers, so the patterns that read them are compiled on first use (by re's own cache), not on import."""
    from generator.draw import svgvalues, templates
    report = ("import atexit, re, sys; compiled = []; _compile = re._compile; "
              "re._compile = lambda pattern, flags: compiled.append(pattern) or _compile(pattern, flags); "
              "atexit.register(lambda: print(*map(repr, compiled), sep='\\n', file=sys.stderr)); ")
    unread = {repr(getattr(found, "pattern", found)) for found in (svgvalues._NUMBER, svgvalues._PATH, templates._NUMBER)}
    build = ("build", "grannys-pills", "--out", tmp_path / "out")
    assert unread <= set(main(tmp_path, report, *build).splitlines()), "the cold build parses templates and paths"
    compiled = set(main(tmp_path, report, *build, "--set", "palette.red=#d0281f").splitlines())
    import json.scanner
    assert repr(json.scanner.NUMBER_RE.pattern) in compiled   # the hook sees what is compiled (json's own, on import)
    assert not unread & compiled


def test_a_cold_validate_of_the_six_games_imports_no_dataclasses_nor_the_modules_it_brings(tmp_path):
    """dataclasses imports inspect, ast and dis (~5 ms a process): three games' grids and Posies' tokens are records
    (generator.records), so a cold `pnp validate -j 1` of every shipped game, its theme laid over, loads none of them."""
    report = "import atexit, sys; atexit.register(lambda: print(*sorted(sys.modules), file=sys.stderr)); "
    loaded = set(main(tmp_path, report, "validate", "-j", "1", "--theme", "high-contrast").split())
    assert {"generator.draw.hexgrid", "generator.draw.trigrid", "generator.games.posies.rules", "generator.spec.theme",
            "yaml"} <= loaded
    assert not {"dataclasses", "inspect", "ast", "dis"} & loaded


def test_a_cold_validate_forks_its_workers_having_loaded_nothing_only_a_failure_or_a_build_needs(tmp_path):
    """What the parent of a cold `pnp validate` imports before its workers fork is on every run's path: no traceback (a
    worker's bug), pickle.py (its C functions suffice), selectors or signal (poll and _signal), no output formats nor the
    PDF writer (a build's: a face's ground is read by draw.content); PyYAML's patterns are not compiled there (deferred.py), only the checks' modules loaded."""
    prelude = ("import os, sys, re\n"
               "real = os.fork\n"
               "def fork():\n"
               "    if not getattr(sys, 'seen', None):\n"
               "        import yaml\n"
               "        patterns = [p for rs in yaml.resolver.Resolver.yaml_implicit_resolvers.values() for _, p in rs]\n"
               "        sys.seen = True\n"
               "        print(*sorted(sys.modules), sum(isinstance(p, re.Pattern) for p in patterns), file=sys.stderr)\n"
               "    return real()\n"
               "os.fork = fork\n"
               "from generator.cli import main; sys.argv[0] = 'pnp'; main()")
    done = subprocess.run([sys.executable, "-c", prelude, "validate", "-j", "2"], capture_output=True, text=True,
                          env={**os.environ, "XDG_CACHE_HOME": str(tmp_path)})
    assert done.returncode == 0 and done.stdout.count("all checks pass") == 6, done.stderr
    *loaded, compiled = done.stderr.split()
    assert {"_pickle", "yaml", "generator.check.safearea", "generator.check.geometry", "generator.spec.loader"} <= set(loaded)
    assert not {"traceback", "pickle", "selectors", "signal", "generator.output.formats", "generator.output.document",
                "generator.output.pdffile"} & set(loaded)
    assert compiled == "0"


DRAWN = ("import atexit, sys; from generator.draw import render; draw = render.draw_art; drawn = []; "   # before a
         "render.draw_art = lambda spec, art: drawn.append(art.key) or draw(spec, art); "   # module takes it by name
         "atexit.register(lambda: print(*drawn, file=sys.stderr)); from generator.cli import cli; cli()")


def validated(cache, spec, prelude="") -> tuple[int, str, list]:
    """pnp validate of spec in a process of its own, memos in cache: (exit status, output and error lines, the faces
    it drew)."""
    done = subprocess.run([sys.executable, "-c", prelude + DRAWN, "validate", str(spec)], capture_output=True, text=True,
                          env={**os.environ, "XDG_CACHE_HOME": str(cache)})
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    drawn = [line for line in done.stderr.splitlines() if not line.startswith("error: ")]
    return done.returncode, done.stdout + "".join(f"{line}\n" for line in errors), " ".join(drawn).split()


def test_validate_after_one_card_of_a_deck_changed_draws_that_card_alone_and_says_what_a_fresh_run_says(tmp_path):
    """Each face's verdict is kept between runs of pnp validate by everything its drawing depends on: after one row of
    a 40-card deck changed, only that card is drawn and measured; what validate prints is a fresh run's, failing or not;
    a layout every card reads changed draws them all."""
    from test_memory import deck
    spec = deck(tmp_path / "deck", 40)
    first = validated(tmp_path / "cache", spec)
    assert first[0] == 0 and sorted(first[2]) == sorted(f"cards-{k}" for k in range(1, 41))
    rows = spec.parent / "cards.csv"
    edits = [("Port 5 favours", "Port 5 rewards"), ("Port 5 rewards the bold.", "Port 5 rewards the bold " * 12)]
    for n, (old, new) in enumerate(edits):
        rows.write_text(rows.read_text().replace(old, new))
        changed = validated(tmp_path / "cache", spec)
        fresh = validated(tmp_path / f"fresh-{n}", spec)
        assert changed[:2] == fresh[:2] and changed[2] == ["cards-6"], changed
    assert changed[0] == 1 and "cards: face 6" in changed[1]   # the flavour line no longer fits
    layout = spec.parent / "card.yaml"
    layout.write_text(layout.read_text().replace("stroke_width: 0.4", "stroke_width: 0.5"))
    framed = validated(tmp_path / "cache", spec)
    assert framed[:2] == validated(tmp_path / "fresh-frame", spec)[:2] and len(framed[2]) == 40


def test_a_deck_in_the_designers_font_and_art_rebuilt_after_one_cell_changed_draws_that_card_alone(tmp_path):
    """The Ember Deck (a designer's font, a picture on every front whose ink cairo paints) with its picture cut to 40 x
    20 px: after one card's flavour text changed, a build draws that card alone (it drew 10 of its 11 faces for the
    checks and all 11 for the low-resolution warnings); each build prints the warnings a fresh build prints; a sharp
    picture put in its place draws every front again and warns no more. The ten fronts' warnings are one line."""
    import shutil
    from PIL import Image
    folder = tmp_path / "ember"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "ember-deck", folder)
    Image.new("RGB", (40, 20), (90, 120, 60)).save(folder / "art" / "hills.png")
    spec = folder / "ember-deck.yaml"

    def build(cache) -> tuple[list, list]:
        done = subprocess.run([sys.executable, "-c", DRAWN, "build", str(spec), "--paper", "a4", "--out",
                               str(tmp_path / "out")], capture_output=True, text=True,
                              env={**os.environ, "XDG_CACHE_HOME": str(cache)})
        assert done.returncode == 0, done.stderr
        return [line for line in done.stdout.splitlines() if line.startswith("warning:")], done.stderr.split()
    warned, drawn = build(tmp_path / "cache")
    scale = max(53 / 40, 28 / 20)   # mm a pixel: the picture covers its 53 x 28 mm box (front.yaml), cut to 40 x 20 px
    assert warned == [f"warning: {spec}: cards: faces 1-10 ({folder / 'cards.csv'} rows 2-11): hills.png prints at "
                      f"{40 / (40 * scale / 25.4):.0f} dpi at {40 * scale:.1f} x {20 * scale:.1f} mm (40 x 20 pixels; "
                      "300 dpi wanted)"] and "cards-1" in drawn, warned
    rows = folder / "cards.csv"
    rows.write_text(rows.read_text().replace("Every fire starts small.", "Every fire starts tiny."))
    warned_again, drawn = build(tmp_path / "cache")
    assert set(drawn) == {"cards-1"} and warned_again == warned == build(tmp_path / "fresh")[0]
    assert build(tmp_path / "cache") == (warned, []), "nothing changed: nothing drawn, the same warnings"
    Image.new("RGB", (800, 420), (90, 120, 60)).save(folder / "art" / "hills.png")
    sharp, drawn = build(tmp_path / "cache")
    assert sharp == [] and set(drawn) == {f"cards-{n}" for n in range(1, 11)}


def test_a_face_showing_svg_art_is_checked_again_when_an_image_the_svg_links_to_changes(tmp_path):
    """The verdict on a face showing SVG art is kept by the SVG's bytes and those of each file it links to, and they to:
    a picture an SVG the art shows shows, made see-through, draws every front again (neither SVG's bytes changed)."""
    import shutil
    from PIL import Image
    folder = tmp_path / "ember"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "ember-deck", folder)
    showing = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20">'
               '<image xlink:href="{}" x="0" y="0" width="40" height="20"/></svg>')
    (folder / "art" / "frame.svg").write_text(showing.format("inner.svg"))   # an SVG showing one that shows the picture
    (folder / "art" / "inner.svg").write_text(showing.format("hills.png"))
    front = folder / "front.yaml"
    front.write_text(front.read_text().replace("file: art/hills.png", "file: art/frame.svg"))
    spec = folder / "ember-deck.yaml"
    first = validated(tmp_path / "cache", spec)
    assert first[0] == 0 and "cards-1" in first[2]
    assert validated(tmp_path / "cache", spec)[2] == []
    Image.new("RGBA", (400, 200), (0, 0, 0, 0)).save(folder / "art" / "hills.png")   # now wholly see-through
    again = validated(tmp_path / "cache", spec)
    assert sorted(again[2]) == sorted(f"cards-{n}" for n in range(1, 11)) and again[:2] == validated(tmp_path / "fresh", spec)[:2]


def test_a_game_validated_then_built_draws_on_its_first_edit_only_the_faces_a_build_alone_would(tmp_path):
    """A build after pnp validate takes the verdict kept on the whole spec, so its faces' entries hold none; on the
    next edit the checks take pnp validate's verdict on each face (as it read then, for a face recoloured) instead of
    drawing it again: the same faces are drawn as after a build alone, and the PDFs are a fresh build's."""
    def pnp(cache, *args) -> list:
        done = subprocess.run([sys.executable, "-c", DRAWN, *map(str, args)], capture_output=True, text=True,
                              env={**os.environ, "XDG_CACHE_HOME": str(cache)})
        assert done.returncode == 0, done.stderr
        return sorted(done.stderr.split())
    build, edit = ("build", "glorieta", "--paper", "a4", "--out"), ("--set", "palette.accent=#d0281f")
    pnp(tmp_path / "alone", *build, tmp_path / "alone-out")
    alone = pnp(tmp_path / "alone", *build, tmp_path / "alone-out", *edit)
    pnp(tmp_path / "checked", "validate", "glorieta")
    pnp(tmp_path / "checked", *build, tmp_path / "checked-out")
    checked = pnp(tmp_path / "checked", *build, tmp_path / "checked-out", *edit)
    assert checked == alone == [], "each face kept or recoloured, none drawn (before: all six drawn for the checks)"
    kept = json.loads((tmp_path / "checked-out" / "glorieta" / ".pnp-cache" / "glorieta-components-a4.pdf.faces.json")
                      .read_text())
    assert len(kept) == 6 and all("verdict" in entry for entry in kept.values()), "each holds its verdict from now on"
    pnp(tmp_path / "checked", *build, tmp_path / "new-out", "--set", "game.title=Glorieta Two")   # faces do not show
    # it: the spec's kept verdict does not stand, each face's does, and is kept with the face drawn for the PDF
    made = json.loads((tmp_path / "new-out" / "glorieta" / ".pnp-cache" / "glorieta-components-a4.pdf.faces.json")
                      .read_text())
    assert len(made) == 6 and all("verdict" in entry for entry in made.values()), "drawn once, for the PDF"
    pnp(tmp_path / "fresh", *build, tmp_path / "fresh-out", *edit)
    for name in ("glorieta-components-a4.pdf", "glorieta-rules-a4.pdf"):
        assert (tmp_path / "checked-out" / "glorieta" / name).read_bytes() == (
            tmp_path / "fresh-out" / "glorieta" / name).read_bytes()


def test_a_card_s_text_edited_in_a_game_of_your_own_lays_its_rulebook_out_again_nowhere(tmp_path):
    """The build lays a designer's rulebook out before writing any file (a quick reference too long for its card stops
    it there), kept by what the rulebook reads: a card's text edited loads no reportlab, its rulebooks are kept; a rules
    text edited lays it out again, and the components are kept."""
    assert pnp(tmp_path / "cache", "new", tmp_path / "game")[0] == 0
    build = ("build", tmp_path / "game" / "game.yaml", "--out", tmp_path / "out")
    assert pnp(tmp_path / "cache", *build)[0] == 0
    rows = tmp_path / "game" / "cards.csv"
    rows.write_text(rows.read_text().replace("Sunrise", "Sunrize"))
    status, text, loaded = pnp(tmp_path / "cache", *build)
    assert status == 0 and text.count("unchanged") == 2 and "reportlab" not in loaded, text
    rules = tmp_path / "game" / "rules" / "game.yaml"
    rules.write_text(rules.read_text().replace("Play cards", "Play some cards"))
    status, text, loaded = pnp(tmp_path / "cache", *build)
    assert status == 0 and "reportlab" in loaded and text.count("unchanged") == 2 and "components-a4.pdf" in text.split(
        "unchanged")[0], text
