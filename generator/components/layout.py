"""Layout: a designer's own card, tile or token, its faces drawn from a layout (generator/spec/layouts.py), one per data row."""
import functools
import math
import re
from array import array
from pathlib import Path
from types import MappingProxyType

from ..check.wording import printable
from ..spec import data as rows_of
from ..spec import layouts
from ..spec import schema as s
from ..draw import art, svg, svgvalues, templates, textbox, textfit, typeface
from ..errors import UserError
from ..files import inside
from ..located import located
from ..units import whole
from ..draw.hexgrid import FLAT, ORIGIN, POINTY, Layout as HexLayout, polygon_corners
from .back import render as plain_back
from ..spec.loader import MAX_PIECES
from .kind import Circle, Kind, common_back_reads

SHAPES = ("rectangle", "rounded", "circle", "hex-flat", "hex-pointy")
FIELDS = {
    "shape": s.one_of(*SHAPES),
    "width": s.length(high=400),
    "height": s.length(high=400),
    "size": s.length(high=400),
    "radius": s.length(high=20, zero=True),
    "layout": s.any_value,
    "layouts": s.list_of(s.text, 1, 20),
    "data": s.any_value,
    "sheet": s.text,
    "count_column": s.text,
    "back_column": s.text,
    "making": s.text,
    "file_name": s.text,
}
DEFAULTS = {"shape": "rectangle",   # a rounded piece's corners: 3 mm; another shape has none ({cards.radius} is no figure)
            "radius": lambda options: 3.0 if options.get("shape") == "rounded" else None}
ROLES = {"mark": svg.MARK, "art": svg.GROUND, "guide": svg.GUIDE, "frame": svg.FRAME}
HAIRLINE = 0.2   # mm: the line a hex front draws on its cut (its neighbours' edges are the same line)
COVERS = 0.9   # the opacity from which an element hides the text under it (at 0.95 a title showed at 5 %)
ROW, DATA = rows_of.ROW, rows_of.DATA   # the face properties holding the data row a face comes from and its file's name
BACK = "#back"     # a face's own back's property: the back layout its row names
COUNTS = ("count", "quantity", "qty")   # a column of one of these names, in any case, is the count column


def size(options):
    """The trim box: width x height, a circle's diameter, or a hexagon's bounding box (size across the flats)."""
    shape = options["shape"]
    if shape == "circle":
        return options["size"], options["size"]
    if shape.startswith("hex"):
        flats, corners = options["size"], 2 * options["size"] / math.sqrt(3)
        return (corners, flats) if shape == "hex-flat" else (flats, corners)
    return options["width"], options["height"]


def placing(options):
    """How the pieces go on the sheets: hexagons tessellate with shared edges, the rest sit in grids."""
    return "hex" if options["shape"].startswith("hex") else "grid"


def hexagon(options, grow=0.0):
    """The corners of a hex piece's cut line (grown by grow mm across every side)."""
    w, h = size(options)
    orientation = FLAT if options["shape"] == "hex-flat" else POINTY
    return [(svg.r(x), svg.r(y)) for x, y in polygon_corners(HexLayout(orientation, options["size"] + 2 * grow, (w / 2, h / 2)),
                                                             ORIGIN)]


def cut(options):
    """The cut line: a punched circle, a hexagon, the trim box with its corners rounded, or the trim box."""
    o = options
    w, h = size(o)
    if o["shape"] == "circle":
        return Circle(w / 2, h / 2, w / 2)
    if o["shape"].startswith("hex"):
        return tuple(hexagon(o))
    radius = min(o["radius"], w / 2, h / 2) if o["shape"] == "rounded" else 0.0
    if not radius:
        return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))
    corners = []
    for cx, cy, start in ((w - radius, radius, -90), (w - radius, h - radius, 0), (radius, h - radius, 90), (radius, radius, 180)):
        corners += [(cx + radius * math.cos(math.radians(start + 15 * k)), cy + radius * math.sin(math.radians(start + 15 * k)))
                    for k in range(7)]
    return tuple(dict.fromkeys(corners))


