"""Outlined text: outline: {colour, width} on a text element strokes its letters' outlines under them, reaching width
past them, in the PDF, the PNG and the SVG file alike; the text is laid that far inside its box."""
import io
import textwrap
from pathlib import Path

import cairosvg
import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

import pages
from generator.check.validate import validate
from generator.draw.render import draw_art
from generator.errors import SpecError
from generator.output.formats import svg as svg_format
from generator.spec import loader as specs
from generator.spec.expand import expand

PX = 20   # pixels per mm
RED, WHITE, BLUE = (0xd0, 0x20, 0x30), (0xff, 0xff, 0xff), (0x20, 0x40, 0xd0)
VERA = TTFont(Path(__file__).resolve().parents[2] / "generator" / "fonts" / "Vera.ttf")


def make(tmp_path, outline, text="I", x=10):
    """A 60 x 40 mm blue card (3 mm bleed) with a white 20 mm text at x, outlined as given."""
    (tmp_path / "game.yaml").write_text(textwrap.dedent(f"""\
        game: {{title: Outline, designer: Tester}}
        palette: {{red: "#d02030"}}
        components:
          cards:
            kind: layout
            expect: 1
            width: 60 mm
            height: 40 mm
            bleed: 3 mm
            layout:
              ground: "#2040d0"
              elements:
                word: {{type: text, x: {x}, y: 5, width: 45, height: 30, size: 20, colour: white, text: {text},
                        outline: {outline}}}
        """))
    return specs.load(str(tmp_path / "game.yaml"))


def box_of(image, colour):
    """The box (left, top, right, bottom) in mm of the pixels of a colour."""
    near = ImageChops.difference(image, Image.new("RGB", image.size, colour)).convert("L")
    return tuple(v / PX for v in near.point(lambda v: 255 if v < 40 else 0).getbbox())


def test_an_outline_reaches_its_width_past_the_letters_in_every_output(tmp_path):
    spec = make(tmp_path, "{colour: red, width: 1 mm}")
    drawing = draw_art(spec, next(iter(expand(spec)[1].values())))
    glyph, em = VERA["glyf"]["I"], VERA["head"].unitsPerEm
    pen = 3 + 10 + 1        # the bleed's 3 mm, the box's x, then 1 mm inside its box, for the outline
    left, right = pen + glyph.xMin * 20 / em, pen + glyph.xMax * 20 / em   # the stem of the I, from the font itself
    svg = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg_format.to_text(drawing), output_width=66 * PX,
                                                 output_height=46 * PX))).convert("RGB")
    for name, image in {"pdf": pages.pdfium(pages.pdf_bytes((66, 46), drawing), PX), "png": pages.cairo(drawing, PX),
                        "svg": svg}.items():
        red, white = box_of(image, RED), box_of(image, WHITE)
        assert (white[0], white[2]) == pytest.approx((left, right), abs=0.1), name      # the letter whole, on top
        assert (red[0], red[2]) == pytest.approx((left - 1, right + 1), abs=0.1), name  # the outline 1 mm round it
        assert red[3] - red[1] == pytest.approx(white[3] - white[1] + 2, abs=0.1), name


def test_outlined_text_passes_its_checks_and_an_outline_past_the_safe_area_is_reported(tmp_path):
    assert validate(make(tmp_path, "{colour: red, width: 1 mm}", text="Hi")) == []
    bearing = VERA["glyf"]["I"].xMin * 20 / VERA["head"].unitsPerEm
    spec = make(tmp_path, "{colour: red}", text="I", x=round(2 - bearing - 0.3, 3))   # the letter's ink 2 mm in: its
    # 0.3 mm outline (the width when none is given) runs past the text's safe area, 2 mm inside the cut
    assert [str(f).split("face 1: ")[-1] for f in validate(spec)] == [
        "text 'I' runs 0.3 mm past the left edge of the safe area (2 mm inside the cut) (text word)"]


@pytest.mark.parametrize("outline, message", [
    ("{width: 1 mm}", "outline: expected {colour: a palette name or #rrggbb, width: a length such as 0.4 mm}, found a "
                      "mapping"),
    ("{colour: gold}", "outline: unknown colour 'gold' (palette has "),
    ("{colour: red, width: 9 mm}", "outline: outline width: expected a size from 0.05 to 3 mm"),
])
def test_a_wrong_outline_is_one_line_naming_the_key(tmp_path, outline, message):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, outline)
    assert f"game.yaml:14: components.cards.layout.elements.word.{message}" in str(caught.value)


def test_an_outline_takes_color_as_the_markup_does(tmp_path):
    spec = make(tmp_path, "{color: red, width: 0.5 mm}")
    drawing = draw_art(spec, next(iter(expand(spec)[1].values())))
    assert box_of(pages.cairo(drawing, PX), RED)   # drawn in red


def test_each_lines_outline_lies_under_every_letter_of_the_text(tmp_path):
    """Each run was stroked and then filled before the next: a second line's outline covered the first line's
    descenders. Every white pixel of 'gjy' set alone is white still with a line of capitals under it, in every output."""
    def card(folder, text):
        folder.mkdir()
        (folder / "game.yaml").write_text(textwrap.dedent(f"""\
            game: {{title: Outline, designer: Tester}}
            components:
              cards:
                kind: layout
                expect: 1
                width: 60 mm
                height: 60 mm
                layout:
                  ground: "#2040d0"
                  elements:
                    word: {{type: text, x: 5, y: 5, width: 50, height: 50, size: 12, leading: 1.0, colour: white,
                            text: "{text}", outline: {{colour: black, width: 1 mm}}}}
            """))
        spec = specs.load(str(folder / "game.yaml"))
        drawing = draw_art(spec, next(iter(expand(spec)[1].values())))
        svg = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg_format.to_text(drawing), output_width=66 * PX,
                                                     output_height=66 * PX))).convert("RGB")
        return {"pdf": pages.pdfium(pages.pdf_bytes((66, 66), drawing), PX), "png": pages.cairo(drawing, PX), "svg": svg}
    alone, over = card(tmp_path / "alone", "gjy"), card(tmp_path / "over", "gjy\\nHHH")
    for name, image in alone.items():
        white = ImageChops.difference(image, Image.new("RGB", image.size, WHITE)).convert("L").point(
            lambda v: 255 if v < 40 else 0)
        kept = ImageChops.difference(over[name], Image.new("RGB", image.size, WHITE)).convert("L").point(
            lambda v: 255 if v < 100 else 0)
        lost = ImageChops.subtract(white, kept)   # white alone, not white with the second line
        assert white.getbbox() and lost.histogram()[255] < 10, (name, lost.histogram()[255], white.histogram()[255])
