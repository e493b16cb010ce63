"""Field types for spec checking: each parses a YAML value or raises Invalid with a reason."""
import math

from ..draw.svgvalues import NAMED, hex_colour as is_hex_colour, hex_of
from ..errors import UserError
from ..units import parse_length, pixel_hint

BASE_COLOURS = {"white": "#ffffff", "black": "#000000"}
MAX_LENGTH_MM = 2000.0


class Invalid(Exception):
    """A value does not fit its field; the message says what was expected and found, key the key inside it at fault."""

    def __init__(self, message: str, key=None):
        super().__init__(message)
        self.key = key


def meant(key, names) -> str:
    """': did you mean 'colour'?' for an unknown key that is one of names in another case (Sun) or a letter or two off
    one (difflib's nearest at 0.75, as a theme's section names are told: colur, widht, trun; not across for rows)."""
    import difflib  # lazy: start-up (only an unknown key asks)
    names = [str(name) for name in names]
    close = ([name for name in names if name.casefold() == key.casefold()]
             or difflib.get_close_matches(key, names, 1, 0.75)) if isinstance(key, str) else []
    return f": did you mean {close[0]!r}?" if close else ""


def found(value):
    """Describe a YAML value for an error message."""
    kind = {bool: "yes/no", int: "a number", float: "a number", str: "text", list: "a list", dict: "a mapping"}
    if value is None:
        return "nothing"
    plain = isinstance(value, str) and value.isascii() and value.isprintable()
    shown = ascii(value) if isinstance(value, str) and not plain else (  # a look-alike or invisible letter shows as \u....
        repr(value) if isinstance(value, (str, int, float, bool)) else kind.get(type(value), type(value).__name__))
    shown = shown if len(shown) < 60 else shown[:57] + "..."
    if isinstance(value, str) and value.strip() and value != value.strip():
        shown += f" (note the space {'at its start' if value[0].isspace() else 'at its end'})"
    return shown


def quoted(value) -> str:
    """A hint for a number written as text ('12', as YAML reads "12"), else nothing."""
    try:
        number = float(value) if isinstance(value, str) else math.nan
    except ValueError:
        return ""
    if not math.isfinite(number):
        return ""
    if "e" in value.lower() and "." not in value:   # YAML 1.1 reads 1e2 as text, quoted or not: only 1.0e2 is a number
        return f" (YAML reads {value.strip()} as text: write {number:g})"
    if not value.isascii():   # digits of another script (١٢): YAML reads them as text, quoted or not
        return f" (YAML reads digits other than 0-9 as text: write {number:g})"
    return " (text, though it reads as a number: in YAML, write it without quotes)"


MIN_CELL = 5.0   # mm: a board cell holds a piece, so it is at least the smallest piece a player can cut out
MIN_TEXT = 1.5   # mm: the smallest text size (about 4 pt) a player can read
MIN_LINE = 0.05  # mm: the thinnest line a home printer puts on paper
MAX_TEXT = 10_000  # characters in one text value: a paragraph of rules is ~1,000


def text(value):
    """Any text with something to print (not only spaces or invisible characters), at most MAX_TEXT characters."""
    if not isinstance(value, str) or not any(ch.isprintable() and not ch.isspace() for ch in value):
        raise Invalid(f"expected text, found {found(value)}")
    if len(value) > MAX_TEXT:
        raise Invalid(f"expected text of at most {MAX_TEXT:,} characters, found {len(value):,}")
    return value


def title(value):
    """A title: text of at most 100 characters (it heads sheets, manifests and rulebooks)."""
    if isinstance(value, str) and len(value) > 100:
        raise Invalid(f"expected a title of at most 100 characters, found {len(value):,}")
    if isinstance(value, str) and ("{" in value or "}" in value):   # {cells} printed as it is on the sheets
        raise Invalid(f"a title is printed as written, and {{figures}} are not filled in it, found {found(value)}: "
                      "write the number")
    return text(value)


