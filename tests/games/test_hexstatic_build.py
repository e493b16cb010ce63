"""HexStatic on paper: tile size in the PDF, line styles, bridges, the legend, the set checks, hex imposition."""
import io
import math
import re
from types import MappingProxyType

import cairosvg
import pikepdf
import pypdfium2
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from generator.impose import hexsheet
from generator.draw import linestyles
from generator.components.kind import sized
from generator.spec import loader as specs
from generator.build import components_pdf
from generator.draw.render import draw_art
from generator.cli import cli
from generator.errors import SpecError, UserError
from generator.spec.expand import Piece, expand
from generator.games.hexstatic.rules import default_set, score
from generator.impose.imposition import EPS, impose, printable_area
from generator.spec.model import Back, Component, FaceSource
from generator.units import PT_PER_MM, paper_size

DPI = 300
PX_PER_MM = DPI / 25.4
RED, GREEN, BLUE = "#d62d20", "#008744", "#0057e7"


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


@pytest.fixture(scope="module")
def default():
    spec = specs.load("hexstatic")
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, "a4")
    data, _ = components_pdf(spec, "a4")
    return spec, pieces, arts, plan, data


@pytest.fixture(scope="module")
def dotted():
    spec = specs.load("hexstatic", ["components.tiles.lines.red.style=dotted"])
    return spec, components_pdf(spec, "a4")[0]


def art_of(spec, arts, sides):
    return next(a for a in arts.values() if a.props.get("sides") == sides)


def strokes(data):
    """Every stroke on every page and in every form as (stroke colour, width in pt, dash array, line cap).

    Forms are placed in the page's millimetre space, so a form's own units are scaled by its Matrix and the mm.
    """
    pdf = pikepdf.open(io.BytesIO(data))
    found, seen = [], set()
    for page in pdf.pages:
        for form in [page.obj] + list(page.Resources.get("/XObject", {}).values()):
            if form.objgen in seen:
                continue
            seen.add(form.objgen)
            m = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
            scale = 1.0 if form.objgen == page.obj.objgen else PT_PER_MM * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            state, stack = (None, None, (), 0, scale), []  # stroke colour, width, dash array, line cap, units in pt
            for operands, operator in pikepdf.parse_content_stream(form):
                op = str(operator)
                if op == "q":
                    stack.append(state)
                elif op == "Q":
                    state = stack.pop()
                elif op == "cm":
                    a, b, c, d = (float(v) for v in operands[:4])
                    state = state[:4] + (state[4] * abs(a * d - b * c) ** 0.5,)
                elif op == "RG":
                    state = (tuple(round(float(v), 3) for v in operands),) + state[1:]
                elif op == "w":
                    state = state[:1] + (float(operands[0]),) + state[2:]
                elif op == "d":
                    state = state[:2] + (tuple(float(v) for v in operands[0]),) + state[3:]
                elif op == "J":
                    state = state[:3] + (int(operands[0]),) + state[4:]
                elif op in ("S", "B"):
                    colour, width, dash, cap, unit = state
                    found.append((colour, width * unit if width is not None else unit, dash, cap))
    return found


def of_colour(found, colour):
    key = tuple(round(v, 3) for v in rgb(colour))
    return [s for s in found if s[0] == key]


