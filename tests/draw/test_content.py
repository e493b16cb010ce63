"""Colour operands as the PDF writer sets them: three numbers, at most three decimals, no trailing zeros."""
import pytest

from generator.draw import content


@pytest.mark.parametrize("place", range(3))
def test_each_byte_of_a_hex_colour_is_its_share_of_255_to_three_decimals_in_either_case(place):
    for byte in range(256):
        digits = ["80", "80", "80"]
        digits[place] = f"{byte:02x}"
        for value in ("#" + "".join(digits), "#" + "".join(digits).upper()):
            operands = content.rgb(value).split()
            assert [float(o) for o in operands] == [round(int(d, 16) / 255, 3) for d in digits], value
            assert all(o == "0" or (o.strip("0") == o.lstrip("0") and not o.endswith(".")) for o in operands), value


def test_short_named_and_no_colours_are_read_as_svg_reads_them():
    assert content.rgb("#fff") == content.rgb("#ffffff") == content.rgb("white") == "1 1 1"
    assert content.rgb("none") is None
    assert content.rgb("black") == "0 0 0"


def test_a_matrix_is_written_alike_whether_its_numbers_are_whole_fractional_or_minus_zero():
    assert content.cm((1, 0, 0, 1, 0.0, 2)) == content.cm((1.0, 0.0, -0.0, 1.0, -0.0, 2.0)) == "1 0 0 1 0 2 cm"
    assert content.cm((0, 1, -1, 0, 12.3456, -0.0004)) == "0 1 -1 0 12.346 0 cm"
    assert content.cm((0.5, 0, 0, 0.5, 1, 1)) == "0.5 0 0 0.5 1 1 cm"
