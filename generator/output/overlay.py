"""Rulebooks assembled by pnp's own PDF writer: reportlab's typeset pages, taken apart once when the text is laid out,
whose content streams place the diagrams' parts by name; the parts' forms are written from the drawing model."""
import zlib
from binascii import a2b_base64, b2a_base64   # base64's own, without loading base64 (start-up)

from ..draw import content
from ..digests import hexdigest
from ..spec.model import Game
from .. import units
from . import pdffile
from .document import Document

PAGE_OWN = ("/Type", "/Parent", "/Contents", "/Resources")  # a page's entries the join writes itself
INHERITED = ("/MediaBox", "/CropBox", "/Rotate", "/Resources")  # a page may take these from its page tree
CATALOG_OWN = ("/Type", "/Pages", "/Metadata", "/ViewerPreferences")  # the catalogue's entries the join writes itself
PART = "D."  # a diagram part's form is named D.<diagram>.<part number>: reportlab calls it /FormXob.D.<diagram>.<n>
PLACED = "/FormXob." + PART


# the colours rulebook.py's styles and tables set themselves (text, captions, table rules, notes' ground): a palette
# colour of one of these values cannot be told apart from them in the typeset text
TEXT_INK, CAPTION_INK, RULE_INK, NOTE_GROUND = "#000000", "#444444", "#999999", "#f2f2f2"
FIXED = frozenset({TEXT_INK, CAPTION_INK, RULE_INK, NOTE_GROUND})


def recoloured(book: dict, swaps: list, unchanged=()) -> dict | None:
    """A typeset book (taken_apart) with each colour its text sets swapped (swaps: (old #rrggbb, new) pairs), written as
    reportlab writes the new one; None when that could differ from laying the text out again: a colour the rulebook sets
    itself (FIXED), two old colours alike, an old colour that a colour the text read and still reads (unchanged) has
    too, a page with forms of its own, a stream not compressed as reportlab does."""
    olds = [old.lower() for old, _ in swaps]
    if (len(set(olds)) < len(olds) or (set(olds) | {new.lower() for _, new in swaps}) & FIXED
            or set(olds) & {colour.lower() for colour in unchanged}):
        return None
    if any(page["xobjects"] for page in book["pages"]):
        return None

    ops = {rgb_as_reportlab(old): rgb_as_reportlab(new) for old, new in swaps}
    objects = list(book["objects"])
    for page in book["pages"]:
        for ref in page["contents"]:
            number = int(ref.split()[0])
            head, data = objects[number - 1]
            if head != f"<< /Length {len(a2b_base64(data))} /Filter [/FlateDecode] >>":
                return None
            text = swapped(zlib.decompress(a2b_base64(data)), ops)
            packed = zlib.compress(text)   # as reportlab compresses a page
            objects[number - 1] = [f"<< /Length {len(packed)} /Filter [/FlateDecode] >>",
                                   b2a_base64(packed, newline=False).decode()]
    return {**book, "objects": objects}


def swapped(text: bytes, ops: dict) -> bytes:
    """A page's operators with each colour's operands (a key of ops, in their order) set to its value where they set a
    colour: not part of a longer number before them, then rg or RG and a space; found left to right as the pattern
    (?<![\\d.-])(key|...)(?= (?:rg|RG)\\s) would find them (a pattern without a literal start tries every byte)."""
    parts: list[bytes] = []
    at = 0
    while True:
        first = None
        for old in ops:
            found = text.find(old, at)
            while found != -1 and not _sets(text, found, found + len(old)):
                found = text.find(old, found + 1)
            if found != -1 and (first is None or found < first[0]):
                first = (found, old)
        if first is None:
            return b"".join(parts) + text[at:] if parts else text
        found, old = first
        parts += [text[at:found], ops[old]]
        at = found + len(old)


def _sets(text: bytes, start: int, end: int) -> bool:
    """Whether the operands at text[start:end] set a colour: no digit, '.' or '-' before them, ' rg' or ' RG' and a
    space after."""
    return ((start == 0 or text[start - 1] not in b"0123456789.-") and text[end:end + 3] in (b" rg", b" RG")
            and text[end + 3:end + 4] in (b" ", b"\t", b"\n", b"\r", b"\f", b"\v"))


def rgb_as_reportlab(colour: str) -> bytes:
    """A #rrggbb colour's operands as reportlab writes them (its fp_str: 6 decimals at most, no trailing zeros, no
    leading zero), written here so that a swap loads no reportlab."""
    return " ".join(map(_channel, (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)))).encode()


def _channel(value: float) -> str:
    """One channel, 0 to 1, as fp_str writes it."""
    if value <= 1e-7:
        return "0"
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return text[1:] if text[0] == "0" and len(text) > 1 else text


