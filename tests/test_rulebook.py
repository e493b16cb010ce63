"""Rulebooks: both papers, the spec's components and counts in the text, vector diagrams, embedded fonts."""
import io

import pikepdf
import pypdf
import pytest

from generator import spec as specs
from generator.expand import expand
from generator.games import grannys_pills as gp
from generator.errors import UserError
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


def hostile_rules(tmp_path, old, new, title=None):
    """A copy of Posies whose rules text has old replaced by new (and, if given, the board's title); its loaded spec."""
    import shutil
    (tmp_path / "rules").mkdir()
    shutil.copytree(specs.SPECS / "positions", tmp_path / "positions")
    text = (specs.SPECS / "rules" / "posies.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "rules" / "mine.yaml").write_text(text.replace(old, new), encoding="utf-8")
    (tmp_path / "mine.yaml").write_text((specs.SPECS / "posies.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return specs.load(str(tmp_path / "mine.yaml"), [f"components.board.title={title}"] if title else [])


GREEN_ROW = '[Green, four broad petals, "{posy-green.value}"]'


def test_a_table_row_taller_than_a_page_is_refused_naming_the_row(tmp_path):
    spec = hostile_rules(tmp_path, GREEN_ROW, '[Green, "' + " ".join(["word"] * 1200) + '", "3"]')
    with pytest.raises(UserError) as caught:
        rules_pdf(spec, "a4")
    assert str(caught.value) == (f"{tmp_path / 'rules' / 'mine.yaml'}: sections[3].blocks[1].table[3]: this table row is "
                                 "353 mm tall and a page holds 259 mm: shorten it or split it into rows")


@pytest.mark.parametrize("old, new, title", [
    (GREEN_ROW, '[Green, "' + "x" * 400 + '", "3"]', None),        # a word wider than its column
    ("A meadow of posies covers", "Y" * 3000 + " covers", None),      # a word wider than the page
    (GREEN_ROW, GREEN_ROW, "W" * 100),                                # the longest title, one word
])
def test_unbreakable_words_are_broken_inside_their_column_and_the_page(tmp_path, old, new, title):
    data, pages = rules_pdf(hostile_rules(tmp_path, old, new, title), "a4")
    import pypdfium2
    doc = pypdfium2.PdfDocument(data)
    assert len(doc) == pages >= 4
    for page in doc:  # no ink right of the text frame (18 mm margins, 6 pt padding)
        image = page.render(scale=100 / 72).to_pil().convert("L")
        edge = round((210 - 18 + 1) / 25.4 * 100)
        assert image.crop((edge, 0, image.width, image.height)).getextrema()[0] > 250
    doc.close()
