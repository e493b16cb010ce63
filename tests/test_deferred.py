"""Patterns a library compiles as it loads, compiled when first used (deferred.py; PyYAML loaded so:
tests/spec/test_pyyaml.py, reportlab: tests/output/test_platypus.py)."""
import re

from generator import deferred


def test_only_the_patterns_reaching_the_end_of_the_basic_plane_are_deferred():
    assert deferred.costly("[a-z\xa1-\uffff]") and deferred.costly("([\u2e80-\uffff])")
    assert deferred.costly("[^\t\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")   # PyYAML's reader's
    assert not deferred.costly("[a-z\xa1-\ufffc]") and not deferred.costly(b"[\xff]")
    pattern = deferred.Deferred("(a+)b", 0)
    assert pattern.compiled is None
    assert pattern.match("aab").group(1) == "aa" and pattern.sub("x", "abab") == "xx"
    assert isinstance(pattern.compiled, re.Pattern)
