"""Text boxes: wrapping, shrinking, alignment and markup measured on the PDF pdfium renders and on cairo's raster;
a designer's font embedded once as a subset."""
import math
import functools
import io
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from PIL import ImageChops
from fontTools.ttLib import TTFont

import pages
from generator.draw import svg, textbox, typeface
from generator.check import textcheck
from generator.errors import UserError
from generator.draw.textfit import Box
from generator.draw.svgvalues import IDENTITY

FONT = Path(__file__).resolve().parents[1] / "data" / "fonts" / "DejaVuSerif-Latin.ttf"  # Basic Latin only
COIN = Path(__file__).resolve().parents[2] / "generator" / "templates" / "circle.svg"
PX = 20  # pixels per mm the pages are rendered at


def drawing(*laid):
    """A 90 x 60 mm white drawing holding laid text boxes."""
    dwg = svg.drawing(90, 60)
    svg.ground(dwg, "#ffffff")
    for box in laid:
        for element in box.elements:
            dwg.add(element)
    return dwg


pdf_bytes = functools.partial(pages.pdf_bytes, (90, 60))


def pdfium(data, page=0):
    """A page rendered by pdfium at PX pixels per mm."""
    return pages.pdfium(data, PX, page)


def cairo(dwg):
    """A drawing painted by our cairo painter at PX pixels per mm."""
    return pages.cairo(dwg, PX)


def ink_box(image, box=None):
    """The box (left, top, right, bottom) in mm of the dark pixels of an image (inside box, in mm, if given)."""
    grey = image.convert("L")
    if box:
        grey = grey.crop(tuple(round(v * PX) for v in box))
    found = grey.point(lambda v: 255 if v < 128 else 0).getbbox()
    offset = (box[0], box[1]) * 2 if box else (0, 0, 0, 0)
    return tuple(v / PX + o for v, o in zip(found, offset))


def dark(image, box):
    """How many dark pixels an image has inside a box in mm."""
    return sum(image.convert("L").crop(tuple(round(v * PX) for v in box)).histogram()[:128])


def test_a_designers_font_is_measured_as_pdfium_draws_it():
    family = typeface.family(FONT)
    laid = textbox.fit("Hamburgefonstiv", (5, 10, 80, 20), font=family, size=8)
    (run,) = laid.elements
    expected = typeface.ink(run.face, run.content, run.attrs["x"], run.attrs["y"], 8)
    drawn = ink_box(pdfium(pdf_bytes(drawing(laid))))
    assert all(abs(a - b) < 0.1 for a, b in zip(drawn, expected)), (drawn, expected)
    painted = ink_box(cairo(drawing(laid)))
    assert all(abs(a - b) < 0.1 for a, b in zip(painted, expected)), (painted, expected)
    ours, vera = typeface.advance(run.face.resource, run.content) * 8, typeface.advance("/V", run.content) * 8
    assert abs(ours - vera) > 1  # the designer's font really is set, not Vera


def test_a_designers_font_is_embedded_once_as_a_subset():
    family = typeface.family(FONT)
    pages = [drawing(textbox.fit("Roll **dice**, *move* on.", (5, 5, 80, 20), font=family, size=6)),
             drawing(textbox.fit("Move once more", (5, 5, 80, 20), font=family, size=6))]
    data = pdf_bytes(*pages)
    with pikepdf.open(io.BytesIO(data)) as doc:
        programs = [obj for obj in doc.objects if isinstance(obj, pikepdf.Dictionary)
                    and obj.get("/Type") == "/FontDescriptor" and "/FontFile2" in obj]
        assert len(programs) == 1  # regular, bold (stroked) and italic (slanted) share it, and both pages
        assert str(programs[0].FontName).endswith("+DejaVuSerif")
        program = TTFont(io.BytesIO(programs[0].FontFile2.read_bytes()))
    glyf, cmap = program["glyf"], TTFont(FONT).getBestCmap()
    inked = {name for name in program.getGlyphOrder() if glyf[name].numberOfContours}
    assert inked == {cmap[ord(ch)] for ch in set("Roll dice, move on.Move once more") - {" "}}
    doc = pypdfium2.PdfDocument(data)
    assert doc[0].get_textpage().get_text_range().split() == ["Roll", "dice,", "move", "on."]  # ToUnicode holds
    doc.close()
    assert pdf_bytes(*pages) == data