def load(check, key_path, checked, options, source):
    """Read the component's layouts and data (paths inside the spec's folder): options with the loaded Layouts, and the
    faces: one per data row, as many copies as its count column says."""
    folder = Path(check.path).parent
    names = layouts.Names(frozenset(check.palette), frozenset(templates.names(templates.search_path(check.path))),
                          frozenset(check.fonts), folder, frozenset(check.inline))
    _unused(check, key_path, options)
    rows = None
    if "sheet" in options and not str(options.get("data", "")).lower().endswith(".xlsx"):
        check.fail(key_path + ("sheet",), "only an Excel workbook (.xlsx) has sheets (expected data: a .xlsx file)")
    if "data" in options:
        raw = options["data"]
        if isinstance(raw, list):
            def at(number, column, message):
                """An inline row's error at its line in the spec (the row's, or its cell's)."""
                where = key_path + ("data",) + ((number - 1,) if number else ()) + ((column,) if column else ())
                return located(check.path, check.lines, where, message)
            typed = getattr(check.lines, "written", {})
            rows = rows_of.listed(f"{check.path}: {'.'.join(key_path)}.data", raw, at,
                                  lambda index, column: typed.get(key_path + ("data", index, column)))
        else:
            try:
                path = inside(folder, raw)
            except UserError as exc:
                check.fail(key_path + ("data",), str(exc))
            if wrong := rows_of.kinds(path):
                check.fail(key_path + ("data",), wrong)
            try:
                rows = rows_of.load(path, options.get("sheet"))
            except rows_of.NoSheet as exc:
                check.fail(key_path + ("sheet",), str(exc))
    columns = rows.columns if rows else ()
    unknown = [field for field in layouts.quoted(options.get("file_name", "")) if field not in columns]
    if unknown:
        check.fail(key_path + ("file_name",), f"{{{unknown[0]}}} names no data column (columns: "
                                             f"{', '.join(columns) if columns else 'none: the component has no data'})")
    given = [key for key in ("layout", "layouts") if key in options]
    if len(given) != 1:
        check.fail(key_path, "give one of layout (a file or an inline layout) or layouts (a list of files merged in order)"
                   + (f" (found {' and '.join(given)})" if given else ""))
    fail = lambda where, message: check.fail(key_path + (given[0],) + tuple(where), message)  # noqa: E731
    made = dict(options)
    trim = size(options)
    made[given[0]] = layouts.load(folder, options[given[0]], fail, names, columns, trim=trim)
    if "layout" in checked.get("back", {}):  # a common back: it quotes no column
        back_fail = lambda where, message: check.fail(key_path + ("back", "layout") + tuple(where), message)  # noqa: E731
        made["back_layout"] = layouts.load(folder, checked["back"]["layout"], back_fail, names, shared=rows is not None,
                                           trim=trim)
    if rows is None:
        return MappingProxyType(made), source
    layouts.check_rows(made[given[0]], rows, names, "layout element ")
    backing = options.get("back_column") or ("back" if "back" in columns else None)
    if backing is not None:
        made["backs"] = row_backs(check, key_path, checked, folder, rows, backing, names)
    found = [c for name in COUNTS for c in columns if c.lower() == name]
    if len(found) > 1 and not options.get("count_column"):   # the first would count, the others be ignored
        check.fail(key_path + ("data",), f"{rows.name} has {len(found)} count columns ({', '.join(found)}): keep one, "
                                         f"or say which counts (count_column: {found[0]})")
    counting = options.get("count_column") or (found[0] if found else None)
    if counting is not None and counting not in columns:   # in any case, as the names counted by default are
        counting = made["count_column"] = next((c for c in columns if c.lower() == counting.lower()), counting)
    if counting is not None and counting not in columns:
        check.fail(key_path + ("count_column",), f"no column {counting!r} in {rows.name} (columns: {', '.join(columns)})")
    items, table = [], isinstance(rows.rows, rows_of.Table)
    faces = array("l") if table else None   # a table's faces: the index of each one's row (its rows read again later)
    for index, (number, row) in enumerate(rows.rows) if counting or not table else ():
        copies = 1
        if counting:
            written = row[counting].strip() or "1"
            copies = whole(written, 10_000)
            if copies is None:
                raise rows.fail(number, counting, f"expected a whole number of copies from 0 to 10000, found {s.found(written)}")
        if table:
            faces.extend([index] * copies)
        else:
            items += [MappingProxyType(row)] * copies  # the row's own dict is its face's properties: no copy per row
        if len(items) + len(faces or ()) > MAX_PIECES:
            check.fail(key_path + ("data",), f"{rows.name} makes more than {MAX_PIECES:,} pieces (rows up to {number})")
    found = rows_of.Faces(rows.rows, faces if counting else None) if table else tuple(items)
    if not found:
        check.fail(key_path + ("data",), f"{rows.name} makes no pieces ("
                   + (f"every row's {counting} is 0)" if rows.rows else "it has no rows below its header)"))
    return MappingProxyType(made), source._replace(items=found)


