"""Token: a round or square counter in one colour, with an optional template symbol and a value as pips or numeral.

Square tokens are cut on the crop marks: the colour runs to the bleed edge, so a square cut is a
finished token. Round ones are punched (a circle punch of the token's diameter: 19.05 mm is a 3/4 in
punch) or cut round the ring with scissors; those of one colour sit in blocks with no straight crop
marks, where a square cut would not give a finished piece.
"""
import math

from ..spec import schema as s
from ..draw import svg
from ..errors import UserError
from .kind import Circle, Kind

FIELDS = {
    "size": s.length(high=200),
    "outline": s.one_of("round", "square"),
    "ground": s.colour,
    "ink": s.colour,
    "ring": s.length(high=5, zero=True),
    "ring_colour": s.colour,
    "symbol_scale": s.number(0.1, 1.0),
    "value_style": s.one_of("pips", "numeral"),
}
FACE_FIELDS = {"colour": s.colour, "shape": s.text, "value": s.integer(0, 999)}
DEFAULTS = {"outline": "round", "ground": "white", "ink": "black", "ring": 0.4, "symbol_scale": 0.8,
            "value_style": "numeral"}
BADGE = 0.2      # radius of the value badge, as a share of the token size
BADGE_FILL = "#ffffff"   # the value badge's disc: the one colour render paints that the spec does not give
MAX_PIPS = 6


def size(options):
    """A square of the token's diameter (or side)."""
    return options["size"], options["size"]


def render(spec, component, props):
    """Draw the colour to the bleed edge, the ring at the trim, the symbol and the value badge."""
    o = component.options
    side, b = o["size"], component.bleed
    ink, fill = spec.colour(o["ink"]), spec.colour(props.get("colour", o["ground"]))
    dwg = svg.drawing(side, side, b)
    svg.ground(dwg, fill)
    if o["ring"]:
        inset, ring = o["ring"] / 2, spec.colour(o.get("ring_colour", o["ink"]))
        if o["outline"] == "round":
            outline = dwg.circle((side / 2, side / 2), svg.r(side / 2 - inset), fill="none", stroke=ring, stroke_width=o["ring"])
        else:
            outline = dwg.rect((inset, inset), (side - o["ring"], side - o["ring"]), rx=svg.r(side * 0.08), fill="none",
                               stroke=ring, stroke_width=o["ring"])
        dwg.add(svg.part(outline, "cutting ring", svg.GUIDE))
    if props.get("shape"):
        dwg.add(svg.part(svg.symbol(dwg, props["shape"], side / 2, side / 2, side * o["symbol_scale"], fill, ink,
                                    search=spec.templates), "symbol"))
    if "value" in props:
        badge(dwg, spec, component, o, props["value"], ink)
    return dwg


def badge(dwg, spec, component, o, value, ink):
    """A white disc in the middle showing the value as pips or as a numeral."""
    side = o["size"]
    c, radius = side / 2, side * BADGE
    dwg.add(svg.part(dwg.circle((svg.r(c), svg.r(c)), svg.r(radius), fill=BADGE_FILL, stroke=ink,
                                stroke_width=svg.r(max(o["ring"], 0.3))), "value badge"))
    if o["value_style"] == "numeral":
        dwg.add(svg.part(svg.text(dwg, value, c, c + radius * 0.5, radius * 1.4, ink, bold=True), "value"))
        return
    if value > MAX_PIPS:
        raise UserError(f"{spec.path}: components.{component.id}: pips show values up to {MAX_PIPS} (found {value}); "
                        "use value_style: numeral")
    for x, y in pips(value, c, c, radius * 0.5):
        dwg.add(svg.part(dwg.circle((svg.r(x), svg.r(y)), svg.r(radius * 0.24), fill=ink), "value pips"))


def pips(value, cx, cy, spread):
    """Centres of value pips: one in the middle, or spread evenly round a circle starting at the top."""
    if value == 1:
        return [(cx, cy)]
    return [(cx + spread * math.sin(2 * math.pi * k / value), cy - spread * math.cos(2 * math.pi * k / value))
            for k in range(value)]


def cut(options):
    """A round token's cut is the circle a punch of its diameter makes; a square one's its trim box."""
    o = options
    side = o["size"]
    return Circle(side / 2, side / 2, side / 2) if o["outline"] == "round" else ((0.0, 0.0), (side, 0.0), (side, side), (0.0, side))


def reads(spec, component, props) -> list:
    """What render reads besides its colours (Kind.reads): its symbol's template."""
    return [f"template:{props['shape']}"] if props.get("shape") else []


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, default_bleed=3.0, cut=cut, defaults=DEFAULTS,
            required=("size",), paints=(BADGE_FILL,), reads=reads)
