"""The text box's quick layout (words as stretches of one style, measured once in em; a box's layout kept by its
arguments; ink and advances from per-font tables) gives exactly what the plain way gives: every character an object
of its own, measured and set one by one, as the layout was first written."""
import re
from pathlib import Path

from hypothesis import example, given, settings, strategies as st

from generator.draw import svg, textbox, typeface
from generator.draw.textfit import Box

FONT = Path(__file__).resolve().parents[1] / "data" / "fonts" / "DejaVuSerif-Latin.ttf"  # Basic Latin only
COIN = Path(__file__).resolve().parents[2] / "generator" / "templates" / "circle.svg"
TOKEN = re.compile(r"\\(.)|(\*\*)|(\*)|\{(?:colou?r):([^{}]+)\}|(\{/colou?r\})|:([A-Za-z0-9_-]+):|(\n)|( +|\t)|(.)",
                   re.DOTALL)
WORDS = ["Gain", "2", "spice.", "If", "you", "have", "more", "than", "any", "other", "player,", "Café", "naïve", "✓",
         "Supercalifragilisticexpialidocious", "MMMMMMMMMMMMMMMM", "x", "—", "**", "*", "\\*", "\\:", "\\\\",
         "{colour:#cc0000}", "{color:#00aa00}", "{/colour}", ":coin:", ":gem:", ":30:", "{", ":", "a:coin:b"]
GAPS = [" ", " ", " ", "  ", "\n", "\t", ""]


def plain_parse(text, colour, icons):
    """Lines of words of (character, (bold, italic, colour), icon), one tuple per character or icon."""
    bold = italic = False
    colours, lines, line, word = [colour], [], [], []
    for escaped, strong, slanted, paint, close, icon, newline, space, char in TOKEN.findall(text):
        if strong:
            bold = not bold
        elif slanted:
            italic = not italic
        elif paint:
            colours.append(paint.strip())
        elif close:
            if len(colours) > 1:
                colours.pop()
        elif newline or space:
            if word:
                line.append(word)
                word = []
            if newline:
                lines.append(line)
                line = []
        elif icon and icon in icons:
            word.append(("", (bold, italic, colours[-1]), icon))
        else:
            word += [(ch, (bold, italic, colours[-1]), "") for ch in escaped or (f":{icon}:" if icon else char)]
    if word:
        line.append(word)
    return lines + [line]


def plain_width(atoms, size, family):
    """The width in mm of atoms: their advances one by one."""
    return sum(textbox.ICON_EM if icon else typeface.advance(family.face(*style[:2]).resource, ch)
               for ch, style, icon in atoms) * size


def plain_space(word, size, family):
    """The space after a word: its last atom's face's, the regular face's after an icon."""
    ch, (bold, italic, _), icon = word[-1]
    return typeface.advance((family.regular if icon else family.face(bold, italic)).resource, " ") * size


def plain_line(words, size, family):
    """The width of a line of words: theirs and the spaces after all but the last."""
    return sum(plain_width(word, size, family) for word in words) + sum(plain_space(w, size, family) for w in words[:-1])


def plain_wrap(paragraphs, size, width, family):
    """Lines (atoms of each word, last of its paragraph), a word wider than a line cut between characters, a number
    before an icon taken to the next line with it."""
    lines = []
    for words in paragraphs:
        space = 0.0
        line, used = [], 0.0
        for word in words:
            pieces = [word]
            if plain_width(word, size, family) > width:
                pieces, piece = [], []
                for atom in word:
                    if piece and plain_width(piece + [atom], size, family) > width:
                        pieces.append(piece)
                        piece = []
                    piece.append(atom)
                pieces.append(piece)
            for piece in pieces:
                wide = plain_width(piece, size, family)
                if line and used + space + wide > width:
                    kept = []   # a number before an icon goes down with it, when the two fit a line together
                    if (len(line) > 1 and piece[0][2] and not line[-1][-1][2] and line[-1][-1][0].isdigit()
                            and plain_width(line[-1], size, family) + space + wide <= width):
                        kept = [line.pop()]
                    lines.append((line, False))
                    line, used = kept, sum(plain_width(k, size, family) for k in kept)
                used += (space if line else 0.0) + wide
                line.append(piece)
                space = plain_space(piece, size, family)
        lines.append((line, True))
    return lines


