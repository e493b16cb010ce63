"""The cairo floor: the scale job's tiles drawn straight onto a cairocffi PDF surface, nothing else."""
import math
import sys

import cairocffi as cairo

PT = 72 / 25.4
SIZE, MARGIN = 20 * PT, 10.5 * PT
PAGE_W, PAGE_H = 210 * PT, 297 * PT
COLOURS = [(0.84, 0.15, 0.12), (0.18, 0.62, 0.27), (0.12, 0.44, 0.82), (0.96, 0.76, 0.07)]


def colour(i, distinct):
    """The fill of tile i: one of count / 4 colours (each with the four shapes, so every face differs), or one of four."""
    if not distinct:
        return COLOURS[(i // 4) % 4]
    value = ((i // 4) * 2654435761) % 0xFFFFFF
    return ((value >> 16) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)


def shape(ctx, kind, x, y):
    """Outline one of the four shapes in a tile at (x, y)."""
    c, r = SIZE / 2, SIZE * 0.33
    if kind == 0:
        ctx.arc(x + c, y + c, r, 0, 2 * math.pi)
    elif kind == 1:
        ctx.rectangle(x + c - r * 0.9, y + c - r * 0.9, r * 1.8, r * 1.8)
    else:
        points = [(0, -r), (r, r * 0.8), (-r, r * 0.8)] if kind == 2 else [(0, -r), (r, 0), (0, r), (-r, 0)]
        ctx.move_to(x + c + points[0][0], y + c + points[0][1])
        for px, py in points[1:]:
            ctx.line_to(x + c + px, y + c + py)
        ctx.close_path()


def main(count, distinct, out):
    """Draw count tiles, 9 x 12 to an A4 page, each a bordered coloured shape."""
    surface = cairo.PDFSurface(out, PAGE_W, PAGE_H)
    ctx = cairo.Context(surface)
    cols, rows = 9, 12
    for i in range(count):
        slot = i % (cols * rows)
        if i and slot == 0:
            surface.show_page()
        x, y = MARGIN + (slot % cols) * SIZE, MARGIN + (slot // cols) * SIZE
        ctx.set_source_rgb(1, 1, 1)
        ctx.rectangle(x, y, SIZE, SIZE)
        ctx.fill()
        ctx.set_source_rgb(0, 0, 0)
        ctx.set_line_width(0.3 * PT)
        ctx.rectangle(x + 0.15 * PT, y + 0.15 * PT, SIZE - 0.3 * PT, SIZE - 0.3 * PT)
        ctx.stroke()
        shape(ctx, i % 4, x, y)
        ctx.set_source_rgb(*colour(i, distinct))
        ctx.fill_preserve()
        ctx.set_source_rgb(0, 0, 0)
        ctx.set_line_width(0.6 * PT)
        ctx.stroke()
    surface.finish()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] == "distinct", sys.argv[3])