def test_markup_sets_bold_where_asked():
    laid = textbox.fit("**mmmm** mmmm", (5, 10, 80, 20), size=6)
    bold, plain = laid.elements
    assert (bold.content, bold.face, plain.content, plain.face) == ("mmmm ", typeface.VERA.bold, "mmmm", typeface.VERA.regular)
    boxes = [typeface.ink(run.face, run.content.strip(), run.attrs["x"], run.attrs["y"], 6) for run in (bold, plain)]
    for image in (pdfium(pdf_bytes(drawing(laid))), cairo(drawing(laid))):
        assert dark(image, boxes[0]) > 1.3 * dark(image, boxes[1])


def test_a_designers_font_without_bold_or_italic_is_stroked_and_slanted():
    family = typeface.family(FONT)
    assert (family.bold.embolden, family.italic.slant, family.bold_italic) == (True, True, family.bold._replace(slant=True))
    laid = textbox.fit("**nnnn** nnnn *IIII*", (5, 10, 80, 20), font=family, size=6)
    bold, plain, italic = laid.elements[0], laid.elements[1], laid.elements[2]
    image = pdfium(pdf_bytes(drawing(laid)))
    boxes = [typeface.ink(run.face, run.content.strip(), run.attrs["x"], run.attrs["y"], 6) for run in (bold, plain)]
    assert dark(image, boxes[0]) > 1.2 * dark(image, boxes[1])
    top, bottom = italic.attrs["y"] - 4, italic.attrs["y"] - 0.5  # the tops of the slanted I lean right of their feet
    x = italic.attrs["x"]
    high, low = ink_box(image, (x - 1, top, x + 30, top + 0.5)), ink_box(image, (x - 1, bottom - 0.5, x + 30, bottom))
    assert high[0] - low[0] == pytest.approx((bottom - top) * typeface.SLANT, abs=0.15)


def test_a_made_bold_and_an_outline_are_stroked_solid_whatever_a_shape_before_them_left_set():
    """The PDF strokes a made bold's letters (and an outline round letters) in the graphics state the shapes before it
    left: after a dashed, round-joined, half-opaque line the bold's edges were dashed. Both print as with no line."""
    family = typeface.family(FONT)
    texts = (textbox.fit("**Heavy** load", (5, 10, 80, 15), font=family, size=10),
             textbox.fit("Ringed", (5, 30, 80, 15), font=family, size=10, bold=True, outline=("#ff0000", 0.4)))
    line = svg.Element("line", {"x1": 5, "y1": 5, "x2": 85, "y2": 5, "stroke": "#000000", "stroke-width": 0.25,
                                "stroke-dasharray": "0.1", "stroke-linejoin": "round", "stroke-miterlimit": 2,
                                "stroke-opacity": 0.5})
    images = []
    for shapes in ((), (line,)):
        dwg = drawing(*texts)
        dwg.children[2:2] = shapes   # after the defs and the ground, before the text
        images.append(pdfium(pdf_bytes(dwg)).crop((0, 8 * PX, 90 * PX, 60 * PX)))
    assert ImageChops.difference(*images).getbbox() is None


def test_text_shrinks_in_steps_until_it_fits():
    text = "Each player draws two cards, then plays one face up in front of them; the highest card wins the trick."
    laid = textbox.fit(text, (5, 5, 40, 20), size=5, min_size=2)
    assert laid.fits and 2 <= laid.size < 5
    assert not textbox.fit(text, (5, 5, 40, 20), size=laid.size + textbox.STEP).fits  # the largest size that fits
    left, top, right, bottom = ink_box(pdfium(pdf_bytes(drawing(laid))))
    assert left >= 5 - 0.05 and top >= 5 - 0.05 and right <= 45 + 0.05 and bottom <= 25 + 0.05


def test_a_long_word_shrinks_the_text_until_it_fits_whole_and_is_named_when_it_cannot():
    text = "Netcastingfishermanship wins."
    laid = textbox.fit(text, (5, 5, 30, 20), size=5, min_size=2)   # room for two lines: the word sets the size
    runs = " ".join(node.content for node in laid.elements)
    assert laid.fits and not laid.cut and "Netcastingfishermanship" in runs
    left, _, right, _ = ink_box(pdfium(pdf_bytes(drawing(laid))))
    assert left >= 5 - 0.05 and right <= 35 + 0.05 and right - left > 30 * 0.9   # the word all but fills the width
    assert textbox.fit(text, (5, 5, 30, 20), size=laid.size + textbox.STEP).cut == "Netcastingfishermanship"
    tight = textbox.fit(text, (5, 5, 12, 20), size=5, min_size=3)   # too wide even at 3 mm: cut, and named
    assert tight.size == 3 and tight.cut == "Netcastingfishermanship"
    assert "Netcastingfishermanship" not in " ".join(node.content for node in tight.elements)


