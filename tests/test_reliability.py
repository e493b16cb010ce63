"""Bad input never crashes, nothing is lost: the invalid corpus through the CLI, hostile templates, escaped
text, atomic writes under failures, and clear errors for outputs that cannot be written."""
import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.output import raster, document
from generator import files
from generator.spec import yamlsource
from generator.cli import cli

import corpus
from test_spec import INVALID, expected_error

CHECKS = sorted((Path(__file__).parent / "data" / "invalid" / "checks").glob("*.yaml"))
TIMES = {}


def run(*args):
    """Invoke pnp; exceptions other than SystemExit are left in the result (a crash shows as a traceback)."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_clean_line(result):
    """The output is one 'error: ...' line, exit 1, and no exception escaped."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    return result.output[len("error: "):].rstrip("\n")


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_spec_through_the_cli_is_one_line_and_exit_1(path):
    start = time.perf_counter()
    result = run("validate", path)
    TIMES[path.stem] = time.perf_counter() - start
    assert one_clean_line(result) == expected_error(path)
    assert TIMES[path.stem] < 10


def test_corpus_size_and_slowest_case():
    assert len(INVALID) + len(CHECKS) >= 150
    slowest = sorted(TIMES.items(), key=lambda item: -item[1])[:3]
    print("slowest invalid specs through the CLI:", ", ".join(f"{name} {secs:.2f} s" for name, secs in slowest))


def test_the_corpus_figures_in_the_docs_are_the_ones_pnp_gives():
    outcomes, by_folder, _ = corpus.figures()
    total = sum(outcomes.values())
    assert outcomes == {"rejected cleanly": total} and total >= 150
    line = f"{total} invalid inputs tried: {total} rejected cleanly, 0 crashes, 0 hangs, 0 accepted, 0 other messages"
    root = Path(__file__).parent.parent
    for doc in (root / "docs" / "reliability.md", root / "README.md"):
        assert line in " ".join(doc.read_text(encoding="utf-8").split()), f"{doc.name}: run python tests/corpus.py"


@pytest.mark.parametrize("path", CHECKS, ids=[p.stem for p in CHECKS])
def test_spec_that_loads_but_contradicts_its_counts_fails_validate(path):
    result = run("validate", path)
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    generic = f"{path}: generic checks only: the spec names no game.ruleset, so no game's own rules were checked"
    assert result.output.splitlines() == [generic, expected_error(path), f"error: {path}: 1 check failed"]


def test_huge_spec_is_refused_before_parsing(tmp_path):
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as handle:
        handle.write(b"game:\n  title: Test\n  designer: Someone\nnotes: |\n")
        handle.write((b"  " + b"x" * 1022 + b"\n") * (50 * 1024))
    assert huge.stat().st_size > 50 * 1024 * 1024
    start = time.perf_counter()
    message = one_clean_line(run("validate", huge))
    print(f"50 MB spec refused in {time.perf_counter() - start:.2f} s")
    assert message == f"{huge}: spec is too large (more than {yamlsource.MAX_BYTES // 1_000_000} MB), not parsing it"


SPEC = """\
game:
  title: "Cats & Dogs <\\"Deluxe\\"> </svg>"
  designer: "O'Brien & <Sons>"
palette:
  ink: "#1b1b1b"
components:
  card:
    kind: reference-card
    title: "Rules & <notes>"
    expect: 1
    width: 63 mm
    height: 88 mm
    heading: "A < B & \\"C\\""
    ink: ink
    accent: ink
    lines:
      - "x > y && z"
      - "</text><script>alert(1)</script>"
  tile:
    kind: square-tile
    expect: 2
    size: 25 mm
    faces:
      list:
        - {colour: ink, shape: SHAPE}
      copies: 2
    back: {fill: ink, label: "R&D <1>"}
"""