def _unused(check, key_path, options) -> None:
    """Fail a size or corner key the piece's shape does not read (a circle's width, a rectangle's size or radius): it
    was silently ignored."""
    shape = options["shape"]
    round_or_hex = shape == "circle" or shape.startswith("hex")
    for key in ("width", "height") if round_or_hex else ("size",):
        if key in options:
            check.fail(key_path + (key,), f"a {shape} piece's size is size: (across, in mm), not {key}: (width and "
                                          "height size a rectangle or rounded piece)" if round_or_hex else
                                          f"size: sizes a circle or hexagon; a {shape} piece takes width: and height:")
    if shape != "rounded" and tuple(key_path) + ("radius",) in check.lines:   # written, not radius's default
        check.fail(key_path + ("radius",), f"radius rounds the corners of a shape: rounded piece, and this one is a "
                                           f"{shape}")


def row_backs(check, key_path, checked, folder, rows, column, names):
    """The back layouts a data file's back column names ({file: Layout}): each row's own back; an empty cell the common
    back."""
    if column not in rows.columns:
        check.fail(key_path + ("back_column",), f"no column {column!r} in {rows.name} (columns: {', '.join(rows.columns)})")
    if "back" not in checked:
        check.fail(key_path, f"rows of {rows.name} name their backs (column {column}): give the component a common back "
                             "too (back: with a layout or a fill): it makes the pieces two-sided, and is printed only "
                             "behind rows that name none (when every row names its own, nowhere)")
    found = {}
    for number, row in rows.rows:
        name = row[column].strip()
        if name and name not in found:
            def fail(where, message, number=number):
                raise rows.fail(number, column, f"{name}: {message}")
            try:
                path = inside(folder, name)
            except UserError as exc:
                fail((), str(exc))
            found[name] = layouts.load(path.parent, path.name, fail, names, rows.columns)
    for name, lay in found.items():
        layouts.check_rows(lay, rows._replace(rows=tuple((n, r) for n, r in rows.rows if r[column].strip() == name)),
                           names, f"back layout {name} element ")
    return found


def back_face(options, props):
    """A face's own back: the back layout its row names, with the columns that layout quotes; None: the common back."""
    name = props.get(options.get("back_column") or "back", "").strip() if "backs" in options else ""
    if not name:
        return None
    return {BACK: name, **{field: props[field] for field in sorted(options["backs"][name].fields())}}


def places_images(options) -> bool:
    """True when a component's layouts (front or backs) place the designer's images."""
    return _images(options.get("layout") or options.get("layouts"), *_backs(options))


def _backs(options) -> list:
    """A component's back layouts: its common back's and each row's own (none: the plain back)."""
    return [options.get("back_layout"), *options.get("backs", {}).values()]


def _images(*lays) -> bool:
    """True when one of these layouts places an image."""
    return any(props["type"] == "image" for lay in lays if isinstance(lay, layouts.Layout) for _, props in lay.elements)


def paints(spec, component) -> tuple | None:
    """Kind.paints of a layout's fronts: only the colours they read, as given, and their icons' templates' own;
    undeclared (None) when they may place the designer's art (an image, or an inline picture in a text), which paints
    colours of its own."""
    o = component.options
    return None if spec.inline or _images(o.get("layout") or o.get("layouts")) else ()


def back_paints(spec, component) -> tuple | None:
    """Kind.back_paints of a layout's backs, as paints (the plain back, no layout, paints its fill and ink as given)."""
    lays = [lay for lay in _backs(component.options) if lay is not None]
    return None if (spec.inline and lays) or _images(*lays) else ()


def area(name, w, h, bleed, safe):
    """The (x, y, width, height) of a named area in trim coordinates."""
    if name == "bleed":
        return -bleed, -bleed, w + 2 * bleed, h + 2 * bleed
    if name == "safe":
        return safe, safe, w - 2 * safe, h - 2 * safe
    return 0.0, 0.0, w, h


def mm(value, box, axis):
    """A ('mm' | '%', n) place or length in mm: axis x or y is a place in the box, w, h or m (the smaller side) a length."""
    unit, n = value
    x, y, w, h = box
    span = {"x": w, "y": h, "w": w, "h": h, "m": min(w, h)}[axis]
    found = n * span / 100 if unit == "%" else n
    return found + {"x": x, "y": y}.get(axis, 0.0)


