"""Text boxes: a paragraph with inline markup wrapped into a box, shrunk until it fits, aligned, and returned as the
runs of text (and inline icons) to add to a drawing.

Markup: **bold**, *italic*, {colour:#c0392b}coloured{/colour} (also {color:...}{/color}; the colour set as written:
painted gives a name's #rrggbb), :name: for the icon or picture called name (only names given in icons; anything else
stays as typed, and faults reports it, as it does a brace that starts colour markup written wrong or {name}), a
backslash before * { : or \\ to type it plainly, and a new line to break the line. Widths come from each
font's own advances (hmtx); a line that holds a picture taller than its text is given the room it needs.
"""
import functools
import re
from pathlib import Path
from ..records import NamedTuple

from . import art, svg, svgvalues, templates, typeface
from ..errors import UserError
from .textfit import Box

STEP = 0.05  # mm: how much each try shrinks the text
ALIGN = ("left", "centre", "center", "right", "justify")
VALIGN = ("top", "middle", "bottom")
ICON_EM = 1.0  # an inline icon is a square this many em wide, sitting on the baseline like a capital with a descent
ESCAPES = frozenset("\\*{}:")   # what a backslash types plainly; before any other character it is kept (C:\Games)
_TOKEN = re.compile(r"\\(.)|(\*\*)|(\*)|\{(?:colou?r):([^{}]+)\}|(\{/colou?r\})|:([A-Za-z0-9_-]+):|(\n)|( +|\t)|"
                    r"([^\\*{:\n \t]+|.)", re.DOTALL)  # the last: plain text, up to a character that may start markup
_PAINT = re.compile(r"\\.|\{(colou?r):([^{}]+)\}", re.DOTALL)   # colour markup, past a backslash and what it escapes
_MISWRITTEN = re.compile(r"\{\s*/?\s*colou?r", re.IGNORECASE)   # a { that starts no markup, yet meant colour markup
_NAMED = re.compile(r"\{([A-Za-z0-9_-]+)\}")   # {name}: no markup (a layout's own text fills in a {column} before)


class Inline(NamedTuple):
    """What a :name: draws: a template (path: its file; folder empty), painted in the text's colour, or the designer's
    PNG, JPEG or SVG art (path: its name inside folder, the spec's), as it is; size: its height in em, ratio: its width
    over its height, dy: how far it is moved down from its place (em; up when negative). At size 1 and dy 0 it sits
    where a one em icon does: its foot on the descent."""

    path: str
    folder: str = ""
    size: float = ICON_EM
    ratio: float = 1.0
    dy: float = 0.0

    @property
    def width(self) -> float:
        """Its advance in em."""
        return self.size * self.ratio

    def reach(self, ascent: float, descent: float) -> tuple:
        """(above, below): how far in em it reaches past a line's ascent and below its descent (0 when within)."""
        middle = descent - ICON_EM / 2 + self.dy   # below the baseline, as a one em icon's middle
        return max(0.0, self.size / 2 - middle - ascent), max(0.0, middle + self.size / 2 - descent)


class Style(NamedTuple):
    """How a piece of text is set: bold, italic, colour."""

    bold: bool
    italic: bool
    colour: str


class Piece(NamedTuple):
    """A stretch of a word in one style, or one icon (icon: its name, text empty)."""

    text: str
    style: Style
    icon: str = ""


class Laid(NamedTuple):
    """A text box laid out: the elements to add (runs of text and icons), whether it fits at size (mm, the size it
    settled on), how many lines it took, the characters its fonts lack ((character, font name), each once), and the
    widest word when even at size it is wider than the box, so cut between characters (else '')."""

    elements: list
    fits: bool
    size: float
    lines: int
    missing: list
    cut: str = ""


