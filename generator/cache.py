"""Skip a build whose inputs and output are both unchanged: a content-hash record kept beside each file."""
import atexit
import functools
import itertools
import json
import os
import sys
import time
from pathlib import Path
from types import MappingProxyType

from . import records
from .digests import hexdigest, keyed
from .files import RECORDS, opened, write_quietly   # RECORDS: the folder beside an output file keeping its record

PACKAGE = Path(__file__).resolve().parent
READ: dict[str, str] = {}  # every designer's file read by this process (spec, data, layouts, fonts, art): path -> digest
NOTING: list[dict] = []  # the {path: digest} of each piece of work noting the files it reads (rulebook diagrams)


def read(path, data: bytes) -> bytes:
    """Note the content of a file the build read (so a record can tell when it changed); return data."""
    key = str(Path(path).resolve())
    READ[key] = digest = _digest(data)
    for noted in NOTING:
        noted[key] = digest
    return data


def files(folder) -> dict:
    """The files read so far from inside folder (a spec's), with the digest of what was read: READ's paths are resolved,
    so those under the folder start with its resolved path and a separator (no Path made for every file the process
    read, each interning its parts)."""
    inside = os.path.join(Path(folder).resolve(), "")
    return dict(sorted(item for item in READ.items() if item[0].startswith(inside)))


def current(recorded: dict) -> bool:
    """True when every file of a files() record still holds what was read."""
    for path, digest in recorded.items():
        try:
            if _digest(Path(path).read_bytes()) != digest:
                return False
        except OSError:
            return False
    return True


def _holds(path, digest: str) -> bool:
    """True when a file's SHA-256 starts with digest (a template's is kept to 32 characters)."""
    try:
        return _digest(Path(path).read_bytes()).startswith(digest)
    except OSError:
        return False


def _digest(data):
    """SHA-256 of bytes, as hex."""
    return hexdigest(data)


def _found(folder: str, suffix: str) -> list[tuple[str, str]]:
    """(name inside folder, path) of every file in a folder whose name ends with suffix, in the order of their names'
    parts; one scandir a folder and none in __pycache__ (os.walk and fnmatch cost twice as much: start-up); a folder
    that cannot be read holds nothing, as for os.walk."""
    found, folders = [], [folder]
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():   # a link to a folder is not followed, as os.walk does not
                if entry.name != "__pycache__" and not entry.is_symlink():
                    folders.append(entry.path)
            elif entry.name.endswith(suffix):
                found.append(entry.path)
    start = len(os.path.join(folder, ""))
    return sorted(((path[start:], path) for path in found), key=lambda pair: pair[0].split(os.sep))


def _content(files: list) -> str:
    """One digest of the files of a _found() list, names included."""
    digest = keyed()
    for name, path in files:
        with open(path, "rb") as handle:
            digest.update(name.encode() + b"\0" + handle.read())
    return digest.hexdigest()


RACY = 2 * 10**9   # ns: a file changed this recently may change again within its file system's time step, unseen


@functools.lru_cache(maxsize=None)
def package_digest(package: str) -> str:
    """One digest of a package's code (*.py) and fonts, kept in a memo under the files' stamps (name, size, inode,
    modified and changed times): read again whenever one of them differs, and not kept while a file was changed just now."""
    parts = (_found(package, ".py"), _found(os.path.join(package, "fonts"), ""))
    stamps = [(name, *_stat(path)) for files in parts for name, path in files]   # before reading: a later write shows
    key = _digest(repr((package, stamps)).encode())
    kept = CODE.get(key)
    if kept is None:
        kept = _digest("".join(map(_content, parts)).encode())
        if all(time.time_ns() - changed > RACY for *_, changed in stamps):
            CODE.put(key, kept)
    return kept


def _stat(path: str) -> tuple[int, int, int, int]:
    """(size, inode, modified, changed in ns) of a file: any write changes the last (no call sets it back)."""
    found = os.stat(path)
    return found.st_size, found.st_ino, found.st_mtime_ns, found.st_ctime_ns


def code() -> str:
    """One digest of this package's code and fonts."""
    return package_digest(str(PACKAGE))


def key_of(*arguments) -> str:
    """The key of a command's result for one spec before it is loaded: its arguments, the working folder (paths in
    them are relative to it), Python's version, the code and fonts."""
    return _digest(repr((arguments, os.getcwd(), sys.version, code())).encode())


def key(spec, *options):
    """The inputs of one output file known before it is drawn: the checked spec, the options, the code and fonts (the
    spec hashed once for all its keys)."""
    remembered = getattr(spec, "remembered", None)
    digest = (remembered("spec digest", lambda: _spec_digest(spec)) if remembered
              else _fed(keyed(), _reprs(spec))).copy()
    return _fed(digest, itertools.chain(("\n",), _reprs(options), ("\n", code()))).hexdigest()


