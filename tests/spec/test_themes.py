"""Themes, the colour-vision check, the swatch sheet, ink-saver and greyscale looks, measured on real output."""
import io
import re
import textwrap
from itertools import combinations
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from conftest import render
from PIL import Image, ImageChops

from generator.output import raster, swatches
from generator.draw import looks
from generator.spec import loader as specs, theme
from generator.check import vision
from generator.build import components_pdf
from generator.cli import cli
from generator.check.coverage import coverage
from generator.errors import SpecError
from generator.spec.expand import expand
from generator.draw.render import draw_art
from generator.check.validate import validate

GAMES = [p.stem for p in specs.shipped()]
THEMES = [None] + [p.stem for p in theme.shipped()]
SPECS = Path(specs.SPECS)


def run(*args):
    """Invoke pnp; return the click result."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def write(tmp_path, name, text):
    """Write a file under tmp_path; return its path."""
    path = tmp_path / name
    path.write_text(text)
    return path


def test_theme_precedence_spec_then_theme_then_set(tmp_path):
    mine = write(tmp_path, "mine.yaml", "theme: {title: Mine}\ngames:\n  grannys-pills:\n    palette: {red: '#111111'}\n")
    assert specs.load("grannys-pills").colour("red") == "#cf2a22"
    assert specs.load("grannys-pills", theme=str(mine)).colour("red") == "#111111"
    assert specs.load("grannys-pills", ("palette.red=#222222",), str(mine)).colour("red") == "#222222"


@pytest.mark.parametrize("sections", ["palette:\nlines:\nfonts:\n", "games:\n", "games:\n  grannys-pills:\n",
                                      "games:\n  grannys-pills:\n    palette:\n    lines:\n    fonts:\n    components:\n"])
def test_an_empty_theme_section_changes_nothing(tmp_path, sections):
    empty = write(tmp_path, "empty.yaml", "theme: {title: Empty}\n" + sections)
    themed = specs.load("grannys-pills", theme=str(empty))
    assert themed.theme == "empty" and themed._replace(theme="") == specs.load("grannys-pills")


def test_generic_palette_replaces_only_names_the_game_has(tmp_path):
    okabe = specs.load("posies", theme="okabe-ito")
    assert okabe.colour("pink") == "#cc79a7" and okabe.colour("green") == "#009e73"
    assert okabe.colour("purple") == specs.load("posies").colour("purple")
    assert "red" not in okabe.palette


def test_theme_line_styles_and_font_size_reach_the_components(tmp_path):
    mine = write(tmp_path, "mine.yaml", "theme: {title: Mine}\nlines:\n  red: {style: dotted}\nfonts: {size: 5 mm}\n")
    hexes = specs.load("hexstatic", theme=str(mine))
    assert hexes.component("tiles").options["lines"]["red"]["style"] == "dotted"
    assert hexes.component("tiles").options["lines"]["green"]["style"] == "thin"
    assert hexes.component("scoring").options["font_size"] == 5.0
    assert specs.load("hexstatic", theme="high-contrast").component("legend").options["font_size"] == 4.2


def test_theme_errors_name_the_theme_file_line_and_key(tmp_path):
    bad = write(tmp_path, "bad.yaml", "theme: {title: Bad}\ngames:\n  grannys-pills:\n    palette:\n      red: crimson\n")
    with pytest.raises(SpecError, match=re.escape(f"{bad}:5: games.grannys-pills.palette.red: unknown colour 'crimson' (a palette's colour is")):
        specs.load("grannys-pills", theme=str(bad))
    deep = write(tmp_path, "deep.yaml", "theme: {title: Deep}\ngames:\n  grannys-pills:\n    components:\n"
                                        "      pill:\n        size: 25 mm\n        glitter: 3\n")
    with pytest.raises(SpecError, match=re.escape(f"{deep}:7: games.grannys-pills.components.pill.glitter: unknown key 'glitter'")):
        specs.load("grannys-pills", theme=str(deep))
    with pytest.raises(SpecError, match=r"bad2.yaml:2: colours: unknown key 'colours'"):
        specs.load("grannys-pills", theme=str(write(tmp_path, "bad2.yaml", "theme: {title: X}\ncolours: {}\n")))
    result = run("validate", "grannys-pills", "--theme", "no-such-theme")
    assert result.exit_code == 1 and "unknown theme 'no-such-theme'" in result.output
    for text, message in (("theme: {title: T, bogus: 1}\n", ":1: theme.bogus: unknown key 'bogus' (expected one"),   # both were
                          ("theme: {title: [1]}\n", ":1: theme.title: expected text, found a list"),   # taken
                          ("", ": theme is empty"),   # it said 'spec is empty'
                          ("theme: {title: T, notse: a}\n", ":1: theme.notse: unknown key 'notse': did you mean 'notes'?")):
        with pytest.raises(SpecError) as caught:
            specs.load("grannys-pills", theme=str(write(tmp_path, "odd.yaml", text)))
        assert str(caught.value).startswith(f"{tmp_path / 'odd.yaml'}{message}"), str(caught.value)


def red_green_spec(tmp_path, cues):
    """Granny's Pills with one group: red and green told apart by colour alone (or by the given cues)."""
    text = (SPECS / "grannys-pills.yaml").read_text()
    group = f"  - {{name: lights, colours: [red, green], cues: [{', '.join(cues)}]}}\n"
    text = re.sub(r"distinguish:\n(  - .*\n)+", "distinguish:\n" + group, text)
    text = text.replace('green: "#4fbf5f"', 'green: "#2f9e44"')
    folder = tmp_path / ("cued" if cues else "bare")
    folder.mkdir()
    return write(folder, "grannys-pills.yaml", text)


