"""Rulebooks: reportlab flows the text; diagrams drawn by the component renderers are overlaid as vector forms."""
import io
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (Flowable, LayoutError, KeepTogether, ListFlowable, ListItem, PageBreak, Paragraph,
                                SimpleDocTemplate, Spacer, Table, TableStyle)

from . import cairopdf, figures, games, yamlsource
from . import schema as s
from .components import KINDS
from .errors import SpecError, UserError
from .expand import expand
from .spec import Checker, rules_path
from .units import paper_size

FONTS = Path(__file__).resolve().parent / "fonts"
rl_config.invariant = 1  # no dates or random ids in reportlab's output

BLOCK = s.mapping({"p": s.text, "bullets": s.list_of(s.text, 1), "steps": s.list_of(s.text, 1),
                   "table": s.list_of(s.list_of(s.text, 1), 1), "diagram": s.text, "caption": s.text,
                   "when": s.text})  # when: a component id; the block prints only when that component does
RULES = s.mapping({
    "overview": s.text,
    "sections": s.list_of(s.mapping({"heading": s.text, "blocks": s.list_of(BLOCK, 1)}, required=("heading", "blocks")), 1),
    "reference": s.mapping({"turn": s.list_of(s.text, 1), "scoring": s.list_of(s.list_of(s.text, 1), 1),
                            "notes": s.list_of(s.text)}, required=("turn",)),
    "credits": s.text,
}, required=("overview", "sections", "reference"))


CELL_PAD = 6  # points of padding on each side of a table cell


def _register_fonts():
    """Register the bundled Vera faces with reportlab once."""
    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", str(FONTS / "Vera.ttf")))
        pdfmetrics.registerFont(TTFont("Vera-Bold", str(FONTS / "VeraBd.ttf")))
        pdfmetrics.registerFontFamily("Vera", normal="Vera", bold="Vera-Bold", italic="Vera", boldItalic="Vera-Bold")
    rl_config.canvas_basefontname = "Vera"  # no stray Helvetica resource on any page


def styles(accent):
    """Paragraph styles in the bundled font and the game's accent colour."""
    base = ParagraphStyle("body", fontName="Vera", bulletFontName="Vera", fontSize=10, leading=13.5, spaceAfter=5)
    return {
        "body": base,
        "lead": ParagraphStyle("lead", base, keepWithNext=1),
        "title": ParagraphStyle("title", base, fontName="Vera-Bold", fontSize=24, leading=28, spaceAfter=4,
                                textColor=colors.HexColor(accent)),
        "credit": ParagraphStyle("credit", base, fontSize=11.5, leading=15, spaceAfter=2),
        "h2": ParagraphStyle("h2", base, fontName="Vera-Bold", fontSize=14, leading=18, spaceBefore=10, spaceAfter=4,
                             textColor=colors.HexColor(accent), keepWithNext=1),
        "caption": ParagraphStyle("caption", base, fontSize=8.5, leading=11, alignment=TA_CENTER, textColor=colors.HexColor("#444444")),
        "note": ParagraphStyle("note", base, fontSize=9, leading=12, backColor=colors.HexColor("#f2f2f2"),
                               borderPadding=6, spaceBefore=10, spaceAfter=10),
        "cell": ParagraphStyle("cell", base, fontSize=9, leading=11.5, spaceAfter=0),
    }


def inline(text):
    """Escape text for a Paragraph, turning **words** into bold."""
    parts = escape(text).split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))


class DiagramSlot(Flowable):
    """Room for a diagram; records where it landed so the diagram can be overlaid after the build."""

    def __init__(self, key, diagram, log):
        super().__init__()
        self.key, self.diagram, self.log, self.scale = key, diagram, log, 1.0

    def wrap(self, available_width, available_height):
        self.scale = min(1.0, available_width / (self.diagram.width * mm))
        return self.diagram.width * mm * self.scale, self.diagram.height * mm * self.scale

    def draw(self):
        x, y = self.canv.absolutePosition(0, 0)
        self.log.append((self.canv.getPageNumber() - 1, self.key, x, y, self.scale))


def load_rules(spec):
    """Load and check a game's rules text: blocks whose `when` component is left out become empty, {figures} are filled."""
    path = rules_path(spec)
    data, lines = yamlsource.load(path)
    checker = Checker(path, lines)
    rules = checker.check(RULES, data, ())
    printed = {c.id for c in spec.components}
    for n, section in enumerate(rules["sections"]):
        for i, block in enumerate(section["blocks"]):
            when = block.get("when")
            if when in spec.left_out:
                section["blocks"][i] = {}
            elif when is not None and when not in printed:
                checker.fail(("sections", n, "blocks", i, "when"),
                             f"unknown component {when!r} (components: {', '.join(sorted(printed | set(spec.left_out)))})")
    return figures.fill_all(rules, figures.Figures(spec), lambda key_path, _, message: checker.fail(key_path, message))


