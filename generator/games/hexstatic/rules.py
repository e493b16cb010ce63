"""HexStatic tiles: families, the default 52-tile set and the set checks (side strings themselves: sidestring.py)."""
import functools
from collections import Counter
from itertools import combinations
from types import MappingProxyType
from ...records import NamedTuple

from generator.draw import linestyles, svg, svgvalues, textfit
from generator.draw.diagram import Diagram, paints
from generator.errors import UserError
from generator.games import reads_components
from generator.spec.expand import Art
from generator.draw.render import art_size, draw_art
from generator.draw.hexgrid import FLAT, ORIGIN, POINTY, Hex, Layout, hex_to_pixel, polygon_corners
from generator.components.sidestring import BLANK, COLOUR_NAMES, COLOURS, FAMILIES, family, features, problem

FEATURES = ("sharp", "gentle", "straight", "end")
# GAMES.md section 2: the figures the checks hold a set to.
FAMILY_SIZES = {"3 paths": 16, "2 paths + end": 90, "1 path + 2 ends": 90, "nexus": 20}
DEFAULT_FEATURES = {"sharp": 16, "gentle": 16, "straight": 12, "end": 8}
# The scoring reference: structure -> (fewest tiles, points for n tiles); a fragment's end tile scores nothing.
SCORING = {
    "loop": (3, lambda n: 4 * n),
    "line": (2, lambda n: 2 * n),
    "fragment": (1, lambda n: n - 1),
}


def parse(sides):
    """Return a valid side string unchanged, or raise UserError saying what is wrong."""
    reason = problem(sides)
    if reason:
        raise UserError(reason)
    return sides


def rotations(sides):
    """Return the six rotations of a side string."""
    return [sides[-k:] + sides[:-k] if k else sides for k in range(6)]


def canonical(sides):
    """Return the smallest rotation: the name of a tile type."""
    return min(rotations(sides))


def enumerate_family(name):
    """Return every tile type of a family as sorted canonical side strings."""
    if name not in FAMILIES:
        raise UserError(f"unknown HexStatic family {name!r} (choose from {', '.join(FAMILIES)})")
    return list(_families()[name])


@functools.cache
def _families():
    """Every tile type by family: each side string a tile may have that starts with a blank or blue side (_coloured's),
    its family named by its ends (family's); a type is the string no turn of it comes before (canonical's)."""
    found: dict = {name: [] for name in FAMILIES}
    for sides, ends in _coloured():
        twice = sides + sides
        if all(sides <= twice[k:k + 6] for k in range(1, 6)):
            found[FAMILIES[ends]].append(sides)
    return {name: tuple(sorted(types)) for name, types in found.items()}


def _coloured() -> list:
    """(side string, how many colours it uses once) of every string that uses each colour once or twice (problem's
    test) and starts with a blank or blue side, made by placing blue on one or two sides, then each other colour on one
    or two of the sides still blank but the first: no other string is made. No other string is a type: every tile holds
    blue, and its turn that starts there comes before one that starts with green or red ('-' < 'B' < 'G' < 'R')."""
    placed: list = [(BLANK * 6, 0)]
    for colour in sorted(COLOURS):
        first = colour == min(COLOURS)   # the first side is taken by the first colour placed or by none
        placed = [(_put(sides, spots, colour), ends + (len(spots) == 1)) for sides, ends in placed
                  for n in (1, 2) for spots in combinations([i for i, c in enumerate(sides) if c == BLANK and (first or i)], n)]
    return placed


def _put(sides: str, spots: tuple, colour: str) -> str:
    """A side string with colour on the given sides (each spot set in a list of the sides: no test of every side)."""
    chars = list(sides)
    for i in spots:
        chars[i] = colour
    return "".join(chars)


def ends(sides):
    """Return the sides holding an end."""
    return [i for i, c in enumerate(sides) if c != BLANK and sides.count(c) == 1]


def blank_opposite_end(sides):
    """Tell whether a 2-path tile's blank side faces its end."""
    return (sides.index(BLANK) + 3) % 6 in ends(sides)


def alternate_ends(sides):
    """Tell whether a tile has three ends with a side between each: the Y nexus."""
    where = ends(sides)
    return len(where) == 3 and len({i % 2 for i in where}) == 1