def test_check_fails_a_red_green_pair_told_apart_by_colour_only(tmp_path):
    result = run("validate", str(red_green_spec(tmp_path, [])))
    assert result.exit_code == 1
    assert re.search(r"colours lights: colour is the only cue and (green/red|red/green) are too close under deutan \(green-weak\) "
                     r"\(expected a CIEDE2000 difference of at least 20, found [0-9.]+\)", result.output)
    assert re.search(r"colours lights: colour is the only cue and (green/red|red/green) are too close in a greyscale print "
                     r"\(expected an L\* difference of at least 25, found [0-9.]+\)", result.output)
    bare = str(tmp_path / "bare" / "grannys-pills.yaml")
    assert run("validate", bare, "--threshold", "5").exit_code == 1, "greyscale fails on its own"
    assert run("validate", bare, "--threshold", "5", "--grey-threshold", "5").exit_code == 0


def test_a_claimed_shape_cue_that_every_colour_shares_tells_nothing_apart(tmp_path):
    path = red_green_spec(tmp_path, ["shape"])
    result = run("validate", str(path))
    assert result.exit_code == 1
    no_shape = ("no other cue tells them apart: shape is claimed but does not separate red from green (both come as round, "
                "capsule, triangle, diamond)")
    assert (f"{path}: colours lights: red/green are too close under deutan (green-weak) (expected a CIEDE2000 difference "
            f"of at least 20, found 8.5) and {no_shape}") in result.output.splitlines()
    assert (f"{path}: colours lights: red/green are too close in a greyscale print (expected an L* difference of at least "
            f"25, found 11.8) and {no_shape}") in result.output.splitlines()
    assert (f"{path}: colours lights: closest red/green under deutan (green-weak): CIEDE2000 8.5; greyscale red/green: "
            "L* difference 11.8; error: under 20 and no measured cue tells red/green apart; error: greyscale L* gap under "
            "25 and no measured cue tells red/green apart; shape claimed but does not separate red/green"
            ) in result.output.splitlines()
    assert "told apart by shape" not in result.output


def test_a_claimed_cue_that_names_the_colour_itself_tells_nothing_apart_and_says_so(tmp_path):
    """cues: [colour] on Granny's pills: every red pill has colour red; the reason is that, not 'no face in red has a
    colour'. A deck whose suit column names its colour (its band painted with another column of the same colour) used
    to pass: the suits were apart, but only as the colours are."""
    def itself(cue):
        return (f"no other cue tells them apart: {cue} is claimed but does not separate red from green ({cue} names the "
                f"colour itself: a red face has {cue} red, so it shows nothing but colour; claim a cue the faces show "
                "besides colour, such as a symbol or a letter)")
    path = red_green_spec(tmp_path, ["colour"])
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert (f"{path}: colours lights: red/green are too close under deutan (green-weak) (expected a CIEDE2000 difference "
            f"of at least 20, found 8.5) and {itself('colour')}") in result.output.splitlines()
    deck = write(tmp_path, "deck.yaml", textwrap.dedent("""\
        game: {title: Deck, designer: Tester}
        palette: {red: "#cf2a22", green: "#2f9e44"}
        components:
          cards:
            kind: layout
            expect: 2
            width: 60 mm
            height: 80 mm
            data: [{suit: red, band: red}, {suit: green, band: green}]
            layout: {elements: {band: {type: rect, x: 0, y: 0, width: 100%, height: 20, fill: "{band}"}}}
        distinguish:
          - {name: suits, colours: [red, green], cues: [suit]}
        """))
    result = run("validate", str(deck))
    assert result.exit_code == 1
    assert (f"{deck}: colours suits: red/green are too close under deutan (green-weak) (expected a CIEDE2000 difference of "
            f"at least 20, found 8.5) and {itself('suit')}") in result.output.splitlines()


def test_shipped_pills_are_told_apart_by_their_marks():
    spec = specs.load("grannys-pills")
    (report,) = vision.reports(spec)
    assert report.cues == ("mark",) and vision.cue_notes(report) == [] and vision.failures(spec) == []
    assert report.level == "warning" and vision.verdicts(report) == ["warning: under 20, told apart by mark",
                                                                     "warning: greyscale L* gap under 25, told apart by mark"]
    assert "  cue mark: tells every pair apart" in vision.describe(report)
    no_marks = specs.load("grannys-pills", ["components.pill.marks.red=mark-drop"])
    (report,) = vision.reports(no_marks)
    assert vision.cue_notes(report) == ["mark claimed but does not separate blue/red"]
    assert vision.failures(no_marks) == [("colours pill colours", "blue/red are too close in a greyscale print (expected an "
                                          "L* difference of at least 25, found 22.9) and no other cue tells them apart: "
                                          "mark is claimed but does not separate blue from red (both come as mark-drop)")]


def test_shipped_pills_greys_are_spread_apart():
    spec = specs.load("grannys-pills")
    greys = sorted(vision.lightness(spec.colour(c)) for c in ("blue", "green", "yellow", "red"))
    assert min(b - a for a, b in zip(greys, greys[1:])) >= 20, greys   # the old blue and red were 11.6 apart


