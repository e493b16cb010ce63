"""SVG attribute values read in one place: colours, numbers, transforms, points, path data and style declarations."""
import functools
import math
import re
from ..records import NamedTuple

from ..errors import UserError

NAMED = {"black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 0.5, 0), "blue": (0, 0, 1),
         "yellow": (1, 1, 0), "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5)}
INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
             "stroke-miterlimit", "fill-opacity", "fill-rule", "stroke-opacity", "font-family", "font-size", "font-weight",
             "text-anchor")
DEFAULTS = {"fill": "#000000", "stroke": "none", "stroke-width": 1.0, "stroke-linecap": "butt",
            "stroke-linejoin": "miter", "font-size": 4.0, "font-weight": "normal", "text-anchor": "start"}
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"  # these two compiled on first use by re's own cache: a
_PATH = r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"  # rebuild reads no number or path
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
TRANSFORM = r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)"  # compiled on first use by re's own cache: start-up


class Step(NamedTuple):
    """One step of a transform: its name (matrix, translate, scale, rotate, skewX or skewY), its numbers as they are
    written (an int without a point) and what its SVG puts between them."""

    name: str
    numbers: tuple
    sep: str = ","


class Transform(NamedTuple):
    """A transform: its steps in order and their matrix; source is the designer's text when it was read from one (it is
    written back as it came), "" when it was built with translate, rotate, scale and affine."""

    steps: tuple     # Step, in order
    matrix: tuple    # (a, b, c, d, e, f)
    source: str = ""

    def then(self, other: "Transform") -> "Transform":
        """This transform's steps followed by other's, as SVG lists them (other acts on the shape first)."""
        if self.source or other.source:
            raise ValueError("a transform read from the designer's text is written as it came: it is not composed")
        m = self.matrix
        for step in other.steps:
            m = compose(m, step_matrix(step.name, step.numbers))
        return Transform(self.steps + other.steps, m)


def _built(step: Step) -> Transform:
    """A transform of one step, its matrix worked as a read transform's is (from IDENTITY): the same to the last bit."""
    return Transform((step,), compose(IDENTITY, step_matrix(step.name, step.numbers)))


def translate(x: float, y: float) -> Transform:
    """A move by (x, y)."""
    return _built(Step("translate", (x, y)))


def rotate(angle: float, cx: float | None = None, cy: float | None = None, sep: str = ",") -> Transform:
    """A turn by angle degrees (clockwise on the page, y down) about (cx, cy), else about the origin; sep: what its SVG
    writes between the numbers (a standee's figure has always written spaces)."""
    return _built(Step("rotate", (angle,) if cx is None or cy is None else (angle, cx, cy), sep))


def scale(sx: float, sy: float | None = None) -> Transform:
    """A scale by sx across and sy (else sx) down."""
    return _built(Step("scale", (sx,) if sy is None else (sx, sy)))


def skew_x(angle: float) -> Transform:
    """A skew by angle degrees along x: a point moves across by tan(angle) times its y (y down: a negative angle leans
    what stands above the x axis to the right)."""
    return _built(Step("skewX", (angle,)))


def affine(a: float, b: float, c: float, d: float, e: float, f: float) -> Transform:
    """The matrix step (a, b, c, d, e, f)."""
    return _built(Step("matrix", (a, b, c, d, e, f)))


def transform_text(value: Transform) -> str:
    """A transform's SVG text: the designer's as it came, else its steps written out (only the SVG writers call this)."""
    return value.source or " ".join(f"{s.name}({s.sep.join(map(str, s.numbers))})" for s in value.steps)


class Points(NamedTuple):
    """A points attribute: its (x, y) pairs and source, the designer's text when it was read from one (written back as
    it came), "" when it was built from pairs."""

    pairs: tuple
    source: str = ""

    def __str__(self):
        return points_text(self)


def number_text(value: float) -> str:
    """A number as SVG text: at most 3 decimals, a whole number without a point."""
    return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def points_text(value: Points) -> str:
    """A points attribute's SVG text: the designer's as it came, else its pairs written out (only the SVG writers call
    this)."""
    return value.source or " ".join(f"{number_text(x)},{number_text(y)}" for x, y in value.pairs)


class Path(NamedTuple):
    """Path data: its segments, absolute -- ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("A", x0, y0, rx, ry,
    angle, large, sweep, x, y) (an arc with the point it leaves) and ("Z",) -- and source, the designer's text when it was
    read from one (written back as it came), "" when it was built with path()."""

    segments: tuple
    source: str = ""

    def __str__(self):
        return path_text(self)


NO_PATH = Path(())
_ARITY = {"M": 2, "L": 2, "C": 6, "A": 7, "Z": 0}


