"""PyYAML as pnp loads it (spec/pyyaml.py): every pattern PyYAML compiles as it loads (the pure-Python reader's of
printable characters, the resolver's, the constructor's) is compiled when first used, and both loaders refuse what they
refused before."""
import os
import subprocess
import sys

LOADED = """
import re
from generator.spec import loader
loader.load("posies")
import yaml
shown = lambda pattern: type(pattern).__name__ + (" compiled" if getattr(pattern, "compiled", None) else "")
print(shown(yaml.reader.Reader.NON_PRINTABLE), yaml.__with_libyaml__)
print(sorted({shown(regexp) for resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.values()
              for _, regexp in resolvers}), shown(yaml.constructor.SafeConstructor.timestamp_regexp))
for loader in (yaml.CSafeLoader, yaml.SafeLoader):
    try:
        yaml.load("name: bell \\x07 here", Loader=loader)
    except yaml.reader.ReaderError as exc:
        print(loader.__name__, "refuses", hex(exc.character if isinstance(exc.character, int) else ord(exc.character)))
print(shown(yaml.reader.Reader.NON_PRINTABLE), yaml.load("a: [1, x]", Loader=yaml.SafeLoader))
scalars = ["1", "-2.5e+3", "0x1f", "0o17", "1:30", "yes", "No", "~", "null", "2024-01-02", "2001-12-14t21:59:43.10-05:00",
           "<<", "=", "!", ".inf", "+.5", "1_000", "text", ""]
print(all(bool(regexp.match(text)) == bool(re.compile(regexp.pattern, regexp.flags).match(text))
          for resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.values() for _, regexp in resolvers
          for text in scalars), yaml.load("[2024-01-02, 1:30, 0x1f, .inf, yes, ~]", Loader=yaml.CSafeLoader))
"""


def test_the_reader_pattern_is_compiled_only_when_the_pure_python_reader_reads(tmp_path):
    """A fresh process loading a spec with its memos emptied (as a cold pnp validate does) leaves the reader's pattern
    uncompiled, and of PyYAML's other patterns compiles only those its scalars asked for (the constructor's timestamp
    pattern, which no spec's value reaches, stays uncompiled); the C loader and the pure-Python one still refuse a
    control character, the latter compiling it then; each deferred pattern matches what re's own compiled pattern does."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}   # no parsed text kept: PyYAML is imported to parse it
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, check=True,
                         env=env).stdout.splitlines()
    assert out[0] == "Deferred True"
    assert out[1] == "['Deferred', 'Deferred compiled'] Deferred", "only the patterns a spec's scalars asked for compiled"
    assert out[2:4] == ["CSafeLoader refuses 0x7", "SafeLoader refuses 0x7"]
    assert out[4] == "Deferred compiled {'a': [1, 'x']}"
    assert out[5] == "True [datetime.date(2024, 1, 2), 90, 31, inf, True, None]"


def _deep(levels: int, flow: bool = False) -> str:
    """A mapping whose value nests collections levels deep in all: block sequences in sequences, or flow brackets."""
    if flow:
        return "a: " + "[" * (levels - 1) + "1" + "]" * (levels - 1) + "\n"
    return "a:\n" + "".join("  " * i + "-\n" for i in range(levels - 2)) + "  " * (levels - 2) + "- 1\n"


SHAPES = {
    "plain": "a: 1\nb: [x, y]\nc: {d: e}\n",
    "64 deep": _deep(64),
    "65 deep": _deep(65),
    "65 deep in brackets": _deep(65, flow=True),
    "65 deep, then a syntax error": _deep(65, flow=True) + "b: [unclosed\n",
    "a syntax error, then 65 deep": "b: [unclosed\n" + _deep(65, flow=True),
    "65 deep behind an undefined alias": "b: *nowhere\n" + _deep(65, flow=True),
    "a deep anchor, a shallow alias": "a: &x " + "[" * 60 + "1" + "]" * 60 + "\nb: *x\n",
    "a shallow anchor, a deep alias": "a: &x [1, [2]]\nb: " + "[" * 62 + "*x" + "]" * 62 + "\n",
    "an anchor past the limit, its alias shallow": "a: &x " + "[" * 66 + "1" + "]" * 66 + "\nb: *x\n",
    "a second document, 65 deep": "a: 1\n---\n" + _deep(65, flow=True),
    "200,000 values": "a: [" + "0," * 199_999 + "0]\n",   # 200,009 events: past the events' limit
    "199,990 values": "a: [" + "0," * 199_989 + "0]\n",   # within it: the walk refuses its values
}


def test_a_text_composed_first_is_refused_as_its_events_refuse_it(tmp_path, monkeypatch):
    """A short text is composed by libyaml first and its limits counted on the nodes (no second parse of the text):
    each of these texts, deep, long, aliased, broken, loads or is refused exactly as when its events are read first
    (COMPOSABLE 0: every text read event by event)."""
    from generator.errors import SpecError
    from generator.spec import yamlsource

    def outcome(text):
        try:
            return yamlsource._parsed(tmp_path / "spec.yaml", text, "spec")
        except SpecError as exc:
            return str(exc)
    read, check = [], yamlsource._check_shape
    monkeypatch.setattr(yamlsource, "_check_shape", lambda *args: (read.append(args[1]), check(*args)))
    quick = {name: outcome(text) for name, text in SHAPES.items()}
    assert SHAPES["plain"] not in read and SHAPES["64 deep"] not in read, "a text within the limits: one parse"
    assert SHAPES["65 deep"] in read, "past a limit: the events say where"
    monkeypatch.setattr(yamlsource, "COMPOSABLE", 0)
    assert quick == {name: outcome(text) for name, text in SHAPES.items()}
    assert "nested too deeply" in quick["65 deep"] and "nested too deeply" in quick["65 deep, then a syntax error"]
    assert "syntax error" in quick["a syntax error, then 65 deep"]
    assert "too large (more than 100000 values)" in quick["200,000 values"]
    assert "too large (more than 100000 values after expanding aliases)" in quick["199,990 values"]
    assert "nested too deeply" in quick["an anchor past the limit, its alias shallow"]
    assert ": b[0][0]" in quick["a shallow anchor, a deep alias"], "one alias event: the walk refuses it, by its key path"
    import yaml
    for name, text in SHAPES.items():   # a text without aliases is counted level by level: as node by node in order
        if "*" not in text and "syntax" not in name and "document" not in name:
            root = yaml.compose(text, Loader=yaml.CSafeLoader)
            assert yamlsource._tree_within_limits(root) == yamlsource._within_limits(root) == ("65" not in name
                                                                                             and "200,000" not in name)
    assert quick["a deep anchor, a shallow alias"][0]["b"] == quick["a deep anchor, a shallow alias"][0]["a"]
