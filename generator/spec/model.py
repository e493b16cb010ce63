"""The checked spec as named tuples (immutable records): what every later stage reads."""
from types import MappingProxyType
from ..records import NamedTuple

from ..located import nearest, spec_error
from .schema import BASE_COLOURS
from ..draw.svgvalues import hex_of

ROW = "#row"       # the key of a face's data row's number, a face property (no {column} can quote it)
DATA = "#data"     # and of its data file's name


class Game(NamedTuple):
    """Who made the game and how it is played, for sheets, manifests and rulebooks."""

    id: str
    title: str
    designer: str
    publisher: str = ""
    players: str = ""
    age: str = ""
    time: str = ""
    notes: str = ""
    ruleset: str = ""
    needs: tuple = ()           # what players supply besides the printed set, e.g. a bag
    reconstructed: tuple = ()   # which of players, age and time are this edition's, not the designer's

    def facts(self, time_before=""):
        """Players, age and time as printed, each this edition reconstructed starred and the star explained."""
        shown = {"players": f"{self.players} player{'s' * (self.players != '1')}", "age": f"age {self.age}",
                 "time": f"{time_before}{self.time}"}
        parts = [shown[f] + "*" * (f in self.reconstructed) for f in shown if getattr(self, f)]
        note = " (* our reconstruction)" if self.reconstructed else ""
        return " · ".join(parts) + note if parts else ""


class Back(NamedTuple):
    """The common back of a component: a fill, an ink colour, an optional label and symbol."""

    fill: str
    ink: str
    label: str = ""
    symbol: str = ""
    layout: object = None   # a layout kind's back layout as the spec names it (drawn from the component's options)


class FaceSource(NamedTuple):
    """Where a component's faces come from: a list, a product of properties, or a game generator."""

    items: tuple = ()
    product: tuple = ()
    generator: str = ""
    seed: int = 0
    count: int = 0  # type: ignore[assignment]  # a field, not tuple.count
    copies: int = 1


class Component(NamedTuple):
    """One component type of a game: its kind, count, faces, back, kind options (complete: defaults filled in) and sizes.

    trim and safe are worked out once when the spec is loaded: every later stage reads them, none asks the kind again.
    """

    id: str
    kind: str
    title: str
    expect: int
    bleed: float
    faces: FaceSource
    back: Back | None = None
    options: MappingProxyType = MappingProxyType({})
    printing: str = "all"       # "once": one of each face on copy sheets, printed as often as players need
    trim: tuple = (0.0, 0.0)    # (width, height) mm of the trim box: where the piece is cut
    safe: tuple = (0.0, 0.0, 0.0, 0.0)  # (left, top, right, bottom) mm on the trim box: text a player needs keeps inside
    share_bleed: bool = True    # False: pieces of one ground keep their own bleed, two bleeds apart (art to the edge)

    @property
    def bleed_box(self) -> tuple:
        """(width, height) mm of the piece's artwork: the trim box and its bleed on every side."""
        return self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed


class Distinguish(NamedTuple):
    """Palette colours that players must tell apart, and the other cues (shape, line style...) that also tell them apart."""

    name: str
    colours: tuple
    cues: tuple = ()


class Derived:
    """What later stages work out from one Spec (its pieces and artworks, its check), kept with that Spec.

    A copy made with _replace shares this object but not its values: each value belongs to the very Spec it was made
    for (held with it, so its id is not reused). It is no part of the spec's value: every Derived is equal to every
    other and prints alike (cache keys use repr).
    """

    __slots__ = ("by_spec",)

    def __init__(self):
        self.by_spec = {}  # id(spec) -> (spec, {name: value})

    def get(self, spec, name: str, make):
        """The value called name for this very spec, made by make() the first time it is asked for."""
        held = self.by_spec.get(id(spec))
        if held is None:
            held = self.by_spec[id(spec)] = (spec, {})
        values = held[1]
        if name not in values:
            values[name] = make()
        return values[name]

    def __eq__(self, other):
        return isinstance(other, Derived)

    def __hash__(self):
        return 0

    def __repr__(self):
        return "Derived()"


class Spec(NamedTuple):
    """A whole game spec: where it came from, the game, its palette and components."""

    path: str
    game: Game
    palette: MappingProxyType
    components: tuple
    lines: MappingProxyType = MappingProxyType({})
    templates: tuple = ()
    distinguish: tuple = ()
    colour_threshold: float = 20.0
    grey_threshold: float = 25.0
    colour_names: MappingProxyType = MappingProxyType({})
    left_out: tuple = ()   # ids of components with include: false (checked, not built)
    unfilled: tuple = ()   # (key path, figure) of each {figure} in a text naming a component the spec lacks
    derived: Derived | None = None  # spec.build gives each loaded spec its own; a Spec without one keeps nothing
    fonts: MappingProxyType = MappingProxyType({})  # the spec's fonts: {name: typeface.Family}
    inline: MappingProxyType = MappingProxyType({})  # what a text's :name: draws: {name: textbox.Inline}
    promo: MappingProxyType = MappingProxyType({})  # how the showcase and hand images show it (output/promo.py)
    theme: str = ""   # the name of the theme laid over it, which names its edition's folder and files

    @property
    def edition(self) -> str:
        """The name this spec's files start with: its game id, then its theme's name if it has one (posies-okabe-ito)."""
        return f"{self.game.id}-{self.theme}" if self.theme else self.game.id

    @property
    def edition_title(self) -> str:
        """The title sheets and rulebook pages are footed with: the game's, then its theme's name if it has one."""
        return f"{self.game.title} · {self.theme} theme" if self.theme else self.game.title

    @property
    def folder(self) -> str:
        """The folder inside --out this spec's files go to: its game's, or a themed edition's inside it
        (posies/theme-okabe-ito), which no other game's folder can be."""
        return f"{self.game.id}/theme-{self.theme}" if self.theme else self.game.id

    def colour_name(self, name: str) -> str:
        """The word printed for a palette colour: its colour_names entry, else its palette name."""
        return self.colour_names.get(name, name)

    def colour(self, name):
        """Resolve a palette name, base colour, #rrggbb, #rgb or a name templates take (red ...) to #rrggbb."""
        return self.palette.get(name) or BASE_COLOURS.get(name) or hex_of(name) or name

    def component(self, component_id):
        """Return the component with this id, or a SpecError when the spec has none (a check needs it)."""
        found = next((c for c in self.components if c.id == component_id), None)
        if found is None:
            ids = ", ".join(c.id for c in self.components)
            raise spec_error(self, ("components",), f"no component {component_id!r} (components: {ids})")
        return found

    def remembered(self, name: str, make):
        """The value called name worked out from this spec, made by make() once (every time when it has no Derived)."""
        return make() if self.derived is None else self.derived.get(self, name, make)

    def line(self, key_path):
        """The spec line of a key path (or its nearest parent), or None."""
        return nearest(self.lines, key_path)[1]
