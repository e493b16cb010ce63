"""Fonts as PDF text: the bundled Vera and a designer's TTF/OTF files, glyph codes for content streams, each font
embedded once per file as a subset; metrics and outlines for measuring and for cairo."""
import codecs
import functools
import io
import json
import math
import re
import struct
from pathlib import Path
from ..records import NamedTuple

from .. import cache
from .. import digests
from ..digests import hexdigest, md5
from ..errors import UserError
from ..files import contained as inside

FONTS = Path(__file__).resolve().parent.parent / "fonts"
FACES = {"/V": ("Vera.ttf", "BitstreamVeraSans-Roman"), "/VB": ("VeraBd.ttf", "BitstreamVeraSans-Bold")}
LEAN = 12   # degrees: the lean of an italic made by skewing its upright
SLANT = math.tan(math.radians(LEAN))  # that lean as a skew, x moved per unit of height
EMBOLDEN = 0.03  # the outline stroke, in em, that thickens a bold made from its regular
DESIGNED = {}  # resource name (/T + digest) -> path of a designer's font file read in this process
MORE, WORDS, SCALE, XY_SCALE, TWO_BY_TWO, HINTED = 0x20, 0x01, 0x08, 0x40, 0x80, 0x100  # composite glyph flags


class Font(NamedTuple):
    """One TrueType font as read: its tables, each glyph's outline data, metrics in font units, and its Unicode map."""

    tables: dict
    glyphs: list
    metrics: list  # (advance, left side bearing) per glyph
    cmap: dict     # code point -> glyph id
    units: int     # units per em


def font_name(bold: bool) -> str:
    """The resource name of a weight of Vera in our PDFs."""
    return "/VB" if bold else "/V"


class Face(NamedTuple):
    """A font as a text run uses it: the resource name of its program, and what is synthesised from it."""

    resource: str   # /V, /VB, or /T... for a designer's file
    slant: bool     # italic made by skewing the upright by SLANT
    embolden: bool  # bold made by stroking the outline EMBOLDEN em wide

    @property
    def family(self) -> str:
        """The font's family name, as SVG text gives it."""
        return "Bitstream Vera Sans" if self.resource in FACES else _tt(self.resource)["name"].getDebugName(1) or "font"

    @property
    def name(self) -> str:
        """The font as messages name it."""
        base = FACES[self.resource][1] if self.resource in FACES else Path(DESIGNED[self.resource]).name
        return base + " (bold made by stroking)" * self.embolden + " (italic made by slanting)" * self.slant


class Family(NamedTuple):
    """The four styles markup can ask for; a style the designer gave no file for is synthesised."""

    regular: Face
    bold: Face
    italic: Face
    bold_italic: Face

    def face(self, bold: bool, italic: bool) -> Face:
        """The face of a style."""
        return self[2 * italic + bold]


VERA = Family(Face("/V", False, False), Face("/VB", False, False), Face("/V", True, False), Face("/VB", True, False))


def _brotli() -> bool:
    """Whether the brotli module, which fontTools unpacks a WOFF2 font with, is installed."""
    import importlib.util  # lazy: start-up (only a WOFF2 font asks)
    return importlib.util.find_spec("brotli") is not None


