"""The three example games and `pnp new`: each validates, builds on both papers, and prints at its true size."""
import io
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner

from generator.spec import loader as specs
from generator.build import components_pdf
from generator.cli import cli
from generator.spec.expand import expand
from generator.impose.imposition import impose
from generator.check.validate import validate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PX_PER_MM = 10
PAGES = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}   # points


@pytest.mark.parametrize("name, pieces", [("ember-deck", {"cards": 24}), ("hex-isles", {"tiles": 19}),
                                          ("harvest-track", {"tokens": 30, "board": 1})])
def test_each_example_validates_and_builds_on_both_papers(name, pieces):
    spec = specs.load(str(EXAMPLES / name / f"{name}.yaml"))
    assert validate(spec) == []
    placed = expand(spec)[0]
    assert {c.id: sum(p.component == c.id for p in placed) for c in spec.components} == pieces
    for paper, size in PAGES.items():
        data, pages = components_pdf(spec, paper)
        plan = impose(spec, placed, paper)
        reader = pypdf.PdfReader(io.BytesIO(data))
        assert pages == len(reader.pages) == len(plan.sheets) + 1   # the manifest, then every sheet the plan lays out
        assert {tuple(round(float(v), 2) for v in page.mediabox[2:]) for page in reader.pages} == {
            tuple(round(v, 2) for v in size)}
        covered = plan.cover.slots if plan.cover else ()   # pieces below the list on page 1
        fronts = [s.art for sheet in plan.sheets if sheet.side != "back" for s in sheet.slots] + [s.art for s in covered]
        assert len(fronts) == len(placed)   # every piece printed once


def test_an_ember_deck_card_prints_at_its_size(tmp_path):
    spec = specs.load(str(EXAMPLES / "ember-deck" / "ember-deck.yaml"))
    plan = impose(spec, expand(spec)[0], "a4")
    index, sheet = next((i, s) for i, s in enumerate(plan.sheets) if s.side == "front")
    slot = sheet.slots[0]
    assert sorted((round(slot.w, 3), round(slot.h, 3))) == [63, 88]
    data, _ = components_pdf(spec, "a4")
    page = pypdfium2.PdfDocument(data)[index + 1].render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("RGB")
    suit = expand(spec)[1][slot.art].props["suit"]
    colour = tuple(int(spec.colour(suit)[i:i + 2], 16) for i in (1, 3, 5))
    cx, cy = (slot.x + slot.w / 2) * PX_PER_MM, (slot.y + slot.h / 2) * PX_PER_MM
    across = (lambda t: (round(t), round(cy))) if slot.w < slot.h else (lambda t: (round(cx), round(t)))
    start = (slot.x if slot.w < slot.h else slot.y) * PX_PER_MM
    inked = [t for t in range(round(start), round(start + 63 * PX_PER_MM))
             if sum(abs(a - b) for a, b in zip(page.getpixel(across(t)), colour)) < 60]
    # across the middle of the card, the picture panel's outline (53 mm wide, a 0.5 mm line) is the suit's colour
    assert (inked[-1] - inked[0] + 1) / PX_PER_MM == pytest.approx(53.5, abs=0.25)
    assert (inked[0] - start) / PX_PER_MM == pytest.approx(4.75, abs=0.25)


def test_pnp_new_writes_a_game_that_validates_and_builds_and_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    made = runner.invoke(cli, ["new", "my-game"])
    assert made.exit_code == 0, made.output
    assert sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "my-game").rglob("*") if p.is_file()) == [
        "my-game/back.yaml", "my-game/card.yaml", "my-game/cards.csv", "my-game/my-game.yaml",
        "my-game/rules/my-game.yaml", "my-game/templates/coin.svg"]
    spec = specs.load("my-game/my-game.yaml")
    assert spec.game.title == "My Game" and validate(spec) == []
    built = runner.invoke(cli, ["build", "my-game/my-game.yaml", "--paper", "a4", "--out", "out"])
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out/my-game/my-game-components-a4.pdf").is_file()
    assert (tmp_path / "out/my-game/my-game-rules-a4.pdf").is_file()
    (tmp_path / "my-game" / "cards.csv").write_text("changed\n")
    again = runner.invoke(cli, ["new", "my-game"])
    assert again.exit_code == 1
    assert again.output == ("error: my-game: already exists and is not empty (pnp new writes a new folder, or into an "
                            "empty one, and never overwrites: choose another name)\n")
    assert (tmp_path / "my-game" / "cards.csv").read_text() == "changed\n"
    bad = runner.invoke(cli, ["new", ".hidden"])
    assert bad.exit_code == 1 and bad.output.startswith("error: .hidden: the folder's name makes the game id")


