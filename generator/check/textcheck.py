"""Text on pieces measured where it is laid out: ink outside its box or the safe area, or a glyph the font lacks, fails."""
import math

from ..draw import svg, typeface
from ..components import KINDS
from ..draw.svgvalues import IDENTITY, compose, num
from ..draw.textfit import FAMILY, Box, ink, missing
from ..components.kind import SAFE
from .findings import SLACK, Texts
from .wording import printable
STYLE = ("font-size", "font-weight", "text-anchor")
SIDES = ("left", "top", "right", "bottom")   # the edges of a box, in the order a message names the first ink is past
_STYLED = frozenset(STYLE)
SAFE_AREA = f"the safe area ({SAFE:g} mm inside the cut)"
LINES = 4096   # lines of Vera whose ink boxes are remembered: the text check measures each, then the safe area's
_INK: dict = {}


class Check(Texts):
    """The text check fed one drawing at a time, so that no drawing is held after it is measured (what it found is
    filed by findings.Texts)."""

    def __init__(self, spec):
        super().__init__(spec)
        self.lettered = {comp.id: KINDS[comp.kind].lettering for comp in spec.components}

    def add(self, art, drawing) -> None:
        """Measure the texts of one artwork."""
        self.note(art, self.measure(art, drawing))

    def measure(self, art, drawing) -> list:
        """The text problems of one artwork, in drawing order (none looked for on a face its kind letters itself)."""
        if art.side == "front" and not self.lettered[art.component]:
            return []
        comp = self.spec.component(art.component)
        left, top, right, bottom = comp.safe
        safe = Box(left, top, right, bottom, "safe area")
        radius = comp.options.get("radius") if comp.options.get("shape") == "rounded" else None
        return judged(drawing) + [message for runs in _boxes(texts(drawing))
                                        for message in problems(runs, safe, radius and (comp.trim, radius))]


def _boxes(found: list) -> list:
    """The texts of a drawing (texts'), the runs of one text box together (a justified line is a run a word), each
    group in the order of its first run."""
    groups, of = [], {}
    for entry in found:
        own = getattr(entry[0], "box", None)
        if own is None:
            groups.append([entry])
        elif id(own) in of:
            of[id(own)].append(entry)
        else:
            of[id(own)] = [entry]
            groups.append(of[id(own)])
    return groups


def texts(node, placed=IDENTITY, style=None) -> list:
    """Each text element of a drawing with the matrix that places it on the piece and the font style it is drawn with."""
    found: list = []
    _texts(node, placed, style or {}, found)
    return found


def _texts(node, placed, style, found) -> None:
    """Add to found the texts of one element and its children (texts'); a style is copied only where an element sets
    one of its keys, else its children share it."""
    attrs = node.attrs
    if not _STYLED.isdisjoint(attrs):
        style = style.copy()
        for key in _STYLED.intersection(attrs):
            style[key] = attrs[key]
    if "transform" in attrs:
        placed = compose(placed, attrs["transform"].matrix)
    if node.tag == "text":
        found.append((node, placed, style))
    elif node.tag not in ("defs", "clipPath") and not getattr(node, "problems", None):
        for child in node.children:
            _texts(child, placed, style, found)


def judged(node) -> list:
    """The problems a renderer found with whole texts as it laid them out (a layout's text boxes), in drawing order;
    the text check leaves the lines of such a text alone. Its elements visited in turn from a list, no generator."""
    found, todo = [], [node]
    while todo:
        node = todo.pop()
        found += getattr(node, "problems", ())
        todo += reversed(node.children)
    return found


