"""SVG attribute values read in one place (svgvalues), and the painters that read them through it."""
import ast
import math
from pathlib import Path

import pytest

from generator.draw import content, svg, svgvalues
from generator.errors import UserError

GENERATOR = Path(__file__).resolve().parents[2] / "generator"


def placed(m, x, y):
    """Where a matrix (a, b, c, d, e, f) puts the point (x, y)."""
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def test_a_transform_list_is_one_matrix_applied_right_to_left():
    m = svgvalues.transform("translate(10,20) rotate(90) scale(2)").matrix
    assert placed(m, 1.0, 0.0) == pytest.approx((10, 22))  # scaled to (2, 0), turned to (0, 2), moved to (10, 22)
    assert svgvalues.transform("").matrix == svgvalues.IDENTITY
    assert svgvalues.transform("rotate(90 5 5)").matrix[4:] == pytest.approx((10, 0))  # the origin lands at (10, 0)


def test_built_transforms_have_the_matrices_worked_by_hand():
    """Each builder's matrix against the geometry done by hand: a quarter turn about (5, 5) is x' = 10 - y, y' = x; a
    turn by t about (cx, cy) moves (x, y) to cx + (x - cx) cos t - (y - cy) sin t, cy + (x - cx) sin t + (y - cy) cos t."""
    assert svgvalues.rotate(90, 5, 5).matrix == pytest.approx((0, 1, -1, 0, 10, 0))
    assert svgvalues.rotate(180).matrix == pytest.approx((-1, 0, 0, -1, 0, 0))
    t, cx, cy = math.radians(30), 2.0, 7.0
    for x, y in ((0, 0), (3, -1), (12.5, 4)):
        turned = (cx + (x - cx) * math.cos(t) - (y - cy) * math.sin(t), cy + (x - cx) * math.sin(t) + (y - cy) * math.cos(t))
        assert placed(svgvalues.rotate(30, cx, cy).matrix, x, y) == pytest.approx(turned)
    assert svgvalues.translate(3, 4).matrix == (1, 0, 0, 1, 3, 4)
    assert svgvalues.scale(2, 0.5).matrix == (2, 0, 0, 0.5, 0, 0) and svgvalues.scale(3).matrix == (3, 0, 0, 3, 0, 0)
    assert svgvalues.affine(1, 2, 3, 4, 5, 6).matrix == (1, 2, 3, 4, 5, 6)
    # then(): the shape is scaled first, then moved: (1, 1) -> (2, 0.5) -> (5, 4.5); and the other way round
    assert placed(svgvalues.translate(3, 4).then(svgvalues.scale(2, 0.5)).matrix, 1, 1) == (5, 4.5)
    assert placed(svgvalues.scale(2, 0.5).then(svgvalues.translate(3, 4)).matrix, 1, 1) == (8, 2.5)
    move = svgvalues.translate(10, 20).then(svgvalues.rotate(90)).then(svgvalues.scale(2))
    assert placed(move.matrix, 1, 0) == pytest.approx((10, 22)) and len(move.steps) == 3


def test_a_built_transform_is_the_one_its_text_would_read_to_the_last_bit():
    """The PDF and PNG writers get the very numbers they got when transforms were text: a built transform's matrix equals
    that of its SVG text read back, exactly."""
    built = [svgvalues.translate(12.345, -3.0).then(svgvalues.rotate(37)).then(svgvalues.scale(0.173)).then(
                 svgvalues.translate(-50, -50)),
             svgvalues.rotate(180, 12.5, 30.125, sep=" "), svgvalues.affine(0, 1, -1, 0, 215.9, 3),
             svgvalues.scale(1.003, 0.997).then(svgvalues.translate(-3.0, -3.0))]
    for move in built:
        read = svgvalues.transform(svgvalues.transform_text(move))
        assert read.matrix == move.matrix and [s[:2] for s in read.steps] == [s[:2] for s in move.steps]


