"""pnp: print-and-play asset generator. The library: load a spec, validate its set, build its PDFs.

    import generator
    spec = generator.load("grannys-pills", ["palette.red=#c0392b"])
    assert not generator.validate(spec)
    generator.build(spec, paper="a4", out="output")

Each function raises generator.errors.UserError (one line naming file, line and key) for bad input.
The modules build.py and validate.py share these names: reach them as `from generator.build import ...`.
"""
import sys
import types

from .errors import UserError

TYPE_CHECKING = False  # typing itself is not imported: it would be most of this package's import time (nor __future__:
                       # the names only type checkers read are written in quotes)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from .spec.model import Spec
    from .check.validate import Failure

__all__ = ["build", "load", "validate"]


class _Library(types.ModuleType):
    """The package: loading its modules build.py and validate.py leaves the functions of the same names in place."""

    def __setattr__(self, name: str, value: object) -> None:
        if not (name in __all__ and isinstance(value, types.ModuleType)):
            super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Library


def load(path_or_name: "str | Path", overrides: "Iterable[str]" = (), theme: "str | Path | None" = None) -> "Spec":
    """Load and check a spec by game id or file path, a theme and KEY=VALUE overrides laid over it (spec < theme < overrides)."""
    from .spec.loader import load as load_spec  # lazy: start-up
    return load_spec(str(path_or_name), tuple(overrides), theme)


def validate(spec: "Spec") -> "list[Failure]":
    """Run every check on a spec's component set; return the failures (an empty list when all pass)."""
    from .check.validate import validate as run_checks  # lazy: start-up
    return run_checks(spec)


def build(spec: "Spec", paper: str = "a4", out: "str | Path" = "output", backs: str = "duplex") -> "list[Path]":
    """Write the components PDF and the rulebook (when the spec has one) on a paper size ('all': A4 and Letter); return the paths."""
    from .build import build as build_components, build_rules, papers  # lazy: start-up
    from .spec.loader import rules_path  # lazy: start-up
    if backs not in ("duplex", "fold"):
        raise UserError(f"unknown backs {backs!r} (expected duplex or fold)")
    paths = []
    for size in papers(paper):
        paths.append(build_components(spec, size, out, backs)[0])
        if rules_path(spec).is_file():
            paths.append(build_rules(spec, size, out)[0])
    return paths
