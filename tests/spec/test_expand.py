"""Expanding a spec into pieces and artworks: faces numbered in order, a repeated face placed again, not drawn again."""
import json
from types import SimpleNamespace

from generator.digests import keyed as exact
from generator.spec import expand as expanding
from generator.spec import loader as specs

SPEC = """\
game: {{title: Expanded, designer: Test}}
palette: {{red: "#d7261e", blue: "#1f6fd0"}}
components:
  tile:
    kind: square-tile
    expect: {count}
    size: 20 mm
    marks: {{red: mark-heart}}
    faces:
      product:
        colour: {colours}
        shape: [circle, square]
      copies: 2
"""


def load(folder, colours):
    """A tile spec: each colour in two shapes, two copies of each face."""
    folder.mkdir(exist_ok=True)
    (folder / "tiles.yaml").write_text(SPEC.format(count=4 * len(colours), colours=json.dumps(colours)))
    return specs.load(str(folder / "tiles.yaml"))


def fronts(pieces, arts):
    """(colour, shape, mark) of each piece's front, in order."""
    return [(arts[p.front].props["colour"], arts[p.front].props["shape"], arts[p.front].props.get("mark")) for p in pieces]


def test_a_colour_listed_twice_places_its_faces_again_under_their_first_keys(tmp_path):
    pieces, arts = expanding._expand(load(tmp_path, ["red", "blue", "red"]))
    assert [p.front for p in pieces] == ["tile-1", "tile-1", "tile-2", "tile-2", "tile-3", "tile-3", "tile-4", "tile-4",
                                         "tile-1", "tile-1", "tile-2", "tile-2"]
    assert [p.index for p in pieces] == list(range(12))
    assert sorted(arts) == ["tile-1", "tile-2", "tile-3", "tile-4"]
    assert fronts(pieces, arts)[:4] == [("red", "circle", "mark-heart")] * 2 + [("red", "square", "mark-heart")] * 2


def test_a_product_of_distinct_values_is_numbered_without_a_digest_per_face_as_the_digests_number_it(tmp_path, monkeypatch):
    spec = load(tmp_path, ["red", "blue", "#123456"])
    digests = []

    def keyed(data):
        digests.append(data)
        return exact(data)
    monkeypatch.setattr(expanding, "digests", SimpleNamespace(keyed=keyed))
    pieces, arts = expanding._expand(spec)
    assert digests == [], "every face differs: none is digested to find it again"
    monkeypatch.setattr(expanding, "_distinct", lambda source: False)
    assert expanding._expand(spec) == (pieces, arts), "the same pieces and artworks as telling faces apart by digest"
    assert len(digests) == 6
    assert [p.front for p in pieces][:4] == ["tile-1", "tile-1", "tile-2", "tile-2"]
    assert fronts(pieces, arts)[-1] == ("#123456", "square", None)
    assert all(type(a.props).__name__ == "mappingproxy" for a in arts.values()), "no artwork's properties can change"