def test_a_shape_of_its_own_per_colour_is_a_cue(tmp_path):
    path = red_green_spec(tmp_path, ["shape"])
    text = path.read_text().replace("      product:\n        colour: [blue, green, yellow, red]\n"
                                    "        shape: [round, capsule, triangle, diamond]\n",
                                    "      list:\n        - {colour: red, shape: round}\n        - {colour: green, shape: capsule}\n"
                                    "        - {colour: blue, shape: capsule}\n")
    (tmp_path / "own").mkdir()
    spec = specs.load(str(write(tmp_path / "own", "grannys-pills.yaml", text)))
    (report,) = vision.reports(spec)
    assert vision.failures(spec) == []
    assert report.level == "warning" and vision.cue_notes(report) == []
    assert vision.summary(report) == ("closest red/green under deutan (green-weak): CIEDE2000 8.5; greyscale red/green: "
                                      "L* difference 11.8; warning: under 20, told apart by shape; warning: greyscale L* "
                                      "gap under 25, told apart by shape")


@pytest.mark.parametrize("name", THEMES)
def test_shipped_palettes_and_themes_pass_the_check(name):
    for game in GAMES:
        spec = specs.load(game, theme=name)
        assert spec.distinguish, f"{game} declares the colours players must tell apart"
        assert vision.failures(spec) == [], (game, name)
        assert validate(spec) == [], (game, name)


def test_simulation_output_is_srgb_hex():
    assert re.fullmatch(r"#[0-9a-f]{6}", vision.simulate("#d7261e", "deutan"))
    assert vision.simulate("#ffffff", "protan") == "#ffffff"
    assert vision.simulate("#000000", "tritan") == "#000000"


def test_palette_writes_a_swatch_sheet(tmp_path):
    result = run("palette", "grannys-pills", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "deutan (green-weak)" in result.output and "L* difference" in result.output
    pdf_path, png_path = (tmp_path / "grannys-pills" / f"grannys-pills-palette.{ext}" for ext in ("pdf", "png"))
    with pikepdf.open(pdf_path) as pdf:
        assert len(pdf.pages) == 1
        assert abs(float(pdf.pages[0].MediaBox[2]) - 210 * 72 / 25.4) < 0.5
    image = Image.open(png_path).convert("RGB")
    assert abs(image.width - round(210 / 25.4 * swatches.PNG_DPI)) <= 1
    spec = specs.load("grannys-pills")
    columns = swatches._columns()
    y = 29 + swatches.ROW / 2   # middle of the first palette row (blue)
    scale = swatches.PNG_DPI / 25.4
    for (x, w), view in zip(columns, swatches.VIEWS):
        pixel = image.getpixel((round((x + 3) * scale), round(y * scale)))
        expected = vision.simulate(spec.colour("blue"), view)
        assert all(abs(a - int(expected[i:i + 2], 16)) <= 2 for a, i in zip(pixel, (1, 3, 5))), (view, pixel, expected)


@pytest.fixture(scope="module")
def pdfs():
    """Every shipped game's A4 components PDF, normal and ink-saver."""
    return {game: (components_pdf(specs.load(game), "a4")[0], components_pdf(specs.load(game), "a4", looks=("ink-saver",))[0])
            for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_ink_saver_lays_less_ink_on_every_game(pdfs, game):
    """Less ink on every game: a tenth less at least where its large fills are not the colours its pieces are told
    apart by (Glorieta's stones and Posies' posies keep theirs: test_the_ink_saver_prints_the_colours_...)."""
    normal, saver = (coverage(data, dpi=12) for data in pdfs[game])
    assert saver < normal * (0.99 if game in ("glorieta", "posies") else 0.9), (game, normal, saver)


def test_ink_saver_re_inks_white_marks_on_a_tinted_back():
    spec = specs.load("grannys-pills")
    _, arts = expand(spec)
    drawing = draw_art(spec, arts["prescription-back"])
    before = drawing.tostring()
    back = looks.ink_saver(drawing).tostring()
    assert drawing.tostring() == before, "the drawing it was given is left as it was"
    assert 'fill="#d6cfe2"' in back, "the purple back is tinted"
    assert "#ffffff" not in back.split("<text")[1], "the white label is re-inked"
    assert 'fill="#5b3f8c"' in back


def distinct_fronts(spec):
    """{component id: [greyscale and normal images of each distinct front]} rendered at 40 dpi."""
    _, arts = expand(spec)
    out = {}
    for art in arts.values():
        if art.side == "front":
            drawing = draw_art(spec, art)
            out.setdefault(art.component, []).append(
                (Image.open(io.BytesIO(raster.picture_png(looks.greyscale(drawing), 40))).convert("RGB"),
                 Image.open(io.BytesIO(raster.picture_png(drawing, 40))).convert("RGB")))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_greyscale_keeps_distinct_faces_distinct(game):
    for component, images in distinct_fronts(specs.load(game)).items():
        for grey, _ in images:
            r, g, b = grey.split()
            assert ImageChops.difference(r, g).getbbox() is None and ImageChops.difference(g, b).getbbox() is None
        for (a, a_colour), (b, b_colour) in combinations(images, 2):
            if ImageChops.difference(a_colour, b_colour).getbbox() is None:
                continue
            # half the colour render's difference, or a clear mark (letters, line styles carry the cue)
            assert changed_share(a, b) >= min(0.5 * changed_share(a_colour, b_colour), 0.02), (game, component)


def changed_share(a, b):
    """The share of pixels whose grey (luma) differs by more than 12 levels between two renders."""
    changed = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 12 else 0)
    return changed.histogram()[255] / (a.width * a.height)


def test_cli_looks_write_suffixed_files_and_report_ink_saved(tmp_path):
    result = run("build", "posies", "--paper", "a4", "--out", str(tmp_path), "--ink-saver")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "posies" / "posies-components-a4-inksaver.pdf").is_file()
    assert re.search(r"ink coverage [0-9.]+% -> [0-9.]+% of the page area \(\d+% less ink\)", result.output)
    result = run("build", "posies", "--paper", "a4", "--out", str(tmp_path), "--greyscale")
    assert result.exit_code == 0, result.output
    import pypdfium2
    doc = pypdfium2.PdfDocument(str(tmp_path / "posies" / "posies-components-a4-greyscale.pdf"))
    image = doc[2].render(scale=20 / 72).to_pil().convert("RGB")
    doc.close()
    r, g, b = image.split()
    assert ImageChops.difference(r, g).getbbox() is None and ImageChops.difference(g, b).getbbox() is None


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_cue_separates_every_pair(game):
    notes = [note for report in vision.reports(specs.load(game)) for note in vision.cue_notes(report)]
    assert notes == []


