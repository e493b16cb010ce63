"""Glorieta: the hexhex7 board, its ring of 42 coloured spaces, the board checks and a loop checker.

Cells are axial coordinates written "q,r" (hexgrid's Hex.axial; "0,0" is the centre, the board is
every cell within 6 steps). A position file lists the stones by the side that shows, and may
replace the ring's colours with 42 names in ring order (hexgrid.ring(7): from the corner space in
direction 0, clockwise on screen):

    stones:
      black: ["1,0", "0,1", "-1,1", "-1,0", "0,-1"]
      yellow: ["3,-3"]
      pink: ["1,-1"]
    ring: [black, black, ...]  # optional

Quote coordinates inside [...] lists: YAML reads [1,0] as two numbers.
"""
import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from ...records import NamedTuple

from generator.draw import hexgrid, svg
from generator.spec import yamlsource
from generator.components import hex_board
from generator.draw import diagram
from generator.draw.diagram import Diagram
from generator.errors import SpecError, UserError
from generator.files import beside
from generator.spec.expand import Art
from generator.draw.hexgrid import Hex, hexhex, ring
from generator.located import spec_error
from generator.spec import schema
from generator.draw.render import draw_art

BOARD_RADIUS = 6
PLAYERS = ("black", "yellow")
PINK = "pink"
STONE_SIDES = PLAYERS + (PINK,)
CELLS = tuple(hexhex(BOARD_RADIUS))
RING_SPACES = tuple(ring(BOARD_RADIUS + 1))
SMALLEST_LOOP = 6  # pieces round a single cell: a smaller group surrounds nothing


class Position(NamedTuple):
    """Stones on the board (cell -> the side showing) and the ring's colours (space -> player)."""

    stones: MappingProxyType
    ring: MappingProxyType


class Loop(NamedTuple):
    """A player's connected group of own and pink stones and own ring spaces, and the cells it surrounds."""

    player: str
    stones: frozenset
    ring: frozenset
    enclosed: frozenset


