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
