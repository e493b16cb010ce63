"""Templates as drawing programs write them: style attributes, inherited group paint, Inkscape's extra elements; what
a template may not hold is refused, by validate as by build, in one line naming the file, line and element."""

import shutil

import pytest
from click.testing import CliRunner

from generator.output import raster
from generator.draw import templates
from generator.errors import UserError
from generator.spec import loader as specs
from generator.cli import cli
from generator.spec.expand import expand
from generator.draw.render import draw_art

from placements import placed_centres
from pages import differing
from test_paint import pixels

SPEC = """\
game:
  title: Badge
  designer: Test
palette:
  gold: "#f5c211"
components:
  badge:
    kind: square-tile
    expect: 2
    size: 100 mm
    symbol_scale: 1.0
    border: 0 mm
    faces:
      list:
        - {colour: gold, shape: badge}
      copies: 2
"""

INKSCAPE = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)" sodipodi:docname="badge.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" bordercolor="#666666" borderopacity="1.0"
     inkscape:showpageshadow="2" inkscape:document-units="mm" showgrid="false"/>
  <defs id="defs2"/>
  <metadata id="metadata5"><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" style="display:inline;fill:#2f9e44;stroke:none">
    <rect style="fill:#1f6fd0;fill-opacity:1;stroke:#000000;stroke-width:4;stroke-linejoin:miter;stroke-miterlimit:4;stroke-dasharray:none;stroke-opacity:1;paint-order:normal"
       id="rect1" width="40" height="40" x="5" y="5"/>
    <circle id="circle1" cx="75" cy="25" r="18"/>
    <path style="fill:currentColor;stroke:ink;stroke-width:2px" d="M 10,60 H 45 V 95 H 10 Z" id="path1" sodipodi:nodetypes="ccccc"/>
    <ellipse style="fill:#d7261e;fill-opacity:0.5" id="ellipse1" cx="75" cy="77" rx="18" ry="15"/>
    <g id="g1" style="opacity:0.5"><rect id="rect3" x="49" y="2" width="6" height="10" style="fill:#000000"/></g>
  </g>
  <g inkscape:label="Hidden" inkscape:groupmode="layer" id="layer2" style="display:none">
    <rect id="rect2" x="46" y="46" width="8" height="8" style="fill:#000000"/>
  </g>
</svg>
"""

# where in the 100 x 100 symbol (= mm on this tile) -> the colour printed there
EXPECTED = {
    (25, 25): (0x1f, 0x6f, 0xd0),        # the rect's own style fill
    (5, 25): (0, 0, 0),                  # its 4-unit stroke, from the style attribute
    (75, 25): (0x2f, 0x9e, 0x44),        # the circle has no paint of its own: the layer's style fill
    (27.5, 77.5): (0xf5, 0xc2, 0x11),    # fill:currentColor in a style attribute takes the face colour
    (10, 77.5): (0, 0, 0),               # stroke:ink in a style attribute takes the ink
    (75, 77): (235, 146, 142),           # #d7261e at fill-opacity 0.5 over the white ground
    (52, 7): (128, 128, 128),            # black in a group at opacity 0.5
    (50, 50): (255, 255, 255),           # the hidden layer (display:none) prints nothing
}
DPI = 150


def run(*args):
    """Invoke pnp in this process."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def write(folder, template, name="badge"):
    """The badge spec in folder, with template as templates/<name>.svg beside it; the spec's path."""
    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / f"{name}.svg").write_text(template, encoding="utf-8")
    (folder / "badge.yaml").write_text(SPEC.replace("shape: badge", f"shape: {name}"), encoding="utf-8")
    return folder / "badge.yaml"


