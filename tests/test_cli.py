"""The command line: list, validate, build, --set, exit codes, help text."""
import os
import yaml
import re
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from generator.draw import content
from generator.spec import loader as specs
from generator.cli import GameCommand, cli

README = Path(__file__).resolve().parent.parent / "README.md"


def run(*args):
    """Invoke pnp with arguments; return the click result."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_list_names_games_components_and_counts():
    result = run("list")
    assert result.exit_code == 0
    assert "grannys-pills  Granny's Pills (by Mario Primorac)" in result.output
    assert re.search(r"112 x Pill tiles \[square-tile\]", result.output)


def test_validate_passes_and_fails_with_exit_codes():
    assert run("validate", "grannys-pills").exit_code == 0
    result = run("validate", "grannys-pills", "--set", "components.pill.expect=111")
    assert result.exit_code == 1
    assert "specs/grannys-pills.yaml: pill: component count (expected 111, found 112)" in result.output


def test_build_writes_both_papers_and_reports_pages(tmp_path):
    result = run("build", "grannys-pills", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for paper in ("a4", "letter"):
        path = tmp_path / "grannys-pills" / f"grannys-pills-components-{paper}.pdf"
        with pikepdf.open(path) as pdf:
            assert f"{path}: {len(pdf.pages)} pages" in result.output
    assert not list(tmp_path.rglob("*.part")), "no temp files left behind"


def test_set_changes_the_built_colour(tmp_path):
    result = run("build", "grannys-pills", "--paper", "a4", "--out", str(tmp_path), "--set", "palette.red=#c0392b")
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "grannys-pills" / "grannys-pills-components-a4.pdf") as pdf:
        streams = b"".join(o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream))
    assert f"{content.rgb('#c0392b')} rg".encode() in streams
    assert f"{content.rgb(specs.load('grannys-pills').colour('red'))} rg".encode() not in streams


def test_user_errors_are_one_line_with_exit_1(tmp_path):
    for args in (["build", "--set", "components.pill.size=25", "--out", str(tmp_path)],
                 ["validate", "no-such-game"],
                 ["build", str(tmp_path / "missing.yaml")]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1, args
        assert result.output.startswith("error: ") and result.output.count("\n") == 1
        assert "Traceback" not in result.output


def test_output_that_is_a_file_is_a_clear_error(tmp_path):
    blocker = tmp_path / "taken"
    blocker.write_text("mine")
    result = CliRunner().invoke(cli, ["build", "grannys-pills", "--paper", "a4", "--out", str(blocker)])
    assert result.exit_code == 1
    assert result.output.startswith("error: ")
    assert blocker.read_text() == "mine"


def test_usage_errors_are_one_line_naming_the_command_and_its_help_exit_1():
    """An unknown command or option, a missing or bad value: one `error:` line, exit 1, as every other error (click's
    usage block and exit 2 before); a bare pnp still shows the help."""
    told = {
        ("build", "--backs", "sideways"): "error: pnp build: invalid value for '--backs': 'sideways' is not one of "
                                          "'duplex', 'fold' (see 'pnp build --help')\n",
        ("frobnicate",): "error: pnp: no such command 'frobnicate' (see 'pnp --help')\n",
        ("build", "--paper"): "error: pnp build: option '--paper' requires an argument (see 'pnp build --help')\n",
        ("new",): "error: pnp new: missing argument 'FOLDER' (see 'pnp new --help')\n",
        ("--bogus",): "error: pnp: no such option '--bogus' (see 'pnp --help')\n",
        ("pahs", "--bogus"): "error: pnp pahs: no such option '--bogus' (see 'pnp pahs --help')\n",
        ("pahs", "--board", "--seed", "-1"): "error: pnp pahs: invalid value for '--seed': -1 is not in the range "
                                             "0<=x<=9223372036854775808 (see 'pnp pahs --help')\n",   # a spec's range
    }
    for args, line in told.items():
        refused = CliRunner().invoke(cli, list(args), prog_name="pnp")
        assert (refused.exit_code, refused.output) == (1, line), (args, refused.output)
    for option in ("--threshold", "--grey-threshold"):   # NaN passed click's range: every comparison with it is false
        refused = CliRunner().invoke(cli, ["palette", "hexstatic", option, "nan"])
        assert refused.exit_code == 1 and "'nan' is not a number from 0 to 100 (see" in refused.output, refused.output
    bare = CliRunner().invoke(cli, [], prog_name="pnp")
    assert bare.exit_code == 2 and bare.output.startswith("Usage: pnp [OPTIONS] COMMAND [ARGS]..."), bare.output


def test_a_folder_named_as_a_spec_is_said_to_be_one(tmp_path):
    (tmp_path / "game.yaml").mkdir()
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "game.yaml")])
    assert (result.exit_code, result.output) == (1, f"error: {tmp_path / 'game.yaml'}: a folder, not a spec file\n")


def test_the_folder_pnp_new_writes_names_its_game(tmp_path, monkeypatch):
    """`pnp new lantern && pnp validate lantern` was 'unknown game': a folder holding a spec named after it names that
    spec (lantern/lantern.yaml); a folder without one is one line saying so."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "lantern"]).exit_code == 0
    for name in ("lantern", f"lantern{os.sep}", str(tmp_path / "lantern")):
        result = CliRunner().invoke(cli, ["validate", name])
        assert result.exit_code == 0 and result.output.startswith(f"{Path('lantern/lantern.yaml')}: all generic checks "
                                                                  "pass"), (name, result.output)
    built = CliRunner().invoke(cli, ["build", "lantern", "--paper", "a4", "--out", "out"])
    assert built.exit_code == 0 and Path("out/lantern/lantern-components-a4.pdf").is_file(), built.output
    Path("empty").mkdir()
    result = CliRunner().invoke(cli, ["validate", "empty"])
    assert (result.exit_code, result.output) == (1, "error: empty: a folder, not a spec file, and it holds no empty.yaml: "
                                                    "give the spec's path\n")


