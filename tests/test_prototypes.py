"""The three prototypes of issue #17, written from the docs alone: a 60-card deck from a workbook, hex tiles with
tokens and a score track, and a card with the designer's own PNG, Inkscape SVG and font; each built and measured."""
import io
import shutil
import textwrap
from pathlib import Path

import openpyxl
import pikepdf
import pypdfium2
import pytest
from PIL import Image, ImageDraw

from generator.spec import loader as specs
from generator.build import components_pdf
from generator.spec.expand import expand
from generator.impose.imposition import impose
from generator.check.validate import validate

DPI = 200
K = DPI / 25.4   # pixels per mm
A4 = (210.0, 297.0)
FONT = Path(__file__).resolve().parent / "data" / "fonts" / "DejaVuSerif-Latin.ttf"


def write(folder, files):
    """Write each file's dedented text into folder; return the spec's path (the first file)."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text))
    return folder / next(iter(files))


def built(path):
    """The spec, its components PDF for A4 as pdfium's document, and its pikepdf reading."""
    spec = specs.load(str(path))
    assert validate(spec) == []
    data, _ = components_pdf(spec, "a4")
    return spec, pypdfium2.PdfDocument(data), pikepdf.open(io.BytesIO(data))


def page_mm(pdf, number):
    """A page's size in mm, from its media box."""
    box = pdf.pages[number].mediabox
    return round(float(box[2]) * 25.4 / 72, 1), round(float(box[3]) * 25.4 / 72, 1)


def picture(document, number):
    """A page rendered at DPI."""
    return document[number].render(scale=DPI / 72).to_pil().convert("RGB")


def runs(values):
    """The middles of the runs of true values, in mm."""
    found, start = [], None
    for k, value in enumerate(list(values) + [False]):
        if value and start is None:
            start = k
        elif not value and start is not None:
            found.append((start + k - 1) / 2 / K)
            start = None
    return found


def dark(pixel):
    """True for a crop mark's or a line's ink."""
    return sum(pixel) < 200


def crop_mark_gaps(image, y_mm):
    """The distances (mm) between neighbouring crop marks met along a line y_mm down the page."""
    marks = runs(dark(image.getpixel((x, round(y_mm * K)))) for x in range(image.width))
    return [round(b - a, 1) for a, b in zip(marks, marks[1:])]


