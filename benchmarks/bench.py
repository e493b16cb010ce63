"""Benchmark pnp against the interpreter start and the floor, measured side by side in one run.

Usage: python benchmarks/bench.py [--runs 5] [--big] [--exports-only] [--floor-only]   (--big adds the 50,000-tile
growth point; --exports-only runs only the cost of each output format, against the PDF build of the same deck;
--floor-only only the scale jobs, each taking turns with the floor)
Each job runs as a whole process started by launch.py (a scale job taking turns with its floor); the table gives
the median wall time, the job's own peak memory, PDF size and pages. Bytecode goes to a temporary folder.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pikepdf
import yaml

HERE = Path(__file__).resolve().parent
LAUNCH = HERE / "launch.py"
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


EXPORTS = ("pdf", "svg", "png", "contact", "showcase", "hand", "tts")   # the formats whose cost export_costs measures, the PDF first
FRONT = {"ground": "paper", "elements": {
    "band": {"type": "rect", "area": "bleed", "x": 0, "y": 0, "width": "100%", "height": 18, "fill": "{suit}"},
    "disc": {"type": "circle", "x": 10, "y": 9, "r": 6, "fill": "paper", "stroke": "ink", "stroke_width": 0.5},
    "cost": {"type": "text", "x": 4, "y": 3, "width": 12, "height": 12, "text": "{cost}", "size": 6.5, "bold": True,
             "align": "centre", "valign": "middle", "colour": "ink"},
    "title": {"type": "text", "x": 18, "y": 3.5, "width": 40, "height": 11, "text": "{title}", "size": 4.6, "bold": True,
              "colour": "paper", "valign": "middle"},
    "panel": {"type": "rect", "x": 5, "y": 20, "width": 53, "height": 28, "radius": 1.5, "fill": "paper", "stroke": "{suit}",
              "stroke_width": 0.5},
    "rules": {"type": "text", "x": 5, "y": 51, "width": 53, "height": 30, "text": "{rules}", "size": 3.4, "min_size": 2.6,
              "colour": "ink"}}}


def layout_deck(folder, cards: int) -> Path:
    """Write a deck of cards distinct 63 x 88 mm cards of kind layout from a CSV (a title, a cost, a suit band and a
    paragraph each, a common back), as a designer's own game is made; return its spec."""
    folder = Path(folder) / f"layout-{cards}"
    folder.mkdir(parents=True, exist_ok=True)
    suits = ("ember", "tide", "grove")
    rows = ["title,cost,suit,rules"] + [f'Card {n},{n % 7},{suits[n % 3]},"Draw {n % 4 + 2} cards, then discard one. '
                                        f'Score {n % 9} points at the end of round {n % 5 + 1}."' for n in range(cards)]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    (folder / "front.yaml").write_text(yaml.safe_dump(FRONT, sort_keys=False))  # in order: the disc under the cost
    card = {"kind": "layout", "expect": cards, "width": "63 mm", "height": "88 mm", "layout": "front.yaml",
            "data": "cards.csv", "back": {"fill": "ink", "ink": "paper", "label": "EXPORTS"}}
    spec = folder / f"layout-{cards}.yaml"
    spec.write_text(yaml.safe_dump({"game": {"title": "Export deck", "designer": "pnp benchmarks"},
                                    "palette": {"ember": "#c8462b", "tide": "#2e6aa8", "grove": "#3f8a4a",
                                                "paper": "#fbf7ee", "ink": "#26221c"},
                                    "components": {"cards": card}}))
    return spec


def export_costs(pnp: list, work: Path, env: dict, runs: int, cards: int = 1000) -> list:
    """Rows for the cost of each output format: one cold pnp build --format NAME each of a layout deck of cards cards,
    all taking turns, each with its ratio to the PDF build's median of the same run."""
    spec = layout_deck(work, cards)
    commands = [(pnp + ["build", str(spec), *(["--paper", "a4"] if name in ("pdf", "svg") else []), "--format", name,
                        "--out", str(work / f"export-{name}")], work / f"export-{name}") for name in EXPORTS]
    results = interleaved(commands, runs, env)
    pdf = results[0][0]
    rows = []
    for name, (wall, peak) in zip(EXPORTS, results):
        files = sorted((work / f"export-{name}").rglob("*.*"))
        made = [p for p in files if ".pnp-cache" not in p.parts]
        what = f"{len(made)} file{'s' * (len(made) != 1)}, {sum(p.stat().st_size for p in made):,} B"
        rows.append((f"export {name}: {cards:,} layout cards ({what})",
                     wall, peak, 0, 0, None if name == "pdf" else pdf, "pdf build"))
        print(f"  export {name}: {wall:.3f} s", file=sys.stderr)
    return rows


