"""PyYAML as pnp loads it (spec/pyyaml.py): the pure-Python reader's pattern of printable characters is compiled when
first used, every other pattern as PyYAML compiles it, and both loaders refuse what they refused before."""
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
"""


def test_the_reader_pattern_is_compiled_only_when_the_pure_python_reader_reads(tmp_path):
    """A fresh process loading a spec with its memos emptied (as a cold pnp validate does) leaves that one pattern
    uncompiled; the C loader and the pure-Python one still refuse a control character, the latter compiling it then."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}   # no parsed text kept: PyYAML is imported to parse it
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, check=True,
                         env=env).stdout.splitlines()
    assert out[0] == "Deferred True"
    assert out[1] == "['Pattern'] Pattern", "the resolver's and constructor's patterns are compiled as PyYAML does"
    assert out[2:4] == ["CSafeLoader refuses 0x7", "SafeLoader refuses 0x7"]
    assert out[4] == "Deferred compiled {'a': [1, 'x']}"
