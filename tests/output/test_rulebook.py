"""Rulebooks: both papers, the spec's components and counts in the text, vector diagrams written by our PDF writer,
embedded fonts, no cairo."""
import io
import re
import shutil
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.spec import loader as specs
from generator.spec import rules as rules_text
from generator.spec.expand import expand
from generator.games.grannys_pills import rules as gp
from generator.errors import UserError
from generator.draw.diagram import drawn
from generator.output.overlay import PLACED
from generator.output.rulebook import Figure, lay_out, rules_path, rules_pdf
from generator.units import paper_size

GAMES = [p.stem for p in specs.shipped() if rules_path(specs.load(str(p))).is_file()]


@pytest.fixture(scope="module", params=[(g, paper) for g in GAMES for paper in ("a4", "letter")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def built(request):
    """(spec, PDF bytes) of one game's rulebook on one paper."""
    game, paper = request.param
    spec = specs.load(game)
    return spec, paper, rules_pdf(spec, paper)[0]


def test_text_names_title_designer_and_every_component_with_its_count(built):
    spec, _, data = built
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    text = " ".join(text.split())
    assert spec.game.title in text and spec.game.designer in text
    pieces, _ = expand(spec)
    for comp in spec.components:
        count = sum(1 for p in pieces if p.component == comp.id)
        assert re.search(rf"{re.escape(comp.title)}( \([^)]*\))? {count} ", text), comp.title


@pytest.mark.parametrize("game, said", [
    ("hexstatic", "You may turn the pile up to make sure, but that ends the game: you lay no more tiles and score."),
    ("grannys-pills", "when time runs out you must take at least one tile: three if you have found them"),
    ("paths-and-pahs", "you may hold several of a card (our ruling)")])
def test_a_rule_the_original_states_is_said_as_it_states_it(game, said):
    """A reader's check against the originals (../shared/seeds): alone, turning the pile up ends HexStatic ("the player
    has effectively given up placing any more tiles and scoring begins"; it read as a mere check); out of time, a
    Granny's Pills player takes "at least one" tile (it read "a single tile"); holding a card twice is this edition's
    ruling, marked as the others are."""
    data = rules_pdf(specs.load(game), "a4")[0]
    assert said in " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages).split())


COPIED = {"paths-and-pahs": "Inventory and score sheets", "grannys-pills": "Score pad", "pixeliction": "Score sheet"}


@pytest.mark.parametrize("game", sorted(COPIED))
def test_a_sheet_players_write_on_is_listed_as_a_copy_sheet_as_the_components_pdf_prints_it(game):
    """The rulebook's table listed 9 inventory sheets where the components PDF prints 2 on a copy sheet: the row says
    the sheet is copied, in the words on the PDF's copy sheet."""
    from generator.build import components_pdf
    spec = specs.load(game)
    note = "copy sheet: print as many as you need"
    sheets = pypdf.PdfReader(io.BytesIO(components_pdf(spec, "a4")[0])).pages
    assert any(note in page.extract_text() for page in sheets)
    text = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(rules_pdf(spec, "a4")[0])).pages)
                    .split())
    assert f"{COPIED[game]} ({note})" in text
    assert text.count(note) == 1, "no other row"


def test_diagrams_are_vector_and_fonts_are_the_bundled_ones(built):
    spec, paper, data = built
    with pikepdf.open(io.BytesIO(data)) as pdf:
        subtypes = {str(o.get("/Subtype")) for o in pdf.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))}
        assert "/Image" not in subtypes, "no raster images"
        fonts = {str(o.BaseFont).split("+")[-1] for o in pdf.objects
                 if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font" and "/BaseFont" in o}
        assert fonts and fonts <= {"Vera", "Vera-Bold", "BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}, fonts
        diagram_names = {name[len(PLACED):].rpartition(".")[0] for page in pdf.pages
                         for name in page.Resources.get("/XObject", {}).keys() if name.startswith(PLACED)}
        expected = rules_path(spec).read_text().count("diagram:")
        assert len(diagram_names) == expected and diagram_names <= set(drawn(spec))
        width = float(pdf.pages[0].MediaBox[2])
        assert width == pytest.approx(595.28 if paper == "a4" else 612.0, abs=0.01)


def texts(node):
    """The words of every text element in a drawing."""
    if node.tag == "text" and node.content:
        yield node.content
    for child in node.children:
        yield from texts(child)


def test_diagrams_are_written_by_our_writer_their_text_extractable_each_weight_embedded_once(built):
    """Besides reportlab's TrueType subsets of Vera, the file holds one Type 0 subset of each weight the diagrams set
    (our writer's, with its Unicode map), and every word of the diagrams is in the text pypdf extracts."""
    from generator.draw.typeface import FACES
    spec, _, data = built
    with pikepdf.open(io.BytesIO(data)) as pdf:
        fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"
                 and o.get("/Subtype") in ("/TrueType", "/Type0")]
        ours = sorted(str(f.BaseFont).split("+")[1] for f in fonts if f.Subtype == "/Type0")
        assert all(f.Encoding == "/Identity-H" and "/ToUnicode" in f for f in fonts if f.Subtype == "/Type0")
        theirs = {str(f.BaseFont) for f in fonts if f.Subtype == "/TrueType"}
    words = {" ".join(t.split()) for d in drawn(spec).values() for _, part, *_ in d.parts for t in texts(part)}
    assert ours and len(ours) == len(set(ours)) and set(ours) <= {name for _, name in FACES.values()}, ours
    assert {re.sub(r"^/[A-Z]{6}\+", "", name) for name in theirs} <= {"BitstreamVeraSans-Roman",
                                                                      "BitstreamVeraSans-Bold"}, theirs  # reportlab's
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    assert words and all(word in text for word in words), sorted(w for w in words if w not in text)


def empty_share(image, dpi):
    """The share of a rendered page, from the top margin (16 mm) to the footer (13 mm from the foot), that lies in runs
    of pure white rows at least 5 mm tall: the gaps between lines and paragraphs do not count, a page left half
    blank does."""
    k = dpi / 25.4
    top, bottom = round(16 * k), image.height - round(13 * k)
    white = [image.crop((0, y, image.width, y + 1)).getextrema()[0] >= 250 for y in range(top, bottom)]
    total = run = 0
    for blank in white + [False]:
        if blank:
            run += 1
            continue
        total += run if run >= 5 * k else 0
        run = 0
    return total / (bottom - top)


def test_every_page_is_at_least_two_thirds_full_but_the_last(built):
    import pypdfium2
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    shares = [empty_share(page.render(scale=50 / 72).to_pil().convert("L"), 50) for page in doc]
    doc.close()
    full = [f"page {n + 1}: {share:.0%} empty" for n, share in enumerate(shares[:-1]) if share > 1 / 3]
    assert not full, f"{spec.game.id} on {paper}: {full}"


def blank_runs(image, dpi):
    """(top, height) in mm of each run of pure white rows on a rendered page, from its first ink under the top margin
    (16 mm) down to the bottom margin (18 mm from the foot): the last run is the paper left at the foot."""
    k, width, data = dpi / 25.4, image.width, image.tobytes()
    top, bottom = round(16 * k), image.height - round(18 * k)
    inked = [min(data[y * width:(y + 1) * width]) < 250 for y in range(top, bottom)]
    runs, start = [], None
    for y, ink in enumerate(inked[inked.index(True):] + [True], inked.index(True)):
        if not ink and start is None:
            start = y
        elif ink and start is not None:
            runs.append(((top + start) / k, (y - start) / k))
            start = None
    return runs


def test_no_page_but_the_last_leaves_an_empty_band_taller_than_30_mm(built):
    """A diagram too tall for the room left heads the next page and the text after it fills the band, and a diagram
    that fits shrinks a little to let the block kept whole after it in: on every page but the last no band of blank
    paper is taller than BAND (30 mm, six lines of text). On the page where the rules text ends before a page of cards,
    the paper below its last line is where the text ends, not a band in it."""
    import pypdfium2
    from generator.output.rulebook import BAND
    from generator.spec.rules import load_rules
    from generator.units import PT_PER_MM
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    images = [page.render(scale=100 / 72).to_pil().convert("L") for page in doc]
    credits = found(doc, " ".join(load_rules(spec)["credits"].split()[:4]))[0]  # the page where the rules text ends
    doc.close()
    bands = []
    for n, image in enumerate(images[:-1]):
        runs = blank_runs(image, 100)
        if n == credits:
            runs = runs[:-1]  # the text ends on this page, the cards have the next
        bands += [f"page {n + 1}: {height:.1f} mm at {at:.0f} mm" for at, height in runs if height > BAND / PT_PER_MM]
    assert not bands, f"{spec.game.id} on {paper}: {bands}"


def found(doc, phrase):
    """(page index, top in points) of the first place pdfium finds a phrase set in a document, or None."""
    for n in range(len(doc)):
        textpage = doc[n].get_textpage()
        hit = textpage.search(phrase, match_case=True).get_next()
        if hit:
            return n, textpage.get_charbox(hit[0])[3]
    return None


def opening(block):
    """The first words of a rules block as the rulebook sets them (a list's last entry: the text just above what follows)."""
    text = block.get("p") or (block.get("steps") or block.get("bullets") or [None])[-1] or block.get("caption") or ""
    return " ".join(text.replace("**", "").split()[:3])


def diagram_tops(data) -> dict:
    """Each diagram of a rulebook's bytes -> (its page, the top of its parts in points)."""
    tops: dict = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages):
            for name, box in placements(page):
                if name.startswith(PLACED):
                    key = name[len(PLACED):].rpartition(".")[0]
                    tops[key] = n, max(box[3], tops.get(key, (n, 0))[1])
    return tops


def test_a_diagram_comes_below_the_text_before_it_or_heads_the_next_page(built):
    """Reading order: each diagram is drawn below the block before it in the rules text, on that block's page, or, when
    it did not fit there, at the top of the next page with nothing above it but a diagram that moved before it."""
    import pypdfium2
    from generator.spec.rules import load_rules
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    tops = diagram_tops(data)
    moved, checked = [], 0  # moved: (page, top) of each diagram drawn on the page after the text before it
    for section in load_rules(spec)["sections"]:
        items = [{"p": section["heading"]}] + [block for block in section["blocks"] if block]
        for before, block in zip(items, items[1:]):
            if "diagram" not in block:
                continue
            page, top = tops[block["diagram"]]
            text_page, text_top = found(doc, opening(before))
            assert (text_page, -text_top) <= (page, -top), (block["diagram"], opening(before))
            if text_page < page:
                textpage = doc[page].get_textpage()
                highest = max(textpage.get_charbox(n)[3] for n in range(textpage.count_chars()))
                queued = moved and moved[-1][0] == page and moved[-1][1] > top  # below a diagram that moved before it
                assert text_page == page - 1 and (highest <= top + 1 or queued), (block["diagram"], "heads its page")
                moved.append((page, top))
            checked += 1
    doc.close()
    assert checked >= 1
    assert moved or (spec.game.id, paper) not in {("posies", "a4"), ("posies", "letter")}


TOO_TALL = {("posies", "removal-moves")}  # taller than the room left on its text's page even at HOLD: it heads the next


def test_a_diagram_is_read_before_the_next_sections_heading(built):
    """A diagram that ends its section, too tall for the room left, shrinks (to HOLD, 50 %) rather than let the next
    section's heading be read before it: on the rendered pages each diagram's top comes before the next section's
    heading (page, then height), but for one too tall for its page even at 50 %."""
    import pypdfium2
    from generator.spec.rules import load_rules
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    tops = diagram_tops(data)
    sections, checked = load_rules(spec)["sections"], 0
    for section, following in zip(sections, sections[1:]):
        for block in section["blocks"]:
            if "diagram" not in block:
                continue
            page, top = tops[block["diagram"]]
            heading = found(doc, following["heading"])
            before = (page, -top) < (heading[0], -heading[1])
            assert before != ((spec.game.id, block["diagram"]) in TOO_TALL), (block["diagram"], following["heading"])
            checked += 1
    doc.close()
    assert checked or spec.game.id not in ("pixeliction", "posies")


