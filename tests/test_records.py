"""generator.records.NamedTuple makes the class typing.NamedTuple makes, without importing typing."""
import pickle
import typing

import pytest

from generator import cache
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


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError):
        class DefaultFirst(NamedTuple):
            x: int = 0
            y: int

    with pytest.raises(AttributeError):
        class OwnMake(NamedTuple):
            x: int

            def _make(self):
                return self
