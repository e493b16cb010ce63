"""The edit loop's shortcuts (a colour changed, the game rebuilt): each face's check verdict kept with it, the sheet
plan kept by what imposition reads, a face drawn for one paper taken by the other; each never stale."""
import importlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator import cache, facecache
from generator.errors import UserError
from generator.spec import loader as specs
from test_cache import CIRCLE, TILES, tiles_spec
from test_inputs import ROOT

validate = importlib.import_module("generator.check.validate")   # the module (the package exports its function too)


@pytest.fixture
def memos(tmp_path, monkeypatch):
    """Kept check results of this test only: a spec's verdict is never found there before its first build."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    monkeypatch.setattr(validate, "MEMO", cache.Memo("checks.json", []))
    monkeypatch.setattr(facecache, "FACES", cache.Memo("face-verdicts.json", []))   # nor a face's, by pnp validate


@pytest.fixture
def undeclared(monkeypatch):
    """square-tile without its declaration of the colours it paints: a face the colour reaches is drawn again."""
    from generator.components import KINDS
    monkeypatch.setitem(KINDS._loaded, "square-tile", KINDS["square-tile"]._replace(paints=None))


@pytest.fixture
def drawn(monkeypatch):
    """The keys of the artworks the face cache draws (for the checks or the PDF), in order."""
    from generator import facecache
    found, draw = [], facecache.draw_art
    monkeypatch.setattr(facecache, "draw_art", lambda spec, art: found.append(art.key) or draw(spec, art))
    return found


def test_a_rebuild_checks_again_only_the_faces_a_change_reaches_and_a_kept_verdict_is_never_stale(tmp_path, memos, drawn,
                                                                                                 undeclared):
    from generator.build import build
    from generator.draw.render import draw_art
    from generator.spec.expand import expand
    path = tiles_spec(tmp_path / "spec")
    before = specs.load(str(path))
    build(before, "a4", tmp_path / "out")
    assert sorted(drawn) == sorted(expand(before)[1]), "a cold build draws every face once"

    drawn.clear()
    after = specs.load(str(path), ["palette.red=#b02a20"])
    made = build(after, "a4", tmp_path / "out")
    arts = expand(after)[1]
    changed = sorted(key for key, art in arts.items() if draw_art(before, art).tostring() != draw_art(after, art).tostring())
    assert changed and len(changed) < len(arts)
    assert sorted(drawn) == changed, "the checks take the kept verdict of every face the change did not reach"
    assert made[0].read_bytes() == build(after, "a4", tmp_path / "fresh")[0].read_bytes()

    (tmp_path / "spec" / "templates" / "circle.svg").write_text(CIRCLE.format(60))   # the circles grow past the cut
    with pytest.raises(UserError, match="symbol is 0.3 mm past the cut"):
        build(specs.load(str(path), ["palette.red=#b02a20"]), "a4", tmp_path / "out")


GROUNDS = """\
game:
  title: Grounds
  designer: Test
palette:
  sand: "#eee8d5"
  clay: "#e0d0c0"
  red: "#d7261e"
components:
  tiles:
    kind: square-tile
    expect: 6
    size: 40 mm
    bleed: 3 mm
    ground: sand
    faces:
      product:
        colour: [red]
        shape: [circle, square, diamond]
      copies: 2
  chips:
    kind: square-tile
    expect: 6
    size: 40 mm
    bleed: 3 mm
    ground: clay
    faces:
      product:
        colour: [red]
        shape: [circle, square, diamond]
      copies: 2
"""


def test_a_kept_plan_is_taken_when_shared_grounds_stay_alike_where_they_were_and_imposed_again_when_not(tmp_path, memos,
                                                                                                       monkeypatch):
    """A colour no ground shows, or one ground recoloured on its own, keeps the plan; two grounds made alike (the chips
    join the tiles' blocks), or made apart again, impose it again. Each file equals a fresh build's."""
    from generator.impose import kept
    builds = importlib.import_module("generator.build")   # the module (the package exports its function too)
    from generator.impose import imposition
    imposed, impose = [], imposition.impose
    monkeypatch.setattr(imposition, "impose", lambda *args, **options: imposed.append(args[2]) or impose(*args, **options))
    encoded, entry_parts = [], kept.entry_parts
    monkeypatch.setattr(kept, "entry_parts", lambda *args: encoded.append(1) or entry_parts(*args))
    (tmp_path / "grounds.yaml").write_text(GROUNDS)

    fresh_dirs: list = []

    def plan(out):
        return (out / "grounds" / ".pnp-cache" / "grounds-components-a4.pdf.plan.json").read_bytes()
    kept_plans = []

    def rebuilt(overrides):
        """The file rebuilt over the last build with overrides, whether it imposed, and a fresh build's bytes; the kept
        plan equals the fresh build's, and is encoded whole only when imposed again (new grounds alone are spliced in)."""
        imposed.clear()
        encoded.clear()
        fresh_dirs.append(overrides)
        made = builds.build(specs.load(str(tmp_path / "grounds.yaml"), overrides), "a4", tmp_path / "out")
        again = bool(imposed)
        assert bool(encoded) == again
        fresh = builds.build(specs.load(str(tmp_path / "grounds.yaml"), overrides), "a4", tmp_path / f"fresh{len(fresh_dirs)}")
        assert made[1] == fresh[1] and made[3:] == fresh[3:], "the same pages, and pages saved"
        now, fresh_plan = plan(tmp_path / "out"), json.loads(plan(tmp_path / f"fresh{len(fresh_dirs)}"))
        assert now == b"".join(entry_parts(json.loads(now)))   # as written whole
        assert json.loads(now)["grounds"] == fresh_plan["grounds"] and json.loads(now)["saved"] == fresh_plan["saved"]
        if not again and kept_plans:
            assert json.loads(now)["plan"] == json.loads(kept_plans[-1])["plan"]
        kept_plans.append(now)
        return made[0].read_bytes(), again, fresh[0].read_bytes()

    first, again, fresh = rebuilt([])
    assert again and first == fresh
    recoloured, again, fresh = rebuilt(["palette.red=#1f6fd0"])   # the symbols' colour: no ground shows it
    assert not again and recoloured == fresh != first
    clay = ["palette.red=#1f6fd0", "palette.clay=#c8b8a8"]   # the chips' ground, on its own: the plan stands
    own, again, fresh = rebuilt(clay)
    assert not again and own == fresh != recoloured
    one, again, fresh = rebuilt(["palette.red=#1f6fd0", "palette.clay=#eee8d5"])   # the chips take the tiles' ground
    assert again and one == fresh != own
    apart, again, fresh = rebuilt(clay)   # apart again
    assert again and apart == fresh == own


def test_the_second_paper_takes_the_faces_the_first_drew_this_run_and_equals_a_fresh_build(tmp_path, memos, drawn):
    from generator.build import build
    spec = specs.load("grannys-pills", ["palette.red=#b02a20"])
    build(spec, "a4", tmp_path / "out")
    assert drawn
    drawn.clear()
    letter = build(spec, "letter", tmp_path / "out")
    assert drawn == [], "every face came from the a4 build's file"
    assert letter[0].read_bytes() == build(specs.load("grannys-pills", ["palette.red=#b02a20"]), "letter",
                                           tmp_path / "fresh")[0].read_bytes()


@pytest.mark.parametrize("game", ["grannys-pills", "hexstatic", "glorieta", "paths-and-pahs", "pixeliction", "posies"])
@pytest.mark.parametrize("backs", ["duplex", "fold"])
def test_a_kept_plan_reads_back_as_the_plan_it_was(game, backs):
    from generator.impose.imposition import impose
    from generator.impose.kept import decode, entry_parts
    from generator.spec.expand import expand
    spec = specs.load(game)
    for paper in ("a4", "letter"):
        try:
            plan = impose(spec, expand(spec)[0], paper, backs)
        except UserError:   # a board too large to fold over
            continue
        assert repr(decode(json.loads(b"".join(entry_parts({"plan": plan})))["plan"])) == repr(plan), "each record of its own type, each value as it was"


def test_both_papers_rulebooks_share_one_drawing_of_the_diagrams_and_each_records_the_colours_they_show(tmp_path, monkeypatch):
    from generator.build import build_rules
    from generator.draw import diagram
    calls, drawn = [], diagram.drawn
    monkeypatch.setattr(diagram, "drawn", lambda spec: calls.append(spec) or drawn(spec))
    spec = specs.load("grannys-pills")
    made = {paper: build_rules(spec, paper, tmp_path / "out")[0].read_bytes() for paper in ("a4", "letter")}
    assert len(calls) == 1, "the letter rulebook places the diagrams drawn for the a4 one"
    red = ["palette.red=#b02a20"]   # shown only in the diagrams: the letter rulebook read it through the a4 build's drawing
    again = build_rules(specs.load("grannys-pills", red), "letter", tmp_path / "out")
    assert len(again) == 3, "rebuilt, not kept"
    fresh = build_rules(specs.load("grannys-pills", red), "letter", tmp_path / "fresh")
    assert again[0].read_bytes() == fresh[0].read_bytes() != made["letter"]


def test_the_list_and_sheet_labels_are_kept_with_the_plan_and_drawn_again_when_the_words_they_show_change(tmp_path, memos,
                                                                                                          monkeypatch):
    from generator.build import build
    from generator.impose import sheets
    labelled, labels = [], sheets.labels
    monkeypatch.setattr(sheets, "labels", lambda *args: labelled.append(args[2]) or labels(*args))
    build(specs.load("grannys-pills"), "a4", tmp_path / "out")
    assert labelled
    labelled.clear()
    recoloured = build(specs.load("grannys-pills", ["palette.red=#b02a20"]), "a4", tmp_path / "out")
    assert labelled == [], "a colour change draws no label again"
    fresh = build(specs.load("grannys-pills", ["palette.red=#b02a20"]), "a4", tmp_path / "fresh")
    first = recoloured[0].read_bytes()
    assert first == fresh[0].read_bytes()

    renamed = ["palette.red=#b02a20", "game.title=Grandma's Pills"]   # on the list and every sheet's label
    labelled.clear()
    again = build(specs.load("grannys-pills", renamed), "a4", tmp_path / "out")
    assert labelled, "a new title draws the labels again"
    fresh = build(specs.load("grannys-pills", renamed), "a4", tmp_path / "fresh-title")
    assert again[0].read_bytes() == fresh[0].read_bytes() != first


def test_an_unchanged_rebuild_reads_no_kept_face(tmp_path, memos, monkeypatch):
    from pathlib import Path
    from generator.build import build
    path = build(specs.load("grannys-pills"), "a4", tmp_path)[0]
    read, read_text = [], Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *args, **options: read.append(self.name) or read_text(self, *args, **options))
    again = build(specs.load("grannys-pills"), "a4", tmp_path)
    assert again[3].startswith("unchanged") and again[0] == path
    assert f"{path.name}.faces.json" not in read, "the faces are read only when one is needed"