def parse(text: str, colour: str, icons=(), bold: bool = False, italic: bool = False) -> list:
    """Markup as lines (split at new lines), each a list of words, each a tuple of Pieces; bold, italic: how the text
    starts, which ** and * then turn off and on again."""
    colours = [colour]
    style = Style(bold, italic, colour)  # the style text is set in here
    lines: list = []
    line: list = []
    word: list = []
    for escaped, strong, slanted, paint, close, icon, newline, space, plain in _TOKEN.findall(text):
        if plain or escaped or (icon and icon not in icons):
            if escaped and escaped not in ESCAPES:
                escaped = "\\" + escaped   # no markup's character: the backslash is typed too
            typed = plain or escaped or f":{icon}:"
            if word and word[-1].style == style and not word[-1].icon:
                word[-1] = Piece(word[-1].text + typed, style)
            else:
                word.append(Piece(typed, style))
        elif newline or space:
            if word:
                line.append(tuple(word))
                word = []
            if newline:
                lines.append(line)
                line = []
        elif icon:
            word.append(Piece("", style, icon))
        else:
            if strong:
                bold = not bold
            elif slanted:
                italic = not italic
            elif paint:
                colours.append(paint.strip())
            elif len(colours) > 1:  # close
                colours.pop()
            style = Style(bold, italic, colours[-1])
    if word:
        line.append(tuple(word))
    return lines + [line]


def painted(text: str, resolve) -> str:
    """Text with the name in each {colour:NAME} replaced by resolve(NAME) (a palette name by its #rrggbb)."""
    return _PAINT.sub(lambda m: f"{{{m.group(1)}:{resolve(m.group(2).strip())}}}" if m.group(1) else m.group(), text)


def marked_colours(text: str) -> list:
    """The names text's colour markup uses, in order."""
    return [m.group(2).strip() for m in _PAINT.finditer(text) if m.group(1)]


def _ems(word, family, pictures):
    """The width in em of a word: the sum of its characters' advances (an icon or picture its width), in their order."""
    if len(word) == 1 and not word[0].icon:
        style = word[0].style
        return _em(word[0].text, family.face(style.bold, style.italic).resource)
    return sum(_advances(word, family, pictures))


def _advances(word, family, pictures):
    """The advance in em of each character (an icon or picture: its width) of a word, in order."""
    found = []
    for piece in word:
        if piece.icon:
            found.append(pictures[piece.icon].width)
        else:
            found += map(typeface.ems(family.face(piece.style.bold, piece.style.italic).resource).__getitem__, piece.text)
    return found


@functools.lru_cache(maxsize=4096)
def _em(text, resource):
    """The width in em of a word in one font (the same words recur on card after card), kept by its text; the words
    used last only: a deck's own names and numbers, each on one card, would otherwise fill it card by card."""
    return sum(map(typeface.ems(resource).__getitem__, text))


def _cut(word, size, width, family, pictures):
    """A word no line can hold cut between characters into (piece, em) no wider than width mm (a character at least)."""
    atoms = [(Piece(piece.text[k:k + 1], piece.style, piece.icon), advance) for piece in word
             for k, advance in enumerate(_advances((piece,), family, pictures))]
    cuts, taken = [], []
    for atom in atoms:
        if taken and sum(advance for _, advance in taken + [atom]) * size > width:
            cuts.append(taken)
            taken = []
        taken.append(atom)
    cuts.append(taken)
    return [(_joined([atom for atom, _ in cut]), sum(advance for _, advance in cut)) for cut in cuts]


def _joined(atoms):
    """Atoms (one character or icon each) as a word: neighbours of one style in one Piece."""
    word: list = []
    for atom in atoms:
        if word and not atom.icon and not word[-1].icon and word[-1].style == atom.style:
            word[-1] = Piece(word[-1].text + atom.text, atom.style)
        else:
            word.append(atom)
    return tuple(word)


def _wrap(paragraphs, size, width, family, pictures):
    """Lines (each ((word, em) ..., last of its paragraph)) of the paragraphs (words with their widths in em) set at
    size, no wider than width mm; a word wider than a line is cut between characters; an icon after a number goes to
    the next line with it ('gain 4 :coin:' never leaves the coin alone)."""
    lines = []
    for words in paragraphs:
        line, used, space = [], 0.0, 0.0
        for word, em in words:
            for piece, ems in _cut(word, size, width, family, pictures) if em * size > width else ((word, em),):
                wide = ems * size
                if line and used + space + wide > width:
                    kept = line[-1:] if len(line) > 1 and _counts(line[-1][0], piece) else []
                    if kept and kept[0][1] * size + space + wide > width:
                        kept = []   # the two are wider than a line together
                    lines.append((line[:len(line) - len(kept)], False))
                    line, used = kept, sum(ems * size for _, ems in kept)
                used += (space if line else 0.0) + wide
                line.append((piece, ems))
                space = _space(piece, family) * size
        lines.append((line, True))
    return lines


