"""Exports of a deck whose data rows name backs of their own: every distinct back in every format, under a name of its
own, counted in the summary lines, behind the cards the PDF prints it behind."""
import csv
import io
import json
import re
from pathlib import Path
from urllib.parse import urlparse

import cairosvg
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from generator.cli import cli
from generator.impose.imposition import impose
from generator.output import preview
from generator.output.exports import backings
from generator.output.formats import contact
from generator.spec import loader as specs
from generator.spec.expand import expand
from test_exports import check_saved_object

SPEC = """\
game: {title: Two Backs, designer: Test}
palette: {blue: "#2e6da4", red: "#c0392b", green: "#2e8b57", ink: "#222222"}
components:
  cards:
    kind: layout
    expect: 6
    width: 2.5 in
    height: 3.5 in
    data: cards.csv
    layout:
      ground: "#fffdf5"
      elements:
        title: {type: text, x: 6, y: 6, width: 51.5, height: 10, text: "{title}", size: 8, bold: true, colour: ink}
    back:
      layout: {ground: blue, elements: {t: {type: text, x: 6, y: 34, width: 51.5, height: 20, text: DECK, size: 10,
                                            bold: true, align: centre, valign: middle, colour: white}}}
"""
CARDS = "title,back,count\nStorm,,2\nFeast,red.yaml,1\nFlood,,1\nHarvest,green.yaml,2\n"
BACKS = {"red.yaml": "ground: red\nelements:\n  t: {type: text, x: 6, y: 34, width: 51.5, height: 20, text: EVENT, size: 10, "
                     "bold: true, align: centre, valign: middle, colour: white}\n",
         "green.yaml": "ground: green\nelements:\n  t: {type: text, x: 6, y: 34, width: 51.5, height: 20, text: '{title}', "
                       "size: 10, bold: true, align: centre, valign: middle, colour: white}\n"}
DPI = 100
BLEED = 3.0                  # mm: a layout card's bleed
TGC_BLEED = 25.4 / 8         # mm: The Game Crafter's poker card, as its template has it (63.5 x 88.9 mm: our trim)
MPC_BLEED = 0.12 * 25.4      # mm: MakePlayingCards'
BUILDS = (["--format", "pdf,png,svg,contact,tts", "--dpi", str(DPI)], ["--pod", "thegamecrafter", "--format", "png"],
          ["--pod", "makeplayingcards", "--format", "png"])


def write_game(folder: Path, cards: str = CARDS) -> Path:
    """The spec, its data and its back layouts in folder; the spec's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(SPEC)
    (folder / "cards.csv").write_text(cards)
    for name, text in BACKS.items():
        (folder / name).write_text(text)
    return folder / "game.yaml"


def build(game: Path, out: Path) -> str:
    """Every build of BUILDS into out; what they printed."""
    printed = ""
    for options in BUILDS:
        paper = ["--paper", "a4"] if "--pod" not in options else []   # the printers' PNGs read no paper
        result = CliRunner().invoke(cli, ["build", str(game), *paper, "--out", str(out), *options])
        assert result.exit_code == 0 and result.exception is None, result.output
        printed += result.output
    return printed


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(spec, its output folder, what the builds printed, the rows of its data file)."""
    folder = tmp_path_factory.mktemp("two-backs")
    game = write_game(folder / "game")
    printed = build(game, folder / "out")
    return specs.load(str(game)), folder / "out" / "game", printed, list(csv.DictReader(io.StringIO(CARDS)))


def the_back(row) -> str:
    """The back a row of the data file names, read as a designer reads it: its layout file, else the common back."""
    return row["back"] or "common"


def files_named(label: str) -> list:
    """The files a summary line's label names: the file, or every file under what its pattern (folder/start*) matches."""
    if not label.endswith("*"):
        return [Path(label)]
    where = Path(label).parent
    found = []
    for match in where.glob(Path(label).name):
        found += [match] if match.is_file() else [p for p in match.rglob("*") if p.is_file()]
    return found


def test_every_summary_line_counts_the_files_on_disk(built):
    _, out, printed, _ = built
    lines = [line for line in printed.splitlines() if re.search(r": \d+ files?, ", line)]
    assert len(lines) >= 6
    for line in lines:
        label, count = re.match(r"(.*): (\d+) files?, ", line).groups()
        assert len(files_named(label)) == int(count), line


