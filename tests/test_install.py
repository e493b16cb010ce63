"""Installed from a built wheel (not an editable install), pnp ships its games: specs, rules, templates and themes."""
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The project built into a wheel from a clean copy of its tracked files, unpacked into a folder of its own."""
    work = tmp_path_factory.mktemp("wheel")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    source = work / "source"
    for name in filter(None, (f.decode() for f in files)):
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        elif (ROOT / name).is_file():
            shutil.copy2(ROOT / name, target)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(work / "dist"), str(source)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (work / "dist").glob("pnp-*.whl")
    target = work / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return wheel, target


def pnp(target, cwd, *args):
    """Run the wheel's pnp in cwd, with the unpacked wheel first on the path."""
    env = {**os.environ, "PYTHONPATH": str(target)}
    code = "import generator, sys; assert generator.__file__.startswith(sys.argv.pop(1)); from generator.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, str(target), *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_the_wheel_holds_every_shipped_file(installed):
    wheel, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"generator/{p.relative_to(ROOT / 'generator').as_posix()}" for folder in ("specs", "templates", "themes")
               for p in (ROOT / "generator" / folder).rglob("*") if p.is_file()}
    assert shipped and shipped <= names, sorted(shipped - names)
    modules = {f"generator/{p.relative_to(ROOT / 'generator').as_posix()}" for p in (ROOT / "generator").rglob("*.py")}
    assert "generator/games/glorieta/commands.py" in modules and modules <= names, sorted(modules - names)  # every package


def test_from_a_wheel_pnp_lists_and_builds_the_shipped_games_in_an_empty_folder(installed, tmp_path):
    _, target = installed
    listed = pnp(target, tmp_path, "list")
    assert listed.returncode == 0, listed.stderr
    games = [line.split()[0] for line in listed.stdout.splitlines() if not line.startswith(" ")]
    assert games == sorted(p.stem for p in (ROOT / "generator" / "specs").glob("*.yaml"))
    built = pnp(target, tmp_path, "build", "posies", "--paper", "a4")
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (tmp_path / "output" / "posies").glob("*.pdf")) == [
        "posies-components-a4.pdf", "posies-rules-a4.pdf"]


def test_a_command_that_finds_no_game_is_an_error(installed, tmp_path):
    _, target = installed
    shutil.rmtree(target / "generator" / "specs")
    for command in ("list", "build", "validate"):
        result = pnp(target, tmp_path, command)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.startswith("error: no games found: the shipped specs should be in "), result.stderr
    assert not (tmp_path / "output").exists()


def test_security_md_names_the_font_cache_folder_fontconfig_writes():
    """Every cache folder the bundled fonts.conf sends fontconfig to is named in docs/security.md."""
    import xml.etree.ElementTree as ET
    folders = [node.text for node in ET.parse(ROOT / "generator" / "fonts" / "fonts.conf").iter("cachedir")]
    security = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    assert folders and all(f"$XDG_CACHE_HOME/{name}/" in security and f"~/.cache/{name}/" in security for name in folders)