def test_text_that_cannot_fit_is_reported_by_the_text_check():
    laid = textbox.fit("A very long rule that needs far more room than this small box has.", (5, 5, 20, 6),
                       size=4, min_size=3)
    assert not laid.fits and laid.size == 3
    dwg = drawing(laid)
    found = [m for node, transform, style in textcheck.texts(dwg)
             for m in textcheck.problems([(node, transform, style)], Box(0, 0, 90, 60, "safe area"))]
    assert found[0].startswith("text ") and found[0].endswith("past the bottom edge of its box (text box)")


@pytest.mark.parametrize("valign", ["top", "bottom"])
def test_letters_past_a_fonts_ascent_and_descent_stay_in_their_box(tmp_path, valign):
    """A designer's font whose ascenders and descenders reach past its ascent and descent (URW Bookman's bold, an
    accented capital) ran 0.1-0.4 mm past the top of a top-aligned box, however tall the box, and validate failed it.
    The first line goes down, and a bottom-aligned last line up, by what its letters reach past them: the ink pdfium
    renders lies inside the box, and the text check finds nothing."""
    font = TTFont(FONT)
    font["hhea"].ascent, font["hhea"].descent = 1300, -300   # its k and d reach 1556, its g and j -455 (of 2048)
    short = tmp_path / "short.ttf"
    font.save(short)
    family = typeface.family(short)
    box = (5, 10, 80, 40)
    laid = textbox.fit("kind dog\njumping dj", box, font=family, size=8, valign=valign)
    assert laid.fits and laid.size == 8
    drawn = ink_box(pdfium(pdf_bytes(drawing(laid))))
    assert box[1] - 0.1 <= drawn[1] and drawn[3] <= box[1] + box[3] + 0.1, (drawn, box)
    near = drawn[1] - box[1] if valign == "top" else box[1] + box[3] - drawn[3]
    assert near < 0.2, near   # the ink sets off from the edge it is aligned to, no further
    dwg = drawing(laid)
    assert [m for node, transform, style in textcheck.texts(dwg)
            for m in textcheck.problems([(node, transform, style)], Box(0, 0, 90, 60, "safe area"))] == []


@pytest.mark.parametrize("align", ["left", "centre", "right", "justify"])
def test_lines_align_in_the_box(align):
    text = "Place a worker on an empty space; take the goods shown there and pay one coin to the bank."
    laid = textbox.fit(text, (10, 5, 50, 40), size=4, align=align, valign="bottom")
    lines = {}
    for run in laid.elements:
        end = run.attrs["x"] + typeface.advance(run.face.resource, run.content.rstrip()) * 4
        first, last = lines.get(run.attrs["y"], (run.attrs["x"], end))
        lines[run.attrs["y"]] = (min(first, run.attrs["x"]), max(last, end))
    spans = [lines[y] for y in sorted(lines)]
    assert len(spans) == laid.lines > 2
    for index, (start, end) in enumerate(spans):
        last = index == len(spans) - 1
        if align == "left" or (align == "justify" and last):
            assert start == pytest.approx(10, abs=1e-3) and end < 60
        elif align == "right":
            assert end == pytest.approx(60, abs=1e-3)
        elif align == "centre":
            assert (start + end) / 2 == pytest.approx(35, abs=1e-3)
        else:
            assert (start, end) == (pytest.approx(10, abs=1e-3), pytest.approx(60, abs=1e-3))
    descent = -TTFont(typeface.FONTS / "Vera.ttf")["hhea"].descent / 2048
    assert max(lines) + descent * 4 == pytest.approx(45, abs=1e-3)  # valign bottom: the last descent on the box


