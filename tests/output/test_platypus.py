"""reportlab's typesetting as the rulebook loads it (output/platypus.py): the costly patterns and Pillow's Image loaded
only when used, fragments compared and words measured as reportlab does, with the same answers."""
import re
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from generator import patterns
from generator.output import platypus, rulebook
from generator.spec import loader as specs

LOADED = """
import re, sys
import generator.output.rulebook
from reportlab.platypus import paragraph
from reportlab.lib import textsplit
print(type(paragraph.uri_pat).__name__, type(textsplit.rx).__name__, "PIL.ExifTags" in sys.modules)
print(paragraph._uri_split_pairs("https://example.com/rules/posies.pdf"))
print(textsplit.rx.sub(r"\\1 ", "\\u4e2d\\u6587 ok"))
from PIL import Image
print(Image.new("RGB", (3, 2)).size, "PIL.ExifTags" in sys.modules)
"""


def test_reportlab_loads_without_compiling_its_two_costly_patterns_or_pillow_and_they_work_when_used():
    """Loading the rulebook (a fresh process, as a build does) leaves reportlab's web-address and CJK patterns
    uncompiled and Pillow's Image not executed; used, each answers as a compiled pattern (and Pillow) would."""
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "Deferred Deferred False"
    from reportlab.platypus import paragraph
    from reportlab.lib import textsplit
    compiled = re.compile(paragraph.uri_pat.pattern, paragraph.uri_pat.flags)
    match = compiled.match("https://example.com/rules/posies.pdf")
    assert match and out[1] == str([("https://example.com/rules/", "posies.pdf"), ("https://example.com/", "rules/posies.pdf"),
                                    ("https://", "example.com/rules/posies.pdf")])
    assert out[2] == re.compile(textsplit.rx.pattern).sub(r"\1 ", "\u4e2d\u6587 ok") == "\u4e2d \u6587  ok"
    assert out[3] == "(3, 2) True"


def test_only_the_patterns_over_the_whole_basic_plane_are_deferred():
    assert platypus.costly("[a-z\xa1-\uffff]") and platypus.costly("([\u2e80-\uffff])")
    assert not platypus.costly("[a-z\xa1-\ufffd]") and not platypus.costly(b"[\xff]")
    deferred = patterns.Deferred("(a+)b", 0)
    assert deferred.compiled is None
    assert deferred.match("aab").group(1) == "aa" and deferred.sub("x", "abab") == "xx"
    assert isinstance(deferred.compiled, re.Pattern)


NAMES = st.sampled_from(platypus.COMPARED + ("cbDefn", "lineBreak", "text", "other"))
VALUES = st.sampled_from(["Vera", "Vera-Bold", 9.0, 9, 10.5, 0, None, (), float("nan")])


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(NAMES, VALUES), st.dictionaries(NAMES, VALUES), st.booleans(), st.booleans())
def test_same_frag_answers_as_rl_accels_same_frag(f_attrs, g_attrs, f_line, g_line):
    """Any two fragments (a ParaFrag or a FragLine, attributes present or lacked, equal or not, the same object or not):
    same_frag gives rl_accel's answer, a bool."""
    from _rl_accel import sameFrag
    from reportlab.platypus.paragraph import FragLine
    from reportlab.platypus.paraparser import ParaFrag
    f = (FragLine if f_line else ParaFrag)(**f_attrs)
    g = (FragLine if g_line else ParaFrag)(**g_attrs)
    for a, b in ((f, g), (g, f), (f, f), (f, f.clone())):
        assert platypus.same_frag(a, b) is sameFrag(a, b)


def test_a_rulebooks_fragments_compare_alike_and_reportlab_breaks_lines_with_same_frag(monkeypatch):
    """Every pair of fragments reportlab compares while it breaks the Posies rulebook's paragraphs into lines, on both
    papers: the same answer as rl_accel's; and its paragraph module uses same_frag and string_width once the rulebook
    is loaded."""
    from _rl_accel import sameFrag
    from reportlab.platypus import paragraph
    assert paragraph.sameFrag is platypus.same_frag and paragraph.stringWidth is platypus.string_width
    answers = []

    def compared(f, g):
        answers.append((platypus.same_frag(f, g), sameFrag(f, g)))
        return answers[-1][1]
    monkeypatch.setattr(paragraph, "sameFrag", compared)
    rulebook._PARSED.clear()
    spec = specs.load("posies")
    for paper in ("a4", "letter"):
        rulebook.lay_out(spec, paper)
    assert len(answers) > 100 and all(ours is theirs for ours, theirs in answers)
    assert {theirs for _, theirs in answers} == {True, False}


def test_a_width_is_measured_once_and_changes_with_its_text_font_and_size(monkeypatch):
    """string_width remembers each (text, font, size): measured again it does not ask the font; another text, font or
    size gives reportlab's width of that."""
    from reportlab.pdfbase import pdfmetrics
    rulebook._register_fonts()
    platypus.WIDTHS.clear()
    asked = []
    real = platypus._string_width
    monkeypatch.setattr(platypus, "_string_width", lambda *args: asked.append(args) or real(*args))
    first = platypus.string_width("posies", "Vera", 10)
    assert platypus.string_width("posies", "Vera", 10) == first and len(asked) == 1
    for text, font, size in (("posy", "Vera", 10), ("posies", "Vera-Bold", 10), ("posies", "Vera", 12)):
        width = platypus.string_width(text, font, size)
        assert width == pdfmetrics.stringWidth(text, font, size) != first
    assert len(asked) == 4
