"""The edit loop: a shipped game built cold, then rebuilt after one palette colour changes, taking turns in one run.

Usage: python benchmarks/editloop.py [--runs 5] [--game grannys-pills] [--key palette.red] [--value #d0281f]
                                     [--before CHECKOUT] [--in-file | --deck]
Each turn builds the game cold (both papers, rules; its output and pnp's memos emptied first), then rebuilds it with
--set KEY=VALUE on top; with --before, the same two jobs of another checkout's code (an older commit in its own folder,
run with this interpreter and its libraries) take their turns too. Prints the medians and each rebuild's ratio to its
own cold build.
--in-file: the edit a designer makes instead: a copy of the game's spec (and its rules) built cold, then rebuilt after
the palette colour KEY names was changed to VALUE in the file.
--deck: instead, a 100-card layout deck from a CSV (bench.layout_deck) built cold on A4, then rebuilt after one
card's rules text changed in the CSV; `pnp --help` takes its turns beside them.
"""
import argparse
import shutil
import statistics
import tempfile
from pathlib import Path

from bench import child_env, interleaved, layout_deck, pnp_versions, run

CARDS = 100
EDITED = 50   # the row whose rules text the deck's edit changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="grannys-pills")
    parser.add_argument("--key", default="palette.red", help="a colour the game's rulebook shows")
    parser.add_argument("--value", default="#d0281f")
    parser.add_argument("--before", type=Path, help="a checkout of older code to time beside this one")
    parser.add_argument("--in-file", action="store_true", help="change the colour in a copy of the spec, not with --set")
    parser.add_argument("--deck", action="store_true", help="time one CSV cell's edit in a 100-card deck instead")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-editloop-"))
    env = child_env(work)
    versions = pnp_versions(work, args.before)
    if args.deck or args.in_file:
        if args.deck:
            deck(work, env, versions, args.runs)
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


def in_file(work: Path, env: dict, versions: list, args) -> None:
    """Each version's cold build of a copy of the game, and its rebuild after the colour was changed in the copy's
    file, taking turns (a first, untimed turn writes the bytecode); prints a table of medians."""
    shipped = Path(__file__).resolve().parent.parent / "specs"
    (work / "game" / "rules").mkdir(parents=True)
    spec = work / "game" / f"{args.game}.yaml"
    original = (shipped / f"{args.game}.yaml").read_text()
    shutil.copy(shipped / "rules" / f"{args.game}.yaml", work / "game" / "rules")
    if (shipped / "positions").is_dir():
        shutil.copytree(shipped / "positions", work / "game" / "positions")
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


def deck(work: Path, env: dict, versions: list, runs: int) -> None:
    """Each version's cold build of the deck, its rebuild after one CSV cell changed, and `pnp --help`, taking turns
    (a first, untimed turn writes the bytecode); prints a table of medians."""
    spec = layout_deck(work, CARDS)
    csv = spec.parent / "cards.csv"
    original = csv.read_text()
    times: dict = {}
    for turn in range(runs + 1):
        for n, (label, pnp, cache) in enumerate(versions):
            out = work / f"out{n}"
            build = pnp + ["build", str(spec), "--paper", "a4", "--out", str(out)]
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            csv.write_text(original)
            cold = run(build, env)
            csv.write_text(edited(original))
            edit = run(build, env)
            helped = run(pnp + ["--help"], env)
            if turn:
                for name, result in (("cold", cold), ("edit", edit), ("help", helped)):
                    times.setdefault((n, name), []).append(result)
    print(f"| job (median of {runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for n, (label, _, _) in enumerate(versions):
        (cold, cold_peak), (edit, edit_peak), (helped, help_peak) = (
            (statistics.median(w for w, _ in times[n, name]), max(p for _, p in times[n, name]))
            for name in ("cold", "edit", "help"))
        print(f"| {CARDS}-card CSV deck, A4, cold build{label} | {cold:.3f} | {cold_peak:.1f} | |")
        print(f"| ... rebuilt after one card's text changed{label} | {edit:.3f} | {edit_peak:.1f} | "
              f"{edit / cold:.2f}x the cold build, {edit / helped:.2f}x `pnp --help` |")
        print(f"| `pnp --help`{label} | {helped:.3f} | {help_peak:.1f} | |")


if __name__ == "__main__":
    main()
