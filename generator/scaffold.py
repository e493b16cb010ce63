"""`pnp new`: a folder holding a starter game (spec, data, layouts, an icon, rules) that builds and validates at once."""
import re
import shlex
from pathlib import Path

from .errors import UserError
from .spec.loader import is_game_id

STARTER = Path(__file__).resolve().parent / "scaffold"
FILES = ("game.yaml", "cards.csv", "card.yaml", "back.yaml", "templates/coin.svg", "rules/game.yaml")


def title(game_id: str) -> str:
    """A title from a folder name: my-game or My game -> My Game (a word's other letters kept: iOS-quest -> IOS Quest)."""
    return " ".join(word[0].upper() + word[1:] for word in re.split(r"[-_ ]+", game_id) if word) or game_id


def new(folder) -> list:
    """Write the starter game into a new folder (never into one that exists); return the paths written."""
    folder = Path(folder)
    game_id = folder.name
    if not is_game_id(game_id) or game_id.startswith("."):
        raise UserError(f"{folder}: the folder's name makes the game id, which names the spec and the output files: start "
                        "it with a letter or digit and use only letters, digits, spaces, '.', '_', '+' and '-' (e.g. my-game)")
    if folder.exists() or folder.is_symlink():
        raise UserError(f"{folder}: already exists (pnp new writes a new folder and never overwrites: choose another name)")
    if not folder.parent.is_dir():
        raise UserError(f"{folder}: the folder {folder.parent} to create it in does not exist")
    written = []
    for name in FILES:
        text = (STARTER / name).read_text(encoding="utf-8")
        text = text.replace("GAME_TITLE", title(game_id)).replace("GAME_ID.yaml", shlex.quote(f"{game_id}.yaml"))
        target = folder / name.replace("game.yaml", f"{game_id}.yaml")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written
