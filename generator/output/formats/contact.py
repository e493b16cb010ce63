"""One contact sheet PNG per component: every face at a glance, labelled.

Each distinct face, trimmed, in a labelled grid, for sharing a prototype.
"""
import math
from collections import Counter

from ...draw import svg, textfit, typeface
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
    raster.fits(f"{spec.path}: {component}: a contact sheet of {len(shown):,} faces", pixels(width, DPI), pixels(height, DPI))
    words = svg.drawing(width, height, ident="contact")
    title = f"{spec.game.title}: {comp.title}"
    pieces_shown = sum(copies.values())
    backed = ", one back" if len(backs) == 1 else f", {len(backs)} backs" if backs else ""
    detail = (f"{pieces_shown} piece{'s' * (pieces_shown != 1)}, {len(copies)} different face{'s' * (len(copies) != 1)}"
              f"{backed}; trim {size_words(comp)}")
    if textfit.width(title, 6, bold=True) > width - 2 * GAP:   # the game's title cut, the component's kept
        after = f": {comp.title}"
        title = shortened(spec.game.title, width - 2 * GAP - textfit.width(after, 6, bold=True), 6, bold=True) + after
    words.add(svg.text(words, shortened(title, width - 2 * GAP, 6, bold=True), GAP, GAP + 5, 6, anchor="start",
                       bold=True))
    words.add(svg.text(words, shortened(detail, width - 2 * GAP, 3.6), GAP, GAP + 10.5, 3.6, anchor="start"))
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
        words.add(label(words, spec, name, x + fw / 2, y + fh + 3.6, CAPTION))
        words.add(label(words, spec, count, x + fw / 2, y + fh + 7.4, COUNT, fill="#555555"))
    raster.paint_into(ctx, words, (0, 0, pixels(width, DPI), pixels(height, DPI)))
    return raster.encode(surface, DPI)


def back_caption(spec, art, backing, fronts: list, backs: list, numbered: bool, width: float) -> tuple:
    """(name, count) under a back: 'back' and 'back of all n' (of both, of the one piece) when the component has one; with several, the layout file
    its rows name ('common back' for the component's own), then how many of all the pieces it is behind and their faces'
    names (numbered as under the faces when numbered), each line cut at a word to width mm."""
    pieces = sum(b.pieces for b in backs)
    if len(backs) == 1:
        return "back", f"back of all {pieces}" if pieces > 2 else "back of both" if pieces == 2 else "back of the one piece"
    behind, head, names = set(backing.fronts), f"behind {backing.pieces} of {pieces}:", []
    for number, front in enumerate(fronts, start=1):
        if front.key in behind:
            names.append(face_title(spec, front, number if numbered else None))
            if textfit.width(f"{head} {', '.join(names)}", COUNT) > width:
                break   # the names after it would be cut
    return (shortened(back_name(art), width, font=lettering(spec, back_name(art))),
            shortened(f"{head} {', '.join(names)}", width, COUNT, font=lettering(spec, head + ", ".join(names))))


def caption(spec, art, number: int | None, width: float) -> str:
    """A front's name under it (exports.face_title), cut at a word, with '...', to width mm."""
    title = face_title(spec, art, number)
    return shortened(title, width, font=lettering(spec, title))


def shortened(name: str, width: float, size: float = CAPTION, bold: bool = False, font: str = "") -> str:
    """Words cut at a word, with '...' (after no comma, colon or semicolon), to width mm at size mm; a single word too
    long, cut at a letter. font: the resource of the designer's font it is set in (lettering), else bundled Vera."""
    def wide(text: str) -> float:
        return typeface.advance(font, text) * size if font else textfit.width(text, size, bold)
    words = name.split()
    while len(words) > 1 and wide(name) > width:
        words.pop()
        name = " ".join(words).rstrip(",;:") + "..."
    while len(name) > 4 and wide(name) > width:   # one word wider than the room: its letters cut
        name = name.removesuffix("...")[:-1].rstrip(",;: ") + "..."
    return name


def lettering(spec, text: str) -> str:
    """The resource of the first of the spec's fonts that has every character of text, when bundled Vera lacks one;
    else "" (Vera)."""
    if not textfit.missing(text) and not textfit.missing(text, bold=True):
        return ""
    return next((family.regular.resource for family in spec.fonts.values()
                 if not typeface.absent(family.regular.resource, text)), "")


def label(words, spec, text: str, x: float, y: float, size: float, fill: str = "#000000"):
    """A line of text centred on x, its baseline at y: in bundled Vera, or in the spec's font that has its characters
    (lettering), as the face itself showed them (Vera would print a box for each)."""
    font = lettering(spec, text)
    if not font:
        return svg.text(words, text, x, y, size, fill=fill)
    face = typeface.Face(font, False, False)
    left = x - typeface.advance(font, text) * size / 2
    return svg.Run({"x": svg.r(left), "y": svg.r(y), "font-family": face.family, "font-size": svg.r(size),
                    "fill": fill}, text, face)


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
