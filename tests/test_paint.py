"""Our cairo painter draws every artwork as an independent SVG renderer (cairosvg) does."""
import io

import cairosvg
import pytest
from PIL import Image, ImageChops, ImageFilter

from generator import pdf
from generator import spec as specs
from generator.expand import expand
from generator.render import render_art

DPI = 60


def pixels(png):
    """A PNG as an RGB image."""
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("game", [p.stem for p in specs.shipped()])
def test_every_distinct_artwork_matches_cairosvg(game):
    spec = specs.load(game)
    _, arts = expand(spec)
    for key, art in arts.items():
        picture = render_art(spec, art)
        ours = pixels(pdf.png(picture, DPI))
        theirs = pixels(cairosvg.svg2png(bytestring=str(picture).encode(), dpi=DPI, background_color="white"))
        common = (0, 0, min(ours.width, theirs.width), min(ours.height, theirs.height))  # sizes may round apart
        ours, theirs = ours.crop(common), theirs.crop(common)
        soft = ImageFilter.GaussianBlur(1.5)  # forgive anti-aliasing and half-pixel offsets, not missing shapes
        diff = ImageChops.difference(ours.filter(soft), theirs.filter(soft)).convert("L")
        differing = sum(diff.histogram()[40:]) / (ours.width * ours.height)
        assert differing < 0.01, f"{game} {key}: {differing:.1%} of pixels differ"
