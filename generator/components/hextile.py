"""Hex tile: a HexStatic side string drawn as styled paths and ends, crossings bridged, nexus tiles starred."""
import math

from ..draw import linestyles
from ..spec import schema as s
from ..draw import svg, svgvalues
from . import sidestring
from .back import logo
from ..draw.hexgrid import FLAT, ORIGIN, POINTY, Layout, edge_midpoint, pixel_to_hex, polygon_corners
from .kind import Kind

ORIENTATIONS = {"flat": FLAT, "pointy": POINTY}
FIELDS = {
    "size": s.length(low=10, high=300),
    "orientation": s.one_of(*ORIENTATIONS),
    "ground": s.colour,
    "ink": s.colour,
    "border": s.length(high=3, zero=True),
    "lines": linestyles.LINES,
}
DEFAULTS = {"size": linestyles.REFERENCE_SIZE, "orientation": "flat", "ground": "white", "ink": "black", "border": 0.3}
STUB = 0.45            # an end's stub runs this fraction of the apothem in from its side (hexstatic: under 0.7)
STAR = 0.2             # the nexus star's outer radius as a fraction of the apothem


def side_string(value):
    """A HexStatic side string such as 'BBGGRR' or '-B-G-R'."""
    reason = sidestring.problem(value)
    if reason:
        raise s.Invalid(reason)
    return value


FACE_FIELDS = {"sides": side_string}


def size(options):
    """The bounding box of the hex: size across the flats, 2 / sqrt(3) times that across the corners."""
    o = options
    flats, corners = o["size"], 2 * o["size"] / math.sqrt(3)
    return (corners, flats) if o["orientation"] == "flat" else (flats, corners)


def _layout(o, across=None):
    """The hexgrid layout of one tile centred in its trim box; across overrides the size across the flats."""
    w, h = size(o)
    return Layout(ORIENTATIONS[o["orientation"]], across or o["size"], (w / 2, h / 2))


def _points(points):
    """Rounded (x, y) pairs for an SVG polygon."""
    return [(svg.r(x), svg.r(y)) for x, y in points]


def curve(layout, sides):
    """The path joining two sides as ("line", start, end) or ("arc", start, end, centre, radius), square to each side.

    A sharp arc turns around the corner the two sides share (the sides are radii there); a gentle arc around
    the centre of the neighbour beyond the middle side (that centre lies on both sides' lines); a straight
    path runs through the centre.
    """
    i, j = sides
    corners = polygon_corners(layout, ORIGIN)   # once: each side's midpoint is its two corners' mean (edge_midpoint's)
    mids = [((x0 + x1) / 2, (y0 + y1) / 2) for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1])]
    step = (j - i) % 6
    if step == 3:
        return ("line", mids[i], mids[j])
    if step in (1, 5):
        return ("arc", mids[i], mids[j], corners[j if step == 1 else i], layout.radius / 2)
    middle = (i + 1) % 6 if step == 2 else (j + 1) % 6
    cx, cy = layout.origin
    centre = (2 * mids[middle][0] - cx, 2 * mids[middle][1] - cy)
    return ("arc", mids[i], mids[j], centre, layout.size * math.sqrt(3) / 2)


def path_data(c) -> svgvalues.Path:
    """The path data of a curve: a segment, or the short arc from start to end."""
    (sx, sy), (ex, ey) = c[1], c[2]
    if c[0] == "line":
        return svgvalues.path(("M", svg.r(sx), svg.r(sy)), ("L", svg.r(ex), svg.r(ey)))
    (cx, cy), radius = c[3], svg.r(c[4])
    sweep = 1 if (sx - cx) * (ey - cy) - (sy - cy) * (ex - cx) > 0 else 0
    return svgvalues.path(("M", svg.r(sx), svg.r(sy)), ("A", radius, radius, 0, 0, sweep, svg.r(ex), svg.r(ey)))


def along(c, point):
    """How far along a curve a point on it lies, from its start."""
    (sx, sy), (px, py) = c[1], point
    if c[0] == "line":
        return math.hypot(px - sx, py - sy)
    (cx, cy), radius = c[3], c[4]
    turn = math.atan2(py - cy, px - cx) - math.atan2(sy - cy, sx - cx)
    return radius * abs(math.atan2(math.sin(turn), math.cos(turn)))


def length(c):
    """The length of a curve."""
    return along(c, c[2])


def _meets(a, b):
    """Where the full line or circle of curve a meets that of curve b (zero to two points)."""
    if a[0] == "arc" and b[0] == "line":
        a, b = b, a
    if a[0] == "line":
        (x1, y1), (x2, y2) = a[1], a[2]
        dx, dy = x2 - x1, y2 - y1
        if b[0] == "line":
            (x3, y3), (x4, y4) = b[1], b[2]
            det = dx * (y4 - y3) - dy * (x4 - x3)
            u = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / det
            return [(x1 + u * dx, y1 + u * dy)]
        (cx, cy), radius = b[3], b[4]
        fx, fy = x1 - cx, y1 - cy
        qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
        root = math.sqrt(max(0.0, qb * qb - 4 * qa * qc))
        return [(x1 + u * dx, y1 + u * dy) for u in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))]
    (x0, y0), r0, (x1, y1), r1 = a[3], a[4], b[3], b[4]
    dist = math.hypot(x1 - x0, y1 - y0)
    base = (dist * dist + r0 * r0 - r1 * r1) / (2 * dist)
    half = math.sqrt(max(0.0, r0 * r0 - base * base))
    ux, uy = (x1 - x0) / dist, (y1 - y0) / dist
    mx, my = x0 + base * ux, y0 + base * uy
    return [(mx - half * uy, my + half * ux), (mx + half * uy, my - half * ux)]


