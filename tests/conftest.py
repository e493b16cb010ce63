"""Shared fixtures: built PDFs of the shipped specs, rendered pages."""
import atexit
import os
import shutil
import signal
import tempfile

import pytest

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="pnp-test-cache-")  # measures kept between runs: the tests' own
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:   # run in the background by a shell without job control: the
    signal.signal(signal.SIGINT, signal.default_int_handler)   # tests' Ctrl-C (to pnp here and in the processes they
                                                               # start, which would inherit the ignoring) must land

from generator.spec import loader as specs  # noqa: E402
from generator.build import build  # noqa: E402


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
