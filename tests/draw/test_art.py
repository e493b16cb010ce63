"""The designer's art: PNG and JPEG images embedded once at their own resolution, Inkscape SVG drawn by cairosvg,
and nothing read from outside the spec's folder."""
import base64
import functools
import io
import os
import shutil
import struct
import subprocess
import sys
import zlib

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageDraw, ImageFilter

import pages
from generator.build import components_pdf
from generator.cli import cli
from generator.draw import art, looks, svg
from generator.check import resolution, vision
from generator.errors import UserError
from generator.output import preview
from generator.spec import loader as specs

PX = 10  # pixels per mm the pages are rendered at
INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   width="40mm" height="30mm" viewBox="0 0 40 30" version="1.1" id="svg1">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="2.5" inkscape:current-layer="layer1"/>
  <defs id="defs1">
    <linearGradient id="sea" inkscape:collect="always">
      <stop style="stop-color:#0044aa;stop-opacity:1" offset="0" id="stop1"/>
      <stop style="stop-color:#00aa44;stop-opacity:1" offset="1" id="stop2"/>
    </linearGradient>
    <linearGradient inkscape:collect="always" xlink:href="#sea" id="seaUse" x1="0" y1="0" x2="40" y2="0"
       gradientUnits="userSpaceOnUse"/>
    <style id="style1">.hull { fill: #d4aa00; stroke: #000000; stroke-width: 0.5 }</style>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:url(#seaUse);stroke:none" id="rect1" width="40" height="30" x="0" y="0"/>
    <path class="hull" d="M 10,20 L 30,20 L 26,25 L 14,25 Z" id="hull"/>
    <text xml:space="preserve" style="font-size:4px;fill:#ffffff" x="2" y="6" id="text1">Ship</text>
  </g>
</svg>
"""


@pytest.fixture()
def folder(tmp_path):
    """A spec's folder with a 600 x 840 px PNG (see-through at the foot), a JPEG and an Inkscape SVG."""
    image = Image.new("RGBA", (600, 840), (200, 30, 30, 255))
    ImageDraw.Draw(image).rectangle((0, 700, 599, 839), fill=(0, 0, 0, 0))
    image.save(tmp_path / "card.png")
    Image.new("RGB", (300, 200), (20, 160, 60)).save(tmp_path / "photo.jpg", quality=90)
    (tmp_path / "ship.svg").write_text(INKSCAPE)
    return tmp_path


def card(*placed):
    """A 63 x 88 mm white card holding placed art."""
    dwg = svg.drawing(63, 88)
    svg.ground(dwg, "#ffffff")
    for element in placed:
        dwg.add(element)
    return dwg


pdf_bytes = functools.partial(pages.pdf_bytes, (63, 88))


def pdfium(data, page=0):
    """A page rendered by pdfium at PX pixels per mm."""
    return pages.pdfium(data, PX, page)


def cairo(dwg):
    """A drawing painted by our cairo painter at PX pixels per mm."""
    return pages.cairo(dwg, PX)


def at(image, x, y):
    """The pixel at (x, y) mm."""
    return image.getpixel((round(x * PX), round(y * PX)))


def near(pixel, rgb, tolerance=12):
    """True when a pixel is within tolerance of a colour in every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb))


def test_a_card_sized_png_below_300_dpi_warns(folder):
    dwg = card(art.place(art.load(folder, "card.png"), 0, 0, 63, 88))
    assert resolution.warnings(dwg) == ["card.png prints at 242 dpi at 63.0 x 88.0 mm (600 x 840 pixels; 300 dpi wanted)"]
    small = card(art.place(art.load(folder, "card.png"), 0, 0, 40, 56))  # 381 dpi
    assert resolution.warnings(small) == []


def test_images_are_embedded_once_at_their_own_resolution(folder):
    png, jpeg = art.load(folder, "card.png"), art.load(folder, "photo.jpg")
    faces = [card(art.place(png, 0, 0, 63, 88), art.place(jpeg, 5, 5, 30, 20)), card(art.place(png, 10, 10, 20, 28))]
    data = pdf_bytes(*faces)
    with pikepdf.open(io.BytesIO(data)) as doc:
        images = [obj for obj in doc.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
        colour = [i for i in images if "/SMask" in i or i.get("/Filter") == "/DCTDecode"]
        assert sorted((int(i.Width), int(i.Height)) for i in colour) == [(300, 200), (600, 840)]
        assert len(images) == 3  # and the PNG's alpha, once, as its soft mask
        photo = next(i for i in colour if i.get("/Filter") == "/DCTDecode")
        assert photo.read_raw_bytes() == (folder / "photo.jpg").read_bytes()  # the JPEG as it is
    for image in (pdfium(data), cairo(faces[0])):
        assert near(at(image, 50, 30), (200, 30, 30))   # the PNG
        assert near(at(image, 50, 80), (255, 255, 255))  # its see-through foot shows the ground
        assert near(at(image, 20, 15), (20, 160, 60))   # the JPEG over it
    assert pdf_bytes(*faces) == data


def test_inkscape_svg_with_a_gradient_renders(folder):
    ship = art.load(folder, "ship.svg")
    assert ship.size == pytest.approx((40 * 72 / 25.4, 30 * 72 / 25.4))
    faces = [card(art.place(ship, 10, 20, 40, 30)), card(art.place(ship, 10, 50, 40, 30))]
    data = pdf_bytes(*faces)

    def forms(data):
        with pikepdf.open(io.BytesIO(data)) as doc:
            return sum(1 for obj in doc.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form")
    assert forms(data) == forms(pdf_bytes(faces[0])) >= 1   # drawn once, placed twice: no form more for the second
    for image in (pdfium(data), cairo(faces[0])):
        assert near(at(image, 11, 30), (0, 0x44, 0xaa), 16)   # the gradient's blue end
        assert near(at(image, 49, 30), (0, 0xaa, 0x44), 16)   # its green end
        assert near(at(image, 30, 43), (0xd4, 0xaa, 0), 16)   # the hull, coloured by the <style> sheet
        assert near(at(image, 5, 30), (255, 255, 255))        # nothing outside the placed box
    assert pdf_bytes(*faces) == data


@pytest.mark.parametrize("ref", ["file:///etc/passwd", "../x.png", "/etc/passwd", "http://example.com/x.png"])
def test_svg_reaching_outside_the_folder_is_refused(tmp_path, ref):
    spec = tmp_path / "game"
    spec.mkdir()
    (tmp_path / "x.png").write_bytes(b"\x89PNG")
    (spec / "evil.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                   f'width="10mm" height="10mm"><image xlink:href="{ref}" width="10" height="10"/></svg>')
    with pytest.raises(UserError) as caught:
        art.load(spec, "evil.svg")
    message = str(caught.value)
    assert message.startswith(f"evil.svg: refers to '{ref}'") and "\n" not in message   # named as the spec names it


def test_svg_entities_and_files_outside_are_refused(tmp_path):
    (tmp_path / "xxe.svg").write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                                      '<svg xmlns="http://www.w3.org/2000/svg" width="1mm" height="1mm">&x;</svg>')
    with pytest.raises(UserError, match=r"xxe\.svg: SVG declares entities, which could read other files"):
        art.load(tmp_path, "xxe.svg")
    with pytest.raises(UserError, match=r"^\.\./ship\.png: the file is outside the spec's folder"):
        art.load(tmp_path, "../ship.png")
    (tmp_path / "link.png").symlink_to("/etc/hostname")
    with pytest.raises(UserError, match=r"^link\.png: the file is outside the spec's folder"):
        art.load(tmp_path, "link.png")


def test_a_broken_art_file_is_named_from_the_spec_folder_when_it_is_read(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "fire.png").write_text("hello\n")
    (tmp_path / "art" / "gem.svg").write_text("<svg")
    (tmp_path / "art" / "torn.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(20))
    noise = Image.effect_noise((300, 200), 40).convert("RGB")
    for kind in ("PNG", "JPEG"):   # cut in half, as an editor still saving it leaves it
        noise.save(buffer := io.BytesIO(), kind)
        (tmp_path / "art" / f"half.{kind.lower()}").write_bytes(buffer.getvalue()[:len(buffer.getvalue()) // 2])
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    (tmp_path / "art" / "garbled.png").write_bytes(   # every CRC right, its pixels a stream of garbage: found only when
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100, 100, 8, 2, 0, 0, 0))   # a face was drawn,
        + chunk(b"IDAT", b"garbage") + chunk(b"IEND", b""))                                       # naming no line
    for name, problem in (("fire.png", "not a PNG, JPEG or SVG file"), ("gem.svg", "not well-formed SVG"),
                          ("torn.png", "not a readable image (cannot identify image file)"),
                          ("half.png", "not a readable image"), ("half.jpeg", "not a readable image"),
                          ("garbled.png", "not a readable image (broken data stream when reading image file)")):
        with pytest.raises(UserError) as caught:
            art.load(tmp_path, f"art/{name}")
        assert str(caught.value).startswith(f"art/{name}: {problem}"), str(caught.value)
        assert "<_io" not in str(caught.value)


def test_missing_art_is_named_as_the_spec_names_it(tmp_path, monkeypatch):
    (tmp_path / "game").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match=r"^no such file 'game/art/absent\.png'$"):   # as a missing layout is named
        art.load("game", "art/absent.png")


def test_svg_may_use_a_png_beside_it(folder):
    (folder / "framed.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
                                       'viewBox="0 0 10 10"><image href="card.png" width="10" height="10" '
                                       'preserveAspectRatio="none"/></svg>')
    image = pdfium(pdf_bytes(card(art.place(art.load(folder, "framed.svg"), 0, 0, 10, 10))))
    assert near(at(image, 5, 5), (200, 30, 30))


GREY_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="40mm" viewBox="0 0 40 40" color="teal">
  <defs>
    <linearGradient id="sea" x1="0" y1="0" x2="40" y2="0" gradientUnits="userSpaceOnUse">
      <stop offset="0" style="stop-color:#0044aa"/><stop offset="1" stop-color="rgb(0, 170, 68)"/>
    </linearGradient>
    <filter id="flood" x="0" y="0" width="1" height="1"><feFlood flood-color="#8a2be2"/></filter>
    <style>.hull { fill: #d4aa00; stroke: crimson; stroke-width: 0.5 }</style>
  </defs>
  <rect width="40" height="8" fill="url(#sea)"/>
  <rect class="hull" x="1" y="9" width="18" height="9"/>
  <rect x="20" y="8" width="20" height="10" fill="currentColor"/>
  <rect y="18" width="20" height="10" style="fill:orange"/>
  <rect x="20" y="18" width="20" height="10" fill="rgb(30%, 60%, 10%)"/>
  <rect y="28" width="20" height="12" filter="url(#flood)"/>
  <image x="20" y="28" width="20" height="12" preserveAspectRatio="none" href="data:image/png;base64,{png}"/>
</svg>"""


@pytest.fixture()
def coloured(tmp_path):
    """A layout game whose one card holds a PNG, a PNG with see-through parts, a JPEG and an SVG (a gradient, a <style>
    sheet, a style attribute, named, rgb() and currentColor colours, a flood and a PNG of its own) over a red patch."""
    bands = Image.new("RGB", (300, 300))
    for i, rgb in enumerate([(220, 40, 30), (30, 160, 60), (40, 70, 200), (240, 200, 20), (90, 20, 120)]):
        ImageDraw.Draw(bands).rectangle((0, i * 60, 299, i * 60 + 59), fill=rgb)
    bands.save(tmp_path / "bands.png")
    disc = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((30, 30, 270, 270), fill=(200, 30, 160, 255))
    disc.save(tmp_path / "disc.png")
    photo = Image.new("RGB", (300, 300), (20, 160, 60))
    ImageDraw.Draw(photo).rectangle((0, 150, 299, 299), fill=(250, 120, 10))
    photo.save(tmp_path / "photo.jpg", quality=95)
    inner = io.BytesIO()
    Image.new("RGB", (20, 12), (0, 128, 255)).save(inner, "PNG")
    (tmp_path / "ship.svg").write_text(GREY_SVG.replace("{png}", base64.b64encode(inner.getvalue()).decode()))
    (tmp_path / "cards.csv").write_text("name\none\n")
    (tmp_path / "front.yaml").write_text(
        "ground: white\nelements:\n"
        "  bands: {type: image, file: bands.png, x: 2, y: 2, width: 28, height: 28}\n"
        "  disc: {type: image, file: disc.png, x: 33, y: 2, width: 28, height: 28}\n"
        "  photo: {type: image, file: photo.jpg, x: 2, y: 33, width: 28, height: 28}\n"
        "  ship: {type: image, file: ship.svg, x: 33, y: 33, width: 28, height: 28}\n"
        "  patch: {type: rect, x: 2, y: 64, width: 59, height: 20, fill: \"#c8462b\"}\n")
    (tmp_path / "art.yaml").write_text(
        "game: {title: Art, designer: tests, players: \"2\", time: 5 min}\n"
        "components:\n  cards: {kind: layout, expect: 1, width: 63 mm, height: 88 mm, layout: front.yaml, data: cards.csv}\n")
    return tmp_path / "art.yaml"


def poppler(data):
    """A page of PDF bytes rendered by poppler (pdftoppm) at PX pixels per mm."""
    made = subprocess.run(["pdftoppm", "-r", str(round(PX * 25.4)), "-png", "-singlefile", "-"], input=data,
                          capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(made)).convert("RGB")


def greyed_apart(colour, grey):
    """(the largest channel spread of the grey render, the pixels of flat areas of the colour render (3 x 3 alike),
    the largest difference there between the grey render and grey() of the colour render's pixel, and the same on the
    SVG's gradient, which runs between its greyed stops: sRGB blends of greys, not the greys of sRGB blends)."""
    flat = ImageChops.difference(colour.filter(ImageFilter.MaxFilter(3)), colour.filter(ImageFilter.MinFilter(3)))
    spread = max(hi - lo for lo, hi in ImageChops.difference(grey.convert("L").convert("RGB"), grey).getextrema())
    levels = {rgb: int(looks.grey("#%02x%02x%02x" % rgb)[1:3], 16) for _, rgb in colour.getcolors(1 << 24)}
    worst, count = [0, 0], 0
    for want, got, edge in zip(colour.get_flattened_data(), grey.get_flattened_data(), flat.get_flattened_data()):
        if edge == (0, 0, 0):
            count += 1
            sea = want[0] <= 2 and abs(want[1] + want[2] - 0x44 - 0xaa) <= 3 and want[1] not in (0x44, 0xaa)
            worst[sea] = max(worst[sea], *(abs(v - levels[want]) for v in got))
    return spread, count, *worst


def test_greyscale_prints_every_pixel_of_the_art_as_its_grey(coloured):
    """A greyscale build prints the designer's PNG, JPEG and SVG art as drawn colours are printed: each pixel the grey
    of its colour (looks.grey), under pdfium and poppler; a colour build in the same run keeps its colours."""
    spec = specs.load(str(coloured))
    grey_pdf, _ = components_pdf(spec, "a4", looks=("greyscale",))   # first: the colour build must not take its art
    colour_pdf, _ = components_pdf(spec, "a4")
    renderers = [pages.pdfium] + ([lambda data, px: poppler(data)] if shutil.which("pdftoppm") else [])
    for render in renderers:
        colour, grey = render(colour_pdf, PX), render(grey_pdf, PX)
        spread, count, worst, sea = greyed_apart(colour, grey)
        assert spread <= 1 and worst <= 1 and sea <= 6 and count > 0.9 * colour.width * colour.height, (spread, worst, sea)
        assert len({rgb for _, rgb in colour.getcolors(1 << 24) if max(rgb) - min(rgb) > 60}) > 8   # the art in colour
    with pikepdf.open(io.BytesIO(grey_pdf)) as doc:
        names = {str(name)[:3] for page in doc.pages for name in page.Resources.XObject.keys()}
    assert names >= {"/IG", "/GG"}   # the greyed art: resources of their own


def test_greyed_images_take_the_grey_of_each_colour():
    """art.greyed turns each pixel into looks.grey of its colour: a whole image at once, every level of each channel."""
    levels = [0, 1, 2, 5, 10, 11, 12, 40, 64, 100, 128, 180, 200, 250, 254, 255]
    colours = [(r, g, b) for r in levels for g in levels for b in levels] + [(v, v, v) for v in range(256)]
    image = Image.new("RGB", (len(colours), 1))
    image.putdata(colours)
    got = art.greyed(image).get_flattened_data()
    apart = [abs(a - int(looks.grey("#%02x%02x%02x" % rgb)[1:3], 16)) for a, rgb in zip(got, colours)]
    assert max(apart) <= 1 and apart.count(0) > 0.99 * len(colours)   # 1 only where the level is within 0.05 of a half
    assert got[-256:] == tuple(range(256))   # a grey is its own grey
    cmyk = Image.new("CMYK", (2, 1), (0, 200, 255, 0))
    assert art.greyed(cmyk).getpixel((0, 0)) == int(looks.grey("#%02x%02x%02x" % cmyk.convert("RGB").getpixel((0, 0)))[1:3], 16)


def test_the_gallerys_greyscale_view_greys_the_art_and_keeps_its_see_through_parts(folder):
    """The painter (the gallery's views, PNGs) draws greyed art too: the PNG grey, its see-through foot the ground."""
    face = card(art.place(art.load(folder, "card.png"), 0, 0, 63, 88), art.place(art.load(folder, "photo.jpg"), 5, 5, 30, 20),
                art.place(art.load(folder, "ship.svg"), 10, 50, 40, 30))
    grey = cairo(preview.seen(face, "greyscale"))
    assert near(at(grey, 50, 30), (int(looks.grey("#c81e1e")[1:3], 16),) * 3, 1)
    assert near(at(grey, 50, 84), (255, 255, 255), 0)
    assert near(at(grey, 20, 15), (int(looks.grey("#14a03c")[1:3], 16),) * 3, 3)   # the JPEG, as it decodes
    assert near(at(grey, 30, 73), (int(looks.grey("#d4aa00")[1:3], 16),) * 3, 1)   # the SVG's hull
    assert near(at(cairo(face), 50, 30), (200, 30, 30))   # the face itself keeps its colours


def test_a_cmyk_jpeg_prints_in_greys(tmp_path):
    """A CMYK JPEG (as Photoshop saves one) is greyed from the colour Pillow reads it as."""
    Image.new("CMYK", (200, 200), (0, 200, 255, 0)).save(tmp_path / "cmyk.jpg", quality=95)
    source = art.load(tmp_path, "cmyk.jpg")
    image = pages.pdfium(pdf_bytes(looks.greyscale(card(art.place(source, 0, 0, 63, 88)))), PX)
    rgb = Image.open(tmp_path / "cmyk.jpg").convert("RGB").getpixel((100, 100))
    assert near(at(image, 30, 40), (int(looks.grey("#%02x%02x%02x" % rgb)[1:3], 16),) * 3, 1)


def test_the_greyscale_build_after_a_colour_one_greys_the_art(coloured, tmp_path):
    """pnp build, then pnp build --greyscale into the same folder (its faces and streams kept): the greyscale file's art
    is grey, the colour file's is not."""
    out = tmp_path / "out"
    for extra in ([], ["--greyscale"]):
        result = CliRunner().invoke(cli, ["build", str(coloured), "--paper", "a4", "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
    colour = pages.pdfium((out / "art" / "art-components-a4.pdf").read_bytes(), 4)
    grey = pages.pdfium((out / "art" / "art-components-a4-greyscale.pdf").read_bytes(), 4)
    assert max(hi - lo for lo, hi in ImageChops.difference(grey.convert("L").convert("RGB"), grey).getextrema()) <= 1
    assert ImageChops.difference(colour.convert("L").convert("RGB"), colour).getbbox()


@pytest.mark.parametrize("view", ["protan", "deutan", "tritan"])
def test_the_gallerys_colour_vision_views_show_the_art_as_such_a_viewer_sees_it(folder, view):
    """The gallery's protan, deutan and tritan copies turn the art's colours as they turn drawn ones (vision.simulate):
    an SVG's colours each as simulated, an image's through a table of 33 levels a side (a few levels off between)."""
    face = card(art.place(art.load(folder, "card.png"), 0, 0, 63, 88), art.place(art.load(folder, "photo.jpg"), 5, 5, 30, 20),
                art.place(art.load(folder, "ship.svg"), 10, 50, 40, 30))
    seen = cairo(preview.seen(face, view))
    for (x, y), colour, tolerance in (((50, 30), "#c81e1e", 6), ((20, 15), "#14a03c", 6), ((30, 73), "#d4aa00", 1)):
        want = vision.simulate(colour, view)
        assert near(at(seen, x, y), tuple(int(want[i:i + 2], 16) for i in (1, 3, 5)), tolerance), (at(seen, x, y), want)
    assert near(at(seen, 50, 84), (255, 255, 255), 0)   # the PNG's see-through foot


def test_a_large_image_within_the_bound_loads_without_pillows_warning(tmp_path):
    """Pillow warns past 89 million pixels on stderr; pnp's bound is 100 million, and says so in one line past it."""
    import warnings
    Image.new("1", (9500, 9500)).save(tmp_path / "large.png")   # 90.25 million pixels, one bit each
    Image.new("1", (10001, 10000)).save(tmp_path / "huge.png")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert art.load(tmp_path, "large.png").size == (9500, 9500)
        with pytest.raises(UserError, match=r"^huge\.png: 10001 x 10000 pixels is more than 100,000,000 pixels$"):
            art.load(tmp_path, "huge.png")
    assert said == []


@pytest.mark.parametrize("mode, key", [("RGB", (255, 0, 0)), ("L", 0)])
def test_a_colour_keyed_transparent_shows_what_lies_beneath(tmp_path, mode, key):
    """An RGB or grey PNG whose tRNS chunk keys one colour transparent printed that colour opaque (only a palette PNG's
    key was read), in the PDF and in cairo's pixels alike."""
    image = Image.new(mode, (40, 40), key)
    image.paste((0, 0, 255) if mode == "RGB" else 200, (0, 0, 20, 40))   # the left half kept, the right keyed away
    image.save(tmp_path / "keyed.png", transparency=key)
    dwg = svg.drawing(63, 88)
    svg.ground(dwg, "#22aa22")
    dwg.add(art.place(art.load(tmp_path, "keyed.png"), 10, 10, 40, 40))
    for painted in (pdfium(pdf_bytes(dwg)), cairo(dwg)):
        assert near(at(painted, 40, 30), (0x22, 0xaa, 0x22)), at(painted, 40, 30)   # the ground, under the keyed half
        assert not near(at(painted, 20, 30), (0x22, 0xaa, 0x22))


@pytest.mark.parametrize("value, grey", [(30000, 117), (51400, 200)])
def test_a_16_bit_grey_image_prints_its_greys(tmp_path, value, grey):
    """A 16-bit grey PNG (0 to 65535 a pixel) printed white: Pillow's RGB conversion clips its values to 255."""
    Image.new("I;16", (40, 40), value).save(tmp_path / "deep.png")
    assert Image.open(tmp_path / "deep.png").getpixel((0, 0)) == value   # the file holds the 16-bit value
    dwg = svg.drawing(63, 88)
    svg.ground(dwg, "#22aa22")
    dwg.add(art.place(art.load(tmp_path, "deep.png"), 10, 10, 40, 40))
    for painted in (pdfium(pdf_bytes(dwg)), cairo(dwg)):
        assert near(at(painted, 30, 30), (grey, grey, grey), 2), at(painted, 30, 30)


def test_an_image_wider_than_cairo_paints_is_one_line(tmp_path):
    """A 32,768 px wide PNG was a cairocffi traceback (CAIRO_STATUS_INVALID_SIZE) though under the pixel limit."""
    Image.new("RGB", (32_768, 2), (0, 128, 0)).save(tmp_path / "wide.png")
    with pytest.raises(UserError, match=r"wide\.png: 32768 x 2 pixels: at most 32,767 pixels a side"):
        art.load(tmp_path, "wide.png")
    Image.new("RGB", (32_767, 2), (0, 128, 0)).save(tmp_path / "wide.png")
    assert art.load(tmp_path, "wide.png").size == (32_767, 2)


def test_text_in_a_designers_svg_is_set_in_the_bundled_fonts_on_any_machine(tmp_path):
    """Text in SVG art was set in whatever fonts the system's fontconfig offered (DejaVu Serif here) when the art was
    drawn before pnp's PNG writer had pointed fontconfig at the bundled fonts, as `pnp build` draws it: the PDF depended
    on the machine. Built by pnp's own process, as a designer runs it (fontconfig reads its setup once)."""
    (tmp_path / "t.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 '
                                    '20"><text x="2" y="12" font-family="Serif" font-size="8">Héllo</text></svg>')
    (tmp_path / "t.yaml").write_text("game: {title: T, designer: test}\ncomponents:\n  cards: {kind: layout, expect: 1, "
                                     "width: 63 mm, height: 88 mm, layout: {elements: {pic: {type: image, file: t.svg, "
                                     "x: 10, y: 10, width: 43, height: 30}}}}\n")
    main = "import sys; from generator.cli import main; sys.argv[0] = 'pnp'; main()"   # as the pnp script starts
    env = {key: value for key, value in os.environ.items() if key != "FONTCONFIG_FILE"}   # pnp set it in this process
    done = subprocess.run([sys.executable, "-c", main, "build", "t.yaml", "--paper", "a4", "--out", "out"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    pdf = pikepdf.open(tmp_path / "out" / "t" / "t-components-a4.pdf")
    fonts = {str(obj.BaseFont) for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
             and obj.get("/Type") == "/Font" and "/BaseFont" in obj}
    assert fonts and all("BitstreamVera" in name for name in fonts), fonts


@pytest.mark.parametrize("size, points", [('width="-40" height="20"', "-30 x 15"),
                                          ('width="100000000" height="100000000" viewBox="0 0 40 20"', "7.5e+07 x 7.5e+07"),
                                          ('width="1e-300mm" height="10mm"', "2.83465e-300 x 28.3465")])
def test_svg_art_of_no_size_or_past_any_sheet_is_refused(tmp_path, size, points):
    """A negative width drew nothing and a 100,000,000 px one drew a sliver in a corner, both with exit 0; one 1e-300 mm
    wide ended in cairo's invalid-matrix traceback."""
    (tmp_path / "bad.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="40" height="20" '
                                      'fill="#ff0000"/></svg>')
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "bad.svg")
    assert str(caught.value) == (f"bad.svg: an SVG of {points} points: expected a width and height of 0.01 to "
                                 "100,000 points (set its width, height or viewBox)")


def test_svg_art_nested_past_what_cairosvg_draws_is_refused_naming_its_depth(tmp_path):
    """500 plainly nested groups ran cairosvg past Python's recursion limit, and were then said to refer to themselves."""
    def nested(depth):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">{"<g>" * depth}'
                f'<rect width="10" height="10"/>{"</g>" * depth}</svg>')
    (tmp_path / "deep.svg").write_text(nested(500))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "deep.svg")
    assert str(caught.value) == ("deep.svg: elements nested 502 deep, more than 100: flatten its groups (e.g. Inkscape's "
                                 "Ungroup)")
    (tmp_path / "fine.svg").write_text(nested(60))
    assert art.load(tmp_path, "fine.svg")


def test_svg_art_that_holds_itself_is_refused_naming_the_loop(tmp_path):
    """a.svg placing itself as an image, or b.svg that places a.svg: cairosvg's 'maximum recursion depth exceeded
    while calling a Python object' was the message."""
    (tmp_path / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><image href="b.svg" '
                                    'width="100" height="50"/><rect width="10" height="10"/></svg>')
    (tmp_path / "b.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><image href="a.svg" '
                                    'width="100" height="50"/></svg>')
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "a.svg")
    assert str(caught.value) == ("a.svg: the SVG refers to itself (a <use>, pattern or image that holds itself, "
                                 "directly or through another), so it would be drawn without end")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
RECTS = '<rect width="1" height="1"/>' * 10


def _clones(levels: int) -> str:
    """SVG art of 10 rects cloned 10 times a level through nested <use>s: 10 ** (levels + 1) rects drawn."""
    groups = [f'<g id="g0">{RECTS}</g>'] + [f'<g id="g{k}">' + f'<use xlink:href="#g{k - 1}"/>' * 10 + "</g>"
                                           for k in range(1, levels + 1)]
    return f'{SVG}<defs>{"".join(groups)}</defs><use xlink:href="#g{levels}"/></svg>'


def _patterns(levels: int) -> str:
    """Patterns of 10 rects each filled with the pattern a level down: a rect painted with the top one draws
    10 ** (levels + 1) rects, as the clones do."""
    tiles = [f'<pattern id="p0" width="1" height="1">{RECTS}</pattern>'] + [
        f'<pattern id="p{k}" width="1" height="1">' + f'<rect width="1" height="1" fill="url(#p{k - 1})"/>' * 10
        + "</pattern>" for k in range(1, levels + 1)]
    return f'{SVG}<defs>{"".join(tiles)}</defs><g fill="url(#p{levels})"><rect width="10" height="10"/></g></svg>'


@pytest.mark.parametrize("how", ["use", "data", "linked", "pattern", "sheet", "marker"])
def test_svg_art_that_expands_past_what_cairosvg_draws_in_seconds_is_refused_before_it_is_drawn(tmp_path, how,
                                                                                              monkeypatch):
    """2.3 KB of <use>s nested 8 deep, 10 a level, over 10 rects (100 million drawn) kept `pnp validate` drawing past
    5 minutes and 540 MB; 4 to 6 levels ran 20 s to cairosvg's own 'more than 100 000 referenced elements'. Patterns
    painting patterns (named by attributes or a style sheet), SVGs placing SVGs (a file or a data: URI) and markers
    at each vertex of a long path expand alike. Counted as the file is read, refused in one line before cairosvg sees it."""
    if how == "use":
        text = _clones(8)
    elif how == "data":   # the clones as a data: URI an <image> places
        packed = base64.b64encode(_clones(6).encode()).decode()
        text = f'{SVG}<image width="10" height="10" xlink:href="data:image/svg+xml;base64,{packed}"/></svg>'
    elif how == "linked":   # l6.svg places l5.svg 10 times, ..., l0.svg holds 10 rects
        (tmp_path / "l0.svg").write_text(f"{SVG}{RECTS}</svg>")
        for k in range(1, 7):
            (tmp_path / f"l{k}.svg").write_text(SVG + f'<image width="1" height="1" href="l{k - 1}.svg"/>' * 10 + "</svg>")
        text = (tmp_path / "l6.svg").read_text()
    elif how == "pattern":
        text = _patterns(6)
    elif how == "sheet":   # the top pattern named by a style sheet's rule
        text = _patterns(6).replace('<g fill="url(#p6)"><rect ', '<style>g > .t { fill: url(#p6) }</style><g><rect class="t" ')
    else:   # 100 rects at each of 20,000 vertices
        text = (f'{SVG}<defs><marker id="m">{RECTS * 10}</marker></defs><path marker-mid="url(#m)" d="M 0 0 '
                + "L 1 1 " * 20_000 + '"/></svg>')
    (tmp_path / "art.svg").write_text(text)
    monkeypatch.setattr(art, "recorded", lambda *args, **kwargs: pytest.fail("cairosvg was asked to draw it"))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "art.svg")
    assert str(caught.value) == ("art.svg: draws more than 200,000 elements once its <use> clones, patterns, markers "
                                 "and linked SVGs are followed (cairosvg would draw it for minutes): use fewer clones "
                                 "of clones, or save it as a PNG")