def test_a_kept_plan_is_written_without_python_work_per_slot(tmp_path):
    """json writes the plan's records itself: no Python call for each of its slots (a 10,000-piece plan's were 120,000)."""
    import sys
    from generator.impose.imposition import impose
    from generator.impose.kept import KeptPlan
    from generator.spec.expand import expand
    spec = specs.load("grannys-pills")
    pieces = expand(spec)[0]
    plan = impose(spec, pieces, "a4", "duplex")
    slots = sum(len(sheet.slots) for sheet in plan.sheets)
    kept, calls = KeptPlan(tmp_path / "x.pdf", spec, pieces, "a4", "duplex"), []
    kept.get("saved", lambda grounds: 0)   # the entry read (none yet): its inputs worked out
    sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_name) if event == "call" else None)
    try:
        kept.get("plan", lambda grounds: plan)
        kept.save()
    finally:
        sys.setprofile(None)
    assert slots > 50 and len(calls) < slots / 2, (slots, len(calls))
    assert KeptPlan(tmp_path / "x.pdf", spec, pieces, "a4", "duplex").get("plan", None) == plan


def test_a_kept_plan_is_keyed_by_the_runs_of_faces_imposition_reads_and_imposed_again_when_they_change(tmp_path):
    from generator.impose.kept import KeptPlan, runs
    from generator.spec.expand import expand
    (tmp_path / "grounds.yaml").write_text(GROUNDS)
    spec = specs.load(str(tmp_path / "grounds.yaml"))
    pieces = expand(spec)[0]
    assert runs(pieces) == tuple((p.component, p.front, None, 2) for p in pieces[::2])   # each face's two copies: a run

    def imposed(pieces):
        """Whether the plan of these pieces was imposed (not taken from the last one kept)."""
        kept, made = KeptPlan(tmp_path / "x.pdf", spec, pieces, "a4", "duplex"), []
        kept.get("plan", lambda grounds: made.append(1) or len(pieces))
        kept.save()
        return bool(made)
    assert imposed(pieces) and not imposed(pieces)
    assert not imposed([p._replace(index=p.index + 7) for p in pieces]), "a piece's number is not read"
    swapped = [pieces[0]._replace(front=pieces[2].front), pieces[1], pieces[2]._replace(front=pieces[0].front), *pieces[3:]]
    assert imposed(swapped) and imposed(pieces), "the order of the faces is"
    assert imposed(pieces[:-1]), "and their count"


TEXT_DECK = """\
game:
  title: Text deck
  designer: Test
palette:
  ink: "#26221c"
  paper: "#fbf7ee"
components:
  cards:
    kind: layout
    expect: 12
    width: 63 mm
    height: 88 mm
    layout: front.yaml
    data: cards.csv
    back: {fill: ink, ink: paper, label: DECK}
"""
FRONT = """\
ground: paper
elements:
  title: {type: text, x: 5, y: 5, width: 53, height: 10, text: "{title}", size: 5, bold: true, colour: ink}
  rules: {type: text, x: 5, y: 20, width: 53, height: 20, text: "{rules}", size: 3.4, min_size: 3, colour: ink}
"""


def text_deck(folder, edit=None):
    """A 12-card deck of kind layout from a CSV, each card's rules text its own; edit: (row, rules) changed in one cell."""
    folder.mkdir(exist_ok=True)
    (folder / "deck.yaml").write_text(TEXT_DECK)
    (folder / "front.yaml").write_text(FRONT)
    rows = {n: f"Draw {n % 4 + 2} cards, then discard one." for n in range(12)}
    if edit:
        rows[edit[0]] = edit[1]
    (folder / "cards.csv").write_text("title,rules\n" + "".join(f'Card {n},"{text}"\n' for n, text in rows.items()))
    return folder / "deck.yaml"


def test_one_cell_changed_in_a_text_deck_draws_and_checks_only_that_card_and_a_kept_verdict_is_never_stale(tmp_path, memos,
                                                                                                         drawn, monkeypatch):
    from generator.build import build
    from generator.spec.expand import expand
    spec = specs.load(str(text_deck(tmp_path / "deck")))
    build(spec, "a4", tmp_path / "out")
    assert sorted(drawn) == sorted(expand(spec)[1]), "a cold build draws every face once"

    drawn.clear()
    from generator.impose import imposition
    imposed, impose = [], imposition.impose
    monkeypatch.setattr(imposition, "impose", lambda *args, **options: imposed.append(args[2]) or impose(*args, **options))
    edited = specs.load(str(text_deck(tmp_path / "deck", (5, "Swap this card with any other."))))
    made = build(edited, "a4", tmp_path / "out")
    changed = [key for key, art in expand(edited)[1].items() if art.props.get("rules") == "Swap this card with any other."]
    assert len(changed) == 1 and drawn == changed, "the other cards' verdicts, text measured in the bundled font, stand"
    assert imposed == [], "a card's text is not what its sheets are planned by: the plan is kept"
    assert made[0].read_bytes() == build(edited, "a4", tmp_path / "fresh")[0].read_bytes()
    assert imposed == ["a4"], "imposed: the fresh build"
    imposed.clear()
    narrower = specs.load(str(text_deck(tmp_path / "deck", (5, "Swap this card with any other."))), ["components.cards.width=60 mm"])
    assert build(narrower, "a4", tmp_path / "out")[0].read_bytes() == build(narrower, "a4", tmp_path / "fresh2")[0].read_bytes()
    assert imposed == ["a4", "a4"], "a size changed: imposed again, as afresh"

    too_long = " ".join(["Discard a card, then draw two more cards from the top of the deck."] * 6)
    with pytest.raises(UserError, match="does not fit"):   # the edited card is checked again, never taken as it was
        build(specs.load(str(text_deck(tmp_path / "deck", (5, too_long)))), "a4", tmp_path / "out")


def test_a_kept_verdict_on_text_in_the_designers_font_stands_until_the_font_file_changes(tmp_path, memos, drawn):
    """A face's verdict on text in the designer's font is kept by the font file's digest, among the face's reads: a
    rebuild after an edit no face reads draws none; the file replaced by another font draws every front again."""
    from generator import facecache
    from generator.build import build
    from generator.spec.expand import expand
    path = text_deck(tmp_path / "deck")
    (tmp_path / "deck" / "fonts").mkdir()
    font = tmp_path / "deck" / "fonts" / "body.ttf"
    font.write_bytes((facecache.cache.PACKAGE / "fonts" / "Vera.ttf").read_bytes())
    path.write_text(TEXT_DECK.replace("palette:", "fonts:\n  body: fonts/body.ttf\npalette:"))
    (tmp_path / "deck" / "front.yaml").write_text(FRONT.replace("colour: ink}\n", "colour: ink, font: body}\n"))
    build(specs.load(str(path)), "a4", tmp_path / "out")
    drawn.clear()
    build(specs.load(str(path), ["game.designer=Another"]), "a4", tmp_path / "out")   # no face reads the designer's name
    assert drawn == [], "each face's verdict kept, the font file as it was"
    font.write_bytes((facecache.cache.PACKAGE / "fonts" / "VeraBd.ttf").read_bytes())
    build(specs.load(str(path), ["game.designer=Another"]), "a4", tmp_path / "out")
    fronts = sorted(key for key, art in expand(specs.load(str(path)))[1].items() if art.side == "front")
    assert sorted(drawn) == fronts, "every front reads the font file; the back does not"


def _layout(text: str) -> str:
    """A one-card layout component (its spec's YAML under components.cards) of a layout's text (ground and elements)."""
    return ("kind: layout\nexpect: 1\nwidth: 63 mm\nheight: 88 mm\nlayout:\n"
            + "".join(f"  {line}\n" for line in text.splitlines()))


SWAPS = {   # a component, and the colours a rebuild changes: found by two helpers trying to break the swap
    "see-through after": (_layout("elements:\n"
                                  "  band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: red}\n"
                                  "  veil: {type: rect, x: 10, y: 30, width: 40, height: 20, fill: blue, opacity: 0.5}"),
                          ["palette.red=#2e86c1"]),
    "markup, own colour unpainted": (_layout("ground: paper\nelements:\n"
                                             "  title: {type: text, x: 5, y: 10, width: 50, height: 10, "
                                             "text: '{colour:gold}Alpha{/colour}', size: 5, colour: ink}"),
                                     ["palette.paper=#26221c"]),
    "icon painting no currentColor": (_layout("ground: paper\nelements:\n"
                                              "  badge: {type: icon, name: plate, x: 5, y: 5, width: 50, height: 50, "
                                              "colour: gold}\n  title: {type: text, x: 10, y: 25, width: 40, height: 10, "
                                              "text: Alpha, size: 5, colour: ink}"), ["palette.ink=#f2c14e"]),
    "see-through text": (_layout("ground: paper\nelements:\n"
                                 "  title: {type: text, x: 5, y: 10, width: 50, height: 10, text: Alpha, size: 5, "
                                 "colour: ink, opacity: 0.6}"), ["palette.paper=#26221c"]),
    "two colours to one": (_layout("elements:\n"
                                   "  badge: {type: icon, name: plate, x: 5, y: 60, width: 10, height: 10, colour: ink}\n"
                                   "  box: {type: rect, x: 5, y: 5, width: 50, height: 30, fill: paper}\n"
                                   "  title: {type: text, x: 10, y: 15, width: 40, height: 10, "
                                   "text: '{colour:gold}Alpha{/colour}', size: 5, colour: ink}"),
                           ["palette.ink=#123456", "palette.paper=#123456"]),
    "a colour to one another had": (_layout("elements:\n"
                                            "  title: {type: text, x: 5, y: 5, width: 50, height: 10, text: Hello, "
                                            "size: 5, colour: ink}\n  star: {type: icon, name: mark-star, x: 5, y: 40, "
                                            "width: 20, height: 20, colour: gold}"),
                                    ["palette.ink=#f2c14e", "palette.gold=#123456"]),
    "a board's plain back, its ink unpainted": ("kind: grid-board\nexpect: 1\nrows: 2\ncols: 2\ncell: 20 mm\n"
                                                "back: {fill: blue, ink: gold}", ["palette.blue=#f2c14e",
                                                                                  "palette.gold=#123456"]),
}


@pytest.mark.parametrize("case", SWAPS)
def test_a_face_rebuilt_after_a_colour_change_gives_what_a_fresh_build_gives(tmp_path, memos, monkeypatch, case):
    """No swap where drawing could differ: a see-through group starts from the colour set before it (its rg left out
    when that is its own); the text check compares the colours read, set or not (a text of the same colour as what
    it lies on fails); each swap is made in the operators the last left (a colour changed to what another had, that
    one changed too): the rebuild fails as a fresh build does, or writes the same bytes."""
    from generator.build import build
    component, given = SWAPS[case]
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "plate.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                                                      '<rect width="100" height="100" fill="#808080"/></svg>')
    path = tmp_path / "case.yaml"
    path.write_text("game: {title: Case, designer: Test}\npalette: {paper: '#fbf7ee', ink: '#26221c', gold: '#f2c14e', "
                    "red: '#c0392b', blue: '#2e86c1'}\ncomponents:\n  cards:\n"
                    + "".join(f"    {line}\n" for line in component.splitlines()))
    build(specs.load(str(path)), "a4", tmp_path / "out")
    results = []
    for out, memo in (("out", "checks.json"), ("fresh", "fresh-checks.json")):
        monkeypatch.setattr(validate, "MEMO", cache.Memo(memo, []))
        try:
            results.append(build(specs.load(str(path), given), "a4", tmp_path / out)[0].read_bytes())
        except UserError as exc:
            results.append(str(exc))
    assert results[0] == results[1]