RULES_MISTAKES = {  # a mistake in the rules text of pnp new's game: (text, what it becomes), the error's end
    "a key misspelt": (("reference:\n  turn:", "reference:\n  trun:"),
                       "rules/mine.yaml:16: reference.trun: unknown key 'trun': did you mean 'turn'? (expected one of "
                       "notes, scoring, turn, turn_heading)"),
    "a figure of no component": (("{cards.count}", "{card.count}"),
                                 "rules/mine.yaml:8: sections[0].blocks[0].steps[0]: unknown figure {card.count} "
                                 "(figures: cards.count, cards.height, cards.radius, cards.width)"),
    "a diagram the game has none of": (("      - steps:\n          - \"Play", "      - diagram: table\n      - steps:\n"
                                        "          - \"Play"),
                                       "rules/mine.yaml:12: sections[1].blocks[0].diagram: unknown diagram 'table' (this "
                                       "game has: none)"),
}


@pytest.mark.parametrize("mistake", RULES_MISTAKES)
def test_a_mistake_in_the_rules_text_fails_validate_and_the_build_writes_nothing(tmp_path, monkeypatch, mistake):
    """pnp validate reads the rules text as laying it out would: a mistake there is one error line, exit 1, from
    validate, and pnp build refuses before writing any file (it wrote the components PDF, then failed on the rules)."""
    (old, new), error = RULES_MISTAKES[mistake]
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "mine"]).exit_code == 0
    assert runner.invoke(cli, ["validate", "mine/mine.yaml"]).exit_code == 0
    rules = tmp_path / "mine" / "rules" / "mine.yaml"
    assert rules.read_text().count(old) == 1
    rules.write_text(rules.read_text().replace(old, new))
    checked = runner.invoke(cli, ["validate", "mine/mine.yaml"])
    assert (checked.exit_code, checked.output.splitlines()[-1]) == (1, f"error: {Path('mine') / error}"), checked.output
    built = runner.invoke(cli, ["build", "mine/mine.yaml", "--paper", "a4", "--out", "out"])
    assert (built.exit_code, built.output) == (1, checked.output)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", ["glorieta", "grannys-pills"])
