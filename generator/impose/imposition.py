"""Plan where every piece goes on sheets of a paper size: blocks packed into free space, crop marks, duplex backs, panels."""
import math
from types import MappingProxyType
from itertools import chain, groupby, repeat, starmap
from operator import add, attrgetter, itemgetter
from ..records import NamedTuple

from ..components import KINDS
from ..components.kind import panelled, placing, round_cut
from ..errors import UserError
from ..located import spec_error
from ..spec.expand import Pieces, run_keys
from .area import CLEAR, EDGE, FOOTER, MARK_MIN, MARK_OFFSET, MARK_SHORT, grid_fit, mark_room, printable_area
from .grounds import shared_ground
from .joins import panel_grid
from .plan import (COPY_NOTE, EPS, MARGIN, SPACING, TURNED, Assembly, Fronts, Placed, Plan, Rect, Sheet, Slot, flip_edge, mirror,
                   turn)
from .sheets import list_bottom
from ..units import paper_size

MARK_LEN = 5.0
MARK_TIGHT = 3.0   # ... unless coming this close fits more pieces on the sheet
GAP = MARK_OFFSET + MARK_LEN + CLEAR   # between the bleed boxes of two blocks on a sheet
NEAR = 6.0         # parallel marks of two blocks closer than this read as alternatives: blocks line up, or one gives way
APART = 2 * MARK_LEN   # ... and closer than this still crowd the gap between blocks: blocks shift to line up or keep apart
NONE: MappingProxyType = MappingProxyType({})   # a page's backs when it has none
PUNCH_NOTE = "round tokens: punch them out or cut round each ring"


def mark_bounds(width, height):
    """Where crop marks may go on a sheet: inside the margin, above the footer band."""
    return Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - FOOTER)


class Group(NamedTuple):
    """Pieces of one trim size, bleed and sidedness, from one or more components: they share a grid."""

    w: float
    h: float
    bleed: float
    pieces: tuple       # its Pieces (spec.expand's: component, index, front art, back art or None)
    gutter: float = None    # between neighbouring trims: one ground, punched: a bleed; cut straight: 0; None: two bleeds
    stagger: bool = False   # punched on one ground: rows may sit half a pitch across, closer down (cut circles still a gutter apart)
    key: tuple = ()         # names the group: its blocks on one sheet keep one layout

    @property
    def space(self):
        """The gutter between neighbouring trims."""
        return 2 * self.bleed if self.gutter is None else self.gutter


class Block(NamedTuple):
    """A grid of slots laid out at the origin, its pieces sharing cut lines; placed on a sheet later."""

    cells: tuple        # its Pieces, row by row: the k-th in column k % cols, row k // cols
    cols: int
    rows: int
    w: float            # trim size as placed
    h: float
    bleed: float
    rotation: int
    gutter: float = 0.0     # between neighbouring trims
    stagger: bool = False   # odd rows half a pitch to the right, rows a row_pitch apart
    punched: bool = False   # round tokens on one ground: punched out, no straight cuts and no crop marks

    @property
    def row_pitch(self):
        """Down from one row to the next: staggered, as close as keeps round cuts a gutter apart and trims apart."""
        pitch = self.h + self.gutter
        return max(math.ceil(pitch * math.sqrt(3) / 2 * 100) / 100, self.h) if self.stagger else pitch

    @property
    def width(self):
        shift = (self.w + self.gutter) / 2 if self.stagger and self.rows > 1 else 0.0
        return self.cols * (self.w + self.gutter) - self.gutter + 2 * self.bleed + shift

    @property
    def height(self):
        return (self.rows - 1) * self.row_pitch + self.h + 2 * self.bleed


def split(free, w, h):
    """The free rectangles left when a w x h block takes the top-left corner of free.

    Of the two guillotine cuts (beside the block as tall as it and a full-width strip below, or beside it full height
    and a strip below as wide as it), the one that leaves the larger rectangle.
    """
    right, below = free.w - w - GAP, free.h - h - GAP
    cuts = ([Rect(free.x + w + GAP, free.y, right, h), Rect(free.x, free.y + h + GAP, free.w, below)],
            [Rect(free.x + w + GAP, free.y, right, free.h), Rect(free.x, free.y + h + GAP, w, below)])
    cuts = [[part for part in cut if part.w > EPS and part.h > EPS] for cut in cuts]
    return max(cuts, key=lambda cut: max((part.w * part.h for part in cut), default=0.0))


