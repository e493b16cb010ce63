"""Drawings painted with cairo into pixels: pnp's one PNG writer, with the bundled fonts and the dpi recorded."""
import io
import math
import os
import struct
import sys
import zlib
from collections import deque
from concurrent.futures import ThreadPoolExecutor

from ..draw import paint, svgvalues   # first: generator.draw points fontconfig at the bundled fonts before cairo loads
import cairocffi
from PIL import Image, ImageChops

from ..components.kind import Circle
from ..draw.art import MAX_PIXELS, MAX_SIDE
from ..errors import UserError
from ..units import pixels


def picture_png(drawing, dpi: float) -> bytes:
    """PNG of a drawing on white at dpi: round(mm / 25.4 * dpi) px a side, dpi in its pHYs chunk."""
    return drawing_png(drawing, pixels(drawing.width, dpi), pixels(drawing.height, dpi), dpi)


def drawing_png(drawing, width: int, height: int, dpi: float) -> bytes:
    """PNG of a drawing on white, width x height pixels."""
    surface, ctx = canvas(width, height)
    paint_into(ctx, drawing, (0, 0, width, height))
    return encode(surface, dpi)


def fits(what: str, width: int, height: int, dpi: float | None = None) -> None:
    """Refuse a picture larger than pnp paints (cairo's MAX_SIDE a side, MAX_PIXELS in all), before its memory is
    taken (a board at 1200 dpi took 3.8 GB, then cairo refused it); what: what it is, as messages name it."""
    if max(width, height) <= MAX_SIDE and width * height <= MAX_PIXELS:
        return
    most = dpi and math.floor(dpi * min(MAX_SIDE / max(width, height), math.sqrt(MAX_PIXELS / (width * height))))
    raise UserError(f"{what}: {f'at {dpi:g} dpi ' if dpi else ''}a picture of {width:,} x {height:,} pixels, more than "
                    f"pnp paints (at most {MAX_SIDE:,} a side and {MAX_PIXELS:,} in all)"
                    + (f": give --dpi {most} or less" if dpi else ""))


def canvas(width: int, height: int) -> tuple:
    """A white image of width x height pixels and a cairo context on it: (surface, context)."""
    fits("a picture", width, height)
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


PAINTERS = ("libcairo", "libpixman", "libfreetype", "libfontconfig", "libpng", "libz.", "_imaging.")  # the libraries
                                                                                                    # that paint and pack


def painter() -> tuple:
    """What a picture's pixels and bytes depend on besides its drawing: the versions of cairo, zlib and Pillow and, where
    /proc/self/maps lists them, the path, size and time of each library that paints or packs it (PAINTERS): one updated
    in place (pixman, freetype) counts too."""
    pillow = Image.__version__   # first: loads Pillow's _imaging, which platypus.py leaves unloaded until first used
    stamps = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {fields[5] for fields in map(str.split, maps) if len(fields) == 6
                     and os.path.basename(fields[5]).startswith(PAINTERS)}
    except OSError:
        paths = set()
    for path in sorted(paths):
        try:
            found = os.stat(path)
        except OSError:
            continue
        stamps.append((path, found.st_size, found.st_mtime_ns))
    return cairocffi.cairo_version_string(), zlib.ZLIB_RUNTIME_VERSION, pillow, stamps


def trace_cut(ctx, cut, x: float, y: float, scale: float) -> None:
    """Add a cut line (a Circle or polygon corners, mm) to the path: its trim box's top left at (x, y), scale units per mm."""
    if isinstance(cut, Circle):
        ctx.arc(x + cut.x * scale, y + cut.y * scale, cut.r * scale, 0, math.tau)
        return
    for cx, cy in cut:
        ctx.line_to(x + cx * scale, y + cy * scale)
    ctx.close_path()


PNG = b"\x89PNG\r\n\x1a\n"
NONE, UP = 0, 2   # PNG's filter types: a row as it is; each byte less the one above it
SAMPLE = 16       # bands of four rows a filter is tried on
PART = 1 << 20    # about as many bytes of rows deflated in one part
WINDOW = 1 << 15  # deflate's window: the bytes before a part that it may refer back to


def encode(surface, dpi: float) -> bytes:
    """A cairo image surface as PNG bytes with a pHYs chunk saying dpi (as pixels per metre): 8-bit RGB, or RGBA when
    the surface has alpha; every row unfiltered or every row filtered Up, whichever a sample of rows packs smaller
    (flat game art packs best unfiltered, a photograph filtered); deflated in parts side by side on every CPU, each
    part's rows read from the surface there (no other copy of the whole picture is made)."""
    surface.flush()
    if sys.byteorder != "little":   # cairo's pixels are native 32-bit words: B, G, R, A in memory here
        surface.write_to_png(buffer := io.BytesIO())
        return _with_dpi(buffer.getvalue(), dpi)
    pixels = _Pixels(surface)
    per_metre = round(dpi / 0.0254)
    header = struct.pack(">IIBBBBB", pixels.width, pixels.height, 8, 2 if pixels.mode == "RGB" else 6, 0, 0, 0)
    return b"".join([PNG, _chunk(b"IHDR", header), _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     _chunk(b"IDAT", _deflated(pixels, _filter(pixels))), _chunk(b"IEND", b"")])


