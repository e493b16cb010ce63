"""Text boxes: a paragraph with inline markup wrapped into a box, shrunk until it fits, aligned, and returned as the
runs of text (and inline icons) to add to a drawing.

Markup: **bold**, *italic*, {colour:#c0392b}coloured{/colour} (also {color:...}{/color}; any colour our drawings
take), :name: for the icon called name (only names given in icons; anything else stays as typed, and faults reports
it), a backslash before * { : or \\ to type it plainly, and a new line to break the line. Widths come from each font's
own advances (hmtx).
"""
import functools
import re
from pathlib import Path
from typing import NamedTuple

from . import svg, svgvalues, templates, typeface
from ..errors import UserError
from .textfit import Box

STEP = 0.05  # mm: how much each try shrinks the text
ALIGN = ("left", "centre", "center", "right", "justify")
VALIGN = ("top", "middle", "bottom")
ICON_EM = 1.0  # an inline icon is a square this many em wide, sitting on the baseline like a capital with a descent
_TOKEN = re.compile(r"\\(.)|(\*\*)|(\*)|\{(?:colou?r):([^{}]+)\}|(\{/colou?r\})|:([A-Za-z0-9_-]+):|(\n)|( +|\t)|(.)",
                    re.DOTALL)


class Style(NamedTuple):
    """How a piece of text is set: bold, italic, colour."""

    bold: bool
    italic: bool
    colour: str


class Atom(NamedTuple):
    """One character, or one icon (icon: its name), in its style."""

    char: str
    style: Style
    icon: str = ""


class Laid(NamedTuple):
    """A text box laid out: the elements to add (runs of text and icons), whether it fits at size (mm, the size it
    settled on), how many lines it took, and the characters its fonts lack ((character, font name), each once)."""

    elements: list
    fits: bool
    size: float
    lines: int
    missing: list


def parse(text: str, colour: str, icons=()) -> list:
    """Markup as lines (split at new lines), each a list of words, each a list of Atoms."""
    bold = italic = False
    colours = [colour]
    lines: list = []
    line: list = []
    word: list = []

    def end_word():
        nonlocal word
        if word:
            line.append(word)
            word = []

    for escaped, strong, slanted, paint, close, icon, newline, space, char in _TOKEN.findall(text):
        if strong:
            bold = not bold
        elif slanted:
            italic = not italic
        elif paint:
            colours.append(paint.strip())
        elif close:
            if len(colours) > 1:
                colours.pop()
        elif newline:
            end_word()
            lines.append(line)
            line = []
        elif space:
            end_word()
        elif icon and icon in icons:
            word.append(Atom("", Style(bold, italic, colours[-1]), icon))
        else:
            for ch in (escaped or (f":{icon}:" if icon else char)):
                word.append(Atom(ch, Style(bold, italic, colours[-1])))
    end_word()
    return lines + [line]


def _width(atoms, size, family):
    """The width in mm of atoms set at size."""
    style = atoms[0].style if atoms else None
    if style is not None and all(atom.style == style and not atom.icon for atom in atoms):  # a word in one style
        return _em("".join(atom.char for atom in atoms), style.bold, style.italic, family) * size
    return sum(ICON_EM if atom.icon else typeface.advance(family.face(atom.style.bold, atom.style.italic).resource,
                                                          atom.char) for atom in atoms) * size


@functools.lru_cache(maxsize=65536)
def _em(text, bold, italic, family):
    """The width in em of a word in one style (the same words recur on card after card), kept by its text."""
    resource = family.face(bold, italic).resource
    return sum(typeface.advance(resource, char) for char in text)


def _wrap(paragraphs, size, width, family):
    """Lines (each (words, last of its paragraph)) of the paragraphs set at size, no wider than width mm; a word wider
    than a line is cut between characters."""
    lines = []
    for words in paragraphs:
        space = typeface.advance(family.regular.resource, " ") * size
        line, used = [], 0.0
        for word in words:
            pieces = [word]
            if _width(word, size, family) > width:  # cut a word no line can hold
                pieces, piece = [], []
                for atom in word:
                    if piece and _width(piece + [atom], size, family) > width:
                        pieces.append(piece)
                        piece = []
                    piece.append(atom)
                pieces.append(piece)
            for piece in pieces:
                wide = _width(piece, size, family)
                if line and used + space + wide > width:
                    lines.append((line, False))
                    line, used = [], 0.0
                used += (space if line else 0.0) + wide
                line.append(piece)
        lines.append((line, True))
    return lines


