"""Rulebooks: both papers, the spec's components and counts in the text, vector diagrams, embedded fonts."""
import io

import pikepdf
import pypdf
import pytest

from generator import spec as specs
from generator.expand import expand
from generator.games import grannys_pills as gp
from generator.rulebook import rules_path, rules_pdf

GAMES = [p.stem for p in specs.shipped() if rules_path(specs.load(str(p))).is_file()]


@pytest.fixture(scope="module", params=[(g, paper) for g in GAMES for paper in ("a4", "letter")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def built(request):
    """(spec, PDF bytes) of one game's rulebook on one paper."""
    game, paper = request.param
    spec = specs.load(game)
    return spec, paper, rules_pdf(spec, paper)[0]


def test_text_names_title_designer_and_every_component_with_its_count(built):
    spec, _, data = built
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    text = " ".join(text.split())
    assert spec.game.title in text and spec.game.designer in text
    pieces, _ = expand(spec)
    for comp in spec.components:
        count = sum(1 for p in pieces if p.component == comp.id)
        assert f"{comp.title} {count}" in text, comp.title


def test_diagrams_are_vector_and_fonts_are_the_bundled_ones(built):
    spec, paper, data = built
    with pikepdf.open(io.BytesIO(data)) as pdf:
        subtypes = {str(o.get("/Subtype")) for o in pdf.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))}
        assert "/Image" not in subtypes, "no raster images"
        fonts = {str(o.BaseFont).split("+")[-1] for o in pdf.objects
                 if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font" and "/BaseFont" in o}
        assert fonts and fonts <= {"Vera", "Vera-Bold", "BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}, fonts
        diagram_names = [name for page in pdf.pages for name in page.Resources.get("/XObject", {}).keys()
                         if name.startswith("/D")]
        expected = rules_path(spec).read_text().count("diagram:")
        assert len({n.rstrip("0123456789") for n in diagram_names}) == expected
        width = float(pdf.pages[0].MediaBox[2])
        assert width == pytest.approx(595.28 if paper == "a4" else 612.0, abs=0.01)


def test_every_shipped_game_has_a_rulebook():
    missing = [p.stem for p in specs.shipped() if p.stem not in GAMES]
    assert not missing, f"no rules text for {missing}"


def test_scoring_follows_the_rules():
    pattern = [[("red", "round"), ("blue", "capsule"), ("green", "diamond")]] * 3
    right = [[[cell] for cell in row] for row in pattern]
    assert gp.score_round(pattern, right) == ([[2, 2, 2]] * 3, 18)
    empty = [[[] for _ in row] for row in pattern]
    assert gp.score_round(pattern, empty)[1] == 0
    stacked = [[[("red", "triangle"), ("red", "round")], [], []]] + [[[], [], []]] * 2
    assert gp.score_round(pattern, stacked)[1] == 1
    wrong = [[[("blue", "round")], [("blue", "capsule")], []]] + [[[], [], []]] * 2
    assert gp.score_round(pattern, wrong)[1] == 0
