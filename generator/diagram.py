"""Rulebook diagrams as data: component artworks and overlays placed in millimetres."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagram:
    """Vector art for the rules: parts are (key, SVG text, x mm, y mm, scale) inside width x height mm."""

    width: float
    height: float
    parts: tuple
