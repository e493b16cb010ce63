"""The components PDF: pages, sizes, boxes, metadata, shared artworks, exact tile sizes, same bytes twice."""
import io
import re
import zlib
from pathlib import Path
from collections import Counter

import pikepdf
import pypdfium2
from PIL import Image
import pytest

from conftest import render
from generator.output import document
from generator.spec import loader as specs
from generator.spec import rules as rules_text
from generator.build import build, components_pdf
from generator.spec.expand import expand
from generator.draw.render import draw_art
from generator.impose.imposition import impose
from generator.units import PT_PER_MM, paper_size

DPI = 300


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_and_sizes(grannys, grannys_pdfs, paper):
    plan = impose(grannys, expand(grannys)[0], paper)
    width, height = (v * PT_PER_MM for v in paper_size(paper))
    with pikepdf.open(grannys_pdfs[paper]) as pdf:
        assert len(pdf.pages) == len(plan.sheets) + 1
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            assert media == pytest.approx([0, 0, width, height], abs=0.01)
            trim, bleed = [float(v) for v in page.TrimBox], [float(v) for v in page.BleedBox]
            assert media[0] <= bleed[0] <= trim[0] < trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] < trim[3] <= bleed[3] <= media[3]
        assert str(pdf.docinfo.Title).startswith("Granny's Pills")
        assert str(pdf.docinfo.Author) == "Mario Primorac"
        assert "/CreationDate" not in pdf.docinfo


def test_each_repeated_face_is_stored_once_and_placed_by_reference(grannys, grannys_pdfs):
    pieces, arts = expand(grannys)
    uses = Counter(slot.art for sheet in impose(grannys, pieces, "a4").sheets for slot in sheet.slots)
    by_reference = {key for key, n in uses.items() if n > 1}
    lettered = {key for key in uses if "<text" in draw_art(grannys, arts[key]).tostring()}
    assert lettered - by_reference, "some face used once has text: written in the page like any other face"
    with pikepdf.open(grannys_pdfs["a4"]) as pdf:
        forms = {name: form for page in pdf.pages for name, form in page.Resources.XObject.items()}
        faces = {name for name in forms if not name.startswith("/S")}  # /S: sheet furniture (ruler, crop marks)
        assert len({forms[name].objgen for name in faces}) == len(faces) == len(by_reference)
        placed = [str(operands[0]) for page in pdf.pages for operands, op in pikepdf.parse_content_stream(page)
                  if str(op) == "Do"]
        assert sum(name in faces for name in placed) == sum(uses[key] for key in by_reference)


def test_same_input_gives_the_same_bytes(grannys, grannys_pdfs, tmp_path):
    again = build(grannys, "a4", tmp_path)[0]
    assert again.read_bytes() == grannys_pdfs["a4"].read_bytes()


def dark_runs(row, threshold=128, join=DPI / 25.4):
    """Centres (px) of the dark runs along a row of grey pixels, joining runs closer than join px."""
    runs, start = [], None
    for x, value in enumerate(list(row) + [255]):
        if value < threshold and start is None:
            start = x
        elif value >= threshold and start is not None:
            if runs and start - runs[-1][1] < join:
                runs[-1] = (runs[-1][0], x - 1)
            else:
                runs.append((start, x - 1))
            start = None
    return [(a + b) / 2 for a, b in runs]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pill_tiles_measure_25_mm(grannys, grannys_pdfs, paper):
    plan = impose(grannys, expand(grannys)[0], paper)
    index, sheet = max(((i, s) for i, s in enumerate(plan.sheets) if "pill" in s.components),
                       key=lambda item: sum(slot.art.startswith("pill-") for slot in item[1].slots))
    pills = [slot for slot in sheet.slots if slot.art.startswith("pill-")]
    first = min(pills, key=lambda slot: (slot.y, slot.x))
    image = render(grannys_pdfs[paper], index + 1, DPI)
    y = round((first.y + 1.0) * DPI / 25.4)
    left = round((first.x - 2) * DPI / 25.4)  # the row of pills alone: other pieces may share the sheet
    right = round((max(slot.x + slot.w for slot in pills if abs(slot.y - first.y) < 1e-6) + 2) * DPI / 25.4)
    row = [image.getpixel((x, y)) for x in range(left, right)]
    edges = [left + edge for edge in dark_runs(row)]
    half_border = grannys.component("pill").options.get("border", 0.3) / 2 * DPI / 25.4
    edges[0], edges[-1] = edges[0] - half_border, edges[-1] + half_border  # outer borders lie inside the trim
    sizes = [(b - a) * 25.4 / DPI for a, b in zip(edges, edges[1:])]
    cols = sum(1 for s in pills if abs(s.y - first.y) < 1e-6)
    assert len(sizes) == cols
    for size in sizes:
        assert size == pytest.approx(25.0, abs=0.2)
    assert edges[0] * 25.4 / DPI == pytest.approx(first.x, abs=0.2)


