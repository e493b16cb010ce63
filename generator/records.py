"""NamedTuple for the package's records, made by collections.namedtuple without typing: typing's import and its check of
each field's annotation (a compile for each one written as text) cost a rebuild about 4 ms for its 38 records.

    from .records import NamedTuple
    class Rect(NamedTuple):
        x: float
        w: float = 0.0

makes the same class typing.NamedTuple makes (fields, defaults, docstring, methods; the annotations kept unread), and
type checkers see typing's own."""
import collections

TYPE_CHECKING = False  # typing itself is not imported: it is what this module saves
if TYPE_CHECKING:
    from typing import NamedTuple
else:
    KEPT = frozenset({"__module__", "__annotations__"})   # given to namedtuple (module) or kept as written (annotations)
    REFUSED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                         "_replace", "_asdict", "_source"})   # namedtuple's own: a record may not set them (as typing says)

    class _Maker(type):
        """The class of NamedTuple: a class deriving from it is made a named tuple of its annotated fields."""

        def __new__(cls, name: str, bases: tuple, namespace: dict):
            if not bases:   # NamedTuple itself
                return super().__new__(cls, name, bases, namespace)
            if bases != (NamedTuple,):
                raise TypeError("a record derives from NamedTuple alone")
            fields = tuple(namespace.get("__annotations__", {}))
            defaults = [namespace[field] for field in fields if field in namespace]
            if any(field not in namespace for field in fields[len(fields) - len(defaults):]):
                raise TypeError(f"{name}: a field without a default follows one with a default")
            made = collections.namedtuple(name, fields, defaults=defaults, module=namespace["__module__"])
            made.__annotations__ = namespace.get("__annotations__", {})
            for key, value in namespace.items():
                if key in REFUSED:
                    raise AttributeError(f"{name}: cannot set the named tuple's own {key}")
                if key not in KEPT and key not in fields:
                    setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_Maker):
        """Derive a record from this, its fields annotated (as from typing.NamedTuple)."""
