"""Lengths and paper sizes: millimetres are the only internal unit."""
import re

from .errors import UserError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT_PER_MM = 72 / 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def parse_length(text):
    """Parse '25 mm', '1in', '12pt' or '2.5cm' into millimetres; a bare number is an error."""
    match = _LENGTH.match(str(text)) if isinstance(text, (str, int, float)) else None
    if not match:
        raise UserError(f"expected a length with a unit (mm, cm, in or pt), found {text!r}")
    return round(float(match.group(1)) * MM_PER_UNIT[match.group(2)], 6)


def paper_size(name):
    """Return (width, height) in mm of a named paper size."""
    try:
        return PAPERS[name]
    except KeyError:
        raise UserError(f"unknown paper {name!r} (expected one of {', '.join(PAPERS)})") from None


def fmt_mm(value):
    """Format a length in mm without needless decimals."""
    return f"{value:g} mm"