def designer(path, shown=None) -> str:
    """Read a designer's TrueType or OpenType font; its resource name, from its file name and content (so messages name
    the file a spec gave, even when another file in the process holds the same bytes). shown: the path as messages
    name it (the spec's folder as given, then the file's name in it), else path."""
    shown = path if shown is None else shown
    try:
        data = cache.read(path, Path(path).read_bytes())
    except OSError as exc:
        raise UserError(f"{shown}: cannot read font: {exc.strerror}") from None
    if data[:4] == b"wOF2" and not _brotli():   # fontTools needs brotli to unpack it
        raise UserError(f"{shown}: a WOFF2 web font, which pnp reads only with the brotli module installed: save it as "
                        "a .ttf or .otf file (e.g. with FontForge), or pip install brotli")
    name = "/T" + digests.sha256(Path(path).name.encode() + b"\0" + data).hexdigest()[:12]
    if name not in DESIGNED:
        DESIGNED[name] = str(path)
        try:
            font = _tt(name)
            lacking = [tag for tag in NEEDED if tag not in font] + ["glyf or CFF"] * (
                not {"glyf", "CFF ", "CFF2"} & set(font.keys()))
            if lacking:
                raise ValueError(f"it has no {' or '.join(map(repr, lacking))} table")
            for tag in NEEDED + READ_TOO:   # read now: a damaged table is this one line, not a traceback when first set
                if tag in font:
                    font[tag]
            if not 16 <= font["head"].unitsPerEm <= 16384:   # OpenType's range: 0 divided, 65535 set text 1/32 size
                raise ValueError(f"its em is {font['head'].unitsPerEm} units, outside OpenType's 16 to 16384")
        except Exception as exc:  # fontTools raises many kinds on a file that is not a font
            del DESIGNED[name]
            if data[:4] == b"ttcf":   # fontTools asks a collection for a font number, which pnp has no key for
                raise UserError(f"{shown}: a font collection (.ttc), which holds several fonts: save the one wanted "
                                "as a .ttf file of its own (e.g. with FontForge) and give that") from None
            why = str(exc).removeprefix("Not a TrueType or OpenType font").strip(" ()") or type(exc).__name__
            raise UserError(f"{shown}: not a TrueType or OpenType font ({why})") from None
        try:
            blank = _blank(name)
        except UserError:   # a damaged glyph among those looked at: refused in one line when first drawn (_drawn)
            blank = ""
        if blank:
            del DESIGNED[name]
            raise UserError(f"{shown}: a damaged font: the characters it maps have no outlines (not one of the first "
                            f"{INKED}, from {blank} on), so its text would print nothing")
    return name


INKED = 32   # the characters of a designer's font looked at for one with an outline, letters and digits first


def _blank(name: str) -> str:
    """'' when one of the first INKED characters a designer's font maps (letters and digits first) draws something, else
    the first of them (e.g. "'A'"), as blank as the others (_blank_glyph): a font whose outlines were lost prints no
    text."""
    cmap = load(name).cmap
    sample = sorted((code for code in cmap if not chr(code).isspace()), key=lambda code: (not chr(code).isalnum(), code))
    return repr(chr(sample[0])) if sample and all(_blank_glyph(name, chr(code)) for code in sample[:INKED]) else ""


def family(regular=None, bold=None, italic=None, bold_italic=None, *, shown=None) -> Family:
    """A family from the designer's font files (paths); none given is Vera. A missing bold strokes the regular, a
    missing italic slants the upright, a missing bold italic slants the bold. shown: {path: as messages name it}."""
    if regular is None:
        return VERA
    names = shown or {}
    upright = designer(regular, names.get(regular))
    heavy = Face(designer(bold, names.get(bold)), False, False) if bold else Face(upright, False, True)
    leaning = Face(designer(italic, names.get(italic)), False, False) if italic else Face(upright, True, False)
    both = Face(designer(bold_italic, names.get(bold_italic)), False, False) if bold_italic else heavy._replace(slant=True)
    return Family(Face(upright, False, False), heavy, leaning, both)


STYLES = ("regular", "bold", "italic", "bold-italic")
NEEDED = ("cmap", "head", "hhea", "hmtx", "maxp", "name")   # the tables of a designer's font that pnp reads
READ_TOO = ("loca", "glyf", "CFF ", "CFF2", "OS/2", "post", "gasp")   # and those its outlines and embedding read, if it has them
DROPPED = ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "kern", "DSIG", "VORG", "FFTM"]   # tables an embedded subset leaves out


def families(folder, fonts) -> dict:
    """The spec's fonts: {name: path or {regular, bold, italic, bold-italic: path}} (paths inside folder) as Families."""
    found = {}
    for key, value in (fonts or {}).items():
        files = value if isinstance(value, dict) else {"regular": value}
        unknown = set(files) - set(STYLES)
        if unknown or "regular" not in files:
            raise UserError(f"fonts: {key}: give a file, or regular (and bold, italic, bold-italic) files"
                            f"{f' (unknown: {sorted(unknown)[0]})' if unknown else ''}")
        paths = {style: inside(folder, files[style]) for style in STYLES if files.get(style)}
        found[key] = family(*map(paths.get, STYLES), shown={paths[style]: Path(folder) / files[style] for style in paths})
    return found


