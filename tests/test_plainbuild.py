"""A plain build (and a plain validate) parsed by cli.plain_build (cli.plain_validate) without click: the same arguments as click's build command gives, every other
command line (another command or option, --help, a value click refuses) left to click, the same output either way."""
import os
import subprocess
import sys

import pytest

from generator import cli as entry
from generator.commands import cli

PLAIN = [
    ["build"],
    ["build", "grannys-pills", "posies"],
    ["build", "grannys-pills", "--out", "out", "--set", "palette.red=#d0281f"],
    ["build", "--paper", "a4", "x.yaml", "--set", "a=1", "--set", "b=2", "y"],
    ["build", "x", "--paper", "a4", "--paper", "letter", "--out", "o1", "--out", "o2"],
    ["build", "x", "--ink-saver", "--greyscale", "--theme", "okabe-ito", "--backs", "fold"],
    ["build", "x", "--out", "", "--paper", "300x400mm"],
    ["build", "-j", "2", "x"], ["build", "x", "--jobs", "1", "y"], ["build", "--jobs", "3", "-j", "12"], ["build", "-j", "007"],
]
LEFT_TO_CLICK = [
    [], ["--help"], ["validate", "x"], ["rules", "x"], ["build", "--help"], ["build", "-h"], ["build", "x", "--format", "pdf"],
    ["build", "--dpi", "100"], ["build", "--pod", "x"], ["build", "--paper=a4"], ["build", "--paper"], ["build", "--out", "-x"],
    ["build", "--backs", "sideways"], ["build", "--", "x"], ["build", "-"], ["build", "--no-greyscale"], ["--version"],
    ["build", "--set"], ["buil", "x"], ["build", "--paper", "tabloid,legal"], ["build", "x", "--paper", "5000x5000mm"],
    ["build", "-j", "0"], ["build", "-j", "-1"], ["build", "--jobs", "x"], ["build", "-j"], ["build", "--jobs=2"], ["build", "-j2"],
    ["build", "-j", "+2"], ["build", "-j", " 2"], ["build", "-j", "2.0"], ["build", "-j", "\u0663"], ["validate", "-j", "2"],
]
PLAIN_VALIDATE = [
    ["validate"], ["validate", "grannys-pills", "x.yaml"], ["validate", "x", "--set", "a=1", "--set", "b=2", "--theme", "t"],
    ["validate", "-j", "2", "x"], ["validate", "--jobs", "1", "--jobs", "3"],
]
VALIDATE_LEFT_TO_CLICK = [
    ["validate", "--help"], ["validate", "x", "--threshold", "30"], ["validate", "--grey-threshold", "20"],
    ["validate", "--paper", "a4"], ["validate", "--out", "o"], ["validate", "--greyscale"], ["validate", "-j", "0"],
    ["validate", "--jobs=2"], ["validate", "--set"], ["validate", "--", "x"], ["validat", "x"], ["build", "x"], ["rules", "x"],
]


@pytest.mark.parametrize("args", PLAIN + PLAIN_VALIDATE)
def test_a_plain_build_or_validate_is_parsed_as_click_parses_it(args):
    given = entry.plain(args[0], args)
    assert given is not None and given == cli.commands[args[0]].make_context(args[0], args[1:]).params


@pytest.mark.parametrize("parse, args", [(entry.plain_build, args) for args in LEFT_TO_CLICK] +
                         [(entry.plain_validate, args) for args in VALIDATE_LEFT_TO_CLICK])
def test_every_other_command_line_is_left_to_click(parse, args):
    assert parse(args) is None


