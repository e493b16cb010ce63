"""The validator: the shipped spec passes; broken sets fail with clear messages."""
import copy

import pytest

from generator import spec as specs
from generator import yamlsource
from generator.games import grannys_pills
from generator.validate import validate


@pytest.fixture(scope="module")
def raw(grannys):
    """The shipped spec as raw data and line map."""
    return yamlsource.load(grannys.path)


def rebuild(grannys, raw, change):
    """Apply change(data) to a copy of the raw spec and validate it."""
    data, lines = copy.deepcopy(raw[0]), raw[1]
    change(data)
    return [str(f) for f in validate(specs.build(grannys.path, data, lines))]


def test_shipped_spec_passes(grannys):
    assert validate(grannys) == []


def test_111_pills_fail(grannys, raw):
    def drop_one(data):
        pill = data["components"]["pill"]
        faces = [{"colour": c, "shape": s} for c in pill["faces"]["product"]["colour"]
                 for s in pill["faces"]["product"]["shape"] for _ in range(7)]
        pill["faces"] = {"list": faces[:-1]}
    failures = rebuild(grannys, raw, drop_one)
    assert f"{grannys.path}: pill: component count (expected 112, found 111)" in failures
    assert f"{grannys.path}: pill: pill tiles (expected 112, found 111)" in failures
    assert f"{grannys.path}: pill: copies of red diamond (expected 7, found 6)" in failures


def listed_prescriptions(grannys, patterns):
    """A change that lists the given prescription patterns instead of generating them."""
    def change(data):
        data["components"]["prescription"]["faces"] = {"list": [{"pattern": p} for p in patterns]}
    return change


def generated(grannys):
    """The 35 generated patterns."""
    return [f["pattern"] for f in grannys_pills.prescriptions(grannys, grannys.component("prescription"))]


def test_duplicate_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[34] = patterns[0]
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription: prescription 35 repeats prescription 1" in f for f in failures)


def test_rotated_duplicate_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[34] = [list(map(list, row)) for row in grannys_pills.rotate(patterns[0])]
    assert patterns[34] != patterns[0]
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription 35 repeats prescription 1 (turned or not)" in f for f in failures)


def test_two_colour_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[3] = [[["red", "round"], ["blue", "round"], ["red", "round"]]] * 3
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription 4 uses too few colours (expected at least 3, found 2)" in f for f in failures)
    assert any("prescription 4 has too much red (expected at most 4, found 6)" in f for f in failures)


def test_board_of_another_size_fails(grannys):
    failures = [str(f) for f in validate(specs.load("grannys-pills", ["components.board.rows=5"]))]
    assert any("board cells (expected 36, found 30)" in f for f in failures)
    assert any("tromino placements (I, L) (expected (48, 100), found (38, 80))" in f for f in failures)
