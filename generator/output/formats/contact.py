"""One contact sheet PNG per component: every face at a glance, labelled.

Each distinct face, trimmed, in a labelled grid, for sharing a prototype.
"""
import math
from collections import Counter

from ...draw import svg, textfit
from ...components.kind import Circle, size_words
from ...spec.expand import expand
from ...build import check
from ...files import write_atomic
from ...draw.render import draw_art
from ...check.safearea import cut_line
from .. import raster
from ..exports import back_name, backings, face_title, folder, summary, written
from ...units import pixels
from .tts import trim_size

DPI = 100
THUMB = 50.0     # mm: the longer side of every face on the sheet
GAP = 6.0        # mm between faces, and around the grid
LABEL = 9.0      # mm under each face for its name and count
HEAD = 16.0      # mm above the grid for the title
COLUMNS = 8
CAPTION = 2.8    # mm: the size of every face's name under it
COUNT = 3.0      # mm: the size of the line under that (its count; a back's pieces and faces)


def layout(count: int, w: float, h: float) -> tuple:
    """(columns, rows, face width, face height, sheet width, sheet height) in mm for count faces of trim w x h."""
    scale = THUMB / max(w, h)
    fw, fh = w * scale, h * scale
    columns = min(COLUMNS, count)
    rows = math.ceil(count / columns)
    width = max(columns * (fw + GAP) + GAP, 160.0)
    return columns, rows, fw, fh, width, HEAD + rows * (fh + LABEL + GAP) + GAP


def sheet(spec, component) -> bytes:
    """The contact sheet PNG of one component: title, then each distinct face with its name and count, then each back
    with the faces it is behind."""
    pieces, arts = expand(spec)
    comp = spec.component(component)
    fronts = [a for a in arts.values() if a.component == component and a.side == "front"]
    backs = [b for b in backings(spec, component) if b.back is not None]
    shown = fronts + [arts[b.back] for b in backs]
    copies = Counter(p.front for p in pieces if p.component == component)
    w, h = trim_size(spec, component)
    columns, rows, fw, fh, width, height = layout(len(shown), w, h)
    words = svg.drawing(width, height, ident="contact")
    title = f"{spec.game.title}: {comp.title}"
    pieces_shown = sum(copies.values())
    backed = ", one back" if len(backs) == 1 else f", {len(backs)} backs" if backs else ""
    detail = (f"{pieces_shown} piece{'s' * (pieces_shown != 1)}, {len(copies)} different face{'s' * (len(copies) != 1)}"
              f"{backed}; trim {size_words(comp)}")
    words.add(svg.text(words, title, GAP, GAP + 5, 6, anchor="start", bold=True))
    words.add(svg.text(words, detail, GAP, GAP + 10.5, 3.6, anchor="start"))
    surface, ctx = raster.canvas(pixels(width, DPI), pixels(height, DPI))
    k = DPI / 25.4
    cut = cut_line(comp)
    for i, art in enumerate(shown):
        x = GAP + (i % columns) * (fw + GAP)
        y = HEAD + GAP + (i // columns) * (fh + LABEL + GAP)
        ctx.save()
        raster.trace_cut(ctx, cut, x * k, y * k, fw / w * k)  # each face as it is cut: round, hexagonal or square
        ctx.clip()
        words.add(outline(words, cut, x, y, fw / w))
        raster.paint_into(ctx, draw_art(spec, art), (x * k, y * k, fw * k, fh * k), comp.bleed)
        ctx.restore()
        room = fw + GAP * 0.8
        if art.side == "back":
            name, count = back_caption(spec, art, backs[i - len(fronts)], fronts, backs, len(copies) > 1, room)
        else:
            name, count = caption(spec, art, i + 1 if len(copies) > 1 else None, room), f"x {copies[art.key]}"
        words.add(svg.text(words, name, x + fw / 2, y + fh + 3.6, CAPTION))
        words.add(svg.text(words, count, x + fw / 2, y + fh + 7.4, COUNT, fill="#555555"))
    raster.paint_into(ctx, words, (0, 0, pixels(width, DPI), pixels(height, DPI)))
    return raster.encode(surface, DPI)


def back_caption(spec, art, backing, fronts: list, backs: list, numbered: bool, width: float) -> tuple:
    """(name, count) under a back: 'back' and 'back of all n' when the component has one; with several, the layout file
    its rows name ('common back' for the component's own), then how many of all the pieces it is behind and their faces'
    names (numbered as under the faces when numbered), each line cut at a word to width mm."""
    pieces = sum(b.pieces for b in backs)
    if len(backs) == 1:
        return "back", f"back of all {pieces}"
    behind, head, names = set(backing.fronts), f"behind {backing.pieces} of {pieces}:", []
    for number, front in enumerate(fronts, start=1):
        if front.key in behind:
            names.append(face_title(spec, front, number if numbered else None))
            if textfit.width(f"{head} {', '.join(names)}", COUNT) > width:
                break   # the names after it would be cut
    return (shortened(back_name(art), width),
            shortened(f"{head} {', '.join(names)}", width, COUNT))


def caption(spec, art, number: int | None, width: float) -> str:
    """A front's name under it (exports.face_title), cut at a word, with '...', to width mm."""
    return shortened(face_title(spec, art, number), width)


def shortened(name: str, width: float, size: float = CAPTION) -> str:
    """Words cut at a word, with '...' (after no comma, colon or semicolon), to width mm at size mm."""
    words = name.split()
    while len(words) > 1 and textfit.width(name, size) > width:
        words.pop()
        name = " ".join(words).rstrip(",;:") + "..."
    return name


def outline(words, cut, x: float, y: float, scale: float):
    """A grey line along a cut line (a Circle or polygon corners in mm), its trim box's top left at (x, y), scale mm per mm."""
    style = {"fill": "none", "stroke": "#9a9a9a", "stroke_width": 0.3}
    if isinstance(cut, Circle):
        return words.circle((svg.r(x + cut.x * scale), svg.r(y + cut.y * scale)), svg.r(cut.r * scale), **style)
    return words.polygon([(svg.r(x + cx * scale), svg.r(y + cy * scale)) for cx, cy in cut], **style)


def jobs(spec, options) -> list:
    """One contact sheet per component."""
    return [(f"{spec.game.id} contact {comp.id}", write_sheet, (spec, comp.id, options)) for comp in spec.components]


def write_sheet(spec, component, options) -> tuple:
    """Write <out>/<id>/contact/<component>.png."""
    check(spec)
    path = folder(options, spec, "contact") / f"{component}.png"
    data = sheet(spec, component)
    write_atomic(path, data)
    written(path.parent, "sheets", component, [path], {c.id for c in spec.components})
    return summary([path], [len(data)])
