"""The browser gallery of one game: every component with its faces, sizes, sheets, checks and colour-vision simulations."""
import functools
import hashlib
import html
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..draw import looks, svg
from ..check import vision
from ..components.kind import round_cut, size_words
from ..spec.expand import expand
from ..errors import UserError
from ..files import game_folder, write_atomic
from ..impose.imposition import impose
from .exports import back_name, backings, face_title
from ..spec.model import ROW
from .formats.png import face_png
from .raster import picture_png
from ..draw.render import draw_art
from ..check.validate import validate
from ..check.wording import counted, generic_note, passed

DPI = 100            # face PNGs: sharp at the gallery's scale, small on disk
PX_PER_MM = 2.4      # a face's width on the page (CSS px per mm)...
MAX_PX = 360         # ...shrunk so its longer side is at most this
SEEN_PX = 150        # the same for the small copies under the colour-vision simulations
VIEWS = ("protan", "deutan", "tritan", "greyscale")
PAPERS = (("a4", "A4"), ("letter", "Letter"))
FOLDERS = ("faces", "seen")
SHOWN_BEHIND = 6     # faces named under a back (of a component with several), at most

STYLE = """
body { margin: 0; padding: 24px; background: #efece6; color: #1d1d1d; font: 14px/1.4 sans-serif; }
h1 { margin: 0 0 4px; font-size: 24px; }
h2 { margin: 0 0 8px; font-size: 18px; }
h3 { margin: 12px 0 6px; font-size: 14px; }
section { background: #ffffff; border: 1px solid #d2cdc3; border-radius: 6px; padding: 16px; margin: 0 0 16px;
          overflow-x: auto; }
.byline { margin: 0 0 16px; color: #555555; }
.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 0 0 12px; }
.facts dt { color: #666666; }
.facts dd { margin: 0; }
.faces { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
figure { margin: 0; display: flex; flex-direction: column; align-items: center; font-size: 12px; color: #444444; }
.face { position: relative; display: block; }
.face img { display: block; max-width: 100%; height: auto; }
.trim { position: absolute; box-sizing: border-box; border: 1px dashed rgba(0, 0, 0, 0.55); pointer-events: none; }
.round { border-radius: 50%; }
ul.checks { list-style: none; margin: 0; padding: 0; font-family: monospace; font-size: 12px; }
ul.checks li { padding: 2px 6px; border-left: 4px solid #4c9a52; margin: 2px 0; }
ul.checks li.warning { border-color: #d9a21b; }
ul.checks li.error, ul.checks li.failed { border-color: #c0392b; background: #fbeae8; }
ul.checks li.note { border-color: #8a8a8a; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 3px 6px; text-align: left; }
td.swatch { width: 90px; font-family: monospace; font-size: 11px; }
pre { font-size: 12px; margin: 4px 0 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
"""

RELOAD = """
if (location.protocol.startsWith("http")) {
  const shown = document.querySelector('meta[name="pnp-version"]').content;
  setInterval(() => fetch("version.txt", {cache: "no-store"}).then(r => r.ok ? r.text() : shown)
    .then(v => { if (v.trim() !== shown) location.reload(); }).catch(() => {}), 1000);
}
"""


def folder(out_dir, spec) -> Path:
    """Where the gallery of a game goes: <out>/<id>-preview/."""
    return game_folder(out_dir, f"{spec.edition}-preview")


def checks(spec) -> list:
    """What pnp validate prints for a spec, as (level, line): level is ok, warning, error, note or failed."""
    warnings: list = []
    failures = validate(spec, warnings)
    lines = [("warning", f"warning: {line}") for line in warnings]
    lines += [(report.level, f"{spec.path}: colours {report.name}: {vision.summary(report)}")
              for report in vision.reports(spec)]
    note = generic_note(spec)
    if note:
        lines.append(("note", note))
    lines += [("failed", str(failure)) for failure in failures]
    if not failures:
        lines.append(("ok", passed(spec)))
    return lines


def seen(drawing: svg.Drawing, view: str) -> svg.Drawing:
    """An artwork as a viewer with a colour-vision deficiency sees it, or as a black-and-white printer prints it."""
    if view == "greyscale":
        return looks.greyscale(drawing)
    memo: dict[str, str] = {}
    return looks.recoloured(drawing, lambda colour: memo.setdefault(colour.lower(), vision.simulate(colour, view)), view)