def default_types():
    """Return the default set as (type, quantity): 16 three-path x2, 18 two-path, 2 Y nexus.

    The 18: turn the tile so the blank is side 0 and the end side 3; the end has 3 colours, the
    sides 1, 2, 4, 5 pair up 3 ways (two sharp, two gentle or two crossing straights) and the two
    other colours take the pairs 2 ways: 3 x 3 x 2 = 18, no two alike since the blank is fixed.
    """
    three = [(t, 2) for t in enumerate_family("3 paths")]
    two = [(t, 1) for t in enumerate_family("2 paths + end") if blank_opposite_end(t)]
    nexus = [(t, 1) for t in enumerate_family("nexus") if alternate_ends(t)]
    return three + two + nexus


def expand(types):
    """Return the tiles of a type list, each type repeated by its quantity."""
    return [sides for sides, quantity in types for _ in range(quantity)]


def default_set():
    """Return the 52 tiles of the default set."""
    return expand(default_types())


def feature_counts(tiles):
    """Return, per colour, how many tiles give it each feature."""
    counts = {colour: dict.fromkeys(FEATURES, 0) for colour in COLOURS}
    for sides in tiles:
        for colour, feature in features(sides).items():
            counts[colour][feature] += 1
    return counts


def _found(what, expected, found):
    return f"{what} (expected {expected}, found {found})"


def check_types(types, expected_features=DEFAULT_FEATURES):
    """Return failure messages for a (type, quantity) list; pass expected_features=None for a custom set."""
    failures = []
    for sides, _ in types:
        parse(sides)
    by_type = {}
    for sides, _ in types:
        by_type.setdefault(canonical(sides), []).append(sides)
    for listed in by_type.values():
        if len(listed) > 1:
            what = f"tile type {canonical(listed[0])} listed more than once as {', '.join(listed)}"
            failures.append(_found(what, 1, len(listed)))
    tiles = expand(types)
    counts = feature_counts(tiles)
    for colour, name in COLOUR_NAMES.items():
        if expected_features is not None:
            for feature, expected in expected_features.items():
                kind = "ends" if feature == "end" else f"{feature} paths"
                if counts[colour][feature] != expected:
                    failures.append(_found(f"{name} {kind}", expected, counts[colour][feature]))
        if counts[colour]["sharp"] < 1:
            failures.append(_found(f"{name} sharp paths (3-tile loops)", "at least 1", 0))
        if counts[colour]["end"] < 2:
            failures.append(_found(f"{name} ends", "at least 2", counts[colour]["end"]))
    nexus = sum(family(sides) == "nexus" for sides in tiles)
    if nexus < 2:
        failures.append(_found("nexus tiles", "at least 2", nexus))
    for name, expected in FAMILY_SIZES.items():
        found = len(enumerate_family(name))
        if found != expected:
            failures.append(_found(f"'{name}' tile types when enumerated", expected, found))
    return failures


@reads_components()   # the default set is the rules' own: it reads nothing of the spec
def default_faces(spec, comp):
    """Generator `default-set`: the 52 tiles of the default set as faces."""
    return [{"sides": sides} for sides in default_set()]


TILE_KIND = "hex-tile"


def check(spec, pieces, arts):
    """Check every hex-tile component's set: its types, and the default figures when it expects the default 52."""
    fails = []
    tile_components = [c for c in spec.components if c.kind == TILE_KIND]
    if not tile_components:
        fails.append(("components", f"{TILE_KIND} components (expected at least 1, found 0)"))
    for comp in tile_components:
        tiles = [arts[p.front].props.get("sides") for p in pieces if p.component == comp.id]
        if None in tiles:
            fails.append((comp.id, "tiles without sides (expected a side string on every face, found none)"))
            continue
        expected = DEFAULT_FEATURES if comp.expect == len(default_set()) else None
        fails += [(comp.id, message) for message in check_types(list(Counter(tiles).items()), expected)]
    return fails


def score(kind, tiles):
    """Return the points for a finished loop or line, or a fragment, of so many tiles."""
    if kind not in SCORING:
        raise UserError(f"unknown HexStatic structure {kind!r} (choose from {', '.join(SCORING)})")
    smallest, points = SCORING[kind]
    if tiles < smallest:
        raise UserError(f"a {kind} has at least {smallest} tiles, got {tiles}")
    return points(tiles)


# Placed tiles: following a colour across the table, for the rulebook's checked examples.


class Structure(NamedTuple):
    """One colour followed across placed tiles: loop, line, fragment or open (no ends), and its tiles in order."""

    colour: str
    kind: str
    tiles: tuple

    @property
    def points(self):
        """Its score; an open path (no end at all) scores nothing and only breaks ties."""
        return score(self.kind, len(self.tiles)) if self.kind in SCORING else 0


