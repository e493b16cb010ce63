"""Reference cards draw what they name: a game diagram in a box the layout reserves, clear of the text, legible."""
import io
import math

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageFilter

from generator.output import raster
from generator.draw import hexgrid, svg
from generator.spec import loader as specs
from generator.cli import cli
from generator.components import card, hex_board
from generator.errors import UserError
from generator.spec.expand import expand
from generator.games.glorieta import rules as glorieta
from generator.games.grannys_pills import rules as gp
from generator.draw.render import draw_art
from generator.check.validate import validate

DPI = 300
PX = DPI / 25.4


def reference(spec):
    """The spec's reference card and its drawing."""
    [comp] = [c for c in spec.components if c.kind == "reference-card"]
    _, arts = expand(spec)
    return comp, draw_art(spec, arts[f"{comp.id}-1"])


def only(dwg, keep):
    """A drawing with the same page and defs holding only the top-level elements keep() picks."""
    out = svg.Drawing(dwg.width, dwg.height, dwg.box, dwg.ident)
    out.defs.children = dwg.defs.children
    out.children += [child for child in dwg.children if child.tag != "defs" and keep(child)]
    return out


def ink(dwg):
    """A mask (255 = ink) of a drawing rendered at DPI on white."""
    image = Image.open(io.BytesIO(raster.picture_png(dwg, DPI))).convert("L")
    return image.point(lambda v: 255 if v < 200 else 0)


def runs_of(inked):
    """(start, end) of each run of True in a list."""
    runs, start = [], None
    for n, on in enumerate(list(inked) + [False]):
        if on and start is None:
            start = n
        elif not on and start is not None:
            runs.append((start, n))
            start = None
    return runs


def test_the_turn_summary_draws_the_six_take_forms_it_names_with_tiles_over_5_mm():
    """Measured on the card rendered at 300 dpi: the figure is two rows of three forms, each form's tiles where its
    cells are, and a tile (the straight form lying down is three tiles wide) at least 5 mm across."""
    spec = specs.load("grannys-pills")
    comp, dwg = reference(spec)
    assert "these 6 forms" in comp.options["lines"][comp.options["diagram_after"] - 1]
    figure = ink(only(dwg, lambda child: child.tag == "g"))
    left, top, right, bottom = figure.getbbox()
    bands = runs_of(any(figure.getpixel((x, y)) for x in range(left, right)) for y in range(top, bottom))
    assert len(bands) == 2
    forms = []
    for y0, y1 in bands:
        band = figure.crop((left, top + y0, right, top + y1))
        forms += [(left + x0, left + x1, top + y0, top + y1)
                  for x0, x1 in runs_of(any(band.getpixel((x, y)) for y in range(band.height)) for x in range(band.width))]
    assert len(forms) == len(gp.TROMINOES) == 6
    cell = (forms[0][1] - forms[0][0]) / 3  # the first form is the straight one lying down: three tiles wide
    assert cell / PX >= 5.0, f"tiles {cell / PX:.2f} mm across"
    shapes = []
    for x0, x1, y0, y1 in forms:
        box = figure.crop((x0, y0, x1, y1)).getbbox()
        cols, rows = round((x1 - x0) / cell), round((box[3] - box[1]) / cell)
        filled = set()
        for r in range(rows):
            for c in range(cols):
                tile = figure.crop((round(x0 + (c + 0.2) * cell), round(y0 + box[1] + (r + 0.2) * cell),
                                    round(x0 + (c + 0.8) * cell), round(y0 + box[1] + (r + 0.8) * cell)))
                if sum(tile.histogram()[255:]) > 0.05 * tile.width * tile.height:
                    filled.add((r, c))
        shapes.append(frozenset(filled))
    assert shapes == [frozenset(cells) for cells in gp.TROMINOES.values()]


