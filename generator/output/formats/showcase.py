"""One showcase PNG per component: a few faces side by side on a background, a faded reflection under them.

The image to post to show a game off (Squib's showcase); the faces, background, margin and reflection are the spec's promo: settings.
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


def size(count: int, box: tuple, look) -> tuple:
    """(width, height) mm of the showcase of count pieces whose outline is box (left, top, right, bottom) mm."""
    w, h = box[2] - box[0], box[3] - box[1]
    return (2 * look.margin + count * w + (count - 1) * GAP * w,
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
        left = look.margin + i * (1 + GAP) * w
        ctx.save()
        ctx.rectangle(math.floor(left * k), 0, math.ceil(w * k) + 2, surface.get_height())
        ctx.clip()  # the piece's own column: the group below is no bigger
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
        ctx.restore()
    return encode(surface, dpi)


def jobs(spec, options) -> list:
    """One showcase per component shown."""
    return promo.jobs(spec, options, "showcase", image)
