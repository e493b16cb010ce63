"""Text against what it is printed on: each text's contrast (WCAG) with what is painted beneath it, read at its letters
once the whole drawing is walked in paint order: fills, and strokes as wide as a band, by their real outlines
(geometry's); a see-through group as one; see-through things laid over the text blended over ink and ground alike."""
import functools
import math
from collections.abc import Mapping

from ..draw import svg, typeface
from ..draw.svgvalues import DEFAULTS, IDENTITY, compose, hex_of, num, numbers
from . import geometry
from .luminance import contrast
from .textcheck import _placed, _quote

UNREADABLE = 1.5   # a contrast under which a text cannot be read (a yellow on white, 1.4:1): it fails
LEAST = 3.0        # WCAG's least contrast for text (large text, and graphics): a text under it reads poorly, a warning
PAPER = "#ffffff"   # what a piece is printed on where nothing is painted
LETTERS = 12   # letters of a text whose ground is read, spread along it (the worst counts)
WIDE = 0.5     # a stroke at least this share of a text's size wide is a band under it; a thinner one is a line
BAND = 1.0     # mm: a stroke narrower than this is a line under any text (WIDE of 2 mm type), never its ground; so is
               # a dashed one, whatever its width
HALO = 0.05    # an outline ringing a text's letters at least this share of its size wide parts them from their ground
ROWS = 64      # rows a layer's edges are filed by, by height, for the letters' looks
LOOKS = 200_000   # looks of a face's letters at the layers about them, at most: past it its other texts go unread
UNKNOWN = "unknown"   # what a layer paints where only a painter can tell (the designer's art, a gradient, a clip)
_SKIPPED = frozenset(("defs", "clipPath", "title", "desc"))


