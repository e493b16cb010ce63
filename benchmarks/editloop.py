"""The edit loop: a shipped game built cold, then rebuilt after one palette colour changes, taking turns in one run.

Usage: python benchmarks/editloop.py [--runs 5] [--game grannys-pills] [--key palette.red] [--value #d0281f]
                                     [--before CHECKOUT] [--in-file | --watch | --deck [--cards 100] | --starter]
Each turn builds the game cold (both papers, rules; its output and pnp's memos emptied first), then rebuilds it with
--set KEY=VALUE on top; with --before, the same two jobs of another checkout's code (an older commit in its own folder,
run with this interpreter and its libraries) take their turns too. Prints the medians and each rebuild's ratio to its
own cold build.
--in-file: the edit a designer makes instead: a copy of the game's spec (and its rules) built cold, then rebuilt after
the palette colour KEY names was changed to VALUE in the file.
--watch: the loop `pnp watch` makes: a copy of the game watched by one `pnp watch` process for the whole run (its
memos of its own), the colour changed in the copy's file and changed back, turn by turn; each edit timed from the
moment the file is written to the moment the watch's line says the rebuilt PDFs are all written (its wait for
the save to end included), beside the game's cold build; the line's own figure, the rebuild alone, is shown too.
--deck: instead, a layout deck from a CSV (bench.layout_deck; --cards, 100 by default) built cold on A4, rebuilt
after one card's rules text changed in the CSV, then after the paper colour every card's ground shows changed in the
spec; `pnp --help` takes its turns beside them.
--starter: instead, the game `pnp new` writes (its rulebook included) built cold, then rebuilt after one card's text
changed in its CSV, then after a layout's corner radius changed.
"""
import argparse
import queue
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from bench import child_env, interleaved, layout_deck, pnp_versions, run

CARDS = 100
EDITED = 50   # the row whose rules text the deck's edit changes
PAPER = ("#fbf7ee", "#f3ead2")   # the deck's paper colour (bench.layout_deck's), and the one its colour edit sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="grannys-pills")
    parser.add_argument("--key", default="palette.red", help="a colour the game's rulebook shows")
    parser.add_argument("--value", default="#d0281f")
    parser.add_argument("--before", type=Path, help="a checkout of older code to time beside this one")
    parser.add_argument("--in-file", action="store_true", help="change the colour in a copy of the spec, not with --set")
    parser.add_argument("--watch", action="store_true", help="time the edit from its save to the PDFs pnp watch rebuilt")
    parser.add_argument("--deck", action="store_true", help="time one CSV cell's edit in a layout deck instead")
    parser.add_argument("--cards", type=int, default=CARDS, help="the deck's cards (with --deck)")
    parser.add_argument("--starter", action="store_true", help="time a card's text and a layout edited in pnp new's game")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-editloop-"))
    env = child_env(work)
    versions = pnp_versions(work, args.before)
    if args.deck or args.in_file or args.watch or args.starter:
        if args.deck:
            deck(work, env, versions, args.runs, args.cards)
        elif args.starter:
            starter(work, env, versions, args.runs)
        elif args.watch:
            watched(work, env, versions, args)
        else:
            in_file(work, env, versions, args)
        shutil.rmtree(work)
        return
    jobs = []
    for n, (_, pnp, cache) in enumerate(versions):
        build = pnp + ["build", args.game, "--out", str(work / f"out{n}")]
        jobs += [(build, [work / f"out{n}", cache]), (build + ["--set", f"{args.key}={args.value}"], None)]
    results = interleaved(jobs, args.runs, env)
    print(f"| job (median of {args.runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        (cold, cold_peak), (edit, edit_peak) = results[2 * n:2 * n + 2]
        print(f"| {args.game} cold build{label} | {cold:.3f} | {cold_peak:.1f} | |")
        print(f"| ... rebuilt after {args.key} changed{label} | {edit:.3f} | {edit_peak:.1f} | "
              f"{edit / cold:.2f}x the cold build |")
    shutil.rmtree(work)


def edited(text: str) -> str:
    """The deck's CSV with the rules text of row EDITED changed (one cell)."""
    lines = text.splitlines(keepends=True)
    title, rest = lines[EDITED + 1].split(",", 1)   # line 0 is the header
    lines[EDITED + 1] = f'{title},{rest.split(",", 2)[0]},{rest.split(",", 2)[1]},"Swap this card with any other."\n'
    return "".join(lines)


def recoloured(text: str, key: str, value: str) -> str:
    """A spec's text with the palette colour key (palette.NAME) written as value on its own line."""
    name = key.removeprefix("palette.")
    lines = text.splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.lstrip(" ").startswith(f"{name}:") and line.startswith("  "))
    lines[at] = f'  {name}: "{value}"' + lines[at].split('"', 2)[2]
    return "".join(lines)