def assert_as_fresh(path, given: str, made: bytes, first: bytes, tmp_path, monkeypatch) -> None:
    """Assert that made, the A4 components PDF of the spec at path rebuilt into tmp_path/out with given (a --set), is not
    first and equals a fresh build's, and so do its kept faces (operators, reads, verdicts); the fresh build checks
    every face."""
    from generator.build import build
    monkeypatch.setattr(validate, "MEMO", cache.Memo("fresh-checks.json", []))
    assert made != first and made == build(specs.load(str(path), [given]), "a4", tmp_path / "fresh")[0].read_bytes()
    game = Path(path).stem
    kept = [json.loads((tmp_path / out / game / cache.RECORDS / f"{game}-components-a4.pdf.faces.json").read_text())
            for out in ("out", "fresh")]
    assert kept[0] == kept[1], "each face's operators, reads and verdict as drawing it gives them"


@pytest.mark.parametrize("art", [False, True])
def test_a_layout_deck_whose_palette_colour_changed_is_recoloured_undrawn_and_equals_a_fresh_build(tmp_path, memos, drawn,
                                                                                                  monkeypatch, art):
    """A layout paints only the colours it reads (and its icons' templates' own): after the paper every card's ground
    and the common back's label show changes, each front and the back are their kept operators with it swapped, undrawn, checks and all; the
    PDF and the kept faces equal a fresh build's. A layout that places the designer's art (which paints colours of its
    own) declares nothing: its fronts are drawn again."""
    from generator.build import build
    from generator.spec.expand import expand
    path = text_deck(tmp_path / "deck")
    if art:
        (tmp_path / "deck" / "hills.png").write_bytes((ROOT / "examples" / "ember-deck" / "art" / "hills.png").read_bytes())
        (tmp_path / "deck" / "front.yaml").write_text(
            FRONT + "  hills: {type: image, file: hills.png, x: 5, y: 45, width: 53, height: 30}\n")
    first = build(specs.load(str(path)), "a4", tmp_path / "out")[0].read_bytes()
    drawn.clear()
    made = build(specs.load(str(path), ["palette.paper=#f3ead2"]), "a4", tmp_path / "out")[0].read_bytes()
    fronts = sorted(key for key, face in expand(specs.load(str(path)))[1].items() if face.side == "front")
    assert sorted(set(drawn)) == (fronts if art else []), "recoloured, not drawn (drawn when it places art)"
    assert_as_fresh(path, "palette.paper=#f3ead2", made, first, tmp_path, monkeypatch)


def test_a_recoloured_text_deck_is_read_in_its_new_colours_undrawn(tmp_path, memos, drawn, monkeypatch):
    """The paper of a text deck made a grey its ink reads poorly on, then one it cannot be read on: each rebuild takes
    every face recoloured, undrawn, and warns of (then refuses) what checking the spec afresh finds: the back's label,
    then the 12 titles, then the rules texts (one line each for the cards); the colours named are the new ones."""
    from generator.build import build, warned
    path = text_deck(tmp_path / "deck")
    build(specs.load(str(path)), "a4", tmp_path / "out")
    for n, grey in enumerate(("#5a564f", "#2e2b27")):
        drawn.clear()
        spec = specs.load(str(path), [f"palette.paper={grey}"])
        try:
            build(spec, "a4", tmp_path / "out")
            refused = None
        except UserError as error:
            refused = str(error).splitlines()[:-1]   # the failures, then the line that counts them
        assert drawn == [], "recoloured, not drawn"
        monkeypatch.setattr(validate, "MEMO", cache.Memo(f"fresh-checks-{n}.json", []))
        monkeypatch.setattr(facecache, "FACES", cache.Memo(f"fresh-faces-{n}.json", []))
        fresh_warnings: list = []
        fresh = [str(failure) for failure in validate.validate(specs.load(str(path), [f"palette.paper={grey}"]),
                                                                fresh_warnings)]
        assert drawn, "checked afresh"
        if refused is None:
            assert fresh == [] and warned(spec)["lines"] == fresh_warnings and len(fresh_warnings) == 3
            assert f"#26221c (ink) on {grey} (paper)" in fresh_warnings[1]
        else:
            assert refused == fresh and len(fresh) == 3 and f"#26221c (ink) on {grey} (paper)" in fresh[1]