def faint(drawing, names: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(a failure for each text of a drawing that cannot be read against what is painted beneath it, under UNREADABLE:1;
    a warning for each that reads poorly, under LEAST:1), a text box's runs together, in paint order; names: palette
    names by #rrggbb, for the messages. A text whose ground only a painter can tell (over the designer's art or a
    gradient, or under a clip that is not one convex shape), or that its layout told already (hidden by a later
    element, or lying on its own colour), is left alone; so is a letter hidden by an opaque thing laid over it."""
    if not any(node.tag == "text" for node in svg.walk(drawing)):
        return [], []
    walk = _Walk({c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"})
    walk.visit(drawing, IDENTITY, DEFAULTS, 1.0, (), walk.layers)
    boxes: dict = {}
    for text in walk.texts:
        boxes.setdefault(id(getattr(text.node, "box", None) or text.node), []).append((text, walk.read(text)))
    failed: list = []
    warned: list = []
    if walk.unread:
        warned.append(f"{walk.unread} of its {len(walk.texts)} texts were not read against what they are printed on: "
                      f"the face lays too many things under them (its texts' letters met {LOOKS:,} of them in all)")
    for runs in boxes.values():
        found = [(text, read) for text, read in runs if read is not None]
        if not found:
            continue
        worst, (ink, ground, ratio) = min(found, key=lambda pair: pair[1][2])
        if ratio >= LEAST:
            continue
        whole = " ".join(" ".join(text.node.content or "" for text, _ in runs).split())
        own = getattr(runs[0][0].node, "box", None)
        said = _quote(whole) + (f" ({own.name})" if own and own.name and own.name != "safe area" else "")
        words = " ".join((worst.node.content or "").split())
        said += f" at {_quote(words)}" if words != whole else ""   # one span of a text in several colours
        seen = f"{math.floor(ratio * 10) / 10:.1f}:1: {_named(ink, names)} on {_named(ground, names)}"
        if ratio < UNREADABLE:
            told, into = (f"text {said} cannot be read on what it is printed on (expected a contrast of at least "
                          f"{UNREADABLE:g}:1, found {seen})"), failed
        else:
            told, into = (f"text {said} reads poorly on what it is printed on (a contrast of {seen}; WCAG asks "
                          f"{LEAST:g}:1 of text at least, 4.5:1 of small text)"), warned
        if told not in into:
            into.append(told)
    return failed, warned


def _named(colour: str, names: Mapping[str, str]) -> str:
    """A colour as a message shows it: '#b06800 (sun)' when one palette name has it."""
    return f"{colour} ({names[colour]})" if colour in names else colour


class _Layer:
    """A fill or a stroke painted: its box and outline on the drawing (made when a text first looks under it), the clips
    it is drawn in, its fill rule, its colour (None: only a painter can tell), its opacity, and for a stroke its width."""

    __slots__ = ("node", "m", "windows", "rule", "colour", "share", "width", "style", "_box", "_polygons", "_rows")

    def __init__(self, node, m, windows, rule, colour, share, width=0.0, style=None):
        self.node, self.m, self.windows, self.rule, self.colour, self.share = node, m, windows, rule, colour, share
        self.width, self.style = width, style   # a stroke's width (0 for a fill) and its style (caps, joins, dashes)
        self._box: tuple | None = None
        self._polygons: list | None = None
        self._rows: tuple | None = None

    def box(self) -> tuple:
        """(left, top, right, bottom) on the drawing round the layer (a stroke's widened by its reach)."""
        if self._box is None:
            node = self.node
            if isinstance(node, svg.Placed):
                x, y, w, h = (num(node.attrs[k]) for k in ("x", "y", "width", "height"))
                local = (x, y, x + w, y + h)
            elif node.tag in geometry.EXTERNAL:
                local = (-math.inf, -math.inf, math.inf, math.inf)
            else:
                try:
                    found = geometry.skeleton(node, geometry.TOLERANCE)
                except geometry.Unmeasured:
                    found = None
                local = found[0] if found else (math.inf, math.inf, -math.inf, -math.inf)
                reach = self.width / 2 * max(1.0, num(self.style.get("stroke-miterlimit"), 10.0)) if self.width else 0
                local = (local[0] - reach, local[1] - reach, local[2] + reach, local[3] + reach)
            self._box = _placed(local, self.m) if all(map(math.isfinite, local)) else local
        return self._box

    def polygons(self) -> list:
        """The fill's subpaths, or the stroke's pieces, placed on the drawing (an image's its box), traced to
        geometry's tolerance as placed (a template drawn in large numbers and scaled down is traced in few points)."""
        if self._polygons is None:
            node = self.node
            if isinstance(node, svg.Placed):
                left, top, right, bottom = self.box()
                self._polygons = [[(left, top), (right, top), (right, bottom), (left, bottom)]]
                return self._polygons
            scale = geometry.lengthening(self.m)
            tol = geometry.TOLERANCE / scale if scale else 0.0
            outline = (geometry.outline(node, tol) or []) if scale else []
            if self.width:
                style = self.style
                pieces = geometry.stroke(outline, self.width, str(style["stroke-linecap"]), str(style["stroke-linejoin"]),
                                         num(style.get("stroke-miterlimit"), 10.0), [], 0.0, tol)
            else:
                pieces = [pts for pts, _ in outline if len(pts) >= 3]
            a, b, c, d, e, f = self.m
            self._polygons = [[(a * x + c * y + e, b * x + d * y + f) for x, y in pts] for pts in pieces]
        return self._polygons

    def pieces_about(self, y: float) -> list:
        """What a point at height y is tested against: a stroke's pieces whose heights take y in; a fill's edges that
        cross y's row of ROWS (each [x0, y0, x1, y1]), so a traced polygon of thousands of points is not walked whole
        at every letter."""
        if self._rows is None:
            top, bottom = self.box()[1], self.box()[3]
            step = (bottom - top) / ROWS or 1.0
            self._rows = (top, step, [[] for _ in range(ROWS)])
            for pts in self.polygons():
                if self.width:   # whole pieces, by the rows their heights span
                    spans = [(min(p[1] for p in pts), max(p[1] for p in pts), pts)]
                else:
                    spans = [(min(p[1], q[1]), max(p[1], q[1]), (p[0], p[1], q[0], q[1])) for p, q in zip(pts, pts[1:] + pts[:1])]
                for low, high, item in spans:
                    for row in range(max(0, int((low - top) / step)), min(ROWS - 1, int((high - top) / step)) + 1):
                        self._rows[2][row].append(item)
        top, step, rows = self._rows
        return rows[min(ROWS - 1, max(0, int((y - top) / step)))]

    def at(self, x: float, y: float, least: float):
        """What the layer paints at a point: None (nothing: outside it, or a stroke narrower than least), UNKNOWN, or
        (colour, opacity)."""
        left, top, right, bottom = self.box()
        if not (left <= x <= right and top <= y <= bottom) or (self.width and self.width < least):
            return None
        if not self.width and self.node.tag in ("circle", "ellipse", "rect"):   # a plain shape told by its equation
            if not _in_shape(self.node, self.m, x, y):
                return None
        elif self.node.tag not in geometry.EXTERNAL or isinstance(self.node, svg.Placed):
            if self.width:   # a stroke's pieces overlap: a point in any is in it
                if not any(_winding(x, y, [piece]) for piece in self.pieces_about(y)):
                    return None
            else:
                turns = _winding(x, y, self.pieces_about(y), rows=True)
                if not (turns % 2 == 1 if self.rule == "evenodd" else turns != 0):
                    return None
        for window in self.windows:
            if window is None:
                return UNKNOWN
            if not window or not _winding(x, y, [window]):
                return None
        return UNKNOWN if self.colour is None else (self.colour, self.share)


class _Group:
    """A see-through group of layers (an icon at half opacity) painted as one: where its topmost layer covers a point,
    that layer's colour at the group's opacity."""

    def __init__(self, share: float):
        self.share = share
        self.layers: list = []
        self._box: tuple | None = None

    def box(self) -> tuple:
        """The box round its layers'."""
        if self._box is None:
            boxes = [layer.box() for layer in self.layers] or [(math.inf, math.inf, -math.inf, -math.inf)]
            self._box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                         max(b[3] for b in boxes))
        return self._box

    def at(self, x: float, y: float, least: float):
        """What the group paints at a point, as _Layer.at tells it."""
        for layer in reversed(self.layers):
            found = layer.at(x, y, least)
            if found is not None:
                return found if found == UNKNOWN else (found[0], found[1] * self.share)
        return None


