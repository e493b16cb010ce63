"""Text is written as PDF text in the bundled Vera: placed where cairo placed it, each weight embedded once as a subset."""
import ctypes
import io
import json
import os
import shutil
import functools
import math
import struct
import subprocess
import sys
from pathlib import Path

import pikepdf
import pypdf
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings, strategies as st
from PIL import ImageChops, ImageFilter

from generator.output import document
from generator.draw import svg, textfit, typeface
from generator.build import components_pdf
from generator.draw.svgvalues import rotate, translate
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.draw.render import draw_art
from generator.units import PT_PER_MM
from pages import cairo_pdf

ROOT = Path(__file__).resolve().parents[2]
LINES = [("Stopp · 5 × 2", "start", False, 4.0, "#000000", None),  # words, anchor, bold, size (mm), fill, fill opacity
         ("Ägypten: Prescription", "middle", True, 3.2, "#d7261e", 0.5),
         ("−12 € «fin»", "end", False, 6.0, "#1f6fd0", None)]
TURN = translate(2, 3).then(rotate(-8, 38, 25))
SIZE = (76.2, 50.8)  # mm: whole pixels at 144 dpi, as cairo's pages are whole points (pdfium stretches a page over whole pixels)


def lettered():
    """A drawing with a line per anchor, both weights, three sizes, colours and an opacity, inside a turned group."""
    dwg = svg.drawing(*SIZE)
    svg.ground(dwg, "#ffffff")
    group = dwg.add(dwg.g(transform=TURN))
    for i, (words, anchor, bold, size, fill, alpha) in enumerate(LINES):
        group.add(svg.text(dwg, words, 38, 12 + 14 * i, size, fill=fill, anchor=anchor, bold=bold, fill_opacity=alpha))
    return dwg


def pens():
    """Each visible character of LINES with the pen position (pt, from the top-left corner) that cairo's advances give."""
    a, b, c, d, e, f = TURN.matrix
    found = []
    for k, (words, anchor, bold, size, *_) in enumerate(LINES):
        left = 38 - {"start": 0, "middle": 0.5, "end": 1}[anchor] * textfit.width(words, size, bold)
        for i, ch in enumerate(words):
            x, y = left + textfit.width(words[:i], size, bold), 12 + 14 * k
            if ch.strip():
                found.append((ch, (a * x + c * y + e) * PT_PER_MM, (b * x + d * y + f) * PT_PER_MM))
    return found


def origins(data, height):
    """Each visible character of page 1 with its glyph origin in pt from the top-left corner of a page height pt tall."""
    page = pypdfium2.PdfDocument(data)[0]
    text, found = page.get_textpage(), []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
            found.append((ch, x.value, height - y.value))
    return found


def ours(drawing):
    """A drawing as one page of our own PDF writer."""
    doc = document.Document(drawing.width, drawing.height)
    doc.paint(drawing)
    doc.next_page()
    return doc.save("t", "t", "t")


def test_text_is_pdf_text_placed_where_cairo_placed_it():
    drawing = lettered()
    data = ours(drawing)
    with pikepdf.open(io.BytesIO(data)) as out:
        resources = out.pages[0].Resources
        assert pikepdf.Name.XObject not in resources, "no form painted by cairo"
        fonts = {str(name): str(font.Subtype) for name, font in resources.Font.items()}
        assert fonts == {"/V": "/Type0", "/VB": "/Type0"}
        ops = [str(op) for _, op in pikepdf.parse_content_stream(out.pages[0])]
        assert ops.count("TJ") == ops.count("BT") == len(LINES)
    painted = cairo_pdf(drawing)
    height = SIZE[1] * PT_PER_MM
    theirs = origins(painted, math.ceil(height) + 1)  # cairo's page is padded below the drawing
    mine = origins(data, height)
    assert [c for c, *_ in mine] == [c for c, *_ in theirs] == [c for c, *_ in pens()]
    starts = [sum(len("".join(line[0].split())) for line in LINES[:k]) for k in range(len(LINES))]
    for k in starts:  # each line begins where cairo begins it
        assert math.dist(mine[k][1:], theirs[k][1:]) < 0.01
    moved = max(math.dist(glyph[1:], pen[1:]) for glyph, pen in zip(mine, pens()))
    assert moved < 0.01, f"a glyph is {moved:.3f} pt from the pen position cairo's advances give"
    soft = ImageFilter.GaussianBlur(1)  # forgives anti-aliasing: cairo's subsets keep Vera's hinting, ours do not
    a = pypdfium2.PdfDocument(data)[0].render(scale=2).to_pil().convert("L")
    b = pypdfium2.PdfDocument(painted)[0].render(scale=2).to_pil().convert("L").crop((0, 0, a.width, a.height))
    diff = ImageChops.difference(a.filter(soft), b.filter(soft))
    assert sum(diff.histogram()[32:]) / (a.width * a.height) < 0.001


