"""Posies (Rey Alicea, 2020): the posy tokens, the board's value, and the checks from GAMES.md."""

from collections import Counter
from ...records import NamedTuple

from generator.draw import diagram, svg, trigrid
from generator.components import KINDS, lattice_board
from generator.components.token import BADGE_FILL
from generator.draw.diagram import Diagram, round_cut
from generator.errors import UserError
from generator.units import HOME_PAPERS
from generator.spec.expand import expand, face_props


class PosyKind:
    """One colour of posy: its points value and how many tokens the set holds."""

    __slots__ = ("colour", "value", "count")

    def __init__(self, colour: str, value: int, count: int = 18) -> None:
        self.colour, self.value, self.count = colour, value, count


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


def figures(spec):
    """Figures the Posies texts quote: {points} on the board, {filled} of each colour on it, {spare} posies, {board-value}."""
    found = dict.fromkeys(("points", "spare", "filled", "board-value"))
    boards = [c for c in spec.components if c.kind == "lattice-board"]
    kinds, _ = posy_kinds(spec, *expand(spec))
    if len(boards) != 1 or not kinds:
        return found
    points = found["points"] = len(trigrid.points(boards[0].options["rows"]))
    found["spare"] = sum(k.count for k, _, _ in kinds) - points
    if points % len(kinds) == 0:
        found["filled"] = points // len(kinds)
        found["board-value"] = found["filled"] * sum(k.value for k, _, _ in kinds)
    return found


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


def groups(occupied):
    """The groups of touching posies among the occupied points, each a frozenset, in reading order."""
    links, seen, found = trigrid.neighbours(occupied), set(), []
    for start in links:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            p = todo.pop()
            if p not in group:
                group.add(p)
                todo += links[p]
        seen |= group
        found.append(frozenset(group))
    return found


def move_kind(state, a, b):
    """How taking posies a and b is allowed from a board state (point -> colour): "neighbours", "line" or None."""
    if a == b or a not in state or b not in state or state[a] != state[b]:
        return None
    pair = {(a, b), (b, a)}
    if pair & set(trigrid.edges(state)):
        return "neighbours"
    if pair & set(trigrid.collinear_pairs(state)):
        return "line"
    return None


def split_after(state, a, b):
    """The groups that a and b's group falls into once both are taken, smallest first."""
    group = next(g for g in groups(state) if a in g)
    rest = [p for p in state if p in group and p not in (a, b)]
    return sorted(groups(rest), key=len)


INK = "#000000"  # the rings, lines, arrow and labels drawn over a diagram's boards (svg.text's own black)
WIDTH = 170.0  # mm: diagrams are centred in this width, which fits the text column on A4 and Letter
BOARD_HEIGHT = 88.0  # mm: the tallest a board is drawn in a diagram
# Diagram boards: the whole board of ROWS, row by row as the board's art lays them out (the sheet may turn it):
# a posy's value (1 pink, 2 purple, 3 green) or "." for an empty point; "*" marks the two posies the move
# takes, "+" the smallest group a split hands over as well.
MOVES = {
    "Two neighbours": (
        "3 2 1 3 1 3",
        "1 1 2 2 3 2 3",
        "1 1 2 2 1 2 2 2",
        "3 3 3 1 3* 2 3 1 3",
        "2 3 1 3* 2 2 1 1",
        "1 2 3 3 2 1 3",
        "1 1 3 2 1 2",
    ),
    "Two in a line": (   # no other purple touches either, and none stands between: only the line takes them
        ". 1 . 3 1 3",
        "1 1 2* 3 . 2 3",
        ". 1 3 1 . 2 2 2",
        "3 3 3 1 3 1 . 1 .",
        ". . 1 . 2* 3 . 1",
        "1 2 3 3 . 1 3",
        "1 1 3 2 . .",
    ),
}
SPLIT = (
    "3 2 . 3 . .",
    "1 . 2 2 3 . .",
    "1 1 2 . . . . .",
    "3 3 . 1 . . . . .",
    ". . . 3* . 2+ . .",
    ". . . 3* 2+ . .",
    ". . . . . .",
)


