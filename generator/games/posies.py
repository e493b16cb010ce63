"""Posies (Rey Alicea, 2020): the posy tokens, the board's value, and the checks from GAMES.md."""

from dataclasses import dataclass

from generator import trigrid
from generator.errors import UserError


@dataclass(frozen=True)
class PosyKind:
    """One colour of posy: its points value and how many tokens the set holds."""

    colour: str
    value: int
    count: int = 18


ROWS = (6, 7, 8, 9, 8, 7, 6)
POSIES = (PosyKind("pink", 1), PosyKind("purple", 2), PosyKind("green", 3))
EXPECTED = {
    "vertices": 51,
    "adjacent pairs": 128,
    "degrees": {3: 6, 4: 16, 6: 29},
    "lines": 25,
    "collinear pairs": 286,
    "colours": 3,
    "per colour": 18,
    "board value": 102,
}


def per_colour(vertices, kinds=POSIES):
    """Return how many posies of each colour fill a board of this many vertices."""
    if not kinds or vertices % len(kinds):
        raise UserError(f"{vertices} vertices cannot be filled with equal numbers of {len(kinds)} colours")
    return vertices // len(kinds)


def board_value(rows=ROWS, kinds=POSIES):
    """Return the points on a board of these rows filled with equal numbers of each colour."""
    fill = per_colour(len(trigrid.points(rows)), kinds)
    short = [k.colour for k in kinds if k.count < fill]
    if short:
        raise UserError(f"not enough {', '.join(short)} posies to fill the board: {fill} of each are needed")
    return fill * sum(k.value for k in kinds)


def _mismatch(what, expected, found):
    """Return a failure message, or None when the numbers agree."""
    return None if expected == found else f"wrong number of {what} (expected {expected}, found {found})"


def check(points, tokens=POSIES, expected=EXPECTED):
    """Return a message for every GAMES.md check that the board points or posy tokens fail."""
    found_degrees = trigrid.degree_counts(points)
    results = [
        _mismatch("board vertices", expected["vertices"], len(points)),
        _mismatch("adjacent pairs", expected["adjacent pairs"], len(trigrid.edges(points))),
        *(
            _mismatch(f"points of degree {d}", expected["degrees"].get(d, 0), found_degrees.get(d, 0))
            for d in sorted(expected["degrees"].keys() | found_degrees.keys())
        ),
        _mismatch("maximal straight lines", expected["lines"], len(trigrid.lines(points))),
        _mismatch("non-adjacent collinear pairs", expected["collinear pairs"], len(trigrid.collinear_pairs(points))),
        _mismatch("posy colours", expected["colours"], len({k.colour for k in tokens})),
        _mismatch("posies", expected["colours"] * expected["per colour"], sum(k.count for k in tokens)),
        *(_mismatch(f"{k.colour} posies", expected["per colour"], k.count) for k in tokens),
    ]
    if tokens and len(points) % len(tokens) == 0:
        fill = len(points) // len(tokens)
        results += [_mismatch("points on a full board", expected["board value"], fill * sum(k.value for k in tokens))]
        results += [
            f"too few {k.colour} posies to fill the board (expected at least {fill}, found {k.count})"
            for k in tokens if k.count < fill
        ]
    else:
        results.append(
            f"board cannot be filled with equal numbers of each colour "
            f"(expected a multiple of {len(tokens)} vertices, found {len(points)})"
        )
    return [message for message in results if message]