def test_each_distinct_back_has_a_file_of_its_own_in_png_and_svg(built):
    """Three backs (the common one, red.yaml, green.yaml quoting the title), four fronts: seven files in each folder; the
    common back keeps its name, each other is named by its number and layout file; no front is named by its back."""
    _, out, _, rows = built
    backs = {the_back(row) for row in rows}
    fronts = {row["title"] for row in rows}
    for kind in ("png", "svg"):
        names = sorted(p.name for p in (out / kind).glob("cards-*"))
        assert len(names) == len(backs) + len(fronts), names
        assert f"cards-back.{kind}" in names
        assert sorted(n for n in names if n.startswith("cards-back-")) == [f"cards-back-1-red.{kind}",
                                                                             f"cards-back-2-green-harvest.{kind}"]
        assert not any("red" in n or "green" in n for n in names if n.endswith(f"-front.{kind}"))


def normalised(image: Image.Image) -> Image.Image:
    """An image as RGB at a common size for comparing pictures of one card."""
    return image.convert("RGB").resize((127, 178))


def trim(image: Image.Image, bleed: float, size=(63.5, 88.9), inset=1.5) -> Image.Image:
    """The part of a face's image inside its trim (less inset mm each side), its bleed bleed mm wide."""
    k = image.width / (size[0] + 2 * bleed)
    box = ((bleed + inset) * k, (bleed + inset) * k, (bleed + size[0] - inset) * k, (bleed + size[1] - inset) * k)
    return normalised(image.crop(tuple(round(v) for v in box)))