def parse_example(rows, shape=ROWS):
    """A diagram board of the given row lengths: (state point -> colour, the two taken points, the points marked as also taken)."""
    colour = {str(k.value): k.colour for k in POSIES}
    points = trigrid.points(shape)
    lengths = tuple(len(row.split()) for row in rows)
    if lengths != tuple(shape):
        raise UserError(f"diagram board rows hold {lengths} points (expected {tuple(shape)})")
    words = [w for row in rows for w in row.split()]
    state, taken, extra = {}, [], set()
    for p, word in zip(points, words):
        if word != ".":
            state[p] = colour[word.rstrip("*+")]
        if word.endswith("*"):
            taken.append(p)
        if word.endswith("+"):
            extra.add(p)
    return state, taken, extra


def checked_move(rows):
    """A drawn move, refused unless the two marked posies may be taken: (state, taken pair, kind, groups after)."""
    state, taken, extra = parse_example(rows)
    kind = move_kind(state, *taken) if len(taken) == 2 else None
    if kind is None:
        raise UserError(f"diagram shows an illegal move: {', '.join(f'({p.q}, {p.r})' for p in taken)}")
    after = split_after(state, *taken)
    if extra and (len(after) < 2 or len(after[0]) == len(after[1]) or after[0] != extra):
        raise UserError("diagram marks a group as taken that is not the one smallest group of a split")
    if not extra and len(after) > 1:
        raise UserError("diagram move splits a group but does not show which group is taken")
    return state, taken, kind, after


def posy_arts(spec):
    """Each posy colour's token component and face, drawn without bleed and cut round."""
    arts = {}
    for comp in spec.components:
        if comp.kind == "token":
            for props in face_props(spec, comp):
                text = KINDS[comp.kind].render(spec, comp._replace(bleed=0.0), props)
                arts.setdefault(props["colour"], (f"posy-{props['colour']}", round_cut(text), comp.options["size"]))
    return arts


def printed_turn(spec) -> int:
    """How far the components PDF turns the board on the sheet, in degrees clockwise: A4's and Letter's turn, or 0
    when the two papers turn it differently (worked out once per spec: it imposes the sheets of both papers)."""
    return diagram.shared(spec, "posies printed turn", lambda: _printed_turn(spec))


def _printed_turn(spec) -> int:
    from generator.impose import imposition  # lazy: start-up (validate imposes nothing; a rulebook's diagram does)
    board = next(c for c in spec.components if c.kind == "lattice-board")
    pieces, _ = expand(spec)
    art = next(p.front for p in pieces if p.component == board.id)
    turns = {slot.rotation for paper in HOME_PAPERS for sheet in imposition.impose(spec, pieces, paper).sheets
             for slot in sheet.slots if slot.art == art}
    return turns.pop() if len(turns) == 1 else 0


class Board(NamedTuple):
    """The spec's whole board as a diagram draws it: turned as printed, at scale k; its size and point centres in mm."""

    text: svg.Drawing
    width: float
    height: float
    centres: dict
    k: float


def printed_board(spec, count=2, gap=16.0) -> Board:
    """The spec's board without bleed, turned as the sheet prints it, scaled so count boards fit side by side."""
    board = next(c for c in spec.components if c.kind == "lattice-board")
    if tuple(board.options["rows"]) != ROWS:
        raise UserError(f"{spec.path}: the rules' diagrams are drawn on a board of rows {', '.join(map(str, ROWS))} "
                        f"(components.{board.id}.rows is {', '.join(map(str, board.options['rows']))})")
    w, h = lattice_board.size(board.options)
    turn = printed_turn(spec)
    text = diagram.shared(spec, "posies board", lambda: diagram.turned(KINDS[board.kind].render(spec, board._replace(bleed=0.0), {}), turn))
    tw, th = (h, w) if turn % 180 else (w, h)
    k = min(BOARD_HEIGHT / th, (WIDTH - (count - 1) * gap) / count / tw)
    centres = {p: diagram.turned_point(c, w, h, turn) for p, c in lattice_board.layout(board.options).items()}
    return Board(text, tw * k, th * k, centres, k)