def _line(words, size, family):
    """The width in mm of a line of words set at size."""
    return sum(_width(word, size, family) for word in words) + typeface.advance(family.regular.resource, " ") * size * (
        len(words) - 1)


def _height(family, size, count, leading):
    """The height in mm from the top of a block of count lines to the bottom of its last line's descent."""
    ascent, descent = _extent(family.regular.resource)
    return (ascent + descent) * size + (count - 1) * leading * size


@functools.lru_cache(maxsize=None)
def _extent(resource):
    """(ascent, descent) of a font in em, both positive."""
    units, hhea = typeface.load(resource).units, typeface._tt(resource)["hhea"]
    return hhea.ascent / units, -hhea.descent / units


def faults(text: str, icons, colour) -> list:
    """What is wrong with text's markup, one line each: an icon not among icons, a colour colour(name) refuses (it
    returns why, or ''), a ** or * that opens and never closes; :30: (digits only) is no icon's name."""
    found = []
    bold = italic = False
    for _, strong, slanted, paint, _, icon, *_ in _TOKEN.findall(text):
        bold ^= bool(strong)
        italic ^= bool(slanted)
        why = colour(paint.strip()) if paint else ""
        if why:
            found.append(f"'{{colour:{paint}}}': {why}")
        if icon and icon not in icons and not icon.isdigit():  # 3:30:00 is a time
            found.append(f"':{icon}:' names no icon (icons: {', '.join(sorted(icons)) or 'none'}; "
                         f"type \\: for a colon that is no icon's)")
    if bold:
        found.append("'**' starts bold that never ends (add the closing **, or type \\* for a star)")
    if italic:
        found.append("'*' starts italic that never ends (add the closing *, or type \\* for a star)")
    return found


def fit(text: str, box, *, font: typeface.Family = typeface.VERA, size: float = 4.0, min_size: float | None = None,
        align: str = "left", valign: str = "top", leading: float = 1.2, colour: str = "#000000", icons=None,
        wrap: bool = True) -> Laid:
    """Lay text with markup out in box (a textfit.Box, or (x, y, width, height) in mm): the largest size from size down
    to min_size (in STEP mm steps) at which its lines fit, aligned; icons: {name: path of an SVG template} for :name:;
    wrap False: a line per line of the text, which must then fit the box's width too.

    Sizes are em sizes in mm; leading is the distance between baselines in em. When even min_size does not fit, the
    runs are laid at min_size and fits is False (textcheck reports their ink outside the box)."""
    if not isinstance(box, Box):
        x, y, w, h = box
        box = Box(x, y, x + w, y + h, "text box")
    if align not in ALIGN or valign not in VALIGN:
        raise UserError(f"text box: align {align!r} / valign {valign!r}: align is one of {', '.join(ALIGN)}; "
                        f"valign one of {', '.join(VALIGN)}")
    icons = icons or {}
    paragraphs = parse(text, colour, icons)
    width, height = box.right - box.left, box.bottom - box.top
    sizes = [size - STEP * k for k in range(int((size - (min_size or size)) / STEP + 1e-9) + 1)]

    def fits_at(index):
        """The lines at sizes[index], and whether they fit the box's height."""
        lines = _wrap(paragraphs, sizes[index], width if wrap else float("inf"), font)
        wide = wrap or all(_line(words, sizes[index], font) <= width + 1e-9 for words, _ in lines)
        return lines, wide and _height(font, sizes[index], len(lines), leading) <= height + 1e-9

    chosen, (lines, fits) = 0, fits_at(0)
    if not fits:  # the largest size that fits: text that fits at a size fits at every smaller one
        chosen, (lines, fits) = len(sizes) - 1, fits_at(len(sizes) - 1)
        low = 0  # a size known not to fit
        while fits and chosen - low > 1:
            mid = (low + chosen) // 2
            trial, ok = fits_at(mid)
            if ok:
                chosen, lines = mid, trial
            else:
                low = mid
    size = sizes[chosen]
    return Laid(_set(lines, box, font, size, align, valign, leading, icons), fits, round(size, 3), len(lines),
                _missing(paragraphs, font))


