"""Measure and wrap text in the bundled font without loading a PDF library."""
import functools
import json
from pathlib import Path
from ..records import NamedTuple

GLYPHS = Path(__file__).resolve().parent.parent / "fonts" / "vera-glyphs.json"
FAMILY = "Bitstream Vera Sans"


class Box(NamedTuple):
    """A rectangle in mm (y down) that a text must keep its ink inside, and what it is called in messages."""

    left: float
    top: float
    right: float
    bottom: float
    name: str


@functools.lru_cache(maxsize=None)
def _glyphs():
    """Per character of regular and bold Vera: [advance, x min, y min, x max, y max] in 1/1000 of the size, y up."""
    return json.loads(GLYPHS.read_text(encoding="utf-8"))


def _table(bold):
    """The glyph table of one weight; key "" is the glyph printed for a character the font lacks."""
    return _glyphs()["bold" if bold else "regular"]


def width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of text set at size mm (the sum of its advances)."""
    table = _table(bold)
    missing = table[""]
    return sum(table.get(ch, missing)[0] for ch in text) * size / 1000


def missing(text: str, bold: bool = False) -> list:
    """The characters of text that the font has no glyph for, each once, in order."""
    table = _table(bold)
    return [] if table.keys() >= set(text) else list(dict.fromkeys(ch for ch in text if ch not in table))


def lacking(text: str) -> str:
    """'' when bundled Vera, regular and bold, has every character of text; else why it cannot print them, for a
    message: which ones (six at most) and what they would print as."""
    chars = list(dict.fromkeys(missing(text) + missing(text, bold=True))) if not text.isascii() else []
    if not chars:
        return ""
    return (f"the bundled font, Bitstream Vera, has no glyph for {', '.join(f'{ch!r} (U+{ord(ch):04X})' for ch in chars[:6])}"
            f"{' ...' * (len(chars) > 6)}: it would print an empty box (write it in Latin letters)")


def ink(text: str, x: float, y: float, size: float, bold: bool = False, anchor: str = "start"):
    """The box (left, top, right, bottom) in mm that the glyphs of a line set at (x, y) cover, or None for no ink.

    (x, y) is the anchor on the baseline, as SVG's text-anchor (start, middle or end) places it.
    """
    table, scale = _table(bold), size / 1000
    pen = x - {"middle": 0.5, "end": 1.0}.get(anchor, 0.0) * width(text, size, bold)
    missing, left = table[""], None
    for ch in text:
        advance, x0, y0, x1, y1 = table.get(ch, missing)
        if x1 > x0 and y1 > y0:   # the box grown glyph by glyph, as min() and max() would keep it, no tuple made
            here_left, here_top, here_right, here_bottom = pen + x0 * scale, y - y1 * scale, pen + x1 * scale, y - y0 * scale
            if left is None:
                left, top, right, bottom = here_left, here_top, here_right, here_bottom
            else:
                left, top = (here_left if here_left < left else left), (here_top if here_top < top else top)
                right = here_right if here_right > right else right
                bottom = here_bottom if here_bottom > bottom else bottom
        pen += advance * scale
    return None if left is None else (left, top, right, bottom)


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
    """Break text into lines no wider than max_width mm (a word wider than a line is cut).

    A line's advances are summed as it grows, in the order width sums them (the same sums): no line is measured again
    from its start for each word added.
    """
    table = _table(bold)
    missing = table[""]
    lines, line, advances, space = [], "", 0.0, table.get(" ", missing)[0]
    for whole in text.split():
        more = [table.get(ch, missing)[0] for ch in whole]   # its advances, summed as width sums them
        pieces = ([(whole, more)] if sum(more) * size / 1000 <= max_width else   # it fits: not measured again to cut it
                  [(piece, [table.get(ch, missing)[0] for ch in piece]) for piece in _pieces(whole, size, max_width, bold)])
        for word, more in pieces:
            trial = sum(more, advances + space) if line else sum(more)
            if line and trial * size / 1000 > max_width:
                lines.append(line)
                line, advances = word, sum(more)
            else:
                line, advances = f"{line} {word}" if line else word, trial
    return lines + ([line] if line else [])
