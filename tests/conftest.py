"""Shared fixtures: built PDFs of the shipped specs, rendered pages."""
import pytest

from generator import spec as specs
from generator.build import build


@pytest.fixture(scope="session")
def grannys():
    """The shipped Granny's Pills spec."""
    return specs.load("grannys-pills")


@pytest.fixture(scope="session")
def grannys_pdfs(grannys, tmp_path_factory):
    """Granny's Pills built once on both papers: {paper: path}."""
    out = tmp_path_factory.mktemp("out")
    return {paper: build(grannys, paper, out)[0] for paper in ("a4", "letter")}


def render(path, page_index, dpi):
    """Render one PDF page to a greyscale numpy-free pixel grid (PIL image)."""
    import pypdfium2
    doc = pypdfium2.PdfDocument(str(path))
    image = doc[page_index].render(scale=dpi / 72).to_pil().convert("L")
    doc.close()
    return image
