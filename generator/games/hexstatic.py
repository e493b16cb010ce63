"""HexStatic tiles: side strings, families, the default 52-tile set, path crossings and the set checks.

A tile is a 6-character side string over R, G, B and '-': character i is what reaches side i
(hexgrid's side numbering, clockwise on screen), a colour written twice is a path between those
sides, once is an end (a stub from the side to a dot), '-' is a blank side. Every tile carries
each colour exactly once. Turning a tile one step clockwise moves every character one place right.
"""
from collections import Counter
from itertools import combinations, product

from generator.errors import UserError

COLOURS = "RGB"
BLANK = "-"
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue"}
FEATURES = ("sharp", "gentle", "straight", "end")
FAMILIES = ("3 paths", "2 paths + end", "1 path + 2 ends", "nexus")
SHAPES = {1: "sharp", 2: "gentle", 3: "straight"}
# GAMES.md section 2: the figures the checks hold a set to.
FAMILY_SIZES = {"3 paths": 16, "2 paths + end": 90, "1 path + 2 ends": 90, "nexus": 20}
DEFAULT_FEATURES = {"sharp": 16, "gentle": 16, "straight": 12, "end": 8}
# The scoring reference: structure -> (fewest tiles, points for n tiles); a fragment's end tile scores nothing.
SCORING = {
    "loop": (3, lambda n: 4 * n),
    "line": (2, lambda n: 2 * n),
    "fragment": (1, lambda n: n - 1),
}


def problem(sides):
    """Return why a side string is not a tile, or None if it is one."""
    if not isinstance(sides, str) or len(sides) != 6:
        return f"a tile has 6 sides, got {sides!r}"
    unknown = sorted(set(sides) - set(COLOURS + BLANK))
    if unknown:
        return f"tile {sides!r} has unknown side {unknown[0]!r} (use R, G, B or -)"
    for colour in COLOURS:
        uses = sides.count(colour)
        if uses == 0:
            return f"tile {sides!r} has no {COLOUR_NAMES[colour]} (each colour is a path or an end)"
        if uses > 2:
            return f"tile {sides!r} uses {COLOUR_NAMES[colour]} on {uses} sides (at most 2)"
    return None


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


def features(sides):
    """Return each colour's feature: sharp, gentle or straight path, or end."""
    result = {}
    for colour in COLOURS:
        where = [i for i, c in enumerate(sides) if c == colour]
        if len(where) == 1:
            result[colour] = "end"
        else:
            gap = where[1] - where[0]
            result[colour] = SHAPES[min(gap, 6 - gap)]
    return result


def family(sides):
    """Return the family of a tile, named by its paths and ends."""
    return FAMILIES[list(features(sides).values()).count("end")]


def enumerate_family(name):
    """Return every tile type of a family as sorted canonical side strings."""
    if name not in FAMILIES:
        raise UserError(f"unknown HexStatic family {name!r} (choose from {', '.join(FAMILIES)})")
    found = {
        canonical(s)
        for s in map("".join, product(COLOURS + BLANK, repeat=6))
        if problem(s) is None and family(s) == name
    }
    return sorted(found)


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


def crossings(sides):
    """Return the pairs of path colours that cross, each pair sorted, as a sorted list.

    Two paths are chords of the hexagon and cross iff their sides interleave around it. Ends cross
    nothing if drawn as stubs shorter than 0.7 of the apothem: a gentle arc (centred on the hex beyond
    its middle side) passes 0.27 apothem from the centre, a straight path through it. The three
    straights of BGRBGR and BRGBRG all meet at the centre.
    """
    paths = {c: [i for i, x in enumerate(sides) if x == c] for c in COLOURS if sides.count(c) == 2}
    return sorted(
        (a, b)
        for a, b in combinations(sorted(paths), 2)
        if (paths[a][0] < paths[b][0] < paths[a][1]) != (paths[a][0] < paths[b][1] < paths[a][1])
    )


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


def default_faces(spec, comp):
    """Generator `default-set`: the 52 tiles of the default set as faces."""
    return [{"sides": sides} for sides in default_set()]


GENERATORS = {"default-set": default_faces}
TILE_KIND = "hex-tile"
REQUIRED = {TILE_KIND: "hex tiles", "line-legend": "line key card"}


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
