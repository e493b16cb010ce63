"""Sheet furniture as drawings: crop marks and targets, the ruler, the words of each sheet, and the manifest page."""
import functools

from ..draw import svg, svgvalues, textfit
from ..check.wording import ranges
from ..components import KINDS
from ..components.kind import making as making_up, placing, round_cut
from .plan import COPY_NOTE, MARGIN, SPACING, TURNED, flip_edge
from ..units import fmt_mm, paper

RULER = 50.0
NATURAL = 210.0   # mm: the page width page 1's list is set for (A4's); on narrower paper it is set so and scaled down
SMALLEST_CAPTION = 1.8   # mm: the ruler's two captions are set no smaller; past it, one short caption
MARK_WIDTH = 0.25


def marks(plan, sheet):
    """The cutting furniture of a sheet: crop marks, alignment targets and fold lines (shared by sheets alike)."""
    dwg = svg.drawing(plan.width, plan.height, ident="marks")
    for (x1, y1), (x2, y2) in sheet.marks:
        dwg.add(dwg.line((svg.r(x1), svg.r(y1)), (svg.r(x2), svg.r(y2)), stroke="#000000", stroke_width=MARK_WIDTH))
    for tab in sheet.tabs:
        glue_tab(dwg, tab, sheet.slots[0])
    for x, y in sheet.targets:
        target(dwg, x, y)
    for y in sheet.folds:  # dashed across the sheet, broken where crop marks cross the fold
        crossing = sorted(a[0] for a, b in sheet.marks if min(a[1], b[1]) <= y <= max(a[1], b[1]))
        starts, ends = [MARGIN] + [x + SPACING for x in crossing], [x - SPACING for x in crossing] + [plan.width - MARGIN]
        for x1, x2 in zip(starts, ends):
            if x2 > x1:
                dwg.add(dwg.line((svg.r(x1), svg.r(y)), (svg.r(x2), svg.r(y)), stroke="#000000", stroke_width=MARK_WIDTH,
                                 stroke_dasharray=(3, 2)))
    return dwg


def glue_tab(dwg, tab, slot):
    """A glue tab: the strip the next panel covers, shaded out into the bleed, with a line where that panel's edge goes
    (a strip down the panel's right or left side, or across its foot or head: a turned panel's tabs lie left and foot)."""
    b = slot.bleed
    if tab.h == slot.h:   # down a side
        left = tab.x < slot.x + slot.w / 2
        shade = (tab.x - b if left else tab.x, tab.y - b, tab.w + b, tab.h + 2 * b)
        edge = tab.x + tab.w if left else tab.x
        inner = (edge, tab.y, edge, tab.y + tab.h)
    else:                 # across the head or foot
        head = tab.y < slot.y + slot.h / 2
        shade = (tab.x - b, tab.y - b if head else tab.y, tab.w + 2 * b, tab.h + b)
        edge = tab.y + tab.h if head else tab.y
        inner = (tab.x, edge, tab.x + tab.w, edge)
    dwg.add(dwg.rect((svg.r(shade[0]), svg.r(shade[1])), (svg.r(shade[2]), svg.r(shade[3])), fill="#808080",
                     fill_opacity=0.45))
    dwg.add(dwg.line((svg.r(inner[0]), svg.r(inner[1])), (svg.r(inner[2]), svg.r(inner[3])), stroke="#000000",
                     stroke_width=0.4))


def labels(plan, sheet, number, total, game_title, how=""):
    """The words of a sheet: fold labels, the assembly map of a panel, the footer label; how: making up its pieces."""
    dwg = svg.drawing(plan.width, plan.height, ident=f"sheet-{number}")
    if sheet.assembly:
        assembly(dwg, sheet.assembly)
    what = {"back": f"back of sheet {number - 1}", "front": "front", "single": "", "fold": "fold-over"}[sheet.side]
    footer(dwg, plan, f"{game_title} · sheet {number}/{total}{' · ' + what if what else ''}",
           ". ".join(note for note in (sheet.note, how) if note))
    return dwg


def making(spec, sheet) -> str:
    """How to make up the pieces on a sheet once cut (folds, glue), from their kinds; empty when there is nothing to say."""
    found = [making_up(comp) for comp in map(spec.component, sheet.components) if making_up(comp) and sheet.side != "back"]
    return ". ".join(found) + "." if found else ""


def target(dwg, x, y, radius=3.0):
    """An alignment target: a circle with a cross, for matching panels."""
    dwg.add(dwg.circle((svg.r(x), svg.r(y)), radius, fill="none", stroke="#000000", stroke_width=MARK_WIDTH))
    for dx, dy in ((1, 0), (0, 1)):
        dwg.add(dwg.line((svg.r(x - dx * radius * 1.6), svg.r(y - dy * radius * 1.6)),
                         (svg.r(x + dx * radius * 1.6), svg.r(y + dy * radius * 1.6)), stroke="#000000", stroke_width=MARK_WIDTH))