def test_pnp_new_from_a_shipped_game_copies_it_whole_and_the_copy_builds_the_same_pdfs(tmp_path, monkeypatch, game):
    """The copy holds the spec (named after the folder), its rules text and what its rules read beside it (Glorieta's
    example positions, which its rulebook draws): its A4 components and rulebook equal the shipped game's, byte for
    byte, and a colour changed in the copy (its first one's last digit) changes the copy's own PDF."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    made = runner.invoke(cli, ["new", "mine", "--from", game])
    assert made.exit_code == 0, made.output
    shipped = Path(specs.__file__).resolve().parent.parent / "specs"
    positions = sorted(f"mine/positions/{p.name}" for p in (shipped / "positions").glob("*.yaml")) if game == "glorieta" else []
    assert sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "mine").rglob("*") if p.is_file()) == sorted(
        ["mine/mine.yaml", "mine/rules/mine.yaml"] + positions)
    assert (tmp_path / "mine" / "mine.yaml").read_bytes() == (shipped / f"{game}.yaml").read_bytes()
    for spec, out in (("mine/mine.yaml", "copy"), (game, "shipped")):
        built = runner.invoke(cli, ["build", spec, "--paper", "a4", "--out", out])
        assert built.exit_code == 0, built.output
    for kind in ("components", "rules"):
        assert (tmp_path / f"copy/mine/mine-{kind}-a4.pdf").read_bytes() == \
            (tmp_path / f"shipped/{game}/{game}-{kind}-a4.pdf").read_bytes()
    text = (tmp_path / "mine" / "mine.yaml").read_text()
    head, palette = text.split("\npalette:", 1)
    (tmp_path / "mine" / "mine.yaml").write_text(head + "\npalette:" + re.sub(r'"#[0-9a-fA-F]{6}"', lambda m: m[0][:-2] + "12"[m[0][-2] == "1"] + '"', palette, 1))
    assert runner.invoke(cli, ["build", "mine/mine.yaml", "--paper", "a4", "--out", "copy"]).exit_code == 0
    assert (tmp_path / "copy/mine/mine-components-a4.pdf").read_bytes() != \
        (tmp_path / f"shipped/{game}/{game}-components-a4.pdf").read_bytes()


def test_pnp_new_from_an_unknown_game_names_the_shipped_ones_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(cli, ["new", "mine", "--from", "chess"])
    assert made.exit_code == 1
    assert made.output == ("error: --from 'chess': no shipped game of that name (shipped games: glorieta, grannys-pills, "
                           "hexstatic, paths-and-pahs, pixeliction, posies)\n")
    assert not (tmp_path / "mine").exists()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine\n")
    again = CliRunner().invoke(cli, ["new", "mine", "--from", "posies"])
    assert again.exit_code == 1 and again.output.startswith("error: mine: already exists and is not empty")
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]


def test_pnp_new_over_a_file_or_with_no_name_is_one_error_line_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text("mine\n")
    over = CliRunner().invoke(cli, ["new", "notes"])
    assert over.exit_code == 1 and over.output == ("error: notes: already exists as a file (pnp new writes a new folder, "
                                                   "or into an empty one, and never overwrites: choose another name)\n")
    assert (tmp_path / "notes").read_text() == "mine\n"
    for name in ("", "  "):
        empty = CliRunner().invoke(cli, ["new", name])
        assert empty.exit_code == 1 and empty.output == "error: pnp new: give the folder to write, e.g. pnp new my-game\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_pnp_new_writes_into_an_empty_folder_named_after_it_and_never_into_one_holding_anything(tmp_path, monkeypatch):
    """A designer's `mkdir g && pnp new g` was refused ("already exists"), and `pnp new .` in an empty folder said the
    folder's name made a bad game id (the name of '.'). An empty folder is written into, the game named after its
    resolved name (--from too); one holding anything is still refused, nothing written; a starter that fails its own
    checks leaves the empty folder as it was."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    (tmp_path / "g").mkdir()
    made = runner.invoke(cli, ["new", "g"])
    assert made.exit_code == 0, made.output
    assert runner.invoke(cli, ["validate", "g/g.yaml"]).exit_code == 0
    (tmp_path / "copy").mkdir()
    copied = runner.invoke(cli, ["new", "copy", "--from", "posies"])
    assert copied.exit_code == 0 and (tmp_path / "copy" / "copy.yaml").is_file(), copied.output
    (tmp_path / "lantern").mkdir()
    monkeypatch.chdir(tmp_path / "lantern")
    here = runner.invoke(cli, ["new", "."])
    assert here.exit_code == 0, here.output
    assert here.output.splitlines()[-1] == "next: pnp validate lantern.yaml && pnp build lantern.yaml"
    assert sorted(str(p.relative_to(tmp_path / "lantern")) for p in (tmp_path / "lantern").rglob("*") if p.is_file()) == [
        "back.yaml", "card.yaml", "cards.csv", "lantern.yaml", "rules/lantern.yaml", "templates/coin.svg"]
    assert specs.load("lantern.yaml").game.title == "Lantern"
    assert runner.invoke(cli, ["validate", "lantern.yaml"]).exit_code == 0
    (tmp_path / "lantern" / "cards.csv").write_text("changed\n")
    again = runner.invoke(cli, ["new", "."])
    assert (again.exit_code, again.output) == (1, "error: .: already exists and is not empty (pnp new writes a new "
                                                  "folder, or into an empty one, and never overwrites: choose another "
                                                  "name)\n")
    assert (tmp_path / "lantern" / "cards.csv").read_text() == "changed\n"
    (tmp_path / "bad!").mkdir()
    monkeypatch.chdir(tmp_path / "bad!")
    bad = runner.invoke(cli, ["new", "."])
    assert bad.exit_code == 1 and bad.output.startswith("error: .: the folder's name ('bad!') makes the game id"), bad.output
    monkeypatch.chdir(tmp_path)
    (tmp_path / ("b" * 60)).mkdir()
    failing = runner.invoke(cli, ["new", "b" * 60])
    assert failing.exit_code == 1 and "the starter game named so would fail its own checks" in failing.output
    assert (tmp_path / ("b" * 60)).is_dir() and list((tmp_path / ("b" * 60)).iterdir()) == []


