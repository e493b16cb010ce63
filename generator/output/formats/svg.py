"""One SVG per distinct face and one per sheet.

Written with svgwrite: each face with its bleed, and each page of the components PDF.
"""
import base64
import copy
from pathlib import Path

import svgwrite

from ...draw import svg, svgvalues, typeface
from ...build import check, compose, papers
from ...spec.expand import expand
from ...files import write_atomic
from ...impose.imposition import impose
from ...progress import Progress
from ...draw.render import draw_art
from ..exports import face_files, face_stems, folder, summary, written


def document(drawing, debug=False) -> svgwrite.Drawing:
    """A drawing of our model as an svgwrite document, its size in mm; debug turns on svgwrite's validator."""
    doc = svgwrite.Drawing(size=(f"{svg._value(drawing.width)}mm", f"{svg._value(drawing.height)}mm"),
                           viewBox=" ".join(svg._value(v) for v in drawing.box), debug=debug, profile="full")
    for child in drawing.children:
        target = doc.defs if child.tag == "defs" else doc
        for node in (child.children if child.tag == "defs" else [child]):
            target.add(_element(doc, node))
    return doc


def _element(doc, node, opacity=None):
    """An svgwrite element made from one of our elements and its children (attributes checked when debug is on);
    opacity: the fill-opacity it inherits, if any."""
    attrs = dict(node.attrs)
    opacity = attrs.get("fill-opacity", opacity)
    if isinstance(node, svg.Run) and (node.face.embolden or node.face.slant):
        attrs = made_style(node.face, attrs, opacity)
    if node.tag == "text" and attrs.get("paint-order") == "stroke":   # an outlined run: its stroke under its fill, for
        under = {k: v for k, v in attrs.items() if k != "paint-order"}      # readers that take no paint-order
        over = {k: v for k, v in under.items() if not k.startswith("stroke")}
        made = doc.g()
        for part in (under, over):
            made.add(_element(doc, svg.Text(part, node.content), opacity))
        return made
    if node.tag == "text":
        made = doc.text(node.content or "")
    elif node.tag == "use":
        made = doc.use(attrs.pop("href"))
    elif node.tag in ("polygon", "polyline"):
        made = getattr(doc, node.tag)(svgvalues.points(attrs.pop("points", "")))
    elif node.tag == "path":
        made = doc.path(d=svgvalues.path_text(attrs.pop("d")))
    elif isinstance(node, svg.Placed):  # the designer's image or SVG art, embedded: the file stands alone
        attrs.pop("href")
        made = doc.image(href=embedded(node.source), preserveAspectRatio="none")
    else:
        made = getattr(doc, node.tag)()
    for name, value in attrs.items():
        made[name] = svg._value(value)
    for child in node.children:
        made.add(_element(doc, child, opacity))
    return made


def made_style(face, attrs: dict, opacity=None) -> dict:
    """A run's attributes when its face is a style the spec gave no font file for: made as the PDF makes it, not asked
    of the viewer, which would set the family's own bold or italic (of other widths) at the places laid out for the
    made one ("one extra cargothis turn"). A made bold is the regular face, its letters also stroked in their own
    colour (at opacity, the fill-opacity it has or inherits) EMBOLDEN em wide, mitred at the PDF's limit of 10 (SVG's
    default is 4); a made italic is the upright skewed LEAN degrees about its baseline. An outline's run (its stroke
    the outline's, no fill) only drops the weight."""
    attrs = dict(attrs)
    if face.embolden:
        attrs.pop("font-weight", None)
        fill = attrs.get("fill")
        if "stroke" not in attrs and fill is not None and fill != "none":
            attrs.update({"stroke": fill, "stroke-width": svg.r(svgvalues.num(attrs.get("font-size"), 4.0) * typeface.EMBOLDEN),
                          "stroke-linejoin": "miter", "stroke-miterlimit": 10})
            if opacity is not None:
                attrs["stroke-opacity"] = opacity
    if face.slant:
        attrs.pop("font-style", None)
        y = svgvalues.num(attrs.get("y"))
        lean = svgvalues.translate(0, y).then(svgvalues.skew_x(-typeface.LEAN)).then(svgvalues.translate(0, svg.r(-y)))
        attrs["transform"] = attrs["transform"].then(lean) if "transform" in attrs else lean
    return attrs


