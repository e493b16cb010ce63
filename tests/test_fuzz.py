"""Fuzzing with hypothesis: random YAML text, random structures and random --set values on the shipped specs, and
random theme, position and template files, never let anything but the project's own UserError escape the loader, the validator
or the renderers.

The default run tries a few thousand inputs in a few seconds; `pytest -m fuzz` runs a long campaign."""
import os
import re
import zlib

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.spec import loader as specs
from generator.spec import yamlsource
from generator.errors import UserError
from generator.spec.expand import expand
from generator.draw.render import draw_art
from generator.check.validate import validate

SHIPPED = specs.shipped()
TEXTS = {p: p.read_text(encoding="utf-8") for p in SHIPPED}
LONG = int(os.environ.get("PNP_FUZZ_EXAMPLES", "5000"))
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
QUICK = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)


def exercise(spec):
    """Everything after loading that reads spec values: validation, then one front and the back of every component."""
    validate(spec)
    _, arts = expand(spec)
    seen = set()
    for art in arts.values():
        if (art.component, art.side) not in seen:
            seen.add((art.component, art.side))
            draw_art(spec, art)


def survive(path, text=None, data=None, overrides=(), deep=True):
    """Load a spec (from text, from data dumped to YAML, or from its file with --set overrides) and, when deep,
    validate it and render its artworks; return "ok" or "rejected". Anything but a UserError escapes (a crash)."""
    try:
        if text is None and data is None:
            spec = specs.load(str(path), overrides)
        else:
            if data is not None:
                text = yaml.dump(data, Dumper=DUMPER, allow_unicode=True)
            spec = specs.build(path, *yamlsource.load(path, text))
        if deep:
            exercise(spec)
        return "ok"
    except UserError as exc:
        assert str(exc).strip(), "an error message says something"
        return "rejected"


PIECES = st.sampled_from(list("abc:-[]{}#&*!|>'\"%@`,?\t\n 0123456789.e+_~\\") + ["\n  ", ": ", "- ", "!!", "<<: *a", "\u00e9"])


def yamlish(max_size):
    """Text made of YAML punctuation, indentation and a few letters and digits."""
    return st.lists(PIECES, max_size=max_size).map("".join)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["25 mm", "0 mm", "-1mm", "1e9 mm", "red", "#12345g",
                                                           "#ffffff", "tiles", "cards", "board", "default-set"]))
STRUCTURES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(
        ["kind", "size", "faces", "expect", "list", "product", "copies", "count", "generator", "seed", "lines",
         "cards", "lines_from", "rows", "cols", "width", "height", "back", "fill"])), inner, max_size=4)), max_leaves=20)


def leaf_paths(node, here=()):
    """Every key path in raw spec data (mappings and lists), leaves and branches."""
    yield here
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield from leaf_paths(value, here + (key,))


RAW = {p: yamlsource.load(p)[0] for p in SHIPPED}
PATHS = sorted({(p, kp) for p in SHIPPED for kp in leaf_paths(RAW[p]) if kp}, key=repr)


def replaced(data, key_path, value):
    """A deep copy of data with the value at key_path replaced (or deleted when value is the DELETE marker)."""
    import copy
    data = copy.deepcopy(data)
    node = data
    for part in key_path[:-1]:
        node = node[part]
    if value is DELETE:
        del node[key_path[-1]]
    else:
        node[key_path[-1]] = value
    return data


DELETE = object()


@st.composite
def spliced(draw):
    """A shipped spec's text with a random snippet spliced in, replacing a random stretch."""
    path = draw(st.sampled_from(SHIPPED))
    text = TEXTS[path]
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 40)))
    return path, text[:start] + draw(yamlish(12)) + text[end:]


@st.composite
def restructured(draw):
    """A shipped spec's data with one value replaced by a random structure, or deleted."""
    path, key_path = draw(st.sampled_from(PATHS))
    value = draw(st.one_of(STRUCTURES, st.just(DELETE)))
    return path, replaced(RAW[path], key_path, value)


@st.composite
def assignment(draw):
    """A --set KEY=VALUE on a shipped spec: a real key path (maybe extended or mangled) and a random value."""
    path, key_path = draw(st.sampled_from(PATHS))
    parts = [str(p) for p in key_path] + draw(st.lists(st.sampled_from(["x", "0", "size", "list", "-1", ""]), max_size=2))
    value = draw(st.one_of(yamlish(10), SCALARS.map(str), STRUCTURES.map(
        lambda v: yaml.safe_dump(v, default_flow_style=True).strip()), st.sampled_from(HOSTILE_VALUES)))
    return path, f"{'.'.join(parts)}={value}"