class _Text:
    """A text met in the walk: its element, ink and opacity, the outline ringing it (colour, ring width) if any, its
    size, the points on the drawing where its ground is read (its letters' middles), and how many layers lay below it."""

    __slots__ = ("node", "ink", "share", "outline", "size", "points", "below")

    def __init__(self, node, ink, share, outline, size, points, below):
        self.node, self.ink, self.share, self.outline, self.size = node, ink, share, outline, size
        self.points, self.below = points, below


class _Walk:
    """A drawing's elements in paint order: the layers painted, the outlines drawn for runs still to come (by their
    words and place), and the texts met."""

    def __init__(self, clips: dict):
        self.clips = clips
        self.layers: list = []
        self.texts: list[_Text] = []
        self.outlines: dict[tuple, tuple] = {}
        self.looks, self.unread = 0, 0   # letters' looks at the layers about them so far; texts left unread past LOOKS

    def visit(self, node, m, inherited, alpha, windows, into: list) -> None:
        """Walk one element and its children (geometry's walk), adding its layers to into and its texts to the walk's."""
        if node.tag in _SKIPPED:
            return
        attrs = node.attrs
        style = inherited if geometry.STYLED.isdisjoint(attrs) else \
            {**inherited, **{k: v for k, v in attrs.items() if k in geometry.STYLED}}
        if "transform" in attrs:
            m = compose(m, attrs["transform"].matrix)
        if "clip-path" in attrs and (clip := self.clips.get(str(attrs["clip-path"])[5:-1])) is not None:
            try:
                windows = (*windows, geometry.window(clip, m))
            except geometry.Unmeasured:
                windows = (*windows, None)
        own = num(attrs.get("opacity"), 1.0)
        if isinstance(node, svg.Placed) or node.tag in geometry.EXTERNAL:
            into.append(_Layer(node, m, windows, "nonzero", None, 1.0))
        elif node.tag in ("g", "svg"):
            if getattr(node, "problems", None):   # a layout's text told hidden or on its own colour already
                return
            if own < 1.0 and into is self.layers and not any(n.tag == "text" for n in svg.walk(node)):
                group = _Group(own)   # painted as one: its shapes over each other, then the whole at its opacity
                for child in node.children:
                    self.visit(child, m, style, 1.0, windows, group.layers)
                into.append(group)
                return
            for child in node.children:
                self.visit(child, m, style, alpha * own, windows, into)
        elif node.tag == "text":
            self.text(node, style, m, alpha * own)
        else:
            share = alpha * own
            if share > 0 and str(style["fill"]) != "none" and share * num(style.get("fill-opacity"), 1.0) > 0:
                into.append(_Layer(node, m, windows, str(style.get("fill-rule", "nonzero")), hex_of(style["fill"]),
                                   min(share * num(style.get("fill-opacity"), 1.0), 1.0)))
            width = num(style["stroke-width"], 1.0)
            stroked = share * num(style.get("stroke-opacity"), 1.0)
            dashed = style.get("stroke-dasharray") not in (None, "none") and any(numbers(style["stroke-dasharray"]))
            if str(style["stroke"]) != "none" and width >= BAND and stroked > 0 and not dashed:   # a dashed one: a line
                into.append(_Layer(node, m, windows, "nonzero", hex_of(style["stroke"]), min(stroked, 1.0), width, style))

    def text(self, node, style, m, alpha) -> None:
        """Note one text: its ink, the outline ringing it (its own stroke, as paint.run draws it, or a layout's outline
        drawn as a run just before it) and its letters' middles on the drawing; an outline's run is only noted."""
        ink, share = hex_of(style["fill"]), min(alpha * num(style.get("fill-opacity"), 1.0), 1.0)
        at = (node.content, node.attrs.get("x"), node.attrs.get("y"))
        stroke = hex_of(node.attrs.get("stroke")) if isinstance(node, svg.Run) else None
        ring = (stroke, num(node.attrs.get("stroke-width"), 0.0) / 2) if stroke else None
        if ring and ink is None:   # a run's outline, drawn before its letters (textbox's)
            self.outlines[at] = ring
            return
        if ink is None or share <= 0 or not (node.content or "").strip():
            return
        size = num(style.get("font-size"), 4.0)
        a, b, c, d, e, f = m
        points = [(a * x + c * y + e, b * x + d * y + f) for x, y in _middles(node, style, size)]
        if points:
            self.texts.append(_Text(node, ink, share, ring or self.outlines.get(at), size, points, len(self.layers)))

    def read(self, text: _Text) -> tuple | None:
        """(ink as seen, what it is read against, ratio) at the text's worst letter; None when no letter's ground is
        known. A wide outline of another colour parts the letters from the ground (read against the outline, or, the
        two together, against the ground); a letter under an opaque thing laid over it is hidden, not read."""
        colour, ring = text.outline or (None, 0.0)
        halo = colour is not None and colour != text.ink and ring >= HALO * text.size
        xs, ys = [x for x, _ in text.points], [y for _, y in text.points]
        span = (min(xs), min(ys), max(xs), max(ys))
        near = [(n, layer) for n, layer in enumerate(self.layers) if _meets(layer.box(), span)]   # its letters' layers
        self.looks += len(near) * len(text.points)
        if self.looks > LOOKS:   # a face of a thousand see-through discs under a thousand texts: the rest go unread
            self.unread += 1
            return None
        below = [layer for n, layer in near if n < text.below]
        over = [layer for n, layer in near if n >= text.below]
        least = WIDE * text.size
        worst = None
        for x, y in text.points:
            ground = _beneath(x, y, below, least)
            if ground is UNKNOWN and not halo:
                return None
            ink = _over(text.ink, text.share, PAPER if ground is UNKNOWN else ground)
            for layer in over:   # laid over the text: a see-through one tints ink and ground alike
                found = layer.at(x, y, least)
                if found is None:
                    continue
                if found == UNKNOWN or found[1] >= 1.0:
                    break   # the letter is hidden here: not read
                ink = _over(found[0], found[1], ink)
                ground = ground if ground is UNKNOWN else _over(found[0], found[1], ground)
            else:
                worst = _worse(worst, ink, ground, colour if halo else None)
        return worst


