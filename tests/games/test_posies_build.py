"""Posies built from its spec: lattice counts, measured board and token sizes, flower forms, validator, papers."""
import io
import math
import xml.etree.ElementTree as ET

import pikepdf
import pypdfium2
import pytest
from click.testing import CliRunner

from generator.spec import loader as specs
from generator.draw import trigrid
from generator.build import components_pdf
from generator.draw.render import draw_art
from generator.cli import cli
from generator.errors import UserError
from generator.spec.expand import expand
from generator.games.posies import rules as posies
from generator.impose.imposition import impose
from generator.check.validate import validate

COLOURS = ("pink", "purple", "green")
MM_PER_INCH = 25.4


@pytest.fixture(scope="module")
def spec():
    """The shipped Posies spec."""
    return specs.load("posies")


@pytest.fixture(scope="module")
def a4(spec):
    """The A4 components PDF (bytes) and its sheet plan."""
    data, _ = components_pdf(spec, "a4")
    return data, impose(spec, expand(spec)[0], "a4")


def render(data, page_index, dpi):
    """One page of a PDF as a greyscale PIL image."""
    doc = pypdfium2.PdfDocument(data)
    image = doc[page_index].render(scale=dpi / 72).to_pil().convert("L")
    doc.close()
    return image


def slot_page(plan, component):
    """The page index and the sheet holding a component: page 1's pieces below the list (index 0) first."""
    sheets = [(0, plan.cover)] * bool(plan.cover) + list(enumerate(plan.sheets, start=1))
    return next((n, s) for n, s in sheets if component in s.components)


def crop_mm(image, dpi, x, y, w, h):
    """Crop a page image to a box given in mm."""
    px = dpi / MM_PER_INCH
    return image.crop((round(x * px), round(y * px), round((x + w) * px), round((y + h) * px)))


