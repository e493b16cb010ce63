"""Regular expressions a library compiles as it loads, compiled instead when first used: for the few that are costly
to compile and seldom used (reportlab's web-address and CJK patterns, PyYAML's pure-Python reader's)."""
import importlib
import re

_compile = re.compile


class Deferred:
    """A pattern compiled when one of its methods is first asked for."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def __getattr__(self, name):
        if self.compiled is None:
            self.compiled = _compile(self.pattern, self.flags)
        return getattr(self.compiled, name)


def imported(names: tuple, costly) -> list:
    """The modules names, imported in turn while re.compile gives a Deferred for each pattern costly(pattern) is true of
    (re.compile restored after)."""
    def deferring(pattern, flags=0):
        """re.compile, but a costly pattern Deferred."""
        return Deferred(pattern, flags) if costly(pattern) else _compile(pattern, flags)
    setattr(re, "compile", deferring)
    try:
        return [importlib.import_module(name) for name in names]
    finally:
        setattr(re, "compile", _compile)
