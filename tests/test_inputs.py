"""A face's inputs are declared by its kind (components.kind.inputs), not found by watching it draw: the declarations
are checked against a recording stand-in for the spec (build.Reader, the rulebook's), kept here as an oracle only."""
from pathlib import Path

import pytest

from generator.build import Reader
from generator.draw import content
from generator.draw.render import draw_art
from generator.facecache import declared
from generator.spec import loader as specs
from generator.spec.expand import expand

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies"]
SPECS = GAMES + [str(ROOT / path) for path in ("examples/ember-deck/ember-deck.yaml", "examples/harvest-track/harvest-track.yaml",
                                              "examples/hex-isles/hex-isles.yaml", "benchmarks/specs/tiles.yaml",
                                              "benchmarks/specs/cards.yaml")] \
    + sorted(str(path) for path in (ROOT / "tests" / "data" / "invalid" / "checks").glob("*.yaml"))


def spied(spec, art) -> set:
    """What drawing an artwork reads, recorded as it draws through a stand-in: the spec's fields, colours, templates,
    components (but its own), and the designer's files its operators embed."""
    reader = Reader(spec)
    written = content.write(draw_art(reader, art))
    return ({what for what in reader.used if what != f"component:{art.component}"}
            | {f"file:{path}" for _, path, _ in written.sources})


def undeclared(spec, art) -> list:
    """What an artwork's drawing read that its kind does not declare ("spec" declares all of the spec but files;
    "components" every component)."""
    found = declared(spec, art)
    return sorted(what for what in spied(spec, art) if what not in found
                  and not ("spec" in found and not what.startswith("file:"))
                  and not (what.startswith("component:") and "components" in found))


@pytest.mark.parametrize("source", SPECS, ids=lambda source: Path(source).stem)
def test_every_read_of_every_face_is_declared(source):
    spec = specs.load(source)
    missed = {key: found for key, art in expand(spec)[1].items() if (found := undeclared(spec, art))}
    assert missed == {}


THEMED = [(game, theme) for game in GAMES for theme in ("okabe-ito", "high-contrast")]


@pytest.mark.parametrize("game, theme", THEMED)
def test_every_read_of_every_face_of_a_themed_game_is_declared(game, theme):
    """A theme's colour words and line styles: read by the hex tiles, the legend and the reference cards."""
    spec = specs.load(game, theme=theme)
    assert {key: found for key, art in expand(spec)[1].items() if (found := undeclared(spec, art))} == {}


@pytest.mark.parametrize("diagram", ["take-forms", "form-row", "scoring-example"])
def test_a_reference_card_reads_what_its_diagram_maker_declares(diagram):
    spec = specs.load("grannys-pills", [f"components.reference.diagram={diagram}"])
    card = next(art for art in expand(spec)[1].values() if art.component == "reference" and art.side == "front")
    assert undeclared(spec, card) == []
    assert "spec" not in declared(spec, card), "each of Granny's Pills' makers declares what it reads"


def rebuilt(source, folder, overrides=(), change=None) -> tuple:
    """(the keys of the faces made again, drawn or recoloured, the first build's PDF, the rebuild's, the spec rebuilt):
    source built through a face cache, then change() made to its files, then source with overrides built over the kept
    faces; the rebuild equals a fresh build."""
    from generator.build import components_pdf, output_path
    from generator.facecache import FaceCache
    before = specs.load(source)
    first = FaceCache(output_path(folder, before, "a4"))
    old = components_pdf(before, "a4", faces=first)[0]
    first.save()
    if change is not None:
        change()
    after = specs.load(source, overrides)
    again = FaceCache(output_path(folder, after, "a4"))
    new = components_pdf(after, "a4", faces=again)[0]
    again.save()
    assert new == components_pdf(after, "a4")[0], "the rebuild over kept faces is a fresh build's"
    return sorted([*again.drawn, *again.recoloured]), old, new, after


def fronts(spec, component, where=lambda props: True) -> list:
    """The keys of a component's fronts whose properties pass where."""
    return sorted(key for key, art in expand(spec)[1].items()
                  if art.component == component and art.side == "front" and where(art.props))


def test_an_unchanged_rebuild_makes_no_face_again_not_even_one_set_in_the_designers_font(tmp_path):
    """A face's declared file is kept with its content's digest: ember-deck's fronts read its font file, and are kept."""
    drawn, old, new, _ = rebuilt(str(ROOT / "examples/ember-deck/ember-deck.yaml"), tmp_path)
    assert drawn == [] and new == old


def test_a_colour_changed_recolours_the_faces_that_paint_it(tmp_path):
    drawn, old, new, after = rebuilt("grannys-pills", tmp_path, ["palette.blue=#2a9d8f"])
    blue = fronts(after, "pill", lambda props: props["colour"] == "blue")
    assert blue and set(blue) <= set(drawn) and not (set(fronts(after, "pill")) - set(blue)) & set(drawn) and new != old