def draw(dwg, spec, lay, fields, w, h, bleed, where=""):
    """Draw a layout's ground and elements for one row onto a drawing whose trim box starts at (0, 0)."""
    drawn, names = [], layouts.Names(frozenset(spec.palette) | frozenset(s.BASE_COLOURS))
    lettered = ([], [])  # each text drawn so far, and each opaque cover (the ground first), as turned and shifted
    if lay.ground:
        colour = spec.colour(layouts.parse("rect", "fill", layouts.filled(lay.ground, fields), names))
        drawn.append(svg.part(dwg.rect((-bleed, -bleed), (svg.r(w + 2 * bleed), svg.r(h + 2 * bleed)), fill=colour),
                              "ground", svg.GROUND))
        lettered[1].append(("the ground", (-bleed, -bleed, w + bleed, h + bleed), colour, True))
    for name, props in lay.elements:
        kind = props["type"]
        try:
            step = layouts.parse(kind, "repeat", layouts.filled(props["repeat"], fields), names) if "repeat" in props else None
            for copy in step.copies() if step else [None]:
                e = layouts.element(kind, props, fields if copy is None else {**fields, **copy.fields()}, names)
                if not e["visible"]:
                    continue
                box = area(e.get("area", "trim"), w, h, bleed, lay.safe)
                label = name if copy is None else f"{name} {copy.number}"
                made = shape(dwg, spec, kind, e, box, label, where)
                if made is None:
                    continue
                shift = (copy.across * mm(step.dx, box, 'w'), copy.down * mm(step.dy, box, 'h')) if copy else (0.0, 0.0)
                turned = e["rotate"] and (e["rotate"], centre(kind, e, box))
                covering(lettered, spec, kind, e, box, made, (label, name), where, *_mover(shift, turned))
                if e["opacity"] < 1:
                    made.attrs["opacity"] = e["opacity"]
                moves = []
                if shift != (0.0, 0.0):
                    moves.append(svgvalues.translate(svg.r(shift[0]), svg.r(shift[1])))
                if turned:
                    cx, cy = turned[1]
                    moves.append(svgvalues.rotate(svg.r(e['rotate']), svg.r(cx), svg.r(cy)))
                if moves:
                    holder = dwg.g(transform=functools.reduce(svgvalues.Transform.then, moves))
                    holder.add(made)
                    made = holder
                role = e.get("role") or ("art" if e.get("area") == "bleed" else "mark")
                drawn.append(svg.part(made, label, ROLES[role]))
        except s.Invalid as exc:  # checked when the spec loaded: only a layout changed behind its back gets here
            raise UserError(f"{where}layout element {name}: {exc}") from None
    return drawn


def _mover(shift: tuple, turned) -> tuple:
    """(how a box (left, top, right, bottom) is drawn by an element turned (degrees, centre) about its centre, then
    shifted as a repeat's copy: the box round its corners so moved, None when it stays put; whether a box so turned is
    still a box: a right angle)."""
    if not turned and shift == (0.0, 0.0):
        return None, True
    angle, (cx, cy) = turned or (0.0, (0.0, 0.0))
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def moved(b: tuple) -> tuple:
        corners = [(cx + (x - cx) * cos - (y - cy) * sin + shift[0], cy + (x - cx) * sin + (y - cy) * cos + shift[1])
                   for x in (b[0], b[2]) for y in (b[1], b[3])]
        return (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners),
                max(y for _, y in corners))
    return moved, angle % 90 == 0


