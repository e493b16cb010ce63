"""A text deck's build draws each distinct face once (checks, shared grounds and the PDF share it) and holds no face's
operators after its sheet."""
import gc
import json
import importlib
import random
import shutil
import subprocess
import sys
import tracemalloc
import zlib
from collections import Counter
from itertools import chain
from pathlib import Path

from generator import cache
from generator.digests import hexdigest
from generator.draw import content, render, textbox, typeface
from generator.impose import kept
from generator.impose.grounds import ground as ground_of
from generator.impose.imposition import impose
from generator.impose.plan import placed_twice
from generator.spec import data
from generator.output import document, pdffile
from generator.spec import loader as specs
from generator.build import Pictures, build, cached, components_pdf, output_path, rules_file, spec_file
from generator.build import check as build_check
from generator.draw.render import draw_art
from generator.spec.expand import Noted, _expand, expand
from generator.facecache import FaceCache

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "textcards"
SUITS = ("#c0392b", "#8e44ad", "#2980b9", "#27ae60", "#d35400")


def deck(folder: Path, n: int) -> Path:
    """The benchmark's text card spec over a CSV of n distinct rows."""
    folder.mkdir()
    shutil.copy(BENCH / "card.yaml", folder / "card.yaml")
    rows = ["title,cost,suit,rules,flavour"] + [
        f'Card {k},{k % 9},{SUITS[k % len(SUITS)]},"Gain {k} spice. If you hold more spice than any player, '
        f'draw {k % 4} cards and discard one.","Port {k} favours the bold."' for k in range(n)]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    text = (BENCH / "textcards.yaml").read_text()
    (folder / "deck.yaml").write_text(text.replace("expect: 100", f"expect: {n}").replace("textcards-100.csv", "cards.csv"))
    return folder / "deck.yaml"


def test_a_build_draws_each_distinct_face_once(tmp_path, monkeypatch):
    drawn = []
    draw = render.draw_art

    def counted(spec, art):
        drawn.append(art.key)
        return draw(spec, art)
    for module in ("generator.draw.render", "generator.facecache", "generator.impose.grounds", "generator.build"):
        monkeypatch.setattr(importlib.import_module(module), "draw_art", counted)
    path, pages, size = build(specs.load(str(deck(tmp_path / "deck", 40))), "a4", tmp_path / "out")
    assert sorted(drawn) == sorted(f"cards-{k}" for k in range(1, 41))
    assert pages == 6 and size == path.stat().st_size


def test_the_face_cache_keeps_where_each_entry_is_not_the_entry(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 12)))
    path, *_ = build(spec, "a4", tmp_path / "out")
    faces = FaceCache(path)
    assert len(faces.entries) == 12   # the file the last build wrote holds every face
    face = faces.face(spec, next(a for a in expand(spec)[1].values()))
    assert faces.drawn == [] and face.ops.startswith("q")
    assert all(isinstance(at, int) for at in faces.kept.values())   # offset and length in one int, not a tuple of two


def test_the_face_cache_holds_two_ints_for_each_face_of_a_deck(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 600)))
    faces = FaceCache(tmp_path / "out" / "deck.pdf")
    faces.SPILL = 100_000   # the entries on disk, as a large deck's are
    arts = list(expand(spec)[1].values())
    drawn = [faces.face(spec, art) for art in arts]
    index = [found for found in vars(faces).values() if isinstance(found, dict)]   # what it holds by face or artwork
    held = sum(sys.getsizeof(found) + sum(map(sys.getsizeof, chain(found, found.values()))) for found in index) + sum(
        sys.getsizeof(found.hashes) + sys.getsizeof(found.places) for found in vars(faces).values() if hasattr(found, "places"))
    assert len(faces.kept) == 600
    assert [faces.face(spec, art) for art in arts[::-1]] == drawn[::-1] and faces.drawn == [art.key for art in arts]
    # the hash of each face's key and where its entry is (the key read back with it), in two arrays: its key (64 hex
    # digits) held for each face, and a dict from each artwork's key to it, came to 360 bytes a face; a dict of the two
    # ints, 100
    assert held < 60 * len(arts)