def test_svg_art_of_clones_that_draw_a_few_thousand_elements_is_drawn(tmp_path):
    """The count refuses only what expands past MAX_DRAWN: three levels of clones (10,000 rects) and a pattern of
    patterns are drawn."""
    (tmp_path / "clones.svg").write_text(_clones(3))
    (tmp_path / "tiles.svg").write_text(_patterns(2))
    for name in ("clones.svg", "tiles.svg"):
        assert art.load(tmp_path, name).size == (7.5, 7.5)


def test_svg_art_whose_clones_nest_past_what_cairosvg_draws_is_refused_naming_the_depth(tmp_path, monkeypatch):
    """A chain of 150 <use>s each cloning the next ran cairosvg past Python's recursion limit, and was then said to
    refer to itself; <use>s that do clone themselves are told so, before cairosvg draws them."""
    chain = "".join(f'<g id="c{k}"><use xlink:href="#c{k + 1}"/></g>' for k in range(150))
    (tmp_path / "chain.svg").write_text(f'{SVG}<defs>{chain}<g id="c150">{RECTS}</g></defs><use xlink:href="#c0"/></svg>')
    (tmp_path / "self.svg").write_text(f'{SVG}<g id="a">{RECTS}<use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/>'
                                       '</g></svg>')
    monkeypatch.setattr(art, "recorded", lambda *args, **kwargs: pytest.fail("cairosvg was asked to draw it"))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "chain.svg")
    assert str(caught.value) == ("chain.svg: elements nested more than 100 deep once its <use> clones, patterns and "
                                 "linked SVGs are followed: use fewer clones of clones")
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "self.svg")
    assert str(caught.value) == ("self.svg: the SVG refers to itself (a <use>, pattern or image that holds itself, "
                                 "directly or through another), so it would be drawn without end")


