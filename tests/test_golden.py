"""One golden drawing per component kind: each kind's front and back, as SVG text and as a 60 dpi PNG, against tests/golden/<kind>/.

A changed drawing: run `python tests/golden/regenerate.py [KIND ...]`, look at the PNG diff, commit.
"""
import io
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.spec import loader as specs
from generator.components import KINDS
from generator.spec.expand import expand
from generator.output.formats.png import face_png
from generator.draw.render import draw_art

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
REGENERATE = "python tests/golden/regenerate.py"
DPI = 60
CHANGED = 64          # a pixel has changed when a channel differs by more than this (of 255): anti-aliased edges differ less
SHARE = 0.001         # the share of pixels that may change (a rasteriser's edges); a 19 mm token's rim in red changes 2.6 %

# kind: (game id or spec path, component): a shipped game's component where one has the kind, else an example's
CASES = {
    "square-tile": ("grannys-pills", "pill"),
    "grid-board": ("grannys-pills", "board"),
    "player-board": ("grannys-pills", "player-board"),
    "pattern-tile": ("grannys-pills", "prescription"),
    "reference-card": ("grannys-pills", "reference"),
    "score-sheet": ("grannys-pills", "score-pad"),
    "lattice-board": ("posies", "board"),
    "token": ("glorieta", "black-stones"),
    "symbol-card": ("paths-and-pahs", "cards"),
    "shift-board": ("paths-and-pahs", "board"),
    "layout-diagram": ("paths-and-pahs", "setup"),
    "standee": ("paths-and-pahs", "pawns"),
    "inventory-sheet": ("paths-and-pahs", "inventory"),
    "hex-tile": ("hexstatic", "tiles"),
    "line-legend": ("hexstatic", "legend"),
    "hex-board": ("glorieta", "board"),
    "word-card": ("pixeliction", "words"),
    "layout": ("examples/ember-deck/ember-deck.yaml", "cards"),
}


@cache
def load(source: str, overrides: tuple = ()):
    """A shipped game by id, or an example by its path from the checkout's root."""
    return specs.load(source if "/" not in source else ROOT / source, overrides)


def arts(spec, component: str) -> dict:
    """The component's first face and its back, if it prints one: {'front': Art, 'back': Art}."""
    own = [art for art in expand(spec)[1].values() if art.component == component]
    sides = {"front": next(a for a in own if a.side == "front")}
    backs = [a for a in own if a.side == "back"]
    return sides | ({"back": backs[0]} if backs else {})


def drawn(kind: str, overrides: tuple = ()) -> dict:
    """The golden files a kind's case makes now: {file name: bytes}."""
    source, component = CASES[kind]
    spec = load(source, overrides)
    found = spec.component(component).kind
    assert found == kind, f"CASES[{kind!r}] names {source}'s {component!r}, which is a {found}"
    files = {}
    for side, art in arts(spec, component).items():
        files[f"{side}.svg"] = (draw_art(spec, art).tostring().replace("><", ">\n<") + "\n").encode()  # a tag a line: a diff to read
        files[f"{side}.png"] = face_png(spec, art, DPI)
    return files


def write(kind: str) -> list:
    """Rewrite a kind's golden files from its case (and remove any it no longer makes); the paths written."""
    folder = GOLDEN / kind
    folder.mkdir(parents=True, exist_ok=True)
    files = drawn(kind)
    for stale in folder.iterdir():
        if stale.name not in files:
            stale.unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return [folder / name for name in files]


def changed_pixels(old: bytes, new: bytes) -> tuple:
    """(pixels changed, pixels in all) between two PNGs of one size; a size that differs changes them all."""
    a, b = (Image.open(io.BytesIO(data)).convert("RGB") for data in (old, new))
    total = a.width * a.height
    if a.size != b.size:
        return total, total
    delta = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(*delta[:2]), delta[2])
    return sum(worst.histogram()[CHANGED + 1:]), total


def differences(kind: str, files: dict) -> list:
    """What differs between a kind's golden files and the files given: one line each."""
    folder = GOLDEN / kind
    kept = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    lines = [f"{folder / name} is no longer drawn" for name in kept if name not in files]
    for name, data in files.items():
        golden = folder / name
        if not golden.exists():
            lines.append(f"{golden} is missing")
        elif name.endswith(".svg") and golden.read_bytes() != data:
            lines.append(f"{golden}: the SVG text differs")
        elif name.endswith(".png"):
            changed, total = changed_pixels(golden.read_bytes(), data)
            if changed > SHARE * total:
                lines.append(f"{golden}: {changed} of {total} pixels changed (at most {int(SHARE * total)} may)")
    return lines


@pytest.mark.parametrize("kind", list(KINDS))
def test_kind_draws_as_its_golden(kind, tmp_path):
    """Every kind in the registry draws its case's front and back as its golden SVG text and PNG (within a tolerance)."""
    if kind not in CASES:
        pytest.fail(f"kind {kind!r} has no golden drawing: add it to CASES in tests/test_golden.py (a spec and a "
                    f"component of that kind), run `{REGENERATE} {kind}`, look at tests/golden/{kind}/ and commit it")
    files = drawn(kind)
    found = differences(kind, files)
    if found:
        for name, data in files.items():
            (tmp_path / name).write_bytes(data)
        pytest.fail(f"{kind} draws differently from its golden:\n  " + "\n  ".join(found)
                    + f"\nnew drawing: {tmp_path}/ ({', '.join(files)})"
                    + f"\nif the change is meant: `{REGENERATE} {kind}`, look at the PNG diff, commit")


def test_every_golden_folder_is_a_kind():
    """No golden folder is left behind for a kind the registry no longer has."""
    stale = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir() and p.name != "__pycache__" and p.name not in KINDS)
    assert not stale, f"no such kind: remove {', '.join(f'tests/golden/{name}/' for name in stale)}"


def test_examples_only_for_kinds_no_game_uses():
    """A case comes from an example only where no shipped game has a component of its kind."""
    used = {comp.kind for path in specs.shipped() for comp in load(path.stem).components}
    borrowed = sorted(kind for kind, (source, _) in CASES.items() if "/" in source and kind in used)
    assert not borrowed, f"take {borrowed} from a shipped game that uses them, not from examples/"


def test_one_colour_changed_fails_both_comparisons():
    """A token whose rim is drawn in red instead of grey differs in its SVG text and, beyond the tolerance, in its pixels."""
    component = CASES["token"][1]
    found = differences("token", drawn("token", (f"components.{component}.ink=#d62728",)))
    assert any(line.endswith("front.svg: the SVG text differs") for line in found), found
    assert any("front.png" in line and "pixels changed" in line for line in found), found
