"""Rulebooks: reportlab flows the text and places each diagram's parts by name; its pages, taken apart, and the parts
drawn by the component renderers as vector forms are joined in one file by our PDF writer."""
import io
import re
from copy import deepcopy
from itertools import chain
from pathlib import Path
from ..records import NamedTuple

from . import platypus  # noqa: F401  (first: reportlab's paragraph module without its costly pattern)
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.flowables import _FUZZ, _listWrapOn
from reportlab.platypus import (CondPageBreak, Flowable, Frame, KeepInFrame, LayoutError, KeepTogether, ListFlowable, ListItem, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle)

from ..spec import yamlsource
from ..draw import typeface
from ..draw.textbox import ESCAPES
from ..components.kind import size_words
from ..impose.plan import COPY_NOTE
from ..draw.diagram import drawn, smallest_type
from ..errors import UserError
from ..spec.expand import expand
from .overlay import CAPTION_INK, NOTE_GROUND, RULE_INK, extents, part_name, pdf_number, taken_apart, with_diagrams
from ..spec.loader import rules_path
from ..spec.rules import plain, read_rules
from ..units import PT_PER_MM, paper_size
from ..check.wording import colour_words

FONTS = Path(__file__).resolve().parent.parent / "fonts"
MARKUP = r"(?s)\\(.)|(\*\*)|\{colou?r:(#[0-9A-Fa-f]{6})\}|(\{/colou?r\})"  # a rules text's: compiled on first use by re's cache
rl_config.invariant = 1  # no dates or random ids in reportlab's output
rl_config.useA85 = 0  # content streams compressed only, not also spelled out in ASCII (a quarter larger)

CELL_PAD = 6  # points of padding on each side of a table cell
NARROWEST = 2 * mm   # the least text a table's column may leave: below it, a table is refused (Unfit)
LEAST_CELL = 7.0   # pt: the smallest a page's table sets its text, half a point at a time, to keep its words whole
SHRINK = 0.65  # a diagram may shrink to this share of its size to stay on the page of the text it illustrates
HOLD = 0.5  # a diagram that ends its section may shrink to this share rather than let the next section's heading overtake it
LEAST_DIAGRAM_TYPE = 6.0  # pt: a diagram shrinks to stay on a page only while its smallest text keeps this size
BAND = 30 * mm  # the tallest empty band a figure may leave above a block kept whole before it shrinks to let it in
TOP, BOTTOM = 16 * mm, 18 * mm  # the rulebook's top and bottom margins: the page number sits below the bottom one
FRAME_PAD = 6  # points: reportlab's padding inside each page's frame
MEASURE = 180.0  # mm: the widest text column; on wider paper (A3, Tabloid) the side margins grow past 18 mm
CARDS = 2, 2  # quick-reference cards on the last page: columns, rows (one card per player); on a landscape page 4, 1
CARD_EDGE = 15 * mm  # from the page's side and top edges to the cards' trim: room for 3 mm + 5 mm crop marks
CARD_FOOT = 22 * mm  # from the page's bottom edge to the cards' trim: the crop marks stay clear of the footer
CARD_MOST = 105 * mm, 148 * mm   # the largest quick-reference card (A6, a player aid's size): a large paper's are centred
CARD_LOW = 88 * mm  # the shortest card the foot of a page may hold: a poker card
CARD_MARKS = 10 * mm  # above the cards' top trim: their crop marks (3 mm out, 5 mm long) and a little air


class BundledFace(TTFont):
    """A bundled face that remembers the width of each text at each size: reportlab measures every word of a paragraph
    each time it breaks it into lines, on both papers, and the same words again and again."""

    def __init__(self, name: str, path: Path):
        super().__init__(name, str(path))
        self.widths: dict = {}
        self.coded: dict = {}  # document -> (the characters coded in its first subset, their codes as a table)
        self.subsets: dict = {}  # a subset's codes -> the font file reportlab makes of them (both papers use the same)
        make = self.face.makeSubset
        self.face.makeSubset = lambda subset: self.subsets.get(tuple(subset)) or self.subsets.setdefault(
            tuple(subset), make(subset))

    def addObjects(self, doc):
        """reportlab's font objects for doc, each subset's tag made from its program (typeface.tag), as the components
        PDFs' are: reportlab numbers them, AAAAAA for the first subset of every font in every file."""
        tags = [typeface.tag(self.face.makeSubset(subset)).encode() for subset in self.state[doc].subsets]
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = tags.__getitem__
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered

    def stringWidth(self, text, size, encoding="utf8"):
        key = (text, size)
        if key not in self.widths:
            self.widths[key] = super().stringWidth(text, size, encoding)
        return self.widths[key]

    def splitString(self, text, doc, encoding="utf-8"):
        """reportlab's (subset, codes) runs of text: a text of characters that all have codes in the first subset of
        doc's font already is translated in one step, not looked up character by character."""
        coded = self.coded.get(doc)
        if coded and text and isinstance(text, str) and coded[0].issuperset(text):
            return [(0, text.translate(coded[1]).encode("latin-1"))]
        runs = super().splitString(text, doc, encoding)
        assigned = self.state[doc].assignments
        table = {code: n for code, n in assigned.items() if n < 256}
        if 32 in table:
            table[0xA0] = table[32]  # reportlab sets a no-break space as a space
        if len(self.coded) > 16:
            self.coded.clear()
        self.coded[doc] = set(map(chr, table)), table
        return runs


def _register_fonts():
    """Register the bundled Vera faces with reportlab once."""
    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(BundledFace("Vera", FONTS / "Vera.ttf"))
        pdfmetrics.registerFont(BundledFace("Vera-Bold", FONTS / "VeraBd.ttf"))
        pdfmetrics.registerFontFamily("Vera", normal="Vera", bold="Vera-Bold", italic="Vera", boldItalic="Vera-Bold")
    rl_config.canvas_basefontname = "Vera"  # no stray Helvetica resource on any page