def _worse(worst: tuple | None, ink: str, ground, halo: str | None) -> tuple:
    """The worse of the worst letter so far and this one: (ink as seen, what it is read against, ratio); halo: the
    colour of a wide outline parting the letter from the ground (read against it, or, the two together, against the
    ground, whichever reads better)."""
    if halo is None:
        ratio, against = _contrast(ink, ground), ground
    else:
        ratio, against = _contrast(ink, halo), halo
        if ground is not UNKNOWN and min(_contrast(ink, ground), _contrast(halo, ground)) > ratio:
            ratio, against = min(_contrast(ink, ground), _contrast(halo, ground)), ground
    return (ink, against, ratio) if worst is None or ratio < worst[2] else worst


def _middles(node, style, size: float) -> list:
    """The middles of up to LETTERS of a text's letters with ink, spread along it, in its own units: a run in its face,
    a line of Vera as anchored."""
    content, x, y = node.content or "", num(node.attrs.get("x")), num(node.attrs.get("y"))
    face = getattr(node, "face", None)
    if face is None:
        face = typeface.VERA.face(str(style.get("font-weight")) == "bold", False)
        shift = {"middle": 0.5, "end": 1.0}.get(str(style.get("text-anchor", "start")), 0.0)
        x -= shift * typeface.advance(face.resource, content) * size
    boxes = typeface.glyph_inks(face, content, x, y, size)
    if len(boxes) > LETTERS:
        boxes = [boxes[round(k * (len(boxes) - 1) / (LETTERS - 1))] for k in range(LETTERS)]
    return [((left + right) / 2, (top + bottom) / 2) for left, top, right, bottom in boxes]