def test_the_credits_share_a_page_with_the_note_on_this_edition(built):
    """Granny's Pills on A4 once left its credits line alone at the top of page 3, under the note it belongs to."""
    import pypdfium2
    from generator.spec.rules import load_rules
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    note = found(doc, "About this edition.")
    credits = found(doc, " ".join(load_rules(spec)["credits"].split()[:4]))
    doc.close()
    assert credits is not None and (note is None or note[0] == credits[0]), (spec.game.id, paper, note, credits)


def test_no_heading_ends_a_page(built):
    """Headings keep with what follows them, in the text that fills the band ahead of a diagram too: on every page but
    the last, text is set below the lowest heading (14 pt) and above the bottom margin (the footer is below it)."""
    import pypdfium2
    import pypdfium2.raw as raw
    from generator.output.rulebook import BOTTOM
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    for n in range(len(doc) - 1):
        textpage = doc[n].get_textpage()
        chars = [(raw.FPDFText_GetFontSize(textpage.raw, i), textpage.get_charbox(i)) for i in range(textpage.count_chars())
                 if not textpage.get_text_range(i, 1).isspace()]
        lowest = min((box[1] for size, box in chars if size == 14), default=None)
        assert lowest is None or any(BOTTOM < box[1] and box[3] < lowest for _, box in chars), (spec.game.id, paper, n + 1)
    doc.close()


def test_no_text_in_a_rulebook_prints_below_6_pt(built):
    """A board drawn small in a diagram printed its label too, at 3 pt (Pixeliction on Letter)."""
    assert min(_sizes(built[2])) >= (5.9,), min(_sizes(built[2]))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a3", "legal", "tabloid", "297x210mm", "279.4x215.9mm"])
def test_a_diagram_shrinks_to_stay_on_its_page_only_while_its_text_keeps_6_pt(game, paper):
    """HexStatic's nexus diagram on A3 shrank to half its size to stay above the next section's heading, its labels to
    4.96 pt; on landscape A4 the book laid out again at 90 % set its line key at 5.71 pt, and Posies' quick reference
    its scoring table at 5.51 pt (its body 6.12 pt was what the card's check read): on the other papers too, no letter
    of a rulebook is set under 6 pt."""
    assert min(_sizes(rules_pdf(specs.load(game), paper)[0])) >= (5.9,)


def _sizes(data: bytes) -> list:
    """(size in pt on the page, page, the text around it) of each letter and digit of a PDF, as pdfium reads it: its
    font size times the scale of the matrix it is drawn with (a diagram's forms scaled, text drawn small)."""
    import ctypes
    import pypdfium2
    import pypdfium2.raw as raw
    doc = pypdfium2.PdfDocument(data)
    sizes, matrix = [], raw.FS_MATRIX()
    for n in range(len(doc)):
        textpage = doc[n].get_textpage()
        for i in range(textpage.count_chars()):
            if textpage.get_text_range(i, 1).isalnum():
                raw.FPDFText_GetMatrix(textpage.raw, i, ctypes.byref(matrix))
                scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                sizes.append((raw.FPDFText_GetFontSize(textpage.raw, i) * scale, n + 1,
                              textpage.get_text_range(max(0, i - 3), 12)))
    doc.close()
    return sizes


def test_the_quick_reference_is_cut_out_cards_that_fill_the_foot_of_the_last_page(built):
    """Four cards on a page of their own, or a row of two in the room the last page of rules leaves."""
    import pypdfium2
    spec, paper, data = built
    doc = pypdfium2.PdfDocument(data)
    page = doc[len(doc) - 1]
    text = page.get_textpage().get_text_range()
    image = page.render(scale=50 / 72).to_pil().convert("L")
    doc.close()
    cards = " ".join(text.split()).count(f"{spec.game.title}: quick reference")
    assert cards in (2, 4), cards
    k = 50 / 25.4
    width, height = paper_size(paper)
    ink = image.point(lambda v: 255 if v < 200 else 0)
    left, _, right, bottom = ink.getbbox()
    assert (right - left) / k > width - 2 * 8 and bottom / k > height - 22, "the cards span the page and reach its foot"
    cut = round(15 * k)  # the cards' left cut line, 15 mm from the page's edge: its crop marks above and below
    inked = [y for y in range(image.height) if min(image.getpixel((x, y)) for x in range(cut - 1, cut + 2)) < 200]
    top, foot = inked[0], inked[-1]  # the tips of the marks: 8 mm above the cards' top trim, below their bottom one
    card = ((foot - top) / k - 16) / (cards / 2)  # mm: the height of a row of cards
    assert card >= 88, card  # at least a poker card's height
    band = image.crop((left, top, right, top + round(4 * k)))  # above the cards: only the vertical cut lines' marks
    inked = [x for x in range(band.width) if band.crop((x, 0, x + 1, band.height)).getextrema()[0] < 200]
    marks = [x for n, x in enumerate(inked) if n == 0 or x - inked[n - 1] > 2]
    assert len(marks) == 3, marks  # two columns of cards: three cut lines, a crop mark at each
    for x in marks:
        length = sum(image.getpixel((left + x, y)) < 200 for y in range(top, top + round(12 * k))) / k
        assert abs(length - 5) <= 0.6, length  # 5 mm, to a pixel (0.5 mm) either way


