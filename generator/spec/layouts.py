"""Layouts as data: a face is named elements placed in mm or % of an area (bleed, trim, safe); a layout may extend
another and override its elements by name, and every property may quote a data column as {column}. builtin:<size>
names one of pnp's ready-made card layouts (generator/layouts/), whose elements that quote a column the data lacks
are left out."""
import functools
import re
from pathlib import Path
from ..records import NamedTuple

from ..draw import art
from . import schema as s
from ..draw import textbox
from . import yamlsource
from .data import FALSE
from ..errors import UserError
from ..files import inside
from ..located import located
from ..draw.svgvalues import NAMED, hex_of, path_of
from ..units import parse_length, pixel_hint

RELATIVE = re.compile(r"\s*([+-])=\s*(.+)", re.DOTALL)   # Squib's x: += 5: added to the value it extends
FIELD = re.compile(r"(?<!\\)\{(?!colou?r:|/colou?r\})([^{}]+)\}")  # {column}; {colour:...}{/colour} is markup, \{ a brace
TRUE = ("1", "true", "yes", "on")   # the words a layout may write for yes (a data cell's any text but FALSE)
AREAS = ("bleed", "trim", "safe")
ROLES = ("mark", "art", "guide", "frame")
ALIGN = ("left", "centre", "center", "right", "justify")
FITS = ("contain", "cover", "stretch")
PATHS = ("grid", "ring", "hex-flat", "hex-pointy")
VALIGN = ("top", "middle", "bottom")
SAFE = 3.0          # mm the safe area keeps inside the trim unless a layout says otherwise
MAX_ELEMENTS = 500  # elements in one layout
MAX_DEPTH = 16      # layouts extending one another
MAX_COPIES = 1000   # copies one repeated element makes
MAX_DRAWN = 5000    # elements one face draws once repeats are counted (a 50 x 50 grid and its numbers; 0.8 s a face):
#                   40 rows x 10 texts x 1,000 copies took 62 s
MAX_COMMANDS = 5000   # path commands and polygon corners one face draws (a path's each, its copies' too): 20,000 arcs
#                       took 20 s on 6 faces, 200 copies of a polygon of 2,000 corners 10 s
BUILTIN = "builtin:"   # how a layout names one of pnp's ready-made layouts, by its card size
MADE_FOR = {"poker": (63.5, 88.9), "bridge": (57.2, 88.9), "mini": (44.5, 63.5), "tarot": (69.9, 120.7),
            "square": (63.5, 63.5)}   # mm: the trim each ready-made layout is drawn for (layouts/*.yaml)
ROOMY = 7.0   # mm a card may be wider or taller than a ready-made layout's (a 70 mm square takes builtin:square)
BUILTINS = Path(__file__).resolve().parent.parent / "layouts"
INDEX = "i"         # the column a repeated element's copies quote as {i}
COPY = (INDEX, "col", "row", "label")   # what a copy may quote: its number, its cell's column and row, its label
# what Squib calls a property or an element type, and what a layout calls it
PROPERTY_NAMES = {"fill_color": "fill", "stroke_color": "stroke", "color": "colour", "str": "text",
                  "font_size": "size", "x_radius": "radius", "y_radius": "radius", "angle": "rotate"}
TYPE_NAMES = {"svg": "an SVG is an icon (a plain template, by name) or an image (art, by file)",
              "png": "a picture is an image", "jpg": "a picture is an image", "rectangle": "write rect",
              "hex": "write hexagon", "background": "the layout's ground: colours the whole piece, bleed included"}


def coord(value):
    """A place or length: a number (mm), a length with a unit, or a share of the area as 'N%': ('mm' or '%', number),
    no further than a piece can be large (s.MAX_LENGTH_MM, or as many hundred per cent) either way."""
    found = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        found = ("mm", float(value))
    elif isinstance(value, str):
        text = value.strip()
        try:
            found = ("%", float(text[:-1])) if text.endswith("%") else ("mm", float(text))
        except ValueError:
            try:
                found = ("mm", parse_length(text))
            except UserError:
                pass
    if found is not None and abs(found[1]) <= s.MAX_LENGTH_MM:   # not infinite, nor NaN
        return found
    raise s.Invalid(f"expected a number of mm, a length such as 12 mm, or a share of the area such as 50%"
                    f"{f' (at most {s.MAX_LENGTH_MM:g} either way)' if found is not None else ''}, "
                    f"found {s.found(value)}{pixel_hint(value)}")


def extent(value):
    """A size (a width, height, radius, line width or dash): a coord of 0 or more."""
    found = coord(value)
    if found[1] < 0:
        raise s.Invalid(f"expected a size of 0 or more (a number of mm, a length such as 12 mm, or a share of the area "
                        f"such as 50%), found {s.found(value)}{pixel_hint(value)}")
    return found


def number(low, high):
    """A number within [low, high], also written as text (a data cell)."""
    def parse(value):
        try:
            found = float(value) if not isinstance(value, bool) else None
        except (TypeError, ValueError):
            found = None
        if found is None or not low <= found <= high:
            raise s.Invalid(f"expected a number from {low:g} to {high:g}, found {s.found(value)}")
        return found
    return parse


def size(low, high):
    """A text size: mm (a number or a length with a unit, e.g. 9 pt), within [low, high] mm."""
    def parse(value):
        try:
            unit, found = coord(value)
        except s.Invalid:
            unit, found = "", 0.0
        if unit != "mm" or not low <= found <= high:
            raise s.Invalid(f"expected a size from {low:g} to {high:g} mm (a number of mm or a length such as 9 pt), "
                            f"found {s.found(value)}{pixel_hint(value)}")
        return found
    return parse


def choice(*choices):
    """One word of a fixed set."""
    def parse(value):
        if value not in choices:
            raise s.Invalid(f"expected one of {', '.join(choices)}, found {s.found(value)}")
        return value
    return parse


def _valign(value):
    """top, middle or bottom; centre and center, as align takes them, are middle."""
    return choice(*VALIGN)("middle" if value in ("centre", "center") else value)


