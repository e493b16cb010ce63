"""The palette swatch sheet: every colour under each colour-vision simulation and in greyscale, as PDF and PNG."""

from . import document, raster
from ..draw import svg
from ..check import vision
from ..errors import UserError
from ..files import game_folder, write_atomic
from ..check.luminance import ink_on

VIEWS = ("normal", "protan", "deutan", "tritan", "greyscale")
WIDTH, MARGIN, NAME_W, ROW, GAP = 210.0, 10.0, 38.0, 10.0, 1.0
PNG_DPI = 150
TALLEST = 14_400 / 72 * 25.4   # mm: the tallest page PDF allows (14,400 points)


def _columns():
    """Left edge and width of each view's column."""
    width = (WIDTH - 2 * MARGIN - NAME_W) / len(VIEWS)
    return [(MARGIN + NAME_W + i * width, width) for i in range(len(VIEWS))]


def sheet(spec, threshold=None):
    """The swatch sheet of a spec's palette and distinguish groups, as a drawing."""
    reports = vision.reports(spec, threshold)
    named = list(spec.palette.items())
    height = sheet_height(spec)
    dwg = svg.drawing(WIDTH, height, 0, ident="palette")
    dwg.add(dwg.rect((0, 0), (WIDTH, svg.r(height)), fill="#ffffff"))
    dwg.add(svg.text(dwg, f"{spec.edition_title}: palette under colour-vision simulations", MARGIN, 14, 5.5, "#000000",
                     anchor="start", bold=True))
    columns = _columns()
    y = 26.0
    for (x, w), view in zip(columns, VIEWS):
        dwg.add(svg.text(dwg, view, x + w / 2, y, 3.4, "#000000", bold=True))
    y += 3
    for name, colour in named:
        dwg.add(svg.text(dwg, name, MARGIN, y + ROW * 0.62, 3.4, "#000000", anchor="start"))
        for (x, w), view in zip(columns, VIEWS):
            seen = vision.simulate(colour, view)
            _swatch(dwg, x + GAP, y + GAP / 2, w - 2 * GAP, ROW - GAP, seen, seen)
        y += ROW
    if reports:
        y += 10
        dwg.add(svg.text(dwg, "Colours players must tell apart (closest pair, CIEDE2000; greyscale: L* difference)",
                         MARGIN, y, 3.8, "#000000", anchor="start", bold=True))
        y += 4
        for report in reports:
            y = _group(dwg, spec, report, y)
    return dwg


def sheet_height(spec):
    """Height (mm) of the swatch sheet: title, one row per palette colour, a block per distinguish group."""
    groups = len(spec.distinguish)
    return 34 + ROW * len(spec.palette) + (14 + groups * (8 + ROW * len(VIEWS)) if groups else 0) + MARGIN


def _swatch(dwg, x, y, w, h, fill, label):
    """One swatch with its hex written in the ink that reads best on it."""
    dwg.add(dwg.rect((svg.r(x), svg.r(y)), (svg.r(w), svg.r(h)), fill=fill, stroke="#9a9a9a", stroke_width=0.2))
    dwg.add(svg.text(dwg, label, x + w / 2, y + h * 0.62, min(2.6, h * 0.4), ink_on(fill, "#000000", "#ffffff")))


def _group(dwg, spec, report, y):
    """A group's colours side by side under each view, with its closest pair and verdict; return the next y."""
    dwg.add(svg.text(dwg, f"{report.name} ({vision.cue_label(report)}): {report.level}", MARGIN, y + 5, 3.4, "#000000",
                     anchor="start"))
    y += 8
    differences = {p.simulation: f"{p.a}/{p.b} {p.difference:.1f}" for p in report.worst}
    differences["greyscale"] = f"{report.grey.a}/{report.grey.b} L* {report.grey.difference:.1f}"
    left, right = MARGIN + NAME_W, WIDTH - MARGIN - 44
    for view in VIEWS:
        dwg.add(svg.text(dwg, view, MARGIN, y + ROW * 0.62, 3.2, "#000000", anchor="start"))
        width = (right - left) / len(report_colours(report, spec))
        for i, (name, colour) in enumerate(report_colours(report, spec)):
            seen = vision.simulate(colour, view)
            _swatch(dwg, left + i * width, y + GAP / 2, width, ROW - GAP, seen, name)
        dwg.add(svg.text(dwg, differences.get(view, ""), right + 2, y + ROW * 0.62, 2.8, "#000000", anchor="start"))
        y += ROW
    return y


def report_colours(report, spec):
    """The (name, #rrggbb) colours of a report's group."""
    group = next(g for g in spec.distinguish if g.name == report.name)
    return list(dict((name, spec.colour(name)) for name in group.colours).items())


def write(spec, out_dir, threshold=None):
    """Write <out>/<id>/<id>-palette.pdf and .png; return their paths (both made before either is written)."""
    height = sheet_height(spec)
    if height > TALLEST:
        raise UserError(f"{spec.path}: palette: a swatch sheet of {len(spec.palette)} colours would be {height:,.0f} mm "
                        f"tall, more than a PDF page may be ({TALLEST:,.0f} mm): at most "
                        f"{int((TALLEST - height) // ROW + len(spec.palette))} colours")
    drawing = sheet(spec, threshold)
    png = raster.picture_png(drawing, PNG_DPI)
    doc = document.Document(WIDTH, height)
    doc.furniture(lambda: drawing)
    doc.next_page()
    base = game_folder(out_dir, spec.folder) / f"{spec.edition}-palette"
    paths = (base.with_suffix(".pdf"), base.with_suffix(".png"))
    write_atomic(paths[0], doc.save(f"{spec.edition_title}: palette check", spec.game.designer,
                                    "Palette under colour-vision simulations"))
    write_atomic(paths[1], png)
    return paths

