"""Drawings written as PDF content-stream operators in millimetres, y down: shapes, text and see-through groups."""
import functools
from ..records import NamedTuple

from . import svgvalues, textfit, typeface
from ..digests import md5
from ..errors import UserError
from .svg import Placed, Run
from .svgvalues import DEFAULTS, INHERITED, NO_PATH, Path, beziers, colour, num, numbers

KAPPA = 0.5522847498307936  # Bezier handle length of a quarter circle of radius 1
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
_INHERITED = frozenset(INHERITED)
_UNDRAWN = frozenset(("defs", "clipPath", "title", "desc"))
_EXTERNAL = frozenset(("image", "use", "script", "foreignObject", "feImage"))
_INITIAL = {"rg": "0 0 0", "RG": "0 0 0", "w": 1, "J": 0, "j": 0, "M": 10.0, "d": "", "ca": 1.0, "CA": 1.0}


GROUP_BOX = "[-10000 -10000 10000 10000]"  # a see-through group's form reaches as far as its drawing might (mm)


class Written(NamedTuple):
    """A face already written as operators, with what placing it needs: its size (mm), the opacities it sets, the
    characters it sets in each font (font resource name, characters), the designer's files it uses (resource name,
    path, spec folder: fonts, images, SVG art) and its see-through groups (resource name, operators): forms it draws."""

    ops: str
    width: float
    height: float
    alphas: tuple
    chars: tuple
    sources: tuple = ()
    groups: tuple = ()


def write(drawing):
    """A face as Written operators."""
    writer = Writer()
    ops = writer.drawing(drawing)
    return Written(ops, drawing.width, drawing.height, tuple(sorted(writer.alphas)), writer.used(),
                   tuple((name, *where) for name, where in sorted(writer.sources.items())), tuple(sorted(writer.groups.items())))


@functools.lru_cache(maxsize=65536)
def n(value):
    """A PDF number: at most 3 decimals, no trailing zeros, never '-0'."""
    text = ("%.3f" % value).rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@functools.lru_cache(maxsize=4096)
def rgb(value):
    """'r g b' operands of a colour value, or None for 'none'."""
    if svgvalues.hex_colour(value):   # #rrggbb: each byte's operand as n writes byte / 255 (n keeps them)
        return f"{n(int(value[1:3], 16) / 255)} {n(int(value[3:5], 16) / 255)} {n(int(value[5:7], 16) / 255)}"
    found = colour(value)
    return None if found is None else " ".join(n(c) for c in found)


@functools.lru_cache(maxsize=4096)
def transform(value):
    """The operator applying a transform attribute (symbols repeat theirs from face to face)."""
    return cm(value.matrix)


@functools.lru_cache(maxsize=4096)
def fine(value):
    """A matrix factor to 6 decimals: scales and turns need more than coordinates do."""
    text = ("%.6f" % value).rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@functools.lru_cache(maxsize=4096)
def cm(m):
    """The operator that concatenates a matrix to the current one (a layout's places repeat from sheet to sheet)."""
    if m[:4] == (1, 0, 0, 1):
        return f"1 0 0 1 {n(m[4])} {n(m[5])} cm"
    return f"{fine(m[0])} {fine(m[1])} {fine(m[2])} {fine(m[3])} {n(m[4])} {n(m[5])} cm"


