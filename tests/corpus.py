"""The invalid-input corpus as a user meets it: every file through the pnp command, each outcome counted.

Run `python tests/corpus.py` to print the figures quoted in docs/reliability.md and the README; the tests
(tests/test_reliability.py, tests/games/test_glorieta.py) assert each file's exact message one by one.
"""
import sys
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "spec"))

from generator.cli import cli  # noqa: E402
from test_spec import expected_error  # noqa: E402

INVALID = ROOT / "tests" / "data" / "invalid"
HANG = 10.0  # seconds: slower than this counts as a hang
FOLDERS = {  # folder: (command, what the corpus holds there)
    INVALID: ("validate", "specs refused with one line"),
    INVALID / "checks": ("validate", "specs that load but fail a check"),
    INVALID / "positions": ("glorieta-loops", "Glorieta position files"),
}


def cases():
    """(folder, path) of every file in the corpus."""
    return [(folder, path) for folder in FOLDERS for path in sorted(folder.glob("*.yaml"))]


def outcome(folder, path):
    """How pnp met one file: 'rejected cleanly', 'crash', 'hang', 'accepted' or 'other message'; and the seconds."""
    start = time.perf_counter()
    result = CliRunner().invoke(cli, [FOLDERS[folder][0], str(path)])
    seconds = time.perf_counter() - start
    promised = expected_error(path)
    lines = result.output.splitlines()
    if result.exception is not None and not isinstance(result.exception, SystemExit) or "Traceback" in result.output:
        return "crash", seconds
    if seconds > HANG:
        return "hang", seconds
    if result.exit_code == 0:
        return "accepted", seconds
    if folder == INVALID / "checks":
        clean = lines[-2:] == [promised, f"error: {path}: 1 check failed"]   # the check's line, then the verdict
        return ("rejected cleanly" if result.exit_code == 1 and clean else "other message"), seconds
    return ("rejected cleanly" if result.exit_code == 1 and lines == ["error: " + promised] else "other message"), seconds


def figures():
    """Counts by outcome and by folder, and the three slowest files."""
    outcomes, by_folder, times = Counter(), Counter(), {}
    for folder, path in cases():
        kind, seconds = outcome(folder, path)
        outcomes[kind] += 1
        by_folder[folder] += 1
        times[path.relative_to(INVALID)] = seconds
    return outcomes, by_folder, sorted(times.items(), key=lambda item: -item[1])[:3]


def main():
    """Print the figures as Markdown."""
    outcomes, by_folder, slowest = figures()
    total = sum(outcomes.values())
    print(f"{total} invalid inputs tried: {outcomes['rejected cleanly']} rejected cleanly, {outcomes['crash']} crashes, "
          f"{outcomes['hang']} hangs, {outcomes['accepted']} accepted, {outcomes['other message']} other messages")
    print()
    print("| folder | files | what |")
    print("|---|---|---|")
    for folder, (command, what) in FOLDERS.items():
        print(f"| `{folder.relative_to(ROOT)}/` | {by_folder[folder]} | {what} (`pnp {command}`) |")
    print()
    print("slowest: " + ", ".join(f"`{name}` {seconds:.2f} s" for name, seconds in slowest))


if __name__ == "__main__":
    main()