@pytest.mark.parametrize("command", ["build", "rules", "preview"])
def test_an_empty_out_is_refused_not_the_current_folder(tmp_path, monkeypatch, command):
    """`--out "$OUT"` with OUT unset wrote the game's folder into the current one, exit 0."""
    monkeypatch.chdir(tmp_path)
    paper = [] if command == "preview" else ["--paper", "a4"]
    result = CliRunner().invoke(cli, [command, "posies", *paper, "--out", ""])
    assert (result.exit_code, result.output) == (1, "error: --out: expected a folder, found '' (for the current folder, "
                                                    "give --out .)\n")
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_named_as_the_spec_is_said_to_be_one(tmp_path):
    os.mkfifo(tmp_path / "game.yaml")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "game.yaml")])
    assert (result.exit_code, result.output) == (1, f"error: {tmp_path / 'game.yaml'}: not a regular file (a pipe or a "
                                                    "device): pnp reads files only\n")


@pytest.mark.parametrize("args, message", [
    (["validate", ""], "error: expected a game or a path to a .yaml file, found ''\n"),
    (["validate", "posies", "--theme", ""], "error: expected a theme or a path to a .yaml file, found ''\n"),
    (["validate", "posies", "--set", "game.notes={points}"], f"error: {specs.SPECS / 'posies.yaml'}: --set game.notes: "
     "expected text, found a mapping (--set reads its value as YAML does: write --set 'game.notes=\"{points}\"')\n"),
])
def test_an_empty_game_or_theme_is_said_to_be_empty(tmp_path, monkeypatch, args, message):
    """`--theme ""` said the current folder was 'a folder, not a spec file ...' (a theme is no spec)."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert (result.exit_code, result.output) == (1, message)


def test_every_command_has_help_with_an_example_and_is_in_the_readme():
    readme = README.read_text()
    for name, command in cli.commands.items():
        command = command.loaded() if isinstance(command, GameCommand) else command  # a game's: its own help
        assert "Example: pnp" in (command.help or ""), name
        assert f"pnp {name}" in readme, name


def test_a_spec_without_a_rules_file_builds_its_components_and_says_where_rules_go(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("mine.yaml").write_text("game: {title: Mine, designer: Me}\ncomponents:\n"
                                 "  cards: {kind: word-card, expect: 1, width: 63 mm, height: 88 mm, faces: {list: [{words: [a]}]}}\n")
    note = "mine.yaml: no rulebook: its rules file would be rules/mine.yaml (rules/<spec name>.yaml beside the spec)"
    built = CliRunner().invoke(cli, ["build", "mine.yaml", "--paper", "a4", "--out", "out"])
    assert built.exit_code == 0 and built.exception is None, built.output
    assert built.output.splitlines() == [f"{Path('out/mine/mine-components-a4.pdf')}: 1 page, "
                                         f"{Path('out/mine/mine-components-a4.pdf').stat().st_size / 1024:.1f} KiB", note]
    assert sorted(p.name for p in Path("out/mine").glob("*.pdf")) == ["mine-components-a4.pdf"]
    ruled = CliRunner().invoke(cli, ["rules", "mine.yaml", "--out", "out"])
    assert (ruled.exit_code, ruled.exception.__class__, ruled.output) == (1, SystemExit, f"error: {note}\n")
    Path("rules/mine.yaml").mkdir(parents=True)   # a folder where the file goes: said so, not 'would be'
    ruled = CliRunner().invoke(cli, ["rules", "mine.yaml", "--out", "out"])
    assert ruled.output == ("error: mine.yaml: no rulebook: rules/mine.yaml is a folder, not a rules file "
                            "(rules/<spec name>.yaml beside the spec)\n")
    Path("rules/mine.yaml").rmdir()
    import os
    os.mkfifo("rules/mine.yaml")   # a pipe: said so, never read (it would not answer)
    ruled = CliRunner().invoke(cli, ["rules", "mine.yaml", "--out", "out"])
    assert ruled.output == ("error: mine.yaml: no rulebook: rules/mine.yaml is not a regular file (a pipe or a device), "
                            "not a rules file (rules/<spec name>.yaml beside the spec)\n"), ruled.output
    Path("rules/mine.yaml").unlink()   # a rulebook built, then its rules file deleted: the old rulebook goes too
    Path("rules/mine.yaml").write_text((specs.SPECS / "rules" / "posies.yaml").read_text().split("\nsections:")[0] +
                                       "\nsections: [{heading: Play, blocks: [{p: Play.}]}]\nreference: {turn: [Play.]}\n")
    assert CliRunner().invoke(cli, ["build", "mine.yaml", "--paper", "a4", "--out", "out"]).exit_code == 0
    Path("out/mine/elsewhere.pdf").write_text("mine")
    assert Path("out/mine/mine-rules-a4.pdf").is_file()
    Path("rules/mine.yaml").unlink()
    built = CliRunner().invoke(cli, ["build", "mine.yaml", "--paper", "a4", "--out", "out"])
    assert built.output.splitlines()[-1] == f"{note}; removed the old mine-rules-a4.pdf", built.output
    assert sorted(p.name for p in Path("out/mine").glob("*.pdf")) == ["elsewhere.pdf", "mine-components-a4.pdf"]


def test_the_readme_spec_example_validates_and_builds(tmp_path, monkeypatch):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    example = readme.split("## Writing a spec", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    Path("my-game.yaml").write_text(example, encoding="utf-8")
    checked = CliRunner().invoke(cli, ["validate", "my-game.yaml"])
    assert checked.exit_code == 0, checked.output
    built = CliRunner().invoke(cli, ["build", "my-game.yaml", "--paper", "a4"])
    assert built.exit_code == 0, built.output
    assert Path("output/my-game/my-game-components-a4.pdf").is_file()


def _two_tile_spec(path, components):
    """A spec of square tiles: {component: (size mm, count)}."""
    faces = {"product": {"colour": ["red"], "shape": ["circle"]}}
    spec = {"game": {"title": "Sharing", "designer": "tests"}, "palette": {"red": "#d7261e"},
            "components": {name: {"kind": "square-tile", "size": f"{size} mm", "expect": count,
                                  "faces": {**faces, "copies": count}} for name, (size, count) in components.items()}}
    path.write_text(yaml.safe_dump(spec))
    return path


@pytest.mark.parametrize("parts", [{"small": (20, 60), "large": (60, 8)}, {"small": (20, 30), "large": (40, 12)}])
def test_build_says_how_many_pages_of_paper_sharing_sheets_saves(tmp_path, parts):
    """Against each component's own file: one list page, each component's sheets, and a sheet more for each component
    but one that put pieces below its list (it does only when that saves it a sheet). 20 and 60 mm tiles: two sheets
    alone, one together with pieces below the list: a page of paper saved, which the count of pages holding pieces
    (page 1 among them) called none; 30 and 12 tiles, each alone below its list: 2 pages either way, once said saved."""
    import pypdf
    pages = {}
    for name, wanted in [("both", parts)] + [(n, {n: p}) for n, p in parts.items()]:
        spec = _two_tile_spec(tmp_path / f"{name}.yaml", wanted)
        result = CliRunner().invoke(cli, ["build", str(spec), "--paper", "a4", "--out", str(tmp_path / "out")])
        assert result.exit_code == 0, result.output
        reader = pypdf.PdfReader(tmp_path / "out" / name / f"{name}-components-a4.pdf")
        below_list = "below it" in " ".join(reader.pages[0].extract_text().split())   # pieces printed under the list
        pages[name] = len(reader.pages), below_list, result.output
    below = sum(pages[n][1] for n in parts)
    alone = 1 + sum(pages[n][0] - 1 for n in parts) + max(below - 1, 0)   # one file, each component on pages of its own
    saved = alone - pages["both"][0]
    assert saved == (1 if parts["small"] == (20, 60) else 0)   # the two cases the docstring works out
    said = [line.strip() for line in pages["both"][2].splitlines() if "fewer than each component" in line]
    assert said == ([f"{saved} page{'s' * (saved != 1)} fewer than each component on pages of its own: pieces of "
                     "different components share sheets"] if saved else [])
    assert all("fewer than each component" not in pages[n][2] for n in parts)


def test_pages_saved_counts_the_plan_the_build_imposed_and_imposes_only_each_component_alone(tmp_path, monkeypatch):
    from generator.impose import imposition
    imposed, impose = [], imposition.impose
    monkeypatch.setattr(imposition, "impose", lambda *args, **options: imposed.append(
        (len(args[1]), options.get("drafted", False))) or impose(*args, **options))
    spec = _two_tile_spec(tmp_path / "both.yaml", {"small": (20, 60), "large": (60, 8)})
    result = CliRunner().invoke(cli, ["build", str(spec), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "fewer than each component on pages of its own" in result.output
    assert sorted(imposed) == [(8, True), (60, True), (68, False)], "the printed plan once, each component alone once"


def test_an_unchanged_build_says_the_pages_saved_from_its_record_without_reading_the_plan(tmp_path, monkeypatch):
    """The count is kept in the file's record: a build that finds the file unchanged opens no plan and draws no face."""
    from generator.impose import kept
    spec = _two_tile_spec(tmp_path / "both.yaml", {"small": (20, 60), "large": (60, 8)})
    build = ["build", str(spec), "--paper", "a4", "--out", str(tmp_path / "out")]
    first = CliRunner().invoke(cli, build)
    read = []
    monkeypatch.setattr(kept.KeptPlan, "_read", lambda self, *args: read.append(self.path) or {})
    again = CliRunner().invoke(cli, build)
    assert again.exit_code == 0 and "unchanged: inputs and file match the last build" in again.output, again.output
    said = [line for line in first.output.splitlines() if "fewer than each component" in line]
    assert said and said == [line for line in again.output.splitlines() if "fewer than each component" in line]
    assert read == []