def embedded(source) -> str:
    """A data: URI holding the art's own bytes (PNG and JPEG as they are, SVG art as its file)."""
    media = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}[source.kind]
    return f"data:{media};base64,{base64.b64encode(source.data).decode('ascii')}"


def to_text(drawing, debug=False) -> bytes:
    """A drawing as the bytes of a standalone SVG file."""
    return document(drawing, debug).tostring().encode("utf-8")


class Pages:
    """The pages of a components PDF as drawings: build.compose lays them out as it does a document.Document."""

    def __init__(self, width, height, done):
        self.width, self.height, self.done, self.count = width, height, done, 0
        self._start()

    def _start(self):
        """Begin a page: faces defined once in its defs, placed by reference below the furniture."""
        self.page = svg.Drawing(self.width, self.height, (0, 0, self.width, self.height), f"page-{self.count + 1}")
        self.faces, self.clips, self.top = {}, {}, []

    def share(self, key):
        """Every face is defined once per page already."""

    def paint(self, picture, matrix=None, clip=None, key=None):
        """Place a face by reference: matrix (mm, y down) puts its top-left, clip (x, y, w, h) cuts it."""
        ident = self._face(key, picture)
        use = svg.Element("use", {"href": f"#{ident}"})
        if matrix:
            use.attrs["transform"] = svgvalues.affine(*(_whole(svg.r(v)) for v in matrix))
        self.page.add(self._clipped(use, clip) if clip else use)

    def fill(self, rects, rgb):
        """Rectangles in one colour ('r g b' in 0..1) under what comes next."""
        colour = "#" + "".join(f"{round(float(v) * 255):02x}" for v in rgb.split())
        for rect in rects:
            self.page.add(self.page.rect(rect[:2], rect[2:], fill=colour))

    def run(self, pictures, keys, dxs, dys, end) -> bool:
        """Each face is placed by itself (paint): no run."""
        return False

    def inline(self, pictures, keys, heads) -> bool:
        """Each face is placed by itself (paint): not in one go."""
        return False

    def furniture(self, make, key=None):
        """Sheet furniture (marks, ruler, words) over the faces."""
        drawing = make()
        self.top.append(self._inline(drawing, f"{drawing.ident}-{len(self.top) + 1}"))

    def next_page(self, slots=()):
        """End the page."""
        for group in self.top:
            self.page.add(group)
        self.done(self.page)   # handed on, not held: a deck of 10,000 pages held 75 KB each
        self.count += 1
        self._start()

    def _face(self, key, drawing):
        """The id of a face's definition on this page, adding it the first time."""
        ident = self.faces.get(key)
        if ident is None:
            ident = self.faces[key] = f"face-{key}"
            group = self._inline(drawing, ident)
            group.attrs["id"] = ident
            self.page.defs.add(group)
        return ident

    def _inline(self, drawing, prefix):
        """A drawing as a group in page millimetres, cut to its box, its clip ids made unique with prefix."""
        bx, by, bw, bh = drawing.box
        rename = {c.attrs.get("id"): f"{prefix}-{c.attrs.get('id')}" for c in drawing.defs.children if c.tag == "clipPath"}
        for clip in drawing.defs.children:
            if clip.tag == "clipPath":
                clone = _copy(clip, rename)
                clone.attrs["id"] = rename[clip.attrs.get("id")]
                self.page.defs.add(clone)
        box = svg.Element("clipPath", {"id": f"{prefix}-box"})
        box.add(svg.Element("rect", {"x": bx, "y": by, "width": bw, "height": bh}))
        self.page.defs.add(box)
        inner = svg.Element("g", {"clip-path": f"url(#{prefix}-box)"})
        inner.children = [_copy(child, rename) for child in drawing.children if child.tag != "defs"]
        fit = svgvalues.scale(svg.r(drawing.width / bw), svg.r(drawing.height / bh))
        outer = svg.Element("g", {"transform": fit.then(svgvalues.translate(svg.r(-bx), svg.r(-by)))})
        outer.add(inner)
        return outer

    def _clipped(self, node, rect):
        """node inside a group cut to a rectangle of the page (one clip per distinct rectangle)."""
        ident = self.clips.get(rect)
        if ident is None:
            ident = self.clips[rect] = f"cut-{len(self.clips) + 1}"
            clip = self.page.defs.add(svg.Element("clipPath", {"id": ident}))
            clip.add(svg.Element("rect", dict(zip(("x", "y", "width", "height"), map(svg.r, rect)))))
        group = svg.Element("g", {"clip-path": f"url(#{ident})"})
        group.add(node)
        return group