def test_an_svg_that_svg_art_places_is_counted_again_when_it_changes_and_never_unpacked(tmp_path, monkeypatch):
    """The check of art.svg is kept by its own bytes: a placed l.svg made clones of clones after it passed was drawn
    unchecked. A compressed SVG (gzip, .svgz) cairosvg unpacks whole in memory: refused, before it is unpacked."""
    import gzip
    monkeypatch.setattr(art, "CHECKED", art.cache.Memo("svg-checks.json", []))
    (tmp_path / "art.svg").write_text(f'{SVG}<image width="10" height="10" href="l.svg"/></svg>')
    (tmp_path / "l.svg").write_text(f"{SVG}{RECTS}</svg>")
    assert art.load(tmp_path, "art.svg").linked == (str(tmp_path.resolve() / "l.svg"),)
    (tmp_path / "l.svg").write_text(_clones(8))
    art._source.cache_clear()
    monkeypatch.setattr(art, "recorded", lambda *args, **kwargs: pytest.fail("cairosvg was asked to draw it"))
    with pytest.raises(UserError, match=r"^art\.svg: draws more than 200,000 elements once its <use> clones"):
        art.load(tmp_path, "art.svg")
    (tmp_path / "l.svg").write_bytes(gzip.compress(f"{SVG}{RECTS}</svg>".encode()))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "art.svg")
    assert str(caught.value) == "art.svg: 'l.svg' is compressed (gzip, .svgz): link it as plain SVG"


