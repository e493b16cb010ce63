"""A drawing's ink: where each element puts paint, worked out from its geometry (check/geometry.py); the designer's
art, which only a painter can tell, painted with cairo at 20 px/mm (to 0.05 mm)."""
import math

from .. import cache
from ..digests import hexdigest
from ..draw import svg, svgvalues

PX = 20          # pixels per mm the ink is painted at: distances to 0.05 mm
INK = 64         # a pixel a quarter covered or more is ink
INKED = bytes(255 if alpha >= INK else 0 for alpha in range(256))
MEMO = cache.INK   # measures from geometry kept between runs, by the element's values() (opaque colours left out:
                   # an opaque colour is the same ink as any)
RASTERS = 0      # the measures painted so far: one that needed a painter is not kept (it would name cairo's libraries)


def ink_ends(node, clips, box=False):
    """Points (mm) of the edge of the ink one element paints, enough for any convex or circular cut: the corners of the
    hull of its outlines (painted: the first and last inked pixel of each row).

    box: only two of them, with the least and the greatest x and y of all (what a box or an upright cut needs).
    """
    from . import geometry  # lazy: start-up (a rebuild whose verdicts are all kept measures no ink)
    try:
        found = geometry.polygons(node, clips)
    except geometry.Unmeasured:
        return painted(node, clips, box)
    corners = [p for polygon in found for p in polygon]
    if not corners:
        return []
    if box:
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return [(min(xs), min(ys)), (max(xs), max(ys))]
    return geometry.hull(corners)


def painted(node, clips, box=False):
    """ink_ends from a raster: the centres (mm) of the first and last inked pixel of each pixel row (box: the two
    extremes, found without visiting every row)."""
    global RASTERS
    from ..output.raster import cairocffi  # lazy: start-up (cairo loads only to paint the designer's art)
    from ..draw import paint  # lazy: start-up
    RASTERS += 1
    recording = cairocffi.RecordingSurface(cairocffi.CONTENT_ALPHA, None)
    ctx = cairocffi.Context(recording)
    paint.unhinted(ctx)
    ctx.scale(PX, PX)
    paint.element(ctx, node, svgvalues.DEFAULTS, clips)
    x, y, w, h = recording.ink_extents()
    if w <= 0 or h <= 0:
        return []
    x0, y0 = math.floor(x), math.floor(y)
    cols, rows = math.ceil(x + w) - x0, math.ceil(y + h) - y0
    image = cairocffi.ImageSurface(cairocffi.FORMAT_A8, cols, rows)
    raster = cairocffi.Context(image)
    raster.set_source_surface(recording, -x0, -y0)
    raster.paint()
    image.flush()
    data, stride, ends = bytes(image.get_data()), image.get_stride(), []
    if box:
        return _corners(data, stride, cols, rows, x0, y0)
    data = data.translate(INKED)
    for start in range(0, rows * stride, stride):
        first = data.find(255, start, start + cols)
        if first >= 0:
            last, down = data.rfind(255, start, start + cols), (y0 + start // stride + 0.5) / PX
            ends += [((x0 + first - start + 0.5) / PX, down), ((x0 + last - start + 0.5) / PX, down)]
    return ends


def _corners(data, stride, cols, rows, x0, y0):
    """ink_ends' extremes from a raster: the top-left and bottom-right corners of the box of its inked pixels."""
    def row(j):
        return max(data[j * stride:j * stride + cols]) >= INK

    def column(c):
        return max(data[c:rows * stride:stride]) >= INK
    top = next((j for j in range(rows) if row(j)), None)
    if top is None:
        return []
    bottom = next(j for j in range(rows - 1, top - 1, -1) if row(j))
    left = next(c for c in range(cols) if column(c))
    right = next(c for c in range(cols - 1, left - 1, -1) if column(c))
    return [((x0 + left + 0.5) / PX, (y0 + top + 0.5) / PX), ((x0 + right + 0.5) / PX, (y0 + bottom + 0.5) / PX)]


def ink_box(node) -> tuple | None:
    """The box (left, top, right, bottom) in mm that one element's ink covers, or None when it paints nothing."""
    key = None if designed(node) else digest("box", values(node))
    found = MEMO.get(key) if key else None
    if found is None:
        before = RASTERS
        ends = ink_ends(node, {}, box=True)
        xs, ys, half = [x for x, _ in ends], [y for _, y in ends], 0.5 / PX if RASTERS > before else 0.0
        found = [min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half] if ends else []
        if key and RASTERS == before:
            MEMO.put(key, found)
    return tuple(found) or None


def digest(*parts: str) -> str:
    """The memo key of an ink measure: its inputs (values() texts, with opaque colours left out: an alpha mask's ink is
    the same in any colour), the code and fonts."""
    return hexdigest("\0".join((*parts, cache.code())).encode())


def values(node) -> str:
    """An element's typed values as one text, its children's in turn: what a measure of its ink reads (tag, attributes,
    text, part and role), opaque colours left out as digest leaves them; no SVG written."""
    out: list = []
    _values(node, out)
    return "".join(out)


def _values(node, out) -> None:
    """Add one element's values, then its children's, to out: a copy of its attributes only when one is an opaque colour
    (written '#'), a transform (its matrix) or points (their pairs), each of those four looked up once."""
    attrs = node.attrs
    fill, stroke = svgvalues.hex_colour(attrs.get("fill")), svgvalues.hex_colour(attrs.get("stroke"))
    if fill or stroke or "transform" in attrs or "points" in attrs:
        attrs = dict(attrs)
        if fill:
            attrs["fill"] = "#"
        if stroke:
            attrs["stroke"] = "#"
        if isinstance(attrs.get("transform"), svgvalues.Transform):
            attrs["transform"] = attrs["transform"].matrix
        if isinstance(attrs.get("points"), svgvalues.Points):
            attrs["points"] = attrs["points"].pairs
    out.append(f"<{node.tag}{attrs!r}{node.content!r}{node.part!r}{node.role!r}")
    for child in node.children:
        _values(child, out)
    out.append(">")


def designed(node) -> bool:
    """True when an element holds text runs or the designer's art (their fonts and files are not in its SVG text); its
    elements visited in turn from a list, no generator or call for each (every face's every element is looked at)."""
    todo = [node]
    while todo:
        node = todo.pop()
        if isinstance(node, (svg.Run, svg.Placed)):
            return True
        todo += node.children
    return False
