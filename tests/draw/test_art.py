"""The designer's art: PNG and JPEG images embedded once at their own resolution, Inkscape SVG drawn by cairosvg,
and nothing read from outside the spec's folder."""
import functools
import io

import pikepdf
import pytest
from PIL import Image, ImageDraw

import pages
from generator.draw import art, svg
from generator.check import resolution
from generator.errors import UserError

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
    with pikepdf.open(io.BytesIO(data)) as doc:
        forms = [obj for obj in doc.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"]
        assert len(forms) == 1  # drawn once, placed twice
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
    assert message.startswith(f"{spec / 'evil.svg'}: refers to '{ref}'") and "\n" not in message


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


def test_svg_may_use_a_png_beside_it(folder):
    (folder / "framed.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
                                       'viewBox="0 0 10 10"><image href="card.png" width="10" height="10" '
                                       'preserveAspectRatio="none"/></svg>')
    image = pdfium(pdf_bytes(card(art.place(art.load(folder, "framed.svg"), 0, 0, 10, 10))))
    assert near(at(image, 5, 5), (200, 30, 30))