def test_a_list_starts_on_the_page_of_its_lead_in(built):
    from generator.spec.rules import load_rules
    spec, paper, data = built
    pages = [" ".join(page.extract_text().replace("\u00a0", " ").split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    plain = lambda text: " ".join(text.replace("**", "").split())
    pairs = 0
    for section in load_rules(spec)["sections"]:
        items = section["blocks"]
        for block, after in zip(items, items[1:]):
            entries = after.get("bullets") or after.get("steps")
            if block.get("p", "").rstrip().endswith(":") and entries:
                lead, first = plain(block["p"])[-30:], plain(entries[0])[:30]
                where = [n for n, text in enumerate(pages) if lead in text]
                assert where and first in pages[where[-1]], (paper, lead, first)
                pairs += 1
    assert pairs or spec.game.id in ("paths-and-pahs", "hexstatic", "posies", "pixeliction", "grannys-pills")


def last_lines(flowables):
    """(text, words on its last line) of every paragraph in a laid-out rulebook, captions and list entries too."""
    from reportlab.platypus import Paragraph
    for f in flowables:
        if isinstance(f, Paragraph):
            last = f.blPara.lines[-1]
            words = " ".join(frag.text for frag in last.words) if f.blPara.kind else " ".join(last[1])
            yield f.getPlainText(), len(words.replace("\u00a0", " ").split())
        else:
            yield from last_lines(getattr(f, "items", None) or getattr(f, "_flowables", None) or getattr(f, "_content", []))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_paragraph_or_caption_ends_in_a_lone_word(game, paper):
    layout, _ = lay_out(specs.load(game), paper)
    lines = list(last_lines(layout.flow))
    assert sum(isinstance(f, Figure) for f in layout.flow) >= 1 and len(lines) > 10
    lone = [text for text, words in lines if words < 2 and len(text.split()) > 1]
    assert not lone, lone


def test_every_shipped_game_has_a_rulebook():
    missing = [p.stem for p in specs.shipped() if p.stem not in GAMES]
    assert not missing, f"no rules text for {missing}"


def test_scoring_follows_the_rules():
    pattern = [[("red", "round"), ("blue", "capsule"), ("green", "diamond")]] * 3
    right = [[[cell] for cell in row] for row in pattern]
    assert gp.score_round(pattern, right) == ([[2, 2, 2]] * 3, 18)
    empty = [[[] for _ in row] for row in pattern]
    assert gp.score_round(pattern, empty)[1] == 0
    stacked = [[[("red", "triangle"), ("red", "round")], [], []]] + [[[], [], []]] * 2
    assert gp.score_round(pattern, stacked)[1] == 1
    wrong = [[[("blue", "round")], [("blue", "capsule")], []]] + [[[], [], []]] * 2
    assert gp.score_round(pattern, wrong)[1] == 0


def hostile_rules(tmp_path, old, new, title=None):
    """A copy of Posies whose rules text has old replaced by new (and, if given, the board's title); its loaded spec."""
    import shutil
    (tmp_path / "rules").mkdir()
    shutil.copytree(specs.SPECS / "positions", tmp_path / "positions")
    text = (specs.SPECS / "rules" / "posies.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "rules" / "mine.yaml").write_text(text.replace(old, new), encoding="utf-8")
    (tmp_path / "mine.yaml").write_text((specs.SPECS / "posies.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return specs.load(str(tmp_path / "mine.yaml"), [f"components.board.title={title}"] if title else [])


GREEN_ROW = '[Green, four broad petals, "{posy-green.value}"]'


def test_a_table_row_taller_than_a_page_runs_on_over_the_next_pages_with_its_header(tmp_path):
    """A row of 1,200 words (353 mm tall on A4's 259 mm) failed the build, though validate had passed: it now breaks
    across pages, as a word processor's would, each page's part under the table's header row, and no word lost."""
    stock = len(pypdf.PdfReader(io.BytesIO(rules_pdf(specs.load(str(specs.SPECS / "posies.yaml")), "a4")[0])).pages)
    spec = hostile_rules(tmp_path, GREEN_ROW, '[Green, "' + " ".join(["word"] * 1200) + '", "3"]')
    pages = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(rules_pdf(spec, "a4")[0])).pages]
    holding = [n for n, text in enumerate(pages) if "word word" in text]
    assert len(pages) >= stock + 1 and len(holding) == 2 and holding[1] == holding[0] + 1, (len(pages), holding)
    assert sum(text.split().count("word") for text in pages) == 1200
    header = "Posy Flower Points each"   # once on each page: the table breaks inside the row, not before it
    assert [" ".join(pages[n].split()).count(header) for n in holding] == [1, 1], [pages[n][:300] for n in holding]


def test_a_table_of_too_many_columns_fails_validate_at_its_line_and_a_narrow_paper_says_why(tmp_path):
    """40 columns passed validate, then the build wrote the components and refused the rulebook with 'this table row is
    757584513 mm tall'. Now validate names the row's line; 14 columns on paper too narrow for them say so."""
    from generator.check.validate import validate
    wide = "[" + ", ".join(f"c{n}" for n in range(40)) + "]"
    (tmp_path / "wide").mkdir()
    spec = hostile_rules(tmp_path / "wide", GREEN_ROW, wide)
    with pytest.raises(UserError) as caught:
        validate(spec)
    line = next(n for n, text in enumerate((tmp_path / "wide" / "rules" / "mine.yaml").read_text().splitlines(), 1)
                if wide in text)
    assert str(caught.value) == (f"{tmp_path / 'wide' / 'rules' / 'mine.yaml'}:{line}: sections[3].blocks[1].table[3]: "
                                 "expected at most 14 cells in a table row (a column needs 12 mm of the rulebook's 180 "
                                 "mm text width), found 40: split the table")
    from reportlab.lib.units import mm
    from generator.output import rulebook
    rulebook._register_fonts()
    st = {**rulebook.styles("#000000"), "frame": (60 * mm, 200 * mm)}   # a 100 mm page's text: 64 mm, less padding
    row = [f"c{n}" for n in range(14)]
    assert rulebook.table([row, row], {**st, "frame": (176 * mm, 200 * mm)}, "rules.yaml: t")   # A4's: it fits
    with pytest.raises(UserError) as caught:
        rulebook.table([row, row], st, "rules.yaml: t")
    assert re.fullmatch(r"rules\.yaml: t: a table of 14 columns leaves (\d+\.\d mm of text|no room for text) in its "
                        r"narrowest on this page, whose text is 60 mm wide: give it fewer columns", str(caught.value)), \
        str(caught.value)


SCORING = """  scoring:
    - [Posy, Points (= pips)]
    - [Pink, "{posy-pink.value}"]
    - [Purple, "{posy-purple.value}"]
    - [Green, "{posy-green.value}"]
    - [Variant "most posies", 1 per posy]
    - [Variant "secret colour", "3 per posy of your colour, 1 per other posy"]
"""


def test_a_wide_scoring_table_sets_the_quick_reference_smaller_not_its_words_broken_nor_refused(tmp_path):
    """A nine-column scoring table was refused at the largest scale tried ('leaves 2.0 mm of text'), though it fits at a
    smaller one; and a scale whose columns broke 'Points' into 'Point / s' counted as fitting. Each word is found whole
    on the card by pdfium."""
    wide = '  scoring:\n    - [Blooms, "1", "2", "3", "4", "5", "6", "7", "8"]\n' \
           '    - [Points, "1", "3", "6", "10", "15", "21", "28", "36"]\n'
    data, _ = rules_pdf(hostile_rules(tmp_path, SCORING, wide), "a4")
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    words = doc[len(doc) - 1].get_textpage().get_text_range().split()
    for word in ("Blooms", "Points", "10", "15", "21", "28", "36"):
        assert words.count(word) == 2, (word, words)   # both cards of the page
    (tmp_path / "many").mkdir()   # at the smallest scale, a table still too wide is refused as before
    many = '  scoring:\n    - [' + ", ".join(f"Column{n}" for n in range(14)) + ']\n'
    with pytest.raises(UserError, match=r"reference\.scoring: a table of 14 columns leaves .* on this card, .* fewer columns"):
        rules_pdf(hostile_rules(tmp_path / "many", SCORING, many), "a4")


def test_an_empty_table_cell_written_as_the_guide_says_is_a_blank_cell(tmp_path):
    """make-your-own-game.md says to write an empty cell "": it was refused as no text; a header cell too, and one of
    spaces. The row prints its other cells, the blank one nothing."""
    from generator.check.validate import validate
    hostile_rules(tmp_path, GREEN_ROW, '[Green, "", "{posy-green.value}"]')
    rules = (tmp_path / "rules" / "mine.yaml").read_text(encoding="utf-8")
    (tmp_path / "rules" / "mine.yaml").write_text(rules.replace("[Posy, Points (= pips)]", '["", " "]'), encoding="utf-8")
    spec = specs.load(str(tmp_path / "mine.yaml"))
    assert validate(spec) == []
    data, _ = rules_pdf(spec, "a4")
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    text = " ".join(doc[n].get_textpage().get_text_range() for n in range(len(doc))).split()
    from generator.spec import figures
    value = str(figures.Figures(spec)["posy-green.value"])
    assert ["Green", value] in [text[n:n + 2] for n in range(len(text))], text   # the row, nothing between
    assert "**" not in " ".join(text)   # an empty header cell is no bold markup left bare


def test_the_quick_reference_title_is_one_line_and_no_smaller_than_the_cards_headings(built):
    """Glorieta's card title broke as 'Glorieta: quick / reference' at its largest type: a title too long for one line
    is set as large as one line holds, and the card's headings no larger (their capitals' heights, from pdfium)."""
    import pypdfium2
    spec, _, data = built
    doc = pypdfium2.PdfDocument(data)
    page = doc[len(doc) - 1].get_textpage()
    turn = rules_text.load_rules(spec)["reference"].get("turn_heading", "Your turn")
    titles = list(iter(page.search(f"{spec.game.title}: quick reference", match_case=True).get_next, None))
    headings = list(iter(page.search(turn, match_case=True).get_next, None))
    assert len(titles) == len(headings) in (2, 4), (len(titles), len(headings))
    for (title, count), (heading, _) in zip(titles, headings):
        first, last = page.get_charbox(title), page.get_charbox(title + count - 1)   # its capital, reference's e
        assert abs(first[1] - last[1]) < 1.5, (first, last)   # on one baseline, not a line's leading below
        capital = [page.get_charbox(n)[3] - page.get_charbox(n)[1] for n in (title, heading)]
        assert capital[0] >= capital[1] - 0.05, capital


@pytest.mark.parametrize("paper, across", [("a4", (90, 90)), ("letter", (92.9, 93.0)), ("300x400mm", (104.5, 105.0))])
def test_quick_reference_cards_keep_a_cards_size_on_a_large_paper(paper, across):
    """The two cards of a row are as far apart as a card is wide, measured between their titles' first letters on the
    page pdfium reads: half the page's width less its margins on A4 and Letter, at most A6's 105 mm on a 300 mm wide
    paper (135 mm before: cards no player would call cards)."""
    import pypdfium2
    doc = pypdfium2.PdfDocument(rules_pdf(specs.load("posies"), paper)[0])
    page = doc[len(doc) - 1].get_textpage()
    search = page.search("Posies: quick reference", match_case=True)
    lefts = sorted(page.get_charbox(found[0])[0] / 72 * 25.4 for found in iter(search.get_next, None))
    assert len(lefts) >= 2, lefts
    assert across[0] - 0.1 <= lefts[1] - lefts[0] <= across[1] + 0.1, lefts


@pytest.mark.parametrize("game", GAMES)
def test_on_a_landscape_paper_the_quick_reference_is_four_tall_cards_in_a_row(game):
    """On 297 x 210 mm a 2 x 2 block of cards was 87 mm tall: Granny's Pills' quick reference would have printed at
    5.7 pt, refused, and the whole build stopped there. Now the four cards stand in one row, each a quarter of the page's
    width less its margins, their titles' first letters measured on the page pdfium reads on one line."""
    import pypdfium2
    spec = specs.load(game)
    doc = pypdfium2.PdfDocument(rules_pdf(spec, "297x210mm")[0])
    page = doc[len(doc) - 1].get_textpage()
    search = page.search(f"{spec.game.title}: quick reference", match_case=True)
    boxes = [page.get_charbox(found[0]) for found in iter(search.get_next, None)]
    lefts = sorted(box[0] / 72 * 25.4 for box in boxes)
    assert len(lefts) == 4 and len({round(box[1]) for box in boxes}) == 1, boxes
    assert all(abs(b - a - (297 - 2 * 15) / 4) < 0.1 for a, b in zip(lefts, lefts[1:])), lefts


def test_a_step_numbered_10_or_more_keeps_a_gap_before_its_text(tmp_path):
    """A list of 12 steps set '10Step' with no space: the text is indented past the widest number and a gap, measured
    from the characters' boxes pdfium finds on the page."""
    old = '      - steps:\n          - "**Two neighbours.**'
    steps = "".join(f'          - "Step {k} words."\n' for k in range(1, 13))
    data, _ = rules_pdf(hostile_rules(tmp_path, old, "      - steps:\n" + steps + old.split("\n", 1)[1]), "a4")
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    gaps = []
    for n in range(len(doc)):
        textpage = doc[n].get_textpage()
        for k in (9, 10, 12):
            hit = textpage.search(f"Step {k} words", match_case=True).get_next()
            if hit:
                number = textpage.search(f"{k}", match_case=True)
                starts = [box for box in iter(number.get_next, None)
                          if abs(textpage.get_charbox(box[0])[1] - textpage.get_charbox(hit[0])[1]) < 1]
                right = textpage.get_charbox(starts[0][0] + starts[0][1] - 1)[2]   # the label, on the step's line
                gaps.append(textpage.get_charbox(hit[0])[0] - right)
    assert len(gaps) == 3 and min(gaps) > 5, gaps   # points: more than half the 10 pt body's em


def test_a_quick_reference_too_long_for_its_card_is_refused_not_printed_at_a_few_points(tmp_path):
    """40 turn entries were printed at 2.6 pt (the card shrank what overflowed its smallest scale, with no word)."""
    items = "".join(f'    - "Turn entry {k}: a long explanation of what to do in this part of the turn, in many words."\n'
                    for k in range(40))
    spec = hostile_rules(tmp_path, "reference:\n  turn:\n", "reference:\n  turn:\n" + items)
    with pytest.raises(UserError) as caught:
        rules_pdf(spec, "a4")
    line = (tmp_path / "rules" / "mine.yaml").read_text().splitlines().index("reference:") + 1   # it named no line
    assert re.fullmatch(rf"{re.escape(str(tmp_path / 'rules' / 'mine.yaml'))}:{line}: reference: the quick reference is too long "
                        r"for its card: its text would print at \d\.\d pt \(at least 6 pt reads\): shorten reference\.turn, "
                        r"its scoring or its notes", str(caught.value)), str(caught.value)


def test_a_character_the_rulebook_s_font_lacks_fails_validate_at_its_line(tmp_path):
    """Greek, CJK and emoji printed as empty boxes in the rulebook while validate passed (a card's text is refused)."""
    from generator.check.validate import validate
    spec = hostile_rules(tmp_path, GREEN_ROW, '[Green, "four broad petals, 花", "{posy-green.value}"]')
    with pytest.raises(UserError) as caught:
        validate(spec)
    text = (tmp_path / "rules" / "mine.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, written in enumerate(text, 1) if "花" in written)
    assert str(caught.value) == (f"{tmp_path / 'rules' / 'mine.yaml'}:{line}: sections[3].blocks[1].table[3][1]: the "
                                 "bundled font, Bitstream Vera, has no glyph for '花' (U+82B1): it would print an "
                                 "empty box (write it in Latin letters)")
    (tmp_path / "latin").mkdir()   # Latin-1 and the typographer's marks are Vera's
    validate(hostile_rules(tmp_path / "latin", GREEN_ROW, '[Green, "Café, ½ × 2, «quoted» — naïve", "3"]'))


@pytest.mark.parametrize("old, new, key, message", [
    (GREEN_ROW, "[Green, four broad petals]", "sections[3].blocks[1].table[3]",   # its columns ran off the page
     'expected 3 cells, as the table\'s first row has, found 2 (an empty cell is written "")'),
    (GREEN_ROW, GREEN_ROW[:-1] + ', "4"]', "sections[3].blocks[1].table[3]",
     'expected 3 cells, as the table\'s first row has, found 4 (an empty cell is written "")'),
    ('    - [Green, "{posy-green.value}"]', "    - [Green]", "reference.scoring[3]",   # it ran across the next card
     'expected 2 cells, as the table\'s first row has, found 1 (an empty cell is written "")'),
    ('    - [Green, "{posy-green.value}"]', '    - [Green, "3", extra]', "reference.scoring[3]",   # in the gutter
     'expected 2 cells, as the table\'s first row has, found 3 (an empty cell is written "")'),
    ("      - diagram: split\n", "      - bullets: [a]\n        steps: [b]\n      - diagram: split\n",   # printed a only
     "sections[2].blocks[1].steps", "a block holds one list, bullets or steps: give the steps a block of their own"),
    ("      - diagram: split\n", "      - caption: alone\n      - diagram: split\n",   # printed nowhere
     "sections[2].blocks[1].caption", "a caption goes under a diagram, and this block has none: write it as p:"),
])
def test_a_block_the_rulebook_would_print_only_part_of_fails_validate_at_its_line(tmp_path, old, new, key, message):
    from generator.check.validate import validate
    spec = hostile_rules(tmp_path, old, new)
    with pytest.raises(UserError) as caught:
        validate(spec)
    text = (tmp_path / "rules" / "mine.yaml").read_text().splitlines()
    needle = new.splitlines()[-2].strip() if "\n" in new else new   # the line the fault is on
    line = next(n for n, written in enumerate(text, 1) if needle in written)
    assert str(caught.value) == f"{tmp_path / 'rules' / 'mine.yaml'}:{line}: {key}: {message}"


def test_a_table_word_wider_than_the_page_at_7_pt_is_refused_not_broken(tmp_path):
    """A 400-letter word in a table was broken inside its column over many lines; at 7 pt it still cannot be whole."""
    with pytest.raises(UserError, match=r"the words of this table's 3 columns are too wide for this page's 170 mm even at "
                                        r"7 pt \('x{400}' is the widest\)"):
        rules_pdf(hostile_rules(tmp_path, GREEN_ROW, '[Green, "' + "x" * 400 + '", "3"]', None), "a4")


@pytest.mark.parametrize("old, new, title", [
    ("A meadow of posies covers", "Y" * 3000 + " covers", None),      # a word wider than the page
    (GREEN_ROW, GREEN_ROW, "W" * 100),                                # the longest title, one word
])
def test_unbreakable_words_are_broken_inside_their_column_and_the_page(tmp_path, old, new, title):
    data, pages = rules_pdf(hostile_rules(tmp_path, old, new, title), "a4")
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    assert len(doc) == pages >= 3
    for n, page in enumerate(doc):  # no ink right of the text frame (18 mm margins), nor of the cards' crop marks
        image = page.render(scale=100 / 72).to_pil().convert("L")
        edge = round((210 - (18 if n < len(doc) - 1 else 7) + 1) / 25.4 * 100)
        assert image.crop((edge, 0, image.width, image.height)).getextrema()[0] > 250
    doc.close()


def test_a_theme_renames_every_colour_word_in_the_rulebooks_and_reference_cards():
    """Under okabe-ito vermillion is called orange: no rulebook (text, captions, diagram labels, quick reference, notes)
    and no components PDF (reference cards, the line key) of a game whose red it renames still says red."""
    import re

    import pypdfium2

    from generator.build import components_pdf
    renaming = []
    for game in GAMES:
        spec = specs.load(game, theme="okabe-ito")
        renamed = {name: word for name, word in spec.colour_names.items() if word != name}
        if not renamed:
            continue
        renaming.append(game)
        texts = []
        for data in (rules_pdf(spec, "a4")[0], components_pdf(spec, "a4")[0]):
            doc = pypdfium2.PdfDocument(data)
            texts.append(" ".join(page.get_textpage().get_text_range() for page in doc))
            doc.close()
        for name, word in renamed.items():  # a quote of the designer keeps the word and says what the print shows
            unquoted = [" ".join(text.split()).replace(f"{name} ({word} in this print)", word) for text in texts]
            assert not any(re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) for text in unquoted), (game, name)
            assert re.search(rf"\b{re.escape(word)}\b", texts[0]), (game, word)
    assert set(renaming) == {"grannys-pills", "hexstatic", "paths-and-pahs"}, renaming


def test_a_reference_card_names_colours_in_the_themes_words():
    """A card's heading and lines say 'orange' where the text says red, under okabe-ito; without a theme, red."""
    import re

    from generator.draw.render import draw_art
    for theme, word in ((None, "Red"), ("okabe-ito", "Orange")):
        spec = specs.load("hexstatic", ["components.scoring.heading=Red loops first",
                                        "components.scoring.lines=[A red line scores 2 a tile.]"], theme=theme)
        text = " ".join(re.findall(r">([^<>]+)</text>", draw_art(spec, expand(spec)[1]["scoring-1"]).tostring()))
        assert f"{word} loops first" in text and f"A {word.lower()} line scores" in text, text


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_diagram_parts_are_drawings_from_the_renderers(game):
    """Rulebook diagrams hold the renderers' drawings themselves: no SVG text between a renderer and the PDF."""
    from generator import games
    from generator.draw import svg

    spec = specs.load(game)
    for name, make in getattr(games.ruleset(spec), "DIAGRAMS", {}).items():
        parts = make(spec).parts
        assert parts and all(isinstance(drawing, svg.Drawing) for _, drawing, *_ in parts), (game, name)


def test_a_round_cut_keeps_the_arts_own_clip_paths():
    """round_cut clips a piece to its circle and keeps the clip paths its art uses (once lost inside a nested defs)."""
    from PIL import Image

    from generator.output import raster
    from generator.draw import diagram, svg

    dwg = svg.drawing(20, 20)
    clip = dwg.defs.add(dwg.clipPath(id="left"))
    clip.add(dwg.rect((0, 0), (10, 20)))
    dwg.add(dwg.rect((0, 0), (20, 20), fill="#000000", clip_path="url(#left)"))
    cut = Image.open(io.BytesIO(raster.picture_png(diagram.round_cut(dwg), 72 * 2))).convert("L")
    px = cut.width / 20
    assert cut.getpixel((int(5 * px), int(10 * px))) < 50, "inside the circle and the art's clip: black"
    assert cut.getpixel((int(15 * px), int(10 * px))) > 200, "inside the circle, outside the art's clip: paper"
    assert cut.getpixel((int(1 * px), int(1 * px))) > 200, "outside the circle: cut away"
    assert dwg.defs.children == [clip], "the drawing it was given is left as it was"


def test_a_rulebook_loads_no_cairo_typeset_afresh_or_over_its_kept_layout(tmp_path):
    """Diagrams are written by pnp's own PDF writer: no process that writes a rulebook loads cairocffi (nor pikepdf),
    whether reportlab typesets it afresh or it is finished over its kept layout; and a kept layout gives the bytes a
    fresh one gives."""
    from test_startup import pnp
    out, cache = tmp_path / "out", tmp_path / "cache"
    rules = ("rules", "grannys-pills", "--paper", "a4", "--out", out)
    assert pnp(cache, *rules)[0] == 0  # fills the checks' memos (a first check measures ink with cairo)
    shutil.rmtree(out)  # the kept layout goes with it
    status, _, cold = pnp(cache, *rules)
    pdf = out / "grannys-pills" / "grannys-pills-rules-a4.pdf"
    fresh = pdf.read_bytes()
    assert status == 0 and "reportlab" in cold and "pikepdf" not in cold, "typeset afresh, its pages read by pdfread"
    status, _, kept = pnp(cache, *rules, "--set", "palette.red=#00c000")
    assert status == 0 and "reportlab" not in kept and pdf.read_bytes() != fresh, "over the kept layout, new diagrams"
    assert "cairocffi" not in cold and "cairocffi" not in kept
    assert pnp(cache, *rules)[0] == 0 and pdf.read_bytes() == fresh, "the kept layout, red again: the fresh file's bytes"


@pytest.mark.parametrize("game", GAMES)
def test_diagram_parts_written_by_our_writer_match_cairos_painting(game):
    """Every distinct part of a game's diagrams, painted by our writer as the rulebook's forms are (a page each), against
    the same drawing painted by cairo into a PDF, both rendered by pdfium: the same shapes and words, forgiving
    anti-aliasing."""
    import math

    import pypdfium2

    from generator.output.document import Document
    from generator.units import PT_PER_MM
    from pages import cairo_pdf
    from pages import differing
    scale = 100 / 72
    parts = {key: drawing for d in drawn(specs.load(game)).values() for key, drawing, *_ in d.parts}
    written = Document(max(d.width for d in parts.values()), max(d.height for d in parts.values()))
    for drawing in parts.values():
        written.paint(drawing)
        written.next_page()
    doc = pypdfium2.PdfDocument(written.save("", "", ""))
    assert len(doc) == len(parts)
    for page, (key, drawing) in zip(doc, parts.items()):
        box = (0, 0, *(math.ceil(v * PT_PER_MM * scale) for v in (drawing.width, drawing.height)))
        ours = page.render(scale=scale).to_pil().convert("RGB").crop(box)
        painted = pypdfium2.PdfDocument(cairo_pdf(drawing))[0].render(scale=scale).to_pil().convert("RGB").crop(box)
        assert differing(ours, painted) < 0.01, (game, key)
    doc.close()


def test_a_quick_reference_set_again_on_a_card_of_its_size_is_tried_at_the_scale_it_fitted_first(monkeypatch):
    """Each layout the rulebook tries sets the quick reference again: the scale found the first time is where the
    next one starts, so it is tried once, and sets the same card."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.output import rulebook
    spec = specs.load("posies")
    ref, st, tries = rules_text.load_rules(spec)["reference"], rulebook.styles("#000000"), []
    monkeypatch.setattr(rulebook, "_FITS", {}, raising=False)
    real = rulebook.card_styles
    monkeypatch.setattr(rulebook, "card_styles", lambda *args: tries.append(args[-1]) or real(*args))
    rulebook._register_fonts()
    canvas = Canvas(io.BytesIO())
    first = rulebook.reference(spec, ref, st, 226, 340, canvas)
    found = list(tries)
    again = rulebook.reference(spec, ref, st, 226, 340, canvas)
    assert len(found) > 1 and tries[len(found):] == found[-1:]
    assert again.wrapOn(canvas, 226, 340) == first.wrapOn(canvas, 226, 340)
    assert getattr(again, "_scale", 1) == getattr(first, "_scale", 1)


def test_reportlabs_pages_taken_apart_and_joined_by_our_writer_show_what_reportlab_wrote():
    """A reportlab PDF with an outline, a link, a page label and two page sizes, taken apart and joined again with no
    diagram: every page renders pixel for pixel as reportlab's own, with its text, size, link and outline."""
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    from generator.output.overlay import taken_apart, with_diagrams
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(300, 400), invariant=1)
    for n, size in enumerate(((300, 400), (500, 250))):
        canvas.setPageSize(size)
        canvas.setFillColorRGB(0.8, 0.1, 0.1)
        canvas.rect(20, 20, 120 + 40 * n, 80, fill=1)
        canvas.setFont("Helvetica", 14)
        canvas.drawString(30, 150, f"Setup step {n + 1}")
        canvas.bookmarkPage(f"p{n}")
        canvas.addOutlineEntry(f"Step {n + 1}", f"p{n}", level=0)
        canvas.linkURL("https://example.org/rules", (30, 140, 200, 170))
        canvas.showPage()
    canvas.addPageLabel(0, "D", 7)
    canvas.save()
    theirs = out.getvalue()
    ours, pages = with_diagrams(taken_apart(theirs), {}, specs.load("posies").game, "a4")
    a, b = pypdfium2.PdfDocument(theirs), pypdfium2.PdfDocument(ours)
    assert pages == len(a) == len(b) == 2
    for n, (pa, pb) in enumerate(zip(a, b)):
        assert pb.get_size() == pa.get_size() == ((300, 400), (500, 250))[n]
        ia, ib = (page.render(scale=100 / 72).to_pil().convert("RGB") for page in (pa, pb))
        assert ia.tobytes() == ib.tobytes() and ia.getpixel((50, 500 if n == 0 else 300)) != (255, 255, 255)
        assert pb.get_textpage().get_text_range() == pa.get_textpage().get_text_range() == f"Setup step {n + 1}"
    assert [(item.get_title(), item.get_dest().get_index()) for item in b.get_toc()] == [("Step 1", 0), ("Step 2", 1)]
    with pikepdf.open(io.BytesIO(ours)) as pdf:
        assert [str(p.Annots[0].A.URI) for p in pdf.pages] == ["https://example.org/rules"] * 2
        assert pdf.Root.PageLabels.Nums[1].St == 7 and pdf.docinfo.Title == "Posies: rules (A4)" and pdf.docinfo.Producer == "pnp"
    assert with_diagrams(taken_apart(theirs), {}, specs.load("posies").game, "a4")[0] == ours, "the same bytes again"


def placements(page):
    """(name, box in points) of each form a page's content streams place: the form's BBox through its Matrix and the
    transformation in force where it is placed."""
    stack, ctm, out = [], (1, 0, 0, 1, 0, 0), []
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "q":
            stack.append(ctm)
        elif str(op) == "Q":
            ctm = stack.pop()
        elif str(op) == "cm":
            ctm = pikepdf.Matrix(*map(float, operands)) @ pikepdf.Matrix(*ctm)
            ctm = (ctm.a, ctm.b, ctm.c, ctm.d, ctm.e, ctm.f)
        elif str(op) == "Do":
            form = page.Resources.XObject[operands[0]]
            whole = pikepdf.Matrix(*map(float, form.get("/Matrix", [1, 0, 0, 1, 0, 0]))) @ pikepdf.Matrix(*ctm)
            x0, y0, x1, y1 = map(float, form.BBox)
            corners = [whole.transform((x, y)) for x in (x0, x1) for y in (y0, y1)]
            out.append((str(operands[0]), (min(x for x, _ in corners), min(y for _, y in corners),
                                           max(x for x, _ in corners), max(y for _, y in corners))))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_diagrams_are_placed_by_their_flowables_in_reportlabs_own_content_streams(paper):
    """No stream is added to a page: reportlab's own content streams place every part of every diagram the rules show,
    each by a name the page's resources give the form of that part (written once per part), inside the text frame."""
    from generator.draw import content
    from generator.output.overlay import with_diagrams
    from generator.output.rulebook import BOTTOM, MEASURE, TOP
    from generator.spec.rules import load_rules
    from generator.units import PT_PER_MM
    spec = specs.load("posies")
    layout, diagrams = lay_out(spec, paper)
    data, _ = with_diagrams(layout.data, diagrams, spec.game, "a4")
    shown = [block["diagram"] for section in load_rules(spec)["sections"] for block in section["blocks"] if "diagram" in block]
    placed, forms = [], {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page, taken in zip(pdf.pages, layout.data["pages"], strict=True):
            assert len(page.obj.Contents) == len(taken["contents"]), "only the streams reportlab wrote"
            width, height = (float(v) for v in page.MediaBox[2:])
            side = max(18.0, (width / PT_PER_MM - MEASURE) / 2) * PT_PER_MM  # the text frame's side margin
            for name, (x0, y0, x1, y1) in placements(page):
                if not name.startswith(PLACED):
                    continue
                assert side - 0.5 <= x0 < x1 <= width - side + 0.5 and BOTTOM - 0.5 <= y0 < y1 <= height - TOP + 0.5, name
                placed.append(name)
                forms.setdefault(name, page.Resources.XObject[name].objgen)
            assert set(page.Resources.get("/XObject", {}).keys()) == {name for name, _ in placements(page)}
        texts = {name: pdf.get_object(objgen).read_bytes().decode("latin-1") for name, objgen in forms.items()}
    expected = [f"{PLACED}{name}.{n}" for name in shown for n in range(len(diagrams[name].parts))]
    assert sorted(placed) == sorted(expected) and len(shown) == 2
    objects = {}  # part key -> the forms its names point at
    for name in expected:
        diagram, _, n = name[len(PLACED):].rpartition(".")
        key, part = diagrams[diagram].parts[int(n)][:2]
        assert content.write(part).ops in texts[name], name
        objects.setdefault(key, set()).add(forms[name])
    assert all(len(found) == 1 for found in objects.values()), "each part's form written once"


def test_a_diagrams_words_read_between_its_lead_in_and_its_caption(built):
    """The diagram is drawn where its flowable stands: the text pdfium extracts gives each diagram's longest label after
    the caption before it and before its own caption, not at the foot of the page."""
    import pypdfium2

    from generator.spec.rules import load_rules
    spec, _, data = built
    doc = pypdfium2.PdfDocument(data)
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)
    diagrams, start, checked = drawn(spec), 0, 0
    for section in load_rules(spec)["sections"]:
        for block in section["blocks"]:
            if "diagram" not in block or not block.get("caption"):
                continue
            caption = text.index(" ".join(block["caption"].replace("**", "").split()[:4]), start)
            labels = [" ".join(t.split()) for _, part, *_ in diagrams[block["diagram"]].parts for t in texts(part)]
            label = max(labels, key=len)
            assert label in text[start:caption], (block["diagram"], label)
            start, checked = caption, checked + 1
    assert checked >= 1


def test_a_part_moved_inside_a_diagram_of_the_same_size_is_placed_anew_over_a_kept_layout(tmp_path, monkeypatch):
    """The pages place the parts, so a kept layout is taken only while every part stays where it was: after a colour
    the diagrams show changes and a part moves 5 mm inside its diagram, the rulebook equals a fresh build's."""
    from generator.build import build_rules
    from generator.draw import diagram
    path = build_rules(specs.load("grannys-pills"), "a4", tmp_path)[0]
    first, real = path.read_bytes(), diagram.drawn

    def moved(spec):
        """The game's diagrams, the first part of the first one 5 mm further right."""
        out = real(spec)
        name = next(iter(out))
        key, part, dx, dy, k = out[name].parts[0]
        return {**out, name: out[name]._replace(parts=((key, part, dx + 5, dy, k),) + out[name].parts[1:])}

    monkeypatch.setattr(diagram, "drawn", moved)
    from generator.games.grannys_pills import rules
    for make in (rules.take_forms, rules.form_row, rules.scoring_example):   # a part moved by a colour: a maker that
        monkeypatch.delattr(make, "paints")                                 # declares no paints (drawn again)
    red = ["palette.red=#c0392b"]   # shown by the diagrams only: the text's layout is kept when the parts stay
    assert len(build_rules(specs.load("grannys-pills", red), "a4", tmp_path)) == 3
    fresh = build_rules(specs.load("grannys-pills", red), "a4", tmp_path / "fresh")[0].read_bytes()
    assert path.read_bytes() == fresh != first


def test_the_quick_reference_is_set_at_the_largest_scale_that_fits_found_by_halving_the_scales(monkeypatch):
    """Every shipped card on both papers: at most four measures (ten scales halved) and one setting, and the scale
    halving finds is the one trying every scale from the largest finds: the scales that fit are the smallest ones."""
    import math

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.flowables import _FUZZ, _listWrapOn

    from generator.output import rulebook
    real, real_styles, cards, tries = rulebook.reference, rulebook.card_styles, [], []
    monkeypatch.setattr(rulebook, "card_styles", lambda *args: tries.append(args[-1]) or real_styles(*args))

    def reference(spec, ref, st, width, height, canv):
        rulebook._FITS.clear()  # each card measured afresh
        del tries[:]
        fitted = real(spec, ref, st, width, height, canv)
        cards.append((spec, ref, st, width, height, rulebook._FITS[(repr(ref), spec.game.title, width, height)],
                      len(tries)))
        return fitted
    monkeypatch.setattr(rulebook, "reference", reference)
    for game in GAMES:
        for paper in ("a4", "letter"):
            lay_out(specs.load(game), paper)
    assert {card[0].game.id for card in cards} == set(GAMES)   # a card at the foot of a page is set to see if it reads
    canvas = Canvas(io.BytesIO())
    for spec, ref, st, width, height, scale, settings in cards:
        assert settings <= math.ceil(math.log2(len(rulebook.SCALES))) + 1, (spec.game.id, settings)
        fit = []
        for k in rulebook.SCALES:
            try:
                wide, tall = _listWrapOn(rulebook.card(spec, ref, st, width, height, k), width, canvas)
            except rulebook.Unfit:   # its scoring table breaks a word at this scale
                wide = tall = math.inf
            fit.append(wide <= width + _FUZZ and tall <= height + _FUZZ)
        assert fit == sorted(fit), (spec.game.id, width, fit)  # no scale fits where a smaller one does not
        assert scale == rulebook.SCALES[fit.index(True) if True in fit else -1], (spec.game.id, width)
    scales = {scale for *_, scale, _ in cards}
    assert 0.7 in scales and max(scales) > 1.0, "cards that fit at several scales, some only at the last"


@pytest.mark.parametrize("game", ["posies", "glorieta"])
def test_a_rulebooks_paragraphs_are_broken_into_lines_once_per_width_and_set_as_reportlab_sets_them(game, monkeypatch):
    """reportlab asks a paragraph for its size again and again (to keep a figure together, to fit the quick reference,
    to place it, to draw it): its lines are worked out once for each width, and the pages are those plain
    reportlab paragraphs give."""
    from reportlab.platypus import Paragraph

    from generator.output import rulebook
    spec = specs.load(game)
    rules, diagrams = rules_text.load_rules(spec), rulebook.drawn(spec)
    rulebook._register_fonts()
    broken, kept = [], []
    real = Paragraph.breakLines

    def breakLines(self, widths):
        kept.append(self)  # no paragraph freed: no id used twice
        broken.append((id(self), tuple(widths)))
        return real(self, widths)
    monkeypatch.setattr(Paragraph, "breakLines", breakLines)
    rulebook._FITS.clear()
    ours = rulebook.typeset(spec, "a4", rules, diagrams, 1.0)
    assert len(broken) > 50 and len(set(broken)) == len(broken), len(broken) - len(set(broken))
    once, broken[:] = len(broken), []
    rulebook._FITS.clear()
    monkeypatch.setattr(rulebook, "Para", Paragraph)
    plain = rulebook.typeset(spec, "a4", rules, diagrams, 1.0)
    assert len(broken) > once * 3 / 2, (len(broken), once)  # plain paragraphs: lines worked out again and again
    assert plain.data == ours.data   # the diagrams' placements included: they are in reportlab's streams


def test_the_typesetter_loads_no_web_client_and_escapes_markup_as_xml_does():
    """Its escape is xml.sax's (which imports urllib.request and http.client, a fiftieth of a second, to a rulebook's
    build): the same text for ampersands, angle brackets, quotes and bold marks."""
    from xml.sax.saxutils import escape

    from generator.output import rulebook
    from test_imports import loaded_after
    assert not {"urllib.request", "http.client"} & loaded_after("import generator.output.rulebook")
    for text in ("Tom & Jerry <b>", "a < b > c && d", "say \"hi\" 'now'", "**bold** & <i>", "&amp; already"):
        assert rulebook.escape(text) == escape(text)
        assert rulebook.inline(text) == "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(escape(text).split("**")))


def test_each_word_is_measured_once_at_each_size_and_as_wide_as_reportlab_measures_it(monkeypatch):
    """Breaking paragraphs into lines measures every word, on both papers: the bundled faces remember each width."""
    import collections

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from generator.output import platypus, rulebook
    measured, real = collections.Counter(), TTFont.stringWidth

    def stringWidth(self, text, size, encoding="utf8"):
        measured[(self.fontName, text, size)] += 1
        return real(self, text, size, encoding)
    monkeypatch.setattr(TTFont, "stringWidth", stringWidth)
    rulebook._register_fonts()
    for face in ("Vera", "Vera-Bold"):
        getattr(pdfmetrics.getFont(face), "widths", {}).clear()
    platypus.WIDTHS.clear()
    spec = specs.load("posies")
    for paper in ("a4", "letter"):
        lay_out(spec, paper)
    assert len(measured) > 500 and max(measured.values()) == 1, measured.most_common(3)
    plain = TTFont("plain", str(rulebook.FONTS / "VeraBd.ttf"))
    for text in ("Scoring", "the", "posies: quick reference", "\u00a0pair."):
        assert pdfmetrics.stringWidth(text, "Vera-Bold", 9.5) == real(plain, text, 9.5)


def test_a_parts_stand_in_is_no_form_and_the_pages_taken_apart_are_those_an_empty_form_gives(monkeypatch):
    """reportlab names a diagram's part in the page's resources once something stands under that name: an empty array,
    not an empty form (whose stream and resources reportlab would write and pikepdf read, 219 of them per paper)."""
    from generator.output import rulebook
    from generator.output.overlay import taken_apart
    spec = specs.load("posies")
    rules, diagrams = rules_text.load_rules(spec), rulebook.drawn(spec)
    rulebook._register_fonts()
    ours = rulebook.typeset(spec, "letter", rules, diagrams, 1.0).data

    def form(canvas, name):
        canvas.beginForm(name)
        canvas.endForm()
    monkeypatch.setattr(rulebook, "stand_in", form)
    forms = rulebook.typeset(spec, "letter", rules, diagrams, 1.0).data
    assert b"/Subtype /Form" not in ours and forms.count(b"/Subtype /Form") == 126
    assert taken_apart(ours) == taken_apart(forms)


@pytest.mark.parametrize("game", ["grannys-pills", "glorieta"])
def test_each_paragraphs_markup_is_parsed_once_per_style_on_both_papers_and_set_as_reportlab_sets_it(game, monkeypatch):
    """Both papers set the same texts in the same styles (the quick reference's at the scales tried): reportlab parses
    each markup once per style, and the second paper's pages are those fresh paragraphs give."""
    import collections

    from reportlab.platypus import Paragraph
    from reportlab.platypus.paraparser import ParaParser

    from generator.output import rulebook
    parsed, real = collections.Counter(), ParaParser.parse
    monkeypatch.setattr(ParaParser, "parse", lambda self, text, style: parsed.update([(text, id(style))]) or real(self, text, style))
    monkeypatch.setattr(rulebook, "_PARSED", {})
    spec = specs.load(game)
    rules, diagrams = rules_text.load_rules(spec), rulebook.drawn(spec)
    rulebook._register_fonts()
    rulebook._FITS.clear()
    rulebook.typeset(spec, "a4", rules, diagrams, 1.0)
    first = sum(parsed.values())
    rulebook._FITS.clear()
    ours = rulebook.typeset(spec, "letter", rules, diagrams, 1.0)
    # the second paper parses only its quick reference at scales the first did not try (Glorieta's letter card: three
    # more, seven paragraphs each)
    assert first > 50 and max(parsed.values()) == 1 and sum(parsed.values()) < first * 1.5, (first, sum(parsed.values()))
    rulebook._FITS.clear()
    monkeypatch.setattr(rulebook, "Para", Paragraph)
    assert rulebook.typeset(spec, "letter", rules, diagrams, 1.0).data == ours.data


def test_the_other_papers_card_starts_from_the_scale_the_first_fitted_at_and_finds_the_scale_halving_finds(monkeypatch):
    """Letter's card after A4's (a little wider, another height): tried first at A4's scale, it is settled in two
    settings when that scale or the next smaller one is the answer, and the scale is the one a search afresh finds."""
    from generator.output import rulebook
    real_styles, real_reference, tries, found = rulebook.card_styles, rulebook.reference, [], []
    monkeypatch.setattr(rulebook, "card_styles", lambda *args: tries.append(args[-1]) or real_styles(*args))

    def reference(spec, ref, st, width, height, canv):
        start = len(tries)
        fitted = real_reference(spec, ref, st, width, height, canv)
        found.append((spec.game.id, rulebook._FITS[(repr(ref), spec.game.title, width, height)], tries[start:]))
        return fitted
    monkeypatch.setattr(rulebook, "reference", reference)
    settled = 0
    for game in GAMES:
        rulebook._FITS.clear()
        for paper in ("a4", "letter", "letter"):
            if paper == "letter" and len(found) % 3 == 2:
                rulebook._FITS.clear()  # the third: Letter afresh, no scale to start from
            lay_out(specs.load(game), paper)
        (_, first, _), (_, seeded, steps), (_, fresh, _) = found[-3:]
        assert seeded == fresh, (game, seeded, fresh)
        if rulebook.SCALES.index(seeded) - rulebook.SCALES.index(first) in (0, 1):
            assert len(steps) <= 2, (game, first, steps)
            settled += 1
    assert settled >= 4


@pytest.mark.parametrize("game", ["grannys-pills", "hexstatic"])
def test_a_quick_reference_cards_paragraphs_and_tables_are_drawn_once_and_written_again_on_the_other_cards(game, monkeypatch):
    """The cards are the same flowables placed again: each paragraph and table of theirs is drawn once per typesetting
    and its operators written again on the other cards (reportlab places each where it would); the pages are those
    reportlab's drawing of every card gives."""
    import collections

    from reportlab.platypus import Paragraph, Table

    from generator.output import rulebook
    drawn, real, tabled, real_table = collections.Counter(), Paragraph.drawPara, collections.Counter(), Table.draw
    monkeypatch.setattr(Paragraph, "drawPara", lambda self, debug=0: drawn.update([id(self)]) or real(self, debug))
    monkeypatch.setattr(Table, "draw", lambda self: tabled.update([id(self)]) or real_table(self))
    spec = specs.load(game)
    rules, diagrams = rules_text.load_rules(spec), rulebook.drawn(spec)
    rulebook._register_fonts()
    rulebook._FITS.clear()
    ours = rulebook.typeset(spec, "a4", rules, diagrams, 1.0)
    assert len(drawn) > 60 and max(drawn.values()) == 1 and len(tabled) >= 2 and max(tabled.values()) == 1
    cards = ours.flow[-1]
    assert isinstance(cards, rulebook.CardSheet) and len(cards.cards()) >= 2
    monkeypatch.setattr(rulebook.Redrawn, "draw", lambda self: super(rulebook.Redrawn, self).draw())
    drawn.clear()
    tabled.clear()
    rulebook._FITS.clear()
    theirs = rulebook.typeset(spec, "a4", rules, diagrams, 1.0)
    assert max(drawn.values()) == max(tabled.values()) == len(cards.cards()) and theirs.data == ours.data


def test_a_paragraph_too_long_for_the_room_left_splits_into_paragraphs_that_set_its_lines():
    """reportlab splits a paragraph that does not fit into two of the same class: both parts keep its lines, and the
    same text set again parses nothing new."""
    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.styles("#000000")
    text = " ".join(f"word{n}" for n in range(400))
    whole = rulebook.para(text, st["body"])
    width, height = whole.wrap(300, 10 ** 6)
    first, rest = whole.split(300, height / 2)
    assert isinstance(first, rulebook.Para) and isinstance(rest, rulebook.Para)
    lines = [len(p.wrap(300, 10 ** 6) and p.blPara.lines) for p in (whole, first, rest)]
    assert lines[1] + lines[2] == lines[0] and lines[1] > 10
    assert rulebook.para(text, st["body"]).frags is whole.frags


def test_the_bundled_face_codes_text_as_reportlab_does_and_translates_coded_text_in_one_step(monkeypatch):
    from reportlab.pdfbase.pdfdoc import PDFDocument
    from reportlab.pdfbase.ttfonts import TTFont
    from generator.output import rulebook
    face, plain = rulebook.BundledFace("Vera", rulebook.FONTS / "Vera.ttf"), TTFont("Vera", str(rulebook.FONTS / "Vera.ttf"))
    ours, theirs = PDFDocument(), PDFDocument()
    glyphs = sorted(chr(c) for c in plain.face.charToGlyph if c > 32)
    texts = ["Take\u00a0two", "", "Take two", "\u2603 no glyph", *("".join(glyphs[i:i + 40]) for i in range(0, len(glyphs), 40)),
             "".join(glyphs), "Take\u00a0two tiles"]
    assert len(glyphs) > 256   # the text fills the first subset and goes on into the second
    split, looked_up = TTFont.splitString, []
    monkeypatch.setattr(TTFont, "splitString", lambda self, *args: looked_up.append(args[0]) or split(self, *args))
    for text in texts:
        assert face.splitString(text, ours) == split(plain, text, theirs), text
    assert "Take\u00a0two tiles" not in looked_up and "" in looked_up and "\u2603 no glyph" in looked_up


def test_reportlab_formats_numbers_and_strings_with_its_c_helpers():
    from reportlab.lib import rl_accel
    assert rl_accel._py_funcs == {}, f"pure-Python stand-ins in use: {sorted(rl_accel._py_funcs)} (install rl-accel)"
    assert rl_accel.fp_str(0.5, 12.25, -3.0000004) == ".5 12.25 -3"   # the figures a page's operators are written in


def test_the_pages_frame_is_copied_as_reportlab_deep_copies_it_and_measures_a_list_of_flowables_alike(monkeypatch):
    import copy
    from reportlab.platypus import Frame, Paragraph
    from reportlab.platypus.flowables import _listWrapOn
    from generator.output import rulebook
    column, plain = rulebook.Column(10, 20, 300, 400, id="normal"), Frame(10, 20, 300, 400, id="normal")
    for frame in (column, plain):
        frame._frameBGs, frame._y = [("bg", 1)], 123.5
    twin = copy.deepcopy(column)
    assert type(twin) is rulebook.Column and twin.__dict__ == copy.deepcopy(plain).__dict__ == column.__dict__
    assert twin._frameBGs is not column._frameBGs
    rulebook._register_fonts()
    spec, books, end = specs.load("grannys-pills"), [], rulebook.Book.handle_pageEnd
    monkeypatch.setattr(rulebook.Book, "handle_pageEnd", lambda self: books.append(self) or end(self))
    assert rulebook.typeset(spec, "a4", rules_text.load_rules(spec), drawn(spec), 1.0).rooms
    assert books and all(type(book.frame) is rulebook.Column for book in books)
    canvas = books[0].canv
    texts = [Paragraph("a kept block " * n, rulebook.styles("#000000")["body"]) for n in (3, 30, 90)]
    books[0].frame = plain   # the same measure taken with reportlab's own frame
    measured = _listWrapOn(texts, 300, canvas)
    books[0].frame = column
    assert _listWrapOn(texts, 300, canvas) == measured


def laid_out(flow):
    """[(page, flowable)] of each flowable a rulebook's pages (A4) place, in order."""
    import io as bytes_io

    from reportlab.lib.units import mm

    from generator.output import rulebook

    class Recorded(rulebook.Book):
        def afterFlowable(self, flowable):
            self.placed.append((self.page, flowable))

    doc = Recorded(bytes_io.BytesIO(), pagesize=(210 * mm, 297 * mm), topMargin=rulebook.TOP, bottomMargin=rulebook.BOTTOM)
    doc.placed = []
    doc.build(flow, lambda canvas, doc: None, lambda canvas, doc: None)
    return doc.placed


def blank_figure(name, height, st):
    """A figure of a diagram 100 mm wide and height mm tall that draws nothing, with a caption."""
    from generator.draw.diagram import Diagram
    from generator.output import rulebook
    slot = rulebook.DiagramSlot(name, Diagram(100, height, ()), 1.0)
    return rulebook.Figure([slot, rulebook.para(f"The {name} figure's caption.", st["caption"])], slot)


def test_a_figure_that_moves_to_the_next_page_stays_ahead_of_the_figures_after_it():
    """A figure too tall for the room left heads the next page and the short paragraph after it fills this one; a small
    figure after them, which would fit the room still left, goes after the first one, on the next page."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Spacer

    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.styles("#000000")
    tall, small = blank_figure("tall", 150, st), blank_figure("small", 20, st)
    after = rulebook.para("A short paragraph after the tall figure.", st["body"])
    placed = laid_out([Spacer(1, 170 * mm), tall, after, small, rulebook.para("The end of the text.", st["body"])])
    pages, order = {id(f): page for page, f in placed}, [f for _, f in placed]
    assert (pages[id(after)], pages[id(tall)], pages[id(small)]) == (1, 2, 2)
    assert order.index(tall) < order.index(small) and tall.slot.fit == 1.0


def test_a_heading_that_moves_ahead_of_a_figure_stays_with_its_text():
    """The text after a figure that moves fills the room left, but a heading that has room there and its paragraph
    none (two lines) goes with it to the next page, below the figure."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Spacer

    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.styles("#000000")
    tall, heading = blank_figure("tall", 150, st), rulebook.Para("Scoring", st["h2"])
    text = rulebook.para("Each line of this paragraph is one of ten lines that follow the heading. " * 10, st["body"])
    placed = laid_out([Spacer(1, 170 * mm), tall, Spacer(1, 73 * mm), heading, text])  # 16 mm left: a heading and a line
    pages, order = {id(f): page for page, f in placed}, [f for _, f in placed]
    assert (pages[id(tall)], pages[id(heading)], pages[id(text)]) == (2, 2, 2)
    assert order.index(tall) < order.index(heading) < order.index(text)


@pytest.mark.parametrize("height, next_is, stays", [(150, "heading", True), (150, "paragraph", False),
                                                    (180, "heading", False)])
def test_a_figure_that_ends_its_section_shrinks_to_half_rather_than_let_the_next_heading_overtake_it(height, next_is, stays):
    """Under 170 mm of text about 88 mm are left. A 150 mm figure with its caption fits there only below 65 %: before
    the next section's heading it shrinks (to HOLD, 50 %, at most) and stays, the heading after it; before a paragraph
    of its own section it heads the next page and the paragraph fills this one. A 180 mm figure does not fit even at
    50 %: it heads the next page and the heading fills this one."""
    from reportlab.lib.units import mm
    from reportlab.platypus import KeepTogether, Spacer

    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.styles("#000000")
    figure, text = blank_figure("tall", height, st), rulebook.para("A paragraph of two lines. " * 12, st["body"])
    heading = rulebook.Para("Scoring", st["h2"])
    after = heading if next_is == "heading" else text
    flow = [KeepTogether([heading, text])] if next_is == "heading" else [text]
    placed = laid_out([Spacer(1, 170 * mm), figure] + flow + [rulebook.para("The end.", st["body"])])
    pages, order = {id(f): page for page, f in placed}, [f for _, f in placed]
    assert (pages[id(figure)], pages[id(after)]) == ((1, 2) if stays else (2, 1))
    assert order.index(figure) < order.index(after) if stays else order.index(after) < order.index(figure)
    assert (rulebook.HOLD <= figure.slot.fit < rulebook.SHRINK) if stays else figure.slot.fit == 1.0


@pytest.mark.parametrize("above, shrinks", [(100, True), (125, False)])
def test_a_figure_shrinks_to_let_the_block_kept_whole_after_it_in_when_it_would_leave_a_band_over_30_mm(above, shrinks):
    """A 100 mm diagram under 100 mm of text leaves 49 mm for a heading kept with 60 mm of table: it shrinks (to 65 %
    at most) and the block follows it on the page; under 125 mm of text it would leave 24 mm, no band to fill, and the
    block starts the next page."""
    from reportlab.lib.units import mm
    from reportlab.platypus import KeepTogether, Spacer

    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.styles("#000000")
    figure, heading, table = blank_figure("wide", 100, st), rulebook.Para("Scoring", st["h2"]), Spacer(1, 60 * mm)
    placed = laid_out([Spacer(1, above * mm), figure, KeepTogether([heading, table]), rulebook.para("The end.", st["body"])])
    pages = {id(f): page for page, f in placed}
    assert (pages[id(figure)], pages[id(heading)]) == (1, 1 if shrinks else 2)
    assert (rulebook.SHRINK <= figure.slot.fit < 0.9) if shrinks else figure.slot.fit == 1.0


def test_the_quick_reference_names_its_turn_as_the_rules_file_says():
    """Paths and PAHs is played by everyone at once: its reference says so over the steps; other games keep 'Your
    turn'."""
    for game, heading, other in (("paths-and-pahs", "Each round, all together", "Your turn"),
                                 ("posies", "Your turn", "Each round")):
        data, _ = rules_pdf(specs.load(game), "a4")
        last = pypdf.PdfReader(io.BytesIO(data)).pages[-1].extract_text()
        assert heading in last and other not in last


def test_a_two_column_table_breaks_no_label_it_can_keep_on_one_line():
    """HexStatic's scoring table: every structure's name fits on one line when the points column takes the breaks
    (the columns in proportion to their text broke 'Line: an end at each end' and 'Fragment: one end only')."""
    data, _ = rules_pdf(specs.load("hexstatic"), "a4")
    lines = [line.strip() for line in pypdf.PdfReader(io.BytesIO(data)).pages[-1].extract_text().splitlines()]
    for label in ("Line: an end at each end", "Fragment: one end only", "Loop: no ends, closed"):
        assert any(line.startswith(label) for line in lines), label


def starter_rules(tmp_path, old, new, name="mine"):
    """The loaded spec of `pnp new`'s game (in a folder called name) whose rules text has old replaced by new, and its
    rules file."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / name)]).exit_code == 0
    rules = tmp_path / name / "rules" / f"{name}.yaml"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    return specs.load(str(tmp_path / name / f"{name}.yaml")), rules


def ink(data, word):
    """The (r, g, b) of the inkiest pixel inside the box of the first place a word is set (at 400 dpi), or None."""
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    for page in doc:
        textpage = page.get_textpage()
        hit = textpage.search(word, match_case=True).get_next()
        if hit:
            boxes = [textpage.get_charbox(k) for k in range(hit[0], hit[0] + hit[1])]
            k, height = 400 / 72, page.get_height()
            image = page.render(scale=k).to_pil().convert("RGB")
            box = (min(b[0] for b in boxes) * k, (height - max(b[3] for b in boxes)) * k,
                   max(b[2] for b in boxes) * k, (height - min(b[1] for b in boxes)) * k)
            found = image.crop(tuple(map(round, box)))
            return min((colour for _, colour in found.getcolors(found.width * found.height)), key=sum)
    return None


def test_a_rules_texts_colour_markup_prints_in_the_palettes_colour_and_a_backslash_types_a_brace(tmp_path):
    spec, _ = starter_rules(tmp_path, "Draw a card. When", "Draw a {colour:leaf}**green**{/colour} card \\\\{3}, "
                                                            "{colour:#C00}red{/colour} or {colour:blue}blue{/colour}. When")
    data = rules_pdf(spec, "a4")[0]
    import pypdfium2
    text = " ".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(data))
    assert "Draw a green card {3}, red or blue. When" in " ".join(text.split())
    assert ink(data, "green") == (0x3c, 0x8a, 0x4e) and ink(data, "red") == (0xcc, 0, 0) and ink(data, "blue") == (0, 0, 255)
    assert ink(data, "Draw") == (0, 0, 0)


@pytest.mark.parametrize("new, message", [
    ("Gain a :coin: card.", "':coin:': no icon is drawn here (write its word, or type \\: for a colon)"),
    ("Gain a *fresh* card.", "'*': no italic is set here (type \\* for a star)"),
    ("Gain a {colour:fire}card{/colour}.", "'{colour:fire}': unknown colour 'fire' (palette has black, gold, ink, leaf, "
                                           "moon, paper, sun, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("Gain a {colour:leaf}card.", "'{colour:leaf}' starts a colour that never ends (add {/colour} where it should end, "
                                  "or type \\{ for a brace)"),
    ("Gain a card{/colour}.", "'{/colour}' ends a colour that never started (start it with {colour:NAME}, or type \\{ "
                              "for a brace)"),
    ("Gain a **card.", "'**' starts bold that never ends (add the closing **, or type \\* for a star)"),
])
def test_markup_a_rulebook_cannot_set_fails_naming_the_rules_file_line_and_key(tmp_path, new, message):
    spec, rules = starter_rules(tmp_path, "Draw a card. When", new + " When")
    with pytest.raises(UserError) as caught:
        rules_pdf(spec, "a4")
    assert str(caught.value) == f"{rules}:14: sections[1].blocks[0].steps[1]: {message}"


def test_a_narrow_pages_tables_keep_their_words_whole_when_the_words_fit(tmp_path):
    """On 105 x 148 mm paper the components table's headings broke inside their words ('Compone / nt', 'Coun / t'):
    each column now takes at least its longest word when all of them fit the page's text, as pdfium reads the page."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "small")]).exit_code == 0
    path = tmp_path / "small" / "small.yaml"
    path.write_text(path.read_text() + "  landscape: {kind: layout, expect: 3, width: 88 mm, height: 63 mm, faces: {copies: 3},\n"
                    "              layout: {elements: {}}}\n"
                    "  tokens: {kind: layout, expect: 70, shape: circle, size: 25.4 mm, faces: {copies: 70},\n"
                    "           layout: {elements: {}}}\n")
    spec = specs.load(str(path))
    import pypdfium2
    doc = pypdfium2.PdfDocument(rules_pdf(spec, "105x148mm")[0])
    lines = [" ".join(line.split()) for line in doc[0].get_textpage().get_text_range().splitlines()]
    assert "Component Count Size" in lines, lines


def test_a_column_of_short_numbers_keeps_room_when_the_others_keep_their_words():
    """Giving each column its longest word left a column of single digits under 2 mm of text, and the table refused:
    each column keeps 2 mm of text at least, as the table's own check asks."""
    from reportlab.lib.units import mm
    from generator.output import rulebook
    rulebook._register_fonts()
    st = rulebook.card_styles(rulebook.styles("#000000"), 200, 200, 0.7)   # a quick reference's smallest type
    cells = [[rulebook.Para(text, st["cell"]) for text in row] for row in
             [["Component", ""], ["Landscape cards", "1"], ["Tokens", "2"]]]
    natural = [max(rulebook._line_width(cell) for cell in column) + 2 * rulebook.CELL_PAD for column in zip(*cells)]
    broken = [8 * mm, 52 * mm]   # as if the first column had been left narrower than 'Landscape'
    widths = rulebook._whole_words(cells, broken, natural, 60 * mm)
    assert widths[0] - 2 * rulebook.CELL_PAD >= rulebook._word_width(cells[1][0])   # 'Landscape' whole
    assert min(widths) - 2 * rulebook.CELL_PAD >= 2 * mm - 0.01 and abs(sum(widths) - 60 * mm) < 0.01, widths


def test_a_table_longer_than_a_page_starts_below_its_heading_not_on_the_next_page(tmp_path):
    """An 80-row table was kept whole and so moved to the next page, leaving most of page 1 empty (4 pages on A4):
    one longer than a page starts where it stands, its header row again on each page it runs on to."""
    rows = "".join(f'          - ["Card {n}", "{n % 5}"]\n' for n in range(1, 81))
    spec, _ = starter_rules(tmp_path, "reference:", "  - heading: Every card\n    blocks:\n      - p: The cards and their "
                                                  "points.\n      - table:\n          - [Card, Points]\n" + rows + "reference:")
    pages = [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(rules_pdf(spec, "a4")[0])).pages]
    heading = next(n for n, text in enumerate(pages) if "Every card" in text)
    assert re.search(r"\bCard 1 1\b", pages[heading]), pages[heading][-300:]   # the first row under its heading
    assert all("Card Points" in text for text in pages if "Card 40" in text or "Card 80" in text)


def test_a_short_quick_reference_keeps_its_title_on_one_line(tmp_path):
    """The starter's two-step quick reference was set so large that 'Mygame: quick reference' broke over two lines:
    the type steps down until the title holds one line (pdfium's boxes of its first and last letters)."""
    import pypdfium2
    spec, _ = starter_rules(tmp_path, "reference:", "reference:", "mygame")
    document = pypdfium2.PdfDocument(rules_pdf(spec, "a4")[0])
    text = document[len(document) - 1].get_textpage()
    found = list(iter(text.search(f"{spec.game.title}: quick reference", match_case=True).get_next, None))
    assert found
    for start, count in found:
        assert abs(text.get_charbox(start)[1] - text.get_charbox(start + count - 1)[1]) < 1.5


@pytest.mark.parametrize("opening", [True, False])
def test_a_paragraph_is_never_left_at_a_pages_foot_above_the_table_it_introduces(tmp_path, opening):
    """A section's heading and its first paragraph (or a paragraph further down) were left at the foot of a page and
    the table they introduce began the next: as a lead ending in a colon is, the paragraph just above a table is kept
    with it, and its heading if it opens the section (whatever the filler above)."""
    for fill in range(14, 30):
        filler = "".join(f"      - p: Filler line number {n}.\n" for n in range(fill))
        table = "".join(f"          - [r{n}, v]\n" for n in range(6))
        (tmp_path / str(fill)).mkdir()
        spec, _ = starter_rules(tmp_path / str(fill), "reference:", "  - heading: First\n    blocks:\n" + filler +
                                ("  - heading: Two\n    blocks:\n" if opening else "") +
                                "      - p: Body of two, a paragraph.\n      - table:\n"
                                "          - [A, B]\n" + table + "reference:")
        pages = [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(rules_pdf(spec, "a4")[0])).pages]
        ending = [text for text in pages if re.search(r"Body of two, a paragraph\. \S+ · rules · page \d+$", text)
                  or text.endswith("Body of two, a paragraph.")]
        assert not ending, (fill, [text[-120:] for text in ending])