def path(*commands: tuple) -> Path:
    """Path data built from absolute commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("A", rx, ry,
    angle, large, sweep, x, y) and ("Z",)."""
    made, here, start = [], (0.0, 0.0), (0.0, 0.0)
    for command in commands:
        op = command[0]
        if _ARITY.get(op) != len(command) - 1:
            raise ValueError(f"{command!r} is not a path command with its numbers")
        if op == "Z":
            made.append(("Z",))
            here = start
            continue
        made.append(("A", *here, *command[1:]) if op == "A" else tuple(command))
        here = command[-2:]
        if op == "M":
            start = here
    return Path(tuple(made))


@functools.lru_cache(maxsize=4096)
def path_of(text: str) -> Path:
    """The designer's path data text (a template's, a layout's), read once at the edge; UserError names bad data."""
    return Path(tuple(segments(text)), text)


def path_text(value: Path) -> str:
    """Path data's SVG text: the designer's as it came, else its commands written out (only the SVG writers call this)."""
    if value.source:
        return value.source
    return " ".join(" ".join(map(str, (s[0], *s[3:]) if s[0] == "A" else s)) for s in value.segments)


def colour(value: object) -> tuple | None:
    """(r, g, b) of a colour value, or None for 'none'."""
    value = str(value).strip()
    if value == "none":
        return None
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return NAMED.get(value, (0, 0, 0))


def hex_of(value: object) -> str | None:
    """#rrggbb in lower case of a colour written #rrggbb, #rgb or as one of NAMED (lower case); None for any other."""
    if type(value) is not str:
        return None
    if value[:1] == "#" and len(value) in (4, 7) and _HEX_DIGITS.issuperset(value[1:]):
        return (value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])).lower()
    rgb = NAMED.get(value)
    return None if rgb is None else "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def hex_colour(value: object) -> bool:
    """True for a #rrggbb colour (what the looks recolour, what a palette holds), no pattern compiled: every start checks
    the palette, and the checks look at thousands of values."""
    return type(value) is str and len(value) == 7 and value[0] == "#" and _HEX_DIGITS.issuperset(value[1:])


def numbers(text: object) -> list:
    """All numbers in an attribute value (a dash array's tuple, or the designer's text)."""
    if type(text) is tuple:
        return [float(v) for v in text]
    return [float(n) for n in re.findall(_NUMBER, str(text))]


def num(value: object, default: float = 0.0) -> float:
    """One number from an attribute value."""
    if isinstance(value, (int, float)):
        return value
    found = None if value is None else _first(str(value))
    return default if found is None else found


@functools.lru_cache(maxsize=4096)
def _first(text):
    """The first number in an attribute's text, or None (templates repeat theirs from face to face)."""
    found = re.search(_NUMBER, text)
    return float(found.group()) if found else None


def points(value) -> list:
    """A points attribute (Points, text or (x, y) pairs) as (x, y) pairs."""
    if isinstance(value, Points):
        return list(value.pairs)
    if isinstance(value, str):
        v = numbers(value)
        return list(zip(v[0::2], v[1::2]))
    return [(x, y) for x, y in value]


