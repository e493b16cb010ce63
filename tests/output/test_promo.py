"""The promotion images, --format showcase and hand, measured on the written PNGs of a deck of one-colour faces."""
import math

import yaml
from click.testing import CliRunner
from PIL import Image, ImageChops

from generator.cli import cli

COLOURS = {"red": "#d62828", "green": "#2a9d3f", "blue": "#1d4fd6", "yellow": "#f2c500", "purple": "#7b2cbf",
           "orange": "#f77f00"}
CARD, BLEED, CORNER = (40.0, 60.0), 3.0, 4.0   # mm: the test deck's trim, bleed and corner radius
TOKEN = 25.4                                   # mm: the round tokens' diameter
DPI = 100
K = DPI / 25.4                                 # pixels a mm


def deck(tmp_path, promo=None):
    """Write a spec of six rounded cards, each filled to its bleed with one colour, a back of ink, and two round tokens;
    return its path."""
    (tmp_path / "cards.csv").write_text("name,colour\n" + "".join(f"{name},{name}\n" for name in COLOURS))
    (tmp_path / "tokens.csv").write_text("name,colour\nred,red\nblue,blue\n")
    fill = {"ground": "white", "elements": {"fill": {"type": "rect", "area": "bleed", "x": 0, "y": 0, "width": "100%",
                                                     "height": "100%", "fill": "{colour}"}}}
    (tmp_path / "front.yaml").write_text(yaml.safe_dump(fill))
    cards = {"kind": "layout", "expect": 6, "width": f"{CARD[0]} mm", "height": f"{CARD[1]} mm", "bleed": f"{BLEED} mm",
             "shape": "rounded", "radius": f"{CORNER} mm", "layout": "front.yaml", "data": "cards.csv",
             "back": {"fill": "black", "ink": "white"}}
    tokens = {"kind": "layout", "expect": 2, "shape": "circle", "size": f"{TOKEN} mm", "layout": "front.yaml",
              "data": "tokens.csv"}
    spec = {"game": {"title": "Promo deck", "designer": "pnp tests"}, "palette": COLOURS,
            "components": {"cards": cards, "tokens": tokens}}
    if promo is not None:
        spec["promo"] = promo
    path = tmp_path / "promo-deck.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return path


def build(tmp_path, spec, *options):
    """pnp build SPEC --out tmp_path/out with options; the game's output folder."""
    result = CliRunner().invoke(cli, ["build", str(spec), "--out", str(tmp_path / "out"), "--dpi", str(DPI), *options])
    assert result.exit_code == 0 and result.exception is None, result.output
    return tmp_path / "out" / "promo-deck"


