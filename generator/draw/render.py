"""Draw one artwork (a face or a back) with its kind's renderer."""
from ..components import KINDS


def draw_art(spec, art):
    """The drawing of one artwork, as its kind's renderer (or the common back) makes it."""
    comp = spec.component(art.component)
    kind = KINDS[comp.kind]
    if art.side == "back":
        own = (art.props,) if art.props else ()   # a face's own back (kind.back_face)
        if kind.back:
            return kind.back(spec, comp, *comp.trim, *own)
        from ..components import back as back_art  # lazy: start-up (a rebuild whose faces are kept draws no back)
        return back_art.render(spec, comp, *comp.trim, *own)
    return kind.render(spec, comp, art.props)


def drawn(spec, arts, draw=None):
    """Every artwork drawn once, as (art, drawing), one at a time: what the checks read; draw: what draws one (draw_art)."""
    draw = draw or draw_art
    return ((art, draw(spec, art)) for art in arts.values())


def art_size(spec, art):
    """Bleed-box size (mm) of an artwork."""
    return spec.component(art.component).bleed_box
