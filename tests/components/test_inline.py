"""Pictures inside a text: the spec's inline: table gives a :name: the designer's PNG, JPEG or SVG art or a template,
at a size of its own; measured on the PDF pdfium renders, the PNG cairo paints and the SVG file as cairosvg draws it."""
import io
import textwrap
from pathlib import Path

import cairosvg
import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

import pages
from generator.draw.render import draw_art
from generator.errors import SpecError, UserError
from generator.output.formats import svg as svg_format
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.check.validate import validate

PX = 20  # pixels per mm
RED = (0xd0, 0x20, 0x30)
VERA = TTFont(Path(__file__).resolve().parents[2] / "generator" / "fonts" / "Vera.ttf")
EM = VERA["head"].unitsPerEm
ASCENT, DESCENT = VERA["hhea"].ascent / EM, -VERA["hhea"].descent / EM   # the font's own, read apart from pnp


def advance(text: str) -> float:
    """The width in em of a text in Vera, from its hmtx table."""
    cmap, widths = VERA.getBestCmap(), VERA["hmtx"].metrics
    return sum(widths[cmap[ord(ch)]][0] for ch in text) / EM


def make(tmp_path, inline, element, cells=("Gain :gem: now",)):
    """A 60 x 40 mm card (no bleed) whose text element shows each cell; art/gem.png a 200 x 100 red picture."""
    (tmp_path / "art").mkdir(exist_ok=True)
    Image.new("RGB", (200, 100), RED).save(tmp_path / "art" / "gem.png")
    (tmp_path / "cards.csv").write_text("rules\n" + "".join(f'"{cell}"\n' for cell in cells))
    (tmp_path / "game.yaml").write_text(textwrap.dedent(f"""\
        game: {{title: Inline Test, designer: Tester}}
        palette: {{paper: "#ffffff"}}
        inline: {inline}
        components:
          cards:
            kind: layout
            expect: {len(cells)}
            width: 60 mm
            height: 40 mm
            bleed: 0 mm
            data: cards.csv
            layout:
              ground: paper
              elements:
                rules: {element}
        """))
    return specs.load(str(tmp_path / "game.yaml"))


def face(spec, number=0):
    """The drawing of a front."""
    return draw_art(spec, [art for art in expand(spec)[1].values() if art.side == "front"][number])


def red_box(image):
    """The box (left, top, right, bottom) in mm of an image's red pixels."""
    r, g, b = image.convert("RGB").split()
    red = ImageChops.multiply(r.point(lambda v: 255 if v > 150 else 0),
                              ImageChops.multiply(g.point(lambda v: 255 if v < 100 else 0), b.point(lambda v: 255 if v < 100 else 0)))
    found = red.getbbox()
    assert found, "no red in the image"
    return tuple(v / PX for v in found)


def renders(drawing):
    """The drawing as pnp writes it three ways: its PDF (pdfium), its PNG (cairo) and its SVG file (cairosvg)."""
    pdf = pages.pdfium(pages.pdf_bytes((drawing.width, drawing.height), drawing), PX)
    png = pages.cairo(drawing, PX)
    svg = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg_format.to_text(drawing),
                                                 output_width=round(drawing.width * PX),
                                                 output_height=round(drawing.height * PX)))).convert("RGB")
    return {"pdf": pdf, "png": png, "svg": svg}


def test_a_picture_in_a_text_has_its_size_and_proportions_and_sits_in_its_line_in_every_output(tmp_path):
    spec = make(tmp_path, "{gem: {file: art/gem.png, size: 1.5 em}}",
                "{type: text, x: 5, y: 6, width: 50, height: 30, size: 4, text: '{rules}'}")
    size, height = 4.0, 1.5 * 4.0
    left = 5 + advance("Gain ") * size                        # after "Gain" and a space
    above = max(0.0, 1.5 / 2 - (DESCENT - 0.5) - ASCENT)      # how far past the ascent it reaches: the line moves down
    baseline = 6 + (ASCENT + above) * size
    top = baseline + (DESCENT - 0.5 - 0.75) * size            # its middle where a one em icon's is
    for name, image in renders(face(spec)).items():
        box = red_box(image)
        assert box == pytest.approx((left, top, left + 2 * height, top + height), abs=0.1), name


def test_a_tall_picture_pushes_its_lines_apart_and_counts_in_the_fit(tmp_path):
    spec = make(tmp_path, "{gem: {file: art/gem.png, size: 2 em}}",
                "{type: text, x: 5, y: 6, width: 50, height: 5, size: 4, min_size: 1.5, text: '{rules}'}",
                cells=(":gem: gem",))
    # the block is the picture from the box's top (it reaches past the ascent) to its foot, half an em below the
    # descent: 2 em high; the box is 5 mm, so the text settles at 2.5 mm and the picture fills the box's height
    png = pages.cairo(face(spec), PX)
    assert red_box(png) == pytest.approx((5, 6, 5 + 10, 11), abs=0.1)
    alone = make(tmp_path, "{gem: {file: art/gem.png, size: 2 em}}",
                 "{type: text, x: 5, y: 6, width: 50, height: 5, size: 4, text: '{rules}'}", cells=(":gem: gem",))
    assert [str(f).split("): ", 1)[-1] for f in validate(alone)] == [
        "text ':gem: gem' does not fit its 50.0 x 5.0 mm box at its size, 4 mm, and has no min_size to shrink to "
        "(text rules)"]