def test_a_face_whose_hash_another_face_took_is_kept_by_its_key_and_each_read_back_as_its_own(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3)))
    faces = FaceCache(tmp_path / "out" / "deck.pdf")
    one, two, three = expand(spec)[1].values()
    drawn = faces.face(spec, one)
    key_one, key_two = faces._key(spec, one)[0], faces._key(spec, two)[0]
    faces.kept[hash(key_two)] = faces.kept[hash(key_one)]   # as if the two keys had one hash: the first face's place
    faces.held = {}   # read back from the file being written, as a large deck's are
    again = faces.face(spec, two)   # not the first face's entry (its key, read back, differs): drawn and kept
    assert faces.drawn == ["cards-1", "cards-2"] and list(faces.clashes) == [key_two]
    assert faces.face(spec, one) == drawn and faces.face(spec, two) == again != drawn and faces.drawn == ["cards-1", "cards-2"]
    faces.face(spec, three)
    faces.placed()
    faces.save()
    assert sorted(json.loads(faces.path.read_text())) == sorted([key_one, key_two, faces._key(spec, three)[0]])


def test_a_build_lets_go_of_its_face_index_before_the_file_is_put_together(tmp_path, monkeypatch):
    spec = specs.load(str(deck(tmp_path / "deck", 40)))
    faces = FaceCache(output_path(tmp_path / "out", spec, "a4"))
    held, save = [], document.Document.save

    def saving(doc, *args):
        held.append((len(faces.kept), len(faces.clashes)))
        return save(doc, *args)
    monkeypatch.setattr(document.Document, "save", saving)
    components_pdf(spec, "a4", faces=faces)
    faces.save()
    assert held == [(0, 0)] and faces.count() == 40   # a deck's keys let go at the build's peak: its file is made then
    assert sorted(json.loads(faces.path.read_text())) == sorted(faces._key(spec, art)[0] for art in expand(spec)[1].values())