def test_pnp_new_writes_into_a_folder_holding_only_hidden_entries_and_keeps_them(tmp_path, monkeypatch):
    """`git init g && pnp new g` was refused: a folder holding .git counted as not empty. Hidden entries are kept, the
    game written beside them; a starter that fails its own checks takes back only what it wrote."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for name in ("g", "b" * 60):
        (tmp_path / name / ".git").mkdir(parents=True)
        (tmp_path / name / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
        (tmp_path / name / ".gitignore").write_text("output/\n")
    made = runner.invoke(cli, ["new", "g"])
    assert made.exit_code == 0, made.output
    assert (tmp_path / "g" / "g.yaml").is_file() and (tmp_path / "g" / ".git" / "HEAD").is_file()
    assert runner.invoke(cli, ["validate", "g/g.yaml"]).exit_code == 0
    failing = runner.invoke(cli, ["new", "b" * 60])
    assert failing.exit_code == 1 and "the starter game named so would fail its own checks" in failing.output
    kept = sorted(str(p.relative_to(tmp_path / ("b" * 60))) for p in (tmp_path / ("b" * 60)).rglob("*"))
    assert kept == [".git", ".git/HEAD", ".gitignore"]
    (tmp_path / "g2").mkdir()
    (tmp_path / "g2" / "README.md").write_text("mine\n")
    assert runner.invoke(cli, ["new", "g2"]).exit_code == 1


def test_pnp_new_refuses_a_folder_named_like_a_spec_file(tmp_path, monkeypatch):
    """`pnp new x.yaml` wrote a game that `pnp validate x.yaml` refused ("a folder, not a spec file"): refused, with the
    name to give instead, and nothing written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    for name in ("x.yaml", "Deck.YML", "sub/y.yaml"):
        made = CliRunner().invoke(cli, ["new", name])
        assert made.exit_code == 1 and made.output.startswith(f"error: {name}: a folder named like a spec file"), made.output
        assert f"pnp new {name.rsplit('.', 1)[0]})" in made.output   # sub/y: the folder it goes in kept
    assert list(tmp_path.iterdir()) == [tmp_path / "sub"] and not list((tmp_path / "sub").iterdir())


def test_pnp_new_with_a_name_its_starter_cannot_take_is_refused_and_leaves_no_folder(tmp_path, monkeypatch):
    """A name of 101 characters wrote a game whose title its own spec refused; a title of many short words, or one long
    word, overflowed the card back; a name past the system's longest left an empty folder. pnp new's game validates as
    written, or no folder is left: the back's name now wraps to four lines and shrinks to 2.5 mm first."""
    monkeypatch.chdir(tmp_path)
    long_title = CliRunner().invoke(cli, ["new", "a" * 101])
    assert long_title.exit_code == 1 and long_title.output == (
        f"error: {'a' * 101}: the folder's name makes the game's title, which may hold 100 characters, and this one's "
        "has 101: choose a shorter name\n")
    one_word = CliRunner().invoke(cli, ["new", "b" * 60])
    assert one_word.exit_code == 1 and one_word.output.startswith(f"error: {'b' * 60}: the starter game named so would "
                                                                  "fail its own checks (back: text ")
    assert list(tmp_path.iterdir()) == []
    for name in ("ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab x", "supercalifragilisticexpialidocious"):
        assert CliRunner().invoke(cli, ["new", name]).exit_code == 0
        checked = CliRunner().invoke(cli, ["validate", f"{name}/{name}.yaml"])
        assert checked.exit_code == 0, checked.output


def test_the_next_hint_of_pnp_new_is_a_command_a_shell_reads_right(tmp_path, monkeypatch):
    import shlex
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(cli, ["new", "Big Game"])
    assert made.exit_code == 0, made.output
    hint = made.output.splitlines()[-1]
    assert hint.startswith("next: ")
    words = shlex.split(hint.removeprefix("next: "))
    assert words == ["pnp", "validate", "Big Game/Big Game.yaml", "&&", "pnp", "build", "Big Game/Big Game.yaml"]
    assert (tmp_path / words[2]).is_file()


