"""Benchmark pnp against the interpreter start and the cairo floor, measured side by side in one run.

Usage: python benchmarks/bench.py [--runs 5] [--big]   (--big adds the 50,000-tile growth point)
Each job runs as a whole process (a scale job taking turns with its cairo floor); the table gives the median wall
time, peak memory, PDF size and pages.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pikepdf
import yaml

HERE = Path(__file__).resolve().parent
PY = sys.executable
SHAPES = ["circle", "square", "flat-triangle", "rhombus"]
PALETTE = {"red": "#d7261e", "green": "#2f9e44", "blue": "#1f6fd0", "yellow": "#f5c211"}


def scale_spec(folder, count, distinct, named=False):
    """Write a synthetic deck of count 20 mm tiles: all faces distinct, or 16 faces repeated.

    named: the distinct colours are palette entries c0, c1, ... (so that one can be changed with --set).
    """
    tile = {"kind": "square-tile", "title": "Tiles", "expect": count, "size": "20 mm", "border": "0.3 mm"}
    palette = dict(PALETTE)
    if distinct:  # count / 4 colours of their own x 4 shapes: every face differs
        colours = [f"#{(i * 2654435761) % 0xFFFFFF:06x}" for i in range(count // 4)]
        if named:
            palette.update((f"c{i}", colour) for i, colour in enumerate(colours))
            colours = [f"c{i}" for i in range(len(colours))]
        tile["faces"] = {"product": {"colour": colours, "shape": SHAPES}}
    else:
        tile["faces"] = {"product": {"colour": list(PALETTE), "shape": SHAPES}, "copies": count // 16}
    path = Path(folder) / f"scale-{'a' if distinct else 'b'}{'-named' if named else ''}-{count}.yaml"
    path.write_text(yaml.safe_dump({"game": {"title": "Scale", "designer": "bench"}, "palette": palette,
                                    "components": {"tiles": tile}}))
    return path


def measure(command, runs, clear=None):
    """Median wall seconds and peak RSS (MiB) of a command run several times as a whole process.

    clear: a folder emptied (untimed) before each run, so that every run is a cold build.
    """
    return interleaved([(command, clear)], runs)[0]


def interleaved(jobs, runs):
    """measure() for several (command, clear) jobs whose runs take turns, so that they share the machine's weather."""
    walls, peaks = [[] for _ in jobs], [[] for _ in jobs]
    for _ in range(runs):
        for (command, clear), wall, peak in zip(jobs, walls, peaks):
            if clear:
                shutil.rmtree(clear, ignore_errors=True)
            start = time.perf_counter()
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, status, usage = os.wait4(process.pid, 0)
            wall.append(time.perf_counter() - start)
            peak.append(usage.ru_maxrss / 1024)
            if status:
                raise SystemExit(f"failed: {' '.join(map(str, command))}: {process.stderr.read().decode()}")
    return [(statistics.median(w), max(p)) for w, p in zip(walls, peaks)]


def pdf_facts(paths):
    """Total bytes and pages of the PDFs written."""
    size = sum(p.stat().st_size for p in paths)
    pages = 0
    for path in paths:
        with pikepdf.open(path) as pdf:
            pages += len(pdf.pages)
    return size, pages


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--big", action="store_true", help="add the 50,000-tile growth point")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    # as installed: bytecode compiled (even under PYTHONDONTWRITEBYTECODE), the `pnp` script when there is one
    subprocess.run([PY, "-m", "compileall", "-q", str(HERE.parent / "generator")], check=True, stdout=subprocess.DEVNULL)
    script = Path(PY).parent / "pnp"
    pnp = [str(script)] if script.exists() else [PY, "-m", "generator.cli"]
    rows = []

    def job(name, command, outputs=(), runs=args.runs, clear=True):
        wall, peak = measure(command, runs, command[command.index("--out") + 1] if clear and "--out" in command else None)
        size, pages = pdf_facts([Path(p) for p in outputs]) if outputs else (0, 0)
        rows.append((name, wall, peak, size, pages, None))
        print(f"  {name}: {wall:.3f} s", file=sys.stderr)
        return wall

    job("python -c pass", [PY, "-c", "pass"])
    scale = []
    for variant, distinct in (("a", True), ("b", False)):  # each scale job takes turns with its floor
        floor = work / f"floor-{variant}.pdf"
        spec = scale_spec(work, 10000, distinct)
        pdf = work / "out" / spec.stem / f"{spec.stem}-components-a4.pdf"
        (fw, fp), (w, p) = interleaved([([PY, str(HERE / "floor.py"), "10000", "distinct" if distinct else "same",
                                          str(floor)], None),
                                        (pnp + ["build", str(spec), "--paper", "a4", "--out", str(work / "out")],
                                         work / "out")], args.runs)
        rows.append((f"cairo floor ({variant}: 10,000 tiles)", fw, fp, *pdf_facts([floor]), None))
        scale.append((f"scale ({variant}): 10,000 tiles, {'all distinct' if distinct else '16 faces x 625'}", w, p,
                      *pdf_facts([pdf]), fw))
        print(f"  scale ({variant}): {w:.3f} s, floor {fw:.3f} s", file=sys.stderr)
    for name in ("tiles", "cards"):
        spec = HERE / "specs" / f"{name}.yaml"
        job(f"{name}", pnp + ["build", str(spec), "--paper", "a4", "--out", str(work / name)],
            [work / name / name / f"{name}-components-a4.pdf"])
    rows.extend(scale)
    for count in (1000, 50000) if args.big else (1000,):
        spec = scale_spec(work, count, True)
        job(f"growth: {count:,} distinct tiles", pnp + ["build", str(spec), "--paper", "a4", "--out", str(work / "out")],
            [work / "out" / spec.stem / f"{spec.stem}-components-a4.pdf"], runs=1 if count > 10000 else args.runs)
    all_out = work / "all"
    cold = job("all: pnp build (6 games, both papers, rules)", pnp + ["build", "--out", str(all_out)],
               runs=max(1, args.runs // 2))
    rows[-1] = rows[-1][:3] + pdf_facts(sorted(all_out.rglob("*.pdf"))) + (None,)
    job("all: no-change rebuild (cache)", pnp + ["build", "--out", str(all_out)], clear=False)
    rows[-1] = rows[-1][:5] + (cold,)
    named = scale_spec(work, 10000, True, named=True)
    one = pnp + ["build", str(named), "--paper", "a4", "--out", str(work / "named")]
    cold = job("scale (a) with named colours: cold build", one + ["--set", "palette.c0=#000000"])
    walls = []  # each run changes palette.c0 from the last run's value: the other 9,996 faces come from the face cache
    for run in range(args.runs + 1):
        wall, peak = measure(one + ["--set", f"palette.c0={('#ffffff', '#000000')[run % 2]}"], 1)
        walls.append(wall)
    rows.append(("... rebuild after palette.c0 changed (4 faces redrawn)", statistics.median(walls[1:]), peak, 0, 0, cold))
    print("\n| job | wall s | peak MiB | PDF bytes | pages | x floor (x cold build for the rebuild) |")
    print("|---|---|---|---|---|---|")
    for name, wall, peak, size, pages, floor in rows:
        ratio = f"{wall / floor:.2f}" if floor else ""
        print(f"| {name} | {wall:.3f} | {peak:.0f} | {size or ''} | {pages or ''} | {ratio} |")
    print(f"\n(median of {args.runs} runs; python {sys.version.split()[0]}; {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