def key_text(theme_name=None, overrides=()):
    """The text of HexStatic's components PDF (A4), as a PDF reader extracts it."""
    import pypdf
    data = components_pdf(specs.load("hexstatic", overrides, theme_name), "a4")[0]
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_the_line_key_names_each_line_by_its_printed_colour():
    shipped, okabe = key_text(), key_text("okabe-ito")
    assert {"red: dashed", "green: thin", "blue: thick", "a gap: blue passes under red"} <= set(shipped.splitlines())
    assert {"orange: dashed", "green: thin", "blue: thick"} <= set(okabe.splitlines())
    assert "red" not in okabe.split("Line key")[1].split("nexus")[0], "the okabe-ito key never calls vermillion red"
    assert "orange" in okabe.split("a gap: blue passes under")[1].split("nexus")[0]


def test_colour_names_that_misname_a_colour_or_give_two_one_word_fail_validation(tmp_path):
    """A theme calling Glorieta's yellow 'black' and its pink 'yellow' passed, and the rulebook printed 'Black and black
    stones': a basic colour word nearer another's print fails, as a line key's does, and so does one word for two
    colours players must tell apart; okabe-ito calling Paths and PAHs' red 'orange' beside its orange pawn (not told
    apart by name: different groups) passes."""
    bad = write(tmp_path, "bad.yaml", "theme: {title: Bad}\ngames:\n  glorieta:\n    colour_names: {yellow: black, "
                                      "pink: yellow}\n")
    result = run("validate", "glorieta", "--theme", str(bad))
    path, glorieta = specs.resolve("glorieta"), specs.load("glorieta")
    yellow, pink = glorieta.colour("yellow"), glorieta.colour("pink")   # the spec's: the theme recolours neither
    assert result.exit_code == 1 and [line for line in result.output.splitlines() if ": colour_names: " in line] == [
        f"{path}: colour_names: yellow is called 'black' but prints {yellow}, nearer yellow (expected the colour's own word)",
        f"{path}: colour_names: pink is called 'yellow' but prints {pink}, nearer pink (expected the colour's own word)",
        f"{path}: colour_names: black and yellow (stone sides, which players must tell apart) are both called 'black': "
        "give each a word of its own"], result.output
    same = write(tmp_path, "same.yaml", "theme: {title: Same}\ngames:\n  glorieta:\n    colour_names: {yellow: amber, "
                                        "pink: amber}\n")
    assert "yellow and pink (stone sides, which players must tell apart) are both called 'amber'" in run(
        "validate", "glorieta", "--theme", str(same)).output
    assert run("validate", "paths-and-pahs", "--theme", "okabe-ito").exit_code == 0


def test_a_colour_word_the_printed_colour_contradicts_fails_validation(tmp_path):
    result = run("validate", "hexstatic", "--set", "palette.red=#e69f00")
    assert result.exit_code == 1
    assert (f"{specs.resolve('hexstatic')}: legend: the key calls the red line 'red' but prints it #e69f00, nearer orange "
            "(expected the colour's own word: give it in the colour_names of the spec or theme)") in result.output.splitlines()
    assert run("validate", "hexstatic", "--set", "palette.red=#e69f00", "--set", "colour_names.red=amber").exit_code == 0
    bad = write(tmp_path, "bad.yaml", "theme: {title: Bad}\ncolour_names:\n  red: [orange]\n")
    with pytest.raises(SpecError, match=re.escape(f"{bad}:3: colour_names.red: expected text")):
        specs.load("hexstatic", theme=str(bad))
    with pytest.raises(SpecError, match=r"colour_names\.crimson: unknown colour 'crimson'"):
        specs.load("hexstatic", ["colour_names.crimson=dark red"])


def test_generic_colour_names_reach_only_games_with_that_colour():
    assert specs.load("hexstatic", theme="okabe-ito").colour_name("red") == "orange"
    assert specs.load("posies", theme="okabe-ito").colour_names == {}
    assert specs.load("hexstatic").colour_name("red") == "red"