def assembly(dwg, a):
    """The assembly map: the panel grid with each panel's number, this one shaded, and how to join them."""
    for row in range(a.rows):
        for col in range(a.cols):
            x, y = a.x + col * a.cell_w, a.y + row * a.cell_h
            here = (col, row) == (a.col, a.row)
            dwg.add(dwg.rect((svg.r(x), svg.r(y)), (svg.r(a.cell_w), svg.r(a.cell_h)), fill="#bbbbbb" if here else "#ffffff",
                             stroke="#000000", stroke_width=0.3))
            dwg.add(svg.text(dwg, row * a.cols + col + 1, x + a.cell_w / 2, y + a.cell_h / 2 + 1.2, 3.2, bold=here))
    number = a.row * a.cols + a.col + 1
    under = [n for n, ok in ((number + 1, a.col < a.cols - 1), (number + a.cols, a.row < a.rows - 1)) if ok]
    over = [n for n, ok in ((number - 1, a.col > 0), (number - a.cols, a.row > 0)) if ok]
    lines = [f"Assembly: {a.cols * a.rows} panels, {a.rows} row{'s' * (a.rows > 1)} of {a.cols}; this is panel {number} (shaded)"]
    if a.turned:
        lines.append(TURNED)
    if under:
        verb = "goes" if len(under) == 1 else "go"
        lines.append(f"{_panels(under)} {verb} on top of this panel's grey glue tab{'s' * (len(under) > 1)}")
    if over:
        lines.append(f"this panel goes on top of {_panels(over)}")
    lines.append(f"overlap {a.overlap:g} mm: each edge on the tab's line, glue on the targets")
    if a.cols > 1 and a.rows > 1:   # where four panels meet, say which lies on which
        lines.append("join them in number order, each on top of those before it")
    left, top = a.x + a.cols * a.cell_w + 3, a.y + (a.rows * a.cell_h - 4 * (len(lines) - 1)) / 2 + 1
    for k, line in enumerate(lines):
        dwg.add(svg.text(dwg, line, left, top + 4 * k, 2.8 if k else 3.0, anchor="start", bold=k == 0))


def _panels(numbers):
    """'panel 2' or 'panels 2 and 3'."""
    return f"panel {numbers[0]}" if len(numbers) == 1 else f"panels {' and '.join(map(str, numbers))}"


def ruler(plan):
    """The footer's fixed part, alike on every sheet: a 50 mm calibration ruler and how to print."""
    dwg = svg.drawing(plan.width, plan.height, ident="ruler")
    base, left = plan.height - MARGIN - 2.5, MARGIN + 1
    dwg.add(dwg.line((left, base), (left + RULER, base), stroke="#000000", stroke_width=0.3))
    for mm in range(int(RULER) + 1):
        tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        dwg.add(dwg.line((left + mm, base), (left + mm, base - tick), stroke="#000000", stroke_width=0.15))
    scale, advice = f"{fmt_mm(RULER)}: measure to check the scale", "print at 100% (actual size), not fit to page"
    room = plan.width - MARGIN - 1 - (left + RULER + 2)
    size = min(2.4, (room - 3) / (textfit.width(scale, 1.0) + textfit.width(advice, 1.0)))
    if size >= SMALLEST_CAPTION:   # both, beside the ruler, as on A4 (smaller on narrower paper)
        dwg.add(svg.text(dwg, scale, left + RULER + 2, base, size, anchor="start"))
        dwg.add(svg.text(dwg, advice, plan.width - MARGIN - 1, base, size, anchor="end"))
    else:   # narrow paper: one short caption (page 1 says the rest)
        short = f"{fmt_mm(RULER)} at 100% (actual size)"
        dwg.add(svg.text(dwg, short, left + RULER + 2, base, min(2.4, room / textfit.width(short, 1.0)), anchor="start"))
    return dwg


def footer(dwg, plan, label, note=""):
    """The footer's own words: the sheet label at right, a note above the ruler (smaller when long, left of the label;
    on a paper too narrow for both, on a line of its own above the label)."""
    base = plan.height - MARGIN - 2.5
    label = f"{label} · {paper(plan.paper).label}"
    large = min(2.8, (plan.width - 2 * MARGIN - 2) / textfit.width(label, 1.0, bold=True))   # inside the margins
    dwg.add(svg.text(dwg, label, plan.width - MARGIN - 1, base - 4, large, anchor="end", bold=True))
    if note:
        room = plan.width - 2 * MARGIN - 6 - textfit.width(label, large, bold=True)
        size = min(2.6, room / textfit.width(note, 1.0))
        if size >= SMALLEST_CAPTION:
            dwg.add(svg.text(dwg, note, MARGIN + 1, base - 5.5, size, anchor="start"))
        else:   # its letters' tops within the footer's band (clear of the lowest crop marks), its tails above the label
            size = min(1.9, (plan.width - 2 * MARGIN - 2) / textfit.width(note, 1.0))
            dwg.add(svg.text(dwg, note, MARGIN + 1, base - 6.9, size, anchor="start"))