def panel(spec, board, state, x, y, ident):
    """The board with its posies at (x, y) mm: (parts, point centres in mm, posy radius in mm)."""
    k = board.k
    centres = {p: (x + cx * k, y + cy * k) for p, (cx, cy) in board.centres.items()}
    parts = [(ident, board.text, x, y, k)]
    arts = posy_arts(spec)
    for p, colour in state.items():
        key, text, size = arts[colour]
        cx, cy = centres[p]
        parts.append((key, text, cx - size * k / 2, cy - size * k / 2, k))
    return parts, centres, max(size for _, _, size in arts.values()) * k / 2


def ring(overlay, centre, radius, dashed=False):
    """A heavy ring round a posy that is taken."""
    extra = {"stroke_dasharray": (1.6, 1)} if dashed else {}
    overlay.add(overlay.circle(centre, svg.r(radius + 1.1), fill="none", stroke=INK, stroke_width=0.9, **extra))


@diagram.paints(INK, BADGE_FILL)   # the board and posies in the colours they read, the rings, line and labels in black
def removal_moves(spec, moves=MOVES):
    """The two ways to take a pair, each on the whole board with the taken posies ringed; refuses illegal examples."""
    gap = 16.0
    board = printed_board(spec, len(moves), gap)
    w, h = board.width, board.height
    x = (WIDTH - len(moves) * w - (len(moves) - 1) * gap) / 2
    overlay = svg.drawing(WIDTH, h + 8, ident="posies-moves-labels")
    parts = []
    for n, (label, rows) in enumerate(moves.items()):
        state, (a, b), kind, _ = checked_move(rows)
        made, centres, radius = panel(spec, board, state, x, 0, f"posies-board-{n}")
        parts += made
        if kind == "line":
            overlay.add(overlay.line(centres[a], centres[b], stroke=INK, stroke_width=0.6, stroke_dasharray=(2, 1.2)))
        for p in (a, b):
            ring(overlay, centres[p], radius)
        overlay.add(svg.text(overlay, label, x + w / 2, h + 6, 3.6, bold=True))
        x += w + gap
    return Diagram(WIDTH, h + 8, tuple(parts) + (("posies-moves-labels", overlay, 0, 0, 1.0),))


@diagram.paints(INK, BADGE_FILL)   # as removal_moves, and the arrow in black
def split_example(spec, rows=SPLIT):
    """A move that splits a group: before (the pair ringed) and after (the smallest group ringed, dashed)."""
    state, taken, _, after = checked_move(rows)
    gap = 26.0
    board = printed_board(spec, 2, gap)
    w, h = board.width, board.height
    x = (WIDTH - 2 * w - gap) / 2
    left, centres, radius = panel(spec, board, state, x, 0, "posies-split-before")
    right, moved, _ = panel(spec, board, {p: c for p, c in state.items() if p not in taken}, x + w + gap, 0,
                            "posies-split-after")
    overlay = svg.drawing(WIDTH, h + 8, ident="posies-split-labels")
    for p in taken:
        ring(overlay, centres[p], radius)
    for p in after[0]:
        ring(overlay, moved[p], radius, dashed=True)
    x0, x1, y = x + w + 5, x + w + gap - 5, h / 2
    overlay.add(overlay.line((x0, y), (x1 - 3, y), stroke=INK, stroke_width=0.8))
    overlay.add(overlay.polygon([(x1, y), (x1 - 4, y - 2.2), (x1 - 4, y + 2.2)], fill=INK))
    overlay.add(svg.text(overlay, "take the pair", x + w / 2, h + 6, 3.6, bold=True))
    overlay.add(svg.text(overlay, f"the smallest piece ({len(after[0])}) as well", x + w + gap + w / 2, h + 6, 3.6, bold=True))
    return Diagram(WIDTH, h + 8, tuple(left + right) + (("posies-split-labels", overlay, 0, 0, 1.0),))