def _spec_digest(spec):
    """A spec's digest: of its sans_palette's (which the keys of its rulebooks and plans hash too: the spec is walked
    once), then its palette and lines; a spec without either, of its repr."""
    if not (spec.palette or spec.lines):
        return _fed(keyed(), _reprs(spec))
    sans = sans_palette(spec)
    return _fed(keyed(), itertools.chain((sans.remembered("spec digest", lambda: _spec_digest(sans)).hexdigest(), "\n"),
                                         _reprs(spec.palette), ("\n",), _reprs(spec.lines)))


def _fed(digest, parts):
    """digest updated with the text of parts, joined 64 KiB at a time; digest."""
    batch, size = [], 0
    for part in parts:
        batch.append(part)
        size += len(part)
        if size > 1 << 16:
            digest.update("".join(batch).encode())
            batch, size = [], 0
    digest.update("".join(batch).encode())
    return digest


def printed(spec):
    """The spec as its PDFs read it: without its promo: settings (the showcase and hand images'), one object for each
    spec, so that it is hashed once."""
    return spec.remembered("printed", lambda: spec._replace(
        promo=MappingProxyType({}), lines=MappingProxyType({k: v for k, v in spec.lines.items() if k[:1] != ("promo",)})
    ) if spec.promo else spec)


def sans_palette(spec):
    """The printed spec without its palette and line numbers, what the keys of a rulebook and of a sheet plan hash: one
    object for each spec, so that it is hashed once."""
    return spec.remembered("sans palette", lambda: printed(spec)._replace(palette=MappingProxyType({}),
                                                                          lines=MappingProxyType({})))


def rulebook_spec(spec):
    """What a rulebook's key hashes of a spec: all of it but its palette and line numbers (sans_palette); a spec
    that follows no game's rules leaves its components out too, what its rulebook reads of them (ids, titles, sizes,
    piece counts and figures: facecache.listed) being recorded as read (Reader.components), and its record lists none
    of the files the spec was loaded from (its data, layouts and fonts are in the spec): a card's text or a layout
    edited keeps the book. A game's rules (diagrams, figures of its own) read its components whole."""
    sans = sans_palette(spec)
    return sans if spec.game.ruleset else spec.remembered("rulebook spec", lambda: sans._replace(components=()))


_NAMED = records.REPR  # the repr every record without its own shares


WHOLE = 64  # a tuple or list of more items gives its items' reprs whole, WHOLE to a part, not taken apart


def _reprs(value):
    """repr(value) in parts: records field by field, tuples and lists item by item, so that a deck's thousands of faces
    are never one string (the digest of the parts joined is the digest of the repr); the items of a long tuple or list
    are WHOLE to a part, so that the walk costs one repr per face and one step per WHOLE faces, not one per field."""
    if isinstance(value, tuple) and getattr(type(value).__repr__, "__code__", None) is _NAMED:
        yield f"{type(value).__name__}("
        for i, (field, item) in enumerate(zip(value._fields, value)):
            yield f"{', ' if i else ''}{field}="
            yield from _reprs(item)
        yield ")"
    elif type(value) is tuple or type(value) is list:
        yield "(" if type(value) is tuple else "["
        if len(value) > WHOLE:
            yield ", ".join(map(repr, value[:WHOLE]))  # a first batch, then each next one after its comma
            for start in range(WHOLE, len(value), WHOLE):
                yield ", " + ", ".join(map(repr, value[start:start + WHOLE]))
        else:
            for i, item in enumerate(value):
                if i:
                    yield ", "
                yield from _reprs(item)
        yield "]" if type(value) is list else ",)" if len(value) == 1 else ")"
    else:
        yield repr(value)


def _output(path) -> bytes:
    """An output file's bytes, read only when it is a regular file of its own (files.opened)."""
    with opened(path) as handle:
        return handle.read()


def record_of(path):
    """Where the record of an output file lives: a line of JSON, then the compressed streams the file's build kept
    (pdffile.keep_streams): one file to write for both (each file made is a new inode: ~0.2 ms here)."""
    return path.parent / RECORDS / f"{path.name}.record"