def test_a_60_card_deck_from_a_workbook_prints_63_by_88_cards_with_a_common_back(tmp_path):
    path = write(tmp_path, {
        "sixty.yaml": """\
            game: {title: Sixty, designer: A new designer}
            palette: {sun: "#e0a030", moon: "#5060a0", leaf: "#3f8040", ink: "#222222", paper: "#fbf7ee"}
            components:
              cards:
                kind: layout
                expect: 60
                width: 63 mm
                height: 88 mm
                data: cards.xlsx
                layout: front.yaml
                back: {layout: back.yaml}
            """,
        "front.yaml": """\
            ground: paper
            elements:
              band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: "{suit}"}
              title: {type: text, x: 5, y: 4, width: 40, height: 10, text: "{title}", size: 5, min_size: 3.4,
                      bold: true, colour: white, valign: middle}
              coin: {type: circle, x: 53, y: 9, r: 6, fill: white, stroke: ink, stroke_width: 0.5}
              cost: {type: text, x: 47, y: 3, width: 12, height: 12, text: "{cost}", size: 6, bold: true,
                     align: centre, valign: middle, colour: ink}
              rules: {type: text, x: 5, y: 24, width: 53, height: 40, text: "{rules}", size: 4, min_size: 2.6,
                      colour: ink}
              flavour: {type: text, x: 5, y: 68, width: 53, height: 14, text: "{flavour}", size: 3.2, italic: true,
                        colour: ink, visible: "{flavour}"}
            """,
        "back.yaml": """\
            ground: moon
            elements:
              name: {type: text, text: SIXTY, size: 10, bold: true, align: centre, valign: middle, colour: white}
            """})
    book = openpyxl.Workbook()
    book.active.append(["title", "cost", "suit", "rules", "flavour", "count"])
    for n in range(20):
        book.active.append([f"Card {n + 1}", n % 5, ("sun", "moon", "leaf")[n % 3],
                            f"Gain **{n % 4 + 1}** gold, then draw a card.", "*An old tale.*" if n % 2 else None, 3])
    book.save(tmp_path / "cards.xlsx")
    spec, document, pdf = built(path)
    assert len(expand(spec)[0]) == 60
    plan = impose(spec, expand(spec)[0], "a4")
    fronts = [s for s in plan.sheets if s.side == "front"]
    per_sheet = len(fronts[0].slots)
    assert len(pdf.pages) == 1 + 2 * -(-60 // per_sheet)   # the list, then each sheet of fronts and its backs
    assert {page_mm(pdf, n) for n in range(len(pdf.pages))} == {A4}
    # the crop marks above the first block of cards stand a card's width (or, turned, its height) apart
    first = picture(document, 1)
    top = min(s.y for s in fronts[0].slots)
    gaps = set(crop_mark_gaps(first, top - 3 - 5 / 2))   # the marks start 3 mm outside the cut and are 5 mm long
    assert gaps and gaps <= {63.0, 88.0}, gaps
    slot = fronts[0].slots[0]
    back = picture(document, 2)
    centre = (210 - slot.x - slot.w / 2, slot.y + slot.h / 2 - slot.h / 4)   # the back lands mirrored behind its front
    assert back.getpixel((round(centre[0] * K), round(centre[1] * K))) == (0x50, 0x60, 0xa0)


def test_hex_tiles_round_tokens_and_a_score_track_board_from_one_spec(tmp_path):
    tree = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path style="fill:currentColor;'
            'stroke:ink;stroke-width:3" d="M 50 10 L 85 80 L 15 80 Z"/></svg>\n')
    path = write(tmp_path, {
        "isles.yaml": """\
            game: {title: Isles, designer: A new designer}
            palette: {forest: "#3f7a3c", water: "#3f7fb8", sand: "#e0c080", ink: "#222222", cream: "#fbf7ee"}
            components:
              tiles:
                kind: layout
                expect: 37
                shape: hex-flat
                size: 38 mm
                data: tiles.csv
                layout:
                  ground: "{terrain}"
                  elements:
                    icon: {type: icon, name: tree, x: 14, y: 5, width: 16, height: 16, colour: cream, ink: ink}
                    name: {type: text, x: 10, y: 23, width: 24, height: 6, text: "{name}", size: 3.5, bold: true,
                           align: centre, valign: middle, colour: cream}
                back: {fill: ink, ink: cream, label: ISLES}
              tokens:
                kind: layout
                expect: 30
                shape: circle
                size: 25.4 mm
                data: tokens.csv
                layout:
                  ground: sand
                  elements:
                    ring: {type: circle, x: 50%, y: 50%, r: 12.5, fill: none, stroke: ink, stroke_width: 0.4,
                           role: guide}
                    number: {type: text, x: 5, y: 5, width: 15.4, height: 15.4, text: "{number}", size: 7, bold: true,
                             align: centre, valign: middle, colour: ink}
              track:
                kind: layout
                expect: 1
                width: 180 mm
                height: 180 mm
                layout:
                  ground: cream
                  elements:
                    space: {type: rect, x: 4.5, y: 4.5, width: 19, height: 19, fill: white, stroke: ink,
                            repeat: {path: ring, count: 31, columns: 9, rows: 9, dx: 19, dy: 19}}
                    score: {type: text, x: 4.5, y: 4.5, width: 19, height: 19, text: "{i}", size: 6, align: centre,
                            valign: middle, colour: ink,
                            repeat: {path: ring, count: 31, columns: 9, rows: 9, dx: 19, dy: 19}}
            """,
        "tiles.csv": "terrain,name,count\nforest,Forest,13\nwater,Lake,12\nsand,Dunes,12\n",
        "tokens.csv": "number,count\n" + "".join(f"{n},3\n" for n in range(1, 11)),
        "templates/tree.svg": tree})
    spec, document, pdf = built(path)
    placed = expand(spec)[0]
    assert {c.id: sum(p.component == c.id for p in placed) for c in spec.components} == {"tiles": 37, "tokens": 30,
                                                                                         "track": 1}
    plan = impose(spec, placed, "a4")
    assert len(pdf.pages) == len(plan.sheets) + 1 and {page_mm(pdf, n) for n in range(len(pdf.pages))} == {A4}
    # a token's cutting ring, measured across its middle on the page, is the 1 in punch: 25.4 mm outside to outside
    number, slot = next((n, s) for n, sheet in enumerate(plan.sheets, start=1) for s in sheet.slots
                        if s.art.startswith("tokens"))
    image = picture(document, number)
    row = round((slot.y + slot.h / 2) * K)
    ink = [x for x in range(round(slot.x * K) - 5, round((slot.x + slot.w) * K) + 5) if dark(image.getpixel((x, row)))]
    assert (ink[-1] - ink[0] + 1) / K == pytest.approx(25.4, abs=0.2)
    # the board's track: 31 spaces numbered 0 to 30, 19 mm apart
    number, slot = next((n, s) for n, sheet in enumerate(plan.sheets, start=1) for s in sheet.slots if s.art.startswith("track"))
    image = picture(document, number)
    lines = runs(dark(image.getpixel((x, round((slot.y + 4.5 + 1) * K)))) for x in range(image.width))
    assert [b - a for a, b in zip(lines, lines[1:])] == pytest.approx([19.0] * 9, abs=0.15)
    assert "30" in document[number].get_textpage().get_text_range() and "31" not in document[number].get_textpage().get_text_range()