def test_svg_art_expanding_past_the_bound_is_refused_by_validate_naming_the_layout_key(tmp_path, monkeypatch):
    """`pnp validate` of a layout placing the clones: one line naming the layout's file, line and key, exit 1."""
    monkeypatch.setattr(art, "recorded", lambda *args, **kwargs: pytest.fail("cairosvg was asked to draw it"))
    (tmp_path / "art.svg").write_text(_clones(8))
    (tmp_path / "card.yaml").write_text("elements:\n  title: {type: text, x: 5, y: 5, width: 40, height: 10, text: Hi}\n"
                                        "  zz: {type: image, file: art.svg, x: 5, y: 20, width: 50, height: 20}\n")
    (tmp_path / "g.yaml").write_text("game: {title: G, designer: test}\ncomponents:\n  cards: {kind: layout, expect: 1, "
                                     "width: 63 mm, height: 88 mm, layout: card.yaml}\n")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"error: {tmp_path / 'card.yaml'}:3: elements.zz.file: art.svg: draws more than 200,000 elements once its <use> "
        "clones, patterns, markers and linked SVGs are followed (cairosvg would draw it for minutes): use fewer clones "
        "of clones, or save it as a PNG"]


@pytest.mark.parametrize("inside", ["", '<defs><rect width="10" height="10"/></defs>',
                                    '<rect width="10" height="10" display="none"/>', '<g opacity="0"><rect/></g>'])