def crossing(layout, a, b):
    """The point where two crossing curves of one tile meet: the meeting point inside the hex."""
    return next(p for p in _meets(a, b) if pixel_to_hex(layout, p) == ORIGIN)


def stub_geometry(layout, side):
    """Path data, length and dot centre of an end: a stub from a side's midpoint towards the centre."""
    (mx, my), (cx, cy) = edge_midpoint(layout, ORIGIN, side), layout.origin
    tip = (mx + (cx - mx) * STUB, my + (cy - my) * STUB)
    d = svgvalues.path(("M", svg.r(mx), svg.r(my)), ("L", svg.r(tip[0]), svg.r(tip[1])))
    return d, STUB * layout.size / 2, tip


def star(cx, cy, outer):
    """The corners of a six-pointed star centred on (cx, cy)."""
    points = []
    for k in range(12):
        radius = outer if k % 2 == 0 else outer * 0.5
        angle = math.radians(-90 + 30 * k)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def render(spec, component, props):
    """Draw one tile: ground, ends, paths lowest layer first with bridges where they cross, nexus star, border."""
    o = component.options
    sides = props["sides"]
    w, h = size(o)
    layout = _layout(o)
    scale = o["size"] / linestyles.REFERENCE_SIZE
    ground, ink = spec.colour(o["ground"]), spec.colour(o["ink"])
    lines = linestyles.resolve(spec, o.get("lines"))
    dwg = svg.drawing(w, h, component.bleed, ident="hex-tile")
    trim = _points(polygon_corners(layout, ORIGIN))
    clip = dwg.defs.add(dwg.clipPath(id="trim"))
    clip.add(dwg.polygon(trim))
    face = dwg.add(svg.part(dwg.g(clip_path="url(#trim)"), "ground and lines (they meet the next tile's)", svg.GROUND))
    face.add(dwg.polygon(trim, fill=ground))
    by_colour = {c: [k for k, x in enumerate(sides) if x == c] for c in sidestring.COLOURS}
    for colour in sidestring.COLOURS:
        if len(by_colour[colour]) == 1:
            line = lines[sidestring.COLOUR_NAMES[colour]]
            d, reach, (tx, ty) = stub_geometry(layout, by_colour[colour][0])
            face.add(linestyles.strokes(dwg, d, reach, line, ground, scale))
            face.add(linestyles.dot(dwg, tx, ty, line, scale))
    paths = [c for c in sidestring.COLOURS if len(by_colour[c]) == 2]
    order = sorted(paths, key=lambda c: (lines[sidestring.COLOUR_NAMES[c]].look.layer, c))
    crossed = {frozenset(pair) for pair in sidestring.crossings(sides)}
    curves = {c: curve(layout, by_colour[c]) for c in paths}
    for n, colour in enumerate(order):
        under = [lower for lower in order[:n] if frozenset((colour, lower)) in crossed]
        hits = [along(curves[colour], crossing(layout, curves[colour], curves[lower])) for lower in under]
        face.add(linestyles.strokes(dwg, path_data(curves[colour]), length(curves[colour]),
                                      lines[sidestring.COLOUR_NAMES[colour]], ground, scale, bool(under), hits))
    if sidestring.family(sides) == "nexus":
        dwg.add(svg.part(dwg.polygon(_points(star(w / 2, h / 2, STAR * o["size"] / 2)), fill=ink), "nexus star"))
    if o["border"]:
        inner = _layout(o, o["size"] - o["border"])
        dwg.add(svg.part(dwg.polygon(_points(polygon_corners(inner, ORIGIN)), fill="none", stroke=ink,
                                     stroke_width=svg.r(o["border"])), "border on the cut", svg.GUIDE))
    return dwg


def render_back(spec, component, width, height):
    """Draw the common back as a hex: its fill runs the bleed past the cut, its logo in the middle (no frame to show drift)."""
    o = component.options
    back, b = component.back, component.bleed
    dwg = svg.drawing(width, height, b, ident="hex-back")
    ground = dwg.polygon(_points(polygon_corners(_layout(o, o["size"] + 2 * b), ORIGIN)),
                         fill=spec.colour(back.fill))
    dwg.add(svg.part(ground, "ground", svg.GROUND))
    logo(dwg, spec, back, width, height, o["size"])
    return dwg


def cut(options):
    """The hexagon the tile is cut along."""
    return tuple(polygon_corners(_layout(options), ORIGIN))


def line_reads(lines) -> list:
    """What resolving a lines option reads (linestyles.resolve): the colour words and each line's colour."""
    return ["spec:colour_names"] + [f"colour:{(lines or {}).get(name, {}).get('colour', default['colour'])}"
                                    for name, default in linestyles.DEFAULT_LINES.items()]


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, default_bleed=3.0,
            layout="hex", back=render_back, lettering=False, cut=cut, defaults=DEFAULTS, face_required=("sides",),
            paints=(), back_paints=(),   # the colours they read, as given (the logo's template its own too)
            reads=lambda spec, component, props: line_reads(component.options.get("lines")))
