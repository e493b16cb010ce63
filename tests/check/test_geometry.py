"""Ink worked out from geometry against cairo's raster (the reference, as coloraide is for colours): the clearance to
the cut agrees on every element of every face of the six games and on random shapes, and a cold check paints nothing.

The bound, in mm, of raster minus geometry (the raster takes the centre of the first pixel a quarter covered):
- down to -0.025: a pixel centre may lie up to half a pixel outside an edge it is a quarter covered by;
- up to 0.05: the first pixel a quarter covered may start a pixel inside the edge (more on a curve, whose extreme
  pixel is little covered);
- a spike (a miter, a cusp) of half-angle a loses its tip to the raster: a length of sqrt(0.25 / tan a) pixels, the
  part too thin to cover a quarter of any pixel, and half a pixel more (where the lost tip falls in its pixel), is
  added to the upper bound;
- a stroked curve that bends tighter than its half-width: cairo joins the chords of such a bend (0.1 px from the
  curve) without rounding them, which may cut up to the half-width off its outside; geometry rounds it, as a PDF
  reader does: the half-width is added to the upper bound (random shapes only: no shipped game has such a bend);
- a round join or cap of a pen under 0.25 mm (5 px): cairo 1.16 draws it from a pen polygon of few sides and, where
  a closed path starts, inks up to a pixel past the circle: 0.05 off the lower bound (random shapes only; no join of
  the games comes so near the cut). That first join is cairo's own error: pdfium and poppler print it where the
  geometry puts it (test_a_closed_curve_is_measured_as_a_pdf_reader_prints_its_first_join).
"""
import math
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
import pypdfium2

from generator.check import geometry, ink, safearea
from generator.check.validate import validate
from generator.components.kind import Circle
from generator.draw import svg
from generator.draw import svgvalues
from generator.draw.render import drawn
from generator.spec import loader as specs
from generator.spec.expand import expand
from pages import pdf_bytes

GAMES = ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies")
BELOW, ABOVE = -0.025, 0.05


def spike(shapes):
    """The upper bound's allowance (mm) for the sharpest corner of the ink's outline polygons on its hull."""
    hull, sharpest = set(geometry.hull([p for shape in shapes for p in shape])), math.pi / 2
    for shape in shapes:
        for i, p in enumerate(shape):
            a, b = shape[i - 1], shape[(i + 1) % len(shape)]
            u, v = (a[0] - p[0], a[1] - p[1]), (b[0] - p[0], b[1] - p[1])
            lengths = math.hypot(*u) * math.hypot(*v)
            if p in hull and lengths > 0:
                sharpest = min(sharpest, math.acos(max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / lengths))) / 2)
    return (math.sqrt(0.25 / math.tan(max(sharpest, 1e-3))) + 0.5) / ink.PX if sharpest < math.pi / 4 else 0.0


def agree(node, clips, cut):
    """Raster minus geometry clearance of one element to a cut, and the spike allowance; None when neither inks."""
    drawn_ = ink.ink_ends(node, clips)
    painted = ink.painted(node, clips)
    if drawn_ and not painted:   # ink thinner than a pixel may cover no pixel by a quarter
        assert min(max(x for x, _ in drawn_) - min(x for x, _ in drawn_),
                   max(y for _, y in drawn_) - min(y for _, y in drawn_)) < 2 / ink.PX, node.tostring()[:200]
    assert bool(painted) <= bool(drawn_), node.tostring()[:200]
    if not painted:
        return None
    return safearea.clearance(cut, painted) - safearea.clearance(cut, drawn_), spike(geometry.polygons(node, clips))


