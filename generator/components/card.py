"""Reference card: a heading over an accent rule, wrapped lines of text and perhaps a diagram, shrunk to fit the safe area."""
from collections.abc import Callable

from ..draw import diagram as diagrams
from .. import games
from ..spec import schema as s
from ..draw import svg, textfit
from ..located import spec_error
from ..check.wording import colour_words
from .kind import Kind, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "heading": s.text,
    "lines": s.list_of(s.text, 1, 60),
    "diagram": s.text,
    "diagram_after": s.integer(1, 60),
    "diagram_height": s.length(low=5, high=400),
    "ground": s.colour,
    "ink": s.colour,
    "accent": s.colour,
    "font_size": s.length(low=s.MIN_TEXT, high=20, zero=True),
    "safe": s.length(high=30, zero=True),
}
DEFAULTS = {"ground": "white", "ink": "black", "accent": "black", "font_size": 3.6, "safe": 5.0}
LEADING = 1.3
DESCENT = 0.24  # how far below its baseline Vera's ink reaches, in font sizes
ASCENT = 0.76   # how far above its baseline Vera's tallest letters reach, in font sizes
GAP = 1.5       # mm between the diagram and the text above and below it
RULE = 1.95     # the accent rule under the heading, this many font sizes below the safe area's top (no frame near the cut)


size = width_and_height


def diagram_size(o: dict, drawn: diagrams.Diagram) -> tuple:
    """The (width, height) in mm of a diagram drawn on the card: the text's width, at most diagram_height tall."""
    room_w = o["width"] - 2 * o["safe"]
    room_h = o.get("diagram_height", (o["height"] - 2 * o["safe"]) / 4)
    scale = min(room_w / drawn.width, room_h / drawn.height)
    return drawn.width * scale, drawn.height * scale


def layout(o: dict, figure: tuple = (0.0, 0.0)) -> tuple:
    """Return (font size, [(baseline y, line, first line of its item)], diagram box or None): the text shrunk until it
    ends in the safe area, with room for a figure of (width, height) mm below line diagram_after (default the last)."""
    left, right, bottom = o["safe"], o["width"] - o["safe"], o["height"] - o["safe"]
    after = min(o.get("diagram_after", len(o["lines"])), len(o["lines"])) if figure[1] else 0
    font = o["font_size"]
    while True:
        y, placed, box = o["safe"] + o["font_size"] * 2.3, [], None
        for n, line in enumerate(o["lines"], start=1):
            y += font * 0.4
            for i, part in enumerate(textfit.wrap(line, font, right - left - font)):
                y += font * LEADING
                placed.append((y, part, i == 0))
            end = y + font * DESCENT
            if n == after:
                x = (o["width"] - figure[0]) / 2
                box = textfit.Box(x, end + GAP, x + figure[0], end + GAP + figure[1], "diagram")
                y, end = box.bottom + GAP - font * (0.4 + LEADING - ASCENT), box.bottom
        if end <= bottom or font < 1.6:
            return font, placed, box
        font *= 0.95


def maker(spec, component) -> Callable:
    """The function that draws the game diagram a card names; a name its game does not have is an error."""
    name = component.options["diagram"]
    made = games.ruleset(spec).diagrams
    if name not in made:
        why = (f"game {spec.game.ruleset} draws: {', '.join(sorted(made))}" if made else
               "a card's diagram is drawn by its game, and the spec names no game.ruleset")
        raise spec_error(spec, ("components", component.id, "diagram"), f"unknown diagram {name!r} ({why})")
    return made[name]


def link(spec, component) -> dict:
    """Check at load time that a card's diagram is one its game draws."""
    if "diagram" in component.options:
        maker(spec, component)
    return component.options


def render(spec, component, props):
    """Draw the heading, the bulleted lines and the diagram in the room the layout leaves for it."""
    o = dict(component.options)
    o.update(heading=colour_words(spec, o["heading"]), lines=[colour_words(spec, line) for line in o["lines"]])
    b, w, h = component.bleed, o["width"], o["height"]
    ink = spec.colour(o["ink"])
    dwg = svg.drawing(w, h, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    drawn = maker(spec, component)(spec) if "diagram" in o else None
    font, placed, box = layout(o, diagram_size(o, drawn) if drawn else (0.0, 0.0))
    above = textfit.Box(o["safe"], o["safe"], w - o["safe"], box.top if box else h - o["safe"],
                        "safe area above the diagram" if box else "safe area")
    below = textfit.Box(o["safe"], box.bottom, w - o["safe"], h - o["safe"], "safe area below the diagram") if box else above
    dwg.add(svg.text(dwg, o["heading"], w / 2, o["safe"] + o["font_size"] * 1.1, o["font_size"] * 1.3, ink, bold=True,
                     box=above))
    rule = o["safe"] + o["font_size"] * RULE
    dwg.add(svg.part(dwg.line((o["safe"], svg.r(rule)), (w - o["safe"], svg.r(rule)), stroke=spec.colour(o["accent"]),
                              stroke_width=0.5), "heading rule"))
    for y, line, first in placed:
        area = above if box is None or y < box.top else below
        if first:
            dwg.add(svg.part(dwg.circle((svg.r(o["safe"] + font * 0.3), svg.r(y - font * 0.33)), svg.r(font * 0.18), fill=ink),
                             "bullets"))
        dwg.add(svg.text(dwg, line, o["safe"] + font, y, font, ink, anchor="start", box=area))
    if drawn:
        diagrams.place(dwg, drawn, box.left, box.top, (box.right - box.left) / drawn.width)
    return dwg


def paints(spec, component) -> tuple | None:
    """Kind.paints of a card: the colours it reads painted as given, and its diagram's declared own (None: undeclared)."""
    return getattr(maker(spec, component), "paints", None) if "diagram" in component.options else ()


def reads(spec, component, props) -> list:
    """What render reads besides its colours (Kind.reads): the colour words; with a diagram, the game (whose ruleset
    draws it) and what its maker declares it reads (diagram.read_by)."""
    found = ["spec:colour_names"]
    if "diagram" in component.options:
        found += ["spec:game", *diagrams.read_by(maker(spec, component), spec)]
    return found


KIND = Kind(render=render, size=size, fields=FIELDS, default_bleed=3.0, link=link, defaults=DEFAULTS,
            required=("width", "height", "heading", "lines"), paints=paints, reads=reads)
