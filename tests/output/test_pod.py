"""Print-on-demand files (--pod): how many of each card a deck has, the art inside the trim as the PDF prints it, a
plain back for one-sided pieces, and a rebuild that leaves no file of a deck no longer sold."""
import csv
from collections import Counter
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from generator.cli import cli
from generator.output import pod
from generator.spec import loader as specs

INCH = 25.4
# The printers' poker card templates at 300 dpi, as they publish them: trim 2.5 x 3.5 in, bleed 1/8 in (The Game
# Crafter) or 0.12 in (MakePlayingCards), the trim centred in the image.
TEMPLATES = {"thegamecrafter": (2.5 * INCH, 3.5 * INCH, INCH / 8), "makeplayingcards": (2.5 * INCH, 3.5 * INCH, 0.12 * INCH)}
FRONTS = {"thegamecrafter": "{deck}", "makeplayingcards": "{deck}/front"}   # where each preset puts a deck's fronts
BACKS = {"thegamecrafter": "{deck}/back.png", "makeplayingcards": "{deck}/back/back.png"}   # and its back


def new_deck(tmp_path: Path, name: str = "deck") -> Path:
    """pnp new's starter deck in tmp_path/name; its spec file."""
    assert CliRunner().invoke(cli, ["new", str(tmp_path / name)]).exit_code == 0
    return tmp_path / name / f"{name}.yaml"


def build(spec: Path, out: Path, *options) -> str:
    """pnp build spec --out out with options; what it printed."""
    result = CliRunner().invoke(cli, ["build", str(spec), "--out", str(out), *options])
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def test_each_deck_lists_how_many_of_each_card_to_print(tmp_path):
    """The starter deck's 12 cards over 6 faces: each deck folder's quantities.csv gives every front file there the count
    of its row in the deck's own data, the build line says 12 cards of 6 faces, and MakePlayingCards' deck has an MPC
    Autofill order putting each front in as many slots as it has cards, the back behind all."""
    spec = new_deck(tmp_path)
    with open(spec.parent / "cards.csv", newline="", encoding="utf-8") as data:
        counts = {row["title"]: int(row["count"]) for row in csv.DictReader(data)}
    assert sum(counts.values()) == 12 and len(counts) == 6
    for preset in TEMPLATES:
        printed = build(spec, tmp_path / "out", "--format", "png", "--pod", preset)
        assert "cards/ (12 cards of 6 faces)" in printed, printed
        deck = tmp_path / "out" / "deck" / f"pod-{preset}" / "cards"
        with open(deck / "quantities.csv", newline="", encoding="utf-8") as listed:
            rows = list(csv.DictReader(listed))
        assert {row["name"]: int(row["quantity"]) for row in rows} == counts
        fronts = sorted(p.relative_to(deck).as_posix() for p in deck.rglob("0*.png"))
        assert sorted(row["file"] for row in rows) == fronts and len(fronts) == 6
    deck = tmp_path / "out" / "deck" / "pod-makeplayingcards" / "cards"
    quantity = {row["file"]: int(row["quantity"]) for row in csv.DictReader(open(deck / "quantities.csv", encoding="utf-8"))}
    order = ET.parse(deck / "deck-cards.xml").getroot()
    assert int(order.findtext("details/quantity")) == 12
    assert int(order.findtext("details/bracket")) == min(size for size in pod.BRACKETS if size >= 12)
    slots = []
    for card in order.iterfind("fronts/card"):
        path = Path(card.findtext("id"))
        assert path.is_absolute() and path.is_file() and card.findtext("name") == path.name
        mine = [int(slot) for slot in card.findtext("slots").split(",")]
        assert len(mine) == quantity[path.relative_to(deck).as_posix()]
        slots += mine
    assert sorted(slots) == list(range(12))   # every card of the order in a slot of its own
    assert Path(order.findtext("cardback")) == deck / "back" / "back.png"


def test_a_one_sided_deck_gets_a_plain_white_back(tmp_path):
    """Pixeliction's reference card has no back: each printer's deck gets a white back.png of the template's size."""
    spec = specs.load("pixeliction")
    assert not spec.component("reference").back
    for preset, (w, h, bleed) in TEMPLATES.items():
        printed = build(Path("pixeliction"), tmp_path / "out", "--format", "png", "--pod", preset)
        assert "reference/ (1 card of 1 face, a plain white back)" in printed, printed
        back = Image.open(tmp_path / "out" / "pixeliction" / f"pod-{preset}" / BACKS[preset].format(deck="reference"))
        assert back.size == (round((w + 2 * bleed) / INCH * 300), round((h + 2 * bleed) / INCH * 300))
        assert back.convert("L").getextrema() == (255, 255)


CARD = """\
game: {title: Bleed, designer: Test}
components:
  cards:
    kind: layout
    expect: 1
    width: 63 mm
    height: 88 mm
    layout:
      ground: "#ffffff"
      elements:
        band:   {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: "#000000"}
        stripe: {type: rect, area: bleed, x: 0, y: 0, width: 3, height: 100%, fill: "#ff0000"}
"""


