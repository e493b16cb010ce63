"""Our two painters agree with an independent SVG renderer: cairo's painter with cairosvg, our PDF writer with cairo."""
import io
import subprocess
import sys

import cairosvg
import pypdfium2
import pytest
from PIL import Image

from generator.output import document, raster
from generator.units import pixels as pixels_of
from generator.draw import content, svg, svgvalues
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.draw.render import draw_art
from pages import cairo_pdf, differing

DPI = 60


def pixels(png):
    """A PNG as an RGB image."""
    return Image.open(io.BytesIO(png)).convert("RGB")


def written(drawing, dpi=DPI):
    """A drawing through our own PDF writer, rendered by pdfium on the pixel grid of raster.picture_png."""
    # pdfium stretches a page over ceil(size) pixels: a page just short of the PNG's whole pixels keeps the scale exact
    doc = document.Document(*((pixels_of(v, dpi) - 0.01) * 25.4 / dpi for v in (drawing.width, drawing.height)))
    doc.paint(drawing)
    doc.next_page()
    return pypdfium2.PdfDocument(doc.save("t", "t", "t"))[0].render(scale=dpi / 72).to_pil().convert("RGB")


def hinted(drawing, dpi=DPI):
    """A drawing painted by our cairo painter with cairo's default font options (hinted glyphs), as cairosvg paints."""
    surface, ctx = raster.canvas(pixels_of(drawing.width, dpi), pixels_of(drawing.height, dpi))
    ctx.set_font_options(raster.cairocffi.FontOptions())
    raster.paint_into(ctx, drawing, (0, 0, surface.get_width(), surface.get_height()))
    return pixels(raster.encode(surface, dpi))


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_every_distinct_artwork_matches_cairosvg_and_our_pdf_writer(game):
    spec = specs.load(game)
    _, arts = expand(spec)
    for key, art in arts.items():
        drawing = draw_art(spec, art)
        text = drawing.tostring()
        ours = hinted(drawing)
        theirs = pixels(cairosvg.svg2png(bytestring=text.encode(), dpi=DPI, background_color="white"))
        assert differing(ours, theirs) < 0.01, f"{game} {key}: cairo painter and cairosvg differ"
        if "<text" in text:  # our PDF text against cairo's own PDF page, so that pdfium rasterises both texts
            ours = pypdfium2.PdfDocument(cairo_pdf(drawing))[0].render(scale=DPI / 72).to_pil().convert("RGB")
        assert differing(written(drawing), ours) < 0.01, f"{game} {key}: our PDF and cairo's drawing differ"


def test_every_shape_and_style_the_painters_know_match_each_other_and_cairosvg():
    dwg = svg.drawing(60, 40, bleed=2)
    svg.ground(dwg, "#ffffff")
    clip = dwg.defs.add(dwg.clipPath(id="c"))
    clip.add(dwg.circle((45, 30), 9))
    dwg.add(dwg.rect((2, 2), (16, 10), rx=3, fill="#d7261e", stroke="#000000", stroke_width=0.8))
    dwg.add(dwg.ellipse((30, 7), (8, 4), fill="none", stroke="#1f6fd0", stroke_width=1.2, stroke_dasharray="2,1"))
    dwg.add(dwg.path(svgvalues.path_of("M 42 2 h 10 v 8 q -5 4 -10 0 z M 44 4 l 2 0 l 0 2 z"), fill="#2f9e44", stroke="#000", stroke_width=0.4))
    dwg.add(dwg.path(svgvalues.path_of("M 4 20 A 6 4 30 1 1 16 24 C 18 30 10 34 6 30 S 2 24 4 20"), fill="#f5c211", stroke="#000000",
                     stroke_width=0.5, stroke_linejoin="round"))
    dwg.add(dwg.polyline([(20, 20), (26, 30), (32, 20), (38, 30)], fill="none", stroke="#000000", stroke_width=1.5,
                         stroke_linecap="round"))
    group = dwg.add(dwg.g(transform=svgvalues.transform("rotate(20 30 30) skewX(10)")))
    group.add(dwg.polygon([(24, 32), (32, 32), (28, 38)], fill="#8e44ad", fill_opacity=0.5))
    dwg.add(dwg.rect((36, 20), (20, 20), fill="#1f6fd0", clip_path="url(#c)"))
    dwg.add(dwg.line((0, 39), (60, 39), stroke="#000000", stroke_width=0.3, stroke_dasharray="3"))
    painted = pixels(raster.picture_png(dwg, 150))
    assert differing(written(dwg, 150), painted) < 0.002
    reference = pixels(cairosvg.svg2png(bytestring=dwg.tostring().encode(), dpi=150, background_color="white"))
    assert differing(painted, reference) < 0.002


