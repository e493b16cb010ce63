"""Regular expressions a library compiles as it loads but may never use, compiled when first used instead: a pattern
over a range of characters reaching the end of Unicode's basic plane costs milliseconds, as re's compiler maps the range
one character at a time."""
import contextlib
import importlib
import re
from types import ModuleType

_compile = re.compile


class Deferred:
    """A pattern compiled when one of its methods is first asked for."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def __getattr__(self, name):
        if self.compiled is None:
            self.compiled = _compile(self.pattern, self.flags)
        found = getattr(self.compiled, name)
        setattr(self, name, found)   # found directly from then on (a bound method, say): __getattr__ runs once a name
        return found


def costly(pattern) -> bool:
    """Whether a pattern names a character at the end of the basic plane (U+FFFD on), as such a range does."""
    return isinstance(pattern, str) and any(char >= "\ufffd" for char in pattern)


def _deferring(pattern, flags=0):
    """re.compile, but a costly pattern Deferred."""
    return Deferred(pattern, flags) if costly(pattern) else _compile(pattern, flags)


def _every(pattern, flags=0):
    """re.compile, but every pattern Deferred."""
    return Deferred(pattern, flags)


@contextlib.contextmanager
def patterns_deferred(every: bool = False):
    """While inside: re.compile returns costly patterns (every: all patterns) Deferred (for a library's module-level
    patterns, used only through their methods)."""
    re.compile = _every if every else _deferring
    try:
        yield
    finally:
        re.compile = _compile


def load(name: str, every: bool = False) -> ModuleType:
    """Import the module name with its costly patterns (every: all its patterns) Deferred (already loaded: as it is)."""
    with patterns_deferred(every):
        return importlib.import_module(name)