def test_a_template_written_by_inkscape_prints_in_its_own_colours(tmp_path):
    path = write(tmp_path / "spec", INKSCAPE)
    assert run("validate", path).exit_code == 0
    result = run("build", path, "--paper", "a4", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "badge" / "badge-components-a4.pdf"
    centres = placed_centres(pdf.read_bytes(), 1, (100, 100))
    assert len(centres) == 2
    page = _rgb(pdf, 1)
    for cx, cy in centres:
        for (x, y), colour in EXPECTED.items():
            px, py = round((cx - 50 + x) * DPI / 25.4), round((cy - 50 + y) * DPI / 25.4)
            seen = [page.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            mean = tuple(sum(p[i] for p in seen) / len(seen) for i in range(3))
            assert all(abs(m - c) <= 4 for m, c in zip(mean, colour)), ((x, y), mean, colour)


def _rgb(path, index):
    """A PDF page rendered in colour at DPI."""
    import pypdfium2
    doc = pypdfium2.PdfDocument(str(path))
    image = doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    doc.close()
    return image


PLAIN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n  <g style="fill:currentColor">\n    {}\n  </g>\n</svg>\n'
NOT_A_NUMBER = "is not a number in the template's own units (px or none) from -1,000,000 to 1,000,000"
NOT_PATH = "is not path data (commands, each with its numbers, from -1,000,000 to 1,000,000)"
NOT_TRANSFORM = ("is not a transform list (matrix of 6 numbers, translate or scale of 1-2, rotate of 1 or 3, skewX or skewY "
                 "of 1; finite, no scale under 0.001, no skew of 90 degrees)")
ONLY_SHAPES = "element not allowed in a template (plain shapes only: circle, ellipse, g, line, path, polygon, polyline, rect)"
REFUSED = {
    "text": ('<text id="text1" x="10" y="50">Hi</text>', '<text id="text1">: ' + ONLY_SHAPES),
    "image": ('<image width="100" height="100"/>', "<image>: " + ONLY_SHAPES),
    "gradient": ('<rect id="rect1" width="90" height="90" style="fill:url(#linearGradient1)"/>',
                 "<rect id=\"rect1\">: fill='url(#linearGradient1)' is not a plain colour "
                 "(expected #rrggbb, none, currentColor, ink or black, white, red, green, blue, yellow, gray, grey); "
                 "art with gradients goes on a layout piece as an image element (type: image, file: ...), not as an icon"),
    "filter": ('<circle cx="50" cy="50" r="40" style="filter:url(#blur)"/>',
               "<circle>: filter='url(#blur)' is not supported in a template (only 'none')"),
    "clip": ('<circle cx="50" cy="50" r="40" clip-path="url(#c)"/>',
             "<circle>: clip-path='url(#c)' is not supported in a template (only 'none')"),
    "units": ('<circle cx="50" cy="50" r="40" style="stroke:ink;stroke-width:1mm"/>',
              "<circle>: stroke-width='1mm' " + NOT_A_NUMBER),
    "unknown": ('<path d="M 0 0 L 100 100" pathLength="10" stroke="ink"/>', "<path>: pathLength='10' is not supported in a template"),
    "path data": ('<path id="path9" d="M 10 10 L 20"/>', "<path id=\"path9\">: d='M 10 10 L 20' " + NOT_PATH),
    "infinite arc": ('<path d="M 10 10 A 1e400 1e400 0 0 1 90 90"/>', "<path>: d='M 10 10 A 1e400 1e400 0 0 1 90 90' " + NOT_PATH),
    "huge number": ('<circle cx="1e308" cy="50" r="40"/>', "<circle>: cx='1e308' " + NOT_A_NUMBER),
    "nan": ('<circle cx="50" cy="50" r="nan"/>', "<circle>: r='nan' " + NOT_A_NUMBER),
    "bad colour": ('<circle cx="50" cy="50" r="40" fill="#zzzzzz"/>', "<circle>: fill='#zzzzzz' is not a plain colour "
                   "(expected #rrggbb, none, currentColor, ink or black, white, red, green, blue, yellow, gray, grey)"),
    "empty translate": ('<g transform="translate()"><circle cx="50" cy="50" r="40"/></g>', "<g>: transform='translate()' " + NOT_TRANSFORM),
    "short matrix": ('<g transform="matrix(1)"><circle cx="50" cy="50" r="40"/></g>', "<g>: transform='matrix(1)' " + NOT_TRANSFORM),
    "infinite rotate": ('<g transform="rotate(inf)"><circle cx="50" cy="50" r="40"/></g>', "<g>: transform='rotate(inf)' " + NOT_TRANSFORM),
    "flat scale": ('<g transform="scale(0)"><circle cx="50" cy="50" r="40"/></g>', "<g>: transform='scale(0)' " + NOT_TRANSFORM),
    "flat matrix": ('<g transform="matrix(1 2 2 4 0 0)"><circle cx="50" cy="50" r="40"/></g>',
                    "<g>: transform='matrix(1 2 2 4 0 0)' " + NOT_TRANSFORM),
    # numbers that passed and ended in a traceback: a ZeroDivisionError, cairo's invalid matrix or invalid dash
    "all but flat scale": ('<g transform="scale(1e-300)"><circle cx="50" cy="50" r="40"/></g>',
                           "<g>: transform='scale(1e-300)' " + NOT_TRANSFORM),
    "skew of 90 degrees": ('<g transform="skewX(90)"><circle cx="50" cy="50" r="5"/></g>',
                           "<g>: transform='skewX(90)' " + NOT_TRANSFORM),
    "negative dash": ('<circle cx="50" cy="50" r="5" stroke="black" stroke-dasharray="-1" fill="none"/>',
                      "<circle>: stroke-dasharray='-1' is not a dash array (numbers of 0 or more, not all 0; or none)"),
    "deep groups": ("<g>" * 70 + '<circle cx="50" cy="50" r="40"/>' + "</g>" * 70, "elements nested more than 64 deep"),
    "masked": ('<g style="display:none"><image/></g><rect width="10" height="10" style="display:inline;fill:none;stroke:ink;stroke-width:1;opacity:0.4;mask:url(#m)"/>',
                     "<rect>: mask='url(#m)' is not supported in a template (only 'none')"),
    "link": ('<circle cx="50" cy="50" r="40" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="file:///etc/passwd"/>',
             "<circle>: links are not allowed in a template (href='file:///etc/passwd')"),
    "script": ('<circle cx="50" cy="50" r="40" onload="alert(1)"/>',
               "<circle>: scripts are not allowed in a template (onload='alert(1)')"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_what_a_template_may_not_hold_is_refused_by_validate_and_build_alike(tmp_path, name):
    element, message = REFUSED[name]
    path = write(tmp_path / "spec", PLAIN.format(element))
    expected = f"error: {(tmp_path / 'spec' / 'templates' / 'badge.svg').resolve()}:3: {message}\n"
    checked = run("validate", path)
    assert (checked.exit_code, checked.output) == (1, expected)
    built = run("build", path, "--paper", "a4", "--out", tmp_path / "out")
    assert (built.exit_code, built.output) == (1, expected)
    assert not (tmp_path / "out" / "badge" / "badge-components-a4.pdf").exists()


@pytest.mark.parametrize("box", ["0 0 1e-300 1e-300", "0 0 0 100", "0 0 100"])
def test_a_viewbox_too_small_to_fit_is_refused_in_one_line(tmp_path, box):
    """A viewBox of 1e-300 passed and ended validate in a ZeroDivisionError traceback."""
    path = write(tmp_path / "spec", PLAIN.replace('viewBox="0 0 100 100"', f'viewBox="{box}"').format(
        '<circle cx="0" cy="0" r="1"/>'))
    checked = run("validate", path)
    assert (checked.exit_code, checked.output) == (1, f"error: {(tmp_path / 'spec' / 'templates' / 'badge.svg').resolve()}"
                                                      f":1: <svg>: viewBox={box!r} is not four numbers with a width and "
                                                      "height of 0.001 at least\n")


@pytest.mark.parametrize("inside", ["", '<defs><circle cx="50" cy="50" r="40"/></defs>',
                                    '<g display="none"><rect width="50" height="50"/></g>',
                                    '<rect width="100" height="100" fill="#ff0000" opacity="0"/>',
                                    '<rect width="100" height="100" fill="#ff0000" style="fill-opacity:0"/>',
                                    '<g opacity="0"><rect width="50" height="50"/></g>', '<circle cx="5" cy="5" r="0"/>',
                                    '<line x1="0" y1="0" x2="9" y2="9" stroke="#000000" stroke-opacity="0"/>',
                                    '<g fill="none"><rect width="50" height="50"/></g>', '<rect width="0" height="50"/>'])
def test_a_template_that_draws_nothing_is_refused_in_one_line(tmp_path, inside):
    """An icon of an empty template, one holding only <defs>, or only a hidden group built with exit 0 and printed
    nothing where the icon goes; so did shapes of opacity 0, painted with nothing, or of no size."""
    path = write(tmp_path / "spec", PLAIN.format(inside))
    checked = run("validate", path)
    assert (checked.exit_code, checked.output) == (1, f"error: {(tmp_path / 'spec' / 'templates' / 'badge.svg').resolve()}"
                                                      ":1: <svg>: the template draws nothing (no shape outside <defs> "
                                                      "that is shown)\n")


def test_a_number_of_thousands_of_digits_in_a_template_is_read_as_its_value_not_a_traceback(tmp_path):
    """cx="000...050" (5,002 digits) passed the range check (it is 50) and ended validate in a traceback: int() reads
    no more than 4,300 digits."""
    path = write(tmp_path / "spec", PLAIN.format(f'<circle cx="{"0" * 5000}50" cy="50" r="40"/>'))
    checked = run("validate", path)
    assert checked.exit_code == 0 and checked.exception is None, checked.output


def face(folder, template):
    """The badge face drawn from template, painted by cairo at 60 dpi."""
    spec = specs.load(str(write(folder, template)))
    return pixels(raster.picture_png(draw_art(spec, expand(spec)[1]["badge-1"]), 60))


def test_a_template_drawn_on_another_box_is_fitted_into_the_symbol_box_and_a_missing_namespace_is_forgiven(tmp_path):
    on_100 = PLAIN.format('<circle cx="50" cy="50" r="40"/><rect x="10" y="10" width="20" height="20" fill="#1f6fd0"/>')
    on_200 = on_100.replace("0 0 100 100", "0 0 200 200").replace('cx="50" cy="50" r="40"', 'cx="100" cy="100" r="80"')
    on_200 = on_200.replace('x="10" y="10" width="20" height="20"', 'x="20" y="20" width="40" height="40"')
    wide = on_100.replace('viewBox="0 0 100 100"', 'viewBox="-50 0 200 100"')  # centred: the art sits in the middle half
    half = PLAIN.format('<g transform="translate(25,25) scale(0.5)"><circle cx="50" cy="50" r="40"/>'
                        '<rect x="10" y="10" width="20" height="20" fill="#1f6fd0"/></g>')
    plain, scaled = face(tmp_path / "a", on_100), face(tmp_path / "b", on_200)
    assert differing(plain, scaled) < 0.001
    assert differing(face(tmp_path / "c", wide), face(tmp_path / "d", half)) < 0.001
    assert differing(plain, face(tmp_path / "e", half)) > 0.05  # the comparison can fail
    assert differing(plain, face(tmp_path / "f", on_100.replace(' xmlns="http://www.w3.org/2000/svg"', ""))) < 0.001


def test_a_template_name_is_a_plain_name_and_a_template_never_links_out_of_its_folder(tmp_path):
    outside = tmp_path / "secret.svg"
    outside.write_text(PLAIN.format('<circle cx="50" cy="50" r="40"/>'), encoding="utf-8")
    spec = tmp_path / "spec" / "tiles.yaml"
    (spec.parent / "templates").mkdir(parents=True)
    (spec.parent / "templates" / "link.svg").symlink_to(outside)
    body = ("game: {title: T, designer: Me}\npalette: {red: '#d7261e'}\ncomponents:\n  tile:\n    kind: pattern-tile\n"
            "    expect: 1\n    rows: 1\n    cols: 1\n    cell: 12 mm\n    faces: {list: [{pattern: [[[red, NAME]]]}]}\n")
    known = ", ".join(templates.names(templates.search_path(spec)))
    for name in ("../../secret", str(outside.with_suffix(""))):
        spec.write_text(body.replace("NAME", name), encoding="utf-8")
        result = run("build", spec, "--paper", "a4", "--out", tmp_path / "out")
        assert (result.exit_code, result.output) == (1, f"error: {spec}:10: components.tile.faces.list[0].pattern[0][0]: "
                                                        f"unknown symbol {name!r} (templates: {known})\n")
    spec.write_text(body.replace("NAME", "link"), encoding="utf-8")
    result = run("build", spec, "--paper", "a4", "--out", tmp_path / "out")
    assert (result.exit_code, result.output) == (1, f"error: {spec.parent / 'templates' / 'link.svg'}: the template links "
                                                    f"to a file outside its folder ({outside})\n")
    assert not (tmp_path / "out").exists()
    (tmp_path / "elsewhere").mkdir()   # the whole templates folder a link out: refused before any of its files is read
    (tmp_path / "elsewhere" / "link.svg").write_text(PLAIN.format('<circle cx="50" cy="50" r="40"/>'), encoding="utf-8")
    shutil.rmtree(spec.parent / "templates")
    (spec.parent / "templates").symlink_to(tmp_path / "elsewhere")
    for command in ("build", "validate"):
        result = run(command, spec, *(("--paper", "a4", "--out", tmp_path / "out") if command == "build" else ()))
        assert (result.exit_code, result.output) == (1, f"error: {spec.parent / 'templates'}: the templates folder links "
                                                        f"outside the spec's folder ({tmp_path / 'elsewhere'})\n")
    assert not (tmp_path / "out").exists()


def test_a_templates_digest_finds_its_file_once_and_resolves_only_a_link(tmp_path, monkeypatch):
    """A rebuild asks each template's digest: one search of the folders, and a plain file in a template folder is never
    resolved (only a link can lead outside it); a link to a file inside the folder is a template like any other."""
    from generator.digests import hexdigest
    from pathlib import Path
    folder = tmp_path / "templates"
    folder.mkdir()
    svg = PLAIN.format('<circle cx="50" cy="50" r="40"/>')
    (folder / "plain.svg").write_text(svg, encoding="utf-8")
    (folder / "alias.svg").symlink_to("plain.svg")
    finds, resolved = [], []
    find, resolve = templates.Templates.find, Path.resolve
    monkeypatch.setattr(templates.Templates, "find", lambda self, name: finds.append(name) or find(self, name))
    monkeypatch.setattr(Path, "resolve", lambda self, *a, **k: resolved.append(self.name) or resolve(self, *a, **k))
    found = templates.Templates([str(folder)])
    digest = hexdigest(svg.encode())[:32]
    assert found.digest("plain") == digest and finds == ["plain"] and resolved == []
    assert found.digest("alias") == digest and "alias.svg" in resolved
    assert found.digest("missing") is None and found.digest("plain") == digest and finds == ["plain", "alias", "missing"]


def test_a_template_that_is_a_device_is_never_read_and_is_one_line_when_named(tmp_path):
    path = write(tmp_path / "spec", PLAIN.format('<circle cx="50" cy="50" r="40"/>'))
    (tmp_path / "spec" / "templates" / "zero.svg").symlink_to("/dev/zero")
    assert run("validate", path).exit_code == 0, "a device beside the templates is never read when no face names it"
    path.write_text(SPEC.replace("shape: badge", "shape: zero"), encoding="utf-8")
    result = run("validate", path)
    assert (result.exit_code, result.output) == (1, f"error: {tmp_path / 'spec' / 'templates' / 'zero.svg'}: not a regular "
                                                    "file (a template is an .svg file, not a device, pipe or folder)\n")


def test_symbols_of_one_template_in_one_colour_share_their_elements_and_no_other_does(tmp_path):
    """svg.symbol makes a template's elements once for each (template, colour, ink, mark) and hands every symbol drawn
    from them the same tuple; another colour or mark, or the template read afresh (a new file), gets its own; a
    recording stand-in (the rulebook's) sees the template and its mark read on every symbol, made or shared."""
    from generator.build import _Templates
    from generator.draw import svg as model
    search = templates.search_path()
    dwg = model.drawing(40, 40)
    first = model.symbol(dwg, "capsule", 10, 10, 9, "#ff0000", search=search, mark="mark-star")
    again = model.symbol(dwg, "capsule", 30, 20, 5, "#ff0000", rotate=90, search=search, mark="mark-star")
    assert type(first.children) is tuple and first.children is again.children
    assert first.attrs["transform"] != again.attrs["transform"]
    for other in (dict(colour="#0000ff", mark="mark-star"), dict(colour="#ff0000", mark="mark-heart"),
                  dict(colour="#ff0000", mark="")):
        made = model.symbol(dwg, "capsule", 10, 10, 9, other["colour"], search=search, mark=other["mark"])
        assert made.children is not first.children and made.tostring() != first.tostring()
    used: dict = {}
    recorded = model.symbol(dwg, "capsule", 10, 10, 9, "#ff0000", search=_Templates(search, used), mark="mark-star")
    assert recorded.children is first.children and sorted(used) == ["template:capsule", "template:mark-star"]
    folder = tmp_path / "templates"
    folder.mkdir()
    for circle in ('<circle cx="50" cy="50" r="40"/>', '<circle cx="50" cy="50" r="20"/>'):
        (folder / "dot.svg").write_text(PLAIN.format(circle), encoding="utf-8")
        fresh = templates.Templates([str(folder)])
        made = model.symbol(dwg, "dot", 10, 10, 9, "#ff0000", search=fresh)
        assert made.children[0].children[0].attrs["r"] == (40 if "40" in circle else 20)   # PLAIN holds it in a g


def test_a_symbols_transform_is_its_four_steps_one_after_another():
    """The move then the cached turn, scale and centring: the same steps and the very same matrix as building them
    in turn (what a PDF and an SVG file write)."""
    from generator.draw import svg as model, svgvalues
    search = templates.search_path()
    for x, y, size, turn in ((10, 20, 9, 0), (3.1234, 7.77, 4.4, 90), (0.3, 0.6, 10.8, 180), (1e-3, 5, 2.2, 33.3)):
        made = model.symbol(model.drawing(40, 40), "round", x, y, size, "#00ff00", rotate=turn, search=search)
        steps = (svgvalues.translate(model.r(x), model.r(y)).then(svgvalues.rotate(turn))
                 .then(svgvalues.scale(model.r(size / 100))).then(svgvalues.translate(-50, -50)))
        assert made.attrs["transform"] == steps


def test_a_templates_digest_parses_nothing_and_its_shapes_are_parsed_once_from_the_bytes_it_was_taken_of(tmp_path,
                                                                                                       monkeypatch):
    """A rebuild compares each template's digest and draws nothing: no template is parsed until a drawing needs one, and
    then the very bytes whose digest was taken (the file edited in between changes neither)."""
    from generator.digests import hexdigest
    folder = tmp_path / "templates"
    folder.mkdir()
    first, second = (PLAIN.format(f'<circle cx="50" cy="50" r="{r}"/>') for r in (40, 20))
    (folder / "dot.svg").write_text(first, encoding="utf-8")
    parsed, parse = [], templates.parse
    monkeypatch.setattr(templates, "parse", lambda path, data: parsed.append(data) or parse(path, data))
    found = templates.Templates([str(folder)])
    assert found.digest("dot") == hexdigest(first.encode())[:32] and parsed == []
    assert sorted(found.read) == ["dot"], "a template whose digest was taken counts as read (its record names it)"
    (folder / "dot.svg").write_text(second, encoding="utf-8")
    shapes = found.load("dot").shapes
    assert parsed == [first.encode()] and found.load("dot").shapes is shapes, "parsed once, from the bytes hashed"
    assert shapes == parse(folder / "dot.svg", first.encode()) != parse(folder / "dot.svg", second.encode())
    assert templates.Templates([str(folder)]).load("dot").shapes == parse(folder / "dot.svg", second.encode())
    (folder / "broken.svg").write_text("<svg", encoding="utf-8")
    assert found.digest("broken") is not None, "a digest reads no XML"
    for _ in range(2):   # refused each time a drawing asks for it, in one line
        with pytest.raises(UserError, match="template is not well-formed SVG"):
            found.load("broken")


def test_a_bad_template_is_named_from_the_current_folder_as_the_spec_is(tmp_path, monkeypatch):
    """A template's error named its absolute path (/home/.../templates/coin.svg:1) beside messages naming the spec and
    its layouts as the designer wrote them (card.yaml:12): it is named from the current folder too."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "deck"]).exit_code == 0
    coin = tmp_path / "deck" / "templates" / "coin.svg"
    coin.write_text(coin.read_text().replace("<svg ", '<svg data-x="1" ', 1))
    result = CliRunner().invoke(cli, ["validate", "deck/deck.yaml"])
    assert result.output == "error: deck/templates/coin.svg:1: <svg>: data-x='1' is not supported in a template\n", \
        result.output


def test_a_template_linked_outside_its_folder_is_named_as_the_link_not_its_target(tmp_path, monkeypatch):
    """templates/coin.svg, a link to ../../coin-out.svg: 'coin-out.svg: the template links to a file outside its folder'
    named the file the link leads to, not the one the designer has. The link is named, as the designer's folder has it."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "g"]).exit_code == 0
    coin = tmp_path / "g" / "templates" / "coin.svg"
    (tmp_path / "coin-out.svg").write_bytes(coin.read_bytes())
    coin.unlink()
    coin.symlink_to(tmp_path / "coin-out.svg")
    result = CliRunner().invoke(cli, ["validate", "g/g.yaml"])
    assert result.exit_code == 1 and "error: g/templates/coin.svg: the template links to a file outside its folder" in \
        result.output, result.output
