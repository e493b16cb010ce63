"""Read YAML safely, remembering the line of every key path for error messages."""
import functools
import json
import os
import re
import stat
import sys
from pathlib import Path

from .. import cache
from ..digests import hexdigest
from ..errors import SpecError, UserError
from ..files import LOOPING, loops

TYPE_CHECKING = False
if TYPE_CHECKING:
    import yaml

MAX_NODES = 100_000
MAX_DEPTH = 64
MAX_BYTES = 5_000_000
COMPOSABLE = 1000   # collections the C composer may nest, which recurses in C: at most one for each of "-:?[{" in a text
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_NULL = "tag:yaml.org,2002:null"
_AS_WRITTEN = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "timestamp")}  # keys kept as typed
BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))
BREAKS = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}
_PLAIN_KEY = r"[A-Za-z0-9_<>+-]+"  # compiled on first use by re's own cache: start-up
LAST = "last"   # a YAML file's memo: the key of the text read last, which an edit of one quoted value starts from
# one line holding a key's (or a list item's) quoted value and nothing else but a comment; no escapes in the value
QUOTED_LINE = r"""(?P<head> *(?:[A-Za-z0-9_-]+: +|- +))(?P<q>["'])(?P<value>[^"'\\]*)(?P=q)(?: +#.*)? *\r?"""


def find(name, folder, noun):
    """A YAML file named by path, or by stem in folder; a clear UserError names what exists instead."""
    path, what = Path(name), "spec" if noun == "game" else noun
    if not str(name).strip():
        raise UserError(f"expected a {noun} or a path to a .yaml file, found ''")
    if path.suffix.lower() in (".yaml", ".yml"):   # MY-COLOURS.YAML is a file too
        if not path.is_file():
            raise UserError(f"{name}: " + (f"a folder, not a {what} file" if path.is_dir() else "not a regular file (a "
                                           "pipe or a device): pnp reads files only" if path.exists() else LOOPING if loops(path) else
                                           "no such file"))
        return path
    candidate = Path(folder) / f"{name}.yaml"
    if not candidate.is_file() and path.is_dir() and noun == "game":   # a game's folder (pnp new's): its spec named after it
        inside = path / f"{path.resolve().name}.yaml"
        if not inside.is_file():
            raise UserError(f"{name}: a folder, not a spec file, and it holds no {inside.name}: give the spec's path")
        return inside
    if not candidate.is_file():
        known = ", ".join(p.stem for p in sorted(Path(folder).glob("*.yaml")))
        raise UserError(f"unknown {noun} {name!r} (shipped {noun}s: {known}; or give a path to a .yaml file)")
    return candidate


def load(path, text=None, noun="spec"):
    """Return (data, lines) where lines maps key-path tuples to 1-based line numbers (noun: what errors call the file)."""
    from_file = text is None   # (a --set value's text is read under its spec's path: it is no edit of the file)
    if from_file:
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):   # a pipe would never answer, a device never end
                raise SpecError(path, "", f"{noun} is not a regular file (a pipe, a device or a folder): pnp reads files only")
            with open(path, "rb") as handle:
                raw = cache.read(path, handle.read(MAX_BYTES + 1))
        except OSError as exc:
            raise SpecError(path, "", f"cannot read {noun}: {exc.strerror}") from None
        if len(raw) > MAX_BYTES:
            raise SpecError(path, "", f"{noun} is too large (more than {MAX_BYTES // 1_000_000} MB), not parsing it")
        encoding = next((name for bom, name in BOMS if raw.startswith(bom)), None)
        if encoding:
            raise SpecError(path, "", f"file is {encoding} text (it starts with a {encoding} byte-order mark): save it as "
                                      "UTF-8", 1)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise SpecError(path, "", "file is not UTF-8 text", line) from None
    odd = next((i for i, ch in enumerate(text) if ch in BREAKS), None) if not text.isascii() else None
    if odd is not None:  # YAML counts these as line breaks, most editors do not: every later line number would be off
        raise SpecError(path, "", f"character U+{ord(text[odd]):04X} ({BREAKS[text[odd]]}) is a line break to YAML but "
                                  "not to most editors: use a plain line break", text[:odd].count("\n") + 1)
    memo, key = _memo(path), _key(text)
    kept, last = memo.get(key), memo.get(LAST) if from_file else None
    if kept is not None:
        if from_file and last != key:
            memo.put(LAST, key)
        return _unpacked(kept)[:2]
    before = memo.get(last) if last else None
    data, lines = (before and _one_quote_edited(_unpacked(before), text)) or _parsed(path, text, noun)
    packed = _packed(data, lines, text)
    if packed is not None:   # (a text that fails to parse leaves LAST at the last one read: the fix is one edit from it)
        memo.put(key, packed)
        if from_file:
            memo.put(LAST, key)
    return data, lines


