"""Measure and wrap text in the bundled font without loading a PDF library."""
import functools
import json
from pathlib import Path

WIDTHS = Path(__file__).resolve().parent / "fonts" / "vera-widths.json"


@functools.lru_cache(maxsize=None)
def _widths():
    """Advance widths per 1000 units of font size, for regular and bold Vera."""
    return json.loads(WIDTHS.read_text())


def width(text, size, bold=False):
    """Width in mm of text set at size mm."""
    table = _widths()["bold" if bold else "regular"]
    return sum(table.get(ch, table["M"]) for ch in text) * size / 1000


def _pieces(word, size, max_width, bold):
    """A word cut into chunks no wider than max_width mm (one character at least), so it cannot overflow."""
    if width(word, size, bold) <= max_width:
        return [word]
    chunks = [""]
    for ch in word:
        if chunks[-1] and width(chunks[-1] + ch, size, bold) > max_width:
            chunks.append("")
        chunks[-1] += ch
    return chunks


def wrap(text, size, max_width, bold=False):
    """Break text into lines no wider than max_width mm (a word wider than a line is cut)."""
    lines, line = [], ""
    for word in (piece for word in text.split() for piece in _pieces(word, size, max_width, bold)):
        trial = f"{line} {word}".strip()
        if line and width(trial, size, bold) > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])
