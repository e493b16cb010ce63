"""pnp build and pnp validate of several specs side by side (-j/--jobs): the same output, files and memos as one after
another in one process, errors reported at their turn, a killed worker and Ctrl-C ended cleanly."""
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.commands import cli

MAIN = "import sys; from generator.cli import main; sys.argv[0] = 'pnp'; main()"
FORKS = ("import atexit, os, sys; forks = []; fork = os.fork; os.fork = lambda: forks.append(1) or fork(); "
         "atexit.register(lambda: print('forks', len(forks), file=sys.stderr)); ")   # a worker ends by os._exit: no count
GAMES = ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies")


def pnp(cwd: Path, *args, cpus=None, cache="cache", counted=False) -> subprocess.CompletedProcess:
    """pnp's main run in cwd (its memos in cwd/cache), on the CPUs given (None: all this process may use)."""
    pin = f"import os; os.sched_setaffinity(0, {set(cpus)!r}); " if cpus else ""
    return subprocess.run([sys.executable, "-c", pin + (FORKS if counted else "") + MAIN, *args], capture_output=True,
                          cwd=cwd, env={**os.environ, "XDG_CACHE_HOME": str(cwd / cache)})


def tree(folder: Path) -> dict:
    """Every file under folder (hidden ones too): relative path -> bytes."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def moved(cwd: Path, name: str) -> dict:
    """The output folder and memos a run left in cwd, taken away (the next run starts as cold) as {path: bytes}."""
    found = tree(cwd)
    for path in sorted(cwd.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    return found


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    """The six games built and validated cold, with three workers and with -j 1, in the same folder: {jobs: (build
    result, validate result, files and memos)}."""
    cwd = tmp_path_factory.mktemp("six")
    runs = {}
    for jobs in ("3", "1"):
        built = pnp(cwd, "build", "--out", "out", "-j", jobs, counted=True)
        validated = pnp(cwd, "validate", "--jobs", jobs, counted=True)
        runs[jobs] = built, validated, moved(cwd, jobs)
    return runs


def test_six_games_side_by_side_print_and_write_what_one_process_does(six):
    (built, validated, files), (built1, validated1, files1) = six["3"], six["1"]
    assert built.returncode == built1.returncode == validated.returncode == validated1.returncode == 0
    assert built.stdout == built1.stdout and validated.stdout == validated1.stdout
    assert built.stdout.count(b".pdf: ") == 24 and validated.stdout.count(b"all checks pass") == 6
    assert built.stderr.splitlines()[:-1] == built1.stderr.splitlines()[:-1] == []
    # three workers, each handed the next spec as it finishes one: six specs, three forks
    assert (built.stderr.splitlines()[-1], built1.stderr.splitlines()[-1]) == (b"forks 3", b"forks 0")
    assert validated.stderr.splitlines()[-1] == b"forks 3" and validated1.stderr.splitlines()[-1] == b"forks 0"
    pdfs = [name for name in files if name.endswith(".pdf")]
    records = [name for name in files if "/.pnp-cache/" in name]
    memos = [name for name in files if name.startswith("cache/pnp/")]
    assert len(pdfs) == 24 and len(records) >= 24 and {"cache/pnp/verdicts.json", "cache/pnp/checks.json"} <= set(memos)
    assert files.keys() == files1.keys()
    assert [name for name in files if files[name] != files1[name]] == []


def test_a_record_names_only_its_own_specs_files(six):
    for game, files in ((game, six[jobs][2]) for jobs in ("3", "1") for game in GAMES):   # a worker runs two specs
        record = yaml.safe_load(files[f"out/{game}/.pnp-cache/{game}-components-a4.pdf.record"].partition(b"\n")[0])
        specs = [Path(path).name for path in record["files"] if Path(path).parent.name == "specs"]
        covered = [Path(path).relative_to(Path(path).parents[1]) for path in record["covered"]]   # by path alone
        assert specs == [] and covered == [Path("specs", f"{game}.yaml"), Path("rules", f"{game}.yaml")], covered


def test_a_bad_spec_among_good_ones_is_its_one_line_at_its_turn(tmp_path):
    for jobs in ("3", "1"):
        (tmp_path / jobs).mkdir()
        (tmp_path / jobs / "bad.yaml").write_text("game:\n  title: Bad\n  designer: Me\ncomponents:\n  tiles: 3\n")
    for command in (["build", "posies", "bad.yaml", "pixeliction", "--paper", "a4"], ["validate", "posies", "bad.yaml", "pixeliction"]):
        runs = [pnp(tmp_path / jobs, *command, "-j", jobs) for jobs in ("3", "1")]
        assert [run.returncode for run in runs] == [1, 1]
        assert runs[0].stdout == runs[1].stdout and runs[0].stderr == runs[1].stderr
        assert b"posies" in runs[0].stdout   # a build stops at the bad spec; validate checks every spec
        assert (b"pixeliction" in runs[0].stdout) == (command[0] == "validate")
        error = runs[0].stderr.decode().splitlines()
        assert len(error) == 1 and error[0].startswith("error: bad.yaml:") and "components.tiles" in error[0]


def test_rulebooks_and_a_game_named_twice_come_out_as_from_one_process(tmp_path):
    for jobs in ("2", "1"):
        (tmp_path / jobs).mkdir()
        rules = pnp(tmp_path / jobs, "rules", "posies", "pixeliction", "--paper", "a4", "-j", jobs, counted=True)
        twice = pnp(tmp_path / jobs, "build", "posies", "posies", "--paper", "a4", "--out", "twice", "-j", jobs, counted=True)
        assert rules.returncode == twice.returncode == 0
        assert rules.stdout.count(b"-rules-a4.pdf: ") == 2 and twice.stdout.count(b"posies-components-a4.pdf: ") == 2
        assert twice.stderr.splitlines()[-1] == b"forks 0"   # one spec file twice: its files are written by one process
        assert rules.stderr.splitlines()[-1] == (b"forks 2" if jobs == "2" else b"forks 0")
    assert tree(tmp_path / "2") == tree(tmp_path / "1")


@pytest.mark.parametrize("value", ["0", "-1", "x"])
@pytest.mark.parametrize("command", ["build", "validate", "rules"])
def test_a_bad_jobs_value_is_a_usage_error(command, value):
    for option in (["-j", value], [f"--jobs={value}"]):
        result = CliRunner().invoke(cli, [command, "posies", *option])
        assert result.exit_code == 1 and "invalid value for '--jobs' / '-j'" in result.output
        assert "Traceback" not in result.output


def test_the_default_is_one_worker_per_cpu_this_process_may_use(tmp_path):
    args = ("validate", "posies", "pixeliction")
    one = pnp(tmp_path, *args, cpus=[0], counted=True)
    assert one.returncode == 0 and one.stderr.splitlines()[-1] == b"forks 0"
    if len(os.sched_getaffinity(0)) > 1:
        two = pnp(tmp_path, *args, cpus=sorted(os.sched_getaffinity(0))[:2], cache="cache-2", counted=True)
        assert two.returncode == 0 and two.stderr.splitlines()[-1] == b"forks 2" and two.stdout == one.stdout
    shown = subprocess.run([sys.executable, "-c", "import os; os.sched_setaffinity(0, {0}); from generator import workers; "
                            "print(workers.cpus())"], capture_output=True, text=True)
    assert shown.stdout == "1\n"


def test_two_spec_files_of_one_name_are_refused_and_one_named_twice_is_written_by_one_process(tmp_path):
    for folder, colour in (("a", "#aa3322"), ("b", "#2255aa")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "same.yaml").write_text(yaml.safe_dump(
            {"game": {"title": "Same", "designer": "test"}, "components": {"tiles": {
                "kind": "square-tile", "title": "Tiles", "expect": 2, "size": "20 mm",
                "faces": {"product": {"colour": [colour], "shape": ["circle", "square"]}}}}}))
    both = pnp(tmp_path, "build", "a/same.yaml", "b/same.yaml", "--paper", "a4", "-j", "2")
    assert both.returncode == 1 and b"are both called 'same'" in both.stderr   # both would write output/same/
    assert not (tmp_path / "output").exists()
    twice = pnp(tmp_path, "build", "b/same.yaml", "b/same.yaml", "--paper", "a4", "-j", "2", counted=True)
    assert twice.returncode == 0 and twice.stderr.splitlines()[-1] == b"forks 0"   # one process writes it, in turn
    alone = pnp(tmp_path, "build", "b/same.yaml", "--paper", "a4", "--out", "alone", "-j", "1")
    assert (tmp_path / "output/same/same-components-a4.pdf").read_bytes() == \
           (tmp_path / "alone/same/same-components-a4.pdf").read_bytes() and alone.returncode == 0


def big_deck(folder: Path) -> Path:
    """A spec of 20,000 distinct tiles (5,000 colours x 4 shapes): seconds of work for its worker."""
    path = folder / "big.yaml"
    colours = [f"#{n * 3:06x}" for n in range(5000)]
    path.write_text(yaml.safe_dump({"game": {"title": "Big", "designer": "test"},
                                    "components": {"tiles": {"kind": "square-tile", "title": "Tiles", "expect": 20000,
                                                             "size": "20 mm", "faces": {"product": {"colour": colours,
                                                                                                    "shape": ["circle", "square", "triangle", "diamond"]}}}}}))
    return path


def started(folder: Path, *args) -> tuple[subprocess.Popen, int]:
    """pnp's main started in a process group of its own, and the id of its first worker once it has one."""
    proc = subprocess.Popen([sys.executable, "-c", MAIN, *args], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, env={**os.environ, "XDG_CACHE_HOME": str(folder / "cache")})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
        if children:
            return proc, min(map(int, children))
        time.sleep(0.02)
    proc.kill()
    raise AssertionError("no worker started")