def unchanged(path, inputs, templates, now=None, covered=()):
    """The record of path when its inputs, the files its inputs cover (covered: their resolved paths, as remember's),
    the templates and designer's files it read, what else it read (now(what): its value now) and the file on disk are
    all as last written; else None. The file is read and hashed last: a build whose inputs changed reads no output."""
    try:
        with opened(record_of(path)) as handle:
            record = json.loads(handle.readline())   # its line alone: not the streams after it
        # what costs least first: a rulebook a colour changed reads no file again
        if (record["inputs"] == inputs and record["covered"] == list(covered)
                and (now is None or all(now(what) == value for what, value in record["used"].items()))
                and all(templates.digest(name) == digest for name, digest in record["templates"].items())
                and current(record["files"])
                and record["output"] == _digest(_output(path))):
            return record
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def remember(path, inputs, data, pages, templates, folder, used=None, streams=b"", told=None, covered=(), apart=(),
             checked=None, warnings=()):
    """Record what went into the file just written, with every template and file in the spec's folder read so far and
    what else it read (used: {what: value}; a failure to record only costs a rebuild); covered: the resolved paths of
    the files whose whole meaning inputs holds (the spec file, for a key of the loaded spec), listed by path alone, no
    digest: an edit of one that leaves inputs and used as they were keeps the file; streams: what the build kept of its
    compressed streams (pdffile.keep_streams), written after the record's line; told: what the build worked out beside
    the file ({what: value}, given back with the record); apart: resolved folders inside folder (or folder itself)
    whose files the file does not read (another output built in the same process did) or reads only as inputs holds
    them, left out; checked: the key of the whole spec the build checked (build.cached compares it), warnings: what its
    checks warned of (given back with the record)."""
    read = {name: found.digest for name, found in sorted(templates.read.items())}
    output = data.digest() if hasattr(data, "digest") else _digest(data)   # data: the file's bytes, or a build.Copied
    listed = files(folder)
    for name in covered:
        listed.pop(name, None)
    for name in [name for name in listed if name.startswith(tuple(os.path.join(part, "") for part in apart))]:
        del listed[name]
    record = {"inputs": inputs, "covered": list(covered), "templates": read, "files": listed, "output": output,
              "pages": pages, "used": used or {}, "told": told or {}, "checked": checked,
              "warnings": list(warnings)}
    write_quietly(record_of(path), b"".join([json.dumps(record).encode(), b"\n", streams]))


def rechecked(path, checked: str, warnings: list) -> None:
    """Name in the record of path the key of the spec it was last checked with (a file kept for another spec once that
    spec passed its checks) and what those checks warned of, its streams kept as they are; a failure only costs a check
    again."""
    try:
        with opened(record_of(path)) as handle:
            record, streams = json.loads(handle.readline()), handle.read()
    except (OSError, ValueError):
        return
    record["checked"], record["warnings"] = checked, warnings
    write_quietly(record_of(path), b"".join([json.dumps(record).encode(), b"\n", streams]))