def floor_rows(pnp: list, work: Path, env: dict, runs: int) -> tuple[list, list]:
    """Rows of the floor and of pnp on the scale jobs (a) and (b), each job taking turns with its floor; pnp's memos
    are kept between runs, its output emptied."""
    floors, scale = [], []
    for variant, distinct in (("a", True), ("b", False)):
        floor = work / f"floor-{variant}.pdf"
        spec = scale_spec(work, 10000, distinct)
        pdf = work / "out" / spec.stem / f"{spec.stem}-components-a4.pdf"
        (fw, fp), (w, p) = interleaved([([PY, str(HERE / "floor.py"), "10000", "distinct" if distinct else "same",
                                          str(floor)], None),
                                        (pnp + ["build", str(spec), "--paper", "a4", "--out", str(work / "out")],
                                         work / "out")], runs, env)
        floors.append((f"floor ({variant}: 10,000 tiles)", fw, fp, *pdf_facts([floor]), None, ""))
        scale.append((f"scale ({variant}): 10,000 tiles, {'all distinct' if distinct else '16 faces x 625'}", w, p,
                      *pdf_facts([pdf]), fw, "floor"))
        print(f"  scale ({variant}): {w:.3f} s, floor {fw:.3f} s", file=sys.stderr)
    return floors, scale


def child_env(work: Path) -> dict:
    """The jobs' environment: bytecode is written to and read from work/pycache, never the checkout; pnp's memos kept
    between runs (ink, colours) go to work/cache, which a cold job empties first."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(work) / "pycache")
    env["XDG_CACHE_HOME"] = str(Path(work) / "cache")
    return env


def run(command: list, env: dict | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of one run of command: its own, read by the launcher that forked it."""
    process = subprocess.run([PY, "-I", "-S", str(LAUNCH), *map(str, command)], env=env, capture_output=True,
                             text=True)
    wall, peak, status = process.stdout.split() or ("0", "0", "1")
    if int(status):
        raise SystemExit(f"failed: {' '.join(map(str, command))}: {process.stderr}")
    return float(wall), int(peak) / 2 ** 20


def measure(command: list, runs: int, env: dict | None = None,
            clear: Path | None = None) -> tuple[float, float]:
    """Median wall seconds and peak RSS (MiB) of a command run several times as a whole process.

    clear: a folder emptied (untimed) before each run, so that every run is a cold build.
    """
    return interleaved([(command, clear)], runs, env)[0]


def pnp_versions(work: Path, before: Path | None = None, memos: str = "cache") -> list:
    """(label, command, memo folder) of this checkout's pnp and, given an older checkout, of that one: each version's
    memos in a folder of its own, work/MEMOS and work/MEMOS-before (the older checkout's command sets its own; this
    checkout's reads XDG_CACHE_HOME, which child_env sets to work/cache)."""
    script = Path(PY).parent / "pnp"
    versions = [("", [str(script)] if script.exists() else [PY, "-m", "generator.cli"], work / memos)]
    if before:
        cache = work / f"{memos}-before"
        code = (f"import os, sys; os.environ['XDG_CACHE_HOME'] = {str(cache)!r}; "
                f"sys.path.insert(0, {str(before.resolve())!r}); from generator.cli import main; main()")
        versions.append((" (before)", [PY, "-c", code], cache))
    return versions


def interleaved(jobs: list, runs: int, env: dict | None = None) -> list[tuple[float, float]]:
    """measure() for several (command, clear[, env]) jobs taking turns; a first, untimed turn compiles their bytecode.

    clear: a folder or file, or a list of them, removed (untimed) before each run of its job; env: the job's own
    environment (else the one given for all).
    """
    walls, peaks = [[] for _ in jobs], [[] for _ in jobs]
    for turn in range(runs + 1):
        for (command, clear, *own), wall, peak in zip(jobs, walls, peaks):
            for path in map(Path, clear if isinstance(clear, list) else [clear] if clear else []):
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink(missing_ok=True)
            seconds, mib = run(command, own[0] if own else env)
            if turn:
                wall.append(seconds)
                peak.append(mib)
    return [(statistics.median(w), max(p)) for w, p in zip(walls, peaks)]


def edit_loop(command: list, key: str, values: tuple, runs: int,
              env: dict | None = None) -> tuple[float, float]:
    """Median wall and peak of rebuilds of command, each after --set key changed from the last run's value."""
    results = [run(command + ["--set", f"{key}={values[turn % 2]}"], env) for turn in range(runs + 1)]
    return statistics.median(w for w, _ in results[1:]), max(p for _, p in results[1:])