def test_anchors_follow_the_advances_textfit_measures():
    words, size = "Turn summary", 5.0
    for anchor, shift in (("start", 0), ("middle", 0.5), ("end", 1)):
        dwg = svg.drawing(100, 20)
        dwg.add(svg.text(dwg, words, 50, 10, size, anchor=anchor))
        found = origins(ours(dwg), 20 * PT_PER_MM)
        left = (50 - shift * textfit.width(words, size)) * PT_PER_MM
        assert found[0][1] == pytest.approx(left, abs=0.01)
        assert found[0][2] == pytest.approx(10 * PT_PER_MM, abs=0.01)
        last = textfit.width(words[:-1], size) * PT_PER_MM  # the pen before the last letter
        assert found[-1][1] - found[0][1] == pytest.approx(last, abs=0.01)


def glyph_data(program):
    """The glyph ids that have outline data in a TrueType program, how many glyphs it declares, and its tables."""
    count, tables = struct.unpack_from(">H", program, 4)[0], {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", program, 12 + 16 * i)
        tables[tag] = program[offset:offset + length]
    glyphs = struct.unpack_from(">H", tables[b"maxp"], 4)[0]
    long = struct.unpack_from(">h", tables[b"head"], 50)[0]
    loca = (struct.unpack_from(f">{glyphs + 1}I", tables[b"loca"]) if long
            else [2 * v for v in struct.unpack_from(f">{glyphs + 1}H", tables[b"loca"])])
    return {g for g in range(glyphs) if loca[g + 1] > loca[g]}, glyphs, set(tables)


def cairo_glyphs(bold):
    """char -> glyph id in the bundled Vera, as cairo maps them (for every character the font has)."""
    import cairocffi
    ctx = cairocffi.Context(cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(textfit.FAMILY, cairocffi.FONT_SLANT_NORMAL,
                         cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL)
    chars = [ch for ch in textfit._table(bold) if ch]
    return {ch: index for ch, (index, _, _) in zip(chars, ctx.get_scaled_font().text_to_glyphs(0, 0, "".join(chars), False))}


@pytest.mark.parametrize("bold", [False, True])
def test_our_glyph_ids_are_cairos(bold):
    cmap, theirs = typeface.load(typeface.font_name(bold)).cmap, cairo_glyphs(bold)
    assert {chr(c): g for c, g in cmap.items() if chr(c) in theirs} == theirs
    assert set(map(chr, cmap)) == set(theirs)


@pytest.mark.parametrize("name", ["/V", "/VB"])
def test_a_bundled_fonts_ascender_and_descender_are_fonttools_own(name):
    """Read from the font's own hhea table, with no fontTools loaded: fontTools reads the same."""
    from fontTools.ttLib import TTFont
    hhea = TTFont(typeface.FONTS / typeface.FACES[name][0])["hhea"]
    assert typeface.vertical(name) == (hhea.ascent, hhea.descent) and hhea.descent < 0 < hhea.ascent


def test_the_bundled_fonts_glyph_bounds_are_what_fonttools_measures():
    """The table text is measured with is every glyph of the bundled Vera as fontTools' BoundsPen measures it today."""
    table = json.loads(typeface.BOUNDS.read_text())
    assert table == {typeface.FACES[name][0]: [list(found) if found else None for found in typeface.measured_all(name)]
                     for name in ("/V", "/VB")}, (
        "regenerate generator/fonts/vera-bounds.json: {file: typeface.measured_all(name), lists for tuples}")
    assert all(typeface.bounds(name, glyph) == typeface._measured(name, glyph)
               for name in ("/V", "/VB") for glyph in range(len(typeface.load(name).glyphs)))


def test_a_text_face_is_laid_out_and_written_with_no_font_library_loaded(tmp_path):
    """A layout card's text, fitted into its box and measured (ascent and descent from the font's own tables, each
    glyph's bounds from the table), loads neither fontTools nor cairo."""
    spec = tmp_path / "deck.yaml"
    spec.write_text("game: {title: Deck, designer: Test}\npalette: {ink: '#26221c'}\ncomponents:\n  cards:\n"
                    "    kind: layout\n    expect: 1\n    width: 63 mm\n    height: 88 mm\n    layout:\n      elements:\n"
                    "        rules: {type: text, x: 5, y: 5, width: 53, height: 40, text: 'Swap this card with any "
                    "other, then zigzag.', size: 4, colour: ink, align: centre, valign: middle}\n")
    code = ("import sys; from generator.spec import loader; from generator.check.validate import validate; "
            "from generator.spec.expand import expand; from generator.draw.render import draw_art; "
            "from generator.draw import content; "
            f"spec = loader.load({str(spec)!r}); assert not validate(spec); "
            "[content.write(draw_art(spec, art)) for art in expand(spec)[1].values()]; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fontTools', 'cairo', 'cairocffi')))")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "[]", done.stdout


def test_each_weight_is_embedded_once_as_a_subset_of_the_glyphs_its_pages_use(grannys_pdfs):
    data = grannys_pdfs["a4"].read_bytes()
    used = {False: set(), True: set()}  # the characters pdfium reads in each weight, on every page
    doc = pypdfium2.PdfDocument(data)
    for page in doc:
        text = page.get_textpage()
        for i in range(text.count_chars()):
            ch = text.get_text_range(i, 1)
            if ch.strip():
                name = ctypes.create_string_buffer(128)
                pdfium_c.FPDFText_GetFontInfo(text.raw, i, name, 128, None)
                used[name.value.decode().endswith("Bold")].add(ch)
    with pikepdf.open(io.BytesIO(data)) as out:
        fonts = [o for o in out.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Subtype") == "/Type0"]
        assert sorted(str(f.BaseFont).split("+")[1] for f in fonts) == ["BitstreamVeraSans-Bold", "BitstreamVeraSans-Roman"]
        for font in fonts:
            bold = str(font.BaseFont).endswith("Bold")
            cid = font.DescendantFonts[0]
            program = cid.FontDescriptor.FontFile2.read_bytes()
            assert len(program) == int(cid.FontDescriptor.FontFile2.Length1)
            outlined, declared, tables = glyph_data(program)
            assert tables == {b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp"}, "no hinting, names or kerning"
            ids = cairo_glyphs(bold)
            wanted = {ids[ch] for ch in used[bold]} | {0}
            assert outlined == wanted, f"{font.BaseFont}: glyphs {sorted(outlined ^ wanted)} differ from those used"
            assert declared <= max(wanted) + 1 < 268
            widths, w = {}, list(cid.W)
            while w:
                first, run, *w = w
                widths.update((int(first) + k, float(v)) for k, v in enumerate(run))
            advances = {ids[ch]: textfit._table(bold)[ch][0] for ch in used[bold] | {" "}}
            assert set(widths) == set(advances) and all(widths[g] == round(a) for g, a in advances.items())
            assert str(cid.CIDToGIDMap) == "/Identity" and str(font.Encoding) == "/Identity-H"


def test_words_on_faces_and_furniture_can_be_copied_out(grannys, grannys_pdfs):
    reader = pypdf.PdfReader(grannys_pdfs["a4"])
    text = " ".join(page.extract_text() for page in reader.pages)
    pieces, arts = expand(grannys)
    lines = {node.content for art in arts.values() for node in _texts(draw_art(grannys, art))}
    assert len(lines) > 20
    missing = sorted(line for line in lines if line not in text)
    assert not missing, missing
    assert f"Granny's Pills · sheet 2/{len(reader.pages)} · A4" in text and "Print at 100% (actual size)" in text


def _texts(node):
    """Every text element under a node."""
    if node.tag == "text":
        yield node
    for child in node.children:
        yield from _texts(child)


def test_text_is_written_by_our_writer_and_a_file_without_backs_loads_neither_cairo_nor_pikepdf(tmp_path):
    """No game's PDF holds a face or furniture painted by cairo; writing one without backs never loads cairo or pikepdf
    (a back's logo is centred on its ink, which cairo measures)."""
    import re
    import zlib
    for name in [p.stem for p in specs.shipped()]:
        data = components_pdf(specs.load(name), "a4")[0]
        streams = [zlib.decompress(m) for m in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S) if m[:1] == b"x"]
        assert not any(re.search(rb"/S?C\d+ Do", s) for s in streams), f"{name}: a cairo form is placed"
    script = ("import sys\nfrom generator.spec import loader as specs\nfrom generator.build import components_pdf\n"
              f"for name in {['posies', str(ROOT / 'benchmarks/specs/tiles.yaml')]!r}:\n"
              "    components_pdf(specs.load(name), 'a4')\n"
              "print(sorted(m for m in ('cairocffi', 'pikepdf', 'reportlab') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert loaded.strip() == "[]"




@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="aiW .,—éü0\u4e00\t", max_size=120), st.sampled_from([2.5, 3.3, 5.0]), st.floats(1, 90),
       st.booleans())
def test_wrap_fills_each_line_as_far_as_the_measured_width_allows(text, size, room, bold):
    """Every word (or the pieces of one too wide for a line) in order; no line wider than the room unless it is one
    character; and each line would grow wider than the room with the next line's first word: lines are filled greedily,
    as textfit.width measures them."""
    lines = textfit.wrap(text, size, room, bold)
    assert "".join(lines).replace(" ", "") == "".join(text.split())
    assert all(textfit.width(line, size, bold) <= room or len(line) == 1 for line in lines)
    assert all(textfit.width(f"{line} {after.split()[0]}", size, bold) > room for line, after in zip(lines, lines[1:]))


def test_a_bundled_fonts_subset_is_made_once_for_each_set_of_glyphs_a_run_embeds(tmp_path, monkeypatch):
    """A game's two papers and two rulebooks embed Vera's weights in 8 places but only 5 sets of glyphs: each set is cut
    once a run (the file the subset goes into is the same either way); a run that kept them cuts none."""
    from generator import cache
    from generator.build import build, build_rules
    from generator.output import pdffile
    from generator.spec import loader
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(typeface, "EMBEDDED", cache.Memo("fonts.json", []))
    cut, subset = [], typeface.subset
    monkeypatch.setattr(typeface, "subset", lambda font, glyphs: cut.append(tuple(sorted(glyphs))) or subset(font, glyphs))
    monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(pdffile.File.SPILL))
    typeface._program.cache_clear()

    def made(folder):
        """The bytes of Granny's Pills' four PDFs built into folder."""
        spec = loader.load("grannys-pills")
        return [make(spec, paper, folder)[0].read_bytes() for paper in ("a4", "letter") for make in (build, build_rules)]
    first = made(tmp_path / "first")
    assert len(cut) == len(set(cut)) >= 4, cut
    sets = len(cut)
    typeface._program.cache_clear()
    assert made(tmp_path / "again") == first and len(cut) == sets, "the fonts' objects and streams kept: nothing cut"
    monkeypatch.setattr(typeface, "EMBEDDED", cache.Memo("fresh-fonts.json", []))
    assert made(tmp_path / "fresh") == first and len(cut) == 2 * sets, "nothing kept: each set cut again, the same bytes"


def test_a_rebuild_that_kept_its_fonts_loads_and_cuts_none_and_writes_a_fresh_build_s_bytes(tmp_path, monkeypatch):
    """A new process rebuilding a file after a colour edit takes each bundled font's objects from fonts.json and its streams
    from the file's record: Vera is neither read nor cut. Without the file's record it cuts them again, to the same bytes."""
    import importlib
    from generator import cache
    from generator.build import build
    from generator.check import ink, safearea, vision
    from generator.output import pdffile
    from generator.spec import loader
    validate = importlib.import_module("generator.check.validate")   # the module (the package exports its function too)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "out"
    read, cut = [], []
    load, subset = typeface.load.__wrapped__, typeface.subset

    def new_process():
        """The state a new process starts in: no font read, nothing compressed, the memo read from its file."""
        monkeypatch.setattr(typeface, "load", functools.lru_cache(maxsize=None)(lambda name: read.append(name) or load(name)))
        monkeypatch.setattr(typeface, "subset", lambda font, glyphs: cut.append(glyphs) or subset(font, glyphs))
        for module, name in ((typeface, "EMBEDDED"), (ink, "MEMO"), (vision, "MEMO"), (validate, "MEMO")):
            kept = getattr(module, name)
            kept.save()
            monkeypatch.setattr(module, name, cache.Memo(kept.name, []))
        monkeypatch.setattr(safearea, "_PAINTED", {})
        monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(pdffile.File.SPILL))
        typeface._program.cache_clear()
    new_process()
    build(loader.load("grannys-pills"), "a4", out)
    new_process()
    read.clear(), cut.clear()
    edited = ["palette.red=#d0281f"]
    rebuilt = build(loader.load("grannys-pills", edited), "a4", out)[0].read_bytes()
    assert not read and not cut
    new_process()
    fresh = build(loader.load("grannys-pills", edited), "a4", tmp_path / "fresh")[0].read_bytes()
    assert fresh == rebuilt and read and cut


