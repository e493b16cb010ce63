"""Standee: a fold-over standing pawn in a player colour with a letter on both faces.

Top to bottom: a foot tab, the figure upside down, the figure upright, a foot tab. Fold on the dashed
lines: the two figures meet back to back and the tabs spread out as feet.
"""
from ..spec import schema as s
from ..draw import svg, svgvalues
from ..check.luminance import ink_on
from ..check.textcheck import SAFE
from .kind import Kind

FIELDS = {
    "width": s.length(high=100),
    "height": s.length(high=100),
    "foot": s.length(high=50),
    "ink": s.colour,
    "light_ink": s.colour,
}
FACE_FIELDS = {"colour": s.colour, "letter": s.text}
DEFAULTS = {"foot": 8.0, "ink": "black", "light_ink": "white"}


def size(options):
    """The flat standee: two figures and two foot tabs, one above the other."""
    o = options
    return o["width"], 2 * (o["height"] + o["foot"])


def figure(dwg, cx, top, w, h, colour, letter_ink, letter, rotate):
    """One face of the pawn: a head and a body in the letter ink's outline, the letter on the body."""
    group = dwg.g(transform=svgvalues.rotate(rotate, svg.r(cx), svg.r(top + h / 2), sep=" "))
    head = w * 0.24
    group.add(dwg.circle((svg.r(cx), svg.r(top + h * 0.08 + head)), svg.r(head), fill=colour, stroke=letter_ink,
                         stroke_width=0.4))
    body_top, body_bottom = top + h * 0.08 + head * 2 + 0.6, top + h * 0.95
    foot = w / 2 - SAFE - 0.5   # the body's widest, at its foot, keeps clear of the cut
    group.add(dwg.polygon([(svg.r(cx - w * 0.22), svg.r(body_top)), (svg.r(cx + w * 0.22), svg.r(body_top)),
                           (svg.r(cx + foot), svg.r(body_bottom)), (svg.r(cx - foot), svg.r(body_bottom))],
                          fill=colour, stroke=letter_ink, stroke_width=0.4, stroke_linejoin="round"))
    font = min(w * 0.42, (body_bottom - body_top) * 0.6)
    group.add(svg.text(dwg, letter, cx, (body_top + body_bottom) / 2 + font * 0.36, font, letter_ink, bold=True))
    return group


def render(spec, component, props):
    """Draw the colour to the bleed edge, both figures, and dashed fold lines."""
    o = component.options
    w, h, foot, b = o["width"], o["height"], o["foot"], component.bleed
    total = size(o)[1]
    colour = spec.colour(props["colour"])
    letter_ink = ink_on(colour, spec.colour(o["ink"]), spec.colour(o["light_ink"]))
    dwg = svg.drawing(w, total, b, ident=f"{component.id}-standee")
    svg.ground(dwg, colour)
    dwg.add(svg.part(dwg.rect((SAFE, svg.r(foot + 0.8)), (svg.r(w - 2 * SAFE), svg.r(2 * h - 1.6)), fill="#ffffff",
                              fill_opacity=0.35), "figure panel"))
    dwg.add(svg.part(figure(dwg, w / 2, foot, w, h, colour, letter_ink, props["letter"], 180), "figure (upside down)"))
    dwg.add(svg.part(figure(dwg, w / 2, foot + h, w, h, colour, letter_ink, props["letter"], 0), "figure"))
    for y in (foot, foot + h, foot + 2 * h):
        dwg.add(svg.part(dwg.line((0, svg.r(y)), (svg.r(w), svg.r(y)), stroke=letter_ink, stroke_width=0.25,
                                  stroke_dasharray=(1, 1)), "fold lines", svg.GUIDE))
    return dwg


MAKING = "{title}: fold on the dashed lines, glue the two figures back to back, bend the end tabs out as feet"
KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, default_bleed=3.0, making=MAKING, glue=True,
            defaults=DEFAULTS, required=("width", "height"), face_required=("colour", "letter"))