def test_readme_colour_table_is_what_the_check_measures():
    """Every row of the README's colour table, recomputed: palette, game, group, closest pairs, cue measured, verdict."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    cell = lambda p: f"{p.a}/{p.b} {p.difference:.1f}"
    for name in THEMES:
        for game in GAMES:
            spec = specs.load(game, theme=name)
            for r in vision.reports(spec):
                carried = [c for c in r.cues if not any(m.why_not for m in r.measured if m.name == c)]
                row = (f"| {name or 'shipped'} | {game} | {r.name} | " + " | ".join(cell(p) for p in r.worst[1:]) +
                       f" | {cell(r.grey)} | {', '.join(carried) or 'none (colour only)'} | {r.level} |")
                assert row in readme.splitlines(), row


def test_a_theme_named_as_themes_file_in_the_working_folder_is_that_file(tmp_path, monkeypatch):
    """themes.md: 'a name means themes/NAME.yaml': the designer's own in the working folder, or a shipped one; a name
    that is both is refused rather than one silently picked."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "themes").mkdir()
    write(tmp_path / "themes", "mine.yaml", "theme: {title: Mine}\npalette: {red: '#aa0000'}\n")
    assert specs.load("grannys-pills", theme="mine").palette["red"] == "#aa0000"
    write(tmp_path / "themes", "okabe-ito.yaml", "theme: {title: Mine}\n")
    result = run("validate", "grannys-pills", "--theme", "okabe-ito")
    assert (result.exit_code, result.output) == (1, "error: --theme okabe-ito: themes/okabe-ito.yaml and pnp's shipped "
                                                    "theme are both called 'okabe-ito': give the path "
                                                    "(themes/okabe-ito.yaml) for yours, or rename it\n")
    assert specs.load("grannys-pills", theme="themes/okabe-ito.yaml").palette == specs.load("grannys-pills").palette


def test_the_themes_guides_example_validates_with_every_shipped_game(tmp_path):
    """themes.md's example theme, pasted as it is: its 'lines: {...}' failed to load ('expected a mapping, found
    nothing'), and its 4.2 mm font size pushed HexStatic's line key out of its rows."""
    from click.testing import CliRunner
    from generator.cli import cli
    guide = (Path(__file__).resolve().parents[2] / "docs" / "themes.md").read_text(encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(guide.split("```yaml\n", 1)[1].split("```", 1)[0], encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--theme", str(tmp_path / "mine.yaml"), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.count("all checks pass") == 6, result.output


def test_only_a_palette_name_that_is_a_colour_word_is_renamed_in_prose(tmp_path):
    """colour_names {water: blue} turned a rulebook's 'Open Water' row into 'Open Blue' (and 'Reed Bed' into 'Bluish
    green Bed'), while the tiles still printed 'Open Water': a palette name that names other things is left in prose;
    a colour word ('red') still reads as the print's ('orange')."""
    from click.testing import CliRunner
    from generator.cli import cli
    from generator.output.rulebook import rules_pdf
    import pypdfium2
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "  turn:\n", "  turn:\n    - Cross open water and the red reeds.\n"), encoding="utf-8")
    spec = specs.load(str(tmp_path / "mine" / "mine.yaml"), ["palette.water=#2f6fd0", "palette.red=#d55e00",
                                                             "colour_names.water=blue", "colour_names.red=orange"])
    doc = pypdfium2.PdfDocument(rules_pdf(spec, "a4")[0])
    text = " ".join(" ".join(doc[n].get_textpage().get_text_range().split()) for n in range(len(doc)))
    assert "Cross open water and the orange reeds." in text, text


def test_a_themed_build_is_written_beside_the_plain_one_never_over_it(tmp_path):
    """A themed build is an edition of its own: <id>/theme-<theme>/ (inside the game's folder: no other game's can be
    it), with its files named <id>-<theme>-..., and the plain build's files keep their bytes; the two editions' sheets
    differ in colour (a pixel count), the exports follow the edition's folder."""
    out = tmp_path / "out"
    assert run("build", "posies", "--paper", "a4", "--out", str(out)).exit_code == 0
    plain = {path: path.read_bytes() for path in (out / "posies").glob("*.pdf")}
    result = run("build", "posies", "--paper", "a4", "--out", str(out), "--theme", "okabe-ito", "--format", "pdf,png")
    assert result.exit_code == 0, result.output
    assert {path: path.read_bytes() for path in (out / "posies").glob("*.pdf")} == plain
    themed = out / "posies" / "theme-okabe-ito"
    assert sorted(path.name for path in themed.glob("*.pdf")) == ["posies-okabe-ito-components-a4.pdf",
                                                                   "posies-okabe-ito-rules-a4.pdf"]
    assert list((themed / "png").rglob("*.png")) and not (out / "posies" / "png").exists()
    assert sorted(path.name for path in out.iterdir()) == ["posies"]
    sheets = [render(path, 0, 30) for path in (out / "posies" / "posies-components-a4.pdf",
                                               themed / "posies-okabe-ito-components-a4.pdf")]
    changed = ImageChops.difference(*sheets).point(lambda v: v > 20)
    assert sum(changed.histogram()[1:]) > 1000, "the theme's colours show on the sheet"


def test_a_theme_whose_file_name_cannot_name_a_folder_is_refused_in_one_line(tmp_path):
    """The theme's file name names the themed edition's folder and files: one it cannot name is refused, nothing written."""
    odd = write(tmp_path, ".hidden.yaml", "theme: {title: Odd}\npalette: {red: '#111111'}\n")
    result = run("build", "grannys-pills", "--out", str(tmp_path / "out"), "--theme", str(odd))
    assert result.exit_code == 1 and ".hidden" in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "out").exists()


