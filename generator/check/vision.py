"""Colour-vision check: the closest pair of colours players must tell apart, under simulated colour-vision deficiencies."""
import functools
from ..records import NamedTuple
from itertools import combinations

from .. import cache
from ..digests import hexdigest
from . import colourmath
from .wording import BASIC_WORDS
from ..spec.expand import expand

SIMULATIONS = ("normal", "protan", "deutan", "tritan")
MEMO = cache.Memo("colour.json", [])   # colour arithmetic kept between runs, keyed by its arguments and our code
NAMES = {"normal": "normal vision", "protan": "protan (red-weak)", "deutan": "deutan (green-weak)",
         "tritan": "tritan (blue-weak)", "greyscale": "greyscale print"}


class Pair(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """Two colours of a group under one simulation (or in greyscale), and how far apart they are."""

    simulation: str
    a: str
    b: str
    difference: float


class Cue(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """A claimed cue measured on one pair of colours: why it does not tell them apart ('' when it does)."""

    name: str
    a: str
    b: str
    why_not: str = ""


class Report(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """One distinguish group checked: closest pairs, every pair under the threshold, each claimed cue measured, a verdict."""

    name: str
    cues: tuple
    threshold: float      # CIEDE2000, under every simulation
    grey_threshold: float  # CIE L* difference, in a greyscale print
    worst: tuple          # a Pair per simulation, CIEDE2000
    grey: Pair            # CIE L* difference
    close: tuple = ()     # a Pair (at its worst simulation) for every pair of colours under the threshold
    grey_close: tuple = ()  # a Pair for every pair under the grey threshold in greyscale lightness
    measured: tuple = ()  # a Cue for every claimed cue and pair of colours

    @property
    def closest(self):
        """The closest pair over every simulation."""
        return min(self.worst, key=lambda p: p.difference)

    def told_by(self, pair):
        """The claimed cues that really tell a pair's two colours apart."""
        a, b = pair.a, pair.b
        return tuple(c.name for c in self.measured if not c.why_not and ((c.a == a and c.b == b) or (c.a == b and c.b == a)))

    @property
    def level(self):
        """'ok'; 'warning' when pairs are too close (in colour or grey) but a measured cue tells each apart; else 'error'."""
        if not self.close and not self.grey_close:
            return "ok"
        return "warning" if all(self.told_by(pair) for pair in self.close + self.grey_close) else "error"

    def failed_cues(self):
        """{claimed cue: the pairs 'a/b' it does not tell apart}, for cues that fail at least one pair."""
        out = {}
        for cue in self.measured:
            if cue.why_not:
                out.setdefault(cue.name, []).append(f"{cue.a}/{cue.b}")
        return out


def _kept(function):
    """A function of colour values whose results are kept between runs, by its arguments and our code."""
    @functools.wraps(function)
    def kept(*args):
        key = hexdigest("\0".join((function.__name__, *map(str, args), cache.code())).encode())
        found = MEMO.get(key)
        if found is None:
            found = function(*args)
            MEMO.put(key, found)
        return found
    return kept


@_kept
def simulate(hex_colour, simulation):
    """The #rrggbb that a simulated viewer sees (the deficiencies act on linear light), fitted into sRGB."""
    rgb = colourmath.srgb(hex_colour)
    if simulation == "greyscale":
        rgb = [grey_level(hex_colour)] * 3
    elif simulation != "normal":
        rgb = colourmath.gamma(colourmath.dichromat(colourmath.linear(rgb), simulation))
    return colourmath.hex_of(rgb)


def grey_level(hex_colour):
    """The sRGB grey (0 to 1) of the colour's luminance: what a black-and-white printer prints."""
    return colourmath.gamma([colourmath.luminance(colourmath.linear(colourmath.srgb(hex_colour)))])[0]


def lightness(hex_colour):
    """CIE L* (0 black to 100 white)."""
    return _lab(hex_colour)[0]


@functools.lru_cache(maxsize=4096)
def difference(a, b):
    """The CIEDE2000 difference of two colours (not kept between runs: working it out costs less than a key to find it by)."""
    return colourmath.ciede2000(_lab(a), _lab(b))


@functools.lru_cache(maxsize=1024)
def _lab(hex_colour):
    """colourmath.lab of a colour, worked out once: every pair and basic colour term it is measured against reads it."""
    return tuple(colourmath.lab(hex_colour))


def differences(named, simulation):
    """A Pair for every two of the (name, #rrggbb) colours under a simulation, by CIEDE2000."""
    seen = {name: simulate(value, simulation) for name, value in named}
    return [Pair(simulation, a, b, difference(seen[a], seen[b])) for (a, _), (b, _) in combinations(named, 2)]


def closest(named, simulation):
    """The closest pair of (name, #rrggbb) colours under a simulation, by CIEDE2000."""
    return min(differences(named, simulation), key=lambda p: p.difference)


@_kept
def nearest_word(hex_colour: str) -> str:
    """The basic colour term whose typical print is nearest (CIEDE2000) to a colour."""
    return min(BASIC_WORDS, key=lambda word: difference(hex_colour, BASIC_WORDS[word]))


def word_failures(spec) -> list:
    """Line keys that print a basic colour term for a line whose printed colour is nearer another term."""
    out = []
    for comp in (c for c in spec.components if c.kind == "line-legend"):
        from ..draw import linestyles  # lazy: start-up (only a line key's spec reads its lines)
        for line in linestyles.lines_of(spec, comp).values():
            word = line.word.lower()
            if word in BASIC_WORDS and nearest_word(line.colour) not in (word, {"gray": "grey"}.get(word)):
                out.append((comp.id, f"the key calls the {line.name} line {word!r} but prints it {line.colour}, nearer "
                                     f"{nearest_word(line.colour)} (expected the colour's own word: give it in the "
                                     "colour_names of the spec or theme)"))
    return out + name_failures(spec)


def name_failures(spec) -> list:
    """colour_names that give a colour a basic colour term nearer another's print, or one word to two colours players
    must tell apart (a distinguish group's): the rulebook and reference cards print the words ('Black and black
    stones')."""
    out = []
    for name in spec.palette:
        word = spec.colour_names.get(name, name)
        if name in spec.colour_names and word.lower() in BASIC_WORDS and nearest_word(spec.colour(name)) not in (
                word.lower(), {"gray": "grey"}.get(word.lower())):
            out.append(("colour_names", f"{name} is called {word!r} but prints {spec.colour(name)}, nearer "
                                        f"{nearest_word(spec.colour(name))} (expected the colour's own word)"))
    for group in spec.distinguish:
        named: dict = {}
        for name in dict.fromkeys(group.colours):
            named.setdefault(spec.colour_names.get(name, name).lower(), []).append(name)
        for word, names in named.items():
            if len(names) > 1:
                out.append(("colour_names", f"{' and '.join(names)} ({group.name}, which players must tell apart) are "
                                            f"both called {word!r}: give each a word of its own"))
    return out


def property_cue(spec, cue, a, b):
    """Why a face property (shape, letter...) does not tell colours a and b apart: '' when the values used with each are disjoint."""
    colours = {spec.colour(a): a, spec.colour(b): b}
    used: dict = {a: {}, b: {}}
    itself = set()   # the colours of the pair the cue itself names on some face
    for value, own, others in _cue_faces(spec, cue):
        if own in colours:
            itself.add(colours[own])
        for other in others:
            if other in colours:
                used[colours[other]][repr(value)] = str(value)
    if itself:   # suit: sun on the sun faces: values apart, but only as the colours are
        named = a if a in itself else b
        return (f"{cue} names the colour itself: a {named} face has {cue} {named}, so it shows nothing but colour; claim "
                "a cue the faces show besides colour, such as a symbol or a letter")
    missing = [name for name in (a, b) if not used[name]]
    if missing:
        return f"no face in {missing[0]} has a {cue}"
    shared = [text for key, text in used[a].items() if key in used[b]]
    return f"both come as {', '.join(shared)}" if shared else ""


def _cue_faces(spec, cue) -> list:
    """(the cue's value, the colour it names or None, the colours the face's other text properties name) of each front
    that has the cue property, in turn: worked out once for each spec and cue, which every pair of colours reads."""
    def made():
        faces = []
        for art in expand(spec)[1].values():
            if art.side == "front" and cue in art.props:
                value = art.props[cue]
                faces.append((value, spec.colour(value) if isinstance(value, str) else None,
                              [spec.colour(other) for key, other in art.props.items() if key != cue and isinstance(other, str)]))
        return faces
    return spec.remembered(f"faces by {cue}", made)


def line_cue(spec, a, b):
    """Why line style does not tell colours a and b apart: '' when every component drawing both draws them in styles apart."""
    from ..draw import linestyles  # lazy: start-up (only a spec whose colours claim the line cue)
    drawn = [(scale, {line.colour: line for line in lines.values()}) for scale, lines in linestyles.measured(spec)]
    pairs = [(scale, by[spec.colour(a)], by[spec.colour(b)]) for scale, by in drawn
             if spec.colour(a) in by and spec.colour(b) in by]
    if not pairs:
        return f"no component draws both {a} and {b} lines"
    return next((why for why in (linestyles.alike(x, y, scale) for scale, x, y in pairs) if why), "")


def measure(spec, cue, a, b):
    """A Cue: whether a claimed cue tells colours a and b apart, measured on the component set."""
    why = line_cue(spec, a, b) if cue == "line style" else property_cue(spec, cue, a, b)
    return Cue(cue, a, b, why)


def check(spec, group, threshold=None, grey_threshold=None):
    """Check one distinguish group of a spec."""
    named = [(name, spec.colour(name)) for name in group.colours]
    named = list(dict(named).items())
    limit = spec.colour_threshold if threshold is None else threshold
    grey_limit = spec.grey_threshold if grey_threshold is None else grey_threshold
    if len(named) < 2:
        return Report(group.name, group.cues, limit, grey_limit, (), Pair("greyscale", "", "", 100.0))
    seen = [differences(named, sim) for sim in SIMULATIONS]
    worst = tuple(min(pairs, key=lambda p: p.difference) for pairs in seen)
    close = tuple(p for p in (min(each, key=lambda p: p.difference) for each in zip(*seen)) if p.difference < limit)
    greys = [Pair("greyscale", a, b, abs(lightness(x) - lightness(y))) for (a, x), (b, y) in combinations(named, 2)]
    grey = min(greys, key=lambda p: p.difference)
    grey_close = tuple(p for p in greys if p.difference < grey_limit)
    measured = tuple(measure(spec, cue, a, b) for cue in group.cues for (a, _), (b, _) in combinations(named, 2))
    return Report(group.name, group.cues, limit, grey_limit, worst, grey, close, grey_close, measured)


def reports(spec, threshold=None, grey_threshold=None):
    """A Report for every distinguish group of the spec; at the spec's own thresholds worked out once for it (validation's
    failures and pnp validate's summary lines read the same reports)."""
    if threshold is None and grey_threshold is None:
        return list(spec.remembered("colour reports", lambda: [check(spec, group) for group in spec.distinguish]))
    return [check(spec, group, threshold, grey_threshold) for group in spec.distinguish]


def not_told_apart(report, pair):
    """Why no claimed cue tells a pair apart: each claimed cue's measured reason."""
    reasons = [f"{c.name} is claimed but does not separate {c.a} from {c.b} ({c.why_not})"
               for c in report.measured if {c.a, c.b} == {pair.a, pair.b}]
    return "; ".join(reasons)


def failures(spec, threshold=None, grey_threshold=None):
    """Validation failures: every pair of a group under a threshold (colour or grey) that no measured cue tells apart."""
    out = []
    for r in reports(spec, threshold, grey_threshold):
        for p in r.close + r.grey_close:
            if r.told_by(p):
                continue
            found = (f"{p.a}/{p.b} are too close under {NAMES[p.simulation]} (expected a CIEDE2000 difference of at "
                     f"least {r.threshold:g}, found {p.difference:.1f})" if p.simulation != "greyscale" else
                     f"{p.a}/{p.b} are too close in a {NAMES['greyscale']} (expected an L* difference of at least "
                     f"{r.grey_threshold:g}, found {p.difference:.1f})")
            out.append((f"colours {r.name}", f"colour is the only cue and {found}" if not r.cues else
                        f"{found} and no other cue tells them apart: {not_told_apart(r, p)}"))
    return out


def cue_notes(report):
    """One note per claimed cue that fails some pair: 'shape claimed but does not separate a/b, c/d'."""
    return [f"{cue} claimed but does not separate {', '.join(pairs)}" for cue, pairs in report.failed_cues().items()]


def cue_label(report):
    """The cues in a few words for the swatch sheet: 'other cues: letter', or what a claimed cue fails to separate."""
    if not report.cues:
        return "colour only"
    failed = report.failed_cues()
    pairs = len(report.measured) // len(report.cues)
    words = [cue if cue not in failed else f"{cue} claimed, separates no pair" if len(failed[cue]) == pairs
             else f"{cue} claimed, not for {', '.join(failed[cue])}" for cue in report.cues]
    return f"other cues: {'; '.join(words)}"


def verdicts(report):
    """The verdict phrases of a report: colour under the threshold, greyscale lightness, each with what tells pairs apart."""
    out = []
    for pairs, what in ((report.close, f"under {report.threshold:g}"),
                        (report.grey_close, f"greyscale L* gap under {report.grey_threshold:g}")):
        untold = ", ".join(f"{p.a}/{p.b}" for p in pairs if not report.told_by(p))
        helping = tuple(dict.fromkeys(cue for pair in pairs for cue in report.told_by(pair)))
        if untold:
            out.append(f"error: {what} and " + (f"no measured cue tells {untold} apart" if report.cues else
                                                 "colour is the only cue"))
        elif pairs:
            out.append(f"warning: {what}, told apart by {', '.join(helping)}")
    return out or ["ok"]


def describe(report):
    """Lines of text for one report: the closest pair per simulation, greyscale lightness, each claimed cue, the verdict."""
    cues = ", ".join(report.cues) if report.cues else "none: colour only"
    out = [f"{report.name} (claimed cues: {cues}; thresholds CIEDE2000 {report.threshold:g}, grey L* {report.grey_threshold:g})"]
    for pair in report.worst:
        mark = "  " if pair.difference >= report.threshold else "! "
        out.append(f"  {mark}{NAMES[pair.simulation]:<22} closest {pair.a}/{pair.b}: CIEDE2000 {pair.difference:.1f}")
    if report.grey.a:
        mark = "  " if report.grey.difference >= report.grey_threshold else "! "
        out.append(f"  {mark}{NAMES['greyscale']:<22} closest {report.grey.a}/{report.grey.b}: L* difference {report.grey.difference:.1f}")
    failed = report.failed_cues()
    for cue in report.cues:
        seen = "tells every pair apart" if cue not in failed else f"does not separate {', '.join(failed[cue])}"
        out.append(f"  cue {cue}: {seen}")
    out += [f"  -> {verdict}" for verdict in verdicts(report)]
    return out


def summary(report):
    """One line for pnp validate: the closest pair, the greyscale lightness gap, the verdict and claimed cues that fail."""
    if not report.worst:
        return "fewer than two colours, nothing to compare"
    pair, grey = report.closest, report.grey
    return "; ".join([f"closest {pair.a}/{pair.b} under {NAMES[pair.simulation]}: CIEDE2000 {pair.difference:.1f}",
                      f"greyscale {grey.a}/{grey.b}: L* difference {grey.difference:.1f}", *verdicts(report),
                      *cue_notes(report)])
