"""What a face's kind and a rulebook diagram's maker declare they paint (components.kind.paints: Kind.paints,
Kind.back_paints, COMMON_BACK_PAINTS; diagram.paints), checked against drawing them: every colour set is one read, one
declared or a template's own, and a face or diagram swapped for a palette colour changed is the one drawn in it."""
import importlib
import json
import re

import pytest

from generator import cache, facecache
from generator.build import Reader, diagrams_of, _kept_diagrams
from generator.components.kind import paints
from generator.draw import content
from generator.draw.diagram import drawn, makers_paint
from generator.draw.render import draw_art
from generator.facecache import FaceCache, _painted, declared
from generator.spec import loader as specs
from generator.spec.expand import expand
from test_inputs import GAMES, SPECS

validate = importlib.import_module("generator.check.validate")   # the module (the package exports its function too)
SET = re.compile(r"((?:[\d.]+ ){3})(?:rg|RG)\b")   # a colour's operands where a fill or stroke colour is set
SENTINEL = "#0b5e8d"   # a colour no spec paints: each palette colour in turn changed to it


def colours_set(ops: str) -> set:
    """The rgb of every fill and stroke colour operators set (black, the state a stream starts in, only when set)."""
    return {found.strip() for found in SET.findall(ops)}


def read_colours(used: dict) -> set:
    """The rgb of the colours a face or diagram read."""
    return {content.rgb(value) for what, value in used.items() if what.startswith(("colour:", "palette:"))
            and isinstance(value, str)}


def named(spec, used: dict) -> set:
    """The names of the colours read (palette names and the named colours, white, black...), not #rrggbb written out,
    nor none (stroke: none), which no palette may name."""
    return {what.partition(":")[2] for what in used if what.startswith(("colour:", "palette:")) and "#" not in what} - {"none"}


def changed(source: str, spec, names) -> list:
    """(name, the spec with that colour changed to SENTINEL) for each palette colour and each other named colour in
    names (added to the palette), in turn."""
    return [(name, specs.load(source, [f"palette.{name}={SENTINEL}"])) for name in sorted(set(spec.palette) | names)]


@pytest.fixture
def memos(tmp_path, monkeypatch):
    """Kept check results of this test only: every face is checked, and kept with its verdict."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    monkeypatch.setattr(validate, "MEMO", cache.Memo("checks.json", []))
    monkeypatch.setattr(facecache, "FACES", cache.Memo("face-verdicts.json", []))


@pytest.mark.parametrize("source", SPECS, ids=lambda source: source.rsplit("/", 1)[-1])
def test_a_face_whose_kind_declares_its_paints_sets_no_colour_but_those_it_reads_declares_or_its_templates_paint(source):
    spec = specs.load(source)
    extra = {}
    for key, art in expand(spec)[1].items():
        declaration = paints(spec, spec.component(art.component), art.side)
        if declaration is None:
            continue
        used = declared(spec, art)
        allowed = read_colours(used) | {content.rgb(colour) for colour in declaration} | _painted(spec, used)
        if found := colours_set(content.write(draw_art(spec, art)).ops) - allowed:
            extra[key] = sorted(found)
    assert extra == {}


BADGES = """\
game:
  title: Badges
  designer: Test
palette:
  paper: "#ffffff"
  ink: "#26221c"
components:
  chits:
    kind: token
    expect: 2
    size: 19.05 mm
    ink: ink
    faces:
      list:
        - {colour: paper, value: 1}
        - {colour: ink, value: 2}
"""   # a token the colour of its badge's own white: recoloured, the badge would be too


@pytest.mark.parametrize("source", SPECS + ["badges"], ids=lambda source: source.rsplit("/", 1)[-1])
def test_a_face_swapped_for_a_colour_changed_is_the_face_drawn_in_that_colour(tmp_path, memos, source):
    """Each colour a spec's faces read (a palette colour, or white or black given one) changed in turn over its kept
    faces: every face the face cache swaps (FaceCache._swapped, undrawn) has the operators drawing it gives."""
    from generator.build import output_path
    if source == "badges":
        source = str(tmp_path / "badges.yaml")
        (tmp_path / "badges.yaml").write_text(BADGES)
    spec = specs.load(source)
    path = output_path(tmp_path / "out", spec, "a4")
    faces = FaceCache(path)
    validate.validate(spec, faces=faces)   # each face drawn, checked and kept with its verdict
    faces.save()
    swapped = 0
    for name, after in changed(source, spec, set().union(*(named(spec, declared(spec, art))
                                                           for art in expand(spec)[1].values()))):
        faces = FaceCache(path)
        for art in expand(after)[1].values():
            face = faces._key(after, art)[0]
            entry = faces._swapped(after, art, face, judged=True)
            if entry is not None and entry["used"] != faces.entries.get(face)["used"]:
                swapped += 1
                assert entry["written"][0] == content.write(draw_art(after, art)).ops, (name, art.key)
    assert swapped or not any(paints(spec, comp, side) is not None for comp in spec.components
                              for side in ("front", "back")), "some face was swapped"


@pytest.mark.parametrize("game", GAMES)
def test_a_rulebook_diagram_declaring_its_paints_sets_no_colour_but_those_it_reads_declares_or_its_templates_paint(game):
    spec = specs.load(game)
    from generator import games
    extra = {}
    for name, make in games.ruleset(spec).diagrams.items():
        declaration = getattr(make, "paints", None)
        if declaration is None:
            continue
        reader = Reader(spec)
        made = make(reader)
        allowed = read_colours(reader.used) | {content.rgb(colour) for colour in declaration} | _painted(spec, reader.used)
        if found := set().union(*(colours_set(content.write(part).ops) for _, part, *_ in made.parts)) - allowed:
            extra[name] = sorted(found)
    assert extra == {}


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_diagrams_kept_for_a_palette_colour_changed_are_the_diagrams_drawn_in_that_colour(tmp_path, game):
    """Each colour a shipped game's diagrams read (a palette colour, or white or black given one) changed in turn over
    its kept diagrams: what _kept_diagrams gives (the parts as kept, or swapped when every maker declares its paints) is
    what drawing them gives, part by part."""
    spec = specs.load(game)
    kept = tmp_path / "diagrams.json"
    used = diagrams_of(spec, kept)[1]
    first, swapped = kept.read_bytes(), 0
    for name, after in changed(game, spec, named(spec, used)):
        kept.write_bytes(first)
        written: dict = {}
        found = _kept_diagrams(after, kept, written)
        if found is None:
            continue
        swapped += json.loads(first)["used"] != found[1]
        fresh = drawn(Reader(after))
        assert {name: [(key, dx, dy, k) for key, _, dx, dy, k in d.parts] for name, d in found[0].items()} == \
            {name: [(key, dx, dy, k) for key, _, dx, dy, k in d.parts] for name, d in fresh.items()}
        for diagram in fresh.values():
            for key, part, *_ in diagram.parts:
                assert written[key].ops == content.write(part).ops, (name, key)
    assert swapped or makers_paint(spec) is None, "some diagram was swapped"
