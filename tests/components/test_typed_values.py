"""Every drawing the kinds make holds typed values: each transform a svgvalues.Transform, each points list a Points."""
from pathlib import Path

import pytest

from generator.draw import svg, svgvalues
from generator.draw.render import draw_art
from generator.spec import loader as specs
from generator.spec.expand import expand

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(specs.shipped()) + sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.stem == p.parent.name)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_face_holds_typed_transforms_and_points(source):
    """Every distinct face of the shipped games and examples, front and back: no transform or points list is text that a
    reader would have to parse (back.py once set its logo's move as text after the group was made)."""
    spec = specs.load(source)
    found = set()
    for art in expand(spec)[1].values():
        for node in svg.walk(draw_art(spec, art)):
            if "transform" in node.attrs:
                assert isinstance(node.attrs["transform"], svgvalues.Transform), (art.key, node.tag, node.attrs["transform"])
                found.add("transform")
            if "points" in node.attrs:
                assert isinstance(node.attrs["points"], svgvalues.Points), (art.key, node.tag, node.attrs["points"])
    assert "transform" in found  # every set places a symbol, a logo or an icon