def test_every_file_a_rebuild_writes_is_the_cold_builds_byte_for_byte(tmp_path, memos):
    """The two edit loops of benchmarks/editloop.py, through the command line: a colour the rulebook shows changed
    (both papers, rulebooks), and one cell of a text deck's CSV; each rebuild equals a cold build of the changed input."""
    from click.testing import CliRunner
    from generator.cli import cli

    def built(args, out):
        result = CliRunner().invoke(cli, ["build", *args, "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return {path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}

    first = built(["grannys-pills"], tmp_path / "out")
    red = ["grannys-pills", "--set", "palette.red=#d0281f"]
    again, fresh = built(red, tmp_path / "out"), built(red, tmp_path / "fresh")
    assert len(again) == 4 and again == fresh
    assert {name for name in again if again[name] != first[name]} == set(again), "the rulebooks show the red too"

    deck = text_deck(tmp_path / "deck")
    before = built([str(deck), "--paper", "a4"], tmp_path / "deck-out")
    text_deck(tmp_path / "deck", (5, "Swap this card with any other."))
    again, fresh = built([str(deck), "--paper", "a4"], tmp_path / "deck-out"), built([str(deck), "--paper", "a4"],
                                                                                   tmp_path / "deck-fresh")
    assert len(again) == 1 and again == fresh != before


@pytest.mark.parametrize("damage", ["[]", "null", '{"face": 5}', '{"recoloured": 3}', '{"recoloured": {"g": []}}',
                                    "[" * 100_000 + "]" * 100_000])
def test_a_damaged_faces_file_is_built_over_as_if_absent(tmp_path, memos, damage):
    """A faces file of another shape (a list, a face's entry not a record) was an AttributeError traceback on the
    rebuild after an edit: it is read as no faces kept, and the rebuild equals a fresh build."""
    cli_built(["posies", "--paper", "a4"], tmp_path / "out")
    (tmp_path / "out" / "posies" / cache.RECORDS / "posies-components-a4.pdf.faces.json").write_text(damage)
    edited = ["posies", "--paper", "a4", "--set", "palette.green=#2a8a3a"]
    assert cli_built(edited, tmp_path / "out") == cli_built(edited, tmp_path / "fresh")


TUNED = {"glorieta": "accent", "hexstatic": "back", "paths-and-pahs": "back", "pixeliction": "accent", "posies": "green"}


def cli_built(args, out) -> dict:
    """{path under out: bytes} of every PDF pnp build writes there with args."""
    from click.testing import CliRunner
    from generator.cli import cli
    result = CliRunner().invoke(cli, ["build", *args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return {path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


@pytest.mark.parametrize("game, key", TUNED.items())
def test_a_colour_a_designer_tunes_rebuilds_every_file_drawing_imposing_and_laying_out_nothing(tmp_path, memos, drawn,
                                                                                              monkeypatch, game, key):
    """The edit loop of each other shipped game (benchmarks/editloop.py's colour): after the colour changes, no face or
    rulebook diagram is drawn, no sheet imposed, no rulebook text laid out (each is swapped in what the last build
    kept), and every file equals a cold build's byte for byte."""
    from generator.draw import diagram
    from generator.impose import imposition
    from generator.output import rulebook
    made = []
    for module, name in ((imposition, "impose"), (diagram, "drawn"), (rulebook, "rules_pdf")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, real=real, name=name, **options: made.append(name) or real(*args,
                                                                                                               **options))
    first = cli_built([game], tmp_path / "out")
    drawn.clear()
    made.clear()
    tuned = [game, "--set", f"palette.{key}=#d0281f"]
    again = cli_built(tuned, tmp_path / "out")
    assert drawn == [] and made == [], (drawn, made)
    assert len(again) == 4 and again == cli_built(tuned, tmp_path / "fresh")
    assert any(again[name] != first[name] for name in again)


def tuned(colour: str) -> str:
    """A colour as a designer tunes it: each channel 8 nearer the middle (the checks still pass)."""
    return "#" + "".join(f"{c + 8 if c < 128 else c - 8:02x}" for c in (int(colour[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("game", ["glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"])
def test_each_palette_colour_tuned_in_turn_rebuilds_the_a4_files_a_cold_build_writes(tmp_path, memos, game):
    """Every palette colour of a shipped game tuned, one after another, each rebuild over the last (the colour tuned
    before set back, the next one tuned): the components and rules PDFs equal a cold build's each time."""
    for name, colour in specs.load(game).palette.items():
        args = [game, "--paper", "a4", "--set", f"palette.{name}={tuned(colour)}"]
        assert cli_built(args, tmp_path / "out") == cli_built(args, tmp_path / f"fresh-{name}"), name


def test_a_recoloured_face_is_not_measured_again_and_equals_a_fresh_build(tmp_path, memos, drawn, monkeypatch, undeclared):
    """A face the colour reaches is drawn again, but the reach of its marks stands: its operators differ only in colour."""
    from generator.build import build
    from generator.check import safearea
    path = tiles_spec(tmp_path / "spec")
    build(specs.load(str(path)), "a4", tmp_path / "out")
    measured, measure = [], safearea._measure
    monkeypatch.setattr(safearea, "_measure", lambda drawing, cut: measured.append(cut) or measure(drawing, cut))
    drawn.clear()
    made = build(specs.load(str(path), ["palette.red=#b02a20"]), "a4", tmp_path / "out")
    assert drawn and measured == [], "every face the red reaches drawn again, none of them measured"
    assert made[0].read_bytes() == build(specs.load(str(path), ["palette.red=#b02a20"]), "a4",
                                         tmp_path / "fresh")[0].read_bytes()


def test_a_front_whose_kind_declares_its_paints_is_recoloured_undrawn_and_equals_a_fresh_build(tmp_path, memos, drawn,
                                                                                                monkeypatch):
    """square-tile and pattern-tile declare the colours they paint: a face only colours reached is its kept operators
    with them swapped, its verdict kept (grounds swapped); never stale: a template changed draws it again."""
    from generator.build import build
    path = tiles_spec(tmp_path / "spec")
    first = build(specs.load(str(path)), "a4", tmp_path / "out")[0].read_bytes()
    drawn.clear()
    made = build(specs.load(str(path), ["palette.red=#b02a20"]), "a4", tmp_path / "out")[0].read_bytes()
    assert drawn == [], "the faces the red reaches are recoloured, not drawn"
    assert_as_fresh(path, "palette.red=#b02a20", made, first, tmp_path, monkeypatch)
    (tmp_path / "spec" / "templates" / "circle.svg").write_text(CIRCLE.format(60))   # the circles grow past the cut
    with pytest.raises(UserError, match="symbol is 0.3 mm past the cut"):
        build(specs.load(str(path), ["palette.red=#d0281f"]), "a4", tmp_path / "out")



@pytest.mark.parametrize("declared", [True, False])
def test_pixelictions_word_cards_declare_their_paints_so_an_accent_changed_draws_none_and_equals_a_fresh_build(
        tmp_path, memos, drawn, monkeypatch, declared):
    """The word cards paint their ink, accent and ground as given, and so does the common back the accent fills: after
    the accent changes, every word card front and the back are their kept operators with the accent swapped, undrawn;
    the PDF equals a fresh build's and shows the new accent. Without the common back's declaration the back is drawn."""
    from generator.build import build
    from generator.components import kind
    if not declared:
        monkeypatch.setattr(kind, "COMMON_BACK_PAINTS", None)
    first = build(specs.load("pixeliction"), "a4", tmp_path / "out")[0].read_bytes()
    drawn.clear()
    made = build(specs.load("pixeliction", ["palette.accent=#d0281f"]), "a4", tmp_path / "out")[0].read_bytes()
    assert drawn == ([] if declared else ["words-back"]), "recoloured, not drawn"
    assert made != first and made == build(specs.load("pixeliction", ["palette.accent=#d0281f"]), "a4",
                                           tmp_path / "fresh")[0].read_bytes()


@pytest.mark.parametrize("declared", [True, False])
def test_a_card_whose_diagram_declares_its_paints_is_recoloured_undrawn_and_equals_a_fresh_build(tmp_path, memos, drawn,
                                                                                                monkeypatch, declared):
    """Granny's Pills' reference card shows the form-row diagram, which declares what it paints: after the red changes
    no face is drawn (the prescriptions, pills and card swapped); a diagram that declares nothing draws the card again."""
    from generator.build import build
    from generator.games.grannys_pills import rules
    if not declared:
        monkeypatch.delattr(rules.form_row, "paints")
    build(specs.load("grannys-pills"), "a4", tmp_path / "pills")
    drawn.clear()
    made = build(specs.load("grannys-pills", ["palette.red=#d0281f"]), "a4", tmp_path / "pills")[0].read_bytes()
    assert drawn == ([] if declared else ["reference-1"])
    monkeypatch.setattr(validate, "MEMO", cache.Memo("fresh-checks.json", []))
    assert made == build(specs.load("grannys-pills", ["palette.red=#d0281f"]), "a4", tmp_path / "fresh")[0].read_bytes()
    kept = [json.loads((tmp_path / out / "grannys-pills" / cache.RECORDS / "grannys-pills-components-a4.pdf.faces.json")
                       .read_text()) for out in ("pills", "fresh")]
    assert kept[0] == kept[1], "each face's operators, reads and verdict as drawing it gives them"


DOT = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="30" fill="currentColor"/>'
       '<circle cx="40" cy="40" r="8" fill="#ffffff"/></svg>')   # a white highlight of the template's own


@pytest.mark.parametrize("also", ["the template's own highlight", "another palette colour, unchanged"])
def test_a_colour_set_by_something_else_too_is_not_swapped_the_face_is_drawn(tmp_path, memos, drawn, also):
    """The old paper white is also the template's own highlight, or the ink's value: swapping every white would recolour
    those too, so the face is drawn again and equals a fresh build."""
    from generator.build import build
    spec = tmp_path / "spec"
    (spec / "templates").mkdir(parents=True)
    (spec / "templates" / "dot.svg").write_text(DOT if also.startswith("the template") else CIRCLE.format(30))
    (spec / "tiles.yaml").write_text(TILES.replace('blue: "#1f6fd0"', 'paper: "#ffffff"\n  snow: "#ffffff"')
                                     .replace("size: 30 mm", "size: 30 mm\n    bleed: 3 mm\n    ground: paper\n    ink: snow")
                                     .replace("colour: [red, blue]", "colour: [red]")
                                     .replace("shape: [circle, round]", "shape: [dot]").replace("expect: 8", "expect: 2"))
    if not also.startswith("the template"):
        (spec / "tiles.yaml").write_text((spec / "tiles.yaml").read_text().replace("[dot]", "[circle]"))
    path = spec / "tiles.yaml"
    build(specs.load(str(path)), "a4", tmp_path / "out")
    drawn.clear()
    made = build(specs.load(str(path), ["palette.paper=#fff8e0"]), "a4", tmp_path / "out")[0].read_bytes()
    assert drawn == ["tile-1"]
    assert made == build(specs.load(str(path), ["palette.paper=#fff8e0"]), "a4", tmp_path / "fresh")[0].read_bytes()


def disc(spec, component, props):
    """A tile with a disc 0.5 mm inside its cut in the palette's red: a mark when the red is dark, else a guide (which may
    lie on the cut): the same operators in either red, but not the same check."""
    from generator.components import tile
    from generator.draw import svg
    dwg = tile.render(spec, component, props)
    red = spec.colour("red")
    dwg.add(svg.part(dwg.circle((1.5, 10), 1, fill=red), "disc", svg.MARK if int(red[1:3], 16) < 128 else svg.GUIDE))
    return dwg


def moved(spec, component, props):
    """A tile with a mark in the palette's red: in the middle when the red is light, 0.5 mm inside the cut when dark."""
    from generator.components import tile
    from generator.draw import svg
    dwg = tile.render(spec, component, props)
    red = spec.colour("red")
    dwg.add(svg.part(dwg.circle((1.5 if int(red[1:3], 16) < 128 else 10, 10), 1, fill=red), "disc"))
    return dwg


@pytest.mark.parametrize("render", [disc, moved])
def test_a_recoloured_face_whose_parts_change_role_or_place_is_measured_again(tmp_path, memos, monkeypatch, render):
    from generator.build import build
    from generator.components import KINDS
    from test_facecache import deck
    monkeypatch.setitem(KINDS._loaded, "square-tile", KINDS["square-tile"]._replace(render=render, recolour="",
                                                                                              paints=None))
    deck(tmp_path / "spec", ["blue"])
    path = tmp_path / "spec" / "tiles.yaml"
    build(specs.load(str(path), ["palette.red=#ff8080"]), "a4", tmp_path / "out")   # a guide: the set passes
    with pytest.raises(UserError, match="disc is 0.5 mm inside the cut"):
        build(specs.load(str(path), ["palette.red=#400000"]), "a4", tmp_path / "out")


def test_what_a_face_read_is_worked_out_once_for_a_spec_and_afresh_for_a_changed_one(monkeypatch):
    from generator import facecache
    spec = specs.load("grannys-pills")
    digests, digest = [], facecache._digest
    monkeypatch.setattr(facecache, "_digest", lambda value: digests.append(value) or digest(value))
    first = facecache._now(spec, "component:pill")
    assert facecache._now(spec, "component:pill") == first and len(digests) == 1
    grown = specs.load("grannys-pills", ["components.pill.size=26 mm"])
    assert facecache._now(grown, "component:pill") != first and len(digests) == 2


def test_the_crop_marks_are_kept_with_the_plan_and_drawn_again_when_the_plan_changes(tmp_path, memos, monkeypatch):
    from generator.build import build
    from generator.impose import sheets
    marked, marks = [], sheets.marks
    monkeypatch.setattr(sheets, "marks", lambda plan, sheet: marked.append(sheet.marks) or marks(plan, sheet))
    first = build(specs.load("grannys-pills"), "a4", tmp_path / "out")[0].read_bytes()
    assert marked
    marked.clear()
    red = ["palette.red=#b02a20"]
    again = build(specs.load("grannys-pills", red), "a4", tmp_path / "out")[0].read_bytes()
    assert marked == [], "a colour change draws no crop mark again"
    assert again == build(specs.load("grannys-pills", red), "a4", tmp_path / "fresh")[0].read_bytes() != first
    marked.clear()
    grown = red + ["components.reference.height=88 mm"]   # a shorter card: other slots, other marks
    again = build(specs.load("grannys-pills", grown), "a4", tmp_path / "out")[0].read_bytes()
    assert marked, "a new plan draws its marks"
    assert again == build(specs.load("grannys-pills", grown), "a4", tmp_path / "fresh-grown")[0].read_bytes()


def test_each_sheets_shared_bleed_clips_are_kept_with_the_plan_and_worked_out_again_when_the_plan_changes(
        tmp_path, memos, monkeypatch):
    """Glorieta's sheets: the shared-bleed clips of each (imposition.shares) are kept with the plan, so a rebuild after
    a colour changed works out none (even with no layout of this process to take); a new plan works them out again."""
    from generator.impose import imposition
    builder = importlib.import_module("generator.build")
    worked, real = [], imposition.shares
    monkeypatch.setattr(imposition, "shares", lambda slots: worked.append("shares") or real(slots))
    first = builder.build(specs.load("glorieta"), "a4", tmp_path / "out")[0].read_bytes()
    assert worked.count("shares") == len(json.loads((tmp_path / "out" / "glorieta" / cache.RECORDS /
                                                     "glorieta-components-a4.pdf.plan.json").read_text())["layouts"])
    worked.clear()
    builder._LAYOUTS.clear()
    accent = ["palette.accent=#d0281f"]
    again = builder.build(specs.load("glorieta", accent), "a4", tmp_path / "out")[0].read_bytes()
    assert worked == [], "every sheet's layout from the kept plan"
    assert again == builder.build(specs.load("glorieta", accent), "a4", tmp_path / "fresh")[0].read_bytes() != first
    worked.clear()
    bigger = accent + ["components.reference.height=140 mm"]   # another plan
    again = builder.build(specs.load("glorieta", bigger), "a4", tmp_path / "out")[0].read_bytes()
    assert "shares" in worked and again == builder.build(specs.load("glorieta", bigger), "a4",
                                                         tmp_path / "fresh-bigger")[0].read_bytes()


def test_the_second_papers_rebuild_takes_the_faces_of_the_first_and_leaves_its_own_kept_faces_unread(tmp_path, memos,
                                                                                                       monkeypatch):
    from pathlib import Path
    from generator.build import build
    for paper in ("a4", "letter"):
        build(specs.load("grannys-pills"), paper, tmp_path / "out")
    read, read_text = [], Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *args, **options: read.append(self.name) or read_text(self, *args, **options))
    spec = specs.load("grannys-pills", ["palette.red=#b02a20"])
    made = [build(spec, paper, tmp_path / "out")[0] for paper in ("a4", "letter")]
    assert "grannys-pills-components-a4.pdf.faces.json" in read
    assert "grannys-pills-components-letter.pdf.faces.json" not in read, "every face came from the a4 build's file"
    fresh = specs.load("grannys-pills", ["palette.red=#b02a20"])
    assert [path.read_bytes() for path in made] == [build(fresh, paper, tmp_path / "fresh")[0].read_bytes()
                                                    for paper in ("a4", "letter")]


@pytest.mark.parametrize("spill", [False, True])
def test_the_first_papers_faces_are_handed_to_the_second_in_memory_and_read_from_its_file_once_spilled(tmp_path, memos,
                                                                                                      monkeypatch, spill):
    """The a4 build's faces file, held in memory until written, is handed to the letter build as its entries and their
    JSON: neither reads a faces file written this run (a file that spilled to disk is handed over by its path, and read)."""
    from pathlib import Path
    from generator.build import build
    from generator.facecache import FaceCache
    if spill:
        monkeypatch.setattr(FaceCache, "SPILL", 1000)
    for paper in ("a4", "letter"):
        build(specs.load("grannys-pills"), paper, tmp_path / "out")
    read, read_text = [], Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *args, **options: read.append(self.name) or read_text(self, *args, **options))
    loads, decode = [], json.loads
    monkeypatch.setattr(json, "loads", lambda text, *args, **options: loads.append(len(text)) or decode(text, *args, **options))
    spec = specs.load("grannys-pills", ["palette.red=#b02a20"])
    made = [build(spec, paper, tmp_path / "out")[0] for paper in ("a4", "letter")]
    faces = [name for name in read if name.endswith(".faces.json")]
    assert faces == ["grannys-pills-components-a4.pdf.faces.json"] * (2 if spill else 1), faces
    assert spill or len([size for size in loads if size > 100_000]) == 1, "one faces file decoded: the a4 build's last"
    fresh = specs.load("grannys-pills", ["palette.red=#b02a20"])
    assert [path.read_bytes() for path in made] == [build(fresh, paper, tmp_path / "fresh")[0].read_bytes()
                                                    for paper in ("a4", "letter")]


def recompressed(made, tmp_path, monkeypatch):
    """(the rebuilt file's path, its bytes as a fresh build, the sizes of the streams compressed since the rebuild began
    (a list that goes on counting), how many the cold build compressed) of made(spec, paper, out) over grannys-pills
    after palette.red changed."""
    import zlib
    from generator.output import pdffile
    monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(pdffile.File.SPILL))  # no stream an earlier test compressed
    packed, compress = [], zlib.compress
    monkeypatch.setattr(zlib, "compress", lambda data, level=-1: packed.append(len(data)) or compress(data, level))
    red = ["palette.red=#b02a20"]
    fresh = made(specs.load("grannys-pills", red), "a4", tmp_path / "fresh")[0].read_bytes()
    cold = len(packed)
    made(specs.load("grannys-pills"), "a4", tmp_path / "out")
    packed.clear()
    again = made(specs.load("grannys-pills", red), "a4", tmp_path / "out")[0]
    return again, fresh, packed, cold


def test_a_rebuild_compresses_only_the_streams_that_changed_and_none_kept_by_another_zlib(tmp_path, memos, monkeypatch):
    import zlib
    from generator.build import build
    from generator.output import pdffile
    again, fresh, packed, cold = recompressed(build, tmp_path, monkeypatch)
    assert again.read_bytes() == fresh and len(packed) < cold / 2, (len(packed), cold)
    red = ["palette.red=#b02a20"]
    kept = again.parent / ".pnp-cache" / f"{again.name}.record"   # the record's line, then the streams kept
    record, head, data = kept.read_bytes().split(b"\n", 2)
    assert pdffile.kept_streams(kept, after=1), "the rebuild kept its streams too"
    kept.write_bytes(b"\n".join([record, head.replace(zlib.ZLIB_RUNTIME_VERSION.encode(), b"0.0"), data]))
    monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(pdffile.File.SPILL))  # none compressed by this process either
    packed.clear()
    again = build(specs.load("grannys-pills", red + ["game.designer=Another"]), "a4", tmp_path / "out")[0]
    assert len(packed) >= cold, "another zlib's streams are compressed again"
    assert again.read_bytes() == build(specs.load("grannys-pills", red + ["game.designer=Another"]), "a4",
                                       tmp_path / "fresh-designer")[0].read_bytes()


def test_a_kept_faces_file_read_entry_by_entry_gives_each_entry_and_its_own_json(tmp_path, memos):
    from generator.build import build
    from generator.facecache import _compact, _with_text
    path = build(specs.load("grannys-pills"), "a4", tmp_path)[0]
    text = (path.parent / ".pnp-cache" / f"{path.name}.faces.json").read_text()
    found = _with_text(text)
    assert {face: entry for face, (entry, _) in found.items()} == json.loads(text) and len(found) > 50
    assert all(json.loads(own) == entry and _compact(entry) == own for entry, own in found.values())
    assert _with_text("{}") == {}


def test_a_specs_keys_hash_it_once_and_each_is_the_digest_of_its_inputs():
    from generator.digests import hexdigest

    def own(spec):
        """A spec's own digest: of its repr; of its sans_palette's digest, palette and lines when it has either."""
        if not (spec.palette or spec.lines):
            return hexdigest(repr(spec).encode())
        return hexdigest(f"{own(cache.sans_palette(spec))}\n{spec.palette!r}\n{spec.lines!r}".encode())

    def digest(spec, *options):
        inner = (f"{own(cache.sans_palette(spec))}\n{spec.palette!r}\n{spec.lines!r}" if spec.palette or spec.lines
                 else repr(spec))
        return hexdigest(f"{inner}\n{options!r}\n{cache.code()}".encode())
    spec = specs.load("grannys-pills")
    for _ in range(2):   # the second time from the spec's own hash
        assert cache.key(spec, "components", "a4") == digest(spec, "components", "a4")
        assert cache.key(cache.sans_palette(spec), "plan", "a4") == digest(cache.sans_palette(spec), "plan", "a4")
    assert cache.sans_palette(spec) is cache.sans_palette(spec)
    changed = specs.load("grannys-pills", ["game.title=Grandma's Pills"])
    assert cache.key(changed, "components", "a4") not in (cache.key(spec, "components", "a4"), digest(spec, "components", "a4"))
    recoloured = specs.load("grannys-pills", ["palette.red=#b02a20"])
    assert cache.key(cache.sans_palette(recoloured), "plan") == cache.key(cache.sans_palette(spec), "plan")
    assert cache.key(recoloured, "components", "a4") != cache.key(spec, "components", "a4")


def test_a_face_reading_another_field_of_the_spec_is_drawn_again_when_it_changes(tmp_path, memos, drawn):
    """HexStatic's line key card prints colour_names' word for each line colour (through spec.colour_name): a field a
    face reads is recorded with it as its digest, and the rebuild equals a fresh build (it kept the old word)."""
    from generator.build import build

    build(specs.load("hexstatic"), "a4", tmp_path / "out")
    drawn.clear()
    changed = specs.load("hexstatic", ["colour_names.red=Crimson"])
    again = build(changed, "a4", tmp_path / "out")[0].read_bytes()
    assert drawn, "the faces reading it drawn again"
    assert again == build(changed, "a4", tmp_path / "fresh")[0].read_bytes()


@pytest.mark.parametrize("change", ["red shown", "no maker's declaration", "a reading not a colour", "the code",
                                    "an old colour another read sets too"])
def test_the_rulebooks_diagrams_are_their_kept_parts_recoloured_and_drawn_again_when_a_swap_could_differ(tmp_path, memos,
                                                                                                       monkeypatch,
                                                                                                       change):
    """After the red the diagrams show changes, both rulebooks take the diagrams' parts kept by the last build with the
    red swapped, undrawn; drawn again when a maker declares nothing it paints, something else they read changed, the
    code changed, or the old red is a colour they read unchanged too. Each rulebook equals a fresh build's."""
    from generator import cache as caches
    from generator.build import build_rules
    from generator.draw import diagram
    from generator.games.grannys_pills import rules
    calls, real = [], diagram.drawn
    monkeypatch.setattr(diagram, "drawn", lambda spec: calls.append(spec) or real(spec))
    first = ["palette.ink=#cf2a22"] if change.startswith("an old colour") else []   # the ink as red as the red
    then = first + ["palette.red=#d0281f"] + (["game.designer=Another"] if change == "a reading not a colour" else [])
    for paper in ("a4", "letter"):
        build_rules(specs.load("grannys-pills", first), paper, tmp_path / "out")
    assert len(calls) == 1
    calls.clear()
    if change == "no maker's declaration":
        monkeypatch.delattr(rules.scoring_example, "paints")
    if change == "the code":
        code = caches.code()
        monkeypatch.setattr(caches, "code", lambda: code[::-1])
    spec, fresh = specs.load("grannys-pills", then), specs.load("grannys-pills", then)
    for paper in ("a4", "letter"):
        again = build_rules(spec, paper, tmp_path / "out")
        assert len(again) == 3, "rebuilt: the rulebook shows the red"
        assert again[0].read_bytes() == build_rules(fresh, paper, tmp_path / "fresh")[0].read_bytes()
    assert len(calls) == (0 if change == "red shown" else 1) + 1, "drawn again (besides the fresh build's drawing)"
    if change == "red shown":   # another red, then the first again: each swapped from the kept parts, undrawn
        for n, later in enumerate((["palette.red=#b02a20"], [])):
            calls.clear()
            for paper in ("a4", "letter"):
                again = build_rules(specs.load("grannys-pills", later), paper, tmp_path / "out")[0].read_bytes()
                assert again == build_rules(specs.load("grannys-pills", later), paper, tmp_path / f"fresh{n}")[0].read_bytes()
            assert len(calls) == 1, "drawn: the fresh build's alone"


@pytest.mark.parametrize("game, accent, swapped", [
    ("pixeliction", "#d0281f", True), ("pixeliction", "#444444", False), ("grannys-pills", "#d0281f", False)])
def test_a_colour_the_rulebooks_text_shows_is_swapped_in_its_kept_layout_unless_that_could_differ(tmp_path, memos,
                                                                                                monkeypatch, game,
                                                                                                accent, swapped):
    """Pixeliction's headings show its accent: after the accent changes, both rulebooks take their kept layout with the
    colour swapped, reportlab laying nothing out again; laid out again when the new accent is a colour the rulebook sets
    itself (its captions' grey), or the game had no accent (its headings were as black as the text). Each rulebook equals
    a fresh build's byte for byte, and shows the new accent."""
    from generator.build import build_rules
    from generator.output import rulebook
    laid, real = [], rulebook.rules_pdf
    monkeypatch.setattr(rulebook, "rules_pdf", lambda *args: laid.append(args[1]) or real(*args))
    first = {paper: build_rules(specs.load(game), paper, tmp_path / "out")[0].read_bytes() for paper in ("a4", "letter")}
    assert laid == ["a4", "letter"]
    laid.clear()
    then = [f"palette.accent={accent}"]
    spec, fresh = specs.load(game, then), specs.load(game, then)
    for paper in ("a4", "letter"):
        again = build_rules(spec, paper, tmp_path / "out")[0].read_bytes()
        assert again == build_rules(fresh, paper, tmp_path / "fresh")[0].read_bytes() != first[paper]
    assert laid == (["a4", "letter"] if swapped else ["a4", "a4", "letter", "letter"]), "laid out: the fresh builds"
    for n, later in enumerate((["palette.accent=#0a7a3a"], [])):   # another accent, then the game's own, again
        laid.clear()
        for paper in ("a4", "letter"):
            again = build_rules(specs.load(game, later), paper, tmp_path / "out")[0].read_bytes()
            fresh_again = build_rules(specs.load(game, later), paper, tmp_path / f"fresh{n}")[0].read_bytes()
            assert again == fresh_again and (later or again == first[paper])
        assert laid == ["a4", "letter"] or not swapped, "laid out: the fresh builds"


def test_a_swapped_colour_is_written_as_reportlab_writes_it_for_every_channel_value():
    """overlay writes a colour's operands itself (loading no reportlab for a swap): reportlab's own fp_str gives the same
    text for each of the 256 values of a channel, in each place."""
    from reportlab.lib.rl_accel import fp_str
    from generator.output.overlay import rgb_as_reportlab
    for value in range(256):
        for place in range(3):
            rgb = [0x12, 0xab, 0xff]
            rgb[place] = value
            colour = "#" + "".join(f"{v:02x}" for v in rgb)
            assert rgb_as_reportlab(colour) == fp_str(tuple(v / 255 for v in rgb)).encode(), colour


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from([b"1 .5 0", b"0 0 1", b"1", b".5 1", b" rg", b" RG", b" ", b"\n", b"-", b".", b"0", b"g"]),
                max_size=12).map(b"".join),
       st.sampled_from([{b"1 .5 0": b".2 .2 .2"}, {b"0 0 1": b"1 1 1", b"1": b"0"}, {b".5 1": b"1 .5", b"1": b".25"}]))
def test_a_pages_colour_operands_are_swapped_where_the_pattern_found_them(text, ops):
    """overlay.swapped, written without a pattern, replaces what (?<![\\d.-])(ops...)(?= (?:rg|RG)\\s) found, left to
    right and the first operands at a place first."""
    import re
    from generator.output.overlay import swapped
    pattern = re.compile(rb"(?<![\d.-])(" + b"|".join(map(re.escape, ops)) + rb")(?= (?:rg|RG)\s)")
    assert swapped(text, ops) == pattern.sub(lambda m: ops[m.group(1)], text)


def test_a_text_colour_is_not_swapped_when_another_colour_the_text_still_reads_has_its_old_value(tmp_path, memos):
    """Pixeliction's kept A4 layout: its accent swaps; not when a colour the text reads unchanged is the old accent too
    (the swap would recolour both), nor when two old colours are alike."""
    from generator.build import build_rules
    from generator.output.overlay import recoloured
    path = build_rules(specs.load("pixeliction"), "a4", tmp_path / "out")[0]
    book = json.loads((path.parent / cache.RECORDS / f"{path.name}.layout.json").read_text())["book"]
    accent = specs.load("pixeliction").palette["accent"]
    assert recoloured(book, [(accent, "#d0281f")], ["#123456"]) not in (None, book)
    assert recoloured(book, [(accent, "#d0281f")], [accent]) is None
    assert recoloured(book, [(accent, "#d0281f"), (accent, "#00aa00")]) is None   # two colours were the accent's


@pytest.mark.parametrize("game", [path.stem for path in specs.shipped()])
def test_a_rulebooks_text_sets_no_colour_but_the_ones_it_reads_and_those_it_declares_it_sets_itself(tmp_path, memos, game):
    """What keeps the swap of a text colour honest: every colour the typeset text of each shipped game's rulebook sets
    (rg, RG in its pages' streams) is a palette colour the text read or one of overlay.FIXED."""
    import re
    import zlib
    from binascii import a2b_base64

    from reportlab.lib.rl_accel import fp_str

    from generator.build import build_rules
    from generator.output.overlay import FIXED

    def op(colour):
        return fp_str(tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)))
    path = build_rules(specs.load(game), "a4", tmp_path / "out")[0]
    entry = json.loads((path.parent / cache.RECORDS / f"{path.name}.layout.json").read_text())
    book, read = entry["book"], [value for what, value in entry["used"].items() if what.startswith("palette:") and value]
    found = set()
    for page in book["pages"]:
        for ref in page["contents"]:
            text = zlib.decompress(a2b_base64(book["objects"][int(ref.split()[0]) - 1][1])).decode("latin-1")
            found.update(re.findall(r"(?<![\d.-])((?:-?[\d.]+ ){3})(?:rg|RG)\s", text))
    assert found and {f.strip() for f in found} <= {op(colour) for colour in [*FIXED, *read]}


