"""Word card: a heading, the card's number and a numbered list of words (roll a die to pick one).

`deal(spec, component)` is a faces generator that deals the component's `words` onto cards of
`per_card` words each, in order; a game declares it among its ruleset's generators.
"""
from ..spec import schema as s
from ..draw import svg, textfit
from ..errors import UserError
from .kind import Kind, width_and_height

FIELDS = {
    "width": s.length(high=200),
    "height": s.length(high=200),
    "heading": s.text,
    "words": s.list_of(s.text, 1, 2000),
    "per_card": s.integer(1, 12),
    "ground": s.colour,
    "ink": s.colour,
    "accent": s.colour,
    "font_size": s.length(low=s.MIN_TEXT, high=20, zero=True),
    "safe": s.length(high=30, zero=True),
}
FACE_FIELDS = {"words": s.list_of(s.text, 1, 12), "number": s.integer(1, 9999)}
DEFAULTS = {"heading": "", "per_card": 6, "ground": "white", "ink": "black", "accent": "black", "font_size": 5.0,
            "safe": 5.0}
MIN_FONT = 2.5


size = width_and_height


def deal(spec, component):
    """Faces for a deck: the component's words dealt per_card to a card, in order, cards numbered from 1."""
    o = component.options
    words, per = list(o.get("words", ())), o["per_card"]
    if not words:
        raise UserError(f"{spec.path}: components.{component.id}.words: give the deck's words to deal")
    if len(words) % per:
        raise UserError(f"{spec.path}: components.{component.id}.words: {len(words)} words do not fill cards of "
                        f"{per} (expected a multiple of {per})")
    return [{"words": words[i:i + per], "number": i // per + 1} for i in range(0, len(words), per)]


def fit(words, font, width):
    """The largest font size (at most font) at which every numbered word fits the width."""
    widest = max(textfit.width(f"{len(words)}  {w}", 1.0, bold=True) for w in words)
    return max(MIN_FONT, min(font, width / widest))


def render(spec, component, props):
    """Draw the heading with the card number over a rule, and the numbered words in evenly spaced rows (no frame)."""
    o = component.options
    b, w, h, safe = component.bleed, o["width"], o["height"], o["safe"]
    ink, accent = spec.colour(o["ink"]), spec.colour(o["accent"])
    dwg = svg.drawing(w, h, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    area = textfit.Box(safe, safe, w - safe, h - safe, "safe area")
    band, number = 0.0, f"#{props['number']}" if "number" in props else ""
    if o["heading"]:
        band = o["font_size"] * 1.9
        room = w - safe - (textfit.width(number, o["font_size"] * 0.6) + 1 if number else 0)
        dwg.add(svg.text(dwg, o["heading"], safe, safe + o["font_size"] * 0.9, o["font_size"] * 0.85, accent,
                         anchor="start", bold=True,
                         box=area._replace(right=room, bottom=safe + band - 1.5, name="beside the card number")))
        dwg.add(svg.part(dwg.line((safe, safe + band - 1.5), (w - safe, safe + band - 1.5), stroke=accent, stroke_width=0.4),
                         "heading rule"))
    if number:
        dwg.add(svg.text(dwg, number, w - safe, safe + o["font_size"] * 0.9, o["font_size"] * 0.6, accent,
                         anchor="end", box=area))
    words = list(props.get("words", ()))
    if words:
        font = fit(words, o["font_size"], w - 2 * safe - 2)
        top, pitch = safe + band, (h - 2 * safe - band) / len(words)
        for k, word in enumerate(words):
            y = top + (k + 0.5) * pitch + font * 0.35
            row = area._replace(top=top + k * pitch, bottom=top + (k + 1) * pitch, name=f"word row {k + 1}")
            dwg.add(svg.text(dwg, k + 1, safe + 1, y, font, accent, anchor="start", bold=True, box=row))
            dwg.add(svg.text(dwg, word, safe + 1 + font * 1.4, y, font, ink, anchor="start", bold=True, box=row))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, default_bleed=3.0, defaults=DEFAULTS,
            required=("width", "height"), paints=())   # its colours, as given: a colour changed is swapped in its faces
