"""One contact sheet PNG per component: every face at a glance, labelled.

Each distinct face, trimmed, in a labelled grid, for sharing a prototype.
"""
import math
from collections import Counter

from ...draw import svg, textfit
from ...components.kind import Circle, size_words
from ...components.layout import ROW
from ...spec.expand import expand
from ...build import check
from ...files import write_atomic
from ...draw.render import draw_art
from ...check.safearea import cut_line
from .. import _named, folder, raster, summary
from ...units import pixels
from .tts import trim_size

DPI = 100
THUMB = 50.0     # mm: the longer side of every face on the sheet
GAP = 6.0        # mm between faces, and around the grid
LABEL = 9.0      # mm under each face for its name and count
HEAD = 16.0      # mm above the grid for the title
COLUMNS = 8
CAPTION = 2.8    # mm: the size of every face's name under it


def layout(count: int, w: float, h: float) -> tuple:
    """(columns, rows, face width, face height, sheet width, sheet height) in mm for count faces of trim w x h."""
    scale = THUMB / max(w, h)
    fw, fh = w * scale, h * scale
    columns = min(COLUMNS, count)
    rows = math.ceil(count / columns)
    width = max(columns * (fw + GAP) + GAP, 160.0)
    return columns, rows, fw, fh, width, HEAD + rows * (fh + LABEL + GAP) + GAP


def sheet(spec, component) -> bytes:
    """The contact sheet PNG of one component: title, then each distinct face (back last) with its name and count."""
    pieces, arts = expand(spec)
    comp = spec.component(component)
    shown = [a for a in arts.values() if a.component == component and a.side == "front"]
    shown += [a for a in arts.values() if a.component == component and a.side == "back"]
    copies = Counter(p.front for p in pieces if p.component == component)
    w, h = trim_size(spec, component)
    columns, rows, fw, fh, width, height = layout(len(shown), w, h)
    words = svg.drawing(width, height, ident="contact")
    title = f"{spec.game.title}: {comp.title}"
    pieces_shown = sum(copies.values())
    detail = (f"{pieces_shown} piece{'s' * (pieces_shown != 1)}, {len(copies)} different face{'s' * (len(copies) != 1)}"
              f"{', one back' if comp.back else ''}; trim {size_words(comp)}")
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
        name = "back" if art.side == "back" else caption(spec, art, i + 1 if len(copies) > 1 else None, fw + GAP * 0.8)
        count = f"back of all {pieces_shown}" if art.side == "back" else f"x {copies[art.key]}"
        words.add(svg.text(words, name, x + fw / 2, y + fh + 3.6, CAPTION))
        words.add(svg.text(words, count, x + fw / 2, y + fh + 7.4, 3.0, fill="#555555"))
    raster.paint_into(ctx, words, (0, 0, pixels(width, DPI), pixels(height, DPI)))
    return raster.encode(surface, DPI)


def caption(spec, art, number: int | None, width: float) -> str:
    """A front's name under it: a data row's title (a title or name column, else its first value in words), another
    face's short values; else the component's title and the face's number (None: its only face); cut at a word, with
    '...', to width mm."""
    values = [v.strip() for v in [art.props.get("title"), art.props.get("name"), *_named(spec, art)]
              if isinstance(v, str) and v.strip() and not _numeric(v)]
    if art.props.get(ROW) is None:  # no data row: the values its file name shows, as words
        values = [" ".join(dict.fromkeys(v for v in values if len(v) <= 24))] if values else []
    name = values[0] if values else f"{spec.component(art.component).title}{f' {number}' if number else ''}"
    words = name.split()
    while len(words) > 1 and textfit.width(name, CAPTION) > width:
        words.pop()
        name = " ".join(words) + "..."
    return name


def _numeric(text: str) -> bool:
    """True when a value is a number (a cost or count, no title)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


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
    return summary([path], [len(data)])
