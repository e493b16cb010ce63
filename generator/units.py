"""Lengths and paper sizes: millimetres are the only internal unit."""
import re
from .records import NamedTuple

from .errors import UserError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT_PER_MM = 72 / 25.4


class Paper(NamedTuple):
    """A sheet size: its name in commands and file names, the label printed on sheets, width and height in mm."""

    name: str
    label: str
    width: float
    height: float


PAPERS = {paper.name: paper for paper in (  # adding a paper size is one line here
    Paper("a4", "A4", 210.0, 297.0),
    Paper("letter", "US Letter", 215.9, 279.4),
    Paper("a3", "A3", 297.0, 420.0),
    Paper("tabloid", "Tabloid", 279.4, 431.8),
    Paper("legal", "US Legal", 215.9, 355.6),
)}
HOME_PAPERS = ("a4", "letter")  # what --paper all builds, and what every piece must fit
CUSTOM_PAPER = r"(?i)^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$"  # compiled on first use by re's own cache: start-up
PAPER_LIMITS = (100.0, 1200.0)  # mm: the shortest and longest side of a custom sheet


def parse_length(text: object) -> float:
    """Parse '25 mm', '1in', '12pt' or '2.5cm' into millimetres; a bare number is an error."""
    value = str(text).strip() if isinstance(text, (str, int, float)) else ""
    number, unit = value[:-2].rstrip(), value[-2:]
    if unit not in MM_PER_UNIT or not _decimal(number):
        raise UserError(f"expected a length with a unit (mm, cm, in or pt), found {text!r}")
    return round(float(number) * MM_PER_UNIT[unit], 6)


def _decimal(text: str) -> bool:
    """Whether text is a number as -?\\d+(\\.\\d+)?([eE][-+]?\\d+)? reads one (decimal digits of any script, as float
    takes them; 1e9 is read, to be told it is too long), with no pattern compiled: every spec's lengths are read at every
    start."""
    mantissa, e, power = text.replace("E", "e").partition("e")
    whole, dot, part = mantissa.removeprefix("-").partition(".")
    return whole.isdecimal() and (not dot or part.isdecimal()) and (not e or power.lstrip("+-").isdecimal())


def whole(text: str, most: int) -> int | None:
    """The whole number text writes in ASCII digits 0-9 alone, when it is at most most; None for anything else: '²' and
    '①' (which str.isdigit takes and int refuses), '٣' and '３' (which int reads as 3), '+3', ' 3', or 5,000 digits
    (which int refuses past 4,300)."""
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def pixel_hint(value: object) -> str:
    """A hint for a length in pixels (Squib's unit): what it comes to at 300 dpi, or '' for any other value."""
    match = re.match(r"^\s*(\d+(?:\.\d+)?)\s*px\s*$", value) if isinstance(value, str) else None
    if not match:
        return ""
    return (f"; a pixel has no printed size: at 300 dpi (Squib's default) {match.group(1)} px is "
            f"{float(match.group(1)) * 25.4 / 300:.2f} mm")


def paper(name: str) -> Paper:
    """The Paper of a name in PAPERS or of a custom WIDTHxHEIGHT size with a unit ('300x400mm', '8.5x11in')."""
    known = PAPERS.get(str(name).strip().lower())
    if known:
        return known
    match = re.match(CUSTOM_PAPER, str(name))
    if not match:
        raise UserError(f"unknown paper {name!r} (expected one of {', '.join(PAPERS)}, or WIDTHxHEIGHT with a unit "
                        "of mm, cm or in, e.g. 300x400mm or 8.5x11in)")
    w, h, unit = match.group(1), match.group(2), match.group(3).lower()
    width, height = (round(float(v) * MM_PER_UNIT[unit], 6) for v in (w, h))
    low, high = PAPER_LIMITS
    if not (low <= min(width, height) and max(width, height) <= high):
        raise UserError(f"paper {name!r} is {width:g} x {height:g} mm: each side must be {low:g} to {high:g} mm")
    text = f"{float(w):g}x{float(h):g}{unit}"
    return Paper(text, f"{float(w):g} x {float(h):g} {unit}", width, height)


def paper_size(name: str) -> tuple[float, float]:
    """Return (width, height) in mm of a paper size (a name in PAPERS or WIDTHxHEIGHT)."""
    found = paper(name)
    return found.width, found.height


def fmt_mm(value: float) -> str:
    """Format a length in mm without needless decimals."""
    return f"{value:g} mm"


def pixels(mm: float, dpi: float) -> int:
    """How many pixels a length in mm takes at dpi: round(mm / 25.4 * dpi)."""
    return round(mm / 25.4 * dpi)
