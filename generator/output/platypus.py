"""reportlab's typesetting (platypus) without four of its costs, the same typesetting otherwise (imported by rulebook.py
before any reportlab.platypus module):

- its utilities import Pillow's Image module (under a hundredth of the build), which it uses only for raster images, none
  of them in a rulebook: that module is loaded when first used (importlib's LazyLoader);
- as it loads, it compiles two patterns over ranges of characters that reach the end of the basic plane (65,000 and
  53,000 characters), which the compiler maps one by one: one for web addresses, case-blind (35 ms), used only to
  hyphenate an address, and one for Chinese, Japanese and Korean text, used only to wrap such text; together they
  were a twentieth of a cold build of the six games (callgrind). Each is compiled when first used (deferred.py);
- breaking a paragraph of several styles into lines compares neighbouring fragments with rl_accel's sameFrag, which asks
  each for eight attributes and raises an AttributeError for each one it lacks (most are lacked): same_frag answers
  the same from the fragments' own attributes;
- it measures every word each time it breaks a paragraph into lines (on both papers, at each width tried), three calls
  each time: string_width keeps each (text, font, size, encoding)'s width."""
import importlib.util
import sys

from .. import deferred


def lazily(name: str) -> None:
    """Put the module name (in a package) in sys.modules, loaded when one of its attributes is first asked for."""
    if name in sys.modules:
        return
    found = importlib.util.find_spec(name)
    if found is None or found.loader is None:
        return
    found.loader = importlib.util.LazyLoader(found.loader)
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    found.loader.exec_module(module)
    package, _, attribute = name.rpartition(".")
    setattr(sys.modules[package], attribute, module)


lazily("PIL.Image")
paragraph = deferred.load("reportlab.platypus.paragraph")
paraparser = deferred.load("reportlab.platypus.paraparser")

COMPARED = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")  # sameFrag's
UNLIKE = {"cbDefn", "lineBreak"}  # a fragment with either is like no other
PLAIN = {cls for cls in (paraparser.ParaFrag, paragraph.FragLine)   # fragments whose attributes are all their own
         if not any(hasattr(cls, name) for name in (*COMPARED, *UNLIKE))}
_same_frag = paragraph.sameFrag


def same_frag(f, g) -> bool:
    """rl_accel's sameFrag(f, g): whether two fragments have no cbDefn or lineBreak and the same COMPARED attributes,
    one lacked by both counting as the same; read from their own attributes when both are PLAIN."""
    if type(f) not in PLAIN or type(g) not in PLAIN:
        return _same_frag(f, g)
    a, b = f.__dict__, g.__dict__
    if not UNLIKE.isdisjoint(a) or not UNLIKE.isdisjoint(b):
        return False
    for name in COMPARED:
        if name in a:
            if name not in b or (a[name] is not b[name] and a[name] != b[name]):
                return False
        elif name in b:
            return False
    return True


setattr(paragraph, "sameFrag", same_frag)   # breaking lines looks it up in the paragraph module


WIDTHS: dict = {}  # (text, font name, size, encoding) -> its width in points, as reportlab measures it
_string_width = paragraph.stringWidth


def string_width(text, font_name, size, encoding="utf8"):
    """reportlab's stringWidth of text in a registered font, measured once (a font is registered once under its name)."""
    key = text, font_name, size, encoding
    width = WIDTHS.get(key)
    if width is None:
        if len(WIDTHS) > 65536:
            WIDTHS.clear()
        width = WIDTHS[key] = _string_width(text, font_name, size, encoding)
    return width


setattr(paragraph, "stringWidth", string_width)
