"""A board's text across a join of its panels: pnp validate (and pnp build) warns, naming the join where the built PDF's
panels put it."""
import re

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import ImageChops

from generator.build import components_pdf
from generator.cli import cli
from generator.spec import loader as specs

DPI = 400
BOARD = """\
game: {{title: Tidewatch, designer: Tester}}
palette: {{fire: "#d0492f", ink: "#26221c"}}
components:
  board:
    kind: layout
    expect: 1
    width: {width} mm
    height: {height} mm
    bleed: 3 mm
    layout:
      ground: white
      elements:
        marker: {{type: rect, {marker}, fill: fire}}
        title: {{type: text, {title}, text: Tidewatch, size: {size}, bold: true, align: center, valign: middle,
                colour: ink}}
"""
WIDE = dict(width=400, height=280, marker="x: 100, y: 60, width: 1, height: 60", size=24,
            title="x: 100, y: 20, width: 200, height: 30")
JOIN = re.compile(r"text 'Tidewatch' \(text title\) crosses a join of the board's panels on (?P<papers>.+?), "
                  r"(?P<mm>\d+\.\d) mm from the board's (?P<edge>left|top) edge \(its ink spans [xy] = "
                  r"(?P<low>\d+\.\d)-(?P<high>\d+\.\d) mm\): move it clear of [xy] = (?P=mm) mm, or shrink it")


def board(tmp_path, **given) -> str:
    """Write the board spec with these sizes and elements; its path."""
    path = tmp_path / "game.yaml"
    path.write_text(BOARD.format(**{**WIDE, **given}))
    return str(path)


def seam(spec, paper: str, marker: float) -> float | None:
    """Where a later panel's edge lies on the board, in mm, measured on the built components PDF: on the page that shows
    the red marker (a bar 1 mm across, its middle marker mm from the board's left or top edge, lying across the page),
    the middle of the first black line down the page from it, where a grey glue tab starts (the line the earlier panel's
    tab carries where the next panel's edge goes); None when the first ink below the marker is no such line."""
    document, k = pypdfium2.PdfDocument(components_pdf(spec, paper)[0]), DPI / 25.4
    for page in document:
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
        r, g, _ = image.split()
        red = ImageChops.multiply(r.point(lambda v: 255 * (v > 150)), g.point(lambda v: 255 * (v < 110))).getbbox()
        if red is None:
            continue
        left, top, right, bottom = red
        assert right - left > 20 * (bottom - top), "the marker lies across the page"
        column = (left + right) // 2
        down = [min(image.getpixel((column, y))) < 80 for y in range(bottom, image.height)]
        if True not in down:
            return None
        start = down.index(True)
        end = start + down[start:].index(False)
        if not 100 < min(image.getpixel((column, bottom + end + round(k)))) < 230:   # 1 mm on: no shaded tab
            return None
        return marker + ((bottom + start + bottom + end) / 2 - (top + bottom) / 2) / k
    return None


def joins(result) -> list:
    """The join warnings of a pnp command's output, matched by JOIN."""
    return [JOIN.search(line) for line in result.output.splitlines() if "crosses a join" in line]


def test_a_title_across_the_join_of_a_board_s_panels_warns_where_the_printed_panels_meet_and_not_once_moved_clear(
        tmp_path):
    """A 400 x 280 mm board prints in four panels on A4 and on US Letter, their join as far in on both: a title across
    it is a warning naming that join, as the PDFs' glue tabs show it, and the build goes on; the board made narrower
    moves the join and the warning with it; the title moved clear of the join warns no more."""
    path = board(tmp_path)
    measured = {paper: seam(specs.load(path), paper, 100.5) for paper in ("a4", "letter")}
    assert measured["a4"] == pytest.approx(measured["letter"], abs=0.05)
    result = CliRunner().invoke(cli, ["validate", path])
    assert result.exit_code == 0, result.output
    (found,) = joins(result)
    assert found and result.output.count("crosses a join") == 1
    assert found["papers"] == "A4 and US Letter" and found["edge"] == "left"
    assert float(found["mm"]) == pytest.approx(measured["a4"], abs=0.1)
    assert float(found["low"]) < float(found["mm"]) < float(found["high"])
    assert f"warning: {path}: board: face 1: text 'Tidewatch'" in result.output
    built = CliRunner().invoke(cli, ["build", path, "--paper", "a4", "--out", str(tmp_path / "out")])
    assert built.exit_code == 0 and [m[0] for m in joins(built)] == [found[0]], built.output

    narrower = specs.load(path, ["components.board.width=380mm"])   # the face's kept verdict is not taken
    moved = seam(narrower, "a4", 100.5)
    assert moved < measured["a4"] - 5
    again = CliRunner().invoke(cli, ["validate", path, "--set", "components.board.width=380mm"])
    (found,) = joins(again)
    assert float(found["mm"]) == pytest.approx(moved, abs=0.1)

    clear = board(tmp_path, title="x: 210, y: 20, width: 180, height: 30")
    result = CliRunner().invoke(cli, ["validate", clear])
    assert result.exit_code == 0 and "crosses a join" not in result.output and "warning" not in result.output


def test_a_board_in_panels_on_us_letter_alone_warns_for_that_paper_and_one_that_fits_a_sheet_never_does(tmp_path):
    """170 x 250 mm fits an A4 sheet but not a Letter one, where it prints in two panels, one above the other: a title
    across their join warns naming US Letter and the join as far down as the Letter PDF's glue tab; the same board 230
    mm tall fits both papers, and the title across its middle warns of nothing."""
    marker = "x: 10, y: 60, width: 40, height: 1"
    title = "x: 50, y: 100, width: 115, height: 40"
    path = board(tmp_path, width=170, height=250, marker=marker, title=title, size=12)
    measured = seam(specs.load(path), "letter", 60.5)
    assert seam(specs.load(path), "a4", 60.5) is None   # one sheet: no glue tab
    result = CliRunner().invoke(cli, ["validate", path])
    (found,) = joins(result)
    assert result.exit_code == 0 and found["papers"] == "US Letter" and found["edge"] == "top", result.output
    assert float(found["mm"]) == pytest.approx(measured, abs=0.1)

    whole = board(tmp_path, width=170, height=230, marker=marker, title=title, size=12)
    assert seam(specs.load(whole), "letter", 60.5) is None
    result = CliRunner().invoke(cli, ["validate", whole])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
