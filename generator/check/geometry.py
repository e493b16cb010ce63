"""Where an element puts ink, worked out from its geometry: outlines flattened, strokes widened into polygons, no
painter. Mirrors draw/paint.py, which stays the reference (and measures what geometry cannot: the designer's art)."""
import functools
import math
import struct

from ..draw import svg, typeface
from ..draw.svgvalues import DEFAULTS, IDENTITY, INHERITED, NO_PATH, Points, beziers, colour, compose, num, numbers, points

TOLERANCE = 0.004   # mm a flattened curve or round join may fall inside the true one
MAX_STEPS = 20_000   # chords an arc or a curve is flattened to at most: one that needs more is kilometres across as
                     # placed (a template scaled up twice over), where a chord's error is nothing to its size
MANY_DASHES = 5000   # dashes along a stroke past which it is measured whole: its ink, and a dash's gap more at most
INK = 63.5 / 255    # the least alpha a raster counts as ink (ink.INK of 255)
EXTERNAL = ("image", "use", "script", "foreignObject", "feImage")
SHAPES = ("rect", "circle", "ellipse", "line", "polygon", "polyline", "path")   # the tags outline() reads
STYLED = frozenset(INHERITED)   # the attributes a child takes from its parent, looked up for every attribute walked
_SKIPPED = frozenset(("defs", "clipPath", "title", "desc"))   # what holds no ink of its own where it stands


class Smooth(tuple):
    """A point inside a curve: a stroke turns round it (cairo joins a flattened curve's pieces round, whatever the
    element's join)."""


class Unmeasured(Exception):
    """An element whose ink only a painter can tell: the designer's art, a clip that is not one convex shape."""


def polygons(node, clips) -> list:
    """The ink of one element as polygons (lists of (x, y) in the drawing's mm), their union its ink."""
    out: list = []
    _element(node, IDENTITY, DEFAULTS, 1.0, (), clips, out)
    return out


def bound(node, certain: bool = True) -> list | None:
    """Points (x, y) on the drawing whose convex hull holds every polygon polygons() finds for an element that certainly
    has some: the corners of a box round each shape's points and curves' extremes, widened by the farthest its stroke
    reaches past them, carried onto the drawing; None when a cheap look cannot tell (clips, the designer's art, a
    skewed miter, ink that may be none). certain=False: the points hold whatever ink the element has, none perhaps (a
    line of text, whose glyphs' boxes are held but not proved to ink); None only for no points or a cheap look."""
    corners: list = []
    try:
        inked = _bound(node, IDENTITY, DEFAULTS, 1.0, corners)
    except Unmeasured:
        return None
    return corners if inked or not (certain or not corners) else None


def hull(points: list) -> list:
    """The corners of the convex hull of some points (x, y), in turn round it from the least."""
    points = sorted(set(points))
    if len(points) < 3:
        return points

    def half(ordered: list) -> list:
        """One chain of the hull, turning left all the way."""
        chain: list = []
        for p in ordered:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain[:-1]
    return half(points) + half(points[::-1])


def _bound(node, m, inherited, alpha, corners) -> bool:
    """Add to corners what holds an element's ink (_element's walk); True when it certainly inks."""
    tag, attrs = node.tag, node.attrs
    if tag in _SKIPPED:
        return False
    if isinstance(node, svg.Placed) or tag in EXTERNAL or "clip-path" in attrs:
        raise Unmeasured(tag)
    if STYLED.isdisjoint(attrs):
        style = inherited
    else:
        style = inherited.copy()
        for key in STYLED.intersection(attrs):
            style[key] = attrs[key]
    if "transform" in attrs:
        m = compose(m, attrs["transform"].matrix)
    if "opacity" in attrs:
        alpha *= num(attrs["opacity"], 1.0)
    if tag == "g" or tag == "svg":
        if type(node.children) is tuple:
            return _shared(node.children, m, style, alpha, corners)
        inked = False
        for child in node.children:
            inked = _bound(child, m, style, alpha, corners) or inked
        return inked
    if tag == "text":
        _lettering(node, style, m, alpha, corners)
        return False   # its glyphs' boxes held, not proved to ink: the shapes beside it must
    stretch = lengthening(m)
    if stretch == 0 or tag not in SHAPES:
        return False
    found = skeleton(node, 1e-3 * TOLERANCE / stretch)   # first, as _element: a shape it refuses goes to the painter
    opacity = style.get("fill-opacity")   # an opacity left unset is 1: alpha as it is
    filled = _paints(style["fill"]) and (alpha if opacity is None else alpha * num(opacity, 1.0)) >= INK
    width, opacity = num(style["stroke-width"], 1.0), style.get("stroke-opacity")
    stroked = (_paints(style["stroke"]) and width > 0
               and (alpha if opacity is None else alpha * num(opacity, 1.0)) >= INK)
    dashed = stroked and style.get("stroke-dasharray") not in (None, "none")
    if dashed and any(d < 0 for d in numbers(style["stroke-dasharray"])):
        raise Unmeasured("negative dash")
    if found is None or not (filled or stroked):
        return False
    (left, top, right, bottom), area, span, runs = found
    local = [left, top, right, bottom]
    if stroked:
        cap = math.sqrt(2) if str(style["stroke-linecap"]) == "square" else 1.0
        mitred = str(style["stroke-linejoin"]) not in ("round", "bevel")
        limit = max(1.0, num(style.get("stroke-miterlimit"), 10.0)) if mitred else 1.0
        if (dashed or runs is None) and mitred and not _conformal(m):
            raise Unmeasured("a miter under a skew")   # judged by the page's angles, it may be far longer here
        # a dash's cap anywhere, a curve's corners at any angle; else half the width round every point (a circle's
        # round joins), more at a corner or a square cap: the box widened by that reach and a millionth of it
        reach = width / 2 * max(cap, limit) if dashed or runs is None else width / 2
        reach *= 1 + 1e-6
        local = [left - reach, top - reach, right + reach, bottom + reach]
        if not (dashed or runs is None):
            for pts, closed in runs:
                if mitred or (cap > 1 and not closed):   # else no point reaches past half the width
                    _cornered(local, pts, closed, width / 2, cap, limit if mitred else 0.0, m, TOLERANCE / stretch)
        span = span and not dashed
    _placed(corners, local, m)
    return bool((filled and area) or (stroked and span))


