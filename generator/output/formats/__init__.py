"""Output formats: each module here is one, named as --format names it, giving jobs(spec, options) -> [(label, function,
args)]; the first line of its docstring is its --format help. A new format is a new module here, and nothing else."""
import importlib
from pathlib import Path

FIRST = "pdf"  # the main job: listed and run first, the rest in the order of their names


def _formats() -> dict:
    """name -> what it writes, read from each module's first line without importing it (the command line starts fast)."""
    found = {}
    for path in sorted(Path(__file__).parent.glob("[!_]*.py"), key=lambda p: (p.stem != FIRST, p.stem)):
        with open(path, encoding="utf-8") as source:
            found[path.stem] = source.readline().strip().strip('"').rstrip(".")
    return found


FORMATS = _formats()


def jobs(name: str, spec, options) -> list:
    """The jobs of one format for one spec."""
    return importlib.import_module(f"{__name__}.{name}").jobs(spec, options)
