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


def test_how_to_print_names_what_the_sheets_hold_and_touching_pieces_share_a_cut_line():
    """Page 1 of a deck of cards says its cards that touch share a cut line (it said "tiles in a block", whatever the
    deck); round tokens punched out beside them leave the words as they are, another straight-cut component makes them
    "pieces". On the deck's sheet, neighbouring cards' trims do touch: one cut line between two."""
    import pypdfium2

    from generator.build import components_pdf
    cards = {"kind": "layout", "width": "63mm", "height": "88mm", "expect": 9, "faces": {"copies": 9},
             "layout": {"ground": "paper", "elements": {}}}
    tokens = {"kind": "layout", "shape": "circle", "size": "25.4mm", "expect": 4, "faces": {"copies": 4},
              "layout": {"ground": "paper", "elements": {}}}
    card = {**cards, "expect": 1, "faces": {"copies": 1}, "width": "100mm", "height": "70mm"}
    tarot = {**cards, "title": "Tarot", "shape": "rounded", "radius": "4mm"}   # 'tarot that touch' read badly
    for components, words in (({"tarot": tarot}, "pieces"), ({"cards": cards}, "cards"),
                              ({"cards": cards, "tokens": tokens}, "cards"), ({"cards": cards, "reference": card}, "pieces")):
        spec = specs.build("t.yaml", {"game": {"title": "T", "designer": "D"}, "palette": {"paper": "#fbf7ee"},
                                      "components": components}, {})
        data, _ = components_pdf(spec, "a4")
        text = pypdfium2.PdfDocument(data)[0].get_textpage().get_text_range()
        assert f"Cut along the lines between crop marks; {words} that touch share a cut line." in text.splitlines()
        assert ("A corner rounder (4 mm) for the corners of the tarot, or scissors." in text.splitlines()) == ("tarot" in components)
    hexes = pypdfium2.PdfDocument(components_pdf(specs.load("hexstatic"), "a4")[0])[0].get_textpage().get_text_range()
    assert "Cut the hex tiles along their outlines." in " ".join(hexes.split())   # they have no crop marks
    plan = impose(spec, expand(spec)[0], "a4")
    slots = [s for sheet in plan.sheets for s in sheet.slots if s.art.startswith("cards")]
    edges = {(round(s.x + s.w, 3), round(s.y, 3)) for s in slots}
    assert any((round(s.x, 3), round(s.y, 3)) in edges for s in slots)