def test_shipped_spec_validates_and_fills_three_duplex_sheet_pairs(default):
    spec, pieces, arts, plan, _ = default
    tiles = [p for p in pieces if p.component == "tiles"]
    assert len(tiles) == len(default_set())
    assert len({p.front for p in tiles}) == len(set(default_set()))
    hex_sheets = [s for s in plan.sheets if "tiles" in s.components]
    assert [s.side for s in hex_sheets] == ["front", "back"] * (len(hex_sheets) // 2)
    assert sum(arts[s.art].component == "tiles" for h in hex_sheets if h.side == "front" for s in h.slots) == len(tiles)


def test_flat_to_flat_size_measured_in_rendered_pixels(default):
    spec, _, _, plan, data = default
    across = spec.component("tiles").options["size"]
    index, sheet = next((i, s) for i, s in enumerate(plan.sheets) if "tiles" in s.components and s.side == "front")
    centres = {(round(s.x + s.w / 2, 3), round(s.y + s.h / 2, 3)) for s in sheet.slots}
    # a tile with a neighbour above and below: both its flats are shared edges, the cut runs down each band's middle
    slot = next(s for s in sheet.slots if s.rotation == 0 and s.w > s.h
                and (round(s.x + s.w / 2, 3), round(s.y + s.h / 2 - across, 3)) in centres
                and (round(s.x + s.w / 2, 3), round(s.y + s.h / 2 + across, 3)) in centres)
    image = pypdfium2.PdfDocument(data)[index + 1].render(scale=DPI / 72).to_pil().convert("RGB")
    x = round((slot.x + slot.w / 2 + 0.2 * across) * PX_PER_MM)   # off the centre: clear of the nexus star
    ys = range(round((slot.y - 2) * PX_PER_MM), round((slot.y + slot.h + 2) * PX_PER_MM))
    ink = [y for y in ys if max(image.getpixel((x, y))) < 100]
    bands = []
    for y in ink:
        if bands and y == bands[-1][-1] + 1:
            bands[-1].append(y)
        else:
            bands.append([y])
    assert len(bands) == 2, bands
    centre = [(b[0] + b[-1]) / 2 for b in bands]
    assert (centre[1] - centre[0]) / PX_PER_MM == pytest.approx(across, abs=0.2)


def test_line_styles_differ_in_the_pdf(default):
    found = strokes(default[4])
    red, green, blue = of_colour(found, RED), of_colour(found, GREEN), of_colour(found, BLUE)
    assert red and green and blue
    assert all(dash for _, _, dash, _ in red)                       # dashed
    assert not any(dash for _, _, dash, _ in green + blue)          # solid
    assert max(w for _, w, _, _ in green) < min(w for _, w, _, _ in blue) / 2   # thin against thick


def test_set_red_dotted_changes_the_output(default, dotted):
    spec, data = dotted
    assert data != default[4]
    red = of_colour(strokes(data), RED)
    assert red and all(dash[0] == 0 and dash[1] > 0 and cap == 1 for _, _, dash, cap in red)
    svg = draw_art(spec, art_of(spec, expand(spec)[1], "BGRBGR")).tostring()
    assert 'stroke-linecap="round"' in svg


def test_line_styles_reach_the_tile_svg():
    spec = specs.load("hexstatic", ["components.tiles.lines.blue.style=double", "components.tiles.lines.green.colour=#000000"])
    svg = draw_art(spec, art_of(spec, expand(spec)[1], "BBGGRR")).tostring()
    assert 'stroke="#000000"' in svg and 'stroke="#d62d20"' in svg and "stroke-dasharray" in svg
    # double: a wide blue stroke with a narrow paper stroke down its middle
    assert svg.count('stroke="#0057e7"') == 1 and svg.count('stroke="#ffffff"') == 1


def render_png(svg):
    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), dpi=DPI))).convert("RGBA")


def test_three_straights_cross_in_three_layers(default):
    spec, _, arts, _, _ = default
    art = art_of(spec, arts, "BGRBGR")
    image = render_png(draw_art(spec, art).tostring())
    centre = (image.width / 2, image.height / 2)
    across = spec.component("tiles").options["size"]

    def colour_at(direction_degrees, mm):
        angle = math.radians(direction_degrees)
        px = (centre[0] + mm * PX_PER_MM * math.cos(angle), centre[1] + mm * PX_PER_MM * math.sin(angle))
        return image.getpixel((round(px[0]), round(px[1])))[:3]

    def near(pixel, colour):
        return all(abs(a - b * 255) < 40 for a, b in zip(pixel, rgb(colour)))

    # flat tops: side 0 faces 30 degrees below east, each next side 60 degrees further clockwise
    blue, green, red = 30, 90, 150                    # B on sides 0 and 3, G on 1 and 4, R on 2 and 5
    assert near(colour_at(red, 0), RED)               # the top layer runs through the crossing
    assert near(colour_at(blue, 1.5), "#ffffff")      # the bottom layer has a gap there
    assert near(colour_at(blue, across / 4), BLUE)    # and is whole further out
    assert near(colour_at(green, 1.5), "#ffffff")
    assert near(colour_at(green, across / 4), GREEN)


