"""What every component kind declares: its fields, face fields, trim size and renderer."""
from types import MappingProxyType
from typing import Callable, NamedTuple


class Kind(NamedTuple):
    """A component kind: render(spec, component, props) -> svg.Drawing; size(options) -> (w, h) mm.

    link(spec, component) -> options, when given, fills in options taken from other components
    (e.g. a board whose cells are the size of a card) once the whole spec is loaded.
    """

    render: Callable
    size: Callable
    fields: dict
    face_fields: dict = MappingProxyType({})
    default_bleed: float = 0.0
    panels: bool = False
    link: Callable = None
    layout: str = "grid"        # how imposition places the pieces: "grid" slots, or "hex" (hexsheet)
    back: Callable = None       # render_back(spec, component, w, h) -> SVG text; None: the common back
    panel_overlap: Callable = None   # options -> mm panels overlap by; None: imposition.OVERLAP
    lettering: bool = True      # fronts may carry text; False: the text check need not draw them
    print_once: bool = False    # written on (score pads): printed once on copy sheets unless the spec says print: all


def width_and_height(options):
    """The size of a kind whose options give `width` and `height`."""
    return options["width"], options["height"]
