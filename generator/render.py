"""Draw one artwork (a face or a back) with its kind's renderer."""
from . import svg
from .components import KINDS
from .components import back as back_art
from .located import spec_error


def draw_art(spec, art):
    """The drawing of one artwork, as its kind's renderer (or the common back) makes it."""
    comp = spec.component(art.component)
    kind = KINDS[comp.kind]
    try:
        if art.side == "back":
            own = (art.props,) if art.props else ()   # a face's own back (kind.back_face)
            return (kind.back or back_art.render)(spec, comp, *kind.size(comp.options), *own)
        return kind.render(spec, comp, art.props)
    except KeyError as exc:
        key = exc.args[0]
        where = ("components", comp.id) + (("faces",) if key in kind.face_fields else ())
        raise spec_error(spec, where, f"missing required key {key!r} for kind {comp.kind}") from None


def drawn(spec, arts, draw=None):
    """Every artwork drawn once, as (art, drawing), one at a time: what the checks read; draw: what draws one (draw_art)."""
    draw = draw or draw_art
    return ((art, draw(spec, art)) for art in arts.values())


def render_art(spec, art):
    """SVG text of one artwork (a Picture that still carries its drawing)."""
    return svg.to_string(draw_art(spec, art))


def art_size(spec, art):
    """Bleed-box size (mm) of an artwork."""
    return bleed_size(spec.component(art.component))


def bleed_size(comp):
    """Bleed-box size (mm) of a component's artworks."""
    w, h = KINDS[comp.kind].size(comp.options)
    return w + 2 * comp.bleed, h + 2 * comp.bleed
