"""Symbol card: a background fill and one template symbol in a colour, outlined in whichever ink contrasts."""
from ..spec import schema as s
from ..draw import svg, templates
from ..located import spec_error
from ..spec.expand import face_props
from ..check.luminance import ink_on
from .kind import Kind, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "ink": s.colour,
    "light_ink": s.colour,
    "symbol_scale": s.number(0.1, 1.0),
    "symbols": s.any_value,
    "edge": s.length(high=2, zero=True),
    "edge_colour": s.colour,
}
FACE_FIELDS = {"background": s.colour, "shape": s.text, "colour": s.colour}
DEFAULTS = {"ink": "black", "light_ink": "white", "symbol_scale": 0.68, "symbols": {}, "edge": 0.2,
            "edge_colour": "#8a8a8a"}


size = width_and_height


def referenced(spec, component, key="cards"):
    """The component named by another component's option key, or a SpecError naming file, line and key."""
    where = ("components", component.id, key)
    found = next((c for c in spec.components if c.id == component.options[key]), None)
    if found is None:
        ids = ", ".join(c.id for c in spec.components)
        raise spec_error(spec, where, f"no component {component.options[key]!r} (components: {ids})")
    if found.kind != "symbol-card":
        raise spec_error(spec, where, f"expected a symbol-card component, found {found.id!r} ({found.kind})")
    return found


def link(spec, component):
    """Check `symbols` (shape value -> template name, for shapes drawn with another template than their name)."""
    options = dict(component.options)
    where = ("components", component.id, "symbols")
    symbols = options.get("symbols", {})
    if not isinstance(symbols, dict):
        raise spec_error(spec, where, f"expected a mapping of shape names to template names, found "
                        f"{s.found(symbols)}")
    known = templates.names(spec.templates)
    for shape, name in symbols.items():
        if not isinstance(name, str):
            raise spec_error(spec, where + (shape,), f"expected a template name, found {s.found(name)}")
        if name not in known:
            raise spec_error(spec, where + (shape,), f"unknown symbol {name!r} (templates: {', '.join(known)})")
    return options


def link_cards(spec, component):
    """Link hook for kinds that draw the faces of a `cards` component: check that it exists."""
    referenced(spec, component)
    return dict(component.options)


def faces_by_name(spec, component):
    """The faces of a symbol-card component by name: their values joined with "-", e.g. "black-circle-red"."""
    return {"-".join(map(str, props.values())): props for props in face_props(spec, component)}


def outline(spec, options, props):
    """The outline ink: the dark or the light ink, whichever contrasts more with the background."""
    o = options
    return ink_on(spec.colour(props["background"]), spec.colour(o["ink"]), spec.colour(o["light_ink"]))


def draw_face(dwg, spec, options, props, x, y, w, h, bleed=0.0, into=None):
    """Draw a card face, trim box at (x, y), w x h mm, into a group (or the drawing): background grown by bleed, symbol."""
    o = options
    parent = dwg if into is None else into
    background = parent.add(dwg.rect((svg.r(x - bleed), svg.r(y - bleed)), (svg.r(w + 2 * bleed), svg.r(h + 2 * bleed)),
                                     fill=spec.colour(props["background"])))
    shape = o["symbols"].get(props["shape"], props["shape"])
    symbol = parent.add(svg.symbol(dwg, shape, x + w / 2, y + h / 2, min(w, h) * o["symbol_scale"],
                                   spec.colour(props["colour"]), outline(spec, o, props), search=spec.templates))
    return background, symbol


def render(spec, component, props):
    """Draw the card: background to the bleed edge, symbol centred in the trim box."""
    o = component.options
    b, w, h = component.bleed, o["width"], o["height"]
    dwg = svg.drawing(w, h, b)
    background, symbol = draw_face(dwg, spec, o, props, 0, 0, w, h, b)
    svg.part(background, "ground", svg.GROUND)
    svg.part(symbol, "symbol")
    if o["edge"]:  # a hairline at the trim, so a pale card still shows where to cut
        dwg.add(svg.part(dwg.rect((o["edge"] / 2, o["edge"] / 2), (w - o["edge"], h - o["edge"]), fill="none",
                                  stroke=spec.colour(o["edge_colour"]), stroke_width=o["edge"]), "hairline on the cut", svg.GUIDE))
    return dwg


def reads(spec, component, props) -> list:
    """What render reads besides its colours (Kind.reads): its symbol's template (the one its symbols option gives the
    shape)."""
    return [f"template:{component.options['symbols'].get(props['shape'], props['shape'])}"]


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, default_bleed=3.0, link=link,
            lettering=False, defaults=DEFAULTS, required=("width", "height"), face_required=("background", "shape", "colour"),
            reads=reads)
