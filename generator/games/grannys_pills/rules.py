"""Granny's Pills: the prescription generator and the rule checks of GAMES.md section 1."""
from collections import Counter
from types import MappingProxyType

from ...draw import svg
from ...draw.diagram import Diagram, paints, reads
from ...components.kind import faces_read
from ...games import reads_components
from ...spec.expand import Art, face_props, marked
from ...spec.figures import pieces as figure_pieces
from ...located import spec_error
from ...draw.render import draw_art

# The rules' own figures (GAMES.md section 1); the checks compute each from the spec and compare.
RULES = {
    "pills": 112, "copies": 7, "board_cells": 36, "bag_after_setup": 76, "player_boards": 4,
    "trominoes_board": (48, 100), "trominoes_schedule": 22, "swap_pairs": 60, "prescriptions": 35,
    "min_colours": 3, "max_per_colour": 4, "round_score": (0, 18),
}
MAX_TRIES = 20_000  # swaps the generator may try before it says the seed does not work (the shipped seed needs ~300)
# The six fixed trominoes: two straight (I) and four bent (L), as (row, col) offsets.
TROMINOES = {
    "I horizontal": ((0, 0), (0, 1), (0, 2)),
    "I vertical": ((0, 0), (1, 0), (2, 0)),
    "L top-left": ((0, 0), (0, 1), (1, 0)),
    "L top-right": ((0, 0), (0, 1), (1, 1)),
    "L bottom-left": ((0, 0), (1, 0), (1, 1)),
    "L bottom-right": ((0, 1), (1, 0), (1, 1)),
}


def pill_properties(spec):
    """The pill colours and shapes, in the order the pill faces name them."""
    faces = face_props(spec, spec.component("pill"))
    return list(dict.fromkeys(f["colour"] for f in faces)), list(dict.fromkeys(f["shape"] for f in faces))


def balanced_pool(values, total, rng):
    """A shuffled list of total items in which every value occurs floor or ceil(total / len) times."""
    base, extra = divmod(total, len(values))
    lucky = rng.sample(values, extra)
    pool = [v for v in values for _ in range(base + (v in lucky))]
    rng.shuffle(pool)
    return pool


def _faults(colours):
    """How far one pattern's colours are from the rules (>= 3 colours, none more than 4 times)."""
    counts = Counter(colours)
    return max(0, RULES["min_colours"] - len(counts)) + sum(max(0, n - RULES["max_per_colour"]) for n in counts.values())


def rotate(pattern):
    """Turn a square pattern (tuple of rows) 90 degrees clockwise."""
    return tuple(zip(*pattern[::-1]))


def canonical(pattern):
    """The smallest of a pattern's four rotations: equal for patterns that are rotations of each other."""
    pattern = tuple(tuple(tuple(cell) for cell in row) for row in pattern)
    turns = [pattern]
    for _ in range(3):
        turns.append(rotate(turns[-1]))
    return min(turns)


