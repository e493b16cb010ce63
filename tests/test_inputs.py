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
