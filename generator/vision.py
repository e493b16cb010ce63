"""Colour-vision check: the closest pair of colours players must tell apart, under simulated colour-vision deficiencies."""
from dataclasses import dataclass
from itertools import combinations

from coloraide import Color

SIMULATIONS = ("normal", "protan", "deutan", "tritan")
NAMES = {"normal": "normal vision", "protan": "protan (red-weak)", "deutan": "deutan (green-weak)",
         "tritan": "tritan (blue-weak)", "greyscale": "greyscale print"}


@dataclass(frozen=True)
class Pair:
    """The closest two colours of a group under one simulation, and how far apart they are."""

    simulation: str
    a: str
    b: str
    difference: float


@dataclass(frozen=True)
class Report:
    """One distinguish group checked: the closest pair per simulation, the closest in greyscale lightness, a verdict."""

    name: str
    cues: tuple
    threshold: float
    worst: tuple          # a Pair per simulation, CIEDE2000
    grey: Pair            # CIE L* difference

    @property
    def closest(self):
        """The closest pair over every simulation."""
        return min(self.worst, key=lambda p: p.difference)

    @property
    def level(self):
        """'ok'; 'warning' when colours are too close but another cue tells them apart; 'error' when colour is the only cue."""
        if self.closest.difference >= self.threshold:
            return "ok"
        return "warning" if self.cues else "error"

    @property
    def grey_level(self):
        """'ok', or 'warning' when a greyscale print leaves two colours too close in lightness and no other cue."""
        return "warning" if self.grey.difference < self.threshold and not self.cues else "ok"


def simulate(hex_colour, simulation):
    """The #rrggbb that a simulated viewer sees (filters give linear sRGB: convert back before taking hex)."""
    colour = Color(hex_colour)
    if simulation not in ("normal", "greyscale"):
        colour = colour.filter(simulation).convert("srgb")
    elif simulation == "greyscale":
        colour = Color("srgb", [grey_level(hex_colour)] * 3)
    return colour.fit("srgb").to_string(hex=True)


def grey_level(hex_colour):
    """The sRGB grey (0 to 1) of the colour's luminance: what a black-and-white printer prints."""
    y = Color(hex_colour).convert("srgb-linear").luminance()
    return Color("srgb-linear", [y, y, y]).convert("srgb")[0]


def lightness(hex_colour):
    """CIE L* (0 black to 100 white)."""
    return Color(hex_colour).convert("lab-d65")["lightness"]


def closest(named, simulation):
    """The closest pair of (name, #rrggbb) colours under a simulation, by CIEDE2000."""
    seen = {name: Color(simulate(value, simulation)) for name, value in named}
    pairs = (Pair(simulation, a, b, seen[a].delta_e(seen[b], method="2000")) for (a, _), (b, _) in combinations(named, 2))
    return min(pairs, key=lambda p: p.difference)


def check(spec, group, threshold=None):
    """Check one distinguish group of a spec."""
    named = [(name, spec.colour(name)) for name in group.colours]
    named = list(dict(named).items())
    limit = spec.colour_threshold if threshold is None else threshold
    if len(named) < 2:
        return Report(group.name, group.cues, limit, (), Pair("greyscale", "", "", 100.0))
    worst = tuple(closest(named, sim) for sim in SIMULATIONS)
    grey = min((Pair("greyscale", a, b, abs(lightness(x) - lightness(y))) for (a, x), (b, y) in combinations(named, 2)),
               key=lambda p: p.difference)
    return Report(group.name, group.cues, limit, worst, grey)


def reports(spec, threshold=None):
    """A Report for every distinguish group of the spec."""
    return [check(spec, group, threshold) for group in spec.distinguish]


def failures(spec, threshold=None):
    """Validation failures: groups whose only cue is colour and whose closest pair is under the threshold."""
    return [(f"colours {r.name}", f"colour is the only cue and {r.closest.a}/{r.closest.b} are too close under "
             f"{NAMES[r.closest.simulation]} (expected a CIEDE2000 difference of at least {r.threshold:g}, found "
             f"{r.closest.difference:.1f})") for r in reports(spec, threshold) if r.level == "error"]


def describe(report):
    """Lines of text for one report: the closest pair per simulation, greyscale lightness, the verdict."""
    cues = ", ".join(report.cues) if report.cues else "none: colour only"
    out = [f"{report.name} (other cues: {cues}; threshold {report.threshold:g})"]
    for pair in report.worst:
        mark = "  " if pair.difference >= report.threshold else "! "
        out.append(f"  {mark}{NAMES[pair.simulation]:<22} closest {pair.a}/{pair.b}: CIEDE2000 {pair.difference:.1f}")
    if report.grey.a:
        mark = "  " if report.grey.difference >= report.threshold else "! "
        out.append(f"  {mark}{NAMES['greyscale']:<22} closest {report.grey.a}/{report.grey.b}: L* difference {report.grey.difference:.1f}")
    verdict = {"ok": "ok", "warning": "warning: too close, but other cues tell them apart",
               "error": "error: too close and colour is the only cue"}[report.level]
    if report.level == "ok" and report.grey_level == "warning":
        verdict = "warning: too close in lightness for a greyscale print, and colour is the only cue"
    out.append(f"  -> {verdict}")
    return out


def summary(report):
    """One line for pnp validate: the closest pair, the greyscale lightness gap and the verdict."""
    if not report.worst:
        return "fewer than two colours, nothing to compare"
    pair, grey = report.closest, report.grey
    verdict = {"ok": "ok", "warning": f"warning: under {report.threshold:g}, told apart by {', '.join(report.cues)}",
               "error": f"error: under {report.threshold:g} and colour is the only cue"}[report.level]
    if report.level == "ok" and report.grey_level == "warning":
        verdict = f"warning: greyscale L* gap under {report.threshold:g} and colour is the only cue"
    return (f"closest {pair.a}/{pair.b} under {NAMES[pair.simulation]}: CIEDE2000 {pair.difference:.1f}; "
            f"greyscale {grey.a}/{grey.b}: L* difference {grey.difference:.1f}; {verdict}")