def test_a_theme_section_for_a_game_of_your_own_is_named_by_its_spec_and_a_misspelt_one_is_refused(tmp_path):
    """A game of your own follows no shipped rules, so it had no game.ruleset to name a theme's section by: the section
    named after its spec's file applies. A section named a letter off a game's name ('grannys-pils') changed nothing
    with exit 0: it is refused at its line, naming the game meant."""
    assert run("new", str(tmp_path / "lantern")).exit_code == 0
    spec_path = str(tmp_path / "lantern" / "lantern.yaml")
    mine = write(tmp_path, "mine.yaml", "theme: {title: Mine}\ngames:\n  lantern:\n    palette: {moon: '#ff0000'}\n"
                                        "  posies:\n    palette: {pink: '#00ff00'}\n")
    assert specs.load(spec_path).colour("moon") != "#ff0000"
    assert specs.load(spec_path, theme=str(mine)).colour("moon") == "#ff0000"
    assert specs.load("posies", theme=str(mine)).colour("pink") == "#00ff00"
    typo = write(tmp_path, "typo.yaml", "theme: {title: Typo}\ngames:\n  grannys-pils:\n    components:\n"
                                        "      pill: {expect: 1}\n")
    with pytest.raises(SpecError) as raised:
        specs.load("grannys-pills", theme=str(typo))
    assert str(raised.value).startswith(f"{typo}:3: games.grannys-pils: no game is called 'grannys-pils': did you mean "
                                        "'grannys-pills'?")


def test_a_count_the_theme_set_wrong_names_the_theme_s_line_not_a_python_record(tmp_path):
    """A theme setting a component's expect, failing the count check: the message read 'expect: 1 is line
    Origin(path=..., line=5, key_path=(...))'."""
    odd = write(tmp_path, "odd.yaml", "theme: {title: Odd}\ngames:\n  grannys-pills:\n    components:\n"
                                      "      pill: {expect: 1}\n")
    result = run("validate", "grannys-pills", "--theme", str(odd), "-j", "1")
    assert result.exit_code == 1
    assert [line for line in result.output.splitlines() if "component count" in line] == [
        f"{specs.resolve('grannys-pills')}: pill: component count (expected 1, found 112): expect: 1 is line 5 of {odd}"]


def test_ink_saver_keeps_texts_readable_on_what_they_sit_on_and_coloured_shapes_their_colour(tmp_path):
    """A light-on-dark back (gold words on a near-black ground) printed its words gold on the tinted light grey, and
    blank in greyscale; numbers in ink on paper discs on a blue ground vanished: the discs were re-inked blue, the
    numbers read against the discs' old colour; paper numbers on a gold token (1.7:1) went white on pale yellow. Each
    text now reads on what it sits on as well as it did, to 3:1 (a coloured one deepened, keeping its hue); a yellow
    shape keeps its yellow, a game may tell pieces by it."""
    from generator.check.luminance import contrast
    from generator.draw import svg
    (tmp_path / "game.yaml").write_text(textwrap.dedent("""\
        game: {title: Looks, designer: Me}
        palette: {ink: "#26221c", gold: "#f2c14e", paper: "#fbf7ee", moon: "#3d4f8f", yolk: "#f5d000"}
        components:
          cards:
            kind: layout
            expect: 3
            width: 63 mm
            height: 88 mm
            data: [{ground: ink, word: GUILD, on: gold}, {ground: moon, word: "", on: ink}, {ground: gold, word: "3",
                   on: paper}]
            layout:
              ground: "{ground}"
              elements:
                word: {type: text, x: 5, y: 5, width: 53, height: 12, text: "{word}", size: 8, colour: "{on}"}
                disc: {type: circle, x: 31.5, y: 50, r: 8, fill: paper}
                number: {type: text, x: 26.5, y: 46, width: 10, height: 8, text: "7", size: 6, colour: ink,
                         align: centre}
                sun: {type: circle, x: 31.5, y: 72, r: 5, fill: yolk}
        """))
    spec = specs.load(str(tmp_path / "game.yaml"))
    for art in (a for a in expand(spec)[1].values() if a.side == "front"):
        saved = looks.ink_saver(draw_art(spec, art))
        shapes = {node.attrs.get("fill"): node for node in svg.walk(saved) if node.tag in ("rect", "circle")}
        ground = next(node.attrs["fill"] for node in svg.walk(saved) if node.tag == "rect")
        texts = {"".join(node.content or "" for node in svg.walk(text)): text.attrs["fill"]
                 for text in svg.walk(saved) if text.tag == "text"}
        had = {"GUILD": contrast("#f2c14e", "#26221c"), "3": contrast("#fbf7ee", "#f2c14e")}
        word = art.props["word"]
        if word:
            assert contrast(texts[word], ground) >= min(3.0, had[word]) - 0.01, (word, texts[word], ground)
        disc = next(node for node in svg.walk(saved) if node.tag == "circle" and node.attrs.get("r") in (8, "8"))
        assert contrast(texts["7"], disc.attrs["fill"]) >= 3.0, (texts["7"], disc.attrs["fill"])
        assert "#f5d000" in shapes, "the yellow shape keeps its colour"
    gold_word = looks.ink_saver(draw_art(spec, next(a for a in expand(spec)[1].values() if a.props.get("word") == "GUILD")))
    (fill,) = [t.attrs["fill"] for t in svg.walk(gold_word) if t.tag == "text" and "GUILD" in "".join(
        n.content or "" for n in svg.walk(t))]
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    assert fill != "#f2c14e" and abs(r / g - 0xf2 / 0xc1) < 0.05 and abs(g / max(b, 1) - 0xc1 / 0x4e) < 0.2, fill


def _fills(data: bytes) -> set:
    """The fill colours (r, g, b in 0-255) a PDF's pages and forms set with rg, read from its content streams."""
    found, seen = set(), set()

    def read(holder):
        for operands, operator in pikepdf.parse_content_stream(holder):
            if str(operator) == "rg":
                found.add(tuple(round(float(v) * 255) for v in operands))
        for xobject in holder.get("/Resources", {}).get("/XObject", {}).values():
            if xobject.objgen not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(xobject.objgen)
                read(xobject)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            read(page.obj)
    return found


