"""PNG encoding (raster.encode): the pixels cairo's own PNG writer gives, in a valid zlib stream made in parts side by
side, the same bytes on any number of CPUs; the filter each kind of picture packs best with; Ctrl-C while it writes."""
import gc
import io
import random
import signal
import struct
import threading
import time
import zlib

import cairocffi as cairo
import pytest
from PIL import Image, ImageChops, ImageFilter

from generator.draw.render import draw_art
from generator.output import raster
from generator.spec import loader
from generator.spec.expand import expand
from generator.units import pixels


def cairo_png(surface) -> Image.Image:
    """The surface as cairo's own PNG writer encodes it, decoded: the reference."""
    buffer = io.BytesIO()
    surface.write_to_png(buffer)
    return Image.open(buffer)


def chunks(png: bytes) -> dict:
    """{type: body} of a PNG's chunks (IDAT joined), each CRC checked."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = {}, 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        assert struct.unpack(">I", png[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        found[kind] = found.get(kind, b"") + body
        at += 12 + length
    return found


def filters(png: bytes) -> set:
    """The filter type bytes of a PNG's rows (8-bit samples)."""
    found = chunks(png)
    width, _, _, colour = struct.unpack(">IIBB", found[b"IHDR"][:10])
    data = zlib.decompress(found[b"IDAT"])   # zlib checks the stream's Adler-32 here
    row = 1 + width * (3 if colour == 2 else 4)
    return {data[at] for at in range(0, len(data), row)}


def face_surface(game: str, number: int, dpi: float = 300):
    """A face of a shipped game painted at dpi, as the png format paints it: (surface)."""
    spec = loader.load(game)
    drawing = draw_art(spec, list(expand(spec)[1].values())[number])
    width, height = pixels(drawing.width, dpi), pixels(drawing.height, dpi)
    surface, ctx = raster.canvas(width, height)
    raster.paint_into(ctx, drawing, (0, 0, width, height))
    return surface


def photo_surface(width=900, height=700):
    """A photograph-like picture (smooth noise in each channel) on an opaque surface."""
    bands = [Image.effect_noise((width, height), sigma).filter(ImageFilter.GaussianBlur(radius))
             for sigma, radius in ((60, 3), (40, 8), (80, 1.5))]
    blue, green, red = bands[2], bands[1], bands[0]
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    surface.get_data()[:] = Image.merge("RGBA", (blue, green, red, Image.new("L", (width, height), 255))).tobytes()
    surface.mark_dirty()
    return surface


def see_through_surface():
    """Half-transparent shapes on a transparent surface (a hand or showcase without a background)."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 640, 480)
    ctx = cairo.Context(surface)
    ctx.set_source_rgba(0.8, 0.2, 0.1, 0.5)
    ctx.arc(320, 240, 200, 0, 6.3)
    ctx.fill()
    ctx.set_source_rgba(0.1, 0.3, 0.9, 0.25)
    ctx.rectangle(40, 40, 300, 200)
    ctx.fill()
    return surface


@pytest.mark.parametrize("case", ["flat art", "photograph", "see-through"])
def test_a_png_decodes_to_the_pixels_cairo_s_own_writer_gives(case):
    surface = {"flat art": lambda: face_surface("hexstatic", 0), "photograph": photo_surface,
               "see-through": see_through_surface}[case]()
    png = raster.encode(surface, 300)
    mine, cairos = Image.open(io.BytesIO(png)), cairo_png(surface)
    assert (mine.mode, mine.size) == (cairos.mode, cairos.size)
    assert ImageChops.difference(mine.convert("RGBA"), cairos.convert("RGBA")).getbbox() is None
    assert mine.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert set(chunks(png)) == {b"IHDR", b"pHYs", b"IDAT", b"IEND"}


def rows_filtered(surface, kind: int) -> bytes:
    """The surface's rows as PNG image data, each after its filter type byte, worked out here byte by byte (NONE, UP)."""
    picture = cairo_png(surface).convert("RGB")
    width = picture.size[0] * 3
    data = picture.tobytes()
    rows = [data[at:at + width] for at in range(0, len(data), width)]
    above = [bytes(width)] + rows[:-1]
    return b"".join(bytes([kind]) + (row if kind == raster.NONE else bytes((a - b) & 255 for a, b in zip(row, over)))
                    for row, over in zip(rows, above))