def test_bridges_only_where_paths_cross(default):
    spec, _, arts, _, _ = default
    def bridges(sides):
        return draw_art(spec, art_of(spec, arts, sides)).tostring().count('stroke="#ffffff"')
    assert bridges("BBGGRR") == 0
    assert bridges("BGRBGR") == 2      # green bridges blue; red bridges both
    assert bridges("BGBRGR") == 2      # green over blue, red over green


def test_nexus_tiles_carry_a_star_and_backs_are_all_alike(default):
    spec, pieces, arts, _, _ = default
    nexus = draw_art(spec, art_of(spec, arts, "-B-G-R")).tostring()
    plain = draw_art(spec, art_of(spec, arts, "-BBGRR")).tostring()
    assert nexus.count("<polygon") == plain.count("<polygon") + 1
    assert len({p.back for p in pieces if p.component == "tiles"}) == 1


def legend_text(spec, arts):
    """The legend's text, its wrapped lines joined."""
    return " ".join(re.findall(r">([^<>]+)</text>", draw_art(spec, arts["legend-1"]).tostring()))


def test_legend_is_on_a_sheet_and_follows_the_tiles_styles(default, dotted):
    spec, pieces, arts, plan, _ = default
    assert any("legend" in s.components for s in plan.sheets)
    text = legend_text(spec, arts)
    for words in ("red: dashed", "green: thin", "blue: thick", "a gap: blue passes under red"):
        assert words in text
    assert "red: dotted" in legend_text(dotted[0], expand(dotted[0])[1])


def test_legend_naming_a_missing_component_is_a_clear_error():
    with pytest.raises(UserError, match="--set components.legend.lines_from: no component 'board' with line styles"):
        specs.load("hexstatic", ["components.legend.lines_from=board"])


def test_scoring_card_agrees_with_the_rules():
    text = " ".join(specs.load("hexstatic").component("scoring").options["lines"])
    assert f"scores {score('loop', 3)}" in text and f"scores {score('line', 2)}" in text


@pytest.mark.parametrize("assignment, words", [
    ("components.tiles.lines.red.style=wavy", "--set components.tiles.lines.red.style: expected one of thick, double, solid, thin, dashed, dotted, found 'wavy'"),
    ("components.tiles.lines.pink.style=thin", "unknown key 'pink'"),
    ("components.tiles.orientation=round", "expected one of flat, pointy"),
])
def test_bad_line_options_are_clear_errors(assignment, words):
    with pytest.raises(SpecError) as caught:
        specs.load("hexstatic", [assignment])
    assert words in str(caught.value)


def spec_file(tmp_path, change):
    data = yaml.safe_load(specs.resolve("hexstatic").read_text())
    change(data["components"]["tiles"])
    path = tmp_path / "hexstatic.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def listed(tiles):
    return lambda comp: comp.update(faces={"list": [{"sides": t} for t in tiles]})


def messages(path):
    from generator.check.validate import validate
    return [f.message for f in validate(specs.load(path))]


def test_shipped_set_and_its_explicit_list_pass(tmp_path):
    assert messages(specs.resolve("hexstatic")) == []
    assert messages(spec_file(tmp_path, listed(default_set()))) == []


def test_a_duplicated_rotation_fails_validation(tmp_path):
    tiles = list(default_set())
    tiles[tiles.index("BBGGRR")] = "GGRRBB"    # one of the two BBGGRR tiles, turned two steps
    path = spec_file(tmp_path, listed(tiles))
    assert "tile type BBGGRR listed more than once as GGRRBB, BBGGRR (expected 1, found 2)" in messages(path)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "tiles: tile type BBGGRR listed more than once" in result.output


def test_a_missing_tile_fails_validation(tmp_path):
    tiles = list(default_set())
    tiles.remove("-B-G-R")
    path = spec_file(tmp_path, listed(tiles))
    line = path.read_text().splitlines().index("    expect: 52") + 1
    assert messages(path) == [
        f"component count (expected 52, found 51): expect: 52 is line {line}",
        "red ends (expected 8, found 7)",
        "green ends (expected 8, found 7)",
        "blue ends (expected 8, found 7)",
        "nexus tiles (expected at least 2, found 1)",
    ]


