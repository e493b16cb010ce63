"""Draw one artwork (a face or a back) as SVG with its kind's renderer."""
from . import svg
from .components import KINDS
from .components import back as back_art


def draw_art(spec, art):
    """The drawing of one artwork, as its kind's renderer (or the common back) makes it."""
    comp = spec.component(art.component)
    kind = KINDS[comp.kind]
    if art.side == "back":
        return (kind.back or back_art.render)(spec, comp, *kind.size(comp.options))
    return kind.render(spec, comp, art.props)


def render_art(spec, art):
    """SVG text of one artwork (a Picture that still carries its drawing)."""
    return svg.to_string(draw_art(spec, art))


def art_size(spec, art):
    """Bleed-box size (mm) of an artwork."""
    comp = spec.component(art.component)
    w, h = KINDS[comp.kind].size(comp.options)
    return w + 2 * comp.bleed, h + 2 * comp.bleed