@pytest.mark.parametrize("game", GAMES)
def test_geometry_gives_the_rasters_clearance_on_every_element_of_every_face(game):
    spec = specs.load(game)
    found = []
    for art, drawing in drawn(spec, expand(spec)[1]):
        cut = safearea.cut_line(spec.component(art.component))
        clips = {c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"}
        for node in drawing.children:
            if node.tag != "defs" and node.role in (svg.MARK, svg.FRAME) and not safearea.lettered(node):
                difference = agree(node, clips, cut)
                if difference is not None:
                    found.append(difference)
                    assert BELOW <= difference[0] <= ABOVE + difference[1], node.tostring()[:300]
    assert len(found) > 20


def _shape(draw):
    """A random element: a path of lines, curves and arcs, or a shape, stroked and filled, under a random transform."""
    coordinate = st.floats(-6, 6).map(lambda v: round(v, 2))
    kind = draw(st.sampled_from(["path", "rect", "circle", "ellipse", "polyline", "polygon", "line"]))
    attrs = {"fill": draw(st.sampled_from(["none", "#000000"])), "stroke": "#000000",
             "stroke-width": draw(st.floats(0.1, 2).map(lambda v: round(v, 2))),
             "stroke-linejoin": draw(st.sampled_from(["miter", "round", "bevel"])),
             "stroke-linecap": draw(st.sampled_from(["butt", "round", "square"])),
             "stroke-miterlimit": draw(st.sampled_from([1.5, 4, 10]))}
    if kind == "path":
        d = f"M {draw(coordinate)} {draw(coordinate)}"
        for _ in range(draw(st.integers(1, 4))):
            step = draw(st.sampled_from("LCQA"))
            count = {"L": 2, "C": 6, "Q": 4, "A": 2}[step]
            values = [draw(coordinate) for _ in range(count)]
            if step == "A":
                values = [draw(st.floats(0.5, 5).map(lambda v: round(v, 2))), draw(st.floats(0.5, 5).map(lambda v: round(v, 2))),
                          draw(st.integers(0, 90)), draw(st.integers(0, 1)), draw(st.integers(0, 1)), *values]
            d += f" {step} " + " ".join(f"{v:g}" for v in values)
        attrs["d"] = svgvalues.path_of(d + draw(st.sampled_from(["", " Z"])))
    elif kind == "rect":
        attrs.update(x=draw(coordinate), y=draw(coordinate), width=draw(st.floats(0.5, 8).map(lambda v: round(v, 2))),
                     height=draw(st.floats(0.5, 8).map(lambda v: round(v, 2))), rx=draw(st.sampled_from([0, 0.5, 2])))
    elif kind == "circle":
        attrs.update(cx=draw(coordinate), cy=draw(coordinate), r=draw(st.floats(0.3, 5).map(lambda v: round(v, 2))))
    elif kind == "ellipse":
        attrs.update(cx=draw(coordinate), cy=draw(coordinate), rx=draw(st.floats(0.3, 5).map(lambda v: round(v, 2))),
                     ry=draw(st.floats(0.3, 5).map(lambda v: round(v, 2))))
    elif kind == "line":
        attrs.update(x1=draw(coordinate), y1=draw(coordinate), x2=draw(coordinate), y2=draw(coordinate))
    else:
        attrs["points"] = svgvalues.points_of(" ".join(f"{draw(coordinate)},{draw(coordinate)}"
                                                       for _ in range(draw(st.integers(2, 5)))))
    node = svg.Element(kind, attrs)
    transform = (f"translate({draw(coordinate) + 20},{draw(coordinate) + 20}) rotate({draw(st.integers(0, 359))}) "
                 f"scale({draw(st.sampled_from([0.5, 1, 1.7]))},{draw(st.sampled_from([0.5, 1, 1.7]))})")
    group = svg.Element("g", {"transform": svgvalues.transform(transform)})
    group.add(node)
    return group


def _turned_bar():
    """A thick butt-capped line turned 179 degrees: its right-angled corner meets a hex cut's slanted side 1.005 pixels
    farther in the raster than in the geometry (found by hypothesis; it failed while the bound took a pixel as 1 px)."""
    group = svg.Element("g", {"transform": svgvalues.transform("translate(21.88,18.81) rotate(179) scale(1.7,1.7)")})
    group.add(svg.Element("line", {"fill": "none", "stroke": "#000000", "stroke-width": 2, "stroke-linejoin": "miter",
                                   "stroke-linecap": "butt", "stroke-miterlimit": 1.5, "x1": 2.46, "y1": 0, "x2": -1,
                                   "y2": 2.63}))
    return group


# how far a pixel square reaches along the normal of a cut's side, in pixels: |cos| + |sin| of the side's slant to the
# pixel grid (a hex's sides are 30 degrees off it, a circle's any angle)
REACH = {"hex": math.cos(math.pi / 6) + math.sin(math.pi / 6), "square": 1.0, "circle": math.sqrt(2)}


# derandomized: the same 150 shapes every run (a random run found the closed curve below, which CI must not meet by chance)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(st.composite(_shape)(), st.sampled_from(["hex", "square", "circle"]))
@example(_turned_bar(), "hex")
def test_geometry_gives_the_rasters_clearance_on_random_shapes(node, cut_kind):
    cuts = {"hex": tuple((20 + 14 * math.cos(k * math.pi / 3), 20 + 14 * math.sin(k * math.pi / 3)) for k in range(6)),
            "square": ((6.0, 6.0), (34.0, 6.0), (34.0, 34.0), (6.0, 34.0)), "circle": Circle(20.0, 20.0, 14.0)}
    shape = node.children[0]
    assume(not closed_curve(shape.attrs.get("d", svgvalues.NO_PATH)))
    difference = agree(node, {}, cuts[cut_kind])
    if difference is not None:
        half = float(shape.attrs["stroke-width"]) / 2 * 1.7   # the most the transform stretches it
        folded = half if tightest(shape.attrs.get("d", svgvalues.NO_PATH)) < 3.4 * half else 0.0
        pen = float(shape.attrs["stroke-width"]) / 2 * min(node.attrs["transform"].steps[-1].numbers)
        rounded = pen < 0.25 and "round" in (shape.attrs["stroke-linejoin"], shape.attrs["stroke-linecap"])
        flattened = geometry.TOLERANCE   # a flattened arc or curve may fall inside the true one by this much
        above = ABOVE * REACH[cut_kind]   # the raster's pixel measured along the side it comes nearest
        assert BELOW - flattened - 0.05 * rounded <= difference[0] <= above + difference[1] + folded, node.tostring()


def printed(node, px):
    """ink_ends of an element as a PDF reader prints it: through our PDF writer, rendered by pdfium at px pixels per mm."""
    dwg = svg.drawing(40, 40)
    dwg.add(node)
    page = pypdfium2.PdfDocument(pdf_bytes((40, 40), dwg))[0].render(scale=px * 25.4 / 72, grayscale=True)
    image = page.to_pil().convert("L")
    cols, data, ends = image.width, image.tobytes().translate(bytes(255 * (255 - v >= ink.INK) for v in range(256))), []
    for start in range(0, len(data), cols):
        first = data.find(255, start, start + cols)
        if first >= 0:
            last, down = data.rfind(255, start, start + cols), (start // cols + 0.5) / px
            ends += [((first - start + 0.5) / px, down), ((last - start + 0.5) / px, down)]
    return ends


@pytest.mark.parametrize("cap", ["butt", "square", "round"])
def test_a_closed_curve_is_measured_as_a_pdf_reader_prints_its_first_join(cap):
    """Found by hypothesis: M 5 1 C 4 0 0 0 0 0 Z under scale(0.5,1.7), stroked 0.25 with round joins. cairo 1.16 strokes
    the join where a closed subpath starts past the round pen (a box corner; its caps change it, though a closed subpath
    has none): 0.06-0.11 mm nearer a hex cut than the geometry's outline. pdfium and poppler reading the same PDF draw the
    round join where the geometry puts it, with no cap: at 100 px/mm, within the raster's half pixel."""
    px = 100
    cut = tuple((20 + 14 * math.cos(k * math.pi / 3), 20 + 14 * math.sin(k * math.pi / 3)) for k in range(6))
    group = svg.Element("g", {"transform": svgvalues.transform("translate(20,20) scale(0.5,1.7)")})
    group.add(svg.Element("path", {"fill": "none", "stroke": "#000000", "stroke-width": 0.25, "stroke-linejoin": "round",
                                   "stroke-linecap": cap, "d": svgvalues.path_of("M 5 1 C 4 0 0 0 0 0 Z")}))
    difference = safearea.clearance(cut, printed(group, px)) - safearea.clearance(cut, ink.ink_ends(group, {}))
    assert BELOW * ink.PX / px - geometry.TOLERANCE <= difference <= ABOVE * REACH["hex"] * ink.PX / px


def tightest(d):
    """The least radius of curvature of the curves of some path data (infinite for none)."""
    least, at = math.inf, (0.0, 0.0)
    for op, *v in d.segments:
        if op == "C":
            p = [at, (v[0], v[1]), (v[2], v[3]), (v[4], v[5])]
            for i in range(201):
                t, u = i / 200, 1 - i / 200
                dx, dy = [3 * (u * u * (p[1][k] - p[0][k]) + 2 * u * t * (p[2][k] - p[1][k]) + t * t * (p[3][k] - p[2][k]))
                          for k in (0, 1)]
                ex, ey = [6 * (u * (p[2][k] - 2 * p[1][k] + p[0][k]) + t * (p[3][k] - 2 * p[2][k] + p[1][k])) for k in (0, 1)]
                bend = abs(dx * ey - dy * ex)
                least = min(least, math.hypot(dx, dy) ** 3 / bend if bend else math.inf)
        at = (v[-2], v[-1]) if op != "Z" else at
    return least


def closed_curve(d):
    """True for path data with a curve that ends where it starts: cairo strokes such a loop short (its raster stops
    where the loop's chord does), which no other reader does; geometry draws the whole loop."""
    at = None
    for op, *v in d.segments:
        if op == "C" and at == (v[4], v[5]):
            return True
        at = (v[-2], v[-1]) if op != "Z" else at
    return False


def test_a_dashed_line_is_measured_by_its_dashes():
    line = svg.Element("line", {"x1": 0, "y1": 5, "x2": 9.5, "y2": 5, "stroke": "#000000", "stroke-width": 1,
                                "stroke-dasharray": "2,3"})
    # dashes 0-2, 5-7 and none after 7 (the gap 7-10 ends the line): the raster sees the same end
    assert ink.ink_ends(line, {}, box=True)[1][0] == pytest.approx(7.0)
    assert ink.painted(line, {}, box=True)[1][0] == pytest.approx(6.975)


def test_the_designers_art_and_an_uneven_clip_go_to_the_painter():
    with pytest.raises(geometry.Unmeasured):
        geometry.polygons(svg.Placed(SimpleNamespace(name="art.png", size=(10, 10)), 0, 0, 5, 5), {})
    clip = svg.Element("clipPath", {"id": "c"})
    clip.add(svg.Element("polygon", {"points": svgvalues.points_of("0,0 10,0 5,2 10,10 0,10")}))
    rect = svg.Element("rect", {"x": 0, "y": 0, "width": 10, "height": 10, "clip-path": "url(#c)"})
    with pytest.raises(geometry.Unmeasured):
        geometry.polygons(rect, {"c": clip})
    before = ink.RASTERS
    assert ink.ink_ends(rect, {"c": clip}, box=True) and ink.RASTERS == before + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_cold_validate_and_build_of_a_game_never_load_cairo(game, tmp_path):
    code = (f"import sys, generator; spec = generator.load({game!r}); generator.validate(spec); "
            f"generator.build(spec, 'a4', {str(tmp_path / 'out')!r}); "
            "print(sorted(m for m in sys.modules if 'cairo' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["/V", "/VB"])
def test_vera_read_from_its_glyf_table_is_what_fonttools_reads(name):
    """The glyph outlines read without a font library: every glyph's contours and box as fontTools gives them."""
    from generator.draw import typeface
    font = typeface.load(name)
    for glyph in range(len(font.glyphs)):
        contours = geometry._contours(name, glyph)
        points = [p for contour in contours for p in geometry._quadratic(contour, 0.5)]
        box = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
               max(y for _, y in points)) if points else None
        assert box == typeface.bounds(name, glyph)
        assert len(contours) == len(geometry._from_outline(typeface.outline(name, glyph)))


def _odd_shape(draw):
    """_shape's element, sometimes skewed, dashed, filled only, or of no size at all."""
    group = _shape(draw)
    shape = group.children[0]
    skew = draw(st.sampled_from([0, 0, 30, -70]))
    if skew:
        group.attrs["transform"] = svgvalues.transform(f"{group.attrs['transform'].source} skewX({skew})")
    if draw(st.booleans()):
        shape.attrs["stroke-dasharray"] = draw(st.sampled_from(["1,0.5", "0,2", "3"]))
    if draw(st.integers(0, 3)) == 0:
        shape.attrs["stroke"] = "none"
    for name in ("width", "height", "r", "rx", "x2", "y2"):
        if name in shape.attrs and draw(st.integers(0, 4)) == 0:
            shape.attrs[name] = shape.attrs.get({"x2": "x1", "y2": "y1"}.get(name, ""), 0)
    if draw(st.booleans()):   # a line of Vera beside it, as a logo sets its name
        group.add(svg.Text({"x": draw(st.floats(-6, 6)), "y": draw(st.floats(-6, 6)), "font-size": draw(st.floats(1, 9)),
                            "text-anchor": draw(st.sampled_from(["start", "middle", "end"])),
                            "font-weight": draw(st.sampled_from(["normal", "bold"]))},
                           draw(st.text(st.sampled_from("AjgQ@%é,.W"), min_size=1, max_size=6))))
    return group


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.composite(_odd_shape)())
def test_the_cheap_bound_holds_all_the_ink_geometry_finds(node):
    corners = geometry.bound(node)
    assume(corners is not None)
    found = [p for polygon in geometry.polygons(node, {}) for p in polygon]
    assert found, node.tostring()   # a bound is given only for an element that certainly inks
    for k in range(72):   # the hull of the corners holds the ink (to rounding, far of safearea.MARGIN)
        u, v = math.cos(k * math.pi / 36), math.sin(k * math.pi / 36)
        assert max(u * x + v * y for x, y in found) <= max(u * x + v * y for x, y in corners) + 1e-9, node.tostring()


def test_a_mitred_runs_sides_are_each_given_their_direction_once(monkeypatch):
    """The bound of a mitred outline works out each side's direction once, read by the corners at both its ends (a
    hexagon: six, not twelve), and widens the box as much as each corner's miter reaches."""
    units, real = [], geometry._unit
    monkeypatch.setattr(geometry, "_unit", lambda p, q: (units.append((p, q)), real(p, q))[1])
    corners = [(10 + 5 * math.cos(math.radians(60 * i)), 10 + 5 * math.sin(math.radians(60 * i))) for i in range(6)]
    node = svg.Element("polygon", {"points": svgvalues.Points(tuple(corners), ""), "fill": "none", "stroke": "#000000",
                                   "stroke-width": 1.0})
    found = geometry.bound(node)
    assert len(units) == 6
    reach = 0.5 / math.cos(math.radians(30)) * (1 + 1e-6)   # a hexagon's miter: half the width over cos 30 degrees
    assert min(x for x, _ in found) == pytest.approx(5 - reach) and max(x for x, _ in found) == pytest.approx(15 + reach)


def test_a_polygons_skeleton_is_remembered_by_its_typed_points(monkeypatch):
    """Typed points (a template's polygon, on face after face) are looked at once for each step; points given as
    pairs every time; the bound the same either way."""
    worked, real = [], geometry._pairs_skeleton
    monkeypatch.setattr(geometry, "_pairs_skeleton", lambda pts, step, closed: (worked.append(pts), real(pts, step, closed))[1])
    geometry._points_skeleton.cache_clear()
    pairs = ((0.0, 0.0), (7.0, 0.5), (3.0, 6.0))
    typed = [svg.Element("polygon", {"points": svgvalues.Points(pairs, ""), "fill": "#000000"}) for _ in range(3)]
    plain = svg.Element("polygon", {"points": [list(p) for p in pairs], "fill": "#000000"})
    found = [geometry.bound(node) for node in typed + [plain]]
    assert found.count(found[0]) == 4 and len(worked) == 2


def test_a_symbols_bound_is_worked_out_once_for_its_turn_and_size_and_holds_its_ink():
    """A symbol's shared elements (svg.symbol) are bounded once for each turn, size and style, then moved: the bound is
    the one its elements give unshared (a list, which is bounded element by element, as any other group is), to
    rounding, and holds its ink; another turn or size is bounded afresh, never served the first's."""
    from generator.draw import templates
    search, dwg = templates.search_path(), svg.drawing(60, 60)
    geometry._SHARED.clear()
    placed = [(x, y, size, turn, colour) for x, y in ((5, 7), (30.123, 41.9), (55, 2)) for size, turn in
              ((10.8, 0), (10.8, 90), (4.4, 0), (4.4, 33)) for colour in ("#ff0000", "#ffffff")]
    for x, y, size, turn, colour in placed:
        group = svg.symbol(dwg, "capsule", x, y, size, colour, "#000000", turn, search=search, mark="mark-star")
        unshared = svg.Element("g", dict(group.attrs))
        unshared.children = list(group.children)
        corners, exact = geometry.bound(group), geometry.bound(unshared)
        found = [p for polygon in geometry.polygons(group, {}) for p in polygon]
        assert corners and len(corners) < len(exact)   # the shared corners are their hull's
        for k in range(72):
            u, v = math.cos(k * math.pi / 36), math.sin(k * math.pi / 36)
            reach = max(u * px + v * py for px, py in corners)
            assert reach == pytest.approx(max(u * px + v * py for px, py in exact), abs=1e-9)
            assert max(u * px + v * py for px, py in found) <= reach + 1e-9
    assert len(geometry._SHARED) == 8   # each colour's elements once for each turn and size: the three places share it


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.composite(_odd_shape)())
def test_a_bound_not_certain_of_ink_still_holds_whatever_ink_geometry_finds(node):
    """bound(certain=False), what the safe-area gate reads: points for an element whose ink is not proved too (a line of
    text alone), their hull holding all it has; the same points as the certain bound whenever that gives some."""
    corners = geometry.bound(node, certain=False)
    assume(corners is not None)
    certain = geometry.bound(node)
    assert certain is None or certain == corners
    found = [p for polygon in geometry.polygons(node, {}) for p in polygon]
    for k in range(72):
        u, v = math.cos(k * math.pi / 36), math.sin(k * math.pi / 36)
        assert max((u * x + v * y for x, y in found), default=-math.inf) <= max(u * x + v * y for x, y in corners) + 1e-9


