"""Tabletop Simulator deck sheets, backs and a saved-object JSON.

Each component a deck of its pieces, drawn from sheets of up to 10 x 7 trimmed faces, and a saved-object JSON that
loads every deck from the written files.
"""
import functools
import hashlib
import json
import math

from ...components.kind import Circle
from ...spec.expand import expand
from ...build import check
from ...files import write_atomic
from ...draw.render import draw_art
from ...check.safearea import cut_line
from .. import raster
from ..exports import KeptFiles, backings, face_stems, face_title, folder, summary, written
from ...units import pixels

COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS - 1  # the last cell stays free (what Tabletop Simulator shows for a hidden card, unless
                                # BackIsHidden, which the saved object sets: then the back is shown)
MAX_PIXELS = 4096               # a sheet's longest side: what the game loads without trouble
POKER_WIDTH = 63.5              # mm: the width of a card at scale 1 in Tabletop Simulator
RECTANGLE, ROUNDED, HEX, ROUND = 1, 0, 3, 4   # CustomDeck "Type": the card's shape in Tabletop Simulator
CARD_UNITS = (2.25, 3.15)       # table units: a card at scale 1, its short side and its long one (our estimate, a
                                # little generous; a sideways card lies long side along x)
GAP = 0.5                       # table units between the edges of two objects side by side


def grid(count: int, size: tuple, dpi: float) -> tuple:
    """(columns, rows) of a sheet of count faces of size (w, h mm) and the free last cell, at least 2 x 2 and at most
    10 x 7: of the grids that hold them, the one that draws them at the highest dpi up to dpi (sheet_dpi), then the one
    of fewest cells, then the widest."""
    held = [(c, r) for c in range(2, COLUMNS + 1) for r in range(2, ROWS + 1) if c * r > count]
    return max(held, key=lambda g: (sheet_dpi(size, dpi, *g), -g[0] * g[1], g[0]))


def trim_size(spec, component) -> tuple:
    """Trim size (mm) of a component's pieces: what a card shows on the table."""
    return spec.component(component).trim


def sheet_dpi(size: tuple, dpi: float, columns: int, rows: int) -> float:
    """The dpi of a sheet of columns x rows faces of size (w, h mm): as asked, lowered so no side passes MAX_PIXELS."""
    w, h = size
    return min(dpi, (MAX_PIXELS - columns) * 25.4 / (columns * w), (MAX_PIXELS - rows) * 25.4 / (rows * h))  # rounding: < 1 px a cell