def copied(game: str, folder: Path) -> Path:
    """A copy of a shipped game in folder: its spec, its rules (rules/) and the positions its rulebook reads; the
    spec's path."""
    shipped = Path(__file__).resolve().parent.parent / "specs"
    (folder / "rules").mkdir(parents=True)
    shutil.copy(shipped / "rules" / f"{game}.yaml", folder / "rules")
    if (shipped / "positions").is_dir():
        shutil.copytree(shipped / "positions", folder / "positions")
    return Path(shutil.copy(shipped / f"{game}.yaml", folder))


def in_file(work: Path, env: dict, versions: list, args) -> None:
    """Each version's cold build of a copy of the game, and its rebuild after the colour was changed in the copy's
    file, taking turns (a first, untimed turn writes the bytecode); prints a table of medians."""
    spec = copied(args.game, work / "game")
    original = spec.read_text()
    times: dict = {}
    for turn in range(args.runs + 1):
        for n, (label, pnp, cache) in enumerate(versions):
            out = work / f"out{n}"
            build = pnp + ["build", str(spec), "--out", str(out)]
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            spec.write_text(original)
            cold = run(build, env)
            spec.write_text(recoloured(original, args.key, args.value))
            edit = run(build, env)
            if turn:
                for name, result in (("cold", cold), ("edit", edit)):
                    times.setdefault((n, name), []).append(result)
    print(f"| job (median of {args.runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        (cold, cold_peak), (edit, edit_peak) = (
            (statistics.median(w for w, _ in times[n, name]), max(p for _, p in times[n, name])) for name in ("cold", "edit"))
        print(f"| {args.game} cold build{label} | {cold:.3f} | {cold_peak:.1f} | |")
        print(f"| ... rebuilt after {args.key} changed in the file{label} | {edit:.3f} | {edit_peak:.1f} | "
              f"{edit / cold:.2f}x the cold build |")