@pytest.mark.parametrize("case", ["grannys-pills 0", "hexstatic 0", "posies 3", "pixeliction 2", "photograph"])
def test_a_picture_goes_with_the_filter_that_packs_it_smaller(case):
    game, _, number = case.partition(" ")
    surface = photo_surface(300, 240) if case == "photograph" else face_surface(game, int(number), 150)
    packed = {kind: len(zlib.compress(rows_filtered(surface, kind), 6)) for kind in (raster.NONE, raster.UP)}
    assert filters(raster.encode(surface, 150)) == {min(packed, key=packed.get)}, packed


def test_the_six_games_faces_pack_smaller_than_cairo_s_pngs():
    mine = theirs = 0
    for game in ("grannys-pills", "hexstatic", "pixeliction", "posies", "paths-and-pahs", "glorieta"):
        for number in range(3):
            surface = face_surface(game, number, 150)
            written = io.BytesIO()
            surface.write_to_png(written)
            mine, theirs = mine + len(raster.encode(surface, 150)), theirs + len(written.getvalue())
    assert mine < 0.9 * theirs, (mine, theirs)


def test_a_png_of_many_parts_is_the_same_bytes_on_one_cpu_or_many(monkeypatch):
    surface = face_surface("glorieta", 0, 150)   # the board: many parts of PART bytes
    assert surface.get_height() * surface.get_width() * 3 > 4 * raster.PART
    many = raster.encode(surface, 150)
    monkeypatch.setattr(raster.os, "cpu_count", lambda: 1)
    assert raster.encode(surface, 150) == many
    zlib.decompress(chunks(many)[b"IDAT"])


def test_ctrl_c_while_a_png_is_written_is_an_interrupt_and_leaves_no_thread(capfd):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 4000, 4000)
    rng = random.Random(1)
    ctx = cairo.Context(surface)
    for _ in range(2000):   # noise packs slowly: the write takes long enough for the signal to land inside it
        ctx.set_source_rgba(rng.random(), rng.random(), rng.random(), rng.random())
        ctx.rectangle(rng.uniform(0, 4000), rng.uniform(0, 4000), rng.uniform(1, 400), rng.uniform(1, 400))
        ctx.fill()
    threads = threading.active_count()
    landed = []

    def interrupt(signum, frame):
        landed.append(frame.f_code.co_name)
        raise KeyboardInterrupt
    default = signal.signal(signal.SIGALRM, interrupt)
    gc.disable()   # a collection's callbacks (hypothesis installs one in the worker) would swallow an interrupt landing there
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(KeyboardInterrupt):
            raster.encode(surface, 300)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, default)
        gc.enable()
    assert landed, "the signal came after the write: the test showed nothing"
    deadline = time.monotonic() + 2   # a worker the interrupt caught starting ends at the pool's shutdown signal
    while threading.active_count() > threads and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == threads and capfd.readouterr().err == ""


def test_a_large_picture_is_encoded_a_part_at_a_time_never_copied_whole():
    """Measured in a process of its own: tracemalloc counts every thread's allocations, and in the suite's worker a CI
    run found 13,958,725 bytes where alone it is under the bound (another test's thread, most likely)."""
    import subprocess
    import sys
    from pathlib import Path
    script = ("import sys, tracemalloc\n"
              f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
              "from test_raster import face_surface\n"
              "from generator.output import raster\n"
              "surface = face_surface('glorieta', 0, 300)\n"   # the board: 3640 x 4094 px, 44.7 MB of RGB
              "tracemalloc.start()\n"
              "png = raster.encode(surface, 300)\n"
              "print(tracemalloc.get_traced_memory()[1], surface.get_width() * surface.get_height() * 3, len(png))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    peak, whole, size = map(int, done.stdout.split())
    assert peak < 0.25 * whole, f"{peak:,} bytes held at once for a picture of {whole:,}"   # a whole copy: 1
    assert size < 0.05 * whole
