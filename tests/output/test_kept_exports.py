"""Face exports kept between builds: a PNG or SVG face whose inputs and file are as the last export left them is not
drawn again, and what an export leaves is byte for byte what a fresh export into an empty folder writes."""
import csv
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import cli

FORMATS = ("png", "svg")


def pnp(*args) -> str:
    """Run pnp with args; its output (it must succeed)."""
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def game(tmp_path, monkeypatch) -> Path:
    """The game `pnp new` writes (six cards from a CSV in three suits, and a back), its spec's path."""
    monkeypatch.chdir(tmp_path)
    pnp("new", "mine")
    return tmp_path / "mine" / "mine.yaml"


def export(spec: Path, out: Path, *options) -> str:
    """pnp build --format png,svg of spec into out; the build's output."""
    return pnp("build", spec, "--format", ",".join(FORMATS), "--out", out, *options)


def faces(out: Path) -> dict:
    """{format/file name: (inode, bytes)} of every face file of the card component."""
    return {f"{name}/{path.name}": (path.stat().st_ino, path.read_bytes())
            for name in FORMATS for path in sorted((out / "mine" / name).glob("cards-*"))}


def drawn(before: dict, after: dict) -> set:
    """The face files written again between two looks (a new file: a new inode)."""
    assert before.keys() == after.keys()
    return {name for name in after if after[name][0] != before[name][0]}


def fresh(spec: Path, tmp_path: Path, *options) -> dict:
    """{name: bytes} of the same export into an empty folder."""
    out = tmp_path / f"fresh-{len(list(tmp_path.glob('fresh-*')))}"
    export(spec, out, *options)
    return {name: data for name, (_, data) in faces(out).items()}


def same_as_fresh(kept: dict, spec: Path, tmp_path: Path, *options) -> None:
    """Every face file an export left holds the bytes a fresh export writes."""
    assert {name: data for name, (_, data) in kept.items()} == fresh(spec, tmp_path, *options)


def test_an_unchanged_export_draws_no_face(game, tmp_path):
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    assert len(before) == 2 * 7   # six fronts and the back, in each format
    said = export(game, out)
    assert drawn(before, faces(out)) == set()
    assert said.count("unchanged: inputs and files match the last export") == len(FORMATS)


def test_a_card_edited_in_the_data_draws_that_card_alone(game, tmp_path):
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    data = game.parent / "cards.csv"
    data.write_text(data.read_text().replace("every Sprout you play", "each Sprout you play"))   # too long to name a file
    said = export(game, out)
    after = faces(out)
    assert {name.split("/")[1].rsplit(".")[0] for name in drawn(before, after)} == {"cards-6-old-oak-5-leaf-front"}
    assert len(drawn(before, after)) == len(FORMATS)
    assert said.count("6 of 7 unchanged: inputs and file match the last export") == len(FORMATS)
    same_as_fresh(after, game, tmp_path)


def test_a_colour_draws_again_the_faces_that_show_it(game, tmp_path):
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    rows = list(csv_rows(game.parent / "cards.csv"))
    moon = {row["title"] for row in rows if row["suit"] == "moon"}
    export(game, out, "--set", "palette.moon=#204060")
    after = faces(out)
    redrawn = drawn(before, after)
    assert len(moon) == 2 and len(redrawn) == len(moon) * len(FORMATS)
    assert all(any(_word(title) in name for title in moon) for name in redrawn)
    same_as_fresh(after, game, tmp_path, "--set", "palette.moon=#204060")


def test_another_dpi_draws_every_png_and_no_svg(game, tmp_path):
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    export(game, out, "--dpi", "150")
    after = faces(out)
    assert drawn(before, after) == {name for name in after if name.startswith("png/")}
    with Image.open(out / "mine" / "png" / "cards-back.png") as back:   # 63 x 88 mm and 3 mm bleed a side
        assert back.size == (round(69 / 25.4 * 150), round(94 / 25.4 * 150))
    same_as_fresh(after, game, tmp_path, "--dpi", "150")


def test_a_face_file_changed_on_disk_or_a_damaged_record_is_drawn_again(game, tmp_path):
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    damaged = next((out / "mine" / "png").glob("cards-1-sunrise-*.png"))
    damaged.write_bytes(damaged.read_bytes()[:100])   # cut short, as a full disk or an editor might leave it
    (out / "mine" / "svg" / "cards-back.svg").unlink()
    export(game, out)
    after = faces(out)
    assert drawn(before, after) == {f"png/{damaged.name}", "svg/cards-back.svg"}
    same_as_fresh(after, game, tmp_path)
    records = sorted((out / "mine" / ".pnp-cache").glob("*.cards.kept.json"))
    assert [record.name for record in records] == ["png.cards.kept.json", "svg.cards.kept.json"]
    kept = json.loads(records[0].read_text())
    assert len(kept) == 7 and all(len(entry) == 2 for entry in kept.values())
    for record, damage in zip(records, ("", '{"cards-back.png": ["a", "b"], "x": 1')):
        record.write_text(damage)
    export(game, out)
    again = faces(out)
    assert drawn(after, again) == set(again)   # no record to trust: every face drawn
    same_as_fresh(again, game, tmp_path)


def test_a_new_version_of_the_painting_libraries_draws_every_png(game, tmp_path, monkeypatch):
    from generator.output import raster
    from generator.output.formats import png
    out = tmp_path / "out"
    export(game, out)
    before = faces(out)
    painter = raster.painter()
    assert painter[3], "the libraries that paint are listed where /proc/self/maps is"
    assert any(Path(path).name.startswith("libcairo") for path, *_ in painter[3])
    monkeypatch.setattr(png, "painter", lambda: (*painter[:3], [(path, size + 1, time) for path, size, time in painter[3]]))
    export(game, out)
    assert drawn(before, faces(out)) == {name for name in before if name.startswith("png/")}


def csv_rows(path: Path):
    """The rows of a CSV file as dicts."""
    with open(path, newline="", encoding="utf-8") as handle:
        yield from csv.DictReader(handle)


def _word(title: str) -> str:
    """A title as a face's file name shows it."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def test_a_tabletop_simulator_export_draws_again_the_sheets_an_edit_shows_on(game, tmp_path):
    def images(out: Path) -> dict:
        return {path.name: (path.stat().st_ino, path.read_bytes()) for path in sorted((out / "mine" / "tts").glob("*.png"))}
    out = tmp_path / "out"
    pnp("build", game, "--format", "tts", "--out", out)
    before = images(out)
    assert set(before) == {"cards-sheet-1.png", "cards-back.png"}
    said = pnp("build", game, "--format", "tts", "--out", out)
    assert drawn(before, images(out)) == set() and "unchanged: inputs and files match the last export" in said
    data = game.parent / "cards.csv"
    data.write_text(data.read_text().replace("every Sprout you play", "each Sprout you play"))
    said = pnp("build", game, "--format", "tts", "--out", out)
    after = images(out)
    assert drawn(before, after) == {"cards-sheet-1.png"} and "1 of 2 unchanged" in said
    pnp("build", game, "--format", "tts", "--out", tmp_path / "fresh")
    assert {name: data for name, (_, data) in after.items()} == {name: data for name, (_, data) in images(tmp_path / "fresh").items()}