def _memo(path) -> cache.Memo:
    """The memo of one YAML file's parsed texts (a few versions: an edit back and forth parses neither again; past 8,
    only the texts read by the last run)."""
    return cache.memo(f"yaml/{hexdigest(str(Path(path).resolve()).encode())[:32]}.json", 8)


def _key(text: str) -> str:
    """What a text parses to depends on: the text, our code, the Python and PyYAML's own files."""
    return hexdigest(repr((text, cache.code(), sys.version, _parser())).encode())


@functools.lru_cache(maxsize=None)
def _parser() -> tuple:
    """PyYAML's file and its stamp (size, time), found without importing it: a new PyYAML parses every text again."""
    from importlib.machinery import PathFinder  # lazy: start-up (importlib.util, which finds it too, loads contextlib)
    found = sys.modules["yaml"].__spec__ if "yaml" in sys.modules else PathFinder.find_spec("yaml")
    origin = found.origin if found else None
    return origin, cache.stamp(origin) if origin else None


def _packed(data, lines, text: str) -> str | None:
    """data, lines and the text they were read from as the JSON text a memo keeps; None for values JSON cannot give
    back as they are (dates, bytes, infinities: json refuses them). What the walk makes JSON gives back as it was:
    mappings of text keys (the walk refuses any other), lists, text with no lone surrogate, whole numbers, finite floats
    (written as their repr), booleans and nulls; the key paths' tuples of text and numbers come back as lists, made
    tuples again."""
    try:
        return json.dumps([data, [[list(k), v] for k, v in lines.items()], [[list(k), v] for k, v in lines.written.items()],
                           text], allow_nan=False)
    except (TypeError, ValueError):
        return None


def _unpacked(packed: str) -> tuple:
    """(data, lines, text) from a memo's JSON text: new objects every time (the loader changes them in place)."""
    data, pairs, written, text = json.loads(packed)
    lines = Lines()
    lines.update((tuple(k), v) for k, v in pairs)
    lines.written = {tuple(k): v for k, v in written}
    return data, lines, text


def _one_quote_edited(last: tuple, text: str) -> tuple | None:
    """(data, lines) of text when it differs from the last text read only inside one quoted value on one line (a colour,
    a caption: `key: "..."` or `- "..."`, no escapes), from what that text was read as; None for any other change.
    A text with '&' or '<<' (anchors, merge keys: one value may stand in several places) is parsed again."""
    data, lines, old = last
    before, after = old.split("\n"), text.split("\n")
    changed = [n for n, (a, b) in enumerate(zip(before, after)) if a != b] if len(before) == len(after) else []
    if len(changed) != 1 or "&" in text or "<<" in text:
        return None
    n = changed[0]
    was, now = (re.fullmatch(QUOTED_LINE, line) for line in (before[n], after[n]))
    if not (was and now and was["head"] == now["head"] and now["value"].isprintable()):
        return None
    key = was["head"].strip().rstrip(":").strip()
    found = [path for path, line in lines.items() if line == n + 1 and (
        path and (path[-1] == key if key != "-" else isinstance(path[-1], int)))]
    if len(found) != 1:
        return None
    *parents, last_key = found[0]
    holder = data
    for step in parents:
        holder = holder[step]
    if holder[last_key] != was["value"]:
        return None
    holder[last_key] = now["value"]
    return data, lines


