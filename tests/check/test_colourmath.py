"""Our colour arithmetic (generator/colourmath.py) against coloraide, the independent reference, and the published
CIEDE2000 test data; and no run of pnp loading coloraide."""
import random

import pytest
from coloraide import Color
from coloraide.gamut.fit_raytrace import get_conversion_matrices

from generator import cache
from generator.check import colourmath, vision
from test_startup import pnp

TOLERANCE = 1e-6
RANDOM = random.Random(19)
EDGES = [f"#{v:02x}{v:02x}{v:02x}" for v in range(256)] + [  # every grey, the cube's corners, the ramps of primaries
    f"#{r:02x}{g:02x}{b:02x}" for r in (0, 255) for g in (0, 255) for b in (0, 255)] + [
    f"#{v:02x}0000" for v in range(256)] + [f"#00{v:02x}00" for v in range(256)] + [f"#0000{v:02x}" for v in range(256)]
SWEEP = EDGES + [f"#{RANDOM.randrange(1 << 24):06x}" for _ in range(3000)]

# Sharma, Wu and Dalal 2005, table 1: (L*a*b* 1, L*a*b* 2, CIEDE2000), the 34 pairs, in the published order
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def apart(ours, theirs) -> float:
    """The largest difference between two lists of numbers."""
    return max(abs(a - b) for a, b in zip(ours, theirs, strict=True))


def test_srgb_linear_luminance_and_lab_agree_with_coloraide():
    for hex_colour in SWEEP:
        colour = Color(hex_colour)
        assert apart(colourmath.srgb(hex_colour), colour[:-1]) <= TOLERANCE, hex_colour
        linear = colourmath.linear(colourmath.srgb(hex_colour))
        assert apart(linear, colour.convert("srgb-linear")[:-1]) <= TOLERANCE, hex_colour
        assert apart(colourmath.gamma(linear), colour.convert("srgb-linear").convert("srgb")[:-1]) <= TOLERANCE
        assert abs(colourmath.luminance(linear) - colour.luminance()) <= TOLERANCE, hex_colour
        assert apart(colourmath.lab(hex_colour), colour.convert("lab-d65")[:-1]) <= TOLERANCE, hex_colour
    with pytest.raises(ValueError):
        colourmath.srgb("#f0a")


@pytest.mark.parametrize("deficiency", ["protan", "deutan", "tritan"])
def test_simulations_agree_with_coloraides_default_filters(deficiency):
    fitted = 0
    for hex_colour in SWEEP:
        seen = Color(hex_colour).filter(deficiency).convert("srgb")
        ours = colourmath.gamma(colourmath.dichromat(colourmath.linear(colourmath.srgb(hex_colour)), deficiency))
        assert apart(ours, seen[:-1]) <= TOLERANCE, hex_colour
        fitted += not seen.in_gamut("srgb", tolerance=0)
        assert apart(colourmath.fit(ours), seen.fit("srgb")[:-1]) <= TOLERANCE, hex_colour
        assert colourmath.hex_of(ours) == seen.to_string(hex=True), hex_colour
    assert fitted > 100, "the sweep brings enough simulated colours out of gamut to exercise the fitting"


def test_fitting_out_of_gamut_colours_agrees_with_coloraide():
    rng = random.Random(2005)
    for _ in range(3000):
        rgb = [rng.uniform(-0.6, 1.6) for _ in range(3)]
        assert apart(colourmath.fit(rgb), Color("srgb", rgb).fit("srgb")[:-1]) <= TOLERANCE, rgb
    assert colourmath.fit([1.2, 1.3, 1.1]) == colourmath.gamma([1.0, 1.0, 1.0]), "past white: white"
    assert colourmath.fit([0.2, 0.5, 0.9]) == [0.2, 0.5, 0.9], "in gamut: unchanged"


def test_the_oklab_matrices_are_coloraides_as_it_computes_them():
    colour = Color("white")
    lms_to_rgb, rgb_to_lms = get_conversion_matrices("srgb-linear", colour.CS_MAP["srgb-linear"], "bradford",
                                                     colour.CAT_MAP["bradford"])
    assert [list(row) for row in colourmath.LMS_TO_RGB] == lms_to_rgb
    assert [list(row) for row in colourmath.RGB_TO_LMS] == rgb_to_lms