def covering(drawn, spec, kind, e, box, made, names, where, moved=None, square=True) -> None:
    """Record a text's ink or an opaque element's cover (a rect's or image's box, the square inside a circle, an icon's
    middle 70 %; an ellipse's or polygon's box, not sure to be filled) in drawn; a text a fifth or more hidden by a
    later sure cover, or lying where the topmost cover under it is of its own colour (unless an outline of another
    colour rings it), gets a problem. names: the element's as drawn (a repeat's copy: 'dot 3') and as listed ('dot');
    moved, square: how the element is turned or shifted as drawn (_mover); a cover not square (turned by other than a
    right angle) is not sure to fill the box round it, and a text not square is not judged."""
    texts, covers = drawn
    name, listed = names
    moved = moved or (lambda b: b)
    if isinstance(made, Lettering):
        if not square:   # the box round a text turned 30 degrees holds much else: too coarse to judge it by
            return
        inks = [typeface.ink(run.face, run.content or "", float(run.attrs["x"]), float(run.attrs["y"]),
                             float(run.attrs["font-size"])) for run in made.children if isinstance(run, svg.Run)]
        inks = [i for i in inks if i]
        if inks:
            ink = moved((min(i[0] for i in inks), min(i[1] for i in inks), max(i[2] for i in inks), max(i[3] for i in inks)))
            colour, said = spec.colour(e["colour"]), f"text {_quoted(e['text'])} ({where}text {name})"
            texts.append((said, made, ink))
            ringed = "outline" in e and spec.colour(e["outline"]["colour"]) != colour   # its outline parts it from them
            if not ringed and any(fill == colour and sure for _, _, fill, sure in covers):
                lost = _unreadable(ink, [cover for cover in covers if _share(ink, cover[1]) > 0], colour)
                if sum(lost.values()) >= 0.2:
                    made.problems.append(f"{said} lies on {' and '.join(lost)}, of its own colour {colour}: "
                                         f"{sum(lost.values()):.0%} of its ink cannot be read")
        return
    if e["opacity"] < COVERS:   # see-through: what lies under it shows
        return
    if kind in ("ellipse", "polygon", "hexagon", "star"):   # a shape whose box it does not fill: it may lie between
        if e["fill"] != "none":                              # a text and a cover of the text's colour
            covers.append((name, moved(_extent(made)), spec.colour(e["fill"]), False))
        return
    if kind not in ("rect", "image", "circle", "icon") or (kind in ("rect", "circle") and e["fill"] == "none"):
        return
    x, y = mm(e["x"], box, "x"), mm(e["y"], box, "y")
    if kind == "circle":
        half = mm(e["r"], box, "m") / math.sqrt(2)
        cover = (x - half, y - half, x + half, y + half)
    else:
        w, h = mm(e["width"], box, "w"), mm(e["height"], box, "h")
        inset = 0.15 if kind == "icon" else 0.0
        cover = (x + inset * w, y + inset * h, x + (1 - inset) * w, y + (1 - inset) * h)
    cover = moved(cover)
    paint = None if kind == "image" else spec.colour(e["colour"] if kind == "icon" else e["fill"])   # a picture's: unknown
    covers.append((name, cover, paint, square))
    if not square:
        return
    for said, lettering, ink in texts:
        if _share(ink, cover) >= 0.2:
            lettering.problems.append(f"{said} is {_share(ink, cover):.0%} hidden by {name}, drawn after it: move one, "
                                      f"or list {listed} first")


def _share(ink, cover) -> float:
    """How much of an ink box (left, top, right, bottom) a cover box hides, 0 to 1."""
    across = min(ink[2], cover[2]) - max(ink[0], cover[0])
    down = min(ink[3], cover[3]) - max(ink[1], cover[1])
    return max(across, 0) * max(down, 0) / max((ink[2] - ink[0]) * (ink[3] - ink[1]), 1e-9)


def _unreadable(ink, covers, colour) -> dict:
    """{cover's name: share of an ink box}, in drawing order, where the topmost of covers ((name, box, fill, sure), in
    drawing order) is of the text's colour: the ink there lies on its own colour with nothing of another colour between.
    A cover not sure to fill its box (an ellipse, polygon, hexagon or star: its extent) counts only as lying between,
    when of another colour: it never fails a text by itself."""
    covers = [cover for cover in covers if cover[3] or cover[2] != colour]
    xs = sorted({min(max(v, ink[0]), ink[2]) for _, box, *_ in covers for v in (box[0], box[2])} | {ink[0], ink[2]})
    ys = sorted({min(max(v, ink[1]), ink[3]) for _, box, *_ in covers for v in (box[1], box[3])} | {ink[1], ink[3]})
    lost = [0.0] * len(covers)
    for left, right in zip(xs, xs[1:]):
        for top, bottom in zip(ys, ys[1:]):
            x, y = (left + right) / 2, (top + bottom) / 2
            hit = [n for n, (_, box, *_) in enumerate(covers) if box[0] <= x <= box[2] and box[1] <= y <= box[3]]
            if hit and covers[hit[-1]][2] == colour:   # the topmost cover here
                lost[hit[-1]] += (right - left) * (bottom - top)
    area = max((ink[2] - ink[0]) * (ink[3] - ink[1]), 1e-9)
    return {cover[0]: found / area for cover, found in zip(covers, lost) if found}


def _extent(made) -> tuple:
    """The box (left, top, right, bottom) round an ellipse's or a polygon's outline, as drawn."""
    if made.tag == "ellipse":
        x, y, rx, ry = (float(made.attrs[key]) for key in ("cx", "cy", "rx", "ry"))
        return x - rx, y - ry, x + rx, y + ry
    xs, ys = zip(*made.attrs["points"].pairs)
    return min(xs), min(ys), max(xs), max(ys)


