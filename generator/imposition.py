"""Plan where every piece goes on A4 or Letter sheets: slots, rotation, crop marks, duplex backs, panels."""
import math
from typing import NamedTuple

from .components import KINDS
from .errors import UserError
from .units import paper_size

MARGIN = 7.0       # home printers cannot print the outer ~6.35 mm
MARK_ROOM = 3.5    # room kept around a block for its crop marks
MARK_GAP = 1.0     # crop marks start this far outside the cut area
MARK_LEN = 2.5
FOOTER = 10.0      # band above the bottom margin for the footer and the ruler
OVERLAP = 12.0     # board panels overlap by this much
EPS = 1e-6


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
    window: Rect = None

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


class Plan(NamedTuple):
    """Every sheet of one paper size, single-sided sheets first, then front/back pairs."""

    paper: str
    width: float
    height: float
    sheets: tuple = ()


def printable_area(paper):
    """The area for blocks on a sheet, inside the margin, the crop-mark room and the footer band."""
    width, height = paper_size(paper)
    inset = MARGIN + MARK_ROOM
    return Rect(inset, inset, width - 2 * inset, height - 2 * inset - FOOTER)


def grid_fit(area, w, h):
    """How many slots of w x h fit across and down an area."""
    return int((area.w + EPS) // w), int((area.h + EPS) // h)


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
    areas = [printable_area(paper) for paper in ("a4", "letter")]
    return round(min(a.w for a in areas), 2), round(min(a.h for a in areas), 2)


def fits_somewhere(size, bleed):
    """True when a piece with this trim size and bleed fits the smaller paper's area in some orientation."""
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    return all(orientation(printable_area(paper), w, h)[3] > 0 for paper in ("a4", "letter"))


class Block(NamedTuple):
    """A grid of slots of one component, laid out at the origin; placed on a sheet later."""

    component: str
    cells: tuple        # (art, back, col, row) per piece
    cols: int
    rows: int
    w: float            # trim size as placed
    h: float
    bleed: float
    rotation: int

    @property
    def width(self):
        return self.cols * (self.w + 2 * self.bleed)

    @property
    def height(self):
        return self.rows * (self.h + 2 * self.bleed)


def blocks_for(comp, pieces, area):
    """Cut one component's pieces into sheet-sized blocks."""
    w, h = KINDS[comp.kind].size(comp.options)
    b = comp.bleed
    rotation, sw, sh, cols, rows = orientation(area, w + 2 * b, h + 2 * b, len(pieces))
    if cols * rows == 0:
        return None
    sw, sh = sw - 2 * b, sh - 2 * b
    per_sheet, blocks = cols * rows, []
    for start in range(0, len(pieces), per_sheet):
        chunk = pieces[start:start + per_sheet]
        used_cols = min(cols, len(chunk))
        cells = tuple((p.front, p.back, i % used_cols, i // used_cols) for i, p in enumerate(chunk))
        blocks.append(Block(comp.id, cells, used_cols, math.ceil(len(chunk) / used_cols), sw, sh, b, rotation))
    return blocks


def place(block, x, y):
    """Slots and crop marks of a block whose bleed box starts at (x, y)."""
    pitch_x, pitch_y, b = block.w + 2 * block.bleed, block.h + 2 * block.bleed, block.bleed
    lefts = [x + col * pitch_x + b for col in range(block.cols)]
    tops = [y + row * pitch_y + b for row in range(block.rows)]
    w, h, turn = block.w, block.h, block.rotation
    slots = tuple([Slot(art, lefts[col], tops[row], w, h, b, turn) for art, _, col, row in block.cells])
    xs = sorted({round(left + d, 4) for left in lefts for d in (0, w)})
    ys = sorted({round(top + d, 4) for top in tops for d in (0, h)})
    return slots, crop_marks(xs, ys, Rect(x, y, block.width, block.height))


def crop_marks(xs, ys, box):
    """Segments outside box marking every cut line: vertical cuts at xs, horizontal cuts at ys."""
    top, bottom, left, right = box.y, box.y + box.h, box.x, box.x + box.w
    marks = []
    for x in xs:
        marks.append(((x, top - MARK_GAP), (x, top - MARK_GAP - MARK_LEN)))
        marks.append(((x, bottom + MARK_GAP), (x, bottom + MARK_GAP + MARK_LEN)))
    for y in ys:
        marks.append(((left - MARK_GAP, y), (left - MARK_GAP - MARK_LEN, y)))
        marks.append(((right + MARK_GAP, y), (right + MARK_GAP + MARK_LEN, y)))
    return tuple(marks)


def stack(blocks, area):
    """Shelf-pack blocks down the sheet in order; return a list of sheets, each a list of (block, x, y)."""
    sheets, current, y = [], [], area.y
    for block in blocks:
        if current and y + block.height > area.y + area.h + EPS:
            sheets.append(current)
            current, y = [], area.y
        current.append((block, area.x + (area.w - block.width) / 2, y))
        y += block.height + 2 * MARK_ROOM
    return sheets + ([current] if current else [])


def mirror(sheet, page_width, back_of):
    """The back sheet of a front sheet: every slot mirrored across the page's vertical centre line."""
    slots = tuple(Slot(back_of[s], page_width - s.x - s.w, s.y, s.w, s.h, s.bleed, turn(-s.rotation, 0))
                  for s in sheet.slots if back_of.get(s))
    marks = tuple(((page_width - a[0], a[1]), (page_width - b[0], b[1])) for a, b in sheet.marks)
    return Sheet("back", slots, marks, (), sheet.components, "back: print on the reverse, flip on the long edge")


def panels(comp, piece, area):
    """Split a board too large for the sheet into overlapping panels with alignment targets."""
    kind = KINDS[comp.kind]
    w, h = kind.size(comp.options)
    overlap = kind.panel_overlap(comp.options) if kind.panel_overlap else OVERLAP
    nx = 1 if w <= area.w + EPS else math.ceil((w - overlap) / (area.w - overlap) - EPS)
    ny = 1 if h <= area.h + EPS else math.ceil((h - overlap) / (area.h - overlap) - EPS)
    pw, ph = (w + (nx - 1) * overlap) / nx, (h + (ny - 1) * overlap) / ny
    seams_x = [(i + 1) * (pw - overlap) + overlap / 2 for i in range(nx - 1)]
    seams_y = [(j + 1) * (ph - overlap) + overlap / 2 for j in range(ny - 1)]
    targets = [(sx, fy * h) for sx in seams_x for fy in (0.2, 0.5, 0.8)]
    targets += [(fx * w, sy) for sy in seams_y for fx in (0.2, 0.5, 0.8)]
    sheets = []
    for j in range(ny):
        for i in range(nx):
            window = Rect(i * (pw - overlap), j * (ph - overlap), pw, ph)
            x, y = area.x + (area.w - pw) / 2, area.y + (area.h - ph) / 2
            slot = Slot(piece.front, x, y, pw, ph, 0.0, 0, window)
            inside = tuple((x + tx - window.x, y + ty - window.y) for tx, ty in targets
                           if window.x - EPS <= tx <= window.x + pw + EPS and window.y - EPS <= ty <= window.y + ph + EPS)
            marks = crop_marks((x, x + pw), (y, y + ph), Rect(x, y, pw, ph))
            note = f"panel {j * nx + i + 1} of {nx * ny} (row {j + 1}, column {i + 1}): overlap {overlap:g} mm, match the targets"
            sheets.append(Sheet("single", (slot,), marks, inside, (comp.id,), note,
                                assembly=assembly_map(slot, area, nx, ny, i, j, overlap)))
    return sheets


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


ASSEMBLY_CELL = 9.0    # width of one panel on the assembly map
ASSEMBLY_TEXT = 62.0   # room beside the map for its caption
ASSEMBLY_LINES = 3     # caption lines, 4 mm apart


def assembly_map(slot, area, cols, rows, col, row, overlap):
    """The assembly map for one panel: in the free band above the panel, else below it; None when neither has room."""
    if cols * rows == 1:
        return None
    cell_w = ASSEMBLY_CELL
    cell_h = cell_w * slot.h / slot.w
    w, h = cols * cell_w + ASSEMBLY_TEXT, max(rows * cell_h, ASSEMBLY_LINES * 4.0)
    room = MARK_GAP + MARK_LEN + 1
    above = (MARGIN + 1, slot.y - room)
    below = (slot.y + slot.h + room, area.y + area.h + MARK_ROOM)
    for top, bottom in (above, below):
        if bottom - top >= h:
            return Assembly(area.x + (area.w - w) / 2, top + (bottom - top - h) / 2, cell_w, cell_h, cols, rows,
                            col, row, overlap)
    return None


BACKS = ("duplex", "fold")


def impose(spec, pieces, paper, backs="duplex"):
    """Plan all sheets for one paper size; two-sided pieces on duplex pairs or on gutter-fold sheets."""
    width, height = paper_size(paper)
    area = printable_area(paper)
    half = Rect(area.x, area.y, area.w, (area.h - 2 * MARK_ROOM) / 2)
    single, two_sided, panel_sheets = [], [], []
    own_single, own_duplex = [], []
    for comp in spec.components:
        mine = [p for p in pieces if p.component == comp.id]
        if not mine:
            continue
        if KINDS[comp.kind].layout != "grid":
            laid = own_layout(comp, mine, area, width)
            own_single += [s for s in laid if s.side == "single"]
            own_duplex += [s for s in laid if s.side != "single"]
            continue
        folding = comp.back is not None and backs == "fold"
        blocks = blocks_for(comp, mine, half if folding else area)
        if blocks is None:
            w, h = KINDS[comp.kind].size(comp.options)
            if folding:
                raise UserError(f"{spec.path}: components.{comp.id}: {w:g} x {h:g} mm does not fit half a {paper} sheet "
                                "for a fold-over layout; build it for duplex printing instead")
            if not KINDS[comp.kind].panels or comp.back:
                raise UserError(f"{spec.path}: components.{comp.id}: {w:g} x {h:g} mm (bleed {comp.bleed:g} mm) "
                                f"does not fit on {paper} paper ({area.w:g} x {area.h:g} mm usable)")
            for piece in mine:
                panel_sheets += panels(comp, piece, area)
            continue
        (two_sided if comp.back else single).extend(blocks)
    sheets = [_sheet("single", group) for group in stack(single, area)] + panel_sheets + own_single
    for group in stack(two_sided, half if backs == "fold" else area):
        front = _sheet("front", group)
        back_of = {s: back for (block, x, y) in group for s, (_, back, _, _) in zip(place(block, x, y)[0], block.cells)}
        if backs == "fold":
            sheets.append(fold(front, area.y + area.h / 2, back_of))
        else:
            sheets += [front, mirror(front, width, back_of)]
    sheets += own_duplex  # tessellated kinds always print duplex: their backs share cut edges too
    return Plan(paper, width, height, tuple(sheets))


def turn(rotation, by):
    """Add two rotations, keeping the result in (-180, 180]."""
    value = (rotation + by) % 360
    return value - 360 if value > 180 else value


def fold(front, fold_y, back_of):
    """A gutter-fold sheet: fronts moved down to the fold line, each back mirrored below it, turned 180 degrees."""
    shift = fold_y - MARK_ROOM - max(s.bleed_box.y + s.bleed_box.h for s in front.slots)
    fronts = tuple(s._replace(y=s.y + shift) for s in front.slots)
    backs = tuple(Slot(back_of[s], s.x, 2 * fold_y - s.y - s.h - shift, s.w, s.h, s.bleed, turn(s.rotation, 180))
                  for s in front.slots)
    marks = tuple(((a[0], a[1] + shift), (b[0], b[1] + shift)) for a, b in front.marks)
    marks += tuple(((a[0], 2 * fold_y - a[1]), (b[0], 2 * fold_y - b[1])) for a, b in marks)
    note = "fold along the dashed line, glue, then cut: each back lands behind its front"
    return Sheet("fold", fronts + backs, marks, (), front.components, note, (fold_y,))



def own_layout(comp, pieces, area, width):
    """Sheets of a kind that lays out its own pieces (Kind.layout), e.g. tessellated hex tiles."""
    from . import hexsheet  # hexsheet builds on this module's Slot, Sheet and mirror
    layouts = {"hex": hexsheet.sheets}
    return layouts[KINDS[comp.kind].layout](comp, pieces, area, width)


def _sheet(side, group):
    """A sheet from placed blocks."""
    slots, marks = [], []
    for block, x, y in group:
        s, m = place(block, x, y)
        slots += s
        marks += m
    components = tuple(dict.fromkeys(block.component for block, _, _ in group))
    return Sheet(side, tuple(slots), tuple(marks), (), components)