def write_spec(folder, shape="round", template=None):
    """A spec in folder whose tiles show shape; template, when given, becomes templates/<shape>.svg beside it."""
    folder.mkdir(exist_ok=True)
    path = folder / "hostile.yaml"
    path.write_text(SPEC.replace("SHAPE", shape), encoding="utf-8")
    if template is not None:
        (folder / "templates").mkdir(exist_ok=True)
        (folder / "templates" / f"{shape}.svg").write_text(template, encoding="utf-8")
    return path


def pdf_text(path):
    """All text of a PDF, page by page."""
    import pypdf
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_markup_in_spec_text_renders_as_text(tmp_path):
    path = write_spec(tmp_path / "spec")
    result = run("build", path, "--paper", "a4", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "hostile" / "hostile-components-a4.pdf")
    flat = "".join(text.split())  # wrapped lines join up again
    for shown in ['Cats & Dogs <"Deluxe"> </svg>', "O'Brien & <Sons>", "Rules & <notes>", 'A < B & "C"',
                  "x > y && z", "</text><script>alert(1)</script>", "R&D <1>"]:
        assert "".join(shown.split()) in flat, shown


HOSTILE = {
    "image": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'
             '<image href="file:///etc/passwd" width="100" height="100"/></svg>',
    "use": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'
           '<use xlink:href="file:///etc/passwd#x"/></svg>',
    "style": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><style>@import url(http://example.com/x.css);</style></svg>',
    "entity": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY leak SYSTEM "file:///etc/passwd">]>'
              '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="&leak;"/></svg>',
    "broken": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50"',
}


@pytest.mark.parametrize("name", HOSTILE)
def test_template_beside_a_spec_may_hold_only_plain_shapes(tmp_path, name):
    path = write_spec(tmp_path / "spec", shape=f"evil-{name}", template=HOSTILE[name])
    message = one_clean_line(run("build", path, "--paper", "a4", "--out", tmp_path / "out"))
    assert f"templates/evil-{name}.svg" in message
    assert "root:" not in message
    assert not (tmp_path / "out" / "hostile" / "hostile-components-a4.pdf").exists()


def test_attributes_that_link_are_refused_not_dropped(tmp_path):
    template = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'
                '<circle cx="50" cy="50" r="40" fill="currentColor" xlink:href="file:///etc/passwd" '
                'style="fill:url(file:///etc/passwd)" onload="alert(1)"/></svg>')
    path = write_spec(tmp_path / "spec", shape="linky", template=template)
    message = one_clean_line(run("build", path, "--paper", "a4", "--out", tmp_path / "out"))
    assert message == (f"{(tmp_path / 'spec' / 'templates' / 'linky.svg').resolve()}:1: <circle>: links are not allowed "
                       "in a template (href='file:///etc/passwd')")


def test_the_converter_never_fetches(tmp_path):
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not an image")
    from generator.draw import svg
    from generator.errors import UserError
    dwg = svg.drawing(10, 10)
    dwg.add(svg.Element("image", {"href": f"file://{secret}", "width": 10, "height": 10}))  # not a Placed: never read
    from generator.draw import content
    for convert in (lambda drawings: content.write(drawings[0]), lambda drawings: raster.picture_png(drawings[0], 72)):  # our writer (diagrams too), and cairo
        with pytest.raises(UserError, match="external resources are not allowed"):
            convert([dwg])


@pytest.fixture
def built(tmp_path):
    """A small spec built on both papers into tmp_path/out: (out, {file name: bytes}), and the spec path."""
    out, path = tmp_path / "out", write_spec(tmp_path / "spec")
    assert run("build", path, "--out", out).exit_code == 0
    return out, {p.name: p.read_bytes() for p in (out / "hostile").glob("*.pdf")}, path


def leftovers(out):
    """Temp files left in the output folder."""
    return [p for p in Path(out).rglob("*") if p.name.endswith(".part")]