def test_svg_art_that_draws_nothing_is_refused(tmp_path, inside):
    """An SVG with no shape, or only one kept in <defs> or hidden, was taken as an image and printed nothing, exit 0
    (an icon template drawing nothing is refused too); one white rectangle draws, and is taken."""
    (tmp_path / "bad.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">{inside}</svg>')
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "bad.svg")
    assert str(caught.value) == "bad.svg: the SVG draws nothing (no shape, text or picture in it shows)"
    (tmp_path / "white.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
                                        '<rect width="10" height="10" fill="#fff"/></svg>')
    assert art.load(tmp_path, "white.svg")


@pytest.mark.parametrize("inside, told", [('<circle cx="5" cy="5" r="1e308"/>', "<circle> r: the number 1e308"),
                                          ('<path d="M 0 0 L 5 -2e40 Z"/>', "<path> d: the number -2e40"),
                                          ("<style>.a { stroke-width: 1e50 }</style>", "<style> text: the number 1e50")])
def test_svg_art_holding_a_number_past_what_cairo_draws_is_refused_at_once(tmp_path, inside, told):
    """A circle of r="1e308" kept validate in cairo for two minutes, deaf to Ctrl-C, then passed; the Inkscape file's
    ids, editor's attributes and gradient links are not read as numbers."""
    (tmp_path / "big.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
                                      f'viewBox="0 0 10 10">{inside}</svg>')
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "big.svg")
    assert str(caught.value).startswith(f"big.svg: {told} is past what cairo draws (at most 1,000,000,000 ")
    (tmp_path / "ship.svg").write_text(INKSCAPE.replace('id="rect1"', 'id="rect12345678901234"'))
    assert art.load(tmp_path, "ship.svg").size