_STYLES: dict = {}  # the styles made, each made once: a paragraph's markup is parsed once per style (Para)


def _kept(key, make):
    """The style (or styles) kept under key, made once."""
    if key not in _STYLES:
        _STYLES[key] = make()
    return _STYLES[key]


def styles(accent):
    """Paragraph styles in the bundled font and the game's accent colour (the same objects for the same accent)."""
    return dict(_kept(accent, lambda: _styles(accent)))


def _styles(accent):
    base = ParagraphStyle("body", fontName="Vera", bulletFontName="Vera", fontSize=10, leading=13.5, spaceAfter=5)
    return {
        "body": base,
        "lead": ParagraphStyle("lead", base, keepWithNext=1),
        "title": ParagraphStyle("title", base, fontName="Vera-Bold", fontSize=24, leading=28, spaceAfter=4,
                                textColor=colors.HexColor(accent)),
        "credit": ParagraphStyle("credit", base, fontSize=11.5, leading=15, spaceAfter=2),
        "h2": ParagraphStyle("h2", base, fontName="Vera-Bold", fontSize=14, leading=18, spaceBefore=10, spaceAfter=4,
                             textColor=colors.HexColor(accent), keepWithNext=1),
        "caption": ParagraphStyle("caption", base, fontSize=8.5, leading=11, alignment=TA_CENTER, textColor=colors.HexColor(CAPTION_INK)),
        "note": ParagraphStyle("note", base, fontSize=9, leading=12, backColor=colors.HexColor(NOTE_GROUND),
                               borderPadding=6, spaceBefore=10, spaceAfter=10),
        "cell": ParagraphStyle("cell", base, fontSize=9, leading=11.5, spaceAfter=0),
    }


