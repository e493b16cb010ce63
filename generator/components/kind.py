"""What every component kind declares: its fields, their defaults and required keys, face fields, trim size and renderer."""
from types import MappingProxyType
from collections.abc import Callable, Mapping

from . import KINDS
from ..records import NamedTuple
from ..spec import schema as s

BLEED = 3.0   # mm that a ground other than white, and every back, runs past the cut: a cut a little off shows no white
SAFE = 2.0    # mm inside the trim that text a player needs keeps clear of


class Kind(NamedTuple):
    """A component kind: render(spec, component, props) -> svg.Drawing; size(options) -> (w, h) mm.

    The loader checks each option against fields, reports a missing required key (file:line: key) and fills in
    defaults, so render, size and the other hooks read complete options. A default may be options -> value (worked
    out from the options given); required may be options -> the keys (when they depend on another option).
    link(spec, component) -> options, when given, fills in options taken from other components
    (e.g. a board whose cells are the size of a card) once the whole spec is loaded.
    """

    render: Callable
    size: Callable
    fields: dict
    face_fields: dict = MappingProxyType({})
    default_bleed: float = 0.0
    panels: bool | Callable = False   # pieces larger than a sheet print in panels; or options -> whether they do
    link: Callable = None
    layout: str | Callable = "grid"        # how imposition places the pieces: "grid" slots, or "hex" (hexsheet); or options -> either
    back: Callable = None       # render_back(spec, component, w, h[, props of a face's own back]); None: the common back
    panel_overlap: Callable = None   # options -> mm panels overlap by; None: joins.OVERLAP
    lettering: bool = True      # fronts may carry text; False: the text check need not draw them
    print_once: bool = False    # written on (score pads): printed once on copy sheets unless the spec says print: all
    cut: Callable = None        # options -> the cut line: a Circle or a convex polygon's corners; None: the trim box
    making: str = ""            # how to make the piece up once cut (folds, glue): printed on the sheets that hold it
    glue: bool = False          # making it up takes glue (the manifest then lists a glue stick)
    load: Callable = None       # (checker, key path, checked, options, faces) -> (options, faces): reads the files it names
    back_face: Callable = None  # (options, face props) -> the props of that face's own back, or None: the common back
    defaults: Mapping = MappingProxyType({})   # option -> value (or options -> value) when the spec leaves it out
    required: tuple | Callable = ()            # options the spec must give; or options -> those keys
    face_required: tuple = ()                  # face properties every face must give
    recolour: str = ""          # a face field render only paints with, as given (spec.colour of it): faces differing only
                                # in it are drawn once and recoloured (facecache.Recolour checks that this is exact)
    paints: tuple | Callable | None = None  # declared: render paints the colours it reads only as given, else only these
                                 # and its templates' own; a front whose colours changed is then its kept operators with
                                 # the colours swapped, undrawn (facecache.FaceCache._swapped checks the swap is
                                 # unambiguous); or (spec, component) -> those colours or None (a card: its diagram's)
    reads: Callable = None      # (spec, component, props) -> what render reads of the spec besides the colours its options
                                # and face fields name (inputs), in the face cache's names: colour:NAME, template:NAME,
                                # component:ID, components, palette (its names), spec:FIELD, spec (all of it), file:PATH
    back_reads: Callable = None  # the same of its back renderer (back), given a face's own back's props; None: the
                                 # common back's (common_back_reads)
    back_paints: tuple | Callable | None = None  # paints of its back renderer (back), as paints; the common back's are
                                                 # COMMON_BACK_PAINTS


