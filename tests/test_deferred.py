"""Patterns a library compiles as it loads, compiled when first used (deferred.py): PyYAML loaded so, its reader still
refusing what PyYAML refuses."""
import re
import subprocess
import sys

from generator import deferred

LOADED = """
import re
from generator import deferred
from generator.spec.pyyaml import yaml
print(type(yaml.reader.Reader.NON_PRINTABLE).__name__, re.compile is deferred._compile)
for text in ("tiles: 3", "a: b\\x07c", "x: \\ufffe", "ok: \\U0001f600"):
    try:
        yaml.load(text, Loader=yaml.SafeLoader)   # the pure-Python reader, which asks for the pattern
        print("read")
    except yaml.reader.ReaderError as exc:
        print(exc.position, hex(exc.character if isinstance(exc.character, int) else ord(exc.character)))
"""


def test_pyyaml_loads_its_readers_pattern_uncompiled_and_it_refuses_what_pyyaml_refuses():
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "Deferred True"   # and re.compile is itself again once PyYAML is loaded
    pattern = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]")   # PyYAML's own
    for text, line in zip(("tiles: 3", "a: b\x07c", "x: \ufffe", "ok: \U0001f600"), out[1:]):
        found = pattern.search(text)
        assert line == ("read" if found is None else f"{found.start()} {hex(ord(found.group()))}")
    assert out[1:] == ["read", "4 0x7", "3 0xfffe", "read"]


def test_only_the_patterns_reaching_the_end_of_the_basic_plane_are_deferred():
    assert deferred.costly("[a-z\xa1-\uffff]") and deferred.costly("([\u2e80-\uffff])")
    assert deferred.costly("[^\t\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")   # PyYAML's reader's
    assert not deferred.costly("[a-z\xa1-\ufffc]") and not deferred.costly(b"[\xff]")
    pattern = deferred.Deferred("(a+)b", 0)
    assert pattern.compiled is None
    assert pattern.match("aab").group(1) == "aa" and pattern.sub("x", "abab") == "xx"
    assert isinstance(pattern.compiled, re.Pattern)
