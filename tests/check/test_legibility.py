"""Text against what it is printed on: the contrast validate reads (legibility.py) against the pixels cairo paints and
coloraide's WCAG contrast, on layouts, the common back and every shipped spec."""
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from coloraide import Color
from PIL import Image

from generator.cli import cli
from generator.draw.render import draw_art
from generator.output import raster
from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.check.validate import validate

ROOT = Path(__file__).resolve().parents[2]
DPI = 254   # 10 pixels a mm
SPEC = """\
game: {title: Contrast, designer: Tester}
palette: {sun: "#d98e04", tea: "#27ae60", night: "#1b1b1b", paper: "#fbf7ee", ink: "#26221c", sky: "#8ecae6"}
components:
  cards:
    kind: layout
    expect: 1
    width: 63 mm
    height: 88 mm
    layout:
      ground: paper
      elements:
"""
TITLE = "title: {type: text, x: 5, y: 4, width: 50, height: 10, text: Sunrise, size: 5, bold: true, colour: white, valign: middle}"


def card(tmp_path, *elements, back=""):
    """A one-card spec whose layout draws the elements in order (and the back given), loaded."""
    path = tmp_path / "game.yaml"
    path.write_text(SPEC + "".join(f"        {e}\n" for e in elements) + back)
    return specs.load(str(path))


def painted(spec, side="front"):
    """The first artwork of a side as cairo paints it at DPI (pixel (0, 0) is the bleed box's corner, 3 mm out)."""
    art = next(a for a in expand(spec)[1].values() if a.side == side)
    return Image.open(io.BytesIO(raster.picture_png(draw_art(spec, art), DPI))).convert("RGB")


def colours(image, box):
    """The two commonest colours in a box (left, top, right, bottom) in mm on the trim, as #rrggbb: ground, then ink."""
    left, top, right, bottom = (round((v + 3) * DPI / 25.4) for v in box)
    found = sorted(image.crop((left, top, right, bottom)).getcolors(1 << 20), reverse=True)
    return ["#%02x%02x%02x" % rgb for _, rgb in found[:2]]


def wcag(a, b):
    """coloraide's WCAG 2.1 contrast of two colours."""
    return Color(a).contrast(b, method="wcag21")


def told(result):
    """The contrast lines of a validate's output."""
    return [line for line in result.output.splitlines() if "printed on" in line]


def test_a_title_that_reads_poorly_on_its_band_is_a_warning_at_the_contrast_its_pixels_have(tmp_path):
    spec = card(tmp_path, "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: sun}", TITLE)
    warnings: list = []
    assert validate(spec, warnings) == []   # under 3:1 reads poorly: a warning, the set still builds
    ground, ink = colours(painted(spec), (5, 4, 40, 14))   # the band round the letters, and the letters
    assert (ground, ink) == ("#d98e04", "#ffffff")
    (line,) = warnings
    found = float(re.search(r"a contrast of (\d\.\d):1: #ffffff \(white\) on #d98e04 \(sun\);", line).group(1))
    assert found == int(wcag(ink, ground) * 10) / 10 == 2.6
    assert line.endswith("cards: face 1: text 'Sunrise' (text title) reads poorly on what it is printed on (a contrast of "
                         "2.6:1: #ffffff (white) on #d98e04 (sun); WCAG asks 3:1 of text at least, 4.5:1 of small text)")


