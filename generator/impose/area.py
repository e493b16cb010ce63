"""Where pieces may go on a sheet of each paper: inside the margin, room for crop marks, above the footer band."""
import math

from ..units import HOME_PAPERS, paper_size
from .plan import EPS, MARGIN, Rect

MARK_SHORT = 3.5   # the shortest mark blocks leave room for at the margin, and that a neighbour may leave
CLEAR = 1.0        # a mark keeps this far from other blocks' art
EDGE = CLEAR + MARK_SHORT              # between the margin and a block's bleed box (more for a narrow bleed: mark_room)
FOOTER = 11.0      # band above the bottom margin for the footer and the ruler, a millimetre clear of it
MARK_OFFSET = 3.0  # crop marks start this far from the trim line (at least CLEAR outside the bleed)
MARK_MIN = 2.0     # a mark that the margin cuts shorter than this is left out


def mark_room(bleed, length=MARK_SHORT):
    """How far beyond a block's bleed box its marks need room to run length long."""
    return max(MARK_OFFSET - bleed, CLEAR) + length


def printable_area(paper):
    """The area for blocks on a sheet: inside the margin, room for crop marks, and the footer band."""
    width, height = paper_size(paper)
    inset = MARGIN + EDGE
    return Rect(inset, inset, width - 2 * inset, height - 2 * inset - FOOTER)


def grid_fit(area, w, h):
    """How many slots of w x h fit across and down an area."""
    return max(int((area.w + EPS) // w), 0), max(int((area.h + EPS) // h), 0)


def orientation(area, w, h, count=1):
    """Upright or turned 90 degrees: fewest sheets for count pieces, upright on ties.

    Returns (rotation, w, h, cols, rows).
    """
    options = []
    for rotation, sw, sh in ((0, w, h), (90, h, w)):
        cols, rows = grid_fit(area, sw, sh)
        per_sheet = cols * rows
        sheets = math.ceil(count / per_sheet) if per_sheet else math.inf
        options.append((sheets, rotation, sw, sh, cols, rows))
    return min(options)[1:]


def smallest_area():
    """The usable width and height that both papers offer."""
    areas = [printable_area(paper) for paper in HOME_PAPERS]
    return round(min(a.w for a in areas), 2), round(min(a.h for a in areas), 2)


def needed(size, bleed) -> tuple:
    """The room in a printable area a piece of this trim size and bleed takes: its bleed box and, with less bleed than
    MARK_OFFSET, the room its shortest crop marks need past EDGE."""
    marks = 2 * max(mark_room(bleed, MARK_MIN) - EDGE, 0.0)
    return size[0] + 2 * bleed + marks, size[1] + 2 * bleed + marks


def fits_somewhere(size, bleed):
    """True when a piece with this trim size and bleed fits each home paper's area in some orientation (a column and a
    row of it: a piece as narrow as the sheet but taller fits none), with room for its crop marks (needed)."""
    w, h = needed(size, bleed)
    return all(math.prod(orientation(printable_area(paper), w, h)[3:]) > 0 for paper in HOME_PAPERS)
