"""Common back of a component: a fill to the bleed edge, an inset frame (rect, round or none), a label and a symbol."""
from .. import svg


def render(spec, component, width, height):
    """Draw the back of one component at its trim size."""
    back, b = component.back, component.bleed
    fill, ink = spec.colour(back.fill), spec.colour(back.ink)
    dwg = svg.drawing(width, height, b)
    svg.ground(dwg, fill)
    inset = min(width, height) * 0.08
    if back.frame == "rect":
        dwg.add(dwg.rect((svg.r(inset), svg.r(inset)), (svg.r(width - 2 * inset), svg.r(height - 2 * inset)),
                         rx=svg.r(inset / 2), fill="none", stroke=ink, stroke_width=0.5))
    elif back.frame == "round":
        dwg.add(dwg.ellipse((svg.r(width / 2), svg.r(height / 2)), (svg.r(width / 2 - inset), svg.r(height / 2 - inset)),
                            fill="none", stroke=ink, stroke_width=0.5))
    if back.symbol:
        dwg.add(svg.symbol(dwg, back.symbol, width / 2, height * 0.42, min(width, height) * 0.4, ink, ink, search=spec.templates))
    if back.label:
        size = min(width, height) * 0.09
        dwg.add(svg.text(dwg, back.label, width / 2, height * 0.78, size, ink, bold=True))
    return dwg
