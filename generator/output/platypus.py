"""reportlab's platypus, imported (by rulebook.py, before anything else of reportlab's) with the URI pattern of its
paragraph module compiled when first matched: compiling it, case-blind over most of Unicode, is 0.02 s, a sixth of the
import, and only a URI too long for its line is matched against it."""
import re
import sys

COMPILE = re.compile
LONG = 300  # characters: the URI pattern is the paragraph module's only pattern this long


class Deferred:
    """A regular expression compiled when it is first used."""

    def __init__(self, pattern, flags):
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def __getattr__(self, name):
        if self.compiled is None:
            self.compiled = COMPILE(self.pattern, self.flags)
        return getattr(self.compiled, name)


def _compile(pattern, flags=0):
    """re.compile while platypus is imported: the paragraph module's long pattern deferred, every other compiled."""
    if len(pattern) > LONG and sys._getframe(1).f_globals.get("__name__") == "reportlab.platypus.paragraph":
        return Deferred(pattern, flags)
    return COMPILE(pattern, flags)


if "reportlab.platypus" not in sys.modules:
    setattr(re, "compile", _compile)
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        setattr(re, "compile", COMPILE)