@functools.lru_cache(maxsize=None)
def _tt(name):
    """The fontTools reading of a resource's font file."""
    import logging  # lazy: start-up
    from fontTools.ttLib import TTFont  # lazy: start-up

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # notes for font makers: a unix 'created' stamp, tables dropped
    path = FONTS / FACES[name][0] if name in FACES else Path(DESIGNED[name])
    font = TTFont(io.BytesIO(path.read_bytes()), recalcTimestamp=False, recalcBBoxes=False)
    font.getGlyphOrder()
    return font


@functools.lru_cache(maxsize=None)
def load(name: str) -> Font:
    """Read the font file of a resource name (/V, /VB, or a designer's /T...)."""
    if name not in FACES:
        tt = _tt(name)
        order, hmtx = tt.getGlyphOrder(), tt["hmtx"].metrics
        ids = {glyph: i for i, glyph in enumerate(order)}
        cmap = {code: ids[glyph] for code, glyph in (tt.getBestCmap() or {}).items() if glyph in ids and ids[glyph]}
        return Font({}, [], [hmtx[glyph] for glyph in order], cmap, tt["head"].unitsPerEm)
    data = (FONTS / FACES[name][0]).read_bytes()
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = data[offset:offset + length]
    head, count = tables[b"head"], struct.unpack_from(">H", tables[b"maxp"], 4)[0]
    if struct.unpack_from(">h", head, 50)[0]:
        offsets = struct.unpack_from(f">{count + 1}I", tables[b"loca"])
    else:
        offsets = [2 * o for o in struct.unpack_from(f">{count + 1}H", tables[b"loca"])]
    glyf, hmtx = tables[b"glyf"], tables[b"hmtx"]
    longs = struct.unpack_from(">H", tables[b"hhea"], 34)[0]
    metrics = [struct.unpack_from(">Hh", hmtx, 4 * g) for g in range(longs)]
    metrics += [(metrics[-1][0], struct.unpack_from(">h", hmtx, 2 * (longs + g))[0]) for g in range(longs, count)]
    return Font(tables, [glyf[a:b] for a, b in zip(offsets, offsets[1:])], metrics, _cmap(tables[b"cmap"]),
                struct.unpack_from(">H", head, 18)[0])


def vertical(name: str) -> tuple[int, int]:
    """(ascender, descender) of a font's hhea table in font units, the descender negative: a bundled font's read from its
    own tables (no fontTools loaded: laying out a text face needs no more of it)."""
    font = load(name)
    if b"hhea" in font.tables:
        return struct.unpack_from(">hh", font.tables[b"hhea"], 4)
    hhea = _tt(name)["hhea"]
    return hhea.ascent, hhea.descent


