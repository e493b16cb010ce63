"""The edit loop: a shipped game built cold, then rebuilt after one palette colour changes, taking turns in one run.

Usage: python benchmarks/editloop.py [--runs 5] [--game grannys-pills] [--key palette.red] [--value #d0281f]
Each turn builds the game cold (both papers, rules; its output and pnp's memos emptied first), then rebuilds it with
--set KEY=VALUE on top. Prints the medians and the rebuild's ratio to the cold build.
"""
import argparse
import shutil
import tempfile
from pathlib import Path

from bench import PY, child_env, edits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="grannys-pills")
    parser.add_argument("--key", default="palette.red", help="a colour the game's rulebook shows")
    parser.add_argument("--value", default="#d0281f")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-editloop-"))
    env = child_env(work)
    script = Path(PY).parent / "pnp"
    pnp = [str(script)] if script.exists() else [PY, "-m", "generator.cli"]
    game = pnp + ["build", args.game, "--out", str(work / "out")]
    (cold, cold_peak), (edit, edit_peak) = edits(game, [work / "out", work / "cache"], {},
                                                 [{args.key: args.value}], args.runs, env)
    print(f"| job (median of {args.runs}, interleaved) | wall s | peak MiB | ratio |")
    print("|---|---|---|---|")
    print(f"| {args.game} cold build | {cold:.3f} | {cold_peak:.1f} | |")
    print(f"| ... rebuilt after {args.key} changed | {edit:.3f} | {edit_peak:.1f} | {edit / cold:.2f}x the cold build |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