def _in_shape(node, m: tuple, x: float, y: float) -> bool:
    """Whether a point of the drawing is inside a circle, an ellipse or a rectangle (its corners rounded or not) placed
    by m: the point carried back into the shape's own units (a face's hundreds of discs, each traced, were slow)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        return False
    u, v = (d * (x - e) - c * (y - f)) / det, (a * (y - f) - b * (x - e)) / det
    attrs = node.attrs
    if node.tag != "rect":
        rx, ry = (num(attrs.get("r")),) * 2 if node.tag == "circle" else (num(attrs.get("rx")), num(attrs.get("ry")))
        return rx > 0 and ry > 0 and ((u - num(attrs.get("cx"))) / rx) ** 2 + ((v - num(attrs.get("cy"))) / ry) ** 2 <= 1
    left, top, w, h = num(attrs.get("x")), num(attrs.get("y")), num(attrs.get("width")), num(attrs.get("height"))
    if not (w > 0 and h > 0 and left <= u <= left + w and top <= v <= top + h):
        return False
    rx, ry = num(attrs.get("rx", attrs.get("ry")), 0.0), num(attrs.get("ry", attrs.get("rx")), 0.0)
    if rx <= 0 or ry <= 0:
        return True
    rx, ry = min(rx, w / 2), min(ry, h / 2)   # a rounded corner: inside the quarter ellipse of the corner it is in
    cu, cv = min(max(u, left + rx), left + w - rx), min(max(v, top + ry), top + h - ry)
    return ((u - cu) / rx) ** 2 + ((v - cv) / ry) ** 2 <= 1


def _meets(box: tuple, span: tuple) -> bool:
    """Whether two boxes (left, top, right, bottom) meet."""
    return box[0] <= span[2] and span[0] <= box[2] and box[1] <= span[3] and span[1] <= box[3]


def _beneath(x: float, y: float, layers: list, least: float):
    """The colour painted at a point by layers (in paint order; the paper where none is), from the topmost opaque one
    up; UNKNOWN when one there is only a painter's to tell."""
    over: list[tuple[str, float]] = []
    for layer in reversed(layers):
        found = layer.at(x, y, least)
        if found == UNKNOWN:
            return UNKNOWN
        if found is not None:
            over.append(found)
            if found[1] >= 1.0:
                break
    ground = PAPER
    for colour, share in reversed(over):
        ground = _over(colour, share, ground)
    return ground


@functools.lru_cache(maxsize=1024)
def _contrast(a: str, b: str) -> float:
    """contrast(a, b), remembered: a deck's texts meet the same few colours again and again."""
    return contrast(a, b)


def _over(colour: str, share: float, ground: str) -> str:
    """#rrggbb of a colour laid at an opacity over a ground."""
    if share >= 1.0:
        return colour
    return "#" + "".join(f"{round(share * int(colour[i:i + 2], 16) + (1 - share) * int(ground[i:i + 2], 16)):02x}"
                         for i in (1, 3, 5))


def _winding(x: float, y: float, polygons: list, rows: bool = False) -> int:
    """The winding number round a point of closed polygons, or (rows) of their edges, each (x0, y0, x1, y1)."""
    turns = 0
    edges = polygons if rows else [(p[0], p[1], q[0], q[1]) for pts in polygons for p, q in zip(pts, pts[1:] + pts[:1])]
    for x0, y0, x1, y1 in edges:
        side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
        if y0 <= y < y1 and side > 0:
            turns += 1
        elif y1 <= y < y0 and side < 0:
            turns -= 1
    return turns
