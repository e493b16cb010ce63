"""Rulebook diagrams as data: component artworks and overlays placed in millimetres."""
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from . import games, svg

SVG = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class Diagram:
    """Vector art for the rules: parts are (key, SVG text, x mm, y mm, scale) inside width x height mm."""

    width: float
    height: float
    parts: tuple


def round_cut(svg_text, ident="round-cut"):
    """The artwork clipped to the circle inscribed in its view box, as a round piece is cut from its square."""
    ET.register_namespace("", SVG)
    root = ET.fromstring(svg_text)
    x, y, w, h = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    children = list(root)
    for child in children:
        root.remove(child)
    clip = ET.SubElement(ET.SubElement(root, f"{{{SVG}}}defs"), f"{{{SVG}}}clipPath", id=ident)
    ET.SubElement(clip, f"{{{SVG}}}circle", cx=f"{x + w / 2:g}", cy=f"{y + h / 2:g}", r=f"{min(w, h) / 2:g}")
    ET.SubElement(root, f"{{{SVG}}}g", {"clip-path": f"url(#{ident})"}).extend(children)
    return ET.tostring(root, encoding="unicode")


def place(dwg: svg.Drawing, diagram: Diagram, x: float, y: float, scale: float) -> None:
    """Draw a diagram's parts into a drawing, its top-left corner at (x, y) mm and scale times its size."""
    for n, (key, text, dx, dy, k) in enumerate(diagram.parts):
        part = svg.as_drawing(text)
        bx, by, bw, _ = part.box
        clips = [c for c in part.defs.children if c.tag == "clipPath"]
        rename = {c.attrs.get("id"): f"{key}-{n}-{c.attrs.get('id')}" for c in clips}
        for clip in clips:
            dwg.defs.add(_copy(clip, rename)).attrs["id"] = rename[clip.attrs.get("id")]
        size = round(scale * k * part.width / bw, 6)
        group = dwg.add(svg.part(dwg.g(transform=f"translate({svg.r(x + dx * scale)},{svg.r(y + dy * scale)}) scale({size}) "
                                                 f"translate({svg.r(-bx)},{svg.r(-by)})"), "drawing"))
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


def turned(art, rotation: int) -> str:
    """A drawing turned clockwise by 0, 90, 180 or -90 degrees, as a sheet turns a piece; its size turns with it."""
    dwg = svg.as_drawing(art)
    bx, by, bw, bh = dwg.box
    quarter = rotation % 180 == 90
    out = svg.Drawing(dwg.height if quarter else dwg.width, dwg.width if quarter else dwg.height,
                      (0, 0, bh, bw) if quarter else (0, 0, bw, bh), f"{dwg.ident}-turned")
    out.defs.children = list(dwg.defs.children)
    shift = {0: (0, 0), 90: (bh, 0), 180: (bw, bh), 270: (0, bw)}[rotation % 360]
    group = out.add(out.g(transform=f"translate({svg.r(shift[0])},{svg.r(shift[1])}) rotate({rotation % 360}) "
                                    f"translate({svg.r(-bx)},{svg.r(-by)})"))
    group.children = [child for child in dwg.children if child.tag != "defs"]
    return svg.to_string(out)


def turned_point(point: tuple, width: float, height: float, rotation: int) -> tuple:
    """Where a point (x, y) of a width x height drawing lands once the drawing is turned() by rotation."""
    x, y = point
    return {0: (x, y), 90: (height - y, x), 180: (width - x, height - y), 270: (y, width - x)}[rotation % 360]


def drawn(spec) -> dict:
    """The rulebook diagrams of the spec's game, drawn for the spec: {name: Diagram}."""
    return {name: make(spec) for name, make in games.ruleset(spec).diagrams.items()}
