"""Themes: a YAML file of palette, line-style and font overrides laid over a spec's raw data before --set."""
import difflib
from pathlib import Path

from ..draw import linestyles
from . import yamlsource
from . import schema as s
from ..components import KINDS
from ..errors import SpecError, UserError
from ..located import located
from ..records import NamedTuple

THEMES = Path(__file__).resolve().parent.parent / "themes"
GAME_SECTION = s.mapping({"palette": s.any_value, "colour_names": s.any_value, "lines": s.any_value, "fonts": s.any_value,
                          "components": s.any_value})
TOP = s.mapping({"theme": s.mapping({"title": s.text, "notes": s.text}, required=("title",)),
                 "palette": s.any_value, "colour_names": s.any_value, "lines": s.any_value, "fonts": s.any_value,
                 "games": s.any_value},
                required=("theme",))
FONTS = s.mapping({"size": s.length(1.5, 10)})
LINE_STYLE = s.mapping({"style": s.one_of(*linestyles.STYLES)}, required=("style",))


class Origin(NamedTuple):
    """Where a value laid over a spec came from: the theme file, its line and its key path there."""

    path: str
    line: int
    key_path: tuple

    def error(self, rest, message):
        """A SpecError naming the theme file, line and key (rest: the key path below this value)."""
        return SpecError(self.path, yamlsource.dotted(self.key_path + tuple(rest)), message, self.line)


def shipped():
    """Paths of the shipped themes, sorted by name."""
    return sorted(THEMES.glob("*.yaml"))


def resolve(name):
    """A theme's path: a .yaml file's as given; for a name, themes/NAME.yaml in the working folder or pnp's shipped theme
    of that name (both, unalike: refused, as which one is meant is unclear)."""
    local, shipped = Path("themes") / f"{name}.yaml", THEMES / f"{name}.yaml"
    if Path(name).suffix.lower() in (".yaml", ".yml") or not local.is_file():
        return yamlsource.find(name, THEMES, "theme")
    if shipped.is_file() and local.read_bytes() != shipped.read_bytes():   # a checkout's themes/ holds the shipped ones
        raise UserError(f"--theme {name}: {local} and pnp's shipped theme are both called {name!r}: give the path "
                        f"({local}) for yours, or rename it")
    return local


