"""Sheet PDFs written directly: pages of PDF operators in mm, shared faces as Form XObjects, exact page boxes."""
import functools
from array import array
from collections.abc import Sequence
from itertools import compress, count, repeat
from operator import add, is_, sub

from ..draw import content, typeface
from . import pdffile
from ..units import PT_PER_MM


PAGE_BASE = f"{PT_PER_MM:.6f} 0 0 -{PT_PER_MM:.6f} 0 {{}} cm"  # page units: mm, y down from the top-left corner
UPRIGHT = (1, 0, 0, 1, 0, 0)
UNTURNED = UPRIGHT[:4]
TURNS = {0: (1, 0, 0, 1), 90: (0, 1, -1, 0), 180: (-1, 0, 0, -1), -90: (0, -1, 1, 0)}


class Document:
    """A sheet PDF written once, as content streams in mm: faces and furniture as PDF operators, their text in the bundled
    Vera (each weight embedded once, as a subset), one Form XObject for a face used more than once, see-through groups as
    transparency groups, the designer's images and SVG art as XObjects."""

    def __init__(self, width, height, file=None):
        self.width, self.height = width, height
        self.file = pdffile.File() if file is None else file  # file: one holding objects already (a rulebook's typeset pages)
        self.resources = self.file.reserve()
        self.pages, self.ops, self.top = Pages(), [], []  # the page's faces, then its furniture
        self.shared, self.forms, self.xobjects = set(), {}, {}
        self.alphas, self.chars = set(), {}  # the opacities set, the characters set in each font
        self.art = {}  # resource name -> (path, spec folder) of the designer's images and SVG art
        self.cursor = None  # origin of the open run of placements by translation, if any
        self.moves = {}  # (form, dx, dy) -> the operators of that step of a run
        self.boxes = {}  # (id of rectangles, colour) -> (them, their fills): a layout's grounds repeat from sheet to sheet
        self.parent = None  # the number of the pages' parent, once save reserves it

    def share(self, key):
        """Mark an artwork to be stored once and placed by reference wherever it is used."""
        self.shared.add(key)

    def paint(self, picture, matrix=None, clip=None, key=None):
        """Draw an artwork (an svg.Drawing, or a face already Written) whose top-left goes where matrix (mm, y down) says."""
        matrix = matrix or UPRIGHT
        name = self.forms.get(key) if key is not None else None
        if name is None:
            face = written(picture)
            self._take(face)
            if key not in self.shared:
                self._end_run()
                self.ops.append(" ".join(["q", *_clip(clip), *_move(matrix),
                                          *_clip((0, 0, face.width, face.height)), face.ops, "Q"]))  # as a form's BBox
                return
            name = self._form(key, face.ops, face)
        if clip is None and matrix[:4] == UNTURNED:
            self._run(name, matrix[4], matrix[5])
        else:
            self._end_run()
            self.ops.append(" ".join(["q", *_clip(clip), *_move(matrix), name, "Do Q"]))

    def fill(self, rects, rgb):
        """Paint rectangles (x, y, w, h in mm) in one colour ('r g b' operands), one after another, under what is
        painted next. The operators are kept by the rectangles' identity (a layout's, repeated from sheet to sheet),
        the rectangles held with them so that no other object takes that identity."""
        if self.cursor is not None:
            self._end_run()
        found = self.boxes.get((id(rects), rgb))
        if found is None:
            found = self.boxes[id(rects), rgb] = (rects, "\n".join(f"q {rgb} rg {' '.join(map(content.n, rect))} re f Q"
                                                                    for rect in rects))
        self.ops.append(found[1])

    def furniture(self, make, key=None):
        """Draw sheet furniture from make() (a drawing, or one written) over the faces; a key stores it once as a form."""
        self._end_run()
        name = self.forms.get(key) if key is not None else None
        if name is None:
            drawing = make()
            face = written(drawing)
            self._take(face)
            if key is None:
                self.top.append(face.ops)
                return
            name = self._form(key, face.ops, drawing, "/S")
        self.top.append(f"{name} Do")

    def next_page(self, slots=()):
        """End the page; its trim and bleed boxes enclose the slots' (the whole page when it has none)."""
        self._end_run()
        parts = [ops for ops in (self.ops, self.top) if ops]  # faces, then furniture: identical parts are stored once
        base = PAGE_BASE.format(content.n(self.height * PT_PER_MM))
        parts = [[base] + parts[0]] + parts[1:] if parts else [[base]]
        self.pages.append([self.file.stream("\n".join(ops).encode("latin-1")) for ops in parts], extent(slots))
        self.ops, self.top = [], []

    def next_form(self, width, height):
        """End the page as a Form XObject trimmed to its top-left width x height mm, in the page's points; return its number."""
        self._end_run()
        top = float(content.n(self.height * PT_PER_MM))
        low = f"{top - height * PT_PER_MM:.4f}".rstrip("0").rstrip(".")
        ops = "\n".join([PAGE_BASE.format(content.n(top)), *self.ops, *self.top])
        self.ops, self.top = [], []
        right = f"{width * PT_PER_MM:.4f}".rstrip("0").rstrip(".")
        return self.file.stream(ops.encode("latin-1"), f" /Type /XObject /Subtype /Form /BBox [0 {low} {right} {content.n(top)}]"
                                f" /Matrix [1 0 0 1 0 {pdffile._n(-float(low))}] /Resources {self.resources} 0 R")

    def _take(self, face):
        """Note what a written face needs from the file: opacities, characters, the designer's files, see-through groups."""
        if face.alphas:
            self.alphas.update(face.alphas)
        if face.chars:
            self._set(face.chars)
        if face.sources:
            self._use(face.sources)
        for name, ops in face.groups:
            if name not in self.xobjects:
                self.xobjects[name] = self.file.stream(ops.encode("latin-1"), f" /Type /XObject /Subtype /Form /BBox "
                                                       f"{content.GROUP_BOX} /Group << /S /Transparency >> "
                                                       f"/Resources {self.resources} 0 R")

    def _set(self, chars):
        """Note the characters written in each font, (resource name, characters) pairs."""
        for font, text in chars:
            self.chars.setdefault(font, set()).update(text)

    def _use(self, sources):
        """Note the designer's files a face uses: (resource name, path, spec folder) of fonts, images and SVG art."""
        for name, path, folder in sources:
            if name.startswith("/T"):
                typeface.DESIGNED.setdefault(name, path)
            else:
                self.art.setdefault(name, (path, folder))

    def _run(self, name, x, y):
        """Place a form at (x, y) by moving the origin from the last placement: runs of copies compress to almost nothing."""
        if self.cursor is None:
            self.ops.append("q")
            self.cursor = (0.0, 0.0)
        cx, cy = self.cursor
        step = (name, round(x - cx, 3), round(y - cy, 3))
        move = self.moves.get(step)
        if move is None:
            move = self.moves[step] = f"1 0 0 1 {content.n(step[1])} {content.n(step[2])} cm {name} Do"
        self.ops.append(move)
        self.cursor = (cx + step[1], cy + step[2])  # where the reader's origin now is

    def run(self, pictures, keys, dxs, dys, end) -> bool:
        """Place the artworks of keys, each shared (pictures[key] draws one not stored yet), one after another by the
        steps of document.steps in one go: what paint gives placing each upright, unclipped (a run of placements by
        translation). False, placing none, when a key is not shared or a run is open."""
        new = [key for key in dict.fromkeys(keys) if key not in self.forms]
        if self.cursor is not None or not self.shared.issuperset(new):
            return False
        for key in new:  # stored as paint stores each, in the order the sheet places them first
            picture = pictures[key]
            face = written(picture)
            self._take(face)
            self._form(key, face.ops, face)
        names = list(map(self.forms.get, keys))
        moves = list(map(self.moves.get, zip(names, dxs, dys)))
        for i in compress(count(), map(is_, moves, repeat(None))):  # steps not made before
            step = names[i], dxs[i], dys[i]
            moves[i] = self.moves[step] = f"1 0 0 1 {content.n(step[1])} {content.n(step[2])} cm {step[0]} Do"
        self.ops.append("q")
        self.ops += moves
        self.cursor = end
        return True

    def inline(self, pictures, keys, heads) -> bool:
        """Draw the artworks of keys, none shared, one after another as paint draws each upright and unclipped: in its
        own q, moved by its head (document.heads), clipped to its box. False, drawing none, when a key is shared."""
        if not self.shared.isdisjoint(keys) or not self.forms.keys().isdisjoint(keys):
            return False
        self._end_run()
        ops = self.ops
        for key, head in zip(keys, heads):
            picture = pictures[key]
            face = written(picture)
            if face.alphas or face.chars or face.sources or face.groups:
                self._take(face)
            ops.append(f"{head} {_clip((0, 0, face.width, face.height))[0]} {face.ops} Q")
        return True

    def _end_run(self):
        """Close an open run of placements."""
        if self.cursor is not None:
            self.ops.append("Q")
            self.cursor = None

    def _form(self, key, ops, drawing, prefix="/F"):
        """Store a written face (or sheet furniture, prefix /S) of drawing's size once as a Form XObject; return its name."""
        name = self.forms[key] = f"{prefix}{len(self.forms) + 1}"
        box = f"[0 0 {content.n(drawing.width)} {content.n(drawing.height)}]"
        self.xobjects[name] = self.file.stream(
            ops.encode("latin-1"), f" /Type /XObject /Subtype /Form /BBox {box} /Resources {self.resources} 0 R")
        return name

    def write_resources(self):
        """Write the resources every page and form shares: the designer's art, the fonts' subsets, the opacities."""
        file = self.file
        if self.art:
            from ..draw import art  # lazy: start-up (only a file with the designer's images or SVG art reads them)
        for name, (path, folder) in sorted(self.art.items()):
            self.xobjects[name] = art.xobject(file, name, path, folder)
        resources = (f" /XObject << {' '.join(f'{k} {v} 0 R' for k, v in sorted(self.xobjects.items()))} >>"
                     if self.xobjects else "")
        if self.chars:
            fonts = " ".join(f"{font} {typeface.embed(file, font, chars)} 0 R" for font, chars in sorted(self.chars.items()))
            resources += f" /Font << {fonts} >>"
        if self.alphas:
            states = " ".join(f"/{op}{content.n(v)} << /{op} {content.n(v)} >>" for op, v in sorted(self.alphas))
            resources += f" /ExtGState << {states} >>"
        file.set(self.resources, f"<<{resources} >>")

    def save(self, title, author, subject, whole=True):
        """The PDF bytes, the whole file written once (whole false: a large file as the temporary file it was put together
        in, pdffile.File.bytes)."""
        self.write_resources()
        file = self.file
        pages = self.parent = file.reserve()
        first, later = len(file.objects) + 1, pdffile.Later(lambda number: self._page(self.pages[number - first]))
        for _ in range(len(self.pages)):   # each page's dictionary made when the file is written, not held as text
            file.add(later)
        kids = range(first, len(file.objects) + 1)
        file.set(pages, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>")
        root = file.add(f"<< /Type /Catalog /Pages {pages} 0 R /ViewerPreferences << /PrintScaling /None >> >>")
        info = file.add(f"<< /Title {pdffile.string(title)} /Author {pdffile.string(author)} "
                        f"/Subject {pdffile.string(subject)} /Creator (pnp) /Producer (pnp) >>")
        return file.bytes(root, info, whole)

    def _page(self, page) -> str:
        """The dictionary of a page, (its content streams' numbers, its (trim, bleed)) as next_page noted them."""
        streams, (trim, bleed) = page
        media = [0, 0, self.width * PT_PER_MM, self.height * PT_PER_MM]
        bleed_box = _clamp(box(bleed, media[3]) if bleed else media, media)
        trim_box = _clamp(box(trim, media[3]) if trim else media, bleed_box)
        boxes = " ".join(f"/{k} [{' '.join(content.n(v) for v in b)}]"
                         for k, b in (("MediaBox", media), ("BleedBox", bleed_box), ("TrimBox", trim_box)))
        return (f"<< /Type /Page /Parent {self.parent} 0 R {boxes} /Resources {self.resources} 0 R "
                f"/Contents [{' '.join(f'{s} 0 R' for s in streams)}] >>")


class Pages(Sequence):
    """Each page's (content streams' numbers, (trim, bleed)) as next_page noted them: the numbers in one array, each
    page's (trim, bleed) as the number of one of the distinct ones (the full sheets of a deck share theirs), a few ints a
    page and no tuple."""

    def __init__(self):
        self.streams, self.ends, self.extents, self.found, self.kinds = array("i"), array("i"), [], {}, array("i")

    def append(self, streams: list, found: tuple) -> None:
        """Note a page: its content streams' numbers and its (trim, bleed)."""
        self.streams.extend(streams)
        self.ends.append(len(self.streams))
        kind = self.found.get(found)
        if kind is None:
            kind = self.found[found] = len(self.extents)
            self.extents.append(found)
        self.kinds.append(kind)

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        end = self.ends[index]
        index %= len(self)
        return tuple(self.streams[self.ends[index - 1] if index else 0:end]), self.extents[self.kinds[index]]


def written(picture) -> content.Written:
    """An artwork as written operators: a face already Written as it is, an svg.Drawing written now."""
    return picture if isinstance(picture, content.Written) else content.write(picture)


def steps(corners) -> tuple | None:
    """(dxs, dys, end) of a run placing forms at corners (x, y in mm) from a new run's origin, each step rounded as
    _run rounds it, end where the reader's origin is after the last; None without corners."""
    if not corners:
        return None
    dxs, dys, cx, cy = [], [], 0.0, 0.0
    for x, y in corners:
        dx, dy = round(x - cx, 3), round(y - cy, 3)
        dxs.append(dx)
        dys.append(dy)
        cx, cy = cx + dx, cy + dy
    return dxs, dys, (cx, cy)


def heads(corners) -> tuple:
    """The operators opening paint's drawing of an artwork placed upright and unclipped at each of corners (x, y in mm):
    q, and the move there unless it is the page's origin."""
    return tuple("q" if (x, y) == (0, 0) else f"q {content.cm((1, 0, 0, 1, x, y))}" for x, y in corners)


def place_slot(slot, art_size):
    """The matrix (mm, y down) that puts an artwork's top-left where a slot wants it, turned as the slot says."""
    if slot.rotation == 0 and slot.window is None:
        return (1, 0, 0, 1, slot.x - slot.bleed, slot.y - slot.bleed)
    aw, ah = art_size
    if slot.window is not None:   # a board panel: upright, or turned a quarter clockwise
        wx, wy = slot.window.x, slot.window.y
        if slot.rotation == 90:
            return (0, 1, -1, 0, slot.x + slot.w + slot.bleed + wy, slot.y - slot.bleed - wx)
        return (1, 0, 0, 1, slot.x - slot.bleed - wx, slot.y - slot.bleed - wy)
    shift = {0: (0, 0), 90: (ah, 0), 180: (aw, ah), -90: (0, aw)}[slot.rotation]
    return TURNS[slot.rotation] + (slot.x - slot.bleed + shift[0], slot.y - slot.bleed + shift[1])


def _move(matrix):
    """The operator placing an artwork by matrix, if it moves it at all."""
    return [content.cm(matrix)] if matrix != UPRIGHT else []


@functools.lru_cache(maxsize=1024)
def _clip(rect):
    """Operators clipping to a rectangle (mm), if any (a face's box repeats from face to face)."""
    return (f"{' '.join(map(content.n, rect))} re W n",) if rect else ()


def _clamp(inner, outer):
    """Shrink a box [x1 y1 x2 y2] to lie inside another."""
    return [max(inner[0], outer[0]), max(inner[1], outer[1]), min(inner[2], outer[2]), min(inner[3], outer[3])]


def extent(slots):
    """(trim, bleed): the unions (x1, y1, x2, y2 in mm, y down) of the slots' trim boxes and of their bleed boxes."""
    if not slots:
        return None, None
    _, xs, ys, ws, hs, bleeds, *_ = zip(*slots)  # a Slot's fields: art, x, y, w, h, bleed, ...
    rights, bottoms = list(map(add, xs, ws)), list(map(add, ys, hs))
    trim = (min(xs), min(ys), max(rights), max(bottoms))
    if not any(bleeds):
        return trim, trim
    return trim, (min(map(sub, xs, bleeds)), min(map(sub, ys, bleeds)), max(map(add, rights, bleeds)),
                  max(map(add, bottoms, bleeds)))


def box(union, page_height):
    """A union (x1, y1, x2, y2 in mm, y down) as a PDF box [x1 y1 x2 y2] in points, y up (page_height in pt)."""
    x1, y1, x2, y2 = union
    return [x1 * PT_PER_MM, page_height - y2 * PT_PER_MM, x2 * PT_PER_MM, page_height - y1 * PT_PER_MM]
