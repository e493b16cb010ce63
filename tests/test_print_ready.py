"""Print-ready details a player sees on the built pages: panel bleed, assembly words, the manifest, rulebook words."""
import io
import re

import pypdfium2
import pytest
from PIL import Image

from generator.impose.grounds import ground as ground_of
from generator.output import raster
from generator.spec import loader as specs
from generator.build import components_pdf, manifest_rows
from generator.check.wording import ranges
from generator.spec.expand import expand
from generator.impose.imposition import impose
from generator.draw.render import draw_art
from generator.output.rulebook import rules_pdf
from generator.check.wording import colour_words

PANELED = [("glorieta", []), ("grannys-pills", ["components.board.cell=40mm"]),
           ("pixeliction", ["components.board.cell=40mm"]), ("posies", ["components.board.spacing=40mm"])]


def near(a, b, tolerance=12):
    """True when two RGB colours differ by at most tolerance in every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, overrides", PANELED)
def test_board_panels_print_their_ground_into_a_bleed_on_every_outer_edge(game, overrides, paper):
    spec = specs.load(game, overrides)
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, paper)
    panels = [(n, s) for n, s in enumerate(plan.sheets, start=1) if s.slots and s.slots[0].window]
    assert len(panels) > 1, "the override makes the board print in panels"
    board = spec.component(panels[0][1].components[0])
    ground = ground_of(draw_art(spec, arts[panels[0][1].slots[0].art]))
    assert board.bleed >= 3 and ground is not None
    ground = tuple(round(float(c) * 255) for c in ground.split())
    data, _ = components_pdf(spec, paper)
    doc, dpi = pypdfium2.PdfDocument(data), 100
    px = dpi / 25.4
    full_w = max(s.slots[0].window.x + s.slots[0].w for _, s in panels)
    full_h = max(s.slots[0].window.y + s.slots[0].h for _, s in panels)
    checked = 0
    for number, sheet in panels:
        slot, window = sheet.slots[0], sheet.slots[0].window
        page = doc[number].render(scale=dpi / 72).to_pil().convert("RGB")
        edges = []  # (outward direction, the trim line, how positions run along it)
        if window.x == 0:
            edges.append(((-1, 0), slot.x, (slot.y, slot.y + slot.h)))
        if window.y == 0:
            edges.append(((0, -1), slot.y, (slot.x, slot.x + slot.w)))
        if window.x + slot.w >= full_w - 1e-6:
            edges.append(((1, 0), slot.x + slot.w, (slot.y, slot.y + slot.h)))
        if window.y + slot.h >= full_h - 1e-6:
            edges.append(((0, 1), slot.y + slot.h, (slot.x, slot.x + slot.w)))
        for (dx, dy), line, (start, end) in edges:
            along = [start + 2 + k * 4 for k in range(int((end - start - 4) // 4) + 1)]
            for a in along:
                if any(lo - 1 <= a <= lo + size + slot.bleed + 1 for t in sheet.tabs
                       for lo, size, across in [(t.y, t.h, t.w) if dx else (t.x, t.w, t.h)] if across == (slot.w if dx else slot.h)):
                    continue  # a glue tab's shade runs into the bleed here
                inside = (line - dx * 0.5, a) if dx else (a, line - dy * 0.5)
                if not near(page.getpixel((round(inside[0] * px), round(inside[1] * px))), ground):
                    continue  # art reaches the trim here: its own bleed is the board's business
                for step in range(0, 26):  # from the trim out to 2.5 mm beyond it
                    d = step / 10
                    x, y = (line + dx * d, a) if dx else (a, line + dy * d)
                    colour = page.getpixel((round(x * px), round(y * px)))
                    assert near(colour, ground), f"sheet {number}: {colour} at {d} mm outside the trim ({dx}, {dy})"
                checked += 1
    assert checked >= 40, checked


def page_texts(data):
    """The text of every page of a PDF, whitespace collapsed."""
    doc = pypdfium2.PdfDocument(data)
    return [" ".join(page.get_textpage().get_text_range().split()) for page in doc]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_glorieta_says_one_way_to_join_the_panels_on_every_page(paper):
    spec = specs.load("glorieta")
    rules = " ".join(page_texts(rules_pdf(spec, paper)[0]))
    pages = page_texts(components_pdf(spec, paper)[0])
    plan = impose(spec, expand(spec)[0], paper)
    assert not any("tape" in text.lower() for text in [rules] + pages)
    step = re.search(r"Join the board panels[^.]*\.[^.]*\.", rules).group(0)
    assert "glue stick" in step and "glue tab" in step and "targets" in step and "rub glue over them" in step
    assert "A glue stick for the board panels." in pages[0]
    tabbed = [n for n, s in enumerate(plan.sheets, start=1) if s.tabs]
    assert len(tabbed) == 3
    for n in tabbed:
        assert "glue tab" in pages[n] and "glue on the targets" in pages[n]


GAMES = [p.stem for p in specs.shipped()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_manifest_counts_sheets_of_paper_not_pages(game, paper):
    spec = specs.load(game)
    pieces = expand(spec)[0]
    plan = impose(spec, pieces, paper)
    pages = page_texts(components_pdf(spec, paper)[0])
    assert "sheets of paper" in pages[0]
    carrying = {c.id: [n for n, s in enumerate(plan.sheets, start=1) if c.id in s.components] for c in spec.components}
    for row, comp in zip(manifest_rows(spec, pieces, plan), spec.components):
        fronts = [n for n in carrying[comp.id] if "back of sheet" not in pages[n]] + [0] * bool(
            plan.cover and comp.id in plan.cover.components)
        assert row[3].split()[0] == str(len(fronts)), (comp.id, row)
        assert row[3].endswith(f"(p. {ranges(sorted(n + 1 for n in fronts))})"), (comp.id, row)   # where to find them
        assert f"{row[0]} {row[1]} {row[2]} {row[3]}" in pages[0]
        if comp.back and comp.printing != "once":  # duplex: every front page has its back page
            assert 2 * len(fronts) == len(carrying[comp.id]), comp.id
    if game == "hexstatic":
        assert manifest_rows(spec, pieces, plan)[0][:4] == ("Hex tiles", "52", "52 x 45 mm", "3 (p. 2, 4, 6)")   # fronts, backs between


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_page_1_holding_pieces_is_in_the_run_of_single_sided_pages_it_starts(game, paper):
    """'Pages 2-6: print single-sided' under a list with pill tiles below it on page 1 left page 1 unsaid."""
    spec = specs.load(game)
    plan = impose(spec, expand(spec)[0], paper)
    manifest = " ".join(page_texts(components_pdf(spec, paper)[0])[0].split())
    singles = next((n for n, s in enumerate(plan.sheets, start=2) if s.side != "single"), len(plan.sheets) + 2) - 1
    if plan.cover and plan.cover.components and plan.sheets[0].side == "single":
        assert f"Pages 1-{singles}: print single-sided." in manifest
    elif plan.sheets[0].side == "single":
        assert f"Page{'s' * (singles > 2)} 2{f'-{singles}' * (singles > 2)}: print single-sided." in manifest


def test_a_page_list_too_long_for_its_column_names_every_other_page_in_short(tmp_path):
    """40 cards with a back, 6 to a sheet, and 30 tokens in the room below them on each front: the tokens' six front
    pages were left off the manifest (too long for its column), where a player most needs them."""
    (tmp_path / "deck.yaml").write_text(
        "game: {title: Mini, designer: Me}\ncomponents:\n"
        "  cards: {kind: layout, expect: 40, width: 63 mm, height: 88 mm, data: [{t: A, count: 40}], back: {fill: black},\n"
        "          layout: {elements: {t: {type: text, x: 5, y: 5, width: 40, height: 10, text: '{t}'}}}}\n"
        "  tokens: {kind: layout, expect: 30, shape: circle, size: 25.4 mm, data: [{v: 1, count: 30}],\n"
        "           layout: {elements: {v: {type: text, x: 8, y: 8, width: 10, height: 8, text: '{v}'}}}}\n")
    spec = specs.load(str(tmp_path / "deck.yaml"))
    pieces = expand(spec)[0]
    plan = impose(spec, pieces, "a4")
    manifest = page_texts(components_pdf(spec, "a4")[0])[0]
    for row, comp in zip(manifest_rows(spec, pieces, plan), spec.components):
        fronts = [n for n, s in enumerate(plan.sheets, start=2) if comp.id in s.components and s.side != "back"]
        assert len(fronts) > 4 and fronts == list(range(fronts[0], fronts[-1] + 1, 2)), fronts   # every other page
        assert row[3] == f"{len(fronts)} (p. {fronts[0]}, {fronts[1]}, …, {fronts[-1]})", row
        assert f"{row[0]} {row[1]} {row[2]} {row[3]}" in manifest


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_and_the_manifest_give_every_component_the_same_size(game):
    spec = specs.load(game)
    pieces = expand(spec)[0]
    manifest = page_texts(components_pdf(spec, "a4")[0])[0]
    rules = " ".join(page_texts(rules_pdf(spec, "a4")[0]))
    for title, count, size, *_ in manifest_rows(spec, pieces, impose(spec, pieces, "a4")):
        assert f"{title} {count} {size}" in manifest
        assert re.search(rf"{re.escape(title)}( \(copy sheet: [^)]*\))? {count} {re.escape(size)}", rules), (title, size)
    assert "19.1 x 19.1" not in rules
    if game in ("glorieta", "pixeliction", "posies"):
        assert "19.05 mm round" in rules


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_file_paths_on_player_pages(game, paper):
    spec = specs.load(game)
    pages = page_texts(rules_pdf(spec, paper)[0]) + page_texts(components_pdf(spec, paper)[0])
    for n, text in enumerate(pages, start=1):
        assert not re.search(r"docs/|\.md\b|\.ya?ml\b", text), (n, text)


def test_a_theme_keeps_the_designers_colour_word_and_says_what_it_prints():
    okabe = " ".join(page_texts(rules_pdf(specs.load("hexstatic", theme="okabe-ito"), "a4")[0]))
    assert "the designer's colour-blind idea: red (orange in this print) dashed, green thin, blue thick." in okabe
    shipped = " ".join(page_texts(rules_pdf(specs.load("hexstatic"), "a4")[0]))
    assert "the designer's colour-blind idea: red dashed, green thin, blue thick." in shipped
    assert "=red" not in shipped and "=red" not in okabe


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_about_this_edition_box_is_never_split_across_pages(game, paper):
    spec = specs.load(game)
    pages = page_texts(rules_pdf(spec, paper)[0])
    head = [n for n, text in enumerate(pages) if "About this edition." in text]
    tail = " ".join(colour_words(spec, spec.game.notes).split()[-4:])
    assert len(head) == 1 and tail in pages[head[0]], (head, tail)


CARDS = ("reference-card", "word-card", "line-legend")


@pytest.mark.parametrize("game", GAMES)
def test_card_fronts_print_nothing_parallel_to_the_cut_within_4_mm_of_it(game):
    """A cut 1 mm off would make a frame near the cut look uneven: the band 0.3-4 mm inside the trim stays ground."""
    spec = specs.load(game)
    _, arts = expand(spec)
    cards = [c for c in spec.components if c.kind in CARDS]
    assert cards or game == "paths-and-pahs"
    dpi = 150
    px = dpi / 25.4
    for comp in cards:
        art = next(a for a in arts.values() if a.component == comp.id and a.side == "front")
        image = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, art), dpi))).convert("L")
        b = comp.bleed
        w, h = image.width / px - 2 * b, image.height / px - 2 * b
        ground = image.getpixel((round((b + w / 2) * px), round((b + 0.3) * px)))
        inked = [(x, y) for x in range(round((b + 0.3) * px), round((b + w - 0.3) * px))
                 for y in range(round((b + 0.3) * px), round((b + h - 0.3) * px))
                 if min(x / px - b, y / px - b, b + w - x / px, b + h - y / px) < 4
                 and abs(image.getpixel((x, y)) - ground) > 24]
        assert not inked, f"{comp.id}: ink {len(inked)} px within 4 mm of the cut, first at {inked[0]}"
