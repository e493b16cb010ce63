"""Texts told faint from their letters as legibility read them: a contrast under UNREADABLE:1 fails, under LEAST:1
warns; a recoloured face's readings are its last ones with the colours swapped (no drawing needed)."""
import functools
import math
from collections.abc import Mapping

from .luminance import contrast

UNREADABLE = 1.5   # a contrast under which a text cannot be read (a yellow on white, 1.4:1): it fails
LEAST = 3.0        # WCAG's least contrast for text (large text, and graphics): a text under it reads poorly, a warning
PAPER = "#ffffff"   # what a piece is printed on where nothing is painted
LOOKS = 200_000   # looks of a face's letters at the layers about them, at most: past it its other texts go unread
UNKNOWN = "unknown"   # what a layer paints where only a painter can tell (the designer's art, a gradient, a clip)


def told(found: dict, names: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(a failure for each text box that cannot be read against what is printed beneath it, under UNREADABLE:1; a
    warning for each that reads poorly, under LEAST:1), in paint order, from what read found; names: palette names by
    #rrggbb, for the messages."""
    failed: list = []
    warned: list = []
    if found["unread"]:
        warned.append(f"{found['unread']} of its {found['texts']} texts were not read against what they are printed "
                      f"on: the face lays too many things under them (its texts' letters met {LOOKS:,} of them in all)")
    for said, runs in found["boxes"]:
        at, (ink, ground, ratio) = min(((at, _worst(letters)) for at, letters in runs), key=lambda pair: pair[1][2])
        if ratio >= LEAST:
            continue
        seen = f"{math.floor(ratio * 10) / 10:.1f}:1: {_named(ink, names)} on {_named(ground, names)}"
        if ratio < UNREADABLE:
            line, into = (f"text {said}{at} cannot be read on what it is printed on (expected a contrast of at least "
                          f"{UNREADABLE:g}:1, found {seen})"), failed
        else:
            line, into = (f"text {said}{at} reads poorly on what it is printed on (a contrast of {seen}; WCAG asks "
                          f"{LEAST:g}:1 of text at least, 4.5:1 of small text)"), warned
        if line not in into:
            into.append(line)
    return failed, warned


def recoloured(found: dict, swaps: Mapping[str, str]) -> dict:
    """What read found, its colours swapped (#rrggbb: #rrggbb) as a recoloured face's are."""
    def swap(layers):
        return layers if layers == UNKNOWN else [[swaps.get(colour, colour), share] for colour, share in layers]
    return {**found, "boxes": [[said, [[at, [[swaps.get(ink, ink), share, swap(ground), swap(over),
                                                swaps.get(halo, halo)] for ink, share, ground, over, halo in letters]]
                                       for at, letters in runs]] for said, runs in found["boxes"]]}


def _worst(letters: list) -> tuple:
    """(ink as seen, what it is read against, ratio) at a run's worst letter (the first of the worst)."""
    return min(map(_letter, letters), key=lambda seen: seen[2])


def _letter(reading: list) -> tuple:
    """(ink as seen, what it is read against, ratio) at one letter: a wide outline of another colour parts it from the
    ground (read against the outline, or, the two together, against the ground, whichever reads better)."""
    ink, share, ground, over, halo = reading
    below = UNKNOWN if ground == UNKNOWN else _blend(ground, PAPER)
    seen = _over(ink, share, PAPER if below is UNKNOWN else below)
    for colour, opacity in over:   # laid over the text: a see-through one tints ink and ground alike
        seen = _over(colour, opacity, seen)
        below = below if below is UNKNOWN else _over(colour, opacity, below)
    if halo is None or halo == ink:
        return seen, below, _contrast(seen, below)
    ratio, against = _contrast(seen, halo), halo
    if below is not UNKNOWN and min(_contrast(seen, below), _contrast(halo, below)) > ratio:
        ratio, against = min(_contrast(seen, below), _contrast(halo, below)), below
    return seen, against, ratio


def _named(colour: str, names: Mapping[str, str]) -> str:
    """A colour as a message shows it: '#b06800 (sun)' when one palette name has it."""
    return f"{colour} ({names[colour]})" if colour in names else colour


def _blend(layers, ground: str) -> str:
    """#rrggbb of layers ([colour, opacity], bottom-up) laid over a ground."""
    for colour, share in layers:
        ground = _over(colour, share, ground)
    return ground


@functools.lru_cache(maxsize=1024)
def _contrast(a: str, b: str) -> float:
    """contrast(a, b), remembered: a deck's texts meet the same few colours again and again."""
    return contrast(a, b)


def _over(colour: str, share: float, ground: str) -> str:
    """#rrggbb of a colour laid at an opacity over a ground."""
    if share >= 1.0:
        return colour
    return "#" + "".join(f"{round(share * int(colour[i:i + 2], 16) + (1 - share) * int(ground[i:i + 2], 16)):02x}"
                         for i in (1, 3, 5))