def inputs(spec, comp, side: str, props) -> dict:
    """What drawing one artwork of a component reads of the spec besides its component and props, as its kind declares
    it: {name: None} in the face cache's names (Kind.reads). A front reads every colour its options and face fields
    name (a marks option's colours too) and what its kind's reads adds; a back what its back renderer declares."""
    kind = KINDS[comp.kind]
    if side == "back":
        return dict.fromkeys((kind.back_reads or common_back_reads)(spec, comp, props or None))
    found = {}
    for fields, values in ((kind.fields, comp.options), (kind.face_fields, props)):
        for key, field in fields.items():
            value = values.get(key)
            if field is s.colour and isinstance(value, str):
                found[f"colour:{value}"] = None
            elif field is s.marks and value:
                found.update((f"colour:{name}", None) for name in value)
    if kind.reads is not None:
        found.update(dict.fromkeys(kind.reads(spec, comp, props)))
    return found


def common_back_reads(spec, component, props=None) -> list:
    """What the common back (back.render) reads: its fill and ink, and its symbol's template."""
    back = component.back
    return [f"colour:{back.fill}", f"colour:{back.ink}"] + ([f"template:{back.symbol}"] if back.symbol else [])


COMMON_BACK_PAINTS = ()   # the common back (back.render) paints its fill and ink as given, and its symbol's own colours


def paints(spec, comp, side: str) -> tuple | None:
    """What a face of a component paints besides the colours it reads, as given, and its templates' own, as its kind
    declares it (Kind.paints of a front, Kind.back_paints of its own back, COMMON_BACK_PAINTS); None: undeclared."""
    kind = KINDS[comp.kind]
    found = kind.paints if side == "front" else kind.back_paints if kind.back is not None else COMMON_BACK_PAINTS
    return found(spec, comp) if callable(found) else found


def faces_read(spec, component_id: str) -> dict:
    """What a piece that shows every front of a component reads (a diagram of the cards, a reference card's pills): the
    component and what each of its fronts reads."""
    from ..spec.expand import face_props  # lazy: start-up
    comp = spec.component(component_id)
    found = {f"component:{component_id}": None}
    for props in face_props(spec, comp):
        found.update(inputs(spec, comp, "front", props))
    return found


PUNCHES = {19.05: "3/4 in", 25.4: "1 in", 38.1: "1.5 in"}   # standard circle punches: diameter in mm -> size sold as


class Circle(NamedTuple):
    """A round cut (a punched token): centre and radius in mm on the trim box."""

    x: float
    y: float
    r: float

    @property
    def punch(self):
        """The standard circle punch that cuts this circle ('3/4 in'), or None."""
        return next((name for size, name in PUNCHES.items() if abs(2 * self.r - size) < 0.05), None)


def round_cut(comp):
    """A component's Circle when its kind cuts it round, else None."""
    cut = KINDS[comp.kind].cut
    found = cut(comp.options) if cut else None
    return found if isinstance(found, Circle) else None


def size_words(comp) -> str:
    """A component's trim size as players read it: '19.05 mm round' for a round cut, else '63 x 88 mm'."""
    circle = round_cut(comp)
    if circle:
        return f"{2 * circle.r:g} mm round"
    w, h = comp.trim
    return f"{round(w, 1):g} x {round(h, 1):g} mm"


def placing(comp):
    """How imposition places a component's pieces: "grid" or "hex"."""
    layout = KINDS[comp.kind].layout
    return layout(comp.options) if callable(layout) else layout


def panelled(kind, options) -> bool:
    """True when a kind's pieces with these options print in panels when larger than a sheet."""
    return kind.panels(options) if callable(kind.panels) else kind.panels


def making(comp) -> str:
    """How to make up a component's pieces once cut (folds, glue): its kind's words, or its own making: option."""
    words = KINDS[comp.kind].making
    return words.format(title=comp.title) if words else comp.options.get("making", "")


def width_and_height(options):
    """The size of a kind whose options give `width` and `height`."""
    return options["width"], options["height"]


def sized(comp, trim=None):
    """The component carrying its trim size (worked out from its complete options unless given) and its safe area."""
    w, h = trim or KINDS[comp.kind].size(comp.options)
    return comp._replace(trim=(w, h), safe=(SAFE, SAFE, w - SAFE, h - SAFE))
