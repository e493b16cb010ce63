"""The drawing stage: the display list, templates, text, art, fonts, looks and the painters that read it."""
import os
from pathlib import Path

# fontconfig, which cairo asks for the fonts of text it draws (a designer's SVG art, cairo's pixels), sees pnp's
# bundled fonts only: set before any module of this package loads cairo, so that text renders alike on every machine
os.environ["FONTCONFIG_FILE"] = str(Path(__file__).resolve().parent.parent / "fonts" / "fonts.conf")