@pytest.mark.parametrize("game, overrides", [
    ("grannys-pills", []), ("glorieta", []),
    ("grannys-pills", ["components.reference.diagram_after=8"]),  # after the last line: the text shrinks to make room
    ("glorieta", ["components.reference.diagram_height=60mm", "components.reference.diagram_after=1"]),
])
def test_text_and_diagram_keep_apart_and_inside_the_safe_area(game, overrides):
    spec = specs.load(game, overrides)
    comp, dwg = reference(spec)
    assert not [f for f in validate(spec) if f.component == comp.id]
    text = ink(only(dwg, lambda child: child.tag == "text"))
    figure = ink(only(dwg, lambda child: child.tag == "g"))
    near = figure.filter(ImageFilter.MaxFilter(2 * round(card.GAP * PX / 2) - 1))  # the drawing grown by ~GAP
    assert ImageChops.multiply(near, text).getbbox() is None
    left, top, right, bottom = figure.getbbox()
    b, safe = comp.bleed, comp.options.get("safe", card.DEFAULTS["safe"])
    assert left / PX - b >= safe - 0.1 and top / PX - b >= safe
    assert right / PX - b <= comp.options["width"] - safe + 0.1 and bottom / PX - b <= comp.options["height"] - safe
    rows = [y for y in range(text.height) if any(text.getpixel((x, y)) for x in range(0, text.width, 3))]
    lines = comp.options["lines"]
    assert any(y < top for y in rows)
    assert any(y > bottom for y in rows) == (comp.options["diagram_after"] < len(lines))
    if "diagram_height" in comp.options:
        assert (bottom - top) / PX <= comp.options["diagram_height"] + 0.1


def test_the_glorieta_card_draws_six_stones_around_a_seventh():
    spec = specs.load("glorieta")
    comp, dwg = reference(spec)
    assert "six black stones around a yellow one" in comp.options["lines"][comp.options["diagram_after"] - 1]
    group = [child for child in dwg.children if child.tag == "g"][0]
    a, b, c, d, e, f = group.attrs["transform"].matrix
    stones = [(child.attrs["fill"], a * float(child.attrs["cx"]) + e, d * float(child.attrs["cy"]) + f)
              for child in group.children if child.tag == "circle"]
    [(_, cx, cy)] = [s for s in stones if s[0] == spec.colour("yellow")]
    ring = [(x, y) for fill, x, y in stones if fill == spec.colour("black")]
    step = spec.component("board").options["cell"] * a  # neighbouring cells' centres, as drawn
    assert len(ring) == 6 and all(abs(math.dist((x, y), (cx, cy)) - step) < 0.01 for x, y in ring)
    assert step >= 6.0  # cells at least 6 mm across on the card
    image = Image.open(io.BytesIO(raster.picture_png(dwg, DPI))).convert("RGB")
    colour = lambda x, y: image.getpixel((round((x + comp.bleed) * PX), round((y + comp.bleed) * PX)))
    assert colour(cx, cy) == tuple(int(spec.colour("yellow")[i:i + 2], 16) for i in (1, 3, 5))
    assert all(colour(x, y) == (0, 0, 0) for x, y in ring)
    found = glorieta.loops(glorieta.six_around_one(glorieta.ring_colours()))
    assert [(loop.player, loop.enclosed) for loop in found] == [("black", {hexgrid.ORIGIN})]
    shipped = glorieta.load_position(specs.SPECS.joinpath("positions", "six-around-one.yaml"))
    assert shipped.stones == glorieta.six_around_one(glorieta.ring_colours()).stones  # the loop checker's example


