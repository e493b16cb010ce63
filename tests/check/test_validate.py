"""The validator: the shipped spec passes; broken sets fail with clear messages."""
import copy
from pathlib import Path

import pytest

from generator.spec import loader as specs
from generator.spec import yamlsource
from generator.games.grannys_pills import rules as grannys_pills
from generator.check.validate import validate


@pytest.fixture(scope="module")
def raw(grannys):
    """The shipped spec as raw data and line map."""
    return yamlsource.load(grannys.path)


def rebuild(grannys, raw, change):
    """Apply change(data) to a copy of the raw spec and validate it."""
    data, lines = copy.deepcopy(raw[0]), raw[1]
    change(data)
    return [str(f) for f in validate(specs.build(grannys.path, data, lines))]


def test_shipped_spec_passes(grannys):
    assert validate(grannys) == []


def test_111_pills_fail(grannys, raw):
    def drop_one(data):
        pill = data["components"]["pill"]
        faces = [{"colour": c, "shape": s} for c in pill["faces"]["product"]["colour"]
                 for s in pill["faces"]["product"]["shape"] for _ in range(7)]
        pill["faces"] = {"list": faces[:-1]}
    failures = rebuild(grannys, raw, drop_one)
    line = Path(grannys.path).read_text().splitlines().index("    expect: 112") + 1   # the pills' (the file's own bytes)
    assert f"{grannys.path}: pill: component count (expected 112, found 111): expect: 112 is line {line}" in failures
    assert f"{grannys.path}: pill: pill tiles (expected 112, found 111)" in failures
    assert f"{grannys.path}: pill: copies of red diamond (expected 7, found 6)" in failures


def listed_prescriptions(grannys, patterns):
    """A change that lists the given prescription patterns instead of generating them."""
    def change(data):
        data["components"]["prescription"]["faces"] = {"list": [{"pattern": p} for p in patterns]}
    return change


def generated(grannys):
    """The 35 generated patterns."""
    return [f["pattern"] for f in grannys_pills.prescriptions(grannys, grannys.component("prescription"))]


def test_duplicate_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[34] = patterns[0]
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription: prescription 35 repeats prescription 1" in f for f in failures)


def test_rotated_duplicate_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[34] = [list(map(list, row)) for row in grannys_pills.rotate(patterns[0])]
    assert patterns[34] != patterns[0]
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription 35 repeats prescription 1 (turned or not)" in f for f in failures)


def test_two_colour_prescription_fails(grannys, raw):
    patterns = generated(grannys)
    patterns[3] = [[["red", "round"], ["blue", "round"], ["red", "round"]]] * 3
    failures = rebuild(grannys, raw, listed_prescriptions(grannys, patterns))
    assert any("prescription 4 uses too few colours (expected at least 3, found 2)" in f for f in failures)
    assert any("prescription 4 has too much red (expected at most 4, found 6)" in f for f in failures)


def test_board_of_another_size_fails(grannys):
    failures = [str(f) for f in validate(specs.load("grannys-pills", ["components.board.rows=5"]))]
    assert any("board cells (expected 36, found 30)" in f for f in failures)
    assert any("tromino placements (I, L) (expected (48, 100), found (38, 80))" in f for f in failures)


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_a_copy_under_another_name_is_checked_like_the_original(game, tmp_path):
    from click.testing import CliRunner
    from generator.cli import cli
    text = (specs.SPECS / f"{game}.yaml").read_text(encoding="utf-8")
    broken = text.replace("  expect: ", "  expect: 1", 1)  # the first component's count is now wrong
    for name, body in (("original", text), ("broken", broken)):
        (tmp_path / f"{game}.yaml").write_text(body, encoding="utf-8")
        (tmp_path / "another-name.yaml").write_text(body, encoding="utf-8")
        runs = [CliRunner().invoke(cli, ["validate", str(tmp_path / f)]) for f in (f"{game}.yaml", "another-name.yaml")]
        assert runs[0].output.replace(f"{game}.yaml", "X") == runs[1].output.replace("another-name.yaml", "X"), name
        assert runs[0].exit_code == runs[1].exit_code == (0 if name == "original" else 1), runs[0].output
        assert "generic checks only" not in runs[1].output


