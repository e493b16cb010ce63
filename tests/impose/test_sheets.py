"""Page 1's list measured without drawing it: as far down as the drawn list reaches, its wrapped lines remembered."""
import pytest

from generator.draw import svg, textfit
from generator.impose import sheets
from generator.impose.imposition import impose
from generator.spec import loader as specs
from generator.spec.expand import expand

GAMES = ("glorieta", "grannys-pills", "hexstatic", "paths-and-pahs", "pixeliction", "posies")


def lowest_baseline(dwg) -> float:
    """The lowest baseline of the drawing's lines of text (mm)."""
    return max(float(e.attrs["y"]) for e in svg.walk(dwg) if isinstance(e, svg.Text))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_list_is_measured_as_far_down_as_it_is_drawn_and_without_drawing_a_line(paper, monkeypatch):
    """The six games and each component alone (as imposition tries them): list_bottom is the drawn list's last
    baseline plus its descenders, and working it out writes no text."""
    for game in GAMES:
        spec = specs.load(game)
        pieces = expand(spec)[0]
        for mine in [pieces] + [[p for p in pieces if p.component == comp.id] for comp in spec.components]:
            plan = impose(spec, mine, paper, drafted=True)
            rows = [("",) * 5 for _ in spec.components]
            dwg = svg.drawing(plan.width, plan.height, ident="manifest")
            drawn = sheets.listing(dwg, plan, spec, rows, [s.side for s in plan.sheets])
            assert drawn == pytest.approx(lowest_baseline(dwg), abs=0.01)
            with monkeypatch.context() as m:
                m.setattr(svg, "text", lambda *a, **k: pytest.fail("list_bottom drew a line of text"))
                assert sheets.list_bottom(plan, spec) == drawn + 1.5


def test_a_wrapped_text_is_remembered_and_changes_with_its_text_size_and_width():
    sheets.wrapped.cache_clear()
    text = "Card of 160-200 g/m² for pages 1-9 (the pieces you handle); plain paper for page 10 (written on in play)."
    lines = sheets.wrapped(text, 3.3, 60.0)
    assert sheets.wrapped(text, 3.3, 60.0) is lines and sheets.wrapped.cache_info().hits == 1
    assert lines == tuple(textfit.wrap(text, 3.3, 60.0)) and len(lines) > 1
    for other in ((text + " More.", 3.3, 60.0), (text, 4.0, 60.0), (text, 3.3, 120.0)):
        assert sheets.wrapped(*other) == tuple(textfit.wrap(*other)) != lines