@reads_components("pill", "prescription")   # the pills' colours and shapes, its own options, count and seed
def prescriptions(spec, comp):
    """Generate the prescription patterns from the spec's seed, meeting every constraint in the rules."""
    colours, shapes = pill_properties(spec)
    rows, cols = comp.options["rows"], comp.options["cols"]
    size, count = rows * cols, comp.faces.count
    feasible(spec, comp, len(colours), len(shapes))
    import heapq  # lazy: start-up (a rebuild takes the prescriptions kept)
    import random  # lazy: start-up
    rng = random.Random(comp.faces.seed)
    cells = balanced_pool(colours, count * size, rng)
    patterns = [cells[i * size:(i + 1) * size] for i in range(count)]
    bad = [i for i, p in enumerate(patterns) if _faults(p)]  # a heap of pattern numbers, some perhaps repaired since
    for _ in range(MAX_TRIES):
        while bad and not _faults(patterns[bad[0]]):
            heapq.heappop(bad)
        if not bad:
            break
        i, j = bad[0], rng.randrange(count)
        a, b = rng.randrange(size), rng.randrange(size)
        before = _faults(patterns[i]) + _faults(patterns[j])
        patterns[i][a], patterns[j][b] = patterns[j][b], patterns[i][a]
        if i == j or _faults(patterns[i]) + _faults(patterns[j]) >= before:
            patterns[i][a], patterns[j][b] = patterns[j][b], patterns[i][a]
        elif _faults(patterns[j]):
            heapq.heappush(bad, j)
    else:
        raise spec_error(spec, ("components", comp.id, "faces", "seed"),
                         f"seed {comp.faces.seed} gives no {count} prescriptions that meet the colour rules within "
                         f"{MAX_TRIES:,} swaps: try another seed, or fewer prescriptions")
    shape_cells = balanced_pool(shapes, count * size, rng)
    faces, seen = [], set()
    for n, colour_cells in enumerate(patterns):
        mine = shape_cells[n * size:(n + 1) * size]
        grid = lambda: [[[colour_cells[r * cols + c], mine[r * cols + c]] for c in range(cols)] for r in range(rows)]
        for _ in range(MAX_TRIES):
            if canonical(grid()) not in seen:
                break
            a, b = rng.sample(range(size), 2)
            mine[a], mine[b] = mine[b], mine[a]
        else:
            raise spec_error(spec, ("components", comp.id, "faces", "seed"),
                             f"seed {comp.faces.seed} gives no distinct shapes for prescription {n + 1}: try another seed")
        seen.add(canonical(grid()))
        faces.append({"pattern": grid()})
    return faces


def feasible(spec, comp, colours, shapes):
    """Refuse, before any work, a prescription set the rules make impossible: too few colours or cells, too few patterns."""
    size, low, high = comp.options["rows"] * comp.options["cols"], RULES["min_colours"], RULES["max_per_colour"]
    rule = f"a prescription shows at least {low} pill colours, none more than {high} times"
    if colours < low:
        where = ("components", "pill", "faces") + (("product", "colour") if spec.component("pill").faces.product else ())
        raise spec_error(spec, where, f"{rule}: the pills need at least {low} colours (found {colours})")
    if not low <= size <= high * colours:
        raise spec_error(spec, ("components", comp.id, "rows"), f"{rule}: with {colours} colours that takes {low} to "
                         f"{high * colours} cells (found {comp.options['rows']} x {comp.options['cols']} = {size})")
    if (colours * shapes) ** size < comp.faces.count:
        raise spec_error(spec, ("components", comp.id, "faces", "count"), f"only {(colours * shapes) ** size} different "
                         f"prescriptions of {size} cells exist, not {comp.faces.count}")


def tromino_placements(rows, cols):
    """Count (straight, bent) tromino placements that fit on a rows x cols grid."""
    counts = Counter()
    for name, cells in TROMINOES.items():
        height = 1 + max(r for r, _ in cells)
        width = 1 + max(c for _, c in cells)
        counts[name[0]] += max(0, rows - height + 1) * max(0, cols - width + 1)
    return counts["I"], counts["L"]


def swap_pairs(rows, cols):
    """Orthogonally adjacent cell pairs on a grid."""
    return rows * (cols - 1) + cols * (rows - 1)


def round_score_range(cells):
    """Lowest and highest score of one round: 1 per right colour + 1 per right shape on every cell."""
    return 0, cells * 2


def figures(spec):
    """Figures the Granny's Pills texts quote: {bag-after-setup} tiles and the {round-max} score of a round."""
    comps = {c.kind: c for c in spec.components}
    board, tiles, player = comps.get("grid-board"), comps.get("square-tile"), comps.get("player-board")
    found = dict.fromkeys(("bag-after-setup", "round-max"))
    if board and tiles:
        found["bag-after-setup"] = figure_pieces(tiles) - board.options["rows"] * board.options["cols"]
    if player:
        found["round-max"] = round_score_range(player.options["rows"] * player.options["cols"])[1]
    return found


def _expect(failures, component, what, expected, found):
    """Record a failure when found differs from expected."""
    if expected != found:
        failures.append((component, f"{what} (expected {expected}, found {found})"))