def flag(value):
    """Yes or no: true/false, a data cell (empty, 0, false, no, off and none are no), or {cell: "{column}", is: a value
    or a list of them}: yes on the rows whose cell is one of those values ({cell:, not: ...}: none of them)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, int)):
        return str(value).strip().lower() not in FALSE
    if isinstance(value, dict) and len(value) == 2 and "cell" in value and (test := ({"is", "not"} & set(value))):
        key = test.pop()
        wanted = value[key] if isinstance(value[key], list) else [value[key]]
        if all(isinstance(w, (str, int, float)) and not isinstance(w, bool) for w in [value["cell"], *wanted]):
            return (str(value["cell"]).strip() in {str(w).strip() for w in wanted}) == (key == "is")
    raise s.Invalid(f"expected true or false, \"{{column}}\", or {{cell: \"{{column}}\", is: a value or a list of "
                    f"them}} (or not: for the rows without them), found {s.found(value)}")


def switch(value):
    """Yes or no for what turns a look on (bold, italic, wrap): true or false, a yes or no word, 1 or 0, an empty cell
    (no), or {cell:, is:} as flag takes it; any other text is a mistake ('maybe' was bold)."""
    if not isinstance(value, (bool, dict)) and (not isinstance(value, (str, int)) or
                                                str(value).strip().lower() not in (*FALSE, *TRUE)):
        raise s.Invalid(f"expected true or false (yes, no, 1, 0; an empty cell is false), found {s.found(value)}")
    return flag(value)


def text(value):
    """Any text (a number is its digits); empty text draws nothing."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise s.Invalid(f"expected text, found {s.found(value)}")
    return str(value)


def points(value):
    """A polygon's corners: a list of [x, y] pairs, at least three."""
    if not isinstance(value, list) or len(value) < 3 or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise s.Invalid(f"expected a list of at least 3 [x, y] corners, found {s.found(value)}")
    return [(coord(x), coord(y)) for x, y in value]


