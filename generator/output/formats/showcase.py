"""One showcase PNG per component: a few faces side by side on a background, a faded reflection under them.

The image to post to show a game off (Squib's showcase); the faces, background, margin, reflection and perspective are
the spec's promo: settings.
"""
import math

import cairocffi

from .. import promo
from ..raster import encode
from ...units import pixels

GAP = 0.1          # of a piece's width between neighbours
DROP = 1.5         # mm between a piece's bottom and its reflection
REFLECTION = 0.25  # of a piece's height: how far down its reflection shows
STRENGTH = 0.25    # the reflection's opacity at its top, fading to none
SLANT = 0.85       # with perspective: a piece's far (left) edge this share of its near one's height; so much as wide


def size(count: int, box: tuple, look) -> tuple:
    """(width, height) mm of the showcase of count pieces whose outline is box (left, top, right, bottom) mm."""
    w, h = box[2] - box[0], box[3] - box[1]
    return (2 * look.margin + count * w * (SLANT if look.perspective else 1) + (count - 1) * GAP * w,
            2 * look.margin + h + (DROP + REFLECTION * h) * look.reflection)


def image(spec, arts, look, dpi: float) -> bytes:
    """The showcase PNG of some faces of one component: left to right at the margin, each over its reflection."""
    box = promo.extent(promo.outline(spec.component(arts[0].component), look.bleed))
    w, h = box[2] - box[0], box[3] - box[1]
    width, height = size(len(arts), box, look)
    dpi = promo.fit(dpi, width, height)
    k = dpi / 25.4
    surface, ctx = promo.canvas(pixels(width, dpi), pixels(height, dpi), look.background)
    floor = look.margin + h + DROP / 2  # the reflecting line: a piece's bottom mirrors DROP mm below it
    for i, art in enumerate(arts):
        left = look.margin + i * ((SLANT if look.perspective else 1) + GAP) * w
        ctx.save()
        ctx.rectangle(math.floor(left * k), 0, math.ceil(w * k) + 2, surface.get_height())
        ctx.clip()  # the piece's own column: the groups below are no bigger
        ctx.push_group()
        ctx.push_group()
        ctx.translate((left - box[0]) * k, (look.margin - box[1]) * k)
        promo.piece(ctx, spec, art, k, look.bleed)
        face = ctx.pop_group()
        ctx.set_source(face)
        ctx.paint()
        if look.reflection:
            face.set_matrix(cairocffi.Matrix(1, 0, 0, -1, 0, 2 * floor * k))
            fade = cairocffi.LinearGradient(0, (floor + DROP / 2) * k, 0, (floor + DROP / 2 + REFLECTION * h) * k)
            fade.add_color_stop_rgba(0, 0, 0, 0, STRENGTH)
            fade.add_color_stop_rgba(1, 0, 0, 0, 0)
            ctx.set_source(face)
            ctx.mask(fade)
        shown = ctx.pop_group()
        ctx.restore()
        if look.perspective:
            slant(ctx, shown, left * k, w * k, (look.margin + h / 2) * k, surface.get_height())
        else:
            ctx.set_source(shown)
            ctx.paint()
    return encode(surface, dpi)


def slant(ctx, piece, left: float, width: float, middle: float, height: int) -> None:
    """Paint a piece (a pattern, width px wide from left, as drawn flat) turned away to the left as a plane seen in
    perspective: its right edge as high as drawn, its left edge SLANT as high, both about the height middle, and SLANT
    as wide; painted a column of pixels at a time, each column the flat one the perspective shows there."""
    near = width * SLANT
    for column in range(math.floor(left), math.ceil(left + near)):
        d = left + near - (column + 0.5)   # px from the right edge to this column's middle
        v = SLANT * d / (near - (1 - SLANT) * d)   # where that is on the flat piece: its share of the width from the right
        tall = SLANT / (SLANT + (1 - SLANT) * v)   # the piece's height here, as a share of its right edge's
        step = width * SLANT * near / (near - (1 - SLANT) * d) ** 2   # flat px a px to the right here
        source = left + (1 - v) * width
        piece.set_matrix(cairocffi.Matrix(step, 0, 0, 1 / tall, source - (column + 0.5) * step, middle - middle / tall))
        ctx.set_source(piece)
        ctx.rectangle(column, 0, 1, height)
        ctx.fill()


def jobs(spec, options) -> list:
    """One showcase per component shown."""
    return promo.jobs(spec, options, "showcase", image)