def test_a_bad_side_string_names_file_line_and_key(tmp_path):
    path = spec_file(tmp_path, listed(["BBGGRR", "BBGGRY"]))
    with pytest.raises(SpecError, match=r"hexstatic.yaml:\d+: components.tiles.faces.list\[1\].sides: .*unknown side 'Y'"):
        specs.load(path)


# Hex imposition properties -------------------------------------------------------------------------------------

def corners(slot):
    """The six corners of a placed hex, from its slot (the hex's bounding box)."""
    cx, cy, across = slot.x + slot.w / 2, slot.y + slot.h / 2, min(slot.w, slot.h)
    radius, start = across / math.sqrt(3), 0 if slot.w > slot.h else -30
    return [(cx + radius * math.cos(math.radians(start + 60 * k)), cy + radius * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def overlap(a, b):
    """True when two convex polygons share more than an edge (separating axis test)."""
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y2 - y1, x1 - x2
            pa, pb = [x * nx + y * ny for x, y in a], [x * nx + y * ny for x, y in b]
            if min(max(pa), max(pb)) - max(min(pa), min(pb)) <= 1e-6 * math.hypot(nx, ny):
                return False
    return True


@settings(max_examples=40, deadline=None)
@given(st.floats(20, 90), st.sampled_from(["flat", "pointy"]), st.integers(1, 90), st.sampled_from(["a4", "letter"]),
       st.booleans())
def test_hex_imposition_properties(across, orientation, count, paper, with_back):
    comp = sized(Component("tiles", "hex-tile", "Tiles", count, 2.0, FaceSource(),
                           Back("#333333", "#ffffff") if with_back else None,
                           MappingProxyType({"size": across, "orientation": orientation})))
    pieces = [Piece("tiles", i, f"tiles-{i % 7}", "tiles-back" if with_back else None) for i in range(count)]
    area, (width, height) = printable_area(paper), paper_size(paper)
    sheets = hexsheet.sheets(comp, pieces, area, (width, height))
    fronts = [s for s in sheets if s.side != "back"]
    assert [s.art for f in fronts for s in f.slots] == [p.front for p in pieces]      # every tile once, in order
    for sheet in fronts:
        polygons = [corners(s) for s in sheet.slots]
        for poly in polygons:
            assert all(area.x - EPS <= x <= area.x + area.w + EPS and area.y - EPS <= y <= area.y + area.h + EPS
                       for x, y in poly)
        for i, a in enumerate(polygons):
            assert not any(overlap(a, b) for b in polygons[i + 1:])
        if len(sheet.slots) > 1:   # tessellated: every tile shares a cut edge with a neighbour
            centres = [(s.x + s.w / 2, s.y + s.h / 2) for s in sheet.slots]
            assert all(any(math.isclose(math.dist(c, d), across, abs_tol=1e-6) for d in centres if d != c) for c in centres)
    if with_back:
        assert [s.side for s in sheets] == ["front", "back"] * len(fronts)
        for front, back in zip(sheets[::2], sheets[1::2]):
            assert [(width - s.x - s.w, s.y, s.w, s.h, -s.rotation) for s in front.slots] == \
                   [(s.x, s.y, s.w, s.h, s.rotation) for s in back.slots]
            assert {s.art for s in back.slots} == {"tiles-back"}
    else:
        assert all(s.side == "single" for s in sheets)


SOLID = ["--set", "components.tiles.lines.red.style=solid", "--set", "components.tiles.lines.green.style=solid",
         "--set", "components.tiles.lines.blue.style=solid"]
HEX = str(specs.resolve("hexstatic"))


def validate_run(*args):
    """pnp validate hexstatic with extra arguments: the click result and its output lines."""
    result = CliRunner().invoke(cli, ["validate", "hexstatic", *args], catch_exceptions=False)
    return result, result.output.splitlines()


def test_all_solid_lines_are_not_told_apart_by_line_style():
    result, lines = validate_run(*SOLID)
    assert result.exit_code == 1
    solid = "line style is claimed but does not separate {} from {} (both solid, 1.4 mm wide)"
    assert lines == [
        f"{HEX}: colours line colours: closest green/blue under tritan (blue-weak): CIEDE2000 7.1; greyscale red/green: "
        "L* difference 1.8; error: under 20 and no measured cue tells red/green, green/blue apart; error: greyscale L* gap "
        "under 25 and no measured cue tells red/green, red/blue, green/blue apart; line style claimed but does not separate "
        "red/green, red/blue, green/blue",
        f"{HEX}: colours line colours: red/green are too close under deutan (green-weak) (expected a CIEDE2000 difference "
        f"of at least 20, found 12.3) and no other cue tells them apart: {solid.format('red', 'green')}",
        f"{HEX}: colours line colours: green/blue are too close under tritan (blue-weak) (expected a CIEDE2000 difference "
        f"of at least 20, found 7.1) and no other cue tells them apart: {solid.format('green', 'blue')}",
        f"{HEX}: colours line colours: red/green are too close in a greyscale print (expected an L* difference of at "
        f"least 25, found 1.8) and no other cue tells them apart: {solid.format('red', 'green')}",
        f"{HEX}: colours line colours: red/blue are too close in a greyscale print (expected an L* difference of at "
        f"least 25, found 5.2) and no other cue tells them apart: {solid.format('red', 'blue')}",
        f"{HEX}: colours line colours: green/blue are too close in a greyscale print (expected an L* difference of at "
        f"least 25, found 7.1) and no other cue tells them apart: {solid.format('green', 'blue')}",
        f"error: {HEX}: 5 checks failed"]


def test_red_and_green_both_dashed_fail_in_greyscale_where_only_colour_tells_them_apart():
    result, lines = validate_run("--set", "components.tiles.lines.green.style=dashed")
    assert result.exit_code == 1
    assert lines[0] == (f"{HEX}: colours line colours: closest green/blue under tritan (blue-weak): CIEDE2000 7.1; "
                        "greyscale red/green: L* difference 1.8; error: under 20 and no measured cue tells red/green "
                        "apart; error: greyscale L* gap under 25 and no measured cue tells red/green apart; line style "
                        "claimed but does not separate red/green")
    assert lines[2] == (f"{HEX}: colours line colours: red/green are too close in a greyscale print (expected an L* "
                        "difference of at least 25, found 1.8) and no other cue tells them apart: line style is claimed "
                        "but does not separate red from green (both dashed, 1.6 mm wide, 3.2 mm dashes)")
    assert validate_run("--set", "components.tiles.lines.green.style=dashed", "--threshold", "10",
                        "--grey-threshold", "1.5")[0].exit_code == 0


def test_red_and_green_both_dashed_fail_when_their_colours_are_close():
    result, lines = validate_run("--set", "components.tiles.lines.green.style=dashed", "--set", "palette.green=#2f9e44")
    assert result.exit_code == 1
    assert lines[1] == (f"{HEX}: colours line colours: red/green are too close under deutan (green-weak) (expected a "
                        "CIEDE2000 difference of at least 20, found 8.2) and no other cue tells them apart: line style is "
                        "claimed but does not separate red from green (both dashed, 1.6 mm wide, 3.2 mm dashes)")


def test_line_style_is_measured_at_print_size():
    styles = ["--set", "components.tiles.lines.green.style=solid", "--set", "components.tiles.lines.blue.style=thin"]
    assert validate_run(*styles)[0].exit_code == 0
    result, lines = validate_run(*styles, "--set", "components.tiles.size=15 mm")
    assert result.exit_code == 1
    assert lines[1].endswith("line style is claimed but does not separate green from blue (solid, 0.47 mm wide against "
                             "thin, 0.23 mm wide: widths 0.47 and 0.23 mm differ by under 0.3 mm)")


@pytest.mark.parametrize("a, b, scale, told_apart", [
    (linestyles.Style(1.4), linestyles.Style(1.6), 1.0, False),              # 0.2 mm apart
    (linestyles.Style(1.4), linestyles.Style(2.0), 1.0, False),              # 0.6 mm but only 1.43 times
    (linestyles.Style(1.4), linestyles.Style(2.1), 1.0, True),               # 0.7 mm and 1.5 times
    (linestyles.Style(1.4), linestyles.Style(2.1), 0.4, False),              # the same at 18 mm tiles: 0.28 mm apart
    (linestyles.Style(2.6), linestyles.Style(2.6, double=True), 1.0, True),  # thick and double
    (linestyles.Style(1.6), linestyles.Style(1.6, dash=(3.2, 1.8)), 1.0, True),
    (linestyles.Style(1.6, dash=(3.2, 1.8)), linestyles.Style(1.6, dash=(4.0, 1.8)), 1.0, False),
    (linestyles.Style(1.6, dash=(3.2, 1.8)), linestyles.Style(1.6, dash=(5.0, 1.8)), 1.0, True),
    (linestyles.STYLES["dashed"], linestyles.STYLES["dotted"], 1.0, True),  # 3.2 mm dashes, 1.8 mm dots
])
def test_when_two_line_styles_are_apart(a, b, scale, told_apart):
    assert linestyles.apart(a, b, scale) is told_apart
    assert linestyles.apart(b, a, scale) is told_apart


def test_every_two_shipped_styles_are_apart_at_the_default_size():
    names = list(linestyles.STYLES)
    for i, a in enumerate(names):
        for b in names[i:]:
            assert linestyles.apart(linestyles.STYLES[a], linestyles.STYLES[b]) is (a != b), (a, b)


def test_the_widths_the_check_measures_are_the_widths_printed():
    spec = specs.load("hexstatic", ["components.tiles.size=15 mm", "components.tiles.lines.green.style=solid",
                                    "components.tiles.lines.blue.style=thin"])
    (scale, lines), = linestyles.measured(spec)
    tiles_only = spec._replace(components=(spec.component("tiles"),))   # the legend draws its samples at 45 mm size
    found = strokes(components_pdf(tiles_only, "a4")[0])
    for line, colour in ((lines["green"], GREEN), (lines["blue"], BLUE)):
        printed = {round(w / PT_PER_MM, 2) for _, w, _, _ in of_colour(found, colour)}
        assert printed == {round(line.look.width * scale, 2)}, (line, printed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_over_build_folds_the_hex_tiles_too(paper):
    """--backs fold: every sheet of hex tiles is a fold-over sheet, fronts above the fold line and each back at the
    mirror of its front below it, turned 180 degrees; the page shows the back's ground at the mirror of every front's
    centre and white paper at the fold, and no page of the file asks for a long-edge flip (it used to be duplex)."""
    from generator.impose.plan import turn
    spec = specs.load("hexstatic")
    pieces = expand(spec)[0]
    plan = impose(spec, pieces, paper, backs="fold")
    hex_sheets = [(n, s) for n, s in enumerate(plan.sheets, start=2) if "tiles" in s.components]
    assert {s.side for _, s in hex_sheets} == {"fold"}
    fronts = {p.front for p in pieces if p.component == "tiles"}
    backs = {p.back for p in pieces if p.component == "tiles"}
    assert sum(s.art in fronts for _, sheet in hex_sheets for s in sheet.slots) == len(default_set())
    data, _ = components_pdf(spec, paper, backs="fold")
    document = pypdfium2.PdfDocument(data)
    assert not any("flip on the long edge" in page.get_textpage().get_text_range() for page in document)
    dpi, px = 100, 100 / 25.4
    for number, sheet in hex_sheets:
        fold = sheet.folds[0]
        top = [s for s in sheet.slots if s.art in fronts]
        bottom = {(round(s.x, 3), round(s.y, 3)): s for s in sheet.slots if s.art in backs}
        assert len(top) == len(bottom)
        image = document[number - 1].render(scale=dpi / 72).to_pil().convert("L")
        for f in top:
            b = bottom[(round(f.x, 3), round(2 * fold - f.y - f.h, 3))]
            assert f.y + f.h <= fold and b.y >= fold and b.rotation == turn(f.rotation, 180)
            below_logo = (round((b.x + b.w / 2) * px), round((b.y + b.h * 0.8) * px))  # the back's ground, off its logo
            assert image.getpixel(below_logo) < 100
        assert image.getpixel((round(plan.width / 2 * px), round((fold - 2) * px))) > 200
