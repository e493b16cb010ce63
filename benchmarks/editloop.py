"""The edit loop: a shipped game built cold, then rebuilt after one palette colour changes, taking turns in one run.

Usage: python benchmarks/editloop.py [--runs 5] [--game grannys-pills] [--key palette.red] [--value #d0281f]
                                     [--before CHECKOUT]
Each turn builds the game cold (both papers, rules; its output and pnp's memos emptied first), then rebuilds it with
--set KEY=VALUE on top; with --before, the same two jobs of another checkout's code (an older commit in its own folder,
run with this interpreter and its libraries) take their turns too. Prints the medians and each rebuild's ratio to its
own cold build.
"""
import argparse
import shutil
import tempfile
from pathlib import Path

from bench import child_env, interleaved, pnp_versions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="grannys-pills")
    parser.add_argument("--key", default="palette.red", help="a colour the game's rulebook shows")
    parser.add_argument("--value", default="#d0281f")
    parser.add_argument("--before", type=Path, help="a checkout of older code to time beside this one")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-editloop-"))
    env = child_env(work)
    versions = pnp_versions(work, args.before)
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


if __name__ == "__main__":
    main()