def plain_overhang(lines, family):
    """(above, below) in em: how far the first line's letters reach above the regular face's ascent and the last line's
    below its descent, each character's ink one by one (0 when they do not)."""
    ascent, descent = textbox._extent(family.regular.resource)

    def inks(words):
        return [plain_ink(family.face(*style[:2]), ch, 1.0) for word in words for ch, style, icon in word if not icon]
    top = min((box[1] for box in inks(lines[0][0]) if box), default=0.0)
    bottom = max((box[3] for box in inks(lines[-1][0]) if box), default=0.0)
    return max(0.0, -top - ascent), max(0.0, bottom - descent)


def plain_set(lines, box, family, size, align, valign, leading, icons):
    """(kind, what) of each element: ("run", attributes, text, face) or ("icon", SVG of the group)."""
    ascent, descent = textbox._extent(family.regular.resource)
    above, below = plain_overhang(lines, family)
    block = (ascent + descent + above + below) * size + (len(lines) - 1) * leading * size
    room = box.bottom - box.top - block
    top = box.top + {"top": 0.0, "middle": room / 2, "bottom": room}[valign]
    width, out = box.right - box.left, []

    def flush(atoms, pen):
        if not atoms:
            return pen
        bold, italic, colour = atoms[0][1]
        face, text = family.face(bold, italic), "".join(ch for ch, _, _ in atoms)
        attrs = {"x": svg.r(pen), "y": svg.r(baseline), "font-family": face.family, "font-size": svg.r(size),
                 "fill": colour}
        if bold:
            attrs["font-weight"] = "bold"
        if italic:
            attrs["font-style"] = "italic"
        out.append(("run", list(attrs.items()), text, face))
        return pen + typeface.advance(face.resource, text) * size

    for index, (words, last) in enumerate(lines):
        baseline = top + (ascent + above) * size + index * leading * size
        natural, gap = plain_line(words, size, family) if words else 0.0, None
        if align == "justify" and not last and len(words) > 1:
            gap = (width - sum(plain_width(word, size, family) for word in words)) / (len(words) - 1)
            natural = width
        pen = box.left + {"left": 0.0, "justify": 0.0, "right": width - natural}.get(align, (width - natural) / 2)
        pending = []
        for k, word in enumerate(words):
            if k:
                if gap is None and pending:
                    pending.append((" ", pending[-1][1], ""))
                else:
                    pen = flush(pending, pen) + (plain_space(words[k - 1], size, family) if gap is None else gap)
                    pending = []
            for atom in word:
                if atom[2]:
                    pen, pending = flush(pending, pen), []
                    out.append(("icon", textbox._picture(textbox.Inline(str(icons[atom[2]])), atom[2], pen, baseline, size, atom[1][2],
                                                      family).tostring()))
                    pen += textbox.ICON_EM * size
                elif pending and pending[-1][1] != atom[1]:
                    pen, pending = flush(pending, pen), [atom]
                else:
                    pending.append(atom)
        flush(pending, pen)
    return out


