"""Same input, same bytes: every shipped game built twice in separate processes with different hash seeds, clocks and zones."""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

from generator import spec as specs


def build_in_process(out, seed, cwd, **extra):
    """Start `pnp build` of every shipped game (A4) in a fresh interpreter with its own PYTHONHASHSEED (and extra env)."""
    env = {**os.environ, "PYTHONHASHSEED": str(seed), **extra}
    code = "from generator.cli import main; main()"
    return subprocess.Popen([sys.executable, "-c", code, "build", "--paper", "a4", "--out", str(out)],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def digests(out):
    """SHA-256 of every PDF under out, by path relative to out."""
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(Path(out).rglob("*.pdf"))}


def test_two_builds_in_separate_processes_give_identical_bytes(tmp_path):
    root = Path(__file__).resolve().parent.parent
    (tmp_path / "elsewhere").mkdir()
    runs = [build_in_process(tmp_path / "one", 0, root),
            build_in_process(tmp_path / "two", 4242, tmp_path / "elsewhere", SOURCE_DATE_EPOCH="1000000", TZ="Asia/Kolkata")]
    for proc in runs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
    first, second = digests(tmp_path / "one"), digests(tmp_path / "two")
    games = {p.stem for p in specs.shipped()}
    assert {name.split("/")[0] for name in first} == games
    assert all(f"{g}/{g}-components-a4.pdf" in first for g in games)
    assert first == second
    print(f"{len(first)} PDFs identical across processes:", ", ".join(sorted(first)))
