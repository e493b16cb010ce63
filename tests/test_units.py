"""Lengths with units and paper sizes."""
import pytest

from generator.errors import UserError
from generator.units import PAPERS, PT_PER_MM, parse_length


@pytest.mark.parametrize("text, mm", [("25 mm", 25.0), ("25mm", 25.0), ("1in", 25.4), ("2.5 cm", 25.0),
                                      ("72pt", 25.4), ("12pt", 4.233333), ("0.5 in", 12.7)])
def test_lengths_convert_to_mm(text, mm):
    assert parse_length(text) == pytest.approx(mm, abs=1e-6)


@pytest.mark.parametrize("text", ["25", 25, "25 px", "mm", "", "25 mm mm", None, [25]])
def test_lengths_need_a_known_unit(text):
    with pytest.raises(UserError, match="expected a length with a unit"):
        parse_length(text)


def test_paper_sizes_in_points_match_the_standards():
    assert [round(v * PT_PER_MM, 2) for v in PAPERS["a4"]] == [595.28, 841.89]
    assert [round(v * PT_PER_MM, 2) for v in PAPERS["letter"]] == [612.0, 792.0]
