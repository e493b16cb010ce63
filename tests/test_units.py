"""Lengths with units and paper sizes: the PAPERS table, custom WIDTHxHEIGHT sizes, builds on every kind of paper."""
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.build import build as build_components, build_rules, papers
from generator.spec import loader as specs
from generator.cli import cli
from generator.errors import UserError
from generator.units import HOME_PAPERS, PAPERS, PT_PER_MM, Paper, paper, paper_size, parse_length


@pytest.mark.parametrize("text, mm", [("25 mm", 25.0), ("25mm", 25.0), ("1in", 25.4), ("2.5 cm", 25.0),
                                      ("72pt", 25.4), ("12pt", 4.233333), ("0.5 in", 12.7)])
def test_lengths_convert_to_mm(text, mm):
    assert parse_length(text) == pytest.approx(mm, abs=1e-6)


@pytest.mark.parametrize("text", ["25", 25, "25 px", "mm", "", "25 mm mm", None, [25]])
def test_lengths_need_a_known_unit(text):
    with pytest.raises(UserError, match="expected a length with a unit"):
        parse_length(text)


@pytest.mark.parametrize("name, points", [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0)), ("a3", (841.89, 1190.55)),
                                          ("tabloid", (792.0, 1224.0)), ("legal", (612.0, 1008.0))])
def test_paper_sizes_in_points_match_the_standards(name, points):
    assert tuple(round(v * PT_PER_MM, 2) for v in paper_size(name)) == points
    assert PAPERS[name].name == name


@pytest.mark.parametrize("text, name, size", [("300x400mm", "300x400mm", (300.0, 400.0)),
                                              ("8.5x11in", "8.5x11in", (215.9, 279.4)),
                                              (" 21 X 29.7 cm", "21x29.7cm", (210.0, 297.0)),
                                              ("A3", "a3", (297.0, 420.0))])
def test_custom_sizes_and_names_in_any_case(text, name, size):
    assert paper(text).name == name
    assert paper_size(text) == pytest.approx(size)


@pytest.mark.parametrize("text, why", [("b5", "unknown paper 'b5'"), ("300x400", "unknown paper '300x400'"),
                                       ("300x400px", "unknown paper"), ("x400mm", "unknown paper"),
                                       ("-300x400mm", "unknown paper"), ("50x400mm", "each side must be 100 to 1200 mm"),
                                       ("2000x400mm", "each side must be 100 to 1200 mm"), ("", "unknown paper")])
def test_bad_sizes_are_one_clear_line(text, why):
    with pytest.raises(UserError, match=why) as caught:
        paper(text)
    assert "\n" not in str(caught.value)


def test_all_means_the_home_papers_and_names_are_made_canonical():
    assert papers("all") == HOME_PAPERS == ("a4", "letter")
    assert papers("Tabloid") == ("tabloid",)
    assert papers("300 x 400 mm") == ("300x400mm",)


