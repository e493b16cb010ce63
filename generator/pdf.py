"""Drawings painted with cairo, sheets joined with pikepdf: each distinct artwork stored once as a Form XObject."""
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


def convert(pictures):
    """Paint drawings as the pages of one cairo PDF (fonts subset once); return (bytes, art sizes in pt)."""
    buffer, sizes = io.BytesIO(), []
    target = cairocffi.PDFSurface(buffer, 1, 1)
    for picture in pictures:
        drawing = getattr(picture, "drawing", None) or svg.parse(picture)
        width, height = drawing.width * PT_PER_MM, drawing.height * PT_PER_MM
        # cairo clips a page resized with set_size to whole points, so pad it; the form's BBox trims it back.
        target.set_size(math.ceil(width) + 1, math.ceil(height) + 1)
        paint.page(cairocffi.Context(target), drawing)
        target.show_page()
        sizes.append((width, height))
    target.finish()
    return buffer.getvalue(), sizes


class Assembler:
    """Builds one PDF (new, or opened from bytes): artworks queued, converted together, placed as forms."""

    def __init__(self, data=None):
        self.pdf = pikepdf.open(io.BytesIO(data)) if data else pikepdf.new()
        self.sources = []
        self.forms = {}
        self.queue = {}

    def add(self, key, svg_text):
        """Queue an SVG to become the Form XObject called key (once per key)."""
        if key not in self.forms:
            self.queue.setdefault(key, svg_text)

    def convert(self):
        """Convert every queued SVG in one cairo document and import each page as a Form XObject."""
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

    def page(self, width, height, placements, trim=None, bleed=None):
        """Add a page of width x height mm with forms placed on it, and its trim and bleed boxes."""
        w, h = float(_num(width * PT_PER_MM)), float(_num(height * PT_PER_MM))
        page = self.pdf.add_blank_page(page_size=(w, h))
        self.place(page, placements)
        media = (0, 0, w, h)
        bleed = _clamp(bleed or media, media)
        page.obj.BleedBox = pikepdf.Array([float(_num(v)) for v in bleed])
        page.obj.TrimBox = pikepdf.Array([float(_num(v)) for v in _clamp(trim or media, bleed)])
        return page

    def save(self, title, author, subject):
        """Return the PDF bytes with fixed metadata, so the same input gives the same bytes."""
        self.pdf.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name.None_)
        if pikepdf.Name.Metadata in self.pdf.Root:
            del self.pdf.Root.Metadata
        self.pdf.docinfo = self.pdf.make_indirect(pikepdf.Dictionary(
            Title=title, Author=author, Subject=subject, Creator="pnp", Producer="pnp"))
        out = io.BytesIO()
        self.pdf.save(out, deterministic_id=True, compress_streams=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return out.getvalue()


def _clamp(inner, outer):
    """Shrink a box [x1 y1 x2 y2] to lie inside another."""
    return [max(inner[0], outer[0]), max(inner[1], outer[1]), min(inner[2], outer[2]), min(inner[3], outer[3])]


def placement_matrix(slot, art_size, page_height):
    """The PDF matrix placing an artwork (a form in points, art_size mm with bleed) into a slot."""
    aw, ah = art_size
    k = PT_PER_MM
    if slot.window is not None:
        return [1, 0, 0, 1, (slot.x - slot.window.x) * k, (page_height - (slot.y - slot.window.y + ah)) * k]
    x0, y0 = slot.x - slot.bleed, page_height - (slot.y + slot.h + slot.bleed)
    if slot.rotation == 0:
        return [1, 0, 0, 1, x0 * k, y0 * k]
    if slot.rotation == 90:
        return [0, -1, 1, 0, x0 * k, (y0 + aw) * k]
    if slot.rotation == 180:
        return [-1, 0, 0, -1, (x0 + aw) * k, (y0 + ah) * k]
    return [0, 1, -1, 0, (x0 + ah) * k, y0 * k]


def box(rects, page_height):
    """The union of rectangles (mm, y down) as a PDF box in points."""
    x1 = min(r.x for r in rects)
    y1 = min(r.y for r in rects)
    x2 = max(r.x + r.w for r in rects)
    y2 = max(r.y + r.h for r in rects)
    return [x1 * PT_PER_MM, (page_height - y2) * PT_PER_MM, x2 * PT_PER_MM, (page_height - y1) * PT_PER_MM]
