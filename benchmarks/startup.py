"""Start-up of the commands a user waits for, against the interpreter start, taking turns in one run.

Usage: python benchmarks/startup.py [--runs 9]
Jobs, run in turn (each a whole process started by launch.py, bytecode compiled first into a temporary folder):
`python -c pass`, `pnp --help`, `pnp validate` of the six games with the memos in $XDG_CACHE_HOME/pnp/ kept (warm)
and emptied before each run (cold). Prints each job's median wall time and its ratio to `python -c pass`.
"""
import argparse
import shutil
import tempfile
from pathlib import Path

from bench import PY, child_env, interleaved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-startup-"))
    env = child_env(work)
    script = Path(PY).parent / "pnp"
    pnp = [str(script)] if script.exists() else [PY, "-m", "generator.cli"]
    names = ["python -c pass", "pnp --help", "pnp validate (6 games), memos kept",
             "pnp validate (6 games), memos emptied"]
    results = interleaved([([PY, "-c", "pass"], None), (pnp + ["--help"], None), (pnp + ["validate"], None),
                           (pnp + ["validate"], work / "cache")], args.runs, env)
    start = results[0][0]
    print(f"| job (median of {args.runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    for name, (wall, peak) in zip(names, results):
        print(f"| {name} | {wall:.3f} | {peak:.1f} | {wall / start:.1f}x python -c pass |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