def page_sizes(path: Path) -> set:
    """The distinct page sizes of a PDF in mm, read from its MediaBoxes."""
    boxes = {(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages}
    return {(round(w / PT_PER_MM, 1), round(h / PT_PER_MM, 1)) for w, h in boxes}


@pytest.mark.parametrize("size, mm", [("a3", (297.0, 420.0)), ("300x400mm", (300.0, 400.0))])
def test_every_shipped_game_builds_on_a3_and_a_custom_size(tmp_path, size, mm):
    result = CliRunner().invoke(cli, ["build", "--paper", size, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    built = sorted(tmp_path.glob("*/*.pdf"))
    games = [p.stem for p in specs.shipped()]
    assert [p.name for p in built] == sorted(f"{g}-{what}-{size}.pdf" for g in games for what in ("components", "rules"))
    for path in built:
        assert page_sizes(path) == {mm}, path


def test_a_bigger_sheet_holds_more_pieces(tmp_path):
    spec = specs.load("grannys-pills")
    pages = {size: build_components(spec, size, tmp_path)[1] for size in ("a4", "a3")}
    assert pages["a3"] < pages["a4"]


def test_rulebook_text_keeps_a_readable_measure_on_wide_paper(tmp_path):
    spec = specs.load("posies")
    widths = {}
    for size in ("a4", "tabloid"):
        path = build_rules(spec, size, tmp_path)[0]
        reader = PdfReader(path)
        xs = []
        reader.pages[0].extract_text(visitor_text=lambda text, cm, tm, font, size: xs.append(tm[4] + cm[4]) if text.strip() == spec.game.title else None)
        widths[size] = (xs[0], float(reader.pages[0].mediabox.width))  # where the title starts
    a4_left, _ = widths["a4"]
    wide_left, wide_page = widths["tabloid"]
    assert a4_left == pytest.approx(18 * PT_PER_MM + 6, abs=1)  # the 18 mm margin and the frame's padding
    assert wide_left == pytest.approx((wide_page - 180 * PT_PER_MM) / 2 + 6, abs=1)  # a 180 mm column, centred


@pytest.mark.parametrize("command", [["build", "posies"], ["build", "posies", "--format", "png"], ["rules", "posies"]])
@pytest.mark.parametrize("size, why", [
    ("b5", "unknown paper 'b5' (expected one of a4, letter, a3, tabloid, legal, or WIDTHxHEIGHT with a unit of mm, cm or "
           "in, e.g. 300x400mm or 8.5x11in)"),
    ("tabloid,legal", "unknown paper 'tabloid,legal' (expected one of a4, letter, a3, tabloid, legal, or WIDTHxHEIGHT "
                      "with a unit of mm, cm or in, e.g. 300x400mm or 8.5x11in)"),
    ("300x400", "unknown paper '300x400' (expected one of a4, letter, a3, tabloid, legal, or WIDTHxHEIGHT with a unit of "
                "mm, cm or in, e.g. 300x400mm or 8.5x11in)"),
    ("10x10mm", "paper '10x10mm' is 10 x 10 mm: each side must be 100 to 1200 mm")])
def test_a_bad_paper_on_the_command_line_is_a_usage_error_as_a_bad_dpi_is(tmp_path, command, size, why):
    """A --paper value that names no size is a usage error, as a bad --dpi, --format or --backs is: one line naming the
    command, exit 1, and nothing written."""
    result = CliRunner().invoke(cli, [*command, "--paper", size, "--out", str(tmp_path)], prog_name="pnp")
    assert result.exit_code == 1
    assert result.output == (f"error: pnp {command[0]}: invalid value for '--paper': {why}; or all, for A4 and Letter "
                             f"(see 'pnp {command[0]} --help')\n"), result.output
    assert not list(tmp_path.iterdir())
    assert CliRunner().invoke(cli, ["build", "--dpi", "0"]).exit_code == 1


def test_a_poster_sized_sheet_holds_a_whole_rulebook_on_one_page(tmp_path):
    path, pages, _ = build_rules(specs.load("posies"), "1200x1200mm", tmp_path)
    assert pages == len(PdfReader(path).pages) == 1


def test_a_paper_added_to_the_table_builds_by_its_name(tmp_path, monkeypatch):
    monkeypatch.setitem(PAPERS, "b4", Paper("b4", "B4", 250.0, 353.0))
    result = CliRunner().invoke(cli, ["build", "posies", "--paper", "b4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    components = tmp_path / "posies" / "posies-components-b4.pdf"
    reader = PdfReader(components)
    assert page_sizes(components) == page_sizes(tmp_path / "posies" / "posies-rules-b4.pdf") == {(250.0, 353.0)}
    assert reader.metadata.title == "Posies: components (B4)" and "· B4" in reader.pages[1].extract_text()


def test_the_paper_option_lists_the_table():
    help_text = " ".join(CliRunner().invoke(cli, ["build", "--help"]).output.split())
    assert all(name in help_text for name in PAPERS) and "WIDTHxHEIGHT" in help_text
