"""Draw art/hills.png, the pale landscape behind every card's emblem (640 x 340 pixels: over 300 dpi at 53 x 28 mm).

Run from anywhere: python examples/ember-deck/art/make_hills.py (Pillow; the same bytes every time).
"""
import math
from pathlib import Path

from PIL import Image, ImageDraw

W, H = 640, 340


def main() -> None:
    """Sky from warm paper to a pale blue, then three rows of hills, lighter the farther they are."""
    image = Image.new("RGB", (W, H))
    draw = ImageDraw.Draw(image)
    for y in range(H):
        t = y / (H - 1)
        draw.line([(0, y), (W, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip((214, 228, 240), (251, 247, 238))))
    for depth, (base, colour) in enumerate(((200, (222, 226, 214)), (245, (205, 214, 196)), (290, (188, 201, 178)))):
        crest = [(x, base - 28 * math.sin(x / (90 + 40 * depth) + depth * 1.7) - 14 * math.sin(x / 37 + depth))
                 for x in range(0, W + 1, 4)]
        draw.polygon(crest + [(W, H), (0, H)], fill=colour)
    image.save(Path(__file__).resolve().parent / "hills.png", optimize=True)


if __name__ == "__main__":
    main()