def escape(text):
    """Text with &, < and > written as entities, as a Paragraph's markup needs (xml.sax's escape, without the urllib it
    imports)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def inline(text):
    """Text as a Paragraph's markup: escaped, **words** bold, {colour:#rrggbb}words{/colour} in that colour (a rules
    text's names are given as such as it is loaded: rulesmarkup.painted), a backslash's character as itself."""
    runs: list = []   # [bold, colour or None, words] of each stretch of one style
    bold, colours, at = False, [], 0

    def add(words):
        style = [bold, colours[-1] if colours else None]
        if runs and runs[-1][:2] == style:
            runs[-1][2] += words
        elif words:
            runs.append(style + [words])
    for match in re.finditer(MARKUP, text):
        add(text[at:match.start()])
        escaped, strong, paint, close = match.groups()
        if escaped is not None:
            add(escaped if escaped in ESCAPES else "\\" + escaped)
        elif strong:
            bold = not bold
        elif paint:
            colours.append(paint.lower())
        elif colours:
            colours.pop()
        else:   # a {/colour} that ends none
            add(close)
        at = match.end()
    add(text[at:])
    return "".join(_styled(escape(words), strong, paint) for strong, paint, words in runs)


def _styled(words, bold, colour):
    """Escaped words in a Paragraph's markup for bold and a colour (None: the style's)."""
    words = f"<b>{words}</b>" if bold else words
    return f'<font color="{colour}">{words}</font>' if colour else words


def tie(text):
    """Join the last two words with a no-break space, so that no paragraph ends in a lone word."""
    head, _, last = text.rstrip().rpartition(" ")
    return f"{head}\u00a0{last}" if head.strip() else text


class Redrawn:
    """A flowable drawn again on the same canvas at the same size writes the operators of its first drawing again: each
    quick-reference card is the same flowables placed again (reportlab still places each, in the page's numbers)."""

    def draw(self):
        canvas, size = self.canv, self.size()
        drawn = self.__dict__.get("_drawn")
        if drawn and drawn[0] is canvas and drawn[1] == size:
            canvas._code.extend(drawn[2])
            return
        start = len(canvas._code)
        super().draw()
        self._drawn = canvas, size, canvas._code[start:]


class Ruled(Redrawn, Table):
    """A table drawn again at the same size writes its first drawing's operators again."""

    def size(self):
        """The size it was set at and its columns' and rows' sizes, which its drawing depends on."""
        return self._width, self._height, tuple(self._colWidths), tuple(self._rowHeights)


_PARSED: dict = {}  # (markup, style) -> reportlab's fragments of it: the same text is set on both papers


class Para(Redrawn, Paragraph):
    """A paragraph that keeps its lines for each width it was set at: reportlab asks again and again (to fit, to shrink
    a card, to place, to draw) and the lines depend on the width alone; its markup is parsed once per style."""

    def __init__(self, text, style=None, bulletText=None, frags=None, **options):
        parsed = frags is None and _PARSED.get((text, style))  # frags given: a part of a paragraph split by reportlab
        super().__init__(text, style, bulletText, parsed or frags, **options)
        if frags is None and not parsed:
            if len(_PARSED) > 4096:
                _PARSED.clear()
            _PARSED[(text, style)] = self.frags

    def wrap(self, availWidth, availHeight):
        if availWidth < _FUZZ:
            return super().wrap(availWidth, availHeight)
        kept = self.__dict__.setdefault("_set", {})
        if availWidth in kept:
            self.width, self._wrapWidths, self.blPara, self.height = kept[availWidth]
        else:
            super().wrap(availWidth, availHeight)
            kept[availWidth] = self.width, self._wrapWidths, self.blPara, self.height
        return self.width, self.height

    def size(self):
        """The size it was set at, which its drawing depends on."""
        return self.width, self.height


def para(text, style):
    """A paragraph of rules text whose last line holds two words at least."""
    return Para(inline(tie(text)), style)


def stand_in(canvas, name):
    """An empty array under a part's name, so that reportlab names it in the page's resources (taken_apart leaves it out):
    not an empty form, whose resources and stream reportlab would write for nothing."""
    canvas._doc.Reference(PDFArray([]), canvas._doc.getXObjectName(name))


class DiagramSlot(Flowable):
    """A diagram: its parts placed by name in the page's content stream, their forms written by overlay.with_diagrams."""

    def __init__(self, key, diagram, size=1.0):
        super().__init__()
        self.key, self.diagram, self.size = key, diagram, size  # size: every diagram's share of its own
        self.scale, self.fit = 1.0, 1.0  # fit: the shrink its figure asked for to stay on the page
        self.hAlign = "CENTER"
        self.type = smallest_type(diagram)   # mm at its own size, or None

    def least_fit(self, available_width: float) -> float:
        """The least fit that keeps the diagram's smallest text at LEAST_DIAGRAM_TYPE (0 when it sets none)."""
        return self._least(available_width) / self.size

    def _least(self, available_width: float) -> float:
        """The least share of the diagram's size (as wide as the column lets it be) whose text keeps LEAST_DIAGRAM_TYPE."""
        if self.type is None:
            return 0.0
        return LEAST_DIAGRAM_TYPE / (min(1.0, available_width / (self.diagram.width * mm)) * self.type * mm)

    def wrap(self, available_width, available_height):
        whole = min(1.0, available_width / (self.diagram.width * mm))   # its size as wide as the column lets it be
        # the book laid out again at 90 % or 80 % shrinks it only while its text keeps LEAST_DIAGRAM_TYPE
        share = max(self.size * self.fit, min(1.0, self._least(available_width)))
        self.scale = whole * share
        return self.diagram.width * mm * self.scale, self.diagram.height * mm * self.scale

    def drawOn(self, canvas, x, y, _sW=0):
        """Place each part's form by name, the diagram's bottom-left corner at (x, y): no translation of its own, so the
        numbers written are those of the frame (the page's)."""
        k, x = self.scale, self._hAlignAdjust(x, _sW)
        top = y + self.diagram.height * PT_PER_MM * k
        for n, (_, part, dx, dy, part_scale) in enumerate(self.diagram.parts):
            name, s = part_name(self.key, n), k * part_scale
            if not canvas.hasForm(name):
                stand_in(canvas, name)
            matrix = s, 0, 0, s, x + dx * PT_PER_MM * k, top - dy * PT_PER_MM * k - part.height * PT_PER_MM * s
            canvas.addLiteral(f"q {' '.join(map(pdf_number, matrix))} cm")
            canvas.doForm(name)
            canvas.addLiteral("Q")


class Figure(Flowable):
    """A diagram with its caption and the lead-in above it, on one page: the diagram shrinks a little to stay on the
    page, and when it must go to the next one it heads that page and the text after it fills this one (see Book)."""

    def __init__(self, items, slot):
        super().__init__()
        self.items, self.slot = items, slot
        self.cap = float("inf")  # the height it may take, when the block after it must fit below it (see Book)
        self.least = SHRINK  # the share of its size the diagram may shrink to (HOLD when the next section follows it)
        self.floats = not any(isinstance(i, Paragraph) and i.style.name == "h2" for i in items)  # never before its heading
        self.spaceBefore, self.spaceAfter = items[0].getSpaceBefore(), 6 + items[-1].getSpaceAfter()

    def _stack(self, width):
        """The items' heights, each with the space above it."""
        sizes = []
        for n, item in enumerate(self.items):
            gap = self.items[n - 1].getSpaceAfter() + item.getSpaceBefore() if n else 0
            sizes.append((item, item.wrap(width, 10 ** 6)[1], gap))
        return sizes

    def wrap(self, available_width, available_height):
        self.slot.fit, available_height = 1.0, min(available_height, self.cap)
        total = sum(h + gap for _, h, gap in self._stack(available_width))
        if total > available_height:
            slot_h = self.slot.wrap(available_width, 10 ** 6)[1]
            fit = (available_height - (total - slot_h)) / slot_h
            if fit >= max(self.least, self.slot.least_fit(available_width)):
                self.slot.fit = fit * 0.999
                total = sum(h + gap for _, h, gap in self._stack(available_width))
        self.width, self.height = available_width, total
        return available_width, total

    def split(self, available_width, available_height):
        return []

    def drawOn(self, canvas, x, y, _sW=0):
        """Draw the items top down: the lead-in and caption each translated to the figure as reportlab draws a flowable,
        the diagram in the frame's own numbers (see DiagramSlot)."""
        x, top = self._hAlignAdjust(x, _sW), self.height
        for item, h, gap in self._stack(self.width):
            top -= gap + h
            if item is self.slot:
                item.drawOn(canvas, x + (self.width - item.wrap(self.width, 10 ** 6)[0]) / 2, y + top)
                continue
            canvas.saveState()
            canvas.translate(x, y)
            item.drawOn(canvas, 0, top)
            canvas.restoreState()


class Column(Frame):
    """The page's frame, copied field by field: reportlab deep-copies it each time it measures a list of flowables (a
    block kept together, a quick-reference card), and its fields are numbers and text but for a few lists."""

    def __deepcopy__(self, memo):
        twin = Column.__new__(Column)
        twin.__dict__.update((k, deepcopy(v, memo) if isinstance(v, (list, dict)) else v) for k, v in self.__dict__.items())
        return twin

    def room(self, flowable: Flowable) -> float:
        """The height left for flowable below what the frame holds, less the space above it (as Frame._add reckons)."""
        space = 0 if self._atTop else flowable.getSpaceBefore()
        if space and self._oASpace:
            space = max(space - self._prevASpace, 0)
        return self._y - self._y1p - space


class Book(SimpleDocTemplate):
    """The rulebook's pages: a figure that has to go to the next page heads it, as a float does, and the text after it
    fills this one first (paragraphs, lists, tables, headings with their first lines); figures keep their order."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rooms = []  # the share of each page's frame left empty at its foot
        self.waiting = None  # a figure that heads the next page

    def build(self, flowables, onFirstPage, onLaterPages):
        """SimpleDocTemplate's build, its frame a Column."""
        self._calc()
        column = Column(self.leftMargin, self.bottomMargin, self.width, self.height, id="normal")
        self.addPageTemplates([PageTemplate(id="First", frames=column, onPage=onFirstPage, pagesize=self.pagesize),
                               PageTemplate(id="Later", frames=column, onPage=onLaterPages, pagesize=self.pagesize)])
        BaseDocTemplate.build(self, flowables)

    def handle_pageEnd(self):
        frame = self.frame
        self.rooms.append(max(0.0, frame._y - frame._y1p) / frame._aH)
        super().handle_pageEnd()

    def handle_flowable(self, flowables):
        if flowables is self._hanging:  # reportlab's own page begin
            return super().handle_flowable(flowables)
        pages, first = len(self.rooms), flowables[0]
        if self.waiting is not None and isinstance(first, (Figure, CardSheet)):
            flowables.insert(0, self.waiting)  # neither overtakes the waiting figure: this page ends, it heads the next
            self.waiting = None
        elif isinstance(first, Figure):
            self.make_room(first, flowables)
        super().handle_flowable(flowables)
        if isinstance(first, Figure):
            first.cap = float("inf")
        if self.waiting is not None and (len(self.rooms) > pages or not flowables):  # a new page: the figure heads it
            flowables.insert(0, self.waiting)
            self.waiting = None

    def make_room(self, figure: Figure, flowables: list) -> None:
        """Float a figure (flowables[0]) that does not fit the room left even shrunk (to SHRINK, or to HOLD when the next
        section's heading follows it); shrink one that fits, to SHRINK at most, when the block kept whole after it would
        otherwise go to the next page and leave a band taller than BAND."""
        frame, width = self.frame, self.frame._getAvailableWidth()
        room = frame.room(figure)
        height = figure.wrap(width, room)[1]
        if height > room + _FUZZ and len(flowables) > 1 and opens_section(flowables[1]):
            figure.least = HOLD  # floated, it would be read after the next section's heading
            height = figure.wrap(width, room)[1]
        if height > room + _FUZZ:
            if figure.floats and not frame._atTop and len(flowables) > 1:  # text after it to fill the page
                self.waiting = flowables.pop(0)
            return
        rest = flowables[1:]
        self.handle_keepWithNext(rest)  # a heading joined to what follows it, as reportlab joins them
        flowables[1:] = rest
        if not rest or not isinstance(rest[0], KeepTogether):
            return
        left = room - height - figure.getSpaceAfter() - rest[0].getSpaceBefore()  # below the figure, for the block
        need = _listWrapOn(rest[0]._content, width, self.canv)[1]
        cap = height - (need - left)  # the figure's height that lets the block in
        if need > left > BAND and figure.wrap(width, cap)[1] <= cap + _FUZZ:
            figure.cap = cap


def opens_section(flowable: Flowable) -> bool:
    """Whether a flowable is a section's heading, alone or first in a block kept whole."""
    first = flowable._content[0] if isinstance(flowable, KeepTogether) and flowable._content else flowable
    return isinstance(first, Paragraph) and first.style.name == "h2"


class CardSheet(Flowable):
    """The quick reference as cards sharing their cut lines, with crop marks: in the room left at the foot of the last
    page of rules when a row of cards fits there (no page ends a third empty), else on a page of its own, filled."""

    def __init__(self, make, page_size, frame):
        super().__init__()
        self.make, self.page_size, self.frame_height = make, page_size, frame[1]
        self.grid = CARDS if page_size[0] <= page_size[1] else (CARDS[0] * CARDS[1], 1)   # landscape: one row, tall cards
        self.rows, self.height = self.grid[1], 0.0
        self.held: dict = {}   # a row's height at the foot of a page -> whether a card that tall holds the text (_holds)

    def wrap(self, available_width, available_height):
        """Take the rest of the page when at least one row of cards fits in it; else ask for a page of its own."""
        full = min((self.page_size[1] - CARD_EDGE - CARD_FOOT) / self.grid[1], CARD_MOST[1])  # a row's height on a page
                                                                                           # of its own
        room = BOTTOM + FRAME_PAD + available_height - CARD_FOOT - CARD_MARKS  # below the text above, for cards
        rows = min(self.grid[1], max(1, int(room // full)))   # at the foot of the last page of rules: one or more rows,
        if available_height >= self.frame_height - 1:          # each at most as tall as on a page of its own
            self.rows, self.height = self.grid[1], full   # a page of its own: the cards fill it
        elif room >= CARD_LOW and self._holds(min(full, room / rows)):
            self.rows, self.height = rows, min(full, room / rows)
        else:
            return available_width, available_height + 1  # more than is left: reportlab starts a new page
        return available_width, available_height

    def _holds(self, height: float) -> bool:
        """True when a card of this height (a row's) holds the quick reference at a size that reads: landscape paper's
        narrow cards may need more than CARD_LOW."""
        if height not in self.held:
            width = min((self.page_size[0] - 2 * CARD_EDGE) / self.grid[0], CARD_MOST[0])
            try:
                self.held[height] = bool(self.make(width - 10 * mm, height - 10 * mm, self.canv))
            except UserError:
                self.held[height] = False
        return self.held[height]

    def cards(self):
        """(x, y, width, height) of each card in points from the page's bottom-left corner."""
        page_w, _ = self.page_size
        cols = self.grid[0]
        w, h = min((page_w - 2 * CARD_EDGE) / cols, CARD_MOST[0]), self.height
        left = CARD_EDGE if w < CARD_MOST[0] else (page_w - cols * w) / 2
        return [(left + c * w, CARD_FOOT + r * h, w, h) for r in range(self.rows) for c in range(cols)]

    def draw(self):
        canv = self.canv
        canv.saveState()
        canv.translate(*(-v for v in canv.absolutePosition(0, 0)))
        cards = self.cards()
        _, _, w, h = cards[0]
        card = self.make(w - 10 * mm, h - 10 * mm, canv)  # the cards are all one size: set once, drawn on each
        for x, y, w, h in cards:
            frame = Frame(x, y, w, h, leftPadding=5 * mm, rightPadding=5 * mm, topPadding=5 * mm, bottomPadding=5 * mm,
                          showBoundary=0)
            frame.addFromList([card], canv)
        xs = sorted({round(v, 3) for x, _, w, _ in cards for v in (x, x + w)})
        ys = sorted({round(v, 3) for _, y, _, h in cards for v in (y, y + h)})
        canv.setLineWidth(0.25 * mm)
        for x in xs:  # crop marks 5 mm long, 3 mm outside the trim, at both ends of every cut line
            canv.line(x, ys[0] - 3 * mm, x, ys[0] - 8 * mm)
            canv.line(x, ys[-1] + 3 * mm, x, ys[-1] + 8 * mm)
        for y in ys:
            canv.line(xs[0] - 3 * mm, y, xs[0] - 8 * mm, y)
            canv.line(xs[-1] + 3 * mm, y, xs[-1] + 8 * mm, y)
        canv.restoreState()


def components_table(spec, st):
    """The components list, generated from the spec so it always matches what is printed."""
    pieces, _ = expand(spec)
    rows = [["Component", "Count", "Size"]]
    for comp in spec.components:
        count = sum(1 for p in pieces if p.component == comp.id)
        copied = f" ({COPY_NOTE})" if comp.printing == "once" else ""   # as its sheets of the components PDF say
        rows.append([Para(inline(comp.title) + copied, st["cell"]), str(count), size_words(comp)])
    return table(rows, st, f"{spec.path}: components")


class Unfit(UserError):
    """A table its frame cannot hold: a column left too narrow for text, or a row taller than a card."""


def table(rows, st, where, widths=None, whole_words=False, on="page"):
    """A plain ruled table with a bold header row, its columns sized to their text within the frame; on a page, a table
    of text whose longest words are too wide for the frame together is set smaller (to LEAST_CELL) until they fit, and
    is Unfit if they never do.

    where: the rules file and key it comes from, for the error when it cannot fit; whole_words: a column narrower than a
    word of its cells is Unfit too (else the word breaks inside its cell); on: what the frame is, "page" or "card" (a
    row taller than a page runs on over the next, under the header row again; one taller than a card is Unfit).
    """
    frame_w, frame_h = st["frame"]
    style = st["cell"]
    cells = _cells(rows, style)
    text = on == "page" and widths is None and not any(isinstance(c, Flowable) for row in rows for c in row)
    while text and sum(_least(cells)) > frame_w and style.fontSize > LEAST_CELL:   # words whole in smaller type
        style = _kept((style, "smaller"), lambda: ParagraphStyle(style.name, style, fontSize=style.fontSize - 0.5,
                                                                  leading=style.leading * (style.fontSize - 0.5) / style.fontSize))
        cells = _cells(rows, style)
    widths = widths or column_widths(cells, frame_w)
    if min(widths) - 2 * CELL_PAD < NARROWEST:   # a sliver: each word broken a letter a line, the row metres tall
        left = (min(widths) - 2 * CELL_PAD) / mm
        raise Unfit(f"{where}: a table of {len(widths)} columns leaves "
                    + (f"{left:.1f} mm of text" if left > 0 else "no room for text") + " in its narrowest on "
                    f"this {on}, whose text is {frame_w / mm:.0f} mm wide: give it fewer columns")
    if text and sum(_least(cells)) > frame_w:   # at LEAST_CELL still, words would break inside their cells
        word = max((w for row in rows for c in row for w in str(c).split()),
                   key=lambda w: pdfmetrics.stringWidth(w, "Vera-Bold", style.fontSize))
        raise Unfit(f"{where}: the words of this table's {len(rows[0])} columns are too wide for this page's "
                    f"{frame_w / mm:.0f} mm even at {LEAST_CELL:g} pt ({word!r} is the widest), so they would break inside "
                    "their cells: give it fewer columns or shorter words")
    if whole_words and any(_word_width(cell) > w - 2 * CELL_PAD for row in cells for cell, w in zip(row, widths)):
        raise Unfit(f"{where}: a word of this table is wider than its column")
    heights = [max(cell.wrap(w - 2 * CELL_PAD, frame_h)[1] + 2 * CELL_PAD for cell, w in zip(row, widths)) for row in cells]
    tall = [n for n, height in enumerate(heights) if height > frame_h]
    if tall and on == "card":
        n = tall[0]
        raise Unfit(f"{where[n] if isinstance(where, Place) else f'{where}[{n}]'}: this table row is {heights[n] / mm:.0f} mm "
                    f"tall and the card holds {frame_h / mm:.0f} mm: shorten it or split it into rows")
    # a row taller than a page runs on over the next (the table then breaks inside whichever row meets a page's foot)
    result = Ruled(cells, colWidths=widths, hAlign="LEFT", repeatRows=1, splitByRow=not tall, splitInRow=bool(tall))
    result.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "Vera"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor(RULE_INK)), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
    ]))
    return result