def _shared(children, m, style, alpha, corners) -> bool:
    """_bound of a symbol's elements, shared by every symbol drawn from one template in one colour (svg.symbol): worked
    out once for each turn and size (m's first four numbers: how far a stroke reaches and whether ink certainly shows
    depend on them alone), style and alpha, at the origin; each corner then moved by m's offset (a corner of a shape
    placed by m alone is the very same float; one under a transform of its own may differ in its last bit, which
    MARGIN keeps a bound clear of)."""
    key = (id(children), m[:4], alpha, tuple(style.items()))
    found = _SHARED.get(key)
    if found is None or found[0] is not children:
        local: list = []
        at = m[:4] + (0.0, 0.0)
        inked = False
        for child in children:
            inked = _bound(child, at, style, alpha, local) or inked
        if len(_SHARED) >= 4096:
            _SHARED.clear()
        found = _SHARED[key] = (children, hull(local), inked)
    e, f = m[4], m[5]
    corners += [(x + e, y + f) for x, y in found[1]]
    return found[2]


_SHARED: dict = {}   # (id of a symbol's shared elements, turn and size, style, alpha) -> (them, corners, inked)


def _lettering(node, style, m, alpha, corners):
    """Add to corners what holds a line of text's glyphs (_text's or _run's): each glyph's box of points, on its pen."""
    words = node.content or ""
    if not _paints(str(style["fill"])) or not words or alpha * num(style.get("fill-opacity"), 1.0) < INK:
        return
    size, at = num(style["font-size"], 4.0), (1, 0, 0, 1, num(node.attrs.get("x")), num(node.attrs.get("y")))
    if isinstance(node, svg.Run):
        if node.face.embolden or "stroke" in node.attrs:
            raise Unmeasured("stroked run")   # emboldened with miters, or outlined: measured, not bounded
        name = node.face.resource
        at = compose(at, (1, 0, -typeface.SLANT, 1, 0, 0)) if node.face.slant else at
    else:
        name = typeface.font_name(str(style["font-weight"]) == "bold")
        font = typeface.load(name)
        advance = sum(font.metrics[font.cmap.get(ord(ch), 0)][0] for ch in words) * size / font.units
        at = (1, 0, 0, 1, at[4] - {"middle": advance / 2, "end": advance}.get(style["text-anchor"], 0.0), at[5])
    at = compose(m, at)
    if lengthening(at) == 0:
        return
    font = typeface.load(name)
    scale, pen, local = size / font.units, 0.0, [math.inf, math.inf, -math.inf, -math.inf]
    for ch in words:
        glyph = font.cmap.get(ord(ch), 0)
        extent = _extent(name, glyph)
        if extent:
            xs, ys = (pen + extent[0] * scale, pen + extent[2] * scale), (-extent[1] * scale, -extent[3] * scale)
            local = [min(local[0], *xs), min(local[1], *ys), max(local[2], *xs), max(local[3], *ys)]
        pen += font.metrics[glyph][0] * scale
    if local[0] <= local[2]:
        _placed(corners, local, at)


@functools.lru_cache(maxsize=2048)
def _extent(name, glyph):
    """The box (left, bottom, right, top) in font units of every point of a glyph's contours, or None for none."""
    found = [(x, y) for contour in _contours(name, glyph) for x, y, _ in contour]
    if not found:
        return None
    return min(x for x, _ in found), min(y for _, y in found), max(x for x, _ in found), max(y for _, y in found)


def _placed(corners, local, m):
    """Add to corners the corners of a box (left, top, right, bottom) in an element's own units, carried onto the drawing."""
    a, b, c, d, e, f = m
    left, top, right, bottom = local
    corners += ((a * left + c * top + e, b * left + d * top + f), (a * right + c * top + e, b * right + d * top + f),
                (a * right + c * bottom + e, b * right + d * bottom + f), (a * left + c * bottom + e, b * left + d * bottom + f))


