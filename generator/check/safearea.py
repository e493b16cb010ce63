"""Marks play depends on, measured on the drawing: each keeps SAFE mm inside its piece's cut line; tinted grounds bleed."""
import functools
import math
import re
from operator import itemgetter

from ..draw import svg
from ..components import KINDS
from ..components.kind import Circle
from ..spec.expand import expand
from . import ink
from .ink import designed, digest
from ..draw.render import drawn
from .findings import SLACK, Marks, Reach
from .textcheck import SAFE, _placed, ink_of, texts

OUTLINES = ("rect", "circle", "ellipse", "polygon")
_AXES = (itemgetter(0), itemgetter(1))   # a point's x, y
MARGIN = 1e-6    # mm a bound keeps off the exact figure's rounding
CACHED = 4096    # element measures remembered (validation draws the same marks on face after face)
_PAINTED = {}


def cut_line(comp):
    """A component's cut line: a Circle, or a convex polygon's corners (the trim box unless its kind says otherwise)."""
    kind = KINDS[comp.kind]
    if kind.cut:
        return kind.cut(comp.options)
    w, h = comp.trim
    return (0.0, 0.0), (w, 0.0), (w, h), (0.0, h)


def clearance(cut, points):
    """How far inside the cut line the nearest of some points (x, y) lies, in mm (negative: outside)."""
    return gauge(cut if isinstance(cut, Circle) else tuple(cut))(points)


@functools.lru_cache(maxsize=64)
def gauge(cut):
    """clearance() against one cut line (a Circle or a tuple of corners) as a function of the points alone, the cut's
    sides worked out once: a drawing's marks are all measured against one cut."""
    if isinstance(cut, Circle):
        return lambda points: cut.r - max(math.hypot(x - cut.x, y - cut.y) for x, y in points)
    sides = _sides(cut)
    if not _upright(cut):
        return lambda points: min(c + min(a * x + b * y for x, y in points) for a, b, c in sides)
    # each side level or plumb: the nearest point to it is the first with the least or greatest x or y, found without
    # a sum for every point
    nearest = tuple(((min if (a or b) > 0 else max), _AXES[a == 0], a, b, c) for a, b, c in sides)

    def upright_clearance(points):
        """clearance() against a level-and-plumb cut: each side's nearest point alone summed."""
        reach = []
        for pick, axis, a, b, c in nearest:
            x, y = pick(points, key=axis)
            reach.append(c + (a * x + b * y))
        return min(reach)
    return upright_clearance


def upright(cut) -> bool:
    """True for a cut line whose every side is level or plumb: its clearance needs only the extremes of the ink."""
    return not isinstance(cut, Circle) and _upright(tuple(cut))


@functools.lru_cache(maxsize=64)
def _upright(corners) -> bool:
    """upright() of a polygon's corners, worked out once for each cut line."""
    return all(ax == bx or ay == by for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]))


@functools.lru_cache(maxsize=64)
def _sides(corners):
    """Each side of a convex polygon as (a, b, c): a x + b y + c is how far inside that side (x, y) lies."""
    pairs = list(zip(corners, corners[1:] + corners[:1]))
    sign = 1 if sum(ax * by - bx * ay for (ax, ay), (bx, by) in pairs) > 0 else -1
    out = []
    for (ax, ay), (bx, by) in pairs:
        length = math.hypot(bx - ax, by - ay)
        a, b = -sign * (by - ay) / length, sign * (bx - ax) / length
        out.append((a, b, -(a * ax + b * ay)))
    return tuple(out)


def painted(node, clips, cut, box=False):
    """ink_ends of an element (box: its extremes only, see ink.ink_ends), remembered by its values (ink.values), the
    clip paths it may use and the cut line, in this run and, unless it or a clip holds runs or art or a painter was
    needed, between runs: the same band or frame on every face of a deck is measured once, and only the ends that come
    nearest the cut are kept. An end that took a painter counts in ink.RASTERS each time it is used."""
    text = ink.values(node)
    key = (text, tuple(ink.values(clip) for clip in clips.values()) if "'clip-path'" in text else (), cut, box)
    if key not in _PAINTED:
        if len(_PAINTED) >= CACHED:
            _PAINTED.clear()
        kept = None if designed(node) or any(map(designed, clips.values())) else digest("ends", repr(key))
        ends = ink.MEMO.get(kept) if kept else None
        before = ink.RASTERS
        if ends is None:
            ends = _nearest(ink.ink_ends(node, clips, box), cut)
            if kept and ink.RASTERS == before:   # measured from geometry alone: the key names all it depends on
                ink.MEMO.put(kept, ends)
        _PAINTED[key] = (ends, ink.RASTERS > before)
    else:
        ink.RASTERS += _PAINTED[key][1]
    return _PAINTED[key][0]