def left(proc: subprocess.Popen) -> list:
    """The processes of proc's group still running."""
    return subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()


def whole(folder: Path) -> None:
    """Every PDF under folder is complete; no temp file is left."""
    assert not [path for path in folder.rglob("*") if path.name.endswith(".part")]
    for path in folder.rglob("*.pdf"):
        assert path.read_bytes().rstrip().endswith(b"%%EOF")


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or not sys.platform.startswith("linux"), reason="workers fork on Linux")
def test_a_killed_worker_is_one_line_naming_its_spec(tmp_path):
    big_deck(tmp_path)
    proc, worker = started(tmp_path, "build", "big.yaml", "posies", "--paper", "a4", "-j", "2")
    os.kill(worker, signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    lines = err.decode().splitlines()
    assert proc.returncode == 1 and len(lines) == 1 and "Traceback" not in lines[0]
    assert lines[0].startswith(("error: big.yaml: its worker process was killed by signal 9 (SIGKILL)",
                                "error: posies: its worker process was killed by signal 9 (SIGKILL)"))
    assert left(proc) == []
    whole(tmp_path / "output")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux")
def test_ctrl_c_stops_every_worker_and_ends_as_one_process_does(tmp_path):
    big_deck(tmp_path)
    proc, _ = started(tmp_path, "build", "big.yaml", "posies", "pixeliction", "--paper", "a4", "-j", "2")
    time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)   # as a terminal sends it: to the whole group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 1 and err == b"\nAborted!\n"
    assert left(proc) == []
    whole(tmp_path / "output")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux")