def test_a_file_where_a_folder_goes_is_named_as_a_file(tmp_path, monkeypatch):
    """--out naming a file said 'afile/posies is not a folder'; pnp new inside a file said the folder does not exist."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    built = CliRunner().invoke(cli, ["build", "posies", "--paper", "a4", "--out", "afile"])
    assert (built.exit_code, built.output) == (1, "error: cannot write afile/posies/posies-components-a4.pdf: afile is a "
                                                  "file, not a folder\n")
    made = CliRunner().invoke(cli, ["new", "afile/sub"])
    assert (made.exit_code, made.output) == (1, "error: afile/sub: the folder afile to create it in is a file\n")
    assert (tmp_path / "afile").read_text() == "x"


def test_a_rulebook_that_cannot_be_laid_out_on_the_paper_asked_stops_the_build_before_any_file(tmp_path, monkeypatch):
    """On a 100 x 150 mm paper the components PDF was written (and at first listed nowhere), then the rulebook's
    14-column table refused: a designer's rulebook is laid out on the build's own paper, as on A4 and Letter, before
    its components PDF is written."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "r1"]).exit_code == 0
    rules = tmp_path / "r1" / "rules" / "r1.yaml"
    wide = "[" + ", ".join(f"c{k}" for k in range(14)) + "]"
    rules.write_text(rules.read_text().replace("      - steps:", f"      - table: [{wide}, {wide}]\n      - steps:", 1))
    result = CliRunner().invoke(cli, ["build", "r1/r1.yaml", "--paper", "100x150mm", "--out", "out"])
    lines = result.output.splitlines()
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert re.match(r"error: r1/rules/r1\.yaml:\d+: sections\[0\]\.blocks\[0\]\.table: a table of 14 columns leaves ",
                    lines[-1]), lines[-1]
    assert not (tmp_path / "out" / "r1" / "r1-components-100x150mm.pdf").exists()
    assert CliRunner().invoke(cli, ["build", "r1/r1.yaml", "--paper", "a4", "--out", "out"]).exit_code == 0