def _cells(rows, style) -> list:
    """A table's rows as cells: a text a paragraph of style (the first row's bold), a flowable as it is."""
    return [[c if isinstance(c, Flowable) else Para(inline(f"**{c}**" if i == 0 and c else str(c)), style)
             for c in row] for i, row in enumerate(rows)]


def _least(cells) -> list:
    """The narrowest each column may be with its longest word whole (and no narrower than NARROWEST), padding included."""
    return [max(max(_word_width(cell) for cell in column) + 1, NARROWEST) + 2 * CELL_PAD for column in zip(*cells)]


def column_widths(cells, frame_w):
    """Widths for the columns that span the frame: in proportion to each column's longest line of text, none below a
    third of its even share when the text is too long for one line (long words then break inside the cell). Of two
    columns, the split whose rows take the fewest lines wins: this one, or one giving a column a cell's whole line."""
    natural = [max(_line_width(cell) for cell in column) + 2 * CELL_PAD for column in zip(*cells)]
    floor = frame_w / len(natural) / 3
    if sum(natural) <= frame_w:  # room to spare: the table spans the frame, each column widened in proportion
        return [n * frame_w / sum(natural) for n in natural]
    spare = frame_w - floor * len(natural)
    extra = [max(0.0, n - floor) for n in natural]
    widths = [floor + spare * e / sum(extra) for e in extra]
    if len(widths) == 2:
        lines = sorted({_line_width(cell) + 2 * CELL_PAD for cell in chain.from_iterable(cells)})
        splits = [widths] + [split for w in lines if floor <= w <= frame_w - floor
                             for split in ([w, frame_w - w], [frame_w - w, w])]
        widths = min(splits, key=lambda split: _lines(cells, split))   # the first of the fewest: ties keep widths
    return _whole_words(cells, widths, natural, frame_w)