@pytest.mark.parametrize("game", [path.stem for path in specs.shipped()])
def test_the_ink_saver_prints_the_colours_pieces_are_told_apart_by_at_full_strength(game):
    """Granny's Pills' round pills printed pale and its capsules (a smaller fill) saturated, beside prescriptions in full
    colour; Pixeliction's black discs grey; Glorieta's stones pale beside the board's full-strength ring. A colour of
    the spec's distinguish groups prints in the ink-saver file wherever it prints in the plain one, and never as its
    tint, read from both files' content streams."""
    spec = specs.load(game)
    rgb = lambda colour: tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # noqa: E731
    plain, saved = _fills(components_pdf(spec, "a4")[0]), _fills(components_pdf(spec, "a4", looks=("ink-saver",))[0])
    kept = {spec.colour(name).lower() for group in spec.distinguish for name in group.colours}
    assert kept and any(rgb(colour) in plain for colour in kept)
    for colour in kept:
        assert rgb(colour) in saved or rgb(colour) not in plain, colour
        assert rgb(looks.tint(colour)) not in saved - plain, colour
    assert saved - plain, "the ink-saver still tints the grounds no group names"


@pytest.mark.parametrize("section, refused", [("Lantern", True), ("lantern.yaml", True), ("lanten", True),
                                              ("lanterns", True), ("lantern2", False), ("lantern-deluxe", False),
                                              ("harbour", False)])
def test_a_theme_section_a_letter_off_the_game_is_refused_only_when_none_names_it(tmp_path, section, refused):
    """A case ('Lantern'), the file's extension or a letter off the spec's name changed nothing with exit 0; a sibling
    game's (lantern2, lantern-deluxe: games sharing one theme) is left alone, and so is a section of a name unlike this
    one's; with a section for this game, none is refused."""
    assert run("new", str(tmp_path / "lantern")).exit_code == 0
    spec_path = str(tmp_path / "lantern" / "lantern.yaml")
    theme_file = write(tmp_path, "t.yaml", f"theme: {{title: T}}\ngames:\n  {section}:\n    palette: {{moon: '#ff0000'}}\n")
    if refused:
        with pytest.raises(SpecError, match=re.escape(f"no game is called '{section}': did you mean 'lantern'?")):
            specs.load(spec_path, theme=str(theme_file))
    else:
        assert specs.load(spec_path, theme=str(theme_file)).colour("moon") == specs.load(spec_path).colour("moon")
    both = write(tmp_path, "both.yaml", f"theme: {{title: B}}\ngames:\n  {section}:\n    palette: {{moon: '#00ff00'}}\n"
                                        "  lantern:\n    palette: {moon: '#ff0000'}\n")
    assert specs.load(spec_path, theme=str(both)).colour("moon") == "#ff0000"


def test_an_error_a_theme_s_value_causes_at_a_line_of_the_spec_names_the_theme_s_line(tmp_path):
    """A theme turning every component off, or making too many pieces, was told at the spec's line alone, naming no
    theme (the --set form adds '(with --set ...)')."""
    assert run("new", str(tmp_path / "g")).exit_code == 0
    for text, told in (("games: {g: {components: {cards: {include: false}}}}\n",
                        "components: every component has include: false (expected at least one to print) (with "
                        "{theme}:2: games.g.components.cards.include, from the theme)"),
                       ("games:\n  g:\n    components:\n      cards: {faces: {copies: 100000}}\n",
                        "components: the components make 1,200,000 pieces in all: at most 200,000 in one spec (with "
                        "{theme}:5: games.g.components.cards.faces.copies, from the theme)")):
        laid = write(tmp_path, "t.yaml", "theme: {title: T}\n" + text)
        with pytest.raises(SpecError) as caught:
            specs.load(str(tmp_path / "g" / "g.yaml"), theme=str(laid))
        assert str(caught.value).endswith(told.format(theme=laid)), str(caught.value)


def test_validate_with_a_theme_says_which_theme_its_checks_passed_with():
    """pnp validate --theme night printed the line an unthemed run prints: the two could not be told apart."""
    plain, themed = run("validate", "posies"), run("validate", "posies", "--theme", "okabe-ito")
    assert plain.output.splitlines()[-1].endswith("posies.yaml: all checks pass (5 components)")
    assert themed.output.splitlines()[-1].endswith("posies.yaml: all checks pass with the okabe-ito theme (5 components)")


def test_a_theme_of_colours_the_game_has_none_of_is_refused_naming_the_ones_meant(tmp_path):
    """A designer's theme whose one colour was misspelt ('seaa') built a theme edition identical to the plain one, exit 0;
    a theme with one colour the game has, or with sections (a theme of several games), is taken as before."""
    assert run("new", str(tmp_path / "lantern")).exit_code == 0
    spec_path = str(tmp_path / "lantern" / "lantern.yaml")
    misspelt = write(tmp_path, "bad.yaml", "theme: {title: Bad}\npalette:\n  suun: '#000000'\n  mon: '#111111'\n")
    with pytest.raises(SpecError) as refused:
        specs.load(spec_path, theme=str(misspelt))
    assert str(refused.value) == (f"{misspelt}:2: palette: the theme changes nothing in lantern: none of its colours "
                                  "(suun, mon) is one of the game's (sun, moon, leaf, paper, ink, gold): did you mean "
                                  "'suun' for 'sun', 'mon' for 'moon'?")
    one = write(tmp_path, "one.yaml", "theme: {title: One}\npalette:\n  suun: '#000000'\n  moon: '#111111'\n")
    assert specs.load(spec_path, theme=str(one)).colour("moon") == "#111111"
    shared = write(tmp_path, "shared.yaml", "theme: {title: S}\npalette: {suun: '#000000'}\ngames:\n  lantern2:\n"
                                            "    palette: {moon: '#00ff00'}\n")
    assert specs.load(spec_path, theme=str(shared)).colour("moon") == specs.load(spec_path).colour("moon")