def _parsed(path, text, noun):
    """(data, lines) of a text PyYAML parses now."""
    global yaml
    from .pyyaml import yaml  # lazy: start-up (a text parsed before comes from its memo: PyYAML is not loaded)
    Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        loader = Loader(text)  # the pure-Python loader checks the characters here, the C one while parsing
    except yaml.reader.ReaderError as exc:
        raise _character_error(path, text, exc) from None
    try:
        root = _composed(path, text, noun, Loader, loader)
        if root is None:
            raise SpecError(path, "", f"{noun} is empty")
        lines = Lines()
        data = _Walker(path, loader, lines, noun).walk(root, ())
    except yaml.reader.ReaderError as exc:
        raise _character_error(path, text, exc) from None
    except yaml.MarkedYAMLError as exc:
        if exc.problem == "exceeded maximum nesting depth":   # libyaml's own limit, met scanning ahead of ours
            raise SpecError(path, "", f"{noun} is nested too deeply (more than {MAX_DEPTH} levels)",
                            exc.problem_mark.line + 1) from None
        raise _syntax_error(path, text, exc) from None
    except yaml.YAMLError as exc:
        raise SpecError(path, "", f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return data, lines


def _character_error(path, text, exc):
    """A SpecError for a character YAML does not allow (NUL and other control characters), at its line."""
    code = exc.character if isinstance(exc.character, int) else ord(exc.character)
    line = text[: exc.position].count("\n") + 1
    return SpecError(path, "", f"character U+{code:04X} is not allowed in YAML (no control characters)", line)


def _syntax_error(path, text, exc):
    """A SpecError for a YAML syntax error: the problem, where the construct it broke started, a hint for tabs."""
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "invalid YAML"
    if exc.context and exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line:
        problem += f" ({exc.context} on line {exc.context_mark.line + 1})"
    bad_line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
    if "\t" in bad_line:
        problem += " (a tab: indent YAML with spaces)"
    return SpecError(path, "", f"YAML syntax error: {problem}", mark.line + 1 if mark else None)


def _composed(path, text, noun, Loader, loader):
    """The text's one document composed (None when empty), refused as _check_shape refuses it. A text too short to nest
    deeper than the composer's recursion bears is composed first and its limits counted on the nodes, a walk of them
    instead of a second parse; past a limit, or at a YAML error (which a limit reached first must come before), the
    events say which and where, as they do first for a longer text."""
    composer = getattr(getattr(yaml, "cyaml", None), "CParser", None)   # libyaml's composer, in C (the pure-Python
                                                                       # one recurses in Python: never composed first)
    quick = composer is not None and issubclass(Loader, composer) and sum(map(text.count, "-:?[{")) <= COMPOSABLE
    if not quick:
        _check_shape(path, text, noun, Loader)
        return loader.get_single_node()
    try:
        root = loader.get_single_node()
    except yaml.YAMLError:
        _check_shape(path, text, noun, Loader)
        raise
    if root is not None and not (_within_limits(root) if "*" in text else _tree_within_limits(root)):
        _check_shape(path, text, noun, Loader)
    return root


def _tree_within_limits(root) -> bool:
    """_within_limits of a document with no alias (a text without '*'), whose every node stands once: counted level by
    level."""
    count, depth, level = 4, 1, [root]
    while level:
        collections = [node for node in level if type(node) is not yaml.ScalarNode]
        if collections and depth > MAX_DEPTH:
            return False
        count += len(level) + len(collections)
        level = [item for node in collections for item in
                 (node.value if type(node) is yaml.SequenceNode else [item for pair in node.value for item in pair])]
        depth += 1
    return count <= 2 * MAX_NODES


def _within_limits(root) -> bool:
    """True when a composed document holds no more events than _check_shape lets pass and nests no deeper: a collection
    two events, a scalar or an alias one, a document four more; walked in the text's order, so that an anchored node is
    met where it stands before any alias to it (which is one event, not walked again)."""
    seen, count, todo = set(), 4, [(root, 1)]
    while todo:
        node, depth = todo.pop()
        count += 1
        if id(node) in seen or type(node) is yaml.ScalarNode:
            continue
        seen.add(id(node))
        if depth > MAX_DEPTH:
            return False
        count += 1
        items = node.value if type(node) is yaml.SequenceNode else [item for pair in node.value for item in pair]
        todo += [(item, depth + 1) for item in reversed(items)]
    return count <= 2 * MAX_NODES


def _check_shape(path, text, noun, Loader):
    """Refuse deep nesting and too many values from the event stream, before the (recursive) composer runs."""
    depth = 0
    for count, event in enumerate(yaml.parse(text, Loader=Loader)):
        if count > 2 * MAX_NODES:
            raise SpecError(path, "", f"{noun} is too large (more than {MAX_NODES} values)", event.start_mark.line + 1)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise SpecError(path, "", f"{noun} is nested too deeply (more than {MAX_DEPTH} levels)", event.start_mark.line + 1)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


class Lines(dict):
    """Line numbers by key path; .written: the text of each plain value YAML read as no text (yes, 1:30, 0x1f)."""

    def __init__(self):
        super().__init__()
        self.written = {}


class _Walker:
    """Turn a composed node tree into plain data, with limits against alias bombs."""

    def __init__(self, path, loader, lines, noun):
        self.path, self.loader, self.lines, self.noun, self.count, self.open = path, loader, lines, noun, 0, set()

    def walk(self, node, key_path):
        """Plain data of one node, counting values and refusing an alias inside its own anchor."""
        self.count += 1
        line = node.start_mark.line + 1
        if type(node) is yaml.ScalarNode and node.tag == _STR and self.count <= MAX_NODES:  # the common case, quickly
            self.lines.setdefault(key_path, line)
            return self._text(node.value, key_path, line)
        if id(node) in self.open:
            raise SpecError(self.path, dotted(key_path), "alias refers to its own anchor (a loop)", line)
        if self.count > MAX_NODES:
            raise SpecError(self.path, dotted(key_path), f"{self.noun} is too large (more than {MAX_NODES} values after expanding aliases)", line)
        if len(key_path) > MAX_DEPTH:
            raise SpecError(self.path, dotted(key_path), f"{self.noun} is nested too deeply (more than {MAX_DEPTH} levels)", line)
        self.lines.setdefault(key_path, line)
        plain = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}.get(type(node))
        if plain and node.tag != plain:
            raise SpecError(self.path, dotted(key_path), f"unsupported YAML tag {node.tag!r}", line)
        self.open.add(id(node))
        try:
            return self._plain(node, key_path)
        finally:
            self.open.discard(id(node))

    def _plain(self, node, key_path):
        """Plain data of a mapping, a sequence or a scalar node."""
        if isinstance(node, yaml.MappingNode):
            result = self._merged(node, key_path)
            own = set()
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE:
                    continue
                if isinstance(key_node, yaml.ScalarNode) and key_node.tag in _AS_WRITTEN:
                    key = self._text(key_node.value, key_path, key_node.start_mark.line + 1)  # yes, 0x1f: as typed
                elif isinstance(key_node, yaml.ScalarNode) and key_node.tag != _NULL:
                    key = self._scalar(key_node, key_path)
                else:
                    key = None if isinstance(key_node, yaml.ScalarNode) else self.walk(key_node, key_path + ("<key>",))
                if not isinstance(key, str):
                    raise SpecError(self.path, dotted(key_path), "mapping keys must be plain words", key_node.start_mark.line + 1)
                if key in own:
                    raise SpecError(self.path, dotted(key_path + (key,)), "duplicate key", key_node.start_mark.line + 1)
                own.add(key)
                self.lines[key_path + (key,)] = key_node.start_mark.line + 1
                result[key] = self.walk(value_node, key_path + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, key_path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node, key_path)

    def _merged(self, node, key_path):
        """The keys a mapping takes from its YAML merge keys (<<: *anchor, or a list of them; earlier ones win)."""
        merged = {}
        for key_node, value_node in node.value:
            if key_node.tag != _MERGE:
                continue
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    raise SpecError(self.path, dotted(key_path + ("<<",)), "a merge key (<<) takes a mapping or a list of "
                                    "mappings, e.g. <<: *card", source.start_mark.line + 1)
                lines, self.lines = self.lines, Lines()
                try:
                    data = self.walk(source, key_path)
                finally:
                    lines, self.lines = self.lines, lines
                for key, value in data.items():
                    if key not in merged:
                        merged[key] = value
                        self.lines.update((path, line) for path, line in lines.items() if path[:len(key_path) + 1] == key_path + (key,))
                        self.lines.written.update((path, text) for path, text in lines.written.items()
                                                  if path[:len(key_path) + 1] == key_path + (key,))
        return merged

    def _text(self, value, key_path, line):
        """A string, refused when it holds a lone surrogate ("\\udcff") or a control character ("\\a", "\\e"): neither prints."""
        if not is_text(value):
            raise SpecError(self.path, dotted(key_path), f"{ascii(value)[:60]} holds a lone surrogate, which is not a "
                                                         "character", line)
        control = control_character(value)
        if control:
            raise SpecError(self.path, dotted(key_path), f"{ascii(value)[:60]} holds the control character "
                                                         f"U+{ord(control):04X}, which cannot be printed", line)
        return composed(value)

    def _scalar(self, node, key_path):
        try:
            value = self.loader.construct_object(node, deep=True)
            if isinstance(value, str):
                return self._text(value, key_path, node.start_mark.line + 1)
            if value is not None and not node.style and hasattr(self.lines, "written"):  # plain, not quoted
                self.lines.written[key_path] = node.value
            return value
        except yaml.constructor.ConstructorError:
            raise SpecError(self.path, dotted(key_path), f"unsupported YAML tag {node.tag!r}", node.start_mark.line + 1) from None
        except (ValueError, OverflowError, IndexError, KeyError, AttributeError):   # PyYAML's readers of a tag: '!!int' of
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")                      # '' or '+', '!!bool' of '', ...
            raise SpecError(self.path, dotted(key_path), f"{node.value[:60]!r} is not a valid {tag}", node.start_mark.line + 1) from None