def test_inside_the_trim_the_card_is_as_the_pdf_prints_it_and_its_edge_fills_the_rest(tmp_path):
    """A 63 x 88 mm card with its 3 mm of bleed, a black band over the bleed box's top 20 mm and a red stripe over its
    left 3 mm (the bleed): in each printer's template the card is scaled onto the poker trim by one scale,
    max(63.5 / 63, 88.9 / 88), so the band ends (20 - 3) mm x that scale below the trim, as on the PDF (laid out again
    with a wider bleed it ended 16.3 mm below); all the template shows left of the trim is the stripe, its own bleed and
    its edge carried out (red), and above the trim the band (black)."""
    (tmp_path / "bleed.yaml").write_text(CARD)
    spec = specs.load(str(tmp_path / "bleed.yaml"))
    assert spec.component("cards").bleed == 3
    scale = max(2.5 * INCH / 63, 3.5 * INCH / 88)
    k = 300 / INCH   # px per mm of the template
    for preset, (w, h, bleed) in TEMPLATES.items():
        build(tmp_path / "bleed.yaml", tmp_path / "out", "--format", "png", "--pod", preset)
        image = Image.open(tmp_path / "out" / "bleed" / f"pod-{preset}" / FRONTS[preset].format(deck="cards") /
                           "001-cards.png").convert("RGB")
        middle = image.width // 2
        band = next(y for y in range(image.height) if image.getpixel((middle, y)) != (0, 0, 0))
        trim_top, trim_left = (h + 2 * bleed - 88 * scale) / 2, (w + 2 * bleed - 63 * scale) / 2   # mm: centred
        assert abs(band - (trim_top + 17 * scale) * k) <= 1, (preset, band, (trim_top + 17 * scale) * k)
        for y in range(band + 2, image.height):
            assert {image.getpixel((x, y)) for x in range(int(trim_left * k) - 1)} == {(255, 0, 0)}, (preset, y)
        for y in range(int(trim_top * k) - 1):
            assert {image.getpixel((x, y)) for x in range(int(trim_left * k) + 1, image.width)} == {(0, 0, 0)}, (preset, y)


EXTRA = """\
  extra:
    kind: layout
    expect: 1
    width: {width}
    height: 3.5 in
    layout: {{ground: paper, elements: {{name: {{type: text, x: 5, y: 30, width: 40, height: 10, text: Extra, size: 5}}}}}}
"""


def test_a_rebuild_removes_the_decks_a_printer_no_longer_takes(tmp_path):
    """A second deck exported, then made 2.25 in wide (no MakePlayingCards product: its files go) and then removed (The
    Game Crafter's bridge deck goes too); the starter deck's files and the designer's own file stay."""
    spec = new_deck(tmp_path)
    text = spec.read_text()
    spec.write_text(text + EXTRA.format(width="2.5 in"))
    out = tmp_path / "out" / "deck"
    for preset in TEMPLATES:
        build(spec, tmp_path / "out", "--format", "png", "--pod", preset)
        assert (out / f"pod-{preset}" / FRONTS[preset].format(deck="extra") / "001-extra.png").is_file()
    mine = out / "pod-makeplayingcards" / "extra" / "notes.txt"
    mine.write_text("the designer's own file")
    kept = {p for p in (out / "pod-makeplayingcards" / "cards").rglob("*") if p.is_file()}
    spec.write_text(text + EXTRA.format(width="2.25 in"))
    printed = build(spec, tmp_path / "out", "--format", "png", "--pod", "makeplayingcards")
    assert re.search(r"not exported, .*: extra \(", printed), printed
    assert [p.relative_to(out) for p in (out / "pod-makeplayingcards" / "extra").rglob("*")] == [mine.relative_to(out)]
    assert {p for p in (out / "pod-makeplayingcards" / "cards").rglob("*") if p.is_file()} == kept
    build(spec, tmp_path / "out", "--format", "png", "--pod", "thegamecrafter")
    assert (out / "pod-thegamecrafter" / "extra" / "001-extra.png").is_file()   # 2.25 in wide: The Game Crafter's bridge card
    spec.write_text(text)
    build(spec, tmp_path / "out", "--format", "png", "--pod", "thegamecrafter")
    assert not (out / "pod-thegamecrafter" / "extra").exists()
    assert (out / "pod-thegamecrafter" / "cards" / "back.png").is_file() and mine.read_text() == "the designer's own file"