@functools.lru_cache(maxsize=4096)
def ellipse(cx, cy, rx, ry):
    """An ellipse as four Bezier quarters."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (f"{n(cx + rx)} {n(cy)} m {n(cx + rx)} {n(cy + ky)} {n(cx + kx)} {n(cy + ry)} {n(cx)} {n(cy + ry)} c "
            f"{n(cx - kx)} {n(cy + ry)} {n(cx - rx)} {n(cy + ky)} {n(cx - rx)} {n(cy)} c "
            f"{n(cx - rx)} {n(cy - ky)} {n(cx - kx)} {n(cy - ry)} {n(cx)} {n(cy - ry)} c "
            f"{n(cx + kx)} {n(cy - ry)} {n(cx + rx)} {n(cy - ky)} {n(cx + rx)} {n(cy)} c h")


@functools.lru_cache(maxsize=4096)
def rounded(x, y, w, h, rx, ry):
    """A rectangle with elliptical corners."""
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    r, b = x + w, y + h
    return (f"{n(x + rx)} {n(y)} m {n(r - rx)} {n(y)} l {n(r - kx)} {n(y)} {n(r)} {n(y + ky)} {n(r)} {n(y + ry)} c "
            f"{n(r)} {n(b - ry)} l {n(r)} {n(b - ky)} {n(r - kx)} {n(b)} {n(r - rx)} {n(b)} c "
            f"{n(x + rx)} {n(b)} l {n(x + kx)} {n(b)} {n(x)} {n(b - ky)} {n(x)} {n(b - ry)} c "
            f"{n(x)} {n(y + ry)} l {n(x)} {n(y + ky)} {n(x + kx)} {n(y)} {n(x + rx)} {n(y)} c h")


def points(value, close):
    """A polygon or polyline from SVG points text or a sequence of (x, y) pairs."""
    pairs = svgvalues.points(value)
    if not pairs:
        return ""
    ops = [f"{n(x)} {n(y)} m" if i == 0 else f"{n(x)} {n(y)} l" for i, (x, y) in enumerate(pairs)]
    return " ".join(ops) + (" h" if close else "")


def arc(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """An SVG elliptical arc from (x1, y1) to (x2, y2) as Bezier curves of at most a quarter turn each."""
    curves = beziers(x1, y1, rx, ry, angle, large, sweep, x2, y2)
    if curves is None:
        return [f"{n(x2)} {n(y2)} l"]
    return [" ".join(map(n, curve)) + " c" for curve in curves]


@functools.lru_cache(maxsize=4096)
def path(d: Path) -> str:
    """Path data as PDF path operators."""
    ops = []
    for op, *v in d.segments:
        if op == "M":
            ops.append(f"{n(v[0])} {n(v[1])} m")
        elif op == "L":
            ops.append(f"{n(v[0])} {n(v[1])} l")
        elif op == "C":
            ops.append(" ".join(map(n, v)) + " c")
        elif op == "A":
            ops.extend(arc(*v))
        else:
            ops.append("h")
    return " ".join(ops)


def outline(node):
    """A shape's outline as path operators; None for elements that are not shapes."""
    a, tag = node.attrs, node.tag
    if tag == "rect":
        x, y, w, h = num(a.get("x")), num(a.get("y")), num(a.get("width")), num(a.get("height"))
        rx, ry = a.get("rx"), a.get("ry")
        if rx is not None or ry is not None:
            rx, ry = num(ry if rx is None else rx), num(rx if ry is None else ry)
            if rx > 0 and ry > 0:
                return rounded(x, y, w, h, rx, ry)
        return f"{n(x)} {n(y)} {n(w)} {n(h)} re"
    if tag == "circle":
        r = num(a.get("r"))
        return ellipse(num(a.get("cx")), num(a.get("cy")), r, r)
    if tag == "ellipse":
        rx, ry = num(a.get("rx")), num(a.get("ry"))
        return ellipse(num(a.get("cx")), num(a.get("cy")), rx, ry) if rx > 0 and ry > 0 else ""
    if tag == "line":
        return f"{n(num(a.get('x1')))} {n(num(a.get('y1')))} m {n(num(a.get('x2')))} {n(num(a.get('y2')))} l"
    if tag in ("polygon", "polyline"):
        return points(a.get("points", ""), tag == "polygon")
    if tag == "path":
        return path(a.get("d", NO_PATH))
    return None


def _opacity(value):
    """An opacity attribute as a number (1 when absent)."""
    return 1.0 if value is None else num(value, 1.0)


@functools.lru_cache(maxsize=256)
def _dash(dashes, offset):
    """(state value, operator) of a dash array and offset; a solid line when the array is all zeros."""
    values = numbers(dashes)
    if len(values) % 2:
        values *= 2
    if not any(values):
        return "", "[] 0 d"
    text = f"[{' '.join(map(n, values))}] {n(num(offset, 0.0))} d"
    return text, text


