"""Long work tells how far it has come on a terminal, and nothing anywhere else."""
import io

from generator import progress, scaffold
from generator.check.validate import validate
from generator.spec import loader as specs
from generator.spec.expand import expand


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_checking_a_deck_tells_each_face_on_a_terminal_then_clears_its_line(tmp_path, monkeypatch):
    spec = specs.load(str(scaffold.new(tmp_path / "deck")[0]))
    faces = len(expand(spec)[1])   # the distinct faces the checks judge, counted from the spec
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.setattr(progress, "EVERY", 0)
    shown = Terminal()
    monkeypatch.setattr("sys.stderr", shown)
    assert validate(spec) == []
    lines = shown.getvalue().split("\r\x1b[K")
    assert lines[0] == "" and lines[-1] == "", "each update starts by clearing the line, and the last clears it"
    assert lines[1:-1] == [f"deck: checking faces: {n:,} of {faces:,}" for n in range(1, faces + 1)]
    piped = io.StringIO()
    monkeypatch.setattr("sys.stderr", piped)
    assert validate(specs.load(spec.path, ["game.title=Piped"])) == [] and piped.getvalue() == ""


def test_writing_a_deck_s_svg_pages_tells_each_page_on_a_terminal(tmp_path, monkeypatch):
    """2,501 SVG pages sat at one step of the build's bar for the whole of their minute."""
    import pypdf
    from generator.batch import Options
    from generator.build import build
    from generator.output.formats import svg
    spec = specs.load(str(scaffold.new(tmp_path / "deck")[0]))
    validate(spec)
    pages = len(pypdf.PdfReader(build(spec, "a4", tmp_path / "pdf")[0]).pages)   # counted from the PDF, written apart
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.setattr(progress, "EVERY", 0)
    shown = Terminal()
    monkeypatch.setattr("sys.stderr", shown)
    svg.write_pages(spec, "a4", Options(tmp_path / "svg", "a4", "duplex", (), 300, None))
    lines = shown.getvalue().split("\r\x1b[K")
    assert lines[1:-1] == [f"deck: svg a4 pages: {n:,} of {pages:,}" for n in range(1, pages + 1)] and lines[-1] == ""