def _counts(word, after) -> bool:
    """Whether a word is a number of the icon the next word starts with ('4' before ':coin:')."""
    return bool(after[0].icon) and not word[-1].icon and word[-1].text[-1:].isdigit()


def _space(word, family) -> float:
    """The width in em of the space after a word: its last piece's face's (it is set in that piece's run), or the
    regular face's after an icon (bold's space is wider: a bold line measured with the regular one ran past its box)."""
    last = word[-1]
    face = family.regular if last.icon else family.face(last.style.bold, last.style.italic)
    return typeface.advance(face.resource, " ")


def _line(words, size, family):
    """The width in mm of a line of (word, em) set at size."""
    return sum(em * size for _, em in words) + sum(_space(word, family) for word, _ in words[:-1]) * size


def _height(family, size, lines, leading, pictures, tall=False):
    """The height in mm from the top of a block of lines to the bottom of its last line's descent, or of the pictures
    or letters that reach further (_reaches)."""
    ascent, descent = _extent(family.regular.resource)
    block = (ascent + descent) * size + (len(lines) - 1) * leading * size
    return block + sum(map(sum, _reaches(lines, family, pictures, tall))) * size if pictures or tall else block


def _reaches(lines, family, pictures, tall=False) -> list:
    """(above, below) in em of each line: how far its pictures reach past the regular face's ascent and descent, and
    (tall: the text has letters that may, _tall) the first line's letters above it and the last line's below it (an
    accent over a capital, a bold face's taller ascender): a box holds all the ink it sets."""
    reaches = [_reach(words, family, pictures) if pictures else (0.0, 0.0) for words, _ in lines]
    if reaches and tall:
        ascent, descent = _extent(family.regular.resource)
        top, bottom = _letters(lines[0][0], family)[0], _letters(lines[-1][0], family)[1]
        reaches[0] = (max(reaches[0][0], -top - ascent), reaches[0][1])
        reaches[-1] = (reaches[-1][0], max(reaches[-1][1], bottom - descent))
    return reaches


def _letters(words, family) -> tuple:
    """(top, bottom) in em of a line's letters' ink from its baseline, y down (0.0 where it has none)."""
    top = bottom = 0.0
    for word, _ in words:
        for piece in word:
            if piece.text and not piece.icon:
                box = typeface.ink(family.face(piece.style.bold, piece.style.italic), piece.text, 0.0, 0.0, 1.0)
                if box is not None:
                    top, bottom = min(top, box[1]), max(bottom, box[3])
    return top, bottom


def _tall(paragraphs, family) -> bool:
    """Whether a text has a letter whose ink reaches past its family's regular ascent or descent (most have none: its
    lines then need no measuring, _reaches)."""
    styled: dict = {}   # (bold, italic) -> the text set in that face
    for words in paragraphs:
        for word in words:
            for piece in word:
                styled.setdefault((piece.style.bold, piece.style.italic), []).append(piece.text)
    return any(_past(family.face(*style), family.regular).any("".join(texts)) for style, texts in styled.items())


class _Past:
    """The characters whose ink in one face reaches past the regular face's ascent or descent, found as asked."""

    def __init__(self, face, regular):
        self.face, (self.ascent, self.descent) = face, _extent(regular.resource)
        self.seen: set = set()
        self.past: set = set()

    def any(self, text: str) -> bool:
        """Whether one of text's characters reaches past (each looked at once in the face's life)."""
        for ch in set(text).difference(self.seen):
            box = typeface.ink(self.face, ch, 0.0, 0.0, 1.0)
            if box is not None and (-box[1] > self.ascent or box[3] > self.descent):
                self.past.add(ch)
            self.seen.add(ch)
        return not self.past.isdisjoint(text)


@functools.lru_cache(maxsize=None)
def _past(face, regular) -> _Past:
    """The _Past of a face of a family."""
    return _Past(face, regular)


def _reach(words, family, pictures):
    """(above, below): how far in em a line's tallest pictures reach past its ascent and below its descent."""
    ascent, descent = _extent(family.regular.resource)
    reaches = [pictures[piece.icon].reach(ascent, descent) for word, _ in words for piece in word if piece.icon]
    return max((r[0] for r in reaches), default=0.0), max((r[1] for r in reaches), default=0.0)


