"""Triangular-lattice geometry: boards given by row lengths, neighbours, straight lines, positions in mm.

Coordinates are axial, as in Red Blob Games' hex guide applied to lattice points: a point is
`Point(q, r)` where `r` is the row (0 at the top, growing downwards) and `q` counts along the row.
The lattice basis is e_q = (1, 0) and e_r = (1/2, sqrt(3)/2) in units of the spacing, y-down, so
rows are horizontal and each row sits half a spacing to the right of the row above at equal q.
The third cube coordinate is `s = -q - r`; the three straight-line directions of the lattice are
the lines of constant r (horizontal), constant q (down-right) and constant s (down-left).
"""

import math
from collections import Counter
from generator.errors import UserError
from generator.records import NamedTuple

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
LINE_AXES = ("r", "q", "s")


class Point(NamedTuple):
    """A lattice point in axial coordinates."""

    q: int
    r: int

    @property
    def s(self):
        """Return the third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r


def _reading_order(point):
    """Sort key: top row first, left to right."""
    return (point.r, point.q)


def points(rows):
    """Return the points of a board with the given row lengths, rows centred, in reading order."""
    rows = list(rows)
    if not rows or any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in rows):
        raise UserError(f"board rows must be a non-empty list of positive whole numbers, got {rows}")
    starts = [0]
    for r, (above, below) in enumerate(zip(rows, rows[1:]), start=1):
        if (above - below) % 2 == 0:
            raise UserError(
                f"rows {r} and {r + 1} have {above} and {below} points: neighbouring rows can only be "
                "centred on a triangular lattice if their lengths differ by an odd number"
            )
        starts.append(starts[-1] + (above - below - 1) // 2)
    return tuple(Point(q, r) for r, (start, n) in enumerate(zip(starts, rows)) for q in range(start, start + n))


def position(point, spacing):
    """Return the (x, y) centre of a point in mm, y-down, neighbours exactly `spacing` apart."""
    return (spacing * (point.q + point.r / 2), spacing * point.r * math.sqrt(3) / 2)


def bounds(points, spacing):
    """Return (min_x, min_y, max_x, max_y) of the points' positions in mm."""
    xs, ys = zip(*(position(p, spacing) for p in points))
    return (min(xs), min(ys), max(xs), max(ys))


def neighbours(points):
    """Return each point's adjacent points on the board, in reading order."""
    present = set(points)
    return {
        p: tuple(sorted((n for n in (Point(p.q + dq, p.r + dr) for dq, dr in DIRECTIONS) if n in present),
                        key=_reading_order))
        for p in sorted(present, key=_reading_order)
    }


def edges(points):
    """Return every adjacent pair once, each pair and the list in reading order."""
    return [(p, n) for p, ns in neighbours(points).items() for n in ns if _reading_order(p) < _reading_order(n)]


def degree(points):
    """Return the number of neighbours of each point."""
    return {p: len(ns) for p, ns in neighbours(points).items()}


def degree_counts(points):
    """Return {degree: number of points with that degree}."""
    return dict(sorted(Counter(degree(points).values()).items()))


def lines(points):
    """Return the maximal straight runs of adjacent points with at least 2 points, in the 3 directions."""
    found = []
    for axis in LINE_AXES:
        along = "q" if axis == "r" else "r"
        groups = {}
        for p in points:
            groups.setdefault(getattr(p, axis), []).append(p)
        for key in sorted(groups):
            run = []
            for p in sorted(groups[key], key=lambda p: getattr(p, along)):
                if run and getattr(p, along) != getattr(run[-1], along) + 1:
                    found.append(tuple(run))
                    run = []
                run.append(p)
            found.append(tuple(run))
    return [line for line in found if len(line) >= 2]


def collinear_pairs(points):
    """Return the non-adjacent pairs that lie on one straight run of adjacent points."""
    return [(a, b) for line in lines(points) for i, a in enumerate(line) for b in line[i + 2:]]

