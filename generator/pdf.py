"""Drawings painted with cairo, sheets joined with pikepdf: each distinct artwork stored once as a Form XObject."""
import io
import math
import os
import re
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
        drawing = svg.as_drawing(picture)
        width, height = drawing.width * PT_PER_MM, drawing.height * PT_PER_MM
        # cairo clips a page resized with set_size to whole points, so pad it; the form's BBox trims it back.
        target.set_size(math.ceil(width) + 1, math.ceil(height) + 1)
        paint.page(cairocffi.Context(target), drawing)
        target.show_page()
        sizes.append((width, height))
    target.finish()
    return buffer.getvalue(), sizes


def png(picture, dpi):
    """PNG bytes of a drawing on white, at dpi."""
    drawing = svg.as_drawing(picture)
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

    def save(self, title, author, subject):
        """Return the PDF bytes with fixed metadata."""
        return finish(self.pdf, title, author, subject)


def finish(pdf, title, author, subject):
    """Fixed metadata, no scaling on print, deterministic ids: the same input gives the same bytes."""
    pdf.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name.None_)
    if pikepdf.Name.Metadata in pdf.Root:
        del pdf.Root.Metadata
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(
        Title=title, Author=author, Subject=subject, Creator="pnp", Producer="pnp"))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()


class Document:
    """A sheet PDF drawn straight onto one cairo surface: artworks used more than once become one XObject each."""

    def __init__(self, width, height):
        self.width, self.height = width * PT_PER_MM, height * PT_PER_MM
        self.buffer = io.BytesIO()
        self.surface = cairocffi.PDFSurface(self.buffer, self.width, self.height)
        self.ctx = cairocffi.Context(self.surface)
        self.shared = {}
        self.boxes = []

    def share(self, key, picture):
        """Record an artwork once, to be placed by reference wherever it is used."""
        if key not in self.shared:
            drawing = svg.as_drawing(picture)
            w, h = drawing.width * PT_PER_MM, drawing.height * PT_PER_MM
            recording = cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, (0, 0, w, h))
            paint.page(cairocffi.Context(recording), drawing)
            self.shared[key] = recording
        return self.shared[key]

    def paint(self, picture, place, clip=None, key=None):
        """Draw an artwork after place(ctx) moves the origin to its top-left; a key draws the shared copy."""
        ctx = self.ctx
        ctx.save()
        if clip:
            ctx.rectangle(*(v * PT_PER_MM for v in clip))
            ctx.clip()
        place(ctx)
        drawing = svg.as_drawing(picture)
        w, h = drawing.width * PT_PER_MM, drawing.height * PT_PER_MM
        ctx.rectangle(0, 0, w, h)
        ctx.clip()
        if key in self.shared:
            ctx.set_source_surface(self.shared[key], 0, 0)
            ctx.paint()
        else:
            paint.page(ctx, drawing)
        ctx.restore()

    def next_page(self, trim=None, bleed=None):
        """End the page, remembering its trim and bleed boxes (mm rectangles, y down) for the writer."""
        self.surface.show_page()
        self.boxes.append((trim, bleed))

    def save(self, title, author, subject):
        """Finish the cairo document, then set page boxes and metadata with pikepdf."""
        self.surface.finish()
        pdf = pikepdf.open(io.BytesIO(_unique_xobject_names(self.buffer.getvalue())))
        media = (0, 0, float(_num(self.width)), float(_num(self.height)))
        for page, (trim, bleed) in zip(pdf.pages, self.boxes):
            page.obj.MediaBox = pikepdf.Array(list(media))
            bleed_box = _clamp(box(bleed, self.height) if bleed else media, media)
            page.obj.BleedBox = pikepdf.Array([float(_num(v)) for v in bleed_box])
            page.obj.TrimBox = pikepdf.Array([float(_num(v)) for v in _clamp(box(trim, self.height) if trim else media, bleed_box)])
        return finish(pdf, title, author, subject)


_XOBJECT_DICT = re.compile(rb"/XObject << ((?:/x\d+ \d+ 0 R ?)+)>>")
_XOBJECT_ENTRY = re.compile(rb"/x\d+ \d+ 0 R ?")


def _unique_xobject_names(raw):
    """Blank out repeated entries in cairo 1.16's XObject dictionaries (one per use), keeping byte offsets."""
    def blank(match):
        seen, out = set(), []
        for entry in _XOBJECT_ENTRY.findall(match.group(1)):
            out.append(b" " * len(entry) if entry in seen else entry)
            seen.add(entry)
        return b"/XObject << " + b"".join(out) + b">>"
    return _XOBJECT_DICT.sub(blank, raw)


def place_slot(slot, art_size):
    """A function moving the origin to where an artwork's top-left goes for a slot (turned as the slot says)."""
    aw, ah = art_size
    k = PT_PER_MM
    if slot.window is not None:
        return lambda ctx: ctx.translate((slot.x - slot.window.x) * k, (slot.y - slot.window.y) * k)
    x0, y0 = (slot.x - slot.bleed) * k, (slot.y - slot.bleed) * k
    shift, turn = {0: ((0, 0), 0), 90: ((ah, 0), 0.5), 180: ((aw, ah), 1.0), -90: ((0, aw), -0.5)}[slot.rotation]

    def place(ctx):
        ctx.translate(x0 + shift[0] * k, y0 + shift[1] * k)
        ctx.rotate(turn * math.pi)
    return place


def _clamp(inner, outer):
    """Shrink a box [x1 y1 x2 y2] to lie inside another."""
    return [max(inner[0], outer[0]), max(inner[1], outer[1]), min(inner[2], outer[2]), min(inner[3], outer[3])]


def box(rects, page_height):
    """The union of rectangles (mm, y down) as a PDF box [x1 y1 x2 y2] in points, y up (page_height in pt)."""
    x1 = min(r.x for r in rects)
    y1 = min(r.y for r in rects)
    x2 = max(r.x + r.w for r in rects)
    y2 = max(r.y + r.h for r in rects)
    return [x1 * PT_PER_MM, page_height - y2 * PT_PER_MM, x2 * PT_PER_MM, page_height - y1 * PT_PER_MM]
