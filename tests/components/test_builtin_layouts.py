"""pnp's ready-made card layouts (layout: builtin:<size>): each fits its card size and passes every check with long
texts; an element whose column the data lacks is left out, an empty cell hides it; a layout extends one by name."""
import io
import re
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.check.validate import validate
from generator.draw.render import draw_art
from generator.errors import SpecError
from generator.output import raster
from generator.spec import layouts
from generator.spec import loader as specs
from generator.spec.expand import expand

DPI = 254   # 10 pixels per mm
SIZES = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "mini": (44.45, 63.5), "tarot": (69.85, 120.65),
         "square": (63.5, 63.5)}   # the trims of 2.5 x 3.5, 2.25 x 3.5, 1.75 x 2.5, 2.75 x 4.75 and 2.5 x 2.5 in
RED, GOLD, FRAME = (0xd0, 0x20, 0x30), (0xf2, 0xc1, 0x4e), (0x34, 0x40, 0x5e)
LONG = ("Gain three coins. While this card is in front of you, every Sprout you play gains one more coin. At the end "
        "of your turn, if you have more coins than any other player, draw a card.")


def make(tmp_path, size, header, *rows, layout=None, files=None, trim=None):
    """A spec of one component of a card size (or trim: (w, h) mm) whose layout is builtin:<size> (or layout), from a
    CSV of rows."""
    (tmp_path / "art").mkdir(exist_ok=True)
    Image.new("RGB", (300, 200), RED).save(tmp_path / "art" / "red.png")
    (tmp_path / "cards.csv").write_text(header + "\n" + "".join(row + "\n" for row in rows))
    for name, text in (files or {}).items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    w, h = trim or SIZES.get(size, SIZES["poker"])
    (tmp_path / "game.yaml").write_text(textwrap.dedent(f"""\
        game: {{title: Ready Made, designer: Tester}}
        palette: {{gold: "#f2c14e"}}
        components:
          cards:
            kind: layout
            expect: {len(rows)}
            width: {w} mm
            height: {h} mm
            layout: {layout or 'builtin:' + size}
            data: cards.csv
        """))
    return specs.load(str(tmp_path / "game.yaml"))


def faces(spec):
    """Each front as painted at DPI (pixel (0, 0) the bleed's corner, 3 mm out from the trim's)."""
    return [Image.open(io.BytesIO(raster.picture_png(draw_art(spec, art), DPI))).convert("RGB")
            for art in expand(spec)[1].values() if art.side == "front"]


def box_of(image, colour):
    """The box (left, top, right, bottom) in mm on the trim of the pixels of a colour, or None."""
    near = ImageChops.difference(image, Image.new("RGB", image.size, colour)).convert("L")
    found = near.point(lambda v: 255 if v < 10 else 0).getbbox()
    return None if found is None else tuple(v / 10 - 3 for v in found)


def test_pnp_ships_a_layout_for_each_common_card_size_and_the_reference_names_each():
    assert layouts.builtins() == sorted(SIZES)
    reference = (Path(__file__).resolve().parents[2] / "docs" / "layout-reference.md").read_text()
    assert all(f"`builtin:{name}`" in reference for name in SIZES)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_ready_made_layout_passes_every_check_with_long_texts_and_places_the_art_inside_its_card(tmp_path, size):
    spec = make(tmp_path, size, "title,cost,art,type,rules,flavour",
                f'Old Oak of the Long Valley,12,art/red.png,Creature — Tree,"{LONG}",It was here before the game began.',
                "Sunrise,1,art/red.png,Spell,Draw a card.,")
    assert validate(spec) == []
    w, h = SIZES[size]
    for image in faces(spec):
        art = box_of(image, RED)
        assert 3 < art[0] and art[2] < w - 3 and 3 < art[1] and art[3] < h - 3      # inside the safe area
        assert art[2] - art[0] > 0.7 * w and art[3] - art[1] > 0.25 * h            # and a good share of the card
        cost = box_of(image, GOLD)
        assert cost[3] < art[1] and cost[0] > w / 2                                # the cost above it, on the right
        assert image.getpixel((5, 5)) == FRAME                                    # the frame colours the bleed


def test_each_other_size_the_reference_says_a_ready_made_layout_takes_passes_every_check(tmp_path):
    """docs/layout-reference.md's table: '63 x 88 mm takes it too' and the like, each tried with the long texts."""
    reference = (Path(__file__).resolve().parents[2] / "docs" / "layout-reference.md").read_text()
    claims = re.findall(r"^\| `builtin:(\w+)` \|.*\((\d+) x (\d+) mm takes it too", reference, re.M)
    assert len(claims) >= 3
    for size, w, h in claims:
        folder = tmp_path / f"{size}-{w}x{h}"
        folder.mkdir()
        spec = make(folder, size, "title,cost,art,type,rules,flavour", trim=(float(w), float(h)), *[
            f'Old Oak of the Long Valley,12,art/red.png,Creature — Tree,"{LONG}",It was here before the game began.'])
        assert validate(spec) == [], (size, w, h)


def test_an_element_whose_column_the_data_lacks_is_left_out_and_an_empty_cell_hides_it(tmp_path):
    spec = make(tmp_path, "poker", "title,rules,art", "Sunrise,Draw a card.,art/red.png", "Sunset,Discard a card.,")
    with_art, without = faces(spec)
    assert box_of(with_art, GOLD) is None                       # no cost column: no disc
    assert box_of(with_art, RED) is not None and box_of(without, RED) is None   # the empty cell: no picture, no error
    assert validate(spec) == []


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_cost_of_0_prints_in_its_disc_and_only_an_empty_cost_hides_it(tmp_path, size):
    spec = make(tmp_path, size, "title,cost,rules", "Free Lunch,0,Gain a coin.", "Sunrise,,Draw a card.")
    assert validate(spec) == []
    free, none = faces(spec)
    disc = box_of(free, GOLD)
    assert disc is not None and box_of(none, GOLD) is None
    inside = free.crop(tuple(round((v + 3) * 10) for v in disc))
    assert box_of(inside, FRAME) is not None   # the 0, in the frame's colour, on the disc


def test_data_with_none_of_the_columns_it_shows_is_told_which_they_are(tmp_path):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, "poker", "name,text", "Sunrise,Draw a card.")
    assert str(caught.value).endswith("components.cards.layout: the ready-made layout shows the columns art, cost, "
                                      "flavour, rules, title, type: give the component data with one or more of them "
                                      "(its columns: name, text)")


def test_an_unknown_ready_made_layout_names_the_ones_there_are(tmp_path):
    with pytest.raises(SpecError) as caught:
        make(tmp_path, "poker", "title", "Sunrise", layout="builtin:jumbo")
    assert str(caught.value).endswith("components.cards.layout: no ready-made layout 'jumbo' (expected builtin: and one "
                                      "of bridge, mini, poker, square, tarot)")


def test_a_layout_extends_a_ready_made_one_and_overrides_its_elements_by_name(tmp_path):
    spec = make(tmp_path, "poker", "title,cost,rules", "Sunrise,1,Draw a card.", layout="mine.yaml", files={"mine.yaml": """\
        extends: builtin:poker
        elements:
          disc: {fill: "#d02030"}
        """})
    image = faces(spec)[0]
    assert box_of(image, GOLD) is None and box_of(image, RED) is not None   # the cost's disc now red