def _cornered(box, pts, closed, half, cap, limit, m, tol):
    """Widen a box to hold the stroke of a run of straight lines: half its width round each point, a cap at an open
    end, and at each corner its miter (limit: 0 for no miters; m: the matrix that places it), as _widen draws them."""
    if not _apart(pts, closed, tol):   # a point too near the one before it has no direction: left out, as _widen does
        pts = [p for i, p in enumerate(pts) if i == 0 or not _near(p, pts[i - 1], tol)]
        if closed and len(pts) > 1 and _near(pts[-1], pts[0], tol):
            pts.pop()
        pts = [p for i, p in enumerate(pts) if i == 0 or not _near(p, pts[i - 1], tol)]
    n, conformal = len(pts), limit and _conformal(m)
    last, (left, top, right, bottom) = n - 1, box
    mitred = limit and n > 1
    if mitred:   # each side's direction worked out once: the corners at both its ends read it
        units = [_unit(p, q) for p, q in zip(pts, pts[1:] + pts[:1] if closed else pts[1:])]
    for i, (x, y) in enumerate(pts):
        reach = cap if not closed and (i == 0 or i == last) else 1.0
        if mitred and (closed or 0 < i < last):
            u, v = units[i - 1], units[i]
            bend = 1 + u[0] * v[0] + u[1] * v[1]
            if bend > 1e-3:
                reach = max(reach, math.sqrt(2 / bend) if not conformal else min(limit, math.sqrt(2 / bend)))
            elif conformal:
                reach = max(reach, limit)
            else:
                raise Unmeasured("a miter turned back under a skew")
        reach = half * reach
        reach *= 1 + 1e-6   # a millionth more, as the box round the run is widened
        if x - reach < left:   # min() and max() as they keep a box, without a call each
            left = x - reach
        if y - reach < top:
            top = y - reach
        if x + reach > right:
            right = x + reach
        if y + reach > bottom:
            bottom = y + reach
    box[:] = (left, top, right, bottom)


def _apart(pts, closed, tol) -> bool:
    """True when no point of a run is _near the one before it (nor, closed, its last point its first)."""
    least = tol * 1e-4
    return all(abs(x0 - x1) + abs(y0 - y1) >= least
               for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1] if closed else pts[1:]))


@functools.lru_cache(maxsize=256)
def _paints(value: object) -> bool:
    """True for a fill or stroke other than none (svgvalues.colour's reading)."""
    return colour(value) is not None


def _conformal(m) -> bool:
    """True for a matrix that keeps angles (a turn, a mirror, a uniform scale): a miter's length is the page's."""
    a, b, c, d = m[:4]
    size = abs(a) + abs(b) + abs(c) + abs(d)
    return (abs(a - d) + abs(b + c) <= 1e-12 * size) or (abs(a + d) + abs(b - c) <= 1e-12 * size)