def _nearest(ends, cut):
    """Of an element's ink ends, the nearest to each side of the cut and the extremes a frame is judged by."""
    if not ends:
        return ends
    nearest = {min(ends, key=lambda p: clearance(cut, [p]))}
    nearest |= {min(ends), max(ends), min(ends, key=lambda p: p[1]), max(ends, key=lambda p: p[1])}
    if not isinstance(cut, Circle):
        nearest |= {min(ends, key=lambda p, s=s: s[0] * p[0] + s[1] * p[1] + s[2]) for s in _sides(tuple(cut))}
    return sorted(nearest)


def text_ends(node) -> list:
    """The corners (mm) of a line of text's ink, from its font's own glyphs (as the writer sets it: no hinting, so the
    same figures whatever cairo drew before)."""
    ends = []
    for text, placed, style in texts(node):
        box = ink_of(text, style)
        if box:
            left, top, right, bottom = _placed(box, placed)
            ends += [(left, top), (right, top), (left, bottom), (right, bottom)]
    return ends


def lettered(node) -> bool:
    """True for a line of text, or a group holding only a text box's runs: measured from its glyphs, as textcheck
    measures it, not painted."""
    if node.tag == "text":
        return True
    return node.tag == "g" and bool(node.children) and all(
        isinstance(child, svg.Run) or (child.tag == "g" and lettered(child)) for child in node.children)


def inline_marks(node):
    """The inline icons and pictures of a text box's group, as a group of their own named for the text ('an inline
    icon in text rules': textcheck measures its runs), or the node itself when it is no such group."""
    if node.tag != "g" or lettered(node) or not any(isinstance(child, svg.Run) for child in node.children):
        return node
    made = svg.Element("g", dict(node.attrs))
    made.children = [child for child in node.children if not isinstance(child, svg.Run)]
    made.part, made.role = f"an inline icon in text {node.part}" if node.part else None, node.role
    return made


def name(node, n):
    """What messages call an element: its part name, its text, or its tag and place in the drawing."""
    if node.part:
        return node.part
    if node.tag == "text":
        return f"text '{node.content}'"
    return f"{node.tag} {n}"


def role(node, ends, cut):
    """An element's role; an unnamed unfilled outline round the middle of the piece, ¾ of its size or more, is a FRAME."""
    if node.part or node.role != svg.MARK or node.tag not in OUTLINES or node.attrs.get("fill") != "none":
        return node.role
    xs, ys = [x for x, _ in ends], [y for _, y in ends]
    corners = [(cut.x - cut.r, cut.y - cut.r), (cut.x + cut.r, cut.y + cut.r)] if isinstance(cut, Circle) else cut
    (left, top), (right, bottom) = [(f(x for x, _ in corners), f(y for _, y in corners)) for f in (min, max)]
    centred = abs((min(xs) + max(xs)) - (left + right)) < 2 and abs((min(ys) + max(ys)) - (top + bottom)) < 2
    large = max(xs) - min(xs) >= 0.75 * (right - left) and max(ys) - min(ys) >= 0.75 * (bottom - top)
    return svg.FRAME if centred and large else svg.MARK


def reaches(spec, art, drawing, face):
    """Each mark and frame of one artwork and how far inside its cut line its ink stays (a part drawn twice: its nearest)."""
    comp = spec.component(art.component)
    return [Reach(comp.id, art.side, face, *found) for found in _measure(drawing, cut_line(comp))]


def _measure(drawing, cut, near=False):
    """(part, distance, text, role) of each mark and frame of a drawing; near: _measured's. No key is made for the
    drawing: bounding its elements costs less than writing out their values, and only an element that must be measured
    exactly is keyed (painted)."""
    return tuple(tuple(entry) for entry in _measured(drawing, cut, near))


def far(node, cut) -> float | None:
    """How far inside the cut line at least an element's ink certainly keeps, when that is beyond the safe area's
    reach (SAFE mm, the most any check asks): None when it may come nearer, or a cheap bound cannot tell. An element
    whose ink is held but not proved (a logo of words alone) is bounded too: if it has none, the exact measure would
    find nothing for it, and a distance this far is never reported (_measured)."""
    from . import geometry  # lazy: start-up (a rebuild whose verdicts are all kept measures no ink)
    return _far(node, gauge(cut if isinstance(cut, Circle) else tuple(cut)), geometry.bound)