def ring_colours(radius=BOARD_RADIUS, run=7, start="black"):
    """Colour the ring in alternating runs from the space after the direction-0 corner; default: a side and its next corner."""
    if start not in PLAYERS:
        raise UserError(f"unknown ring colour {start!r} (use black or yellow)")
    if not isinstance(run, int) or run < 1:
        raise UserError(f"a ring run is a whole number of spaces, at least 1, got {run!r}")
    spaces = ring(radius + 1)
    other = PLAYERS[1 - PLAYERS.index(start)]
    return {h: (start, other)[((i - 1) % len(spaces)) // run % 2] for i, h in enumerate(spaces)}


def explicit_ring(colours, source="<ring>"):
    """Colour the ring from a list of 42 player colours in ring order."""
    if not isinstance(colours, list) or len(colours) != len(RING_SPACES):
        raise SpecError(source, "ring", f"give a list of {len(RING_SPACES)} colours, one per ring space in ring order")
    for i, colour in enumerate(colours):
        if colour not in PLAYERS:
            raise SpecError(source, f"ring[{i}]", f"unknown ring colour {colour!r} (use black or yellow)")
    return dict(zip(RING_SPACES, colours))


class World(NamedTuple):
    """The board, its ring and the spaces just beyond, and the tables the loop finder reads: worked out when first asked
    for (world()), so that a build whose checks and diagrams are kept works out none of them."""

    beyond: tuple          # the spaces just outside the ring
    hexes: frozenset       # the board, its ring and the spaces beyond
    neighbours: Mapping    # each of those hexes' neighbours among them, in direction order, as Hex.neighbours()
    number: Mapping        # each of those hexes' number in Hex's own order (q, then r): the flood runs on numbers
    near: tuple            # by number, the numbers of its neighbours
    cell_numbers: tuple    # (cell, its number) of each board cell


@functools.cache
def world() -> World:
    """The World, worked out on (q, r) pairs: a Hex made and hashed for each neighbour costs ten times as much."""
    hexes = frozenset(hexhex(BOARD_RADIUS + 2))
    at = {(h.q, h.r): h for h in hexes}
    steps = tuple((d.q, d.r) for d in hexgrid.DIRECTIONS)
    neighbours = {h: tuple(at[h.q + dq, h.r + dr] for dq, dr in steps if (h.q + dq, h.r + dr) in at) for h in hexes}
    spot = {q_r: n for n, q_r in enumerate(sorted(at))}   # Hex's own order, its compare not called
    number = MappingProxyType({at[q_r]: n for q_r, n in spot.items()})
    near = tuple(tuple(spot[q + dq, r + dr] for dq, dr in steps if (q + dq, r + dr) in spot) for q, r in spot)
    return World(tuple(ring(BOARD_RADIUS + 2)), hexes, MappingProxyType(neighbours), number, near,
                 tuple((h, number[h]) for h in CELLS))


def _next_to(h: Hex) -> Sequence[Hex]:
    """The six hexes next to h in direction order: from the table of the world's hexes where it holds all six, else made."""
    found = world().neighbours.get(h)
    return found if found is not None and len(found) == 6 else h.neighbours()


def perimeter_neighbour_counts(cells=CELLS, ring_spaces=RING_SPACES):
    """Return, for each cell on the board's edge, how many ring spaces touch it."""
    inside, around = set(cells), set(ring_spaces)
    return {
        h: sum(n in around for n in _next_to(h))
        for h in cells
        if any(n not in inside for n in _next_to(h))
    }


def edge_loop_cells(ring_spaces: Mapping[Hex, str], cells: Iterable[Hex] = CELLS) -> dict[str, list[Hex]]:
    """Return, per player, the edge cells whose ring spaces are all theirs: the cells a loop through the ring can fence in."""
    beside = {h: {ring_spaces[n] for n in _next_to(h) if n in ring_spaces} for h in sorted(cells)}
    return {p: [h for h, colours in beside.items() if colours == {p}] for p in PLAYERS}


def _found(what, expected, found):
    return f"{what} (expected {expected}, found {found})"


def check_board(cells, ring_spaces):
    """Return failure messages for a board: its cells, and its ring as space -> colour."""
    failures = []
    checks = [("board cells", 127, len(set(cells))), ("ring spaces", 42, len(ring_spaces))]
    colours = list(ring_spaces.values())
    checks += [(f"{p} ring spaces", 21, colours.count(p)) for p in PLAYERS]
    checks.append(("ring spaces neither black nor yellow", 0, sum(c not in PLAYERS for c in colours)))
    counts = list(perimeter_neighbour_counts(cells, ring_spaces).values())
    checks += [
        ("perimeter cells", 36, len(counts)),
        ("perimeter cells with 3 ring neighbours", 6, counts.count(3)),
        ("perimeter cells with 2 ring neighbours", 30, counts.count(2)),
    ]
    for what, expected, found in checks:
        if found != expected:
            failures.append(_found(what, expected, found))
    for player, edge_cells in edge_loop_cells(ring_spaces, cells).items():
        if not edge_cells:
            failures.append(f"{player} can never use the ring in a loop: no edge cell has only {player} ring spaces "
                            "beside it (expected at least 1 such cell, found 0)")
    return failures


def _cell(text, source, key):
    """Read a "q,r" board cell, or raise SpecError."""
    try:
        q, r = (int(part) for part in text.split(","))
    except (AttributeError, ValueError):
        raise SpecError(source, key, f'{schema.found(text)} is not a cell: write "q,r", e.g. "1,-2"') from None
    h = Hex.axial(q, r)
    if h.length() > BOARD_RADIUS:
        raise SpecError(source, key, f"cell {text!r} is off the board ({h.length()} steps from the centre, at most 6)")
    return h


def parse_position(data, source="<position>"):
    """Check a position read from YAML and return it as a Position."""
    if not isinstance(data, dict):
        raise SpecError(source, "", "a position is a mapping with 'stones' and optionally 'ring'")
    for key in data:
        if key not in ("stones", "ring"):
            raise SpecError(source, yamlsource.dotted((key,)), "unknown key (use stones, ring)")
    by_side = data.get("stones") or {}
    if not isinstance(by_side, dict):
        raise SpecError(source, "stones", 'give the stones as side: ["q,r", ...], e.g. black: ["0,1"]')
    stones = {}
    for side, cells in by_side.items():
        if side not in STONE_SIDES:
            raise SpecError(source, yamlsource.dotted(("stones", side)), f"unknown stone colour {side!r} (use black, yellow or pink)")
        if not isinstance(cells, list):
            raise SpecError(source, f"stones.{side}", 'give a list of "q,r" cells')
        for i, text in enumerate(cells):
            key = f"stones.{side}[{i}]"
            h = _cell(text, source, key)
            if h in stones:
                raise SpecError(source, key, f"cell {text!r} already holds a {stones[h]} stone")
            stones[h] = side
    ring_map = explicit_ring(data["ring"], source=source) if "ring" in data else ring_colours()
    return Position(MappingProxyType(stones), MappingProxyType(ring_map))


def load_position(path):
    """Read a position file with the spec's own safe YAML reader; errors name the file, line and key."""
    data, lines = yamlsource.load(path, noun="position")
    try:
        return parse_position(data, source=path)
    except SpecError as exc:
        at = {yamlsource.dotted(key_path): line for key_path, line in lines.items()}
        raise SpecError(path, exc.key_path, exc.message, at.get(exc.key_path)) from None


def _components(cells):
    """Split a set of hexes into connected groups."""
    left, groups, neighbours = set(cells), [], world().neighbours
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            for n in neighbours[todo.pop()]:
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    return groups


def _enclosed(group):
    """Return the board cells a group surrounds, whatever they hold, each fenced in by the rest of the group."""
    # A cell is fenced in when neither it nor a neighbour reaches beyond the ring without crossing the group:
    # a cell outside the group then lies in a hole, and a cell of the group touches only the group and holes,
    # so the group less that cell still cuts it off.
    tables = world()
    number, near = tables.number, tables.near
    fence = {number[h] for h in group if h in number}
    todo = [number[h] for h in tables.beyond if number[h] not in fence]
    beyond = set(todo)
    while todo:
        for n in near[todo.pop()]:
            if n not in fence and n not in beyond:
                beyond.add(n)
                todo.append(n)
    return {h for h, n in tables.cell_numbers if n not in beyond and not any(m in beyond for m in near[n])}


def _cyclic(group) -> bool:
    """True unless a connected group is a tree (as many touching pairs as hexes less one): a tree fences in nothing, as
    only a set of hexes holding a cycle cuts the grid apart (each hex touches six that touch each other in turn), and
    no hex of a tree has all six neighbours in it. The ring's runs, chains of spaces, are trees: no flood for them."""
    neighbours = world().neighbours
    return sum(n in group for h in group for n in neighbours[h]) >= 2 * len(group)


def loops(position):
    """Return every loop in a position, black's first, each group once with all the cells it surrounds."""
    found = []
    for player in PLAYERS:
        own = {h for h, side in position.stones.items() if side in (player, PINK)}
        own |= {h for h, colour in position.ring.items() if colour == player}
        for group in sorted(_components(own), key=min):
            enclosed = _enclosed(group) if len(group) >= SMALLEST_LOOP and _cyclic(group) else ()
            if enclosed:
                stones = frozenset(h for h in group if h in position.stones)
                found.append(Loop(player, stones, frozenset(group - stones), frozenset(enclosed)))
    return found


def cell_name(h):
    """Write a cell as "q,r"."""
    return f"{h.q},{h.r}"


def describe(position):
    """Lines reporting a position's loops: each loop's player, stones, ring spaces and enclosed cells, then a summary."""
    lines, found = [], loops(position)
    for n, loop in enumerate(found, start=1):
        stones = " ".join(cell_name(h) for h in sorted(loop.stones))
        enclosed = " ".join(cell_name(h) for h in sorted(loop.enclosed))
        pink = sum(position.stones[h] == PINK for h in loop.stones)
        lines.append(f"loop {n}: {loop.player}, {len(loop.stones)} stones ({pink} pink), {len(loop.ring)} ring spaces: {stones}")
        lines.append(f"    encloses {len(loop.enclosed)} cell{'s' * (len(loop.enclosed) != 1)}: {enclosed}")
    per_player = [sum(loop.player == p for loop in found) for p in PLAYERS]
    if not found:
        lines.append("summary: no loop")
    else:
        owners = " and ".join(p for p, k in zip(PLAYERS, per_player) if k)
        counts = ", ".join(f"{p} {k}" for p, k in zip(PLAYERS, per_player))
        lines.append(f"summary: {len(found)} loop{'s' * (len(found) != 1)} ({counts}): {owners} {'has' if ' and ' not in owners else 'have'} a loop")
    return lines


# Validation of a Glorieta spec: the board from its hex-board, the stones from its tokens.

STONES_PER_PLAYER = 64
STONE_CLEARANCE = 1.0  # mm left between a stone and its cell's sides, each side


def _board(spec):
    """The spec's one hex-board component, or None."""
    boards = [c for c in spec.components if c.kind == "hex-board"]
    return boards[0] if len(boards) == 1 else None


def figures(spec):
    """Figures the Glorieta texts quote: the board's {cells}, its {ring-spaces} and how many of them are each colour."""
    found = dict.fromkeys(("cells", "ring-spaces") + tuple(f"ring-{colour}" for colour in PLAYERS))
    board = _board(spec)
    if board is None:
        return found
    o = board.options
    ring = Counter(hex_board.ring_map(o).values())
    found.update({"cells": len(hex_board.cells(o)), "ring-spaces": sum(ring.values())})
    found.update({f"ring-{colour}": ring[colour] for colour in PLAYERS})
    return found


def check_colours(spec) -> list:
    """The colours check reads (Ruleset.check_colours): the pink, and each stone's back fill, to tell a pink back."""
    return [PINK, *(c.back.fill for c in spec.components if c.kind == "token" and c.back is not None)]


def check(spec, pieces, arts):
    """Check the Glorieta figures of GAMES.md section 6, computed from the spec: board, ring and stones."""
    board = _board(spec)
    if board is None:
        found = sum(c.kind == "hex-board" for c in spec.components)
        return [("board", f"hex boards (expected 1, found {found})")]
    o = board.options
    fails = [(board.id, message) for message in check_board(hex_board.cells(o), hex_board.ring_map(o))]
    counts, owners, backless, sizes = {p: 0 for p in PLAYERS}, {}, {}, {}
    for piece in pieces:
        comp = spec.component(piece.component)
        colour = arts[piece.front].props.get("colour") if comp.kind == "token" else None
        if colour not in PLAYERS:
            continue
        counts[colour] += 1
        owners.setdefault(colour, {})[comp.id] = None
        sizes[comp.id] = comp.options["size"]
        pink_back = piece.back is not None and spec.colour(comp.back.fill) == spec.colour(PINK)
        if not pink_back:
            backless[comp.id] = backless.get(comp.id, 0) + 1
    for player in PLAYERS:
        if counts[player] < STONES_PER_PLAYER:
            where = ", ".join(owners.get(player, {})) or "stones"
            fails.append((where, f"{player} stones (expected at least {STONES_PER_PLAYER}, found {counts[player]})"))
    for cid, n in backless.items():
        fails.append((cid, f"stones without a pink back (expected 0, found {n})"))
    widest = o["cell"] - 2 * STONE_CLEARANCE
    for cid, across in sizes.items():
        if across > widest:
            fails.append((cid, f"stone too wide for a {o['cell']:g} mm cell (expected at most {widest:g} mm, found {across:g} mm)"))
    return fails


# Rulebook diagrams: example positions drawn on the real board, each checked by loops() before it is drawn.

EXAMPLES = {  # position file stem in specs/positions -> (the player whose loop it shows or None, label)
    "six-around-one": ("black", "six around one: a black loop"),
    "edge-loop": ("yellow", "at the edge: a yellow loop"),
    "pink-loop": ("black", "through pink: a black loop"),
    "not-a-loop": (None, "no loop"),
    "own-stone-inside": ("black", "round its own stone: a black loop"),
    "solid-group": ("yellow", "a solid group: a yellow loop"),
}
DIAGRAM_BOARD = 82.0   # width in mm of one board in a diagram
ENCLOSED = "#1f6fd0"   # outline of the cells a loop surrounds


def example(spec, name):
    """An example position on the spec's board (its ring unless the file gives one), checked against its label."""
    path = beside(spec.path, "positions", f"{name}.yaml")
    position = load_position(path)
    if "ring" not in yamlsource.load(path, noun="position")[0]:
        position = position._replace(ring=MappingProxyType(hex_board.ring_map(_board(spec).options)))
    owner, label = EXAMPLES[name]
    found = loops(position)
    if {loop.player for loop in found} != ({owner} if owner else set()):
        shown = ", ".join(sorted({loop.player for loop in found})) or "no loop"
        raise UserError(f"{path}: the rules show this position as {label!r}, but loops() finds {shown}")
    return position, found, label


def _stone_colours(spec):
    """Each stone side's fill colour, from the spec's tokens and their backs."""
    colours = {PINK: spec.colour(PINK)}
    for comp in spec.components:
        for item in comp.faces.items if comp.kind == "token" else ():
            colours[item.get("colour")] = spec.colour(item.get("colour"))
    return colours


def _positions(spec, names, ident):
    """Boards side by side, each with an example's stones, its enclosed cells outlined and its label."""
    board = _board(spec)
    o = board.options
    bw, bh = hex_board.size(o)
    scale, gap = DIAGRAM_BOARD / bw, 8.0
    width, height = len(names) * DIAGRAM_BOARD + (len(names) - 1) * gap, bh * DIAGRAM_BOARD / bw + 8
    art = Art(f"{board.id}-diagram", board.id, "front", diagram.MINIATURE)
    stone = max(c.options["size"] for c in spec.components if c.kind == "token") / 2 * scale
    fills, ink = _stone_colours(spec), spec.colour(o["ink"])
    parts, overlay = [], svg.drawing(width, height, ident=ident)
    drawing = diagram.shared(spec, art.key, lambda: draw_art(spec, art))  # one board drawn, under each example
    for n, name in enumerate(names):
        position, found, label = example(spec, name)
        left = n * (DIAGRAM_BOARD + gap)
        parts.append((art.key, drawing, left - board.bleed * scale, -board.bleed * scale, scale))
        where = hexgrid.Layout(hex_board.ORIENTATIONS[o["orientation"]], o["cell"] * scale,
                               (left + bw * scale / 2, bh * scale / 2))
        for h in sorted({h for loop in found for h in loop.enclosed}):
            corners = [(svg.r(x), svg.r(y)) for x, y in hexgrid.polygon_corners(where, h)]
            overlay.add(overlay.polygon(corners, fill="none", stroke=ENCLOSED, stroke_width=0.6))
        for h, side in sorted(position.stones.items()):
            x, y = hexgrid.hex_to_pixel(where, h)
            overlay.add(overlay.circle((svg.r(x), svg.r(y)), svg.r(stone), fill=fills[side], stroke=ink, stroke_width=0.15))
        overlay.add(svg.text(overlay, label, left + DIAGRAM_BOARD / 2, height - 2, 3.2, bold=True))
    return Diagram(width, height, tuple(parts) + ((ident, overlay, 0, 0, 1.0),))


@diagram.paints(ENCLOSED, "#000000")   # the board and stones in the colours they read, the outlines, labels in black
def loop_examples(spec):
    """The smallest loop and a loop closed by ring spaces."""
    return _positions(spec, ("six-around-one", "edge-loop"), "loop-examples-overlay")


@diagram.paints(ENCLOSED, "#000000")   # as loop_examples
def more_examples(spec):
    """A loop through pink stones and a position without a loop."""
    return _positions(spec, ("pink-loop", "not-a-loop"), "more-examples-overlay")


@diagram.paints(ENCLOSED, "#000000")   # as loop_examples
def solid_examples(spec) -> Diagram:
    """Loops whose enclosed cells hold the player's own stones: six round a seventh, and a solid group."""
    return _positions(spec, ("own-stone-inside", "solid-group"), "solid-examples-overlay")


def six_around_one(ring_map: Mapping) -> Position:
    """The smallest loop: six black stones around a yellow one in the centre cell, with the board's ring."""
    stones = {**{h: PLAYERS[0] for h in hexgrid.ORIGIN.neighbours()}, hexgrid.ORIGIN: PLAYERS[1]}
    return Position(MappingProxyType(stones), MappingProxyType(ring_map))


def _card_board(spec, name: str):
    """The spec's board, which a card diagram is drawn on (an error naming the diagram when there is none)."""
    board = _board(spec)
    if board is None:
        raise spec_error(spec, ("components",), f"the {name} diagram is drawn on the board (expected one "
                                                 f"hex-board, found {sum(c.kind == 'hex-board' for c in spec.components)})")
    return board


def _patch(spec, options: Mapping, position: Position, centre: Hex, ident: str) -> svg.Drawing:
    """A piece of the board for a card: the cells and ring spaces within two steps of centre, outlined in blue,
    with the position's stones."""
    o = options
    where = hexgrid.Layout(hex_board.ORIENTATIONS[o["orientation"]], o["cell"])
    fills = {h: o["cell_fill"] for h in hex_board.cells(o)} | dict(position.ring)
    near = (centre.add(step) for step in hexhex(2))   # the hexes within two steps of centre
    corners = {h: hexgrid.polygon_corners(where, h) for h in sorted(h for h in near if h in fills)}
    x0, y0 = (min(c[i] for cs in corners.values() for c in cs) - o["line"] for i in (0, 1))
    x1, y1 = (max(c[i] for cs in corners.values() for c in cs) + o["line"] for i in (0, 1))
    dwg = svg.drawing(x1 - x0, y1 - y0, ident=ident)
    dwg.viewbox(x0, y0, x1 - x0, y1 - y0)
    ink, stones = spec.colour(o["ink"]), _stone_colours(spec)
    stone = max((c.options["size"] for c in spec.components if c.kind == "token"), default=o["cell"] - 2) / 2
    outline = lambda h, **paint: dwg.polygon([(svg.r(x), svg.r(y)) for x, y in corners[h]], stroke_linejoin="round", **paint)
    for h in corners:
        dwg.add(outline(h, fill=spec.colour(fills[h]), stroke=ink, stroke_width=o["line"]))
    dwg.add(outline(centre, fill="none", stroke=ENCLOSED, stroke_width=3 * o["line"]))
    for h, side in sorted(position.stones.items()):
        x, y = hexgrid.hex_to_pixel(where, h)
        dwg.add(dwg.circle((svg.r(x), svg.r(y)), svg.r(stone), fill=stones.get(side, ink), stroke=ink, stroke_width=o["line"]))
    return dwg


def _patch_reads(spec) -> list:
    """What a piece of the board drawn for a card reads (diagram.reads): the components (the board, the stones' sizes)
    and the colours of its cells, ring spaces and ink, and of the stones' sides."""
    board = _board(spec)
    names = {PINK, *(item["colour"] for c in spec.components if c.kind == "token" for item in c.faces.items
                     if "colour" in item)}
    if board is not None:
        o = board.options
        names |= {o["ink"], o["cell_fill"], *hex_board.ring_map(o).values()}
    return ["components", *(f"colour:{name}" for name in sorted(names))]


def _smallest(spec, options: Mapping) -> svg.Drawing:
    """The six-around-one loop on a piece of the board, checked by loops()."""
    position = six_around_one(hex_board.ring_map(options))
    found = [(loop.player, loop.enclosed) for loop in loops(position)]
    if found != [(PLAYERS[0], {hexgrid.ORIGIN})]:
        shown = ", ".join(f"a {player} loop around {len(cells)} cells" for player, cells in found) or "no loop"
        raise UserError(f"the smallest-loop diagram shows one {PLAYERS[0]} loop around the centre cell, but loops() "
                        f"finds {shown}")
    return _patch(spec, options, position, hexgrid.ORIGIN, "smallest-loop")


@diagram.paints(ENCLOSED)   # the cells and stones in the colours they read, the fenced cell outlined
@diagram.reads(_patch_reads)
def smallest_loop(spec) -> Diagram:
    """The six-around-one loop on a piece of the board, the cells within two steps of the one it fences in (for a card)."""
    dwg = _smallest(spec, _card_board(spec, "smallest-loop").options)
    return Diagram(dwg.width, dwg.height, (("smallest-loop", dwg, 0, 0, 1.0),))


def _edge_loop(options: Mapping) -> tuple[Position, Hex] | None:
    """A yellow loop at the edge: four yellow stones and two yellow ring spaces round an edge cell of the board's ring,
    checked by loops(); None when the ring has no such cell (the board check says so)."""
    ring, inside = hex_board.ring_map(options), set(hex_board.cells(options))
    fenced = [h for h in edge_loop_cells(ring, inside)[PLAYERS[1]] if sum(n in inside for n in _next_to(h)) == 4]
    if not fenced:
        return None
    cell = fenced[0]
    position = Position(MappingProxyType({n: PLAYERS[1] for n in _next_to(cell) if n in inside}), MappingProxyType(ring))
    found = [(loop.player, loop.enclosed) for loop in loops(position)]
    if found != [(PLAYERS[1], {cell})]:
        shown = ", ".join(f"a {player} loop around {len(cells)} cells" for player, cells in found) or "no loop"
        raise UserError(f"the card-loops diagram shows one {PLAYERS[1]} loop around an edge cell, but loops() finds {shown}")
    return position, cell


@diagram.paints(ENCLOSED)   # as smallest_loop
@diagram.reads(_patch_reads)
def card_loops(spec) -> Diagram:
    """For a card, side by side at half the board's size: the smallest loop, and a loop at the edge closed by two ring
    spaces (left out when the ring has no edge cell for it)."""
    options = _card_board(spec, "card-loops").options
    edge = _edge_loop(options)
    parts = [_smallest(spec, options)] + ([_patch(spec, options, *edge, "edge-loop")] if edge else [])
    k, gap, height = 0.5, options["cell"] / 2, max(p.height for p in parts) / 2
    return Diagram(k * sum(p.width for p in parts) + gap * (len(parts) - 1), height,
                   tuple((p.ident, p, n * (k * parts[0].width + gap), (height - k * p.height) / 2, k) for n, p in enumerate(parts)))