def check(spec, pieces, arts):
    """Check every Granny's Pills figure: returns (component, message) failures."""
    fails = []
    pills = [arts[p.front].props for p in pieces if p.component == "pill"]
    colours, shapes = pill_properties(spec)
    _expect(fails, "pill", "pill tiles", RULES["pills"], len(pills))
    pairs = Counter((p["colour"], p["shape"]) for p in pills)
    _expect(fails, "pill", "colour-shape pairs", len(colours) * len(shapes), len(pairs))
    for pair, n in sorted(pairs.items()):
        _expect(fails, "pill", f"copies of {pair[0]} {pair[1]}", RULES["copies"], n)
    for colour, n in sorted(Counter(p["colour"] for p in pills).items()):
        _expect(fails, "pill", f"{colour} pills", RULES["pills"] // len(colours), n)
    for shape, n in sorted(Counter(p["shape"] for p in pills).items()):
        _expect(fails, "pill", f"{shape} pills", RULES["pills"] // len(shapes), n)

    board = spec.component("board").options
    cells = board["rows"] * board["cols"]
    _expect(fails, "board", "board cells", RULES["board_cells"], cells)
    _expect(fails, "board", "tiles left in the bag after setup", RULES["bag_after_setup"], len(pills) - cells)
    _expect(fails, "board", "tromino placements (I, L)", RULES["trominoes_board"], tromino_placements(board["rows"], board["cols"]))
    _expect(fails, "board", "adjacent swap pairs", RULES["swap_pairs"], swap_pairs(board["rows"], board["cols"]))
    pill_size = spec.component("pill").options["size"]
    _expect(fails, "board", "board cell size in mm (must hold a pill tile)", pill_size, board["cell"])

    player = spec.component("player-board").options
    players = sum(1 for p in pieces if p.component == "player-board")
    _expect(fails, "player-board", "player boards", RULES["player_boards"], players)
    _expect(fails, "player-board", "tromino placements on the schedule", RULES["trominoes_schedule"], sum(tromino_placements(player["rows"], player["cols"])))
    _expect(fails, "player-board", "schedule cell size in mm (must hold a pill tile)", pill_size, player["cell"])
    _expect(fails, "player-board", "round score range", RULES["round_score"], round_score_range(player["rows"] * player["cols"]))

    fails += _check_prescriptions(spec, pieces, arts, colours, shapes, player)
    return fails


def _check_prescriptions(spec, pieces, arts, colours, shapes, player):
    """Prescriptions: count, grid size, distinct under rotation, colour rules, balance over all cells."""
    fails = []
    comp = spec.component("prescription")
    patterns = [arts[p.front].props["pattern"] for p in pieces if p.component == "prescription"]
    _expect(fails, "prescription", "prescription tiles", RULES["prescriptions"], len(patterns))
    _expect(fails, "prescription", "pattern grid (rows, cols) matching the schedule",
            (player["rows"], player["cols"]), (comp.options["rows"], comp.options["cols"]))
    tile_w, _ = comp.trim
    if tile_w > player["slot"]:
        fails.append(("prescription", f"tile does not fit the player board slot (expected at most {player['slot']:g} mm, found {tile_w:g} mm)"))
    first = {}
    for n, pattern in enumerate(patterns, start=1):
        key = canonical(pattern)
        if key in first:
            fails.append(("prescription", f"prescription {n} repeats prescription {first[key]} (turned or not) (expected all distinct, found a duplicate)"))
        first.setdefault(key, n)
        cells = [cell for row in pattern for cell in row]
        used = Counter(c for c, _ in cells)
        if len(used) < RULES["min_colours"]:
            fails.append(("prescription", f"prescription {n} uses too few colours (expected at least {RULES['min_colours']}, found {len(used)})"))
        colour, most = max(used.items(), key=lambda pair: pair[1])   # the first most used, as most_common(1) (no heapq)
        if most > RULES["max_per_colour"]:
            fails.append(("prescription", f"prescription {n} has too much {colour} (expected at most {RULES['max_per_colour']}, found {most})"))
        for c, s in cells:
            if c not in colours or s not in shapes:
                fails.append(("prescription", f"prescription {n} names a pill that does not exist (expected one of the pill colours and shapes, found {c} {s})"))
    total = sum(len(row) for p in patterns for row in p)
    for index, values in ((0, colours), (1, shapes)):
        counts = Counter(cell[index] for p in patterns for row in p for cell in row)
        low, high = total // len(values), -(-total // len(values))
        for value in values:
            if not low <= counts[value] <= high:
                fails.append(("prescription", f"{value} appears unevenly over all prescriptions (expected {low} or {high}, found {counts[value]})"))
    return fails


def score_round(pattern, placed):
    """Score a schedule against a prescription: (points per cell, round total); a wrong colour loses the round."""
    points = []
    for want_row, stack_row in zip(pattern, placed):
        row = []
        for (colour, shape), stack in zip(want_row, stack_row):
            if not stack:
                row.append(0)
                continue
            top_colour, top_shape = stack[-1]
            if top_colour != colour:
                return [[0] * len(r) for r in pattern], 0
            row.append(1 + (top_shape == shape) - (len(stack) > 1))
        points.append(row)
    return points, sum(map(sum, points))


def _pill_part(spec, colour, shape, x, y, cell):
    """A diagram part: the real pill tile art, scaled to a cell of the given size."""
    props = marked(spec.component("pill"), {"colour": colour, "shape": shape})
    art = Art(f"pill-{colour}-{shape}", "pill", "front", MappingProxyType(props))
    return art.key, draw_art(spec, art), x, y, cell / spec.component("pill").options["size"]


def _form_parts(spec, n, cells, x, y, cell):
    """Take-form n built from real pill tiles, its top-left corner at (x, y) mm."""
    colours, shapes = pill_properties(spec)
    return [_pill_part(spec, colours[(n + k) % len(colours)], shapes[k % len(shapes)], x + c * cell, y + r * cell, cell)
            for k, (r, c) in enumerate(cells)]


def _pills_read(spec) -> dict:
    """What a diagram of pill tiles reads (diagram.reads): the pill component and what its fronts read."""
    return faces_read(spec, "pill")


@paints("#000000")   # the pill tiles and the names in black
@reads(_pills_read)
def take_forms(spec):
    """The six take-forms, each built from real pill tiles and centred over its name in a box three tiles square."""
    cell, pitch, parts = 8.0, 28.0, []
    overlay = svg.drawing(6 * pitch, 32, ident="take-forms-labels")
    for n, (name, cells) in enumerate(TROMINOES.items()):
        rows, cols = 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)
        parts += _form_parts(spec, n, cells, n * pitch + (3 - cols) * cell / 2, (3 - rows) * cell / 2, cell)
        overlay.add(svg.text(overlay, name, n * pitch + 1.5 * cell, 30, 2.8))
    return Diagram(6 * pitch, 32, tuple(parts) + (("take-forms-labels", overlay, 0, 0, 1.0),))


@paints()   # only the pill tiles, in the colours the spec gives
@reads(_pills_read)
def form_row(spec) -> Diagram:
    """The six take-forms, unnamed, in two rows of three (the straight ones first), each form centred on its row: as
    narrow as a card's text, so the tiles are drawn large."""
    cell, gap, parts = 8.0, 6.0, []
    forms = [(n, cells, 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)) for n, cells in enumerate(TROMINOES.values())]
    width, y = max(sum(f[3] for f in row) * cell + 2 * gap for row in (forms[:3], forms[3:])), 0.0
    for row in (forms[:3], forms[3:]):
        tall = max(f[2] for f in row) * cell
        x = (width - sum(f[3] for f in row) * cell - 2 * gap) / 2
        for n, cells, rows, cols in row:
            parts += _form_parts(spec, n, cells, x, y + (tall - rows * cell) / 2, cell)
            x += cols * cell + gap
        y += tall + gap
    return Diagram(width, y - gap, tuple(parts))


