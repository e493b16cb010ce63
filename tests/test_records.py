"""generator.records.NamedTuple makes the class typing.NamedTuple makes, without importing typing."""
import copy
import inspect
import pickle
import typing

import pytest

from generator import cache
from generator import records
from generator.records import NamedTuple


class Mine(NamedTuple):
    """A slot on a sheet."""

    x: float
    label: "str"
    turn: int = 0
    window: tuple | None = None

    @property
    def right(self) -> float:
        return self.x + 1

    def moved(self, dx: float) -> "Mine":
        return self._replace(x=self.x + dx)


class Theirs(typing.NamedTuple):
    """A slot on a sheet."""

    x: float
    label: "str"
    turn: int = 0
    window: tuple | None = None

    @property
    def right(self) -> float:
        return self.x + 1

    def moved(self, dx: float) -> "Theirs":
        return self._replace(x=self.x + dx)


def test_a_record_behaves_as_typings_named_tuple_of_the_same_fields():
    mine, theirs = Mine(2.5, "a"), Theirs(2.5, "a")
    assert mine == theirs == (2.5, "a", 0, None) and hash(mine) == hash(theirs)
    assert Mine._fields == Theirs._fields and Mine._field_defaults == Theirs._field_defaults == {"turn": 0, "window": None}
    assert repr(mine) == repr(theirs).replace("Theirs", "Mine") == "Mine(x=2.5, label='a', turn=0, window=None)"
    assert Mine.__doc__ == Theirs.__doc__ and Mine.__module__ == Theirs.__module__ == __name__
    assert Mine.__qualname__ == "Mine" and Mine.__bases__ == Theirs.__bases__ == (tuple,)
    assert mine.right == theirs.right == 3.5 and mine.moved(1) == Mine(3.5, "a") and type(mine.moved(1)) is Mine
    assert Mine(1, "b", window=(1, 2))._asdict() == Theirs(1, "b", window=(1, 2))._asdict()
    assert Mine._make([1, "c", 2, None]) == (1, "c", 2, None) and pickle.loads(pickle.dumps(mine)) == mine
    assert Mine.__annotations__ == {"x": float, "label": "str", "turn": int, "window": tuple | None}
    assert list(cache._reprs(mine)) != [repr(mine)] and "".join(cache._reprs(mine)) == repr(mine), \
        "a spec's key takes a record apart field by field, as it does typing's"
    with pytest.raises(TypeError):
        Mine(1)
    arguments = [[(p.name, p.default, p.kind) for p in inspect.signature(cls).parameters.values()] for cls in (Mine, Theirs)]
    assert arguments[0] == arguments[1] and Mine.__match_args__ == Theirs.__match_args__, "the annotations aside"
    assert copy.copy(mine) == mine and type(copy.deepcopy(mine)) is Mine
    match mine:
        case Mine(x, label, turn=0):
            assert (x, label) == (2.5, "a")
        case _:
            pytest.fail("a record's fields match by position and name")
    for make in (lambda cls: cls._make([1, 2]), lambda cls: cls(1, "a")._replace(nothing=1)):
        with pytest.raises((TypeError, ValueError)) as mine_error:
            make(Mine)
        with pytest.raises((TypeError, ValueError)) as their_error:
            make(Theirs)
        assert str(mine_error.value) == str(their_error.value)


def test_records_of_as_many_fields_share_one_compiled_new_each_with_its_own_argument_names():
    class Other(NamedTuple):
        left: float
        top: str
        turn: int = 1
        window: tuple | None = ()

    assert Other.__new__.__code__.co_code == Mine.__new__.__code__.co_code, "compiled once for four fields"
    assert Other(top="t", left=1) == (1, "t", 1, ()) and Mine(label="l", x=2) == (2, "l", 0, None)
    assert Other.__repr__.__code__ is Mine.__repr__.__code__ is records.REPR


def test_a_record_of_any_number_of_fields_takes_them_by_position_and_name_with_defaults():
    for count in (1, 9, 24, 25, 40):   # the compiled table ends at 24: past it a record compiles its own
        names = [f"f{i}" for i in range(count)]
        mine = records.record("Wide", tuple(names), (7,), __name__)
        theirs = typing.NamedTuple("Wide", [(name, int) for name in names])
        theirs.__new__.__defaults__ = (7,)
        assert mine(*range(count)) == theirs(*range(count)) == tuple(range(count))
        assert mine(**{name: 1 for name in names[:-1]}) == theirs(**{name: 1 for name in names[:-1]}) == (1,) * (count - 1) + (7,)
        assert list(inspect.signature(mine).parameters) == names


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError):
        class DefaultFirst(NamedTuple):
            x: int = 0
            y: int

    with pytest.raises(ValueError):
        class Hidden(NamedTuple):
            _x: int

    with pytest.raises(AttributeError):
        class OwnMake(NamedTuple):
            x: int

            def _make(self):
                return self
