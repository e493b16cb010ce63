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


def test_a_deferred_pattern_is_compiled_once_and_its_methods_found_directly_after_the_first_call():
    """Deferred.__getattr__ runs once a name: the compiled pattern's bound method is kept on the proxy, so that a
    resolver calling .match on every scalar pays no proxy lookup after the first; every=True defers every pattern."""
    pattern = deferred.Deferred("[0-9]+", 0)
    assert "match" not in vars(pattern)
    assert pattern.match("12a").group() == "12" and "match" in vars(pattern)
    compiled = pattern.compiled
    assert pattern.match("7").group() == "7" and pattern.compiled is compiled and pattern.match == compiled.match
    with deferred.patterns_deferred(every=True):
        plain = re.compile("a+")
    with deferred.patterns_deferred():
        kept = re.compile("a+")
    assert isinstance(plain, deferred.Deferred) and plain.compiled is None and isinstance(kept, re.Pattern)
    assert re.compile is deferred._compile
