"""Rulebook diagrams as data: component artworks and overlays placed in millimetres."""
from collections.abc import Callable
from types import MappingProxyType

from ..records import NamedTuple

from .. import games
from . import svg, svgvalues

MINIATURE = MappingProxyType({"label": ""})   # a board's face drawn small in a diagram: its label, 3 pt there, left out


class Diagram(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """Vector art for the rules: parts are (key, svg.Drawing, x mm, y mm, scale) inside width x height mm."""

    width: float
    height: float
    parts: tuple


def smallest_type(diagram: Diagram) -> float | None:
    """The size of a diagram's smallest text in mm at the diagram's own size, or None when it sets no text."""
    return min((size * k for _, part, _, _, k in diagram.parts if (size := part_type(part)) is not None), default=None)


def part_type(part) -> float | None:
    """The size of a part's smallest text in mm at the part's own size (every transform applied), or None when it sets
    no text; a part kept from the last build (its operators written, build._Part) says it."""
    if not isinstance(part, svg.Drawing):
        return part.smallest
    sizes = []

    def walk(node, k):
        moved = node.attrs.get("transform")
        if moved is not None:
            a, b, c, d = moved.matrix[:4]
            k *= abs(a * d - b * c) ** 0.5
        if isinstance(node, svg.Text) and "font-size" in node.attrs and str(node.content or "").strip():
            sizes.append(float(node.attrs["font-size"]) * k)
        for child in node.children:
            walk(child, k)
    walk(part, part.width / part.box[2])
    return min(sizes, default=None)


def paints(*colours: str) -> Callable:
    """Declare of a diagram maker that it paints the colours it reads only as given (the pieces it draws too), besides
    only these and its templates' own (as Kind.paints): its parts, and a card showing it, are then recoloured from
    their kept operators, undrawn."""
    def declared(make: Callable) -> Callable:
        setattr(make, "paints", colours)   # read by makers_paint and the card kind's paints
        return make
    return declared


def reads(declare: Callable) -> Callable:
    """Declare what a diagram maker reads of a spec: declare(spec) -> the names of its inputs, as Kind.reads gives them
    (a reference card showing the diagram reads them too). A maker that declares nothing reads the whole spec."""
    def declared(make: Callable) -> Callable:
        setattr(make, "reads", declare)   # read by read_by
        return make
    return declared


def read_by(make: Callable, spec) -> list:
    """What a diagram maker declares it reads of a spec (reads), or the whole spec ("spec") when it declares nothing."""
    declare = getattr(make, "reads", None)
    return ["spec"] if declare is None else list(declare(spec))


def round_cut(art: svg.Drawing, ident: str = "round-cut") -> svg.Drawing:
    """The artwork clipped to the circle inscribed in its view box, as a round piece is cut from its square."""
    x, y, w, h = art.box
    out = svg.Drawing(art.width, art.height, art.box, art.ident)
    clip = out.defs.add(svg.Element("clipPath", {"id": ident}))
    clip.add(svg.Element("circle", {"cx": svg.r(x + w / 2), "cy": svg.r(y + h / 2), "r": svg.r(min(w, h) / 2)}))
    out.defs.children += art.defs.children
    out.add(svg.Element("g", {"clip-path": f"url(#{ident})"})).children = [c for c in art.children if c is not art.defs]
    return out


def place(dwg: svg.Drawing, diagram: Diagram, x: float, y: float, scale: float) -> None:
    """Draw a diagram's parts into a drawing, its top-left corner at (x, y) mm and scale times its size."""
    for n, (key, part, dx, dy, k) in enumerate(diagram.parts):
        bx, by, bw, _ = part.box
        clips = [c for c in part.defs.children if c.tag == "clipPath"]
        rename = {c.attrs.get("id"): f"{key}-{n}-{c.attrs.get('id')}" for c in clips}
        for clip in clips:
            dwg.defs.add(_copy(clip, rename)).attrs["id"] = rename[clip.attrs.get("id")]
        size = round(scale * k * part.width / bw, 6)
        move = svgvalues.translate(svg.r(x + dx * scale), svg.r(y + dy * scale)).then(svgvalues.scale(size))
        group = dwg.add(svg.part(dwg.g(transform=move.then(svgvalues.translate(svg.r(-bx), svg.r(-by)))), "drawing"))
        group.children = [_copy(child, rename) for child in part.children if child.tag != "defs"]


def _copy(node, rename):
    """A copy of an element and its children, its clip-path pointing at the renamed clip."""
    attrs = dict(node.attrs)
    if "clip-path" in attrs:
        clip = attrs["clip-path"][5:-1]  # url(#id)
        attrs["clip-path"] = f"url(#{rename.get(clip, clip)})"
    copy = svg.Text(attrs, node.content) if node.tag == "text" else svg.Element(node.tag, attrs, node.content)
    copy.children = [_copy(child, rename) for child in node.children]
    return copy


def turned(dwg: svg.Drawing, rotation: int) -> svg.Drawing:
    """A drawing turned clockwise by 0, 90, 180 or -90 degrees, as a sheet turns a piece; its size turns with it."""
    bx, by, bw, bh = dwg.box
    quarter = rotation % 180 == 90
    out = svg.Drawing(dwg.height if quarter else dwg.width, dwg.width if quarter else dwg.height,
                      (0, 0, bh, bw) if quarter else (0, 0, bw, bh), f"{dwg.ident}-turned")
    out.defs.children = list(dwg.defs.children)
    shift = {0: (0, 0), 90: (bh, 0), 180: (bw, bh), 270: (0, bw)}[rotation % 360]
    turn = svgvalues.translate(svg.r(shift[0]), svg.r(shift[1])).then(svgvalues.rotate(rotation % 360))
    group = out.add(out.g(transform=turn.then(svgvalues.translate(svg.r(-bx), svg.r(-by)))))
    group.children = [child for child in dwg.children if child.tag != "defs"]
    return out


def turned_point(point: tuple, width: float, height: float, rotation: int) -> tuple:
    """Where a point (x, y) of a width x height drawing lands once the drawing is turned() by rotation."""
    x, y = point
    return {0: (x, y), 90: (height - y, x), 180: (width - x, height - y), 270: (y, width - x)}[rotation % 360]


def shared(spec, name: str, make):
    """The value called name for this spec (or the rulebook's stand-in for it), made by make() once: what several of a
    game's diagrams draw or work out alike (a board's drawing, the turn it is printed at)."""
    return spec.remembered(f"diagram {name}", make)


def drawn(spec) -> dict:
    """The rulebook diagrams of the spec's game, drawn for the spec: {name: Diagram}."""
    return {name: make(spec) for name, make in games.ruleset(spec).diagrams.items()}


def makers_paint(spec) -> tuple | None:
    """All the colours the diagram makers of the spec's game declare they paint (paints), or None if one declares none."""
    found: list = []
    for make in games.ruleset(spec).diagrams.values():
        declared = getattr(make, "paints", None)
        if declared is None:
            return None
        found += declared
    return tuple(found)
