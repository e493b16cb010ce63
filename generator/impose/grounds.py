"""Grounds: the colour a face fills its whole box with first, and the one a component's pieces share (imposition groups
the pieces of one ground under one block, and a kept plan stands while the grounds are alike where they were)."""
import re
from itertools import groupby
from operator import attrgetter

from ..draw import content
from ..draw.render import draw_art
from ..spec.expand import Grounds, expand


def shared_ground(spec, pieces, face=draw_art):
    """The ground colours (front, back) that every bled piece of a component fills its bleed box with, or None.

    Neighbours with one ground share their bleed: a cut or punch a little off still lands on that colour. The grounds
    the checks noted as they drew each face are read (a face they did not draw is made here by face(spec, art): drawn,
    or a FaceCache's kept operators, and noted).
    """
    comp = spec.component(pieces[0].component)
    if not comp.bleed or not comp.share_bleed:   # (share_bleed: false keeps each piece's art bleed its own)
        return None
    arts, grounds, found = expand(spec)[1], spec.remembered("grounds", Grounds), []
    for side in ("front", "back") if pieces[0].back else ("front",):
        colours = set()
        for key, _ in groupby(map(attrgetter(side), pieces)):   # each run of one face (no dict of a deck's faces)
            try:
                colours.add(grounds[key])
            except KeyError:   # a face the checks did not draw
                grounds[key] = found_ground = ground(face(spec, arts[key]))
                colours.add(found_ground)
            if len(colours) > 1 or None in colours:
                return None
        found.append(colours.pop())
    return tuple(found)


# no rg before the box: the fill is black, the state a face's operators start from (content.write sets no black)
_GROUND = re.compile(r"q\n(?:1 0 0 1 \S+ \S+ cm\n)?(?:(\S+ \S+ \S+) rg\n)?\S+ \S+ (\S+) (\S+) re f\b")


def ground(picture):
    """The colour ('r g b') that an artwork's first shape fills its whole box with, or None when it has no ground."""
    if isinstance(picture, content.Written):
        found = _GROUND.match(picture.ops)
        if found and abs(float(found[2]) - picture.width) < 1e-3 and abs(float(found[3]) - picture.height) < 1e-3:
            return found[1] or content.rgb("#000000")
        return None
    first = next((c for c in picture.children if c.tag != "defs"), None)
    if first is None or first.tag != "rect" or "transform" in first.attrs:
        return None
    box = tuple(float(first.attrs.get(k, 0)) for k in ("x", "y", "width", "height"))
    if any(abs(a - b) > 1e-3 for a, b in zip(box, picture.box)) or float(first.attrs.get("fill-opacity", 1)) < 1:
        return None
    return content.rgb(first.attrs.get("fill", "#000000"))