def _missing(paragraphs, family):
    """(character, font name) for each character a chosen face lacks, each once."""
    found, faces = {}, {}
    for words in paragraphs:
        for word in words:
            for atom in word:
                if atom.icon:
                    continue
                if atom.style not in faces:
                    face = family.face(atom.style.bold, atom.style.italic)
                    faces[atom.style] = face, typeface.load(face.resource).cmap
                face, cmap = faces[atom.style]
                if ord(atom.char) not in cmap:
                    found.setdefault((atom.char, face.name), None)
    return list(found)


def _set(lines, box, family, size, align, valign, leading, icons):
    """The elements of laid lines: runs of text (one per stretch of one style) and icon groups."""
    ascent, _ = _extent(family.regular.resource)
    block = _height(family, size, len(lines), leading)
    room = box.bottom - box.top - block
    top = box.top + {"top": 0.0, "middle": room / 2, "bottom": room}[valign]
    space = typeface.advance(family.regular.resource, " ") * size
    width = box.right - box.left
    out = []
    for index, (words, last) in enumerate(lines):
        baseline = top + ascent * size + index * leading * size
        widths = [_width(word, size, family) for word in words]
        natural = sum(widths) + space * max(len(words) - 1, 0)
        gap = space
        if align == "justify" and not last and len(words) > 1:
            gap = space + (width - natural) / (len(words) - 1)
            natural = width
        pen = box.left + {"left": 0.0, "justify": 0.0, "right": width - natural}.get(align, (width - natural) / 2)
        pending = []  # atoms of the run being gathered
        for k, word in enumerate(words):
            if k:
                if gap == space and pending:
                    pending.append(Atom(" ", pending[-1].style))
                else:
                    pen = _flush(out, pending, pen, baseline, size, family, box) + gap
                    pending = []
            for atom in word:
                if atom.icon:
                    pen = _flush(out, pending, pen, baseline, size, family, box)
                    pending = []
                    out.append(_icon(icons[atom.icon], atom.icon, pen, baseline, size, atom.style.colour, family))
                    pen += ICON_EM * size
                elif pending and pending[-1].style != atom.style:
                    pen = _flush(out, pending, pen, baseline, size, family, box)
                    pending = [atom]
                else:
                    pending.append(atom)
        _flush(out, pending, pen, baseline, size, family, box)
    return out


def _flush(out, atoms, pen, baseline, size, family, box):
    """Add the run of atoms (one style) at pen; return where the pen ends."""
    if not atoms:
        return pen
    style = atoms[0].style
    face = family.face(style.bold, style.italic)
    text = "".join(a.char for a in atoms)
    attrs = {"x": svg.r(pen), "y": svg.r(baseline), "font-family": face.family, "font-size": svg.r(size),
             "fill": style.colour}
    if style.bold:
        attrs["font-weight"] = "bold"
    if style.italic:
        attrs["font-style"] = "italic"
    out.append(svg.Run(attrs, text, face, box))
    return pen + typeface.advance(face.resource, text) * size


def _icon(path, name, x, baseline, size, colour, family):
    """An icon template one em square on the line, its foot on the descent, its currentColor and ink the text's colour."""
    side = ICON_EM * size
    _, descent = _extent(family.regular.resource)
    top = baseline + descent * size - side
    move = svgvalues.translate(svg.r(x), svg.r(top)).then(svgvalues.scale(svg.r(side / 100)))
    group = svg.part(svg.Element("g", {"transform": move}),
                     f"icon {name}")
    for item in _template(str(path)):
        built = svg._build(item, colour, colour)
        if built is not None:
            group.add(built)
    return group


def _template(path):
    """An icon template's shapes, read once per content."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read icon: {exc.strerror}") from None
    return _parsed(path, data)


@functools.lru_cache(maxsize=256)
def _parsed(path, data):
    """The shapes of a template's bytes."""

    return templates.parse(Path(path), data)