def plain_fit(text, box, family, size, min_size, align, valign, leading, colour, icons, wrap):
    """(elements as plain_set gives them, fits, size, lines, missing, cut) of a text box, laid out the plain way."""
    paragraphs = plain_parse(text, colour, icons)
    width, height = box.right - box.left, box.bottom - box.top
    sizes = [size - textbox.STEP * k for k in range(int((size - (min_size or size)) / textbox.STEP + 1e-9) + 1)]
    ascent, descent = textbox._extent(family.regular.resource)

    def fits_at(index):
        at = sizes[index]
        lines = plain_wrap(paragraphs, at, width if wrap else float("inf"), family)
        wide = wrap or all(plain_line(words, at, family) <= width + 1e-9 for words, _ in lines if words)
        above, below = plain_overhang(lines, family)
        return lines, wide and (ascent + descent + above + below) * at + (len(lines) - 1) * leading * at <= height + 1e-9

    def whole(at):
        """Every word no wider than a line at size at (when wrapping)."""
        return not wrap or all(plain_width(word, at, family) <= width + 1e-9 for words in paragraphs for word in words)

    # each size in turn, largest first (no search): the first whose lines fit with every word whole, else the least
    chosen = next((i for i in range(len(sizes)) if fits_at(i)[1] and whole(sizes[i])), len(sizes) - 1)
    lines, fits = fits_at(chosen)
    widest = max((word for words in paragraphs for word in words), key=lambda word: plain_width(word, 1, family),
                 default=())
    cut = "" if whole(sizes[chosen]) else "".join(ch for ch, _, icon in widest if not icon)
    missing = {}
    for words in paragraphs:
        for word in words:
            for ch, style, icon in word:
                face = family.face(*style[:2])
                if not icon and ord(ch) not in typeface.load(face.resource).cmap:
                    missing.setdefault((ch, face.name), None)
    return (plain_set(lines, box, family, sizes[chosen], align, valign, leading, icons), fits,
            round(sizes[chosen], 3), len(lines), list(missing), cut)


def plain_ink(face, text, size):
    """typeface's ink of a run from (0, 0), each glyph's box made and compared as a tuple."""
    font, scale = typeface.load(face.resource), size / typeface.load(face.resource).units
    grow = typeface.EMBOLDEN * size / 2 if face.embolden else 0.0
    lean = typeface.SLANT if face.slant else 0.0
    pen, box = 0.0, None
    for ch in text:
        glyph = font.cmap.get(ord(ch), 0)
        found = typeface.bounds(face.resource, glyph)
        if found:
            x0, y0, x1, y1 = found
            here = (pen + (x0 + lean * min(y0, 0)) * scale - grow, -y1 * scale - grow,
                    pen + (x1 + lean * max(y1, 0)) * scale + grow, -y0 * scale + grow)
            box = here if box is None else (min(box[0], here[0]), min(box[1], here[1]),
                                            max(box[2], here[2]), max(box[3], here[3]))
        pen += font.metrics[glyph][0] * scale
    return box


def quick(laid):
    """fit's result in plain_fit's terms."""
    elements = [("run", list(e.attrs.items()), e.content, e.face) if isinstance(e, svg.Run) else ("icon", e.tostring())
                for e in laid.elements]
    return elements, laid.fits, laid.size, laid.lines, laid.missing, laid.cut


texts = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(GAPS)), max_size=40).map(
    lambda pairs: "".join(word + gap for word, gap in pairs))


@settings(max_examples=300, deadline=None)
@example("Gain 2 :coin: ", 4.0, 2.0, 6.0, 0.3125, "left", "top", 1.0, True, False, False)   # a cut word, then 2 :coin:
@given(texts, st.floats(4, 90), st.floats(2, 40), st.sampled_from([6.0, 4.2333, 3.0, 2.1167]), st.floats(0.3, 1),
       st.sampled_from(textbox.ALIGN), st.sampled_from(textbox.VALIGN), st.sampled_from([1.0, 1.2, 1.5]),
       st.booleans(), st.booleans(), st.booleans())
def test_the_quick_layout_equals_the_plain_one(text, width, height, size, shrink, align, valign, leading, wrap,
                                               designed, again):
    family = typeface.family(FONT) if designed else typeface.VERA
    box = Box(3.0, 4.5, 3.0 + width, 4.5 + height, "text box")
    icons = {"coin": COIN}
    args = (size, size * shrink, "centre" if align == "center" else align, valign, leading, "#112233", icons, wrap)
    laid = textbox.fit(text, box, font=family, size=size, min_size=args[1], align=args[2], valign=valign,
                       leading=leading, colour="#112233", icons=icons, wrap=wrap)
    if again:  # the second time, from the memo
        laid = textbox.fit(text, box, font=family, size=size, min_size=args[1], align=args[2], valign=valign,
                           leading=leading, colour="#112233", icons=icons, wrap=wrap)
    assert quick(laid) == plain_fit(text, box, family, *args)
    assert all(e.box is box for e in laid.elements if isinstance(e, svg.Run))


