"""A drawing's ink measured with cairo: where each element actually puts paint, to 0.05 mm."""
import math

from . import paint

PX = 20          # pixels per mm the ink is measured at: distances to 0.05 mm
INKED = bytes(255 if alpha >= 64 else 0 for alpha in range(256))  # a pixel a quarter covered or more is ink


def ink_ends(node, clips):
    """The centres (mm) of the first and last inked pixel of each pixel row one element paints."""
    from .cairopdf import cairocffi  # lazy: start-up (cairo loads only to measure ink, 0.1-0.3 s, not to write a PDF)
    recording = cairocffi.RecordingSurface(cairocffi.CONTENT_ALPHA, None)
    ctx = cairocffi.Context(recording)  # font options stay the default: cairo keeps a face's first ones for good
    ctx.scale(PX, PX)
    paint.element(ctx, node, paint.DEFAULTS, clips)
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
    for j in range(rows):
        row = data[j * stride:j * stride + cols].translate(INKED)
        first = cols - len(row.lstrip(b"\0"))
        if first < cols:
            last, down = len(row.rstrip(b"\0")) - 1, (y0 + j + 0.5) / PX
            ends += [((x0 + first + 0.5) / PX, down), ((x0 + last + 0.5) / PX, down)]
    return ends


def ink_box(node) -> tuple | None:
    """The box (left, top, right, bottom) in mm that one element's ink covers, or None when it paints nothing."""
    ends = ink_ends(node, {})
    if not ends:
        return None
    xs, ys, half = [x for x, _ in ends], [y for _, y in ends], 0.5 / PX
    return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
