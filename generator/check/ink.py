"""A drawing's ink measured with cairo: where each element actually puts paint, to 0.05 mm."""
import glob
import hashlib
import math
import os
import re

from .. import cache
from ..draw import svg, svgvalues

PX = 20          # pixels per mm the ink is measured at: distances to 0.05 mm
INK = 64         # a pixel a quarter covered or more is ink
INKED = bytes(255 if alpha >= INK else 0 for alpha in range(256))
MEMO = cache.Memo("ink.json")   # measures kept between runs, by the element's SVG with its opaque colours left out
OPAQUE = re.compile(r'\b(fill|stroke)="#[0-9a-fA-F]{6}"')   # an opaque colour: the same ink as any other
LIBRARIES = re.compile(r"/(lib(cairo|pixman|freetype|fontconfig|png|harfbuzz)|_cffi_backend)[^/]*\.so[^/]*$")
VENDORED = ".libs/"   # a wheel's own copy (pillow.libs/libpng...): not what cairo draws with


def ink_ends(node, clips, box=False):
    """The centres (mm) of the first and last inked pixel of each pixel row one element paints.

    box: only two of them, with the least and the greatest x and y of all (what a box or an upright cut needs), found
    without visiting every row.
    """
    from ..output.raster import cairocffi  # lazy: start-up (cairo loads only to measure ink, 0.1-0.3 s, not to write a PDF)
    from ..draw import paint  # lazy: start-up (a measure kept in the memo needs no painter)
    if not MEMO.attested:
        MEMO.attest(libraries(cairocffi))
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
    key = None if designed(node) else digest("box", node.tostring())
    found = MEMO.get(key) if key else None
    if found is None:
        ends = ink_ends(node, {}, box=True)
        xs, ys, half = [x for x, _ in ends], [y for _, y in ends], 0.5 / PX
        found = [min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half] if ends else []
        if key:
            MEMO.put(key, found)
    return tuple(found) or None


def digest(*parts: str) -> str:
    """The memo key of an ink measure: its inputs with opaque colours left out (an alpha mask's ink is the same in any
    colour), the code and fonts."""
    text = "\0".join((*parts, cache.code()))
    return hashlib.sha256(OPAQUE.sub(r'\1="#"', text).encode()).hexdigest()


def designed(node) -> bool:
    """True when an element holds text runs or the designer's art (their fonts and files are not in its SVG text)."""
    return isinstance(node, (svg.Run, svg.Placed)) or any(designed(child) for child in node.children)


def libraries(cairocffi) -> list | None:
    """The files cairo measures with, as (path, size, mtime in ns): its shared libraries and cairocffi's code; None when
    they cannot be told (no /proc/self/maps)."""
    try:
        with open("/proc/self/maps") as maps:
            found = {line.split(None, 5)[-1].strip() for line in maps
                     if LIBRARIES.search(line.strip()) and VENDORED not in line}
    except OSError:
        return None
    found.update(glob.glob(os.path.join(os.path.dirname(cairocffi.__file__), "*.py")))
    files = [(path, *stamp) for path in sorted(found) if (stamp := cache.stamp(path))]
    return files or None