def test_an_svg_checked_once_is_not_drawn_again_to_learn_its_size(tmp_path, monkeypatch):
    """A 4 MB SVG was drawn whole by cairosvg on every run, only to learn its size: 3 s of a build that wrote nothing.
    Its size and links are kept by its bytes (and path, folder, code and cairosvg); new bytes are checked again."""
    monkeypatch.setattr(art, "CHECKED", art.cache.Memo("svg-checks.json", []))
    drawn = []
    checked = art._checked
    monkeypatch.setattr(art, "_checked", lambda *args: drawn.append(args[0]) or checked(*args))
    (tmp_path / "ship.svg").write_text(INKSCAPE)
    sizes = []
    for _ in range(2):   # the second as a new run would: nothing of this process's own caches left
        art._source.cache_clear()
        sizes.append(art.load(tmp_path, "ship.svg").size)
    assert len(drawn) == 1 and sizes[0] == sizes[1] and isinstance(sizes[1], tuple)
    (tmp_path / "ship.svg").write_text(INKSCAPE.replace('width="40"', 'width="41"'))
    art._source.cache_clear()
    art.load(tmp_path, "ship.svg")
    assert len(drawn) == 2


def test_svg_art_is_drawn_by_cairosvg_once_for_its_check_its_faces_and_the_pdf(coloured, monkeypatch):
    """The file's check, the faces painted for the checks and the PDF's copy each drew it: a 6 MB drawing of 60,000
    paths took 3 x 4 s. Now one drawing, a recording replayed (the PDF's art is checked against cairo's by
    test_inkscape_svg_with_a_gradient_renders and the looks' tests)."""
    import cairosvg.surface
    from generator.check.validate import validate
    for cached in (art._source, art.recorded, art.pdf, art.surface):
        cached.cache_clear()
    (coloured.parent / "ship.svg").write_text((coloured.parent / "ship.svg").read_text() + f"<!-- {coloured} -->")
    drawn, real = [], cairosvg.surface.Surface.__init__
    monkeypatch.setattr(cairosvg.surface.Surface, "__init__", lambda self, *a, **k: drawn.append(1) or real(self, *a, **k))
    spec = specs.load(str(coloured))
    assert validate(spec) == []
    data, _ = components_pdf(spec, "a4")
    assert data.startswith(b"%PDF") and len(drawn) == 1, len(drawn)


