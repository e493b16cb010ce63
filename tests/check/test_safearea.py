"""Marks play depends on keep 2 mm inside the cut, measured on the drawing and on rendered pixels; bleed and backs."""
import io
import json
import math
import re
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from generator.output import raster
from generator.check import safearea
from generator.spec import loader as specs
from generator.build import components_pdf
from generator.components.kind import Circle
from generator.spec.expand import expand
from generator.impose.imposition import impose
from generator.draw.render import draw_art, drawn
from generator.check.validate import validate

GAMES = ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies")
README = Path(__file__).resolve().parents[2] / "README.md"
DPI = 400
PX_MM = DPI / 25.4
BACK_DPI = 200          # back pages: their fill and logo are large
BACK_PX = BACK_DPI / 25.4


def face_image(spec, key):
    """An artwork rendered by cairo on white at DPI, bleed included (greyscale)."""
    _, arts = expand(spec)
    return Image.open(io.BytesIO(raster.picture_png(draw_art(spec, arts[key]), DPI))).convert("L")


def parts(spec, key):
    """The measured marks and frames of one artwork."""
    art = expand(spec)[1][key]
    return safearea.reaches(spec, art, draw_art(spec, art), 1)


def dark_rows(image, left, right, top, bottom):
    """Rows (mm, from the image's top) in a box (mm) that hold a pixel darker than mid grey."""
    found = []
    for y in range(round(top * PX_MM), round(bottom * PX_MM)):
        if any(image.getpixel((x, y)) < 128 for x in range(round(left * PX_MM), round(right * PX_MM))):
            found.append(y / PX_MM)
    return found


def test_prescription_triangle_sits_2_mm_inside_the_cut_in_cairos_pixels():
    """Between the border on the cut and 2 mm in, the top of a prescription is bare paper; the triangle follows below."""
    spec = specs.load("grannys-pills")
    comp = spec.component("prescription")
    b, w = comp.bleed, comp.options["cols"] * comp.options["cell"] + 2 * comp.options["margin"]
    image = face_image(spec, "prescription-1")
    band = dark_rows(image, b + w / 2 - 5, b + w / 2 + 5, b + 0.5, b + 6)
    assert band and min(band) - b >= 2.0, band[:3]
    [mark] = [r for r in parts(spec, "prescription-1") if r.part == "white triangle"]
    assert mark.distance == pytest.approx(min(band) - b, abs=0.1)


def test_player_board_triangle_and_label_keep_clear_of_the_cut():
    """The big triangle's tip and the 'your schedule' label: no ink within 2 mm of the top and bottom cuts."""
    spec = specs.load("grannys-pills")
    comp = spec.component("player-board")
    from generator.components import KINDS
    w, h = KINDS[comp.kind].size(comp.options)
    b = comp.bleed
    image = face_image(spec, "player-board-1")
    assert not dark_rows(image, b + 1, b + w - 1, b + 0.05, b + 2.0), "ink in the top 2 mm"
    assert not dark_rows(image, b + 1, b + w - 1, b + h - 2.0, b + h - 0.05), "ink in the bottom 2 mm"


def test_every_shipped_mark_keeps_2_mm_inside_its_cut():
    for game in GAMES:
        spec = specs.load(game)
        found, _ = safearea.survey(spec, drawn(spec, expand(spec)[1]))
        marks = [r for r in found if r.role == "mark"]
        assert marks and min(r.distance for r in marks) >= 2.0 - 0.05, (game, min(marks, key=lambda r: r.distance))


def test_measured_distance_is_the_ink_cairo_paints():
    """A posy's flower, measured on its round cut, against the flower's pixels in a cairo render."""
    spec = specs.load("posies", ["components.posy-purple.symbol_scale=0.9"])
    [flower] = [r for r in parts(spec, "posy-purple-1") if r.part == "symbol"]
    comp = spec.component("posy-purple")
    side, b = comp.options["size"], comp.bleed
    _, arts = expand(spec)
    drawing = draw_art(spec, arts["posy-purple-1"])
    drawing.children = [c for c in drawing.children if c.tag == "defs" or c.part == "symbol"]  # the flower alone
    image = Image.open(io.BytesIO(raster.picture_png(drawing, DPI))).convert("L")
    far = max(math.hypot(x / PX_MM - b - side / 2, y / PX_MM - b - side / 2)
              for y in range(image.height) for x in range(image.width) if image.getpixel((x, y)) < 200)
    assert flower.distance == pytest.approx(side / 2 - far, abs=0.1)
    assert flower.distance < 2.0


