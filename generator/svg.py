"""SVG drawings in millimetres: the only module that imports svgwrite."""
import functools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import svgwrite
import svgwrite.base

from .errors import UserError
from .templates import TEMPLATES

FONT = "Bitstream Vera Sans"
SVG_NS = "{http://www.w3.org/2000/svg}"
_SAFE_TAGS = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line", "g"}
_SAFE_ATTRS = re.compile(r"^(d|cx|cy|r|rx|ry|x|y|x1|y1|x2|y2|width|height|points|fill|stroke|stroke-width|"
                         r"stroke-linejoin|stroke-linecap|stroke-dasharray|opacity|fill-opacity|transform)$")


def r(value):
    """Round a coordinate to 1/1000 mm so output is stable and small."""
    return round(value, 3) + 0.0


def drawing(width, height, bleed=0.0, ident="face"):
    """Start a drawing whose user unit is 1 mm and whose trim box starts at (0, 0)."""
    w, h = width + 2 * bleed, height + 2 * bleed
    dwg = svgwrite.Drawing(size=(f"{r(w)}mm", f"{r(h)}mm"), profile="full", debug=False, id=ident)
    dwg.viewbox(r(-bleed), r(-bleed), r(w), r(h))
    return dwg


def text(dwg, content, x, y, size, fill="#000000", anchor="middle", bold=False, **extra):
    """Add a line of text with the bundled font; size in mm."""
    return dwg.text(str(content), insert=(r(x), r(y)), font_family=FONT, font_size=r(size), fill=fill,
                    text_anchor=anchor, font_weight="bold" if bold else "normal", **extra)


def to_string(dwg):
    """Serialise a drawing."""
    return dwg.tostring()


class _Raw(svgwrite.base.BaseElement):
    """An element copied from a template, attributes already checked."""

    def __init__(self, tag, attributes):
        self.elementname = tag
        super().__init__(debug=False)
        self.attribs.update(attributes)


@functools.lru_cache(maxsize=None)
def _template(name, search):
    """Load a template symbol (viewBox 0 0 100 100) as a tuple of (tag, attributes, children)."""
    for folder in search:
        path = Path(folder) / f"{name}.svg"
        if path.is_file():
            return tuple(_element(child, path) for child in _parse(path))
    raise UserError(f"unknown template {name!r} (looked in {', '.join(map(str, search))})")


def _parse(path):
    """The root element of a template file, refusing DTDs (entities) and malformed XML with a clear error."""
    try:
        data = path.read_bytes()
        if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
            raise UserError(f"{path}: templates may not declare a DOCTYPE or entities (only plain shapes)")
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise UserError(f"{path}: template is not well-formed SVG ({exc})") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read template: {exc.strerror}") from None


def _element(node, path):
    """Copy a template element, refusing anything but plain shapes (no links, no scripts, no images)."""
    tag = node.tag.replace(SVG_NS, "")
    if tag not in _SAFE_TAGS:
        raise UserError(f"{path}: template element <{tag}> is not allowed (only plain shapes)")
    attributes = {k: v for k, v in node.attrib.items() if _SAFE_ATTRS.match(k)}
    return tag, attributes, tuple(_element(child, path) for child in node)


def symbol(dwg, name, x, y, size, colour, ink="#000000", rotate=0, search=(TEMPLATES,)):
    """Place a template symbol centred on (x, y), size mm wide, recoloured: fill "currentColor" -> colour, "ink" -> ink."""
    group = dwg.g(transform=f"translate({r(x)},{r(y)}) rotate({rotate}) scale({r(size / 100)}) translate(-50,-50)")
    for item in _template(name, tuple(map(str, search))):
        group.add(_build(item, colour, ink))
    return group


def _build(item, colour, ink):
    """Instantiate one template element with colours filled in."""
    tag, attributes, children = item
    swap = {"currentColor": colour, "ink": ink}
    filled = {k: swap.get(v, v) if k in ("fill", "stroke") else v for k, v in attributes.items()}
    element = _Raw(tag, filled)
    for child in children:
        element.add(_build(child, colour, ink))
    return element