def test_ciede2000_agrees_with_coloraide_on_random_pairs():
    rng = random.Random(2000)
    for a, b in zip(SWEEP, rng.sample(SWEEP, len(SWEEP))):
        assert abs(colourmath.ciede2000(colourmath.lab(a), colourmath.lab(b))
                   - Color(a).delta_e(Color(b), method="2000")) <= TOLERANCE, (a, b)


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_matches_sharmas_test_data(lab1, lab2, expected):
    assert colourmath.ciede2000(list(lab1), list(lab2)) == pytest.approx(expected, abs=1e-4)
    assert colourmath.ciede2000(list(lab2), list(lab1)) == pytest.approx(expected, abs=1e-4), "symmetric"


def test_vision_gives_coloraides_answers():
    for hex_colour in SWEEP[::7]:
        colour = Color(hex_colour)
        for simulation in ("protan", "deutan", "tritan"):
            assert vision.simulate(hex_colour, simulation) == colour.filter(simulation).convert("srgb").fit(
                "srgb").to_string(hex=True)
        assert vision.simulate(hex_colour, "normal") == colour.to_string(hex=True)
        y = colour.convert("srgb-linear").luminance()
        assert abs(vision.grey_level(hex_colour) - Color("srgb-linear", [y] * 3).convert("srgb")[0]) <= TOLERANCE


def test_the_colour_memo_keys_on_our_code(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(vision, "MEMO", cache.Memo("colour.json", []))
    made, put = [], vision.MEMO.put
    monkeypatch.setattr(vision.MEMO, "put", lambda key, value: (made.append(key), put(key, value)))
    vision.simulate("#d7261e", "deutan")
    vision.simulate("#d7261e", "deutan")
    assert len(made) == 1, "kept by its arguments"
    monkeypatch.setattr(cache, "code", lambda: "another version of our code")
    vision.simulate("#d7261e", "deutan")
    assert len(made) == 2, "worked out again for other code"
    vision.difference("#d7261e", "#1f4fd0")
    assert len(made) == 2, "a difference costs less than its key: worked out, not kept"
    vision.MEMO.save()
    assert (tmp_path / "pnp" / "colour.json").read_text().startswith('{"libraries":[]'), "no library named"


@pytest.mark.parametrize("command", [["validate", "posies"], ["palette", "hexstatic", "--theme", "okabe-ito"]])
def test_a_run_with_empty_memos_loads_no_coloraide(tmp_path, command):
    status, output, modules = pnp(tmp_path / "cache", *command, *(["--out", tmp_path] if "palette" in command else []))
    assert status == 0, output
    assert "CIEDE2000" in output and "generator.check.colourmath" in modules, "the colour check ran"
    assert not {name for name in modules if name.split(".")[0] == "coloraide"}


def test_each_colours_lab_is_worked_out_once_for_all_its_pairs(tmp_path, monkeypatch):
    """A cold colour check works out the Lab of each colour once, however many pairs and basic colour terms it is
    measured against (Granny's Pills' six pills under four simulations and in grey: 534 Lab conversions before), and
    finds the same differences as colourmath.lab read afresh each time."""
    from generator.spec import loader as specs
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(vision, "MEMO", cache.Memo("colour.json", []))
    vision._lab.cache_clear()
    read, lab = [], colourmath.lab
    monkeypatch.setattr(colourmath, "lab", lambda hex_colour: (read.append(hex_colour), lab(hex_colour))[1])
    spec = specs.load("hexstatic")
    reports = [vision.summary(report) for report in vision.reports(spec)] + [vision.nearest_word("#3cb44b")]
    assert len(read) == len(set(read)) > 10
    assert all(vision.difference(a, b) == colourmath.ciede2000(lab(a), lab(b)) for a in read[:6] for b in read[:6])
    assert reports[-1] == "green"