def ink_of(node, style):
    """The box (left, top, right, bottom) in mm that a text's glyphs cover in its own units, or None for no ink: a run
    (textbox's) measured in its own face, a line of Vera as anchored."""
    face, x, y, size = getattr(node, "face", None), num(node.attrs.get("x")), num(node.attrs.get("y")), num(style.get("font-size"), 4.0)
    if face is not None:
        found = typeface.ink(face, node.content or "", x, y, size)
        reach = num(node.attrs["stroke-width"]) / 2 if found and "stroke" in node.attrs else 0.0   # an outline's
        return found and (found[0] - reach, found[1] - reach, found[2] + reach, found[3] + reach)
    key = (node.content or "", x, y, size, str(style.get("font-weight")) == "bold", style.get("text-anchor", "start"))
    if key not in _INK:
        if len(_INK) >= LINES:
            _INK.clear()
        _INK[key] = ink(*key)
    return _INK[key]


def problems(runs, safe, rounded=None):
    """What is wrong with one text, or the runs of one text box (a list of (node, placed, style) in drawing order): glyphs
    the font lacks, then ink outside its own box or the safe area, told once for the whole box (rounded: a rounded
    piece's (trim, corner radius), whose safe area's corners are rounded too)."""
    inked, boxed, told = [], [], set()
    for node, placed, style in runs:
        text, bold, face = node.content or "", str(style.get("font-weight")) == "bold", getattr(node, "face", None)
        absent = typeface.absent(face.resource, text) if face is not None else missing(text, bold)
        if absent:
            chars = ", ".join(f"'{printable(ch)}' (U+{ord(ch):04X})" for ch in absent)
            name = face.name if face is not None else f"{FAMILY}{' Bold' if bold else ''}"
            message = f"{_quote(text)}: the font {name} has no glyph for {chars}"
            if message not in told:
                told.add(message)
                yield message
        box = ink_of(node, style)
        if box is not None:
            inked.append(_placed(box, placed))
            boxed.append(_set(node, style, box))
    if not inked:
        return
    first = runs[0][0]
    own = getattr(first, "box", None)
    text = " ".join(svg.said(n) for n, _, _ in runs if "stroke" not in n.attrs) or svg.said(first)  # no outline
    overflow = ((own and outside(text, _union(boxed), own)) or   # the safe area named by its row, when a layout drew it
                outside(text, _union(inked), safe, SAFE_AREA, own.name if own else "")
                or (rounded and next(filter(None, (_cornered(n, p, s, rounded, own) for n, p, s in runs
                                                    if getattr(n, "face", None) is not None)), None)))
    if overflow:
        yield overflow


def named(nodes: list) -> str:
    """A text as a message names it, from the runs of its box: its words quoted, then its box's name ("'Tidewatch'
    (text title)")."""
    whole = " ".join(" ".join(svg.said(node) for node in nodes).split())
    own = getattr(nodes[0], "box", None)
    return _quote(whole) + (f" ({own.name})" if own and own.name and own.name != "safe area" else "")


def across(drawing, seams: list) -> list:
    """A warning for each text of a board's face whose ink crosses a seam of its panels, one for each seam; seams:
    [(axis, "x" or "y"; mm from the board's left or top edge; the papers it is on, in words)]."""
    found = []
    for runs in _boxes(texts(drawing)):
        inked = [_placed(box, placed) for node, placed, style in runs if (box := ink_of(node, style)) is not None]
        if not inked:
            continue
        left, top, right, bottom = _union(inked)
        for axis, at, papers in seams:
            low, high = (left, right) if axis == "x" else (top, bottom)
            if low < at - SLACK and high > at + SLACK:
                edge = "left" if axis == "x" else "top"
                found.append(f"text {named([node for node, _, _ in runs])} crosses a join of the board's panels on "
                             f"{papers}, {at:.1f} mm from the board's {edge} edge (its ink spans {axis} = {low:.1f}-"
                             f"{high:.1f} mm): move it clear of {axis} = {at:.1f} mm, or shrink it")
    return found


