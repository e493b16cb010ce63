"""Square tile: one coloured template symbol (with its colour's mark, if any) on a plain ground with a thin border."""
from ..spec import schema as s
from ..draw import svg
from .kind import Kind

FIELDS = {
    "size": s.length(high=400),
    "ground": s.colour,
    "ink": s.colour,
    "border": s.length(high=5, zero=True),
    "symbol_scale": s.number(0.1, 1.0),
    "marks": s.marks,
}
FACE_FIELDS = {"colour": s.colour, "shape": s.text}
DEFAULTS = {"ground": "white", "ink": "black", "border": 0.3, "symbol_scale": 0.82}


def size(options):
    """A square of the given size."""
    return options["size"], options["size"]


def render(spec, component, props):
    """Draw the tile face: ground to the bleed edge, border at the trim, symbol in the middle."""
    o = component.options
    side, bleed = o["size"], component.bleed
    dwg = svg.drawing(side, side, bleed)
    svg.ground(dwg, spec.colour(o["ground"]))
    if o["border"]:
        inset = o["border"] / 2
        dwg.add(svg.part(dwg.rect((inset, inset), (side - o["border"], side - o["border"]), fill="none",
                                  stroke=spec.colour(o["ink"]), stroke_width=o["border"]), "border on the cut", svg.GUIDE))
    dwg.add(svg.part(svg.symbol(dwg, props["shape"], side / 2, side / 2, side * o["symbol_scale"], spec.colour(props["colour"]),
                                spec.colour(o["ink"]), search=spec.templates, mark=props.get("mark", "")), "symbol"))
    return dwg


def reads(spec, component, props) -> list:
    """What render reads besides its colours (Kind.reads): the symbol's template and its mark's."""
    return [f"template:{props['shape']}"] + ([f"template:{props['mark']}"] if props.get("mark") else [])


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, lettering=False, defaults=DEFAULTS,
            required=("size",), face_required=("colour", "shape"), recolour="colour", paints=(), reads=reads)
