"""Spec loading: the shipped specs load; every invalid fixture fails with its exact one-line message."""
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.spec import loader as specs
from generator.draw import templates
from generator.spec import yamlsource
from generator.components import KINDS
from generator.errors import SpecError, UserError
from generator.check.validate import validate

INVALID = sorted((Path(__file__).resolve().parents[1] / "data" / "invalid").glob("*.yaml"))


def expected_error(path):
    """The message a fixture promises on its first line: '# error: ...' with {path} for its own path."""
    raw = path.read_bytes()
    codec = next((name for bom, name in yamlsource.BOMS if raw.startswith(bom)), "utf-8-sig")  # the line read as written
    first = raw.decode(codec, errors="replace").splitlines()[0]
    assert first.startswith("# error: "), f"{path.name} must start with '# error: '"
    kinds, symbols = ", ".join(sorted(KINDS)), ", ".join(templates.names(templates.search_path(path)))
    return first[len("# error: "):].replace("{path}", str(path)).replace("{kinds}", kinds).replace("{templates}", symbols)


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_spec_gives_its_exact_message(path):
    with pytest.raises(SpecError) as caught:  # refused when loaded, or by validate (a game's generator, a renderer)
        validate(specs.load(str(path)))
    assert str(caught.value) == expected_error(path)
    assert "\n" not in str(caught.value)


def test_every_shipped_spec_loads():
    for path in specs.shipped():
        spec = specs.load(str(path))
        assert spec.game.id == path.stem
        assert spec.components


def test_set_overrides_a_value_and_is_checked(grannys):
    spec = specs.load("grannys-pills", ["palette.red=#c0392b", "components.pill.size=22mm"])
    assert spec.colour("red") == "#c0392b"
    assert spec.component("pill").options["size"] == 22.0
    assert grannys.component("pill").options["size"] == 25.0