def test_a_text_that_cannot_be_read_fails_and_the_build_refuses_it(tmp_path):
    spec = card(tmp_path, "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: night}",
                TITLE.replace("colour: white", "colour: black"))
    ground, ink = colours(painted(spec), (5, 4, 40, 14))
    assert wcag(ink, ground) < 1.5
    assert [f.message for f in validate(spec)] == [
        "face 1: text 'Sunrise' (text title) cannot be read on what it is printed on (expected a contrast of at least "
        f"1.5:1, found {int(wcag(ink, ground) * 10) / 10:.1f}:1: #000000 (black) on #1b1b1b (night))"]
    result = CliRunner().invoke(cli, ["build", str(tmp_path / "game.yaml"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.output.splitlines() == [   # the failure, then the error line, as validate
        f"{tmp_path / 'game.yaml'}: cards: {validate(spec)[0].message}",
        f"error: {tmp_path / 'game.yaml'}: 1 check failed, not building (run 'pnp validate')"]
    assert not (tmp_path / "out").exists()


def test_what_lies_under_a_text_is_read_from_its_outline_not_its_box(tmp_path):
    """Black words on a white disc on a night band read; moved to the corner of the disc's box, off the disc, they do
    not: the pixels under them say which."""
    disc = "disc: {type: circle, x: 31.5, y: 30, r: 14, fill: white}"
    band = "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 50, fill: night}"
    word = "word: {type: text, x: XX, y: YY, width: 12, height: 4, text: Dawn, size: 3, colour: black}"
    for (x, y), reads in (((25.5, 28), True), ((17.6, 16.2), False)):   # the middle; the box's corner, off the disc
        folder = tmp_path / f"{x}"
        folder.mkdir()
        spec = card(folder, band, disc, word.replace("XX", str(x)).replace("YY", str(y)))
        ground, _ = colours(painted(spec), (x, y, x + 12, y + 4))
        assert ground == ("#ffffff" if reads else "#1b1b1b")
        assert bool(validate(spec)) is not reads


def test_a_text_on_the_designer_s_picture_or_outlined_in_a_colour_that_reads_is_left_alone(tmp_path):
    (tmp_path / "art.png").write_bytes(_png((27, 27, 27)))
    on_art = card(tmp_path, "art: {type: image, file: art.png, x: 0, y: 0, width: 63, height: 20, role: art}",
                  TITLE.replace("colour: white", "colour: black"))
    assert validate(on_art) == []   # only a painter can tell what the picture puts there
    (tmp_path / "ringed").mkdir()
    ringed = card(tmp_path / "ringed", "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: night}",
                  TITLE.replace("colour: white", "colour: black, outline: {colour: white, width: 0.4}"))
    warnings: list = []
    assert validate(ringed, warnings) == [] and warnings == []   # black letters in a white ring


def test_a_see_through_text_is_read_as_it_prints_over_its_ground(tmp_path):
    spec = card(tmp_path, TITLE.replace("colour: white", "colour: ink, opacity: 0.3"))
    ground, ink = colours(painted(spec), (5, 4, 40, 14))
    warnings: list = []
    validate(spec, warnings)
    (line,) = warnings
    shown = re.search(r"a contrast of (\d\.\d):1: (#\w+) on #fbf7ee \(paper\)", line)
    assert shown.group(1) == f"{int(wcag(ink, ground) * 10) / 10:.1f}"
    assert wcag(shown.group(2), ink) < 1.05   # the blend it reads is the one cairo paints


def test_a_plain_back_with_no_ink_letters_in_white_on_a_dark_fill(tmp_path):
    spec = card(tmp_path, TITLE.replace("colour: white", "colour: ink"),
                back="    back: {fill: night, label: CONTRAST}\n")
    assert validate(spec) == []
    image = painted(spec, "back")
    found = sorted(image.getcolors(1 << 20), reverse=True)
    assert ["#%02x%02x%02x" % rgb for _, rgb in found[:2]] == ["#1b1b1b", "#ffffff"]   # white letters, not black


def _png(rgb):
    """A 10 x 10 px PNG of one colour."""
    out = io.BytesIO()
    Image.new("RGB", (10, 10), rgb).save(out, "PNG")
    return out.getvalue()


SHIPPED = sorted(p.stem for p in (ROOT / "generator" / "specs").glob("*.yaml"))
EXAMPLES = sorted(str(p / f"{p.name}.yaml") for p in (ROOT / "examples").iterdir() if p.is_dir())


@pytest.mark.parametrize("theme", [None, "okabe-ito", "high-contrast"])
def test_no_shipped_game_example_or_starter_has_text_that_reads_poorly(tmp_path, theme):
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    games = SHIPPED + ([] if theme else EXAMPLES + [str(tmp_path / "mine" / "mine.yaml")])
    result = CliRunner().invoke(cli, ["validate", *games] + (["--theme", theme] if theme else []))
    assert result.exit_code == 0, result.output
    assert result.output.count("checks pass") == len(games) and told(result) == []


def test_a_warning_is_told_again_when_the_checks_are_kept(tmp_path):
    card(tmp_path, "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: tea}",
         TITLE.replace("Sunrise", "Tea time"))
    runs = [CliRunner().invoke(cli, ["validate", str(tmp_path / "game.yaml")]) for _ in range(2)]
    assert [r.exit_code for r in runs] == [0, 0]
    assert told(runs[0]) == told(runs[1]) and len(told(runs[0])) == 1
    assert "a contrast of 2.8:1: #ffffff (white) on #27ae60 (tea)" in told(runs[0])[0]
    assert wcag("#ffffff", "#27ae60") == pytest.approx(2.87, abs=0.01)
    assert told(runs[0])[0].startswith(f"warning: {tmp_path / 'game.yaml'}: cards: face 1: text 'Tea time'")


def test_pnp_build_prints_the_warnings_validate_prints_also_when_its_files_are_unchanged(tmp_path):
    """White on tea: pnp build warns as pnp validate does, on a first build, on a build that finds every file as it
    was (from the files' records), with PNGs alone; once the band is a green white reads on, no build warns, and once
    it is near white, the build refuses it (the faces kept from the last build are not taken as read)."""
    card(tmp_path, "band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: tea}",
         TITLE.replace("Sunrise", "Tea time"))
    spec = str(tmp_path / "game.yaml")
    warned = told(CliRunner().invoke(cli, ["validate", spec]))
    assert len(warned) == 1 and "2.8:1: #ffffff (white) on #27ae60 (tea)" in warned[0]
    builds = [CliRunner().invoke(cli, ["build", spec, "--out", str(tmp_path / "out"), *more])
              for more in (("--paper", "a4"), ("--paper", "a4"), ("--format", "png"))]
    assert [b.exit_code for b in builds] == [0, 0, 0] and "unchanged" in builds[1].output
    assert [told(b) for b in builds] == [warned] * 3
    (tmp_path / "game.yaml").write_text((tmp_path / "game.yaml").read_text().replace("#27ae60", "#1e7a44"))
    assert wcag("#ffffff", "#1e7a44") > 4.5
    again = CliRunner().invoke(cli, ["build", spec, "--paper", "a4", "--out", str(tmp_path / "out")])
    assert again.exit_code == 0 and told(again) == [] and "components" in again.output
    (tmp_path / "game.yaml").write_text((tmp_path / "game.yaml").read_text().replace("#1e7a44", "#f4f4f4"))
    refused = CliRunner().invoke(cli, ["build", spec, "--paper", "a4", "--out", str(tmp_path / "out")])
    assert refused.exit_code == 1 and "cannot be read on what it is printed on" in refused.output, refused.output


WORDS = "words: {type: text, x: 10, y: 40, width: 43, height: 8, text: WORDS, size: 4, bold: true, colour: black}"
NAVY = "#1b1b3a"


def share_unreadable(folder, elements, words, text="Readable words"):
    """The share of a text's letter pixels whose ink and ground, as cairo paints them, are under 1.5:1 apart, and the
    spec: the letters found where the text drawn in green differs from the face drawn without it."""
    def made(name, text_element):
        (folder / name).mkdir(parents=True)
        return card(folder / name, *elements(text_element))
    spec = made("as-is", words.replace("WORDS", f"'{text}'"))
    green = painted(made("green", words.replace("WORDS", f"'{text}'").replace("colour: black", "colour: '#00ff00'")))
    bare = painted(made("bare", words.replace("WORDS", "' '")))
    shown = painted(spec)
    letters = [(x, y) for x in range(green.width) for y in range(green.height)   # where green letters change the face
               if sum(abs(a - b) for a, b in zip(green.getpixel((x, y)), bare.getpixel((x, y)))) > 40]
    poor = sum(wcag("#%02x%02x%02x" % shown.getpixel(p), "#%02x%02x%02x" % bare.getpixel(p)) < 1.5 for p in letters)
    return poor / len(letters), spec


@pytest.mark.parametrize("case, elements, fails", [
    ("a wide stroke under it", lambda w: [f"bar: {{type: line, x1: 5, y1: 44, x2: 58, y2: 44, stroke: '{NAVY}', "
                                          "stroke_width: 8}", w], True),
    ("a see-through sheet laid over it", lambda w: [w, "veil: {type: rect, x: 5, y: 35, width: 53, height: 18, "
                                                    "fill: white, opacity: 0.88}"], True),
    ("a band under its last letters", lambda w: [f"band: {{type: rect, area: bleed, x: 41, y: 0, width: 40, height: "
                                                 f"100%, fill: '{NAVY}'}}", w], True),
    ("a hairline outline on a dark band", lambda w: [f"band: {{type: rect, area: bleed, x: 0, y: 30, width: 100%, "
                                                     f"height: 30, fill: '{NAVY}'}}",
                                                     w.replace("}", ", outline: {colour: white, width: 0.05}}")], True),
    ("a dark keyline round black letters", lambda w: [w.replace("}", ", outline: {colour: '#1b1b1b', width: 0.3}}")],
     False),
])
def test_each_letter_is_read_on_what_cairo_paints_under_it(tmp_path, case, elements, fails):
    """A text validate passed though some of its letters print under 1.5:1 (a wide stroke, a see-through sheet drawn
    after it, a band under its last letters that three samples missed, an outline too thin to part it), or failed though
    every letter reads (its outline as dark as its ink): the verdict follows the pixels."""
    share, spec = share_unreadable(tmp_path, elements, WORDS)
    assert (share > 0.15) is fails, share
    failed = [f.message for f in validate(spec)]
    assert bool(failed) is fails and all("cannot be read on what it is printed on" in m for m in failed), failed


def test_a_mark_between_two_words_is_under_no_letter_and_fails_nothing(tmp_path):
    """A navy dot between 'MM' and 'MM' failed the text: its middle sample fell in the gap; no letter touches it."""
    dot = f"dot: {{type: circle, x: 31.5, y: 44, r: 0.5, fill: '{NAVY}'}}"
    centred = WORDS.replace("size: 4,", "size: 4, align: centre, valign: middle,")
    share, spec = share_unreadable(tmp_path, lambda w: [dot, w], centred, "MM MM")
    warnings: list = []
    assert share < 0.05 and validate(spec, warnings) == [] and warnings == []   # a fringe of an edge, no letter


def test_a_see_through_icon_is_painted_as_one(tmp_path):
    """A half-opaque icon, a white disc on a navy square: the disc prints white (the icon is painted whole, then at half
    opacity over white paper), so near-white words on it cannot be read, where each shape blended apart read 1.6:1."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "sq.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="currentColor"/>'
        '<circle cx="5" cy="5" r="4" fill="#ffffff"/></svg>')
    spec = card(tmp_path, f"sign: {{type: icon, name: sq, x: 11.5, y: 24, width: 40, height: 40, colour: '{NAVY}', "
                          "opacity: 0.5}", "word: {type: text, x: 21.5, y: 40, width: 20, height: 8, text: Fog, size: 4, "
                                           "bold: true, colour: '#fafafa', align: centre, valign: middle}")
    disc, _ = colours(painted(spec), (27, 41, 36, 47))   # the disc under the word, as cairo paints it: white at half
    assert disc == "#fdfbf7" and wcag("#fafafa", disc) < 1.05   # over the paper, whatever the square under it
    (message,) = [f.message for f in validate(spec)]
    found = re.fullmatch(r"face 1: text 'Fog' \(text word\) cannot be read on what it is printed on \(expected a contrast "
                         r"of at least 1\.5:1, found 1\.0:1: #fafafa on (#\w{6})\)", message)
    assert found and max(abs(int(found[1][i:i + 2], 16) - int(disc[i:i + 2], 16)) for i in (1, 3, 5)) <= 1, message


def test_a_faint_word_in_a_text_of_several_colours_is_named(tmp_path):
    """A pale word in a span of its own colour: the warning blamed the whole text, its words joined with double
    spaces."""
    spec = card(tmp_path, "rules: {type: text, x: 5, y: 40, width: 53, height: 10, text: 'Gain **two** {colour:sky}"
                          "coins{/colour} now', size: 4, colour: black}")
    warnings: list = []
    validate(spec, warnings)
    assert [w.split("cards: ", 1)[1] for w in warnings] == [
        "face 1: text 'Gain two coins now' (text rules) at 'coins' reads poorly on what it is printed on (a contrast of "
        f"{int(wcag('#8ecae6', '#fbf7ee') * 10) / 10:.1f}:1: #8ecae6 (sky) on #fbf7ee (paper); WCAG asks 3:1 of text at "
        "least, 4.5:1 of small text)"]


def test_a_face_of_many_see_through_layers_under_many_texts_reads_some_and_says_so(tmp_path):
    """300 faint discs stacked under 300 labels: every letter looked at every disc (1,000 of each: over 5 minutes); past
    LOOKS the other texts go unread, and the warning says how many."""
    spec = card(tmp_path, "disc: {type: circle, x: 31.5, y: 44, r: 30, fill: sun, opacity: 0.02, repeat: {count: 300, "
                          "columns: 300, dx: 0.001}}",
                "num: {type: text, x: 3, y: 3, width: 14.5, height: 2.2, text: ABCDEFGHIJKL, size: 1.5, colour: ink, "
                "repeat: {count: 300, columns: 4, dx: 15, dy: 1}}")
    warnings: list = []
    assert validate(spec, warnings) == []
    (line,) = warnings
    unread = int(re.search(r"face 1: (\d+) of its 300 texts were not read against what they are printed on: the face "
                           r"lays too many things under them \(its texts' letters met 200,000 of them in all\)$", line)[1])
    assert 0 < unread < 300


def test_an_icon_drawn_in_large_numbers_is_traced_as_placed(tmp_path):
    """A coin template on a viewBox of a million units was traced to 0.004 of its own units: millions of points, 35 s
    to validate; traced to 0.004 mm as placed, its disc is a few hundred."""
    from generator.check import legibility
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "big.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000000 1000000"><circle cx="500000" cy="500000" '
        'r="460000" fill="currentColor" stroke="#222222" stroke-width="50000"/></svg>')
    spec = card(tmp_path, "sign: {type: icon, name: big, x: 11.5, y: 24, width: 40, height: 40, colour: sun}",
                "word: {type: text, x: 21.5, y: 40, width: 20, height: 8, text: Fog, size: 4, colour: ink, "
                "align: centre, valign: middle}")
    drawing = draw_art(spec, next(a for a in expand(spec)[1].values() if a.side == "front"))
    walk = legibility._Walk({})
    walk.visit(drawing, legibility.IDENTITY, legibility.DEFAULTS, 1.0, (), walk.layers)
    stroked = [layer for layer in walk.layers if getattr(layer, "width", 0)]
    assert stroked and max(len(piece) for layer in stroked for piece in layer.polygons()) < 1000
    assert sum(len(piece) for layer in stroked for piece in layer.polygons()) < 20_000