def test_a_transform_writes_the_svg_text_it_always_wrote():
    """The written text is what the drawing wrote when transforms were text (the SVG files, the golden drawings and the
    ink memo keys stay byte for byte): numbers as Python writes them, the designer's own text as it came."""
    text = svgvalues.transform_text
    symbol = svgvalues.translate(12.5, 3.0).then(svgvalues.rotate(0)).then(svgvalues.scale(0.25)).then(
        svgvalues.translate(-50, -50))
    assert text(symbol) == "translate(12.5,3.0) rotate(0) scale(0.25) translate(-50,-50)"
    assert text(svgvalues.rotate(180, 12.5, 30.0, sep=" ")) == "rotate(180 12.5 30.0)"            # a standee's figure
    assert text(svgvalues.rotate(15.0, 2.0, 4.5)) == "rotate(15.0,2.0,4.5)"                       # a layout element
    assert text(svgvalues.affine(1, 0, 0, 1, 12.5, 3)) == "matrix(1,0,0,1,12.5,3)"                 # a face on a page
    assert text(svgvalues.scale(1.0, 2.0)) == "scale(1.0,2.0)" and text(svgvalues.transform("")) == ""
    designed = svgvalues.transform("rotate(-35 36 33)")
    assert text(designed) == "rotate(-35 36 33)" and designed.steps[0].numbers == (-35.0, 36.0, 33.0)
    dwg = svg.drawing(20, 20)
    dwg.add(dwg.g(transform=svgvalues.rotate(180, 12.5, 30.0, sep=" "))).add(dwg.g(transform=designed))
    assert '<g transform="rotate(180 12.5 30.0)"><g transform="rotate(-35 36 33)"/></g>' in dwg.tostring()
    with pytest.raises(ValueError):
        designed.then(svgvalues.scale(2))  # the designer's text would be lost


def test_the_drawing_takes_no_transform_or_points_as_text():
    """A transform or points given as SVG text are refused where the element is made: only the edge readers (the
    templates, the designer's SVG) turn text into a Transform, with svgvalues.transform, or Points."""
    dwg = svg.drawing(20, 20)
    with pytest.raises(TypeError, match="SVG text"):
        dwg.g(transform="translate(10,10)")
    with pytest.raises(TypeError, match="SVG text"):
        svg.Element("path", {"d": "M 0 0 L 1 1", "transform": "rotate(90)"})
    with pytest.raises(TypeError, match="SVG text"):
        svg.Element("polygon", {"points": "0,0 5,0 0,5"})
    with pytest.raises(TypeError, match="SVG text"):
        dwg.path("M 0 0 L 1 1")
    assert dwg.g(transform=svgvalues.transform("translate(10,10)")).attrs["transform"].matrix == (1, 0, 0, 1, 10, 10)


def test_an_arc_becomes_quarter_beziers_that_end_on_the_circle():
    curves = svgvalues.beziers(10, 0, 10, 10, 0, 1, 1, -10, 0)  # half a circle of radius 10 round the origin
    assert len(curves) == 2
    assert curves[-1][4:] == pytest.approx((-10, 0))
    for x1, y1, x2, y2, x, y in curves:
        assert math.hypot(x, y) == pytest.approx(10)
    assert svgvalues.beziers(0, 0, 0, 5, 0, 0, 1, 10, 0) is None  # a zero radius: a straight line
    assert svgvalues.beziers(3, 3, 5, 5, 0, 0, 1, 3, 3) == []
    assert content.arc(0, 0, 0, 5, 0, 0, 1, 10, 0) == ["10 0 l"]


@pytest.mark.parametrize("r", [1e-200, 1e-320, 0.5])
def test_an_arc_whose_radii_cannot_reach_is_the_half_circle_through_its_ends(r):
    """Radii too small to join the ends grow, in their ratio, until they do (SVG's rule): squaring 1e-200 gave 0 and a
    ZeroDivisionError (a traceback from validate; pnp watch stopped). The curve ends on the circle over the chord."""
    curves = svgvalues.beziers(0, 0, r, r, 0, 1, 1, 6, 8)
    assert curves[-1][4:] == pytest.approx((6, 8))
    for *_, x, y in curves:
        assert math.hypot(x - 3, y - 4) == pytest.approx(5)
    assert svgvalues.beziers(0, 0, 1e-300, 1e10, 0, 1, 1, 5, 5) is None   # a ratio past floats: a straight line


