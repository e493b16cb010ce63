"""Print-on-demand presets: the card sizes, bleed, dpi and file names that card printers' published templates ask for,
and the list of how many of each card a deck has."""
import csv
import io
import math
from collections import Counter

from ..records import NamedTuple
from ..errors import UserError
from ..files import write_atomic
from .exports import backings, face_stems, face_title, folder, summary, written
from ..units import pixels

INCH = 25.4
MATCH = 1.5  # mm: how far a component's trim may be from a product's and still print as it


class Product(NamedTuple):
    """One product of a printer: its trim size and bleed (mm) at the dpi of its template."""

    name: str
    width: float
    height: float
    bleed: float
    dpi: int = 300

    def pixels(self) -> tuple:
        """The template's size in pixels, bleed included."""
        return pixels(self.width + 2 * self.bleed, self.dpi), pixels(self.height + 2 * self.bleed, self.dpi)


class Preset(NamedTuple):
    """A printer: its products, how it wants the files named (fields: component, number, face) and whether each deck
    gets an MPC Autofill order file."""

    title: str
    products: tuple
    front: str
    back: str
    order: bool = False


QUANTITIES = "quantities.csv"   # in each deck's folder: file, quantity, name of each front
BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)  # MakePlayingCards' order sizes
MOST_OF_A_CARD = 99   # The Game Crafter's quantity of one card, "an integer between 1 and 99": a row of quantities.csv
STOCK = "(S30) Standard Smooth"   # MakePlayingCards' standard card stock, as MPC Autofill names it
EIGHTH = INCH / 8
PRESETS = {
    "thegamecrafter": Preset("The Game Crafter", (
        Product("poker card", 2.5 * INCH, 3.5 * INCH, EIGHTH),     # 825 x 1125 px
        Product("bridge card", 2.25 * INCH, 3.5 * INCH, EIGHTH),   # 750 x 1125 px
        Product("mini card", 1.75 * INCH, 2.5 * INCH, EIGHTH),     # 600 x 825 px
        Product("tarot card", 2.75 * INCH, 4.75 * INCH, EIGHTH),   # 900 x 1500 px
    ), "{component}/{number}-{face}.png", "{component}/back.png"),
    "makeplayingcards": Preset("MakePlayingCards", (
        Product("poker card", 2.5 * INCH, 3.5 * INCH, 0.12 * INCH),  # 822 x 1122 px
    ), "{component}/front/{number}-{face}.png", "{component}/back/back.png", order=True),
}


