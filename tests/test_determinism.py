"""Same input, same bytes: every shipped game built twice in separate processes with different hash seeds, clocks and zones."""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

from generator.spec import loader as specs


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


BACKS = """
import io, sys
import cairocffi
from generator.spec import loader as specs; from generator.draw import textfit
from generator.spec.expand import expand
from generator.draw.render import draw_art
if sys.argv[1] == "measured-first":   # text measured by cairo in the process before any back is drawn
    ctx = cairocffi.Context(cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(textfit.FAMILY, cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_BOLD)
    ctx.set_font_size(5.04)
    ctx.text_extents("Pixeliction")
for game in ("pixeliction", "hexstatic", "posies"):
    spec = specs.load(game)
    print("".join(draw_art(spec, art).tostring() for art in expand(spec)[1].values() if art.side == "back"))
"""


def test_a_back_is_drawn_alike_whatever_the_process_drew_before(tmp_path):
    """A back centres its logo on the logo's ink, measured with cairo: the measure must not depend on what cairo drew
    earlier in the process (it kept the hinting a face was first used with)."""
    outputs = []
    for history in ("fresh", "measured-first"):
        env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / history)}   # no kept ink measures
        outputs.append(subprocess.run([sys.executable, "-c", BACKS, history], env=env, capture_output=True, text=True,
                                      check=True).stdout)
    assert outputs[0] and outputs[0] == outputs[1]