class Writer:
    """Writes one drawing's operators, tracking the graphics state so that nothing is set twice."""

    def __init__(self):
        self.out, self.state, self.stack = [], dict(_INITIAL), []
        self.alphas, self.chars, self.sources, self.groups = set(), {}, {}, {}

    def set(self, op, value, text):
        """Emit text, which sets op to value, unless it is already so."""
        if self.state[op] != value:
            self.state[op] = value
            self.out.append(text)

    def alpha(self, op, value):
        """Set fill (ca) or stroke (CA) opacity through a named graphics state."""
        if self.state[op] != value:
            self.state[op] = value
            self.alphas.add((op, value))
            self.out.append(f"/{op}{n(value)} gs")

    def used(self):
        """The characters set in each font: sorted (resource name, characters) pairs."""
        return tuple((font, "".join(sorted(chars))) for font, chars in sorted(self.chars.items()))

    def save(self):
        """Save the graphics state (q), remembering what is set."""
        self.out.append("q")
        self.stack.append(dict(self.state))

    def restore(self):
        """Restore the graphics state (Q) to what was set at the matching save."""
        self.out.append("Q")
        self.state = self.stack.pop()

    def drawing(self, drawing):
        """Write a whole drawing: its viewBox fills its size, origin at its top-left corner."""
        x, y, w, h = drawing.box
        clips = {c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"}
        self.save()
        sx, sy = drawing.width / w, drawing.height / h
        if (sx, sy, x, y) != (1, 1, 0, 0):
            self.out.append(cm((sx, 0, 0, sy, -x * sx, -y * sy)))
        for child in drawing.children:
            self.element(child, DEFAULTS, clips)
        self.restore()
        return "\n".join(self.out)

    def element(self, node, inherited, clips, whole=False):
        """Write one element and its children with inherited presentation attributes (whole: its opacity is applied
        to it as a group, so leave it out here)."""
        tag, attrs = node.tag, node.attrs
        if tag in _UNDRAWN:
            return
        if tag in _EXTERNAL and not isinstance(node, Placed):
            raise UserError(f"SVG element <{tag}> would load another file: external resources are not allowed")
        if not whole and "opacity" in attrs and num(attrs["opacity"], 1.0) < 1:
            self.see_through(node, inherited, clips)
            return
        own = _INHERITED.intersection(attrs)
        style = {**inherited, **{k: attrs[k] for k in own}} if own else inherited
        local = "transform" in attrs or "clip-path" in attrs
        if local:
            self.save()
            if "transform" in attrs:
                self.out.append(transform(attrs["transform"]))
            clip = clips.get(str(attrs["clip-path"])[5:-1]) if "clip-path" in attrs else None
            if clip is not None:
                self.out.append(" ".join(filter(None, (outline(s) for s in clip.children))) + " W n")
        if tag in ("g", "svg"):
            for child in node.children:
                self.element(child, style, clips)
        elif isinstance(node, Run):
            self.run(node, style)
        elif tag == "text":
            self.text(node, style)
        elif isinstance(node, Placed):
            self.placed(node)
        else:
            shape = outline(node)
            if shape:
                self.paint(shape, style, tag != "line")
        if local:
            self.restore()

    def see_through(self, node, inherited, clips):
        """An element with an opacity below 1: drawn whole into a transparency group, which is then laid on at that
        opacity (as SVG composites it), so its parts do not show through each other."""
        opacity = max(0.0, num(node.attrs["opacity"], 1.0))
        inner = Writer()
        inner.state = {**self.state, "ca": 1.0, "CA": 1.0}  # a group starts opaque, in the state it was drawn in
        inner.element(node, inherited, clips, whole=True)
        ops = "\n".join(inner.out)
        self.alphas |= inner.alphas
        for font, chars in inner.chars.items():
            self.chars.setdefault(font, set()).update(chars)
        self.sources.update(inner.sources)
        self.groups.update(inner.groups)
        name = "/X" + md5(ops.encode("latin-1")).hexdigest()[:12]
        self.groups[name] = ops
        self.save()
        self.alpha("ca", opacity)
        self.alpha("CA", opacity)
        self.out.append(f"{name} Do")
        self.restore()

    def text(self, node, style):
        """A line set in Vera as PDF text, filled only (as cairo sets it): anchored by the advances textfit measures,
        upright in our y-down units."""
        words, fill = node.content or "", rgb(style["fill"])
        if fill is None or not words:
            return
        bold, size = str(style["font-weight"]) == "bold", num(style["font-size"], 4.0)
        shift = {"middle": 0.5, "end": 1.0}.get(style["text-anchor"], 0.0)
        x = num(node.attrs.get("x")) - shift * textfit.width(words, size, bold)
        self.fill(fill, style)
        font = typeface.font_name(bold)
        self.chars.setdefault(font, set()).update(words)
        self.out.append(f"BT {font} {n(size)} Tf 1 0 0 -1 {n(x)} {n(num(node.attrs.get('y')))} Tm "
                        f"{typeface.shown(words, bold)} TJ ET")

    def run(self, node, style):
        """A run in its face as PDF text from its pen's start; a synthesised italic is skewed, a synthesised bold also
        stroked in its fill colour."""
        words, fill, face = node.content or "", rgb(style["fill"]), node.face
        outline = rgb(node.attrs["stroke"]) if "stroke" in node.attrs else None
        if (fill is None and outline is None) or not words:
            return
        size, x, y = num(style["font-size"], 4.0), num(node.attrs.get("x")), num(node.attrs.get("y"))
        if fill is not None:
            self.fill(fill, style)
        self.chars.setdefault(face.resource, set()).update(words)
        if face.resource in typeface.DESIGNED:
            self.sources[face.resource] = (typeface.DESIGNED[face.resource], "")
        lean = fine(typeface.SLANT) if face.slant else "0"
        text = (f"BT {face.resource} {n(size)} Tf 1 0 {lean} -1 {n(x)} {n(y)} Tm "
                f"{typeface.shown(words, False, face.resource)} TJ ET")
        if outline is not None:   # an outline: stroked round (the letters, filled after every run's outline, cover its
            ring = f"q {outline} RG {n(num(node.attrs['stroke-width']))} w 1 j 1 J{self.solid(1.0)} 1 Tr"   # inner half)
            self.out.append(f"{ring} {text} Q")
        if fill is None:
            return
        if face.embolden:
            text = f"q {fill} RG {n(size * typeface.EMBOLDEN)} w{self.solid(self.state['ca'], mitre=True)} 2 Tr {text} Q"
        self.out.append(text)

    def solid(self, alpha, mitre=False) -> str:
        """The operators (each after a space) that make a text's stroke, inside its own q ... Q, solid and at alpha (and,
        mitre, mitred at PDF's limit of 10) as cairo strokes it, whatever an earlier shape left set: a dashed fold line
        drawn before a made bold dashed its letters' edges."""
        state, found = self.state, []
        if state["d"]:
            found.append("[] 0 d")
        if mitre and state["j"] != 0:
            found.append("0 j")
        if mitre and state["M"] != 10.0:
            found.append("10 M")
        if state["CA"] != alpha:
            self.alphas.add(("CA", alpha))
            found.append(f"/CA{n(alpha)} gs")
        return "".join(" " + op for op in found)

    def placed(self, node):
        """The designer's image or SVG art: an XObject drawn in its unit square, stretched over the element's box."""
        source, a = node.source, node.attrs
        x, y, w, h = num(a["x"]), num(a["y"]), num(a["width"]), num(a["height"])
        self.sources[source.resource] = (source.path, source.folder)
        self.out.append(f"q {n(w)} 0 0 {n(-h)} {n(x)} {n(y + h)} cm {source.resource} Do Q")

    def fill(self, fill, style):
        """Set the fill colour ('r g b') and the style's fill opacity."""
        if self.state["rg"] != fill:
            self.state["rg"] = fill
            self.out.append(f"{fill} rg")
        if "fill-opacity" in style or self.state["ca"] != 1.0:
            self.alpha("ca", _opacity(style.get("fill-opacity")))

    def paint(self, shape, style, area=True):
        """Fill (if the shape has an area), then stroke, a path as the style says."""
        state, out = self.state, self.out
        fill, stroke = rgb(style["fill"]) if area else None, rgb(style["stroke"])
        if fill is not None:
            self.fill(fill, style)
        if stroke is not None:
            width = num(style["stroke-width"], 1.0)
            if width <= 0:
                stroke = None
            else:
                if state["RG"] != stroke:
                    state["RG"] = stroke
                    out.append(f"{stroke} RG")
                if "stroke-opacity" in style or state["CA"] != 1.0:
                    self.alpha("CA", _opacity(style.get("stroke-opacity")))
                self.set("w", width, f"{n(width)} w")
                cap, join = CAPS.get(style["stroke-linecap"], 0), JOINS.get(style["stroke-linejoin"], 0)
                self.set("J", cap, f"{cap} J")
                self.set("j", join, f"{join} j")
                if "stroke-miterlimit" in style or state["M"] != 10.0:
                    limit = num(style.get("stroke-miterlimit"), 10.0)
                    self.set("M", limit, f"{n(limit)} M")
                dashes = style.get("stroke-dasharray")
                self.set("d", *_dash(dashes, style.get("stroke-dashoffset")) if dashes not in (None, "none") else ("", "[] 0 d"))
        odd = "*" if "fill-rule" in style and style["fill-rule"] == "evenodd" else ""
        out.append(f"{shape} {'B' + odd if fill and stroke else 'f' + odd if fill else 'S' if stroke else 'n'}")