def test_dpi_is_said_not_to_apply_to_the_printers_templates(tmp_path):
    """--dpi 100 with --pod: the template stays 825 x 1125 px at 300 dpi and the build says so in one line; without
    --dpi, nothing is said."""
    spec = new_deck(tmp_path)
    printed = build(spec, tmp_path / "out", "--format", "png", "--pod", "thegamecrafter", "--dpi", "100")
    said = [line.strip() for line in printed.splitlines() if "--dpi" in line]
    assert said == ["--dpi 100 is not used for these files: The Game Crafter's templates are 300 dpi"]
    [first] = (tmp_path / "out" / "deck" / "pod-thegamecrafter" / "cards").glob("001-*.png")
    w, h, bleed = TEMPLATES["thegamecrafter"]
    front = Image.open(first)
    assert front.size == (round((w + 2 * bleed) / INCH * 300), round((h + 2 * bleed) / INCH * 300))
    assert round(front.info["dpi"][0]) == 300
    assert "--dpi" not in build(spec, tmp_path / "out", "--format", "png", "--pod", "thegamecrafter")


def test_a_printer_that_sells_no_product_of_any_component_s_size_is_an_error_not_an_empty_export(tmp_path):
    """A 65.1 x 90.5 mm deck is no poker card (63.5 x 88.9 mm): --pod makeplayingcards printed '0 files, 0.0 KiB' for
    a folder it never made, and exited 0."""
    spec = new_deck(tmp_path)
    spec.write_text(spec.read_text().replace("width: 63 mm", "width: 65.1 mm").replace("height: 88 mm", "height: 90.5 mm"))
    result = CliRunner().invoke(cli, ["build", str(spec), "--out", str(tmp_path / "out"), "--format", "png",
                                      "--pod", "makeplayingcards"])
    assert result.exit_code == 1 and result.output.startswith(f"error: {spec}: --pod makeplayingcards: nothing to "
                                                              "export: MakePlayingCards has no product the size of any "
                                                              "component ("), result.output
    assert result.output.rstrip().endswith("): cards (65.1 x 90.5 mm)") and result.output.count("\n") == 1, result.output
    assert not (tmp_path / "out" / "deck" / "pod-makeplayingcards").exists()


def test_a_printers_sizes_are_rounded_as_the_manifest_rounds_a_piece_of_that_size(tmp_path):
    """The Game Crafter's mini card, 1.75 x 2.5 in, read '44.4 x 63.5 mm' in the skip line (44.449999... rounded to
    tenths at once) and 44.5 mm where a piece of its size is named."""
    from click.testing import CliRunner
    from generator.cli import cli
    result = CliRunner().invoke(cli, ["build", "posies", "--paper", "a4", "--pod", "thegamecrafter", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "mini card 44.5 x 63.5 mm" in result.output, result.output


def test_a_deck_past_a_printers_limits_is_split_so_no_card_is_lost(tmp_path):
    """700 cards, 150 and 550 of two faces: The Game Crafter takes a card's quantity from 1 to 99, so each front's rows
    of quantities.csv hold at most 99 and add up to its count (one row of 550 before); MakePlayingCards' largest deck is
    612, so the order is two files whose slots hold the 700 cards between them (one order of 700 in a bracket of 612
    before)."""
    (tmp_path / "big").mkdir()
    spec = tmp_path / "big" / "big.yaml"
    spec.write_text("""game: {title: Big, designer: Me, players: "2", time: 5 min}
palette: {ink: "#222222", paper: "#ffffff"}
components:
  deck:
    kind: layout
    expect: 700
    width: 2.5 in
    height: 3.5 in
    layout: {ground: paper, elements: {t: {type: text, x: 5, y: 5, width: 50, height: 10, text: "{title}", size: 5}}}
    data: [{title: Alpha, count: 150}, {title: Beta, count: 550}]
    back: {layout: {ground: ink, elements: {}}}
""")
    printed = build(spec, tmp_path / "out", "--format", "png", "--pod", "thegamecrafter")
    deck = tmp_path / "out" / "big" / "pod-thegamecrafter" / "deck"
    rows = list(csv.DictReader(open(deck / "quantities.csv", encoding="utf-8")))
    assert all(1 <= int(row["quantity"]) <= 99 for row in rows)
    totals = {}
    for row in rows:
        totals[row["name"]] = totals.get(row["name"], 0) + int(row["quantity"])
    assert totals == {"Alpha": 150, "Beta": 550}
    printed = build(spec, tmp_path / "out", "--format", "png", "--pod", "makeplayingcards")
    deck = tmp_path / "out" / "big" / "pod-makeplayingcards" / "deck"
    orders = sorted(deck.glob("*.xml"))
    assert [o.name for o in orders] == ["big-deck-1.xml", "big-deck-2.xml"], orders
    assert "700 cards, more than MakePlayingCards' largest deck (612): 2 orders" in printed, printed
    cards = Counter()
    for order in map(lambda o: ET.parse(o).getroot(), orders):
        quantity, bracket = int(order.findtext("details/quantity")), int(order.findtext("details/bracket"))
        slots = [int(n) for card in order.iterfind("fronts/card") for n in card.findtext("slots").split(",")]
        assert quantity <= bracket <= max(pod.BRACKETS) and sorted(slots) == list(range(quantity))
        for card in order.iterfind("fronts/card"):
            cards[card.findtext("name")] += len(card.findtext("slots").split(","))
    assert sorted(cards.values()) == [150, 550]
