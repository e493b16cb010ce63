"""Time this checkout's pnp against an earlier commit's, side by side in one run: the ratio of medians per job.

Usage: python benchmarks/compare.py [--runs 5] [--commit 2346cfc] [--jobs tiles,cards,scale-a,scale-b,all]
                                    [--keep-memos] [--old PNP] [--workers N]
Run it with the python of this checkout's venv (its `pnp` is the one measured). The first time, the commit is checked
out with `git worktree add --detach /tmp/pnp-COMMIT COMMIT` and installed into a venv of its own,
/tmp/pnp-COMMIT-venv (`pip install -e`); later runs reuse both (`--old PNP` measures an installed pnp script instead).
Jobs, each a cold `pnp build` (its output folder and pnp's memos, XDG_CACHE_HOME, one folder per version, emptied
before every run):
tiles and cards (benchmarks/specs/, A4), scale (a) 10,000 distinct tiles and (b) 16 faces x 625 (bench.py's), and
all: `pnp build` of the six shipped games, both papers, rulebooks. --keep-memos empties only the output folder, so
that measures kept between runs (ink, colours, fontconfig's cache) serve every timed run, as on a designer's machine
after the first build (pnp drops its memos when its code changes: the first build after an update is cold). The two
versions take turns (old, new, old, new ...) after one untimed turn that compiles their bytecode into a temporary
folder; each run is a whole process started by launch.py (wall time, its own peak memory). Prints a Markdown table:
each version's median wall and peak, pages written, and new / old of the medians. --workers N: this checkout's builds
run with `-j N` (the older code builds its games one after another in one process; peak: the largest process's own).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # importing bench.py leaves no __pycache__ in the checkout
from bench import HERE, PY, child_env, interleaved, pdf_facts, scale_spec  # noqa: E402

ROOT = HERE.parent
JOBS = ("tiles", "cards", "scale-a", "scale-b", "all")


def install(commit: str) -> Path:
    """The pnp script of commit: checked out in /tmp/pnp-COMMIT and installed in /tmp/pnp-COMMIT-venv, once."""
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
                          capture_output=True, text=True)
    if full.returncode:
        raise SystemExit(f"compare.py: no commit {commit} in {ROOT}")
    tree, venv = Path(tempfile.gettempdir()) / f"pnp-{commit}", Path(tempfile.gettempdir()) / f"pnp-{commit}-venv"
    if not tree.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True)
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    if head.strip() != full.stdout.strip():
        raise SystemExit(f"compare.py: {tree} is not a checkout of {commit}; remove it (git worktree remove) first")
    script = venv / "bin" / "pnp"
    if not script.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-e", str(tree)], check=True)
    return script


def command(pnp: str, job: str, work: Path, out: Path, extra: tuple = ()) -> list:
    """The pnp build command of job, writing into out (extra: more options)."""
    if job == "all":
        return [pnp, "build", "--out", str(out), *extra]
    spec = HERE / "specs" / f"{job}.yaml" if job in ("tiles", "cards") else work / f"scale-{job[-1]}-10000.yaml"
    return [pnp, "build", str(spec), "--paper", "a4", "--out", str(out), *extra]


def compare(old: str, new: str, jobs: list, runs: int, work: Path, keep_memos: bool = False,
            workers: int | None = None) -> list:
    """Rows (job, (old wall, peak, pages), (new wall, peak, pages)) of each job run by both versions taking turns.

    keep_memos: empty only the output folders before each run, not pnp's memos (XDG_CACHE_HOME); workers: the new
    version's -j.
    """
    env = child_env(work)
    envs = [{**env, "XDG_CACHE_HOME": str(work / f"cache-{version}")} for version in ("old", "new")]  # memos of its own:
    scale_spec(work, 10000, True)                    # each version drops memos another version's code made
    scale_spec(work, 10000, False)
    rows = []
    for job in jobs:
        outs = [work / version / job for version in ("old", "new")]
        clear = [[out] if keep_memos else [out, Path(own["XDG_CACHE_HOME"])] for out, own in zip(outs, envs)]
        extras = ((), ("-j", str(workers)) if workers else ())
        results = interleaved([(command(pnp, job, work, out, extra), folders, own)
                               for pnp, out, folders, own, extra in zip((old, new), outs, clear, envs, extras)], runs)
        pages = [pdf_facts(sorted(out.rglob("*.pdf")))[1] for out in outs]
        rows.append((job, *((wall, peak, count) for (wall, peak), count in zip(results, pages))))
        print(f"  {job}: {results[1][0] / results[0][0]:.2f}x", file=sys.stderr)
    return rows


def main(argv: list | None = None) -> None:
    """Install the earlier commit if needed, time the jobs and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--commit", default="2346cfc")
    parser.add_argument("--jobs", default=",".join(JOBS), help="a comma-separated choice of " + ", ".join(JOBS))
    parser.add_argument("--keep-memos", action="store_true", help="keep pnp's memos between runs (not cold)")
    parser.add_argument("--old", help="an installed pnp script to compare with, instead of installing --commit")
    parser.add_argument("--workers", type=int, help="build with this checkout's pnp -j N (default: its own default)")
    args = parser.parse_args(argv)
    jobs = args.jobs.split(",")
    if set(jobs) - set(JOBS):
        parser.error(f"--jobs: unknown {', '.join(sorted(set(jobs) - set(JOBS)))} (choose from {', '.join(JOBS)})")
    old = args.old or str(install(args.commit))
    new = Path(PY).parent / "pnp"
    if not new.exists():
        raise SystemExit(f"compare.py: no pnp script beside {PY}: run it with the python of this checkout's venv")
    load = os.getloadavg()[0]
    work = Path(tempfile.mkdtemp(prefix="pnp-compare-"))
    rows = compare(old, str(new), jobs, args.runs, work, args.keep_memos, args.workers)
    shutil.rmtree(work)
    name = "old" if args.old else args.commit
    print(f"\n| job | {name} s | this s | this / {name} | {name} MiB | this MiB | pages ({name} / this) |")
    print("|---|---|---|---|---|---|---|")
    for job, (ow, op, opages), (nw, np, npages) in rows:
        print(f"| {job} | {ow:.3f} | {nw:.3f} | {nw / ow:.2f}x | {op:.1f} | {np:.1f} | {opages} / {npages} |")
    memos = "memos kept between runs" if args.keep_memos else "cold: output and memos emptied before each run"
    memos += f"; this checkout with -j {args.workers}" if args.workers else ""
    print(f"\n({memos}; median of {args.runs} runs after an untimed one, the versions taking turns; peak: the largest of each "
          f"version's own; load average {load:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