TALL = set("bdfhkl0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")   # letters whose ink reaches about 0.73 em up from the baseline


def test_page_one_and_the_footer_fit_small_custom_paper_without_overlapping(tmp_path, monkeypatch):
    """On 100 x 150 mm paper the manifest's table ran off the page, its advice ran into the footer, and the ruler's two
    captions were set over one another; A5 cut the table too; a back sheet's note shrank to 0.5 mm type beside its
    label, which began inside the unprintable edge. Every character pdfium finds on page 1 and on a front and a back
    sheet now lies inside the page's printable part (6.35 mm in), no two overlap, and none of a sheet's footer is under
    1.8 mm (5.1 pt)."""
    import pypdfium2
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "small"]).exit_code == 0
    edge = 6.35 / 25.4 * 72
    for paper in ("100x150mm", "148x210mm"):
        assert CliRunner().invoke(cli, ["build", "small/small.yaml", "--paper", paper, "--out", "out"]).exit_code == 0
        doc = pypdfium2.PdfDocument(tmp_path / "out" / "small" / f"small-components-{paper}.pdf")
        for number in (0, 1, 2):
            page = doc[number]
            width, height = page.get_size()
            text = page.get_textpage()
            shown = [i for i in range(text.count_chars()) if text.get_text_range(i, 1).strip()]
            boxes = [text.get_charbox(i) for i in shown]
            assert boxes and all(edge <= left and right <= width - edge and edge <= bottom and top <= height - edge
                                 for left, bottom, right, top in boxes), (paper, number)
            tall = [(top - bottom) / 72 * 25.4 for i, (_, bottom, _, top) in zip(shown, boxes)   # the footer's letters
                    if bottom < 18 / 25.4 * 72 and text.get_text_range(i, 1) in TALL]              # as tall as a capital
            if number:   # (page 1's list is set smaller as a whole on paper narrower than A4's 210 mm)
                assert tall and min(tall) >= 0.7 * 1.8, (paper, number, min(tall))   # type of 1.8 mm at least
            for i, (l1, b1, r1, t1) in enumerate(boxes):
                for l2, b2, r2, t2 in boxes[i + 1:]:
                    across, down = min(r1, r2) - max(l1, l2), min(t1, t2) - max(b1, b2)
                    assert across <= 0.2 or down <= 0.2, (paper, number, (l1, b1, r1, t1), (l2, b2, r2, t2))