def test_build_failing_midway_keeps_the_previous_pdfs(built, monkeypatch):
    out, before, path = built
    real, calls = document.Document.save, []

    def failing(document, *args):
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError("writer died")
        return real(document, *args)

    monkeypatch.setattr(document.Document, "save", failing)
    result = run("build", path, "--out", out, "--set", "palette.ink=#c0392b")
    assert result.exit_code != 0 and isinstance(result.exception, RuntimeError)
    after = {p.name: p.read_bytes() for p in (out / "hostile").glob("*.pdf")}
    assert after.keys() == before.keys() == {"hostile-components-a4.pdf", "hostile-components-letter.pdf"}
    changed = [name for name in before if after[name] != before[name]]
    assert changed == ["hostile-components-a4.pdf"], changed  # the one finished file; the other untouched
    assert not leftovers(out)


@pytest.mark.parametrize("fault", [KeyboardInterrupt, lambda *a: OSError(errno.ENOSPC, "No space left on device")])
def test_write_interrupted_or_disk_full_leaves_old_file_and_no_temp(built, monkeypatch, fault):
    out, before, path = built
    folder = out / "hostile"
    target = folder / "hostile-components-a4.pdf"
    (folder / "notes.txt").write_text("mine")
    (folder / ".other.pdf.part").write_text("not pnp's temp file")
    real_fdopen = os.fdopen

    class Full:
        """A file whose write fails like a full disk (or is interrupted)."""

        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            self.handle.write(data[:100])
            raise fault() if fault is not KeyboardInterrupt else KeyboardInterrupt()

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: Full(real_fdopen(fd, mode)))
    if fault is KeyboardInterrupt:
        with pytest.raises(KeyboardInterrupt):
            files.write_atomic(target, b"new bytes" * 1000)
    else:
        changed = ("--set", "game.title=Changed")  # new inputs, so the cache does not skip the write
        message = one_clean_line(run("build", path, "--paper", "a4", "--out", out, *changed))
        assert message == f"cannot write {target}: No space left on device"
    monkeypatch.undo()
    assert target.read_bytes() == before[target.name]
    assert (folder / "notes.txt").read_text() == "mine"
    assert leftovers(out) == [folder / ".other.pdf.part"]


def test_a_leftover_temp_file_with_our_name_is_neither_reused_nor_removed(tmp_path):
    target = tmp_path / "sheet.pdf"
    stale = tmp_path / f".sheet.pdf.{os.getpid()}-0.part"  # as a crashed run with this process id would leave it
    stale.write_bytes(b"someone else's half-written file")
    files.write_atomic(target, b"%PDF-1.5 new")
    assert target.read_bytes() == b"%PDF-1.5 new"
    assert stale.read_bytes() == b"someone else's half-written file"
    assert leftovers(tmp_path) == [stale]


def test_out_pointing_at_a_file_is_a_clear_error(tmp_path):
    blocker, path = tmp_path / "not-a-folder", write_spec(tmp_path / "spec")
    blocker.write_text("keep me")
    for out in (blocker, blocker / "below"):
        message = one_clean_line(run("build", path, "--paper", "a4", "--out", out))
        assert message.startswith(f"cannot write {out}/hostile/hostile-components-a4.pdf: ")
        assert "not a folder" in message
    assert blocker.read_text() == "keep me"


