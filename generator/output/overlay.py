"""Rulebook diagrams written by pnp's own PDF writer and laid on reportlab's typeset pages as forms, joined by pikepdf."""
import io

import pikepdf

from ..spec.model import Game
from .document import Document
from ..units import PT_PER_MM


def _num(value: float) -> str:
    """A PDF number: 4 decimals at most, no trailing zeros, never '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def parts_pdf(drawings: list) -> bytes:
    """Drawings as the pages of one PDF of our writer (each weight of a font embedded once, as a subset), each drawing's
    top-left at its page's top-left corner; every page is as large as the largest drawing."""
    doc = Document(max(d.width for d in drawings), max(d.height for d in drawings))
    for drawing in drawings:
        doc.paint(drawing)
        doc.next_page()
    return doc.save("", "", "")


def with_diagrams(data: bytes, log: list, diagrams: dict, game: Game, written: dict | None = None) -> tuple[bytes, int]:
    """A typeset rulebook (reportlab's PDF) with its diagrams written and placed as its layout's log says: (bytes, pages).

    written: {part keys: parts_pdf of those parts} of these very diagrams, shared by the rulebooks of one spec."""
    book = pikepdf.open(io.BytesIO(data))
    parts: dict = {}
    for name in dict.fromkeys(name for _, name, _, _, _ in log):
        for key, drawing, _, _, _ in diagrams[name].parts:
            parts.setdefault(key, drawing)
    forms, source = {}, None
    if parts:  # each part once, as a Form XObject trimmed to the part from its page of our file
        written = {} if written is None else written
        if tuple(parts) not in written:
            written[tuple(parts)] = parts_pdf(list(parts.values()))
        source = pikepdf.open(io.BytesIO(written[tuple(parts)]))
        for (key, drawing), page in zip(parts.items(), source.pages):
            form = page.as_form_xobject()
            top = float(page.MediaBox[3])
            low = float(_num(top - drawing.height * PT_PER_MM))
            form.BBox = pikepdf.Array([0, low, float(_num(drawing.width * PT_PER_MM)), top])
            form.Matrix = pikepdf.Array([1, 0, 0, 1, 0, -low])
            forms[key] = book.copy_foreign(form)
    for page_index, name, x, y, scale in log:
        diagram = diagrams[name]
        top = y + diagram.height * PT_PER_MM * scale
        names: dict = {}
        ops = []
        for key, drawing, dx, dy, part_scale in diagram.parts:
            k = scale * part_scale
            matrix = [k, 0, 0, k, x + dx * PT_PER_MM * scale, top - dy * PT_PER_MM * scale - drawing.height * PT_PER_MM * k]
            form = names.setdefault(key, f"/D{name.replace('-', '')}{len(names) + 1}")
            ops.append(f"q {' '.join(map(_num, matrix))} cm {form} Do Q")
        _place(book, book.pages[page_index], {form: forms[key] for key, form in names.items()}, "\n".join(ops))
    pages = len(book.pages)
    result = finish(book, f"{game.title}: rules", game.designer, f"Rules of {game.title}")
    if source is not None:
        source.close()  # only now: pikepdf copies a foreign stream's data when the file is saved
    return result, pages


def _place(book, page, xobjects: dict, ops: str) -> None:
    """Add forms to a page's resources and draw them with ops, over what the page already shows."""
    if pikepdf.Name.Resources not in page.obj:
        page.obj.Resources = pikepdf.Dictionary()
    if pikepdf.Name.XObject not in page.obj.Resources:
        page.obj.Resources.XObject = pikepdf.Dictionary()
    for name, form in xobjects.items():
        page.obj.Resources.XObject[name] = form
    page.contents_add(book.make_stream(ops.encode("ascii")), prepend=False)


def finish(pdf: pikepdf.Pdf, title: str, author: str, subject: str) -> bytes:
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
