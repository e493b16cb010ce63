"""SpecErrors for a loaded Spec: located by its line table, or by the --set that supplied the value."""
from .errors import SpecError
from .yamlsource import dotted as join


def spec_error(spec, key_path, message):
    """A SpecError naming the spec file, the line (or the --set) and the dotted key path."""
    dotted = join(key_path)
    line = spec.line(key_path)
    if hasattr(line, "error"):
        return line.error((), message)
    if line is not None and not isinstance(line, int):
        return SpecError(spec.path, f"--set {dotted}", message)
    return SpecError(spec.path, dotted, message, line)
