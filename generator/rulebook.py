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
from reportlab.platypus import (Flowable, KeepTogether, ListFlowable, ListItem, PageBreak, Paragraph,
                                SimpleDocTemplate, Spacer, Table, TableStyle)

from . import cairopdf, figures, games, yamlsource
from . import schema as s
from .components import KINDS
from .errors import SpecError
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
    return table(rows, st)


def table(rows, st, widths=None):
    """A plain ruled table with a bold header row."""
    cells = [[c if isinstance(c, Flowable) else Paragraph(inline(f"**{c}**" if i == 0 else str(c)), st["cell"])
              for c in row] for i, row in enumerate(rows)]
    result = Table(cells, colWidths=widths, hAlign="LEFT", repeatRows=1)
    result.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "Vera"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#999999")), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return result


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
            out.append(KeepTogether(_lead(out) + [table(block["table"], st), Spacer(1, 6)]))
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
        flow += [Paragraph("Scoring", st["h2"]), table(ref["scoring"], st), Spacer(1, 6)]
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
    title = f"{spec.game.title}: rules"

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.drawCentredString(width * mm / 2, 10 * mm, f"{spec.game.title} · rules · page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(buffer, pagesize=(width * mm, height * mm), leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=16 * mm, bottomMargin=18 * mm, title=title, author=spec.game.designer)
    doc.build(story(spec, rules, diagrams, log, st), onFirstPage=footer, onLaterPages=footer)
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