def test_validate_lays_out_a_designers_rulebook_so_a_reference_too_long_fails_it_not_the_build(tmp_path, monkeypatch):
    """A `pnp new` game whose quick reference is too long for its card passed validate, and the build stopped on it after
    writing the components PDF: validate now lays the rulebook out and fails with the build's line, exit 1, and the
    build does so before it writes any file."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine"]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    long_turn = "".join(f'    - "Turn entry {k}: a long explanation of what to do in this part of the turn."\n'
                        for k in range(40))
    rules.write_text(rules.read_text(encoding="utf-8").replace("  turn:\n", "  turn:\n" + long_turn), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "mine/mine.yaml"])
    line = rules.read_text(encoding="utf-8").splitlines().index("reference:") + 1
    assert result.exit_code == 1, result.output
    assert re.fullmatch(rf"error: {re.escape(str(Path('mine/rules/mine.yaml')))}:{line}: reference: the quick reference "
                        r"is too long for its card: its text would print at \d\.\d pt .*\n", result.output), result.output
    assert not (tmp_path / "output").exists()
    built = CliRunner().invoke(cli, ["build", "mine/mine.yaml"])   # it wrote the components PDF, then stopped
    assert built.exit_code == 1 and built.output == result.output, built.output
    assert not list(tmp_path.glob("output/**/*.pdf"))


def test_validate_of_a_copied_game_whose_checks_fail_reports_them_without_laying_its_rulebook_out(tmp_path, monkeypatch):
    """A copy of Glorieta whose black stones were made pink: validate ended in a KeyError from the rulebook's diagrams
    (laid out for a rules text of the designer's), which assume the set passed; the build stops at its checks."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "gl", "--from", "glorieta"]).exit_code == 0
    result = CliRunner().invoke(cli, ["validate", "gl/gl.yaml", "--set", "components.black-stones.faces.list.0.colour=pink"])
    assert result.exit_code == 1 and result.exception.__class__ is SystemExit, result.output
    assert "black stones (expected at least 64, found 0)" in result.output


def test_a_rulebook_too_large_for_a_small_paper_is_one_stable_line():
    """Glorieta's rules on a 100 mm square paper (a size --paper takes): reportlab's text, with its object's memory
    address, which differed on every run. One line names the paper, the paragraph and the page's text size."""
    messages = []
    for _ in range(2):
        with pytest.raises(UserError) as caught:
            rules_pdf(specs.load("glorieta"), "100x100mm")
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and not re.search(r"0x[0-9a-f]{6}", messages[0]) and "\n" not in messages[0]
    assert re.fullmatch(r".*glorieta\.yaml: the rulebook cannot be laid out on 100x100mm: a paragraph \('[^']+ \.\.\.'\) "
                        r"is larger than a page's text \(\d+ x \d+ mm\) even on a page of its own: give a larger paper",
                        messages[0]), messages[0]


def test_a_rules_line_holding_a_colon_and_space_gets_the_hint_to_quote_it(tmp_path, monkeypatch):
    """'- Pole up to 3 hexes: then stop.' is a mapping to YAML: 'expected text, found a mapping' gave no hint (a scoring
    cell's number does get one)."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine"]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("    - Draw a card.\n", "    - Pole up to 3 hexes: then stop.\n"),
                     encoding="utf-8")
    line = rules.read_text(encoding="utf-8").splitlines().index("    - Pole up to 3 hexes: then stop.") + 1
    result = CliRunner().invoke(cli, ["validate", "mine/mine.yaml"])
    assert (result.exit_code, result.output) == (1, f"error: {Path('mine/rules/mine.yaml')}:{line}: reference.turn[1]: "
                                                    "expected text, found a mapping (YAML reads Pole up to 3 hexes: then "
                                                    "stop. that way: write \"Pole up to 3 hexes: then stop.\" in quotes)\n")


def test_a_wide_table_of_long_words_is_set_smaller_with_each_word_whole(tmp_path):
    """Seven columns whose longest words did not fit the page together broke inside their cells ('Effec / t',
    'Counterattac / k') with no word; the table's type is set smaller, half a point at a time, until they fit."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "tb")]).exit_code == 0
    rules = tmp_path / "tb" / "rules" / "tb.yaml"
    header = ["Card", "Effect", "Counterattack", "Photosynthesis", "Bookkeeping", "Extraordinarily", "Score"]
    row = ["Sunrise", "Draw", "Retaliation", "Chlorophyllous", "Accountancy", "Uncharacteristically", "3"]
    rules.write_text(rules.read_text().replace('      - steps:\n          - "Shuffle', f"      - table:\n          - {header}\n"
                                               f"          - {row}\n      - steps:\n          - \"Shuffle", 1))
    spec = specs.load(str(tmp_path / "tb" / "tb.yaml"))
    data, _ = rules_pdf(spec, "a4")
    import pypdfium2
    page = pypdfium2.PdfDocument(data)[0].get_textpage()
    lines = page.get_text_range().split("\r\n")
    table_lines = [line for line in lines if line.split()[:1] in (["Card"], ["Sunrise"])]
    assert [line.split() for line in table_lines] == [header, row], table_lines
    text = page.get_text_range()
    height = lambda at: page.get_charbox(at)[3] - page.get_charbox(at)[1]   # noqa: E731
    assert height(text.index("Card Effect")) < 0.95 * height(text.index("Component")), "smaller than the 9 pt components table"


def test_a_table_whose_words_are_too_wide_even_at_7_pt_is_refused_naming_the_widest(tmp_path):
    """Nine columns of long words broke inside their cells at 7 pt ('Extraordin / arily') with validate passing."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "tb")]).exit_code == 0
    rules = tmp_path / "tb" / "rules" / "tb.yaml"
    header = ["Counterattack", "Photosynthesis", "Bookkeeping", "Extraordinarily", "Antidisestablishmentarianism",
              "Characteristically", "Counterbalancing", "Misunderstanding", "Responsibilities"]
    rules.write_text(rules.read_text().replace('      - steps:\n          - "Shuffle', f"      - table:\n          - {header}\n"
                                               f"          - {header}\n      - steps:\n          - \"Shuffle", 1))
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "tb" / "tb.yaml")])
    assert result.exit_code == 1 and "the words of this table's 9 columns are too wide for this page's" in result.output \
        and "('Antidisestablishmentarianism' is the widest)" in result.output, result.output


def test_a_section_headed_components_has_the_table_under_its_heading_not_a_second_heading(tmp_path):
    """A designer's first section, '- heading: Components', printed 'Components' twice on page 1 (the table's own
    heading, then theirs): the table now goes under theirs, before its text, and the heading is printed once; the text
    stands as far below the table as a paragraph below a table of the designer's own (it touched the table's rule)."""
    import pypdfium2
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    rules.write_text(rules.read_text().replace("sections:\n", "sections:\n  - heading: '**Components**'\n    blocks:\n"
                                               "      - p: Sort the cards by suit before you start.\n"
                                               "  - heading: Points\n    blocks:\n      - table: [[Card, Points], "
                                               "[Sunrise, '1']]\n      - p: Count them after the last round.\n"))
    spec = specs.load(str(tmp_path / "mine" / "mine.yaml"))
    data = rules_pdf(spec, "a4")[0]
    text = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages).split())
    assert text.count("Components") == 1
    assert text.index("Components") < text.index("Component Count Size") < text.index("Sort the cards by suit")
    doc = pypdfium2.PdfDocument(data)
    page = doc[0].get_textpage()

    def bottom_to_top(above, below):
        """Points from the foot of the first letter of one text to the top of the first letter of the next."""
        return [page.get_charbox(page.search(phrase, match_case=True).get_next()[0])[i] for phrase, i in
                ((above, 1), (below, 3))]
    low, high = bottom_to_top(spec.components[-1].title, "Sort the cards")
    mine_low, mine_high = bottom_to_top("Sunrise", "Count them")
    assert abs((low - high) - (mine_low - mine_high)) < 1, (low - high, mine_low - mine_high)


def test_a_components_section_may_be_a_heading_alone_and_no_other_may(tmp_path):
    """'- heading: Components' with no blocks, to place the table, was refused ('expected 1 to 10000 items'): it is the
    table under that heading; any other heading alone is refused at its line."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    written = rules.read_text()
    rules.write_text(written.replace("sections:\n", "sections:\n  - heading: Components\n"))
    spec = specs.load(str(tmp_path / "mine" / "mine.yaml"))
    text = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(rules_pdf(spec, "a4")[0])).pages)
                    .split())
    assert text.count("Components") == 1 and text.index("Components") < text.index("Component Count Size")
    rules.write_text(written.replace("sections:\n", "sections:\n  - heading: Before you start\n"))
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "mine" / "mine.yaml")])
    assert result.exit_code == 1 and result.output == (
        f"error: {rules}:5: sections[0]: expected blocks under the heading (a section of a heading alone is one headed "
        "Components, which the components table fills)\n")


def test_each_font_subset_in_the_rulebooks_has_a_tag_of_its_own():
    """reportlab tagged the first subset of every font AAAAAA, so the rulebooks' regular and bold, and one file's
    subset and another's, shared a tag (a print shop's tools may take one for the other): now a tag names one font
    program across all the rulebooks, and each program has one tag, read from the files' font descriptors."""
    programs: dict = {}
    for game in GAMES:
        for paper in ("a4", "letter"):
            pdf = pikepdf.open(io.BytesIO(rules_pdf(specs.load(game), paper)[0]))
            for font in (obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
                         and obj.get("/Type") == "/FontDescriptor" and "/FontFile2" in obj):
                tag, _, name = str(font.FontName)[1:].partition("+")
                assert re.fullmatch(r"[A-Z]{6}", tag), font.FontName
                programs.setdefault(tag, set()).add(bytes(font.FontFile2.read_bytes()))
    assert all(len(found) == 1 for found in programs.values()), {tag: len(found) for tag, found in programs.items()}
    assert len({next(iter(found)) for found in programs.values()}) == len(programs)
    assert "AAAAAA" not in programs
