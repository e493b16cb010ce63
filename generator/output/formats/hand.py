"""One hand PNG per component: a few faces fanned as a player holds them, the last on top, on a background.

The image to post to show a game off (Squib's hand); the faces, background and margin are the spec's promo: settings.
"""
import math

from .. import promo
from ...components.kind import Circle
from ..raster import encode
from ...units import pixels

STEP = 10.0     # degrees each piece turns clockwise from the one before; the middle one stands upright
RADIUS = 0.5    # of a piece's height: from its bottom edge down to the point the fan turns about


def placements(count: int, shape, look) -> tuple:
    """((width, height) mm of the hand image, [(x, y, degrees)...]): where each piece's trim box top left goes and how
    far it turns, for count pieces of outline shape (mm on the trim box), every piece inside the margin."""
    left, top, right, bottom = promo.extent(shape)
    pivot = ((left + right) / 2, bottom + RADIUS * (bottom - top))
    angles = [(i - (count - 1) / 2) * STEP for i in range(count)]
    if isinstance(shape, Circle):  # a disc reaches its radius past its centre whichever way it turns
        centres = [promo.turned((shape.x - pivot[0], shape.y - pivot[1]), a) for a in angles]
        xs = [x + side * shape.r for x, _ in centres for side in (-1, 1)]
        ys = [y + side * shape.r for _, y in centres for side in (-1, 1)]
    else:
        ends = [promo.turned((x - pivot[0], y - pivot[1]), a) for a in angles for x, y in shape]
        xs, ys = [x for x, _ in ends], [y for _, y in ends]
    dx, dy = look.margin - min(xs), look.margin - min(ys)
    corners = [promo.turned((-pivot[0], -pivot[1]), a) for a in angles]
    return ((max(xs) - min(xs) + 2 * look.margin, max(ys) - min(ys) + 2 * look.margin),
            [(x + dx, y + dy, a) for (x, y), a in zip(corners, angles)])


def image(spec, arts, look, dpi: float) -> bytes:
    """The hand PNG of some faces of one component: fanned left to right, each over the one before."""
    shape = promo.outline(spec.component(arts[0].component), look.bleed)
    (width, height), placed = placements(len(arts), shape, look)
    dpi = promo.fit(dpi, width, height)
    k = dpi / 25.4
    surface, ctx = promo.canvas(pixels(width, dpi), pixels(height, dpi), look.background)
    for art, (x, y, degrees) in zip(arts, placed):
        ctx.save()
        ctx.translate(x * k, y * k)
        ctx.rotate(math.radians(degrees))
        promo.piece(ctx, spec, art, k, look.bleed)
        ctx.restore()
    return encode(surface, dpi)


def jobs(spec, options) -> list:
    """One hand per component shown."""
    return promo.jobs(spec, options, "hand", image)
