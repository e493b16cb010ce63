"""Side strings: what a hex tile carries, its coloured paths and ends, their families and crossings.

A tile is a 6-character side string over R, G, B and '-': character i is what reaches side i
(hexgrid's side numbering, clockwise on screen), a colour written twice is a path between those
sides, once is an end (a stub from the side to a dot), '-' is a blank side. Every tile carries
each colour exactly once. Turning a tile one step clockwise moves every character one place right.
"""
from itertools import combinations

COLOURS = "RGB"
BLANK = "-"
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue"}
FAMILIES = ("3 paths", "2 paths + end", "1 path + 2 ends", "nexus")
SHAPES = {1: "sharp", 2: "gentle", 3: "straight"}


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