def test_fill_rule_and_miter_limit_match_cairosvg_in_both_painters():
    dwg = svg.drawing(40, 20)
    svg.ground(dwg, "#ffffff")
    frame = "M 2 2 h 14 v 16 h -14 z M 5 5 h 8 v 10 h -8 z"  # both outlines turn the same way: only even-odd leaves a hole
    dwg.add(dwg.path(svgvalues.path_of(frame), fill="#e67e22", fill_rule="evenodd", stroke="#000000", stroke_width=0.4))
    for x, limit in ((20, 2), (30, 8)):  # a 20 degree turn: cut off below a limit of 5.8, pointed above it
        dwg.add(dwg.polyline([(x, 17), (x + 4, 4), (x + 8, 17)], fill="none", stroke="#1f6fd0", stroke_width=2,
                             stroke_miterlimit=limit))
    ops = content.write(dwg).ops
    assert "B*" in ops and "2 M" in ops and "8 M" in ops
    painted = pixels(raster.picture_png(dwg, 150))
    assert differing(written(dwg, 150), painted) < 0.002
    reference = pixels(cairosvg.svg2png(bytestring=dwg.tostring().encode(), dpi=150, background_color="white"))
    assert differing(painted, reference) < 0.002


def test_a_see_through_group_is_a_transparency_group_that_matches_cairosvg_and_needs_no_cairo():
    dwg = svg.drawing(40, 20)
    svg.ground(dwg, "#ffffff")
    group = dwg.add(dwg.g(opacity=0.5, transform=svgvalues.rotate(10, 20, 10)))
    group.add(dwg.rect((4, 4), (16, 12), fill="#d7261e"))
    group.add(dwg.circle((20, 10), 7, fill="#1f6fd0", stroke="#000000", stroke_width=1))  # overlaps the rect
    group.add(svg.text(dwg, "Hi", 28, 14, 6, "#000000", anchor="start"))
    dwg.add(dwg.rect((30, 2), (8, 6), fill="#2f9e44", opacity=0.25))  # a single shape see-through too
    face = content.write(dwg)
    assert len(face.groups) == 2 and all(f"{name} Do" in face.ops for name, _ in face.groups)
    reference = pixels(cairosvg.svg2png(bytestring=dwg.tostring().encode(), dpi=150, background_color="white"))
    ours = written(dwg, 150)
    assert differing(ours, reference) < 0.002
    # where the circle covers the rect, a group shows only the circle (blue at half strength), not red through it
    x, y = round(15 * 150 / 25.4), round(10 * 150 / 25.4)
    assert abs(ours.getpixel((x, y))[0] - reference.getpixel((x, y))[0]) <= 6 and ours.getpixel((x, y))[0] < 160


def test_a_sheet_with_a_see_through_group_is_written_without_cairo_or_pikepdf():
    script = ("import sys\nfrom generator.output import document; from generator.draw import svg\n"
              "dwg = svg.drawing(20, 20)\ng = dwg.add(dwg.g(opacity=0.5))\ng.add(dwg.rect((2, 2), (10, 10), fill='#d7261e'))\n"
              "doc = document.Document(30, 30)\ndoc.paint(dwg)\ndoc.next_page()\ndata = doc.save('t', 't', 't')\n"
              "assert b'/S /Transparency' in data\n"
              "print(sorted(m for m in ('cairocffi', 'pikepdf') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