def _peak(make):
    """(what make() returns, the most memory it held at once beyond what was held before, what it still holds; bytes)."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        made = make()
        now, peak = tracemalloc.get_traced_memory()
        return made, peak - base, now - base
    finally:
        tracemalloc.stop()


def test_a_csv_is_read_without_a_second_copy_of_its_text(tmp_path):
    path = deck(tmp_path / "deck", 5000).parent / "cards.csv"
    rows, peak, held = _peak(lambda: data.load(path))
    assert len(rows.rows) == 5000 and rows.rows[-1][1]["title"] == "Card 4999"
    # beyond the rows it keeps, the text while it is parsed: no StringIO of it (4 bytes a character), no list of cells
    assert peak - held < 2 * path.stat().st_size


def test_a_cache_key_is_the_digest_of_the_repr_made_in_parts(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 6000)))
    pieces = list(expand(spec)[0])   # a list of 6,000 records (a deck's pieces are made when read)
    sans = repr(cache.sans_palette(spec))   # the spec walked once, for its own key and its plan's and rulebooks'
    whole = "\n".join([hexdigest(sans.encode()), repr(spec.palette), repr(spec.lines), repr(("plan", "a4", pieces)),
                        cache.code()])
    key, peak, _ = _peak(lambda: cache.key(spec, "plan", "a4", pieces))
    assert key == hexdigest(whole.encode())
    assert peak < len(whole)   # never the whole repr at once (it and its bytes: twice its length)


def test_a_kept_plan_is_written_sheet_by_sheet_each_shape_of_sheet_once(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    plan = impose(spec, expand(spec)[0], "a4", "duplex")
    entry = {"plan": plan, "saved": 3, "inputs": "x"}
    text, peak, _ = _peak(lambda: b"".join(kept.entry_parts(entry)).decode())
    read = json.loads(text)
    assert kept.decode(read["plan"]) == plan and {**read, "plan": None} == {**entry, "plan": None}
    for other in ({}, {"plan": plan._replace(sheets=(), cover=None)}, {"saved": 1, "plan": plan._replace(cover=plan.sheets[0])}):
        read = json.loads(b"".join(kept.entry_parts(other)).decode())
        assert read.keys() == other.keys() and ("plan" not in other or kept.decode(read["plan"]) == other["plan"])
    plain = len(json.dumps(plan, default=list))   # the plan's records written whole, every slot's place on every sheet
    assert len(json.loads(text)["plan"][5]) < len(plan.sheets) / 10 and len(text) < plain / 3, "full sheets share a shape"
    assert peak < 4 * len(text) and peak < plain / 2   # the text and its parts, one sheet's working copy at a time


def test_a_deck_holds_no_artwork_for_each_card_its_fronts_made_from_their_rows_when_asked_for(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    items = spec.components[0].faces.items
    (pieces, arts), _, held = _peak(lambda: _expand(spec))
    assert [arts[f"cards-{k}"].props for k in range(1, 3001)] == list(items) and len(arts) == 3000
    assert items[4]["title"] == "Card 4" and items[4]["#row"] == 6 and "cards-3001" not in arts and "cards-01" not in arts
    assert "cards-\u0663" not in arts and "cards-0" not in arts and "cards" not in arts   # only the keys Keys makes
    assert arts["cards-3000"].key == pieces[-1].front == "cards-3000"   # made from the card's number when read
    # an Art and a dict entry held for each card came to 280 bytes a card
    assert held < 220 * len(pieces)


def test_a_pdf_file_keeps_its_streams_on_disk_and_is_written_out_once():
    def filled():
        file = pdffile.File()
        noise = random.Random(19)
        for _ in range(200):   # 4 MB of streams that do not compress
            file.stream(noise.randbytes(20000))
        return file
    file, made, held = _peak(filled)
    assert held < pdffile.File.SPILL + 100_000 and made < 1_500_000   # the streams past the first MiB wait on disk
    pdf, peak, held = _peak(lambda: file.bytes(file.add("<< /Type /Catalog >>"), file.add("<< >>")))
    assert pdf.startswith(b"%PDF-1.5") and pdf.endswith(b"%%EOF\n") and pdf.count(b"endstream") == 202
    first = zlib.decompressobj().decompress(pdf[pdf.index(b"stream\n") + 7:])
    assert first == random.Random(19).randbytes(20000)   # read back from disk as it was written
    assert held < len(pdf) + 100_000   # the file, and nothing of the writer's
    assert peak < len(pdf) * 1.3   # no second copy of the whole (a bytearray of it and its bytes: twice it and more)


def test_a_data_file_s_rows_are_read_again_from_it_not_held(tmp_path):
    path = deck(tmp_path / "deck", 5000)
    specs.load(str(deck(tmp_path / "small", 10)))   # the modules and the layout's memos, before the count
    spec, _, held = _peak(lambda: specs.load(str(path)))
    items = spec.components[0].faces.items
    assert len(items) == 5000 and dict(items[7]) == {
        "title": "Card 7", "cost": "7", "suit": "#2980b9", "rules": "Gain 7 spice. If you hold more spice than any player, "
        "draw 3 cards and discard one.", "flavour": "Port 7 favours the bold.", "#row": 9, "#data": str(path.parent / "cards.csv")}
    # where each row starts in the file and its number, not its cells (a dict of each row's texts: 510 bytes a row)
    assert held < 80 * len(items)


def test_expanding_a_deck_of_data_rows_makes_little_beyond_its_pieces(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    (pieces, arts), peak, held = _peak(lambda: _expand(spec))
    assert len(pieces) == len(arts) == 3000 and pieces[-1] == (  # a row's number tells its face: no digest of its text
        "cards", 2999, "cards-3000", None) and arts["cards-3000"].props["title"] == "Card 2999"
    assert peak - held < 90 * len(pieces)   # no digest and no (front, back) pair held for each card while they are made


def test_a_sheet_file_put_together_on_disk_is_copied_to_its_path_never_held_whole(tmp_path):
    def filled():
        file = pdffile.File()
        noise = random.Random(19)
        for _ in range(200):   # 4 MB of streams that do not compress, all but the first MiB on disk
            file.stream(noise.randbytes(20000))
        return file
    whole = filled()
    pdf = whole.bytes(whole.add("<< /Type /Catalog >>"), whole.add("<< >>"))
    file = filled()
    spec = specs.load(str(deck(tmp_path / "deck", 4)))
    build_check(spec)   # the checks' verdict kept with the spec: cached asks for it again
    path = tmp_path / "out" / "deck.pdf"
    made, peak, _ = _peak(lambda: cached(spec, path, "inputs", lambda: (file.bytes(file.add("<< /Type /Catalog >>"),
                                                                                    file.add("<< >>"), False), 7)))
    assert made == (path, 7, len(pdf)) and path.read_bytes() == pdf   # the same bytes as the file held whole
    covered = (spec_file(spec), rules_file(spec))   # named by path alone, as cached names them
    assert cache.unchanged(path, "inputs", spec.templates, covered=covered)["output"] == hexdigest(pdf)
    assert peak < 0.6 * len(pdf)   # the first MiB of streams it held and a MiB read at a time, not the file's 4 MB


def test_a_record_names_its_spec_s_files_making_nothing_for_each_file_the_process_read(tmp_path, monkeypatch):
    spec = specs.load(str(deck(tmp_path / "deck", 4)))
    folder = Path(spec.path).parent.resolve()
    # 20,000 files other specs read in this process (a long run of tests, a watch), in folders whose names start as its does
    others = {str(tmp_path.resolve() / f"deck{k}" / "cards.csv"): "0" * 64 for k in range(20000)}
    monkeypatch.setattr(cache, "READ", cache.READ | others)
    found, peak, _ = _peak(lambda: cache.files(folder))
    assert found == {str(path): hexdigest(path.read_bytes()) for path in folder.iterdir()}   # all three, read
    assert list(found) == sorted(found)   # in the order of their paths: the record's bytes do not hang on the order read
    # all of them sorted and a Path of each, its parts interned, came to 80 to 160 bytes a file: in a full run of the
    # tests the process's table of interned strings was at times made again (3.8 MB) within a build's measured peak
    assert peak < len(others)


def test_a_pdf_file_holds_little_for_each_stream_it_put_on_disk():
    def filled():
        file = pdffile.File()
        file.SPILL = 0   # every stream on disk at once, as all but the first MiB of a large deck's are
        for k in range(5000):
            file.stream(f"q {k} 0 0 rg 0 0 {k} 9 re f Q".encode())
        return file
    file, _, held = _peak(filled)
    assert len(file.objects) == 5000 and file.spill.tell() > 5000 * 20
    # its dictionary's text and where it is, its digest to find it again: a tuple for the digest and one for the place
    # came to 410 bytes a stream
    assert held < 340 * 5000


def test_a_pdf_file_puts_its_plain_objects_together_without_copies_of_their_text():
    file = pdffile.File()
    for k in range(20000):   # a large deck's page dictionaries
        file.add(f"<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595.2756 841.8898] /TrimBox [10 10 {k} 800] "
                 f"/Contents [{k} 0 R] >>")
    text = sum(len(value) + 1 for value in file.objects)
    pdf, peak, _ = _peak(lambda: file.bytes(file.add("<< /Type /Catalog >>"), file.add("<< >>")))
    packed = zlib.decompressobj().decompress(pdf[pdf.index(b"stream\n") + 7:])
    assert packed.endswith(b"<< /Type /Catalog >>\n<< >>\n") and packed.count(b"/Type /Page ") == 20000
    assert peak < 2 * text   # the text compressed object by object: never joined (and copied) whole, nor a row each


def test_the_text_memos_do_not_grow_with_a_deck_of_distinct_texts():
    def lay(numbers):
        for k in numbers:   # as a layout lays each card's text and the checks ask for its runs' ink
            for run in textbox.fit(f"Gain {k} spice at port {k * 7}.", (0, 0, 50, 20), size=3.0).elements:
                typeface.ink(run.face, run.content, float(run.attrs["x"]), float(run.attrs["y"]),
                             float(run.attrs["font-size"]))
    tracemalloc.start()
    try:
        lay(range(2500))
        half = tracemalloc.get_traced_memory()[0]
        lay(range(2500, 5000))
        grown = tracemalloc.get_traced_memory()[0] - half
    finally:
        tracemalloc.stop()
    assert grown < 500_000   # the memos keep the last texts, not an entry or two per card (2 MB here)


def test_a_face_placed_once_is_let_go_with_its_ground_after_its_sheet(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 12)))
    arts = expand(spec)[1]
    keys = [f"cards-{k}" for k in range(1, 13)]
    pictures = Pictures(spec, arts, (), None, set(keys[:2]))   # the first two placed twice
    assert [pictures.grounds[key] for key in keys[:9]] == [ground_of(draw_art(spec, arts[key])) for key in keys[:9]]
    assert set(pictures.grounds.values()) == {"1 1 1"}   # the card's white ground
    pictures.release()
    assert sorted(pictures) == sorted(pictures.grounds) == keys[:2]


def test_a_document_keeps_the_boxes_of_a_layout_once_not_a_copy_per_page(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 27)))   # three sheets of nine
    sheets = impose(spec, expand(spec)[0], "a4", "duplex").sheets
    doc = document.Document(210, 297)

    def paged():
        for sheet in sheets * 400:
            doc.next_page(sheet.slots)
    _, _, held = _peak(paged)
    assert len(doc.pages) == 400 * len(sheets) and {extent for _, extent in doc.pages} == {
        document.extent(sheet.slots) for sheet in sheets}
    # the numbers of the page's streams in an array and its boxes by the number of the distinct ones: fresh tuples came
    # to 450 bytes a page, a tuple of the streams and one of them and the boxes found again to 110
    assert held < 40 * len(doc.pages)


def test_a_kept_plan_is_saved_part_by_part_never_its_whole_text_in_memory(tmp_path):
    """The memory a kept plan's save holds does not grow with the plan: the texts of 1,000 and 3,000 cards' plans."""
    saved = []
    for n in (1000, 3000):
        spec = specs.load(str(deck(tmp_path / f"deck{n}", n)))
        path, *_ = build(spec, "a4", tmp_path / f"out{n}")
        plan = kept.KeptPlan(path, spec, expand(spec)[0], "a4", "duplex")
        plan.entry = plan._read()
        assert len(plan.entry["furniture"]) > n / 10   # the list, the ruler and each sheet's labels, written
        text = json.dumps(plan.entry | {"inputs": plan.inputs, "grounds": plan.grounds}, separators=(",", ":"))
        plan.entry["plan"], plan.changed = kept.decode(plan.entry["plan"]), True   # saved from the Plan, as a build does
        plan.path.unlink()
        gc.collect()   # the builds' garbage: collected while the save runs, it would come off the save's peak
        _, peak, _ = _peak(plan.save)
        assert plan.path.read_text() == text
        saved.append((len(text), peak))
    (small, small_peak), (large, large_peak) = saved
    assert large > 2.5 * small and large_peak - small_peak < (large - small) / 5, saved   # holding the text: 2x its growth


def test_imposing_a_deck_holds_its_pieces_not_a_slot_for_each(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    pieces = expand(spec)[0]
    impose(spec, pieces, "a4")   # each face's ground, drawn once and remembered with the spec
    plan, peak, held = _peak(lambda: impose(spec, pieces, "a4"))
    slots = [slot for sheet in plan.sheets + (plan.cover,) * bool(plan.cover) for slot in sheet.slots]
    assert sorted(slot.art for slot in slots) == sorted(piece.front for piece in pieces)
    assert {(slot.w, slot.h) for slot in slots} <= {(63, 88), (88, 63)}   # the card's trim, upright or turned
    assert all(7 <= slot.x and slot.x + slot.w <= 203 and 7 <= slot.y and slot.y + slot.h <= 290 for slot in slots)
    # a sheet's slots are made when read, from its blocks of pieces (a Slot held for each piece came to 260 bytes a
    # piece), and each draft's blocks hold the pieces, not a (front, back, component, col, row) for each (peak 392
    # bytes); a page filled as the first full one was shares its free rectangles and layouts, and the drafted plan is
    # let go before the finished one is made (copies of them, and the draft held, peaked at 205 bytes a piece); a
    # deck's pieces, no longer held by expand, are made by a sheet as it reads them, not all at once here (245)
    assert held < 120 * len(pieces)
    assert peak < 170 * len(pieces)
    # read back from its kept JSON, the plan is the one imposed, its sheets holding their arts, not a Slot each
    read = json.loads(b"".join(kept.entry_parts({"plan": plan})))["plan"]
    decoded, _, held = _peak(lambda: kept.decode(read))
    assert decoded == plan
    assert held < 120 * len(pieces)


def test_the_checks_keep_a_deck_s_grounds_in_a_few_bytes_a_card(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    build_check(spec)
    grounds, arts = spec.remembered("grounds", dict), expand(spec)[1]
    assert [grounds[f"cards-{k}"] for k in (1, 1500, 3000)] == [ground_of(draw_art(spec, arts[f"cards-{k}"]))
                                                               for k in (1, 1500, 3000)] == ["1 1 1"] * 3
    assert "cards-3001" not in grounds and "cards-01" not in grounds and "cards-back" not in grounds
    parts = [found for found in vars(grounds).values()] if hasattr(grounds, "__dict__") else [grounds]
    held = sum(sys.getsizeof(part) for part in parts) + sum(
        sys.getsizeof(value) for value in {id(v): v for part in parts if isinstance(part, dict) for v in part.values()}.values())
    # a dict entry and a colour's text for each card came to 100 bytes a card
    assert held < 20 * len(arts)


def test_grounds_by_key_are_kept_whatever_the_keys_and_their_order():
    from generator.spec.expand import Grounds
    grounds = Grounds()
    keys = ["a-2", "a-1", "a-2", "a-3", "b-back", "b-back-1", "a-03", "a-0", "-4", "7", "b-1", "b-1"]
    for k, key in enumerate(keys):
        grounds[key] = f"{k} 0 0" if k % 3 else None
    assert {key: grounds[key] for key in keys} == {key: f"{k} 0 0" if k % 3 else None for k, key in enumerate(keys)}
    assert all(key in grounds for key in keys) and "a-4" not in grounds and "c-1" not in grounds and "a-" not in grounds


def test_a_pdf_file_writes_a_stream_put_on_disk_as_one_held_in_memory(monkeypatch):
    def written(spill, forms=True):
        file = pdffile.File()
        file.SPILL = spill
        for k in range(3000):
            file.stream(f"q {k} 0 0 rg 0 0 {k} 9 re f Q".encode())
            if forms:
                file.stream(f"{k} w".encode(), " /Type /XObject /Subtype /Form /BBox [0 0 9 9]")
        return file
    on_disk, in_memory = written(0), written(1 << 30)
    assert on_disk.spill.tell() and in_memory.spill is None
    assert on_disk.bytes(on_disk.add("<< >>"), on_disk.add("<< >>")) == in_memory.bytes(in_memory.add("<< >>"),
                                                                                         in_memory.add("<< >>"))
    monkeypatch.setattr(pdffile.RECENT, "room", 0)   # none of the streams kept for the other paper's file
    _, _, held = _peak(lambda: written(0, forms=False))
    # a stream with no entries of its own is held as where it is in an array, and its digest in a bytearray found by
    # an open-addressed table: a tuple and its dictionary's text came to 270 bytes a stream, an int and a dict entry of
    # its digest to 165
    assert held < 80 * 3000


def test_a_document_makes_its_page_dictionaries_when_the_file_is_written(tmp_path, monkeypatch):
    spec = specs.load(str(deck(tmp_path / "deck", 27)))   # three sheets of nine
    sheets = impose(spec, expand(spec)[0], "a4", "duplex").sheets
    doc = document.Document(210, 297)
    for sheet in sheets * 1000:
        doc.next_page(sheet.slots)
    put_together, at = pdffile.File.bytes, []

    def measured(file, *args):
        at.append(tracemalloc.get_traced_memory()[0])
        return put_together(file, *args)
    monkeypatch.setattr(pdffile.File, "bytes", measured)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        pdf = doc.save("Deck", "Me", "Cards")
    finally:
        tracemalloc.stop()
    start = pdf.index(b"stream\n", pdf.index(b"/Type /ObjStm")) + 7
    pages = zlib.decompressobj().decompress(pdf[start:]).split(b"\n")
    boxes = [page[page.index(b"/TrimBox"):page.index(b"/Resources")] for page in pages if b"/Type /Page " in page]
    assert boxes[:3] == [b"/TrimBox [%s] " % " ".join(map(content.n, document.box(document.extent(sheet.slots)[0], 297 * document.PT_PER_MM)))
                         .encode() for sheet in sheets] and len(boxes) == 3000
    # a page's dictionary held as text until the file was put together came to 280 bytes a page, a Later and its page
    # for each to 65: one Later makes them all, from each page's number
    assert at[0] - before < 30 * 3000


def test_the_face_index_finds_each_place_by_its_hash_as_a_dict_would():
    from generator.facecache import Index
    index, plain, noise = Index(), {}, random.Random(19)
    for _ in range(5000):
        key, place = noise.randrange(-2 ** 63, 2 ** 63) if noise.random() < 0.9 else noise.randrange(64), noise.randrange(2 ** 62)
        if key != -1:
            index[key], plain[key] = place, place
    assert len(index) == len(plain) and sorted(index.values()) == sorted(plain.values())
    assert all(index[key] == place and key in index for key, place in plain.items())
    assert all(index.get(key) is None for key in range(64, 99) if key not in plain)


def test_a_deck_s_pieces_are_made_when_read_none_held_for_each_card(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 3000)))
    (pieces, arts), _, held = _peak(lambda: _expand(spec))
    assert len(pieces) == 3000 and pieces[0] == ("cards", 0, "cards-1", None) and pieces[-1] == pieces[2999] == (
        "cards", 2999, "cards-3000", None) and list(pieces)[1500] == pieces[1500] and pieces[10:12] == list(pieces)[10:12]
    assert [piece.front for piece in pieces] == list(arts)
    # no Piece and its number (those came to 180 bytes a card), nor each card's key (a list of them: 72 bytes a card):
    # a key is made from its card's number when read
    assert held < 8 * len(pieces)


def test_a_kept_plan_holds_an_int_for_each_sheet_s_labels_until_it_is_saved(tmp_path):
    spec = specs.load(str(deck(tmp_path / "deck", 900)))   # 100 sheets of nine
    path = output_path(tmp_path / "out", spec, "a4")
    plan = kept.KeptPlan(path, spec, expand(spec)[0], "a4", "duplex")
    components_pdf(spec, "a4", kept=plan)
    furniture = plan.entry["furniture"]

    def size(value):
        return sys.getsizeof(value) + (sum(map(size, value)) if isinstance(value, (tuple, list)) else 0)
    assert len(furniture) > 100 and "labels 101" in furniture
    # where each one's JSON is in a temporary file: its written operators came to 700 bytes a sheet
    assert sum(map(size, furniture.values())) < 50 * len(furniture)
    plan.save()
    again = kept.KeptPlan(path, spec, expand(spec)[0], "a4", "duplex")
    labels = again.furniture("labels 101", lambda: 1 / 0)   # read from the saved plan, not drawn
    assert labels == plan.furniture("labels 101", lambda: 1 / 0) and " TJ " in labels.ops


def test_a_pdf_file_finds_each_stream_by_its_digest_as_a_dict_would():
    digests, plain, noise = pdffile.Digests(), {}, random.Random(19)
    for number in range(1, 5001):
        # a tenth share their first 8 bytes with another (where the table looks first): told apart by the rest
        digest = noise.randbytes(16) if noise.random() < 0.9 or not plain else next(iter(plain))[:8] + noise.randbytes(8)
        if digests.get(digest) is None:
            digests.add(digest, number)
            plain[digest] = number
    assert len(plain) > 4900 and all(digests.get(digest) == number for digest, number in plain.items())
    assert all(digests.get(noise.randbytes(16)) is None for _ in range(200))
    assert len(digests.digests) == 16 * len(plain) and len(digests.table) <= 4 * len(plain)


def test_a_pdf_file_stores_a_stream_once_by_its_content_and_dictionary():
    file = pdffile.File()
    first, again = file.stream(b"0 0 9 9 re f"), file.stream(b"0 0 9 9 re f")
    form, other = file.stream(b"0 0 9 9 re f", " /Type /XObject"), file.stream(b"0 0 9 8 re f")
    assert first == again and len({first, form, other}) == 3 and len(file.objects) == 3


def test_the_faces_a_build_drew_are_noted_in_a_few_bytes_a_card():
    keys = ["cards-back", "cards-1", "tile-2", "cards-10", "x", "cards-0", "cards-01", "9-9", "cards-100000", "-3"]
    noted = Noted()
    for key in keys:
        noted.append(key)
    assert noted == keys and list(noted) == keys and noted[-1] == "-3" and noted[2:4] == keys[2:4] and len(noted) == 10

    def deck():
        for k in range(1, 20001):
            noted.append(f"cards-{k}")
    _, _, held = _peak(deck)
    assert noted[10:] == [f"cards-{k}" for k in range(1, 20001)]
    assert held < 10 * 20000   # an int a card: a list of the keys held 8 bytes a card and the key, 57 more


SHEETS_HELD = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from test_memory import _peak, deck
from generator.impose.imposition import impose
from generator.impose.plan import placed_twice
from generator.spec import loader as specs
from generator.spec.expand import expand
spec = specs.load(str(deck(Path(sys.argv[2]) / "deck", 2400)))   # 300 full sheets of eight
pieces = expand(spec)[0]
impose(spec, pieces, "a4")   # each face's ground, drawn once and remembered with the spec
plan, _, held = _peak(lambda: impose(spec, pieces, "a4"))
print(json.dumps({"arts": [slot.art for sheet in plan.sheets for slot in sheet.slots], "held": held, "pieces": len(pieces),
                  "grounds": len({id(sheet.grounds) for sheet in plan.sheets[:-1]}), "first": len(plan.sheets[0].grounds),
                  "twice": sorted(placed_twice(plan.sheets))}))
"""


