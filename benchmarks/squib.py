"""Time pnp and Squib side by side on the textcards job: the same CSV, the same card, taking turns (A B A B ...).

Usage: python benchmarks/squib.py [--runs 3] [N ...]   (default N: 100 1000)
Writes textcards-N.csv with ../shared/peers-squib/make_data.py (or $SQUIB_PEERS/make_data.py) into a temporary
folder, copies benchmarks/textcards/ beside it for pnp, and runs Squib with peers-squib/run.sh (Squib's source in
$SQUIB_SRC, default /tmp/squib-src). Each run is a whole process started by launch.py (wall time, its own peak
memory); every run is cold (pnp's output folder and its face cache, Squib's PDF, removed first).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # importing bench.py leaves no __pycache__ in the checkout
from bench import PY, child_env, interleaved, pdf_facts  # noqa: E402

HERE = Path(__file__).resolve().parent
PEERS = Path(os.environ.get("SQUIB_PEERS") or next(
    (p for p in (HERE.parent.parent / "shared" / "peers-squib", Path("/work/shared/peers-squib")) if p.is_dir()),
    HERE.parent.parent / "shared" / "peers-squib"))


def prepare(work: Path, counts: list) -> None:
    """The CSVs and, for each N, a pnp spec reading textcards-N.csv."""
    subprocess.run([PY, str(PEERS / "make_data.py"), str(work), *map(str, counts)], check=True, capture_output=True)
    shutil.copy(HERE / "textcards" / "card.yaml", work / "card.yaml")
    spec = (HERE / "textcards" / "textcards.yaml").read_text()
    for n in counts:
        (work / f"textcards-{n}.yaml").write_text(spec.replace("expect: 100", f"expect: {n}")
                                                  .replace("textcards-100.csv", f"textcards-{n}.csv"))


def main() -> None:
    """Time both tools for each N and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("counts", type=int, nargs="*", default=[100, 1000])
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-squib-"))
    env = child_env(work)
    prepare(work, args.counts)
    script = Path(PY).parent / "pnp"
    pnp = [str(script)] if script.exists() else [PY, "-m", "generator.cli"]
    print("| N | tool | wall s | peak MiB | PDF bytes | pages |\n|---|---|---|---|---|---|")
    for n in args.counts:
        out, squib_pdf = work / f"out-{n}", work / f"textcards-{n}.pdf"
        ours = pnp + ["build", str(work / f"textcards-{n}.yaml"), "--paper", "a4", "--out", str(out)]
        theirs = ["/bin/sh", str(PEERS / "run.sh"), "textcards", str(work), str(n)]
        (pw, pp), (sw, sp) = interleaved([(ours, out), (theirs, squib_pdf)], args.runs, env)
        for tool, wall, peak, pdf in (("pnp", pw, pp, out / f"textcards-{n}" / f"textcards-{n}-components-a4.pdf"),
                                      ("Squib", sw, sp, squib_pdf)):
            size, pages = pdf_facts([pdf])
            print(f"| {n:,} | {tool} | {wall:.2f} | {peak:.1f} | {size:,} | {pages} |", flush=True)
        print(f"| {n:,} | pnp / Squib | {pw / sw:.2f}x | {pp / sp:.2f}x | | |", flush=True)
    print(f"\n(median of {args.runs} runs after an untimed one, the tools taking turns; python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores)")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
