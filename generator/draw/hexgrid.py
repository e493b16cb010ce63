"""Hex grid maths in cube coordinates, after Red Blob Games' guide, for y-down SVG in mm.

Numbering, the same for both orientations (pinned in tests/draw/test_hexgrid.py):
- direction i: DIRECTIONS[i]; direction 0 points right (pointy: due east, flat: 30 degrees below east)
  and each next direction is 60 degrees further clockwise on screen.
- corner i: corners go clockwise on screen and corner i is where side i starts
  (pointy: corner 0 is the upper right corner; flat: corner 0 is the east point).
- side i: the edge from corner i to corner i + 1, shared with hex.neighbour(i); that neighbour
  calls the same edge side (i + 3) % 6.
"""
import functools
import math

from ..records import NamedTuple


class Cube(NamedTuple):
    """Cube coordinates, unchecked."""

    q: int
    r: int
    s: int


class Hex(Cube):
    """One cell in cube coordinates; q + r + s must be 0."""

    __slots__ = ()

    def __new__(cls, q: int, r: int, s: int) -> "Hex":
        if q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got {q}, {r}, {s}")
        return tuple.__new__(cls, (q, r, s))

    @classmethod
    def axial(cls, q, r):
        """Build a hex from axial coordinates."""
        return cls(q, r, -q - r)

    def add(self, other):
        """Return the vector sum of two hexes."""
        return Hex(self.q + other.q, self.r + other.r, self.s + other.s)

    def scale(self, k):
        """Return this hex vector multiplied by k."""
        return Hex(self.q * k, self.r * k, self.s * k)

    def neighbour(self, direction):
        """Return the adjacent hex in a direction 0-5."""
        return self.add(DIRECTIONS[direction % 6])

    def neighbours(self):
        """Return the six adjacent hexes in direction order."""
        return [self.neighbour(d) for d in range(6)]

    def length(self):
        """Return the distance from the origin in steps."""
        return max(abs(self.q), abs(self.r), abs(self.s))

    def distance(self, other):
        """Return the number of steps between two hexes."""
        return Hex(self.q - other.q, self.r - other.r, self.s - other.s).length()


DIRECTIONS = (Hex(1, 0, -1), Hex(0, 1, -1), Hex(-1, 1, 0), Hex(-1, 0, 1), Hex(0, -1, 1), Hex(1, -1, 0))
ORIGIN = Hex(0, 0, 0)


class Orientation(NamedTuple):
    """Pointy or flat top as data: axial-to-pixel matrix, its inverse, first corner in sixths of a turn."""

    forward: tuple
    inverse: tuple
    start_angle: float


_R3 = math.sqrt(3)
POINTY = Orientation((_R3, _R3 / 2, 0.0, 1.5), (_R3 / 3, -1 / 3, 0.0, 2 / 3), -0.5)
FLAT = Orientation((1.5, 0.0, _R3 / 2, _R3), (2 / 3, 0.0, -1 / 3, _R3 / 3), 0.0)


class Layout(NamedTuple):
    """Where hexes land on the page: orientation, size across the flats in mm, centre of Hex(0,0,0).

    The corner radius (centre to corner, also the side length) is size / sqrt(3); the distance
    between neighbouring centres equals size.
    """

    orientation: Orientation
    size: float
    origin: tuple = (0.0, 0.0)

    @property
    def radius(self):
        """Return the corner radius in mm."""
        return self.size / _R3


def hex_to_pixel(layout, h):
    """Return the centre of a hex in mm."""
    f0, f1, f2, f3 = layout.orientation.forward
    x = (f0 * h.q + f1 * h.r) * layout.radius
    y = (f2 * h.q + f3 * h.r) * layout.radius
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_fractional(layout, point):
    """Return the fractional cube coordinates (q, r, s) of a point in mm."""
    b0, b1, b2, b3 = layout.orientation.inverse
    x = (point[0] - layout.origin[0]) / layout.radius
    y = (point[1] - layout.origin[1]) / layout.radius
    q, r = b0 * x + b1 * y, b2 * x + b3 * y
    return (q, r, -q - r)


def hex_round(q, r, s):
    """Return the hex containing fractional cube coordinates."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Hex(rq, rr, rs)


def pixel_to_hex(layout, point):
    """Return the hex containing a point in mm."""
    return hex_round(*pixel_to_fractional(layout, point))


def corner_offset(layout, corner):
    """Return the offset of a corner 0-5 from its hex centre."""
    angle = 2 * math.pi * (layout.orientation.start_angle + corner) / 6
    return (layout.radius * math.cos(angle), layout.radius * math.sin(angle))


@functools.lru_cache(maxsize=64)
def _corner_offsets(orientation, size):
    """The six corner offsets of every hex of a layout's orientation and size (a board's hundreds of hexes share them)."""
    return tuple(corner_offset(Layout(orientation, size), i) for i in range(6))


def polygon_corners(layout, h):
    """Return the six corners of a hex, corner 0 first, clockwise on screen."""
    cx, cy = hex_to_pixel(layout, h)
    return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(layout.orientation, layout.size)]


def edge_midpoint(layout, h, side):
    """Return the midpoint of a side 0-5: the edge between corners side and side + 1."""
    corners = polygon_corners(layout, h)
    (x0, y0), (x1, y1) = corners[side % 6], corners[(side + 1) % 6]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def hexhex(radius):
    """Return every hex within radius steps of the origin, sorted by (q, r, s) (a new list of the hexes made once)."""
    return list(_hexhex(radius))


@functools.lru_cache(maxsize=64)
def _hexhex(radius) -> tuple:
    """hexhex's hexes, made and sorted once for each radius (a board and its diagrams ask for theirs again and again)."""
    return tuple(sorted(
        Hex.axial(q, r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ))


def ring(radius):
    """Return the hexes exactly radius steps out, from the corner in direction 0, clockwise on screen (a new list of
    the hexes made once)."""
    return list(_ring(radius))


@functools.lru_cache(maxsize=64)
def _ring(radius) -> tuple:
    """ring's hexes, made once for each radius."""
    if radius == 0:
        return (ORIGIN,)
    cells, h = [], DIRECTIONS[0].scale(radius)
    for side in range(6):
        for _ in range(radius):
            cells.append(h)
            h = h.neighbour(side + 2)
    return tuple(cells)
