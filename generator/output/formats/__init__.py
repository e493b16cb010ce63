"""Output formats: each module here is one, named as --format names it, giving jobs(spec, options) -> [(label, function,
args)]; the first line of its docstring is its --format help. A new format is a new module here, and nothing else."""
import functools
import importlib
import os

FIRST = "pdf"  # the main job: listed and run first, the rest in the order of their names


@functools.cache
def formats() -> dict:
    """name -> what it writes, read from each module's first line without importing it (the command line starts fast),
    once asked for (a plain build runs its jobs without the list)."""
    found, here = {}, os.path.dirname(__file__)
    stems = [name[:-3] for name in os.listdir(here) if name.endswith(".py") and not name.startswith("_")]  # no glob: start-up
    for stem in sorted(stems, key=lambda stem: (stem != FIRST, stem)):
        with open(os.path.join(here, f"{stem}.py"), encoding="utf-8") as source:
            found[stem] = source.readline().strip().strip('"').rstrip(".")
    return found


def jobs(name: str, spec, options) -> list:
    """The jobs of one format for one spec."""
    return importlib.import_module(f"{__name__}.{name}").jobs(spec, options)
