"""The drawing model is typed: every attribute of every face and rulebook diagram the shipped games and the examples
draw is a value (a number, a #rrggbb colour, a Transform, Points, a Path, a dash tuple or a keyword), never SVG text
for a writer or a check to parse again."""
import re
from pathlib import Path

import pytest

from generator import games
from generator.draw import svg, svgvalues
from generator.draw.render import draw_art
from generator.spec import loader as specs
from generator.spec.expand import expand

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["grannys-pills", "hexstatic", "pixeliction", "posies", "paths-and-pahs", "glorieta",
           *(str(ROOT / "examples" / name / f"{name}.yaml") for name in ("ember-deck", "harvest-track", "hex-isles"))]
NUMBERS = {"x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2", "stroke-width", "font-size",
           "opacity", "fill-opacity", "stroke-opacity", "stroke-dashoffset", "stroke-miterlimit"}
KEYWORDS = {"stroke-linecap": {"butt", "round", "square"}, "stroke-linejoin": {"miter", "round", "bevel"},
            "fill-rule": {"nonzero", "evenodd"}, "text-anchor": {"start", "middle", "end"},
            "font-weight": {"normal", "bold"}, "font-style": {"normal", "italic"}}
TYPED = {"transform": svgvalues.Transform, "points": svgvalues.Points, "d": svgvalues.Path}


def untyped(name, value) -> bool:
    """True when an attribute's value is not the typed value its name calls for."""
    if name in TYPED:
        return not isinstance(value, TYPED[name])
    if name in NUMBERS:
        return type(value) not in (int, float)
    if name in ("fill", "stroke"):
        return not (value == "none" or re.fullmatch(r"#[0-9a-f]{6}", str(value)))
    if name == "stroke-dasharray":
        return value != "none" and not (type(value) is tuple and value and all(type(v) in (int, float) for v in value))
    if name in KEYWORDS:
        return value not in KEYWORDS[name]
    if name == "clip-path":
        return not re.fullmatch(r"url\(#[\w-]+\)", str(value))
    return name not in ("id", "href", "font-family") or type(value) is not str


def drawings(source):
    """Every face a spec draws, and every part of its rulebook's diagrams."""
    spec = specs.load(source)
    for art in expand(spec)[1].values():
        yield art.key, draw_art(spec, art)
    ruleset = games.ruleset(spec)
    for name, make in ruleset.diagrams.items():
        for key, drawing, *_ in make(spec).parts:
            yield f"diagram {name}: {key}", drawing


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: Path(s).stem)
def test_every_attribute_drawn_is_a_typed_value(source):
    found, seen = [], set()
    for where, drawing in drawings(source):
        for element in svg.walk(drawing):
            for name, value in element.attrs.items():
                seen.add(name)
                if untyped(name, value):
                    found.append(f"{where} <{element.tag}> {name}={value!r}")
    assert not found, f"{len(found)} untyped values, e.g. " + "; ".join(found[:5])
    assert {"fill", "stroke"} <= seen


def test_a_value_given_as_text_is_refused_where_the_element_is_made():
    dwg = svg.drawing(10, 10)
    with pytest.raises(TypeError, match="SVG text"):
        dwg.path("M 0 0 L 5 5")
    with pytest.raises(TypeError, match="SVG text"):
        dwg.g(transform="rotate(45)")
    assert untyped("stroke-dasharray", "2,1") and untyped("stroke-width", "0.5") and untyped("fill", "red")
    assert not untyped("stroke-dasharray", (2, 1.5)) and not untyped("fill", "#d7261e")


def test_a_text_value_is_refused_with_other_attributes_beside_it_and_a_typed_one_is_kept():
    """The refusal reads the three typed attributes whatever else an element holds (the check skips only an element
    that has none of them)."""
    with pytest.raises(TypeError, match="SVG text"):
        svg.Element("polygon", {"fill": "#000000", "stroke": "none", "points": "0,0 1,1 2,0"})
    with pytest.raises(TypeError, match="SVG text"):
        svg.Element("g", {"stroke-width": 0.5, "transform": "translate(1, 2)"})
    kept = svg.Element("g", {"fill": "#000000", "transform": svgvalues.translate(1, 2)})
    assert kept.attrs["transform"].matrix == (1, 0, 0, 1, 1, 2)


def test_a_rounded_coordinate_is_the_rounding_itself_to_the_last_bit_remembered_or_not(monkeypatch):
    """svg.r remembers what it rounded: every value the shipped games' faces round, looked up the first time and again,
    is round(value, 3) + 0.0 to the last bit (signed zeros too); past ROUNDED values it starts over."""
    import random
    import struct
    seen = []
    rounded = svg.r
    monkeypatch.setattr(svg, "r", lambda value: (seen.append(value), rounded(value))[1])
    for game in ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"):
        spec = specs.load(game)
        for art in expand(spec)[1].values():
            draw_art(spec, art)
    monkeypatch.setattr(svg, "r", rounded)
    pick = random.Random(19)
    seen += [-0.0, 0.0, -0.0004, 0.0004, 2.0005, -2.0005, 1, True, 1e300] + [pick.uniform(-500, 500) for _ in range(5000)]
    assert len(seen) > svg.ROUNDED and len(set(map(repr, seen))) > 1000

    def bits(value):
        return struct.pack("d", value)
    for value in seen + seen[::-1]:
        assert bits(svg.r(value)) == bits(round(value, 3) + 0.0), value
    assert len(svg._ROUNDED) <= svg.ROUNDED


def test_a_symbols_remembered_transform_is_the_one_composed_afresh_to_the_last_bit(monkeypatch):
    """svg._placed remembers each spot's transform: for every symbol the games draw, it equals (steps and matrix, to the
    last bit) the move then the fit composed afresh, and the same object is handed out for the same spot."""
    import struct
    calls = []
    placed = svg._placed
    monkeypatch.setattr(svg, "_placed", lambda *spot: (calls.append(spot), placed(*spot))[1])
    for game in ("grannys-pills", "paths-and-pahs", "posies"):
        spec = specs.load(game)
        for art in expand(spec)[1].values():
            draw_art(spec, art)
    assert len(calls) > 300 and len(set(calls)) < len(calls)
    for x, y, rotate, scale in set(calls):
        fresh = svgvalues.translate(x, y).then(svgvalues.rotate(rotate).then(svgvalues.scale(scale))
                                                .then(svgvalues.translate(-50, -50)))
        found = placed(x, y, rotate, scale)
        assert found.steps == fresh.steps and found is placed(x, y, rotate, scale)
        assert struct.pack("6d", *found.matrix) == struct.pack("6d", *fresh.matrix)