def test_words_alone_are_bounded_only_when_ink_need_not_be_certain_and_nothing_inkless_is():
    words = svg.Element("g", {})
    words.add(svg.text(svg.drawing(50, 50), "Logo", 20, 20, 5))
    assert geometry.bound(words) is None and geometry.bound(words, certain=False)
    blank = svg.Element("g", {})
    blank.add(svg.Element("rect", {"x": 1.0, "y": 1.0, "width": 5.0, "height": 5.0, "fill": "none"}))
    blank.add(svg.text(svg.drawing(50, 50), "Logo", 20, 20, 5, fill="none"))
    assert geometry.bound(blank) is None and geometry.bound(blank, certain=False) is None


def test_a_stroke_of_more_dashes_than_are_worth_stroking_one_by_one_is_measured_whole():
    """A dashed circle of radius 1,000,000 in a template (785,000 dashes, each stroked and hulled) kept validate 25 s
    and more; past MANY_DASHES a stroke is measured whole: its ink reaches as far, give or take a dash's gap."""
    dwg = svg.drawing(60, 60)
    ring = dwg.circle((30, 30), 2000, fill="none", stroke="#000000", stroke_width=0.5, stroke_dasharray="0.5 0.5")
    shapes = geometry.polygons(ring, {})
    assert len(shapes) < 12_566 / 2, len(shapes)   # the ring whole, in pieces of its curve, not 12,566 dashes
    xs = [x for x, _ in ink.ink_ends(ring, {})]
    assert max(xs) == pytest.approx(30 + 2000.25, abs=0.01) and min(xs) == pytest.approx(30 - 2000.25, abs=0.01)
    few = dwg.circle((30, 30), 20, fill="none", stroke="#000000", stroke_width=0.5, stroke_dasharray="0.5 0.5")
    assert len(geometry.polygons(few, {})) > 100   # 126 dashes: each its own


@pytest.mark.parametrize("template", [
    '<g transform="scale(1000000)"><g transform="scale(1000000)"><circle cx="0" cy="0" r="1000" '
    'fill="currentColor"/></g></g>',   # ZeroDivisionError: 1 - tol / radius was 1.0
    '<g transform="scale(1000000)"><circle cx="0" cy="0" r="1000000" fill="currentColor"/></g>'])   # 35 million chords
def test_a_template_scaled_up_twice_over_is_measured_not_a_traceback_or_a_hang(tmp_path, template):
    from generator import scaffold
    path = scaffold.new(tmp_path / "g")[0]
    (tmp_path / "g" / "templates" / "coin.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{template}</svg>')
    found = [f.message for f in validate(specs.load(str(path)))]
    assert any(re.fullmatch(r"faces 1-6, back \(.*cards\.csv rows 2-7\): coin is \d+\.\d mm past the cut \(marks keep 2 mm "
                            r"inside it\)", message) for message in found), found
