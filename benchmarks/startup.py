"""Start-up of the commands a user waits for, against the interpreter start, taking turns in one run.

Usage: python benchmarks/startup.py [--runs 9] [--before CHECKOUT] [--workers N]
Jobs, run in turn (each a whole process started by launch.py, bytecode compiled first into a temporary folder):
`python -c pass`, `pnp --help`, `pnp validate` of the six games with the memos in $XDG_CACHE_HOME/pnp/ kept (warm)
and emptied before each run (cold); with --before, the same pnp jobs of another checkout's code (an older commit in
its own folder, run with this interpreter and its libraries). Prints each job's median and its ratio to `python -c pass`.
--workers N: this checkout's `pnp validate` runs with `-j N` (else its default: one worker per CPU).
"""
import argparse
import shutil
import tempfile
from pathlib import Path

from bench import PY, child_env, installed, interleaved, pnp_versions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", type=Path, help="a checkout of older code to time beside this one")
    parser.add_argument("--workers", type=int, help="this checkout's pnp validate -j N")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-startup-"))
    env = child_env(work)
    versions = pnp_versions(work, args.before)
    names, jobs = ["python -c pass"], [([PY, "-c", "pass"], None)]
    for label, pnp, cache in versions:
        given = ["-j", str(args.workers)] if args.workers and not label else []
        validate, shown = pnp + ["validate"] + given, " ".join(["pnp validate", *given])
        names += [f"pnp --help{label}", f"{shown} (6 games), memos kept{label}", f"{shown} (6 games), memos emptied{label}"]
        jobs += [(pnp + ["--help"], None), (validate, None), (validate, cache)]
    results = interleaved(jobs, args.runs, env)
    start = results[0][0]
    print(f"| job (median of {args.runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for name, (wall, peak) in zip(names, results):
        print(f"| {name} | {wall:.3f} | {peak:.1f} | {wall / start:.1f}x python -c pass |")
    print(f"\n({installed()})")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