def test_a_corpus_of_card_texts_lays_out_as_the_plain_way():
    rows = [(f"**Merchant {i + 1}**", f"Gain {1 + i % 3} spice. If you have more spice than any other player, draw "
             f"a card and trade one {'salt' if i % 2 else 'silk'}.", f"*The winds of port {i % 97} favour the bold.*")
            for i in range(60)]
    boxes = [(Box(4, 2.5, 48, 10.5, "title"), 4.2333, 2.8222), (Box(5, 48, 58, 74, "rules"), 2.8222, 2.1167),
             (Box(5, 77, 58, 84, "flavour"), 2.1167, 1.7639)]
    for row in rows:
        for text, (box, size, least) in zip(row, boxes):
            for align in ("left", "justify", "right"):
                laid = textbox.fit(text, box, size=size, min_size=least, align=align, colour="#555555")
                assert quick(laid) == plain_fit(text, box, typeface.VERA, size, least, align, "top", 1.2, "#555555",
                                                {}, True)


def test_a_kept_layout_gives_each_caller_elements_of_its_own():
    first = textbox.fit("Pay :coin: then **win**", (5, 10, 80, 20), size=5, icons={"coin": COIN})
    second = textbox.fit("Pay :coin: then **win**", (5, 10, 80, 20), size=5, icons={"coin": COIN})
    assert [e.tostring() for e in first.elements] == [e.tostring() for e in second.elements]
    assert not {id(e) for e in first.elements} & {id(e) for e in second.elements}
    first.elements[0].attrs["fill"] = "#ff0000"
    first.missing.append(("x", "font"))
    assert second.elements[0].attrs["fill"] == "#000000" and second.missing == []
    third = textbox.fit("Pay :coin: then **win**", (5, 10, 80, 20), size=5, icons={"coin": COIN})
    assert third.elements[0].attrs["fill"] == "#000000" and third.missing == []


def test_a_text_repeated_on_many_cards_is_parsed_once_and_words_are_stretches_not_characters(monkeypatch):
    calls = []
    real = textbox.parse
    monkeypatch.setattr(textbox, "parse", lambda *args: calls.append(args) or real(*args))
    rule = "Draw **two** cards, then {colour:#c0392b}discard{/colour} one. (repeated on every card)"
    for card in range(50):
        textbox.fit(rule, Box(5, 48, 58, 74, f"rules of card {card}"), size=2.8, min_size=2.1)
    assert len(calls) == 1
    (words,) = real("Draw **two** cards, then {colour:#c0392b}dis**card**{/colour}", "#000000")
    assert [[piece.text for piece in word] for word in words] == [["Draw"], ["two"], ["cards,"], ["then"],
                                                                  ["dis", "card"]]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aiW .,—éü0MQjgy\u4e00✓\t", max_size=60), st.floats(0.5, 12), st.integers(0, 7))
def test_ink_and_advances_from_the_tables_equal_the_glyphs_one_by_one(text, size, which):
    face = (list(typeface.VERA) + list(typeface.family(FONT)))[which]
    assert repr(typeface._ink(face, text, size)) == repr(plain_ink(face, text, size))
    font = typeface.load(face.resource)
    assert typeface.advance(face.resource, text) == sum(font.metrics[font.cmap.get(ord(ch), 0)][0]
                                                        for ch in text) / font.units
    assert typeface.absent(face.resource, text) == list(dict.fromkeys(ch for ch in text
                                                                      if ord(ch) not in font.cmap))


def test_a_backslash_before_no_markup_character_is_typed_with_it():
    """'C:\\Games\\new' printed 'C:Gamesnew' (a backslash dropped before every character), validate passing: only the
    markup's characters and the backslash itself are typed plainly after one; on cards and in the rulebook alike."""
    from generator.output.rulebook import inline
    typed = "".join(piece.text for line in textbox.parse(r"C:\Games\new \*star\* \{x\} \\ \: \q", "#000000")
                    for word in line for piece in word)
    assert typed == r"C:\Games\new*star*{x}\:\q"   # the words' spaces are the layout's
    assert inline(r"C:\Games \*star\* \\ \q") == r"C:\Games *star* \ \q"