def skeleton(node, step) -> tuple | None:
    """An outline's ((left, top, right, bottom) of its corners and control points, whether its fill certainly has an
    area, whether its stroke certainly has a length: two points more than step apart); None if not a shape."""
    a, tag = node.attrs, node.tag
    if tag == "rect":
        x, y, w, h = num(a.get("x")), num(a.get("y")), num(a.get("width")), num(a.get("height"))
        rounded = num(a.get("rx", a.get("ry")), 0.0) > 0 and num(a.get("ry", a.get("rx")), 0.0) > 0
        if rounded and (w <= 0 or h <= 0):
            raise Unmeasured("rounded rect of no size")
        box = (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h))
        corners = [] if rounded else [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
        return box, abs(w * h) > 1e-6, abs(w) + abs(h) > 4 * step, corners
    if tag in ("circle", "ellipse"):
        rx, ry = (num(a.get("r")),) * 2 if tag == "circle" else (num(a.get("rx")), num(a.get("ry")))
        if tag == "circle" and rx < 0:
            raise Unmeasured("negative radius")
        if rx <= 0 or ry <= 0:
            return None
        cx, cy = num(a.get("cx")), num(a.get("cy"))
        return (cx - rx, cy - ry, cx + rx, cy + ry), rx * ry > 1e-6, min(rx, ry) > 4 * step, []
    if tag == "line":   # two points: no area, their box and distance worked out directly
        x1, y1, x2, y2 = num(a.get("x1")), num(a.get("y1")), num(a.get("x2")), num(a.get("y2"))
        return ((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), False, abs(x1 - x2) + abs(y1 - y2) > 4 * step,
                [([(x1, y1), (x2, y2)], False)])
    if tag in ("polygon", "polyline"):
        value = a.get("points", "")
        return (_points_skeleton(value, step, tag == "polygon") if isinstance(value, Points)
                else _pairs_skeleton(points(value), step, tag == "polygon"))
    if tag == "path":
        return _path_skeleton(a.get("d", NO_PATH), step)
    return None


@functools.lru_cache(maxsize=1024)
def _points_skeleton(value, step, closed):
    """skeleton() of typed points (remembered: a symbol's polygons recur on face after face)."""
    return _pairs_skeleton(list(value.pairs), step, closed)


def _pairs_skeleton(pts, step, closed):
    """skeleton() of a polygon's or polyline's points, (x, y) pairs; None for none."""
    if not pts:
        return None
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    area = len(pts) >= 3 and abs(_area(pts)) > 1e-6
    span = any(abs(p[0] - q[0]) + abs(p[1] - q[1]) > 4 * step for p, q in zip(pts, pts[1:]))
    return (min(xs), min(ys), max(xs), max(ys)), area, span, [(pts, closed)]


def _element(node, m, inherited, alpha, windows, clips, out):
    """Add the polygons of one element and its children (paint.element's walk)."""
    if node.tag in ("defs", "clipPath", "title", "desc"):
        return
    if isinstance(node, svg.Placed) or node.tag in EXTERNAL:
        raise Unmeasured(node.tag)
    style = {**inherited, **{k: v for k, v in node.attrs.items() if k in STYLED}}
    if "transform" in node.attrs:
        m = compose(m, node.attrs["transform"].matrix)
    if "clip-path" in node.attrs:
        clip = clips.get(str(node.attrs["clip-path"])[5:-1])
        if clip is not None:
            windows = (*windows, window(clip, m))
    alpha *= num(node.attrs.get("opacity"), 1.0)
    if node.tag in ("g", "svg"):
        for child in node.children:
            _element(child, m, style, alpha, windows, clips, out)
    elif isinstance(node, svg.Run):
        _run(node, style, m, alpha, windows, out)
    elif node.tag == "text":
        _text(node, style, m, alpha, windows, out)
    else:
        stretch = lengthening(m)
        if stretch == 0:
            return
        paths = outline(node, TOLERANCE / stretch)
        if paths is not None:
            _paint(paths, style, m, alpha, windows, out, TOLERANCE / stretch)


def _paint(paths, style, m, alpha, windows, out, tol):
    """Add the fill and the stroke of some subpaths ([(x, y)...], closed) in their own units, as the style says."""
    if colour(style["fill"]) is not None and alpha * num(style.get("fill-opacity"), 1.0) >= INK:
        for pts, _ in paths:
            if len(pts) >= 3 and abs(_area(pts)) > 1e-12:
                _add(pts, m, windows, out)
    width = num(style["stroke-width"], 1.0)
    if colour(style["stroke"]) is not None and width > 0 and alpha * num(style.get("stroke-opacity"), 1.0) >= INK:
        dashes = numbers(style.get("stroke-dasharray") or "") if style.get("stroke-dasharray") not in (None, "none") else []
        if any(d < 0 for d in dashes):
            raise Unmeasured("negative dash")
        dashes = (dashes * 2 if len(dashes) % 2 else dashes) if any(dashes) else []
        if dashes and sum(math.dist(a, b) for pts, _ in paths for a, b in zip(pts, pts[1:])) > MANY_DASHES * sum(dashes):
            dashes = []   # dashes too many to stroke one by one (785,000 round a 1e6 circle: minutes): the line whole
        join, limit = str(style["stroke-linejoin"]), num(style.get("stroke-miterlimit"), 10.0)
        for piece in stroke(paths, width, str(style["stroke-linecap"]), join, limit, dashes,
                            num(style.get("stroke-dashoffset"), 0.0), tol, m[:4]):
            _add(piece, m, windows, out)


def _add(pts, m, windows, out):
    """Place a polygon on the drawing, cut to the clips it is drawn under."""
    a, b, c, d, e, f = m
    placed = [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]
    for window in windows:
        placed = _cut(placed, window)
        if not placed:
            return
    out.append(placed)


@functools.lru_cache(maxsize=1024)
def lengthening(m):
    """The most a matrix lengthens any vector (its largest singular value; remembered: a group's shapes share theirs)."""
    a, b, c, d = m[:4]
    p, det = a * a + b * b + c * c + d * d, a * d - b * c
    return math.sqrt(max(0.0, (p + math.sqrt(max(0.0, p * p - 4 * det * det))) / 2))


def window(clip, m):
    """A clip path as one convex polygon on the drawing, oriented anticlockwise (y up); Unmeasured otherwise."""
    shapes = [child for child in clip.children if child.tag not in ("title", "desc")]
    stretch = lengthening(m)
    paths = outline(shapes[0], TOLERANCE / stretch) if len(shapes) == 1 and stretch else None
    if not paths or len(paths) != 1:
        raise Unmeasured("clip")
    a, b, c, d, e, f = m
    pts = [(a * x + c * y + e, b * x + d * y + f) for x, y in paths[0][0]]
    area = _area(pts)
    if abs(area) < 1e-12:
        return []
    pts = pts if area > 0 else pts[::-1]
    n = len(pts)
    if any(_cross(pts[i], pts[(i + 1) % n], pts[(i + 2) % n]) < -1e-9 for i in range(n)):
        raise Unmeasured("clip not convex")
    return pts


def _cross(o, p, q):
    """The cross product of p - o and q - o."""
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _area(pts):
    """A polygon's signed area (positive anticlockwise, y up)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1])) / 2


def _cut(pts, window):
    """A polygon cut to a convex window (Sutherland-Hodgman): [] when nothing is left."""
    if not window:
        return []
    for i, p in enumerate(window):
        q = window[(i + 1) % len(window)]
        kept, n = [], len(pts)
        for j in range(n):
            s, t = pts[j - 1], pts[j]
            inside_s, inside_t = _cross(p, q, s) >= 0, _cross(p, q, t) >= 0
            if inside_t != inside_s:
                ds, dt = _cross(p, q, s), _cross(p, q, t)
                k = ds / (ds - dt)
                kept.append((s[0] + k * (t[0] - s[0]), s[1] + k * (t[1] - s[1])))
            if inside_t:
                kept.append(t)
        pts = kept
        if not pts:
            return []
    return pts


def _steps(radius, turn, tol):
    """How many chords follow an arc of a radius and turn (radians) to within tol, MAX_STEPS at most."""
    if radius <= tol:
        return max(1, math.ceil(abs(turn) / (math.pi / 2)))
    chord = 2 * math.acos(1 - tol / radius) or 2 * math.sqrt(2 * tol / radius)   # the second where 1 - tol / radius is 1
    return max(1, min(MAX_STEPS, math.ceil(abs(turn) / chord)))


def _ellipse(cx, cy, rx, ry, start, turn, tol):
    """Points along an elliptical arc (axes level) from angle start through turn."""
    n = _steps(max(rx, ry), turn, tol)
    n += -n % 4 if abs(turn) > 6 else 0   # a whole ellipse passes through its four extremes
    return [Smooth((cx + rx * math.cos(start + turn * i / n), cy + ry * math.sin(start + turn * i / n)))
            for i in range(n + 1)]


def _cubic(p0, p1, p2, p3, tol):
    """Points along a cubic Bezier after p0, to within tol (Wang's bound on the chords); a stub of tol / 100 along
    each end's tangent first and last, so that a cap or a corner is square to the curve, not to its first chord."""
    dd = max(math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
             math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]))
    n = max(1, min(MAX_STEPS, math.ceil(math.sqrt(0.75 * dd / tol)))) if dd > 0 else 1
    out = [_stub(p0, (p1, p2, p3), tol)]
    for t in sorted({i / n for i in range(1, n + 1)} | _turning(p0, p1, p2, p3)):
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append(Smooth((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])))
    out[-1:] = [_stub(p3, (p2, p1, p0), tol), tuple(out[-1])]
    return [p for p in out if p is not None]


