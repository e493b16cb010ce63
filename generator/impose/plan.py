"""The records of a sheet plan (rectangles, slots, sheets, the plan, a board's assembly map, in mm), a sheet's slots made
when read, and the mirroring of a front sheet for its back: what a plan kept between builds is read back into, with no
packing code loaded."""
from collections import Counter
from itertools import chain, repeat
from operator import itemgetter

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


class Plan(NamedTuple):
    """Every sheet of one paper size, single-sided sheets first, then front/back pairs; the list page's pieces."""

    paper: str
    width: float
    height: float
    sheets: tuple = ()
    cover: Sheet | None = None      # pieces on page 1 below the list of components (reference cards, legends)


TURNED = "printed turned: the board's top edge runs along the sheet's right"   # a turned panel's caption


class Assembly(NamedTuple):
    """A small map of a board's panel grid printed beside a panel: where it goes (col, row of cols x rows)."""

    x: float
    y: float
    cell_w: float
    cell_h: float
    cols: int
    rows: int
    col: int
    row: int
    overlap: float
    turned: bool = False   # the panel lies turned a quarter clockwise on its sheet


class Fronts:
    """The front of each piece of a sheet's blocks, read from their pieces (cells: each block's) when asked for: a deck's
    run of pieces makes its keys when read, so that a sheet holds no key for each of its cards (a run of a deck's
    distinct fronts: expand.Keys)."""

    __slots__ = ("cells",)

    def __init__(self, cells: tuple):
        self.cells = cells

    def __iter__(self):
        return map(_FRONT, chain.from_iterable(self.cells))

    def __len__(self) -> int:
        return sum(map(len, self.cells))


class Placed:
    """A sheet's slots, made each time they are read from its arts (a key a slot, Keys or Fronts) and the places of its
    layout (a Slot's fields but the art, one tuple shared by the full sheets of a layout): a sheet of a large deck holds
    no Slot and no key for each of its pieces (compared, hashed and shown as the tuple of its slots)."""

    __slots__ = ("arts", "places")

    def __init__(self, arts: tuple, places: tuple):
        self.arts, self.places = arts, places

    def __iter__(self):
        return map(tuple.__new__, repeat(Slot), map(tuple.__add__, zip(self.arts), self.places))

    def __len__(self) -> int:
        return len(self.arts)

    def __getitem__(self, index):
        return tuple(self)[index]

    def __eq__(self, other):
        return tuple(self) == tuple(other) if isinstance(other, (tuple, Placed)) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def marks_key(sheet) -> tuple:
    """What makes two sheets' cutting furniture the same."""
    return ("marks", tuple(sheet.marks), tuple(sheet.targets), tuple(sheet.folds), tuple(sheet.tabs))


def placed_twice(sheets) -> set:
    """The keys of the artworks placed more than once on sheets. A sheet of a deck's distinct fronts (Keys: each a piece
    of its own, and a piece is placed once) is not read: no key is counted for each card of such a deck."""
    from ..spec.expand import Keys  # lazy: start-up (the run of a deck's distinct fronts; loaded wherever a plan is)
    uses: Counter = Counter()
    for sheet in sheets:
        if not (type(sheet.slots) is Placed and type(sheet.slots.arts) is Keys):
            uses.update(map(_ART, sheet.slots))
    return {key for key, count in uses.items() if count > 1}


_FRONT, _ART = itemgetter(2), itemgetter(0)   # a Piece's front; a Slot's art


def turn(rotation, by):
    """Add two rotations, keeping the result in (-180, 180]."""
    value = (rotation + by) % 360
    return value - 360 if value > 180 else value


def flip_edge(width: float, height: float) -> str:
    """The edge a duplex sheet turns on, its backs mirrored across its vertical centre line: the long edge of a portrait
    page, the short edge of a landscape one."""
    return "long" if height >= width else "short"


def mirror(sheet, page_width, back_of, reverse=None, edge="long"):
    """The back sheet of a front sheet: every slot with a back mirrored across the page's vertical centre line.

    reverse: the marks, grounds and components of the two-sided pieces, when the front also holds one-sided ones;
    edge: the edge the sheet turns on (flip_edge), as its note tells the printer.
    """
    reverse = reverse or sheet
    slots = tuple(Slot(back_of[s], page_width - s.x - s.w, s.y, s.w, s.h, s.bleed, turn(-s.rotation, 0))
                  for s in sheet.slots if back_of.get(s))
    marks = tuple(((page_width - a[0], a[1]), (page_width - b[0], b[1])) for a, b in reverse.marks)
    grounds = tuple(Rect(page_width - g.x - g.w, g.y, g.w, g.h) for g in reverse.grounds)
    return Sheet("back", slots, marks, (), reverse.components, f"back: print on the reverse, flip on the {edge} edge",
                 grounds=grounds)
