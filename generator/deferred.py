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
        return getattr(self.compiled, name)


def costly(pattern) -> bool:
    """Whether a pattern names a character at the end of the basic plane (U+FFFD on), as such a range does."""
    return isinstance(pattern, str) and any(char >= "\ufffd" for char in pattern)


def _deferring(pattern, flags=0):
    """re.compile, but a costly pattern Deferred."""
    return Deferred(pattern, flags) if costly(pattern) else _compile(pattern, flags)


@contextlib.contextmanager
def patterns_deferred():
    """While inside: re.compile returns costly patterns Deferred (for a library's module-level patterns, used only
    through their methods)."""
    re.compile = _deferring
    try:
        yield
    finally:
        re.compile = _compile


def load(name: str) -> ModuleType:
    """Import the module name with its costly patterns Deferred (already loaded: as it is)."""
    with patterns_deferred():
        return importlib.import_module(name)
