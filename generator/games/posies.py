"""Posies (Rey Alicea, 2020): the posy tokens, the board's value, and the checks from GAMES.md."""

from collections import Counter
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


def _board_failures(points, expected):
    """Messages for the board geometry checks that fail."""
    found_degrees = trigrid.degree_counts(points)
    return [
        _mismatch("board vertices", expected["vertices"], len(points)),
        _mismatch("adjacent pairs", expected["adjacent pairs"], len(trigrid.edges(points))),
        *(
            _mismatch(f"points of degree {d}", expected["degrees"].get(d, 0), found_degrees.get(d, 0))
            for d in sorted(expected["degrees"].keys() | found_degrees.keys())
        ),
        _mismatch("maximal straight lines", expected["lines"], len(trigrid.lines(points))),
        _mismatch("non-adjacent collinear pairs", expected["collinear pairs"], len(trigrid.collinear_pairs(points))),
    ]


def _posy_failures(points, tokens, expected):
    """(colour or None, message) for the posy checks: None when the message is about the whole set."""
    results = [
        (None, _mismatch("posy colours", expected["colours"], len({k.colour for k in tokens}))),
        (None, _mismatch("posies", expected["colours"] * expected["per colour"], sum(k.count for k in tokens))),
        *((k.colour, _mismatch(f"{k.colour} posies", expected["per colour"], k.count)) for k in tokens),
    ]
    if tokens and len(points) % len(tokens) == 0:
        fill = len(points) // len(tokens)
        results += [(None, _mismatch("points on a full board", expected["board value"], fill * sum(k.value for k in tokens)))]
        results += [
            (k.colour, f"too few {k.colour} posies to fill the board (expected at least {fill}, found {k.count})")
            for k in tokens if k.count < fill
        ]
    else:
        results.append((None, f"board cannot be filled with equal numbers of each colour "
                              f"(expected a multiple of {len(tokens)} vertices, found {len(points)})"))
    return results


def check_set(points, tokens=POSIES, expected=EXPECTED):
    """Return a message for every GAMES.md check that the board points or posy tokens fail."""
    results = _board_failures(points, expected) + [message for _, message in _posy_failures(points, tokens, expected)]
    return [message for message in results if message]


CLEARANCE = 2.0  # mm left between two posies on neighbouring points
REQUIRED = {"lattice-board": "board", "token": "posies", "reference-card": "reference card"}


def posy_kinds(spec, pieces, arts):
    """The spec's token pieces as (PosyKind, component ids, flower forms) per colour in spec order, and any faults."""
    values, counts, owners, forms, faults = {}, Counter(), {}, {}, []
    for piece in pieces:
        if spec.component(piece.component).kind != "token":
            continue
        props = arts[piece.front].props
        colour = props.get("colour", "")
        if "value" not in props:
            faults.append((piece.component, "posy without a value (expected pips or a numeral, found none)"))
            continue
        value = values.setdefault(colour, props["value"])
        if props["value"] != value:
            faults.append((piece.component, f"{colour} posies of different values (expected {value}, found {props['value']})"))
        counts[colour] += 1
        owners.setdefault(colour, {})[piece.component] = None
        forms.setdefault(colour, {})[props.get("shape", "")] = None
    kinds = [(PosyKind(c, values[c], counts[c]), tuple(owners[c]), tuple(forms[c])) for c in values]
    return kinds, faults


def check(spec, pieces, arts):
    """Check every Posies figure of GAMES.md section 4, computed from the spec: returns (component, message) failures."""
    boards = [c for c in spec.components if c.kind == "lattice-board"]
    if len(boards) != 1:
        return [("board", f"lattice boards (expected 1, found {len(boards)})")]
    board = boards[0]
    points = trigrid.points(board.options["rows"])
    kinds, fails = posy_kinds(spec, pieces, arts)
    tokens = tuple(k for k, _, _ in kinds)
    owner = {k.colour: ", ".join(ids) for k, ids, _ in kinds}
    fails += [(board.id, m) for m in _board_failures(points, EXPECTED) if m]
    fails += [(owner.get(colour, "posies"), m) for colour, m in _posy_failures(points, tokens, EXPECTED) if m]
    by_colour = {k.colour: k for k in tokens}
    for rule in POSIES:
        mine = by_colour.get(rule.colour)
        if mine is None:
            fails.append(("posies", f"no {rule.colour} posies (expected {rule.count} worth {rule.value}, found none)"))
        elif mine.value != rule.value:
            fails.append((owner[rule.colour], f"{rule.colour} posy value (expected {rule.value}, found {mine.value})"))
    forms = [form for _, _, fs in kinds for form in fs]
    if "" in forms or len(set(forms)) != len(kinds) or len(forms) != len(kinds):
        fails.append(("posies", f"flower forms, one of its own per colour so colour is never the only cue "
                                f"(expected {len(kinds)} distinct, found {', '.join(f or 'none' for f in forms)})"))
    sizes = {spec.component(i).options["size"] for _, ids, _ in kinds for i in ids}
    if sizes and board.options["spacing"] < max(sizes) + CLEARANCE:
        fails.append((board.id, f"point spacing too tight for {max(sizes):g} mm posies "
                                f"(expected at least {max(sizes) + CLEARANCE:g} mm, found {board.options['spacing']:g} mm)"))
    return fails