def apart(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two pictures, 0 to 255 over their RGB channels."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def pdf_backs(spec, out) -> list:
    """The back the components PDF prints behind each card, in the order of the pieces: (front key, picture of the trim
    inside 1.5 mm, turned upright), read from the rendered back pages where the plan puts each front's back."""
    plan = impose(spec, expand(spec)[0], "a4", "duplex")
    document = pypdfium2.PdfDocument(out / "game-components-a4.pdf")
    found = []
    for index, sheet in enumerate(plan.sheets):
        if sheet.side != "front":
            continue
        behind = plan.sheets[index + 1]
        assert behind.side == "back" and plan.cover is None
        page = document[index + 2].render(scale=DPI / 72).to_pil()   # the manifest first, then the sheets
        k = DPI / 25.4
        for front, back in zip(sheet.slots, behind.slots):
            box = ((back.x + 1.5) * k, (back.y + 1.5) * k, (back.x + back.w - 1.5) * k, (back.y + back.h - 1.5) * k)
            seen = page.crop(tuple(round(v) for v in box)).rotate(back.rotation, expand=True)   # a turned card upright
            found.append((front.art, normalised(seen)))
    document.close()
    return found


def test_each_back_file_is_the_back_the_pdf_prints_behind_its_card(built):
    """For every card: its back in png/, svg/, tts/ (by the saved object's BackURL) and its print-on-demand deck is the
    PDF's back for that card (a mean difference under 6 of 255), and every other back is far from it (over 25)."""
    spec, out, _, rows = built
    _, arts = expand(spec)
    title_of = {key: arts[key].props["title"] for key in arts if arts[key].side == "front"}
    named = {row["title"]: the_back(row) for row in rows}
    stems = {"common": "cards-back", "red.yaml": "cards-back-1-red", "green.yaml": "cards-back-2-green-harvest"}
    decks = {"common": "cards", "red.yaml": "cards-back-1-red", "green.yaml": "cards-back-2-green-harvest"}
    pictures = {}
    for back, stem in stems.items():
        pictures[back] = {
            "png": trim(Image.open(out / "png" / f"{stem}.png"), BLEED),
            "svg": trim(Image.open(io.BytesIO(cairosvg.svg2png(bytestring=(out / "svg" / f"{stem}.svg").read_bytes(),
                                                                 dpi=DPI))), BLEED),
            "tgc": trim(Image.open(out / "pod-thegamecrafter" / decks[back] / "back.png"), TGC_BLEED),
            "mpc": trim(Image.open(out / "pod-makeplayingcards" / decks[back] / "back" / "back.png"), MPC_BLEED)}
    document = json.loads((out / "tts" / "game.json").read_text())
    deck = document["ObjectStates"][0]
    tts_backs = [Path(urlparse(card["CustomDeck"][str(card["CardID"] // 100)]["BackURL"]).path)
                 for card in deck["ContainedObjects"]]
    printed = pdf_backs(spec, out)
    assert len(printed) == sum(int(row["count"]) for row in rows) == len(tts_backs)
    pieces = [p.front for p in expand(spec)[0]]
    assert sorted(front for front, _ in printed) == sorted(pieces)
    tts_of = dict(zip(pieces, tts_backs))   # the saved object's cards are the pieces, in order
    for front, seen in printed:
        mine = named[title_of[front]]
        shown = dict(pictures[mine], tts=trim(Image.open(tts_of[front]), 0.0))
        for where, picture in shown.items():
            assert apart(picture, seen) < 6, (title_of[front], where, apart(picture, seen))
        for other in set(stems) - {mine}:
            assert apart(pictures[other]["png"], seen) > 25, (title_of[front], other)


def test_the_saved_object_gives_each_back_a_custom_deck_of_its_own(built):
    """The fronts behind each back are on sheets of their own, each naming that back, and the deck loads as every other."""
    spec, out, _, rows = built
    document = json.loads((out / "tts" / "game.json").read_text())
    check_saved_object(document, out, spec)
    custom = document["ObjectStates"][0]["CustomDeck"]
    assert sorted(Path(urlparse(entry["BackURL"]).path).name for entry in custom.values()) == [
        "cards-back-1-red.png", "cards-back-2-green-harvest.png", "cards-back.png"]
    assert len({entry["FaceURL"] for entry in custom.values()}) == len({the_back(row) for row in rows})


def test_print_on_demand_splits_the_deck_one_deck_a_back(built):
    """The Game Crafter and MakePlayingCards get one back a deck: the common back's cards under the component's name,
    each other back's under its own, each folder holding the fronts of the rows that name its back, numbered as the
    component's faces are; the summary says so."""
    _, out, printed, rows = built
    decks = {"common": "cards", "red.yaml": "cards-back-1-red", "green.yaml": "cards-back-2-green-harvest"}
    for preset, fronts, backs in (("thegamecrafter", "{}", "{}"), ("makeplayingcards", "{}/front", "{}/back")):
        root = out / f"pod-{preset}"
        assert sorted(p.name for p in root.iterdir()) == sorted(decks.values())
        for back, deck in decks.items():
            numbered = [f"{n:03d}-{row['title'].lower()}.png" for n, row in enumerate(rows, start=1) if the_back(row) == back]
            assert sorted(p.name for p in (root / fronts.format(deck)).glob("0*.png")) == numbered
            assert sorted(p.name for p in (root / backs.format(deck)).glob("back.png")) == ["back.png"]
        pieces = {back: sum(int(r["count"]) for r in rows if the_back(r) == back) for back in decks}
        faces = {back: sum(1 for r in rows if the_back(r) == back) for back in decks}
        split = ", ".join(f"{deck}/ ({pieces[back]} card{'s' * (pieces[back] != 1)} of {faces[back]} "
                          f"face{'s' * (faces[back] != 1)})" for back, deck in decks.items())
        assert f"; 3 backs, a deck for each: {split}" in printed


def test_the_contact_sheet_shows_every_back_and_says_which_faces_it_is_behind(built):
    spec, out, _, rows = built
    image = Image.open(out / "contact" / "cards.png").convert("RGB")
    shown = len(rows) + len({the_back(row) for row in rows})
    columns, _, fw, fh, width, height = contact.layout(shown, 63.5, 88.9)
    assert image.size == (round(width / 25.4 * contact.DPI), round(height / 25.4 * contact.DPI))
    k = contact.DPI / 25.4
    printed = dict(pdf_backs(spec, out))
    _, arts = expand(spec)
    for i, back in enumerate(["common", "red.yaml", "green.yaml"], start=len(rows)):   # the backs follow the fronts
        x = contact.GAP + (i % columns) * (fw + contact.GAP)
        y = contact.HEAD + contact.GAP + (i // columns) * (fh + contact.LABEL + contact.GAP)
        cell = normalised(image.crop((round((x + 1.5 * fw / 63.5) * k), round((y + 1.5 * fh / 88.9) * k),
                                     round((x + fw - 1.5 * fw / 63.5) * k), round((y + fh - 1.5 * fh / 88.9) * k))))
        title = next(row["title"] for row in rows if the_back(row) == back)
        front = next(key for key in printed if arts[key].props["title"] == title)
        assert apart(cell, printed[front]) < 12, (back, apart(cell, printed[front]))
    fronts = [a for a in arts.values() if a.side == "front"]
    backs = backings(spec, "cards")
    total = sum(int(row["count"]) for row in rows)
    for backing, back in zip(backs, ["common", "red.yaml", "green.yaml"]):
        mine = [row for row in rows if the_back(row) == back]
        name, count = contact.back_caption(spec, arts[backing.back], backing, fronts, backs, True, 200)
        assert name == ("common back" if back == "common" else f"back: {back}")
        assert count == f"behind {sum(int(r['count']) for r in mine)} of {total}: {', '.join(r['title'] for r in mine)}"


def test_the_gallery_shows_each_back_with_the_faces_it_is_behind(built, tmp_path):
    spec, out, _, rows = built
    index, _, _ = preview.write(spec, tmp_path)
    page = index.read_text()
    for key, back in (("cards-back", "common"), ("cards-back-1", "red.yaml"), ("cards-back-2", "green.yaml")):
        mine = [row for row in rows if the_back(row) == back]
        caption = (f"{'common back' if back == 'common' else f'back: {back}'} ×{sum(int(r['count']) for r in mine)}, "
                   f"behind {', '.join(r['title'] for r in mine)}")
        assert f'<img src="faces/{key}.png"' in page and f"<figcaption>{caption}</figcaption>" in page, caption
    stems = {"cards-back": "cards-back", "cards-back-1": "cards-back-1-red", "cards-back-2": "cards-back-2-green-harvest"}
    for key, stem in stems.items():   # the gallery's back images are the png export's at its dpi
        assert (index.parent / "faces" / f"{key}.png").read_bytes() == (out / "png" / f"{stem}.png").read_bytes()


def test_a_rebuild_after_a_row_drops_its_back_leaves_no_file_of_that_back(tmp_path):
    """Feast takes the common back: red.yaml's files go from png/, svg/, tts/ and the print-on-demand folders, and the
    green back, now the first of its own, is renamed."""
    game = write_game(tmp_path / "game")
    out = tmp_path / "out" / "game"
    build(game, tmp_path / "out")
    write_game(tmp_path / "game", CARDS.replace("Feast,red.yaml", "Feast,"))
    build(game, tmp_path / "out")
    left = sorted(str(p.relative_to(out)) for p in out.rglob("*") if "back-" in str(p.relative_to(out)))
    assert not any("red" in name or "back-2" in name for name in left), left
    for kind in ("png", "svg"):
        assert f"{kind}/cards-back-1-green-harvest.{kind}" in left
    assert "tts/cards-back-1-green-harvest.png" in left
    assert {name.split("/")[0] for name in left} == {"png", "svg", "tts", "pod-thegamecrafter", "pod-makeplayingcards"}


def test_when_every_row_names_a_back_of_its_own_the_unused_common_back_is_written_nowhere(tmp_path):
    game = write_game(tmp_path / "game", "title,back,count\nFeast,red.yaml,1\nHarvest,green.yaml,2\n")
    (tmp_path / "game" / "game.yaml").write_text(SPEC.replace("expect: 6", "expect: 3"))
    printed = build(game, tmp_path / "out")
    out = tmp_path / "out" / "game"
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*back*") if p.is_file() and p.suffix in (".png", ".svg"))
    assert written == ["png/cards-back-1-red.png", "png/cards-back-2-green-harvest.png",
                       "pod-makeplayingcards/cards-back-1-red/back/back.png",
                       "pod-makeplayingcards/cards-back-2-green-harvest/back/back.png",
                       "pod-thegamecrafter/cards-back-1-red/back.png", "pod-thegamecrafter/cards-back-2-green-harvest/back.png",
                       "svg/cards-back-1-red.svg", "svg/cards-back-2-green-harvest.svg",
                       "tts/cards-back-1-red.png", "tts/cards-back-2-green-harvest.png"]
    for line in printed.splitlines():
        if re.search(r": \d+ files?, ", line):
            label, count = re.match(r"(.*): (\d+) files?, ", line).groups()
            assert len(files_named(label)) == int(count), line
    where, _, _ = preview.write(specs.load(str(game)), tmp_path / "gallery")   # the gallery too: it wrote cards-back.png
    assert sorted(p.name for p in (where.parent / "faces").glob("*back*")) == ["cards-back-1.png", "cards-back-2.png"]