def mismatches(placed):
    """Where placed tiles (hex -> side string) touch with different sides: sorted (hex, side) pairs."""
    return sorted((h, d) for h, sides in placed.items() for d in range(6)
                  if h.neighbour(d) in placed and placed[h.neighbour(d)][(d + 3) % 6] != sides[d])


def _walk(placed, start, colour, side):
    """Follow a colour out of one side of the start tile: the tiles reached and why it stopped (end, open, closed)."""
    tiles, here, out = [], start, side
    while True:
        there, entry = here.neighbour(out), (out + 3) % 6
        if there not in placed:
            return tiles, "open"
        if placed[there][entry] != colour:
            raise UserError(f"{COLOUR_NAMES[colour]} leaves {here} by side {out} into side {entry} of {there}, "
                            f"which is {placed[there][entry]!r}: the tiles do not match")
        if there == start:
            return tiles, "closed"
        tiles.append(there)
        onward = [k for k, c in enumerate(placed[there]) if c == colour and k != entry]
        if not onward:
            return tiles, "end"
        here, out = there, onward[0]


def follow(placed, start, colour):
    """The structure a colour forms through the tile at start, among placed tiles (hex -> side string)."""
    sides = [k for k, c in enumerate(placed[start]) if c == colour]
    ahead, stop = _walk(placed, start, colour, sides[0])
    if stop == "closed":
        return Structure(colour, "loop", (start, *ahead))
    if len(sides) == 2:
        behind, back = _walk(placed, start, colour, sides[1])
        ends, tiles = [stop, back].count("end"), (*reversed(behind), start, *ahead)
    else:
        ends, tiles = 1 + (stop == "end"), (start, *ahead)
    return Structure(colour, ("open", "fragment", "line")[ends], tiles)


class Example(NamedTuple):
    """A rulebook example: tiles placed on hexes (the first is where colours are followed from) and what it shows."""

    tiles: tuple
    shows: tuple  # (colour, kind) pairs the caption promises

    @property
    def placed(self):
        """The tiles as a hex -> side string mapping."""
        return dict(self.tiles)


def example_problems(example):
    """Why an example would teach something wrong: tiles not in the set, sides that do not match, other kinds."""
    known = {canonical(t) for t in default_set()}
    placed = example.placed
    found = [f"tile {sides} at {h} is not a rotation of a tile in the set" for h, sides in example.tiles
             if canonical(sides) not in known]
    found += [f"tile at {h} side {d} does not match its neighbour" for h, d in mismatches(placed)]
    if found:
        return found
    start = example.tiles[0][0]
    for colour, kind in example.shows:
        got = follow(placed, start, colour)
        if got.kind != kind:
            what = f"{got.kind} of {len(got.tiles)} tiles"
            found.append(f"{COLOUR_NAMES[colour]} structure (expected {kind}, found {what})")
    return found


EXAMPLES = {
    # Three tiles around one corner, each turning red sharply round it: the smallest loop.
    "loop": Example(((ORIGIN, "RRGGBB"), (ORIGIN.neighbour(0), "GBRR-G"), (ORIGIN.neighbour(1), "GGBBRR")),
                    (("R", "loop"),)),
    # Blue from an end, two gentle bends (the first crossing green at a bridge), to another end.
    "line": Example(((ORIGIN, "BRR-GG"), (Hex(1, 0, -1), "RRGBGB"), (Hex(2, -1, -1), "B-BRGR"),
                     (Hex(3, -1, -2), "-RRBGG")), (("B", "line"),)),
    # The opening nexus: blue already finished by a neighbour's end, green and red running on.
    "nexus": Example(((ORIGIN, "-B-G-R"), (ORIGIN.neighbour(1), "R-GGBR"), (ORIGIN.neighbour(3), "GBBGRR"),
                      (ORIGIN.neighbour(5), "BBRGGR")), (("B", "line"), ("G", "fragment"), ("R", "fragment"))),
}


# Rulebook diagrams: the examples drawn with the real tile and legend renderers, checked before they are drawn.
DIAGRAM_WIDTH = 170.0  # every diagram spans this many mm and centres its content (A4 and Letter text are wider)
DIAGRAM_TILE = 24.0    # a tile's size across the flats in a diagram, in mm
LEGEND_SCALE = 0.7     # the line key card shown at this scale
LABEL_GAP = 8.0        # between the tiles and their labels, in mm
DIAGRAM_PAD = 1.2      # paper above and below an example's tiles, in mm
LABEL_FONT = 3.4       # label text height in mm
FORMULAS = {"loop": "{n} tiles x 4", "line": "{n} tiles x 2", "fragment": "{n} tiles - 1", "open": "{n} tiles, no end"}