HOSTILE_VALUES = ["[" * 5000 + "]" * 5000, "{a: " * 300 + "1" + "}" * 300, "\udcff", "x\x00y", "{1: 2, 3: [4]}",
                  "&a [*a]", "1e999", "-0", "!!python/object:os.system x", "'" + "z" * 20_000 + "'"]


def run(strategy, check, examples):
    """Run check over examples drawn from strategy; return the tally of accepted and rejected inputs."""
    tally = {"ok": 0, "rejected": 0}

    @settings(max_examples=examples, **QUICK)
    @given(strategy)
    def inner(case):
        tally[check(case)] += 1
    inner()
    print(f"{sum(tally.values())} inputs: {tally['ok']} accepted, {tally['rejected']} rejected cleanly, 0 crashes")
    return tally


FAST = [p for p in SHIPPED if p.stem in ("grannys-pills", "posies")]  # games whose checks run in milliseconds


def test_random_text_never_crashes_the_loader():
    run(yamlish(60).map(lambda t: (SHIPPED[0], t)), lambda c: survive(c[0], text=c[1]), 800)


def test_random_structures_never_crash_the_loader():
    run(STRUCTURES.map(lambda d: (SHIPPED[0], d)), lambda c: survive(c[0], data=c[1]), 400)


def test_spliced_shipped_specs_never_crash_the_loader():
    tally = run(spliced(), lambda c: survive(c[0], text=c[1], deep=False), 400)
    assert tally["ok"] and tally["rejected"]


def test_restructured_shipped_specs_never_crash_the_loader():
    tally = run(restructured(), lambda c: survive(c[0], data=c[1], deep=False), 300)
    assert tally["ok"] and tally["rejected"]


def test_random_set_values_never_crash_the_loader():
    tally = run(assignment(), lambda c: survive(c[0], overrides=[c[1]], deep=False), 300)
    assert tally["ok"] and tally["rejected"]


def test_broken_specs_that_load_never_crash_validate_or_render():
    cases = st.one_of(restructured(), assignment()).filter(lambda c: c[0] in FAST)
    check = lambda c: survive(c[0], data=c[1]) if isinstance(c[1], dict) else survive(c[0], overrides=[c[1]])  # noqa: E731
    tally = run(cases, check, 100)
    assert tally["ok"] and tally["rejected"]


@pytest.mark.fuzz
@pytest.mark.parametrize("how", ["text", "data", "set"])
def test_long_fuzz_campaign(how):
    """The long run, every game, validate and render included: pytest -m fuzz (PNP_FUZZ_EXAMPLES inputs each)."""
    strategy, check = {
        "text": (spliced(), lambda c: survive(c[0], text=c[1])),
        "data": (restructured(), lambda c: survive(c[0], data=c[1])),
        "set": (assignment(), lambda c: survive(c[0], overrides=[c[1]])),
    }[how]
    run(strategy, check, LONG)


THEMES = sorted((specs.SPECS.parent / "themes").glob("*.yaml"))
THEME_RAW = {p: yamlsource.load(p)[0] for p in THEMES}
THEME_PATHS = sorted({(p, kp) for p in THEMES for kp in leaf_paths(THEME_RAW[p]) if kp}, key=repr)
POSITIONS = sorted((specs.SPECS / "positions").glob("*.yaml"))
POSITION_TEXTS = {p: p.read_text(encoding="utf-8") for p in POSITIONS}


def written(text):
    """A temporary .yaml file holding text (the caller removes it)."""
    import tempfile
    handle = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8", errors="surrogatepass")
    with handle:
        handle.write(text)
    return handle.name


def survive_file(load, text):
    """Write text to a file and load it; return "ok" or "rejected". Anything but a UserError escapes (a crash)."""
    path = written(text)
    try:
        load(path)
        return "ok"
    except UserError as exc:
        assert str(exc).strip() and "Traceback" not in str(exc)
        return "rejected"
    finally:
        os.unlink(path)


@st.composite
def theme_text(draw):
    """A shipped theme with one value replaced by a random structure or deleted, or its text with a snippet spliced in."""
    path, key_path = draw(st.sampled_from(THEME_PATHS))
    if draw(st.booleans()):
        return yaml.dump(replaced(THEME_RAW[path], key_path, draw(st.one_of(STRUCTURES, st.just(DELETE)))), Dumper=DUMPER)
    text = path.read_text(encoding="utf-8")
    start = draw(st.integers(0, len(text)))
    return text[:start] + draw(yamlish(12)) + text[start + draw(st.integers(0, 30)):]