def preset(name) -> Preset:
    """The preset called name."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UserError(f"unknown print-on-demand preset {name!r} (expected one of {', '.join(PRESETS)})") from None


def product(chosen: Preset, w: float, h: float):
    """The product whose trim is within MATCH mm of w x h, and whether the component lies turned to it; (None, False)."""
    for item in chosen.products:
        for turned, (pw, ph) in ((False, (item.width, item.height)), (True, (item.height, item.width))):
            if abs(pw - w) <= MATCH and abs(ph - h) <= MATCH:
                return item, turned
    return None, False


def _sold(chosen: Preset) -> str:
    """A printer's products and their trims in mm as the manifest gives sizes: 1.75 in is 44.5 mm (44.449999... mm,
    rounded to tenths at once, was 44.4)."""
    return ", ".join(f"{p.name} {round(round(p.width, 3), 1):g} x {round(round(p.height, 3), 1):g} mm"
                     for p in chosen.products)


def jobs(spec, options) -> list:
    """One job per game: the files a printer takes for each component it sells a product for; a game with none is
    refused here, before any of its files is written."""
    chosen = preset(options.pod)
    if all(product(chosen, *comp.trim)[0] is None for comp in spec.components):   # asked for by name, nothing to give
        from ..components.kind import size_words  # lazy: start-up
        raise UserError(f"{spec.path}: --pod {options.pod}: nothing to export: {chosen.title} has no product the size "
                        f"of any component ({_sold(chosen)}): {', '.join(f'{c.id} ({size_words(c)})' for c in spec.components)}")
    return [(f"{spec.game.id} {options.pod}", write_game, (spec, options))]


def face(spec, art, item: Product, turned: bool) -> bytes:
    """One face as the product's template wants it: the card as the PDF prints it, its trim scaled onto the product's
    trim, the product's bleed beyond the card's own filled by extending the edge of its art (a one-sided piece's back,
    art None: plain white)."""
    from . import raster  # lazy: start-up (the command line reads PRESETS without loading cairo)
    from ..draw.render import draw_art  # lazy: start-up
    import cairocffi  # lazy: start-up (after raster, which points fontconfig at the bundled fonts)
    pw, ph = (item.height, item.width) if turned else (item.width, item.height)
    width, height = pixels(pw + 2 * item.bleed, item.dpi), pixels(ph + 2 * item.bleed, item.dpi)
    surface, ctx = raster.canvas(width, height)
    if art is None:
        return raster.encode(surface, item.dpi)
    comp = spec.component(art.component)
    (w, h), b = comp.trim, comp.bleed
    scale = max(pw / w, ph / h)  # one scale for both sides, so nothing is stretched; the rest lands in the bleed
    k = width * scale / (pw + 2 * item.bleed), height * scale / (ph + 2 * item.bleed)  # px per mm of the card
    box = (width / 2 - (w / 2 + b) * k[0], height / 2 - (h / 2 + b) * k[1],   # the art, bleed and all, centred
           width / 2 + (w / 2 + b) * k[0], height / 2 + (h / 2 + b) * k[1])
    left, top = max(0, math.ceil(box[0])), max(0, math.ceil(box[1]))          # the whole pixels it covers
    right, bottom = min(width, math.floor(box[2])), min(height, math.floor(box[3]))
    art_surface, art_ctx = raster.canvas(right - left, bottom - top)
    raster.paint_into(art_ctx, draw_art(spec, art), (box[0] - left, box[1] - top, box[2] - box[0], box[3] - box[1]))
    ctx.set_source_surface(art_surface, left, top)
    ctx.get_source().set_extend(cairocffi.EXTEND_PAD)  # its edge pixels carried out to the template's edge
    ctx.paint()
    return raster.encode(surface, item.dpi)


def write_game(spec, options) -> tuple:
    """Write every component the printer has a product for, one deck a back (a component whose data rows name backs of
    their own is split, each deck with its one back, a one-sided deck with a plain white one), under
    <out>/<id>/pod-<preset>/: each deck's faces named as the preset says, its list of how many of each front it has and,
    for a preset that takes one, its order file."""
    from ..build import check  # lazy: start-up (the PDF writer loads only when a build runs)
    from ..spec.expand import expand  # lazy: start-up
    from ..components.kind import size_words  # lazy: start-up
    check(spec)
    chosen = preset(options.pod)
    pieces, arts = expand(spec)
    stems = face_stems(spec, arts)
    copies = Counter((p.front, p.back) for p in pieces)
    root = folder(options, spec, f"pod-{options.pod}")
    paths, sizes, notes, left = [], [], [], []

    def put(path, data: bytes) -> None:
        write_atomic(path, data)
        paths.append(path)
        sizes.append(len(data))

    for comp in spec.components:
        w, h = comp.trim
        item, turned = product(chosen, w, h)
        if item is None:
            left.append(f"{comp.id} ({size_words(comp)})")
            continue
        fronts = [a for a in arts.values() if a.component == comp.id and a.side == "front"]
        numbers = {a.key: n for n, a in enumerate(fronts, start=1)}
        backs = backings(spec, comp.id)
        decks, split = [], []
        for backing in backs:
            deck = comp.id if backing.back in (None, f"{comp.id}-back") else stems[backing.back]
            listed = []
            for key in backing.fronts:
                path = root / _name(chosen, arts[key], deck, numbers[key], stems)
                put(path, face(spec, arts[key], item, turned))
                listed.append((path, face_title(spec, arts[key], numbers[key] if len(fronts) > 1 else None),
                               copies[key, backing.back]))
            back = root / chosen.back.format(component=deck)
            put(back, face(spec, arts[backing.back] if backing.back else None, item, turned))
            put(root / deck / QUANTITIES, _quantities(root / deck, listed))
            if chosen.order:
                orders = _orders(listed)
                for n, order in enumerate(orders, start=1):
                    name = f"{spec.edition}-{deck}" + (f"-{n}" if len(orders) > 1 else "")
                    put(root / deck / f"{name}.xml", _order(order, back))
                if len(orders) > 1:
                    split.append(f"{deck}: {backing.pieces} cards, more than MakePlayingCards' largest deck "
                                 f"({BRACKETS[-1]}): {len(orders)} orders, {spec.edition}-{deck}-1.xml to "
                                 f"-{len(orders)}.xml")
            decks.append(f"{deck}/ ({backing.pieces} card{'s' * (backing.pieces != 1)} of {len(listed)} "
                         f"face{'s' * (len(listed) != 1)}{', a plain white back' * (backing.back is None)})")
        px = item.pixels()
        notes.append(f"{comp.id}: {chosen.title} {item.name}, {px[1] if turned else px[0]} x {px[0] if turned else px[1]} "
                     f"px at {item.dpi} dpi; " + (f"{len(backs)} backs, a deck for each: " if len(backs) > 1 else "")
                     + ", ".join(decks) + f"; how many of each face: {QUANTITIES} in each deck's folder")
        notes += split
    if paths and options.dpi != chosen.products[0].dpi:
        notes.append(f"--dpi {options.dpi} is not used for these files: {chosen.title}'s templates are "
                     f"{chosen.products[0].dpi} dpi")
    sold = _sold(chosen)
    if left:
        notes.append(f"not exported, {chosen.title} has no product of their size ({sold}): {', '.join(left)}")
    written(root, "decks", "all", paths)   # a renamed card's face, a deck no longer sold or split off, goes
    return summary(paths, sizes, *notes)


def _quantities(where, listed) -> bytes:
    """A deck's list of its fronts: each file (relative to the deck's folder), how many cards of it to print, its name;
    a front of more than MOST_OF_A_CARD cards in several rows, each of at most that many."""
    text = io.StringIO()
    table = csv.writer(text, lineterminator="\n")
    table.writerow(["file", "quantity", "name"])
    table.writerows([path.relative_to(where).as_posix(), min(MOST_OF_A_CARD, count - done), name]
                    for path, name, count in listed for done in range(0, count, MOST_OF_A_CARD))
    return text.getvalue().encode("utf-8")


def _orders(listed) -> list:
    """A deck's fronts (path, name, count) cut into orders of at most MakePlayingCards' largest deck, in turn (a
    front's cards split between two orders where one ends)."""
    orders: list[list] = [[]]
    room = BRACKETS[-1]
    for path, name, count in listed:
        while count:
            if not room:
                orders.append([])
                room = BRACKETS[-1]
            taken = min(count, room)
            orders[-1].append((path, name, taken))
            count, room = count - taken, room - taken
    return orders


def _order(listed, back) -> bytes:
    """The deck as an order file MPC Autofill's desktop tool reads: the order's size and the smallest of
    MakePlayingCards' quantities that holds it, each front's file (by its absolute path, as the tool takes a local
    file) in as many slots as it has cards, and the back."""
    from xml.etree import ElementTree  # lazy: start-up
    total = sum(count for _, _, count in listed)
    order = ElementTree.Element("order")
    details = ElementTree.SubElement(order, "details")
    bracket = next((size for size in BRACKETS if size >= total), BRACKETS[-1])
    for tag, value in (("quantity", total), ("bracket", bracket), ("stock", STOCK), ("foil", "false")):
        ElementTree.SubElement(details, tag).text = str(value)
    fronts, slot = ElementTree.SubElement(order, "fronts"), 0
    for path, _, count in listed:
        card = ElementTree.SubElement(fronts, "card")
        for tag, value in (("id", path.resolve()), ("slots", ",".join(map(str, range(slot, slot + count)))),
                           ("name", path.name)):
            ElementTree.SubElement(card, tag).text = str(value)
        slot += count
    ElementTree.SubElement(order, "backs")
    ElementTree.SubElement(order, "cardback").text = str(back.resolve())
    ElementTree.indent(order)
    return ElementTree.tostring(order, encoding="utf-8", xml_declaration=True) + b"\n"


def _name(chosen, art, deck: str, number: int, stems) -> str:
    """A front's file name as the preset spells it, in its deck's folder (number: its place among the component's
    fronts, from 1)."""
    words = stems[art.key][len(art.component) + 1:].removesuffix("front").strip("-").split("-", 1)[1:]
    return chosen.front.format(component=deck, number=f"{number:03d}",
                               face=words[0] if words else art.component)