def label(structure, word=""):
    """The words under an example: colour (word: as the line key names it), kind, tile count and points."""
    n = len(structure.tiles)
    points = structure.points
    return (f"{word or COLOUR_NAMES[structure.colour]} {structure.kind}: {FORMULAS[structure.kind].format(n=n)}"
            f" = {points} point{'s' if points != 1 else ''}")


def _render(spec, art):
    """An artwork's drawing from its kind's renderer and its size with bleed."""
    return draw_art(spec, art), art_size(spec, art)


def _component(spec, kind):
    """The spec's first component of a kind, which a rulebook diagram draws."""
    found = next((c for c in spec.components if c.kind == kind), None)
    if found is None:
        raise UserError(f"{spec.path}: components: the HexStatic rules draw a {kind} component, and there is none")
    return found


def example_diagram(spec, name):
    """An example's tiles placed edge to edge with hexgrid geometry, and beside them each promised structure scored."""
    example = EXAMPLES[name]
    problems = example_problems(example)
    if problems:
        raise UserError(f"HexStatic rules example {name!r} is wrong: {'; '.join(problems)}")
    comp = _component(spec, TILE_KIND)
    options = comp.options
    across, pointy = options["size"], options["orientation"] == "pointy"
    k = DIAGRAM_TILE / across
    layout = Layout(POINTY if pointy else FLAT, DIAGRAM_TILE)
    corners = [p for h, _ in example.tiles for p in polygon_corners(layout, h)]
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    tiles_w, tiles_h = max(x for x, _ in corners) - left, max(y for _, y in corners) - top
    lines = linestyles.resolve(spec, options.get("lines"))
    texts = [(lines[COLOUR_NAMES[c]], label(follow(example.placed, example.tiles[0][0], c), lines[COLOUR_NAMES[c]].word))
             for c, _ in example.shows]
    sample, pitch = 12.0, LABEL_FONT * 2.2
    content = tiles_w + LABEL_GAP + sample + 3 + max(textfit.width(text, LABEL_FONT) for _, text in texts)
    height = max(tiles_h, pitch * len(texts)) + 2 * DIAGRAM_PAD
    x0, y0 = (DIAGRAM_WIDTH - content) / 2, (height - tiles_h) / 2
    parts = []
    for h, sides in example.tiles:
        cx, cy = hex_to_pixel(layout, h)
        art = Art(f"{comp.id}-{sides}", comp.id, "front", MappingProxyType({"sides": sides}))
        drawn, (art_w, art_h) = _render(spec, art)
        parts.append((art.key, drawn, x0 + cx - left - art_w / 2 * k, y0 + cy - top - art_h / 2 * k, k))
    overlay = svg.drawing(DIAGRAM_WIDTH, height, ident=f"hexstatic-{name}-labels")
    first, xl = height / 2 - pitch * (len(texts) - 1) / 2, x0 + tiles_w + LABEL_GAP
    for n, (line, text) in enumerate(texts):
        y = first + n * pitch
        d = svgvalues.path(("M", svg.r(xl), svg.r(y)), ("L", svg.r(xl + sample), svg.r(y)))
        overlay.add(linestyles.strokes(overlay, d, sample, line, LABEL_PAPER, k))
        overlay.add(svg.text(overlay, text, xl + sample + 3, y + LABEL_FONT * 0.35, LABEL_FONT, anchor="start"))
    parts.append((f"hexstatic-{name}-labels", overlay, 0, 0, 1.0))
    return Diagram(DIAGRAM_WIDTH, height, tuple(parts))


LABEL_PAPER = "#ffffff"   # the paper a label's line sample bridges over


def example_maker(name):
    """The diagram maker of an example: the tiles in the colours they read, the labels in black, their line samples on
    white paper (diagram.paints)."""
    return paints(LABEL_PAPER, "#000000")(lambda spec: example_diagram(spec, name))


@paints()   # the card, in the colours it reads
def legend_diagram(spec):
    """The line key card itself, as the line-legend kind draws it."""
    comp = _component(spec, "line-legend")
    art = Art(f"{comp.id}-front", comp.id, "front", MappingProxyType({}))
    drawn, (w, h) = _render(spec, art)
    x = (DIAGRAM_WIDTH - w * LEGEND_SCALE) / 2
    return Diagram(DIAGRAM_WIDTH, h * LEGEND_SCALE, ((art.key, drawn, x, 0, LEGEND_SCALE),))