def test_a_deck_s_sheets_hold_no_key_for_each_card_and_share_their_grounds(tmp_path):
    # measured in a process of its own: what a worker's earlier tests left in memory changed what this one held
    found = json.loads(subprocess.run([sys.executable, "-c", SHEETS_HELD, str(Path(__file__).parent), str(tmp_path)],
                                      capture_output=True, text=True, check=True).stdout)
    assert found["arts"] == [f"cards-{k}" for k in range(1, 2401)]
    assert found["grounds"] == 1 and found["first"] == 1
    # its sheet, the places of its layout, where its run of the deck's keys starts and stops: a tuple of its cards' keys
    # and a Rect and two tuples of its own came to 80 bytes a card, the keys held by expand besides
    assert found["held"] < 45 * found["pieces"]
    assert found["twice"] == []   # each card placed once, and no card's key read to count it


def test_the_artworks_placed_more_than_once_are_found_as_a_count_of_every_slot_finds_them(tmp_path):
    doubled = deck(tmp_path / "deck", 40)
    doubled.write_text(doubled.read_text().replace("expect: 40", "expect: 80\n    faces: {copies: 2}"))
    found = {}
    for path in (doubled, *sorted(Path(__file__).resolve().parent.parent.glob("generator/specs/*.yaml"))):
        spec = specs.load(str(path))
        plan = impose(spec, expand(spec)[0], "a4")
        sheets = (plan.cover,) * bool(plan.cover) + plan.sheets
        uses = Counter(slot.art for sheet in sheets for slot in sheet.slots)
        found[path.stem] = placed_twice(sheets)
        assert found[path.stem] == {key for key, count in uses.items() if count > 1}
    assert found["deck"] == {f"cards-{k}" for k in range(1, 41)} and len(found) == 7   # the deck's copies, each twice