def test_built_path_data_has_the_segments_its_own_svg_text_reads_back_to():
    """A path built from commands is what a reader of its written SVG gets: the same segments, an arc with the point
    it leaves (after a close, the subpath's start), and the text the hex tiles have always written."""
    built = svgvalues.path(("M", 1.5, 2.0), ("L", 6.0, 2.0), ("A", 3.0, 3.0, 0, 0, 1, 6.0, 8.0), ("Z",),
                           ("C", 0.0, 1.0, 2.0, 3.0, 4.0, 5.0), ("A", 2.0, 2.0, 0, 1, 0, 9.0, 9.0))
    text = svgvalues.path_text(built)
    assert text == "M 1.5 2.0 L 6.0 2.0 A 3.0 3.0 0 0 1 6.0 8.0 Z C 0.0 1.0 2.0 3.0 4.0 5.0 A 2.0 2.0 0 1 0 9.0 9.0"
    assert built.segments == tuple(svgvalues.segments(text))
    assert built.segments[2][:3] == ("A", 6.0, 2.0) and built.segments[5][:3] == ("A", 4.0, 5.0)
    assert content.path(built) == content.path(svgvalues.path_of(text))
    read = svgvalues.path_of("m 1 1 h 4 z")
    assert svgvalues.path_text(read) == "m 1 1 h 4 z", "the designer's text is written back as it came"
    assert svg.drawing(9, 9).path(built).tostring() == f'<path d="{text}"/>'
    with pytest.raises(ValueError, match="not a path command"):
        svgvalues.path(("L", 1.0))


def test_built_points_are_the_numbers_their_svg_text_reads_back_to():
    """Points built from pairs hold each number as its written text gives it (1/1000 mm), with no text made."""
    pairs = [(12.3456, -0.0004), (5, 2.0004), (-7.25, 1e-4), (0.1 + 0.2, 99.9999)]
    built = svg.drawing(9, 9).polygon(pairs).attrs["points"]
    assert built.source == "" and svgvalues.points_text(built) == "12.346,0 5,2 -7.25,0 0.3,100"
    assert built.pairs == svgvalues.points_of(svgvalues.points_text(built)).pairs
    assert built.pairs == tuple((float(svg._value(x)), float(svg._value(y))) for x, y in pairs)


def test_path_data_reads_relative_and_shorthand_commands_as_absolute_segments():
    found = list(svgvalues.segments("m 1 1 h 4 v 4 q 2 2 4 0 z"))
    assert [s[0] for s in found] == ["M", "L", "L", "C", "Z"]
    assert found[2][1:] == (5.0, 5.0)
    assert found[3][-2:] == (9.0, 5.0)
    assert (9.0, 5.0) in svgvalues.ends(svgvalues.path_of("m 1 1 h 4 v 4 q 2 2 4 0 z"))
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
    for name in ("draw/content", "draw/paint", "draw/looks", "check/textcheck", "output/formats/svg"):
        tree = ast.parse((GENERATOR / f"{name}.py").read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not imported & {"re", "xml.etree.ElementTree"} or name == "output/formats/svg", name
        assert "paint" not in imported or name != "draw/content"


def test_a_drawing_keeps_its_transforms_and_points_typed():
    """Elements made through the drawing hold a Transform (steps and matrix) and Points (pairs) whose SVG text is what
    it always was; the painters read no text."""
    dwg = svg.drawing(20, 20)
    group = dwg.add(dwg.g(transform=svgvalues.translate(10, 10).then(svgvalues.rotate(90))))
    shape = group.add(dwg.polygon([(0, 0), (5.00049, 0), (0, 5)], fill="#000000"))
    turn = group.attrs["transform"]
    assert isinstance(turn, svgvalues.Transform) and turn.matrix == pytest.approx((0, 1, -1, 0, 10, 10))
    assert isinstance(shape.attrs["points"], svgvalues.Points) and shape.attrs["points"].pairs == ((0, 0), (5, 0), (0, 5))
    text = dwg.tostring()
    assert '<g transform="translate(10,10) rotate(90)">' in text and 'points="0,0 5,0 0,5"' in text
    assert content.transform(turn) == content.transform(svgvalues.transform("translate(10,10) rotate(90)")) == "0 1 -1 0 10 10 cm"
