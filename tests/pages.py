"""Pages for pixel tests: drawings written by our PDF writer and read back by pdfium, or painted by our cairo painter."""
import io
import math

import pypdfium2
from PIL import Image, ImageChops, ImageFilter

from generator.output import raster, document
from generator.draw import paint, svgvalues
from generator.output.raster import cairocffi
from generator.units import PT_PER_MM


def pdf_bytes(size, *drawings) -> bytes:
    """A PDF of the drawings, one a page of size (width, height) mm, as pnp writes it."""
    doc = document.Document(*size)
    for dwg in drawings:
        doc.paint(dwg)
        doc.next_page()
    return doc.save("t", "a", "s")


def pdfium(data, px, page=0) -> Image.Image:
    """A page of PDF bytes rendered by pdfium at px pixels per mm, as an RGB image."""
    doc = pypdfium2.PdfDocument(data)
    image = doc[page].render(scale=px * 25.4 / 72).to_pil().convert("RGB")
    doc.close()
    return image


def cairo(dwg, px) -> Image.Image:
    """A drawing painted by our cairo painter at px pixels per mm, as an RGB image."""
    return Image.open(io.BytesIO(raster.picture_png(dwg, px * 25.4))).convert("RGB")


def cairo_pdf(dwg) -> bytes:
    """A drawing painted by our cairo painter as the one page of a cairo PDF (its text as cairo's font subsets), the page
    padded to whole points and one more below and right: the reference our PDF writer is measured against."""
    buffer = io.BytesIO()
    target = cairocffi.PDFSurface(buffer, math.ceil(dwg.width * PT_PER_MM) + 1, math.ceil(dwg.height * PT_PER_MM) + 1)
    ctx = cairocffi.Context(target)
    x, y, w, h = dwg.box  # the drawing's size in mm as points, its viewBox filling it
    ctx.scale(dwg.width * PT_PER_MM / w, dwg.height * PT_PER_MM / h)
    ctx.translate(-x, -y)
    clips = {c.attrs.get("id"): c for c in dwg.defs.children if c.tag == "clipPath"}
    for child in dwg.children:
        paint.element(ctx, child, svgvalues.DEFAULTS, clips)
    target.finish()
    return buffer.getvalue()


def differing(ours, theirs):
    """The share of pixels that differ, forgiving anti-aliasing and half-pixel offsets but not missing shapes."""
    common = (0, 0, min(ours.width, theirs.width) - 1, min(ours.height, theirs.height) - 1)  # the part-pixel edge rounds apart
    soft = ImageFilter.GaussianBlur(1.5)
    diff = ImageChops.difference(ours.crop(common).filter(soft), theirs.crop(common).filter(soft)).convert("L")
    return sum(diff.histogram()[40:]) / (common[2] * common[3])