@functools.lru_cache(maxsize=None)
def _extent(resource):
    """(ascent, descent) of a font in em, both positive."""
    units, (ascender, descender) = typeface.load(resource).units, typeface.vertical(resource)
    return ascender / units, -descender / units


def faults(text: str, icons, colour, italic: bool = True) -> list:
    """What is wrong with text's markup, one line each: an icon not among icons (None: a text that draws none), a colour
    colour(name) refuses (it returns why, or ''), a ** or * that opens and never closes (italic False: a text that sets
    none), a {colour:...} that never ends or a {/colour} that ends none, a { that starts colour markup written wrong,
    and {name}, which is no markup; :30: and {30} (digits only) are no names."""
    found = []
    bold = slanting = False
    opened: list = []   # the {colour:...} still open, outermost first
    for match in _TOKEN.finditer(text):
        _, strong, slanted, paint, close, icon, *_, plain = match.groups()
        bold ^= bool(strong)
        slanting ^= bool(slanted)
        if slanted and not italic:
            found.append("'*': no italic is set here (type \\* for a star)")
        if paint:
            opened.append(match.group())
            why = colour(paint.strip())
            if why:
                found.append(f"'{{colour:{paint}}}': {why}")
        elif close and opened:
            opened.pop()
        elif close:
            found.append(f"'{close}' ends a colour that never started (start it with {{colour:NAME}}, or type \\{{ for a "
                         f"brace)")
        if icon and icons is None and not icon.isdigit():
            found.append(f"':{icon}:': no icon is drawn here (write its word, or type \\: for a colon)")
        elif icon and icon not in icons and not icon.isdigit():  # 3:30:00 is a time
            from ..spec.schema import meant  # lazy: start-up (only an unknown icon asks)
            found.append(f"':{icon}:' names no icon or inline picture{meant(icon, icons)} (icons: "
                         f"{', '.join(sorted(icons)) or 'none'}; type \\: for a colon that is no icon's)")
        if plain == "{":
            found += _brace(text[match.start():])
    if bold:
        found.append("'**' starts bold that never ends (add the closing **, or type \\* for a star)")
    if slanting and italic:
        found.append("'*' starts italic that never ends (add the closing *, or type \\* for a star)")
    if opened:
        found.append(f"'{opened[0]}' starts a colour that never ends (add {{/colour}} where it should end, or type \\{{ "
                     f"for a brace)")
    return found


def _brace(text: str) -> list:
    """The fault of a { that starts no markup, text from it on: colour markup written wrong ({colour:red with no closing
    brace, {Colour:red}, {colour red}), or {name}; [] for any other ({3}, { alone)."""
    if _MISWRITTEN.match(text):
        written = re.match(r"\{[^{}\s]*\}?", text)   # from the { to its } or to the end of its word
        shown = written.group() if written else "{"
        return [f"'{shown}' is not colour markup (write {{colour:NAME}}words{{/colour}}, or type \\{{ for a brace)"]
    name = _NAMED.match(text)
    if name and not name.group(1).isdigit():
        return [f"'{name.group()}' is no markup: only a layout's own text fills in a {{column}}, and braces in text hold "
                f"{{colour:NAME}} and {{/colour}} (type \\{{ for a brace)"]
    return []


