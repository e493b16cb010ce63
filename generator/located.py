"""The one key-path -> line lookup: SpecErrors located by file, line (or the --set or theme that gave the value) and key path."""
from collections.abc import Iterable, Mapping
from pathlib import Path

from .errors import SpecError
from .spec.yamlsource import dotted as join

TYPE_CHECKING = False  # typing itself is not imported (start-up)
if TYPE_CHECKING:
    from .spec.model import Spec

SET_LINE = "--set"  # the line table's entry for a value a --set gave


def nearest(lines: Mapping, key_path: Iterable) -> tuple[tuple, object]:
    """The key path itself or its nearest parent that the line table knows, and its entry (None when none is known)."""
    probe = tuple(key_path)
    while probe and probe not in lines:
        probe = probe[:-1]
    return probe, lines.get(probe)


def located(path: str | Path, lines: Mapping, key_path: Iterable, message: str) -> SpecError:
    """A SpecError naming the file, the line (or the --set, or the theme's own file and line) and the dotted key path."""
    key_path = tuple(key_path)
    probe, line = nearest(lines, key_path)
    if hasattr(line, "error"):  # a theme's Origin
        return line.error(key_path[len(probe):], message)
    if line == SET_LINE:
        return SpecError(path, f"--set {join(key_path)}", message)
    below = [(known, entry) for known, entry in lines.items() if (entry == SET_LINE or hasattr(entry, "error"))
             and len(known) > len(key_path) and known[:len(key_path)] == key_path]
    if below:   # a --set or a theme below the key changed what the file's line holds (faces.copies=100000)
        known, entry = below[-1]
        message += (f" (with --set {join(known)})" if entry == SET_LINE else
                    f" (with {entry.path}:{entry.line}: {join(entry.key_path)}, from the theme)")
    return SpecError(path, join(key_path), message, line)


def spec_error(spec: "Spec", key_path: Iterable, message: str) -> SpecError:
    """A SpecError for a key path of a loaded Spec, located by its line table."""
    return located(spec.path, spec.lines, key_path, message)