def test_a_designer_font_with_a_unix_created_stamp_builds_without_fonttools_notes_on_stderr(tmp_path):
    """Lato and other fonts store head.created as unix time, which fontTools logs a warning about each time it reads
    one; a designer cannot act on it, so pnp validate and build print nothing but their own lines."""
    from fontTools.ttLib import TTFont
    font = TTFont(str(ROOT / "tests/data/fonts/DejaVuSerif-Latin.ttf"), recalcTimestamp=False)
    font["head"].created = 1264182900   # 2010 in unix seconds: read as 1944 by the 1904 epoch, under fontTools' floor
    (tmp_path / "fonts").mkdir()
    font.save(str(tmp_path / "fonts" / "Stamped.ttf"))
    (tmp_path / "game.yaml").write_text(
        "game: {title: Stamped, designer: Tester}\nfonts: {serif: fonts/Stamped.ttf}\ncomponents:\n"
        "  cards:\n    kind: layout\n    expect: 1\n    width: 60 mm\n    height: 80 mm\n"
        "    layout: {elements: {name: {type: text, x: 5, y: 5, width: 50, height: 10, text: Harbour, font: serif}}}\n")
    for command in (["validate"], ["build", "--paper", "a4", "--out", str(tmp_path / "out")]):
        done = subprocess.run([sys.executable, "-m", "generator", *command, "game.yaml"], capture_output=True,
                              text=True, cwd=tmp_path)
        assert done.returncode == 0 and done.stderr == "", done.stderr
    assert (tmp_path / "out" / "game" / "game-components-a4.pdf").stat().st_size > 0


