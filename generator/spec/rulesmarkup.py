"""The markup of a game's rules text: checked as a card's text is, less what the rulebook cannot set (icons, italic),
and its colours given as the typesetter takes them (#rrggbb)."""
import re
from collections import ChainMap

from . import schema as s

NAMES = ("diagram", "when")   # keys of a block that hold a name, not text
MARKED = re.compile(r"[*{]|:[A-Za-z0-9_-]+:")   # what may start markup that faults could refuse


def check(spec, rules, fail) -> None:
    """fail(key_path, message) at the first text of rules (as loaded, its figures filled) the rulebook cannot set: a
    character its font lacks, an icon, italic, a colour the spec has no name for, a ** or {colour:...} left open. Only
    a text holding a star, a brace or an icon's :name: can hold a markup mistake (textbox.faults finds none in another)."""
    colours = ChainMap(spec.palette, s.BASE_COLOURS)   # looked up by name: a rulebook records the palette names it reads
    for key_path, text in _texts(rules, ()):
        if not text.isascii():   # Vera has every ASCII character
            from ..draw import textfit  # lazy: start-up
            if why := textfit.lacking(text):
                fail(key_path, why)
        if MARKED.search(text):
            from ..draw import textbox  # lazy: start-up (a rules text read for its figures alone needs no text engine)
            for fault in textbox.faults(text, None, lambda name: _refused(name, colours), italic=False)[:1]:
                fail(key_path, fault)


def _refused(name: str, colours) -> str:
    """Why a {colour:NAME} is no colour of the spec's ('' when it is one), as a layout's text says it."""
    from . import layouts  # lazy: start-up (only a text with colour markup asks)
    return layouts.refused(name, colours)


def painted(spec, text: str) -> str:
    """Text with each {colour:NAME}'s name given as its #rrggbb (spec.colour, which records what it reads)."""
    if "{" not in text:
        return text
    from ..draw import textbox  # lazy: start-up
    return textbox.painted(text, spec.colour)


def _texts(value, key_path):
    """(key path, text) of each text in the rules, but the names a block's diagram and when hold."""
    if isinstance(value, str):
        yield key_path, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, key_path + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in NAMES:
                yield from _texts(item, key_path + (key,))
