"""The face cache's recolouring: faces that differ only in colour are drawn once and recoloured, to the same bytes."""
import json

import pytest

from generator.build import components_pdf, output_path
from generator.components import KINDS, tile
from generator.draw import svg
from generator.facecache import SENTINELS, FaceCache, Recolour
from generator.spec import loader as specs

COLOURS = ["red", "blue", "#123456", "#AbCdEf", "black", "#000000", "white", "#ffffff", "ink", "gold", "#0a0b0c", "#f4f3f2"]
TILES = """\
game: {{title: Recoloured, designer: Test}}
palette: {{red: "#d7261e", blue: "#1f6fd0", ink: "#222222", gold: "#d4a017"}}
components:
  tile:
    kind: square-tile
    expect: {count}
    size: 20 mm
    ink: ink
    marks: {{red: mark-heart, gold: mark-star}}
    faces:
      product:
        colour: {colours}
        shape: [circle, square, flower-round-5]
"""


def deck(folder, colours=COLOURS):
    """A tile spec: each colour (palette names, hex, the ink's, the ground's, the sentinels) in three shapes."""
    folder.mkdir(exist_ok=True)
    (folder / "tiles.yaml").write_text(TILES.format(count=3 * len(colours), colours=json.dumps(colours)))
    return specs.load(str(folder / "tiles.yaml"))


def counted(monkeypatch, kind, render=None, recolour="colour"):
    """Replace KINDS[kind] by itself with render (its own by default), counting the calls; the list of calls."""
    calls, own = [], render or KINDS[kind].render

    def counting(spec, component, props):
        calls.append(props["colour"])
        return own(spec, component, props)
    monkeypatch.setitem(KINDS._loaded, kind, KINDS[kind]._replace(render=counting, recolour=recolour))
    return calls


def built(spec, folder):
    """(PDF bytes, {artwork: its entry as the next build reads it}) of spec built through a FaceCache."""
    from generator.spec.expand import expand
    faces = FaceCache(output_path(folder, spec, "a4"))
    data = components_pdf(spec, "a4", faces=faces)[0]
    faces.save()
    kept = FaceCache(output_path(folder, spec, "a4"))
    return data, {key: kept.entries.get(kept._key(spec, art)[0]) for key, art in expand(spec)[1].items()}


def test_faces_differing_only_in_colour_are_drawn_once_and_recoloured_to_the_bytes_drawing_gives(tmp_path, monkeypatch):
    spec = deck(tmp_path / "spec")
    calls = counted(monkeypatch, "square-tile")
    data, entries = built(spec, tmp_path / "recoloured")
    drawn = [c for c in calls if c not in SENTINELS]
    assert len(calls) - len(drawn) == 2 * 3 * 3, "each shape drawn in the two sentinels: unmarked, with a heart, a star"
    # drawn: only the colours the face sets already (black, the colour before any is set; white, the ground's; the ink's)
    assert sorted(drawn) == sorted(["#000000", "#ffffff", "black", "ink", "white"] * 3)
    fresh = components_pdf(spec, "a4")[0]
    assert data == fresh, "recoloured faces give the bytes that drawing every face gives"
    monkeypatch.setattr(Recolour, "make", classmethod(lambda cls, spec, art, field: None))  # every face drawn
    data, drawn_entries = built(spec, tmp_path / "drawn")
    assert data == fresh and entries == drawn_entries, "each kept face records what drawing it would have read"


def lighter(spec, component, props):
    """A tile with a ring in a lighter shade of its colour: the drawing depends on more than the colour given."""
    dwg = tile.render(spec, component, props)
    value = spec.colour(props["colour"]).lstrip("#")
    shade = "#" + "".join(f"{(int(value[i:i + 2], 16) + 255) // 2:02x}" for i in (0, 2, 4))
    dwg.add(dwg.circle((10, 10), 8, fill="none", stroke=shade, stroke_width=1))
    return dwg


def contrasting(spec, component, props):
    """A tile whose border is white on a dark colour, black on a light one: a choice made from the colour."""
    dwg = tile.render(spec, component, props)
    dark = int(spec.colour(props["colour"]).lstrip("#")[:2], 16) < 128
    dwg.add(dwg.rect((1, 1), (18, 18), fill="none", stroke="#ffffff" if dark else "#000000", stroke_width=0.5))
    return dwg