def sheets(fronts: list, size: tuple, dpi: float) -> tuple:
    """The sheets of the fronts behind one back: ([(their fronts, (columns, rows))...], the dpi of them all and of the
    back's image): as few sheets as hold them, the fronts shared out evenly (the fullest sheet sets the dpi), each sheet's
    grid the best for its fronts (grid), all drawn at the dpi of the one that needs the lowest."""
    count = math.ceil(len(fronts) / PER_SHEET)
    cut = [-(-len(fronts) * n // count) for n in range(count + 1)]   # the fuller sheets first
    chunks = [fronts[cut[n]:cut[n + 1]] for n in range(count)]
    grids = [grid(len(chunk), size, dpi) for chunk in chunks]
    return list(zip(chunks, grids)), min(sheet_dpi(size, dpi, *g) for g in grids)


def decks(spec) -> list:
    """Per component: (component, its backs: [(back key, None for one-sided pieces; the distinct fronts it is behind,
    in order)], the (front, back) of each piece)."""
    pieces, _ = expand(spec)
    return [(comp.id, [(b.back, list(b.fronts)) for b in backings(spec, comp.id)],
             [(p.front, p.back) for p in pieces if p.component == comp.id]) for comp in spec.components]


def files(spec, options, component, backs) -> list:
    """Per back of a component: the paths of the sheets of the fronts it is behind (numbered on from the last back's)
    and of its back image (named as the png export names that back; <component>-back for the plain card)."""
    where = folder(options, spec, "tts")
    stems = face_stems(spec) if any(back not in (None, f"{component}-back") for back, _ in backs) else {}
    found, done = [], 0
    for back, fronts in backs:
        count = math.ceil(len(fronts) / PER_SHEET)
        found.append(([where / f"{component}-sheet-{n}.png" for n in range(done + 1, done + count + 1)],
                      where / f"{stems.get(back, f'{component}-back')}.png"))
        done += count
    return found


def jobs(spec, options) -> list:
    """One job per component for its images, then the saved object."""
    return [(f"{spec.game.id} tts {component}", write_images, (spec, component, options))
            for component, *_ in decks(spec)] + [(f"{spec.game.id} tts saved object", write_object, (spec, options))]


def write_images(spec, component, options) -> tuple:
    """Write a component's deck sheets (trimmed faces, left to right, top to bottom), those behind each of its backs
    apart, and each back's image, all at the dpi its fullest sheet allows."""
    check(spec)
    _, arts = expand(spec)
    _, backs, _ = next(d for d in decks(spec) if d[0] == component)
    w, h = trim_size(spec, component)
    cut = cut_line(spec.component(component))
    kept = KeptFiles(folder(options, spec, "tts"), component, (options.dpi, raster.painter()))
    paths, sizes = [], []
    laids = [sheets(fronts, (w, h), options.dpi) for _, fronts in backs]
    dpi = min(found for _, found in laids)   # every sheet of the deck, behind whichever back, and each back: one dpi
    cw, ch = pixels(w, dpi), pixels(h, dpi)
    for (back, _), (named, back_path), (laid, _) in zip(backs, files(spec, options, component, backs), laids):
        sheet_arts = [([arts[key] for key in chunk], grid) for chunk, grid in laid]
        back_arts = [arts[back]] if back is not None else []   # a one-sided piece's back stays white: the plain card
        for path, (showing, (columns, rows)) in zip([*named, back_path], [*sheet_arts, (back_arts, (1, 1))]):
            paths.append(path)
            sizes.append(kept.write(path, kept.key(spec, showing, dpi, columns, rows, cw, ch),
                                    functools.partial(_sheet, spec, showing, cut, cw, ch, columns, rows, dpi)))
    kept.save()
    written(paths[0].parent, "images", component, paths,  # a deck that shrank, a back gone: no image of them stays
            {c.id for c in spec.components})
    return summary(paths, sizes, *kept.told(len(paths)))


def _sheet(spec, arts, cut, cw: int, ch: int, columns: int, rows: int, dpi: float) -> bytes:
    """A sheet of columns x rows cells of cw x ch pixels, the artworks painted trimmed into the first cells, as PNG."""
    surface, ctx = raster.canvas(cw * columns, ch * rows)
    for i, art in enumerate(arts):
        paint_cut(ctx, spec, art, cut, ((i % columns) * cw, (i // columns) * ch, cw, ch))
    return raster.encode(surface, dpi)


def paint_cut(ctx, spec, art, cut, cell) -> None:
    """Paint a face, trimmed, into a cell of pixels, white outside its cut line (a round or hexagonal piece shows as cut)."""
    ctx.save()
    raster.trace_cut(ctx, cut, cell[0], cell[1], cell[2] / trim_size(spec, art.component)[0])
    ctx.clip()
    raster.paint_into(ctx, draw_art(spec, art), cell, spec.component(art.component).bleed)
    ctx.restore()


def shape(cut) -> int:
    """The card shape Tabletop Simulator gives a piece with this cut line: round, hexagonal, rounded or square-cornered."""
    if isinstance(cut, Circle):
        return ROUND
    return HEX if len(cut) == 6 else ROUNDED if len(cut) > 6 else RECTANGLE


def saved_object(spec, options) -> dict:
    """The saved-object document: one deck (or a lone card) per component, in a row on the table GAP apart edge to edge,
    each card named by its face's title; the fronts behind each of its backs on sheets of their own, each sheet a custom
    deck naming its back."""
    states: list = []
    deck_id, right = 1, 0.0
    arts = expand(spec)[1]
    for component, backs, pieces in decks(spec):
        fronts = [art for art in arts.values() if art.component == component and art.side == "front"]
        names = {art.key: face_title(spec, art, number if len(fronts) > 1 else None)   # each card's tooltip: its
                 for number, art in enumerate(fronts, start=1)}                          # title, as the contact sheet's
        custom: dict = {}
        ids: dict = {}
        for (back, fronts), (named, back_path) in zip(backs, files(spec, options, component, backs)):
            for path, (chunk, (columns, rows)) in zip(named, sheets(fronts, trim_size(spec, component), options.dpi)[0]):
                number = deck_id + len(custom)
                custom[str(number)] = {"FaceURL": path.resolve().as_uri(), "BackURL": back_path.resolve().as_uri(),
                                       "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
                                       "UniqueBack": False, "Type": shape(cut_line(spec.component(component)))}
                ids.update({(key, back): number * 100 + i for i, key in enumerate(chunk)})
        w, h = trim_size(spec, component)
        sideways = w > h   # a landscape card lies sideways: Tabletop Simulator's cards are portrait, scaled by width
        scale = round(min(w, h) / POKER_WIDTH, 4)
        width = CARD_UNITS[sideways] * scale
        x = round(right + GAP + width / 2, 4) if states else 0.0   # the row's first object lies at 0
        right = x + width / 2
        title = spec.component(component).title
        cards = [_card(spec, f"{component}-{n}", names[front], ids[front, back], custom, x, scale, sideways)
                 for n, (front, back) in enumerate(pieces)]
        if len(cards) == 1:
            states.append(cards[0])
        else:
            deck = _object(spec, component, "DeckCustom", title, x, scale, sideways)
            deck.update({"DeckIDs": [ids[piece] for piece in pieces], "CustomDeck": custom, "ContainedObjects": cards})
            states.append(deck)
        deck_id += len(custom)
    _unique_guids(states)
    return {"SaveName": spec.game.title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states, "TabStates": {},
            "VersionNumber": ""}


def _card(spec, name, title, card_id, custom, x, scale, sideways=False):
    """One card, named by its place in its deck ('<component>-<n>'): its id on its sheet and that sheet's entry."""
    card = _object(spec, name, "Card", title, x, scale, sideways)
    card.update({"CardID": card_id, "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]}})
    return card


def _unique_guids(states) -> None:
    """Give each object of the document a GUID no other object has (Tabletop Simulator finds objects by it): one whose
    6 hex digits another took first is hashed again until free, in document order, so the same every time."""
    taken: set = set()
    for state in states:
        for thing in [state, *state.get("ContainedObjects", ())]:
            while thing["GUID"] in taken:
                thing["GUID"] = hashlib.sha1(thing["GUID"].encode()).hexdigest()[:6]
            taken.add(thing["GUID"])


def _object(spec, name, kind, title, x, scale, sideways=False):
    """The fields every object has: kind, a stable GUID, where it lies (face up), its name; sideways: a landscape card."""
    guid = hashlib.sha1(f"{spec.game.id}/{name}".encode()).hexdigest()[:6]
    return {"Name": kind, "GUID": guid, "Nickname": title, "Description": "",
            "Transform": {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                          "scaleX": scale, "scaleY": 1.0, "scaleZ": scale},
            "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713}, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "SidewaysCard": sideways, "HideWhenFaceDown": True,
            "Hands": True}


def write_object(spec, options) -> tuple:
    """Write <out>/<id>/tts/<id>.json, the saved object (copy it to Tabletop Simulator's Saves/Saved Objects)."""
    check(spec)
    path = folder(options, spec, "tts") / f"{spec.edition}.json"
    data = (json.dumps(saved_object(spec, options), indent=2) + "\n").encode("utf-8")
    write_atomic(path, data)
    return str(path), "saved object", len(data)
