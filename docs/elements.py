"""Draw the pictures of docs/layout-reference.md: one small piece per element type (and for rotate and repeat), each
from the layout shown beside it, so the pictures are what the code draws.

usage: python docs/elements.py   (writes docs/img/elements/<name>.png; tests/test_layout.py checks they are current)
"""
import sys
import tempfile
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.output import raster  # noqa: E402
from generator.spec import loader as specs  # noqa: E402
from generator.spec.expand import expand  # noqa: E402
from generator.draw.render import draw_art  # noqa: E402

OUT = HERE / "img" / "elements"
DPI = 100
SPEC = """\
game: {title: Elements, designer: pnp docs}
palette: {ember: "#c8462b", tide: "#2e6aa8", grove: "#3f8a4a", paper: "#fbf7ee", ink: "#26221c"}
components:
  piece:
    kind: layout
    expect: 1
    width: 60 mm
    height: 40 mm
    bleed: 0 mm
    layout: piece.yaml
"""
LAYOUTS = {  # name -> the elements of its picture, as the reference shows them
    "rect": """\
        box: {type: rect, x: 8, y: 6, width: 44, height: 28, radius: 4, fill: tide, stroke: ink, stroke_width: 0.8}
        """,
    "circle": """\
        disc: {type: circle, x: 50%, y: 50%, r: 14, fill: ember, stroke: ink, stroke_width: 0.8}
        """,
    "ellipse": """\
        oval: {type: ellipse, x: 30, y: 20, rx: 22, ry: 12, fill: grove}
        """,
    "line": """\
        rule: {type: line, x1: 6, y1: 34, x2: 54, y2: 6, stroke: ink, stroke_width: 1.2}
        """,
    "polygon": """\
        arrow: {type: polygon, points: [[8, 14], [38, 14], [38, 6], [54, 20], [38, 34], [38, 26], [8, 26]], fill: tide}
        """,
    "hexagon": """\
        flat: {type: hexagon, x: 18, y: 20, r: 13, fill: grove}
        pointy: {type: hexagon, x: 44, y: 20, r: 13, orientation: pointy, fill: none, stroke: grove, stroke_width: 1}
        """,
    "star": """\
        five: {type: star, x: 18, y: 21, r: 13, fill: ember}
        eight: {type: star, x: 44, y: 20, r: 13, points: 8, inner: 0.7, fill: tide}
        """,
    "path": """\
        wave: {type: path, x: 6, y: 20, d: "M 0 0 C 8 -14 16 14 24 0 S 40 -14 48 0", fill: none, stroke: tide,
               stroke_width: 1.5}
        """,
    "text": """\
        rules: {type: text, x: 5, y: 4, width: 50, height: 32, size: 4, min_size: 3, align: justify,
                text: "Gain **two** :round: and {colour:ember}one ember{/colour}, then pass this card to the
                  player on your left. *They may keep it.*"}
        """,
    "icon": """\
        mark: {type: icon, name: flower-round-5, x: 15, y: 5, width: 30, height: 30, colour: ember, ink: ink}
        """,
    "image": """\
        photo: {type: image, file: swatch.png, x: 4, y: 4, width: 24, height: 32}
        cropped: {type: image, file: swatch.png, x: 32, y: 4, width: 24, height: 32, fit: cover}
        """,
    "rotate": """\
        upright: {type: rect, x: 10, y: 16, width: 40, height: 8, fill: paper, stroke: ink}
        turned: {type: rect, x: 10, y: 16, width: 40, height: 8, fill: ember, opacity: 0.8, rotate: 30}
        label: {type: text, x: 10, y: 16, width: 40, height: 8, text: turned 30°, size: 4, align: centre,
                valign: middle, colour: white, rotate: 30}
        """,
    "repeat": """\
        cell: {type: rect, x: 3, y: 3, width: 9, height: 8.5, fill: paper, stroke: ink,
               repeat: {path: ring, count: 16, columns: 6, rows: 4, dx: 9, dy: 8.5}}
        fifth: {type: rect, x: 3, y: 3, width: 9, height: 8.5, fill: grove, stroke: ink,
                repeat: {path: ring, count: 16, columns: 6, rows: 4, dx: 9, dy: 8.5, every: 5}}
        number: {type: text, x: 3, y: 3, width: 9, height: 8.5, text: "{i}", size: 3.5, align: centre, valign: middle,
                 repeat: {path: ring, count: 16, columns: 6, rows: 4, dx: 9, dy: 8.5}}
        """,
    "hex-map": """\
        hex: {type: hexagon, x: 8, y: 7, r: 5.5, fill: paper, stroke: ink, stroke_width: 0.4,
              repeat: {path: hex-flat, count: 18, columns: 6, dx: 8.25, dy: 9.53}}
        number: {type: text, x: 4, y: 4.4, width: 8, height: 4, text: "{label}", size: 3.2, bold: true, align: centre,
                 colour: ember, repeat: {path: hex-flat, count: 18, columns: 6, dx: 8.25, dy: 9.53,
                                         labels: [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]}}
        cell: {type: text, x: 4, y: 8.6, width: 8, height: 2.4, text: "{col}{row}", size: 1.8, align: centre, colour: ink,
               repeat: {path: hex-flat, count: 18, columns: 6, dx: 8.25, dy: 9.53}}
        """,
}


def swatch(path: Path) -> None:
    """A 120 x 80 pixel picture for the image element: four coloured bands (Pillow, the same bytes every time)."""
    from PIL import Image

    image = Image.new("RGB", (120, 80), (0xfb, 0xf7, 0xee))
    for k, colour in enumerate(((0xc8, 0x46, 0x2b), (0x2e, 0x6a, 0xa8), (0x3f, 0x8a, 0x4a))):
        image.paste(colour, (10 + 35 * k, 10, 40 + 35 * k, 70))
    image.save(path)


def picture(name: str, checked=None) -> bytes:
    """The PNG of one entry of LAYOUTS: a white 60 x 40 mm piece; checked(spec), given, is called with its spec."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pictures.yaml").write_text(SPEC)
        swatch(root / "swatch.png")
        (root / "piece.yaml").write_text("ground: white\nelements:\n" + textwrap.indent(textwrap.dedent(LAYOUTS[name]), "  "))
        spec = specs.load(str(root / "pictures.yaml"))
        if checked:
            checked(spec)
        art = next(a for a in expand(spec)[1].values() if a.side == "front")
        return raster.picture_png(draw_art(spec, art), DPI)


def main() -> None:
    """Write every picture."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name in LAYOUTS:
        (OUT / f"{name}.png").write_bytes(picture(name))
        print(f"wrote {OUT / name}.png")


if __name__ == "__main__":
    main()