def test_a_tounicode_cmap_writes_each_character_in_utf16_a_surrogate_pair_past_the_basic_plane():
    from generator.draw.typeface import _to_unicode
    cmap = _to_unicode({3: "A", 7: "é", 9: "😀"}).decode()
    assert "<0003> <0041>\n<0007> <00E9>\n<0009> <D83DDE00>\n" in cmap
    assert all(f"<{ch.encode('utf-16-be').hex().upper()}>" in cmap for ch in "Aé😀")


@pytest.mark.parametrize("fonts, message", [
    ("{x: ''}", "fonts.x: expected a font file inside the spec's folder (.ttf or .otf, e.g. fonts/MyFont.ttf), found "
                "nothing"),
    ("{x: []}", "fonts.x: expected a font file inside the spec's folder (.ttf or .otf, e.g. fonts/MyFont.ttf), found "
                "a list"),
    ("{x: {regular: Vera.ttf, bold: }}", "fonts.x.bold: expected a font file inside the spec's folder (.ttf or .otf, "
                                         "e.g. fonts/MyFont.ttf), found nothing"),
    ("{x: {regular: Vera.ttf, itallic: Vera.ttf}}",   # it said 'give a file, or regular (and bold, ...) files'
     "fonts.x.itallic: unknown key 'itallic': did you mean 'italic'? (expected one of regular, bold, italic, "
     "bold-italic)"),
    ("{x: {regular: Vera.ttf, bold_italic: Vera.ttf}}",
     "fonts.x.bold_italic: unknown key 'bold_italic': did you mean 'bold-italic'? (expected one of regular, bold, "
     "italic, bold-italic)"),
    ("{x: both.ttc}", "fonts.x: FOLDER/both.ttc: a font collection (.ttc), which holds several fonts: save the one wanted as a "
                      ".ttf file of its own (e.g. with FontForge) and give that"),
])
def test_a_font_entry_that_names_no_single_font_file_is_one_line(tmp_path, fonts, message):
    """An empty entry set the text in Vera, silently; a collection was told to 'specify a font number' (no key does)."""
    from fontTools.ttLib import TTCollection, TTFont
    from generator.errors import SpecError
    from generator.spec import loader
    shutil.copy(typeface.FONTS / "Vera.ttf", tmp_path / "Vera.ttf")
    both = TTCollection()
    both.fonts = [TTFont(typeface.FONTS / name) for name in ("Vera.ttf", "VeraBd.ttf")]
    both.save(tmp_path / "both.ttc")
    (tmp_path / "f.yaml").write_text(f"game: {{title: F, designer: test}}\nfonts: {fonts}\ncomponents:\n  cards: {{kind: "
                                     "layout, expect: 1, width: 63 mm, height: 88 mm, layout: {elements: {t: {type: "
                                     "text, text: Hi, font: x}}}}\n")
    with pytest.raises(SpecError) as caught:
        loader.load(str(tmp_path / "f.yaml"))
    assert str(caught.value) == f"{tmp_path / 'f.yaml'}:2: {message.replace('FOLDER', str(tmp_path))}"
