"""Where a board too large for a sheet is split into overlapping panels, and where they join: the imposition prints the
panels, the checks keep the board's text clear of the joins."""
import math

from ..records import NamedTuple
from ..components import KINDS
from ..components.kind import panelled, placing
from .area import grid_fit, printable_area
from .plan import EPS, Rect

OVERLAP = 12.0     # board panels overlap by this much


class Panels(NamedTuple):
    """A board's panels: where each column and each row of them starts on the board, in trim mm from its left and top
    edges (a later panel's edge, glued on the earlier one's tab), a panel's width and height on the board, the overlap,
    and whether the panels lie turned a quarter on the sheet."""

    xs: tuple
    ys: tuple
    w: float
    h: float
    overlap: float
    sideways: bool


def panel_grid(comp, area) -> Panels:
    """The panels of a board in a sheet's room for a panel's trim (area: the printable area less the board's bleed),
    each turned a quarter when that takes fewer sheets (a landscape board on portrait paper)."""
    kind = KINDS[comp.kind]
    w, h = comp.trim
    overlap = kind.panel_overlap(comp.options) if kind.panel_overlap else OVERLAP
    upright, turned = _counts(w, h, area.w, area.h, overlap), _counts(w, h, area.h, area.w, overlap)
    sideways = turned[0] * turned[1] < upright[0] * upright[1]
    nx, ny = turned if sideways else upright
    pw, ph = (w + (nx - 1) * overlap) / nx, (h + (ny - 1) * overlap) / ny
    return Panels(tuple(i * (pw - overlap) for i in range(nx)), tuple(j * (ph - overlap) for j in range(ny)), pw, ph,
                  overlap, sideways)


def _counts(w: float, h: float, across: float, down: float, overlap: float) -> tuple[int, int]:
    """(columns, rows) of the panels a w x h board takes where a panel may be across x down mm."""
    nx = 1 if w <= across + EPS else math.ceil((w - overlap) / (across - overlap) - EPS)
    ny = 1 if h <= down + EPS else math.ceil((h - overlap) / (down - overlap) - EPS)
    return nx, ny


def seams(comp, paper: str) -> tuple[tuple, tuple]:
    """Where a board's panels join on a paper: (xs, ys), the edge of each later panel on the board, in trim mm from its
    left and top edges; none for a piece that fits a sheet, or that does not print in panels."""
    b = comp.bleed
    w, h = comp.trim[0] + 2 * b, comp.trim[1] + 2 * b
    area = printable_area(paper)
    if (comp.back is not None or not panelled(KINDS[comp.kind], comp.options) or placing(comp) != "grid"
            or min(grid_fit(area, w, h)) or min(grid_fit(area, h, w))):
        return (), ()
    found = panel_grid(comp, Rect(area.x + b, area.y + b, area.w - 2 * b, area.h - 2 * b))
    return found.xs[1:], found.ys[1:]