@pytest.mark.parametrize("game, overrides", [("grannys-pills", ["components.board.cell=40mm"]), ("glorieta", [])])
def test_every_board_panel_shows_its_part_of_the_board(game, overrides):
    from PIL import ImageChops

    from generator.output import raster
    from generator.draw.render import draw_art
    spec = specs.load(game, overrides)
    pieces, arts = expand(spec)
    data, _ = components_pdf(spec, "a4")
    plan = impose(spec, pieces, "a4")
    dpi = 40
    k = dpi / 25.4
    panels = [(n, s.slots[0]) for n, s in enumerate(plan.sheets, start=1) if s.slots and s.slots[0].window]
    assert len(panels) > 1
    board = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, arts[panels[0][1].art]), dpi))).convert("L")
    document = pypdfium2.PdfDocument(data)
    for number, slot in panels:
        page = document[number].render(scale=dpi / 72).to_pil().convert("L")
        sheet = plan.sheets[number - 1]  # the play area: the panel less its shaded glue tabs
        w = slot.window._replace(w=slot.w - sum(t.w for t in sheet.tabs if t.h == slot.h),
                                 h=slot.h - sum(t.h for t in sheet.tabs if t.w == slot.w))
        shown = page.crop((round(slot.x * k), round(slot.y * k), round((slot.x + w.w) * k), round((slot.y + w.h) * k)))
        b = slot.bleed  # windows are in trim coordinates, the art starts at its bleed
        wanted = board.crop((round((w.x + b) * k), round((w.y + b) * k), round((w.x + b + w.w) * k),
                             round((w.y + b + w.h) * k)))
        wanted = wanted.resize(shown.size)
        differing = sum(ImageChops.difference(shown, wanted).histogram()[64:]) / (shown.width * shown.height)
        assert differing < 0.05, f"panel on sheet {number}: {differing:.0%} of its pixels differ from the board"


def test_our_own_pdf_file_passes_qpdf_and_a_strict_reader():
    import pypdf
    spec = specs.load(str(Path(__file__).resolve().parents[2] / "benchmarks" / "specs" / "tiles.yaml"))
    data, pages = components_pdf(spec, "letter")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.check_pdf_syntax() == []
        assert len(pdf.pages) == pages
    reader = pypdf.PdfReader(io.BytesIO(data), strict=True)
    assert f"Benchmark tiles · sheet 2/{pages} · US Letter" in reader.pages[1].extract_text()
    assert reader.metadata.title == "Benchmark tiles: components (US Letter)"


def font_faces(data):
    """(the base font names a PDF uses, without subset tags; how many font programs it embeds)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        names = [str(o.BaseFont).split("+")[-1] for o in pdf.objects
                 if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font" and o.get("/Subtype") != "/Type0"]
        programs = sum(isinstance(o, pikepdf.Stream) and "/Length1" in o.stream_dict for o in pdf.objects)
    return names, programs


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()] + ["benchmarks/specs/tiles.yaml"])
def test_every_sheet_uses_one_type_family_embedded_once_per_weight(game, tmp_path):
    from generator.output import swatches
    spec = specs.load(game if "/" not in game else str(Path(__file__).resolve().parents[2] / game))
    files = [components_pdf(spec, paper)[0] for paper in ("a4", "letter")]
    files.append(swatches.write(spec, tmp_path)[0].read_bytes())
    for data in files:
        names, programs = font_faces(data)
        assert set(names) == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"} and len(names) == programs == 2, names


def test_each_file_of_a_build_has_a_title_of_its_own():
    """The rulebooks' titles left the paper out ('Posies: rules' on A4 and Letter alike), as the components PDFs' do
    not: a print shop's queue showed two files of one name. Read back from the files of a build."""
    from click.testing import CliRunner
    from generator.cli import cli
    import tempfile
    with tempfile.TemporaryDirectory() as out:
        assert CliRunner().invoke(cli, ["build", "posies", "--out", out]).exit_code == 0
        titles = []
        for path in sorted(Path(out).rglob("*.pdf")):
            with pikepdf.open(path) as pdf:
                titles.append(str(pdf.docinfo.Title))
    assert len(titles) == 4 and len(set(titles)) == 4, titles
    assert "Posies: rules (US Letter)" in titles and "Posies: components (A4)" in titles


def test_a_variant_files_title_names_its_variant_as_its_name_does():
    """A fold-over, ink-saver or greyscale components PDF had the plain file's title ('Posies: components (A4)'): a print
    shop's queue could not tell them apart. Read back from the files."""
    from click.testing import CliRunner
    from generator.cli import cli
    import tempfile
    with tempfile.TemporaryDirectory() as out:
        for given in ([], ["--backs", "fold"], ["--ink-saver"], ["--greyscale", "--backs", "fold"]):
            built = CliRunner().invoke(cli, ["build", "posies", "--paper", "a4", "--out", out, *given])
            assert built.exit_code == 0, built.output
        titles = {}
        for path in sorted(Path(out).rglob("*-components-*.pdf")):
            with pikepdf.open(path) as pdf:
                titles[path.name] = str(pdf.docinfo.Title)
    assert titles == {"posies-components-a4.pdf": "Posies: components (A4)",
                      "posies-components-a4-fold.pdf": "Posies: components (A4, fold-over)",
                      "posies-components-a4-inksaver.pdf": "Posies: components (A4, ink-saver)",
                      "posies-components-a4-fold-greyscale.pdf": "Posies: components (A4, fold-over, greyscale)"}