def test_a_name_the_palette_gains_is_read_by_the_faces_that_name_it(tmp_path):
    """The tiles' ink is black by default: the palette now says what black is."""
    from test_cache import tiles_spec
    path = str(tiles_spec(tmp_path / "spec"))
    drawn, old, new, after = rebuilt(path, tmp_path / "out", ["palette.black=#3a2f2a"])
    assert drawn == fronts(after, "tile") and new != old


def test_a_template_file_changed_redraws_the_faces_that_show_it(tmp_path):
    from test_cache import CIRCLE, tiles_spec
    path = tiles_spec(tmp_path / "spec")
    drawn, old, new, after = rebuilt(str(path), tmp_path / "out",
                                     change=lambda: (tmp_path / "spec" / "templates" / "circle.svg").write_text(CIRCLE.format(30)))
    assert drawn == fronts(after, "tile", lambda props: props["shape"] == "circle") and new != old


def test_another_component_a_face_reads_changed_redraws_it(tmp_path):
    """A prescription shows each colour with the mark the pill tiles give it (pattern-tile's marks_from): the pills'
    marks swapped, every prescription is drawn again, though its own properties are unchanged."""
    drawn, old, new, after = rebuilt("grannys-pills", tmp_path, ["components.pill.marks.red=mark-cross",
                                                                 "components.pill.marks.green=mark-heart"])
    assert set(fronts(after, "prescription")) <= set(drawn) and new != old


def ember_copy(folder) -> str:
    """The ember-deck example copied into folder: its spec's path."""
    import shutil
    shutil.copytree(ROOT / "examples/ember-deck", folder)
    return str(folder / "ember-deck.yaml")


def test_a_designers_image_changed_redraws_the_faces_that_place_it(tmp_path):
    from PIL import Image
    path = ember_copy(tmp_path / "deck")
    drawn, old, new, after = rebuilt(path, tmp_path / "out", change=lambda: Image.new("RGB", (40, 20), (40, 90, 160)).save(
        tmp_path / "deck" / "art" / "hills.png"))
    assert drawn == fronts(after, "cards") and new != old, "every front places it; the back does not"


def test_a_designers_font_changed_redraws_the_faces_set_in_it(tmp_path):
    import shutil
    from generator.draw import typeface
    path = ember_copy(tmp_path / "deck")
    drawn, old, new, after = rebuilt(path, tmp_path / "out", change=lambda: shutil.copy(
        typeface.FONTS / "VeraBd.ttf", tmp_path / "deck" / "fonts" / "DejaVuSerif-Latin.ttf"))
    assert drawn == fronts(after, "cards") and new != old, "every front's title is set in it; the back is not"


def test_a_spec_field_a_face_reads_changed_redraws_it(tmp_path):
    """HexStatic's line key names each line by its colour's word (spec.colour_names): renamed, the key is drawn again."""
    drawn, old, new, after = rebuilt("hexstatic", tmp_path, ["colour_names.red=scarlet"])
    assert fronts(after, "legend") and set(fronts(after, "legend")) <= set(drawn) and new != old


def test_a_face_with_inline_pictures_an_outline_and_a_ready_made_layout_declares_what_it_reads(tmp_path):
    from PIL import Image
    (tmp_path / "art").mkdir()
    Image.new("RGB", (20, 10), (200, 30, 40)).save(tmp_path / "art" / "gem.png")
    (tmp_path / "cards.csv").write_text('title,art,rules\nSun,art/gem.png,"Gain :gem: and :big: :round:"\n')
    (tmp_path / "mine.yaml").write_text("extends: builtin:poker\nelements:\n"
                                        "  title: {outline: {colour: gold, width: 0.4 mm}}\n")
    (tmp_path / "game.yaml").write_text(
        "game: {title: Reads, designer: Tester}\npalette: {gold: '#f2c14e'}\n"
        "inline: {gem: {file: art/gem.png, size: 1.4 em}, big: {icon: square, size: 2 em}}\n"
        "components:\n  cards: {kind: layout, expect: 1, width: 2.5 in, height: 3.5 in, layout: mine.yaml, "
        "data: cards.csv}\n")
    spec = specs.load(str(tmp_path / "game.yaml"))
    arts = expand(spec)[1]
    assert {key: found for key, art in arts.items() if (found := undeclared(spec, art))} == {}
    front = next(art for art in arts.values() if art.side == "front")
    assert f"file:{tmp_path / 'art' / 'gem.png'}" in declared(spec, front) and "colour:gold" in declared(spec, front)