@pytest.mark.parametrize("assignment, message", [
    ("components.pill.size=22", "--set components.pill.size: expected a length with a unit"),
    ("components.pill.colour=red", "--set components.pill.colour: unknown key 'colour' (expected one of"),
    ("components.pill.sise=22mm", "--set components.pill.sise: unknown key 'sise': did you mean 'size'? (expected one of"),
    ("palette.red=crimson", "--set palette.red: unknown colour 'crimson' (a palette's colour is #rrggbb, #rgb or one of "
                            "black, white, red, green, blue, yellow, gray, grey)"),
    ("palette.red=Red", "--set palette.red: unknown colour 'Red': did you mean 'red'? (a palette's colour is"),
    ("palette.red=c0392b", "--set palette.red: unknown colour 'c0392b': did you mean '#c0392b'? (a palette's colour"),
    ("palette.red=#c039", "--set palette.red: expected a colour as #rrggbb or #rgb, found '#c039'"),
    ("palette.back=red", "--set palette.back: 'red' would be the named colour #ff0000, not this palette's red (#cf2a22): "
                         "write the #rrggbb meant"),
    ("nonsense", "--set 'nonsense': expected KEY=VALUE"),
    ("game.title.deeper=x", "--set game.title.deeper: cannot reach into"),
    ("components.prescription.faces.count=0", "--set components.prescription.faces.count: expected a number from 1 to 100000, found 0"),
    ("distinguish.0.colours=[blue]", "--set distinguish[0].colours: expected 2 to 24 items, found 1"),
    ("distinguish.3.colours=[blue]", "--set distinguish[3]: expected an item number below 1 (the list has 1 items)"),
    ("distinguish[3].colours=[blue]",   # the form the message writes is a key --set takes (it was 'unknown key')
     "--set distinguish[3]: expected an item number below 1 (the list has 1 items)"),
    ("distinguish[0].colours=[blue]", "--set distinguish[0].colours: expected 2 to 24 items, found 1"),
    ("game.time=30", "--set game.time: expected text, found 30 (--set reads its value as YAML does: write --set "
                     "'game.time=\"30\"')"),   # no hint was given, as a file's value gets one
    ("components.pill.faces.copies=100000",   # the file's line of faces, which the --set below it changed: named too
     "components.pill.faces: makes 1,600,000 pieces: at most 100,000 (with --set components.pill.faces.copies)"),
    ("components.pill.title=" + "[" * 5000 + "]" * 5000,
     "--set components.pill.title: value is nested too deeply (more than 64 levels)"),
    ("components={5: {kind: square-tile}}", "--set components.5: missing required key 'expect'"),
    ("components.nope.width=3mm",   # a mapping the --set made: it said "missing required key 'kind'"
     "--set components.nope: no component 'nope' (components: board, pill, player-board, prescription, reference, "
     "score-pad)"),
    ("components.pil.expect=31", "--set components.pil: no component 'pil': did you mean 'pill'? (components: board, "),
    ("components.pill.expect=1e2",   # it said 'write it without quotes': YAML 1.1 reads 1e2 as text either way
     "--set components.pill.expect: expected a whole number, found '1e2' (YAML reads 1e2 as text: write 100)"),
    ("components.pill.size=1e9 mm",   # it said 'expected a length with a unit'
     "--set components.pill.size: expected a length more than 0 mm and at most 400 mm, found '1e9 mm'"),
    ("components.prescription.faces={count: 0}",   # the file's own faces.count replaced: its line is not named
     "--set components.prescription.faces.count: expected a number from 1 to 100000, found 0"),
    ("palette={7: '#ffffff'}", "components.board.ground: unknown colour 'board' (palette has 7, black, white)"),
    ("components.board.ground=Ink", "--set components.board.ground: unknown colour 'Ink': did you mean 'ink'? (palette "
                                    "has back, black, blue, board, green, ink, red, white, yellow)"),   # none suggested
    ("components.board.ground=ece4f6",
     "--set components.board.ground: unknown colour 'ece4f6': did you mean '#ece4f6'?"),
    ("game.title=\udcff", "--set 'game.title=\\udcff': not text (it holds a lone surrogate"),
    ("game.title=Tea # time",   # the title was 'Tea': YAML dropped the rest as a comment
     "--set game.title: '# time' would be dropped as a YAML comment: leave it out, or write "
     "--set 'game.title=\"Tea # time\"' for the text as typed"),
    ("components.pill.expect=112 # all", "--set components.pill.expect: '# all' would be dropped as a YAML comment"),
    ("components.pill.expect=١١٢",   # it said 'write it without quotes', where there were none
     "--set components.pill.expect: expected a whole number, found '\\u0661\\u0661\\u0662' (YAML reads digits other than 0-9 "
     "as text: write 112)"),
    ("game.players=0", "--set game.players: expected players from 1 to 999 (as 2, 2-4 or 10+), found 0"),   # printed
    ("game.age=-1", "--set game.age: expected an age from 0 to 99 (as 2, 2-4 or 10+), found -1"),   # '0 players · age -1'
    ('game.age="-3"', "--set game.age: expected an age from 0 to 99 (as 2, 2-4 or 10+), found '-3'"),
    ("game.age=999999", "--set game.age: expected an age from 0 to 99 (as 2, 2-4 or 10+), found 999999"),
    ('game.players="1' + "0" * 5000 + '"',   # int() refused the 5,001 digits: a traceback
     "--set game.players: expected players from 1 to 999 (as 2, 2-4 or 10+), found '1" + "0" * 55 + "..."),
    ('game.title="Tea # time',   # an open quote: the title printed with the quote, exit 0
     "--set game.title: YAML syntax error: found unexpected end of stream (a value starting with \" is read as YAML)"),
    ("game.title=[Tea", "--set game.title: YAML syntax error: did not find expected ',' or ']' (while parsing a flow "
                        "sequence on line 1) (a value starting with [ is read as YAML)"),
    ('game.title="\\ud800"', "--set game.title: YAML syntax error: found invalid Unicode character escape code (a value "
                             "starting with \" is read as YAML)"),   # the eight characters "\ud800" were the title
    ("palette.red=#d0281f # mine",   # it said only 'expected a colour as #rrggbb'
     "--set palette.red: expected a colour as #rrggbb or #rgb, found '#d0281f # mine' (leave ' # mine' out: here a # "
     "starts no comment)"),
    ("distinguish[1" + "0" * 4400 + "].colours=[blue]",   # int() refused the 4,401 digits: a traceback
     "--set 'distinguish[1" + "0" * 43 + "...: an item number of 4,401 digits (no list holds so many items)"),
    ("distinguish.1" + "0" * 18 + ".colours=[blue]", "--set 'distinguish.1" + "0" * 18 + ".colours': an item number of 19 "
     "digits (no list holds so many items)"),
    ("palette.\x1b]0;pwn\x07=#000000",   # a palette name of terminal codes, where the spec refuses them in any key
     "--set 'palette.\\x1b]0;pwn\\x07': the key holds the control character U+001B, which cannot be printed"),
    ("game.title=#\x1b]0;pwn\x07",   # a value starting with # is text as typed: it was taken
     "--set game.title: '#\\x1b]0;pwn\\x07' holds the control character U+001B, which cannot be printed"),
    ("distinguish.\u0663.colours=[blue]",   # int() read '٣' as 3
     "--set distinguish.'\\u0663': expected an item number below 1 (the list has 1 items)"),
])
def test_bad_set_names_the_key(assignment, message):
    with pytest.raises(UserError, match=None) as caught:
        specs.load("grannys-pills", [assignment])
    assert message in str(caught.value)