def _union(boxes: list) -> tuple:
    """The box (left, top, right, bottom) round boxes."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _cornered(node, placed, style, rounded, own):
    """The message for a run whose glyphs' ink reaches into a rounded corner past the safe area's own rounded corner
    (its radius the cut's, less SAFE), or None: each glyph's ink box as placed, its corners measured from the corner's
    centre (a round glyph's box corner counts: a little strict)."""
    (w, h), radius = rounded
    if radius <= SAFE:
        return None
    boxes = typeface.glyph_inks(node.face, node.content or "", num(node.attrs.get("x")), num(node.attrs.get("y")),
                                num(style.get("font-size"), 4.0))
    worst = 0.0
    for box in boxes:
        left, top, right, bottom = _placed(box, placed)
        for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
            cx, cy = min(max(x, radius), w - radius), min(max(y, radius), h - radius)   # the nearest corner's centre
            if (cx, cy) != (x, y) and abs(x - cx) > 0 and abs(y - cy) > 0:   # inside a corner's square
                worst = max(worst, math.hypot(x - cx, y - cy) - (radius - SAFE))
    if worst <= SLACK:
        return None
    name = f" ({own.name})" if own and own.name else ""
    return (f"text {_quote(node.content or '')} runs {worst:.1f} mm past the rounded corner of {SAFE_AREA}{name}")


def _set(node, style, ink_box):
    """The part of a text's box that its own box must hold: a run's ink, less what its glyphs reach past where they are
    set, from its pen's start to its end (a J's hook, a bold made by stroking): the font's overhang, as typesetting
    hangs it, is no text running past its box (the safe area still takes all its ink)."""
    face = getattr(node, "face", None)
    if face is None:
        return ink_box
    start = num(node.attrs.get("x"))
    end = start + typeface.advance(face.resource, node.content or "") * num(style.get("font-size"), 4.0)
    left, top, right, bottom = ink_box
    return max(left, start), top, min(right, end), bottom


def outside(text, ink_box, box, what="its box", name=None):
    """The message for ink (left, top, right, bottom) that does not fit box (what it is called, with name in brackets:
    the box's own name unless given), or None when it does."""
    left, top, right, bottom = ink_box
    width, height = right - left, bottom - top
    if (width <= box.right - box.left + SLACK and height <= box.bottom - box.top + SLACK and box.left - left <= SLACK
            and box.top - top <= SLACK and right - box.right <= SLACK and bottom - box.bottom <= SLACK):
        return None   # the common case, told without a message's words
    name = box.name if name is None else name
    named = f" ({name})" if name else ""
    if width > box.right - box.left + SLACK:
        return f"text {_quote(text)} is {width:.1f} mm wide, {what} is {box.right - box.left:.1f} mm{named}"
    if height > box.bottom - box.top + SLACK:
        return f"text {_quote(text)} is {height:.1f} mm tall, {what} is {box.bottom - box.top:.1f} mm{named}"
    past = (box.left - ink_box[0], box.top - ink_box[1], ink_box[2] - box.right, ink_box[3] - box.bottom)
    worst = max(past)   # the first of the greatest, as the sides are named in SIDES
    if worst > SLACK:
        return f"text {_quote(text)} runs {worst:.1f} mm past the {SIDES[past.index(worst)]} edge of {what}{named}"
    return None


def _placed(box, m):
    """The bounding box of a box carried by the matrix m (a, b, c, d, e, f) onto the piece."""
    a, b, c, d, e, f = m
    left, top, right, bottom = box   # the corners in turn: left top, left bottom, right top, right bottom
    xs = (a * left + c * top + e, a * left + c * bottom + e, a * right + c * top + e, a * right + c * bottom + e)
    ys = (b * left + d * top + f, b * left + d * bottom + f, b * right + d * top + f, b * right + d * bottom + f)
    return min(xs), min(ys), max(xs), max(ys)


def _quote(text):
    """A text as messages show it: quoted, cut after 40 characters."""
    return f"'{printable(text[:37])}...'" if len(text) > 40 else f"'{printable(text)}'"