def _whole_words(cells, widths, natural, frame_w):
    """widths, or, where one leaves a column narrower than its longest word (broken 'Compone / nt') and every column's
    longest word fits the frame, each column its longest word and the rest of the frame shared as the lines need it."""
    least = _least(cells)
    if all(w >= n for w, n in zip(widths, least)) or sum(least) > frame_w:
        return widths
    more = [max(0.0, n - m) for n, m in zip(natural, least)]
    spare = frame_w - sum(least)
    return [m + (spare * e / sum(more) if sum(more) else spare / len(least)) for m, e in zip(least, more)]


def _lines(cells, widths):
    """About how many lines a table's rows take in columns of these widths: each cell's one line over its width."""
    return sum(max(-(-_line_width(cell) // (w - 2 * CELL_PAD)) for cell, w in zip(row, widths)) for row in cells)


def _line_width(cell):
    """The width of a cell's text set on one line (in bold, the wider face), or the width a flowable asks for."""
    if isinstance(cell, Paragraph):
        return pdfmetrics.stringWidth(cell.getPlainText(), "Vera-Bold", cell.style.fontSize) + 1
    return cell.wrap(0, 0)[0]


def _word_width(cell):
    """The width of a cell's longest word (in bold, the wider face); 0 for a flowable."""
    if not isinstance(cell, Paragraph):
        return 0
    return max((pdfmetrics.stringWidth(word, "Vera-Bold", cell.style.fontSize) for word in cell.getPlainText().split()),
               default=0)


def _lead(out, introduced=False):
    """Take the paragraphs that must stay with the next block (a heading, a lead ending in a colon) off the list;
    introduced: the paragraph just above too, with its heading if it opens a section (a paragraph left at a page's
    foot above the table it introduces reads as the end of what it says)."""
    taken = []
    while out and isinstance(out[-1], Paragraph) and out[-1].style.name in ("lead", "h2"):
        taken.insert(0, out.pop())
    if introduced and not taken and out and isinstance(out[-1], Paragraph) and out[-1].style.name == "body":
        taken = [out.pop()]
        if out and isinstance(out[-1], Paragraph) and out[-1].style.name == "h2":
            taken.insert(0, out.pop())
    return taken


def listing(texts, kind, st, start=1):
    """A bulleted or numbered list (kind: bullets or steps), numbered from start; the text indented past its widest
    number and a gap (step 10 ran into its text)."""
    entries = [ListItem(para(t, st["body"])) for t in texts]
    size = st["body"].fontSize
    widest = pdfmetrics.stringWidth(str(start + len(texts) - 1), "Vera", size) if kind == "steps" else 0
    return ListFlowable(entries, bulletType="bullet" if kind == "bullets" else "1",
                        start="•" if kind == "bullets" else start, bulletFontName="Vera",
                        bulletFontSize=size, leftIndent=max(size * 1.4, widest + size * 0.6))


class Place:
    """Where in a rules file a table's fault is, as its message names it: 'rules.yaml:12: sections[1].blocks[0].table',
    its line looked up only when a message is made (the rules text as read is kept: no parse)."""

    def __init__(self, path, key_path: tuple):
        self.path, self.key_path = path, key_path

    def __getitem__(self, n: int) -> "Place":
        """The place of a table's row n."""
        return Place(self.path, self.key_path + (n,))

    def __str__(self) -> str:
        from ..located import nearest  # lazy: start-up
        line = nearest(yamlsource.load(self.path)[1], self.key_path)[1]
        return f"{self.path}{f':{line}' if line else ''}: {yamlsource.dotted(self.key_path)}"


def blocks(items, st, diagrams, path, key_path, out):
    """Flowables for a section's blocks, after those already in out (its heading)."""
    for i, block in enumerate(items):
        if "p" in block:  # a paragraph that ends with a colon leads into what follows: keep them on one page
            out.append(para(block["p"], st["lead" if block["p"].rstrip().endswith(":") else "body"]))
        if "bullets" in block or "steps" in block:
            kind = "bullets" if "bullets" in block else "steps"
            texts = block[kind]
            lead = _lead(out)
            if lead:  # the lead-in stays with the first entry (reportlab's keepWithNext skips lists); the rest may run on
                out.append(KeepTogether(lead + [listing(texts[:1], kind, st)]))
                texts = texts[1:]
            if texts:
                out.append(listing(texts, kind, st, len(block[kind]) - len(texts) + 1))
        if "table" in block:
            where = Place(path, key_path + (i, "table"))
            made, (width, height) = table(block["table"], st, where), st["frame"]
            if made.wrap(width, height)[1] <= height:   # kept whole on a page, its lead-in with it
                out.append(KeepTogether(_lead(out, introduced=True) + [made, Spacer(1, 6)]))
            else:   # longer than a page: it starts where it stands, unless less than a third of a page is left
                out += [CondPageBreak(height / 3), *_lead(out), made, Spacer(1, 6)]
        if "diagram" in block:
            name = block["diagram"]   # one the game makes (rules.load_rules)
            slot = DiagramSlot(name, diagrams[name], st["size"])
            flow = [slot] + ([para(block["caption"], st["caption"])] if block.get("caption") else [])
            out.append(Figure(_lead(out) + flow, slot))
    return out


def story(spec, rules, diagrams, st):
    """Every flowable of the rulebook, in order."""
    game = spec.game
    flow = [Para(inline(game.title), st["title"])]
    credit = f"A game by **{game.designer}**" + (f" ({game.publisher})" if game.publisher else "")
    flow.append(Para(inline(credit), st["credit"]))
    facts = game.facts(time_before="about ")
    if facts:
        flow.append(Para(inline(facts), st["credit"]))
    flow += [Spacer(1, 6), para(rules["overview"], st["body"])]
    listed = [components_table(spec, st)]
    if game.needs:
        listed += [Spacer(1, 6), para(colour_words(spec, f"**You also need:** {', '.join(game.needs)}."), st["body"])]
    named = [n for n, section in enumerate(rules["sections"]) if plain(section["heading"]) == "components"]
    if not named:   # a rules text with a section of that name has the table head it, not a heading of its own
        flow += [Para("Components", st["h2"]), *listed]
    path = rules_path(spec)
    for n, section in enumerate(rules["sections"]):
        table = listed + ([] if game.needs else [Spacer(1, 6)])   # a gap before the section's own text
        heading = [Para(inline(section["heading"]), st["h2"])] + (table if n in named[:1] else [])
        flow += blocks(section["blocks"], st, diagrams, path, ("sections", n, "blocks"), heading)
    closing = [para(colour_words(spec, f"**About this edition.** {game.notes}"), st["note"])] if game.notes else []
    credits = rules.get("credits", f"Game design by {game.designer}.")  # a designer's own rules: nothing rewritten
    flow.append(KeepTogether(closing + [para(credits, st["caption"])]))   # the note and the credits on one page
    flow.append(CardSheet(lambda w, h, canv: reference(spec, rules["reference"], st, w, h, canv), st["page"], st["frame"]))
    return flow


def card_styles(st, width, height, k):
    """The quick-reference card's styles: the rulebook's at k times their size, with tables sized to the card."""
    def sized(style):
        return ParagraphStyle(style.name, style, fontSize=style.fontSize * k, leading=style.leading * k,
                              spaceBefore=style.spaceBefore * k * 0.7, spaceAfter=style.spaceAfter * k * 0.7)
    card = {name: _kept((st[name], k), lambda: sized(st[name])) for name in ("body", "h2", "cell")}
    card["card"] = _kept((card["h2"], "card"), lambda: ParagraphStyle("card", card["h2"], spaceBefore=0))
    return {**st, **card, "frame": (width, height)}


SCALES = (1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0, 0.9, 0.8, 0.7)  # of the quick reference's type, the largest that fits
LEAST_CARD_TYPE = 6.0   # pt: the smallest text (its body, its tables' cells) a quick-reference card may shrink to
_FITS: dict = {}  # (the quick reference, game title[, card size]) -> the scale it fitted at (last, at any size)


def card(spec, ref, st, width, height, k, where=None):
    """The quick reference's flowables for a card of width x height points, its type at k times the rulebook's.

    where: the scoring table's place for its error (the rules file's key), when the caller has it already."""
    sized = card_styles(st, width - 12, height, k)  # 12: the table's own padding
    heading = f"{spec.game.title}: quick reference"
    top = _one_line(heading, sized["card"], sized["body"].fontSize, width)
    if top is not sized["card"]:   # the card's headings no larger than its title
        sized["h2"] = _one_line(heading, sized["h2"], sized["body"].fontSize, width)
        if pdfmetrics.stringWidth(heading, top.fontName, top.fontSize) > width and k != SCALES[-1]:
            raise Unfit("the quick reference's title breaks over two lines at this size")   # reference() tries smaller
    flow = [Para(inline(heading), top),
            Para(inline(ref.get("turn_heading", "Your turn")), sized["h2"]), listing(ref["turn"], "steps", sized)]
    if ref.get("scoring"):
        where = where or Place(rules_path(spec), ("reference", "scoring"))
        flow += [Para("Scoring", sized["h2"]), table(ref["scoring"], sized, where, whole_words=k != SCALES[-1], on="card"),
                 Spacer(1, 4 * k)]
    return flow + [para(note, sized["body"]) for note in ref.get("notes", [])]


def _one_line(text: str, style: ParagraphStyle, least: float, width: float) -> ParagraphStyle:
    """style, set smaller where text would break over two lines of width: as large as one line holds, least at least
    (below it, the text breaks)."""
    fits = width / pdfmetrics.stringWidth(text, style.fontName, 1) - 0.01   # the size that sets it on one line
    if fits >= style.fontSize:
        return style
    size = max(fits, least)
    return _kept((style, size), lambda: ParagraphStyle(style.name, style, fontSize=size,
                                                       leading=style.leading * size / style.fontSize))


def reference(spec, ref, st, width, height, canv):
    """The quick reference on a card of width x height points (inside its padding), at the largest of SCALES that fits:
    smaller type never takes more room, so the scales that fit are the last ones and halving the list finds the first.
    A card of another size (the other paper's) starts from the scale the last one fitted at, and its neighbours."""
    key, flows, where = (repr(ref), spec.game.title, width, height), {}, Place(rules_path(spec), ("reference", "scoring"))
    measured: dict = {}

    def fits(n):
        try:
            flows[n] = card(spec, ref, st, width, height, SCALES[n], where)
        except Unfit:   # the scoring table, too wide or tall or breaking a word at this size, or the title broken over
            # two lines, may fit at a smaller one
            if n == len(SCALES) - 1:
                raise
            return False
        wide, tall = measured[n] = _listWrapOn(flows[n], width, canv)  # as KeepInFrame measures it before it shrinks
        return wide <= width + _FUZZ and tall <= height + _FUZZ

    low, high = (SCALES.index(_FITS[key]),) * 2 if key in _FITS else (0, len(SCALES) - 1)
    seed = SCALES.index(_FITS[key[:2]]) if key not in _FITS and key[:2] in _FITS else None
    if seed is not None:  # the answer is the first scale that fits: seed or one of its neighbours, most often
        if fits(seed):
            low, high = (seed, seed) if seed == 0 or not fits(seed - 1) else (0, seed - 1)
        elif seed + 1 < len(SCALES) and fits(seed + 1):
            low = high = seed + 1
        else:
            low = min(seed + 2, high)
    while low < high:  # the answer lies in SCALES[low:high + 1]; the last scale is taken when none fits
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    if len(_FITS) > 256:
        _FITS.clear()
    _FITS[key] = _FITS[key[:2]] = SCALES[high]
    if high == len(SCALES) - 1 and high not in measured:   # the smallest scale, taken when none fits: is it far off?
        fits(high)
    flow = flows[high] if high in flows else card(spec, ref, st, width, height, SCALES[high], where)
    if high in measured:   # at the smallest scale, the card shrinks what still overflows: a little at most
        wide, tall = measured[high]
        least = min(1.0, width / wide, height / tall) * SCALES[high] * min(st["body"].fontSize, st["cell"].fontSize)
        if least < LEAST_CARD_TYPE:
            raise UserError(f"{Place(rules_path(spec), ('reference',))}: the quick reference is too long for its "
                            f"card: its text would print at {least:.1f} pt (at least {LEAST_CARD_TYPE:g} pt reads): "
                            "shorten reference.turn, its scoring or its notes")
    return KeepInFrame(width, height, flow, mode="shrink")  # at the smallest scale, the card shrinks what still overflows


class Layout(NamedTuple):
    """One typesetting of a rulebook: reportlab's PDF (bytes; taken apart, overlay.taken_apart, once it is the layout
    chosen), the share of each page left empty at its foot, and the flowables as laid out (each paragraph keeps its line
    breaks)."""

    data: bytes | dict
    rooms: list
    flow: list


def typeset(spec, paper, rules, diagrams, size):
    """Lay the rulebook out with every diagram at size times its own size."""
    st = styles(spec.palette.get("accent", "#000000"))
    buffer = io.BytesIO()
    width, height = paper_size(paper)
    side = max(18.0, (width - MEASURE) / 2)
    st["frame"] = ((width - 2 * side) * mm - 2 * FRAME_PAD, height * mm - TOP - BOTTOM - 2 * FRAME_PAD)  # less margins, padding
    st["page"], st["size"] = (width * mm, height * mm), size

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.drawCentredString(width * mm / 2, 10 * mm, f"{spec.edition_title} · rules · page {doc.page}")
        canvas.restoreState()

    doc = Book(buffer, pagesize=(width * mm, height * mm), leftMargin=side * mm, rightMargin=side * mm,
               topMargin=TOP, bottomMargin=BOTTOM, title=f"{spec.game.title}: rules", author=spec.game.designer)
    flow = story(spec, rules, diagrams, st)
    try:
        doc.build(list(flow), onFirstPage=footer, onLaterPages=footer)
    except LayoutError as exc:  # anything the checks above did not foresee: one line, never a traceback
        raise UserError(f"{rules_path(spec)}: the rulebook cannot be laid out on {paper}: {_too_large(str(exc))} is "
                        f"larger than a page's text ({st['frame'][0] / mm:.0f} x {st['frame'][1] / mm:.0f} mm) even on a "
                        "page of its own: give a larger paper") from None
    return Layout(buffer.getvalue(), doc.rooms, flow)


def _too_large(error: str) -> str:
    """What reportlab's LayoutError says would not fit, in words, without its object's address (which differs on every
    run): 'a paragraph ('Your loop may ...')', 'a table', else 'a part of it'."""
    found = re.search(r"<(\w+)\b[^>]*>\s*(.*?)\(\d[\d.]* x \d[\d.]*\) too large", error, re.DOTALL)
    if not found:
        return "a part of it"
    what = {"Para": "a paragraph", "Paragraph": "a paragraph", "Table": "a table", "Ruled": "a table"}.get(
        found[1], "a part of it")
    words = " ".join(re.sub(r"<[^>]*>", "", found[2]).split()[:6])
    return f"{what} ('{words} ...')" if words and what == "a paragraph" else what


def lay_out(spec, paper, layouts=None, diagrams=None):
    """The rulebook's layout: when the last page of rules is more than a third empty, the diagrams are tried smaller
    (to 80 %), and the layout with the fewest pages wins; return (Layout, diagrams).

    layouts: where laid-out text is kept between builds (build.Layouts): the text is laid out again only when what it
    read or a diagram's size or parts' places changed; a kept layout has only its data. diagrams: diagram.drawn(spec), if drawn
    already.
    """
    text = layouts.reader() if layouts else spec
    rules = read_rules(text)
    diagrams = drawn(spec) if diagrams is None else diagrams
    sizes = extents(diagrams)
    kept = layouts.get(sizes) if layouts else None
    if kept:
        return Layout(kept, [], []), diagrams
    _register_fonts()
    best = None
    for size in (1.0, 0.9, 0.8) if diagrams else (1.0,):
        layout = typeset(text, paper, rules, diagrams, size)
        if best is None or len(layout.rooms) < len(best.rooms):
            best = layout
        if len(layout.rooms) < 2 or layout.rooms[-2] <= 1 / 3:  # one page (a poster-sized sheet) holds it all
            break
    best = best._replace(data=taken_apart(best.data))
    if layouts:
        layouts.put(sizes, best.data)
    return best, diagrams


def rules_pdf(spec, paper, layouts=None, diagrams=None, written=None, file=None):
    """Build the rulebook PDF of one spec on one paper; return (bytes, page count). layouts, diagrams: see lay_out;
    written, file: see overlay.with_diagrams."""
    (book, _, _), diagrams = lay_out(spec, paper, layouts, diagrams)
    return with_diagrams(book, diagrams, spec.game._replace(title=spec.edition_title), paper, written, file)