def edits(command: list, clear: list, start: dict, steps: list, runs: int, env: dict) -> list[tuple[float, float]]:
    """A cold build with --set start (clear emptied first), then each step's --set changes rebuilt on top of the last,
    all taking turns run after run: (median wall, peak) of the cold build and of each rebuild."""
    settings, jobs = dict(start), []
    for step in [{}] + steps:
        settings.update(step)
        jobs.append((command + [arg for key, value in settings.items() for arg in ("--set", f"{key}={value}")], None))
    jobs[0] = (jobs[0][0], clear)
    return interleaved(jobs, runs, env)


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
    parser.add_argument("--exports-only", action="store_true", help="only the cost of each output format")
    parser.add_argument("--floor-only", action="store_true", help="only the scale jobs against the floor")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    env = child_env(work)
    cache = work / "cache"
    script = Path(PY).parent / "pnp"  # as installed: the `pnp` script when there is one
    pnp = [str(script)] if script.exists() else [PY, "-m", "generator.cli"]
    if args.exports_only or args.floor_only:
        table(export_costs(pnp, work, env, args.runs) if args.exports_only
              else [row for pair in zip(*floor_rows(pnp, work, env, args.runs)) for row in pair], args.runs)
        shutil.rmtree(work)
        return
    rows = []

    def job(name, command, outputs=(), runs=args.runs, clear=True, base=None, to=""):
        """Time command and add its row; base: the wall time its ratio is taken to, named by to."""
        wall, peak = measure(command, runs, env, [command[command.index("--out") + 1], cache]
                             if clear and "--out" in command else None)
        size, pages = pdf_facts([Path(p) for p in outputs]) if outputs else (0, 0)
        rows.append((name, wall, peak, size, pages, base, to))
        print(f"  {name}: {wall:.3f} s", file=sys.stderr)
        return wall

    (start, start_peak), (cold, cold_peak), (warm, warm_peak) = interleaved(
        [([PY, "-c", "pass"], None), (pnp + ["validate"], cache), (pnp + ["validate"], None)], args.runs, env)
    rows.append(("python -c pass", start, start_peak, 0, 0, None, ""))
    rows.append(("validate: pnp validate (6 games), memos emptied", cold, cold_peak, 0, 0, start, "python -c pass"))
    rows.append(("validate: pnp validate (6 games), memos kept", warm, warm_peak, 0, 0, start, "python -c pass"))
    print(f"  validate: {cold / start:.1f}x cold, {warm / start:.1f}x with memos kept", file=sys.stderr)
    floors, scale = floor_rows(pnp, work, env, args.runs)
    rows += floors
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
    rows[-1] = rows[-1][:3] + pdf_facts(sorted(all_out.rglob("*.pdf"))) + rows[-1][5:]
    job("all: no-change rebuild (cache)", pnp + ["build", "--out", str(all_out)], clear=False, base=cold,
        to="cold build")
    game = pnp + ["build", "grannys-pills", "--out", str(work / "game")]
    (cold, peak), (red, red_peak), (board, board_peak) = edits(
        game, [work / "game", cache], {"palette.red": "#cf2a22", "palette.board": "#ece4f6"},
        [{"palette.red": "#d0281f"}, {"palette.board": "#e6def2"}], args.runs, env)
    rows.append(("edit loop: grannys-pills cold build (both papers, rules; memos emptied)", cold, peak, 0, 0, None, ""))
    rows.append(("... rebuild after palette.red changed (pills: faces, diagrams, colour checks)", red, red_peak, 0, 0,
                 cold, "cold build"))
    rows.append(("... then palette.board changed (boards' ground: not in the rulebook)", board, board_peak, 0, 0, cold,
                 "cold build"))
    print(f"  edit loop: red {red / cold:.2f}x, board {board / cold:.2f}x the cold build", file=sys.stderr)
    named = scale_spec(work, 10000, True, named=True)
    one = pnp + ["build", str(named), "--paper", "a4", "--out", str(work / "named")]
    cold = job("scale (a) with named colours: cold build", one + ["--set", "palette.c0=#000000"])
    wall, peak = edit_loop(one, "palette.c0", ("#ffffff", "#000000"), args.runs, env)  # the other 9,996 faces cached
    rows.append(("... rebuild after palette.c0 changed (4 faces redrawn)", wall, peak, 0, 0, cold, "cold build"))
    rows += export_costs(pnp, work, env, args.runs)
    table(rows, args.runs)
    shutil.rmtree(work)


def installed() -> str:
    """How the pnp measured is installed, for a table's footer: an editable install's finder imports pathlib and more
    at every start of this interpreter, `python -c pass` included (about twice a wheel install's), so ratios to it
    read lower than a wheel user's."""
    found = subprocess.run([PY, "-I", "-c", "import generator; print(generator.__file__)"], capture_output=True, text=True)
    place = Path(found.stdout.strip() or ".").resolve()
    if sysconfig.get_paths()["purelib"] in str(place):
        return "pnp installed from a wheel"
    return (f"pnp an editable install ({place.parent}): its finder runs at every start of this python, `python -c pass`"
            " included; install a wheel for the ratios a wheel's user sees")


def table(rows: list, runs: int) -> None:
    """Print the rows as a Markdown table: (job, wall, peak, PDF bytes, pages, base wall or None, what the base is)."""
    print("\n| job | wall s | peak MiB | PDF bytes | pages | ratio |")
    print("|---|---|---|---|---|---|")
    for name, wall, peak, size, pages, base, to in rows:
        ratio = f"{wall / base:.2f}x {to}" if base else ""
        print(f"| {name} | {wall:.3f} | {peak:.1f} | {size or ''} | {pages or ''} | {ratio} |")
    print(f"\n(median of {runs} runs after an untimed one; peak: the largest of the job's own; "
          f"python {sys.version.split()[0]}; {os.cpu_count()} cores; {installed()})")


if __name__ == "__main__":
    main()