def test_out_in_a_read_only_folder_is_a_clear_error(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("running as root: chmod does not stop writes (the path-under-a-file case covers the error)")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        message = one_clean_line(run("build", write_spec(tmp_path / "spec"), "--paper", "a4", "--out", locked))
    finally:
        locked.chmod(0o700)
    assert message.startswith(f"cannot write {locked}/hostile/") and "Permission denied" in message


@pytest.mark.parametrize("stem", ["..", ".hidden", "-flag"])
def test_a_file_name_that_is_no_safe_game_id_is_refused_and_nothing_is_written(tmp_path, stem):
    spec = tmp_path / "specs" / f"{stem}.yaml"
    spec.parent.mkdir()
    spec.write_text((Path(__file__).parent.parent / "specs" / "posies.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "deep" / "out"
    result = run("build", spec, "--paper", "a4", "--out", out)
    assert one_clean_line(result) == (
        f"{spec}: the file name makes the game id, which names the output folder and files: {stem!r} must start with a "
        "letter or digit and hold only the letters a-z and A-Z, digits, spaces, '.', '_', '+' and '-' (e.g. "
        "my-game.yaml)")
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == [Path("specs"), Path("specs") / f"{stem}.yaml"]


def test_temp_files_of_killed_runs_are_removed_on_the_next_write(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    killed = tmp_path / f".sheet.pdf.{int(dead.stdout)}-0.part"
    alive = tmp_path / f".sheet.pdf.{os.getpid()}-3.part"
    others = [tmp_path / ".sheet.pdf.part", tmp_path / f".other.pdf.{int(dead.stdout)}-0.part", tmp_path / "sheet.pdf.1-0.part"]
    for path in [killed, alive, *others]:
        path.write_bytes(b"half")
    files.write_atomic(tmp_path / "sheet.pdf", b"%PDF-1.5 new")
    assert sorted(leftovers(tmp_path)) == sorted([alive, *others])


def test_a_write_makes_its_folder_only_when_it_is_missing(tmp_path, monkeypatch):
    """A rebuild writes 17 files into folders that are there: none is asked for again (a mkdir each)."""
    made, mkdir = [], Path.mkdir
    monkeypatch.setattr(Path, "mkdir", lambda self, *args, **options: made.append(self) or mkdir(self, *args, **options))
    files.write_atomic(tmp_path / "deep" / "er" / "sheet.pdf", b"%PDF-1.5 one")
    assert made[0] == tmp_path / "deep" / "er" and (tmp_path / "deep" / "er" / "sheet.pdf").read_bytes() == b"%PDF-1.5 one"
    first = len(made)   # mkdir(parents=True) makes the parents by calling itself
    files.write_atomic(tmp_path / "deep" / "er" / "sheet.pdf", b"%PDF-1.5 two")
    files.write_atomic(tmp_path / "deep" / "other.pdf", b"%PDF-1.5 three")
    assert len(made) == first and (tmp_path / "deep" / "er" / "sheet.pdf").read_bytes() == b"%PDF-1.5 two"
    assert leftovers(tmp_path) == []


def test_sigterm_during_a_write_removes_the_temp_file_and_keeps_the_old_pdf(tmp_path):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"%PDF old")
    code = f"""
import os, signal
from generator import cli, files
cli.terminate_like_interrupt()
real = os.fdopen
class Killed:
    def __init__(self, handle): self.handle = handle
    def __enter__(self): return self
    def __exit__(self, *exc): self.handle.close()
    def write(self, data):
        self.handle.write(data[:10])
        os.kill(os.getpid(), signal.SIGTERM)
os.fdopen = lambda fd, mode: Killed(real(fd, mode))
files.write_atomic({str(target)!r}, b"%PDF new" * 1000)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert target.read_bytes() == b"%PDF old" and not leftovers(tmp_path)


def test_links_in_the_cache_folder_are_replaced_never_written_through(tmp_path):
    path = write_spec(tmp_path / "spec")
    out = tmp_path / "out"
    assert run("build", path, "--paper", "a4", "--out", out).exit_code == 0
    cache = out / "hostile" / ".pnp-cache"
    records = sorted(p for p in cache.iterdir() if p.is_file())
    assert records, "the build keeps its records in .pnp-cache"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    for record in records:
        record.unlink()
        record.symlink_to(victim)
    assert run("build", path, "--paper", "a4", "--out", out, "--set", "game.title=Changed").exit_code == 0
    assert victim.read_text() == "keep me"
    assert all(record.is_file() and not record.is_symlink() for record in records)
    assert not leftovers(out)


@pytest.mark.parametrize("linked, command", [
    ("hostile", ["build", "--paper", "a4"]), ("hostile/.pnp-cache", ["build", "--paper", "a4"]),
    ("hostile/png", ["build", "--format", "png", "--dpi", "50"]), ("hostile", ["rules", "--paper", "a4"]),
    ("hostile", ["palette"]), ("hostile-preview", ["preview"]), ("hostile/pod-makeplayingcards/tiles", ["build", "--pod", "makeplayingcards"])],
    ids=["game folder", "cache folder", "png folder", "rules", "palette", "preview", "a pod deck's folder"])
def test_a_folder_inside_out_that_links_elsewhere_is_refused_and_nothing_is_written_there(tmp_path, linked, command):
    """A game's folder in --out, or a folder in it, that is a link (to another disk, to a folder of the user's) would
    take pnp's writes outside --out: one line naming the link, exit 1, and nothing written where it leads."""
    path = write_spec(tmp_path / "spec")
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / linked).parent.mkdir(parents=True)
    (out / linked).symlink_to(elsewhere, target_is_directory=True)
    line = one_clean_line(run(command[0], path, *command[1:], "--out", out))
    assert line.startswith(f"{out / linked}: a link to ") and "never through a link" in line, line
    assert not list(elsewhere.iterdir())


@pytest.mark.parametrize("linked, command, target, told", [
    ("hostile/.pnp-cache", ["build", "--paper", "a4"], ".pnp-cache", "which leads back to itself"),
    ("hostile/.pnp-cache", ["build", "--paper", "a4"], "nothere", "which leads nowhere: nothing is there"),
    ("hostile/png", ["build", "--format", "png", "--dpi", "30"], "nothere", "which leads nowhere: nothing is there")],
    ids=["cache folder that loops", "cache folder leading nowhere", "png folder leading nowhere"])
def test_a_folder_inside_out_that_is_a_link_leading_nowhere_is_named_so(tmp_path, linked, command, target, told):
    """A link at <out>/<id>/.pnp-cache that loops, or leads nowhere, was taken (exit 0), and the build kept no records
    (their writes failed quietly), where a link there to a folder is refused; a link leading nowhere at <out>/<id>/png
    was called 'a file, not a folder'. Each is one line naming the link and where it leads."""
    path = write_spec(tmp_path / "spec")
    out = tmp_path / "out"
    (out / linked).parent.mkdir(parents=True)
    (out / linked).symlink_to(target)
    line = one_clean_line(run(command[0], path, *command[1:], "--out", out))
    assert f"{out / linked}: a link to {target!r}, {told}" in line or f"{out / linked} is a link to {target!r}, {told}" in line, line
    assert (out / linked).is_symlink() and not (out / linked).exists()


def test_a_spec_whose_name_is_too_long_to_name_its_files_is_refused_before_any_is_written(tmp_path):
    """A 240-character spec name passed validate, then a build wrote png/, svg/ and contact/ and failed on a page's name
    ('File name too long'); 100 characters build every format, fold and themed."""
    source = (Path(__file__).parent.parent / "specs" / "posies.yaml").read_text(encoding="utf-8")
    for stem, refused in (("p" * 101, True), ("p" * 100, False)):
        spec = tmp_path / stem / f"{stem}.yaml"
        spec.parent.mkdir()
        spec.write_text(source, encoding="utf-8")
        out = tmp_path / f"out-{len(stem)}"
        result = run("build", spec, "--paper", "a4", "--backs", "fold", "--theme", "okabe-ito", "--out", out,
                     "--format", "pdf,png,svg,contact,tts,showcase,hand", "--dpi", "30")
        if refused:
            assert one_clean_line(result) == (f"{spec}: the file name makes the game id, which names the output folder "
                                              "and files, and its 101 characters are more than they take (100): give it "
                                              "a shorter one")
            assert not out.exists()
        else:
            assert result.exit_code == 0, result.output
            assert (out / stem / "theme-okabe-ito" / f"{stem}-okabe-ito-components-a4-fold.pdf").is_file()


def test_a_file_name_longer_than_the_system_takes_is_one_line_wherever_it_is_given(tmp_path):
    """A 300-character name (most systems take 255) was a traceback (OSError: File name too long) wherever pnp looked
    the file up: in the spec (naming the key), on the command line, and for pnp new."""
    long = "a" * 300
    path = write_spec(tmp_path / "spec")
    text = path.read_text()
    for where, key in ((f"fonts:\n  body: {long}.ttf\n", "fonts.body"),
                       (f"inline:\n  dot: {{file: {long}.png, size: 1 em}}\n", "inline.dot.file")):
        path.write_text(text + where)
        line = one_clean_line(run("validate", path))
        assert f" {key}: '{'a' * 60}'...: a file name of 304 characters, longer than the system takes" in line, line
    path.write_text(text)
    for args in (["validate", f"{long}.yaml"], ["build", path, "--theme", f"{long}.yaml"], ["new", tmp_path / long]):
        line = one_clean_line(run(*args))
        assert line.endswith("characters, longer than the system takes") and "..." in line, line


LOOPED = [   # (what links to itself, (file, text put in it, before what), the start of its message's line)
    ("cards.csv", (), "g.yaml:24: components.cards.data: 'cards.csv' is a link that loops"),
    ("card.yaml", (), "g.yaml:23: components.cards.layout: 'card.yaml' is a link that loops"),
    ("back.yaml", (), "g.yaml:26: components.cards.back.layout: 'back.yaml' is a link that loops"),
    ("base.yaml", ("card.yaml", "extends: base.yaml\n", "ground:"), "card.yaml:4: extends: 'base.yaml' is a link that loops"),
    ("pic.png", ("card.yaml", "  pic: {type: image, file: pic.png, x: 5, y: 20, width: 53, height: 28}\n", "  band:"),
     "card.yaml:6: elements.pic.file: pic.png: a link that loops"),
    ("f.ttf", ("g.yaml", "fonts:\n  body: f.ttf\n", "components:"), "g.yaml:16: fonts.body: f.ttf: a link that loops"),
    ("dot.png", ("g.yaml", "inline:\n  dot: {file: dot.png, size: 1 em}\n", "components:"),
     "g.yaml:16: inline.dot.file: dot.png: a link that loops"),
    ("rules/g.yaml", (), "rules/g.yaml: a link that loops"),
    ("templates/coin.svg", (), "templates/coin.svg: a link that loops"),
    ("templates", (), "templates: the templates folder is a link that loops"),
    ("g.yaml", (), "g.yaml: a link that loops")]


@pytest.mark.parametrize("looped, named, expected", LOOPED, ids=[case[0] for case in LOOPED])
def test_a_link_that_loops_is_one_line_naming_its_key_wherever_a_file_is_named(tmp_path, monkeypatch, looped, named,
                                                                             expected):
    """A link that leads back to itself (cards.csv -> cards.csv) was a traceback (RuntimeError: Symlink loop) wherever
    pnp looked the file up: the data, a layout, a back, extends:, art, a font, an inline picture, the rules file, a
    template, the templates folder and the spec itself. Now one line naming the key that names the file, exit 1."""
    import shutil
    monkeypatch.chdir(tmp_path)
    assert run("new", "g").exit_code == 0
    game = tmp_path / "g"
    if named:
        name, text, before = named
        old = (game / name).read_text(encoding="utf-8")
        (game / name).write_text(old.replace(before, text + before, 1), encoding="utf-8")
    link = game / looped
    if link.is_dir():
        shutil.rmtree(link)
    elif link.exists():
        link.unlink()
    link.symlink_to(link.name)
    for command in (["validate"], ["build", "--paper", "a4", "--out", tmp_path / "out"]):
        if looped.startswith("rules/") and command == ["validate"]:
            continue   # validate reads no rules file
        line = one_clean_line(run(command[0], game / "g.yaml", *command[1:]))
        assert f"/{expected} (it leads back to itself" in f"/{line}", line
        if looped == "templates":   # named from the current folder, as every file a message names
            assert line.startswith("g/templates: "), line
    assert not list(tmp_path.glob("out/**/*.pdf"))


def test_control_characters_quoted_in_a_message_reach_the_terminal_escaped(tmp_path, monkeypatch):
    """A CSV header cell holding ESC ] 0 ; pwned BEL (which sets a terminal's title), or NUL and 0x01-0x08 from a binary
    file, was written raw in the one line naming its column; so was a file name holding them. Each is now shown as
    Python writes it (\\x1b), by click's commands and the plain build and validate alike."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "g").exit_code == 0
    csv = (tmp_path / "g" / "cards.csv").read_bytes().split(b"\n")
    header = csv[0].replace(b"flavour", b"\x1b]0;pwned\x07\x00\x01\x08flavour")
    row = csv[5].split(b",")
    row[4] = "Glar\u00e9".encode("latin-1")
    (tmp_path / "g" / "cards.csv").write_bytes(b"\n".join([header, *csv[1:5], b",".join(row), *csv[6:]]))
    told = "g/cards.csv row 6, column \\x1b]0;pwned\\x07\\x00\\x01\\x08flavour: not UTF-8 text"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "memos")}
    for args in (["validate", "g/g.yaml"], ["build", "g/g.yaml", "--out", "out", "--paper", "a4"],
                 ["validate", "g/g.yaml", "--threshold", "20"]):   # a plain run, and one click's command runs
        done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, env=env, capture_output=True,
                              timeout=120)
        assert done.returncode == 1 and done.stdout == b"", done
        assert done.stderr.decode().startswith(f"error: {told}") and done.stderr.count(b"\n") == 1, done.stderr
        assert not any(byte < 32 and byte != 10 for byte in done.stderr), done.stderr
    assert one_clean_line(run("validate", "g/g.yaml")).startswith(told)
    assert one_clean_line(run("validate", "g/\x1b]0;x\x07.yaml")) == "g/\\x1b]0;x\\x07.yaml: no such file"


def test_two_specs_of_one_name_are_refused_before_either_writes_over_the_other(tmp_path):
    """a/hostile.yaml and b/hostile.yaml would both write <out>/hostile/: the second game's PDF over the first's, both
    reported written (it exited 0). The same spec named twice is built as before."""
    first, second = write_spec(tmp_path / "a"), write_spec(tmp_path / "b")
    out = tmp_path / "out"
    for command in (["build", "--paper", "a4"], ["rules", "--paper", "a4"]):
        line = one_clean_line(run(command[0], first, second, *command[1:], "--out", out))
        assert line == (f"{first} and {second} are both called 'hostile': their files would go to one folder, "
                        "<out>/hostile/, each over the other's: build them with different --out, or rename one")
        assert not out.exists()
    assert run("build", first, first, "--paper", "a4", "--out", out).exit_code == 0


def _pnp_in_process_of_its_own(cache, *args):
    """Run pnp as a user does, in a process of its own with its memos in cache (none held in memory between runs)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", "from generator.cli import cli; cli()", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_cache_file_left_empty_or_cut_short_costs_a_rebuild_never_a_wrong_file(tmp_path):
    """A cache file is removed before its new one is renamed into place (files.write_quietly), so ext4 does not write
    the new one out at once: a power cut may leave it empty or short. Each of the build's kept files (the output's
    records, faces, plan, rulebook layout; the memos) emptied in turn, then all cut in half, the rebuild after a colour
    edit is byte for byte the fresh build of the edited spec."""
    build = ["build", "pixeliction", "--paper", "a4"]
    edit = ["--set", "palette.accent=#2a7f62"]
    _pnp_in_process_of_its_own(tmp_path / "fresh-cache", *build, *edit, "--out", tmp_path / "fresh")
    fresh = {p.name: p.read_bytes() for p in (tmp_path / "fresh" / "pixeliction").glob("*.pdf")}
    out, cache = tmp_path / "out", tmp_path / "cache"
    _pnp_in_process_of_its_own(cache, *build, "--out", out)
    kept = sorted(p for folder in (out, cache) for p in folder.rglob("*") if p.is_file() and p.suffix != ".pdf")
    assert len(kept) >= 10, kept   # the output's records, faces, plan and rulebook layout, and the memos
    for damaged in [[p] for p in kept] + [kept]:
        _pnp_in_process_of_its_own(cache, *build, "--out", out)   # every kept file whole again, for the colour before
        for path in damaged:
            path.write_bytes(path.read_bytes()[:path.stat().st_size // 2] if len(damaged) > 1 else b"")
        _pnp_in_process_of_its_own(cache, *build, *edit, "--out", out)
        made = {p.name: p.read_bytes() for p in (out / "pixeliction").glob("*.pdf")}
        assert made == fresh, [str(p.relative_to(tmp_path)) for p in damaged]
    assert not leftovers(out) and not leftovers(cache)


def test_a_cache_write_replaces_the_old_file_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "memo.json"
    path.write_bytes(b"old")
    files.write_quietly(path, b"new")
    assert path.read_bytes() == b"new" and os.listdir(tmp_path) == ["memo.json"]
    files.write_quietly(tmp_path / "none-yet.json", b"first")
    assert (tmp_path / "none-yet.json").read_bytes() == b"first"


def test_a_rules_file_that_links_out_of_the_spec_folder_is_refused(tmp_path):
    (tmp_path / "spec" / "rules").mkdir(parents=True)
    spec = tmp_path / "spec" / "mine.yaml"
    spec.write_text((Path(__file__).parent.parent / "specs" / "posies.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    outside = tmp_path / "secret.yaml"
    outside.write_text("overview: not yours\n")
    (tmp_path / "spec" / "rules" / "mine.yaml").symlink_to(outside)
    for command in ("build", "rules"):
        result = run(command, spec, "--paper", "a4", "--out", tmp_path / "out")
        assert one_clean_line(result) == f"{tmp_path / 'spec' / 'rules' / 'mine.yaml'}: links to a file outside the spec's folder ({outside})"
    assert not (tmp_path / "out").exists()


def test_a_pipe_or_a_link_in_the_output_folder_is_rebuilt_over_not_read(tmp_path):
    """A pipe where the last rulebook was hung the build for ever; a record linked to /dev/zero was read until memory
    ran out; a link to a file outside --out was read through. Each is now taken for no file of pnp's: rebuilt over."""
    import os
    import subprocess
    import sys
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "e6")]).exit_code == 0
    build = [sys.executable, "-m", "generator", "build", "e6/e6.yaml", "--out", "o", "--paper", "a4"]
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "memos")}
    assert subprocess.run(build, cwd=tmp_path, env=env, capture_output=True, timeout=120).returncode == 0
    rules, record = tmp_path / "o" / "e6" / "e6-rules-a4.pdf", tmp_path / "o" / "e6" / ".pnp-cache" / "e6-components-a4.pdf.record"
    rules.unlink()
    os.mkfifo(rules)
    record.unlink()
    record.symlink_to("/dev/zero")
    done = subprocess.run(build, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert rules.is_file() and not rules.is_symlink() and rules.read_bytes().startswith(b"%PDF")
    assert record.is_file() and not record.is_symlink()


def test_svg_art_linking_a_pipe_is_refused_not_waited_for(tmp_path):
    """An SVG's <image> naming a pipe beside it hung the build (the image element naming the pipe itself was refused)."""
    import os
    import subprocess
    import sys
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "c1")]).exit_code == 0
    folder = tmp_path / "c1"
    (folder / "art").mkdir()
    os.mkfifo(folder / "art" / "f.png")
    (folder / "art" / "x.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/'
                                          'xlink" width="10" height="10"><image xlink:href="f.png" width="10" height="10"/>'
                                          '</svg>')
    with open(folder / "card.yaml", "a") as card:
        card.write('  pic: {type: image, file: "art/x.svg", x: 5, y: 21, width: 53, height: 27}\n')
    done = subprocess.run([sys.executable, "-m", "generator", "validate", "c1.yaml"], cwd=folder, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "memos")})
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "is not a regular file" in done.stderr, done.stderr


def test_a_worker_waited_for_twice_is_no_traceback():
    """A Ctrl-C between a worker's wait and its status kept made end() wait again: ChildProcessError's traceback."""
    import subprocess
    from generator import workers
    child = subprocess.Popen(["true"])
    child.wait()
    assert workers._waited(child.pid, 0) == (child.pid, 1)