def test_a_spec_naming_no_game_rules_says_generic_checks_only(tmp_path):
    from click.testing import CliRunner
    from generator.cli import cli
    path = tmp_path / "my-deck.yaml"
    path.write_text("game: {title: My deck, designer: Me}\n"
                    "components:\n  cards: {kind: word-card, expect: 1, width: 63 mm, height: 88 mm, faces: {list: [{words: [alpha]}]}}\n")
    run = CliRunner().invoke(cli, ["validate", str(path)])
    assert run.exit_code == 0, run.output
    assert run.output.splitlines()[-2:] == [
        f"{path}: generic checks only: the spec names no game.ruleset, so no game's own rules were checked",
        f"{path}: all generic checks pass (1 component)"]


def test_the_pass_line_counts_the_components_printed_and_those_left_out(tmp_path):
    """A component with include: false is checked as the spec is read but not printed: the line says so rather than
    counting the printed ones alone as all that was checked; turned on with --set, it is counted with the others."""
    from click.testing import CliRunner
    from generator.cli import cli
    path = tmp_path / "my-deck.yaml"
    card = "{kind: word-card, expect: 1, width: 63 mm, height: 88 mm, faces: {list: [{words: [alpha]}]}"
    path.write_text(f"game: {{title: My deck, designer: Me}}\ncomponents:\n  cards: {card}}}\n  extras: {card}, "
                    "include: false}\n")
    run = CliRunner().invoke(cli, ["validate", str(path)])
    assert (run.exit_code, run.output.splitlines()[-1]) == (
        0, f"{path}: all generic checks pass (1 component, 1 more left out by include: false)")
    run = CliRunner().invoke(cli, ["validate", str(path), "--set", "components.extras.include=true"])
    assert (run.exit_code, run.output.splitlines()[-1]) == (0, f"{path}: all generic checks pass (2 components)")


def test_a_game_generator_without_game_rules_names_the_key(tmp_path):
    text = (specs.SPECS / "hexstatic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "tiles.yaml"
    path.write_text(text.replace("  ruleset: hexstatic", "  # no ruleset"), encoding="utf-8")
    with pytest.raises(Exception) as caught:
        validate(specs.load(path))
    assert "unknown generator 'default-set': generators come from a game's rules, and this spec names none in game.ruleset" \
        in str(caught.value)


def test_validate_fails_and_summarises_each_colour_group_from_one_report(monkeypatch):
    """pnp validate prints every distinguish group's closest pair and fails a group too close: the colours of each group
    are compared once for both (a threshold no other test uses, so that no kept verdict answers)."""
    from click.testing import CliRunner
    from generator.check import vision
    from generator.cli import cli
    compared, check = [], vision.check
    monkeypatch.setattr(vision, "check", lambda spec, group, *rest: compared.append(group.name) or check(spec, group, *rest))
    result = CliRunner().invoke(cli, ["validate", "paths-and-pahs", "--threshold", "22.5"], catch_exceptions=False)
    assert result.exit_code == 1 and "colours shape colours: closest red/yellow under deutan" in result.output
    assert "red/yellow are too close under deutan (green-weak) (expected a CIEDE2000 difference of at least 22.5, " \
           "found 22.0)" in result.output
    assert sorted(compared) == ["card backgrounds", "pawn colours", "shape colours"]


def test_a_check_without_a_face_cache_digests_no_drawings_shape(monkeypatch):
    """The digest of a drawing's parts and roles is read only by the face cache (a recoloured face keeps the reach of
    its marks only if its shape is the same): pnp validate, which keeps no face, makes none (172 drawings before)."""
    from generator.check import validate as module
    digested = []
    monkeypatch.setattr(module, "shape_of", lambda drawing: digested.append(drawing))
    failures, _ = module._checked(specs.load("grannys-pills"), [])
    assert failures == [] and digested == []