def test_a_set_key_of_digits_other_than_0_9_is_a_mapping_key_not_a_traceback():
    """--set palette.²=#000000 ended in a traceback (str.isdigit takes '²', int() refuses it): a key of such digits is
    a mapping's key, as it is in the spec."""
    assert specs.load("grannys-pills", ["palette.\u00b2=#000000"]).colour("\u00b2") == "#000000"


@pytest.mark.parametrize("assignments", [
    ["components.extra={kind: token, size: 25 mm, expect: 1}"],
    ["components.extra.kind=token", "components.extra.size=25 mm", "components.extra.expect=1"],
])
def test_set_adds_a_component_given_its_kind(assignments):
    """A --set may add a component, whole or key by key: only one with no kind is taken for a misspelt id."""
    assert specs.load("grannys-pills", assignments).component("extra").options["size"] == 25.0


@pytest.mark.parametrize("given, colour", [("#C60", "#cc6600"), ("red", "#ff0000"), ("grey", "#808080")])
def test_a_palette_colour_takes_rgb_and_the_names_a_layout_takes(given, colour):
    """'#c60' and 'red' were refused ('expected a colour as #rrggbb'), where a layout takes them: they mean what they do
    there."""
    assert specs.load("grannys-pills", [f"palette.red={given}"]).palette["red"] == colour


@pytest.mark.parametrize("name, told", [
    ("'#ffffff'", "palette.'#ffffff': '#ffffff' is a colour, not a name: a layout's colour \"#ffffff\" would draw this "
                  "palette's #000000, not the colour it writes: name it with a word"),
    ("'#fff'", "palette.'#fff': '#fff' is a colour, not a name"),
    ("'#night'", "palette.'#night': a palette name may not start with '#' (a layout reads '#night' as a colour"),
    ("none", "palette.none: 'none' may not be a palette name: a layout's none draws nothing"),
    ("'{suit}'", "palette.'{suit}': a palette name may not hold '{' or '}' (found '{suit}'): a layout reads {column} as "
                 "a data cell"),
    ("' ink'", "palette.' ink': a palette name may not start or end with a space"),
    ("''", "palette.'': a palette name may not be empty")])