def test_the_designers_png_inkscape_svg_and_font_print_on_the_card(tmp_path):
    shutil.copy(FONT, tmp_path / "DejaVuSerif-Latin.ttf")
    (tmp_path / "art").mkdir()
    photo = Image.new("RGB", (900, 600), (40, 90, 150))
    ImageDraw.Draw(photo).ellipse((300, 150, 600, 450), fill=(240, 200, 60))
    photo.save(tmp_path / "art" / "ship.png")
    path = write(tmp_path, {
        "voyage.yaml": """\
            game: {title: Voyage, designer: A new designer}
            palette: {sea: "#204060", ink: "#222222", paper: "#fbf7ee"}
            fonts:
              serif: DejaVuSerif-Latin.ttf
            components:
              cards:
                kind: layout
                expect: 3
                width: 63 mm
                height: 88 mm
                data: [{title: Ship, rules: "Sail **two** seas."}, {title: Harbour, rules: "Rest *one* turn."},
                       {title: Storm, rules: Lose a crew.}]
                layout:
                  ground: paper
                  elements:
                    picture: {type: image, file: art/ship.png, area: bleed, x: 0, y: 0, width: 100%, height: 45%,
                              fit: cover}
                    emblem: {type: image, file: art/emblem.svg, x: 21.5, y: 44, width: 20, height: 20}
                    title: {type: text, x: 5, y: 66, width: 53, height: 8, text: "{title}", font: serif, size: 6,
                            bold: true, align: centre, colour: sea}
                    rules: {type: text, x: 5, y: 76, width: 53, height: 8, text: "{rules}", font: serif, size: 4,
                            align: centre, colour: ink}
            """,
        "art/emblem.svg": """\
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
                 xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
                 xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
                 width="40mm" height="40mm" viewBox="0 0 40 40" version="1.1" id="svg1">
              <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm"/>
              <defs id="defs1">
                <linearGradient id="lg1" inkscape:collect="always">
                  <stop style="stop-color:#ff0000;stop-opacity:1" offset="0" id="stop1"/>
                  <stop style="stop-color:#0000ff;stop-opacity:1" offset="1" id="stop2"/>
                </linearGradient>
                <linearGradient xlink:href="#lg1" id="lg2" x1="0" y1="0" x2="40" y2="0" gradientUnits="userSpaceOnUse"/>
              </defs>
              <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
                <rect style="fill:url(#lg2);stroke:none" x="0" y="0" width="40" height="40" id="r1"/>
              </g>
            </svg>
            """})
    spec, document, pdf = built(path)
    fonts = {str(font.get("/BaseFont")) for page in pdf.pages for font in page.Resources.get("/Font", {}).values()}
    assert any("DejaVuSerif" in name for name in fonts), fonts   # the designer's font, embedded
    plan = impose(spec, expand(spec)[0], "a4")
    sheet = plan.cover or plan.sheets[0]
    number = 0 if plan.cover else 1
    image = picture(document, number)
    slot = next(s for s in sheet.slots if s.art == "cards-1")
    assert slot.rotation in (0, 90, -90)

    def on_page(x, y):
        """The page pixel at (x, y) mm on the card's trim box, however the slot turns it."""
        if slot.rotation == 90:      # turned clockwise: the card's top runs down the slot's right side
            x, y = slot.w - y, x
        elif slot.rotation == -90:
            x, y = y, slot.h - x
        return image.getpixel((round((slot.x + x) * K), round((slot.y + y) * K)))
    # the emblem: a 20 mm square whose gradient (stops styled with style= in defs) runs from red on the left to blue
    row = [on_page(x / K, 54) for x in range(round(63 * K))]
    painted = [k for k, (r, g, b) in enumerate(row) if g < 20 and r + b > 200]
    assert (painted[-1] - painted[0] + 1) / K == pytest.approx(20, abs=0.2) and painted[0] / K == pytest.approx(21.5, abs=0.2)
    left, right = row[painted[0] + 5], row[painted[-1] - 5]
    assert left[0] > 230 > 25 > left[2] and right[2] > 230 > 25 > right[0]
    # the picture's yellow disc sits in the middle of the band across the top
    assert on_page(31.5, 18.3) == (240, 200, 60)
    # the crop marks beside the card stand 63 or 88 mm apart
    gaps = set(crop_mark_gaps(image, slot.y - 3 - 5 / 2))
    assert gaps and gaps <= {63.0, 88.0}, gaps