def sans_colour(spec, component, props):
    """A tile that never reads its colour (a plain one)."""
    return tile.render(spec, component, {**props, "colour": "#808080"})


@pytest.mark.parametrize("render", [lighter, contrasting, sans_colour])
def test_a_kind_whose_drawing_depends_on_more_than_the_colour_given_is_drawn_face_by_face(tmp_path, monkeypatch, render):
    spec = deck(tmp_path / "spec", ["red", "blue", "#123456", "#fedcba"])
    calls = counted(monkeypatch, "square-tile", render)
    data, _ = built(spec, tmp_path / "out")
    assert len([c for c in calls if c not in SENTINELS]) == 4 * 3, "every face drawn"
    assert data == components_pdf(spec, "a4")[0]


def test_only_a_colour_set_as_a_whole_operator_is_recoloured(tmp_path, monkeypatch):
    """The colour in a see-through group's operators (a form of its own) is not recoloured: those faces are drawn."""
    def faded(spec, component, props):
        dwg = tile.render(spec, component, props)
        dwg.add(svg.part(dwg.circle((10, 10), 4, fill=spec.colour(props["colour"]), opacity=0.5), "spot"))
        return dwg
    spec = deck(tmp_path / "spec", ["red", "blue", "#123456"])
    calls = counted(monkeypatch, "square-tile", faded)
    data, _ = built(spec, tmp_path / "out")
    assert len([c for c in calls if c not in SENTINELS]) == 3 * 3
    assert data == components_pdf(spec, "a4")[0]


def test_a_face_colour_the_renderer_also_reads_as_another_colour_is_kept_with_what_it_read_once(tmp_path, monkeypatch):
    def reading_gold(spec, component, props):
        spec.colour("gold")  # read, not painted
        return tile.render(spec, component, props)
    spec = deck(tmp_path / "spec", ["gold", "blue"])
    calls = counted(monkeypatch, "square-tile", reading_gold)
    data, entries = built(spec, tmp_path / "recoloured")
    assert [c for c in calls if c not in SENTINELS] == []
    monkeypatch.setattr(Recolour, "make", classmethod(lambda cls, spec, art, field: None))  # every face drawn
    assert built(spec, tmp_path / "drawn") == (data, entries) and data == components_pdf(spec, "a4")[0]
    kept = FaceCache(output_path(tmp_path / "recoloured", spec, "a4")).path.read_text()
    assert kept.count('"colour:gold"') == len(entries) == 6, "once in each gold face's entry, once in each shape's block"


def test_a_face_is_kept_under_a_key_that_changes_with_each_thing_it_is_drawn_from(tmp_path, monkeypatch):
    from generator import cache
    from generator.spec.expand import expand
    spec = deck(tmp_path / "spec", ["red", "blue"])
    art = next(a for a in expand(spec)[1].values() if a.props["colour"] == "red" and a.props["shape"] == "circle")

    def key(spec=spec, art=art):
        return FaceCache(tmp_path / "out" / "x.pdf")._key(spec, art)[0]
    first = key()
    assert key() == first, "the same face, the same key in the next build"
    changed = {
        "a prop's value": key(art=art._replace(props={**art.props, "colour": "blue"})),
        "a prop added": key(art=art._replace(props={**art.props, "size": 1})),
        "a prop of 1.0, not 1": key(art=art._replace(props={**art.props, "size": 1.0})),
        "a prop of True, not 1": key(art=art._replace(props={**art.props, "size": True})),
        "the side": key(art=art._replace(side="back")),
        "the component's settings": key(spec=specs.load(str(tmp_path / "spec" / "tiles.yaml"), ["components.tile.size=21 mm"])),
        "the component's id": key(art=art._replace(component="other"), spec=spec._replace(
            components=(spec.components[0]._replace(id="other"),))),
    }
    monkeypatch.setattr(cache, "code", lambda: "other code")
    changed["the code"] = key()
    assert all(changed.values()) and first not in changed.values(), changed
    assert len(set(changed.values())) == len(changed), "each change gives a key of its own"