def blobs(image, threshold):
    """Centres (px) and sizes of 4-connected regions at least as light as threshold that do not touch the edge."""
    w, h = image.size
    light = [v >= threshold for v in image.tobytes()]
    seen, found = bytearray(w * h), []
    for start in range(w * h):
        if not light[start] or seen[start]:
            continue
        seen[start], stack, cells = 1, [start], []
        while stack:
            i = stack.pop()
            cells.append(i)
            x, y = i % w, i // w
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and light[j] and not seen[j]:
                    seen[j] = 1
                    stack.append(j)
        xs, ys = [i % w for i in cells], [i // w for i in cells]
        if min(xs) > 0 and min(ys) > 0 and max(xs) < w - 1 and max(ys) < h - 1:
            found.append((sum(xs) / len(xs), sum(ys) / len(ys), max(xs) - min(xs) + 1))
    return found


def test_lattice_counts_computed_from_the_spec_match_games_md(spec):
    points = trigrid.points(spec.component("board").options["rows"])
    assert len(points) == 51
    assert len(trigrid.edges(points)) == 128
    assert trigrid.degree_counts(points) == {3: 6, 4: 16, 6: 29}
    assert len(trigrid.lines(points)) == 25
    assert len(trigrid.collinear_pairs(points)) == 286
    kinds, faults = posies.posy_kinds(spec, *expand(spec))
    assert faults == []
    assert [(k.colour, k.value, k.count) for k, _, _ in kinds] == [("pink", 1, 18), ("purple", 2, 18), ("green", 3, 18)]
    assert sum(k.count for k, _, _ in kinds) == 54
    assert posies.board_value(spec.component("board").options["rows"], tuple(k for k, _, _ in kinds)) == 102
    assert validate(spec) == []


def test_rendered_board_points_are_the_spacing_apart(spec, a4):
    data, plan = a4
    dpi = 100
    number, sheet = slot_page(plan, "board")
    slot = sheet.slots[0]
    board = crop_mm(render(data, number, dpi), dpi, slot.x, slot.y, slot.w, slot.h)
    spots = [(x, y) for x, y, _ in blobs(board, 254)]
    assert len(spots) == 51
    spacing = spec.component("board").options["spacing"]
    mm = MM_PER_INCH / dpi
    nearest = [min(math.dist(a, b) for b in spots if b is not a) * mm for a in spots]
    assert all(abs(d - spacing) <= 0.3 for d in nearest), (min(nearest), max(nearest))


def test_rendered_token_is_its_diameter_across(spec, a4):
    data, plan = a4
    dpi = 200
    number, sheet = slot_page(plan, "posy-pink")
    slot = next(s for s in sheet.slots if s.art.startswith("posy-pink"))
    page = render(data, number, dpi)
    row = crop_mm(page, dpi, slot.x - 1, slot.y + slot.h / 2, slot.w + 2, 0.2)
    dark = [x for x in range(row.size[0]) if row.getpixel((x, 0)) < 100]
    across = (max(dark) - min(dark) + 1) * MM_PER_INCH / dpi
    assert abs(across - spec.component("posy-pink").options["size"]) <= 0.3


def svg_tree(spec, arts, key):
    """The SVG of one artwork, parsed."""
    return ET.fromstring(draw_art(spec, arts[key]).tostring())


def test_each_colour_has_its_own_flower_form_and_shows_its_value(spec):
    _, arts = expand(spec)
    ink = spec.colour("ink")
    forms = {}
    for colour, value in zip(COLOURS, (1, 2, 3)):
        tree = svg_tree(spec, arts, f"posy-{colour}-1")
        forms[colour] = {p.get("d") for p in tree.iter("{http://www.w3.org/2000/svg}path")}
        pips = [c for c in tree.iter("{http://www.w3.org/2000/svg}circle") if c.get("fill") == ink]
        assert len(pips) == value, colour
    assert all(forms.values())
    assert not forms["pink"] & forms["purple"] and not forms["purple"] & forms["green"] and not forms["pink"] & forms["green"]


def test_numeral_style_writes_the_value(spec):
    tuned = specs.load("posies", ["components.posy-green.value_style=numeral"])
    _, arts = expand(tuned)
    texts = [t.text for t in svg_tree(tuned, arts, "posy-green-1").iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["3"]


def test_too_many_pips_is_a_clear_error():
    tuned = specs.load("posies", ["components.posy-green.faces.list.0.value=7"])
    _, arts = expand(tuned)
    with pytest.raises(UserError, match="components.posy-green: pips show values up to 6 .found 7.; use value_style: numeral"):
        draw_art(tuned, arts["posy-green-1"]).tostring()


def test_round_token_back_is_a_plain_disc_without_a_frame():
    tuned = specs.load("posies", ["components.posy-pink.back.fill=pink"])
    pieces, arts = expand(tuned)
    tree = svg_tree(tuned, arts, "posy-pink-back")
    assert not list(tree.iter("{http://www.w3.org/2000/svg}ellipse"))
    shapes = list(tree.iter("{http://www.w3.org/2000/svg}rect"))
    assert len(shapes) == 1 and shapes[0].get("fill") == tuned.colour("pink")
    sides = [s.side for s in impose(tuned, pieces, "a4").sheets]
    assert "back" in sides


def run(*args):
    """Run the pnp command line."""
    return CliRunner().invoke(cli, list(args))


def test_validate_passes_the_shipped_set():
    result = run("validate", "posies")
    assert result.exit_code == 0 and "all checks pass" in result.output


@pytest.mark.parametrize("override, line", [
    ("components.posy-pink.expect=17", "posy-pink: component count (expected 17, found 18)"),
    ("components.posy-purple.faces.copies=16", "posy-purple: too few purple posies to fill the board (expected at least 17, found 16)"),
    ("components.board.rows=[6,7,8,9,8,7]", "board: wrong number of board vertices (expected 51, found 45)"),
    ("components.board.rows=[6,7,8,9,8,7]", "board: wrong number of maximal straight lines (expected 25, found 24)"),
    ("components.posy-green.faces.list.0.value=2", "posy-green: green posy value (expected 3, found 2)"),
    ("components.posy-green.faces.list.0.shape=flower-round-5", "posies: flower forms, one of its own per colour"),
    ("components.posy-purple.faces.list.0.colour=pink", "posy-purple: pink posies of different values (expected 1, found 2)"),
    ("components.board.spacing=20mm", "board: point spacing too tight for 19.05 mm posies (expected at least 21.05 mm, found 20 mm)"),
])
def test_validate_fails_a_broken_set_with_a_clear_line(override, line):
    result = run("validate", "posies", "--set", override)
    assert result.exit_code == 1
    assert f"specs/posies.yaml: {line}" in result.output


def test_rows_that_cannot_centre_are_a_spec_error():
    result = run("validate", "posies", "--set", "components.board.rows=[6,7,8,8,7,6]")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "error: generator/specs/posies.yaml: --set components.board.rows: rows 3 and 4 have 8 and 8 points: neighbouring rows "
        "can only be centred on a triangular lattice if their lengths differ by an odd number")


@pytest.mark.parametrize("paper, size", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_builds_on_a4_and_letter(spec, a4, paper, size):
    data = a4[0] if paper == "a4" else components_pdf(spec, paper)[0]
    pdf = pikepdf.open(io.BytesIO(data))
    assert len(pdf.pages) == {"a4": 3, "letter": 3}[paper], "posies below the list and beside the board and the card"
    for page in pdf.pages:
        box = [float(v) for v in page.mediabox]
        assert abs(box[2] - size[0]) < 0.1 and abs(box[3] - size[1]) < 0.1
    plan = impose(spec, expand(spec)[0], paper)
    board = slot_page(plan, "board")[1].slots[0]
    assert board.window is None, "the board should fit one sheet at 24 mm spacing"


def test_larger_board_is_split_into_panels():
    tuned = specs.load("posies", ["components.board.spacing=32mm"])
    assert validate(tuned) == []
    plan = impose(tuned, expand(tuned)[0], "a4")
    panels = [s for s in plan.sheets if "board" in s.components]
    assert len(panels) > 1 and all(s.slots[0].window is not None for s in panels)
    assert all(s.targets for s in panels[:-1]) and not panels[-1].targets, "targets on glue tabs; the last panel tops all"