def folder() -> Path:
    """Where measurements kept between runs live: $XDG_CACHE_HOME/pnp, else ~/.cache/pnp."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


class Memo:
    """Values worked out from content, kept between runs in one JSON file and found by a digest of all their inputs.

    libraries: the files (path, size, mtime) the values also depend on, beyond what their keys say (cairo's shared
    libraries): the whole memo is dropped when one of them changed. Written at exit when something was added.
    """

    LIMIT = 50000   # entries kept: past it, only those used by the last run
    BYTES = 8_000_000   # the file's size kept: past it too (a memo read whole on every run must stay quick to read)
    OPEN: dict = {}  # name -> the memo of that name in this process
    HANDING = False  # in a worker (workers.py): what put() keeps is also handed back to the process that forked it

    def __init__(self, name: str, libraries: list | None = None):
        """libraries: [] for values whose keys name everything they depend on (no attest() needed)."""
        self.name, self.changed, self.loaded = name, False, False
        self.used: set[str] = set()
        self.added: dict = {}   # in a worker, what put() kept since handed() last took it
        Memo.OPEN[name] = self
        self.path: Path | None = None
        self.entries: dict = {}
        self.fixed, self.libraries, self.attested = libraries, libraries, libraries is not None  # attest() was called

    def _ready(self):
        """Read the file on first use (its entries kept only while the libraries it names are as they were)."""
        if self.loaded:
            return
        self.loaded = True
        atexit.register(self.save)
        self.path = folder() / self.name   # read when first used: a test may point XDG_CACHE_HOME elsewhere first
        try:
            data = json.loads(self.path.read_text())
            self.libraries = [tuple(lib) for lib in data["libraries"]] if data["libraries"] is not None else None
            if self.libraries is not None and any(stamp(path) != (size, mtime) for path, size, mtime in self.libraries):
                raise ValueError("a library changed")
            self.entries = data["entries"]
        except (OSError, ValueError, KeyError, TypeError):
            self.entries, self.libraries = {}, self.fixed

    def get(self, key: str):
        """The value kept under key, or None."""
        self._ready()
        found = self.entries.get(key)
        if found is not None:
            self.used.add(key)
        return found

    def put(self, key: str, value) -> None:
        """Keep value under key (written at exit); past twice LIMIT entries, only the LIMIT put last are kept in memory,
        and key (a long pnp watch puts a spec's every text in its YAML memo). A key put again keeps its place: moving
        it would grow a large memo's table inside a build."""
        self._ready()
        self.entries[key], self.changed = value, True
        if Memo.HANDING:
            self.added[key] = value
        self.used.add(key)
        if len(self.entries) > 2 * self.LIMIT:
            for old in list(self.entries)[:-self.LIMIT]:
                if old != key:
                    del self.entries[old]
                    self.used.discard(old)

    def identity(self) -> list | None:
        """The libraries the kept values were measured with, as they still are on disk; None when unknown."""
        self._ready()
        return self.libraries

    def attest(self, libraries: list | None) -> None:
        """The libraries this process measures with (None: unknown, so nothing is written); other ones drop every entry."""
        self._ready()
        self.attested = True
        if libraries != self.libraries:
            self.entries, self.used, self.libraries, self.changed = {}, set(), libraries, False

    def save(self) -> None:
        """Write the memo if something was added and the libraries are known, and the cache folder is one to make (a
        $HOME that does not exist gets no .cache made in it)."""
        if not self.changed or self.libraries is None or not (os.environ.get("XDG_CACHE_HOME") or Path.home().is_dir()):
            return
        entries = self.entries if len(self.entries) <= self.LIMIT else {k: self.entries[k] for k in self.used}
        data = json.dumps({"libraries": self.libraries, "entries": entries}, separators=(",", ":")).encode()
        if len(data) > self.BYTES and len(entries) > len(self.used):
            data = json.dumps({"libraries": self.libraries, "entries": {k: self.entries[k] for k in self.used}},
                              separators=(",", ":")).encode()
        write_quietly(self.path, data)
        self.changed = False


def memo(name: str, limit: int) -> Memo:
    """The one memo of this name in this process (of values whose keys name all they depend on), made when first asked for."""
    found = Memo.OPEN.get(name) or Memo(name, [])
    found.LIMIT = limit
    found._ready()
    return found


def handed() -> list:
    """What this process added to its memos since last asked, in the order added: (name, limit, entries, used) each."""
    parts = []
    for found in Memo.OPEN.values():
        if found.added or found.used:
            parts.append((found.name, found.LIMIT, list(found.added.items()), sorted(found.used)))
            found.added, found.used = {}, set()
    return parts


def take(parts: list) -> None:
    """Add what a worker handed back to this process's memos (written at its exit), as if this process had worked it out."""
    for name, limit, entries, used in parts:
        found = memo(name, limit)
        for key, value in entries:
            found.entries[key] = value
        found.changed = found.changed or bool(entries)
        found.used.update(used)


def stamp(path) -> tuple | None:
    """(size, mtime in ns) of a file, or None when it is gone."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns


class Verdicts(Memo):
    """What `pnp validate` printed for a spec, kept while every file it read (spec, data, layouts, templates, the
    libraries that measured ink and colours) holds the same and no template that would hide one it read has appeared."""

    LIMIT = 60   # verdicts kept (each lists the files it read): past it, only those used by the last run

    def __init__(self, name: str):
        super().__init__(name, [])
        self.stamps: dict = {}   # library file -> (size, mtime) as this run found it

    def verdict(self, key: str) -> tuple[list, int] | None:
        """(the lines printed, how many checks failed) kept under key, when everything it read is as it was; else None."""
        kept = self.get(key)
        if (kept is None or not all(_holds(path, digest) for path, digest in kept["files"].items())
                or any(os.path.lexists(path) for path in kept["absent"])
                or not all(self._as_was(*library) for library in kept["libraries"])):
            return None
        return kept["lines"], kept["failed"]

    def _as_was(self, path: str, size: int, mtime: int) -> bool:
        """True when a library file still has this size and time (each looked at once a run: the specs share them)."""
        if path not in self.stamps:
            self.stamps[path] = stamp(path)
        return self.stamps[path] == (size, mtime)

    def keep(self, key: str, lines: list, failed: int, files: dict, absent: list, libraries: list) -> None:
        """Keep a spec's verdict with what it read: files {path: digest}, absent [paths], libraries [(path, size, mtime)]."""
        self.put(key, {"lines": lines, "failed": failed, "files": files, "absent": absent, "libraries": libraries})


VERDICTS = Verdicts("verdicts.json")
CODE = Memo("code.json", [])   # package_digest(): the digest of the package's files by their stamps
CODE.LIMIT = 4                 # past it, only the one used by the last run
INK = Memo("ink.json", [])     # check/ink.py's MEMO, here so that the key of kept checks loads no geometry code