def test_no_game_named_in_a_folder_holding_a_spec_says_the_shipped_games_are_worked_on(tmp_path, monkeypatch):
    """`pnp validate` in a `pnp new` folder checked the six shipped games and passed, saying nothing of the spec there:
    a note names it and the command for it; in a folder with no spec, no note."""
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "mine")]).exit_code == 0
    (tmp_path / "mine" / "notes.yaml").write_text("todo: art\n")   # YAML that is no spec
    monkeypatch.chdir(tmp_path / "mine")
    result = CliRunner().invoke(cli, ["validate"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == ("note: no game named, so pnp's shipped games are validated; the spec here: "
                                             "pnp validate mine.yaml")
    monkeypatch.chdir(tmp_path)
    assert "note:" not in CliRunner().invoke(cli, ["validate"]).output


def test_a_palette_too_long_for_one_swatch_page_is_one_line_with_nothing_written(tmp_path, monkeypatch):
    """700 colours: the swatch PDF was written, a page taller than PDF allows (14,400 pt), then cairo's traceback for
    the PNG: refused before either file, naming how many colours one page holds (that many pass)."""
    from generator.output import swatches
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine"]).exit_code == 0
    spec_path = Path("mine/mine.yaml")
    data = yaml.safe_load(spec_path.read_text())
    base = dict(data["palette"])

    def palette(n):
        data["palette"] = {**base, **{f"c{i}": f"#{i % 256:02x}{i * 7 % 256:02x}{i * 13 % 256:02x}" for i in range(n)}}
        spec_path.write_text(yaml.safe_dump(data))
        return CliRunner().invoke(cli, ["palette", str(spec_path), "--out", "pal"])
    result = palette(700)
    most = int(re.search(r"at most (\d+) colours", result.output)[1])
    assert result.exit_code == 1 and result.output.startswith(
        f"error: {spec_path}: palette: a swatch sheet of {700 + len(base)} colours would be "), result.output
    assert not Path("pal").exists()
    assert palette(most - len(base)).exit_code == 0
    with pikepdf.open("pal/mine/mine-palette.pdf") as pdf:
        assert float(pdf.pages[0].mediabox[3]) <= 14_400 and swatches.TALLEST == pytest.approx(5080)


@pytest.mark.parametrize("args, told", [
    (["build", "posies", "--paper", "a4", "--paper", "letter"],
     "error: --paper is given twice ('a4', then 'letter'): give it once (--paper all makes every paper)"),
    (["validate", "posies", "-j", "1", "--jobs=2"], "error: --jobs is given twice ('1', then '2'): give it once"),
    (["build", "posies", "-j2", "-j", "3"], "error: -j is given twice ('2', then '3'): give it once"),   # -j2: -j 2
    (["validate", "posies", "-j", "1" + "0" * 5000], "error: pnp validate: invalid value for '--jobs' / '-j': '1"
     + "0" * 5000 + "' is not a valid integer range (see 'pnp validate --help')"),
    (["build", "posies", "--out", "a", "--theme", "okabe-ito", "--out", "b"],
     "error: --out is given twice ('a', then 'b'): give it once")])
def test_a_one_value_option_given_twice_is_one_line_and_nothing_is_built(tmp_path, args, told):
    """'--paper a4 --paper letter' built Letter only, with exit 0 (the last value won, as click takes it)."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", told + "\n")
    assert list(tmp_path.iterdir()) == []


def test_options_that_may_be_given_again_are_taken_each_time(tmp_path):
    """--format and --set add up when given again: not refused as a one-value option given twice is."""
    import subprocess
    import sys
    again = subprocess.run([sys.executable, "-m", "generator", "build", "posies", "--paper", "a4", "--out", "o",
                            "--format", "pdf", "--format", "contact", "--set", "palette.pink=#ff0000", "--set",
                            "palette.pink=#ff00ff"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "o" / "posies" / "posies-components-a4.pdf").is_file() and (tmp_path / "o" / "posies" / "contact").is_dir()


def test_paper_and_dpi_that_no_format_reads_are_refused_by_build_and_watch(tmp_path, monkeypatch):
    """`pnp build --format png --paper letter` exited 0 with the paper unread; `pnp watch --dpi 30` (PDFs only) and
    `--paper` with PNGs only watched on, the flag doing nothing, where build refuses --dpi so: both refused, nothing
    written; --paper with the PDFs, and --dpi with PNGs, still work."""
    monkeypatch.chdir(tmp_path)
    for args, flag in ((["build", "posies", "--format", "png", "--paper", "letter"], "--paper"),
                       (["watch", "posies", "--dpi", "30"], "--dpi"),
                       (["watch", "posies", "--format", "png", "--paper", "a4"], "--paper")):
        result = CliRunner().invoke(cli, [*args, "--out", "out"])
        assert result.exit_code == 1 and result.output.startswith(f"error: {flag} applies to the "), (args, result.output)
    assert not (tmp_path / "out").exists()
    assert CliRunner().invoke(cli, ["build", "posies", "--paper", "a4", "--out", "out"]).exit_code == 0
    assert CliRunner().invoke(cli, ["build", "posies", "--format", "png", "--dpi", "40", "--out", "png"]).exit_code == 0