def test_a_rulebooks_rebuild_compresses_only_the_diagram_parts_that_changed(tmp_path, memos, monkeypatch):
    from generator.build import build_rules
    again, fresh, packed, cold = recompressed(build_rules, tmp_path, monkeypatch)
    assert again.read_bytes() == fresh and len(packed) < cold / 2, (len(packed), cold)


def test_kept_diagrams_note_the_designers_files_they_read_and_a_rulebook_over_them_records_those_files(tmp_path):
    """Glorieta's diagrams read its example positions: a rulebook rebuilt for its text takes the kept diagrams undrawn,
    and still records the positions, so that a position edited next draws the diagrams again (a fresh build's bytes)."""
    from test_cache import glorieta_copy, pnp
    folder = glorieta_copy(tmp_path / "glorieta")
    rules = tmp_path / "out" / "glorieta" / "glorieta-rules-a4.pdf"
    kept = rules.parent / cache.RECORDS / "glorieta-rules.diagrams.json"

    def built(out="out"):
        pnp("build", folder / "glorieta.yaml", "--paper", "a4", "--out", tmp_path / out)
        return (tmp_path / out / rules.relative_to(tmp_path / "out")).read_bytes()
    first = built()
    drawn = kept.stat().st_mtime_ns
    book = folder / "rules" / "glorieta.yaml"
    book.write_text(book.read_text().replace("Game design by", "Designed by"))   # the text only
    assert built() != first and kept.stat().st_mtime_ns == drawn, "the diagrams taken undrawn"
    assert "positions" in "".join(json.loads(kept.read_text())["files"])
    position = folder / "positions" / "not-a-loop.yaml"   # a shorter black chain still encloses nothing
    position.write_text(position.read_text().replace(', "0,-6"]', "]"))
    assert built() == built("clean")