def _blank_png(width: int, height: int) -> bytes:
    """A grey PNG of width x height pixels, all black, its rows deflated as they are made (a few hundred KB)."""
    import struct
    import zlib

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))
    packer, row, parts = zlib.compressobj(9), bytes(width + 1), []
    for _ in range(height):
        parts.append(packer.compress(row))
    parts.append(packer.flush())
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("width, height", [(10001, 10001), (40000, 1), (20000, 20000)])
@pytest.mark.parametrize("how", ["file", "data"])
def test_a_picture_inside_svg_art_is_held_to_the_pixels_a_picture_may_have(tmp_path, width, height, how, monkeypatch):
    """A 20,000 x 20,000 PNG of 389 KB linked from SVG art (or inlined as a data: URI) was decoded whole by cairosvg:
    1.65 GB, where the same PNG named by a layout is refused at 100 million pixels (or 32,767 a side). Past twice
    Pillow's own bound (179 million pixels) the check took Pillow's error for a picture cairosvg would refuse, and
    cairosvg drew it (1.6 GB, exit 0): refused alike, before cairo decodes a pixel."""
    import cairosvg.image
    png = _blank_png(width, height)
    (tmp_path / "big.png").write_bytes(png)
    href = "big.png" if how == "file" else "data:image/png;base64," + base64.b64encode(png).decode()
    (tmp_path / "wrap.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                       f'width="100" height="100"><image width="100" height="100" xlink:href="{href}"/></svg>')
    art.recorded.cache_clear()
    told = "'big.png'" if how == "file" else "a data: picture"
    monkeypatch.setattr(cairosvg.image.cairo.ImageSurface, "create_from_png",
                        lambda *args: pytest.fail("cairo was asked to decode the picture"))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "wrap.svg")
    assert str(caught.value) == (f"wrap.svg: {told} is {width} x {height} pixels: at most 100,000,000 pixels and "
                                 "32,767 a side")