def centre(kind, e, box):
    """The point an element turns about: its box's, shape's or line's middle; a path's (x, y)."""
    if kind == "line":
        return ((mm(e["x1"], box, "x") + mm(e["x2"], box, "x")) / 2, (mm(e["y1"], box, "y") + mm(e["y2"], box, "y")) / 2)
    if kind == "polygon":
        xs, ys = [mm(px, box, "x") for px, _ in e["points"]], [mm(py, box, "y") for _, py in e["points"]]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x, y = mm(e["x"], box, "x"), mm(e["y"], box, "y")
    if kind in ("rect", "text", "icon", "image"):
        return x + mm(e["width"], box, "w") / 2, y + mm(e["height"], box, "h") / 2
    return x, y


def shape(dwg, spec, kind, e, box, name, where):
    """One element as an svg Element (None when it draws nothing)."""
    x, y = mm(e["x"], box, "x"), mm(e["y"], box, "y")
    stroke = {"fill": spec.colour(e["fill"]) if kind != "line" else "none"}
    if e["stroke"] != "none":
        stroke.update(stroke=spec.colour(e["stroke"]), stroke_width=svg.r(mm(e["stroke_width"], box, "m")))
        dash = mm(e["dash"], box, "m")
        if dash:
            stroke["stroke_dasharray"] = (svg.r(dash), svg.r(dash))
    if kind == "rect":
        radius = mm(e["radius"], box, "m")
        return dwg.rect((svg.r(x), svg.r(y)), (svg.r(mm(e["width"], box, "w")), svg.r(mm(e["height"], box, "h"))),
                        rx=svg.r(radius) if radius else None, **stroke)
    if kind == "circle":
        return dwg.circle((svg.r(x), svg.r(y)), svg.r(mm(e["r"], box, "m")), **stroke)
    if kind == "ellipse":
        return dwg.ellipse((svg.r(x), svg.r(y)), (svg.r(mm(e["rx"], box, "w")), svg.r(mm(e["ry"], box, "h"))), **stroke)
    if kind == "line":
        return dwg.line((svg.r(mm(e["x1"], box, "x")), svg.r(mm(e["y1"], box, "y"))),
                        (svg.r(mm(e["x2"], box, "x")), svg.r(mm(e["y2"], box, "y"))), **stroke)
    if kind == "polygon":
        return dwg.polygon([(svg.r(mm(px, box, "x")), svg.r(mm(py, box, "y"))) for px, py in e["points"]], **stroke)
    if kind == "hexagon":
        radius, start = mm(e["r"], box, "m"), 0 if e["orientation"] == "flat" else 30
        return dwg.polygon([(svg.r(x + radius * math.cos(math.radians(start + 60 * k))),
                             svg.r(y + radius * math.sin(math.radians(start + 60 * k)))) for k in range(6)], **stroke)
    if kind == "star":
        radius, count = mm(e["r"], box, "m"), int(e["points"])
        return dwg.polygon([(svg.r(x + radius * (1 if k % 2 == 0 else e["inner"]) * math.sin(math.pi * k / count)),
                             svg.r(y - radius * (1 if k % 2 == 0 else e["inner"]) * math.cos(math.pi * k / count)))
                            for k in range(2 * count)], **stroke)
    if kind == "path":
        return dwg.path(svgvalues.path_of(e.get("d", "")), transform=svgvalues.translate(svg.r(x), svg.r(y)), **stroke)
    width, height = mm(e["width"], box, "w"), mm(e["height"], box, "h")
    if kind == "icon":
        return svg.symbol(dwg, e["name"], x + width / 2, y + height / 2, min(width, height), spec.colour(e["colour"]),
                          spec.colour(e["ink"]), search=spec.templates)
    if kind == "image":
        return image(dwg, spec, e, x, y, width, height)
    return text_box(spec, e, x, y, width, height, f"{where}text {name}")


class Lettering(svg.Element):
    """A text element's runs; problems: what validation says of the text as a whole (one line each), so the text check
    need not report its lines one by one."""

    __slots__ = ("problems",)

    def __init__(self, problems):
        super().__init__("g")
        self.problems = problems


ICON = re.compile(r":([A-Za-z0-9][A-Za-z0-9_-]*):")