def fit(text: str, box, *, font: typeface.Family = typeface.VERA, size: float = 4.0, min_size: float | None = None,
        align: str = "left", valign: str = "top", leading: float = 1.2, colour: str = "#000000", icons=None,
        wrap: bool = True, outline: tuple = (), bold: bool = False, italic: bool = False) -> Laid:
    """Lay text with markup out in box (a textfit.Box, or (x, y, width, height) in mm): the largest size from size down
    to min_size (in STEP mm steps) at which its lines fit, aligned; icons: {name: path of an SVG template, or an Inline}
    for :name:; wrap False: a line per line of the text, which must then fit the box's width too; outline: (colour,
    width in mm) of a line round the letters, drawn under them and reaching width past them (the text is laid out that
    far inside the box); bold, italic: the whole text so (**words** inside it then regular, *words* upright).

    Sizes are em sizes in mm; leading is the distance between baselines in em. When even min_size does not fit, the
    runs are laid at min_size and fits is False (textcheck reports their ink outside the box)."""
    if not isinstance(box, Box):
        x, y, w, h = box
        box = Box(x, y, x + w, y + h, "text box")
    if align not in ALIGN or valign not in VALIGN:
        raise UserError(f"text box: align {align!r} / valign {valign!r}: align is one of {', '.join(ALIGN)}; "
                        f"valign one of {', '.join(VALIGN)}")
    icons = {name: found if isinstance(found, Inline) else Inline(str(found)) for name, found in (icons or {}).items()}
    inner = box[:4]
    if outline:
        reach = outline[1]
        inner = (box.left + reach, box.top + reach, max(box.right - reach, box.left + reach),
                 max(box.bottom - reach, box.top + reach))
    marks, fits, size, count, missing, cut = _laid(text, inner, font, size, min_size, align, valign, leading, colour,
                                                   tuple(icons.items()), wrap, bold, italic)
    elements: list = []
    last: svg.Run | None = None   # the run an icon follows
    before: list[str] = []   # the icons before any run
    for name, *what in marks:
        if name is None:
            attrs, content, face = what
            last = svg.Run(dict(attrs), content, face, box)
            if before:   # a message quotes each icon where it stands among the words (':coin: Every other ...')
                last.said, before = " ".join([*before, content]), []
            elements.append(last)
        else:
            x, baseline, at, paint = what
            elements.append(_picture(icons[name], name, x, baseline, at, paint, font))
            if last is None:
                before.append(f":{name}:")
            else:
                last.said = f"{svg.said(last)} :{name}:"
    if outline:   # every run's outline first, then the letters: a line's or a run's outline never covers another's letters
        stroke = {"stroke": outline[0], "stroke-width": svg.r(2 * outline[1]), "stroke-linejoin": "round", "fill": "none"}
        elements = [svg.Run({**dict(attrs), **stroke}, content, face, box)
                    for name, attrs, content, face in (mark for mark in marks if mark[0] is None)] + elements
    return Laid(elements, fits, size, count, list(missing), cut)


@functools.lru_cache(maxsize=512)
def _laid(text, box, font, size, min_size, align, valign, leading, colour, icons, wrap, bold, italic):
    """fit's work, kept by its arguments (the same rules recur on card after card): (marks, fits, size, lines, missing,
    cut), each mark (None, attributes, text, face) of a run or (icon name, x, baseline, size, colour) of an icon."""
    pictures = dict(icons)
    paragraphs = parse(text, colour, pictures, bold, italic)
    measured = [[(word, _ems(word, font, pictures)) for word in words] for words in paragraphs]
    tall = _tall(paragraphs, font)
    box = Box(*box, "")
    width, height = box.right - box.left, box.bottom - box.top
    sizes = [size - STEP * k for k in range(int((size - (min_size or size)) / STEP + 1e-9) + 1)]
    widest = max((pair for words in measured for pair in words), key=lambda pair: pair[1], default=None)

    def whole(index) -> bool:
        """Whether every word fits a line whole at sizes[index] (a wider one is cut between characters)."""
        return not wrap or widest is None or widest[1] * sizes[index] <= width + 1e-9

    def fits_at(index):
        """The lines at sizes[index], and whether they fit the box, every word whole."""
        lines = _wrap(measured, sizes[index], width if wrap else float("inf"), font, pictures)
        wide = wrap or all(_line(words, sizes[index], font) <= width + 1e-9 for words, _ in lines)
        return lines, wide and _height(font, sizes[index], lines, leading, pictures, tall) <= height + 1e-9

    chosen, (lines, fits) = 0, fits_at(0)
    if not (fits and whole(0)):  # the largest size that fits: text that fits at a size fits at every smaller one
        chosen, (lines, fits) = len(sizes) - 1, fits_at(len(sizes) - 1)
        low = 0  # a size known not to fit
        while fits and whole(chosen) and chosen - low > 1:
            mid = (low + chosen) // 2
            trial, ok = fits_at(mid)
            if ok and whole(mid):
                chosen, lines = mid, trial
            else:
                low = mid
    size = sizes[chosen]
    cut = "" if whole(chosen) else "".join(piece.text for piece in widest[0])
    return (tuple(_set(lines, box, font, size, align, valign, leading, pictures, tall)), fits, round(size, 3), len(lines),
            tuple(_missing(paragraphs, font)), cut)


