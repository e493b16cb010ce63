"""The library API (generator.load, validate, build) and python -m generator."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

import generator
from generator.errors import SpecError, UserError
from generator.units import PT_PER_MM


def test_load_by_name_or_path_with_overrides_and_a_theme(tmp_path):
    by_name = generator.load("grannys-pills", ["palette.red=#c0392b"])
    assert by_name.palette["red"] == "#c0392b" and by_name.game.id == "grannys-pills"
    by_path = generator.load(generator.load("posies").path)
    assert by_path.game.title == "Posies"
    themed = generator.load("posies", theme="okabe-ito")
    assert themed.palette != by_path.palette


def test_load_refuses_a_bad_spec_in_one_line(tmp_path):
    with pytest.raises(SpecError) as caught:
        generator.load("grannys-pills", ["components.pill.faces.copies=seven"])
    assert "--set components.pill.faces.copies" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(UserError):
        generator.load(tmp_path / "missing.yaml")


def test_validate_returns_the_failures():
    assert generator.validate(generator.load("posies")) == []
    failures = generator.validate(generator.load("grannys-pills", ["components.pill.expect=111"]))
    assert [(f.component, f.message) for f in failures] == [("pill", "component count (expected 111, found 112): expect: 111 is from --set")]


def test_build_writes_components_and_rules_on_the_paper_asked(tmp_path):
    spec = generator.load("posies")
    paths = generator.build(spec, paper="letter", out=tmp_path)
    assert [p.name for p in paths] == ["posies-components-letter.pdf", "posies-rules-letter.pdf"]
    for path in paths:
        box = PdfReader(path).pages[0].mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == (612.0, 792.0)
    both = generator.build(spec, paper="all", out=tmp_path / "all", backs="fold")
    assert [p.name for p in both] == ["posies-components-a4-fold.pdf", "posies-rules-a4.pdf",
                                      "posies-components-letter-fold.pdf", "posies-rules-letter.pdf"]
    custom = generator.build(spec, paper="250x350mm", out=tmp_path / "custom")[0]
    box = PdfReader(custom).pages[0].mediabox
    assert (round(float(box.width) / PT_PER_MM, 1), round(float(box.height) / PT_PER_MM, 1)) == (250.0, 350.0)


def test_build_refuses_a_failing_set_a_bad_paper_and_bad_backs(tmp_path):
    with pytest.raises(UserError, match="1 check failed, not building"):
        generator.build(generator.load("grannys-pills", ["components.pill.expect=111"]), out=tmp_path)
    spec = generator.load("posies")
    with pytest.raises(UserError, match="unknown paper 'b5'"):
        generator.build(spec, paper="b5", out=tmp_path)
    with pytest.raises(UserError, match="unknown backs 'sideways'"):
        generator.build(spec, backs="sideways", out=tmp_path)
    assert not list(tmp_path.iterdir())


def test_the_api_keeps_its_names_when_the_modules_of_the_same_names_load():
    import generator.build  # noqa: F401  (loads the module build.py)
    import generator.check.validate  # noqa: F401
    from generator.build import components_pdf
    assert callable(components_pdf)
    assert generator.build.__module__ == "generator" and generator.validate.__module__ == "generator"
    assert sys.modules["generator.build"].papers("all") == ("a4", "letter")


def test_python_dash_m_generator_runs_the_cli():
    listed = subprocess.run([sys.executable, "-m", "generator", "list"], capture_output=True, text=True)
    assert listed.returncode == 0 and "grannys-pills  Granny's Pills (by Mario Primorac)" in listed.stdout
    bad = subprocess.run([sys.executable, "-m", "generator", "build", "--paper", "b5"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr == ("error: pnp build: invalid value for '--paper': unknown paper 'b5' "
                                                  "(expected one of a4, letter, a3, tabloid, legal, or WIDTHxHEIGHT with a "
                                                  "unit of mm, cm or in, e.g. 300x400mm or 8.5x11in); or all, for A4 and Letter (see 'pnp build "
                                                  "--help')\n"), bad.stderr


def test_every_import_the_docs_python_examples_write_imports():
    """text-and-art.md wrote 'from generator import textbox, typeface' (ImportError: they are generator.draw's), and
    the package's docstring generator.check.validate(spec): each import line of a docs example runs, and the library
    names the docstring uses exist."""
    root = Path(__file__).resolve().parents[1]
    lines = [line.strip() for doc in [*(root / "docs").glob("*.md"), root / "README.md"]
             for block in doc.read_text(encoding="utf-8").split("```python\n")[1:]
             for line in block.split("```")[0].splitlines() if line.strip().startswith(("from generator", "import generator"))]
    assert len(lines) >= 3, lines
    for line in lines:
        exec(line, {})   # raises ImportError for a name the package has not
    assert all(callable(getattr(generator, name)) for name in re.findall(r"generator\.(\w+)\(", generator.__doc__))


def test_the_readme_s_library_example_passes_its_checks():
    """The README's example laid palette.red over okabe-ito, which calls red 'orange': validate failed on it (red
    printed, 'orange' named). Its load and validate lines, as written there, give no failure."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = next(b.split("```")[0] for b in readme.split("```python\n")[1:] if "generator.load(" in b)
    names: dict = {}
    exec("\n".join(line for line in block.splitlines() if not line.startswith("paths =")), names)
    assert names["failures"] == []