def test_colour_and_inline_icons():
    laid = textbox.fit("Pay :coin: then {colour:#cc0000}lose{/colour} :gem: now", (5, 10, 80, 20), size=5,
                       icons={"coin": COIN})
    texts = [e.content for e in laid.elements if isinstance(e, svg.Run)]
    assert texts == ["Pay ", "then ", "lose ", ":gem: now"]  # an icon not given stays as typed
    red = next(e for e in laid.elements if getattr(e, "content", None) == "lose ")
    assert red.attrs["fill"] == "#cc0000"
    icon = next(e for e in laid.elements if e.tag == "g")
    pay = laid.elements[0]
    x = pay.attrs["x"] + typeface.advance("/V", "Pay ") * 5  # the icon: one em square, its foot on the descent
    middle = pay.attrs["y"] + 0.236 * 5 - 2.5
    for image in (pdfium(pdf_bytes(drawing(laid))), cairo(drawing(laid))):
        assert image.getpixel((round((x + 2.5) * PX), round(middle * PX)))[0] < 60  # the coin's ink, black
        assert image.getpixel((round((x + 2.5) * PX), round((middle - 2.6) * PX)))[0] > 200  # white above it
        box = typeface.ink(red.face, "lose", red.attrs["x"], red.attrs["y"], 5)
        pixels = image.crop(tuple(round(v * PX) for v in box)).tobytes()
        assert any(r > 180 and g < 60 and b < 60 for r, g, b in zip(pixels[::3], pixels[1::3], pixels[2::3]))
    assert icon.attrs["transform"].matrix[4] == svg.r(x)


def test_characters_the_font_lacks_are_named():
    family = typeface.family(FONT)
    laid = textbox.fit("Café ✓", (5, 10, 80, 20), font=family, size=6)
    assert laid.missing == [("é", "DejaVuSerif-Latin.ttf"), ("✓", "DejaVuSerif-Latin.ttf")]
    node = laid.elements[0]
    found = list(textcheck.problems([(node, IDENTITY, {"font-size": 6})], Box(0, 0, 90, 60, "safe area")))
    assert found == ["'Café ✓': the font DejaVuSerif-Latin.ttf has no glyph for 'é' (U+00E9), '✓' (U+2713)"]


def test_spec_fonts_stay_in_the_specs_folder(tmp_path):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Body.ttf").write_bytes(FONT.read_bytes())
    (tmp_path / "fonts" / "notes.ttf").write_text("not a font")
    found = typeface.families(tmp_path, {"body": "fonts/Body.ttf", "title": {"regular": "fonts/Body.ttf", "bold": "fonts/Body.ttf"}})
    assert found["body"].regular.resource == found["title"].bold.resource
    with pytest.raises(UserError, match=r"^\.\./x\.ttf: the file is outside the spec's folder "):
        typeface.families(tmp_path, {"body": "../x.ttf"})
    with pytest.raises(UserError, match=f"^no such file {str(tmp_path / 'fonts' / 'Heavy.ttf')!r}$"):
        typeface.families(tmp_path, {"body": "fonts/Heavy.ttf"})
    with pytest.raises(UserError, match=r"notes\.ttf: not a TrueType or OpenType font"):
        typeface.families(tmp_path, {"body": "fonts/notes.ttf"})
    with pytest.raises(UserError, match=r"^fonts: body: give a file, or regular .* \(unknown: heavy\)$"):
        typeface.families(tmp_path, {"body": {"regular": "fonts/Body.ttf", "heavy": "fonts/Body.ttf"}})


