"""Squib's relative values: x: += 5 in an element that extends another (or overrides one of a layout it extends) adds
to that element's value, in mm or as a share of the area; where it cannot add, one line names the key."""
import io
import textwrap

import pytest
from PIL import Image, ImageChops

from generator.draw.render import draw_art
from generator.errors import SpecError
from generator.output import raster
from generator.spec import loader as specs
from generator.spec.expand import expand

RED, BLUE = (0xd0, 0x20, 0x30), (0x20, 0x40, 0xd0)


def make(tmp_path, elements, files=None, data=""):
    """A 60 x 80 mm card (no bleed) with these layout elements (YAML lines), the files given and a data option."""
    for name, text in (files or {}).items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    (tmp_path / "game.yaml").write_text(textwrap.dedent("""\
        game: {title: Relative, designer: Tester}
        components:
          cards:
            kind: layout
            expect: 1
            width: 60 mm
            height: 80 mm
            bleed: 0 mm
        """) + (f"    data: {data}\n" if data else "") + "    layout:\n" + textwrap.indent(textwrap.dedent(elements), " " * 6))
    return specs.load(str(tmp_path / "game.yaml"))


def box_of(spec, colour):
    """The box (left, top, right, bottom) in mm of a colour on the card's face, painted at 10 pixels per mm."""
    art = next(a for a in expand(spec)[1].values() if a.side == "front")
    image = Image.open(io.BytesIO(raster.picture_png(draw_art(spec, art), 254))).convert("RGB")
    near = ImageChops.difference(image, Image.new("RGB", image.size, colour)).convert("L")
    return tuple(v / 10 for v in near.point(lambda v: 255 if v < 10 else 0).getbbox())


def test_an_element_adds_to_the_places_and_sizes_of_the_element_it_extends(tmp_path):
    spec = make(tmp_path, """\
        elements:
          drone: {type: rect, x: 10, y: 10 mm, width: 20%, height: 10, fill: "#d02030"}
          human: {extends: drone, x: += 5, y: += 0.5 in, width: += 10%, height: -= 4 mm, fill: "#2040d0"}
        """)
    assert box_of(spec, RED) == pytest.approx((10, 10, 22, 20), abs=0.1)
    # x 10 + 5 mm, y 10 + 12.7 mm, width 20% + 10% of 60 mm, height 10 - 4 mm
    assert box_of(spec, BLUE) == pytest.approx((15, 22.7, 15 + 18, 22.7 + 6), abs=0.1)


def test_an_element_of_a_layout_adds_to_the_same_element_of_the_layout_it_extends(tmp_path):
    spec = make(tmp_path, """\
        extends: base.yaml
        elements:
          band: {y: += 30, height: += 50%, fill: "#2040d0"}
        """, {"base.yaml": """\
        elements:
          band: {type: rect, x: 0, y: 5, width: 100%, height: 10%, fill: "#d02030"}
        """})
    assert box_of(spec, BLUE) == pytest.approx((0, 35, 60, 80), abs=0.1)   # 60% of 80 mm high: it runs off the edge


@pytest.mark.parametrize("human, message", [
    ("{extends: drone, fill: += 5}", "elements.human.fill: '+= 5' adds to a number or a length, and the fill it "
                                     "extends is 'black'"),
    ("{extends: drone, x: += 5%}", "elements.human.x: '+= 5%' cannot add a share to 10, the x it extends: write both "
                                   "as lengths or both as shares (%)"),
    ("{extends: drone, x: += lots}", "elements.human.x: '+= lots': expected a number of mm, a length such as 12 mm, or "
                                     "a share of the area such as 50%, found 'lots'"),
    ("{type: rect, x: += 5}", "elements.human.x: '+= 5' adds to the x human extends (its extends: element's, or its "
                              "own in a layout this one extends), and there is none: give human a plain x"),
])
def test_a_relative_value_that_cannot_add_is_one_line_naming_the_key(tmp_path, human, message):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, f"""\
            elements:
              drone: {{type: rect, x: 10, y: 10, width: 20, height: 10, fill: black}}
              human: {human}
            """)
    assert str(caught.value).endswith(message) and ":12: components.cards.layout." in str(caught.value)


def test_a_relative_value_cannot_add_to_a_column(tmp_path):
    (tmp_path / "cards.csv").write_text("y\n10\n")
    with pytest.raises(SpecError) as caught:
        make(tmp_path, """\
            elements:
              drone: {type: rect, y: "{y}", fill: black}
              human: {extends: drone, y: += 2}
            """, data="cards.csv")
    assert "human.y: '+= 2' cannot add to '{y}', the y it extends: a column's value is known only row by row" in str(
        caught.value)