def test_an_unreadable_out_folder_is_left_to_click(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert entry.plain_build(["build", "--out", str(tmp_path)]) is None
    assert entry.plain_build(["build", "--out", str(tmp_path / "new")]) is not None


def pnp(cwd, *args) -> tuple:
    """(status, stdout, stderr, click loaded) of pnp's main run in a process of its own."""
    report = "import atexit, sys; atexit.register(lambda: print('click' in sys.modules, file=sys.stderr)); "
    done = subprocess.run([sys.executable, "-c", report + "import sys; from generator.cli import main; sys.argv[0] = "
                           "'pnp'; main()", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "XDG_CACHE_HOME": str(cwd / "cache")})
    *err, loaded = done.stderr.splitlines()
    return done.returncode, done.stdout, err, loaded == "True"


def test_a_plain_build_loads_no_click_and_prints_what_click_prints(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    plain = pnp(tmp_path / "a", "build", "grannys-pills", "--paper", "a4", "--out", "out")
    clicked = pnp(tmp_path / "b", "build", "grannys-pills", "--paper", "a4", "--out", "out", "--format", "pdf")
    assert plain[0] == clicked[0] == 0 and "grannys-pills-rules-a4.pdf: 3 pages" in plain[1]
    assert plain[:3] == clicked[:3] and not plain[3] and clicked[3]
    for name in ("grannys-pills-components-a4.pdf", "grannys-pills-rules-a4.pdf"):
        assert (tmp_path / "a" / "out" / "grannys-pills" / name).read_bytes() == \
               (tmp_path / "b" / "out" / "grannys-pills" / name).read_bytes()
    refused = pnp(tmp_path / "a", "build", "no-such-game")
    by_click = pnp(tmp_path / "a", "build", "no-such-game", "--format", "pdf")
    assert refused[:3] == by_click[:3] and refused[0] == 1 and refused[2][0].startswith("error: unknown game")
    assert not refused[3] and by_click[3]


def test_an_interrupted_plain_build_ends_as_click_ends_it(monkeypatch, capsys):
    def interrupted(*args, **given):
        raise KeyboardInterrupt
    monkeypatch.setattr(entry.batch, "build", interrupted)
    with pytest.raises(SystemExit) as plain:
        entry.build_plainly(entry.plain_build(["build", "x"]))
    plainly = capsys.readouterr()
    with pytest.raises(SystemExit) as clicked:
        cli(["build", "x"], prog_name="pnp")
    assert plain.value.code == clicked.value.code == 1 and plainly == capsys.readouterr() and "Aborted!" in plainly.err


def test_a_plain_validate_loads_no_click_and_prints_what_click_prints(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    plain = pnp(tmp_path / "a", "validate", "posies", "grannys-pills", "-j", "1")
    clicked = pnp(tmp_path / "b", "validate", "posies", "grannys-pills", "-j", "1", "--threshold", "20")
    assert plain[0] == clicked[0] == 0 and "grannys-pills.yaml: all checks pass" in plain[1]
    assert plain[:3] == clicked[:3] and not plain[3] and clicked[3]
    failing = pnp(tmp_path / "a", "validate", "grannys-pills", "--set", "components.pill.faces.copies=6")
    by_click = pnp(tmp_path / "b", "validate", "grannys-pills", "--set", "components.pill.faces.copies=6", "--threshold", "20")
    assert failing[:3] == by_click[:3] and failing[0] == 1 and not failing[3]
    refused = pnp(tmp_path / "a", "validate", "no-such-game")
    assert refused[:3] == pnp(tmp_path / "b", "validate", "no-such-game", "--threshold", "20")[:3]
    assert refused[0] == 1 and refused[2][0].startswith("error: unknown game") and not refused[3]


TORN = ("import atexit, os, sys\n"
        "class Torn:\n    def __del__(self, write=os.write):\n        write(2, b'torn down\\n')\n"
        "atexit.register(lambda: setattr(sys, 'torn', Torn()) or sys.stderr.write('exit handlers ran\\n'))\n"
        "from generator.cli import main; sys.argv[0] = 'pnp'; main()")   # says when exit handlers ran and teardown came


def torn(tmp_path, *args):
    """pnp with these arguments run under TORN in tmp_path, its memos there."""
    return subprocess.run([sys.executable, "-c", TORN, *args], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")})


def test_a_plain_build_ends_its_process_without_the_interpreters_teardown(tmp_path):
    """cli.ended: once a plain build is done, its exit handlers run (memos written) and its output is flushed, and the
    process ends there: the teardown that frees every object one by one never runs (an object an exit handler made is
    never freed); a failed build ends as before."""
    def run(*args):
        return torn(tmp_path, "build", *args)
    done = run("grannys-pills", "--paper", "a4", "--out", "out")
    assert done.returncode == 0 and done.stderr == "exit handlers ran\n", done.stderr
    assert done.stdout.count("\n") == 3 and "grannys-pills-rules-a4.pdf: 3 pages" in done.stdout
    assert {"checks.json", "paints.json"} <= {p.name for p in (tmp_path / "cache" / "pnp").iterdir()}, "memos written"
    refused = run("no-such-game")
    assert refused.returncode == 1 and refused.stderr.endswith("exit handlers ran\ntorn down\n"), refused.stderr


def test_a_plain_validate_ends_its_process_without_the_teardown_with_its_exit_status(tmp_path):
    """cli.ended after a plain validate: exit handlers run (memos written), output flushed, no teardown; a failed check
    still exits 1, and so does a refused game (its one error line; validate goes on to the games after it)."""
    def run(*args):
        return torn(tmp_path, "validate", *args)
    for workers in ("1", "2"):
        passed = run("posies", "grannys-pills", "-j", workers)
        assert passed.returncode == 0 and passed.stderr == "exit handlers ran\n", passed.stderr
        assert passed.stdout.endswith("grannys-pills.yaml: all checks pass (6 components)\n")
        failed = run("grannys-pills", "--set", "components.pill.faces.copies=6", "-j", workers)
        assert failed.returncode == 1 and failed.stderr.endswith(" checks failed\nexit handlers ran\n"), failed.stderr
        assert "component count (expected 112, found 96)" in failed.stdout
    assert "checks.json" in {p.name for p in (tmp_path / "cache" / "pnp").iterdir()}, "memos written"
    refused = run("no-such-game")
    assert refused.returncode == 1 and refused.stderr.startswith("error: unknown game 'no-such-game' (shipped games: ")
    assert refused.stderr.endswith(")\nexit handlers ran\n"), refused.stderr


def test_a_plain_validate_or_build_under_a_profiler_ends_as_usual_so_that_the_profile_is_written(tmp_path):
    """python -m cProfile writes its figures once main returns: under a profiler cli.ended leaves the process to end as
    usual (a failed validate's exit 1 is cProfile's to report: it ends 0 after any SystemExit, as before)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for n, (args, shown) in enumerate(((["validate", "posies", "-j", "1"], "all checks pass"),
                                       (["validate", "grannys-pills", "--set", "components.pill.faces.copies=6"],
                                        "component count (expected 112, found 96)"),
                                       (["build", "posies", "--paper", "a4", "--out", "out"], "posies-rules-a4.pdf"))):
        profile = tmp_path / f"{n}.prof"
        done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "generator", *args],
                              capture_output=True, text=True, cwd=tmp_path, env=env)
        assert shown in done.stdout and profile.stat().st_size > 10_000, done.stderr