def pdf_number(value: float) -> str:
    """A PDF number: 4 decimals at most, no trailing zeros, never '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def part_name(diagram: str, number: int) -> str:
    """The name a page's content stream places a diagram's part by (its form, written by with_diagrams)."""
    return f"{PART}{diagram}.{number}"


def extents(diagrams: dict) -> str:
    """What a kept layout's placements depend on, as a digest: each diagram's size and its parts' offsets, scales and
    sizes (mm)."""
    places = [(name, d.width, d.height, [(dx, dy, k, part.width, part.height) for _, part, dx, dy, k in d.parts])
              for name, d in diagrams.items()]
    return hexdigest(repr(places).encode())


def taken_apart(data: bytes) -> dict:
    """Reportlab's PDF as the parts the join writes again (JSON data): its objects, numbered as the joined file numbers
    them (1 its page tree, then its pages, written by the join), each page's own entries, resources and contents, the
    diagram parts its content streams place (their stand-ins left out), and the catalogue's entries (outlines, page
    labels, names: whatever reportlab wrote). Read by pdfread, at lay-out time."""
    from . import pdfread  # lazy: start-up (a rebuild over a kept layout reads no PDF)
    pdf, file = pdfread.Reader(data), pdffile.File()
    page_numbers = pdf.pages()
    root = pdf.resolve(pdf.trailer["/Root"])
    numbers = {root["/Pages"].number: file.reserve()}
    for number in page_numbers:
        numbers[number] = file.reserve()

    def text(value):
        return pdfread.copied(pdf, file, value, numbers)
    pages = []
    for number in page_numbers:
        entries = dict(pdf.objects[number])
        for key in INHERITED:
            node = pdf.objects[number]
            while key not in entries and "/Parent" in node:
                node = pdf.resolve(node["/Parent"])
                if key in node:
                    entries[key] = node[key]
        resources = pdf.resolve(entries.get("/Resources", {}))
        xobjects = pdf.resolve(resources.get("/XObject", {}))
        contents = pdf.resolve(entries.get("/Contents", []))
        pages.append({
            "entries": " ".join(f"{k} {text(v)}" for k, v in sorted(entries.items()) if k not in PAGE_OWN),
            "resources": {k: text(v) for k, v in sorted(resources.items()) if k != "/XObject"},
            "xobjects": {k: text(v) for k, v in sorted(xobjects.items()) if not k.startswith(PLACED)},
            "parts": sorted(k for k in xobjects if k.startswith(PLACED)),
            "contents": [text(v) for v in (contents if isinstance(contents, list) else [entries["/Contents"]])]})
    catalog = " ".join(f"{k} {text(v)}" for k, v in sorted(root.items()) if k not in CATALOG_OWN)
    objects = [value if value is None or isinstance(value, str) else [value[0], b2a_base64(value[1], newline=False).decode()]
               for value in file.objects]
    return {"objects": objects, "pages": pages, "catalog": catalog}


def with_diagrams(book: dict, diagrams: dict, game: Game, paper: str, written: dict | None = None,
                  file: pdffile.File | None = None) -> tuple[bytes, int]:
    """A typeset rulebook (reportlab's pages, taken_apart) with the forms of the diagram parts its pages place, the whole
    file written by our writer: (bytes, pages); paper: its name, in its title as the components PDF's is.

    written: {part key: the part written as operators}, shared by the rulebooks of one spec; file: the pdffile.File to
    write (one holding the streams the last build compressed)."""
    file = pdffile.File() if file is None else file
    file.objects = [value if value is None or isinstance(value, str) else (value[0], a2b_base64(value[1]))
                    for value in book["objects"]]
    named = {}  # each placed name -> its part's key and drawing
    for page in book["pages"]:
        for name in page["parts"]:
            diagram, _, number = name[len(PLACED):].rpartition(".")
            key, drawing = diagrams[diagram].parts[int(number)][:2]
            named[name] = key, drawing
    parts = dict(named.values())
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
    kids = []
    for number, page in enumerate(book["pages"], 2):
        xobjects = {**page["xobjects"], **{name: f"{forms[named[name][0]]} 0 R" for name in page["parts"]}}
        resources = {**page["resources"]}
        if xobjects:
            resources["/XObject"] = "<< " + " ".join(f"{k} {v}" for k, v in xobjects.items()) + " >>"
        file.set(number, f"<< /Type /Page /Parent 1 0 R {page['entries']} "
                         f"/Resources << {' '.join(f'{k} {v}' for k, v in resources.items())} >> "
                         f"/Contents [{' '.join(page['contents'])}] >>")
        kids.append(number)
    file.set(1, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>")
    root = file.add(f"<< /Type /Catalog /Pages 1 0 R {book['catalog']} /ViewerPreferences << /PrintScaling /None >> >>")
    title = f"{game.title}: rules ({units.paper(paper).label})"
    info = file.add(f"<< /Title {pdffile.string(title)} /Author {pdffile.string(game.designer)} "
                    f"/Subject {pdffile.string('Rules of ' + game.title)} /Creator (pnp) /Producer (pnp) >>")
    return file.bytes(root, info), len(kids)