@pytest.mark.parametrize("where", ["layout", "inline"])
def test_a_picture_svg_art_links_past_the_bound_fails_validate_in_one_line_naming_the_key(tmp_path, where, monkeypatch):
    """`pnp validate` of a layout's image element, or a spec's inline: picture, that is SVG art linking a 20,000 x
    20,000 PNG (1.1 MB) passed, exit 0, after 4-8 s and 1.6 GB: one line naming the file, line and key, exit 1."""
    import cairosvg.image
    monkeypatch.setattr(cairosvg.image.cairo.ImageSurface, "create_from_png",
                        lambda *args: pytest.fail("cairo was asked to decode the picture"))
    art.recorded.cache_clear()
    (tmp_path / "h20k.png").write_bytes(_blank_png(20000, 20000))
    (tmp_path / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                      'width="10" height="10"><image width="10" height="10" xlink:href="h20k.png"/></svg>')
    element = "zz: {type: image, file: art.svg, x: 5, y: 20, width: 50, height: 20}" if where == "layout" else \
        "zz: {type: text, x: 5, y: 20, width: 50, height: 20, text: 'Gain :pic:'}"
    (tmp_path / "card.yaml").write_text(f"elements:\n  {element}\n")
    (tmp_path / "g.yaml").write_text("game: {title: G, designer: test}\n" + "inline:\n  pic: {file: art.svg}\n" * (where == "inline")
                                     + "components:\n  cards: {kind: layout, expect: 1, width: 63 mm, height: 88 mm, "
                                     "layout: card.yaml}\n")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "g.yaml")])
    at = f"{tmp_path / 'card.yaml'}:2: elements.zz.file" if where == "layout" else f"{tmp_path / 'g.yaml'}:3: inline.pic.file"
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"error: {at}: art.svg: 'h20k.png' is 20000 x 20000 pixels: at most 100,000,000 pixels and 32,767 a side"]


def _gif(width: int, height: int) -> bytes:
    """A GIF that says it is width x height pixels (one frame, its pixels a few bytes): Pillow reads its header."""
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0, 0, 0) + b"," + struct.pack("<HHHHB", 0, 0, width, height, 0)
            + bytes([2, 2, 0x4C, 0x01, 0]) + b";")


@pytest.mark.parametrize("width, height", [(12000, 12000), (20000, 20000)])
def test_a_gif_inside_svg_art_is_held_to_the_pixels_a_picture_may_have(tmp_path, width, height, monkeypatch):
    """cairosvg has Pillow decode a picture that is no PNG (a GIF, WebP, BMP...) and passes it to cairo as a PNG: only
    PNGs and JPEGs were held to the bound, a 12,000 x 12,000 GIF of 30 bytes decoded whole."""
    import cairosvg.image
    (tmp_path / "big.gif").write_bytes(_gif(width, height))
    (tmp_path / "wrap.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                                       '<image width="100" height="100" href="big.gif"/></svg>')
    art.recorded.cache_clear()
    monkeypatch.setattr(cairosvg.image, "ImageOps", None)   # cairosvg turns the decoded picture with it
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "wrap.svg")
    assert str(caught.value) == (f"wrap.svg: 'big.gif' is {width} x {height} pixels: at most 100,000,000 pixels and "
                                 "32,767 a side")


def test_a_png_named_by_a_layout_past_twice_pillows_bound_is_told_its_size(tmp_path):
    """A 20,000 x 20,000 PNG a layout names was 'not a readable image (Image size (400000000 pixels) exceeds limit of
    178956970 pixels, could be decompression bomb DOS attack.)': pnp's own bound names its size, as below it."""
    (tmp_path / "huge.png").write_bytes(_blank_png(20000, 20000))
    with pytest.raises(UserError) as caught:
        art.load(tmp_path, "huge.png")
    assert str(caught.value) == "huge.png: 20000 x 20000 pixels is more than 100,000,000 pixels"


def test_a_photo_stored_on_its_side_is_placed_as_its_exif_orientation_turns_it(tmp_path):
    """A phone's JPEG stored 300 x 150 pixels with EXIF orientation 6 (turn a quarter clockwise to view) printed on its
    side in the PDF and the PNG export: it is 150 x 300 as its size, its stored top (red) at the right on the page."""
    stored = Image.new("RGB", (300, 150), (30, 60, 200))
    ImageDraw.Draw(stored).rectangle((0, 0, 299, 74), fill=(210, 30, 30))
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(tmp_path / "photo.jpg", quality=95, exif=exif)
    source = art.load(tmp_path, "photo.jpg")
    assert source.size == (150, 300)
    face = card(art.place(source, 10, 10, 40, 80))
    for image in (pdfium(pdf_bytes(face)), cairo(face)):
        assert near(at(image, 45, 50), (210, 30, 30)) and near(at(image, 15, 50), (30, 60, 200))
    upright = Image.new("RGB", (150, 300))   # no orientation: the JPEG as it is, not decoded
    upright.save(tmp_path / "plain.jpg", quality=90)
    with pikepdf.open(io.BytesIO(pdf_bytes(card(art.place(art.load(tmp_path, "plain.jpg"), 0, 0, 20, 40))))) as doc:
        images = [o for o in doc.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert [i.read_raw_bytes() for i in images] == [(tmp_path / "plain.jpg").read_bytes()]