PRINTING = {  # how to print a run of pages, by the side of its sheets
    "single": "print single-sided.",
    "front": "print double-sided, flip on the {edge} edge; each back lands behind its front.",
    "fold": "print single-sided, fold along the dashed line (backs behind fronts), glue, then cut.",
}


def page_runs(sides, covered: bool = False):
    """(first page, last page, how) for each run of sheets printed alike; the sheets start on page 2. covered: page 1
    holds pieces below its list, and starts the run of single-sided sheets that follows it."""
    runs = [[1, 1, "single"]] if covered and sides and sides[0] == "single" else []
    for page, side in enumerate(sides, start=2):
        how = "front" if side == "back" else side
        if runs and runs[-1][2] == how:
            runs[-1][1] = page
        else:
            runs.append([page, page, how])
    return [tuple(run) for run in runs]


def page_list(numbers) -> str:
    """Page numbers as runs: 'page 3', 'pages 2-5, 8'."""
    return f"page{'s' * (len(numbers) > 1)} {ranges(numbers)}"


def supplies(spec, plan) -> list:
    """What to print on and cut with besides a printer and scissors: paper weights by page, punches, glue, bags."""
    copies = [n for n, s in enumerate(plan.sheets, start=2) if s.note.startswith(COPY_NOTE)]
    pieces = [1] * bool(plan.cover) + [n for n, s in enumerate(plan.sheets, start=2) if not s.note.startswith(COPY_NOTE)]
    paper = f"Card of 160-200 g/m² for {page_list(pieces)} (the pieces you handle)" if pieces else ""
    if copies:
        paper += f"{'; p' if paper else 'P'}lain 80 g/m² paper for {page_list(copies)} (written on in play)"
    out = [paper + "."] if paper else []
    punches = {}
    for comp in spec.components:
        circle = round_cut(comp)
        if circle:
            punches.setdefault((circle.punch, 2 * circle.r), []).append(comp.title.lower())
    for (punch, size), titles in punches.items():
        out.append(f"A {punch} ({size:g} mm) circle punch for the {' and '.join(titles)}, or scissors along the cutting ring.")
    rounders: dict = {}
    for comp in spec.components:
        if comp.options.get("shape") == "rounded" and comp.options.get("radius"):
            rounders.setdefault(comp.options["radius"], []).append(comp.title.lower())
    for radius, titles in rounders.items():
        out.append(f"A corner rounder ({radius:g} mm) for the corners of the {' and the '.join(titles)}, or scissors.")
    glued = (["the board panels"] if any(s.tabs for s in plan.sheets) else []) + \
        [f"the {comp.title.lower()}" for comp in spec.components if KINDS[comp.kind].glue]
    if glued:
        out.append(f"A glue stick for {' and '.join(glued)}.")
    out.append("Small bags or envelopes, one for each kind of piece, to keep the set in order.")
    return out


def cutting(spec) -> str:
    """How to cut the pieces, named as the set holds them: between crop marks a deck's cards, or pieces of several kinds;
    hex tiles, which have no crop marks, along their outlines."""
    straight = [c for c in spec.components if placing(c) == "grid" and not round_cut(c)]
    hexes = [c.title.lower() for c in spec.components if placing(c) == "hex"]
    along = f"Cut the {' and the '.join(hexes)} along their outlines." if hexes else ""
    if not straight:
        return along or "Cut along the lines between crop marks."
    one = len(straight) == 1 and straight[0].expect > 1 and straight[0].title.lower().endswith("s")   # 'cards', no 'tarot'
    noun = straight[0].title.lower() if one else "pieces"
    return f"Cut along the lines between crop marks; {noun} that touch share a cut line.{' ' * bool(along)}{along}"


def manifest(plan, spec, rows, sides):
    """The first page: the game, its components, what else to have, and how to print the sheets (sides: one per sheet);
    its footer notes the pieces set below the list as a sheet's does (round tokens: punch them out..., how to make
    them up)."""
    dwg = svg.drawing(plan.width, plan.height, ident="manifest")
    listing(dwg, plan, spec, rows, sides)
    notes = (plan.cover.note, making(spec, plan.cover)) if plan.cover else ()
    footer(dwg, plan, f"{spec.edition_title} · sheet 1/{len(sides) + 1} · manifest", ". ".join(filter(None, notes)))
    return dwg