def _whole(value: float) -> float:
    """A number as the page matrix writes it: a whole one without a point."""
    return int(value) if value == int(value) else value


def _copy(node, rename):
    """A copy of an element (of its own type: placed art keeps its file) and its children, clip-path references renamed."""
    made = copy.copy(node)
    made.attrs = dict(node.attrs)
    if "clip-path" in made.attrs:
        name = str(made.attrs["clip-path"])[5:-1]
        made.attrs["clip-path"] = f"url(#{rename.get(name, name)})"
    made.children = [_copy(child, rename) for child in node.children]
    return made


def pages(spec, paper, backs="duplex") -> list:
    """The drawings of every page of the components PDF of a spec on one paper, manifest first."""
    plan = impose(spec, expand(spec)[0], paper, backs)
    drawn: list = []
    compose(Pages(plan.width, plan.height, drawn.append), spec, plan, backs)
    return drawn


def jobs(spec, options) -> list:
    """The faces of each component, then the pages of each paper."""
    face_stems(spec)   # two faces of one file name are refused before any file is written
    faces = [(f"{spec.game.id} svg {comp.id}", write_faces, (spec, comp.id, options)) for comp in spec.components]
    return faces + [(f"{spec.game.id} svg {paper} sheets", write_pages, (spec, paper, options))
                    for paper in papers(options.paper)]


def write_faces(spec, component, options) -> tuple:
    """Write <out>/<id>/svg/<face>.svg for each distinct face (front and back) of a component."""
    check(spec)
    return face_files(spec, component, options, "svg", lambda art: to_text(draw_art(spec, art)), (svgwrite.__version__,))


def write_pages(spec, paper, options) -> tuple:
    """Write <out>/<id>/svg/<id>-<paper>[-fold]-page-<nn>.svg for each page of the components PDF, each as it is laid out
    (nn: as many digits as the page count needs, two at least)."""
    check(spec)
    plan = impose(spec, expand(spec)[0], paper, options.backs)
    fold = "-fold" if options.backs == "fold" else ""
    where, digits = folder(options, spec, "svg"), max(2, len(str(len(plan.sheets) + 1)))   # page 100 sorts after 99
    paths: list[Path] = []
    sizes: list[int] = []
    told = Progress(f"{spec.game.id}: svg {paper} pages", len(plan.sheets) + 1)

    def write(page) -> None:
        """Write one page as it is finished."""
        path = where / f"{spec.edition}-{paper}{fold}-page-{len(paths) + 1:0{digits}d}.svg"
        data = to_text(page)
        write_atomic(path, data)
        paths.append(path)
        sizes.append(len(data))
        told.step(len(paths))
    try:
        compose(Pages(plan.width, plan.height, write), spec, plan, options.backs)
    finally:
        told.end()
    written(where, "pages", f"{paper}{fold}", paths)   # a page the file no longer has goes
    return summary(paths, sizes)