class _Theme:
    """A loaded theme file with its line table, checked section by section."""

    def __init__(self, path):
        self.path = path
        self.data, self.lines = yamlsource.load(path, noun="theme")

    def fail(self, key_path, message):
        """Raise a SpecError at the theme line of key_path (or its nearest parent)."""
        raise located(self.path, self.lines, key_path, message)

    def check(self, parser, value, key_path):
        """Check a mapping's keys against a schema mapping, and each value with its parser."""
        if not isinstance(value, dict):
            self.fail(key_path, f"expected a mapping, found {s.found(value)}")
        for key, item in value.items():
            if key not in parser.fields:
                self.fail(key_path + (key,), f"unknown key {key!r}{s.meant(key, parser.fields)} (expected one of "
                                             f"{', '.join(sorted(parser.fields))})")
            try:
                parser.fields[key](item)
            except s.Invalid as exc:
                self.fail(key_path + (key,), str(exc))
            if hasattr(parser.fields[key], "fields"):   # a section of known keys: theme's title and notes
                self.check(parser.fields[key], item, key_path + (key,))
        for key in parser.required:
            if key not in value:
                self.fail(key_path, f"missing required key {key!r}")
        return value

    def mapping_of(self, parser, value, key_path):
        """Check a mapping of names to values of one parser (palettes, line styles)."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(key_path, f"expected a mapping, found {s.found(value)}")
        for key, item in value.items():
            if hasattr(parser, "fields"):
                self.check(parser, item, key_path + (key,))
            else:
                try:
                    parser(item)
                except s.Invalid as exc:
                    self.fail(key_path + (key,), str(exc))
        return value


def load(name):
    """Load and check a theme file; return it ready to lay over specs."""
    theme = _Theme(resolve(name))
    theme.check(TOP, theme.data, ())
    for key in ("palette", "colour_names", "lines", "fonts"):
        if theme.data.get(key) is None:  # absent, or an empty (null) section: nothing to lay over
            theme.data[key] = {}
    theme.mapping_of(s.hex_colour, theme.data["palette"], ("palette",))
    theme.mapping_of(s.title, theme.data["colour_names"], ("colour_names",))
    theme.mapping_of(LINE_STYLE, theme.data["lines"], ("lines",))
    theme.check(FONTS, theme.data["fonts"], ("fonts",))
    games = theme.data.get("games")
    games = theme.data["games"] = {} if games is None else games
    if isinstance(games, dict):
        for game in [game for game, section in games.items() if section is None]:
            del games[game]  # an empty (null) section changes nothing
    theme.mapping_of(GAME_SECTION, games, ("games",))
    for game, section in games.items():
        where = ("games", game)
        for key in [key for key, value in section.items() if value is None]:
            del section[key]  # an empty (null) section changes nothing
        theme.mapping_of(s.hex_colour, section.get("palette"), where + ("palette",))
        theme.mapping_of(s.title, section.get("colour_names"), where + ("colour_names",))
        theme.mapping_of(LINE_STYLE, section.get("lines"), where + ("lines",))
        theme.check(FONTS, section.get("fonts", {}), where + ("fonts",))
        if "components" in section:
            theme.mapping_of(s.any_value, section["components"], where + ("components",))
    return theme


def apply(theme, names: tuple, data, lines) -> bool:
    """Lay a theme over a spec's raw data: generic sections first, then the game's own, each of names that has one (the
    spec's game.ruleset, then the spec's own id: a copy of a shipped game takes either). With no section for either, a
    section named a letter or two off one of them (a case, an extension, a letter) is refused, as a misspelling that
    would change nothing; so is a theme of colours alone, no section, none of which the game has (each misspelt).
    Whether the theme reached anything of the game (a theme of other games' sections alone, or of a title, does not:
    its edition prints as the plain one, which the build says)."""
    if not isinstance(data, dict):
        return True
    reached: list = []

    def lay(key_path, value, theme_path):
        """Merge one theme value into the data (put), noting that the theme reached it."""
        reached.append(key_path)
        put(theme, data, lines, key_path, value, theme_path)
    games = theme.data.get("games") or {}
    if not any(name in games for name in names):
        for name in games:
            if near := _near(str(name), names):
                theme.fail(("games", name), f"no game is called {name!r}: did you mean {near!r}? (a section is named by "
                                            "the game's ruleset, or by a spec's file name for a game of your own)")
    sections = [(name, games[name]) for name in names if games.get(name)]
    palette = data["palette"] if isinstance(data.get("palette"), dict) else {}
    for key in ("palette", "colour_names"):  # generic names reach only colours the game's palette has
        for name, value in theme.data[key].items():
            if name in palette:
                lay((key, name), value, (key, name))
    for where, source in [(("lines",), theme.data["lines"])] + [(("games", name, "lines"), section.get("lines") or {})
                                                                 for name, section in sections]:
        for cid in _components_with(data, "lines", linestyles.LINES):
            for name, value in source.items():
                if name in linestyles.DEFAULT_LINES:
                    lay(("components", cid, "lines", name), value, where + (name,))
    for where, fonts in [(("fonts",), theme.data["fonts"] or {})] + [(("games", name, "fonts"), section.get("fonts") or {})
                                                                     for name, section in sections]:
        if "size" in fonts:
            for cid in _components_with(data, "font_size"):
                lay(("components", cid, "font_size"), fonts["size"], where + ("size",))
    for name, section in sections:
        for key in ("palette", "colour_names", "components"):
            if key in section:
                lay((key,), section[key], ("games", name, key))
    given = [str(name) for name in theme.data["palette"]]
    if given and not reached and not games:   # a theme of one game's colours, all misspelt: it would change nothing
        meant = [f"{name!r} for {close[0]!r}" for name in given if (close := difflib.get_close_matches(name, palette, 1))]
        theme.fail(("palette",), f"the theme changes nothing in {names[-1]}: none of its colours ({', '.join(given)}) is "
                                 f"one of the game's ({', '.join(palette) or 'none'})"
                                 + (f": did you mean {', '.join(meant)}?" if meant else ""))
    return bool(reached)


def _near(name: str, names: tuple) -> str:
    """The one of names a theme's section name is a letter or two off (another case, a file extension, one letter of a
    short name, or difflib's 0.75 alike), else '': a sibling's name, one of names with a number or a word after a
    hyphen, space or the like (lantern2, lantern-deluxe), is another game's."""
    plain = name.lower().removesuffix(".yaml").removesuffix(".yml")
    for known in names:
        if plain == known.lower() or (len(plain) == len(known) <= 3 and sum(a != b for a, b in zip(plain, known.lower())) == 1):
            return known
    unlike = [known for known in names if not _siblings(plain, known.lower())]
    close = difflib.get_close_matches(plain, [known.lower() for known in unlike], n=1, cutoff=0.75)
    return next((known for known in unlike if close and known.lower() == close[0]), "")


def _siblings(a: str, b: str) -> bool:
    """Whether one name is the other with a number or a separated word after it (lantern2, lantern-deluxe)."""
    short, long = sorted((a, b), key=len)
    rest = long[len(short):]
    return long.startswith(short) and bool(rest) and (rest[0].isdigit() or rest[0] in "-_ +.")


def _components_with(data, field, parser=None):
    """Ids of the spec's components whose kind takes this field (with this parser, when given)."""
    components = data.get("components")
    if not isinstance(components, dict):
        return []
    found = []
    for cid, raw in components.items():
        kind = KINDS.get(raw.get("kind")) if isinstance(raw, dict) else None
        if kind and field in kind.fields and (parser is None or kind.fields[field] is parser):
            found.append(cid)
    return found


def put(theme, data, lines, key_path, value, theme_path):
    """Merge a theme value into the data at key_path (mappings merge key by key), recording its origin."""
    node = data
    for part in key_path[:-1]:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    last = key_path[-1]
    if isinstance(value, dict) and isinstance(node.get(last), dict):
        lines.setdefault(key_path, Origin(str(theme.path), theme.lines.get(theme_path), theme_path))
        for key, item in value.items():
            put(theme, data, lines, key_path + (key,), item, theme_path + (key,))
        return
    node[last] = value
    for sub, line in theme.lines.items():
        if sub[: len(theme_path)] == theme_path:
            lines[key_path + sub[len(theme_path):]] = Origin(str(theme.path), line, sub)
