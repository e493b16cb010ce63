"""Drawings painted with cairo: PNGs, and the glyph metrics cairo measures."""
import io
import math
import os
from pathlib import Path

os.environ["FONTCONFIG_FILE"] = str(Path(__file__).resolve().parent.parent / "fonts" / "fonts.conf")

import cairocffi  # noqa: E402  (fontconfig must see the bundled fonts first)

from ..draw import paint, svg  # noqa: E402
from ..units import PT_PER_MM  # noqa: E402


def png(drawing, dpi):
    """PNG bytes of a drawing on white, at dpi."""
    scale = dpi / 72
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, math.ceil(drawing.width * PT_PER_MM * scale),
                                     math.ceil(drawing.height * PT_PER_MM * scale))
    ctx = cairocffi.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.scale(scale, scale)
    paint.page(ctx, drawing)
    buffer = io.BytesIO()
    surface.write_to_png(buffer)
    return buffer.getvalue()


def glyph_metrics(bold: bool) -> dict:
    """Every glyph the bundled Vera maps a character to, as cairo measures it: char -> [advance, x min, y min, x max, y max].

    In 1/1000 of the font size, y up; the key "" holds the glyph cairo draws for a character the font lacks.
    """
    ctx = cairocffi.Context(cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(svg.FONT, cairocffi.FONT_SLANT_NORMAL,
                         cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(1000)
    font = ctx.get_scaled_font()
    chars = "".join(chr(c) for c in range(32, 0x10000)
                    if not (0xD800 <= c < 0xE000 or 0xFDD0 <= c <= 0xFDEF or c & 0xFFFE == 0xFFFE))  # valid UTF-8 only
    glyphs = font.text_to_glyphs(0, 0, chars, False)
    table = {}
    for ch, (index, _, _) in zip(chars, glyphs):
        key = ch if index else ""
        if key not in table:
            x, y, w, h, advance, _ = font.glyph_extents([(index, 0, 0)])
            table[key] = [round(v, 2) + 0.0 for v in (advance, x, -y - h, x + w, -y)]
    return table
