"""Paint our drawings (the svg module's display list) straight onto a cairo context: no SVG parsing on the way."""
import functools
import math
import re

from . import art, svg, typeface
from .errors import UserError

NAMED = {"black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 0.5, 0), "blue": (0, 0, 1),
         "yellow": (1, 1, 0), "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5)}
INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
             "stroke-miterlimit", "fill-opacity", "fill-rule", "stroke-opacity", "font-family", "font-size", "font-weight",
             "text-anchor")
DEFAULTS = {"fill": "#000000", "stroke": "none", "stroke-width": 1.0, "stroke-linecap": "butt",
            "stroke-linejoin": "miter", "font-size": 4.0, "font-weight": "normal", "text-anchor": "start"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
PT_PER_MM = 72 / 25.4


def colour(value):
    """(r, g, b) of a colour value, or None for 'none'."""
    value = str(value).strip()
    if value == "none":
        return None
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return NAMED.get(value, (0, 0, 0))


def numbers(text):
    """All numbers in an attribute value."""
    return [float(n) for n in _NUMBER.findall(str(text))]


def num(value, default=0.0):
    """One number from an attribute value."""
    if isinstance(value, (int, float)):
        return value
    found = None if value is None else _first(str(value))
    return default if found is None else found


@functools.lru_cache(maxsize=4096)
def _first(text):
    """The first number in an attribute's text, or None (templates repeat theirs from face to face)."""
    found = _NUMBER.search(text)
    return float(found.group()) if found else None


def unhinted(ctx) -> None:
    """Set a context's text to unhinted outlines, as the PDF writer sets it: the same pixels whatever the process drew
    before (cairo otherwise keeps the options a face was first drawn with)."""
    import cairocffi  # lazy: start-up (cairo loads only to paint)
    options = cairocffi.FontOptions()
    options.set_hint_style(cairocffi.HINT_STYLE_NONE)
    options.set_hint_metrics(cairocffi.HINT_METRICS_OFF)
    ctx.set_font_options(options)


def page(ctx, drawing):
    """Paint a whole drawing: its size in mm becomes points, its viewBox fills it."""
    x, y, w, h = drawing.box
    ctx.save()
    ctx.scale(drawing.width * PT_PER_MM / w, drawing.height * PT_PER_MM / h)
    ctx.translate(-x, -y)
    clips = {c.attrs.get("id"): c for c in drawing.defs.children if c.tag == "clipPath"}
    for child in drawing.children:
        element(ctx, child, DEFAULTS, clips)
    ctx.restore()


def transform(ctx, text):
    """Apply an SVG transform attribute to the context."""
    import cairocffi  # lazy: start-up (cairo loads only to paint)
    for name, args in TRANSFORM.findall(text):
        v = numbers(args)
        if name == "translate":
            ctx.translate(v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            ctx.scale(v[0], v[1] if len(v) > 1 else v[0])
        elif name == "rotate":
            if len(v) == 3:
                ctx.translate(v[1], v[2])
            ctx.rotate(math.radians(v[0]))
            if len(v) == 3:
                ctx.translate(-v[1], -v[2])
        elif name == "matrix":
            ctx.transform(cairocffi.Matrix(*v))
        elif name == "skewX":
            ctx.transform(cairocffi.Matrix(1, 0, math.tan(math.radians(v[0])), 1, 0, 0))
        else:
            ctx.transform(cairocffi.Matrix(1, math.tan(math.radians(v[0])), 0, 1, 0, 0))


def element(ctx, node, inherited, clips):
    """Paint one element and its children with inherited presentation attributes."""
    if node.tag in ("defs", "clipPath", "title", "desc"):
        return
    if node.tag in ("image", "use", "script", "foreignObject", "feImage") and not isinstance(node, svg.Placed):
        raise UserError(f"SVG element <{node.tag}> would load another file: external resources are not allowed")
    style = {**inherited, **{k: v for k, v in node.attrs.items() if k in INHERITED}}
    ctx.save()
    if "transform" in node.attrs:
        transform(ctx, node.attrs["transform"])
    if "clip-path" in node.attrs:
        clip = clips.get(str(node.attrs["clip-path"])[5:-1])
        if clip is not None:
            for shape in clip.children:
                outline(ctx, shape)
            ctx.clip()
    opacity = num(node.attrs.get("opacity"), 1.0)
    if opacity < 1:
        ctx.push_group()
    if node.tag in ("g", "svg"):
        for child in node.children:
            element(ctx, child, style, clips)
    elif isinstance(node, svg.Run):
        run(ctx, node, style)
    elif node.tag == "text":
        text(ctx, node, style)
    elif isinstance(node, svg.Placed):
        placed(ctx, node)
    elif outline(ctx, node):
        fill_and_stroke(ctx, style)
    if opacity < 1:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(opacity)
    ctx.restore()


def outline(ctx, node):
    """Add a shape's outline to the current path; False for elements that are not shapes."""
    a, tag = node.attrs, node.tag
    if tag == "rect":
        x, y, w, h = num(a.get("x")), num(a.get("y")), num(a.get("width")), num(a.get("height"))
        rx = num(a.get("rx", a.get("ry")), 0.0)
        ry = num(a.get("ry", a.get("rx")), 0.0)
        if rx > 0 and ry > 0:
            rx, ry = min(rx, w / 2), min(ry, h / 2)
            ctx.save()
            ctx.translate(x, y)
            ctx.scale(rx, ry)
            kx, ky = w / rx, h / ry
            ctx.new_sub_path()
            ctx.arc(kx - 1, 1, 1, -math.pi / 2, 0)
            ctx.arc(kx - 1, ky - 1, 1, 0, math.pi / 2)
            ctx.arc(1, ky - 1, 1, math.pi / 2, math.pi)
            ctx.arc(1, 1, 1, math.pi, 3 * math.pi / 2)
            ctx.close_path()
            ctx.restore()
        else:
            ctx.rectangle(x, y, w, h)
    elif tag == "circle":
        ctx.new_sub_path()
        ctx.arc(num(a.get("cx")), num(a.get("cy")), num(a.get("r")), 0, 2 * math.pi)
        ctx.close_path()
    elif tag == "ellipse":
        rx, ry = num(a.get("rx")), num(a.get("ry"))
        if rx > 0 and ry > 0:
            ctx.save()
            ctx.translate(num(a.get("cx")), num(a.get("cy")))
            ctx.scale(rx, ry)
            ctx.new_sub_path()
            ctx.arc(0, 0, 1, 0, 2 * math.pi)
            ctx.close_path()
            ctx.restore()
    elif tag == "line":
        ctx.move_to(num(a.get("x1")), num(a.get("y1")))
        ctx.line_to(num(a.get("x2")), num(a.get("y2")))
    elif tag in ("polygon", "polyline"):
        v = numbers(a.get("points", ""))
        for i in range(0, len(v) - 1, 2):
            (ctx.line_to if i else ctx.move_to)(v[i], v[i + 1])
        if tag == "polygon" and v:
            ctx.close_path()
    elif tag == "path":
        path(ctx, str(a.get("d", "")))
    else:
        return False
    return True


def fill_and_stroke(ctx, style):
    """Fill, then stroke, the current path as the style says."""
    fill, stroke = colour(style["fill"]), colour(style["stroke"])
    if fill is not None:
        ctx.set_source_rgba(*fill, num(style.get("fill-opacity"), 1.0))
        if style.get("fill-rule") == "evenodd":  # each element is painted between save and restore
            import cairocffi  # lazy: start-up (cairo loads only to paint)
            ctx.set_fill_rule(cairocffi.FILL_RULE_EVEN_ODD)
        ctx.fill_preserve()
    width = num(style["stroke-width"], 1.0)
    if stroke is not None and width > 0:
        import cairocffi  # lazy: start-up (cairo loads only to paint)
        ctx.set_source_rgba(*stroke, num(style.get("stroke-opacity"), 1.0))
        ctx.set_line_width(width)
        ctx.set_line_cap({"round": cairocffi.LINE_CAP_ROUND, "square": cairocffi.LINE_CAP_SQUARE}.get(
            style["stroke-linecap"], cairocffi.LINE_CAP_BUTT))
        ctx.set_line_join({"round": cairocffi.LINE_JOIN_ROUND, "bevel": cairocffi.LINE_JOIN_BEVEL}.get(
            style["stroke-linejoin"], cairocffi.LINE_JOIN_MITER))
        ctx.set_miter_limit(num(style.get("stroke-miterlimit"), 10.0))
        dashes = numbers(style.get("stroke-dasharray") or "") if style.get("stroke-dasharray") not in (None, "none") else []
        if len(dashes) % 2:
            dashes *= 2
        ctx.set_dash(dashes if any(dashes) else [], num(style.get("stroke-dashoffset"), 0.0))
        ctx.stroke_preserve()
    ctx.new_path()


def text(ctx, node, style):
    """Draw a line of text in the bundled font, anchored as SVG's text-anchor says."""
    import cairocffi  # lazy: start-up (cairo loads only to paint)
    fill = colour(style["fill"])
    content = node.content or ""
    if fill is None or not content:
        return
    weight = cairocffi.FONT_WEIGHT_BOLD if str(style["font-weight"]) == "bold" else cairocffi.FONT_WEIGHT_NORMAL
    ctx.select_font_face(svg.FONT, cairocffi.FONT_SLANT_NORMAL, weight)
    ctx.set_font_size(num(style["font-size"], 4.0))
    advance = ctx.text_extents(content)[4]
    shift = {"middle": advance / 2, "end": advance}.get(style["text-anchor"], 0.0)
    ctx.move_to(num(node.attrs.get("x")) - shift, num(node.attrs.get("y")))
    ctx.set_source_rgba(*fill, num(style.get("fill-opacity"), 1.0))
    ctx.show_text(content)
    ctx.new_path()


def run(ctx, node, style):
    """Draw a run from its face's own outlines (as the PDF embeds them), its pen starting at x on the baseline y."""
    fill, words, face = colour(style["fill"]), node.content or "", node.face
    if fill is None or not words:
        return
    import cairocffi  # lazy: start-up
    font, size = typeface.load(face.resource), num(style["font-size"], 4.0)
    scale = size / font.units
    ctx.save()
    ctx.translate(num(node.attrs.get("x")), num(node.attrs.get("y")))
    if face.slant:
        ctx.transform(cairocffi.Matrix(1, 0, -typeface.SLANT, 1, 0, 0))
    pen = 0.0
    for ch in words:
        glyph = font.cmap.get(ord(ch), 0)
        for op, *v in typeface.outline(face.resource, glyph):
            points = [(pen + v[i] * scale, -v[i + 1] * scale) for i in range(0, len(v), 2)]
            if op == "M":
                ctx.move_to(*points[0])
            elif op == "L":
                ctx.line_to(*points[0])
            elif op == "C":
                ctx.curve_to(*points[0], *points[1], *points[2])
            else:
                ctx.close_path()
        pen += font.metrics[glyph][0] * scale
    ctx.set_source_rgba(*fill, num(style.get("fill-opacity"), 1.0))
    if face.embolden:
        ctx.fill_preserve()
        ctx.set_line_width(size * typeface.EMBOLDEN)
        ctx.stroke()
    else:
        ctx.fill()
    ctx.restore()


def placed(ctx, node):
    """Paint the designer's image or SVG art stretched over the element's box."""
    source, a = node.source, node.attrs
    w, h = source.size
    ctx.save()
    ctx.translate(num(a["x"]), num(a["y"]))
    ctx.scale(num(a["width"]) / w, num(a["height"]) / h)
    ctx.rectangle(0, 0, w, h)
    ctx.clip()
    ctx.set_source_surface(art.surface(source), 0, 0)
    ctx.paint()
    ctx.restore()


def path(ctx, d):
    """Add SVG path data to the current path."""
    for op, *v in segments(d):
        if op == "M":
            ctx.move_to(*v)
        elif op == "L":
            ctx.line_to(*v)
        elif op == "C":
            ctx.curve_to(*v)
        elif op == "A":
            arc(ctx, *v)
        else:
            ctx.close_path()


def segments(d):
    """SVG path data (every command, absolute and relative) as absolute (M|L|C|A|Z, numbers...) segments."""
    tokens = _PATH.findall(d)
    i, command, x, y, start, last_control = 0, None, 0.0, 0.0, (0.0, 0.0), None

    def take(n):
        nonlocal i
        try:
            values = [float(tokens[i + k][1]) for k in range(n)]
        except (IndexError, ValueError):  # the data ends, or a command comes, before n numbers
            raise UserError(f"bad path data near {d[:40]!r}") from None
        i += n
        return values

    while i < len(tokens):
        if tokens[i][0]:
            command = tokens[i][0]
            i += 1
            if command in "Zz":
                yield ("Z",)
                x, y = start
                last_control = None
                continue
        if command is None or i >= len(tokens) or tokens[i][0]:
            raise UserError(f"bad path data near {d[:40]!r}")
        rel = command.islower()
        c = command.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c == "M":
            px, py = take(2)
            x, y = ox + px, oy + py
            yield ("M", x, y)
            start, command, last_control = (x, y), "l" if rel else "L", None
        elif c in "LHV":
            if c == "L":
                px, py = take(2)
                x, y = ox + px, oy + py
            elif c == "H":
                x = (x if rel else 0.0) + take(1)[0]
            else:
                y = (y if rel else 0.0) + take(1)[0]
            yield ("L", x, y)
            last_control = None
        elif c in "CS":
            if c == "C":
                x1, y1, x2, y2, px, py = take(6)
                x1, y1 = ox + x1, oy + y1
            else:
                x2, y2, px, py = take(4)
                x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            x2, y2, px, py = ox + x2, oy + y2, ox + px, oy + py
            yield ("C", x1, y1, x2, y2, px, py)
            last_control, x, y = (x2, y2), px, py
        elif c in "QT":
            if c == "Q":
                qx, qy, px, py = take(4)
                qx, qy = ox + qx, oy + qy
            else:
                px, py = take(2)
                qx, qy = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            px, py = ox + px, oy + py
            yield ("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), px + 2 / 3 * (qx - px), py + 2 / 3 * (qy - py), px, py)
            last_control, x, y = (qx, qy), px, py
        elif c == "A":
            rx, ry, angle, large, sweep, px, py = take(7)
            px, py = ox + px, oy + py
            yield ("A", x, y, rx, ry, angle, large, sweep, px, py)
            x, y, last_control = px, py, None


def centre(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """An SVG elliptical arc in centre form: (cx, cy, rx, ry, rotation in radians, start angle, turn); None if a line."""
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return None
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    top = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    k = math.sqrt(max(0.0, top / (rx * rx * yp * yp + ry * ry * xp * xp))) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    turn = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - start
    if sweep and turn < 0:
        turn += 2 * math.pi
    elif not sweep and turn > 0:
        turn -= 2 * math.pi
    return cx, cy, rx, ry, phi, start, turn


def arc(ctx, x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """Add an SVG elliptical arc from (x1, y1) to (x2, y2)."""
    if (x1, y1) == (x2, y2):
        return
    found = centre(x1, y1, rx, ry, angle, large, sweep, x2, y2)
    if found is None:
        ctx.line_to(x2, y2)
        return
    cx, cy, rx, ry, phi, start, turn = found
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(phi)
    ctx.scale(rx, ry)
    (ctx.arc if turn > 0 else ctx.arc_negative)(0, 0, 1, start, start + turn)
    ctx.restore()
