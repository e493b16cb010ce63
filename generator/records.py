"""NamedTuple for the package's records, made without typing: typing's import and its check of each field's annotation
(a compile for each one written as text) were 30 M of the edit loop rebuild's 483 M instructions (39 records).

    from .records import NamedTuple
    class Rect(NamedTuple):
        x: float
        w: float = 0.0

makes the class typing.NamedTuple makes (collections.namedtuple's: fields, defaults, docstring, methods; the
annotations kept unread), and type checkers see typing's own. namedtuple compiles a __new__ for every class, most of
its cost: here one is compiled for each number of fields and renamed for each record."""
import collections
from types import FunctionType

TYPE_CHECKING = False  # typing itself is not imported: it is what this module saves
if TYPE_CHECKING:
    from types import CodeType
    from typing import NamedTuple
    REPR: CodeType
else:
    KEPT = frozenset({"__module__", "__annotations__"})   # given to the record's making, or kept as written
    REFUSED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                         "_replace", "_asdict", "_source"})   # namedtuple's own: a record may not set them (as typing says)
    _new = tuple.__new__
    _NEW = dict(enumerate((None,  # a number of fields -> a __new__ taking that many (named a0, a1...), as namedtuple's
                                  # own: compiled with this module, not as each run starts (an eval each came to 5 M
                                  # of a rebuild's 344 M instructions); a record of more fields compiles its own
        lambda _cls, a0: _new(_cls, (a0,)),
        lambda _cls, a0, a1: _new(_cls, (a0, a1)),
        lambda _cls, a0, a1, a2: _new(_cls, (a0, a1, a2)),
        lambda _cls, a0, a1, a2, a3: _new(_cls, (a0, a1, a2, a3)),
        lambda _cls, a0, a1, a2, a3, a4: _new(_cls, (a0, a1, a2, a3, a4)),
        lambda _cls, a0, a1, a2, a3, a4, a5: _new(_cls, (a0, a1, a2, a3, a4, a5)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6: _new(_cls, (a0, a1, a2, a3, a4, a5, a6)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7: _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8: _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23:
            _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23)),
        lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23,
            a24: _new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22,
                             a23, a24)),   # components.kind.Kind's 25
    )))

    def _asdict(self) -> dict:
        """A new dict of the fields by name."""
        return dict(zip(self._fields, self))

    def _getnewargs(self) -> tuple:
        """The record as a plain tuple, for copy and pickle."""
        return tuple(self)

    def record(name: str, fields: tuple, defaults: tuple, module: str) -> type:
        """The class collections.namedtuple(name, fields, defaults=defaults, module=module) makes (fields: names that
        namedtuple would take), its __new__ the one compiled for as many fields, with these argument names."""
        count = len(fields)
        new = _NEW.get(count)
        if new is None:
            names = ", ".join(f"a{i}" for i in range(count))
            new = _NEW[count] = eval(f"lambda _cls, {names}: _new(_cls, ({names}))",   # as namedtuple's own
                                     {"_new": _new, "__builtins__": {}, "__name__": "records"})
        fmt = "(" + ", ".join(f"{field}=%r" for field in fields) + ")"

        def _make(cls, iterable):
            made = tuple.__new__(cls, iterable)
            if len(made) != count:
                raise TypeError(f"Expected {count} arguments, got {len(made)}")
            return made

        def _replace(self, /, **changes):
            made = self._make(map(changes.pop, fields, self))
            if changes:
                raise ValueError(f"Got unexpected field names: {list(changes)!r}")
            return made

        def __repr__(self):
            return self.__class__.__name__ + fmt % self

        namespace = {"__doc__": f"{name}({', '.join(fields)})", "__slots__": (), "_fields": fields,
                     "_field_defaults": dict(zip(fields[count - len(defaults):], defaults)) if defaults else {},
                     "__new__": FunctionType(new.__code__.replace(co_varnames=("_cls", *fields)), new.__globals__,
                                             "__new__", defaults or None),
                     "_make": classmethod(_make), "_replace": _replace, "__repr__": __repr__, "_asdict": _asdict,
                     "__getnewargs__": _getnewargs, "__match_args__": fields}
        for index, field in enumerate(fields):
            namespace[field] = collections._tuplegetter(index, f"Alias for field number {index}")   # namedtuple's getter
        made = type(name, (tuple,), namespace)
        made.__module__ = module
        return made

    REPR = record("Record", ("field",), (), __name__).__repr__.__code__   # the __repr__ of every record

    class _Maker(type):
        """The class of NamedTuple: a class deriving from it is made a named tuple of its annotated fields."""

        def __new__(cls, name: str, bases: tuple, namespace: dict):
            if not bases:   # NamedTuple itself
                return super().__new__(cls, name, bases, namespace)
            if bases != (NamedTuple,):
                raise TypeError("a record derives from NamedTuple alone")
            fields = tuple(namespace.get("__annotations__", {}))
            if any(field.startswith("_") for field in fields):
                raise ValueError(f"{name}: a field's name cannot start with an underscore")
            defaults = tuple(namespace[field] for field in fields if field in namespace)
            if any(field not in namespace for field in fields[len(fields) - len(defaults):]):
                raise TypeError(f"{name}: a field without a default follows one with a default")
            made = record(name, fields, defaults, namespace["__module__"])
            made.__annotations__ = namespace.get("__annotations__", {})
            for key, value in namespace.items():
                if key in REFUSED:
                    raise AttributeError(f"{name}: cannot set the named tuple's own {key}")
                if key not in KEPT and key not in fields:
                    setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_Maker):
        """Derive a record from this, its fields annotated (as from typing.NamedTuple)."""
