"""Text against what it is printed on: each text's contrast (WCAG) with the fills painted beneath it, walked in paint
order as the ink-saver walks it, each fill's real outline (geometry's) deciding what lies under the text."""
import functools
import math
from collections.abc import Mapping

from ..draw import svg
from ..draw.svgvalues import DEFAULTS, IDENTITY, compose, hex_of, num
from . import geometry
from .luminance import contrast
from .textcheck import _placed, _quote, ink_of

UNREADABLE = 1.5   # a contrast under which a text cannot be read (a yellow on white, 1.4:1): it fails
LEAST = 3.0        # WCAG's least contrast for text (large text, and graphics): a text under it reads poorly, a warning
PAPER = "#ffffff"   # what a piece is printed on where nothing is painted
SAMPLES = (0.25, 0.5, 0.75)   # where along the middle of a text's ink box its ground is read (the worst counts)
_SKIPPED = frozenset(("defs", "clipPath", "title", "desc"))


def faint(drawing, names: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(a failure for each text of a drawing that cannot be read against what is painted beneath it, under UNREADABLE:1;
    a warning for each that reads poorly, under LEAST:1), a text box's runs together, in paint order; names: palette
    names by #rrggbb, for the messages. A text whose ground only a painter can tell (over the designer's art or a
    gradient, or under a clip that is not one convex shape), or that its layout told already (hidden by a later
    element, or lying on its own colour), is left alone."""
    if not any(node.tag == "text" for node in svg.walk(drawing)):
        return [], []
    walk = _Walk({c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"})
    walk.visit(drawing, IDENTITY, DEFAULTS, 1.0, ())
    boxes: dict = {}
    for node, read in walk.read:
        boxes.setdefault(id(getattr(node, "box", None) or node), []).append((node, read))
    failed: list = []
    warned: list = []
    for runs in boxes.values():
        found = [read for _, read in runs if read is not None]
        if not found:
            continue
        ink, ground, ratio = min(found, key=lambda read: read[2])
        if ratio >= LEAST:
            continue
        own = getattr(runs[0][0], "box", None)
        text = _quote(" ".join(node.content or "" for node, _ in runs)) + (f" ({own.name})" if own and own.name else "")
        seen = f"{math.floor(ratio * 10) / 10:.1f}:1: {_named(ink, names)} on {_named(ground, names)}"
        if ratio < UNREADABLE:
            told, into = (f"text {text} cannot be read on what it is printed on (expected a contrast of at least "
                          f"{UNREADABLE:g}:1, found {seen})"), failed
        else:
            told, into = (f"text {text} reads poorly on what it is printed on (a contrast of {seen}; WCAG asks "
                          f"{LEAST:g}:1 of text at least, 4.5:1 of small text)"), warned
        if told not in into:
            into.append(told)
    return failed, warned


def _named(colour: str, names: Mapping[str, str]) -> str:
    """A colour as a message shows it: '#b06800 (sun)' when the palette names it."""
    return f"{colour} ({names[colour]})" if colour in names else colour


class _Layer:
    """A fill painted so far: its box and outline on the drawing (made when a text first looks under it), the clips it
    is drawn in, its fill rule, its colour (None: only a painter can tell) and its opacity."""

    __slots__ = ("node", "m", "windows", "rule", "colour", "share", "_box", "_polygons")

    def __init__(self, node, m, windows, rule, colour, share):
        self.node, self.m, self.windows, self.rule, self.colour, self.share = node, m, windows, rule, colour, share
        self._box: tuple | None = None
        self._polygons: list | None = None

    def box(self) -> tuple:
        """(left, top, right, bottom) on the drawing round the fill's points and curves' control points."""
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
            self._box = _placed(local, self.m) if all(map(math.isfinite, local)) else local
        return self._box

    def polygons(self) -> list:
        """The fill's subpaths placed on the drawing (an image's its box)."""
        if self._polygons is None:
            node = self.node
            if isinstance(node, svg.Placed):
                left, top, right, bottom = self.box()
                self._polygons = [[(left, top), (right, top), (right, bottom), (left, bottom)]]
            else:
                paths = [pts for pts, _ in geometry.outline(node, geometry.TOLERANCE) or () if len(pts) >= 3]
                a, b, c, d, e, f = self.m
                self._polygons = [[(a * x + c * y + e, b * x + d * y + f) for x, y in pts] for pts in paths]
        return self._polygons

    def covers(self, x: float, y: float) -> bool | None:
        """Whether the fill covers a point; None when only a painter can tell (a clip that is not one convex shape)."""
        left, top, right, bottom = self.box()
        if not (left <= x <= right and top <= y <= bottom):
            return False
        if self.node.tag not in geometry.EXTERNAL or isinstance(self.node, svg.Placed):
            turns = _winding(x, y, self.polygons())
            if not (turns % 2 == 1 if self.rule == "evenodd" else turns != 0):
                return False
        for window in self.windows:
            if window is None:
                return None
            if not window or not _winding(x, y, [window]):
                return False
        return True


class _Walk:
    """A drawing's elements in paint order: the fills painted so far, the outlines drawn for runs still to come (by
    their words and place) and what each text was read at (text's)."""

    def __init__(self, clips: dict):
        self.clips = clips
        self.layers: list[_Layer] = []
        self.read: list[tuple] = []   # (text element, (ink as seen, ground, ratio) at its worst, or None: unknown)
        self.outlines: dict[tuple, str] = {}

    def visit(self, node, m, inherited, alpha, windows) -> None:
        """Walk one element and its children (geometry's walk): a fill becomes a layer, a text is read against them."""
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
        alpha *= num(attrs.get("opacity"), 1.0)
        if isinstance(node, svg.Placed) or node.tag in geometry.EXTERNAL:
            self.layers.append(_Layer(node, m, windows, "nonzero", None, 1.0))
        elif node.tag in ("g", "svg"):
            if getattr(node, "problems", None):   # a layout's text told hidden or on its own colour already
                return
            for child in node.children:
                self.visit(child, m, style, alpha, windows)
        elif node.tag == "text":
            self.text(node, style, m, alpha)
        elif (share := alpha * num(style.get("fill-opacity"), 1.0)) > 0 and str(style["fill"]) != "none":
            self.layers.append(_Layer(node, m, windows, str(style.get("fill-rule", "nonzero")), hex_of(style["fill"]),
                                      min(share, 1.0)))

    def text(self, node, style, m, alpha) -> None:
        """Read one text's ink against its ground at SAMPLES along the middle of its ink box (a run outlined in another
        colour against its outline: its own stroke, as paint.run draws it, or a layout's outline drawn just before it):
        (ink as seen, ground, ratio) at the worst, or None when its ground is unknown; a text with no ink is left out."""
        ink, share = hex_of(style["fill"]), min(alpha * num(style.get("fill-opacity"), 1.0), 1.0)
        at = (node.content, node.attrs.get("x"), node.attrs.get("y"))
        outline = hex_of(node.attrs.get("stroke")) if isinstance(node, svg.Run) else None
        if outline and ink is None:   # a run's outline, drawn before its letters (textbox's)
            self.outlines[at] = outline
            return
        outline = outline or self.outlines.get(at)
        if ink is None or share <= 0 or not (node.content or "").strip() or not (box := ink_of(node, style)):
            return
        left, top, right, bottom = _placed(box, m)
        middle = (top + bottom) / 2
        across = [layer for layer in self.layers if (extent := layer.box())[1] <= middle <= extent[3]]   # fills at its height
        worst: tuple | None = None
        for along in SAMPLES:
            ground = outline if outline and outline != ink else self.beneath(left + along * (right - left), middle, across)
            if ground is None:
                self.read.append((node, None))
                return
            seen = _over(ink, share, ground)
            ratio = _contrast(seen, ground)
            if worst is None or ratio < worst[2]:
                worst = (seen, ground, ratio)
        self.read.append((node, worst))

    @staticmethod
    def beneath(x: float, y: float, layers: list) -> str | None:
        """The colour painted at a point by fills (in paint order; the paper where none is), from the topmost opaque one
        up; None when one there is only a painter's to tell."""
        over: list[tuple[str, float]] = []
        for layer in reversed(layers):
            covered = layer.covers(x, y)
            if covered is None or (covered and layer.colour is None):
                return None
            if covered and layer.colour is not None:
                over.append((layer.colour, layer.share))
                if layer.share >= 1.0:
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


def _winding(x: float, y: float, polygons: list) -> int:
    """The winding number of closed polygons round a point."""
    turns = 0
    for pts in polygons:
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
            if y0 <= y < y1 and side > 0:
                turns += 1
            elif y1 <= y < y0 and side < 0:
                turns -= 1
    return turns
