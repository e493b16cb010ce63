"""Drawings painted with cairo (faces with text, rulebook diagrams, PNGs) and joined into PDFs with pikepdf."""
import io
import math
import os
from pathlib import Path

os.environ["FONTCONFIG_FILE"] = str(Path(__file__).resolve().parent / "fonts" / "fonts.conf")

import cairocffi  # noqa: E402  (fontconfig must see the bundled fonts first)
import pikepdf  # noqa: E402

from . import paint, svg  # noqa: E402
from .units import PT_PER_MM  # noqa: E402


def _num(value):
    """A PDF number: short, fixed precision, never '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def convert(drawings):
    """Paint drawings as the pages of one cairo PDF (fonts subset once); return (bytes, art sizes in pt)."""
    buffer, sizes = io.BytesIO(), []
    target = cairocffi.PDFSurface(buffer, 1, 1)
    for drawing in drawings:
        width, height = drawing.width * PT_PER_MM, drawing.height * PT_PER_MM
        # cairo clips a page resized with set_size to whole points, so pad it; the form's BBox trims it back.
        target.set_size(math.ceil(width) + 1, math.ceil(height) + 1)
        paint.page(cairocffi.Context(target), drawing)
        target.show_page()
        sizes.append((width, height))
    target.finish()
    return buffer.getvalue(), sizes


def png(drawing, dpi):
    """PNG bytes of a drawing on white, at dpi."""
    scale = dpi / 72
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, math.ceil(drawing.width * PT_PER_MM * scale),
                                     math.ceil(drawing.height * PT_PER_MM * scale))
    ctx = cairocffi.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.scale(scale, scale)
    paint.page(ctx, drawing)
    buffer = io.BytesIO()
    surface.write_to_png(buffer)
    return buffer.getvalue()


def glyph_metrics(bold: bool) -> dict:
    """Every glyph the bundled Vera maps a character to, as cairo measures it: char -> [advance, x min, y min, x max, y max].

    In 1/1000 of the font size, y up; the key "" holds the glyph cairo draws for a character the font lacks.
    """
    ctx = cairocffi.Context(cairocffi.PDFSurface(io.BytesIO(), 1, 1))
    ctx.select_font_face(svg.FONT, cairocffi.FONT_SLANT_NORMAL,
                         cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(1000)
    font = ctx.get_scaled_font()
    chars = "".join(chr(c) for c in range(32, 0x10000)
                    if not (0xD800 <= c < 0xE000 or 0xFDD0 <= c <= 0xFDEF or c & 0xFFFE == 0xFFFE))  # valid UTF-8 only
    glyphs = font.text_to_glyphs(0, 0, chars, False)
    table = {}
    for ch, (index, _, _) in zip(chars, glyphs):
        key = ch if index else ""
        if key not in table:
            x, y, w, h, advance, _ = font.glyph_extents([(index, 0, 0)])
            table[key] = [round(v, 2) + 0.0 for v in (advance, x, -y - h, x + w, -y)]
    return table


class Assembler:
    """Builds one PDF (new, or opened from bytes): artworks queued, converted together, placed as forms."""

    def __init__(self, data=None):
        self.pdf = pikepdf.open(io.BytesIO(data)) if data else pikepdf.new()
        self.sources = []
        self.forms = {}
        self.queue = {}

    def add(self, key, drawing):
        """Queue a drawing to become the Form XObject called key (once per key)."""
        if key not in self.forms:
            self.queue.setdefault(key, drawing)

    def convert(self):
        """Paint every queued drawing in one cairo document and import each page as a Form XObject."""
        if not self.queue:
            return
        data, sizes = convert(self.queue.values())
        source = pikepdf.open(io.BytesIO(data))
        self.sources.append(source)
        for key, page, (w, h) in zip(self.queue, source.pages, sizes):
            form = pikepdf.Page(page).as_form_xobject()
            top = float(page.MediaBox[3])
            form.BBox = pikepdf.Array([0, float(_num(top - h)), float(_num(w)), top])
            form.Matrix = pikepdf.Array([1, 0, 0, 1, 0, -float(_num(top - h))])
            self.forms[key] = self.pdf.copy_foreign(form)
        self.queue = {}

    def place(self, page, placements, prefix="F"):
        """Draw forms on a page: placements are (form key, matrix, clip rect or None) in points."""
        if pikepdf.Name.Resources not in page.obj:
            page.obj.Resources = pikepdf.Dictionary()
        if pikepdf.Name.XObject not in page.obj.Resources:
            page.obj.Resources.XObject = pikepdf.Dictionary()
        xobjects = page.obj.Resources.XObject
        names, ops = {}, []
        for key, matrix, clip in placements:
            name = names.setdefault(key, f"/{prefix}{len(names) + 1}")
            clip_ops = f"{' '.join(map(_num, clip))} re W n " if clip else ""
            ops.append(f"q {clip_ops}{' '.join(map(_num, matrix))} cm {name} Do Q")
        for key, name in names.items():
            xobjects[name] = self.forms[key]
        page.contents_add(self.pdf.make_stream("\n".join(ops).encode("ascii")), prepend=False)

    def save(self, title, author, subject):
        """Return the PDF bytes with fixed metadata."""
        return finish(self.pdf, title, author, subject)


def with_diagrams(data: bytes, log: list, diagrams: dict, game) -> tuple[bytes, int]:
    """A typeset rulebook (reportlab's PDF) with its diagrams painted and placed as its layout's log says: (bytes, pages)."""
    out = Assembler(data)
    for name in dict.fromkeys(name for _, name, _, _, _ in log):
        for key, drawing, _, _, _ in diagrams[name].parts:
            out.add(key, drawing)
    out.convert()
    for page_index, name, x, y, scale in log:
        diagram = diagrams[name]
        placements = []
        for key, _, dx, dy, part_scale in diagram.parts:
            box = out.forms[key].BBox
            part_h = float(box[3]) - float(box[1])
            k = scale * part_scale
            top = y + diagram.height * PT_PER_MM * scale
            placements.append((key, [k, 0, 0, k, x + dx * PT_PER_MM * scale, top - dy * PT_PER_MM * scale - part_h * k],
                               None))
        out.place(out.pdf.pages[page_index], placements, prefix=f"D{name.replace('-', '')}")
    pages = len(out.pdf.pages)
    return out.save(f"{game.title}: rules", game.designer, f"Rules of {game.title}"), pages


def finish(pdf, title, author, subject):
    """Fixed metadata, no scaling on print, deterministic ids: the same input gives the same bytes."""
    pdf.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"))  # not Name.None_: that spells /None_
    if pikepdf.Name.Metadata in pdf.Root:
        del pdf.Root.Metadata
    if pikepdf.Name.ID in pdf.trailer:
        del pdf.trailer.ID  # a producer's own ID may hold its clock (reportlab honours SOURCE_DATE_EPOCH): hash ours from content
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(
        Title=title, Author=author, Subject=subject, Creator="pnp", Producer="pnp"))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()