def failures(game, *overrides):
    """The validator's lines for a shipped spec."""
    return [str(f) for f in validate(specs.load(game, list(overrides)))]


@pytest.mark.parametrize("game, overrides, expected", [
    ("grannys-pills", ["components.prescription.margin=0mm"],
     r"prescription: faces 1-35: pattern symbols is 1\.\d mm inside the cut \(marks keep 2 mm inside it\)"),
    ("posies", ["components.posy-green.symbol_scale=0.95"],
     r"posy-green: face 1: symbol is 1\.\d mm inside the cut \(marks keep 2 mm inside it\)"),
    ("paths-and-pahs", ["components.pawns.foot=1mm"],
     r"pawns: faces 1-9: figure \(upside down\) is \d\.\d mm (inside|past) the cut"),
    ("grannys-pills", ["components.board.bleed=0mm"],
     r"board: its ground \(#ece4f6\) reaches the cut: it needs bleed: 3 mm or more, .* \(found 0 mm\)"),
    ("grannys-pills", ["components.prescription.bleed=2mm"],
     r"prescription: a piece with a back needs bleed: 3 mm or more, .* \(found 2 mm\)"),
    ("pixeliction", ["components.discs.size=17mm"],
     r"discs: a round piece is cut with a standard circle punch \(expected a diameter of 19\.05 mm \(3/4 in\), 25\.4 mm "
     r"\(1 in\), 38\.1 mm \(1\.5 in\), found 17 mm, size is from --set; or outline: square\)"),
    ("pixeliction", ["components.discs.size=25.4mm"],
     r"discs: discs sit on the board's cells \(expected at most 20 mm across, found 25\.4 mm\)"),
])
def test_a_mark_near_the_cut_or_a_short_bleed_fails_naming_component_face_and_element(game, overrides, expected):
    found = failures(game, *overrides)
    assert any(re.search(expected, line) for line in found), found


def test_a_square_tile_symbol_passes_where_a_round_cut_fails():
    """The same symbol, 1 mm from a square token's cut, is fine square and too close once the token is punched round."""
    square = specs.load("posies", ["components.posy-pink.outline=square", "components.posy-pink.symbol_scale=0.8"])
    assert not [f for f in validate(square) if "symbol" in f.message]
    assert safearea.cut_line(specs.load("posies").component("posy-pink")) == Circle(19.05 / 2, 19.05 / 2, 19.05 / 2)


def back_slots(data, plan, spec):
    """(page image, slot, component) for every back slot of the back sheets (page images at DPI)."""
    pdf = pypdfium2.PdfDocument(data)
    _, arts = expand(spec)
    for number, sheet in enumerate(plan.sheets, start=2):
        if sheet.side == "back":
            image = pdf[number - 1].render(scale=BACK_DPI / 72).to_pil().convert("RGB")
            for slot in sheet.slots:
                yield image, slot, spec.component(arts[slot.art].component)