class Watch:
    """`pnp watch` of a spec running in a process of its own, each line it prints taken with the time it came."""

    def __init__(self, command: list, spec: Path, out: Path, env: dict):
        self.process = subprocess.Popen([*command, "watch", spec.name, "--out", str(out)], cwd=spec.parent, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        while not self.line()[1].startswith("watching "):   # its first build
            pass

    def _read(self) -> None:
        for line in self.process.stdout or ():
            self.lines.put((time.perf_counter(), line.rstrip("\n")))

    def line(self) -> tuple[float, str]:
        """(when, text) of the next line printed; an exit or a minute's silence ends the benchmark."""
        try:
            return self.lines.get(timeout=60)
        except queue.Empty:
            raise SystemExit(f"pnp watch printed nothing for a minute (exit status {self.process.poll()})") from None

    def edit(self, spec: Path, text: str) -> tuple[float, float]:
        """Write text to the spec; (seconds from then to the watch's line saying what it rebuilt, the rebuild's own
        seconds as the line gives them)."""
        spec.write_text(text)
        written = time.perf_counter()
        when, line = self.line()
        if not line.startswith(f"{spec.name} changed: rebuilt "):
            raise SystemExit(f"pnp watch: {line}")
        return when - written, float(line.rsplit("(", 1)[1].split()[0])

    def peak(self) -> float:
        """The watch process's peak resident memory so far, MiB (Linux's VmHWM)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))) / 1024

    def stop(self) -> None:
        """Ctrl-C, as a designer stops it."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)


def watched(work: Path, env: dict, versions: list, args) -> None:
    """Each version's cold build of a copy of the game, and an edit of the colour in another copy that one `pnp watch`
    of that version watches for the whole run (the colour changed, then changed back, turn by turn), taking turns (a
    first, untimed turn writes the bytecode and warms the watch); prints a table of medians."""
    spec = copied(args.game, work / "game")
    original = spec.read_text()
    edited = recoloured(original, args.key, args.value)
    watches = []
    for n, (_, pnp, memos) in enumerate(pnp_versions(work, args.before, "watch-cache")):   # memos of their own
        copy = copied(args.game, work / f"watched{n}")
        watches.append((copy, Watch(pnp, copy, work / f"watch-out{n}", {**env, "XDG_CACHE_HOME": str(memos)})))
    times: dict = {}
    try:
        for turn in range(2 * args.runs + 2):   # each colour edit is timed, and so is its undoing
            for n, (label, pnp, cache) in enumerate(versions):
                copy, watch = watches[n]
                if turn % 2 == 0:
                    out = work / f"out{n}"
                    shutil.rmtree(out, ignore_errors=True)
                    shutil.rmtree(cache, ignore_errors=True)
                    cold = run(pnp + ["build", str(spec), "--out", str(out)], env)
                    if turn:
                        times.setdefault((n, "cold"), []).append(cold[0])
                wall, rebuild = watch.edit(copy, edited if turn % 2 == 0 else original)
                if turn > 1:
                    times.setdefault((n, "watch"), []).append(wall)
                    times.setdefault((n, "rebuild"), []).append(rebuild)
        peaks = [watch.peak() for _, watch in watches]
    finally:
        for _, watch in watches:
            watch.stop()
    runs = len(times[0, "watch"])
    print(f"| job (median of {args.runs} cold, {runs} edits, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        cold, edit, rebuild = (statistics.median(times[n, name]) for name in ("cold", "watch", "rebuild"))
        print(f"| {args.game} cold build{label} | {cold:.3f} | | |")
        print(f"| ... `pnp watch`: {args.key} changed in the file, saved to PDFs written{label} | {edit:.3f} | "
              f"{peaks[n]:.1f} | {edit / cold:.2f}x the cold build |")
        print(f"| ... of which the rebuild, as the watch's line gives it{label} | {rebuild:.3f} | | "
              f"{rebuild / cold:.2f}x the cold build |")


def deck(work: Path, env: dict, versions: list, runs: int, cards: int = CARDS) -> None:
    """Each version's cold build of the deck, its rebuild after one CSV cell changed, then after its paper colour
    changed, and `pnp --help`, taking turns (a first, untimed turn writes the bytecode); prints a table of medians."""
    spec = layout_deck(work, cards)
    csv = spec.parent / "cards.csv"
    original, source = csv.read_text(), spec.read_text()
    assert PAPER[0] in source, "the deck's paper colour"
    times: dict = {}
    for turn in range(runs + 1):
        for n, (label, pnp, cache) in enumerate(versions):
            out = work / f"out{n}"
            build = pnp + ["build", str(spec), "--paper", "a4", "--out", str(out)]
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            csv.write_text(original)
            spec.write_text(source)
            cold = run(build, env)
            csv.write_text(edited(original))
            edit = run(build, env)
            spec.write_text(source.replace(*PAPER))
            recoloured = run(build, env)
            helped = run(pnp + ["--help"], env)
            if turn:
                for name, result in (("cold", cold), ("edit", edit), ("colour", recoloured), ("help", helped)):
                    times.setdefault((n, name), []).append(result)
    print(f"| job (median of {runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        (cold, cold_peak), (edit, edit_peak), (colour, colour_peak), (helped, help_peak) = (
            (statistics.median(w for w, _ in times[n, name]), max(p for _, p in times[n, name]))
            for name in ("cold", "edit", "colour", "help"))
        print(f"| {cards}-card CSV deck, A4, cold build{label} | {cold:.3f} | {cold_peak:.1f} | |")
        print(f"| ... rebuilt after one card's text changed{label} | {edit:.3f} | {edit_peak:.1f} | "
              f"{edit / cold:.2f}x the cold build, {edit / helped:.2f}x `pnp --help` |")
        print(f"| ... then after the paper colour every card shows changed{label} | {colour:.3f} | {colour_peak:.1f} | "
              f"{colour / cold:.2f}x the cold build |")
        print(f"| `pnp --help`{label} | {helped:.3f} | {help_peak:.1f} | |")


def starter(work: Path, env: dict, versions: list, runs: int) -> None:
    """Each version's cold build of the game pnp new writes, its rebuild after a card's text changed in the CSV, then
    after a layout's corner radius changed, taking turns (a first, untimed turn writes the bytecode); prints medians."""
    game = work / "mine"
    subprocess.run(versions[0][1] + ["new", str(game)], check=True, capture_output=True, env=env)
    csv, layout = game / "cards.csv", game / "card.yaml"
    original = csv.read_text(), layout.read_text()
    edits = (("a card's text changed in the CSV", csv, "Draw a card. You may", "Draw two cards. You may"),
             ("a layout's corner radius changed", layout, "radius: 2,", "radius: 4,"))
    times: dict = {}
    for turn in range(runs + 1):
        for n, (label, pnp, cache) in enumerate(versions):
            out = work / f"out{n}"
            build = pnp + ["build", str(game / "mine.yaml"), "--out", str(out)]
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            csv.write_text(original[0])
            layout.write_text(original[1])
            results = [run(build, env)]
            for _, path, old, new in edits:
                text = path.read_text()
                assert old in text, (path, old)
                path.write_text(text.replace(old, new, 1))
                results.append(run(build, env))
            if turn:
                for name, result in zip(("cold", *(what for what, *_ in edits)), results):
                    times.setdefault((n, name), []).append(result)
    print(f"| job (median of {runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        cold = statistics.median(w for w, _ in times[n, "cold"])
        print(f"| pnp new's game, cold build{label} | {cold:.3f} | {max(p for _, p in times[n, 'cold']):.1f} | |")
        for what, *_ in edits:
            wall = statistics.median(w for w, _ in times[n, what])
            print(f"| ... rebuilt after {what}{label} | {wall:.3f} | {max(p for _, p in times[n, what]):.1f} | "
                  f"{wall / cold:.2f}x the cold build |")


if __name__ == "__main__":
    main()
