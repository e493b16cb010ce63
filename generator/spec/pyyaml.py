"""PyYAML as pnp loads it: the pattern of printable characters its pure-Python reader compiles as it loads (a range to
the end of Unicode, about 57 M instructions, a third of the library's import) is compiled when first used; the C loader,
used wherever PyYAML has it, checks the characters itself and never reads that pattern."""
from ..patterns import imported


def costly(pattern) -> bool:
    """Whether a pattern has a range of characters that reaches the end of Unicode."""
    return isinstance(pattern, str) and "\U0010ffff" in pattern


yaml, = imported(("yaml",), costly)
