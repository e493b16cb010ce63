"""Rulebooks assembled by pnp's own PDF writer: reportlab's typeset pages, taken apart once when the text is laid out,
with the diagrams' parts written as forms and placed over them."""
import base64
import io

from ..draw import content
from ..spec.model import Game
from . import pdffile
from .document import Document
from ..units import PT_PER_MM

PAGE_OWN = ("/Type", "/Parent", "/Contents", "/Resources")  # a page's entries the join writes itself
INHERITED = ("/MediaBox", "/CropBox", "/Rotate", "/Resources")  # a page may take these from its page tree
CATALOG_OWN = ("/Type", "/Pages", "/Metadata", "/ViewerPreferences")  # the catalogue's entries the join writes itself


def _num(value: float) -> str:
    """A PDF number: 4 decimals at most, no trailing zeros, never '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def taken_apart(data: bytes) -> dict:
    """Reportlab's PDF as the parts the join writes again (JSON data): its objects, numbered as the joined file numbers
    them (1 its page tree, then its pages, written by the join), each page's own entries, resources and contents, and
    the catalogue's entries (outlines, page labels, names: whatever reportlab wrote). Read by pikepdf, at lay-out time."""
    import pikepdf  # lazy: start-up (a rebuild over a kept layout never loads it)

    file = pdffile.File()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        copied = {pdf.Root.Pages.objgen: file.reserve()}
        for page in pdf.pages:
            copied[page.obj.objgen] = file.reserve()
        pages = []
        for page in pdf.pages:
            entries = dict(page.obj.items())
            for key in INHERITED:
                node = page.obj
                while key not in entries and "/Parent" in node:
                    node = node.Parent
                    if key in node:
                        entries[key] = node[key]
            resources = dict(entries.get("/Resources", {}).items())
            contents = entries.get("/Contents", [])
            pages.append({
                "entries": " ".join(f"{k} {pdffile._object(file, v, copied)}" for k, v in sorted(entries.items())
                                    if k not in PAGE_OWN),
                "resources": {k: pdffile._object(file, v, copied) for k, v in sorted(resources.items()) if k != "/XObject"},
                "xobjects": {k: pdffile._object(file, v, copied) for k, v in sorted(resources.get("/XObject", {}).items())},
                "contents": [pdffile._object(file, v, copied)
                             for v in (contents if isinstance(contents, pikepdf.Array) else [contents])]})
        catalog = " ".join(f"{k} {pdffile._object(file, v, copied)}" for k, v in sorted(pdf.Root.items())
                           if k not in CATALOG_OWN)
    objects = [value if value is None or isinstance(value, str) else [value[0], base64.b64encode(value[1]).decode()]
               for value in file.objects]
    return {"objects": objects, "pages": pages, "catalog": catalog}


def with_diagrams(book: dict, log: list, diagrams: dict, game: Game, written: dict | None = None) -> tuple[bytes, int]:
    """A typeset rulebook (reportlab's pages, taken_apart) with its diagrams written and placed as its layout's log
    says, the whole file written by our writer: (bytes, pages).

    written: {part key: the part written as operators}, shared by the rulebooks of one spec."""
    file = pdffile.File()
    file.objects = [value if value is None or isinstance(value, str) else (value[0], base64.b64decode(value[1]))
                    for value in book["objects"]]
    parts: dict = {}
    for name in dict.fromkeys(name for _, name, _, _, _ in log):
        for key, drawing, _, _, _ in diagrams[name].parts:
            parts.setdefault(key, drawing)
    forms = {}
    doc = Document(max((d.width for d in parts.values()), default=0), max((d.height for d in parts.values()), default=0),
                   file)
    written = {} if written is None else written
    for key, drawing in parts.items():  # each part once, as a Form XObject trimmed to the part
        if key not in written:
            written[key] = content.write(drawing)
        doc.paint(written[key])
        forms[key] = doc.next_form(drawing.width, drawing.height)
    doc.write_resources()
    placed: dict = {}
    for page_index, name, x, y, scale in log:
        diagram = diagrams[name]
        top = y + diagram.height * PT_PER_MM * scale
        names, ops = placed.setdefault(page_index, ({}, []))
        first = len(names)
        for key, drawing, dx, dy, part_scale in diagram.parts:
            k = scale * part_scale
            matrix = [k, 0, 0, k, x + dx * PT_PER_MM * scale, top - dy * PT_PER_MM * scale - drawing.height * PT_PER_MM * k]
            form = names.setdefault((name, key), f"/D{name.replace('-', '')}{len(names) - first + 1}")
            ops.append(f"q {' '.join(map(_num, matrix))} cm {form} Do Q")
    kids = []
    for number, page in enumerate(book["pages"], 2):
        names, ops = placed.get(number - 2, ({}, []))
        xobjects = {**page["xobjects"], **{form: f"{forms[key]} 0 R" for (_, key), form in names.items()}}
        resources = {**page["resources"]}
        if xobjects:
            resources["/XObject"] = "<< " + " ".join(f"{k} {v}" for k, v in xobjects.items()) + " >>"
        contents = page["contents"] + ([f"{file.stream(chr(10).join(ops).encode('ascii'))} 0 R"] if ops else [])
        file.set(number, f"<< /Type /Page /Parent 1 0 R {page['entries']} "
                         f"/Resources << {' '.join(f'{k} {v}' for k, v in resources.items())} >> "
                         f"/Contents [{' '.join(contents)}] >>")
        kids.append(number)
    file.set(1, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>")
    root = file.add(f"<< /Type /Catalog /Pages 1 0 R {book['catalog']} /ViewerPreferences << /PrintScaling /None >> >>")
    info = file.add(f"<< /Title {pdffile.string(game.title + ': rules')} /Author {pdffile.string(game.designer)} "
                    f"/Subject {pdffile.string('Rules of ' + game.title)} /Creator (pnp) /Producer (pnp) >>")
    return file.bytes(root, info), len(kids)