def test_the_colours_templates_paint_are_worked_out_once_for_each_set_of_templates_a_face_read(tmp_path):
    """A template with a white highlight of its own, and one without: each set of templates read gives its own colours,
    the second time from the spec's memo."""
    from generator import facecache
    path = tiles_spec(tmp_path / "spec")
    (tmp_path / "spec" / "templates" / "dot.svg").write_text(DOT)
    spec = specs.load(str(path))
    dot, circle = {"template:dot": "", "colour:red": "#d7261e"}, {"template:circle": ""}
    assert facecache._painted(spec, dot) == {"1 1 1"} and facecache._painted(spec, circle) == set()
    assert facecache._painted(spec, {**circle, **dot}) == {"1 1 1"}
    spec.templates.read.clear()   # from the memo now: no template read again
    assert facecache._painted(spec, dot) == {"1 1 1"} and not spec.templates.read


def test_the_colours_a_template_paints_are_kept_by_its_digest_and_worked_out_afresh_when_it_is_edited(tmp_path, memos,
                                                                                                     monkeypatch):
    """facecache.PAINTS keeps them between runs: a later run takes them without parsing the template, and an edited
    template (another digest) gives its own colours again."""
    from generator import facecache
    from generator.draw import templates
    path = tiles_spec(tmp_path / "spec")
    dot = tmp_path / "spec" / "templates" / "dot.svg"
    dot.write_text(DOT)
    monkeypatch.setattr(facecache, "PAINTS", cache.Memo("paints.json", []))
    assert facecache._paints(specs.load(str(path)), "dot") == ["1 1 1"]
    facecache.PAINTS.save()
    monkeypatch.setattr(facecache, "PAINTS", cache.Memo("paints.json", []))   # the next run's, read from its file
    parsed, parse = [], templates.parse
    monkeypatch.setattr(templates, "parse", lambda where, data: parsed.append(where) or parse(where, data))
    assert facecache._paints(specs.load(str(path)), "dot") == ["1 1 1"] and parsed == []
    dot.write_text(DOT.replace("#ffffff", "#000000"))
    assert facecache._paints(specs.load(str(path)), "dot") == ["0 0 0"] and len(parsed) == 1


def test_a_colour_changed_in_grannys_pills_renders_no_face_not_even_to_find_the_shared_grounds(tmp_path, memos, monkeypatch):
    """pnp build after palette.red changed: the kept plan checks each component's shared ground again, and a face the
    checks did not draw gives it from its kept operators (the PDF reads them anyway), not by being drawn; the file still
    equals a fresh build's."""
    from click.testing import CliRunner
    from generator.cli import cli
    from generator.components import KINDS
    run, red = ["build", "grannys-pills", "--paper", "a4", "--out", str(tmp_path / "out")], ["--set", "palette.red=#b02a20"]
    for args in (run, run + red, run):   # the edit loop: the red version's check verdicts are kept, so no check draws
        assert CliRunner().invoke(cli, args).exit_code == 0
    rendered = []
    for name in ("pattern-tile", "square-tile", "player-board", "reference-card"):
        kind = KINDS[name]
        monkeypatch.setitem(KINDS._loaded, name, kind._replace(
            render=lambda spec, comp, props, render=kind.render: rendered.append(comp.id) or render(spec, comp, props)))
    assert CliRunner().invoke(cli, run + red).exit_code == 0
    assert rendered == []
    monkeypatch.undo()
    assert CliRunner().invoke(cli, run[:-1] + [str(tmp_path / "fresh")] + red).exit_code == 0
    name = "grannys-pills/grannys-pills-components-a4.pdf"
    assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()


def test_each_templates_own_colours_are_looked_up_once_for_a_spec_however_many_sets_of_templates_faces_read(tmp_path,
                                                                                                         monkeypatch):
    """Grannys' faces read 34 sets of 9 templates: each template's colours are asked of the memo once (9 lookups, not
    306); the colours of each set are still the union of its templates' (a changed spec asks again)."""
    from generator import facecache
    asked, paints = [], facecache._paints
    monkeypatch.setattr(facecache, "_paints", lambda spec, name: asked.append(name) or paints(spec, name))
    path = tiles_spec(tmp_path / "spec")
    (tmp_path / "spec" / "templates" / "dot.svg").write_text(DOT)
    spec = specs.load(str(path))
    dot, circle = {"template:dot": "", "colour:red": "#d7261e"}, {"template:circle": ""}
    assert facecache._painted(spec, dot) == {"1 1 1"} and facecache._painted(spec, circle) == set()
    assert facecache._painted(spec, {**circle, **dot}) == {"1 1 1"} == facecache._painted(spec, {**dot, **circle})
    assert sorted(asked) == ["circle", "dot"]
    assert facecache._painted(specs.load(str(path)), {**circle, **dot}) == {"1 1 1"} and len(asked) == 4