def themed(path):
    """Lay a theme file over two shipped games and check them (the theme reaches palettes, lines and fonts)."""
    for game in ("grannys-pills", "hexstatic"):
        validate(specs.load(game, theme=path))


def test_random_theme_files_never_crash():
    tally = run(theme_text(), lambda text: survive_file(themed, text), 150)
    assert tally["ok"] and tally["rejected"]


@st.composite
def position_text(draw):
    """A shipped Glorieta position with a snippet spliced in, or random structure under its keys."""
    path = draw(st.sampled_from(POSITIONS))
    if draw(st.booleans()):
        data = {"stones": draw(st.dictionaries(st.sampled_from(["black", "yellow", "pink", "red"]), STRUCTURES, max_size=3))}
        if draw(st.booleans()):
            data["ring"] = draw(STRUCTURES)
        return yaml.dump(data, Dumper=DUMPER)
    text = POSITION_TEXTS[path]
    start = draw(st.integers(0, len(text)))
    return text[:start] + draw(yamlish(12)) + text[start + draw(st.integers(0, 30)):]


def test_random_position_files_never_crash():
    from generator.games.glorieta import rules as glorieta
    tally = run(position_text(), lambda text: survive_file(lambda p: glorieta.describe(glorieta.load_position(p)), text), 300)
    assert tally["ok"] and tally["rejected"]


ATTRIBUTE_VALUES = st.one_of(st.sampled_from(["0", "50", "-1", "1e400", "nan", "inf", "1e308", "10px", "1mm", "", " ",
                                              "#zzzzzz", "#abc", "red", "currentColor", "ink", "none", "url(#a)",
                                              "translate()", "matrix(1)", "rotate(inf)", "scale(0)", "rotate(45 50 50)",
                                              "M 10 10 L 20", "M 0 0 A 1e400 1 0 0 1 9 9", "M0,0 h50 v50 z",
                                              "fill:red;stroke:ink", "fill", "display:none", "0 0 100 100", "0 0 0 0"]),
                             st.text(max_size=8))
ATTRIBUTES = st.dictionaries(st.sampled_from(["cx", "cy", "r", "x", "y", "width", "height", "d", "points", "fill", "stroke",
                                              "stroke-width", "transform", "style", "opacity", "viewBox", "href", "onload"]),
                             ATTRIBUTE_VALUES, max_size=4)
ELEMENTS = st.recursive(
    st.tuples(st.sampled_from(["circle", "rect", "path", "ellipse", "line", "polygon", "text", "image", "defs"]), ATTRIBUTES,
              st.just(())),
    lambda inner: st.tuples(st.sampled_from(["g", "svg", "metadata"]), ATTRIBUTES, st.lists(inner, max_size=3)),
    max_leaves=6)


def svg_text(node):
    """An element tree as SVG text."""
    tag, attributes, children = node
    attrs = "".join(f' {key}="{value.replace("&", "&amp;").replace(chr(34), "&quot;").replace("<", "&lt;")}"'
                    for key, value in attributes.items())
    return f"<{tag}{attrs}>{''.join(map(svg_text, children))}</{tag}>"


TILE_SPEC = ("game: {title: T, designer: Me}\npalette: {red: '#d7261e'}\ncomponents:\n  tile:\n    kind: square-tile\n"
             "    expect: 1\n    size: 25 mm\n    faces: {list: [{colour: red, shape: art}]}\n")


def drawn_template(node):
    """Build a one-tile spec whose template is the random element tree; "ok" or "rejected" (a crash escapes)."""
    import tempfile
    from pathlib import Path
    from generator.build import components_pdf
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "templates").mkdir()
        text = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' + svg_text(node) + "</svg>"
        (Path(folder) / "templates" / "art.svg").write_text(text, encoding="utf-8", errors="surrogatepass")
        (Path(folder) / "t.yaml").write_text(TILE_SPEC, encoding="utf-8")
        try:
            spec = specs.load(str(Path(folder) / "t.yaml"))
            validate(spec)
            data, _ = components_pdf(spec, "a4")
        except UserError as exc:
            assert str(exc).strip()
            return "rejected"
        assert not any(re.search(rb"(?i)\b(inf|nan)\b", text) for text in inflated(data)), "a number that is not finite"
        return "ok"


def inflated(data):
    """The PDF's own bytes and each of its compressed streams inflated (no PDF library)."""
    yield data
    for found in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            yield zlib.decompress(found.group(1))
        except zlib.error:
            pass


def test_random_template_svgs_never_crash_and_write_only_finite_numbers():
    tally = run(ELEMENTS, drawn_template, 300)
    assert tally["ok"] and tally["rejected"]
