"""Kind options: each kind's required keys are reported where the spec leaves them out, its defaults filled in at load, and
a component's carried trim, bleed box and safe area match its pieces as rendered."""
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.spec import loader as specs
from generator.cli import cli
from generator.components import KINDS
from generator.components.kind import SAFE
from generator.errors import SpecError
from generator.spec.expand import expand
from generator.draw.render import draw_art
from pages import pdf_bytes, pdfium
from test_golden import CASES, ROOT, arts, load

PX = 8  # pixels per mm the faces are rendered at: a page is a whole number of pixels, so a measure is good to one, 0.125 mm


def source_path(source: str) -> Path:
    """A golden case's spec file: a shipped game by id, or an example by its path from the checkout's root."""
    return ROOT / source if "/" in source else next(p for p in specs.shipped() if p.stem == source)


def required_keys(kind_name: str, options) -> tuple:
    """The keys a kind requires given these (complete) options."""
    required = KINDS[kind_name].required
    return required(options) if callable(required) else required


def dropped_cases():
    """(kind, keys the spec leaves out, the key the error must name): every required key of every kind's golden case; a
    shift board sized by its cards, left without them, needs its cells' size."""
    found = []
    for kind_name, (source, cid) in CASES.items():
        options = load(source).component(cid).options
        found += [(kind_name, (key,), key) for key in required_keys(kind_name, options)]
        if "cards" in options and not required_keys(kind_name, options) and kind_name == "shift-board":
            found.append((kind_name, ("cards",), "cell_width"))
    return found


def test_every_kind_but_the_fully_defaulted_requires_something():
    needs_nothing = {kind_name for kind_name, (source, cid) in CASES.items()
                     if not required_keys(kind_name, load(source).component(cid).options)}
    assert set(CASES) == set(KINDS)
    assert needs_nothing == {"line-legend", "hex-tile", "shift-board"}   # shift-board: its cards give its cells
    assert {kind for kind, _, _ in dropped_cases()} == set(KINDS) - {"line-legend", "hex-tile"}


@pytest.mark.parametrize("kind_name, dropped, named", dropped_cases(), ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_a_missing_required_option_is_a_located_one_line_error(tmp_path, kind_name, dropped, named):
    source, cid = CASES[kind_name]
    original = source_path(source)
    folder = tmp_path / "game"
    shutil.copytree(original.parent, folder)   # its layouts, data and templates beside it, as in the checkout
    data = yaml.safe_load(original.read_text(encoding="utf-8"))
    for key in dropped:
        del data["components"][cid][key]
    path = folder / original.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index(f"  {cid}:") + 1
    message = f"{path}:{line}: components.{cid}: missing required key {named!r} for kind {kind_name}"
    with pytest.raises(SpecError) as caught:   # when the spec is loaded, not when a face is drawn
        specs.load(str(path))
    assert str(caught.value) == message
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert (result.exit_code, result.output) == (1, f"error: {message}\n")


@pytest.mark.parametrize("kind_name", sorted(kind for kind in CASES if KINDS[kind].defaults))
def test_defaults_are_filled_in_at_load(kind_name):
    source, cid = CASES[kind_name]
    given = yaml.safe_load(source_path(source).read_text(encoding="utf-8"))["components"][cid]
    options = load(source).component(cid).options
    left_out = [key for key in KINDS[kind_name].defaults if key not in given]
    assert left_out, f"the {kind_name} case gives every option: it shows no default"
    for key in left_out:
        default = KINDS[kind_name].defaults[key]
        assert options[key] == (default(options) if callable(default) else default), key


def test_a_missing_face_property_is_located_at_the_face(tmp_path):
    path = tmp_path / "tiles.yaml"
    path.write_text("game: {title: T, designer: D}\ncomponents:\n  tile:\n    kind: square-tile\n    size: 20 mm\n"
                    "    expect: 2\n    faces:\n      list:\n        - {colour: black, shape: circle}\n"
                    "        - {colour: black}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.output == f"error: {path}:10: components.tile.faces.list[1]: missing required key 'shape' for kind square-tile's faces\n"


def test_a_key_error_in_a_renderer_is_a_bug_not_a_spec_error(grannys, monkeypatch):
    def broken(spec, component, props):
        return {}["no-such-option"]
    monkeypatch.setitem(KINDS._loaded, "square-tile", KINDS["square-tile"]._replace(render=broken))
    art = next(art for art in expand(grannys)[1].values() if art.component == "pill" and art.side == "front")
    with pytest.raises(KeyError):
        draw_art(grannys, art)


@pytest.mark.parametrize("kind_name", sorted(CASES))
def test_carried_sizes_match_the_rendered_face(kind_name):
    source, cid = CASES[kind_name]
    spec = load(source)
    comp = spec.component(cid)
    for side, art in arts(spec, cid).items():
        drawing = draw_art(spec, art)   # sized by the kind's renderer from its options, not from the carried fields
        page = pdfium(pdf_bytes((drawing.width, drawing.height), drawing), PX)
        measured = page.width / PX, page.height / PX
        assert measured == pytest.approx(comp.bleed_box, abs=1 / PX), side
        trim = measured[0] - 2 * comp.bleed, measured[1] - 2 * comp.bleed
        assert comp.trim == pytest.approx(trim, abs=1 / PX)
        left, top, right, bottom = comp.safe
        assert (left, top) == (SAFE, SAFE)
        assert (right - left, bottom - top) == pytest.approx((trim[0] - 2 * SAFE, trim[1] - 2 * SAFE), abs=1 / PX)
