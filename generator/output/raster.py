"""Drawings painted with cairo into pixels: pnp's one PNG writer, with the bundled fonts and the dpi recorded."""
import io
import math
import os
import struct
import sys
import zlib
from pathlib import Path

os.environ["FONTCONFIG_FILE"] = str(Path(__file__).resolve().parent.parent / "fonts" / "fonts.conf")

import cairocffi  # noqa: E402  (fontconfig must see the bundled fonts first)

from ..components.kind import Circle  # noqa: E402
from ..draw import paint, svgvalues  # noqa: E402
from ..units import pixels  # noqa: E402


def picture_png(drawing, dpi: float) -> bytes:
    """PNG of a drawing on white at dpi: round(mm / 25.4 * dpi) px a side, dpi in its pHYs chunk."""
    return drawing_png(drawing, pixels(drawing.width, dpi), pixels(drawing.height, dpi), dpi)


def drawing_png(drawing, width: int, height: int, dpi: float) -> bytes:
    """PNG of a drawing on white, width x height pixels."""
    surface, ctx = canvas(width, height)
    paint_into(ctx, drawing, (0, 0, width, height))
    return encode(surface, dpi)


def canvas(width: int, height: int) -> tuple:
    """A white image of width x height pixels and a cairo context on it: (surface, context)."""
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, width, height)
    ctx = cairocffi.Context(surface)
    paint.unhinted(ctx)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    return surface, ctx


def paint_into(ctx, drawing, cell, trim=0.0):
    """Paint a drawing to fill a cell (x, y, width, height in the context's units), clipped to it; trim: mm cut off its edges (a bleed)."""
    x, y, w, h = cell
    bx, by, bw, bh = drawing.box
    kx, ky = bw / drawing.width, bh / drawing.height  # user units per mm
    ctx.save()
    ctx.rectangle(x, y, w, h)
    ctx.clip()
    ctx.translate(x, y)
    ctx.scale(w / (bw - 2 * trim * kx), h / (bh - 2 * trim * ky))
    ctx.translate(-bx - trim * kx, -by - trim * ky)
    clips = {c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"}
    for child in drawing.children:
        paint.element(ctx, child, svgvalues.DEFAULTS, clips)
    ctx.restore()


def trace_cut(ctx, cut, x: float, y: float, scale: float) -> None:
    """Add a cut line (a Circle or polygon corners, mm) to the path: its trim box's top left at (x, y), scale units per mm."""
    if isinstance(cut, Circle):
        ctx.arc(x + cut.x * scale, y + cut.y * scale, cut.r * scale, 0, math.tau)
        return
    for cx, cy in cut:
        ctx.line_to(x + cx * scale, y + cy * scale)
    ctx.close_path()


def encode(surface, dpi: float) -> bytes:
    """A cairo image surface as PNG bytes with a pHYs chunk saying dpi (as pixels per metre)."""
    buffer = io.BytesIO()
    hook, sys.unraisablehook = sys.unraisablehook, _unraised
    try:
        surface.write_to_png(buffer)
    except OSError:   # cairo's write to memory fails only when Ctrl-C hit its callback, where cffi swallows the interrupt
        raise KeyboardInterrupt from None
    finally:
        sys.unraisablehook = hook
    return with_dpi(buffer.getvalue(), dpi)


def _unraised(unraisable) -> None:
    """Print an exception a C callback could not raise, as Python does, unless it is Ctrl-C (encode raises it again)."""
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)


def with_dpi(data: bytes, dpi: float) -> bytes:
    """PNG bytes with a pHYs chunk, placed right after the header chunk (cairo writes none)."""
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    end = 8 + 8 + 13 + 4  # the signature, then IHDR: length, type, 13 bytes, crc
    return data[:end] + chunk + data[end:]