def test_faces_share_a_recolour_group_when_they_differ_only_in_colour(tmp_path):
    from generator.spec.expand import expand
    spec = deck(tmp_path / "spec", ["red", "blue", "#123456"])
    faces = FaceCache(tmp_path / "out" / "x.pdf")
    groups = {(a.props["colour"], a.props["shape"]): faces._key(spec, a)[1] for a in expand(spec)[1].values()
              if a.side == "front"}
    assert groups["blue", "circle"] == groups["#123456", "circle"] != groups["blue", "square"]
    assert groups["red", "circle"] not in (groups["blue", "circle"], None), "red brings its mark: a drawing of its own"
    art = expand(spec)[1]["tile-1"]
    assert FaceCache(tmp_path / "x.pdf")._key(spec, art._replace(side="back"))[1] is None, "a back is never recoloured"
    assert FaceCache(tmp_path / "x.pdf")._key(spec, art._replace(props={"colour": 5, "shape": "circle"}))[1] is None


def test_a_colour_named_with_quotes_a_backslash_and_an_accent_is_kept_and_found_again(tmp_path, monkeypatch):
    name = 'gold "leaf" \\ é'
    folder = tmp_path / "spec"
    folder.mkdir()
    text = TILES.format(count=6, colours=json.dumps([name, "blue"]))
    (folder / "tiles.yaml").write_text(text.replace('gold: "#d4a017"', f'gold: "#d4a017", {json.dumps(name)}: "#8a5cf6"'))
    spec = specs.load(str(folder / "tiles.yaml"))
    data, entries = built(spec, tmp_path / "out")
    assert sum(f"colour:{name}" in entry["used"] for entry in entries.values()) == 3, "each shape of that colour kept"
    calls = counted(monkeypatch, "square-tile")
    again = FaceCache(output_path(tmp_path / "out", spec, "a4"))
    rebuilt = components_pdf(spec, "a4", faces=again)[0]
    assert calls == [] and again.drawn == [], "every face found in the kept file"
    assert rebuilt == data == components_pdf(spec, "a4")[0]
    calls.clear()
    letter = FaceCache(output_path(tmp_path / "out", spec, "letter"), [again.path])   # as one run's two papers share
    components_pdf(spec, "letter", faces=letter)
    assert calls == [] and letter.drawn == [], "the letter build takes every face from the A4 build's file"


def test_the_faces_of_a_recolour_group_are_kept_as_one_block_holding_its_operators_once(tmp_path):
    spec = deck(tmp_path / "spec", ["blue", "#123456", "#fedcba", "#2a9d8f"])
    faces = FaceCache(output_path(tmp_path / "out", spec, "a4"))
    components_pdf(spec, "a4", faces=faces)
    faces.save()
    text = faces.path.read_text()
    kept = json.loads(text)
    assert list(kept) == ["recoloured"] and len(kept["recoloured"]) == 3, "one block per shape, no face by itself"
    assert text.count("15 15 70 70 re B") == 1, "the square's operators written once, not once per colour"
    assert all(sorted(block["faces"]) == sorted(["blue", "#123456", "#fedcba", "#2a9d8f"])
               for block in kept["recoloured"].values())
    assert faces.count() == 12


def test_a_colour_changed_in_a_kept_build_recolours_exactly_its_faces_and_the_rest_come_from_the_blocks(tmp_path,
                                                                                                       monkeypatch):
    from generator.spec.expand import expand
    colours = ["blue", "#123456", "red", "ink"]   # red brings its mark (groups of its own), ink is drawn
    spec = deck(tmp_path / "spec", colours)
    first, _ = built(spec, tmp_path / "out")
    calls = counted(monkeypatch, "square-tile")
    changed = specs.load(str(tmp_path / "spec" / "tiles.yaml"), ["palette.blue=#2a9d8f"])
    faces = FaceCache(output_path(tmp_path / "out", changed, "a4"))
    rebuilt = components_pdf(changed, "a4", faces=faces)[0]
    faces.save()
    blue = sorted(key for key, art in expand(changed)[1].items() if art.props["colour"] == "blue")
    assert sorted(faces.drawn) == blue and len(blue) == 3, "only the blue faces made again"
    assert sorted(calls) == sorted(SENTINELS * 3), "...recoloured: their shapes drawn in the sentinels, no face drawn"
    assert rebuilt == components_pdf(changed, "a4")[0] != first
    calls.clear()
    again = FaceCache(output_path(tmp_path / "out", changed, "a4"))
    assert components_pdf(changed, "a4", faces=again)[0] == rebuilt and again.drawn == calls == []
    assert again.count() == 12, "every face kept again, from the blocks and the faces kept by themselves"