def rgb(colour: str) -> tuple:
    """#rrggbb as (r, g, b) 0-255."""
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def near(pixel, colour, tolerance=3) -> bool:
    """True when a pixel's first three channels are within tolerance of a colour."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour))


def inked(image, background=(255, 255, 255)) -> tuple:
    """The box (left, top, right, bottom), in pixels, of what is not background (right and bottom: one past)."""
    ground = Image.new("RGB", image.size, background)
    return ImageChops.difference(image.convert("RGB"), ground).convert("L").point(lambda v: 255 * (v > 8)).getbbox()


def test_a_showcase_lays_the_first_five_cards_side_by_side_over_a_fading_reflection(tmp_path):
    """At 100 dpi, five 40 x 60 mm cards 4 mm apart (a tenth of a card) inside a 10 mm margin, a 1.5 mm drop and a
    reflection a quarter of a card deep: 236 x 96.5 mm. Each card's middle is its colour, its rounded corner is not, and
    its reflection fades to the background downward."""
    out = build(tmp_path, deck(tmp_path), "--format", "showcase")
    image = Image.open(out / "showcase" / "cards.png").convert("RGB")
    width, height = 2 * 10 + 5 * 40 + 4 * 4, 2 * 10 + 60 + 1.5 + 15
    assert image.size == (round(width * K), round(height * K))
    assert image.info["dpi"] == (DPI, DPI) or math.isclose(image.info["dpi"][0], DPI, abs_tol=0.01)
    for i, name in enumerate(list(COLOURS)[:5]):
        left = 10 + i * 44
        assert near(image.getpixel((round((left + 20) * K), round(40 * K))), rgb(COLOURS[name])), name
        assert near(image.getpixel((round((left + 2) * K), round(12 * K))), rgb(COLOURS[name])), name
        assert near(image.getpixel((round((left + 0.4) * K), round(10.4 * K))), (255, 255, 255)), name  # cut round
        column = [image.getpixel((round((left + 20) * K), round(y))) for y in range(round(71.8 * K), round(86 * K))]
        lightness = [sum(pixel) for pixel in column]
        assert lightness == sorted(lightness) and lightness[0] < 3 * 245 and lightness[-1] >= 3 * 250, name
    assert inked(image)[:3] == (round(10 * K), round(10 * K), round((width - 10) * K))
    assert image.getpixel((round(10 * K), round((10 + 60 + 0.75) * K))) == (255, 255, 255)  # the drop


def test_a_transparent_showcase_fades_its_reflection_in_alpha(tmp_path):
    out = build(tmp_path, deck(tmp_path, {"background": "transparent", "margin": "5 mm"}), "--format", "showcase")
    image = Image.open(out / "showcase" / "cards.png")
    assert image.mode == "RGBA" and image.size == (round((2 * 5 + 5 * 40 + 4 * 4) * K), round((2 * 5 + 76.5) * K))
    x = round(25 * K)
    assert image.getpixel((x, round(35 * K)))[3] == 255 and image.getpixel((2, 2))[3] == 0
    alpha = [image.getpixel((x, y))[3] for y in range(round(66.8 * K), round(81.4 * K))]
    assert alpha == sorted(alpha, reverse=True) and 40 < alpha[0] < 80 and alpha[-1] < 5
    assert near(image.getpixel((x, round(67 * K))), rgb(COLOURS["red"]), 40)  # the reflection is the card's own colour


def test_a_hand_fans_the_cards_about_a_point_below_them_the_last_on_top_inside_the_margin(tmp_path):
    """The pieces show to their bleed here (square corners), so the image's size follows from the documented geometry:
    card i of 5 turned (i - 2) x 10 degrees about a point half a card's height (with bleed) below its bottom middle."""
    out = build(tmp_path, deck(tmp_path, {"bleed": True}), "--format", "hand")
    image = Image.open(out / "hand" / "cards.png").convert("RGB")
    w, h = CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED
    pivot = (w / 2, h * 1.5)

    def turned(x, y, degrees):
        a = math.radians(degrees)
        x, y = x - pivot[0], y - pivot[1]
        return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
    corners = [turned(x, y, (i - 2) * 10) for i in range(5) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    right, bottom = max(x for x, _ in corners), max(y for _, y in corners)
    assert image.size == (round((right - left + 20) * K), round((bottom - top + 20) * K))
    assert inked(image) == (round(10 * K), round(10 * K), image.width - round(10 * K), image.height - round(10 * K))

    def at(x, y, degrees):
        u, v = turned(x, y, degrees)
        return round((u - left + 10) * K), round((v - top + 10) * K)
    assert near(image.getpixel(at(w / 2, h / 2, 20)), rgb(COLOURS["purple"]))   # the last card, on top, in the middle
    names = list(COLOURS)[:5]
    for i, name in enumerate(names):  # each card's top left corner shows, its top right lies under a later card
        assert near(image.getpixel(at(3, 3, (i - 2) * 10)), rgb(COLOURS[name])), name
        if i < 4:
            assert any(near(image.getpixel(at(w - 3, 3, (i - 2) * 10)), rgb(COLOURS[later])) for later in names[i + 1:])


def test_a_hand_of_rounded_cards_or_round_tokens_keeps_every_piece_inside_the_margin(tmp_path):
    out = build(tmp_path, deck(tmp_path), "--format", "hand")
    for name in ("cards", "tokens"):
        image = Image.open(out / "hand" / f"{name}.png").convert("RGB")
        m = round(10 * K)
        box = inked(image)
        assert all(abs(a - b) <= 1 for a, b in zip(box, (m, m, image.width - m, image.height - m))), (name, box)
    tokens = Image.open(out / "hand" / "tokens.png")
    assert tokens.height == round((TOKEN + 20) * K)  # two discs turned about one point: their tops level


def test_promo_faces_picks_the_faces_by_number_and_the_back_and_leaves_out_the_other_components(tmp_path):
    spec = deck(tmp_path)
    out = build(tmp_path, spec, "--format", "showcase,hand")
    assert sorted(p.name for p in (out / "showcase").iterdir()) == ["cards.png", "tokens.png"]
    out = build(tmp_path, spec, "--format", "showcase,hand", "--set", "promo.faces={cards: [6, back]}")
    for kind in ("showcase", "hand"):
        assert sorted(p.name for p in (out / kind).iterdir()) == ["cards.png"], kind  # the tokens' image is gone
    image = Image.open(out / "showcase" / "cards.png").convert("RGB")
    assert image.width == round((2 * 10 + 2 * 40 + 4) * K)
    assert near(image.getpixel((round(30 * K), round(40 * K))), rgb(COLOURS["orange"]))
    assert near(image.getpixel((round(74 * K), round(40 * K))), (0, 0, 0))


def test_a_second_build_writes_the_same_bytes(tmp_path):
    spec = deck(tmp_path, {"background": "#203040"})
    out = build(tmp_path, spec, "--format", "showcase,hand")
    first = {p.name + p.parent.name: p.read_bytes() for p in out.glob("*/*.png")}
    assert len(first) == 4
    out = build(tmp_path, spec, "--format", "showcase,hand")
    assert {p.name + p.parent.name: p.read_bytes() for p in out.glob("*/*.png")} == first
    assert Image.open(out / "hand" / "cards.png").convert("RGB").getpixel((2, 2)) == (0x20, 0x30, 0x40)


def test_a_showcase_past_8192_pixels_is_drawn_at_a_lower_dpi_and_says_so(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(deck(tmp_path)), "--out", str(tmp_path / "out"), "--dpi", "1200",
                                      "--format", "showcase", "--set", "promo.faces={cards: [1, 2, 3, 4, 5]}"])
    assert result.exit_code == 0, result.output
    image = Image.open(tmp_path / "out" / "promo-deck" / "showcase" / "cards.png")
    assert image.width == 8192 and math.isclose(image.info["dpi"][0], 8192 / 236 * 25.4, rel_tol=1e-3)


