"""Images that print below MIN_DPI at their placed size: a line for validate and build to show."""
from ..draw.art import MIN_DPI, dpi
from ..draw.svg import Placed


def warnings(drawing) -> list:
    """A line for each image of a drawing that prints below MIN_DPI at its placed size (transforms included): one for each
    file, at the size where it prints coarsest (a picture placed twice on a face is one line)."""
    found: dict = {}   # file -> (dpi, its line)

    def walk(node, scale):
        """Visit node, its transforms' scale so far (x, y)."""
        if "transform" in node.attrs:
            a, b, c, d, _, _ = node.attrs["transform"].matrix
            scale = (scale[0] * (a * a + b * b) ** 0.5, scale[1] * (c * c + d * d) ** 0.5)
        if isinstance(node, Placed) and node.source.kind != "svg":
            w, h = float(node.attrs["width"]) * scale[0], float(node.attrs["height"]) * scale[1]
            at = dpi(node.source, w, h)
            if at < MIN_DPI and at < found.get(node.source.path, (MIN_DPI, ""))[0]:
                found[node.source.path] = at, (f"{node.source.name} prints at {at:.0f} dpi at {w:.1f} x {h:.1f} mm "
                                               f"({node.source.size[0]} x {node.source.size[1]} pixels; {MIN_DPI} dpi wanted)")
        for child in node.children:
            walk(child, scale)

    walk(drawing, (1.0, 1.0))
    return [line for _, line in found.values()]
