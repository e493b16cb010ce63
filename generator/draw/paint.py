"""Paint our drawings (the svg module's display list) straight onto a cairo context: no SVG parsing on the way."""
import math

from . import art, svg, typeface
from ..errors import UserError
from .svgvalues import INHERITED, NO_PATH, Path, centre, colour, num, numbers, points

PT_PER_MM = 72 / 25.4


def unhinted(ctx) -> None:
    """Set a context's text to unhinted outlines, as the PDF writer sets it: the same pixels whatever the process drew
    before (cairo otherwise keeps the options a face was first drawn with)."""
    import cairocffi  # lazy: start-up (cairo loads only to paint)
    options = cairocffi.FontOptions()
    options.set_hint_style(cairocffi.HINT_STYLE_NONE)
    options.set_hint_metrics(cairocffi.HINT_METRICS_OFF)
    ctx.set_font_options(options)


def transform(ctx, value):
    """Apply a transform attribute (svgvalues.Transform) to the context, step by step."""
    import cairocffi  # lazy: start-up (cairo loads only to paint)
    for name, v, _ in value.steps:
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
        pairs = points(a.get("points", ""))
        for i, (x, y) in enumerate(pairs):
            (ctx.line_to if i else ctx.move_to)(x, y)
        if tag == "polygon" and pairs:
            ctx.close_path()
    elif tag == "path":
        path(ctx, a.get("d", NO_PATH))
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
    outline = colour(node.attrs["stroke"]) if "stroke" in node.attrs else None
    if (fill is None and outline is None) or not words:
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
    if outline is not None:   # an outline: stroked round (the letters, filled after every run's outline, cover its
        ctx.set_source_rgb(*outline)   # inner half)
        ctx.set_line_width(num(node.attrs["stroke-width"]))
        ctx.set_line_join(cairocffi.LINE_JOIN_ROUND)
        ctx.set_line_cap(cairocffi.LINE_CAP_ROUND)
        ctx.stroke_preserve()
        ctx.set_line_join(cairocffi.LINE_JOIN_MITER)
        ctx.set_line_cap(cairocffi.LINE_CAP_BUTT)
    if fill is None:
        ctx.new_path()
        ctx.restore()
        return
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


def path(ctx, d: Path) -> None:
    """Add path data to the current path."""
    for op, *v in d.segments:
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
