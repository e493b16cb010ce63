"""Hex imposition: hex tiles tessellated in rows that share their cut edges, plain backs mirrored for duplex."""
import math

from ..errors import UserError
from ..draw.hexgrid import FLAT, POINTY, Hex, Layout, hex_to_pixel
from .plan import EPS, Sheet, Slot, flip_edge, mirror

NOTE = "hex tiles share their edges: cut along the outlines"


def offset_hex(orientation, row, col):
    """The hex at an offset position: flat tops shift odd columns down half a hex, pointy tops odd rows right."""
    if orientation is FLAT:
        return Hex.axial(col, row - (col - (col & 1)) // 2)
    return Hex.axial(col - (row - (row & 1)) // 2, row)


def cells(orientation, across, area):
    """Centres of the tessellated hexes (across the flats in mm) that fit in an area, row by row, centred across it."""
    layout = Layout(orientation, across)
    half_w, half_h = (layout.radius, across / 2) if orientation is FLAT else (across / 2, layout.radius)
    found = []
    for row in range(int(area.h / (across / 2)) + 2):
        for col in range(int(area.w / (across / 2)) + 2):
            x, y = hex_to_pixel(layout, offset_hex(orientation, row, col))
            x, y = x + half_w, y + half_h
            if x + half_w <= area.w + EPS and y + half_h <= area.h + EPS:
                found.append((row, col, x, y))
    if not found:
        return []
    used = max(x for _, _, x, _ in found) + half_w
    shift = area.x + (area.w - used) / 2
    return [(x + shift, y + area.y) for _, _, x, y in sorted(found)]


def arrangement(size, count, area):
    """Upright or turned 90 degrees, whichever needs fewer sheets (upright on ties): (rotation, w, h, centres)."""
    w, h = size
    upright = FLAT if w > h else POINTY
    options = []
    for rotation, sw, sh, orientation in ((0, w, h, upright), (90, h, w, POINTY if upright is FLAT else FLAT)):
        centres = cells(orientation, min(w, h), area)
        sheets = math.ceil(count / len(centres)) if centres else math.inf
        options.append((sheets, rotation, sw, sh, centres))
    sheets, rotation, sw, sh, centres = min(options, key=lambda option: option[:2])
    return (rotation, sw, sh, centres) if sheets != math.inf else None


def sheets(comp, pieces, area, page):
    """Sheets of hex pieces: fronts tessellated, each followed by its mirrored back when the component has one; page: the
    paper's width and height (mm)."""
    size = comp.trim
    plan = arrangement(size, len(pieces), area)
    if plan is None:
        raise UserError(f"components.{comp.id}: a {min(size):g} mm hex does not fit the printable area "
                        f"({area.w:g} x {area.h:g} mm)")
    rotation, w, h, centres = plan
    laid = []
    for start in range(0, len(pieces), len(centres)):
        chunk = pieces[start:start + len(centres)]
        slots = tuple(Slot(p.front, x - w / 2, y - h / 2, w, h, comp.bleed, rotation) for p, (x, y) in zip(chunk, centres))
        front = Sheet("front" if comp.back else "single", slots, (), (), (comp.id,), NOTE)
        laid.append(front)
        if comp.back:
            laid.append(mirror(front, page[0], {slot: p.back for slot, p in zip(slots, chunk)}, edge=flip_edge(*page)))
    return laid