def _cmap(table):
    """The Unicode BMP map (platform 3, encoding 1, format 4) of a cmap table: code point -> glyph id."""
    for i in range(struct.unpack_from(">H", table, 2)[0]):
        platform, encoding, at = struct.unpack_from(">HHI", table, 4 + 8 * i)
        if (platform, encoding) == (3, 1):
            break
    else:
        return {}
    segments = struct.unpack_from(">H", table, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", table, at + 14)
    starts = struct.unpack_from(f">{segments}H", table, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", table, at + 16 + 4 * segments)
    ranges = at + 16 + 6 * segments
    found = {}
    for i, (start, end, delta) in enumerate(zip(starts, ends, deltas)):
        offset = struct.unpack_from(">H", table, ranges + 2 * i)[0]
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset:
                glyph = struct.unpack_from(">H", table, ranges + 2 * i + offset + 2 * (code - start))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            else:
                glyph = (code + delta) & 0xFFFF
            if glyph:
                found[code] = glyph
    return found


def shown(text: str, bold: bool, name: str = "") -> str:
    """A line as the operand of TJ: its glyph ids (a character the font lacks gets glyph 0, as cairo's), and wherever the
    whole-unit widths of /W have drifted half a unit from the exact advances, a shift that takes the pen back.

    name: the font's resource name (default: Vera of that weight)."""
    return _shown(text, name or font_name(bold))


@functools.lru_cache(maxsize=1024)
def _shown(text, name):
    """shown of a line in a font, kept by its text (the same lines recur on card after card)."""
    codes = _codes(name)
    parts, run, drift = [], "", 0.0
    for ch in text:
        if abs(drift) >= 0.5:  # a reader sets the next glyph this many 1/1000 em too far right (or left)
            parts.append(f"<{run}> {round(drift)}")
            run, drift = "", drift - round(drift)
        code = codes.get(ch) or codes.setdefault(ch, _code(name, ch))
        run += code[0]
        drift += code[1]
    return "[" + " ".join(parts + [f"<{run}>"]) + "]"


@functools.lru_cache(maxsize=None)
def _codes(name):
    """{character: _code} of a font, filled as text is shown."""
    return {}


def _code(name, ch):
    """A character's glyph id as shown writes it (4 hex digits), and how far its whole-unit /W width is from its exact
    advance, in 1/1000 em."""
    font = load(name)
    glyph = font.cmap.get(ord(ch), 0)
    exact = font.metrics[glyph][0] * 1000 / font.units
    return f"{glyph:04X}", round(exact) - exact


def advance(name: str, text: str) -> float:
    """The width of text in em: the sum of its glyphs' advances (glyph 0 for a character the font lacks)."""
    return sum(map(_units(name).__getitem__, text)) / load(name).units


class _Advances(dict):
    """{character: its glyph's advance} of a font, filled as characters are asked for (in font units, or em)."""

    def __init__(self, font, em):
        super().__init__()
        self.font, self.em = font, em

    def __missing__(self, ch):
        font = self.font
        units = font.metrics[font.cmap.get(ord(ch), 0)][0]
        found = self[ch] = units / font.units if self.em else units
        return found


@functools.lru_cache(maxsize=None)
def _units(name):
    """_Advances of a font in font units."""
    return _Advances(load(name), False)


@functools.lru_cache(maxsize=None)
def ems(name: str) -> dict:
    """{character: advance in em} of a font (glyph 0's for a character it lacks), filled as characters are asked for."""
    return _Advances(load(name), True)


def absent(name: str, text: str) -> list:
    """The characters of text that the font has no glyph for, each once, in order: in a designer's font, a character
    (not a space) whose glyph draws nothing counts as one it lacks (a font whose letters lost their outlines)."""
    found = covered(name)
    if name not in FACES:
        return list(dict.fromkeys(ch for ch in text if ch not in found or (not ch.isspace() and _blank_glyph(name, ch))))
    return [] if found.issuperset(text) else list(dict.fromkeys(ch for ch in text if ch not in found))


@functools.lru_cache(maxsize=4096)
def _blank_glyph(name: str, ch: str) -> bool:
    """Whether a designer's font draws a character as nothing: no outline, or one of no width or no height."""
    import unicodedata  # lazy: start-up (only a designer's font is looked at glyph by glyph)
    if unicodedata.category(ch) in ("Cf", "Mn", "Zs", "Zl", "Zp"):   # invisible by nature: a joiner, a soft hyphen
        return False
    found = bounds(name, load(name).cmap[ord(ch)])
    return found is None or found[2] <= found[0] or found[3] <= found[1]


@functools.lru_cache(maxsize=None)
def covered(name: str) -> frozenset:
    """The characters a font has a glyph for."""
    return frozenset(map(chr, load(name).cmap))


@functools.lru_cache(maxsize=None)
def _glyph_set(name):
    """The glyphs of a resource's font, by name, to draw with a pen."""
    tt = _tt(name)
    return tt.getGlyphSet(), tt.getGlyphOrder()


BOUNDS = FONTS / "vera-bounds.json"   # each bundled font's glyph bounds, as fontTools measures them (tests/draw/test_typeface.py)


@functools.lru_cache(maxsize=65536)
def bounds(name: str, glyph: int):
    """(x min, y min, x max, y max) of a glyph's outline in font units, y up; None when it has no ink. A bundled font's
    are read from BOUNDS (measuring text loads no fontTools)."""
    if name not in FACES:
        return _measured(name, glyph)
    found = _bundled_bounds()[FACES[name][0]][glyph]
    return tuple(found) if found else None


@functools.lru_cache(maxsize=None)
def _bundled_bounds() -> dict:
    """{font file: each glyph's bounds (a list, or None), by glyph id} of the bundled fonts."""
    return json.loads(BOUNDS.read_text())


def measured_all(name: str) -> list:
    """Every glyph's bounds of a font, as BOUNDS keeps them for the bundled ones."""
    return [_measured(name, glyph) for glyph in range(len(load(name).glyphs))]


def _measured(name: str, glyph: int):
    """A glyph's bounds as fontTools' BoundsPen finds them drawing its outline."""
    from fontTools.pens.boundsPen import BoundsPen  # lazy: start-up

    glyphs, order = _glyph_set(name)
    pen = BoundsPen(glyphs)
    _drawn(name, glyphs, order[glyph], pen)
    return pen.bounds


@functools.lru_cache(maxsize=65536)
def outline(name: str, glyph: int) -> tuple:
    """A glyph's outline in font units, y up: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y) and ("Z",)."""
    from fontTools.pens.basePen import BasePen  # lazy: start-up

    class Pen(BasePen):
        def __init__(self, glyphs):
            super().__init__(glyphs)
            self.ops = []

        def _moveTo(self, p):
            self.ops.append(("M", *p))

        def _lineTo(self, p):
            self.ops.append(("L", *p))

        def _curveToOne(self, p1, p2, p3):
            self.ops.append(("C", *p1, *p2, *p3))

        def _closePath(self):
            self.ops.append(("Z",))

    glyphs, order = _glyph_set(name)
    pen = Pen(glyphs)
    _drawn(name, glyphs, order[glyph], pen)
    return tuple(pen.ops)


def _drawn(name: str, glyphs, glyph: str, pen) -> None:
    """Draw a glyph's outline with a fontTools pen; a designer's font whose outline of it is damaged is refused in one
    line naming the file and the glyph."""
    try:
        glyphs[glyph].draw(pen)
    except Exception as exc:  # fontTools raises many kinds on a damaged outline
        raise UserError(f"{Path(DESIGNED.get(name, name)).name}: a damaged font: its glyph {glyph!r} cannot be read "
                        f"({type(exc).__name__}: {exc})") from None


def ink(face: Face, text: str, x: float, y: float, size: float):
    """The box (left, top, right, bottom) in mm, y down, that a run set from (x, y) on its baseline covers; None if none."""
    box = _ink(face, text, size)
    return None if box is None else (x + box[0], y + box[1], x + box[2], y + box[3])


@functools.lru_cache(maxsize=2048)
def _ink(face, text, size):
    """ink of a run set from (0, 0): the layout, the checks of the text and of the safe area each ask for it, one face
    after another (the runs of the last faces kept: most of a deck's runs are on one card only)."""
    scale = size / load(face.resource).units
    grow = EMBOLDEN * size / 2 if face.embolden else 0.0
    glyphs = _extents(face.resource, face.slant)
    pen, box = 0.0, None
    for ch in text:
        advance, extent = glyphs[ch]
        if extent:
            left, top, right, bottom = extent
            left, top, right, bottom = (pen + left * scale - grow, top * scale - grow, pen + right * scale + grow,
                                        bottom * scale + grow)
            if box is None:
                box = [left, top, right, bottom]
            else:  # as min() and max() choose: a later glyph only when it reaches further
                if left < box[0]:
                    box[0] = left
                if top < box[1]:
                    box[1] = top
                if right > box[2]:
                    box[2] = right
                if bottom > box[3]:
                    box[3] = bottom
        pen += advance * scale
    return None if box is None else tuple(box)


def glyph_inks(face: Face, text: str, x: float, y: float, size: float) -> list:
    """The box (left, top, right, bottom) in mm, y down, of each glyph with ink of a run set from (x, y) on its baseline."""
    scale = size / load(face.resource).units
    grow = EMBOLDEN * size / 2 if face.embolden else 0.0
    glyphs, pen, boxes = _extents(face.resource, face.slant), 0.0, []
    for ch in text:
        advance, extent = glyphs[ch]
        if extent:
            left, top, right, bottom = extent
            boxes.append((x + pen + left * scale - grow, y + top * scale - grow, x + pen + right * scale + grow,
                          y + bottom * scale + grow))
        pen += advance * scale
    return boxes


class _Extents(dict):
    """{character: (advance, (left, top, right, bottom) or None)} of a font in font units, y down, a slanted face's
    lean included; filled as characters are asked for."""

    def __init__(self, name, slant):
        super().__init__()
        self.name, self.lean = name, SLANT if slant else 0.0

    def __missing__(self, ch):
        font = load(self.name)
        glyph = font.cmap.get(ord(ch), 0)
        found = bounds(self.name, glyph)
        extent = None
        if found:
            x0, y0, x1, y1 = found
            extent = (x0 + self.lean * min(y0, 0), -y1, x1 + self.lean * max(y1, 0), -y0)
        self[ch] = font.metrics[glyph][0], extent
        return self[ch]


@functools.lru_cache(maxsize=None)
def _extents(name, slant):
    """_Extents of a font, upright or slanted."""
    return _Extents(name, slant)


def _parts(glyph):
    """The glyph ids a composite glyph is built from (none for a simple one), and where its last part's flags are
    and its parts end."""
    if len(glyph) < 10 or struct.unpack_from(">h", glyph, 0)[0] >= 0:
        return [], 0, 0
    parts, at, flags = [], 10, MORE
    while flags & MORE:
        last = at
        flags, part = struct.unpack_from(">HH", glyph, at)
        parts.append(part)
        scale = 8 if flags & TWO_BY_TWO else 4 if flags & XY_SCALE else 2 if flags & SCALE else 0
        at += 4 + (4 if flags & WORDS else 2) + scale
    return parts, last, at


def _unhinted(glyph):
    """A glyph without its hinting instructions: printers and most readers do not run them, and they are half of Vera."""
    if len(glyph) < 10:
        return glyph
    contours = struct.unpack_from(">h", glyph, 0)[0]
    if contours >= 0:
        at = 10 + 2 * contours
        return glyph[:at] + b"\0\0" + glyph[at + 2 + struct.unpack_from(">H", glyph, at)[0]:]
    _, last, end = _parts(glyph)
    flags = struct.unpack_from(">H", glyph, last)[0]
    return glyph[:last] + struct.pack(">H", flags & ~HINTED) + glyph[last + 2:end]


def _checksum(data):
    """A TrueType table checksum: the sum of its big-endian 32-bit words, padded with zeros."""
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def subset(font: Font, glyphs) -> bytes:
    """A TrueType program holding only the given glyphs (and .notdef and the parts of composites), ids unchanged,
    without hinting."""
    keep, todo = {0, *glyphs}, [0, *glyphs]
    while todo:
        for part in _parts(font.glyphs[todo.pop()])[0]:
            if part not in keep:
                keep.add(part)
                todo.append(part)
    count = max(keep) + 1
    glyf, loca = bytearray(), []
    for g in range(count):
        loca.append(len(glyf))
        if g in keep:
            glyph = _unhinted(font.glyphs[g])
            glyf += glyph + b"\0" * (len(glyph) % 2)  # at even offsets, as in the font
    loca.append(len(glyf))
    t = font.tables
    tables = {b"glyf": bytes(glyf), b"loca": struct.pack(f">{count + 1}I", *loca),
              b"hmtx": b"".join(struct.pack(">Hh", *(font.metrics[g] if g in keep else (0, 0))) for g in range(count)),
              b"head": t[b"head"][:8] + b"\0\0\0\0" + t[b"head"][12:50] + struct.pack(">h", 1) + t[b"head"][52:],
              b"hhea": t[b"hhea"][:34] + struct.pack(">H", count) + t[b"hhea"][36:],
              b"maxp": t[b"maxp"][:4] + struct.pack(">H", count) + t[b"maxp"][6:]}
    tags = sorted(tables)
    power = 1 << (len(tags).bit_length() - 1)
    out = bytearray(struct.pack(">IHHHH", 0x00010000, len(tags), 16 * power, power.bit_length() - 1, 16 * (len(tags) - power)))
    offset = len(out) + 16 * len(tags)
    for tag in tags:
        out += struct.pack(">4sIII", tag, _checksum(tables[tag]), offset, len(tables[tag]))
        offset += len(tables[tag]) + (-len(tables[tag]) % 4)
    for tag in tags:
        out += tables[tag] + b"\0" * (-len(tables[tag]) % 4)
    head = out.index(tables[b"head"], 12 + 16 * len(tags))
    out[head + 8:head + 12] = struct.pack(">I", (0xB1B0AFBA - _checksum(bytes(out))) & 0xFFFFFFFF)
    return bytes(out)


def _to_unicode(chars):
    """A ToUnicode CMap for glyph id -> character."""
    utf16 = codecs.utf_16_be_encode   # str.encode('utf-16-be') without the codec module it looks up (start-up)
    pairs = [f"<{g:04X}> <{utf16(ch)[0].hex().upper()}>" for g, ch in sorted(chars.items())]
    blocks = "".join(f"{len(pairs[i:i + 100])} beginbfchar\n" + "\n".join(pairs[i:i + 100]) + "\nendbfchar\n"
                     for i in range(0, len(pairs), 100))
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" + blocks +
            "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n").encode("ascii")


@functools.lru_cache(maxsize=64)
def _program(name, glyphs):
    """(subset of a bundled font holding these glyphs, its tag), kept by them: a game's papers and rulebooks embed the
    same few sets. The tag comes from the content: the same glyphs, the same tag."""
    program = subset(load(name), glyphs)
    return program, tag(program)


def tag(program: bytes) -> str:
    """The six capital letters naming a font subset in a PDF, from its program: different subsets, different tags."""
    return "".join(chr(65 + b % 26) for b in digests.sha256(program).digest()[:6])


EMBEDDED = cache.Memo("fonts.json", [])   # a bundled font's objects for a set of characters (_embedding), by them and
EMBEDDED.LIMIT = 64                        # the code and fonts: past 64 sets, only those the last run used are kept


def embed(file, name: str, chars) -> int:
    """Add a font (a weight of Vera, or a designer's) to a pdffile.File as a Type 0 font holding the glyphs of chars;
    return its object number. A bundled font's objects are kept between runs by its characters: a rebuild whose file
    kept the font's streams loads and subsets no font."""
    if name not in FACES:
        return _designed(file, name, chars)
    key = hexdigest(f"{name}\n{''.join(sorted(chars))}\n{cache.code()}".encode())
    kept = EMBEDDED.get(key)
    if kept is not None and all(file.keeps(bytes.fromhex(digest), extra) for digest, extra in (kept["program"],
                                                                                                  kept["unicode"])):
        return _placed(file, kept)
    kept, streams = _embedding(name, chars)
    EMBEDDED.put(key, kept)
    return _placed(file, kept, streams)


def _embedding(name, chars) -> tuple[dict, dict]:
    """(the objects of a bundled font holding the glyphs of chars, as _placed adds them; its streams' contents)."""
    font = load(name)
    used = {}
    for ch in sorted(chars):
        used.setdefault(font.cmap.get(ord(ch), 0), ch)
    program, tag = _program(name, tuple(sorted(used)))
    base = f"/{tag}+{FACES[name][1]}"

    def size(value):
        """A length in font units as a whole 1/1000 of the text size."""
        return str(round(value * 1000 / font.units))

    box = " ".join(map(size, struct.unpack_from(">4h", font.tables[b"head"], 36)))
    ascent, descent = map(size, struct.unpack_from(">hh", font.tables[b"hhea"], 4))
    cap = size(struct.unpack_from(">h", font.glyphs[font.cmap[ord("H")]], 8)[0])  # the top of H
    left, _, right = struct.unpack_from(">hhh", font.glyphs[font.cmap[ord("l")]], 2)  # l is one upright stem
    descriptor = (f"<< /Type /FontDescriptor /FontName {base} /Flags 32 /FontBBox [{box}] /ItalicAngle 0"
                  f" /Ascent {ascent} /Descent {descent} /CapHeight {cap} /StemV {size(right - left)}"
                  " /FontFile2 {program} 0 R >>")
    return _type0(base, font, used, descriptor, program, f" /Length1 {len(program)}", "/CIDFontType2")


def _type0(base, font, used, descriptor, program, extra, subtype) -> tuple[dict, dict]:
    """(the objects of a Type 0 font over a CID font of the glyphs used (glyph id -> character), with /W and a ToUnicode
    map, as _placed adds them; its streams' contents); descriptor: its font descriptor, '{program}' where the font program's
    number goes; extra: the program stream's entries."""
    runs = []  # consecutive glyph ids, each run one entry of /W
    for g in sorted(used):
        if runs and g == runs[-1][-1] + 1:
            runs[-1].append(g)
        else:
            runs.append([g])
    widths = " ".join(f"{run[0]} [{' '.join(str(round(font.metrics[g][0] * 1000 / font.units)) for g in run)}]"
                      for run in runs)
    gids = " /CIDToGIDMap /Identity" if subtype == "/CIDFontType2" else ""
    unicode = _to_unicode({g: ch for g, ch in used.items() if g})
    return ({"program": [md5(program).hexdigest(), extra], "unicode": [md5(unicode).hexdigest(), ""],
             "descriptor": descriptor,
             "cid": f"<< /Type /Font /Subtype {subtype} /BaseFont {base} /CIDSystemInfo << /Registry (Adobe)"
                    f" /Ordering (Identity) /Supplement 0 >> /FontDescriptor {{descriptor}} 0 R /W [{widths}]{gids} >>",
             "font": f"<< /Type /Font /Subtype /Type0 /BaseFont {base} /Encoding /Identity-H /DescendantFonts [{{cid}} 0 R]"
                     " /ToUnicode {unicode} 0 R >>"},
            {"program": program, "unicode": unicode})


def _placed(file, kept: dict, streams: dict | None = None) -> int:
    """Add a font's objects (_type0's) to a pdffile.File, in the order the file numbers them; return the Type 0 font's
    number. streams: their contents, else taken by digest from what the file kept (File.keeps)."""
    numbers = {}

    def stream(part):
        digest, extra = kept[part]
        return file.stream(streams[part], extra) if streams else file.kept_stream(bytes.fromhex(digest), extra)
    numbers["program"] = stream("program")
    numbers["descriptor"] = file.add(kept["descriptor"].format_map(numbers))
    numbers["cid"] = file.add(kept["cid"].format_map(numbers))
    numbers["unicode"] = stream("unicode")
    return file.add(kept["font"].format_map(numbers))


def _designed(file, name, chars):
    """Add a designer's font to a pdffile.File as a Type 0 font holding the glyphs of chars (ids kept, no hinting)."""
    from fontTools import subset  # lazy: start-up
    from fontTools.ttLib import TTFont  # lazy: start-up

    font = load(name)
    used = {}
    for ch in sorted(chars):
        used.setdefault(font.cmap.get(ord(ch), 0), ch)
    tt = TTFont(io.BytesIO(Path(DESIGNED[name]).read_bytes()), recalcTimestamp=False)
    options = subset.Options()
    options.retain_gids, options.hinting, options.layout_features, options.name_IDs = True, False, [], [1, 2, 3, 4, 6]
    options.drop_tables += DROPPED
    for tag in DROPPED:   # let go unread: the subsetter would read a damaged one before dropping it
        if tag in tt:
            del tt[tag]
    cutter = subset.Subsetter(options)
    cutter.populate(gids=sorted(used))
    cutter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    program = out.getvalue()
    tag = "".join(chr(65 + b % 26) for b in digests.sha256(program).digest()[:6])
    base = f"/{tag}+{re.sub(r'[^A-Za-z0-9-]', '', tt['name'].getDebugName(6) or '') or 'Font'}"

    def size(value):
        """A length in font units as a whole 1/1000 of the text size."""
        return str(round(value * 1000 / font.units))

    head, hhea = tt["head"], tt["hhea"]
    os2 = tt["OS/2"] if "OS/2" in tt else None
    cap = os2.sCapHeight if os2 is not None and os2.version >= 2 else hhea.ascent
    angle = tt["post"].italicAngle if "post" in tt else 0
    cff = "CFF " in tt
    descriptor = (f"<< /Type /FontDescriptor /FontName {base} /Flags {32 + 64 * bool(angle)}"
                  f" /FontBBox [{' '.join(map(size, (head.xMin, head.yMin, head.xMax, head.yMax)))}]"
                  f" /ItalicAngle {round(angle, 2):g} /Ascent {size(hhea.ascent)} /Descent {size(hhea.descent)}"
                  f" /CapHeight {size(cap)} /StemV 80 /FontFile{3 if cff else 2} {{program}} 0 R >>")
    kept, streams = _type0(base, font, used, descriptor, program,
                           " /Subtype /OpenType" if cff else f" /Length1 {len(program)}", "/CIDFontType0" if cff else "/CIDFontType2")
    return _placed(file, kept, streams)