class _Pixels:
    """A cairo surface's pixels as PNG's 8-bit RGB (RGBA when it has alpha), read a band of rows at a time."""

    def __init__(self, surface):
        self.width, self.height = surface.get_width(), surface.get_height()
        opaque = surface.get_format() == cairocffi.FORMAT_RGB24
        self.mode, self.raw = ("RGB", "BGRX") if opaque else ("RGBA", "BGRa")   # BGRa: alpha premultiplied, as cairo
        self.data, self.stride = memoryview(surface.get_data()), surface.get_stride()     # keeps it

    def band(self, top: int, bottom: int):
        """Rows top to bottom as an L image, a row of bytes a row of pixels."""
        part = Image.frombuffer(self.mode, (self.width, bottom - top), self.data[top * self.stride:bottom * self.stride],
                                "raw", self.raw, self.stride, 1)
        return Image.frombuffer("L", (self.width * len(self.mode), bottom - top), part.tobytes(), "raw", "L", 0, 1)


def _filter(pixels: _Pixels) -> int:
    """NONE or UP, whichever packs a sample of the rows smaller."""
    bands = range(1, pixels.height, max(1, pixels.height // SAMPLE))
    packed = {kind: len(zlib.compress(b"".join(_typed(pixels, top, top + 4, kind) for top in bands), 1))
              for kind in (NONE, UP)}
    return UP if packed[UP] < packed[NONE] else NONE


def _typed(pixels: _Pixels, top: int, bottom: int, kind: int) -> bytes:
    """Rows top to bottom (cut at the picture's foot) as PNG image data: each after its filter type byte, filtered Up
    (each byte less the byte above it, zeros above the first row, modulo 256) for UP."""
    bottom = min(bottom, pixels.height)
    band = pixels.band(top, bottom)
    if kind == UP:
        above = pixels.band(top - 1, bottom - 1) if top else Image.new("L", band.size)
        if not top and bottom > 1:
            above.paste(pixels.band(0, bottom - 1), (0, 1))
        band = ImageChops.subtract_modulo(band, above)
    width, data, kind_byte = band.size[0], memoryview(band.tobytes()), bytes([kind])
    return kind_byte + kind_byte.join(data[at:at + width] for at in range(0, len(data), width))


def _deflated(pixels: _Pixels, kind: int) -> bytes:
    """The picture's PNG image data (_typed) as a zlib stream (level 6), made in parts of whole rows side by side, each
    primed with the WINDOW bytes before it (as pigz does): the same bytes on any number of CPUs. A part is begun as one
    is taken, a CPU's worth ahead at most: the parts done are never all held at once."""
    row = pixels.width * len(pixels.mode) + 1
    per, behind = max(1, PART // row), -(-WINDOW // row)   # rows in a part; rows a window spans

    def part(top: int) -> tuple:
        """(this part deflated, its image data)."""
        data = _typed(pixels, top, top + per, kind)
        window = _typed(pixels, max(0, top - behind), top, kind)[-WINDOW:] if top else b""
        packer = zlib.compressobj(6, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, window)
        last = top + per >= pixels.height
        return packer.compress(data) + packer.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH), data
    workers = os.cpu_count() or 1
    pool = ThreadPoolExecutor(workers)   # zlib lets go of the interpreter while it deflates
    try:
        parts, check = [b"\x78\x9c"], zlib.adler32(b"")
        running: deque = deque()
        for top in range(0, pixels.height, per):
            running.append(pool.submit(part, top))
            while len(running) > workers or (running and top + per >= pixels.height):
                packed, data = running.popleft().result()
                parts.append(packed)
                check = zlib.adler32(data, check)
    finally:
        try:
            pool.shutdown(cancel_futures=True)   # Ctrl-C: the parts not begun are dropped
        except KeyboardInterrupt:   # a second Ctrl-C, or the first landing here: the parts begun still end
            pool.shutdown()
            raise
    return b"".join([*parts, struct.pack(">I", check)])


def _chunk(kind: bytes, body: bytes) -> bytes:
    """A PNG chunk: length, type, body, CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


def _with_dpi(data: bytes, dpi: float) -> bytes:
    """PNG bytes with a pHYs chunk, placed right after the header chunk (cairo writes none)."""
    per_metre = round(dpi / 0.0254)
    end = 8 + 8 + 13 + 4  # the signature, then IHDR: length, type, 13 bytes, crc
    return data[:end] + _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)) + data[end:]