def test_a_specs_rules_file_is_found_once_and_a_link_out_of_its_folder_is_still_refused(tmp_path, monkeypatch):
    """A build asks for the rules file five times (the notes, each paper's rulebook and its record): it is found once
    for each spec, each finding a stat for every part of two resolved paths."""
    from generator.spec import loader
    found, beside = [], loader.beside
    monkeypatch.setattr(loader, "beside", lambda *parts: found.append(parts) or beside(*parts))
    spec = specs.load("grannys-pills")
    assert loader.rules_path(spec) == loader.rules_path(spec) == loader.rules_path(spec)
    assert loader.rules_path(spec).name == "grannys-pills.yaml" and len(found) == 1
    path = tiles_spec(tmp_path / "spec")
    (tmp_path / "spec" / "rules").mkdir()
    (tmp_path / "spec" / "rules" / "tiles.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    (tmp_path / "elsewhere.yaml").write_text("title: x\n")
    linked = specs.load(str(path))
    for _ in range(2):
        with pytest.raises(UserError, match="links to a file outside the spec's folder"):
            loader.rules_path(linked)


def test_a_rulebook_whose_colour_changed_reads_no_designers_file_to_know_it_must_be_written(tmp_path, memos,
                                                                                            monkeypatch):
    """cache.unchanged compares what costs least first: a rebuild after a colour the rulebook shows changed learns it
    from the colours recorded, reading and hashing neither the spec nor its rules again; an unchanged one reads neither
    either: its key holds both whole, and its record names them by path alone."""
    builder = importlib.import_module("generator.build")   # the module (the package exports its function too)
    out, read = tmp_path / "out", []
    spec = specs.load("grannys-pills")
    builder.build_rules(spec, "a4", out)
    current = cache.current
    monkeypatch.setattr(cache, "current", lambda files: read.append(sorted(files)) or current(files))
    made = builder.build_rules(specs.load("grannys-pills", ["palette.red=#d0281f"]), "a4", out)
    assert not any(files for files in read) and len(made) == 3   # written, no note; the kept diagrams noted no file
    again = builder.build_rules(specs.load("grannys-pills", ["palette.red=#d0281f"]), "a4", out)
    assert str(again[-1]).startswith("unchanged") and read   # its record's files and the diagrams' read again, but not
    assert not any(path.endswith("/grannys-pills.yaml") for files in read for path in files), read   # its spec or rules
    record = json.loads(cache.record_of(again[0]).read_bytes().partition(b"\n")[0])
    assert record["covered"] == [str((specs.SPECS / name).resolve()) for name in ("grannys-pills.yaml",
                                                                                  "rules/grannys-pills.yaml")]


def test_an_outputs_record_holds_the_streams_it_kept_so_a_rebuild_makes_one_file_for_both(tmp_path, memos, monkeypatch):
    """Each file a build makes is a new inode (~0.2 ms on ext4): a PDF's record and the compressed streams its build kept
    are one file, the record's line then the streams, written once; the next build takes its streams from there."""
    from generator import files
    from generator.output import pdffile
    builder = importlib.import_module("generator.build")
    out, written = tmp_path / "out", []
    for make in (builder.build, builder.build_rules):
        make(specs.load("grannys-pills"), "a4", out)
    write = files.write_atomic
    monkeypatch.setattr(files, "write_atomic", lambda path, data, **how: written.append(path.name) or write(path, data, **how))
    packed, compress = [], pdffile.zlib.compress
    monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(pdffile.File.SPILL))   # none compressed by this process
    monkeypatch.setattr(pdffile.zlib, "compress", lambda data, level=-1: packed.append(data) or compress(data, level))
    for make in (builder.build, builder.build_rules):
        made = make(specs.load("grannys-pills", ["palette.red=#d0281f"]), "a4", out)
        record = cache.record_of(made[0])
        assert written.count(record.name) == 1 and pdffile.kept_streams(record, after=1)
        assert json.loads(record.read_bytes().partition(b"\n")[0])["pages"] == made[1]
    assert not [name for name in written if name.endswith(".streams")]
    assert 0 < len(packed) < 20, len(packed)   # the streams the colour reached (11 of a cold 81): the rest from the records


def pnp_in(folder, *args) -> tuple[int, str]:
    """pnp run in a process of its own from folder, as a designer runs it there: (exit status, stdout and stderr)."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *map(str, args)], cwd=folder,
                          capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def pdfs(out) -> dict:
    """{path under out: bytes} of every PDF under out."""
    return {path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def edit(path, old: str, new: str, count: int = 1) -> None:
    """Replace old by new in a text file, count times, and fail when old is not there that often."""
    text = path.read_text()
    assert text.count(old) == count, (path, old)
    path.write_text(text.replace(old, new))


@pytest.fixture
def pahs(tmp_path, monkeypatch):
    """A copy of Paths and PAHs (spec and rules) in a folder of its own, and pnp's memos for this test alone."""
    import shutil
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    folder = tmp_path / "game"
    (folder / "rules").mkdir(parents=True)
    shutil.copy(specs.SPECS / "paths-and-pahs.yaml", folder)
    shutil.copy(specs.SPECS / "rules" / "paths-and-pahs.yaml", folder / "rules")
    return folder


def spares(path) -> None:
    """Paths and PAHs' spec with a component more at its end: two spare inventory sheets, as its last one is written."""
    text = path.read_text()
    sheets = text[text.index("  inventory:\n"):]
    assert text.endswith(sheets) and "copies: 9" in sheets
    spare = sheets.replace("  inventory:", "  spares:").replace("expect: 9", "expect: 2").replace("copies: 9", "copies: 2")
    path.write_text(f"{text}\n{spare}")


EDITS = [   # (what a designer edits in Paths and PAHs' spec or rules file, whether both rulebooks stay as they are)
    ("a colour the rulebook does not show", lambda game: edit(game / "paths-and-pahs.yaml", '  back: "#3d2b5a"',
                                                              '  back: "#4a2f6e"'), True),
    ("a comment added: every line below it moves", lambda game: edit(game / "paths-and-pahs.yaml", "palette:\n",
                                                                      "# tuned for a matte print\npalette:\n"), True),
    ("a colour the rulebook shows", lambda game: edit(game / "paths-and-pahs.yaml", '  red: "#e8453c"',
                                                      '  red: "#e04a3c"'), False),
    ("the game's title", lambda game: edit(game / "paths-and-pahs.yaml", "  title: Paths and PAHs",
                                           "  title: Paths and More PAHs"), False),
    ("a component added: two spare sheets", lambda game: spares(game / "paths-and-pahs.yaml"), False),
    ("the rules text", lambda game: edit(game / "rules" / "paths-and-pahs.yaml", "the most points wins",
                                         "the most points wins the game"), False),
]


def test_an_edit_of_the_spec_file_keeps_exactly_the_rulebooks_it_does_not_reach_each_file_a_fresh_builds(pahs):
    """The edit loop as a designer runs it, each build a process of its own, both papers: an edit of the spec file that
    leaves a rulebook's key (the spec but its palette and line numbers, the rules file) and the colours it shows as they
    were keeps both rulebooks (their records name the spec file by path, not digest); any other edit, of the spec or of
    the rules, makes them again (and keeps the components PDFs, which read no rules); after each edit every PDF equals a
    fresh build's."""
    for what, unchanged in each_edit(pahs, "paths-and-pahs.yaml", EDITS):
        if what == "the rules text":   # read by the rulebooks alone: both papers' components are kept
            assert {"paths-and-pahs-components-a4.pdf", "paths-and-pahs-components-letter.pdf"} <= unchanged, what


def each_edit(folder, spec: str, edits):
    """Build spec (its path from folder) into folder's out, then after each (what, change(folder), kept) of edits in
    turn, each build a process of its own as a designer runs it: its two rulebooks are unchanged exactly when kept and
    every PDF equals a fresh build's; yield (what, the names of the files the build found unchanged)."""
    game = Path(spec).stem
    out, books = folder.parent / "out", {f"{game}-rules-a4.pdf", f"{game}-rules-letter.pdf"}
    status, said = pnp_in(folder, "build", spec, "--out", out)
    assert status == 0 and "unchanged" not in said, said
    for n, (what, change, kept) in enumerate(edits):
        before = pdfs(out)
        change(folder)
        status, said = pnp_in(folder, "build", spec, "--out", out)
        lines = said.splitlines()
        unchanged = {Path(line.split(":")[0]).name for line, note in zip(lines, lines[1:]) if "unchanged" in note}
        assert status == 0 and unchanged & books == (books if kept else set()), (what, said)
        assert pnp_in(folder, "build", spec, "--out", folder.parent / f"fresh{n}")[0] == 0
        after = pdfs(out)
        assert len(after) == 4 and after == pdfs(folder.parent / f"fresh{n}"), what
        assert all((after[path] == before[path]) == kept for path in after if path.name in books), what
        yield what, unchanged


def test_an_edit_of_a_file_only_the_rulebook_reads_keeps_both_papers_components_and_a_fresh_builds_files(tmp_path,
                                                                                                         monkeypatch):
    """Glorieta's rulebook draws example positions from files beside its spec (its ruleset's beside: positions); its
    components read none of them (checked: building them reads none), so after one is edited both papers' components
    PDFs are kept, where the Letter one was built again every time (its record listed what the A4 rulebook, built
    before it in the same process, had read), and the rulebooks are made again; every PDF equals a fresh build's."""
    from click.testing import CliRunner
    from generator.build import build
    from generator.cli import cli
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine", "--from", "glorieta"]).exit_code == 0
    positions = sorted(str(path.resolve()) for path in (tmp_path / "mine" / "positions").glob("*.yaml"))
    for paper in ("a4", "letter"):
        build(specs.load("mine/mine.yaml"), paper, tmp_path / "components")
    assert positions and not set(positions) & set(cache.READ), "the components read no position"
    out = tmp_path / "out"
    assert pnp_in(tmp_path, "build", "mine/mine.yaml", "--out", out)[0] == 0
    edit(tmp_path / "mine" / "positions" / "six-around-one.yaml", "stones:", "# moved a stone back\nstones:")
    status, said = pnp_in(tmp_path, "build", "mine/mine.yaml", "--out", out)
    lines = said.splitlines()
    unchanged = {Path(line.split(":")[0]).name for line, note in zip(lines, lines[1:]) if "unchanged" in note}
    assert status == 0 and unchanged == {"mine-components-a4.pdf", "mine-components-letter.pdf"}, said
    assert pnp_in(tmp_path, "build", "mine/mine.yaml", "--out", tmp_path / "fresh")[0] == 0
    assert pdfs(out) == pdfs(tmp_path / "fresh")