def components_table(spec, st):
    """The components list, generated from the spec so it always matches what is printed."""
    pieces, _ = expand(spec)
    rows = [["Component", "Count", "Size"]]
    for comp in spec.components:
        w, h = KINDS[comp.kind].size(comp.options)
        count = sum(1 for p in pieces if p.component == comp.id)
        rows.append([Paragraph(inline(comp.title), st["cell"]), str(count), f"{round(w, 1):g} x {round(h, 1):g} mm"])
    return table(rows, st, f"{spec.path}: components")


def table(rows, st, where, widths=None):
    """A plain ruled table with a bold header row, its columns sized to their text within the frame.

    where: the rules file and key it comes from, for the error when a row cannot fit on a page.
    """
    cells = [[c if isinstance(c, Flowable) else Paragraph(inline(f"**{c}**" if i == 0 else str(c)), st["cell"])
              for c in row] for i, row in enumerate(rows)]
    frame_w, frame_h = st["frame"]
    widths = widths or column_widths(cells, frame_w)
    for n, row in enumerate(cells):
        tallest = max(cell.wrap(w - 2 * CELL_PAD, frame_h)[1] + 2 * CELL_PAD for cell, w in zip(row, widths))
        if tallest > frame_h:
            raise UserError(f"{where}[{n}]: this table row is {tallest / mm:.0f} mm tall and a page holds "
                            f"{frame_h / mm:.0f} mm: shorten it or split it into rows")
    result = Table(cells, colWidths=widths, hAlign="LEFT", repeatRows=1)
    result.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "Vera"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#999999")), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
    ]))
    return result


def column_widths(cells, frame_w):
    """Widths for the columns that span the frame: in proportion to each column's longest line of text, none below a
    third of its even share when the text is too long for one line (long words then break inside the cell)."""
    natural = [max(_line_width(cell) for cell in column) + 2 * CELL_PAD for column in zip(*cells)]
    floor = frame_w / len(natural) / 3
    if sum(natural) <= frame_w:  # room to spare: the table spans the frame, each column widened in proportion
        return [n * frame_w / sum(natural) for n in natural]
    spare = frame_w - floor * len(natural)
    extra = [max(0.0, n - floor) for n in natural]
    return [floor + spare * e / sum(extra) for e in extra]


def _line_width(cell):
    """The width of a cell's text set on one line (in bold, the wider face), or the width a flowable asks for."""
    if isinstance(cell, Paragraph):
        return pdfmetrics.stringWidth(cell.getPlainText(), "Vera-Bold", cell.style.fontSize) + 1
    return cell.wrap(0, 0)[0]


def _lead(out):
    """Take the paragraphs that must stay with the next block (a heading, a lead ending in a colon) off the list."""
    taken = []
    while out and isinstance(out[-1], Paragraph) and out[-1].style.name in ("lead", "h2"):
        taken.insert(0, out.pop())
    return taken


def blocks(items, st, diagrams, log, path, key_path, out):
    """Flowables for a section's blocks, after those already in out (its heading)."""
    for i, block in enumerate(items):
        if "p" in block:  # a paragraph that ends with a colon leads into what follows: keep them on one page
            out.append(Paragraph(inline(block["p"]), st["lead" if block["p"].rstrip().endswith(":") else "body"]))
        if "bullets" in block or "steps" in block:
            kind = "bullets" if "bullets" in block else "steps"
            entries = [ListItem(Paragraph(inline(t), st["body"])) for t in block[kind]]
            out.append(ListFlowable(entries, bulletType="bullet" if kind == "bullets" else "1", start=None if kind == "steps" else "•",
                                    bulletFontName="Vera", leftIndent=14))
        if "table" in block:
            where = f"{path}: {yamlsource.dotted(key_path + (i, 'table'))}"
            out.append(KeepTogether(_lead(out) + [table(block["table"], st, where), Spacer(1, 6)]))
        if "diagram" in block:
            name = block["diagram"]
            if name not in diagrams:
                raise SpecError(path, yamlsource.dotted(key_path + (i, "diagram")), f"unknown diagram {name!r} (this game has: {', '.join(sorted(diagrams)) or 'none'})")
            flow = [DiagramSlot(name, diagrams[name], log)]
            if block.get("caption"):
                flow.append(Paragraph(inline(block["caption"]), st["caption"]))
            out.append(KeepTogether(_lead(out) + flow + [Spacer(1, 6)]))
    return out


