"""Printed texts follow the spec and the original games: figures filled from the spec, what else players need,
reconstructed facts marked, optional components, and the manifest's page ranges; all read back from the PDFs."""
import io
import re
import shutil

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner

from generator.spec import loader as specs
from generator.build import components_pdf
from generator.cli import cli
from generator.errors import SpecError
from generator.spec.expand import expand
from generator.output.rulebook import rules_pdf

GAMES = [p.stem for p in specs.shipped()]
SIXTEEN = ["components.board.rows=16", "components.board.cols=16", "components.discs.faces.copies=256",
           "components.discs.expect=256"]
COLOUR_DISCS = "components.colour-discs.include=true"


def page_texts(data):
    """The text of every page of a PDF, whitespace collapsed."""
    return [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def rules_text(spec):
    """The whole A4 rulebook's text."""
    return " ".join(page_texts(rules_pdf(spec, "a4")[0]))


def run(*args):
    """Run the pnp command line."""
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    """(spec, A4 rulebook text, A4 components page texts) of one shipped game."""
    spec = specs.load(request.param)
    return spec, rules_text(spec), page_texts(components_pdf(spec, "a4")[0])


# 6. The manifest's page ranges

RANGE = re.compile(r"Pages? (\d+)(?:-(\d+))?: print (single|double)-sided(, fold)?")


def stated_modes(manifest):
    """Page number -> how the manifest says to print it."""
    modes = {}
    for first, last, sided, fold in RANGE.findall(manifest):
        for page in range(int(first), int(last or first) + 1):
            assert page not in modes, f"page {page} named twice"
            modes[page] = "fold" if fold else sided
    return modes


def footer_mode(text):
    """How a sheet must be printed, from its own footer label."""
    return "double" if re.search(r"· (front|back of sheet \d+) ·", text) else "fold" if "· fold-over ·" in text else "single"


@pytest.mark.parametrize("backs", ["duplex", "fold"])
def test_manifest_page_ranges_match_the_sheets_sides(game, backs):
    spec, _, pages = game
    if backs == "fold":
        pages = page_texts(components_pdf(spec, "a4", "fold")[0])
    assert "manifest" in pages[0]
    expected = {n: footer_mode(text) for n, text in enumerate(pages[1:], start=2)}
    if "below it" in pages[0] and expected[2] == "single":   # pieces on page 1: printed with the single-sided sheets
        expected[1] = "single"
    assert stated_modes(pages[0]) == expected
    assert f"the sheets are pages 2-{len(pages)}" in pages[0]


# 5. Numbers the spec decides come from the spec

def test_a_sixteen_by_sixteen_build_says_so_in_its_rulebook_and_on_its_reference_card():
    big = specs.load("pixeliction", SIXTEEN)
    for text in (rules_text(big), next(t for t in page_texts(components_pdf(big, "a4")[0]) if "at a glance" in t)):
        assert "16x16" in text and "8x8" not in text, text
        assert not re.search(r"\b64\b", text), text
        assert "build notes" not in text
    assert "256" in rules_text(big) and "the 256 discs" in rules_text(big)


def test_the_shipped_texts_quote_the_shipped_figures(game):
    spec, rules, pages = game
    text = rules + " ".join(pages)
    assert "{" not in text, "every figure filled"
    quoted = {"pixeliction": ["on the 8x8 grid", "the 64 discs", "one of the 6 words", "120 simple nouns on 20 cards"],
              "posies": ["all 51 points", "17 of each colour", "The whole board is worth 102 points", "Pink 1"],
              "grannys-pills": ["Put all 112 pill tiles", "Draw 36", "76 tiles remain", "0 to 18 points"],
              "paths-and-pahs": ["the 9 cells it marks stay empty", "Round 2 7 Round 3 6 Round 4 5 Endgame 4"],
              "glorieta": ["127 cells", "the 64 black stones", "21 black, 21 yellow"],
              "hexstatic": ["the 52 tiles of this edition"]}[spec.game.id]
    for phrase in quoted:
        assert phrase in text, phrase


def test_figures_follow_a_changed_spec():
    posies = specs.load("posies", ["components.board.rows=[6, 7, 8, 9, 8, 7]"])
    lines = posies.component("reference").options["lines"]
    assert "all 45 points are full (15 of each colour)" in lines[1] and "The last 9 posies" in lines[1]
    pills = specs.load("grannys-pills", ["components.player-board.rows=4", "components.player-board.cols=4"])
    assert "A round scores 0 to 32" in pills.component("score-pad").options["note"]


def test_a_count_column_of_one_value_is_no_count_figure(tmp_path, monkeypatch):
    """{cards.count} is the deck's pieces even when every row's count column holds the same number (a face property
    all faces share was taken for the figure: "Shuffle the 2 cards" of 12); read back from the rulebook."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "mine").exit_code == 0
    csv = tmp_path / "mine" / "cards.csv"
    rows = csv.read_text().splitlines()
    csv.write_text("\n".join([rows[0]] + [re.sub(r",\d+$", ",2", row) for row in rows[1:]]) + "\n")
    spec = tmp_path / "mine" / "mine.yaml"
    spec.write_text(spec.read_text().replace("expect: 12 ", f"expect: {2 * (len(rows) - 1)} "))
    assert run("build", "mine/mine.yaml", "--paper", "a4", "--out", "out").exit_code == 0
    text = " ".join(page.extract_text() for page in pypdf.PdfReader("out/mine/mine-rules-a4.pdf").pages)
    assert f"Shuffle the {2 * (len(rows) - 1)} cards" in text, text[:300]


def test_an_unknown_figure_is_one_line_naming_file_line_and_key(tmp_path):
    path = tmp_path / "posies.yaml"
    text = specs.SPECS.joinpath("posies.yaml").read_text()
    path.write_text(text.replace("until all {points} points", "until all {pionts} points"))
    result = run("validate", path)
    line = 1 + text[:text.index("until all {points} points")].count("\n")
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert result.output.startswith(f"error: {path}:{line}: components.reference.lines[1]: unknown figure {{pionts}} (figures: ")
    assert "board-value" in result.output


def test_a_figure_of_a_missing_component_fails_validation_after_the_games_own_word(tmp_path):
    path = tmp_path / "posies.yaml"
    path.write_text(specs.SPECS.joinpath("posies.yaml").read_text().replace("{posy-pink.value}, purple", "{posy-blue.value}, purple"))
    result = run("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert (f"{path}: components.reference.lines[0]: figure {{posy-blue.value}} names a component the spec does not have "
            "(components: board, posy-pink, posy-purple, posy-green, reference)") in result.output
    dropped = tmp_path / "glorieta.yaml"
    text = specs.SPECS.joinpath("glorieta.yaml").read_text()
    dropped.write_text(text[:text.index("  black-stones:")] + text[text.index("  yellow-stones:"):])
    lines = [line for line in run("validate", dropped).output.splitlines() if ": colours " not in line]
    assert lines[0] == f"{dropped}: stones: black stones (expected at least 64, found 0)"
    assert lines[1].startswith(f"{dropped}: game.notes: figure {{black-stones.count}} names a component the spec does not have")


def test_an_unknown_figure_in_the_rules_names_the_rules_file(tmp_path):
    (tmp_path / "rules").mkdir()
    spec_path = tmp_path / "glorieta.yaml"
    spec_path.write_text(specs.SPECS.joinpath("glorieta.yaml").read_text())
    rules = specs.SPECS / "rules" / "glorieta.yaml"
    (tmp_path / "rules" / "glorieta.yaml").write_text(rules.read_text().replace("{cells} cells", "{board.cels} cells"))
    with pytest.raises(SpecError) as caught:
        rules_pdf(specs.load(str(spec_path)), "a4")
    assert str(caught.value).startswith(f"{tmp_path / 'rules' / 'glorieta.yaml'}:2: overview: unknown figure {{board.cels}}")
    assert "board.ring_run" in str(caught.value) and "cells" not in str(caught.value).split("(figures:")[1]


@pytest.mark.parametrize("text, told", [("", "rules file is empty"), ("# only a comment\n", "rules file is empty"),
                                         ("overview: " + "[" * 70 + "]" * 70 + "\n",
                                          "rules file is nested too deeply (more than 64 levels)"),
                                         ("a" * 5_000_001, "rules file is too large (more than 5 MB), not parsing it")])
def test_a_rules_file_that_cannot_be_read_is_called_a_rules_file(tmp_path, text, told):
    """An empty rules/<id>.yaml said 'spec is empty' (as did one too large or nested too deeply) of a file that is no
    spec: it names the rules file and calls it one."""
    (tmp_path / "rules").mkdir()
    spec_path = tmp_path / "glorieta.yaml"
    spec_path.write_text(specs.SPECS.joinpath("glorieta.yaml").read_text())
    (tmp_path / "rules" / "glorieta.yaml").write_text(text)
    result = run("validate", spec_path)
    assert (result.exit_code, result.output) == (1, f"error: {tmp_path / 'rules' / 'glorieta.yaml'}"
                                                    f"{':1' if 'nested' in told else ''}: {told}\n")


def test_a_figure_of_a_component_left_out_says_so():
    """{posy-pink.count} with posy-pink left out by include: false was an 'unknown figure' whose list did not name it."""
    result = run("validate", "posies", "--set", "components.posy-pink.include=false")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert result.output.endswith(": {posy-pink.count}: component posy-pink is left out (include: false), so it has no "
                                  "figures: write the figure, or include the component\n"), result.output


def test_a_number_in_braces_in_the_rules_prints_as_typed(tmp_path):
    """text-and-art.md: a brace that starts no markup prints as typed, {3} too; the rulebook refused it as an unknown
    figure. A figure's name is never digits alone."""
    (tmp_path / "rules").mkdir()
    spec_path = tmp_path / "glorieta.yaml"
    spec_path.write_text(specs.SPECS.joinpath("glorieta.yaml").read_text())
    rules = specs.SPECS / "rules" / "glorieta.yaml"
    (tmp_path / "rules" / "glorieta.yaml").write_text(rules.read_text().replace("{cells} cells", "{cells} cells {3}"))
    shutil.copytree(specs.SPECS / "positions", tmp_path / "positions")
    data, _ = rules_pdf(specs.load(str(spec_path)), "a4")
    text = pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert re.search(r"of \d+ cells \{3\}", text.replace("\n", " ")), text


# 4. What players supply besides the printed set

NEEDS = {"grannys-pills": "bag", "paths-and-pahs": "pencil", "pixeliction": "timer", "posies": "bag",
         "glorieta": None, "hexstatic": "pencil"}  # Glorieta's glue stick is in the manifest's list of supplies


def test_the_rulebook_and_the_manifest_say_what_else_you_need(game):
    spec, rules, pages = game
    if NEEDS[spec.game.id] is None:
        assert not spec.game.needs and "You also need" not in rules + pages[0]
        return
    assert NEEDS[spec.game.id] in " ".join(spec.game.needs)
    for text in (rules, pages[0]):
        said = re.search(r"You also need: (.*?)\.( |$)", text)
        assert said and said.group(1) == ", ".join(spec.game.needs), text


# 3. Facts this edition made up are marked

RECONSTRUCTED = {"hexstatic": ["20 min*"], "pixeliction": ["3-8 players*", "age 8+*", "30 min*"]}


def test_reconstructed_facts_are_starred_where_they_print(game):
    spec, rules, pages = game
    marked = RECONSTRUCTED.get(spec.game.id, [])
    for text in (rules, pages[0]):
        for fact in marked:
            assert fact in text
        assert ("(* our reconstruction)" in text) == bool(marked)
        assert len(re.findall(r"(players|\+|min)\*", text)) == len(marked)


def test_the_take_forms_are_called_our_reconstruction():
    text = rules_text(specs.load("grannys-pills"))
    assert "The original's picture is lost; these are our reconstruction." in text
    assert "one of the 6 shapes (our reconstruction)" in text


def test_a_reconstructed_fact_that_is_not_given_is_an_error():
    with pytest.raises(SpecError, match=r"game.reconstructed: age is marked reconstructed but game.age is not given"):
        specs.load("hexstatic", ["game.reconstructed=[age]"])


# 2. Pixeliction's coloured discs: off by default, printed and mentioned when included

def test_coloured_discs_print_and_are_mentioned_only_when_included():
    plain, more = specs.load("pixeliction"), specs.load("pixeliction", [COLOUR_DISCS])
    assert plain.left_out == ("colour-discs",) and more.left_out == ()
    assert sum(p.component == "colour-discs" for p in expand(more)[0]) == 32
    assert "Coloured discs" not in page_texts(components_pdf(plain, "a4")[0])[0]
    data = components_pdf(more, "a4")[0]
    assert "Coloured discs (white backs) 32 19.05 mm round" in page_texts(data)[0]
    dpi, vermilion = 40, 0
    for page in pypdfium2.PdfDocument(data):
        rgb = page.render(scale=dpi / 72).to_pil().convert("RGB").tobytes()
        vermilion += sum(1 for i in range(0, len(rgb), 3) if abs(rgb[i] - 0xd5) < 12 and abs(rgb[i + 1] - 0x5e) < 12 and rgb[i + 2] < 12)
    disc = 3.14159 * (more.component("colour-discs").options["size"] / 2 * dpi / 25.4) ** 2
    assert vermilion > 8 * disc * 0.7, "eight vermilion discs are on the sheets"
    variant = "**More colours.**"
    assert variant.strip("*") in rules_text(plain) and "This set includes" not in rules_text(plain)
    assert "This set includes 32 coloured discs" in rules_text(more)
    assert "word list of any draw-and-guess game" in rules_text(plain)


def test_include_must_be_true_or_false():
    with pytest.raises(SpecError, match=r"--set components.colour-discs.include: expected true or false, found 'maybe'"):
        specs.load("pixeliction", ["components.colour-discs.include=maybe"])


def test_a_rules_block_for_an_unknown_component_is_an_error(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "pixeliction.yaml").write_text(specs.SPECS.joinpath("pixeliction.yaml").read_text())
    rules = specs.SPECS.joinpath("rules", "pixeliction.yaml").read_text()
    (tmp_path / "rules" / "pixeliction.yaml").write_text(rules.replace("when: colour-discs", "when: color-discs"))
    with pytest.raises(SpecError, match=r"when: unknown component 'color-discs' \(components: board, colour-discs, discs"):
        rules_pdf(specs.load(str(tmp_path / "pixeliction.yaml")), "a4")


# 1. Rules that follow the original games

def test_posies_are_placed_at_random():
    text = rules_text(specs.load("posies"))
    assert "picked at random" in text and "wherever they like" not in text
    assert "picked at random" in specs.load("posies").component("reference").options["lines"][1]


def test_paths_and_pahs_breaks_a_last_tie_by_chance_and_sets_up_in_one_order():
    text = rules_text(specs.load("paths-and-pahs"))
    assert "share the place" not in text and "chance decides" in text
    assert "Before the cards go on the board" not in text
    assert text.index("Starting cards.") < text.index("The board. Lay the 27 cards face up")
