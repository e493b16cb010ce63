"""Rewrite the golden drawings of the kinds named (all kinds when none is): `python tests/golden/regenerate.py [KIND ...]`.

Then look at the PNG diff (git diff, or any image viewer) and commit the files that changed as meant.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_golden import CASES, write  # noqa: E402


def main(kinds: list) -> int:
    """Write the golden files of each kind asked for; 1 when a kind has no case."""
    unknown = [kind for kind in kinds if kind not in CASES]
    if unknown:
        print(f"error: no case for {', '.join(unknown)}: add it to CASES in tests/test_golden.py", file=sys.stderr)
        return 1
    for kind in kinds or CASES:
        for path in write(kind):
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