def _turning(p0, p1, p2, p3):
    """The parameters (0 < t < 1) where a cubic Bezier turns back in x or in y: its extremes, kept exact."""
    found = set()
    for k in (0, 1):
        a = -p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]
        b, c = 2 * (p0[k] - 2 * p1[k] + p2[k]), p1[k] - p0[k]
        if abs(a) < 1e-12:
            roots = [-c / b] if abs(b) > 1e-12 else []
        else:
            disc = b * b - 4 * a * c
            roots = [(-b + sign * math.sqrt(disc)) / (2 * a) for sign in (1, -1)] if disc >= 0 else []
        found |= {t for t in roots if 0 < t < 1}
    return found


def _stub(end, towards, tol):
    """A point tol / 100 from a curve's end along its tangent (towards its first control point not at the end)."""
    for q in towards:
        length = math.hypot(q[0] - end[0], q[1] - end[1])
        if length > 0:
            return Smooth((end[0] + (q[0] - end[0]) * tol / 100 / length, end[1] + (q[1] - end[1]) * tol / 100 / length))
    return None


def outline(node, tol) -> list | None:
    """A shape's subpaths in its own units, each ([(x, y)...], closed), curves flattened to tol; None if not a shape."""
    a, tag = node.attrs, node.tag
    if tag == "rect":
        x, y, w, h = num(a.get("x")), num(a.get("y")), num(a.get("width")), num(a.get("height"))
        rx, ry = num(a.get("rx", a.get("ry")), 0.0), num(a.get("ry", a.get("rx")), 0.0)
        if rx > 0 and ry > 0:
            if w <= 0 or h <= 0:
                raise Unmeasured("rounded rect of no size")
            rx, ry = min(rx, w / 2), min(ry, h / 2)
            q = math.pi / 2
            pts = (_ellipse(x + w - rx, y + ry, rx, ry, -q, q, tol) + _ellipse(x + w - rx, y + h - ry, rx, ry, 0, q, tol)
                   + _ellipse(x + rx, y + h - ry, rx, ry, q, q, tol) + _ellipse(x + rx, y + ry, rx, ry, 2 * q, q, tol))
            return [(pts, True)]
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    if tag == "circle":
        r = num(a.get("r"))
        if r < 0:
            raise Unmeasured("negative radius")
        return [(_ellipse(num(a.get("cx")), num(a.get("cy")), r, r, 0, 2 * math.pi, tol)[:-1], True)] if r > 0 else []
    if tag == "ellipse":
        rx, ry = num(a.get("rx")), num(a.get("ry"))
        if rx > 0 and ry > 0:
            return [(_ellipse(num(a.get("cx")), num(a.get("cy")), rx, ry, 0, 2 * math.pi, tol)[:-1], True)]
        return []
    if tag == "line":
        return [([(num(a.get("x1")), num(a.get("y1"))), (num(a.get("x2")), num(a.get("y2")))], False)]
    if tag in ("polygon", "polyline"):
        pairs = points(a.get("points", ""))
        return [(pairs, tag == "polygon")] if pairs else []
    if tag == "path":
        return _path(a.get("d", NO_PATH), tol)
    return None


