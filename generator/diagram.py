"""Rulebook diagrams as data: component artworks and overlays placed in millimetres."""
import xml.etree.ElementTree as ET
from dataclasses import dataclass

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
