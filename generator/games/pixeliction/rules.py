"""Pixeliction (Dr Mike Reddy, #1GAM 2013): the board's cells, the two-sided discs, the word deck and a rules picture."""
from collections import Counter

from generator.draw import svg
from generator.draw.diagram import MINIATURE, Diagram, paints
from generator.errors import UserError
from generator.spec.expand import Art, expand, face_props
from generator.draw.render import draw_art

BOARD_CELLS = (64, 256)   # 8x8, or the 16x16 option


def board_cells(spec):
    """(component id, cells) of each grid board in the spec."""
    return [(c.id, c.options["rows"] * c.options["cols"]) for c in spec.components if c.kind == "grid-board"]


def deck(spec, pieces, arts):
    """Every word printed on a word card, in deck order."""
    return [w for p in pieces if spec.component(p.component).kind == "word-card" for w in arts[p.front].props.get("words", ())]


def check_colours(spec) -> list:
    """The colours check reads (Ruleset.check_colours): each disc's front colour and back fill, to tell two sides apart."""
    discs = [c for c in spec.components if c.kind == "token"]
    return [*(props.get("colour", c.options.get("ground", "white")) for c in discs for props in face_props(spec, c)),
            *(c.back.fill for c in discs if c.back is not None)]


def check(spec, pieces, arts):
    """Check GAMES.md section 3: cells 64 (or 256), discs one per cell and no wider, every disc two-sided, words unique."""
    boards = board_cells(spec)
    if len(boards) != 1:
        return [("board", f"pixel boards (expected 1, found {len(boards)})")]
    board, cells = boards[0]
    fails = []
    if cells not in BOARD_CELLS:
        fails.append((board, f"board cells (expected 64 for 8x8 or 256 for 16x16, found {cells})"))
    discs = [p for p in pieces if spec.component(p.component).kind == "token"]
    owners = ", ".join(dict.fromkeys(p.component for p in discs)) or "discs"
    if len(discs) < cells:
        fails.append((owners, f"discs (expected at least {cells}, one per cell, found {len(discs)})"))
    cell = spec.component(board).options["cell"]
    for comp in map(spec.component, dict.fromkeys(p.component for p in discs)):
        if comp.options["size"] > cell:
            fails.append((comp.id, f"discs sit on the board's cells (expected at most {cell:g} mm across, found "
                                   f"{comp.options['size']:g} mm)"))
    one_sided = [p for p in discs if p.back is None]
    if one_sided:
        fails.append((owners, f"discs without a second side (expected 0, found {len(one_sided)})"))
    for p in discs:
        comp = spec.component(p.component)
        front = spec.colour(arts[p.front].props.get("colour", comp.options.get("ground", "white")))
        if p.back is not None and spec.colour(comp.back.fill) == front:
            fails.append((p.component, f"disc sides (expected two colours, found {front} on both)"))
            break
    words = deck(spec, pieces, arts)
    repeated = sorted(w for w, n in Counter(w.strip().lower() for w in words).items() if n > 1)
    if repeated:
        fails.append(("words", f"repeated words (expected none, found {', '.join(repeated)})"))
    return fails


PICTURES = {  # a word from the deck -> its 8x8 picture: B black disc, W white disc, . empty cell; the discs of
    # each reach all four sides, so that the picture sits in the middle of the board, not half a cell off
    "house": ("...BB...", "..BBBB..", ".BBBBBB.", "BBBBBBBB", ".BWWWWB.", ".BWBBWB.", ".BWBBWB.", ".BBBBBB."),
    "cat": ("B......B", "BB....BB", "BBBBBBBB", "BWBBBBWB", "BBBBBBBB", "BBBWWBBB", ".BBBBBB.", "..BBBB.."),
}


@paints("#000000")   # the board and discs in the colours they read, the words in black
def pictures(spec):
    """The board with two pictures made of discs, each a word from the deck (checked), its word underneath."""
    board = next(c for c in spec.components if c.kind == "grid-board")
    disc = next(c for c in spec.components if c.kind == "token")
    words = {w.lower() for w in deck(spec, *expand(spec))}
    o = board.options
    bw, bh = board.trim
    width_each, gap = 80.0, 10.0
    scale = width_each / bw
    height = bh * scale + 10  # the words under the boards
    art = Art(f"{board.id}-diagram", board.id, "front", MINIATURE)
    front = spec.colour(disc.faces.items[0].get("colour", "black")) if disc.faces.items else spec.colour("black")
    fills = {"B": front, "W": spec.colour(disc.back.fill)}
    ink = spec.colour(disc.options.get("ink", "black"))
    width = 2 * width_each + gap
    overlay, parts = svg.drawing(width, height, ident="pictures-overlay"), []
    for n, (word, rows) in enumerate(PICTURES.items()):
        if word not in words:
            raise UserError(f"{spec.path}: the rules picture {word!r} is not a word on the cards")
        if len(rows) > o["rows"] or any(len(r) > o["cols"] for r in rows):
            raise UserError(f"{spec.path}: the rules picture {word!r} does not fit a {o['rows']}x{o['cols']} board")
        left = n * (width_each + gap)
        parts.append((art.key, draw_art(spec, art), left - board.bleed * scale, -board.bleed * scale, scale))
        radius = disc.options["size"] / 2 * scale
        top, side = (o["rows"] - len(rows)) // 2, (o["cols"] - max(map(len, rows))) // 2  # in the board's middle cells
        for r, row in enumerate(rows, top):
            for c, mark in enumerate(row, side):
                if mark in fills:
                    x, y = left + (o["frame"] + (c + 0.5) * o["cell"]) * scale, (o["frame"] + (r + 0.5) * o["cell"]) * scale
                    overlay.add(overlay.circle((svg.r(x), svg.r(y)), svg.r(radius), fill=fills[mark], stroke=ink, stroke_width=0.2))
        overlay.add(svg.text(overlay, f"\u201c{word}\u201d", left + width_each / 2, height - 2.5, 5.0, bold=True))
    return Diagram(width, height, tuple(parts) + (("pictures-overlay", overlay, 0, 0, 1.0),))