def integer(low=None, high=None):
    """A whole number within [low, high]."""
    def parse(value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(f"expected a whole number, found {found(value)}{quoted(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise Invalid(f"expected a number from {low} to {high}, found {value}")
        return value
    return parse


def number(low, high):
    """A number within [low, high]."""
    def parse(value):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise Invalid(f"expected a number from {low} to {high}, found {found(value)}{quoted(value)}")
        return float(value)
    return parse


def length(low=0.0, high=MAX_LENGTH_MM, zero=False):
    """A length with a unit, in mm, above low (or equal to it when zero is allowed) and at most high."""
    def parse(value):
        try:
            mm = parse_length(value)
        except UserError:
            raise Invalid(f"expected a length with a unit (mm, cm, in or pt), found {found(value)}{pixel_hint(value)}") from None
        if mm < low or (mm == low and not zero) or mm > high:
            bound = f"at least {low:g} mm" if zero else f"more than {low:g} mm"
            raise Invalid(f"expected a length {bound} and at most {high:g} mm, found {found(value)}")
        return mm
    parse.unit = "mm"   # what its number is in: a figure of it is printed with it
    return parse


def flag(value):
    """true or false."""
    if not isinstance(value, bool):
        raise Invalid(f"expected true or false, found {found(value)}")
    return value


def one_of(*choices):
    """One word out of a fixed set."""
    def parse(value):
        if value not in choices:
            raise Invalid(f"expected one of {', '.join(map(str, choices))}, found {found(value)}")
        return value
    return parse


COMMENT = ' (a # starts a YAML comment: write the colour in quotes, "#rrggbb")'


def colour(value):
    """A palette colour name or #rrggbb; names are checked against the palette later."""
    if not isinstance(value, str) or not value.strip():
        raise Invalid(f"expected a colour name or #rrggbb, found {found(value)}" + COMMENT * (value is None))
    if value.startswith("#") and not is_hex_colour(value):
        raise Invalid(f"expected a colour as #rrggbb, found {value!r}{_trailing(value)}")
    return value


def hashless(value: str, digits=(3, 6)) -> str:
    """': did you mean '#6b6358'?' for a colour of so many hex digits written without its #, else ''."""
    return f": did you mean '#{value}'?" if len(value) in digits and hex_of(f"#{value}") else ""


def hex_colour(value):
    """A palette's colour as #rrggbb: written so, as #rgb (#c60 is #cc6600) or as a name a layout takes (red ...)."""
    if hexed := hex_of(value):
        return hexed
    if isinstance(value, str) and value.strip() and not value.startswith("#"):
        raise Invalid(f"unknown colour {found(value)}{meant(value, NAMED) or hashless(value)} (a palette's colour is "
                      f"#rrggbb, #rgb or one of {', '.join(NAMED)})")
    raise Invalid(f"expected a colour as #rrggbb or #rgb, found {found(value)}" + COMMENT * (value is None)
                  + (_trailing(value) if isinstance(value, str) else ""))


def _trailing(value: str) -> str:
    """A hint for a colour followed by more words ('#123456 # dark', given with --set or quoted in YAML, where a # is
    no comment), or ''."""
    head, _, rest = value.partition(" ")
    if not rest or not is_hex_colour(head):
        return ""
    return f" (leave {' ' + rest!r} out{': here a # starts no comment' if '#' in rest else ''})"


def list_of(item, min_items=0, max_items=10_000, unique=False):
    """A list of items of one type (unique: no item twice)."""
    def parse(value):
        if not isinstance(value, list):
            raise Invalid(f"expected a list, found {found(value)}")
        if not min_items <= len(value) <= max_items:
            raise Invalid(f"expected {min_items} to {max_items} items, found {len(value)}")
        twice = next((v for i, v in enumerate(value) if v in value[:i]), None) if unique else None
        if twice is not None:
            raise Invalid(f"{found(twice)} is listed twice (expected each item once)")
        return value
    parse.item = item
    return parse


def marks(value) -> dict:
    """A mapping of colour names to the mark template printed on each colour, e.g. {red: mark-heart}."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) and v for k, v in value.items()):
        raise Invalid(f"expected a mapping of colour names to mark templates, e.g. {{red: mark-heart}}, found {found(value)}")
    return value


def any_value(value):
    """Anything; checked by the code that uses it."""
    return value


def mapping(fields, required=(), empty="no keys are allowed here"):
    """A mapping with known keys; unknown keys are errors (empty: why, when no key is allowed)."""
    def parse(value):
        if not isinstance(value, dict):
            raise Invalid(f"expected a mapping, found {found(value)}")
        return value
    parse.fields, parse.required, parse.empty = fields, tuple(required), empty
    return parse