def fit(free, group, count, layout=None):
    """The best block of up to count pieces of a group in a free rectangle, or None.

    Most pieces first, then the largest free rectangle left over, upright and then unstaggered on ties:
    (pieces, spare, upright, block). layout: the (rotation, stagger) to keep, when the sheet has a block of the group.
    """
    best = None
    for rotation, stagger in (layout,) if layout else ((0, False), (90, False)) + ((0, True),) * group.stagger:
        w, h = (group.w, group.h) if rotation == 0 else (group.h, group.w)
        room = Rect(free.x, free.y, free.w + group.space - 2 * group.bleed, free.h + group.space - 2 * group.bleed)
        cols, rows = grid_fit(room, w + group.space, h + group.space)
        if stagger:  # rows closer together, each row but a lone one half a pitch wider
            row = Block((), 1, 1, w, h, group.bleed, rotation, group.space, True)
            rows = int((free.h - row.height + EPS) // row.row_pitch) + 1 if free.h + EPS >= row.height else 0
            cols = grid_fit(room._replace(w=room.w - (w + group.space) / 2), w + group.space, h)[0] if rows > 1 else cols
        n = min(cols * rows, count)
        if not n:
            continue
        cols = min(cols, n)
        block = Block((), cols, math.ceil(n / cols), w, h, group.bleed, rotation, group.space, stagger, group.stagger)
        spare = max((r.w * r.h for r in split(free, block.width, block.height)), default=0.0)
        option = (n, round(spare, 6), rotation == 0, not stagger, block)
        if best is None or option[:4] > best[:4]:
            best = option
    return best and best[:3] + best[4:]


class _Page:
    """A sheet being filled: placed blocks, the free rectangles left, slots of a kind's own layout. Its free rectangles
    and layouts are replaced, never changed in place: a page filled as another was shares that one's (_refill)."""

    __slots__ = ("side", "free", "blocks", "fixed", "back_of", "note", "components", "region", "outer", "layouts")

    def __init__(self, side, free, fixed=(), back_of=None, note="", components=(), outer=None):
        self.side, self.free, self.blocks = side, [free] if free.w > EPS and free.h > EPS else [], []
        self.fixed, self.back_of, self.note, self.components = tuple(fixed), dict(back_of) if back_of else NONE, note, components
        self.region, self.outer, self.layouts = free, outer or free, {}

    def inside(self, free, group, length):
        """A free rectangle less the extra room the group's marks need (length long) where it meets the printable area
        (or more, where shorter marks need less than the area keeps for them)."""
        extra, outer = mark_room(group.bleed, length) - EDGE if not group.stagger else 0.0, self.outer   # < 0: more room
        if self.side == "fold":   # turned upside down later (_upside_down): another group may take an edge's place
            extra = max(extra, 0.0)
        left = extra * (abs(free.x - outer.x) < EPS)
        top = extra * (abs(free.y - outer.y) < EPS)
        right = extra * (abs(free.x + free.w - outer.x - outer.w) < EPS)
        bottom = extra * (abs(free.y + free.h - outer.y - outer.h) < EPS)
        return Rect(free.x + left, free.y + top, free.w - left - right, free.h - top - bottom)

    def add(self, group, rest, at=0):
        """Place as many of rest[at:] (pieces of group) as fit best on this page; return how many, 0 if none.

        A group's blocks on one page share the first one's layout (turned or not, staggered or not).
        """
        layout = self.layouts.get(group.key) if group.key else None
        best = None
        # room for marks MARK_SHORT long at the sheet's edges, unless shorter ones fit more pieces (MARK_MIN: only a
        # page's first block, a piece that needs the whole sheet)
        lengths = (MARK_SHORT, MARK_TIGHT) + (() if self.blocks or self.fixed else (MARK_MIN,))
        for rooms in ([self.inside(free, group, length) for free in self.free] for length in lengths):
            options = [(option, i) for i, room in enumerate(rooms) for option in [fit(room, group, len(rest) - at, layout)]
                       if option]
            if options and (best is None or max(n for (n, *_), _ in options) > best[0][0][0]):
                best = max(options, key=lambda item: (item[0][:3], -item[1])), rooms
        if not best:
            return 0
        ((n, _, _, block), i), rooms = best
        if group.key not in self.layouts:
            self.layouts = {**self.layouts, group.key: (block.rotation, block.stagger)}
        free, room = self.free[i], rooms[i]
        self.blocks.append((block._replace(cells=_cells(rest, at, at + n)), room.x, room.y))
        self.free = [*self.free[:i], *split(free, block.width + room.x - free.x, block.height + room.y - free.y),
                     *self.free[i + 1:]]
        return n


def pack(group, pages, sides, new_page):
    """Place a group's pieces in the free space of pages whose side is one of sides, then on new pages.

    A group that one page already begun has room for goes there whole, not split over the first pages with room for
    some. Else a page with no room for one more piece of the group keeps none: the next try starts after it (linear, not
    quadratic, in the number of pages). A new page is filled at once; while more pieces are left than could fit on two,
    it is filled as the first full one was (the same blocks, free rectangles and layouts, its own pieces in them)."""
    rest, at, first, full = group.pieces, 0, 0, None   # rest[at:] left to place (no copy of the rest per page)
    whole = next((page for page in pages if page.side in sides and _holds(page, group, rest)), None)
    if whole is not None:
        while added := whole.add(group, rest, at):
            at += added
    while at < len(rest):
        n = 0
        while not n and first < len(pages):
            n = pages[first].add(group, rest, at) if pages[first].side in sides else 0
            first += not n
        if not n:
            pages.append(new_page())
            first = len(pages)  # filled until it holds no more of the group
            if full and len(rest) - at >= full[0]:
                n = _refill(pages[-1], *full[1:], rest, at)
            else:
                while added := pages[-1].add(group, rest, at + n):
                    n += added
                most = _most(pages[-1].region, group)
                if len(rest) - at - n >= most:  # no count of pieces left limited a choice: the next full page is the same
                    full = (n + most, pages[-1], [len(b.cells) for b, _, _ in pages[-1].blocks])
            if not n:   # impose's fit said one fits a sheet: a fresh sheet that takes none would be added forever
                raise UserError(f"{rest[at].component}: a {group.w:g} x {group.h:g} mm piece (bleed {group.bleed:g} mm) "
                                "fits no sheet with room for its crop marks")
        at += n


def _holds(page, group, rest) -> bool:
    """Whether a page has room for all of a group's pieces (tried on a copy of it: the page is left as it was)."""
    if len(rest) >= _most(page.region, group):
        return False
    trial, n = _Page(page.side, page.region, outer=page.outer), 0
    trial.free, trial.blocks, trial.fixed, trial.layouts = page.free, list(page.blocks), page.fixed, page.layouts
    while added := trial.add(group, rest, n):
        n += added
    return n == len(rest)


def _most(region, group) -> int:
    """More pieces of a group than any block in region could hold (rows are at least a trim apart, turned or not)."""
    side = min(group.w, group.h)
    return int((region.w / side + 1) * (region.h / side + 1)) + 1


def _refill(page, model, places, rest, at) -> int:
    """Fill a new page as model (a full page of the same group) was filled, with the first of rest[at:]; return how many.

    places: how many pieces each of model's blocks holds."""
    n = at
    for (block, x, y), count in zip(model.blocks, places):
        page.blocks.append((block._replace(cells=_cells(rest, n, n + count)), x, y))
        n += count
    n -= at
    page.free, page.layouts = model.free, model.layouts   # shared: a page replaces them, never changes them
    return n


def _cells(pieces, start: int, stop: int):
    """A block's pieces, pieces[start:stop]: a tuple, or a deck's run of pieces made when read (expand.Pieces' parts)."""
    found = pieces[start:stop]
    return tuple(found) if type(found) is list else found


def place(block, x, y) -> tuple:
    """The slots of a block whose bleed box starts at (x, y)."""
    pitch_x, pitch_y, b = block.w + block.gutter, block.row_pitch, block.bleed
    lefts = [x + col * pitch_x + b for col in range(block.cols)]
    tops = [y + row * pitch_y + b for row in range(block.rows)]
    shift = [pitch_x / 2 * (block.stagger and row % 2) for row in range(block.rows)]
    cells = block.cells  # each slot made in C passes, a block holds hundreds
    xs = chain.from_iterable(repeat(lefts, block.rows))   # unstaggered: a column's slots share one x, not a float each
    ys = chain.from_iterable(map(repeat, tops, repeat(block.cols)))   # row by row
    if block.stagger:
        xs = map(add, xs, chain.from_iterable(map(repeat, shift, repeat(block.cols))))
    fields = zip(map(_FRONT, cells), xs, ys, repeat(block.w), repeat(block.h), repeat(b), repeat(block.rotation),
                 repeat(None))
    return tuple(map(tuple.__new__, repeat(Slot), fields))


_FRONT, _BACK, _COMPONENT, _FACES = itemgetter(2), itemgetter(3), itemgetter(0), itemgetter(2, 3)  # of a Piece
_PLACE, _ART = itemgetter(1, 2, 3, 4, 5, 6, 7), itemgetter(0)   # a Slot's fields but its art; its art
_CELLS = attrgetter("cells")   # a Block's pieces


def cut_lines(block, x, y) -> tuple:
    """The cut lines (xs, ys) of a block whose bleed box starts at (x, y); none when its pieces are punched out one by
    one (a straight cut would nick the neighbouring rings)."""
    if block.punched:
        return (), ()
    pitch_x, pitch_y, b = block.w + block.gutter, block.row_pitch, block.bleed
    lefts = [x + col * pitch_x + b for col in range(block.cols)]
    tops = [y + row * pitch_y + b for row in range(block.rows)]
    xs = sorted({round(left + d, 4) for left in lefts for d in (0, block.w)})
    ys = sorted({round(top + d, 4) for top in tops for d in (0, block.h)})
    return xs, ys


def shares(slots) -> tuple:
    """Where each piece's art may paint when a neighbour's trim comes inside its bleed (shared bleed): up to that trim.

    One clip per slot, None when no neighbour's trim does (the whole bleed box; always so without a bleed, as no trim
    may come inside another). Slots are found on a grid of cells as large as the largest bleed box, so each piece is
    tested only against the pieces in the cells its bleed box touches.
    """
    clips: list = [None] * len(slots)
    if not any(map(attrgetter("bleed"), slots)):
        return tuple(clips)
    cell = max(max(slot.w, slot.h) + 2 * slot.bleed for slot in slots)
    grid: dict = {}
    for i, s in enumerate(slots):
        for gx in range(math.floor(s.x / cell), math.floor((s.x + s.w) / cell) + 1):
            for gy in range(math.floor(s.y / cell), math.floor((s.y + s.h) / cell) + 1):
                grid.setdefault((gx, gy), []).append(i)
    for i, slot in enumerate(slots):
        if not slot.bleed:
            continue
        box = slot.bleed_box
        left, top, right, bottom = box.x, box.y, box.x + box.w, box.y + box.h
        near = {j for gx in range(math.floor(left / cell), math.floor(right / cell) + 1)
                for gy in range(math.floor(top / cell), math.floor(bottom / cell) + 1) for j in grid.get((gx, gy), ())}
        for j in sorted(near):  # in the sheet's order: a bleed box reaching two neighbours is clipped as the sheet meets them
            other = slots[j]
            if j == i or not (other.x < right - EPS and left + EPS < other.x + other.w
                              and other.y < bottom - EPS and top + EPS < other.y + other.h):
                continue
            if other.x >= slot.x + slot.w - EPS:
                right = min(right, other.x)
            elif other.x + other.w <= slot.x + EPS:
                left = max(left, other.x + other.w)
            elif other.y >= slot.y + slot.h - EPS:
                bottom = min(bottom, other.y)
            elif other.y + other.h <= slot.y + EPS:
                top = max(top, other.y + other.h)
        if (left, top, right, bottom) != (box.x, box.y, box.x + box.w, box.y + box.h):
            clips[i] = (left, top, right - left, bottom - top)
    return tuple(clips)


def grown(rect, by):
    """A rectangle grown by a distance on every side."""
    return Rect(rect.x - by, rect.y - by, rect.w + 2 * by, rect.h + 2 * by)


def reach(start, direction, obstacles, bounds):
    """How far a mark may run from start in direction: MARK_LEN at most, inside bounds, stopping at any obstacle."""
    (x, y), (dx, dy) = start, direction
    if dx:
        limit = bounds.x + bounds.w - x if dx > 0 else x - bounds.x
    else:
        limit = bounds.y + bounds.h - y if dy > 0 else y - bounds.y
    limit = min(limit, MARK_LEN)
    for o in obstacles:
        across, low, high = (y, o.y, o.y + o.h) if dx else (x, o.x, o.x + o.w)
        if not low + EPS < across < high - EPS:
            continue
        if dx:
            near, far = (o.x - x, o.x + o.w - x) if dx > 0 else (x - o.x - o.w, x - o.x)
        else:
            near, far = (o.y - y, o.y + o.h - y) if dy > 0 else (y - o.y - o.h, y - o.y)
        if far > EPS:
            limit = min(limit, max(near, 0.0))
    return limit


def mark_starts(box, bleed, xs, ys):
    """Where a block's crop marks start, the way each runs and whether its cut line is inside the block (not an edge)."""
    off = max(MARK_OFFSET - bleed, CLEAR)
    inner_x, inner_y = set(xs[1:-1]), set(ys[1:-1])
    return ([((x, box.y - off), (0, -1), x in inner_x) for x in xs] + [((x, box.y + box.h + off), (0, 1), x in inner_x) for x in xs]
            + [((box.x - off, y), (-1, 0), y in inner_y) for y in ys] + [((box.x + box.w + off, y), (1, 0), y in inner_y) for y in ys])


def crowd(a, b, near=NEAR) -> bool:
    """True when two marks run side by side on different cut lines, less than near apart: a cutter may take either."""
    (ax1, ay1), (ax2, ay2) = a
    (bx1, by1), (bx2, by2) = b
    if (ax1 == ax2) != (bx1 == bx2):
        return False
    if ax1 == ax2:  # upright: across is x, along is y
        across, a_low, a_high, b_low, b_high = abs(ax1 - bx1), min(ay1, ay2), max(ay1, ay2), min(by1, by2), max(by1, by2)
    else:
        across, a_low, a_high, b_low, b_high = abs(ay1 - by1), min(ax1, ax2), max(ax1, ax2), min(bx1, bx2), max(bx1, bx2)
    return EPS < across < near - EPS and max(b_low - a_high, a_low - b_high) < near - EPS


def crop_marks(blocks, bounds, others=()):
    """Crop marks of placed blocks, each (segment, block index).

    Every cut line gets a mark at both ends, MARK_OFFSET from the trim (at least CLEAR outside the bleed), MARK_LEN
    long, or to its half of a gap another block faces it across (_own_half). A mark is cut short where it would come
    within CLEAR of another block's art or of other art on the sheet (others: rectangles), or within SPACING of a mark of another block drawn before it (a mark across its way gives
    way down to MARK_SHORT, when that lets it run MARK_SHORT at least); it is left out when less than MARK_SHORT
    remains (MARK_MIN where only the margin stops it). Where it would run beside a mark of another
    block on a cut line less than NEAR away, the two share the gap between their blocks, each in the half beside its
    own block (end to end: a cutter takes the mark nearer the piece), or, when that leaves either less than MARK_MIN
    or they do not face each other, it is left out (a neighbour's mark on the same line may mark that end). Marks of
    the lines inside blocks go first, so a block's edge gives way to a neighbour's inner cut line.
    blocks: (box, bleed, xs, ys) with box the block's bleed box.
    """
    kept: list = []
    boxes = [grown(box, CLEAR) for box, *_ in blocks]
    others = [grown(box, CLEAR) for box in others]
    starts = [(not inner, k, start, direction) for k, (box, bleed, xs, ys) in enumerate(blocks)
              for start, direction, inner in mark_starts(box, bleed, xs, ys)]
    for _, k, (x, y), (dx, dy) in sorted(starts, key=lambda item: item[:2]):
        fixed = boxes[:k] + boxes[k + 1:] + others
        pull, half = _own_half((x, y), (dx, dy), k, blocks)
        x, y = x - dx * pull, y - dy * pull
        length = min(reach((x, y), (dx, dy), fixed + _in_way(kept, k, (x, y), (dx, dy)), bounds), half)
        if length < min(MARK_SHORT, half) - EPS:   # a mark across its way, drawn before it, may give way down to MARK_SHORT
            made = _room(kept, k, (x, y), (dx, dy))
            longer = min(reach((x, y), (dx, dy), fixed + _in_way(made, k, (x, y), (dx, dy)), bounds), half)
            if longer >= min(MARK_SHORT, half) - EPS:
                kept, length = made, longer
        shortest = MARK_MIN if length >= min(reach((x, y), (dx, dy), (), bounds), half) - EPS else MARK_SHORT
        mark = ((x, y), (x + dx * length, y + dy * length))
        if length < shortest - EPS:
            continue
        crowded = [n for n, (seg, owner) in enumerate(kept) if owner != k and crowd(mark, seg)]
        if crowded:
            shared = _halves(mark, [kept[n][0] for n in crowded])
            if shared is None:
                continue
            mark, theirs = shared
            for n, seg in zip(crowded, theirs):
                kept[n] = (seg, kept[n][1])
        kept.append((mark, k))
    return kept


def _own_half(start, direction, k: int, blocks) -> tuple[float, float]:
    """(how far block k's mark is drawn back from start towards its block, how far it may then run) in a gap another
    block's marks face it across: to the middle of the room between the two blocks' marks, less CLEAR/2, so that a cut
    through the gap leaves each block its own marks. Where that leaves less than MARK_MIN, both blocks' marks start
    CLEAR off their bleed instead of MARK_OFFSET off their trim (blocks of no bleed 9.5 mm apart). (0, MARK_LEN) where
    no block faces it, or where even that leaves less than MARK_MIN: then _halves decides."""
    (x, y), (dx, dy) = start, direction
    own = max(MARK_OFFSET - blocks[k][1], CLEAR) - CLEAR   # how far this block's marks may come back
    facing = []   # (room between the two blocks' mark starts, how far the other's may come back)
    for j, (box, bleed, xs, ys) in enumerate(blocks):
        across, low, high = (y, box.y, box.y + box.h) if dx else (x, box.x, box.x + box.w)
        if j == k or not (ys if dx else xs) or not low - NEAR < across < high + NEAR:   # punched: no marks
            continue
        if dx:
            ahead = box.x - x if dx > 0 else x - box.x - box.w
        else:
            ahead = box.y - y if dy > 0 else y - box.y - box.h
        theirs = max(MARK_OFFSET - bleed, CLEAR)
        if 0 < ahead - theirs < 2 * MARK_LEN + CLEAR:
            facing.append((ahead - theirs, theirs - CLEAR))
    narrow = [(room - CLEAR) / 2 < MARK_MIN - EPS for room, _ in facing]   # no room for two halves as they start
    pull = own if any(tight and (room + own + back - CLEAR) / 2 >= MARK_MIN - EPS
                      for tight, (room, back) in zip(narrow, facing)) else 0.0
    halves = [(room + pull + (back if pull and tight else 0.0) - CLEAR) / 2 for tight, (room, back) in zip(narrow, facing)]
    return pull, min([MARK_LEN] + [half for half in halves if half >= MARK_MIN - EPS])


def _in_way(kept: list, k: int, start, direction) -> list:
    """The marks of other blocks that stop block k's mark from start, each grown by SPACING (but one facing it, which
    shares the gap with it: _halves)."""
    (x, y), (dx, dy) = start, direction
    return [grown(segment_box(seg), SPACING) for seg, owner in kept
            if owner != k and not _facing(((x, y), (x + dx, y + dy)), seg)]


def _room(kept: list, k: int, start, direction) -> list:
    """kept, each mark of another block that runs across the way of block k's mark from start (MARK_LEN long) cut to
    end SPACING short of its line, where that leaves it MARK_SHORT at least."""
    (x, y), (dx, dy) = start, direction
    path = segment_box(((x, y), (x + dx * MARK_LEN, y + dy * MARK_LEN)))
    made = []
    for seg, owner in kept:
        (a1, b1), (a2, b2) = seg
        crossing = (a1 == a2) == (dx != 0)   # upright against a mark running across, or the other way
        box = grown(segment_box(seg), SPACING)
        if owner != k and crossing and box.x < path.x + path.w and path.x < box.x + box.w and \
                box.y < path.y + path.h and path.y < box.y + box.h:
            line, first, tip = (x, a1, a2) if dy else (y, b1, b2)
            way = 1.0 if tip > first else -1.0
            length = (line - first) * way - SPACING
            if length >= MARK_SHORT - EPS and (line - tip) * way < SPACING:
                seg = (seg[0], (a1, b1 + way * length) if a1 == a2 else (a1 + way * length, b1))
        made.append((seg, owner))
    return made


def _facing(mark, other) -> bool:
    """True when other runs beside mark's line but not on it (0 to NEAR across), the other way, from a start ahead of
    mark's: the two marks point at each other from blocks on either side of a gap."""
    (x1, y1), (x2, y2) = mark
    (a1, b1), (a2, b2) = other
    if (x1 == x2) != (a1 == a2):
        return False
    across, start, way, other_start, other_way = ((abs(a1 - x1), y1, y2 - y1, b1, b2 - b1) if x1 == x2
                                                   else (abs(b1 - y1), x1, x2 - x1, a1, a2 - a1))
    return EPS < across < NEAR - EPS and way * other_way < 0 and (other_start - start) * way > 0


def _halves(mark, crowded: list):
    """(mark, each crowded mark) shortened to the half of the gap beside its own block, CLEAR between the halves, or
    None unless each crowded mark faces this one (runs the other way, towards its start) and every half keeps MARK_MIN."""
    (x1, y1), (x2, y2) = mark
    upright = x1 == x2
    start, end = (y1, y2) if upright else (x1, x2)
    way = 1.0 if end > start else -1.0
    least, theirs = abs(end - start), []
    for seg in crowded:
        (a1, b1), (a2, b2) = seg
        other, tip = (b1, b2) if upright else (a1, a2)
        if not _facing(mark, seg):
            return None
        half = ((other - start) * way - CLEAR) / 2   # end to end: CLEAR apart (SPACING keeps side-by-side marks apart)
        theirs.append(min(abs(tip - other), half))
        least = min(least, half)
    if least < MARK_MIN - EPS or min(theirs) < MARK_MIN - EPS:
        return None
    return _cut(mark, least), [_cut(seg, length) for seg, length in zip(crowded, theirs)]


def _cut(mark, length: float):
    """A mark (start, end) cut to length from its start."""
    (x1, y1), (x2, y2) = mark
    ratio = length / math.hypot(x2 - x1, y2 - y1)
    return (x1, y1), (x1 + (x2 - x1) * ratio, y1 + (y2 - y1) * ratio)


def align(placed, region):
    """Blocks shifted a little across or down inside region (keeping GAP apart) so that the cut lines of neighbours
    either meet (one mark marks both) or, where their marks run side by side, lie at least APART apart (NEAR at the
    very least, below which one gives way); fewest crowding marks first, then the least shift.

    placed: (block, x, y) with (x, y) its bleed box's corner.
    """
    placed = list(placed)

    def box(i, x, y):
        return Rect(x, y, placed[i][0].width, placed[i][0].height)

    def marks(i, x, y):
        xs, ys = cut_lines(placed[i][0], x, y)
        return [(start, (start[0] + dx * MARK_LEN, start[1] + dy * MARK_LEN), inner)
                for start, (dx, dy), inner in mark_starts(box(i, x, y), placed[i][0].bleed, xs, ys)]

    def cost(i, x, y):
        """Crowding pairs with the other blocks, most pressing first: closer than NEAR on inner cut lines (neither may
        give way), closer than NEAR, closer than APART on inner cut lines, closer than APART."""
        mine = marks(i, x, y)
        theirs = [m for j, (_, ox, oy) in enumerate(placed) if j != i for m in marks(j, ox, oy)]
        pairs = [(a[2] and b[2], crowd(a[:2], b[:2])) for a in mine for b in theirs if crowd(a[:2], b[:2], APART)]
        return (sum(inner and near for inner, near in pairs), sum(near for _, near in pairs), sum(inner for inner, _ in pairs),
                len(pairs))

    def free(i, x, y):
        """True when block i at (x, y) stays inside region and GAP from every other block; moved towards an edge of the
        region, with room left there for its marks MARK_TIGHT long."""
        b, now, apart = box(i, x, y), box(i, *placed[i][1:]), grown(box(i, x, y), GAP - EPS)
        room = 0.0 if placed[i][0].punched else mark_room(placed[i][0].bleed, MARK_TIGHT) - EDGE   # < 0: room to spare
        left, top = (room if b.x < now.x else 0.0), (room if b.y < now.y else 0.0)
        right, bottom = (room if b.x > now.x else 0.0), (room if b.y > now.y else 0.0)
        inside = (region.x + left - EPS <= b.x and b.x + b.w <= region.x + region.w - right + EPS and
                  region.y + top - EPS <= b.y and b.y + b.h <= region.y + region.h - bottom + EPS)
        others = [box(j, ox, oy) for j, (_, ox, oy) in enumerate(placed) if j != i]
        return inside and not any(apart.x < o.x + o.w and o.x < apart.x + apart.w and apart.y < o.y + o.h and
                                  o.y < apart.y + apart.h for o in others)

    def spread(i, axis, d):
        """How far the blocks reach along an axis with block i shifted by d (less spread leaves more room for marks)."""
        spans = [(p[1 + axis] + d * (j == i), p[1 + axis] + d * (j == i) + (p[0].width, p[0].height)[axis])
                 for j, p in enumerate(placed)]
        return round(max(high for _, high in spans) - min(low for low, _ in spans), 4)

    for i, (block, x, y) in reversed(list(enumerate(placed))):  # the smaller blocks, placed later, move first
        if len(placed) < 2 or not any(cost(i, x, y)):
            continue
        for axis in (0, 1):
            x, y = placed[i][1:]
            mine = [m[0][axis] for m in marks(i, x, y) if m[0][axis] == m[1][axis]]
            theirs = [m[0][axis] for j, (_, ox, oy) in enumerate(placed) if j != i
                      for m in marks(j, ox, oy) if m[0][axis] == m[1][axis]]
            shifts = {0.0} | {round(b - a + d, 4) for a in mine for b in theirs for d in (-APART, -NEAR, 0.0, NEAR, APART)
                              if abs(b - a + d) <= 2 * APART}
            options = [(cost(i, x + d * (axis == 0), y + d * (axis == 1)), spread(i, axis, d), abs(d), d)
                       for d in sorted(shifts) if not d or free(i, x + d * (axis == 0), y + d * (axis == 1))]
            d = min(options)[-1]
            placed[i] = (block, x + d * (axis == 0), y + d * (axis == 1))
    return placed


def segment_box(segment):
    """The bounding rectangle of a segment."""
    (x1, y1), (x2, y2) = segment
    return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def finish(page, area, bounds, in_order, shift_y=None, known=None):
    """A filled page as (sheet, back art of each slot, marks and grounds of its two-sided blocks).

    Its blocks go where arrange puts them, its pieces dealt over them in reading order (_dealt); in_order: a piece's
    group and place in the spec; known: the arrangements of the plan's pages so far, by their blocks' layouts and places
    (the full sheets of a group are arranged once).
    """
    key = (tuple((b[1:], x, y) for b, x, y in page.blocks), page.region,
           tuple(s.bleed_box for s in page.fixed), area, bounds, shift_y)
    known = {} if known is None else known
    if key not in known:
        corners, marks = arrange(page, area, bounds, shift_y)
        known[key] = corners, marks, tuple(seg for seg, _ in marks)
    corners, marks, segments = known[key]
    grounds, back_of = [], dict(page.back_of)
    placed = _dealt(tuple((block, x, y) for (block, _, _), (x, y) in zip(page.blocks, corners)), in_order)
    for block, x, y in placed:
        if len(block.cells) > 1:
            grounds.append((Rect(x, y, block.width, block.height), bool(block.cells[0].back)))
        if block.cells[0].back:  # a two-sided block (a block's pieces all have backs, or none has)
            back_of.update((slot, back) for slot, back in zip(place(block, x, y), map(_BACK, block.cells)) if back)
    if page.fixed or back_of:   # slots of the kind's own layout, or backs found by slot: each Slot made once and kept
        slots = (*page.fixed, *chain.from_iterable(starmap(place, placed)))
    else:   # made when read, the places worked out once for each layout and count of pieces in the plan
        counts = (key, tuple(len(block.cells) for block, _, _ in placed))
        if counts not in known:
            known[counts] = tuple(map(_PLACE, chain.from_iterable(starmap(place, placed))))
        slots = Placed(_fronts(tuple(map(_CELLS, map(itemgetter(0), placed)))), known[counts])
    outline = draft(page)
    sheet = outline._replace(slots=slots, marks=segments, grounds=_once(known, tuple(box for box, _ in grounds)),
                             components=_once(known, outline.components))
    two_sided = [b for b, _, _ in page.blocks if b.cells[0].back]
    reverse = Sheet("back", (), tuple(seg for seg, k in marks if page.blocks[k][0].cells[0].back) if two_sided else (), (),
                    tuple(dict.fromkeys((page.components if page.back_of else ()) + tuple(c.component for b in two_sided for c in b.cells))),
                    grounds=_once(known, tuple(box for box, two in grounds if two)))
    return sheet, back_of, reverse


def _dealt(placed: tuple, in_order) -> tuple:
    """Placed blocks (block, x, y) with each group's pieces dealt over the group's blocks top to bottom, then left to
    right, each row by row, in the order the spec lists them: they read in order on the sheet however the blocks were
    packed (a block of pieces gathered onto the sheet, a piece laid first, a block in the room beside another group's).
    in_order: a piece's group, then its place in the spec; each block holds a run of its group's pieces in that order."""
    by_group: dict = {}
    for k in sorted(range(len(placed)), key=lambda k: (placed[k][2], placed[k][1])):
        by_group.setdefault(in_order(placed[k][0].cells[0])[0], []).append(k)
    dealt = list(placed)
    for held in by_group.values():
        firsts = [in_order(placed[k][0].cells[0]) for k in held]
        if firsts == sorted(firsts):   # the runs one after another: already in order
            continue
        pieces = sorted(chain.from_iterable(placed[k][0].cells for k in held), key=in_order)
        for k in held:
            block, x, y = placed[k]
            dealt[k] = (block._replace(cells=tuple(pieces[:len(block.cells)])), x, y)
            del pieces[:len(block.cells)]
    return tuple(dealt)


def _fronts(cells: tuple):
    """The fronts of a sheet's blocks of pieces (cells: each block's): the keys its pieces hold, or of a deck's, one run
    of its Keys, or else read from its runs when asked for (Fronts)."""
    if all(type(run) is tuple for run in cells):
        return tuple(map(_FRONT, chain.from_iterable(cells)))
    return run_keys(cells) or Fronts(cells)


def _once(known: dict, value: tuple) -> tuple:
    """A sheet's tuple (its grounds, its components) as the first sheet of the plan with one equal to it holds it: the
    full sheets of a deck share theirs."""
    return known.setdefault(("once", value), value)


def arrange(page, area, bounds, shift_y=None):
    """Where a filled page's blocks go and their crop marks: (bleed box corner of each block, marks as crop_marks gives).

    Blocks and their crop marks are centred between the marks' bounds, across and down (unless the page has
    own-layout slots or shift_y sets their bottom), each block keeping room for its marks MARK_MIN long at the least:
    marks at the sheet's edges come out alike, as long as room allows.
    """
    placed = align(page.blocks, page.region)
    bottom = max(y + b.height for b, _, y in placed) if placed else area.y

    def centred(reach, start, size):
        """The shift that centres the blocks with their marks reach(length) long between start and start + size,
        as long as every mark keeps MARK_TIGHT (where it had room for that), and MARK_MIN at the least."""
        low, high = min(reach(MARK_LEN)[0], default=start), max(reach(MARK_LEN)[1], default=start + size)
        shift = start + (size - (high - low)) / 2 - low
        low, high = min(reach(MARK_TIGHT)[0], default=start), max(reach(MARK_TIGHT)[1], default=start + size)
        shift = min(max(shift, start - low), start + size - high)
        low, high = min(reach(MARK_MIN)[0], default=start), max(reach(MARK_MIN)[1], default=start + size)
        return min(max(shift, start - low), start + size - high)

    def out(block, length):
        if block.punched:
            return EDGE if length else 0.0
        return max(mark_room(block.bleed, length), EDGE) if length > MARK_TIGHT else mark_room(block.bleed, length)

    dx = centred(lambda n: ([x - out(b, n) for b, x, _ in placed], [x + b.width + out(b, n) for b, x, _ in placed]),
                 bounds.x, bounds.w)
    dy = 0.0 if page.fixed else centred(lambda n: ([y - out(b, n) for b, _, y in placed],
                                                   [y + b.height + out(b, n) for b, _, y in placed]), bounds.y, bounds.h)
    if shift_y is not None:
        dy = shift_y - bottom
    corners = tuple((x + dx, y + dy) for _, x, y in placed)
    blocks = [(Rect(x, y, block.width, block.height), block.bleed, *cut_lines(block, x, y))
              for (block, _, _), (x, y) in zip(placed, corners)]
    return corners, tuple(crop_marks(blocks, bounds, [s.bleed_box for s in page.fixed]))


def draft(page):
    """A filled page's sheet before its pieces are placed: its side, components and note, no slots or marks (enough to
    count the sheets and to write page 1's list)."""
    components = dict.fromkeys(page.components)
    for block, _, _ in page.blocks:
        components.update(dict.fromkeys(map(_COMPONENT, block.cells)))
    note = "; ".join(n for n in (page.note, PUNCH_NOTE if any(b.punched for b, _, _ in page.blocks) else "") if n)
    return Sheet(page.side, (), (), (), tuple(components), note)


def panels(comp, piece, area, bounds):
    """Split a board too large for the sheet into overlapping panels, each turned a quarter on the sheet when that takes
    fewer sheets (a landscape board on portrait paper).

    Where two panels overlap, the earlier one (left, or above) carries the overlap as a shaded glue tab with the
    alignment targets in it; the later one goes on top, its edge on the tab's inner line, and hides the tab.
    Windows are in board trim coordinates; every panel prints the board's bleed around its trim.
    """
    b = comp.bleed
    area = Rect(area.x + b, area.y + b, area.w - 2 * b, area.h - 2 * b)
    grid = panel_grid(comp, area)
    nx, ny, pw, ph, overlap, sideways = len(grid.xs), len(grid.ys), grid.w, grid.h, grid.overlap, grid.sideways
    sw, sh = (ph, pw) if sideways else (pw, ph)   # the panel as it lies on the sheet
    x, y = area.x + (area.w - sw) / 2, area.y + (area.h - sh) / 2
    on_sheet = _turned_rect(x, y, ph) if sideways else (lambda r: Rect(x + r.x, y + r.y, r.w, r.h))
    sheets = []
    for j, top in enumerate(grid.ys):
        for i, left in enumerate(grid.xs):
            window = Rect(left, top, pw, ph)  # on the board, trim coordinates
            slot = Slot(piece.front, x, y, sw, sh, b, 90 if sideways else 0, window)
            tabs = ([Rect(pw - overlap, 0, overlap, ph)] if i < nx - 1 else []) + \
                   ([Rect(0, ph - overlap, pw, overlap)] if j < ny - 1 else [])   # on the panel, as on the board
            targets = [on_sheet(Rect(*point, 0, 0))[:2] for t in tabs for f in (0.2, 0.5, 0.8)
                       for point in [(t.x + t.w / 2, t.y + f * t.h) if t.h == ph else (t.x + f * t.w, t.y + t.h / 2)]]
            marks = crop_marks([(slot.bleed_box, b, (x, x + sw), (y, y + sh))], bounds)
            number = j * nx + i + 1
            note = f"panel {number} of {nx * ny} (row {j + 1}, column {i + 1}): overlap {overlap:g} mm" if nx * ny > 1 \
                else ""   # a board just too large for a block's crop marks: on its sheet whole, nothing to join
            if tabs:
                note += ", shaded: glue tab, hidden by the next panel"
            assembly = assembly_map(slot, area, nx, ny, i, j, overlap, ph / pw, sideways)
            if sideways and assembly is None:   # else the map says so
                note = f"{note}; {TURNED}" if note else TURNED
            sheets.append(Sheet("single", (slot,), tuple(seg for seg, _ in marks), tuple(targets), (comp.id,), note,
                                assembly=assembly, tabs=tuple(map(on_sheet, tabs))))
    return sheets


def _turned_rect(x: float, y: float, height: float):
    """Where a rectangle of a panel height mm tall lands on the sheet once the panel is turned a quarter clockwise with
    its top-left corner at (x, y)."""
    return lambda r: Rect(x + height - r.y - r.h, y + r.x, r.h, r.w)


ASSEMBLY_CELLS = (9.0, 7.0, 5.5)    # widths of one panel on the assembly map, the largest that has room first
ASSEMBLY_TEXT = 70.0   # room beside the map for its caption
ASSEMBLY_LINES = 4     # caption lines at most, 4 mm apart


def assembly_map(slot, area, cols, rows, col, row, overlap, shape, turned=False):
    """The assembly map for one panel (shape: its height over its width on the board; turned: it lies turned a quarter on
    the sheet, which the map's caption says in a line more): in the free band above the panel, else below it; None when
    neither has room."""
    if cols * rows == 1:
        return None
    room = max(MARK_OFFSET, slot.bleed + CLEAR) + MARK_LEN + CLEAR
    above = (MARGIN + 1, slot.y - room)
    below = (slot.y + slot.h + room, area.y + area.h + EDGE)
    for cell_w in ASSEMBLY_CELLS:   # the largest map a band holds (a tall board's panels leave short bands)
        cell_h = cell_w * shape
        w, h = cols * cell_w + ASSEMBLY_TEXT, max(rows * cell_h, (ASSEMBLY_LINES + turned) * 4.0)
        for top, bottom in (above, below):
            if bottom - top >= h:
                return Assembly(area.x + (area.w - w) / 2, top + (bottom - top - h) / 2, cell_w, cell_h, cols, rows,
                                col, row, overlap, turned)
    return None


BACKS = ("duplex", "fold")
FOLD_NOTE = "fold on the dashed line, glue, then cut"


def impose(spec, pieces, paper, backs="duplex", drafted=False, grounds=None):
    """Plan all sheets for one paper size.

    Pieces of one size share a grid; larger groups are placed first and smaller ones fill the free space left on
    earlier sheets (single-sided pieces also on the fronts of duplex sheets). Two-sided pieces go on duplex pairs
    or on gutter-fold sheets; a component printed once (print: once) gets copy sheets of its own. Single-sided
    pieces also fill page 1 below the list of components (Plan.cover) when that saves a sheet.
    drafted: the plan's sheets as draft makes them (enough to count them), none of them finished. grounds: a dict
    given each component's shared ground as read (what the plan depends on beyond the pieces and their sizes).
    """
    width, height = paper_size(paper)
    area, bounds = printable_area(paper), mark_bounds(width, height)
    folding = backs == "fold"
    fold_y = area.y + area.h / 2
    half = Rect(area.x, area.y, area.w, fold_y - EDGE - area.y)
    own, panel_sheets, copy_pages, groups, by_component, keys = [], [], [], {}, {}, {}
    for part in pieces.parts if isinstance(pieces, Pieces) else (pieces,):   # each component's pieces, in order
        if type(part) not in (list, tuple) and part.component not in by_component:
            by_component[part.component] = part   # a data deck's, made when read (expand.Pieces): none made here
            continue
        for component, run in groupby(part, attrgetter("component")):
            found = by_component.setdefault(component, [])
            if type(found) is not list:
                found = by_component[component] = list(found)
            found.extend(run)
    for comp in spec.components:
        mine = by_component.get(comp.id, [])
        if not mine:
            continue
        kind = KINDS[comp.kind]
        if placing(comp) != "grid":
            own.append((comp, mine))
            continue
        w, h = comp.trim
        two_sided = comp.back is not None
        folds = two_sided and folding and fit(half, Group(w, h, comp.bleed, ()), 1)   # else, two-sided, a duplex pair
        room = half if folds else area
        alone = Group(w, h, comp.bleed, ())
        if not fit(_Page("single", room).inside(room, alone, MARK_MIN), alone, 1):   # as a fresh sheet takes a block
            if not panelled(kind, comp.options) or two_sided:
                raise spec_error(spec, ("components", comp.id), f"{w:g} x {h:g} mm (bleed {comp.bleed:g} mm) does not "
                                 f"fit on {paper} paper ({area.w:g} x {area.h:g} mm usable)")
            for piece in mine:
                panel_sheets += panels(comp, piece, area, bounds)
            continue
        if comp.printing == "once":   # each face once: the first piece of each front and back
            firsts = {}
            for piece in mine:
                firsts.setdefault(_FACES(piece), piece)
            copy_pages += copy_sheets(Group(w, h, comp.bleed, tuple(firsts.values())), room,
                                      "fold" if folds else "front" if two_sided else "single")
            continue
        ground = shared_ground(spec, mine)
        if grounds is not None:
            grounds[comp.id] = ground
        key = (round(w, 4), round(h, 4), comp.bleed, two_sided, ground, folds)
        keys[comp.id] = key
        groups[key] = groups[key]._replace(pieces=(*groups[key].pieces, *mine)) if key in groups \
            else Group(w, h, comp.bleed, mine if type(mine) is not list else tuple(mine),
                       (comp.bleed if round_cut(comp) else 0.0) if ground else None, bool(ground and round_cut(comp)), key)
    by_size = sorted(groups.items(), key=lambda item: -(item[1].w + 2 * item[1].bleed) * (item[1].h + 2 * item[1].bleed))
    order = [(key[3], group) for key, group in sorted(by_size, key=lambda item: not item[0][3])]

    rank = {comp.id: n for n, comp in enumerate(spec.components)}

    def in_order(piece) -> tuple:
        """A piece's group (a component printed once: its own), then where the spec lists it: its component's place,
        then its number in the component."""
        return keys.get(piece.component, piece.component), rank[piece.component], piece.index

    def packed(cover=None):
        """The pages with the groups packed in order, single-sided ones first on the cover (page 1) while it has room."""
        pages = [page for comp, mine in own
                 for page in own_layout(comp, mine, area, (width, height), half if folding else None)]
        for two_sided, group in order:
            if cover and not two_sided:
                group = group._replace(pieces=group.pieces[cover.add(group, group.pieces):])
                if not group.pieces:
                    continue
            if two_sided:   # folded, or on duplex pairs (in a fold-over build, a piece too large for half a sheet)
                side = "fold" if group.key[5] else "front"
                pack(group, pages, (side,), lambda: _Page(side, half if group.key[5] else area, outer=area))
            else:   # single-sided pieces also fill the fronts' free room on duplex and fold-over sheets
                pack(group, pages, ("single", "fold" if folding else "front"), lambda: _Page("single", area))
        group_of = lambda block: groups[keys[block.cells[0].component]]  # noqa: E731
        _rehome(pages, group_of, ("single", "fold" if folding else "front"))
        _gather(pages, group_of, ("single", "fold" if folding else "front"), in_order)
        return pages

    def plan(pages, cover=None, final=True):
        """The plan of packed pages: every sheet finished, or (final false) drafted."""
        known = {}  # arrangements by layout, for this plan
        done = (lambda page: finish(page, area, bounds, in_order, known=known)[0]) if final else draft
        sheets = [done(page) for page in pages if page.side == "single"] + panel_sheets
        sheets += [done(page) for page in copy_pages if page.side == "single"]
        for page in [p for p in pages + copy_pages if p.side != "single"]:
            if page.side == "fold":
                outline = draft(page)
                sheets.append(fold(page, area, bounds._replace(h=fold_y - bounds.y), fold_y, in_order, known) if final else
                              outline._replace(note=fold_note(outline.note)))
                continue
            front, back_of, reverse = finish(page, area, bounds, in_order, known=known) if final else (draft(page), {}, None)
            sheets += [front, mirror(front, width, back_of, reverse, flip_edge(width, height))]
        if not (cover and cover.blocks):
            return Plan(paper, width, height, tuple(sheets))
        if not final:
            return Plan(paper, width, height, tuple(sheets), draft(cover))
        bottom = max(y + block.height for block, _, y in cover.blocks)  # centred in the room below the list
        return Plan(paper, width, height, tuple(sheets),
                    finish(cover, area, bounds, in_order, shift_y=(bottom + area.y + area.h) / 2)[0])

    plain_pages = packed()
    if all(two_sided for two_sided, _ in order):  # page 1 takes single-sided pieces only: there are none to try there
        return plan(plain_pages, final=not drafted)
    plain = plan(plain_pages, final=False)
    top = list_bottom(plain, spec) + GAP  # the list's length depends on the plan: measured on the plain one
    room = Rect(area.x, top, area.w, area.y + area.h - top)
    if not own and len(order) == 1 and _short(room, area, order[0][1], plain_pages[-1]):
        if drafted:
            return plain
        del plain   # its drafted sheets let go before the finished ones are made
        return plan(plain_pages)
    cover = _Page("single", room, outer=area)
    covered_pages = packed(cover)
    covered = plan(covered_pages, cover, final=False)
    saves = len(covered.sheets) < len(plain.sheets) and list_bottom(covered, spec) + GAP <= top + EPS
    if drafted:
        return covered if saves else plain
    del plain, covered
    return plan(covered_pages, cover) if saves else plan(plain_pages)


def _rehome(pages: list, group_of, sides: tuple) -> None:
    """Take each page that holds one piece alone off the list when another page of sides holds it with all of its own
    pieces, laid out again with the lone piece first (pieces packed in order can leave a sheet's room in strips too
    narrow for it): a sheet saved. group_of: a block's Group."""
    for lone in [p for p in pages if p.side == "single" and not p.fixed and len(p.blocks) == 1 and len(p.blocks[0][0].cells) == 1]:
        for n in range(len(pages) - 1, -1, -1):
            target = pages[n]
            if target is lone or target.side not in sides or target.fixed:
                continue
            trial = _Page(target.side, target.region, note=target.note, components=target.components, outer=target.outer)
            if all(_takes(trial, group_of(block), block.cells) for block, _, _ in [lone.blocks[0], *target.blocks]):
                pages[n] = trial
                pages.remove(lone)
                break


def _gather(pages: list, group_of, sides: tuple, in_order) -> None:
    """Move a block of a group's pieces off a page of sides that holds other pieces too onto another page holding more
    of the group, where that one has room for them, the smallest blocks first (packed in order, the group took the room
    of earlier pages before its own last page, which kept room): as many pages, the group on fewer (Granny's Pills' four
    pill tiles beside the turn card join the tiles' last sheet). Both pages are laid out again in their blocks' order,
    the group's pieces as one block where its first was on the page they join, in order. group_of: a block's Group;
    in_order: a piece's group and place in the spec."""
    def count(page, key) -> int:
        return sum(len(block.cells) for block, _, _ in page.blocks if id(group_of(block)) == key)
    for i in range(len(pages)):
        tried = 0
        while not pages[i].fixed and pages[i].side in sides and tried < len(pages[i].blocks) > 1:
            source = pages[i]
            block = sorted((block for block, _, _ in source.blocks), key=lambda block: len(block.cells))[tried]
            group = group_of(block)
            key, here = id(group), count(source, id(group))
            tried += 1
            held = [(got, n) for n, page in enumerate(pages) if n != i and not page.fixed and page.side in sides
                    and (got := count(page, key)) > here]   # the pages holding more of the group, most first below
            for _, n in sorted(held, reverse=True):
                left, target = (_Page(page.side, page.region, note=page.note, components=page.components,
                                      outer=page.outer) for page in (source, pages[n]))
                mine = [piece for kept, _, _ in pages[n].blocks if id(group_of(kept)) == key for piece in kept.cells]
                joined: list = []   # the target's blocks in their order, the group's pieces as one where its first was
                for kept, _, _ in pages[n].blocks:
                    if id(group_of(kept)) != key:
                        joined.append((group_of(kept), kept.cells))
                    elif mine:
                        joined.append((group, sorted(mine + list(block.cells), key=in_order)))
                        mine = []
                if all(_takes(target, *laid) for laid in joined) and all(
                        _takes(left, group_of(kept), kept.cells) for kept, _, _ in source.blocks if kept is not block):
                    pages[n], pages[i], tried = target, left, 0
                    break


def _takes(page, group, cells) -> bool:
    """Whether a page takes all of cells (pieces of group), placing them."""
    n = 0
    while added := page.add(group, cells, n):
        n += added
    return n == len(cells)


def _short(room, area, group, last) -> bool:
    """Whether page 1's room below the list holds fewer of a group's pieces than the last page of the group's own (the
    plan's only group) holds: the first pieces taken there, the rest fill as many pages, so no sheet is saved."""
    return _Page("single", room, outer=area).add(group, group.pieces) < sum(len(b.cells) for b, _, _ in last.blocks)


def copy_sheets(group, area, side):
    """Sheets of a component printed once, to be copied: its faces once each, a single face repeated to fill the sheet."""
    pages = []
    if len(group.pieces) == 1:  # as many copies as the sheet holds, in as few blocks as they take
        pages.append(_Page(side, area, note=COPY_NOTE))
        copies = list(group.pieces) * math.ceil(area.w * area.h / (group.w * group.h))
        while pages[-1].add(group, copies):
            pass
    else:
        pack(group, pages, (side,), lambda: _Page(side, area, note=COPY_NOTE))
    for page in pages:
        per_sheet = sum(len(block.cells) for block, _, _ in page.blocks)
        page.note = f"{COPY_NOTE} ({per_sheet} per sheet)" if len(group.pieces) == 1 else COPY_NOTE
    return pages


def fold(page, area, bounds, fold_y, in_order, known=None):
    """A gutter-fold sheet: fronts set down to EDGE above the fold line, each back mirrored below it, turned so that it
    stands upright when its piece is turned over side to side (an upright front's by 180 degrees, a front turned 90
    degrees on the sheet's the same way as its front), with the marks (a cut line's marks beyond the fold too) and the
    backs' ground; below a single-sided piece, only plain paper (no marks: as on a duplex back)."""
    ends = [(bool(block.cells[0].back), y + block.height) for block, _, y in page.blocks]
    ends += [(True, s.bleed_box.y + s.bleed_box.h) for s in page.fixed]   # a kind's own layout: two-sided (hex tiles)
    shift_y = fold_y - EDGE
    if max((end for backed, end in ends if not backed), default=0.0) > \
            max((end for backed, end in ends if backed), default=math.inf) + EPS:   # single-sided pieces nearest the fold
        page = _upside_down(page, Rect(area.x, area.y, area.w, shift_y - area.y) if page.fixed else page.region)
        shift_y = None if page.fixed else shift_y   # a kind's own layout stays where it is turned to, its blocks too
    front, back_of, reverse = finish(page, area, bounds, in_order, shift_y=shift_y, known=known)
    backs = tuple(Slot(back_of[s], s.x, 2 * fold_y - s.y - s.h, s.w, s.h, s.bleed, turn(-s.rotation, 180))
                  for s in front.slots if s in back_of)
    marks = front.marks + tuple(((a[0], 2 * fold_y - a[1]), (b[0], 2 * fold_y - b[1])) for a, b in reverse.marks)
    grounds = front.grounds + tuple(Rect(g.x, 2 * fold_y - g.y - g.h, g.w, g.h) for g in reverse.grounds)
    note = fold_note(front.note)
    return Sheet("fold", tuple(front.slots) + backs, marks, (), front.components, note, (fold_y,), grounds=grounds)


def _upside_down(page, span):
    """A fold-over page turned upside down in span (its region, or the half above the fold for a kind's own layout): the
    single-sided pieces packed below the two-sided ones go above them, with room for their marks below, and the
    two-sided ones come nearest the fold."""
    def turned(y, h):
        return span.y + span.y + span.h - y - h
    fixed = {s: s._replace(y=turned(s.y, s.h)) for s in page.fixed}
    back_of = {fixed.get(s, s): back for s, back in page.back_of.items()}
    region = page.region._replace(y=turned(page.region.y, page.region.h))
    twin = _Page(page.side, region, tuple(fixed.values()), back_of, page.note, page.components, page.outer)
    twin.blocks = [(block, x, turned(y, block.height)) for block, x, y in page.blocks]
    return twin


def fold_note(note):
    """A gutter-fold sheet's note: how to fold it, then its pieces' own note."""
    return "; ".join(n for n in (FOLD_NOTE, note) if n)


def own_layout(comp, pieces, area, page, half=None):
    """Pages of a kind that lays out its own pieces (Kind.layout), e.g. tessellated hex tiles; free space below them.

    page: the paper's width and height (mm).

    half: the top half of a fold-over sheet; two-sided pieces then go in it, their backs mirrored below the fold.
    """
    from . import hexsheet  # lazy: start-up (only hex tiles are laid out by a kind of their own)
    layouts = {"hex": hexsheet.sheets}
    folding = half is not None and comp.back is not None
    room = half if folding else area
    laid = layouts[placing(comp)](comp, pieces, room, page)
    pages = []
    for sheet, after in zip(laid, laid[1:] + [None]):
        if sheet.side == "back":
            continue
        back_of = {s: b.art for s, b in zip(sheet.slots, after.slots)} if after and after.side == "back" else {}
        below = max(s.bleed_box.y + s.bleed_box.h for s in sheet.slots) + GAP
        free = Rect(room.x, below, room.w, room.y + room.h - below)
        pages.append(_Page("fold" if folding else sheet.side, free, sheet.slots, back_of, sheet.note, sheet.components, area))
    return pages