def text_box(spec, e, x, y, width, height, name):
    """A text box laid out by textbox.fit in the element's font, with the spec's icons inline; a text that does not fit
    at its min_size, or needs a glyph its font lacks, carries one problem each."""
    if not e["text"].strip():
        return None
    text = textbox.painted(e["text"], spec.colour)
    family = spec.fonts[e["font"]] if "font" in e else typeface.VERA
    box = textfit.Box(x, y, x + width, y + height, name)
    size = e["size"]
    laid = textbox.fit(text, box, font=family, size=size, min_size=min(e.get("min_size", size), size),
                       align="centre" if e["align"] == "center" else e["align"], valign=e["valign"],
                       leading=e["leading"], colour=spec.colour(e["colour"]), icons=icons(spec, text),
                       wrap=e["wrap"], outline=(spec.colour(e["outline"]["colour"]), e["outline"]["width"]) if "outline" in e
                       else (), bold=e["bold"], italic=e["italic"])
    quote = _quoted(e["text"])
    problems = []
    at = (f"even at its min_size, {laid.size:g} mm" if "min_size" in e else
          f"at its size, {laid.size:g} mm, and has no min_size to shrink to")
    if not laid.fits:
        problems.append(f"text {quote} does not fit its {width:.1f} x {height:.1f} mm box {at} ({name})")
    if laid.cut:
        problems.append(f"text {quote}: the word {_quoted(laid.cut)} is wider than its {width:.1f} mm box {at}, so it is "
                        f"cut between letters ({name})")
    backwards = textbox.right_to_left(text)
    if backwards:
        problems.append(f"text {quote}: '{printable(backwards)}' (U+{ord(backwards):04X}) is written right to left, "
                        f"which pnp does not set: its letters would print in the wrong order, unjoined ({name})")
    fonts = {}
    for char, font in [] if backwards else laid.missing:
        fonts.setdefault(font, []).append(f"'{printable(char)}' (U+{ord(char):04X})")
    problems += [f"text {quote}: the font {font} has no glyph for {', '.join(chars)} ({name})"
                 for font, chars in fonts.items()]
    group = Lettering(problems)
    group.children += laid.elements
    return group


def _quoted(text: str) -> str:
    """A text as messages show it: quoted on one line, cut after 40 characters."""
    return "'" + printable((text if len(text) <= 40 else text[:37] + "...").replace("\n", " ")) + "'"


def icons(spec, text) -> dict:
    """{name: textbox.Inline or template file} of each :name: in text that names one of the spec's inline pictures or
    templates (a template read through spec.templates, so a face kept between builds knows it uses it)."""
    found = {}
    for name in dict.fromkeys(ICON.findall(text)):
        if name in spec.inline:
            found[name] = spec.inline[name]
            continue
        path = _find(spec.path, name)
        if path is not None:
            spec.templates.load(name)
            found[name] = path
    return found


@functools.lru_cache(maxsize=256)
def _find(spec_path, name):
    """The template file called name that a spec can use, or None."""
    return templates.search_path(spec_path).find(name)


def image(dwg, spec, e, x, y, width, height):
    """The designer's image or SVG art fitted to its box: contain (whole, centred), cover (filling it, cut at the box)
    or stretch."""
    source = art.load(Path(spec.path).parent, e["file"])
    if e["fit"] == "stretch":
        return art.place(source, x, y, width, height)
    sw, sh = source.size
    scale = (min if e["fit"] == "contain" else max)(width / sw, height / sh)
    placed = art.place(source, x + (width - sw * scale) / 2, y + (height - sh * scale) / 2, sw * scale, sh * scale)
    if e["fit"] == "contain":
        return placed
    ident = f"cover{len(dwg.defs.children)}"
    dwg.defs.add(dwg.clipPath(id=ident)).add(dwg.rect((svg.r(x), svg.r(y)), (svg.r(width), svg.r(height))))
    holder = dwg.g(clip_path=f"url(#{ident})")
    holder.add(placed)
    return holder


def render(spec, component, props):
    """Draw one face: the layout for the face's data row; a hexagon's art is clipped to its cut (neighbours share it)."""
    o = component.options
    lay = o.get("layout") or o["layouts"]
    return face(spec, component, o, lay, props)


def face(spec, component, o, lay, props):
    """A drawing of a layout with one row's fields (a hexagon's clipped to its cut: neighbours share their edges)."""
    w, h = size(o)
    dwg = svg.drawing(w, h, component.bleed, ident="layout")
    where = f"{props[DATA]} row {props[ROW]}, " if ROW in props else ""
    dwg.children += draw(dwg, spec, lay, props, w, h, component.bleed, where)
    return clipped(dwg, o, 0.0)


def clipped(dwg, o, grow):
    """A hex piece's drawing with each element clipped to its cut line grown by grow mm, a front (grow 0) with a hairline
    on its cut (tessellated hexes share their edges: the line is where to cut); other shapes as they are."""
    if not o["shape"].startswith("hex"):
        return dwg
    dwg.defs.add(dwg.clipPath(id=svg.CUT)).add(dwg.polygon(hexagon(o, grow)))
    for n, made in enumerate(dwg.children):
        if made is not dwg.defs:
            holder = dwg.g(clip_path=f"url(#{svg.CUT})")
            holder.add(made)
            dwg.children[n] = svg.part(holder, made.part, made.role)
    if not grow:
        dwg.add(svg.part(dwg.polygon(hexagon(o, 0.0), fill="none", stroke="#000000", stroke_width=HAIRLINE),
                         "hairline on the cut", svg.GUIDE))
    return dwg


