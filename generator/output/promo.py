"""What the showcase and hand images share: the spec's promo: settings, the faces shown, the canvas, a piece as cut."""
import math

import cairocffi

from ..build import check
from ..check.safearea import cut_line
from ..components.kind import Circle
from ..draw.render import draw_art
from ..files import write_atomic
from ..located import spec_error
from ..records import NamedTuple
from ..spec.expand import expand
from ..spec.schema import found
from . import raster
from .exports import folder, summary, written

SHOWN = 5            # fronts of each component shown when promo: faces names none
MARGIN = 10.0        # mm of background around the pieces
MAX_PIXELS = 8192    # the image's longer side at most: the dpi is lowered to keep under it
EDGE = 0.25          # mm: a dark line inside each piece's edge, so a white card shows on white
EDGE_INK = (0.0, 0.0, 0.0, 0.35)


class Look(NamedTuple):
    """How the images show the pieces: background (r, g, b) or None (transparent), margin mm, bleed shown; a showcase's
    reflection and perspective."""

    background: tuple | None
    margin: float
    bleed: bool
    reflection: bool
    perspective: bool


def look(spec) -> Look:
    """The spec's promo: settings with their defaults: white, 10 mm, pieces as cut, a reflection, no perspective."""
    given = spec.promo
    background = given.get("background", "white")
    colour = None if background == "transparent" else spec.colour(background)   # the loader checked it
    rgb = None if colour is None else tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return Look(rgb, given.get("margin", MARGIN), given.get("bleed", False), given.get("reflection", True),
                given.get("perspective", False))


def shown(spec) -> dict:
    """Component id -> the artworks its images show, in the spec's order: the face numbers promo: faces lists for it (1 is
    its first distinct front, as the png export numbers them; back is its back), else its first SHOWN fronts."""
    _, arts = expand(spec)
    fronts = {c.id: [a for a in arts.values() if a.component == c.id and a.side == "front"] for c in spec.components}
    chosen = spec.promo.get("faces")
    if chosen is None:
        return {cid: faces[:SHOWN] for cid, faces in fronts.items() if faces}
    picked = {}   # the loader checked the mapping's shape (spec/loader.promo); here, each number against the fronts
    for cid, numbers in chosen.items():
        back = arts.get(f"{cid}-back")
        for i, number in enumerate(numbers):
            if number != "back" and number > len(fronts[cid]):
                raise spec_error(spec, ("promo", "faces", cid, i), f"expected one of the face numbers from 1 to "
                                 f"{len(fronts[cid])}{' or back' if back else ''}, found {found(number)}")
        picked[cid] = [back if number == "back" else fronts[cid][number - 1] for number in numbers]
    return {cid: picked[cid] for cid in fronts if cid in picked}


def outline(comp, bleed: bool):
    """What a piece shows of its artwork, in mm on its trim box: its cut line (a Circle or corners), or its bleed box."""
    if not bleed:
        return cut_line(comp)
    (w, h), b = comp.trim, comp.bleed
    return (-b, -b), (w + b, -b), (w + b, h + b), (-b, h + b)


def extent(shape) -> tuple:
    """(left, top, right, bottom) in mm of an outline."""
    if isinstance(shape, Circle):
        return shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r
    xs, ys = [x for x, _ in shape], [y for _, y in shape]
    return min(xs), min(ys), max(xs), max(ys)


def fit(dpi: float, width: float, height: float) -> float:
    """The dpi of an image width x height mm: as asked, lowered so its longer side is at most MAX_PIXELS."""
    return min(dpi, MAX_PIXELS * 25.4 / max(width, height))


def canvas(width: int, height: int, background) -> tuple:
    """An image of width x height pixels filled with the background (None: transparent) and a context on it."""
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32 if background is None else cairocffi.FORMAT_RGB24, width, height)
    ctx = cairocffi.Context(surface)
    if background is not None:
        ctx.set_source_rgb(*background)
        ctx.paint()
    return surface, ctx


def piece(ctx, spec, art, k: float, bleed: bool) -> None:
    """Paint one face at the context's origin (its trim box's top left), k units a mm, inside its outline, a thin dark
    line along the inside of its edge."""
    comp = spec.component(art.component)
    shape, (w, h), b = outline(comp, bleed), comp.trim, comp.bleed
    ctx.save()
    raster.trace_cut(ctx, shape, 0, 0, k)
    ctx.clip()
    if bleed:
        raster.paint_into(ctx, draw_art(spec, art), (-b * k, -b * k, (w + 2 * b) * k, (h + 2 * b) * k))
    else:
        raster.paint_into(ctx, draw_art(spec, art), (0, 0, w * k, h * k), b)
    raster.trace_cut(ctx, shape, 0, 0, k)
    ctx.set_source_rgba(*EDGE_INK)
    ctx.set_line_width(2 * EDGE * k)  # half of it falls outside the clip: EDGE mm shows
    ctx.stroke()
    ctx.restore()


def turned(point: tuple, degrees: float) -> tuple:
    """A point (x, y) turned clockwise on the page (y down) about the origin."""
    a = math.radians(degrees)
    return point[0] * math.cos(a) - point[1] * math.sin(a), point[0] * math.sin(a) + point[1] * math.cos(a)


def jobs(spec, options, name: str, image) -> list:
    """One job per component shown, writing <out>/<id>/<name>/<component>.png made by image(spec, arts, look, dpi)."""
    look(spec)  # a bad promo: setting is one line before anything is written (shown(spec) too, below)
    return [(f"{spec.game.id} {name} {cid}", write, (spec, cid, options, name, image)) for cid in shown(spec)]


def write(spec, component: str, options, name: str, image) -> tuple:
    """Write one component's image; remove the images of components no longer shown."""
    check(spec)
    path = folder(options, spec, name) / f"{component}.png"
    data = image(spec, shown(spec)[component], look(spec), options.dpi)
    write_atomic(path, data)
    written(path.parent, "images", component, [path], set(shown(spec)))
    return summary([path], [len(data)])