def list_bottom(plan, spec) -> float:
    """How far down page 1 the list of components reaches (mm), its last line's descenders included."""
    return listing(None, plan, spec, [("",) * 5 for _ in spec.components], [s.side for s in plan.sheets]) + 1.5


@functools.lru_cache(maxsize=1024)
def wrapped(text: str, size: float, width: float) -> tuple:
    """textfit.wrap's lines of a manifest text: the list is set again for each plan imposition tries (list_bottom)."""
    return tuple(textfit.wrap(text, size, width))


def listing(dwg, plan, spec, rows, sides) -> float:
    """Write the list of components, supplies and printing advice at the top of page 1; return its last baseline (mm).
    With no drawing (None) nothing is written: only the baseline is worked out. On paper narrower than A4 it is set
    for A4's width and scaled down to fit the page's width and the room above its footer (its columns ran off
    100 x 150 mm paper, its text into the footer)."""
    k = min(1.0, plan.width / NATURAL)
    if k < 1:
        room = plan.height - MARGIN - 12 - MARGIN   # down to the footer's sheet label
        k = min(k, room / _laid(None, plan.width / k, plan, spec, rows, sides))
    holder = dwg if dwg is None or k == 1 else dwg.add(dwg.g(transform=svgvalues.scale(k)))
    return _laid(holder, plan.width / k, plan, spec, rows, sides, dwg) * k


def _laid(holder, page_width, plan, spec, rows, sides, dwg=None) -> float:
    """listing's list set on a page page_width mm wide into holder (a drawing, a group of one, or None: not written);
    its last baseline (mm). dwg: the drawing whose factories make its elements, when holder is a group in it."""
    dwg = dwg if dwg is not None else holder

    def text(value, x, y, size, bold=False):
        if holder is not None:
            holder.add(svg.text(dwg, value, x, y, size, anchor="start", bold=bold))
    x, y = MARGIN + 8, MARGIN + 14
    width = page_width - 2 * x
    game = spec.game
    total = len(sides) + 1
    text(game.title, x, y, 9, bold=True)
    y += 8
    credit = f"A game by {game.designer}" + (f" ({game.publisher})" if game.publisher else "")
    text(credit, x, y, 4.2)
    facts = game.facts()
    if facts:
        y += 6
        text(facts, x, y, 3.6)
    y += 14
    text("Components", x, y, 5, bold=True)
    columns = (("component", 0), ("count", 62), ("size", 80), ("sheets of paper", 116), ("double-sided", 150))
    y += 8
    for name, dx in columns:
        text(name, x + dx, y, 3.4, bold=True)
    if holder is not None:
        holder.add(dwg.line((x, y + 1.5), (page_width - MARGIN - 8, y + 1.5), stroke="#000000", stroke_width=0.3))
    for row in rows:
        y += 6.5
        for (_, dx), value in zip(columns, row):
            text(value, x + dx, y, 3.4)
    if game.needs:
        y += 4
        for line in wrapped(f"You also need: {', '.join(game.needs)}.", 3.4, width):
            y += 5.5
            text(line, x, y, 3.4)
    y += 14
    text("To make the set", x, y, 5, bold=True)
    for item in supplies(spec, plan):
        for k, line in enumerate(wrapped(item, 3.3, width - 4)):
            y += 5.5 if k else 6.5
            if not k and holder is not None:
                holder.add(dwg.circle((svg.r(x + 1), svg.r(y - 1.1)), 0.6, fill="#000000"))
            text(line, x + 4, y, 3.3)
    y += 14
    text("How to print", x, y, 5, bold=True)
    names = [spec.component(c).title.lower() for c in plan.cover.components] if plan.cover else []
    page_1 = "this list" + (f", with the {' and the '.join(names)} below it" if names else "")
    advice = ["Print at 100% (actual size): turn off 'fit to page'. The ruler on every sheet must measure 50 mm.",
              cutting(spec),
              f"Page 1 is {page_1}" + ("." if total == 1 else "; page 2 is the sheet." if total == 2 else
                                       f"; the sheets are pages 2-{total}.")]
    for first, last, how in page_runs(sides, bool(names)):
        advice.append(f"{'Page' if first == last else 'Pages'} {first}{'' if first == last else f'-{last}'}: "
                      + PRINTING[how].format(edge=flip_edge(plan.width, plan.height)))
    copies = [str(n) for n, s in enumerate(plan.sheets, start=2) if s.note.startswith(COPY_NOTE)]
    if copies:
        advice.append(f"Page{'s' * (len(copies) > 1)} {', '.join(copies)}: copy sheet{'s' * (len(copies) > 1)},"
                      " print as many as you need (written on in play).")
    for item in advice:
        for k, line in enumerate(wrapped(item, 3.3, width)):
            y += 5.5 if k else 6.5
            text(line, x, y, 3.3)
    return y