def test_a_palette_name_a_layout_could_not_name_is_refused_at_its_line(tmp_path, name, told):
    """palette: {'#ffffff': '#000000'} was taken, and a layout's colour: "#ffffff" then drew black (the palette's names
    come first), its contrast checked against black: a name a layout would read otherwise is refused at its line, in the
    file and from --set alike."""
    path = tmp_path / "mine.yaml"
    path.write_text(f"game: {{title: T, designer: D}}\npalette:\n  ink: '#111111'\n  {name}: '#000000'\n"
                    "components:\n  tile: {kind: square-tile, expect: 1, size: 25 mm, faces: {list: [{colour: ink, "
                    "shape: round}]}}\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        specs.load(str(path))
    assert str(caught.value).startswith(f"{path}:4: {told}"), str(caught.value)
    if name == "''":
        return   # --set palette.=... is an empty part of its key
    path.write_text(path.read_text(encoding="utf-8").replace(f"  {name}: '#000000'\n", ""), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        specs.load(str(path), [f"palette.{name.strip(chr(39))}=#000000"])
    assert str(caught.value).startswith(f"{path}: --set {told}"), str(caught.value)


def test_players_and_age_take_a_bare_number_as_their_text():
    """players: 2 was refused ('expected text, found 2 ... write "2" in quotes'): a whole number is the natural answer."""
    spec = specs.load("grannys-pills", ["game.players=2", "game.age=10"])
    assert (spec.game.players, spec.game.age) == ("2", "10")
    assert spec.game.facts().startswith("2 players · age 10 · "), spec.game.facts()
    assert specs.load("grannys-pills", ["game.players=1"]).game.facts().startswith("1 player · ")   # not '1 players'


@pytest.mark.parametrize("assignment, title", [('game.title="Tea # time"', "Tea # time"), ("game.title=Tea#time", "Tea#time"),
                                               ("game.title=#1 Tea", "#1 Tea")])
def test_a_hash_that_is_no_comment_stays_in_a_set_value(assignment, title):
    """A quoted value, or a # with no space before it, is text as typed: only a comment YAML would drop is refused."""
    assert specs.load("grannys-pills", [assignment]).game.title == title


@pytest.mark.parametrize("value", ["#c0392b", "#C0392B", "#000000", "#c0392", "#c0392bb", "#c0392g", "c0392b0", "#c0 92b",
                                   "#c0392b\n", "#\uff10\uff11\uff12\uff13\uff14\uff15", "#", ""])
def test_a_colour_is_six_hex_digits_after_a_hash_as_the_pattern_reads_it(value):
    """The palette check, written without a pattern, takes exactly what #[0-9a-fA-F]{6} matches whole."""
    import re
    from generator.draw import svgvalues
    assert svgvalues.hex_colour(value) == bool(re.fullmatch(r"#[0-9a-fA-F]{6}", value))


def test_unknown_game_lists_the_shipped_ones():
    with pytest.raises(UserError, match="unknown game 'nope' .*grannys-pills"):
        specs.load("nope")


def test_line_numbers_follow_the_yaml(grannys):
    text = Path(grannys.path).read_text().splitlines()
    line = grannys.line(("components", "pill", "size"))
    assert text[line - 1].strip().startswith("size:")


def test_a_yaml_text_read_again_comes_from_its_memo_as_new_objects_with_its_lines(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    text = "game:\n  title: Kept\n  flag: yes\n  code: 0x1f\nlist:\n  - 1.5\n  - {deep: [a, b]}\n"
    path.write_text(text)
    data, lines = yamlsource.load(path)
    assert yamlsource._memo(path).get(yamlsource._key(text)) is not None
    data["game"]["title"] = "changed in place"   # as an override or a theme changes the data it was given
    lines[("game", "title")] = 99
    again, again_lines = yamlsource.load(path)
    fresh, fresh_lines = yamlsource._parsed(path, text, "spec")
    assert again == fresh and again["game"] == {"title": "Kept", "flag": True, "code": 31}
    assert again_lines == fresh_lines and again_lines[("list", 1, "deep", 0)] == 7 and again_lines[("game", "title")] == 2
    assert again_lines.written == fresh_lines.written == {("game", "flag"): "yes", ("game", "code"): "0x1f", ("list", 0): "1.5"}
    monkeypatch.setattr(yamlsource, "_parser", lambda: ("site-packages/yaml/__init__.py", (1, 2)))   # another PyYAML
    assert yamlsource._memo(path).get(yamlsource._key(text)) is None


def _read_as_parsed(path, text, monkeypatch):
    """(what load() reads text as, what PyYAML parses it as, whether load() parsed it)."""
    path.write_text(text)
    parsed = []
    monkeypatch.setattr(yamlsource, "_parsed", lambda *a: parsed.append(1) or real_parsed(*a))
    data, lines = yamlsource.load(path)
    monkeypatch.setattr(yamlsource, "_parsed", real_parsed)
    fresh, fresh_lines = real_parsed(path, text, "spec")
    return (data, lines, lines.written), (fresh, fresh_lines, fresh_lines.written), bool(parsed)


real_parsed = yamlsource._parsed
SHIPPED_YAML = sorted(Path(specs.SPECS).glob("*.yaml")) + sorted((Path(specs.SPECS) / "rules").glob("*.yaml"))


@pytest.mark.parametrize("source", SHIPPED_YAML, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_quoted_value_edited_on_its_line_is_read_from_the_last_text_as_pyyaml_reads_it(source, tmp_path, monkeypatch):
    """Every quoted value of the shipped specs and rules (a colour, a line of text) changed on its own: load() takes the
    last text's data with that one value changed, parsing nothing, and gets what PyYAML gets from the new text."""
    import re
    path, text = tmp_path / source.name, source.read_text()
    rows = text.split("\n")
    quoted = [n for n, row in enumerate(rows) if re.fullmatch(yamlsource.QUOTED_LINE, row)]
    assert len(quoted) >= 3
    _read_as_parsed(path, text, monkeypatch)
    for n in quoted:
        match = re.fullmatch(yamlsource.QUOTED_LINE, rows[n])
        edited = rows[:n] + [rows[n][:match.start("value")] + "#c0ffee é" + rows[n][match.end("value"):]] + rows[n + 1:]
        read, fresh, parsed = _read_as_parsed(path, text, monkeypatch)   # the text as it was: from its memo
        assert read == fresh and not parsed
        read, fresh, parsed = _read_as_parsed(path, "\n".join(edited), monkeypatch)
        assert read == fresh and not parsed, rows[n]


@pytest.mark.parametrize("before, after", [
    ('a: &c {fill: "#111111"}\nb: *c\n', 'a: &c {fill: "#222222"}\nb: *c\n'),                     # flow: not a line of its own
    ('a: &c\n  fill: "#111111"\nb:\n  <<: *c\n', 'a: &c\n  fill: "#222222"\nb:\n  <<: *c\n'),   # an anchor's value
    ('a:\n  fill: "#111111"\nb: "x"\n', 'a:\n  fill: "#222222"\nb: "y"\n'),                      # two lines
    ('a:\n  fill: "#111111"\n', 'a:\n  fill: #222222\n'),                                        # now a comment
    ('a:\n  fill: "#111111"\n', 'a:\n  fill: "#2\\x41"\n'),                                       # an escape
    ('a:\n  fill: "#111111"\n', 'a:\n  ink: "#111111"\n'),                                        # another key
    ('a:\n  - "one"\n  - "two"\n', 'a:\n  - "one"\n  - 2\n'),                                     # now a number
    ('a: >-\n  fill: "#111111"\n', 'a: >-\n  fill: "#222222"\n'),                                   # text of a block
])
def test_other_edits_are_parsed_again(before, after, tmp_path, monkeypatch):
    """An edit the shortcut cannot follow (anchors, two lines, a value unquoted or escaped, a key, a block's text) is
    parsed, and reads as PyYAML reads it."""
    path = tmp_path / "game.yaml"
    _read_as_parsed(path, before, monkeypatch)
    read, fresh, parsed = _read_as_parsed(path, after, monkeypatch)
    assert read == fresh and parsed


def test_a_set_value_read_between_two_edits_of_the_file_leaves_the_last_text_as_it_was(tmp_path, monkeypatch):
    """A --set value is parsed under its spec's path: the next edit of the file is still one edit from the file."""
    (tmp_path / "rules").mkdir()
    shutil.copy(Path(specs.SPECS) / "rules" / "pixeliction.yaml", tmp_path / "rules")
    path, text = tmp_path / "pixeliction.yaml", (Path(specs.SPECS) / "pixeliction.yaml").read_text()
    path.write_text(text)
    assert specs.load(str(path), ['palette.accent="#123456"']).colour("accent") == "#123456"
    read, fresh, parsed = _read_as_parsed(path, text.replace('accent: "#2d6a9f"', 'accent: "#d0281f"'), monkeypatch)
    assert read == fresh and read[0]["palette"]["accent"] == "#d0281f" and not parsed


def test_an_edit_that_breaks_the_yaml_then_its_fix_reads_from_the_last_good_text(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    _read_as_parsed(path, 'game:\n  title: "Kept"\n  ink: "#111111"\n', monkeypatch)
    path.write_text('game:\n  title: "Kept"\n  ink: "#11111\n')
    with pytest.raises(SpecError, match="YAML syntax error"):
        yamlsource.load(path)
    read, fresh, parsed = _read_as_parsed(path, 'game:\n  title: "Kept"\n  ink: "#222222"\n', monkeypatch)
    assert read == fresh and read[0]["game"]["ink"] == "#222222" and not parsed


def test_a_long_run_of_edits_keeps_only_the_newest_texts_of_a_file_in_its_memo_and_the_last_read_among_them(tmp_path,
                                                                                                           monkeypatch):
    """A pnp watch loads a spec after every save: its YAML memo holds at most twice its limit of texts (the newest),
    never dropping the key of the text read last, from which the next one-quote edit is read."""
    path = tmp_path / "game.yaml"
    memo = yamlsource._memo(path)
    for n in range(5 * memo.LIMIT):
        _read_as_parsed(path, f'game:\n  title: "Kept"\n  ink: "#{n:06x}"\n', monkeypatch)
        assert len(memo.entries) <= 2 * memo.LIMIT
        assert memo.get(yamlsource.LAST) == yamlsource._key(path.read_text())
    texts = [f'game:\n  title: "Kept"\n  ink: "#{n:06x}"\n' for n in range(5 * memo.LIMIT)]
    kept = [n for n, text in enumerate(texts) if yamlsource._key(text) in memo.entries]
    assert kept == list(range(len(texts) - len(kept), len(texts))) and len(kept) >= memo.LIMIT, "the newest texts"
    read, fresh, parsed = _read_as_parsed(path, texts[-2], monkeypatch)
    assert read == fresh and not parsed, "an edit back is read from the memo"


def test_yaml_values_json_cannot_give_back_are_parsed_every_time(tmp_path):
    path = tmp_path / "dated.yaml"
    text = "when: 2024-05-06\nblob: !!binary aGk=\nhuge: .inf\n"
    path.write_text(text)
    data, _ = yamlsource.load(path)
    assert str(data["when"]) == "2024-05-06" and data["blob"] == b"hi" and data["huge"] == float("inf")
    assert yamlsource._memo(path).get(yamlsource._key(text)) is None
    assert yamlsource.load(path)[0] == data


def _same(a, b) -> bool:
    """Equal, and of the same types all the way down (1 is not 1.0 here, nor -0.0 0.0, nor a tuple a list)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(map(_same, a, b))
    return repr(a) == repr(b)


KEPT_TEXTS = [
    "a: 1\nb: 1.0\nc: -0.0\nd: 1e308\ne: 123456789012345678901234567890\nf: 0x1f\ng: 0o17\nh: 1:30\ni: 1_000\n",
    "yes: no\n'on': off\nnothing: ~\nempty:\nquoted: '~'\nbool: True\n",
    "text: \"caf\u00e9 \\u2603 \\U0001F600 new\\nline\"\nkey with spaces: x\n'1': one\n",
    "base: &b {x: [1, 2.5, {y: z}]}\nuse: *b\nmerged: {<<: *b, x: own}\nlist: [*b, *b]\n",
    "- [a, [b, [c]]]\n- {}\n- []\n- ''\n- 2.5e-3\n- -7\n",
]


@pytest.mark.parametrize("text", KEPT_TEXTS + [p.read_text() for p in sorted(
    Path(__file__).resolve().parents[2].glob("generator/**/*.yaml"))], ids=lambda text: text.split("\n")[0][:30])
def test_a_kept_yaml_text_gives_back_the_very_values_it_parsed_to(tmp_path, text):
    """A parsed text is kept as JSON without reading it back first: JSON gives back what the walk makes (text keys,
    lists, text, whole numbers, finite floats, booleans, nulls; key paths as tuples again), types and all."""
    data, lines = yamlsource._parsed(tmp_path / "spec.yaml", text, "spec")
    packed = yamlsource._packed(data, lines, text)
    assert packed is not None
    again, again_lines, again_text = yamlsource._unpacked(packed)
    assert _same(again, data) and _same(dict(again_lines), dict(lines)) and _same(again_lines.written, lines.written)
    assert again_text == text


def test_yaml_merge_keys_merge_and_own_keys_override(tmp_path):
    path = tmp_path / "merge.yaml"
    path.write_text("""game: {title: Merge, designer: Me}
components:
  first: &card
    kind: word-card
    expect: 1
    width: 63 mm
    height: 88 mm
    title: Base title
    faces: {list: [{words: [alpha]}]}
  second:
    <<: *card
    title: Second deck
    height: 90 mm
  third:
    <<: [*card, {title: Not this one, ground: black}]
    width: 7
""")
    with pytest.raises(UserError) as caught:  # an overriding value is checked and located at its own line
        specs.load(path)
    assert str(caught.value) == f"{path}:16: components.third.width: expected a length with a unit (mm, cm, in or pt), found 7"
    spec = specs.load(path, ["components.third.width=60mm"])
    first, second, third = spec.components
    assert (second.title, second.options["height"], second.options["width"]) == ("Second deck", 90.0, 63.0)
    assert (third.title, third.options["ground"], third.options["width"]) == ("Base title", "black", 60.0)
    assert spec.line(("components", "second", "title")) == 12 and spec.line(("components", "second", "kind")) == 4


NAME_CHARS = "aZ09_-. +é\n٣"   # a few of each kind a name may or may not hold, a newline and a digit of another script


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=NAME_CHARS, max_size=6))
def test_names_are_checked_as_their_patterns_read_them(name):
    """The names every spec load checks, written without compiled patterns, take what the patterns matched whole."""
    import re
    from generator.draw import templates
    assert specs.is_component_id(name) == bool(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name))
    assert specs.is_game_id(name) == bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 ._+-]*", name))
    assert specs.is_inline_name(name) == bool(re.fullmatch(r"[A-Za-z0-9_-]*[A-Za-z_-][A-Za-z0-9_-]*", name))
    assert templates.is_name(name) == bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name))


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0123456789٣.- \t\nmcinptx", max_size=9))
def test_a_length_is_read_as_its_pattern_reads_it(text):
    """parse_length, written without a compiled pattern, takes what ^\\s*(-?\\d+(?:\\.\\d+)?)\\s*(mm|cm|in|pt)\\s*$ took."""
    import re
    from generator.units import MM_PER_UNIT, parse_length
    found = re.match(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$", text)
    if found is None:
        with pytest.raises(UserError):
            parse_length(text)
    else:
        assert parse_length(text) == round(float(found.group(1)) * MM_PER_UNIT[found.group(2)], 6)


@pytest.mark.parametrize("value, tag", [("!!int", "!!int"), ("!!float", "!!float"), ("!!int +", "!!int"),
                                        ("!!bool", "!!bool"), ("!!timestamp x", "!!timestamp")])
def test_a_yaml_tag_whose_value_its_reader_cannot_read_is_one_line_at_its_key(tmp_path, value, tag):
    """PyYAML's readers of '!!int' with nothing after it (IndexError), '!!bool' (KeyError) or '!!timestamp x'
    (AttributeError) raised out of pnp as tracebacks, in a spec, a theme, a layout, a data file or a --set."""
    path = tmp_path / "tagged.yaml"
    path.write_text(f"game: {{title: T, designer: D}}\ncomponents:\n  t:\n    kind: square-tile\n    size: 25 mm\n"
                    f"    expect: {value}\n    faces: {{list: [{{colour: black, shape: round}}]}}\n")
    written = value.partition(" ")[2]
    with pytest.raises(SpecError) as raised:
        specs.load(str(path))
    assert str(raised.value) == f"{path}:6: components.t.expect: {written!r} is not a valid {tag}"
    with pytest.raises(SpecError, match=re.escape(f"--set components.board.cell: {written!r} is not a valid {tag}")):
        specs.load("posies", [f"components.board.cell={value}"])