def test_a_bad_promo_setting_is_one_line_naming_the_file_line_and_key(tmp_path):
    spec = deck(tmp_path, {"faces": {"cards": [1, 9]}})
    cases = [([], f"{spec}:"), (["--set", "promo.faces={dice: [1]}"], "--set promo.faces.dice: no component 'dice'"),
             (["--set", "promo.background=teal"], "--set promo.background: "),
             (["--set", "promo.shadow=true"], "--set promo.shadow: unknown key 'shadow'"),
             (["--set", "promo.margin=20px"], "--set promo.margin: expected a length")]
    for options, start in cases:
        result = CliRunner().invoke(cli, ["build", str(spec), "--out", str(tmp_path / "out"), "--format", "hand",
                                          *options])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 1 and len(lines) == 1 and "Traceback" not in result.output, result.output
        assert start in lines[0], lines[0]
    first = CliRunner().invoke(cli, ["build", str(spec), "--out", str(tmp_path / "out"), "--format", "showcase"]).output
    line = next(n for n, text in enumerate(spec.read_text().splitlines(), start=1) if text.strip() == "- 9")
    assert first == f"error: {spec}:{line}: promo.faces.cards[1]: expected one of the face numbers from 1 to 6 or back, found 9\n"
    assert not (tmp_path / "out" / "promo-deck" / "showcase").exists()