def test_a_worker_stopped_while_the_fork_s_hooks_run_ends_at_once_and_quietly():
    """A stop that reached a worker while random's after-fork hook ran raised there, was printed as 'Exception ignored'
    and lost: the worker ran on until killed 5 s later. The hook here sleeps so that the stop lands inside it."""
    script = ("import os, sys, time\n"
              "os.register_at_fork(after_in_child=lambda: time.sleep(0.5))\n"
              "from generator import cli, workers\n"
              "cli.terminate_like_interrupt()\n"   # as pnp's main does: a stop unwinds like Ctrl-C
              "worker = workers.Worker([('nap', lambda: time.sleep(30))], [])\n"
              "worker.give(0)\n"
              "time.sleep(0.1)\n"
              "start = time.monotonic()\n"
              "status = worker.end()\n"
              "print(round(time.monotonic() - start, 1), os.waitstatus_to_exitcode(status))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    took, code = done.stdout.split()
    assert done.stderr == "" and float(took) < 2 and code == "1", (done.stdout, done.stderr)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_goes_on_past_a_spec_it_refuses(tmp_path, jobs):
    """A spec refused as it loads stopped pnp validate: the specs after it were never checked (in the other order both
    were). Now each spec gets its verdict, the refused one its error line, and the exit status is 1."""
    (tmp_path / "broken.yaml").write_text("game: {title: Broken, designer: test}\ncomponents: {}\n")
    done = pnp(tmp_path, "validate", "broken.yaml", "posies", "-j", jobs)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines() == [
        "error: broken.yaml:2: components: expected a mapping of components (each a name with its kind, e.g. cards: "
        "{kind: layout, ...}), found an empty one"]
    assert done.stdout.decode().splitlines()[-1].endswith("posies.yaml: all checks pass (5 components)")


def test_a_game_whose_rulebook_fails_writes_nothing_and_the_others_files_are_listed_before_its_error(tmp_path):
    """Of several games, one whose rulebook was refused after its components PDF was written listed nothing of it; its
    rulebook is now laid out on the build's paper before that PDF, so it writes nothing, and the other game's files are
    listed before its error, with one worker or two."""
    for jobs in ("2", "1"):
        folder = tmp_path / jobs
        folder.mkdir()
        for name in ("r1", "r2"):
            assert pnp(folder, "new", name).returncode == 0
        rules = folder / "r1" / "rules" / "r1.yaml"
        wide = "[" + ", ".join(f"c{k}" for k in range(14)) + "]"
        rules.write_text(rules.read_text().replace("      - steps:", f"      - table: [{wide}, {wide}]\n      - steps:", 1))
        done = pnp(folder, "build", "r2/r2.yaml", "r1/r1.yaml", "--paper", "100x150mm", "-j", jobs)
        lines = done.stdout.decode().splitlines()
        assert done.returncode == 1, lines
        assert [line.split(":")[0] for line in lines] == ["output/r2/r2-components-100x150mm.pdf",
                                                          "output/r2/r2-rules-100x150mm.pdf"]
        assert not (folder / "output" / "r1").exists()
        assert re.match(r"error: r1/rules/r1\.yaml:\d+: sections\[0\]\.blocks\[0\]\.table: a table of 14 ",
                        done.stderr.decode()), done.stderr