def test_the_rulebook_example_of_make_your_own_game_builds_and_its_mistake_is_the_line_shown(tmp_path, monkeypatch):
    """docs/make-your-own-game.md's rules file, over pnp new's, sets every block and the scoring table it shows; its
    scoring written as a sentence is refused with the line the page quotes."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "make-your-own-game.md").read_text(encoding="utf-8")
    example = doc.split("## 8. The rulebook", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "my-game"]).exit_code == 0
    rules = Path("my-game/rules/my-game.yaml")
    rules.write_text(example, encoding="utf-8")
    made = CliRunner().invoke(cli, ["rules", "my-game/my-game.yaml", "--paper", "a4", "--out", "out"])
    assert made.exit_code == 0, made.output
    words = " ".join(page.extract_text() for page in pypdf.PdfReader("out/my-game/my-game-rules-a4.pdf").pages).split()
    for said in ("Shuffle the 12 cards.", "Put the rest face down in the middle.", "Sunrise 1", "Lay the cards face up.",
                 "Each coin 1", "Ties share the win.", "Game design and rules by Your Name."):
        assert " ".join(said.split()) in " ".join(words), said
    rules.write_text(example.replace('    - [Card, Points]\n    - [Each coin, "1"]\n', "    - One point per coin.\n"),
                     encoding="utf-8")
    wrong = CliRunner().invoke(cli, ["rules", "my-game/my-game.yaml", "--paper", "a4", "--out", "out"])
    shown = doc.split("a scoring row written as a sentence:\n`", 1)[1].split("`", 1)[0]
    assert (wrong.exit_code, wrong.output) == (1, shown + "\n")


def test_the_rulebook_of_a_new_game_credits_its_designer_and_claims_no_rewriting(tmp_path, monkeypatch):
    """A designer's own rules are not 'rewritten for this print-and-play edition': without credits: the rulebook's
    last line names the designer, and nothing more."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "my-game"]).exit_code == 0
    made = CliRunner().invoke(cli, ["rules", "my-game/my-game.yaml", "--paper", "a4", "--out", "out"])
    assert made.exit_code == 0, made.output
    words = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader("out/my-game/my-game-rules-a4.pdf").pages).split())
    assert "Game design by Your Name." in words and "rewritten" not in words


def test_a_new_game_named_with_spaces_gets_its_words_as_title_and_commands_a_shell_reads_right(tmp_path, monkeypatch):
    """pnp new 'Big Game': the title keeps both capitals, and the spec's first lines quote the commands to run beside it."""
    import re
    import shlex
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "Big Game"]).exit_code == 0
    assert specs.load("Big Game/Big Game.yaml").game.title == "Big Game"
    head = "".join(Path("Big Game/Big Game.yaml").read_text(encoding="utf-8").splitlines(keepends=True)[:2])
    commands = [shlex.split(c) for c in re.findall(r"`(pnp [a-z]+ [^`]+)`", head.replace("\n# ", " "))]
    assert commands == [["pnp", "build", "Big Game.yaml"], ["pnp", "validate", "Big Game.yaml"]]


@pytest.mark.parametrize("name", ["2024", "yes", "1.5", "0x1F", "null"])
def test_a_new_game_named_as_yaml_reads_a_number_or_a_yes_has_that_name_as_its_title_and_validates(tmp_path, monkeypatch,
                                                                                                   name):
    """pnp new 2024 wrote title: 2024, which YAML reads as a number: its own game failed validate."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", name]).exit_code == 0
    assert specs.load(f"{name}/{name}.yaml").game.title == name[0].upper() + name[1:]
    assert CliRunner().invoke(cli, ["validate", f"{name}/{name}.yaml"]).exit_code == 0


def test_validate_of_a_game_of_layouts_prints_one_line_and_no_generic_note(tmp_path, monkeypatch):
    """A game of one's own has no rules code to name: validate says its checks pass and nothing more."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine"]).exit_code == 0
    run = CliRunner().invoke(cli, ["validate", "mine/mine.yaml"])
    assert run.exit_code == 0 and run.output == "mine/mine.yaml: all generic checks pass (1 component)\n"


def test_the_starter_back_centres_its_coin_above_the_whole_title(tmp_path):
    """On the starter's back the coin sits in the middle, across and clear above the game's name, all of it showing."""
    from PIL import Image
    from generator.output.formats.png import face_png
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "my-game")]).exit_code == 0
    spec = specs.load(str(tmp_path / "my-game" / "my-game.yaml"))
    back = next(art for art in expand(spec)[1].values() if art.side == "back")
    image = Image.open(io.BytesIO(face_png(spec, back, 25.4 * PX_PER_MM))).convert("RGB")
    gold = [(x, y) for y in range(image.height) for x in range(image.width)
            if (lambda r, g, b: r > 150 and g > 120 and b < 120)(*image.getpixel((x, y)))]
    rows = sorted({y for _, y in gold})
    runs = [[rows[0]]]
    for y in rows[1:]:
        runs[-1].append(y) if y == runs[-1][-1] + 1 else runs.append([y])
    assert len(runs) == 2  # the coin, then the name below it, a gap between
    (coin, name), middle = runs, image.width / 2
    for run in (coin, name):
        xs = [x for x, y in gold if run[0] <= y <= run[-1]]
        assert (min(xs) + max(xs)) / 2 == pytest.approx(middle, abs=0.5 * PX_PER_MM)
    xs = [x for x, y in gold if name[0] <= y <= name[-1]]
    assert (max(xs) - min(xs)) / PX_PER_MM > 20  # "My Game" whole, in letters about 6 mm high
    assert (name[-1] - name[0]) / PX_PER_MM > 4