@functools.lru_cache(maxsize=1024)
def _path_skeleton(d, step):
    """skeleton() of path data: its points and its curves' extremes; its fill certain for a subpath of straight lines with an
    area, its stroke for a line, or a curve that ends farther from its start than its chords could all be short; its
    runs None when a curve has corners (remembered: a symbol's paths recur on face after face)."""
    corners, runs, start, here, run, span, curved = [], [], (0.0, 0.0), (0.0, 0.0), None, False, False
    for op, *v in d.segments:
        if op == "M":
            start = here = (v[0], v[1])
            run = [[here], False]
            runs.append(run)
            corners.append(here)
            continue
        if op == "Z":
            if run is not None:
                run[1] = True
            here, run = start, None
            continue
        if run is None:
            run = [[start], False]
            runs.append(run)
        pieces = [(v[0], v[1], v[2], v[3], v[4], v[5])] if op == "C" else None if op == "L" else beziers(*v)
        if pieces is None:
            end = (v[-2], v[-1])
            span = span or abs(end[0] - here[0]) + abs(end[1] - here[1]) > 4 * step
            run[0].append(end)
            corners.append(end)
            here = end
            continue
        curved = True
        run[0].append(None)   # a curve: the fill's polygon is not these points
        for x1, y1, x2, y2, x, y in pieces:
            dd = max(math.hypot(here[0] - 2 * x1 + x2, here[1] - 2 * y1 + y2), math.hypot(x1 - 2 * x2 + x, y1 - 2 * y2 + y))
            chords = (math.ceil(math.sqrt(0.75 * dd / (1000 * step))) if dd > 0 else 1) + 8
            span = span or abs(x - here[0]) + abs(y - here[1]) > chords * step
            for t in _turning(here, (x1, y1), (x2, y2), (x, y)):   # the curve's own extremes, not its control points
                u = 1 - t
                a, b, c, e = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
                corners.append((a * here[0] + b * x1 + c * x2 + e * x, a * here[1] + b * y1 + c * y2 + e * y))
            corners.append((x, y))
            here = (x, y)
    if not corners:
        return None
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    stub = 10 * step if curved else 0.0   # _cubic's stubs, tol / 100 along a curve's end tangent
    area = any(None not in pts and len(pts) >= 3 and abs(_area(pts)) > 1e-6 for pts, _ in runs)
    return ((min(xs) - stub, min(ys) - stub, max(xs) + stub, max(ys) + stub), area, span,
            None if curved else tuple((tuple(pts), closed) for pts, closed in runs))


def _path(d, tol):
    """Path data as subpaths (paint.path's moves), curves and arcs flattened."""
    paths, current, start = [], None, (0.0, 0.0)
    for op, *v in d.segments:
        if op == "M":
            current, start = [(v[0], v[1])], (v[0], v[1])
            paths.append([current, False])
            continue
        if op == "Z":
            if current is not None:
                paths[-1][1] = True
                current = None
            continue
        if current is None:
            current = [start] if op != "M" else []
            paths.append([current, False])
        here = current[-1]
        if op == "L":
            current.append((v[0], v[1]))
        elif op == "C":
            current += _cubic(here, (v[0], v[1]), (v[2], v[3]), (v[4], v[5]), tol)
        else:
            pieces = beziers(*v)
            if pieces is None:
                current.append((v[7], v[8]))
            else:
                for x1, y1, x2, y2, x, y in pieces:
                    current[-1] = Smooth(current[-1]) if len(current) > 1 and current[-1] != here else current[-1]
                    current += _cubic(current[-1], (x1, y1), (x2, y2), (x, y), tol)
    return [(pts, closed) for pts, closed in paths]


def _text(node, style, m, alpha, windows, out):
    """Add a line of Vera set as paint.text sets it (its advances unhinted, anchored as text-anchor says)."""
    content = node.content or ""
    if colour(style["fill"]) is None or not content or alpha * num(style.get("fill-opacity"), 1.0) < INK:
        return
    name = typeface.font_name(str(style["font-weight"]) == "bold")
    font, size = typeface.load(name), num(style["font-size"], 4.0)
    scale = size / font.units
    advance = sum(font.metrics[font.cmap.get(ord(ch), 0)][0] for ch in content) * scale
    shift = {"middle": advance / 2, "end": advance}.get(style["text-anchor"], 0.0)
    at = compose(m, (1, 0, 0, 1, num(node.attrs.get("x")) - shift, num(node.attrs.get("y"))))
    _glyphs(name, content, size, at, windows, out, None)


def _run(node, style, m, alpha, windows, out):
    """Add a text run from its face's outlines, as paint.run draws it (slanted, emboldened by a stroke)."""
    face, words = node.face, node.content or ""
    if colour(style["fill"]) is None or not words or alpha * num(style.get("fill-opacity"), 1.0) < INK:
        return
    size = num(style["font-size"], 4.0)
    at = compose(m, (1, 0, 0, 1, num(node.attrs.get("x")), num(node.attrs.get("y"))))
    if face.slant:
        at = compose(at, (1, 0, -typeface.SLANT, 1, 0, 0))
    bolder = size * typeface.EMBOLDEN if face.embolden else None
    if "stroke" in node.attrs and colour(node.attrs["stroke"]) is not None:   # an outline, round, as paint.run strokes it
        _glyphs(face.resource, words, size, at, windows, out, num(node.attrs["stroke-width"]), "round")
    _glyphs(face.resource, words, size, at, windows, out, bolder)


def _glyphs(name, words, size, m, windows, out, bolder, join="miter"):
    """Add the outlines of a line of glyphs set from (0, 0) on the baseline of m; bolder: the width they are stroked,
    with join (and round caps when round)."""
    font = typeface.load(name)
    scale, stretch = size / font.units, lengthening(m)
    if stretch == 0:
        return
    tol, pen = TOLERANCE / stretch, 0.0
    style = {"fill": "#000000", "stroke": "#000000" if bolder else "none", "stroke-width": bolder or 0,
             "stroke-linecap": "round" if join == "round" else "butt", "stroke-linejoin": join}
    for ch in words:
        glyph = font.cmap.get(ord(ch), 0)
        paths = []
        for contour in _contours(name, glyph):
            at = [(pen + x * scale, -y * scale, on) for x, y, on in contour]
            paths.append((_quadratic(at, tol), True))
        _paint(paths, style, m, 1.0, windows, out, tol)
        pen += font.metrics[glyph][0] * scale


