"""Common back of a component: a fill to the bleed edge and a logo in the middle; no frame to show a duplex print's drift."""
from ..draw import svg, svgvalues


def render(spec, component, width, height):
    """Draw the back of one component at its trim size."""
    back = component.back
    dwg = svg.drawing(width, height, component.bleed)
    svg.ground(dwg, spec.colour(back.fill))
    logo(dwg, spec, back, width, height, min(width, height))
    return dwg


def logo(dwg, spec, back, width, height, room):
    """Add the back's symbol above its label, their ink centred on the piece; room: the mm the logo is sized from."""
    ink = spec.colour(back.ink)
    group = dwg.g()
    if back.symbol:
        group.add(svg.symbol(dwg, back.symbol, 0, 0, room * 0.4, ink, ink, search=spec.templates))
    if back.label:
        group.add(svg.text(dwg, back.label, 0, room * 0.36, room * 0.09, ink, bold=True))
    from ..check.ink import ink_box  # lazy: start-up (a build whose faces are kept draws no back)
    box = ink_box(group)
    if box:
        group.attrs["transform"] = svgvalues.translate(svg.r(width / 2 - (box[0] + box[2]) / 2),
                                                       svg.r(height / 2 - (box[1] + box[3]) / 2))
        dwg.add(svg.part(group, "logo"))