def _far(node, clear, bound) -> float | None:
    """far() with the cut's gauge and geometry.bound given: a drawing's marks share them."""
    found = bound(node, certain=False)
    least = None if found is None else clear(found) - MARGIN   # the hull of found holds the ink
    return least if least is not None and least >= SAFE - SLACK else None


def _measured(drawing, cut, near=False):
    """_measure's work: each mark and frame's ink against the cut line, nearest first by part; near: only the parts
    that may come within SAFE mm, each of their marks that certainly keeps farther off given the distance its bound
    proves (a part all of whose marks do is left out: none of its entries is reported, nor changes another's), and a
    text measured only in such a part (as the exact measure, a nearer text stands for its part)."""
    clips = {c.attrs.get("id"): c for c in drawing.defs.children   # a hex piece's art as drawn, not as cut: a mark
             if c.tag == "clipPath" and c.attrs.get("id") != svg.CUT}   # past its cut was cut away unseen
    nearest, box = {}, upright(cut)
    marks = [(name(node, n), node, lettered(node)) for n, node in enumerate(
        (inline_marks(c) for c in drawing.children if c.tag != "defs"), start=1) if node.role in (svg.MARK, svg.FRAME)]
    if near:
        from . import geometry  # lazy: start-up (a rebuild whose verdicts are all kept measures no ink)
        clear, bound = gauge(cut if isinstance(cut, Circle) else tuple(cut)), geometry.bound
        least = {i: _far(node, clear, bound) for i, (_, node, text) in enumerate(marks) if not text}
        needed = {marks[i][0] for i, found in least.items() if found is None}
    for i, (part, node, text) in enumerate(marks):
        if near:
            if part not in needed:
                continue
            if not text and least[i] is not None:   # its place in the order kept, its distance a lower bound
                nearest.setdefault(part, (part, least[i], False, node.role))
                continue
        ends = text_ends(node) if text else painted(node, clips, cut, box)
        if ends:
            distance = clearance(cut, ends)
            if part not in nearest or distance < nearest[part][1]:
                nearest[part] = (part, distance, text, role(node, ends, cut))
    return list(nearest.values())


def survey(spec, drawings):
    """The reach of each mark of every artwork ((art, drawing) pairs), and each component's ground fills by side."""
    faces, found, grounds = {comp.id: 0 for comp in spec.components}, [], {}
    for art, drawing in drawings:
        if art.side == "front":
            faces[art.component] += 1
        found += reaches(spec, art, drawing, faces[art.component] if art.side == "front" else "back")
        fills = grounds.setdefault(art.component, {}).setdefault(art.side, set())
        fills.update(n.attrs.get("fill") for n in drawing.children if n.role == svg.GROUND)
    return found, grounds


class Check(Marks):
    """The safe-area check fed one drawing at a time: only the marks too near the cut are kept (what it found is filed
    by findings.Marks)."""

    def add(self, art, drawing) -> None:
        """Measure the marks and grounds of one artwork."""
        self.note(art, self.measure(art, drawing))

    def measure(self, art, drawing, near=None) -> tuple[list, list]:
        """([part, distance, role] of each mark or frame of one artwork too near its cut, the fills of its grounds); near:
        the first, found on a drawing of the same shapes in other opaque colours, which stands (nothing is measured)."""
        if near is None:
            near = [[part, distance, role] for part, distance, text, role
                    in _measure(drawing, cut_line(self.spec.component(art.component)), True)
                    if distance < (SAFE if role == svg.MARK else 0.0) - SLACK and not text]  # textcheck measures text
        return near, sorted({n.attrs.get("fill") for n in drawing.children if n.role == svg.GROUND}, key=str)



def report(spec) -> list:
    """(component, [(element, mm from the cut)] nearest first) per component: every mark and frame, texts as one 'text'."""
    _, arts = expand(spec)
    nearest = {}
    for r in survey(spec, drawn(spec, arts))[0]:
        part = "text" if r.text else "frame" if r.role == svg.FRAME else re.sub(r" \d+$", "", r.part)
        part = f"{part} (back)" if r.side == "back" else part
        here = nearest.setdefault(r.component, {})
        here[part] = min(here.get(part, r.distance), r.distance)
    return [(comp.id, sorted(nearest.get(comp.id, {}).items(), key=lambda item: (round(item[1], 1), item[0])))
            for comp in spec.components]