def mapped(value, colon: bool = True) -> str:
    """The text YAML read as a mapping of one entry: an unquoted {name} ({name: None}), or with colon a text holding
    ': ' ('a: b'); else ''."""
    if not isinstance(value, dict) or len(value) != 1:
        return ""
    (key, item), = value.items()
    if item is None:
        return "{" + str(key) + "}"
    return f"{key}: {item}" if colon and isinstance(item, (str, int, float)) and not isinstance(item, bool) else ""


def composed(text: str) -> str:
    """A text in Unicode's composed form (NFC): an 'e' and a combining acute as the one 'é' fonts have a glyph for."""
    if text.isascii():
        return text
    import unicodedata  # lazy: start-up (only a text outside ASCII asks)
    return unicodedata.normalize("NFC", text)


def control_character(text: str, kept: str = "\n") -> str | None:
    """The first control character of a text (Unicode's Cc: U+0000-001F, U+007F-009F) but those kept, or None."""
    if text.isprintable():
        return None
    return next((ch for ch in text if (ch < " " or "\x7f" <= ch <= "\x9f") and ch not in kept), None)


def is_text(value):
    """True unless the string holds a lone surrogate (which no file, font or PDF can carry)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def dotted(key_path):
    """Join a key path as 'components.pill.size' or 'faces.list[2]'; a key with a dot, space or unusual character quoted."""
    out = ""
    for part in key_path:
        if not isinstance(part, int):
            part = str(part)
            part = part if re.fullmatch(_PLAIN_KEY, part) else ascii(part)  # 'pill.tile', 'tile\u200b' and ESC shown, not run
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


