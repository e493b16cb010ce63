"""Print-on-demand presets: the card sizes, bleed, dpi and file names that card printers' published templates ask for."""
import re
from ..records import NamedTuple

from ..errors import UserError
from ..files import write_atomic
from .exports import backings, face_stems, folder, prune, summary
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
    """A printer: its products and how it wants the files named (fields: component, number, face)."""

    title: str
    products: tuple
    front: str
    back: str


NUMBERED = r"\d{3}-.+\.png|back\.png"  # the names a preset gives a component's faces (compiled when used: start-up)
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
    ), "{component}/front/{number}-{face}.png", "{component}/back/back.png"),
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


def jobs(spec, options) -> list:
    """One job per game: the files a printer takes for each component it sells a product for."""
    return [(f"{spec.game.id} {options.pod}", write_game, (spec, options))]


def face(spec, art, item: Product, turned: bool) -> bytes:
    """One face as the product's template wants it: its trim scaled onto the product's trim, bleed filled by the art."""
    from . import raster  # lazy: start-up (the command line reads PRESETS without loading cairo)
    from ..draw.render import draw_art  # lazy: start-up
    comp = spec.component(art.component)
    w, h = comp.trim
    pw, ph = (item.height, item.width) if turned else (item.width, item.height)
    scale = max(pw / w, ph / h)  # one scale for both sides, so nothing is stretched; the rest lands in the bleed
    reach = max((pw + 2 * item.bleed) / scale - w, (ph + 2 * item.bleed) / scale - h) / 2 + 0.5  # drawn past the trim
    wide = spec._replace(components=tuple(c._replace(bleed=max(c.bleed, reach)) if c.id == comp.id else c
                                          for c in spec.components))
    drawing = draw_art(wide, art)
    width, height = pixels(pw + 2 * item.bleed, item.dpi), pixels(ph + 2 * item.bleed, item.dpi)
    shown = ((pw + 2 * item.bleed) / scale, (ph + 2 * item.bleed) / scale)  # of the drawing's mm, centred on its trim
    extra = (drawing.width - shown[0]) / 2, (drawing.height - shown[1]) / 2
    surface, ctx = raster.canvas(width, height)
    k = width / shown[0], height / shown[1]
    raster.paint_into(ctx, drawing, (-extra[0] * k[0], -extra[1] * k[1], drawing.width * k[0], drawing.height * k[1]))
    return raster.encode(surface, item.dpi)


def write_game(spec, options) -> tuple:
    """Write every component the printer has a product for, its faces named as the preset says, under <out>/<id>/pod-<preset>/:
    one deck a back (a component whose data rows name backs of their own is split, each deck with its one back)."""
    from ..build import check  # lazy: start-up (the PDF writer loads only when a build runs)
    from ..spec.expand import expand  # lazy: start-up
    from ..components.kind import size_words  # lazy: start-up
    check(spec)
    chosen = preset(options.pod)
    _, arts = expand(spec)
    stems = face_stems(spec, arts)
    root = folder(options, spec, f"pod-{options.pod}")
    paths, sizes, notes, left, decks, exported = [], [], [], [], set(), set()
    for comp in spec.components:
        w, h = comp.trim
        item, turned = product(chosen, w, h)
        if item is None:
            left.append(f"{comp.id} ({size_words(comp)})")
            continue
        exported.add(comp.id)
        fronts = (a.key for a in arts.values() if a.component == comp.id and a.side == "front")
        numbers = {key: n for n, key in enumerate(fronts, start=1)}
        backs = backings(spec, comp.id)
        split = []
        for backing in backs:
            deck = comp.id if backing.back in (None, f"{comp.id}-back") else stems[backing.back]
            decks.add(deck)
            for art in [arts[key] for key in backing.fronts] + ([arts[backing.back]] if backing.back else []):
                path = root / _name(chosen, art, deck, numbers[art.key] if art.side == "front" else 0, stems)
                data = face(spec, art, item, turned)
                write_atomic(path, data)
                paths.append(path)
                sizes.append(len(data))
            split.append(f"{deck}/ ({backing.pieces} card{'s' * (backing.pieces != 1)})")
        px = item.pixels()
        note = (f"{comp.id}: {chosen.title} {item.name}, {px[1] if turned else px[0]} x {px[0] if turned else px[1]} px "
                f"at {item.dpi} dpi")
        notes.append(note + (f"; {len(backs)} backs, a deck for each: {', '.join(split)}" if len(backs) > 1 else ""))
    for where in sorted({path.parent for path in paths}):  # a renamed card's old face goes
        prune(where, re.compile(NUMBERED), paths)
    ours = re.compile("|".join(rf"{re.escape(cid)}(-back-\d+(-[a-z0-9-]+)?)?" for cid in sorted(exported)))
    for old in sorted(root.iterdir()) if root.is_dir() and exported else ():   # and the deck of a back no row names now
        if old.is_dir() and old.name not in decks and ours.fullmatch(old.name):
            _remove_deck(old)
    if left:
        sold = ", ".join(f"{p.name} {round(p.width, 1):g} x {round(p.height, 1):g} mm" for p in chosen.products)
        notes.append(f"not exported, {chosen.title} has no product of their size ({sold}): {', '.join(left)}")
    if not paths:
        return (str(root), "0 files", 0, *notes)
    return summary(paths, sizes, *notes)


def _remove_deck(where) -> None:
    """Remove the files a preset named in a deck's folder (and the folders left empty), nothing else."""
    for old in sorted(where.rglob("*"), reverse=True):
        if old.is_file() and re.fullmatch(NUMBERED, old.name):
            old.unlink()
        elif old.is_dir() and not any(old.iterdir()):
            old.rmdir()
    if not any(where.iterdir()):
        where.rmdir()


def _name(chosen, art, deck: str, number: int, stems) -> str:
    """A face's file name as the preset spells it, in its deck's folder (number: a front's, from 1)."""
    if art.side == "back":
        return chosen.back.format(component=deck)
    words = stems[art.key][len(art.component) + 1:].removesuffix("front").strip("-").split("-", 1)[1:]
    return chosen.front.format(component=deck, number=f"{number:03d}",
                               face=words[0] if words else art.component)