def template(value):
    """A template's name (an SVG file in the spec's templates/ folder, or a shipped one)."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", value):
        raise s.Invalid(f"expected a template name (an .svg file in templates/, named without .svg), found {s.found(value)}")
    return value


def font(value):
    """A family's name from the spec's fonts."""
    if not isinstance(value, str) or not value.strip():
        raise s.Invalid(f"expected the name of a font the spec's fonts: gives, found {s.found(value)}")
    return value


def file_name(value):
    """A file's name inside the spec's folder (PNG, JPEG or SVG art)."""
    if not isinstance(value, str) or not value.strip():
        raise s.Invalid(f"expected a PNG, JPEG or SVG file inside the spec's folder, found {s.found(value)}")
    return value


class Copy(NamedTuple):
    """One copy of a repeated element: its number, its cell (column and row from 0), the steps it is moved across and
    down, and its label."""

    number: int
    column: int
    row: int
    across: float
    down: float
    label: str

    def fields(self) -> dict:
        """What its properties may quote: {i}, {col} and {row} (counted from 1), {label}."""
        return {INDEX: str(self.number), "col": str(self.column + 1), "row": str(self.row + 1), "label": self.label}


class Repeat(NamedTuple):
    """An element drawn count times: every `every`-th copy from start, stepped dx, dy apart in rows of columns (grid),
    clockwise round the edge of a columns x rows grid from its top left cell (ring), or in rows of columns hexagons
    (hex-flat: every second column half a step down; hex-pointy: every second row half a step across)."""

    count: int  # type: ignore[assignment]  # a field, not tuple.count
    start: int
    every: int
    columns: int
    rows: int
    dx: tuple
    dy: tuple
    path: str
    labels: tuple = ()

    def copies(self) -> list:
        """Each Copy drawn."""
        cells = []
        if self.path == "ring":
            c, r = self.columns, self.rows
            cells = ([(k, 0) for k in range(c)] + [(c - 1, k) for k in range(1, r)]
                     + [(k, r - 1) for k in range(c - 2, -1, -1)] + [(0, k) for k in range(r - 2, 0, -1)])
        else:
            cells = [(k % self.columns, k // self.columns) for k in range(self.count)]
        shift = {"hex-flat": lambda col, row: (col, row + col % 2 / 2), "hex-pointy": lambda col, row: (col + row % 2 / 2, row)}
        return [Copy(self.start + k, col, row, *shift.get(self.path, lambda c, r: (c, r))(col, row),
                     self.labels[k] if self.labels else "")
                for k, (col, row) in enumerate(cells[:self.count]) if k % self.every == 0]


REPEAT = {"count": number(0, MAX_COPIES), "start": number(-10_000, 10_000), "every": number(1, MAX_COPIES),
          "columns": number(1, MAX_COPIES), "rows": number(1, MAX_COPIES), "dx": coord, "dy": coord,
          "path": choice(*PATHS), "labels": None}


def repeat(value):
    """How an element repeats: {count, dx, dy, columns, start, every} (a grid, or path: hex-flat or hex-pointy), or
    {path: ring, count, columns, rows, dx, dy} (round a board's edge); whole numbers; labels: one per copy."""
    if not isinstance(value, dict) or "count" not in value:
        raise s.Invalid(f"expected a mapping with count (and dx, dy, columns, rows, start, every, path, labels), found "
                        f"{s.found(value)}")
    found = {}
    for key, item in value.items():
        if key not in REPEAT:
            raise s.Invalid(f"unknown repeat key {s.found(key)}{s.meant(key, REPEAT)} (expected one of "
                            f"{', '.join(REPEAT)})", key)
        if key == "labels":
            if not isinstance(item, list) or not all(map(_label, item)):
                raise s.Invalid(f"expected a list of texts or numbers, one per copy, found {s.found(item)}", key)
            found[key] = tuple(str(label) for label in item)
            continue
        try:
            found[key] = REPEAT[key](item)
        except s.Invalid as exc:
            raise s.Invalid(str(exc), key) from None
        if key not in ("dx", "dy", "path") and found[key] != int(found[key]):
            raise s.Invalid(f"expected a whole number, found {s.found(item)}", key)
    count = int(found["count"])
    if "labels" in found and len(found["labels"]) != count:   # labels: [] too (it gave every copy none)
        raise s.Invalid(f"expected {count} labels, one per copy (count: {count}), found {len(found['labels'])}", "labels")
    columns = int(found.get("columns", count)) or 1  # count 0 (a data cell of 0): no copies
    rows = int(found.get("rows", -(-count // columns)))
    path = found.get("path", "grid")
    if path == "ring" and (columns < 2 or rows < 2):
        raise s.Invalid(f"a ring goes round the edge of a grid of columns x rows cells, at least 2 x 2, found {columns} x "
                        f"{rows}" + (" (columns is count unless given)" if "columns" not in found else ""), "path")
    if path == "ring" and count > 2 * (columns + rows) - 4:
        raise s.Invalid(f"a ring of {columns} x {rows} cells holds {2 * (columns + rows) - 4} copies, found count {count}",
                        "count")
    return Repeat(count, int(found.get("start", 0)), int(found.get("every", 1)), columns, rows,
                  found.get("dx", ("mm", 0.0)), found.get("dy", ("mm", 0.0)), path, found.get("labels", ()))


def _label(item) -> bool:
    """True when a repeat label is a text or a number."""
    return isinstance(item, (str, int, float)) and not isinstance(item, bool)


COLOUR = "colour"   # checked against the palette when the layout is loaded
POS = {"x": coord, "y": coord}
BOX = {**POS, "width": extent, "height": extent}
PAINT = {"fill": COLOUR, "stroke": COLOUR, "stroke_width": extent, "dash": extent}
COMMON = {"type": text, "area": choice(*AREAS), "visible": flag, "role": choice(*ROLES), "opacity": number(0, 1),
          "rotate": number(-360, 360), "repeat": repeat}
TYPES = {  # every element type and what it takes besides COMMON
    "rect": {**BOX, **PAINT, "radius": extent},
    "circle": {**POS, **PAINT, "r": extent},
    "ellipse": {**POS, **PAINT, "rx": extent, "ry": extent},
    "line": {"x1": coord, "y1": coord, "x2": coord, "y2": coord, "stroke": COLOUR, "stroke_width": extent, "dash": extent},
    "polygon": {"points": points, **PAINT},
    "hexagon": {**POS, **PAINT, "r": extent, "orientation": choice("flat", "pointy")},
    "star": {**POS, **PAINT, "r": extent, "points": number(3, 24), "inner": number(0.1, 0.95)},
    "path": {**POS, **PAINT, "d": text},
    "text": {**BOX, "text": text, "size": size(s.MIN_TEXT, 100), "min_size": size(s.MIN_TEXT, 100),
             "align": choice(*ALIGN), "valign": _valign, "leading": number(0.8, 3), "wrap": switch,
             "colour": COLOUR, "bold": switch, "italic": switch, "font": font, "outline": "outline"},
    "icon": {**BOX, "name": template, "colour": COLOUR, "ink": COLOUR},
    "image": {**BOX, "file": file_name, "fit": choice(*FITS)},
}
REQUIRED = {"polygon": ("points", "[[0, 0], [10, 0], [5, 8]]"), "path": ("d", "'M 0 0 L 10 0 L 5 8 Z'"),
            "icon": ("name", "coin"), "image": ("file", "art/ship.png")}   # what no default gives
DEFAULTS = {  # what an element is drawn with when it does not say
    "x": ("mm", 0.0), "y": ("mm", 0.0), "width": ("%", 100.0), "height": ("%", 100.0), "visible": True, "opacity": 1.0,
    "fill": "black", "stroke": "none", "stroke_width": ("mm", 0.3), "radius": ("mm", 0.0), "r": ("mm", 5.0),
    "rx": ("mm", 5.0), "ry": ("mm", 3.0), "orientation": "flat", "points": 5, "inner": 0.5, "text": "", "size": 4.0,
    "align": "left", "valign": "top", "leading": 1.2, "wrap": True, "colour": "black", "bold": False, "italic": False,
    "ink": "black", "rotate": 0.0, "fit": "contain", "dash": ("mm", 0.0),
    "x1": ("mm", 0.0), "y1": ("mm", 0.0), "x2": ("%", 100.0), "y2": ("%", 100.0)}
LINE_DEFAULTS = {"stroke": "black"}
TOP = {"extends": None, "ground": COLOUR, "safe": size(0, 50), "elements": None}


class Names(NamedTuple):
    """What names a layout may use: palette colours, templates and fonts, and the folder art is read from (None: not
    checked again, as when drawing), and the names of the spec's inline pictures."""

    colours: frozenset
    templates: frozenset | None = None
    fonts: frozenset | None = None
    folder: Path | None = None
    inline: frozenset = frozenset()


class Layout:
    """A loaded layout: the ground colour (or None), the safe margin in mm, and (name, {property: value as written})
    per element, drawn in order; opaque to the spec's {figure} filling, which must leave {column} alone."""

    __slots__ = ("ground", "safe", "elements", "blame")

    def __init__(self, ground, safe, elements, blame=None):
        self.ground, self.safe, self.elements = ground, safe, tuple(elements)
        self.blame = blame or {}   # element name -> fail(message) at its visible: is: line (not part of its repr)

    def __repr__(self):
        return f"Layout({self.ground!r}, {self.safe!r}, {self.elements!r})"

    def fields(self) -> set:
        """Every column the layout quotes."""
        return {name for _, props in self.elements for value in props.values() for name in quoted(value)
                if name not in COPY or "repeat" not in props} | set(quoted(self.ground))


def quoted(value) -> list:
    """The columns a property value quotes as {column}, in order."""
    if isinstance(value, str):
        return FIELD.findall(value)
    if isinstance(value, list):
        return [name for item in value for name in quoted(item)]
    if isinstance(value, dict):  # a repeat's count, start, every...
        return [name for item in value.values() for name in quoted(item)]
    return []


def filled(value, row):
    """A property value with each {column} replaced by the row's cell."""
    if isinstance(value, str) and "{" in value:
        return FIELD.sub(lambda m: row[m.group(1)], value)
    if isinstance(value, list):
        return [filled(item, row) for item in value]
    if isinstance(value, dict):
        return {key: filled(item, row) for key, item in value.items()}
    return value


def parse(kind, prop, value, names):
    """One property's value as drawing reads it; s.Invalid when it is not one its element takes."""
    parser = COMMON.get(prop) or TYPES[kind][prop]
    if parser == "outline":
        return _outline(value, names)
    if parser is COLOUR:
        return colour(value, names.colours)
    found = parser(value)
    if parser is template and names.templates is not None and found not in names.templates:
        raise s.Invalid(f"unknown template {found!r}{s.meant(found, names.templates)} (templates: "
                        f"{', '.join(sorted(names.templates))})")
    if parser is font and names.fonts is not None and found not in names.fonts:
        sized = re.fullmatch(r"(.+?),?\s+(\d+(?:\.\d+)?)", found)   # Squib's 'Serif 12': a face and its size in pt
        raise s.Invalid(f"unknown font {found!r} (" + (f"fonts: {', '.join(sorted(names.fonts))})" if names.fonts else
                                                       "the spec has no fonts: give it fonts: {name: file.ttf})")
                        + (f"; a font names a face of the spec's fonts: only, its size goes in size: {sized[2]} pt"
                           if sized else ""))
    if kind in ("image", "icon") and prop in ("width", "height") and found[1] < (0.1 if found[0] == "mm" else 1e-9):
        raise s.Invalid(f"expected {'an image' if kind == 'image' else 'an icon'}'s box at least 0.1 mm across (it is "
                        f"scaled to fit it), found {s.found(value)}")
    if parser is file_name and names.folder is not None:
        try:
            art.load(names.folder, found)
        except UserError as exc:
            raise s.Invalid(str(exc)) from None
    if prop == "d":
        try:
            segments = path_of(found).segments
        except UserError:
            raise s.Invalid(f"expected SVG path data (M 0 0 L 10 0 ...), found {s.found(found)}") from None
        if not segments:   # an empty d drew nothing
            raise s.Invalid(f"expected SVG path data that draws something (M 0 0 L 10 0 ...), found {s.found(found)}")
        if len(segments) > MAX_COMMANDS:   # each is traced on every face the checks read: 65,000 arcs ran past a minute
            raise s.Invalid(f"expected path data of at most {MAX_COMMANDS:,} commands, found {len(segments):,}: "
                            "simplify it (Inkscape's Path > Simplify), or draw it as SVG art (type: image), drawn once "
                            "for every face")
        if not all(abs(v) <= s.MAX_LENGTH_MM for segment in segments for v in segment[1:]):   # nor infinite, nor NaN
            raise s.Invalid(f"expected path data whose every number is at most {s.MAX_LENGTH_MM:g} mm either way, found "
                            f"{s.found(found)}")
    return found


def colour(value, colours) -> str:
    """A colour as a layout or a text's markup writes it, checked: a name in colours (the palette's, white and black),
    none, #rrggbb, #rgb or a name templates take (red, green, blue, yellow, gray, grey), which the palette's names come
    before; s.Invalid naming what it may be for any other."""
    if isinstance(value, str) and (value in colours or value == "none" or hex_of(value)):
        return value
    if isinstance(value, str) and value.startswith("#"):
        raise s.Invalid(f"expected a colour as #rrggbb or #rgb, found {value!r}")
    found = s.colour(value if isinstance(value, str) else s.found(value))
    named = ", ".join(name for name in NAMED if name not in colours)
    nearest = s.meant(found, [*colours, *NAMED]) or s.hashless(found)
    raise s.Invalid(f"unknown colour {s.found(found)}{nearest} (palette has {', '.join(sorted(colours))}; or {named}, "
                    f"#rrggbb, #rgb)" + s.COMMENT * (value is None))


def _outline(value, names) -> dict:
    """A text's outline: {colour (or color): a colour, width: how far it reaches past the letters (mm or a length, 0.05
    to 3 mm; 0.3 mm when not given)}."""
    if isinstance(value, dict) and "color" in value and "colour" not in value:
        value = {("colour" if key == "color" else key): item for key, item in value.items()}
    if not isinstance(value, dict) or "colour" not in value or set(value) - {"colour", "width"}:
        raise s.Invalid(f"expected {{colour: a palette name or #rrggbb, width: a length such as 0.4 mm}}, found "
                        f"{s.found(value)}")
    found = {"colour": parse("text", "colour", value["colour"], names), "width": 0.3}
    if "width" in value:
        try:
            found["width"] = size(0.05, 3)(value["width"])
        except s.Invalid as exc:
            raise s.Invalid(f"outline width: {exc}") from None
    return found


def element(kind, props, row, names) -> dict:
    """An element's properties for one row, filled and parsed, defaults added; one hidden on the row (visible false) is
    not read further (an empty cell may hide an image that names no file)."""
    found = {**DEFAULTS, **(LINE_DEFAULTS if kind == "line" else {})}
    if "visible" in props and not parse(kind, "visible", filled(props["visible"], row), names):
        return {**found, "visible": False}
    for prop, value in props.items():
        if prop == "type":
            continue
        if names.folder is None and (isinstance(value, (int, float)) or (isinstance(value, str) and "{" not in value)):
            found[prop] = _constant(kind, prop, value, names)
        else:
            found[prop] = parse(kind, prop, filled(value, row), names)
    return found


@functools.lru_cache(maxsize=4096, typed=True)
def _constant(kind, prop, value, names):
    """parse of a value that quotes no column, as drawing reads it (no file looked at): the same for every row."""
    return parse(kind, prop, value, names)


def _file_fail(path, lines):
    """A fail(key_path, message) raising a SpecError at a layout file's line."""
    def fail(key_path, message):
        raise located(path, lines, key_path, message)
    return fail


def _made_for(name: str, trim, fail) -> None:
    """Refuse a ready-made layout named for a piece much larger than the card it is drawn for: its elements, in mm from
    the corner, would fill one corner of the piece (a smaller piece's cut comes too near them: the checks say so)."""
    if name not in MADE_FOR or all(side <= made + ROOMY for side, made in zip(trim, MADE_FOR[name])):
        return
    fitting = [other for other, (w, h) in MADE_FOR.items()
               if w - 1 <= trim[0] <= w + ROOMY and h - 1 <= trim[1] <= h + ROOMY]
    w, h = MADE_FOR[name]
    fail((), f"builtin:{name} is drawn for {w:g} x {h:g} mm cards and this piece is {trim[0]:g} x {trim[1]:g} mm: its "
             "elements would fill one corner; "
             + (f"use builtin:{fitting[0]}" if fitting else "give the component that size")
             + f", or extend it (extends: builtin:{name}) and place its elements yourself")


def builtins() -> list:
    """The names of pnp's ready-made layouts."""
    return sorted(path.stem for path in BUILTINS.glob("*.yaml"))


def _sources(folder, value, fail, where, chain):
    """(mapping, fail, where, built in) of each layout to merge, in order: what each extends first."""
    if isinstance(value, list):
        if not value:
            fail(where, "expected at least one layout file")
        return [found for i, item in enumerate(value) for found in _sources(folder, item, fail, where + (i,), chain)]
    if isinstance(value, str) and value.startswith(BUILTIN):
        name = value[len(BUILTIN):].strip()
        if name not in builtins():
            fail(where, f"no ready-made layout {name!r} (expected builtin: and one of {', '.join(builtins())})")
        data, lines = yamlsource.load(BUILTINS / f"{name}.yaml", noun="layout")
        return [source[:3] + (True,) for source in _sources(BUILTINS, data, _file_fail(BUILTINS / f"{name}.yaml", lines),
                                                            (), chain)]
    if isinstance(value, str):
        try:
            path = inside(folder, value)
        except UserError as exc:
            fail(where, str(exc))
        if path.resolve() in chain:
            fail(where, f"layouts extend one another in a loop ({' -> '.join(p.name for p in chain)} -> {path.name})")
        if len(chain) >= MAX_DEPTH:
            fail(where, f"layouts extend one another more than {MAX_DEPTH} deep")
        data, lines = yamlsource.load(path, noun="layout")
        if not isinstance(data, dict):   # a CSV or an SVG named by mistake reads as one long text
            _file_fail(path, lines)((), f"expected a layout (a mapping with elements:), found {s.found(data)}: is "
                                        f"{path.name} a layout file?")
        return _sources(path.parent, data, _file_fail(path, lines), (), chain + (path.resolve(),))
    if not isinstance(value, dict):
        fail(where, f"expected a layout file name, a list of them, or a layout (a mapping with elements), found "
                    f"{s.found(value)}")
    for key in value:
        if key not in TOP:
            meant = s.meant(key, TOP)   # a misspelt top key is said so; a key holding a mapping may be an element
            fail(where + (key,), f"unknown key {s.found(key)}{meant} (a layout has {', '.join(TOP)})"
                 + (f"; an element goes under elements: with its type, as in elements: {{{key}: {{type: rect, ...}}}} "
                    f"(a Squib layout's entries are elements)" if isinstance(value[key], dict) and not meant else ""))
    parents = _sources(folder, value["extends"], fail, where + ("extends",), chain) if "extends" in value else []
    return parents + [(value, fail, where, False)]


SHARED = ("a common back is shared by every row, so it reads none of their columns: give the rows backs of their own "
          "in a back column naming each one's layout file, or a fixed text")


def load(folder: Path, value, fail, names: Names, columns=(), shared=False, trim=None) -> Layout:
    """A layout from a file name, a list of them (merged in order) or an inline mapping, checked: element types and
    properties, colours and templates against those the spec has, and every {column} against the data's columns.
    shared: the layout is the common back of a component with data (every row's, so it reads none of their columns);
    trim: the piece's (width, height) in mm, which its safe area must leave something of."""
    if isinstance(value, str) and value.startswith(BUILTIN) and trim is not None:
        _made_for(value[len(BUILTIN):].strip(), trim, fail)
    ground, safe = None, SAFE
    lacking = SHARED if shared else "the component has no data"   # why a {column} names none, when columns is empty
    merged: dict = {}
    ours: set = set()   # the fail of each ready-made layout: its elements are left out where the data lacks a column
    for source, fail_here, where, built_in in _sources(Path(folder), value, fail, (), ()):
        if built_in:
            ours.add(fail_here)
        if "ground" in source:
            ground = source["ground"]
            unknown = [f for f in quoted(ground) if f not in columns]
            if unknown:
                fail_here(where + ("ground",), f"{{{unknown[0]}}} names no data column ("
                          + (f"columns: {', '.join(columns)})" if columns else f"{lacking})"))
            if not quoted(ground):
                _checked(fail_here, where + ("ground",), lambda v: parse("rect", "fill", v, names), ground)
        if "safe" in source:
            safe = _checked(fail_here, where + ("safe",), TOP["safe"], source["safe"])
            if trim is not None and 2 * safe >= min(trim) - 2:   # less than 2 mm left: its boxes would turn inside out
                fail_here(where + ("safe",), f"a safe area {safe:g} mm inside each edge leaves less than 2 mm of a "
                                             f"{trim[0]:g} x {trim[1]:g} mm piece (at most {(min(trim) - 2) / 2:g} mm)")
        elements = source.get("elements", {})
        if not isinstance(elements, dict):
            fail_here(where + ("elements",), f"expected a mapping of element names to elements, found {s.found(elements)}")
        for name, props in elements.items():
            at = where + ("elements", name)
            if not isinstance(props, dict):
                fail_here(at, f"expected an element (a mapping with a type, e.g. type: rect), found {s.found(props)}")
            mine = merged.setdefault(str(name), {"": (None, fail_here, at)})   # "": where the element was first named
            mine.update({prop: _added(mine.get(prop), (raw, fail_here, at + (prop,))) for prop, raw in props.items()})
    if len(merged) > MAX_ELEMENTS:
        fail(("elements",), f"expected at most {MAX_ELEMENTS} elements, found {len(merged)}")
    for name in merged:
        merged[name] = _extended(merged, name, ())
    shown = _offered(merged, ours, columns, fail, shared)
    elements, blame, drawn = [], {}, []   # drawn: (name, what it draws on every face or None, fail at its line)
    for name, props in merged.items():
        if name not in shown:
            continue
        _, fail_at, named = props.pop("")
        if "type" not in props:
            fail_at(named, f"element {name!r} has no type (expected one of {', '.join(TYPES)})")
        raw, fail_type, at = props["type"]
        if not isinstance(raw, str) or raw not in TYPES:
            named = isinstance(raw, str) and raw in TYPE_NAMES   # another tool's word for a type: said what to write
            fail_type(at, f"unknown element type {s.found(raw)}{'' if named else s.meant(raw, TYPES)} (expected one of "
                          f"{', '.join(TYPES)})" + (f": {TYPE_NAMES[raw]}" if named else ""))
        if raw in REQUIRED and REQUIRED[raw][0] not in props:
            fail_at(named, f"{'an' if raw[0] in 'aeiou' else 'a'} {raw} needs {REQUIRED[raw][0]} (e.g. "
                           f"{REQUIRED[raw][0]}: {REQUIRED[raw][1]})")
        copies: list = []
        if "repeat" in props:
            value, fail_prop, at = props["repeat"]
            if not quoted(value):  # a repeat that quotes a column is checked row by row
                copies = _checked(fail_prop, at, repeat, value).copies()
        for prop, (value, fail_prop, at) in props.items():
            fail_prop = _blamed(name, at, fail_prop, fail_at, named)
            if isinstance(value, str) and RELATIVE.fullmatch(value):
                fail_prop(at, f"{value.strip()!r} adds to the {prop} {name} extends (its extends: element's, or its own "
                              f"in a layout this one extends), and there is none: give {name} a plain {prop}")
            if prop not in COMMON and prop not in TYPES[raw]:
                allowed = sorted(set(COMMON) | set(TYPES[raw]) | {"extends"})
                fail_prop(at, f"unknown property {s.found(prop)} for {'an' if raw[0] in 'aeiou' else 'a'} {raw}"
                              f"{renamed(prop, raw) or s.meant(prop, allowed)} (expected one of {', '.join(allowed)})")
            if "label" in quoted(value) and "label" not in columns and copies and not any(c.label for c in copies):
                fail_prop(at, "{label} quotes each copy's label, and the repeat gives none: add labels: [...] to "
                              "its repeat (one a copy, in order)")   # it drew nothing
            known = tuple(columns) + (COPY if "repeat" in props else ())
            unknown = [f for f in quoted(value) if f not in known]
            if unknown:
                fail_prop(at, f"{{{unknown[0]}}} names no data column ("
                              + (f"columns: {', '.join(known)})" if known else f"{lacking})")
                              + (f"; {{{INDEX}}}, {{col}}, {{row}} and {{label}} are what the copies of an element with "
                                 f"repeat: quote" if unknown[0] in COPY else ""))
            if prop in ("type", "repeat"):
                continue
            if raw == "text" and prop == "text" and isinstance(value, str):  # the layout's own words, its columns aside
                for fault in markup_faults(FIELD.sub(" ", value), names)[:1]:
                    fail_prop(at, fault)
            if prop == "visible" and isinstance(value, dict) and isinstance(value.get("cell"), str) and \
                    not quoted(value["cell"]):   # a constant cell is the same on every row: braces forgotten
                fail_prop(at + ("cell",), f"cell quotes the column whose value picks the rows, in braces: "
                                          f"cell: \"{{{value['cell'].strip()}}}\" (found {s.found(value['cell'])})")
            if prop == "visible" and isinstance(value, dict) and quoted(value):   # its keys, whatever the rows hold
                _checked(fail_prop, at, flag, filled(value, dict.fromkeys(quoted(value), "")))
                blame[name] = lambda message, fail=fail_prop, where=at + ("is",): fail(where, message)
            if not quoted(value):
                if (COMMON.get(prop) or TYPES[raw].get(prop)) is flag and isinstance(value, str) and \
                        value.strip().lower() not in (*FALSE, *TRUE):   # bold: flase was bold: only a cell's text is
                    fail_prop(at, f"expected true or false, found {s.found(value)}")   # any text that means yes
                _checked(fail_prop, at, lambda v, p=prop: parse(raw, p, v, names), value)
            elif copies and set(quoted(value)) <= set(COPY):
                for copy in copies:
                    _checked(fail_prop, at, lambda v, p=prop: parse(raw, p, v, names), filled(value, copy.fields()))
                    if raw == "text" and prop == "text":   # a label's markup, as a cell's is checked
                        for fault in markup_faults(filled(value, copy.fields()), names)[:1]:
                            fail_prop(at, f"with its label {copy.label!r}: {fault}")
        if raw == "text" and "min_size" in props:   # text too long for its box shrinks from size down to min_size
            (least, fail_least, at), most = props["min_size"], props.get("size", (DEFAULTS["size"],))[0]
            low, high = (None, None) if quoted(least) or quoted(most) else (parse(raw, "min_size", least, names),
                                                                            parse(raw, "size", most, names))
            if low is not None and low > high:
                fail_least(at, f"min_size, {low:g} mm, is more than size, {high:g} mm"
                               f"{'' if 'size' in props else ' (the default)'}: a text too long for its box shrinks "
                               "from size down to min_size")
        elements.append((name, {prop: value for prop, (value, _, _) in props.items()}))
        found = _drawn(elements[-1][1])
        if found is not None:   # the same on every face: counted here, the rest row by row (check_rows)
            key = next((key for key in ("repeat", "d", "points") if key in props), None)
            at = props[key][2] if key else named
            drawn.append((name, found, functools.partial(_blamed(name, at, props[key][1], fail_at, named) if key
                                                         else fail_at, at)))
    excess = _excess([(name, found) for name, found, _ in drawn])
    if excess:
        next(told for name, _, told in drawn if name == excess[1][0])(excess[0])
    return Layout(ground, safe, elements, blame)


def _drawn(props: dict, row=None) -> tuple | None:
    """What an element draws on a face: (elements, path commands or polygon corners), each copy of its repeat counted
    ((0, 0) when its visible: hides it on row); None when that depends on the data row (a repeat, d or visible quoting
    a column) and row is None."""
    visible, repeating, d = props.get("visible", True), props.get("repeat"), props.get("d")
    if row is None and _varying(props):
        return None
    if row is not None and "visible" in _varying(props) and not _shown(visible, row):
        return 0, 0
    try:
        copies = repeat(filled(repeating, row or {})).copies() if repeating is not None else [None]
    except s.Invalid:   # told where the row's repeat is checked (a row that hides it: never drawn)
        return 0, 0
    if props.get("type") == "polygon" and isinstance(props.get("points"), list):
        return len(copies), len(copies) * len(props["points"])
    if props.get("type") != "path" or not isinstance(d, str):
        return len(copies), 0
    try:   # as the first copy draws it (its {i} filled)
        commands = len(path_of(filled(d, {**(row or {}), **(copies[0].fields() if copies[0] else {})})).segments)
    except UserError:   # told as the row's d is checked
        commands = 0
    return len(copies), len(copies) * commands


def _varying(props: dict) -> list:
    """Which of an element's repeat, d, points and visible quote a data column (not only its copies' {i}, {col}...)."""
    return [prop for prop in ("repeat", "d", "points", "visible")
            if any(f not in COPY or "repeat" not in props for f in quoted(props.get(prop)))]


def _excess(drawn: list) -> tuple | None:
    """When a face's elements [(name, (elements, path commands or polygon corners))] draw more than MAX_DRAWN
    elements or MAX_COMMANDS commands and corners: (the message, the names of those drawing them, most first); else
    None."""
    for index, (limit, what) in enumerate(((MAX_DRAWN, "elements"),
                                           (MAX_COMMANDS, "path commands and polygon corners"))):
        total = sum(found[index] for _, found in drawn)
        if total <= limit:
            continue
        largest = sorted(((found[index], name) for name, found in drawn if found[index]), key=lambda f: -f[0])
        shown = ", ".join(f"{name} {count:,}" for count, name in largest[:3]) + (
            f" and {len(largest) - 3} more" if len(largest) > 3 else "")
        return (f"a face draws at most {limit:,} {what} once repeats are counted, and this layout's come to {total:,} "
                f"({shown}): " + ("draw fewer copies" if index == 0 else "simplify them (Inkscape's Path > "
                                  "Simplify), or draw them as SVG art (type: image), drawn once for every face"),
                [name for _, name in largest])
    return None


def _offered(merged: dict, ours: set, columns, fail, shared: bool) -> set:
    """The names of the elements to draw: all but a ready-made layout's that quote a column the data lacks (the first
    element named); when the data has none of the columns they quote, fail naming them (shared: as load's)."""
    lacking = {name for name, props in merged.items()
               if any(f not in columns and f not in COPY for raw, fail_at, _ in props.values() if fail_at in ours
                      for f in quoted(raw))}
    wanted = sorted({f for props in merged.values() for raw, fail_at, _ in props.values() if fail_at in ours
                     for f in quoted(raw)} - set(COPY))
    if wanted and not set(wanted) & set(columns):
        fail((), f"the ready-made layout shows the columns {', '.join(wanted)}: " + (SHARED if shared else
                 "give the component data with one or more of them (" + (f"its columns: {', '.join(columns)})" if columns
                                                                         else "it has no data)")))
    return set(merged) - lacking


def _extended(merged: dict, name: str, chain: tuple) -> dict:
    """An element's properties with those of the element its extends: names first (as Squib's layouts extend)."""
    props = merged[name]
    if "extends" not in props:
        return props
    raw, fail_at, at = props["extends"]
    if not isinstance(raw, str) or raw not in merged:
        fail_at(at, f"{s.found(raw)} names no element of the layout (elements: {', '.join(merged)})")
    if raw == name or raw in chain:
        fail_at(at, f"elements extend one another in a loop ({' -> '.join(chain + (name, raw))})")
    base = _extended(merged, raw, chain + (name,))
    return {**{k: v for k, v in base.items() if k not in ("", "extends")},
            **{k: _added(base.get(k), v) for k, v in props.items() if k != "extends"}}


def _blamed(name: str, at: tuple, fail_prop, fail_at, named: tuple):
    """How a property's fault is told: at its own key, or, for one the element takes from the element its extends:
    names (written for that element, perhaps of another type), at the element, naming where it came from."""
    base = at[-2]
    if base == name:
        return fail_prop
    return lambda where, message: fail_at(named, f"{'.'.join(map(str, where[len(at) - 1:]))}, which it takes from {base} "
                                                 f"(its extends:): {message}")


def _added(old, new):
    """A property (value, fail, key path) as merged over the one it extends, old (or None): a value written += n or
    -= n (Squib's relative values) is added to old's number or length, as mm or as a share (%); else new."""
    value, fail_at, at = new
    relative = RELATIVE.fullmatch(value) if isinstance(value, str) else None
    if relative is None or old is None or old[0] is None:
        return new
    sign, amount = relative.groups()
    try:
        unit, step = coord(amount)
    except s.Invalid as exc:
        fail_at(at, f"{value.strip()!r}: {exc}")
    if quoted(old[0]):
        fail_at(at, f"{value.strip()!r} cannot add to {s.found(old[0])}, the {at[-1]} it extends: a column's value is "
                    f"known only row by row (write the sum in the data, or a plain value here)")
    try:
        base_unit, base = coord(old[0])
    except s.Invalid:
        fail_at(at, f"{value.strip()!r} adds to a number or a length, and the {at[-1]} it extends is {s.found(old[0])}")
    if unit != base_unit:
        fail_at(at, f"{value.strip()!r} cannot add a {'share' if unit == '%' else 'length'} to {s.found(old[0])}, the "
                    f"{at[-1]} it extends: write both as lengths or both as shares (%)")
    total = base + step if sign == "+" else base - step
    return (f"{total:g}%" if unit == "%" else round(total, 6), fail_at, at)


def renamed(prop, kind: str) -> str:
    """A hint for a property another tool names otherwise (Squib's fill_color, range): what a layout writes."""
    if prop == "range":
        return (": a layout has no ranges; show an element on some rows only with visible: {cell: \"{column}\", is: "
                "[the values of those rows]}")
    if kind == "text" and prop in ("stroke", "stroke_color", "stroke_width"):
        return ": outlined letters are outline: {colour: a colour, width: a length such as 0.4 mm}"
    if kind == "text" and prop == "ellipsize":
        return (": pnp never cuts a text short; give it a min_size to shrink to, and validate names a text that still "
                "does not fit")
    ours = PROPERTY_NAMES.get(prop)
    return f": write {ours}" if ours in TYPES[kind] or ours in COMMON else ""


def markup_faults(text: str, names: Names) -> list:
    """textbox.faults of a text, its icons the templates and inline pictures and its colours those names has."""
    return textbox.faults(text, (names.templates or frozenset()) | names.inline,
                          lambda name: refused(name, names.colours))


def refused(name: str, colours) -> str:
    """Why a text's {colour:name} cannot print its words (none, or no colour as colour(name, colours) reads it), or ''."""
    if name == "none":
        return "expected a colour to print the words in, found 'none'"
    try:
        colour(name, colours)
    except s.Invalid as exc:
        return str(exc)
    return ""


def _shown(visible, row) -> bool:
    """Whether a visible: that quotes a column shows its element on a row (an unreadable one: yes, and it is reported)."""
    try:
        return flag(filled(visible, row))
    except s.Invalid:
        return True


def _checked(fail, at, parser, value):
    """A value parsed, or fail naming where it was written (the key inside it at fault, if one is)."""
    try:
        return parser(value)
    except s.Invalid as exc:
        braced = yamlsource.mapped(value, colon=False)
        fail(at + (() if exc.key is None else (exc.key,)),
             str(exc) + (f' (YAML reads {braced} as a mapping: write "{braced}" in quotes)' if braced else ""))


def check_rows(layout: Layout, rows, names: Names, label=""):
    """Every element's quoted properties parsed for every row; the first that fails names the file, row and column."""
    quoting = [(f"{name}.{prop}", props["type"], prop, value, props.get("repeat"), props.get("visible", True))
               for name, props in layout.elements for prop, value in props.items()
               if quoted(value) and (set(quoted(value)) - set(COPY) or "repeat" not in props)]
    quoting.sort(key=lambda entry: entry[2] != "repeat")  # a row's repeat is sound before its copies are checked
    if quoted(layout.ground):
        quoting.append(("ground", "rect", "fill", layout.ground, None, True))
    texts = [(name, column) for name, props in layout.elements if props["type"] == "text"
             for column in quoted(props.get("text")) if column not in COPY]
    picked = {name: [props["visible"], _wanted(props["visible"]), False] for name, props in layout.elements
              if isinstance(props.get("visible"), dict) and "is" in props["visible"] and quoted(props["visible"])}   # shown on the rows whose cell is
    steady = [(name, found) for name, props in layout.elements if (found := _drawn(props)) is not None]
    varying = [(name, props) for name, props in layout.elements if _drawn(props) is None]   # what it draws: by row
    for number, row in rows.rows:                    # one of some values: each value on no row yet, on no row yet
        for seen in picked.values():
            if _shown(seen[0], row):
                seen[2] = True
                seen[1].pop(str(filled(seen[0], row)["cell"]).strip(), None)
        for name, column in texts:
            for fault in markup_faults(row[column], names)[:1]:
                raise rows.fail(number, column, f"{label}{name}.text: {fault}")
        for what, kind, prop, value, repeating, visible in quoting:
            if prop != "visible" and quoted(visible) and not _shown(visible, row):
                continue   # hidden on this row: drawing reads no more of it
            try:
                copies = repeat(filled(repeating, row)).copies() if repeating is not None and prop != "repeat" else [None]
                first = copies[0] if copies else None
                if copies:  # a repeat of 0 copies draws nothing to check
                    parse(kind, prop, filled(value, row if first is None else {**row, **first.fields()}), names)
            except s.Invalid as exc:
                column = next(f for f in quoted(value) if f not in COPY or first is None)
                inside = "" if exc.key is None or prop != "repeat" else f".{exc.key}"
                raise rows.fail(number, column, f"{label}{what}{inside}: {exc}") from None
        excess = _excess(steady + [(name, _drawn(props, row)) for name, props in varying]) if varying else None
        if excess:   # told at the row's element that draws most, by the column its count quotes
            name, props = next((name, props) for name in excess[1] for named, props in varying if named == name)
            prop = _varying(props)[0]
            raise rows.fail(number, next(f for f in quoted(props[prop]) if f not in COPY or "repeat" not in props),
                            f"{label}{name}.{prop}: {excess[0]}")
    for name, (visible, wanted, anywhere) in [item for item in picked.items() if item[1][1] or not item[1][2]][:1] \
            if rows.rows else ():
        column = quoted(visible)[0]
        cells = sorted({row[column].strip() for _, row in rows.rows}, key=lambda cell: (len(cell), cell))
        shown = f"{', '.join(map(repr, cells[:12]))}{', ...' * (len(cells) > 12)}"
        if anywhere:   # shown on some rows: a value no row has is a typo
            message = (f"{next(iter(wanted))!r} is no row's {{{column}}} in {rows.name} (its cells: {shown})")
        else:
            message = (f"{visible['is']!r} is no row's {{{column}}} in {rows.name} (its cells: {shown}): the element "
                       "would show on no card; is: takes the values to show it on, not a range")
        if name in layout.blame:   # at the layout's line
            layout.blame[name](message)
        raise UserError(f"{rows.name}, column {column}: {label}{name}.visible: is: {message}")


def _wanted(visible) -> dict:
    """The values a visible: {cell:, is:} shows its element on, as cells are compared ({value: None}, in order); none
    when is: quotes a column (each row gives its own) or is not a value or list (its check says so)."""
    wanted = visible.get("is") if isinstance(visible, dict) and not quoted(visible.get("is")) else None
    wanted = wanted if isinstance(wanted, list) else [wanted]
    return {str(w).strip(): None for w in wanted if isinstance(w, (str, int, float)) and not isinstance(w, bool)}
