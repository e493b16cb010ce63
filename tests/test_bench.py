"""The benchmark harness measures what it says: each job's own peak memory, bytecode outside the checkout, and a floor
that draws what pnp draws."""
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from PIL import ImageChops

ROOT = Path(__file__).resolve().parent.parent
OWN_PEAK = "print(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])"  # KiB, as the kernel counts it


def load(name):
    """A module of benchmarks/ by file, under a name of its own."""
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench, floor = load("bench"), load("floor")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the kernel's own count from /proc")
def test_peak_memory_is_the_jobs_own_not_the_harness():
    ballast = b"x" * (150 << 20)  # a large harness: a child that counted its parent's memory would show this
    own = int(subprocess.run([sys.executable, "-c", OWN_PEAK], capture_output=True, text=True).stdout) / 1024
    _, start = bench.measure([sys.executable, "-c", OWN_PEAK], 3)
    _, idle = bench.measure([sys.executable, "-c", "pass"], 3)
    _, big = bench.measure([sys.executable, "-c", "block = b'x' * (200 << 20)"], 1)
    assert len(ballast) and idle < 30 and abs(start - own) < 2, (idle, start, own)
    assert 195 < big - idle < 210, (big, idle)


def test_bytecode_is_compiled_outside_the_checkout(tmp_path):
    before = sorted((ROOT / "generator").rglob("*.pyc"))
    bench.measure([sys.executable, "-c", "import generator.cli"], 1, bench.child_env(tmp_path))
    assert sorted((ROOT / "generator").rglob("*.pyc")) == before
    assert [p for p in (tmp_path / "pycache").rglob("cli.*.pyc") if p.parent.name == "generator"]


def test_a_file_to_clear_is_removed_before_each_run(tmp_path):
    made = tmp_path / "made.pdf"  # a job failing when the last run's file is still there
    job = f"import os, sys; there = os.path.exists({str(made)!r}); open({str(made)!r}, 'w'); sys.exit(there)"
    bench.interleaved([([sys.executable, "-c", job], made)], 2)  # raises SystemExit if a run found it
    assert made.exists()


def test_a_command_that_cannot_start_says_why():
    with pytest.raises(SystemExit, match="no-such-job: No such file or directory"):
        bench.run(["no-such-job"])


@pytest.mark.parametrize("script", ["compare", "squib"])
def test_the_harness_leaves_no_bytecode_in_the_checkout(tmp_path, script):
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    for path in (ROOT / "benchmarks").glob("*.py"):  # a copy of the harness, to see what a run writes beside it
        (tmp_path / path.name).write_bytes(path.read_bytes())
    subprocess.run([sys.executable, str(tmp_path / f"{script}.py"), "--help"], env=env, check=True, capture_output=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (ROOT / "benchmarks").glob("*.py"))


PNP = Path(sys.executable).parent / "pnp"


@pytest.mark.skipif(not PNP.exists(), reason="compare.py measures the installed pnp script")
def test_compare_times_both_versions_on_the_same_jobs(capsys):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    compare = load("compare")
    compare.main(["--runs", "1", "--jobs", "tiles,cards", "--old", str(PNP)])  # this version against itself
    rows = [line.strip("| ").split(" | ") for line in capsys.readouterr().out.splitlines()
            if line.startswith(("| tiles ", "| cards "))]
    assert [row[0] for row in rows] == ["tiles", "cards"]
    assert [row[6] for row in rows] == ["2 / 2", "11 / 11"]  # pages each version wrote, read from its PDFs
    for row in rows:
        old, new, ratio = float(row[1]), float(row[2]), row[3]
        low, high = (new - 0.0005) / (old + 0.0005), (new + 0.0005) / (old - 0.0005)   # the times as printed, to 1 ms
        assert low - 0.005 <= float(ratio.rstrip("x")) <= high + 0.005 and 0 < float(row[4]) and 0 < float(row[5])
    with pytest.raises(SystemExit):
        compare.main(["--jobs", "tiles,poker"])
    assert "--jobs: unknown poker" in capsys.readouterr().err


def test_each_scale_job_takes_turns_with_its_floor(tmp_path):
    pnp = [sys.executable, "-m", "generator.cli"]
    floors, scale = bench.floor_rows(pnp, tmp_path, bench.child_env(tmp_path), 1)
    assert [(row[0][:9], row[4]) for row in floors] == [("floor (a:", 86), ("floor (b:", 86)]  # 117 tiles a sheet
    assert [(row[0][:9], row[4]) for row in scale] == [("scale (a)", 87), ("scale (b)", 87)]  # and the manifest
    assert [row[5] for row in scale] == [row[1] for row in floors]  # each ratio is to its own floor's median


@pytest.mark.parametrize("count, distinct", [(1000, True), (1600, False)])
def test_floor_draws_what_pnp_draws(tmp_path, count, distinct):
    spec = bench.scale_spec(tmp_path, count, distinct)
    subprocess.run([sys.executable, "-m", "generator.cli", "build", str(spec), "--paper", "a4", "--out",
                    str(tmp_path)], check=True, capture_output=True, cwd=ROOT)
    ours = tmp_path / "floor.pdf"
    floor.main(count, distinct, str(ours))
    made = pypdfium2.PdfDocument(tmp_path / spec.stem / f"{spec.stem}-components-a4.pdf")
    drawn = pypdfium2.PdfDocument(ours)
    assert len(made) == len(drawn) + 1 == -(-count // 117) + 1  # pnp's manifest page, then 9 x 13 tiles a sheet
    dpi, above_footer = 60, round(279 / 25.4 * 60)  # the floor leaves out the ruler and label below 279 mm
    for k in range(len(drawn)):
        a, b = (page.render(scale=dpi / 72).to_pil().convert("RGB") for page in (made[k + 1], drawn[k]))
        box = (0, 0, a.width, above_footer)
        assert a.size == b.size
        assert ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is None, k  # not a pixel differs
    with pikepdf.open(ours) as pdf:
        forms = {o.objgen for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"}
    assert len(forms) == (0 if distinct else 16)  # a face placed more than once is stored once


@pytest.mark.skipif(not load("bench").HERE.joinpath("squib.py").exists(), reason="no squib.py")
def test_the_textcards_job_builds_the_peers_csv_with_every_card_once(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    squib = load("squib")
    if not (squib.PEERS / "make_data.py").exists():
        pytest.skip("the Squib peers folder (make_data.py) is not on this machine")
    from generator.spec import loader as specs
    from generator.build import components_pdf
    from generator.check.validate import validate
    squib.prepare(tmp_path, [24])
    spec = specs.load(str(tmp_path / "textcards-24.yaml"))
    assert validate(spec) == []
    data, pages = components_pdf(spec, "a4")
    text = " ".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(data))
    assert sorted(int(n) for n in re.findall(r"Merchant (\d+)", text)) == list(range(1, 25))   # each title once
    assert pages == 1 + 3   # the manifest, then 24 cards at 8 to an A4 sheet