def render_back(spec, component, width, height, props=None):
    """A back: a row's own back layout, the common back layout, or the plain back (fill and logo); a hexagon's runs its
    bleed past every side."""
    o = component.options
    lay = o["backs"][props[BACK]] if props else o.get("back_layout")
    if lay is None:
        return clipped(plain_back(spec, component, width, height), o, component.bleed)
    w, h = size(o)
    dwg = svg.drawing(w, h, component.bleed, ident="layout")
    dwg.children += draw(dwg, spec, lay, props or {}, w, h, component.bleed)
    return clipped(dwg, o, component.bleed)


def reads(spec, component, props) -> list:
    """What drawing a face reads besides its component and row (Kind.reads): what its layout's elements name for it."""
    o = component.options
    return layout_reads(spec, o.get("layout") or o["layouts"], props)


def back_reads(spec, component, props=None) -> list:
    """What drawing a back reads (Kind.back_reads): what its back layout names, or the plain back's reads."""
    o = component.options
    lay = o["backs"][props[BACK]] if props else o.get("back_layout")
    return common_back_reads(spec, component) if lay is None else layout_reads(spec, lay, props or {})


def layout_reads(spec, lay, fields) -> list:
    """What draw reads for one row: the palette's names (a colour is checked against them), the colour of each
    element's paints, text markup and icon, the templates of its icons, the spec's fonts and the files of the one a text
    is set in, the spec's folder and the files of its images."""
    names = layouts.Names(frozenset(spec.palette) | frozenset(s.BASE_COLOURS))
    found = ["palette"]
    if lay.ground:
        found.append(f"colour:{layouts.parse('rect', 'fill', layouts.filled(lay.ground, fields), names)}")
    for _, props in lay.elements:
        kind = props["type"]
        try:
            step = layouts.parse(kind, "repeat", layouts.filled(props["repeat"], fields), names) if "repeat" in props else None
            elements = [layouts.element(kind, props, fields if copy is None else {**fields, **copy.fields()}, names)
                        for copy in (step.copies() if step else [None])]
        except s.Invalid:   # draw reports it
            continue
        for e in elements:
            if not e["visible"]:
                continue
            found += [f"colour:{e[key]}" for key in ("fill", "stroke", "colour", "ink")]
            found += [f"colour:{e['outline']['colour']}"] if "outline" in e else []
            if kind == "icon":
                found.append(f"template:{e['name']}")
            elif kind == "image":
                source = art.load(Path(spec.path).parent, e["file"])
                found += ["spec:path", *(f"file:{path}" for path in (source.path, *source.linked))]
            elif kind == "text" and e["text"].strip():
                found += [f"colour:{name}" for name in textbox.marked_colours(e["text"])]
                named = dict.fromkeys(ICON.findall(e["text"]))   # icons are looked up beside the spec
                pictures = [spec.inline[name] for name in named if name in spec.inline]
                found += [f"template:{name}" for name in named if name not in spec.inline and _find(spec.path, name) is not None]
                found += ["spec:path", "spec:inline"] if named else []   # each name looked up in inline: first
                for source in (art.load(p.folder, p.path) for p in pictures if p.folder):
                    found += [f"file:{path}" for path in (source.path, *source.linked)]
                found += [f"file:{p.path}" for p in pictures if not p.folder]
                if "font" in e:
                    found += ["spec:fonts"] + [f"file:{typeface.DESIGNED[face.resource]}" for face in spec.fonts[e["font"]]
                                               if face.resource in typeface.DESIGNED]
    return found


def panels(options) -> bool:
    """A rectangle or rounded piece larger than a sheet prints in panels (a board); circles and hexagons must fit one."""
    return options["shape"] in ("rectangle", "rounded")


def required(options) -> tuple:
    """A circle's or a hexagon's size across; a rectangle's width and height."""
    return ("size",) if options["shape"] == "circle" or options["shape"].startswith("hex") else ("width", "height")


KIND = Kind(render=render, size=size, fields=FIELDS, default_bleed=3.0, layout=placing, back=render_back, cut=cut,
            load=load, back_face=back_face, panels=panels, defaults=DEFAULTS, required=required, reads=reads,
            back_reads=back_reads, paints=paints, back_paints=back_paints)