def step_matrix(name: str, v: tuple) -> tuple:
    """The matrix (a, b, c, d, e, f) of one transform step."""
    if name == "translate":
        return (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
    if name == "scale":
        return (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
    if name == "rotate":
        cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
        cx, cy = (v[1], v[2]) if len(v) == 3 else (0, 0)
        return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
    if name == "matrix":
        return tuple(v[:6])
    if name == "skewX":
        return (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
    return (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)


def compose(m: tuple, n: tuple) -> tuple:
    """The matrix applying n first, then m."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


@functools.lru_cache(maxsize=4096)
def transform(text: str) -> Transform:
    """The designer's transform text (a template's, an SVG's), read once at the edge; "" is no move at all."""
    steps, m = tuple(Step(name, tuple(numbers(args))) for name, args in re.findall(TRANSFORM, text)), IDENTITY
    for name, v, _ in steps:
        m = compose(m, step_matrix(name, v))
    return Transform(steps, m, text)


def points_of(text: str) -> Points:
    """A points attribute's text, read."""
    return Points(tuple(points(text)), text)


def style(text: str) -> dict:
    """A style attribute's declarations as {property: value}; UserError names a declaration with no colon."""
    found = {}
    for declaration in str(text).split(";"):
        name, colon, value = declaration.partition(":")
        if declaration.strip() and not colon:
            raise UserError(f"style {declaration.strip()!r} is not a property:value declaration")
        if colon:
            found[name.strip()] = value.strip()
    return found


def segments(d: str):
    """SVG path data text (every command, absolute and relative) as Path's absolute segments; path_of reads it once."""
    tokens = re.findall(_PATH, d)
    i, command, x, y, start, last_control = 0, None, 0.0, 0.0, (0.0, 0.0), None

    def take(n):
        nonlocal i
        try:
            values = [float(tokens[i + k][1]) for k in range(n)]
        except (IndexError, ValueError):  # the data ends, or a command comes, before n numbers
            raise UserError(f"bad path data near {d[:40]!r}") from None
        i += n
        return values

    while i < len(tokens):
        if tokens[i][0]:
            command = tokens[i][0]
            i += 1
            if command in "Zz":
                yield ("Z",)
                x, y = start
                last_control = None
                continue
        if command is None or i >= len(tokens) or tokens[i][0]:
            raise UserError(f"bad path data near {d[:40]!r}")
        rel = command.islower()
        c = command.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c == "M":
            px, py = take(2)
            x, y = ox + px, oy + py
            yield ("M", x, y)
            start, command, last_control = (x, y), "l" if rel else "L", None
        elif c in "LHV":
            if c == "L":
                px, py = take(2)
                x, y = ox + px, oy + py
            elif c == "H":
                x = (x if rel else 0.0) + take(1)[0]
            else:
                y = (y if rel else 0.0) + take(1)[0]
            yield ("L", x, y)
            last_control = None
        elif c in "CS":
            if c == "C":
                x1, y1, x2, y2, px, py = take(6)
                x1, y1 = ox + x1, oy + y1
            else:
                x2, y2, px, py = take(4)
                x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            x2, y2, px, py = ox + x2, oy + y2, ox + px, oy + py
            yield ("C", x1, y1, x2, y2, px, py)
            last_control, x, y = (x2, y2), px, py
        elif c in "QT":
            if c == "Q":
                qx, qy, px, py = take(4)
                qx, qy = ox + qx, oy + qy
            else:
                px, py = take(2)
                qx, qy = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            px, py = ox + px, oy + py
            yield ("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), px + 2 / 3 * (qx - px), py + 2 / 3 * (qy - py), px, py)
            last_control, x, y = (qx, qy), px, py
        elif c == "A":
            rx, ry, angle, large, sweep, px, py = take(7)
            px, py = ox + px, oy + py
            yield ("A", x, y, rx, ry, angle, large, sweep, px, py)
            x, y, last_control = px, py, None


def centre(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """An SVG elliptical arc in centre form: (cx, cy, rx, ry, rotation in radians, start angle, turn); None if a line."""
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return None
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    if (xp / rx) * (xp / rx) + (yp / ry) * (yp / ry) > 1:   # radii too small to reach: grown, in their ratio, until they do
        ratio = ry / rx   # (squaring a 1e-200 radius gave 0, and a division by it)
        rx = math.hypot(xp, yp / ratio) if 0 < ratio < math.inf else 0.0
        ry = rx * ratio
    below = rx * rx * yp * yp + ry * ry * xp * xp
    if not (rx and ry and below and math.isfinite(below)):   # a ratio or radius beyond floats: a straight line
        return None
    top = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    k = math.sqrt(max(0.0, top / below)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    turn = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - start
    if sweep and turn < 0:
        turn += 2 * math.pi
    elif not sweep and turn > 0:
        turn -= 2 * math.pi
    return cx, cy, rx, ry, phi, start, turn


def beziers(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """An SVG elliptical arc as cubic Beziers of at most a quarter turn each: a list of (x1, y1, x2, y2, x, y); None when
    the arc is a straight line (a zero radius), [] when it goes nowhere."""
    if (x1, y1) == (x2, y2):
        return []
    found = centre(x1, y1, rx, ry, angle, large, sweep, x2, y2)
    if found is None:
        return None
    cx, cy, rx, ry, phi, start, turn = found
    cos, sin = math.cos(phi), math.sin(phi)
    pieces = max(1, math.ceil(abs(turn) / (math.pi / 2) - 1e-9))
    step = turn / pieces
    handle = 4 / 3 * math.tan(step / 4)

    def at(t, along=0.0):
        """The point at angle t, moved along the tangent by along handles."""
        ux, uy = math.cos(t) - along * handle * math.sin(t), math.sin(t) + along * handle * math.cos(t)
        px, py = rx * ux, ry * uy
        return cx + cos * px - sin * py, cy + sin * px + cos * py
    return [(*at(start + i * step, 1), *at(start + (i + 1) * step, -1), *at(start + (i + 1) * step)) for i in range(pieces)]


def ends(d: Path) -> list:
    """The end and control points of path data (an arc by its end), enough for a bounding box."""
    found = []
    for op, *v in d.segments:
        if op == "A":
            found.append((v[7], v[8]))
        elif op != "Z":
            found += list(zip(v[0::2], v[1::2]))
    return found