@functools.lru_cache(maxsize=2048)
def _contours(name, glyph) -> tuple:
    """A glyph's contours in font units, y up, as (x, y, on the curve): read from the font's glyf table (the bundled
    Vera, no font library loaded), or through typeface.outline for a designer's font; read once for each font (whose
    resource name holds its digest) and glyph: a line of text and a back's logo set the same letters again."""
    font = typeface.load(name)
    found = _from_outline(typeface.outline(name, glyph)) if not font.glyphs else _glyf(font, glyph)
    return tuple(map(tuple, found))


def _from_outline(ops):
    """Contours from typeface.outline's moves, lines and cubics (a cubic's controls as points off the curve, which
    _quadratic reads back as that cubic)."""
    contours: list = []
    for op, *v in ops:
        if op == "M":
            contours.append([(v[0], v[1], True)])
        elif op == "L":
            contours[-1].append((v[0], v[1], True))
        elif op == "C":
            contours[-1] += [(v[0], v[1], "cubic"), (v[2], v[3], "cubic"), (v[4], v[5], True)]
    return contours


def _glyf(font, glyph, depth=0):
    """A TrueType glyph's contours (simple, or composite of others placed by offset and matrix)."""
    data = font.glyphs[glyph] if glyph < len(font.glyphs) else b""
    if len(data) < 10:
        return []
    count = struct.unpack_from(">h", data, 0)[0]
    if count < 0:
        return _composite(font, data, depth)
    ends = struct.unpack_from(f">{count}H", data, 10)
    total = ends[-1] + 1 if ends else 0
    at = 12 + 2 * count + struct.unpack_from(">H", data, 10 + 2 * count)[0]
    flags: list = []
    while len(flags) < total:
        flag = data[at]
        at += 1
        repeat = 0
        if flag & 8:
            repeat = data[at]
            at += 1
        flags += [flag] * (repeat + 1)
    coordinates = []
    for short, same in ((2, 16), (4, 32)):
        value, found = 0, []
        for flag in flags[:total]:
            if flag & short:
                value += data[at] if flag & same else -data[at]
                at += 1
            elif not flag & same:
                value += struct.unpack_from(">h", data, at)[0]
                at += 2
            found.append(value)
        coordinates.append(found)
    points = [(x, y, bool(flag & 1)) for x, y, flag in zip(*coordinates, flags)]
    return [points[start:end + 1] for start, end in zip((0, *[e + 1 for e in ends[:-1]]), ends)]


def _composite(font, data, depth):
    """A composite glyph's contours: each part's, moved and scaled as its record says."""
    if depth > 8:
        raise Unmeasured("composite glyph nested too deep")
    contours, at, flags = [], 10, 0x20
    while flags & 0x20:
        flags, part = struct.unpack_from(">HH", data, at)
        at += 4
        if not flags & 2:
            raise Unmeasured("composite glyph placed by matching points")
        dx, dy = struct.unpack_from(">hh" if flags & 1 else ">bb", data, at)
        at += 4 if flags & 1 else 2
        a, b, c, d = 1.0, 0.0, 0.0, 1.0
        if flags & 8:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flags & 0x40:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flags & 0x80:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        if flags & 0x800:   # the offset is scaled with the part
            dx, dy = a * dx + c * dy, b * dx + d * dy
        contours += [[(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour]
                     for contour in _glyf(font, part, depth + 1)]
    return contours


def _quadratic(points, tol):
    """A closed TrueType contour ((x, y, on the curve), quadratic, a point midway between two off the curve implied;
    or "cubic" controls) as points along it, curves flattened."""
    if not points:
        return []
    start = next((i for i, p in enumerate(points) if p[2] is True), None)
    if start is None:   # no point on the curve: start midway between the first two
        first, second = points[0], points[1 % len(points)]
        points = [((first[0] + second[0]) / 2, (first[1] + second[1]) / 2, True), *points[1:], first]
        start = 0
    ring = [*points[start:], *points[:start], points[start]]   # a new list: a glyph's contours are shared (_contours)
    out, i = [(ring[0][0], ring[0][1])], 1
    while i < len(ring):
        x, y, on = ring[i]
        if on is True:
            out.append((x, y))
            i += 1
        elif on == "cubic":
            (x2, y2, _), (x3, y3, _) = ring[i + 1], ring[i + 2]
            out += _cubic(out[-1], (x, y), (x2, y2), (x3, y3), tol)
            i += 3
        else:
            nx, ny, non = ring[i + 1]
            end = (nx, ny) if non is True else ((x + nx) / 2, (y + ny) / 2)
            p0 = out[-1]
            out += _cubic(p0, (p0[0] + 2 / 3 * (x - p0[0]), p0[1] + 2 / 3 * (y - p0[1])),
                          (end[0] + 2 / 3 * (x - end[0]), end[1] + 2 / 3 * (y - end[1])), end, tol)
            i += 2 if non is True else 1
    return out[:-1] if len(out) > 1 and out[-1] == out[0] else out


def stroke(paths, width, cap, join, limit, dashes, offset, tol, linear=IDENTITY[:4]) -> list:
    """The polygons that cover the stroke of some subpaths: a quad per segment, a wedge per join, the caps; linear:
    the matrix (a, b, c, d) to the page, whose angles the miter limit is judged by (as cairo judges it)."""
    half, pieces = width / 2, []
    for pts, closed in paths:
        pts = [p for i, p in enumerate(pts) if i == 0 or not _near(p, pts[i - 1], tol)]
        if closed and len(pts) > 1 and _near(pts[-1], pts[0], tol):
            pts.pop()
        for run, shut in (_dashed(pts, closed, dashes, offset) if dashes else [(pts, closed)]):
            pieces += _widen(run, shut, half, cap, join, limit, tol, linear)
    return pieces


def _near(p, q, tol):
    """True for two points too close for the segment between them to have a direction worth a join."""
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) < tol * 1e-4