def test_the_glorieta_card_draws_a_loop_closed_by_ring_spaces_beside_the_smallest():
    spec = specs.load("glorieta")
    comp, dwg = reference(spec)
    assert "two yellow ring spaces" in comp.options["lines"][comp.options["diagram_after"] - 1]
    smallest, edge = [child for child in dwg.children if child.tag == "g"]
    a, _, _, d, e, f = edge.attrs["transform"].matrix
    assert a >= 6.0 / spec.component("board").options["cell"]  # cells at least 6 mm across on the card, as beside it
    assert e > smallest.attrs["transform"].matrix[4] + 6 * a  # to the right of the smallest loop, clear of it
    o = spec.component("board").options
    where = hexgrid.Layout(hex_board.ORIENTATIONS[o["orientation"]], o["cell"])
    at = lambda h: ((lambda x, y: (a * x + e, d * y + f))(*hexgrid.hex_to_pixel(where, h)))
    edge = glorieta._edge_loop(o)
    assert edge is not None
    position, _ = edge
    [(player, enclosed)] = [(loop.player, loop.enclosed) for loop in glorieta.loops(position)]
    [cell] = enclosed
    image = Image.open(io.BytesIO(raster.picture_png(dwg, DPI))).convert("RGB")
    colour = lambda h: image.getpixel((round((at(h)[0] + comp.bleed) * PX), round((at(h)[1] + comp.bleed) * PX)))
    rgb = lambda name: tuple(int(spec.colour(name)[i:i + 2], 16) for i in (1, 3, 5))
    fence = cell.neighbours()
    assert player == "yellow" and colour(cell) == rgb(o["cell_fill"])
    assert [colour(h) for h in fence] == [rgb("yellow")] * 6   # the enclosed edge cell, fenced in yellow all round
    assert sum(h in position.ring for h in fence) == 2 and sum(h in position.stones for h in fence) == 4
    near = {h: side for h, side in position.ring.items() if h.distance(cell) <= 2}
    assert len(near) >= 4 and all(colour(h) == rgb(side) for h, side in near.items())  # the ring in its own colours


def test_the_drawn_loop_is_checked_by_the_loop_finder():
    spec = specs.load("glorieta", ["components.board.radius=1", "components.board.ring_colours=[black]"])
    with pytest.raises(UserError, match=r"shows one black loop around the centre cell, but loops\(\) finds a black loop around 7 cells"):
        glorieta.smallest_loop(spec)


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_diagram_the_game_does_not_draw_is_one_line(tmp_path):
    path = tmp_path / "pills.yaml"
    text = specs.SPECS.joinpath("grannys-pills.yaml").read_text()
    path.write_text(text.replace("diagram: form-row ", "diagram: forms    "))
    line = 1 + text[:text.index("diagram: form-row")].count("\n")
    result = run("validate", path)
    assert result.exit_code == 1 and result.output == (
        f"error: {path}:{line}: components.reference.diagram: unknown diagram 'forms' "
        "(game grannys-pills draws: form-row, scoring-example, take-forms)\n")
    plain = tmp_path / "plain.yaml"
    plain.write_text("game: {title: Plain, designer: Test}\ncomponents:\n  summary:\n    kind: reference-card\n"
                     "    expect: 1\n    width: 63 mm\n    height: 88 mm\n    heading: Turn\n    lines: [Take three.]\n"
                     "    diagram: form-row\n")
    result = run("validate", plain)
    assert result.exit_code == 1 and result.output == (
        f"error: {plain}:10: components.summary.diagram: unknown diagram 'form-row' (a card's diagram is drawn by "
        "its game, and the spec names no game.ruleset)\n")


@pytest.mark.parametrize("game", ["grannys-pills", "glorieta", "hexstatic", "posies", "pixeliction", "paths-and-pahs"])
def test_a_shipped_reference_card_sets_its_text_at_6_pt_or_more(game):
    """Granny's Pills' turn summary shrank its nine lines to 5.5 pt on a 65 x 100 mm card (a player reads it across
    the table): each shipped reference card's text, as its layout sets it with its diagram, is 6 pt (2.12 mm) or more."""
    spec = specs.load(game)
    for comp in spec.components:
        if comp.kind != "reference-card":
            continue
        o = dict(comp.options)
        drawn = card.maker(spec, comp)(spec) if "diagram" in o else None
        font, _, _ = card.layout(o, card.diagram_size(o, drawn) if drawn else (0.0, 0.0))
        assert font >= 6 / 72 * 25.4, (game, comp.id, round(font / 25.4 * 72, 1))