def write(spec, out_dir, theme: str = "") -> tuple:
    """Write the gallery (index.html, face PNGs, version.txt) of one spec (theme: the title of the theme laid over it);
    return (index path, failed checks, images)."""
    lines = checks(spec)
    pieces, arts = expand(spec)
    images = {}   # file name under the gallery folder -> PNG bytes
    carried = {b.back for comp in spec.components for b in backings(spec, comp.id)}
    for key, art in arts.items():
        if art.side == "front" or key in carried:   # not the common back when every data row names a back of its own
            images[f"faces/{key}.png"] = face_png(spec, art, DPI)
    for comp in spec.components:
        first = next(art for art in arts.values() if art.component == comp.id and art.side == "front")
        drawing = draw_art(spec, first)
        for view in VIEWS:
            images[f"seen/{comp.id}-{view}.png"] = picture_png(seen(drawing, view), DPI)
    pages = {paper: _pages(impose(spec, pieces, paper, "duplex")) for paper, _ in PAPERS}
    body = _body(spec, lines, pieces, arts, pages, theme)
    digest = hashlib.sha256(body.encode())
    for name in sorted(images):
        digest.update(name.encode() + b"\0" + images[name])
    version = digest.hexdigest()[:16]
    page = _page(spec, body, version)
    where = folder(out_dir, spec)
    for name, data in sorted(images.items()):
        _write_changed(where / name, data)
    for sub in FOLDERS:  # faces of an earlier version of the spec that no longer exist
        for stale in sorted((where / sub).glob("*.png")):
            if f"{sub}/{stale.name}" not in images:
                stale.unlink()
    _write_changed(where / "index.html", page.encode())
    _write_changed(where / "version.txt", version.encode())
    return where / "index.html", sum(level == "failed" for level, _ in lines), len(images)


def _write_changed(path, data):
    """Write a file only when its bytes differ: a rebuild leaves unchanged images (and their times) alone."""
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    write_atomic(path, data)


def _pages(plan):
    """{component id: [(page number, side)]} of a plan; page 1 is the manifest."""
    out = {}
    for number, sheet in enumerate(((plan.cover,) if plan.cover else ()) + tuple(plan.sheets), start=2 - bool(plan.cover)):
        for cid in sheet.components:
            out.setdefault(cid, []).append((number, sheet.side))
    return out


def _printed_on(found: list) -> str:
    """'pages 2-4 (fronts and backs)', 'page 1', or 'none', for a component's (page number, side) on one paper."""
    if not found:
        return "none"
    return (f"page{'s' * (len(found) > 1)} {spans([n for n, _ in found])}"
            + (" (fronts and backs)" if any(side == "back" for _, side in found) else ""))