def _dashed(pts, closed, dashes, offset):
    """The dashes of a subpath as open runs of points (a dash of no length is one point)."""
    if not pts:
        return []
    line = pts + [pts[0]] if closed else pts
    total = sum(dashes)
    at, on = offset % total, True
    i = 0
    while at > 0 and at >= dashes[i]:
        at -= dashes[i]
        i, on = (i + 1) % len(dashes), not on
    left = dashes[i] - at
    runs, current = [], [line[0]] if on else None
    for p, q in zip(line, line[1:]):
        length, done = math.hypot(q[0] - p[0], q[1] - p[1]), 0.0
        while length - done >= left:
            done += left
            k = done / length if length else 0.0
            point = (p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1]))
            if on:
                current.append(point)
                runs.append(current)
                current = None
            else:
                current = [point]
            i, on = (i + 1) % len(dashes), not on
            left = dashes[i]
        left -= length - done
        if on:
            current.append(q)
    if on and current:
        runs.append(current)
    return [(run, False) for run in runs]


def _unit(p, q):
    """The unit vector from p to q."""
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    return (q[0] - p[0]) / length, (q[1] - p[1]) / length


def _fan(p, u, v, half, tol):
    """A round join or cap: the wedge of a circle round p from direction u to direction v (the shorter way)."""
    start, turn = math.atan2(u[1], u[0]), math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])
    return [p] + _ellipse(p[0], p[1], half, half, start, turn, tol)


def _half(p, n, half, tol):
    """A round cap: the half of a circle round p from the normal n through the direction n turned back a quarter."""
    return [p] + _ellipse(p[0], p[1], half, half, math.atan2(n[1], n[0]), -math.pi, tol)


def _widen(pts, closed, half, cap, join, limit, tol, linear):
    """The stroke of one run of points as polygons."""
    pts = [p for i, p in enumerate(pts) if i == 0 or not _near(p, pts[i - 1], tol)]
    if len(pts) == 1:   # a dot: cairo draws one for a round cap only
        (x, y), h = pts[0], half
        return [_ellipse(x, y, h, h, 0, 2 * math.pi, tol)[:-1]] if cap == "round" else []
    if not pts:
        return []
    pairs = list(zip(pts, pts[1:] + pts[:1])) if closed else list(zip(pts, pts[1:]))
    units = [_unit(p, q) for p, q in pairs]
    pieces = []
    for (p, q), (ux, uy) in zip(pairs, units):
        nx, ny = -uy * half, ux * half
        pieces.append([(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny), (q[0] - nx, q[1] - ny), (p[0] - nx, p[1] - ny)])
    for k in range(len(pairs)) if closed else range(1, len(pairs)):
        q = pairs[k][0]
        pieces += _join(q, units[k - 1], units[k], half, "round" if isinstance(q, Smooth) else join, limit, tol, linear)
    if not closed:
        for p, u in ((pts[0], (-units[0][0], -units[0][1])), (pts[-1], units[-1])):
            n = (-u[1] * half, u[0] * half)
            if cap == "round":
                pieces.append(_half(p, n, half, tol))
            elif cap == "square":
                e = (p[0] + u[0] * half, p[1] + u[1] * half)
                pieces.append([(p[0] + n[0], p[1] + n[1]), (e[0] + n[0], e[1] + n[1]), (e[0] - n[0], e[1] - n[1]),
                               (p[0] - n[0], p[1] - n[1])])
    return pieces


def _turned(u, v, linear):
    """The cosine of the angle between two directions as the page shows them."""
    a, b, c, d = linear
    (ux, uy), (vx, vy) = (a * u[0] + c * u[1], b * u[0] + d * u[1]), (a * v[0] + c * v[1], b * v[0] + d * v[1])
    lengths = math.hypot(ux, uy) * math.hypot(vx, vy)
    return (ux * vx + uy * vy) / lengths if lengths else -1.0


def _join(p, u, v, half, join, limit, tol, linear):
    """The outer piece where a stroke turns at p from direction u to direction v."""
    turn = u[0] * v[1] - u[1] * v[0]
    dot = u[0] * v[0] + u[1] * v[1]
    if abs(turn) < 1e-12 and dot > 0:
        return []
    side = -1 if turn > 0 else 1
    a = (-u[1] * side, u[0] * side)
    b = (-v[1] * side, v[0] * side)
    if join == "round" and dot > 0 and half * (1 - math.sqrt((1 + dot) / 2)) < tol:
        return []   # a round join bulging less than tol past the segments' corners (a flattened curve's)
    if join == "round":
        return [_fan(p, a, b, half, tol) if abs(turn) > 1e-12 else _half(p, (-u[1], u[0]), half, tol)]
    outer_a, outer_b = (p[0] + a[0] * half, p[1] + a[1] * half), (p[0] + b[0] * half, p[1] + b[1] * half)
    if join != "bevel" and limit * limit * (1 + _turned(u, v, linear)) >= 2:  # the miter at most limit widths long
        k = half / (1 + dot)
        tip = (p[0] + (a[0] + b[0]) * k, p[1] + (a[1] + b[1]) * k)
        return [[p, outer_a, tip, outer_b]]
    return [[p, outer_a, outer_b]]
