"""SVG attribute values read in one place (svgvalues), and the painters that read them through it."""
import ast
import math
from pathlib import Path

import pytest

from generator.draw import content, svg, svgvalues
from generator.errors import UserError

GENERATOR = Path(__file__).resolve().parents[2] / "generator"


def test_a_transform_list_is_one_matrix_applied_right_to_left():
    m = svgvalues.matrix("translate(10,20) rotate(90) scale(2)")
    x, y = 1.0, 0.0  # scaled to (2, 0), turned to (0, 2), moved to (10, 22)
    assert (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) == pytest.approx((10, 22))
    assert svgvalues.matrix("") == svgvalues.IDENTITY
    assert svgvalues.matrix("rotate(90 5 5)")[4:] == pytest.approx((10, 0))  # about (5, 5): the origin lands at (10, 0)


def test_an_arc_becomes_quarter_beziers_that_end_on_the_circle():
    curves = svgvalues.beziers(10, 0, 10, 10, 0, 1, 1, -10, 0)  # half a circle of radius 10 round the origin
    assert len(curves) == 2
    assert curves[-1][4:] == pytest.approx((-10, 0))
    for x1, y1, x2, y2, x, y in curves:
        assert math.hypot(x, y) == pytest.approx(10)
    assert svgvalues.beziers(0, 0, 0, 5, 0, 0, 1, 10, 0) is None  # a zero radius: a straight line
    assert svgvalues.beziers(3, 3, 5, 5, 0, 0, 1, 3, 3) == []
    assert content.arc(0, 0, 0, 5, 0, 0, 1, 10, 0) == ["10 0 l"]


def test_path_data_reads_relative_and_shorthand_commands_as_absolute_segments():
    found = list(svgvalues.segments("m 1 1 h 4 v 4 q 2 2 4 0 z"))
    assert [s[0] for s in found] == ["M", "L", "L", "C", "Z"]
    assert found[2][1:] == (5.0, 5.0)
    assert found[3][-2:] == (9.0, 5.0)
    assert (9.0, 5.0) in svgvalues.ends("m 1 1 h 4 v 4 q 2 2 4 0 z")
    with pytest.raises(UserError, match="bad path data"):
        list(svgvalues.segments("M 1"))


def test_colours_points_and_styles():
    assert svgvalues.colour("#f00") == (1, 0, 0)
    assert svgvalues.colour("none") is None
    assert svgvalues.hex_colour("#A0b1C2") and not svgvalues.hex_colour("#abc") and not svgvalues.hex_colour("red")
    assert svgvalues.points("0,0 10,5 3") == [(0, 0), (10, 5)]
    assert svgvalues.points([(1, 2)]) == [(1, 2)]
    assert svgvalues.style("fill: red; stroke:#000;") == {"fill": "red", "stroke": "#000"}
    with pytest.raises(UserError, match="'bold' is not a property:value"):
        svgvalues.style("fill:red; bold")


def test_no_painter_parses_svg_values_of_its_own():
    """The PDF writer, cairo painter, looks and checks read values through svgvalues: no regular expressions or
    ElementTree, and the PDF writer does not borrow the cairo painter's rules."""
    for name in ("draw/content", "draw/paint", "draw/looks", "check/textcheck", "output/svg"):
        tree = ast.parse((GENERATOR / f"{name}.py").read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not imported & {"re", "xml.etree.ElementTree"} or name == "output/svg", name
        assert "paint" not in imported or name != "draw/content"


def test_a_drawing_keeps_its_transforms_and_points_read_once():
    """Elements made through the drawing hold a Transform (steps and matrix) and Points (pairs), read from the text they
    write: the SVG stays as it was, the painters read no text."""
    dwg = svg.drawing(20, 20)
    group = dwg.add(dwg.g(transform="translate(10,10) rotate(90)"))
    shape = group.add(dwg.polygon([(0, 0), (5.00049, 0), (0, 5)], fill="#000000"))
    turn = group.attrs["transform"]
    assert isinstance(turn, svgvalues.Transform) and turn.matrix == pytest.approx((0, 1, -1, 0, 10, 10))
    assert isinstance(shape.attrs["points"], svgvalues.Points) and shape.attrs["points"].pairs == ((0, 0), (5, 0), (0, 5))
    text = dwg.tostring()
    assert '<g transform="translate(10,10) rotate(90)">' in text and 'points="0,0 5,0 0,5"' in text
    assert content.transform(turn) == content.transform("translate(10,10) rotate(90)") == "0 1 -1 0 10 10 cm"
