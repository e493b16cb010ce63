"""Pattern tile: a grid of coloured symbols (with their colours' marks), a white orientation triangle, a border on the cut."""
from ..spec import schema as s
from ..draw import svg
from ..located import spec_error
from ..check.textcheck import SAFE
from .kind import Kind

FIELDS = {
    "rows": s.integer(1, 12),
    "cols": s.integer(1, 12),
    "cell": s.length(high=100),
    "margin": s.length(high=30, zero=True),
    "ground": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "marks_from": s.text,
}
FACE_FIELDS = {"pattern": s.list_of(s.list_of(s.list_of(s.text, 2, 2), 1, 12), 1, 12)}
SYMBOL = 0.9   # a symbol's share of its cell: 10.8 mm in Granny's 12 mm cells, its colour mark >= 3 mm tall
WHITE = "#ffffff"   # the orientation triangle's fill, the one colour render paints that the spec does not give
DEFAULTS = {"margin": 5.0, "ground": "white", "ink": "black", "line": 0.3, "marks_from": ""}


def size(options):
    """The grid plus a margin on every side."""
    o = options
    return o["cols"] * o["cell"] + 2 * o["margin"], o["rows"] * o["cell"] + 2 * o["margin"]


def render(spec, component, props):
    """Draw the border on the cut, each symbol in its colour, and the white triangle in the top margin, clear of the cut."""
    o = component.options
    width, height = size(o)
    b, ink, cell, m = component.bleed, spec.colour(o["ink"]), o["cell"], o["margin"]
    dwg = svg.drawing(width, height, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    if o["line"]:
        dwg.add(svg.part(dwg.rect((o["line"] / 2, o["line"] / 2), (width - o["line"], height - o["line"]), fill="none",
                                  stroke=ink, stroke_width=o["line"]), "border on the cut", svg.GUIDE))
    marks = marks_of(spec, o)
    for j, row in enumerate(props["pattern"]):
        for i, (colour, shape) in enumerate(row):
            cx, cy = m + (i + 0.5) * cell, m + (j + 0.5) * cell
            dwg.add(svg.part(svg.symbol(dwg, shape, cx, cy, cell * SYMBOL, spec.colour(colour), ink, search=spec.templates,
                                        mark=marks.get(colour, "")), "pattern symbols"))
    marker = max(m - SAFE, 1.0)
    dwg.add(svg.part(svg.symbol(dwg, "marker-triangle", width / 2, SAFE + 0.3 + marker / 2, marker, WHITE, ink,
                                search=spec.templates), "white triangle"))
    return dwg


def marks_of(spec, options) -> dict:
    """The colour marks of the component `marks_from` names (the tiles a pattern shows), or none."""
    return dict(spec.component(options["marks_from"]).options.get("marks") or {}) if options.get("marks_from") else {}


def link(spec, component):
    """Check at load time that `marks_from` names a component that gives its colours marks."""
    wanted = component.options.get("marks_from")
    source = next((c for c in spec.components if c.id == wanted), None)
    if wanted and not (source and source.options.get("marks")):
        raise spec_error(spec, ("components", component.id, "marks_from"), f"no component {wanted!r} that gives its "
                         f"colours marks (components with marks: {', '.join(c.id for c in spec.components if c.options.get('marks')) or 'none'})")
    return dict(component.options)


def reads(spec, component, props) -> list:
    """What render reads besides its options' colours (Kind.reads): each symbol's colour, template and mark's template,
    the triangle's template and the component its marks come from."""
    o = component.options
    marks = marks_of(spec, o)
    found = ([f"component:{o['marks_from']}"] if o.get("marks_from") else []) + ["template:marker-triangle"]
    for row in props["pattern"]:
        for colour, shape in row:
            found += [f"colour:{colour}", f"template:{shape}"] + ([f"template:{marks[colour]}"] if marks.get(colour) else [])
    return found


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, lettering=False, link=link,
            defaults=DEFAULTS, required=("rows", "cols", "cell"), face_required=("pattern",), paints=(WHITE,), reads=reads)