def test_identical_streams_are_stored_once_and_titles_keep_every_letter():
    from generator.output import pdffile
    file = pdffile.File()
    first, again = file.stream(b"0 0 10 10 re f"), file.stream(b"0 0 10 10 re f")
    assert first == again and file.stream(b"0 0 10 10 re S") != first
    doc = document.Document(50, 50)
    doc.next_page()
    with pikepdf.open(io.BytesIO(doc.save("Łódź · Spiel", "Zoë", "x"))) as out:
        assert str(out.docinfo.Title) == "Łódź · Spiel" and str(out.docinfo.Author) == "Zoë"


def catalog_text(data):
    """The file's own catalog dictionary, found in its raw bytes (object streams inflated with zlib, no PDF library)."""
    chunks = [data] + [zlib.decompress(m.group(1)) for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S)
                       if m.group(1)[:1] == b"x"]
    for chunk in chunks:
        found = re.search(rb"/Type\s*/Catalog.*?>>\s*>>", chunk, re.S)
        if found:
            return found.group(0)
    raise AssertionError("no catalog found")


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_every_pdf_asks_viewers_not_to_scale_by_the_name_none(game, tmp_path):
    from generator.build import build_rules
    spec = specs.load(game)
    for path in (build(spec, "a4", tmp_path)[0], build_rules(spec, "a4", tmp_path)[0]):
        catalog = catalog_text(path.read_bytes())
        assert re.search(rb"/PrintScaling\s*/None(?![A-Za-z0-9_#])", catalog), (path.name, catalog)


def _as_read(obj):
    """A pikepdf object as pdfread gives it: references, streams (as stored), dictionaries, arrays, numbers, names and
    strings as written."""
    from generator.output import pdfread
    if isinstance(obj, bool) or isinstance(obj, int):
        return obj
    if not isinstance(obj, pikepdf.Object):
        return float(obj)
    if obj.is_indirect:
        return pdfread.Ref(obj.objgen[0])
    if isinstance(obj, pikepdf.Dictionary):
        return {k: _as_read(v) for k, v in obj.items()}
    if isinstance(obj, pikepdf.Array):
        return [_as_read(v) for v in obj]
    return obj.unparse().decode("latin-1")


def _reportlab_pdfs():
    """A reportlab PDF with an outline, a link, a page label, text and two page sizes, and each shipped rulebook's
    reportlab PDF on Letter."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.output import rulebook
    from generator.spec import loader
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(300, 400), invariant=1)
    for n, size in enumerate(((300, 400), (500, 250))):
        canvas.setPageSize(size)
        canvas.drawString(30, 150, f"Setup (step) {n + 1}")
        canvas.bookmarkPage(f"p{n}")
        canvas.addOutlineEntry(f"Step ({n + 1}) \\ done", f"p{n}", level=0)
        canvas.linkURL("https://example.org/rules", (30, 140, 200, 170))
        canvas.showPage()
    canvas.addPageLabel(0, "D", 7)
    canvas.save()
    yield out.getvalue()
    rulebook._register_fonts()
    for path in loader.shipped():
        spec = loader.load(str(path))
        yield rulebook.typeset(spec, "letter", rules_text.load_rules(spec), rulebook.drawn(spec), 1.0).data


def test_pdfread_reads_every_object_of_reportlabs_pdfs_as_pikepdf_does():
    """Every object of reportlab's PDFs (the rulebooks' and one with an outline, a link and page labels), its trailer's
    root and its pages in order, as pikepdf reads them; streams as they are stored."""
    from generator.output import pdfread
    read = 0
    for data in _reportlab_pdfs():
        ours = pdfread.Reader(data)
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert ours.pages() == [page.obj.objgen[0] for page in pdf.pages]
            assert ours.trailer["/Root"] == pdfread.Ref(pdf.Root.objgen[0])
            numbers = [objgen for objgen in (o.objgen for o in pdf.objects) if objgen != (0, 0)]
            assert sorted(ours.objects) == [n for n, _ in numbers]
            for number, generation in numbers:
                theirs = pdf.get_object((number, generation))
                if isinstance(theirs, pikepdf.Stream):
                    assert ours.objects[number].raw == theirs.read_raw_bytes()
                    assert ours.objects[number].entries == {k: _as_read(v) for k, v in theirs.items()}
                else:
                    assert ours.objects[number] == {k: _as_read(v) for k, v in theirs.items()} \
                        if isinstance(theirs, pikepdf.Dictionary) else _as_read(theirs)
                read += 1
    assert read > 200