def test_the_line_after_a_tall_picture_keeps_its_leading_from_the_picture_s_foot(tmp_path):
    spec = make(tmp_path, "{gem: {file: art/gem.png, size: 2 em, dy: 0.25 em}}",
                "{type: text, x: 5, y: 2, width: 50, height: 36, size: 4, text: '{rules}'}",
                cells=(":gem:\nH",))
    image = pages.cairo(face(spec), PX)
    gem = red_box(image)
    below = image.convert("L").crop((0, round(gem[3] * PX), image.width, image.height))
    h_top = gem[3] + Image.eval(below, lambda v: 255 if v < 100 else 0).getbbox()[1] / PX
    cap = VERA["glyf"]["H"].yMax / EM
    # the picture's foot (moved 0.25 em down) stands for the first line's descent: the next baseline is the leading
    # (1.2 em) below where that descent would be, as between two lines of words
    assert h_top == pytest.approx(gem[3] + (1.2 - DESCENT - cap) * 4, abs=0.1)
    assert h_top > gem[3]
    assert gem[3] - gem[1] == pytest.approx(8, abs=0.1)


def test_pictures_wrap_as_words_do(tmp_path):
    spec = make(tmp_path, "{gem: {file: art/gem.png, size: 1 em}}",
                "{type: text, x: 5, y: 2, width: 20, height: 36, size: 4, text: '{rules}'}",
                cells=(":gem: :gem: :gem:",))
    image = pages.cairo(face(spec), PX)
    # each picture 8 mm wide: two fit the 20 mm line with a space between, the third goes to the next line
    space = advance(" ") * 4
    row = [image.getpixel((round(x * PX), round(3.5 * PX))) == RED
           for x in (5.2, 12.8, 13.2, 13 + space + 0.2, 21 + space - 0.2, 21 + space + 0.2)]
    assert row == [True, True, False, True, True, False]
    assert image.getpixel((round(6 * PX), round((3.5 + 4 * 1.2) * PX))) == RED


def test_an_icon_takes_a_size_of_its_own_and_the_text_colour(tmp_path):
    spec = make(tmp_path, "{big: {icon: square, size: 3 em}}",
                "{type: text, x: 5, y: 6, width: 50, height: 30, size: 4, colour: '#d02030', text: '{rules}'}",
                cells=(":big:", ":square:"))
    big, plain = (red_box(pages.cairo(face(spec, k), PX)) for k in (0, 1))
    for k in (0, 1):   # three times the one em icon's size, each painted in the text's colour
        assert big[k + 2] - big[k] == pytest.approx(3 * (plain[k + 2] - plain[k]), abs=0.15)


@pytest.mark.parametrize("inline, message", [
    ("{gem: {file: art/none.png}}", "game.yaml:3: inline.gem.file: no such file '"),
    ("{gem: {file: art/gem.png, size: 4 mm}}", "game.yaml:3: inline.gem.size: expected a number of em (the text's size: "
     "the picture grows and shrinks with it) from 0.2 to 5, such as 1.2 em, found '4 mm'"),
    ("{gem: {icon: sword}}", "game.yaml:3: inline.gem.icon: no template 'sword' (templates: "),
    ("{gem: {file: art/gem.png, width: 3}}", "game.yaml:3: inline.gem.width: unknown key 'width' (expected one of "
     "file, icon, size, dy; an inline picture keeps its proportions: give its height as size)"),
    ("{gem: {file: art/gem.png, sise: 1.2}}", "game.yaml:3: inline.gem.sise: unknown key 'sise': did you mean 'size'? "
     "(expected one of file, icon, size, dy)"),
    ("{'3': art/gem.png}", "game.yaml:3: inline.3: expected a name of letters, digits, '-' and '_', not digits alone (a "
     "text writes it :name:, and 3:30 is a time, not a picture), found '3'"),   # the rule it broke was not said
])
def test_a_wrong_inline_entry_is_one_line_naming_the_file_line_and_key(tmp_path, inline, message):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, inline, "{type: text, text: '{rules}'}")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_name_in_a_cell_that_no_picture_or_icon_has_names_the_row_and_column(tmp_path):
    with pytest.raises(UserError) as caught:
        make(tmp_path, "{gem: art/gem.png}", "{type: text, text: '{rules}'}", cells=("Gain :gem:", "Gain :ruby:"))
    assert str(caught.value).startswith(f"{tmp_path / 'cards.csv'} row 3, column rules: layout element rules.text: "
                                        f"':ruby:' names no icon or inline picture (icons: ")