OWN_EDITS = [   # (what a designer edits in a game of their own, made by pnp new, whether both rulebooks stay as they are)
    ("a card's text in the CSV", lambda game: edit(game / "cards.csv", "Draw a card. You may", "Draw two cards. You may"),
     True),
    ("a layout's corner radius", lambda game: edit(game / "card.yaml", "radius: 2,", "radius: 4,"), True),
    ("a colour the rulebook does not show", lambda game: edit(game / "mine.yaml", 'sun: "#b06800"', 'sun: "#a86200"'),
     True),
    ("a card's copies, and the count expected", lambda game: (edit(game / "cards.csv", "The first light is free.,3",
                                                                   "The first light is free.,4"),
                                                              edit(game / "mine.yaml", "expect: 12 ", "expect: 13 ")), False),
    ("the cards' width", lambda game: edit(game / "mine.yaml", "width: 63 mm", "width: 66 mm"), False),
    ("the cards' title", lambda game: edit(game / "mine.yaml", "    kind: layout", "    title: Day cards\n    kind: layout"),
     False),
    ("the rules text", lambda game: edit(game / "rules" / "mine.yaml", "Play cards to gather coins.",
                                         "Play cards to gather gold coins."), False),
]


def test_a_designers_rulebook_is_kept_while_what_it_shows_of_the_components_is_and_each_file_a_fresh_builds(tmp_path,
                                                                                                           monkeypatch):
    """A game of the designer's own (no game's rules) keys its rulebook by the spec without its palette and
    components, and records what it reads of them (ids, titles, sizes, piece counts, the figures its text quotes):
    a card's text, a layout or a colour it does not show edited keeps both rulebooks (they were made again on every
    such edit); its counts, sizes, titles or rules text edited make them again; after each edit, each build a process
    of its own, every PDF equals a fresh build's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    assert pnp_in(tmp_path, "new", "mine")[0] == 0
    assert [what for what, _ in each_edit(tmp_path / "mine", "mine.yaml", OWN_EDITS)] == [what for what, *_ in OWN_EDITS]


MARKUP_EDITS = [   # (an edit of a game whose rules text is coloured by markup, whether both rulebooks stay as they are)
    ("a colour markup added to the rules text", lambda game: edit(game / "rules" / "mine.yaml", "to gather coins.",
                                                                  "to gather {colour:gold}**coins**{/colour}."), False),
    ("the colour the rules text shows", lambda game: edit(game / "mine.yaml", 'gold: "#f2c14e"', 'gold: "#b08010"'),
     False),
    ("a colour the rulebook does not show", lambda game: edit(game / "mine.yaml", 'sun: "#b06800"', 'sun: "#a86200"'),
     True),
]


def test_a_rulebook_whose_text_names_a_colour_is_made_again_when_that_colour_changes_and_kept_for_another(tmp_path,
                                                                                                         monkeypatch):
    """A rules text's {colour:gold} is read as the rulebook is written: a change of gold makes both rulebooks again
    (in the new gold), one of a colour it does not show keeps them; every PDF equals a fresh build's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    assert pnp_in(tmp_path, "new", "mine")[0] == 0
    assert [what for what, _ in each_edit(tmp_path / "mine", "mine.yaml", MARKUP_EDITS)] == [w for w, *_ in MARKUP_EDITS]


def test_pnp_rules_alone_never_keeps_the_rulebook_of_a_game_whose_checks_now_fail(tmp_path, monkeypatch):
    """A designer's rulebook is kept after a card's text changed (its key leaves the components out), but pnp rules
    builds no components PDF to check the set: a text that no longer fits its box fails it, exit 1, as a fresh
    build does; fixed again, the rulebook is kept."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    assert pnp_in(tmp_path, "new", "mine")[0] == 0
    assert pnp_in(tmp_path, "build", "mine/mine.yaml", "--out", "out")[0] == 0
    long = "Draw a card. " + "You may play another card this turn, and then another one after it. " * 6
    edit(tmp_path / "mine" / "cards.csv", "Draw a card. You may play another card this turn.", f'"{long}"')
    status, said = pnp_in(tmp_path, "rules", "mine/mine.yaml", "--out", "out")
    assert status == 1 and "1 check failed, not building" in said and "does not fit its" in said, said
    assert pnp_in(tmp_path, "rules", "mine/mine.yaml", "--out", "fresh") == (status, said), "as a fresh build fails"
    edit(tmp_path / "mine" / "cards.csv", f'"{long}"', "Draw a card. You may play another card this turn.")
    status, said = pnp_in(tmp_path, "rules", "mine/mine.yaml", "--out", "out")
    assert status == 0 and said.count("unchanged") == 2, said


def test_a_kept_rulebook_checked_with_the_spec_as_it_now_is_is_not_checked_again(tmp_path, monkeypatch):
    """After a card's text changed, the designer's rulebook is kept once the set passes its checks, and its record then
    names the spec as it now is: a build or pnp rules with nothing changed checks nothing (each check draws every
    face of a designer's deck)."""
    from click.testing import CliRunner
    from generator.cli import cli
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    monkeypatch.chdir(tmp_path)
    checked, real = [], validate._checked
    monkeypatch.setattr(validate, "_checked", lambda *args, **kw: checked.append(1) or real(*args, **kw))
    runs = [["new", "mine"], ["build", "mine/mine.yaml", "--out", "out"]]
    assert all(CliRunner().invoke(cli, args).exit_code == 0 for args in runs)
    edit(tmp_path / "mine" / "cards.csv", "Draw a card. You may", "Draw two cards. You may")
    for args, checks, kept in ((["build", "mine/mine.yaml", "--out", "out"], 1, 2), (["build", "mine/mine.yaml", "--out",
                               "out"], 0, 4), (["rules", "mine/mine.yaml", "--out", "out"], 0, 2)):
        checked.clear()
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0 and result.output.count("unchanged") == kept and len(checked) == checks, (
            args, checked, result.output)


def test_after_a_comment_added_a_kept_rulebook_hides_no_error_and_each_names_its_line_as_it_now_is(pahs):
    """A comment added keeps the rulebooks, yet the spec is read again: a value broken below the comment is refused with
    its line as the file now numbers it (one line, exit 1, no traceback); a count that fails its check is found by
    `pnp validate`, whose verdict was kept while the spec file was as it was, and the build refuses to write."""
    out, spec = pahs.parent / "out", pahs / "paths-and-pahs.yaml"
    assert pnp_in(pahs, "build", spec.name, "--out", out)[0] == 0
    assert pnp_in(pahs, "validate", spec.name) == pnp_in(pahs, "validate", spec.name)   # the second verdict kept
    edit(spec, "palette:\n", "# tuned\n# for a matte print\npalette:\n")
    status, said = pnp_in(pahs, "build", spec.name, "--out", out)
    assert status == 0 and said.count("unchanged") == 2, said
    edit(spec, '  empty: "#ddd6c6"', '  empty: "#ddd6c"')
    line = spec.read_text().splitlines().index('  empty: "#ddd6c"') + 1
    status, said = pnp_in(pahs, "build", spec.name, "--out", out)
    assert status == 1 and said.count("\n") == 1 and "Traceback" not in said, said
    assert said.startswith(f"error: {spec.name}:{line}:") and "palette.empty" in said, said
    edit(spec, '  empty: "#ddd6c"', '  empty: "#ddd6c6"')
    edit(spec, "    expect: 27", "    expect: 26")   # the same lines: only the spec file's digest tells
    status, said = pnp_in(pahs, "validate", spec.name)
    assert status == 1 and "cards: component count (expected 26, found 27)" in said, said
    written = pdfs(out)
    status, said = pnp_in(pahs, "build", spec.name, "--out", out)
    assert status == 1 and "component count (expected 26, found 27)" in said and pdfs(out) == written, said


def test_a_spec_built_from_another_folder_into_the_same_output_is_built_afresh(tmp_path, monkeypatch):
    """Records name the spec file by its resolved path: the same spec (the same relative path) built from a copy of its
    folder whose example positions differ makes Glorieta's rulebooks, diagrams included, as a fresh build does."""
    from test_cache import glorieta_copy
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "memos"))
    first, second = glorieta_copy(tmp_path / "first"), glorieta_copy(tmp_path / "second")
    position = second / "positions" / "not-a-loop.yaml"   # a shorter black chain still encloses nothing
    edit(position, ', "0,-6"]', "]")
    out = tmp_path / "out"
    assert pnp_in(first, "build", "glorieta.yaml", "--out", out)[0] == 0
    status, said = pnp_in(second, "build", "glorieta.yaml", "--out", out)
    assert status == 0 and "unchanged" not in said, said
    assert pnp_in(second, "build", "glorieta.yaml", "--out", tmp_path / "fresh")[0] == 0
    built, fresh = pdfs(out), pdfs(tmp_path / "fresh")
    assert len(built) == 4 and built == fresh
    assert pnp_in(first, "build", "glorieta.yaml", "--out", tmp_path / "fresh-first")[0] == 0
    assert pdfs(tmp_path / "fresh-first") != fresh, "the positions show in the rulebooks"


def test_an_edit_of_the_spec_file_under_a_theme_or_set_value_keeps_the_rulebooks_only_where_they_show_nothing_new(pahs):
    """The spec file edited while a theme or a --set value lies over it: a themed build beside the plain one (its own
    folder), the file's back colour edited under the theme (the theme sets no back: the rulebooks kept), a --set of the
    colour just edited (kept), then the plain build again (its rulebooks kept: the back they do not show is all that
    changed): each rulebook kept or made as the notes say and every PDF a fresh build's."""
    out, spec = pahs.parent / "out", pahs / "paths-and-pahs.yaml"
    themed, back = ["--theme", "okabe-ito"], ["--set", "palette.back=#402a60"]
    steps = [([], None, False), (themed, None, False),
             (themed, lambda: edit(spec, '  back: "#3d2b5a"', '  back: "#4a2f6e"'), True),
             (themed + back, None, True), ([], None, True)]
    for n, (options, change, kept) in enumerate(steps):
        if change:
            change()
        status, said = pnp_in(pahs, "build", spec.name, "--out", out, *options)
        assert status == 0 and said.count("unchanged") == (2 if kept else 0), (options, said)
        assert pnp_in(pahs, "build", spec.name, "--out", pahs.parent / f"fresh{n}", *options)[0] == 0
        edition = "paths-and-pahs" + "/theme-okabe-ito" * bool(options)
        own = [{path.name: path.read_bytes() for path in (top / edition).glob("*.pdf")} for top in (out, pahs.parent / f"fresh{n}")]
        assert own[0] == own[1], options
    assert sorted(path.relative_to(out).as_posix() for path in out.rglob("*.pdf")) == [
        f"paths-and-pahs/{theme}paths-and-pahs-{edition}{paper}.pdf" for theme, edition in (("", ""), ("theme-okabe-ito/", "okabe-ito-"))
        for paper in ("components-a4", "components-letter", "rules-a4", "rules-letter")]
