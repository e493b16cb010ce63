"""The plain records of a sheet plan (rectangles, slots, sheets in mm) and the mirroring of a front sheet for its back."""
from ..records import NamedTuple

EPS = 1e-6
MARGIN = 7.0       # home printers cannot print the outer ~6.35 mm
SPACING = 3.0      # a crop mark keeps this far from other blocks' marks, so that each reads as its own
COPY_NOTE = "copy sheet: print as many as you need"


class Rect(NamedTuple):
    """An axis-aligned rectangle in mm, y down."""

    x: float
    y: float
    w: float
    h: float


class Slot(NamedTuple):
    """One placed artwork: trim box at (x, y) of size w x h on the sheet, turned by rotation degrees clockwise."""

    art: str
    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0
    rotation: int = 0
    window: Rect | None = None      # a board panel: the part of the art (mm from its bleed corner) the slot shows

    @property
    def bleed_box(self):
        """The trim box grown by the bleed."""
        return Rect(self.x - self.bleed, self.y - self.bleed, self.w + 2 * self.bleed, self.h + 2 * self.bleed)


class Sheet(NamedTuple):
    """One printed page: its slots, crop-mark segments and alignment targets, and what it holds."""

    side: str                       # "single", "front", "back" or "fold"
    slots: tuple
    marks: tuple = ()
    targets: tuple = ()
    components: tuple = ()
    note: str = ""
    folds: tuple = ()               # y of fold lines (gutter-fold sheets)
    assembly: object = None         # an Assembly map on board panels
    tabs: tuple = ()                # glue tabs (Rects) of a board panel, shaded
    grounds: tuple = ()             # blocks (Rects) whose pieces share cut lines: one ground under each


def turn(rotation, by):
    """Add two rotations, keeping the result in (-180, 180]."""
    value = (rotation + by) % 360
    return value - 360 if value > 180 else value


def mirror(sheet, page_width, back_of, reverse=None):
    """The back sheet of a front sheet: every slot with a back mirrored across the page's vertical centre line.

    reverse: the marks, grounds and components of the two-sided pieces, when the front also holds one-sided ones.
    """
    reverse = reverse or sheet
    slots = tuple(Slot(back_of[s], page_width - s.x - s.w, s.y, s.w, s.h, s.bleed, turn(-s.rotation, 0))
                  for s in sheet.slots if back_of.get(s))
    marks = tuple(((page_width - a[0], a[1]), (page_width - b[0], b[1])) for a, b in reverse.marks)
    grounds = tuple(Rect(page_width - g.x - g.w, g.y, g.w, g.h) for g in reverse.grounds)
    return Sheet("back", slots, marks, (), reverse.components, "back: print on the reverse, flip on the long edge",
                 grounds=grounds)