def test_ember_deck_sets_titles_in_its_own_font_and_embeds_its_picture_once():
    spec = specs.load(str(EXAMPLES / "ember-deck" / "ember-deck.yaml"))
    reader = pypdf.PdfReader(io.BytesIO(components_pdf(spec, "a4")[0]))
    fonts, images = set(), set()
    for page in reader.pages[1:]:
        resources = page["/Resources"]
        fonts |= {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in resources.get("/Font", {}).values()}
        images |= {x.idnum for x in resources.get("/XObject", {}).values()
                   if x.get_object().get("/Subtype") == "/Image"}
    assert "DejaVuSerif" in fonts                     # the titles: the designer's font from fonts/
    assert len(images) == 1                           # art/hills.png: one image object shared by every card


def _resources(node, fonts, images, seen):
    """Collect the font names and the images a page or form uses, forms within forms included (each form once)."""
    resources = node.get("/Resources") or {}
    for font in (resources.get("/Font") or {}).values():
        fonts.add(str(font.get_object()["/BaseFont"]))
    for ref in (resources.get("/XObject") or {}).values():
        xobject = ref.get_object()
        if getattr(ref, "idnum", None) in seen:
            continue
        seen.add(getattr(ref, "idnum", None))
        if xobject["/Subtype"] == "/Image":
            images.append(xobject)
        else:
            _resources(xobject, fonts, images, seen)


@pytest.mark.parametrize("looks", [("greyscale",), ("ink-saver", "greyscale")])
def test_looks_keep_an_examples_art_and_designer_font(looks):
    """The looks recolour the drawing itself: the picture and the titles in the designer's font survive them (once
    they went through SVG text, where the art was an unknown <image> and the font was lost)."""
    from generator.draw import looks as looks_, svg
    from generator.draw.render import draw_art

    spec = specs.load(str(EXAMPLES / "ember-deck" / "ember-deck.yaml"))
    data, _ = components_pdf(spec, "a4", looks=looks)
    fonts, images = set(), []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        _resources(page, fonts, images, set())
    assert any("DejaVuSerif" in font for font in fonts), fonts
    assert images, "the hills picture is placed"
    art = next(a for a in expand(spec)[1].values() if a.side == "front")
    drawing = draw_art(spec, art)
    grey = looks_.apply(looks, drawing)
    runs = [n for n in svg.walk(grey) if isinstance(n, svg.Run)]
    assert runs and {r.face for r in runs} == {n.face for n in svg.walk(drawing) if isinstance(n, svg.Run)}
    colours = {n.attrs[k] for n in svg.walk(grey) for k in ("fill", "stroke") if str(n.attrs.get(k, "")).startswith("#")}
    assert colours and all(c[1:3] == c[3:5] == c[5:7] for c in colours), colours


def test_the_starters_card_titles_shrink_onto_one_line(tmp_path, monkeypatch):
    """"Old Captain's Log" printed as "Old Captain's" over "Log": a wrapped title at 4.2 mm fitted before one line at
    3.4 mm. The starter's title keeps one line and shrinks: pdfium reads the whole title on one line of each copy."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "g"]).exit_code == 0
    data = Path("g/cards.csv")
    data.write_text(data.read_text().replace("Moonlit Path,", "Old Captain's Log,", 1))
    spec = specs.load("g/g.yaml")
    assert validate(spec) == []
    copies = sum(1 for piece in expand(spec)[0] if expand(spec)[1][piece.front].props.get("title") == "Old Captain's Log")
    lines = [line for page in pypdfium2.PdfDocument(components_pdf(spec, "a4")[0])
             for line in page.get_textpage().get_text_range().splitlines()]
    assert copies == 2 and sum(line.count("Old Captain's Log") for line in lines) == copies