STACK_SHIFT = 2.6   # mm the tile under a stacked one shows below and right of it in the scoring example
STACK_INSET = 0.7   # mm between a stack's tiles and its cell's lines
EXAMPLE_SCHEDULE = (  # (row, col) -> how the example fills each cell: "right", "colour only", "stacked" or empty
    ("right", "right", "colour only"),
    ("right", "", "stacked"),
    ("colour only", "right", ""),
)


def example_schedule(spec, pattern):
    """The example's placed stacks, derived from the first prescription."""
    _, shapes = pill_properties(spec)
    other = lambda shape: shapes[(shapes.index(shape) + 1) % len(shapes)]
    placed = []
    for want_row, how_row in zip(pattern, EXAMPLE_SCHEDULE):
        row = []
        for (colour, shape), how in zip(want_row, how_row):
            row.append({"right": [(colour, shape)], "colour only": [(colour, other(shape))],
                        "stacked": [(colour, other(shape)), (colour, shape)], "": []}[how])
        placed.append(row)
    return placed


@paints("#000000", "#ffffff")   # the tiles, the cells' lines and the points' discs
@reads(lambda spec: {**_pills_read(spec), **faces_read(spec, "prescription")})
def scoring_example(spec):
    """A prescription beside a schedule filled in, each cell's points and the round total."""
    pattern = prescriptions(spec, spec.component("prescription"))[0]["pattern"]
    placed = example_schedule(spec, pattern)
    points, total = score_round(pattern, placed)
    comp = spec.component("prescription")
    rx = Art("rx-example", "prescription", "front", MappingProxyType({"pattern": pattern}))
    tile_w = comp.trim[0]
    cell, left = 14.0, 60.0
    parts = [(rx.key, draw_art(spec, rx), 0, 0, 40 / tile_w)]
    overlay = svg.drawing(150, 48, ident="scoring-labels")
    small = cell - STACK_SHIFT - 2 * STACK_INSET   # a stack's two tiles, both inside the cell, the top one up and to the left
    for r, row in enumerate(placed):
        for c, stack in enumerate(row):
            x, y = left + c * cell, r * cell
            overlay.add(overlay.rect((x, y), (cell, cell), fill="none", stroke="#000000", stroke_width=0.3))
            if len(stack) > 1:   # each tile's edge in ink, the under one's where the top one leaves it in view
                (tx, ty) = (x + STACK_INSET, y + STACK_INSET)
                (ux, uy) = (tx + STACK_SHIFT, ty + STACK_SHIFT)
                parts += [_pill_part(spec, *stack[0], ux, uy, small), _pill_part(spec, *stack[-1], tx, ty, small)]
                seen = [(tx + small, uy), (ux + small, uy), (ux + small, uy + small), (ux, uy + small), (ux, ty + small)]
                overlay.add(overlay.polyline([(svg.r(px), svg.r(py)) for px, py in seen], fill="none", stroke="#000000",
                                             stroke_width=0.4))
                overlay.add(overlay.rect((svg.r(tx), svg.r(ty)), (svg.r(small), svg.r(small)), fill="none",
                                         stroke="#000000", stroke_width=0.4))
            elif stack:
                parts.append(_pill_part(spec, *stack[-1], x, y, cell))
            overlay.add(overlay.circle((x + cell - 2.2, y + 2.2), 2.0, fill="#ffffff", stroke="#000000", stroke_width=0.25))
            overlay.add(svg.text(overlay, f"{points[r][c]}", x + cell - 2.2, y + 3.2, 2.8, bold=True))
    overlay.add(svg.text(overlay, "prescription", 20, 46.5, 3))
    overlay.add(svg.text(overlay, "schedule", left + 1.5 * cell, 46.5, 3))
    overlay.add(svg.text(overlay, f"round score: {total}", left + 3 * cell + 6, 20, 4, anchor="start", bold=True))
    overlay.add(svg.text(overlay, "2 = colour and shape", left + 3 * cell + 6, 27, 3, anchor="start"))
    overlay.add(svg.text(overlay, "1 = right colour only", left + 3 * cell + 6, 32, 3, anchor="start"))
    overlay.add(svg.text(overlay, "1 = 2 - 1 for a stacked cell", left + 3 * cell + 6, 37, 3, anchor="start"))
    overlay.add(svg.text(overlay, "0 = empty cell", left + 3 * cell + 6, 42, 3, anchor="start"))
    return Diagram(150, 48, tuple(parts) + (("scoring-labels", overlay, 0, 0, 1.0),))