def test_a_copy_of_a_shipped_game_takes_the_section_named_after_its_spec_too(tmp_path):
    """pnp new --from keeps the game's ruleset: a section named after the copy's spec file changed nothing, silently;
    the ruleset's section applies, then the copy's own over it."""
    assert run("new", str(tmp_path / "my-pills"), "--from", "grannys-pills").exit_code == 0
    theme_file = write(tmp_path, "t.yaml", "theme: {title: T}\ngames:\n  grannys-pills:\n    palette: {blue: '#0000ff', "
                                           "red: '#ff0000'}\n  my-pills:\n    palette: {blue: '#00ff00'}\n")
    themed = specs.load(str(tmp_path / "my-pills" / "my-pills.yaml"), theme=str(theme_file))
    assert (themed.colour("blue"), themed.colour("red")) == ("#00ff00", "#ff0000")


@pytest.mark.parametrize("section, told", [("games: []", "games: expected a mapping, found a list"),
                                           ("games: 0", "games: expected a mapping, found 0"),
                                           ("fonts: []", "fonts: expected a mapping, found a list"),
                                           ("games: {posies: {fonts: false}}", "games.posies.fonts: expected a mapping")])
def test_a_theme_section_that_is_no_mapping_is_refused_at_its_line(tmp_path, section, told):
    """'games: []', 'games: 0', 'fonts: []' and a game's 'fonts: false' were read as empty sections, with no word, while
    'palette: []' was refused; an empty section (null) still changes nothing."""
    theme_file = write(tmp_path, "t.yaml", f"theme: {{title: T}}\n{section}\n")
    with pytest.raises(SpecError) as raised:
        specs.load("posies", theme=str(theme_file))
    assert str(raised.value).startswith(f"{theme_file}:2: {told}")
    empty = write(tmp_path, "e.yaml", "theme: {title: E}\ngames:\nfonts:\n")
    assert specs.load("posies", theme=str(empty)).palette == specs.load("posies").palette


def test_a_theme_file_named_in_capitals_is_read_and_one_too_long_to_name_files_is_refused_first(tmp_path):
    """--theme ./T.YAML (the file there) was an 'unknown theme'; a 70-character name wrote an empty folder, then failed
    naming the PDF it could not write ('File name too long'), not the theme."""
    capitals = write(tmp_path, "T.YAML", (theme.THEMES / "okabe-ito.yaml").read_text())
    assert specs.load("posies", theme=str(capitals)).theme == "T"
    long = write(tmp_path, "t" * 70 + ".yaml", "theme: {title: Long}\n")
    result = run("build", "posies", "--out", str(tmp_path / "out"), "--theme", str(long))
    assert result.exit_code == 1 and "its 70 characters are more than they take (64)" in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_a_themed_edition_s_pages_say_which_theme_they_are(tmp_path):
    """Loose sheets of a plain and a themed edition could not be told apart: the footers and the files' titles were the
    same. A themed edition's name its theme on every sheet, rulebook page, palette sheet and file title; the plain one's are
    unchanged."""
    import pypdfium2
    out = tmp_path / "out"
    assert run("build", "posies", "--paper", "a4", "--out", str(out), "--theme", "okabe-ito").exit_code == 0
    for name, foot in (("components", "Posies · okabe-ito theme · sheet 2/3 · A4"),
                       ("rules", "Posies · okabe-ito theme · rules · page 2")):
        document = pypdfium2.PdfDocument(out / "posies" / "theme-okabe-ito" / f"posies-okabe-ito-{name}-a4.pdf")
        assert foot in document[1].get_textpage().get_text_range().split("\r\n")
        assert document.get_metadata_dict()["Title"].startswith("Posies · okabe-ito theme: ")
    assert run("palette", "posies", "--out", str(out), "--theme", "okabe-ito").exit_code == 0
    sheet = pypdfium2.PdfDocument(out / "posies" / "theme-okabe-ito" / "posies-okabe-ito-palette.pdf")
    assert sheet.get_metadata_dict()["Title"] == "Posies · okabe-ito theme: palette check"


def test_a_theme_that_changes_nothing_in_a_game_is_said_so_by_the_build(tmp_path):
    """A theme whose only section is another game's (or that sets a title alone) built a theme edition identical to
    the plain one, exit 0, unsaid: the build now says so in a note; a theme that changes the game says nothing."""
    other = tmp_path / "other.yaml"
    other.write_text("theme: {title: Other game only}\ngames: {glorieta: {palette: {pink: '#ff0000'}}}\n")
    titled = tmp_path / "titled.yaml"
    titled.write_text("theme: {title: A title alone}\n")
    for laid, said in ((other, True), (titled, True), ("okabe-ito", False)):
        result = CliRunner().invoke(cli, ["build", "posies", "--paper", "a4", "--theme", str(laid),
                                          "--out", str(tmp_path / "out")])
        assert result.exit_code == 0, result.output
        notes = [line for line in result.output.splitlines() if "changes nothing" in line]
        assert notes == ([f"note: the theme {Path(str(laid)).stem!r} changes nothing in posies (its sections are other "
                          "games', or it sets a title alone): its edition prints as the plain one"] if said else []), notes