def blocks(path):
    """Write a CFF-flavoured OpenType font whose A and B are 600 and 900 units wide blocks, 700 units tall."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    widths = {".notdef": 500, "space": 300, "A": 600, "B": 900}
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(list(widths))
    builder.setupCharacterMap({32: "space", 65: "A", 66: "B"})
    strings = {}
    for name, width in widths.items():
        pen = T2CharStringPen(width, None)
        if name in ("A", "B"):
            for point in ((50, 0), (width - 50, 0), (width - 50, 700), (50, 700)):
                (pen.lineTo if point != (50, 0) else pen.moveTo)(point)
            pen.closePath()
        strings[name] = pen.getCharString()
    builder.setupCFF("TestBlocks", {"FullName": "Test Blocks"}, strings, {})
    builder.setupHorizontalMetrics({name: (width, 50 if name in "AB" else 0) for name, width in widths.items()})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test Blocks", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(path)


def test_a_postscript_flavoured_otf_is_embedded_and_drawn_where_measured(tmp_path):
    blocks(tmp_path / "Blocks.otf")
    laid = textbox.fit("AB BA", (5, 10, 80, 20), font=typeface.family(tmp_path / "Blocks.otf"), size=10)
    data = pdf_bytes(drawing(laid))
    with pikepdf.open(io.BytesIO(data)) as doc:
        (descriptor,) = [obj for obj in doc.objects if isinstance(obj, pikepdf.Dictionary)
                         and obj.get("/Type") == "/FontDescriptor"]
        assert descriptor.FontFile3.Subtype == "/OpenType"
    # the pen runs 6 + 9 + 3 + 9 + 6 mm from x = 5; each block's ink is 0.5 mm in from its advance; 7 mm tall on the
    # baseline, which sits the ascent (8 mm) below the top of the box
    assert ink_box(pdfium(data)) == pytest.approx((5.5, 11, 37.5, 18), abs=0.06)
    assert ink_box(cairo(drawing(laid))) == pytest.approx((5.5, 11, 37.5, 18), abs=0.06)


def test_a_word_wider_than_the_box_is_cut_between_characters():
    laid = textbox.fit("Supercalifragilisticexpialidocious word", (0, 0, 20, 30), size=4)
    assert "".join(run.content for run in laid.elements) == "Supercalifragilisticexpialidocious word"
    assert laid.lines == 4 and laid.fits
    assert all(typeface.advance("/V", run.content) * 4 <= 20 for run in laid.elements)


@functools.cache
def vera_advances(weight: str) -> dict:
    """{character: advance in em} of a bundled Vera face ("Vera" or "VeraBd"), read by fontTools from the file."""
    font = TTFont(Path(typeface.__file__).resolve().parents[1] / "fonts" / f"{weight}.ttf")
    metrics, units = font["hmtx"].metrics, font["head"].unitsPerEm
    return {chr(code): metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()}


@pytest.mark.parametrize("align", ["left", "centre", "justify"])
def test_bold_text_is_fitted_with_the_bold_faces_own_space(align):
    """Words were spaced by Vera's regular space (0.318 em) while fitting, and drawn with Vera Bold's (0.348 em): a bold
    title fitted to 40.25 mm ran 0.1 mm past its box, and 10 of 65 widths from 30 to 46 mm failed validate. Each run's
    end is measured from VeraBd.ttf's and Vera.ttf's own advances (fontTools), at every width of that sweep."""
    for quarter in range(120, 185):
        width = quarter / 4
        for text in ("Harbour Master", "Swap your hand with the *player* on your left, then draw two."):
            laid = textbox.fit(text, (5, 5, width, 20), size=5, min_size=3.4, bold=True, align=align)
            for run in laid.elements:
                ems = vera_advances("VeraBd" if run.attrs.get("font-weight") == "bold" else "Vera")
                end = float(run.attrs["x"]) + sum(map(ems.__getitem__, run.content)) * float(run.attrs["font-size"])
                assert end <= 5 + width + 0.002, (text, width, run.content, end - 5 - width)   # x: svg.r rounds


def test_an_icon_after_a_number_wraps_with_it():
    """'gain 4 :coin:' in a box that ends between the 4 and the coin printed the coin alone at the start of the next
    line: the number goes down with it. After a word, an icon still wraps alone; so does one too wide with its number."""
    size = 5
    first = (typeface.advance("/V", "Gain 4 ") + 0.5) * size   # a box that holds 'Gain 4 ' and half a coin

    def lines(text, width):
        laid = textbox.fit(text, (0, 0, width, 40), size=size, icons={"coin": COIN})
        baselines = sorted({e.attrs["y"] for e in laid.elements if isinstance(e, svg.Run)})
        found: dict = {}
        for e in sorted(laid.elements, key=lambda e: e.attrs["x"] if isinstance(e, svg.Run) else e.attrs["transform"].matrix[4]):
            if isinstance(e, svg.Run):
                found.setdefault(e.attrs["y"], []).append(e.content.strip())
            else:   # an icon: on the first line whose baseline is below its top
                top = e.attrs["transform"].matrix[5]
                found.setdefault(min(b for b in baselines + [math.inf] if b > top), []).append(":coin:")
        return [" ".join(words) for _, words in sorted(found.items())]
    assert lines("Gain 4 :coin: now", first) == ["Gain", "4 :coin:", "now"]
    assert lines("Gain four :coin: now", (typeface.advance("/V", "Gain four ") + 0.5) * size) == ["Gain four", ":coin: now"]
    assert lines("4 :coin:", 0.8 * size) == ["4", ":coin:"]   # one word a line: nothing to carry


def test_a_message_quotes_a_texts_inline_icons_where_they_stand_among_its_words():
    """'Gain 3 . Another player gains 1 .': a message quoted a text's runs alone, its icons dropped. Each icon is quoted
    as :name: where it stands, the first before the words it leads; the runs drawn are as they were."""
    laid = textbox.fit(":coin: Gain 3 :coin:. Then 1 :coin:", (5, 5, 80, 20), icons={"coin": COIN})
    runs = [element for element in laid.elements if isinstance(element, svg.Run)]
    assert "".join(run.content for run in runs) == "Gain 3 . Then 1 "
    assert textcheck.named(runs) == "':coin: Gain 3 :coin: . Then 1 :coin:' (text box)"