def spans(numbers) -> str:
    """Page numbers as runs: [2, 3, 4, 7] -> '2-4, 7'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _e(value) -> str:
    """HTML-escaped text."""
    return html.escape(str(value), quote=True)


def waiting(where: Path, spec) -> None:
    """A page that says the gallery is being made and reloads once it is, where no gallery is yet (--serve's first
    build: its address is printed before it ends)."""
    if not (where / "index.html").exists():
        write_atomic(where / "index.html", _page(spec, f"<h1>{_e(spec.game.title)}</h1>\n<p>Drawing the gallery ...</p>\n",
                                                 "waiting").encode())


def _page(spec, body, version):
    """The whole HTML document."""
    title = _e(f"{spec.game.title}: gallery")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="pnp-version" content="{version}">\n<link rel="icon" href="data:,">\n<style>{STYLE}</style>\n</head>\n<body>\n{body}'
            f'<script>{RELOAD}</script>\n</body>\n</html>\n')


def _body(spec, lines, pieces, arts, pages, theme=""):
    """The page body: title (and the theme it is seen in), checks, one section per component, colour vision."""
    game = spec.game
    count = len(pieces)
    out = [f"<h1>{_e(game.title)}</h1>",
           f'<p class="byline">by {_e(game.designer)}{" · " + _e(game.facts()) if game.facts() else ""} · '
           f"{counted(len(spec.components), 'component')}, {counted(count, 'piece')}, {counted(len(arts), 'distinct face')}"
           + (f" · theme: {_e(theme)}" if theme else "") + "</p>"]
    failed = sum(level == "failed" for level, _ in lines)
    out.append(f'<section id="checks"><h2>Checks: {"all pass" if not failed else f"{failed} failed"}</h2><ul class="checks">')
    out += [f'<li class="{level}">{_e(line)}</li>' for level, line in lines]
    out.append("</ul></section>")
    for comp in spec.components:
        out.append(_component(spec, comp, pieces, arts, pages))
    out.append(_colours(spec))
    return "\n".join(out) + "\n"


def _component(spec, comp, pieces, arts, pages):
    """One component: its facts, each face (front and back) with its count, and its first face under each view."""
    circle = round_cut(comp)
    mine = [p for p in pieces if p.component == comp.id]
    where = " · ".join(f"{name} {_printed_on(pages[paper].get(comp.id, []))}" for paper, name in PAPERS)
    facts = [("kind", comp.kind), ("count", f"{len(mine)}" + (" (copy sheet: print as many as you need)" if comp.printing == "once" else "")),
             ("trim size", size_words(comp)), ("bleed", f"{comp.bleed:g} mm"), ("double-sided", "yes" if comp.back else "no"),
             ("sheets", where)]
    out = [f'<section class="component" id="c-{_e(comp.id)}"><h2>{_e(comp.title)}</h2><dl class="facts">']
    out += [f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts]
    out.append('</dl><div class="faces">')
    copies = {}
    for p in mine:
        copies[p.front] = copies.get(p.front, 0) + 1
    for number, (key, n) in enumerate(copies.items(), start=1):
        named = (face_title(spec, arts[key], number if len(copies) > 1 else None) if ROW in arts[key].props
                 else _caption(arts[key].props, number if len(copies) > 1 else 0))
        out.append(_figure(comp, f"faces/{key}.png", f"{named} ×{n}", circle))
    backs = [b for b in backings(spec, comp.id) if b.back is not None]
    for backing in backs:
        caption = _back_caption(spec, arts, backing, len(backs), copies)
        out.append(_figure(comp, f"faces/{backing.back}.png", caption, circle))
    out.append('</div><h3>First face as others see it</h3><div class="faces">')
    out += [_figure(comp, f"seen/{comp.id}-{view}.png", vision.NAMES[view], circle, SEEN_PX) for view in VIEWS]
    out.append("</div></section>")
    return "\n".join(out)


def _figure(comp, src, caption, circle, longest=MAX_PX):
    """A face image at its on-page scale (its longer side at most longest px) with its trim line dashed over it, and a caption."""
    w, h = comp.bleed_box
    scale = min(PX_PER_MM, longest / max(w, h))
    left, top, across, down = ((comp.bleed + circle.x - circle.r, comp.bleed + circle.y - circle.r, 2 * circle.r, 2 * circle.r)
                               if circle else (comp.bleed, comp.bleed, w - 2 * comp.bleed, h - 2 * comp.bleed))
    box = (f"left:{100 * left / w:.2f}%; top:{100 * top / h:.2f}%; width:{100 * across / w:.2f}%; "   # shares of the
           f"height:{100 * down / h:.2f}%")                                                            # image: it may shrink
    trim = f'<span class="trim{" round" if circle else ""}" style="{box}"></span>'
    return (f'<figure><span class="face"><img src="{_e(src)}" width="{round(w * scale)}" height="{round(h * scale)}" '
            f'alt="{_e(caption)}">{trim}</span><figcaption>{_e(caption)}</figcaption></figure>')


def _caption(props, number) -> str:
    """A face's plain properties in a few words ('blue round'), else its number (0: the only face); lists, tables and
    empty cells are left out, and a data row's number and file (keys of pnp's own, starting '#')."""
    words = [str(v) for k, v in props.items()
             if isinstance(v, (str, int, float)) and v != "" and k != "mark" and k[:1] != "#"]
    text = " ".join(words) or (f"no. {number}" if number else "face")
    return text if len(text) <= 40 else text[:39] + "…"


def _back_caption(spec, arts, backing, backs: int, fronts: dict) -> str:
    """A back's count ('back ×12' when its component has one); with several, which back (the layout file its rows name,
    or the common back), its count and the faces it is behind, by their names (the first SHOWN_BEHIND of them)."""
    if backs == 1:
        return f"back ×{backing.pieces}"
    numbers = {key: n for n, key in enumerate(fronts, start=1)} if len(fronts) > 1 else {}   # as the faces are numbered
    names = [face_title(spec, arts[key], numbers.get(key)) for key in backing.fronts[:SHOWN_BEHIND]]
    more = len(backing.fronts) - len(names)
    return (f"{back_name(arts[backing.back])} ×{backing.pieces}, behind "
            f"{', '.join(names)}{f' and {more} more' if more else ''}")


def _colours(spec):
    """The palette under each simulation, and what the colour-vision check found for each group."""
    views = ("normal",) + VIEWS
    out = ['<section id="colours"><h2>Colour vision</h2><table><tr><th>colour</th>'
           + "".join(f"<th>{_e(view)}</th>" for view in views) + "</tr>"]
    for name, colour in spec.palette.items():
        cells = []
        for view in views:
            shown = vision.simulate(colour, view)
            ink = "#000000" if vision.lightness(shown) > 55 else "#ffffff"
            cells.append(f'<td class="swatch" style="background:{shown}; color:{ink}">{shown}</td>')
        out.append(f"<tr><td>{_e(name)}</td>{''.join(cells)}</tr>")
    out.append("</table>")
    for report in vision.reports(spec):
        out.append(f"<h3>{_e(report.name)}: {_e(report.level)}</h3><pre>{_e(chr(10).join(vision.describe(report)))}</pre>")
    if not spec.distinguish:
        out.append("<p>No colour groups declared (add a top-level distinguish: list to check them).</p>")
    out.append("</section>")
    return "\n".join(out)


class _Handler(SimpleHTTPRequestHandler):
    """Serves the gallery folder, never from a browser's cache, without a log line per request."""

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(where: Path, port: int) -> ThreadingHTTPServer:
    """Serve a gallery folder on localhost in a background thread; port 0 takes any free port."""
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Handler, directory=str(where)))
    except OSError as exc:
        raise UserError(f"cannot serve on port {port}: {exc.strerror} (try --port 0 for any free port)") from None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
