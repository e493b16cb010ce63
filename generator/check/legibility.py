"""Text against what it is printed on: what is painted beneath each text, read at its letters once the whole drawing
is walked in paint order (faint.told tells their contrast): fills, and strokes as wide as a band, by their real
outlines (geometry's); a see-through group as one; see-through things laid over the text."""
import math

from ..draw import svg, typeface
from ..draw.svgvalues import DEFAULTS, IDENTITY, compose, hex_of, num, numbers
from . import geometry
from .faint import LOOKS, UNKNOWN
from .textcheck import _placed, _quote, named

LETTERS = 12   # letters of a text whose ground is read, spread along it (the worst counts)
WIDE = 0.5     # a stroke at least this share of a text's size wide is a band under it; a thinner one is a line
BAND = 1.0     # mm: a stroke narrower than this is a line under any text (WIDE of 2 mm type), never its ground; so is
               # a dashed one, whatever its width
HALO = 0.05    # an outline ringing a text's letters at least this share of its size wide parts them from their ground
ROWS = 64      # rows a layer's edges are filed by, by height, for the letters' looks
_SKIPPED = frozenset(("defs", "clipPath", "title", "desc"))


def read(drawing) -> dict:
    """What the contrast of a drawing's texts is told from (faint.told), in colours a recoloured face swaps:
    {"boxes": [[a text box's words and name, [[" at <words>" of a run in a colour of its own, or "", its distinct
    letters]...]]...], "unread": texts left unread past LOOKS, "texts": texts met}; a letter [ink, its opacity, the
    layers of its ground bottom-up from the topmost opaque one ([colour, opacity]; UNKNOWN where only a painter can
    tell), the see-through layers laid over it, the colour of a wide outline ringing it or None]. A text whose ground
    only a painter can tell (over the designer's art or a gradient, or under a clip that is not one convex shape), or
    that its layout told already (hidden by a later element, or lying on its own colour), is left out; so is a letter
    hidden by an opaque thing laid over it."""
    if not any(node.tag == "text" for node in svg.walk(drawing)):
        return {"boxes": [], "unread": 0, "texts": 0}
    walk = _Walk({c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"})
    walk.visit(drawing, IDENTITY, DEFAULTS, 1.0, (), walk.layers)
    boxes: dict = {}
    for text in walk.texts:
        boxes.setdefault(id(getattr(text.node, "box", None) or text.node), []).append((text, walk.read(text)))
    found = []
    for runs in boxes.values():
        whole = " ".join(" ".join(svg.said(text.node) for text, _ in runs).split())
        said = named([text.node for text, _ in runs])
        several = len({text.ink for text, _ in runs}) > 1   # a span of a text in several colours is named
        read = [[f" at {_quote(words)}" if several and (words := " ".join(svg.said(text.node).split())) != whole
                 else "", letters] for text, letters in runs if letters is not None]
        if read:
            found.append([said, read])
    return {"boxes": found, "unread": walk.unread, "texts": len(walk.texts)}


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
        self.boxes: list | None = None   # each layer's box, once the walk is done and a text is read
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

    def read(self, text: _Text) -> list | None:
        """The distinct letters of a text as read tells them; None when no letter's ground is known. A wide outline
        parts the letters from the ground (a ground only a painter can tell is then left to it); a letter under an
        opaque thing laid over it is hidden, not read."""
        colour, ring = text.outline or (None, 0.0)
        halo = colour if colour is not None and ring >= HALO * text.size else None
        xs, ys = [x for x, _ in text.points], [y for _, y in text.points]
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        if self.boxes is None:   # the walk is done: each layer's box once, not once a text
            self.boxes = [layer.box() for layer in self.layers]
        near = [(n, layer) for n, (layer, box) in enumerate(zip(self.layers, self.boxes))   # its letters' layers
                if box[0] <= right and left <= box[2] and box[1] <= bottom and top <= box[3]]
        self.looks += len(near) * len(text.points)
        if self.looks > LOOKS:   # a face of a thousand see-through discs under a thousand texts: the rest go unread
            self.unread += 1
            return None
        below = [layer for n, layer in near if n < text.below]
        over = [layer for n, layer in near if n >= text.below]
        least = WIDE * text.size
        letters: dict = {}
        for x, y in text.points:
            ground = _beneath(x, y, below, least)
            if ground == UNKNOWN and (halo is None or halo == text.ink):
                return None
            tints = []
            for layer in over:
                found = layer.at(x, y, least)
                if found is None:
                    continue
                if found == UNKNOWN or found[1] >= 1.0:
                    break   # the letter is hidden here: not read
                tints.append(found)
            else:
                letter = (text.ink, text.share, ground, tuple(tints), halo)
                letters[letter] = [text.ink, text.share, ground if ground == UNKNOWN else [list(g) for g in ground],
                                   [list(t) for t in tints], halo]
        return list(letters.values()) or None


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


def _beneath(x: float, y: float, layers: list, least: float):
    """What layers (in paint order) paint at a point: their (colour, opacity) bottom-up from the topmost opaque one
    (none: the paper), or UNKNOWN when one there is only a painter's to tell."""
    over: list[tuple[str, float]] = []
    for layer in reversed(layers):
        found = layer.at(x, y, least)
        if found == UNKNOWN:
            return UNKNOWN
        if found is not None:
            over.append(found)
            if found[1] >= 1.0:
                break
    return tuple(reversed(over))


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