def story(spec, rules, diagrams, log, st):
    """Every flowable of the rulebook, in order."""
    game = spec.game
    flow = [Paragraph(inline(game.title), st["title"])]
    credit = f"A game by **{game.designer}**" + (f" ({game.publisher})" if game.publisher else "")
    flow.append(Paragraph(inline(credit), st["credit"]))
    facts = game.facts(time_before="about ")
    if facts:
        flow.append(Paragraph(inline(facts), st["credit"]))
    flow += [Spacer(1, 6), Paragraph(inline(rules["overview"]), st["body"])]
    flow += [Paragraph("Components", st["h2"]), components_table(spec, st)]
    if game.needs:
        flow += [Spacer(1, 6), Paragraph(inline(f"**You also need:** {', '.join(game.needs)}."), st["body"])]
    path = rules_path(spec)
    for n, section in enumerate(rules["sections"]):
        heading = Paragraph(inline(section["heading"]), st["h2"])
        flow += blocks(section["blocks"], st, diagrams, log, path, ("sections", n, "blocks"), [heading])
    if game.notes:
        flow.append(Paragraph(inline(f"**About this edition.** {game.notes}"), st["note"]))
    credits = rules.get("credits", f"Game design by {game.designer}. Rules rewritten for this print-and-play edition.")
    flow.append(Paragraph(inline(credits), st["caption"]))
    flow += [PageBreak()] + reference(spec, rules["reference"], st)
    return flow


def reference(spec, ref, st):
    """The one-page quick-reference card."""
    flow = [Paragraph(inline(f"{spec.game.title}: quick reference"), st["h2"]), Paragraph("Your turn", st["h2"])]
    flow.append(ListFlowable([ListItem(Paragraph(inline(t), st["body"])) for t in ref["turn"]], bulletType="1",
                             bulletFontName="Vera", leftIndent=14))
    if ref.get("scoring"):
        flow += [Paragraph("Scoring", st["h2"]), table(ref["scoring"], st, f"{rules_path(spec)}: reference.scoring"), Spacer(1, 6)]
    for note in ref.get("notes", []):
        flow.append(Paragraph(inline(note), st["body"]))
    return flow


def rules_pdf(spec, paper):
    """Build the rulebook PDF of one spec on one paper; return (bytes, page count)."""
    _register_fonts()
    rules = load_rules(spec)
    module = games.ruleset(spec)
    diagrams = {name: make(spec) for name, make in getattr(module, "DIAGRAMS", {}).items()}
    log = []
    st = styles(spec.palette.get("accent", "#000000"))
    buffer = io.BytesIO()
    width, height = paper_size(paper)
    st["frame"] = ((width - 36) * mm - 12, (height - 34) * mm - 12)  # the page less its margins and the frame's padding
    title = f"{spec.game.title}: rules"

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.drawCentredString(width * mm / 2, 10 * mm, f"{spec.game.title} · rules · page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(buffer, pagesize=(width * mm, height * mm), leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=16 * mm, bottomMargin=18 * mm, title=title, author=spec.game.designer)
    try:
        doc.build(story(spec, rules, diagrams, log, st), onFirstPage=footer, onLaterPages=footer)
    except LayoutError as exc:  # anything the checks above did not foresee: one line, never a traceback
        raise UserError(f"{rules_path(spec)}: the rulebook cannot be laid out on {paper}: {str(exc)[:160]}") from None
    out = cairopdf.Assembler(buffer.getvalue())
    for name in dict.fromkeys(name for _, name, _, _, _ in log):
        for key, svg_text, _, _, _ in diagrams[name].parts:
            out.add(key, svg_text)
    out.convert()
    for page_index, name, x, y, scale in log:
        diagram = diagrams[name]
        placements = []
        for key, _, dx, dy, part_scale in diagram.parts:
            box = out.forms[key].BBox
            part_h = float(box[3]) - float(box[1])
            k = scale * part_scale
            top = y + diagram.height * mm * scale
            placements.append((key, [k, 0, 0, k, x + dx * mm * scale, top - dy * mm * scale - part_h * k], None))
        out.place(out.pdf.pages[page_index], placements, prefix=f"D{name.replace('-', '')}")
    pages = len(out.pdf.pages)
    return out.save(title, spec.game.designer, f"Rules of {spec.game.title}"), pages
