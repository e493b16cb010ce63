"""The ground a component's pieces share: imposition groups the pieces of one ground under one block, and a kept plan
stands while the grounds are alike where they were."""
from itertools import groupby
from operator import attrgetter

from ..draw.render import draw_art
from ..spec.expand import Grounds, expand


def shared_ground(spec, pieces, face=draw_art):
    """The ground colours (front, back) that every bled piece of a component fills its bleed box with, or None.

    Neighbours with one ground share their bleed: a cut or punch a little off still lands on that colour. The grounds
    the checks noted as they drew each face are read (a face they did not draw is made here by face(spec, art): drawn,
    or a FaceCache's kept operators, and noted).
    """
    from ..output.document import ground  # lazy: start-up (the PDF writer loads only to draw; loading a spec needs none of it)
    if not spec.component(pieces[0].component).bleed:
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