def test_pnp_validate_refuses_promo_settings_it_can_check_without_making_images(tmp_path):
    """Every setting but a face number past a component's fronts (found when the images are made) fails validate."""
    spec = deck(tmp_path)
    cases = [("promo.faces={dice: [1]}", "promo.faces.dice: no component 'dice' (components: cards, tokens)"),
             ("promo.faces={tokens: [1]} --set components.tokens.include=false", "promo.faces.tokens: component tokens "
              "is left out (include: false), so it has no faces to show: take it out of promo.faces, or include it"),
             ("promo.faces={cards: [0]}", "promo.faces.cards[0]: expected one of the face numbers (1 is its first front) "
                                          "or back, found 0"),
             ("promo.faces={tokens: [back]}", "promo.faces.tokens[0]: tokens has no back to show (give it one with back:, "
                                              "or name its fronts by number)"),
             ("promo.faces={cards: []}", "promo.faces.cards: expected a list of 1 to 20 face numbers (1 is its first "
                                         "front) or back, found 0"),
             ("promo.faces={cards: [" + ", ".join(["1"] * 21) + "]}", "promo.faces.cards: expected a list of 1 to 20 "
                                                                       "face numbers (1 is its first front) or back, found 21"),
             ("promo.background=teal", "promo.background: unknown colour 'teal'")]
    for setting, message in cases:
        sets = [arg for one in setting.split(" --set ") for arg in ("--set", one)]
        result = CliRunner().invoke(cli, ["validate", str(spec), *sets])
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert f"--set {message}" in result.output, result.output
    for setting in ("promo.faces={cards: [6, back], tokens: [2]}", "promo.background=transparent"):
        assert CliRunner().invoke(cli, ["validate", str(spec), "--set", setting]).exit_code == 0


def test_a_showcase_in_perspective_turns_each_card_away_to_the_left(tmp_path):
    """Each card 0.85 as wide, its right edge as high as drawn and its left edge 0.85 as high, both about its middle:
    the straight top and bottom edges make its height fall evenly from right to left."""
    out = build(tmp_path, deck(tmp_path, {"perspective": True, "reflection": False}), "--format", "showcase")
    image = Image.open(out / "showcase" / "cards.png").convert("RGB")
    near_width = 0.85 * 40
    assert image.size == (round((2 * 10 + 5 * near_width + 4 * 4) * K), round((2 * 10 + 60) * K))
    for i, name in enumerate(list(COLOURS)[:5]):
        right = 10 + i * (near_width + 4) + near_width
        for d in (5, 17, 29):  # mm left of the right edge, clear of the rounded corners
            column = [image.getpixel((round((right - d) * K), y)) for y in range(image.height)]
            inked = [not near(pixel, (255, 255, 255), 8) for pixel in column]  # an antialiased pixel each end too
            top, bottom = inked.index(True), len(inked) - inked[::-1].index(True)
            tall = 60 * (1 - 0.15 * d / near_width)
            assert abs((bottom - top) - tall * K) <= 2.5 and abs((top + bottom) / 2 - 40 * K) <= 1, (name, d, top, bottom)
            assert all(near(pixel, rgb(COLOURS[name])) for pixel in column[top + 3:bottom - 3])


def test_a_promo_setting_changed_keeps_the_pdfs(tmp_path):
    """The PDFs do not show promo: settings: a build after one was added said both PDFs were written again (the same
    bytes); now they are unchanged."""
    spec = deck(tmp_path)
    build = ["build", str(spec), "--paper", "a4", "--out", str(tmp_path / "out")]
    assert CliRunner().invoke(cli, build).exit_code == 0
    pdfs = {path: path.read_bytes() for path in (tmp_path / "out").rglob("*.pdf")}
    spec.write_text(spec.read_text() + "promo: {background: '#ffffff'}\n")
    again = CliRunner().invoke(cli, build)
    assert again.exit_code == 0 and again.output.count("unchanged: inputs and file match the last build") == 1, again.output
    assert {path: path.read_bytes() for path in (tmp_path / "out").rglob("*.pdf")} == pdfs
