"""`pnp new`: a folder holding a starter game (spec, data, layouts, an icon, rules) that builds and validates at once."""
import re
import shlex
import shutil
from pathlib import Path

from . import files
from .check.validate import validate
from .errors import UserError
from .games import ruleset
from .spec import loader

STARTER = Path(__file__).resolve().parent / "scaffold"
MAX_TITLE = 100   # characters of a title (spec.schema.title)
FILES = ("game.yaml", "cards.csv", "card.yaml", "back.yaml", "templates/coin.svg", "rules/game.yaml")


def title(game_id: str) -> str:
    """A title from a folder name: my-game or My game -> My Game (a word's other letters kept: iOS-quest -> IOS Quest)."""
    return " ".join(word[0].upper() + word[1:] for word in re.split(r"[-_ ]+", game_id) if word) or game_id


def _new_folder(folder) -> tuple:
    """(folder as a Path, the game id its resolved name makes: . names the game after the folder it is), refused unless
    it can be written: a valid id, a folder not there yet (its parent there) or an empty one (hidden entries aside: a
    fresh repository's .git)."""
    if not str(folder).strip():
        raise UserError("pnp new: give the folder to write, e.g. pnp new my-game")
    folder = Path(folder)
    game_id = folder.resolve().name
    if not loader.is_game_id(game_id) or game_id.startswith("."):
        named = "" if game_id == folder.name else f" ({game_id!r})"
        raise UserError(f"{folder}: the folder's name{named} makes the game id, which names the spec and the output "
                        "files: start it with a letter or digit and use only the letters a-z and A-Z, digits, spaces, "
                        "'.', '_', '+' and '-' (e.g. my-game)")
    if game_id.lower().endswith((".yaml", ".yml")):
        raise UserError(f"{folder}: a folder named like a spec file, which pnp validate and pnp build would read as one: "
                        f"name it without {Path(game_id).suffix} (e.g. pnp new {folder.with_name(Path(game_id).stem)})")
    if folder.is_symlink() or folder.exists() and not (folder.is_dir() and not _shown(folder)):
        what = "as a link" if folder.is_symlink() else "and is not empty" if folder.is_dir() else "as a file"
        raise UserError(f"{folder}: already exists {what} (pnp new writes a new folder, or into an empty one, and never "
                        "overwrites: choose another name)")
    if not folder.parent.is_dir():
        raise UserError(f"{folder}: the folder {folder.parent} to create it in "
                        + ("is a file" if folder.parent.exists() else "does not exist"))
    return folder, game_id


def _shown(folder: Path) -> list:
    """The entries of a folder that are not hidden (their names not starting with a dot)."""
    return [path for path in folder.iterdir() if not path.name.startswith(".")]


def copy(folder, game: str) -> list:
    """Write a shipped game into a new folder to change it there: its spec (named after the folder, its ruleset kept),
    its rules text and the files its rules read beside the spec (Glorieta's positions); return the paths written."""
    shipped = {path.stem: path for path in files.shipped()}
    if game not in shipped:
        raise UserError(f"--from {game!r}: no shipped game of that name (shipped games: {', '.join(shipped)})")
    folder, game_id = _new_folder(folder)
    spec = shipped[game]
    sources = [(spec, f"{game_id}.yaml"), (spec.parent / "rules" / spec.name, f"rules/{game_id}.yaml")]
    sources = [(source, name) for source, name in sources if source.is_file()]
    for part in ruleset(loader.load(str(spec))).beside:
        sources += [(path, f"{part}/{path.name}") for path in sorted((spec.parent / part).glob("*.yaml"))]
    written = []
    for source, name in sources:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
        written.append(target)
    return written


def _as_text(value: str) -> str:
    """value as a YAML value that reads as that text: plain when YAML reads it so (My Game), else quoted (2024, Yes)."""
    from .spec import yamlsource  # lazy: start-up
    read = yamlsource.load("title", f"k: {value}", noun="value")[0]
    return value if read == {"k": value} else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def new(folder) -> list:
    """Write the starter game into a new folder or an empty one (never into one holding anything but hidden entries);
    return the paths written. A name the starter cannot take (a file name longer than the system's, a title its card backs cannot hold)
    leaves no folder, or the empty one as it was."""
    folder, game_id = _new_folder(folder)
    made = not folder.is_dir()
    if len(title(game_id)) > MAX_TITLE:
        raise UserError(f"{folder}: the folder's name makes the game's title, which may hold {MAX_TITLE} characters, and "
                        f"this one's has {len(title(game_id))}: choose a shorter name")
    try:
        written = _starter(folder, game_id)
        failures = validate(loader.load(str(written[0])))
    except (OSError, UserError) as exc:
        _undo(folder, made)
        raise UserError(f"{folder}: cannot write the starter game there ({getattr(exc, 'strerror', None) or exc})") \
            from None
    if failures:
        _undo(folder, made)
        raise UserError(f"{folder}: the starter game named so would fail its own checks ({failures[0].message}): "
                        "choose a shorter name")
    return written


def _undo(folder: Path, made: bool) -> None:
    """Remove what pnp new wrote: the folder it made, or what it wrote into the one it was given (kept, with its hidden
    entries)."""
    if made:
        shutil.rmtree(folder, ignore_errors=True)
        return
    for path in _shown(folder):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def _starter(folder: Path, game_id: str) -> list:
    """Write the starter game's files into folder; return their paths."""
    written = []
    for name in FILES:
        text = (STARTER / name).read_text(encoding="utf-8")
        named, said = title(game_id), _as_text(title(game_id))   # a comment's title as it is; a value's, YAML's text
        text = "".join(line.replace("GAME_TITLE", named if line.lstrip().startswith("#") else said)
                       for line in text.splitlines(keepends=True)).replace("GAME_ID.yaml", shlex.quote(f"{game_id}.yaml"))
        target = folder / name.replace("game.yaml", f"{game_id}.yaml")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written