RIGHT_TO_LEFT = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFC), (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
# Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms, and the historic right-to-left scripts
# (U+FEFF, which ends the last block of forms, is the byte-order mark, no letter)


def right_to_left(text: str) -> str | None:
    """The first letter of a text written right to left, which pnp does not set (it would print them in typed order,
    unjoined), or None."""
    return next((ch for ch in text if ch >= "\u0590" and any(low <= ord(ch) <= high for low, high in RIGHT_TO_LEFT)),
                None)


def _missing(paragraphs, family):
    """(character, font name) for each character a chosen face lacks, each once."""
    found: dict = {}
    for words in paragraphs:
        for word in words:
            for piece in word:
                face = family.face(piece.style.bold, piece.style.italic)
                if piece.icon:
                    continue
                for char in typeface.absent(face.resource, piece.text):
                    found.setdefault((char, face.name), None)
    return list(found)


def _set(lines, box, family, size, align, valign, leading, pictures, tall=False):
    """The marks of laid lines: runs of text (one per stretch of one style) and icons."""
    ascent, _ = _extent(family.regular.resource)
    block = _height(family, size, lines, leading, pictures, tall)
    room = box.bottom - box.top - block
    top = box.top + {"top": 0.0, "middle": room / 2, "bottom": room}[valign]
    width = box.right - box.left
    out: list = []
    reaches = _reaches(lines, family, pictures, tall)
    extra = below = 0.0   # em: how much further down the pictures (and the first line's letters) push this line
    for index, (words, last) in enumerate(lines):
        above, reach = reaches[index]
        extra, below = extra + below + above, reach
        baseline = top + ascent * size + index * leading * size + extra * size
        natural = _line(words, size, family) if words else 0.0
        gap = None   # mm between words, when the line is justified; else each word's own space (_space)
        if align == "justify" and not last and len(words) > 1:
            gap = (width - sum(em * size for _, em in words)) / (len(words) - 1)
            natural = width
        pen = box.left + {"left": 0.0, "justify": 0.0, "right": width - natural}.get(align, (width - natural) / 2)
        run: list = []  # the text of the run being gathered, in style
        style = None
        for k, (word, _) in enumerate(words):
            if k:
                if gap is None and run:
                    run.append(" ")
                else:
                    pen = _flush(out, run, style, pen, baseline, size, family)
                    pen += _space(words[k - 1][0], family) * size if gap is None else gap
                    run = []
            for piece in word:
                if piece.icon:
                    pen = _flush(out, run, style, pen, baseline, size, family)
                    run = []
                    out.append((piece.icon, pen, baseline, size, piece.style.colour))
                    pen += pictures[piece.icon].width * size
                elif run and style != piece.style:
                    pen = _flush(out, run, style, pen, baseline, size, family)
                    run, style = [piece.text], piece.style
                else:
                    run.append(piece.text)
                    style = piece.style
        _flush(out, run, style, pen, baseline, size, family)
    return out


def _flush(out, run, style, pen, baseline, size, family):
    """Add the mark of a run (text pieces in one style) at pen; return where the pen ends."""
    if not run:
        return pen
    face = family.face(style.bold, style.italic)
    text = "".join(run)
    attrs = {"x": svg.r(pen), "y": svg.r(baseline), "font-family": face.family, "font-size": svg.r(size),
             "fill": style.colour}
    if style.bold:
        attrs["font-weight"] = "bold"
    if style.italic:
        attrs["font-style"] = "italic"
    out.append((None, attrs, text, face))
    return pen + typeface.advance(face.resource, text) * size


def _picture(inline, name, x, baseline, size, colour, family):
    """An inline icon or picture on the line at size (mm, the text's): a template its currentColor and ink the text's
    colour, or the designer's art as it is; at its size, its middle where a one em icon's is, moved down by its dy."""
    side = inline.size * size
    _, descent = _extent(family.regular.resource)
    top = baseline + descent * size - side + ((inline.size - ICON_EM) / 2 + inline.dy) * size
    if inline.folder:
        return svg.part(art.place(art.load(inline.folder, inline.path), svg.r(x), svg.r(top), svg.r(side * inline.ratio),
                                  svg.r(side)), f"picture {name}")
    move = svgvalues.translate(svg.r(x), svg.r(top)).then(svgvalues.scale(svg.r(side / 100)))
    group = svg.part(svg.Element("g", {"transform": move}),
                     f"icon {name}")
    for item in _template(inline.path):
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