@pytest.mark.parametrize("game", ["grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "glorieta"])
def test_backs_have_3_mm_bleed_no_frame_and_a_centred_logo(game):
    """On the rendered back pages: the fill runs 3 mm past every cut and 5 mm in (nothing to show drift); the logo's
    ink is centred on the piece."""
    spec = specs.load(game)
    data = components_pdf(spec, "a4")[0]
    plan = impose(spec, expand(spec)[0], "a4")
    checked = 0
    for image, slot, comp in back_slots(data, plan, spec):
        fill = tuple(int(comp.back and spec.colour(comp.back.fill)[i:i + 2], 16) for i in (1, 3, 5))
        cut = safearea.cut_line(comp)
        cx, cy = slot.x + slot.w / 2, slot.y + slot.h / 2
        for depth in (k / 2 - 2.5 for k in range(16)):   # mm inside the cut, -2.5 (in the bleed) to 5
            for x, y in around(cut, depth, cx, cy, slot):
                pixel = image.getpixel((round(x * BACK_PX), round(y * BACK_PX)))
                assert max(abs(p - q) for p, q in zip(pixel, fill)) < 12, (game, comp.id, depth, pixel)
        reach = (min(slot.w, slot.h) / 2 - 5) * BACK_PX  # the logo's room: well inside any cut
        inked = [(x, y) for y in range(round(slot.y * BACK_PX), round((slot.y + slot.h) * BACK_PX), 2)
                 for x in range(round(slot.x * BACK_PX), round((slot.x + slot.w) * BACK_PX), 2)
                 if math.hypot(x - cx * BACK_PX, y - cy * BACK_PX) < reach
                 and max(abs(p - q) for p, q in zip(image.getpixel((x, y)), fill)) > 60]
        if inked:
            xs, ys = [x / BACK_PX for x, _ in inked], [y / BACK_PX for _, y in inked]
            assert abs((min(xs) + max(xs)) / 2 - cx) < 0.5 and abs((min(ys) + max(ys)) / 2 - cy) < 0.5, (game, comp.id)
        checked += 1
    assert checked


def around(cut, depth, cx, cy, slot):
    """Points (mm, on the page) every 2 mm along the cut line of a slot moved depth mm inwards."""
    if isinstance(cut, Circle):
        r = cut.r - depth
        return [(cx + r * math.cos(k / 18 * math.pi), cy + r * math.sin(k / 18 * math.pi)) for k in range(36)]
    w = max(x for x, _ in cut) - min(x for x, _ in cut)
    turned = abs(w - slot.w) > 0.01
    corners = [((y, x) if turned else (x, y)) for x, y in cut]
    mx, my = sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)
    if len(corners) == 4:  # a rectangle: each side moved in by depth
        pts = [(cx + (x - mx) - math.copysign(depth, x - mx), cy + (y - my) - math.copysign(depth, y - my)) for x, y in corners]
    else:  # a regular polygon: scaled about its centre
        apothem = safearea.clearance(corners, [(mx, my)])
        pts = [(cx + (x - mx) * (apothem - depth) / apothem, cy + (y - my) * (apothem - depth) / apothem) for x, y in corners]
    out = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        steps = max(1, int(math.hypot(bx - ax, by - ay) / 2))
        out += [(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(1, steps)]
    return out


def test_readme_table_is_what_the_check_measures():
    """Every row of the README's safe-area table, recomputed: each component's marks and frames, nearest first."""
    lines = README.read_text().splitlines()
    for game in GAMES:
        spec = specs.load(game)
        for comp, parts in safearea.report(spec):
            row = f"| {spec.game.title} | {comp} | {', '.join(f'{p} {d:.1f}' for p, d in parts) or 'none'} |"
            assert row in lines, row


def test_the_setup_sheet_speaks_to_players_and_pawn_sheets_say_how_to_fold():
    spec = specs.load("paths-and-pahs")
    data = components_pdf(spec, "a4")[0]
    pages = [page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(data)]
    assert not any(re.search(r"seed|single move|shuffled", text) for text in pages)
    pawn_pages = [n for n, s in enumerate(impose(spec, expand(spec)[0], "a4").sheets, start=1) if "pawns" in s.components]
    for n in pawn_pages:
        assert "fold on the dashed lines" in " ".join(pages[n].split()) and "glue" in pages[n]


def test_manifest_names_paper_punch_glue_and_bags():
    text = " ".join(pypdfium2.PdfDocument(components_pdf(specs.load("pixeliction"), "a4")[0])[0]
                    .get_textpage().get_text_range().split())
    assert "Card of 160-200 g/m² for pages" in text and "Plain 80 g/m² paper" not in text
    assert "plain 80 g/m² paper for page" in text
    assert "A 3/4 in (19.05 mm) circle punch for the discs (black / white)" in text
    assert "Small bags or envelopes" in text
    glorieta = " ".join(pypdfium2.PdfDocument(components_pdf(specs.load("glorieta"), "a4")[0])[0]
                        .get_textpage().get_text_range().split())
    assert "A glue stick for the board panels" in glorieta
    assert "circle punch for the black stones and yellow stones" in glorieta


def test_the_ink_box_read_from_the_raster_edges_is_the_box_of_every_rows_ends():
    """An upright cut and a back's logo need only the extremes of the ink: where cairo paints it (the designer's art),
    found from a few rows and columns, they are exactly those of the full row scan."""
    from generator.check import ink
    spec = specs.load("grannys-pills")
    nodes = [(node, {c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"})
             for _, drawing in list(drawn(spec, expand(spec)[1]))[:12]
             for node in drawing.children if node.tag not in ("defs", "text")]
    assert len(nodes) > 40
    for node, clips in nodes:
        ends = ink.painted(node, clips)
        xs, ys = [x for x, _ in ends], [y for _, y in ends]
        assert ink.painted(node, clips, box=True) == ([(min(xs), min(ys)), (max(xs), max(ys))] if ends else [])


CORPUS = Path(__file__).resolve().parents[1] / "data" / "invalid"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NEAR = [(game, (), False) for game in GAMES] + [(str(EXAMPLES / name / f"{name}.yaml"), (), False) for name in
                                                ("ember-deck", "harvest-track", "hex-isles")] + [
    ("grannys-pills", ("components.prescription.margin=0mm",), True), ("paths-and-pahs", ("components.pawns.foot=1mm",), True),
    ("posies", ("components.posy-green.symbol_scale=0.95",), True), ("posies", ("components.posy-pink.symbol_scale=0.85",), False)]


def _near_and_exact(spec):
    """(what Check.measure keeps of each artwork, the same kept from the exact measure of every element)."""
    near, exact = [], []
    for art, drawing in drawn(spec, expand(spec)[1]):
        cut = safearea.cut_line(spec.component(art.component))
        for measured, out in ((safearea._measured(drawing, cut, near=True), near), (safearea._measured(drawing, cut), exact)):
            out.append([(part, distance, role) for part, distance, text, role in measured
                        if distance < (safearea.SAFE if role == "mark" else 0.0) - safearea.SLACK and not text])
    return near, exact


@pytest.mark.parametrize("game, overrides, reported", NEAR)
def test_the_near_measure_reports_what_measuring_every_element_reports(game, overrides, reported):
    """The bound only lets an element off that the exact geometry would not report: the same parts, distances and
    roles, in the same order, on every face (marks grown towards the cut among them, reported or not)."""
    near, exact = _near_and_exact(specs.load(game, list(overrides)))
    assert near == exact
    assert any(near) == reported


def test_the_near_measure_reports_what_measuring_every_element_reports_on_the_corpus():
    from generator.errors import UserError
    checked = 0
    for path in sorted(CORPUS.glob("*.yaml")) + sorted((CORPUS / "checks").glob("*.yaml")):
        try:
            near, exact = _near_and_exact(specs.load(path))
        except UserError:   # refused before its pieces are drawn, or a face its renderer refuses
            continue
        assert near == exact, path
        checked += 1
    assert checked >= 2


def test_a_cold_check_measures_exactly_only_the_elements_its_bound_cannot_clear(monkeypatch, tmp_path):
    from generator import cache
    from generator.check import geometry, ink
    from generator.draw import svg
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(ink, "MEMO", cache.Memo("ink.json", []))
    monkeypatch.setattr(safearea, "_PAINTED", {})
    measured, polygons = [], geometry.polygons
    monkeypatch.setattr(geometry, "polygons", lambda node, clips: (measured.append(node), polygons(node, clips))[1])
    elements, uncleared, exact = 0, 0, 0
    for game in GAMES:
        spec = specs.load(game)
        safe = safearea.Check(spec)
        for art, drawing in drawn(spec, expand(spec)[1]):
            cut = safearea.cut_line(spec.component(art.component))
            marks = [n for n in drawing.children if n.tag != "defs" and n.role in (svg.MARK, svg.FRAME)
                     and not safearea.lettered(n)]
            elements += len(marks)
            uncleared += sum(safearea.far(n, cut) is None for n in marks)
            before = len(measured)
            safe.measure(art, drawing)
            exact += len(measured) - before
    assert 0 < exact <= uncleared < elements / 20   # every other element let off by its bound alone


def test_a_cold_check_keys_only_the_elements_its_bound_cannot_clear_and_a_kept_measure_says_the_same(monkeypatch,
                                                                                                     tmp_path):
    """No key is made for a whole drawing, nor for a mark its bound clears: ink.values is read only for the marks
    measured exactly (their kept ends' key). A second run, from the kept ends alone, finds what the first found, and
    what the near measure keeps of every face is what the exact measure keeps."""
    from generator import cache
    from generator.check import ink
    from generator.draw import svg
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    keyed, values, ends, ink_ends = [], ink.values, [], ink.ink_ends
    monkeypatch.setattr(ink, "values", lambda node: (keyed.append(node), values(node))[1])
    monkeypatch.setattr(ink, "ink_ends", lambda node, clips, box=False: (ends.append(node), ink_ends(node, clips, box))[1])
    runs = []
    for _ in range(2):   # as two processes: the second reads the ends the first kept
        monkeypatch.setattr(ink, "MEMO", cache.Memo("ink.json", []))
        monkeypatch.setattr(safearea, "_PAINTED", {})
        near, exact, children, measured = [], [], 0, 0
        for game in GAMES:
            spec = specs.load(game)
            for art, drawing in drawn(spec, expand(spec)[1]):
                cut = safearea.cut_line(spec.component(art.component))
                uncleared = [n for n in drawing.children if n.tag != "defs" and n.role in (svg.MARK, svg.FRAME)
                             and not safearea.lettered(n) and safearea.far(n, cut) is None]
                keyed.clear()
                ends.clear()
                near.append(safearea.Check(spec).measure(art, drawing)[0])
                assert not (runs and ends), "a second run measures nothing again"
                assert all(any(node is n for n in uncleared) for node in keyed), (game, art.key)
                children, measured = children + len(drawing.children), measured + len(keyed)
                exact.append([[part, distance, role] for part, distance, text, role in safearea._measured(drawing, cut)
                              if distance < (safearea.SAFE if role == "mark" else 0.0) - safearea.SLACK and not text])
        ink.MEMO.save()
        assert near == exact and 0 < measured < children / 20
        runs.append(near)
    assert runs[0] == runs[1] and json.loads((tmp_path / "pnp" / "ink.json").read_text())["entries"]


def test_a_check_writes_no_svg(monkeypatch, tmp_path):
    """The memo keys of the ink measures are the elements' typed values: validating writes no SVG text."""
    from generator import cache
    from generator.check import ink
    from generator.draw import svg
    import generator.check.validate as checks
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for name, memo in (("ink.json", ink), ("checks.json", checks)):
        monkeypatch.setattr(memo, "MEMO", cache.Memo(name, []))

    def written(self):
        raise AssertionError(f"SVG written for <{self.tag}>")
    monkeypatch.setattr(svg.Element, "tostring", written)
    for game in GAMES:
        assert validate(specs.load(game)) == []


def test_an_upright_cut_finds_the_clearance_of_the_sides_sum_to_the_last_bit():
    """clearance() on a level-and-plumb cut reads only each side's nearest point: the same float (signed zeros too) as
    every point's sum for every side, on random points round cards of either winding."""
    import random
    import struct
    pick = random.Random(19)
    for _ in range(5000):
        w, h = pick.choice([63.5, 41.275, 88.9]), pick.choice([88.9, 30.0])
        cut = ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))[::pick.choice([1, -1])]
        points = [(pick.choice([0.0, -0.0, w, pick.uniform(-3, w + 3)]), pick.choice([0.0, -0.0, h, pick.uniform(-3, h + 3)]))
                  for _ in range(pick.randrange(1, 9))]
        every = min(c + min(a * x + b * y for x, y in points) for a, b, c in safearea._sides(cut))
        assert struct.pack("d", safearea.clearance(cut, points)) == struct.pack("d", every)


def test_a_drawing_holds_the_designers_art_or_runs_exactly_when_some_element_of_it_is_one():
    """ink.designed's walk from a list against the plain recursive reading, on every face of the games and examples."""
    from generator.check import ink
    from generator.draw import svg

    def holds(node):
        return isinstance(node, (svg.Run, svg.Placed)) or any(holds(child) for child in node.children)
    examples = sorted(Path(__file__).resolve().parents[2].glob("examples/*/*.yaml"))
    found = []
    for name in ["glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"] + examples:
        if name in examples and name.stem != name.parent.name:
            continue   # an example's layouts, not a spec
        spec = specs.load(name)
        for art, drawing in drawn(spec, expand(spec)[1]):
            assert ink.designed(drawing) == holds(drawing)
            found.append(holds(drawing))
    assert 0 < sum(found) < len(found)


def test_a_logo_of_words_alone_is_let_off_by_its_bound_far_from_the_cut_and_measured_near_it(monkeypatch):
    """A back's logo with a label and no symbol: its glyphs' boxes bound it though they do not prove ink, so far from
    the cut no glyph outline is read; grown towards the cut, it is measured exactly and reported as before."""
    from generator.check import geometry
    from generator.draw import svg
    measured, polygons = [], geometry.polygons
    monkeypatch.setattr(geometry, "polygons", lambda node, clips: (measured.append(node.part), polygons(node, clips))[1])
    monkeypatch.setattr(safearea, "_PAINTED", {})
    cut = ((0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0))
    for x, near in ((20, False), (1, True)):
        dwg = svg.drawing(40, 40)
        logo = dwg.add(svg.part(dwg.g(), "logo"))
        logo.add(svg.text(dwg, "PNP", x, 20, 4, anchor="start"))
        assert (safearea.far(logo, cut) is None) == near
        found = safearea._measure(dwg, cut, True)
        assert measured == (["logo"] if near else []) and bool(found) == near
        if near:
            assert found[0][1] < safearea.SAFE and found == safearea._measure(dwg, cut)
        measured.clear()


def test_a_cuts_gauge_finds_each_bound_the_clearance_every_point_gives_to_the_last_bit():
    """The gauge a drawing's marks share (safearea.gauge: the cut's sides worked out once) gives, for the bound of every
    mark of every face of the games (rectangles, hexagons, circles), the float that every point summed for every side
    (or its distance from a circle's centre) gives; and the gate's verdict on each is what that plain figure says."""
    import struct
    from generator.check import geometry
    from generator.draw import svg

    def plain(cut, points):
        if isinstance(cut, Circle):
            return cut.r - max(math.hypot(x - cut.x, y - cut.y) for x, y in points)
        return min(c + min(a * x + b * y for x, y in points) for a, b, c in safearea._sides(tuple(cut)))
    kinds, let_off = set(), 0
    for game in GAMES:
        spec = specs.load(game)
        for art, drawing in drawn(spec, expand(spec)[1]):
            cut = safearea.cut_line(spec.component(art.component))
            kinds.add("circle" if isinstance(cut, Circle) else len(cut))
            gauge = safearea.gauge(cut if isinstance(cut, Circle) else tuple(cut))
            for node in drawing.children:
                found = geometry.bound(node, certain=False) if node.role in (svg.MARK, svg.FRAME) else None
                if not found:
                    continue
                assert struct.pack("d", gauge(found)) == struct.pack("d", plain(cut, found))
                least = plain(cut, found) - safearea.MARGIN
                expected = least if least >= safearea.SAFE - safearea.SLACK else None
                assert safearea._far(node, gauge, geometry.bound) == expected == safearea.far(node, cut)
                let_off += expected is not None
    assert kinds >= {"circle", 4, 6} and let_off > 500


def test_an_inline_icon_past_the_cut_is_named_as_the_texts_icon_and_its_words_are_left_to_the_text_check(
        tmp_path, monkeypatch):
    """A rules text moved 10 mm right, its words past the safe area: the text check said so, and the safe-area check
    said again, on every face with an icon, 'rules is 5.2 mm past the cut (marks keep 2 mm inside it)', measuring the
    words as a mark. Now the words are the text check's alone; the icons are measured by themselves and named so, on
    the face whose icon is past the cut only."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "g"]).exit_code == 0
    layout = Path("g/card.yaml")
    layout.write_text(layout.read_text().replace("rules:   {type: text, x: 5,", "rules:   {type: text, x: 15,"))
    rows = Path("g/cards.csv").read_text().splitlines()
    rows[1] = rows[1].replace("Draw a card.", "Gain" + " :coin:" * 12)
    rows[2] = rows[2].replace("Every other", ":coin: Every other")
    Path("g/cards.csv").write_text("\n".join(rows) + "\n")
    found = [f.message for f in validate(specs.load("g/g.yaml"))]
    assert any("text rules runs up to" in m and "past the right edge of the safe area" in m for m in found), found
    icons = [m for m in found if "inline icon" in m]
    assert len(icons) == 1 and icons[0].startswith("face 1 (g/cards.csv row 2): an inline icon in text rules is "), found
    assert not any(re.search(r": rules is [\d.]+ mm", m) for m in found), found


@pytest.mark.parametrize("name", ["dot \u00b2", "dot 1" + "0" * 5000, "dot 3"])
def test_an_element_whose_name_ends_in_no_plain_number_near_the_cut_is_named_not_a_traceback(tmp_path, monkeypatch, name):
    """An element named 'dot ²' (or 'dot' and 5,001 digits) too near the cut was a traceback (int() of what followed the
    name's last space, read as a repeated element's copy number): it is named as it is written (a key of over 1,024
    characters is written as YAML's explicit key, ? name)."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "g"]).exit_code == 0
    layout = tmp_path / "g" / "card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        "elements:\n", f"elements:\n  ? {json.dumps(name)}\n  : {{type: circle, x: 1, y: 1, r: 1, fill: ink}}\n", 1),
        encoding="utf-8")
    found = failures(str(tmp_path / "g" / "g.yaml"))
    assert any(f"{name} is 0.8 mm past the cut (marks keep 2 mm inside it)" in line for line in found), found
