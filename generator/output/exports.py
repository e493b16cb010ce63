"""What the export formats share (svg, png, contact, showcase, hand, tts, print-on-demand): face file names, backs,
folders and pruning."""
import json
import os
import re
from pathlib import Path
from ..records import NamedTuple

from ..digests import hexdigest
from ..errors import UserError
from ..files import game_folder, write_atomic, write_quietly


def face_stems(spec, arts=None) -> dict:
    """A file stem for each distinct artwork, by art key: <component>[-<nn>][-<properties>]-front, <component>-back (the
    common back), <component>-back-<n>[-<file and properties>] (a back a data row names)."""
    from ..spec.expand import expand  # lazy: start-up (the command line reads formats() without loading YAML)
    arts = arts if arts is not None else expand(spec)[1]
    fronts: dict = {}   # component -> the keys of its fronts, in order; of its backs
    backs: dict = {}
    for art in arts.values():
        (fronts if art.side == "front" else backs).setdefault(art.component, []).append(art.key)
    numbers = {key: n for keys in fronts.values() for n, key in enumerate(keys, start=1)}
    stems = {}
    for art in arts.values():
        if art.side == "back":
            stems[art.key] = _back_stem(art, len(backs[art.component]) - 1)
            continue
        alike = fronts[art.component]
        if len(alike) == 1:
            stems[art.key] = f"{art.component}-front"
            continue
        number = f"{numbers[art.key]:0{len(str(len(alike)))}d}"
        words = _chosen(spec, art)
        if words is None:
            words = "-".join(dict.fromkeys(word for word in map(_word, _named(spec, art).values()) if word))  # each once
        stems[art.key] = f"{art.component}-{number}{_cut(words)}-front"
    _distinct(stems, arts)
    return stems


def _distinct(stems: dict, arts) -> None:
    """Refuse two faces of one file name (component a's face '1-b' and component a-1-b's front): one file would be
    written over the other."""
    seen: dict = {}
    for key, stem in stems.items():
        other = seen.setdefault(stem.lower(), key)   # a and A are one file on some systems
        if other != key:
            one, two = arts[other], arts[key]
            raise UserError(f"{one.component}'s {_which(one, stems[other])} and {two.component}'s "
                            f"{_which(two, stem)} would both be written as {stem}: rename a component (a component's "
                            "id starts its faces' file names)")


def _which(art, stem: str) -> str:
    """A face as a message names it: its component's front (its only one), face n, or its back."""
    if art.side == "back":
        return "back"
    return "front" if stem == f"{art.component}-front" else f"face {art.key.rpartition('-')[2]}"


def _back_stem(art, own: int) -> str:
    """A back's file stem: <component>-back for the common back; for one of the own backs data rows name,
    <component>-back-<n>- and its layout file's name and the short values it quotes."""
    if art.key == f"{art.component}-back":
        return art.key
    from ..components.layout import BACK  # lazy: start-up
    number = int(art.key.rpartition("-")[2])   # expand numbers a component's own backs 1, 2... as rows first name them
    named = [str(art.props[BACK]).rsplit(".", 1)[0], *(v for k, v in art.props.items() if k != BACK)]
    words = "-".join(dict.fromkeys(word for word in map(_word, named) if word))
    return f"{art.component}-back-{number:0{len(str(own))}d}{_cut(words)}"


def _cut(words: str) -> str:
    """A file name's words after a hyphen, whole words, at most 40 characters ('' for none)."""
    words = words if len(words) <= 40 else words[:41].rsplit("-", 1)[0]
    return f"-{words}" if words else ""


class Backing(NamedTuple):
    """One distinct back a component's pieces carry (None: one-sided pieces, on plain card), the fronts it is behind
    (keys, in the order of the artworks) and how many pieces carry it."""

    back: str | None
    fronts: tuple
    pieces: int


def backings(spec, component) -> list:
    """The backs of a component's pieces, each with the fronts it is behind: the common back (or the plain card of
    one-sided pieces) first, then each back of its own a data row names, in the order expand numbers them."""
    from ..spec.expand import expand  # lazy: start-up
    fronts: dict = {}   # back -> the fronts it is behind, in the order pieces first show them (the artworks' order)
    counts: dict = {}
    for piece in expand(spec)[0]:
        if piece.component == component:
            fronts.setdefault(piece.back, {})[piece.front] = None
            counts[piece.back] = counts.get(piece.back, 0) + 1
    order = [f"{component}-back", *(f"{component}-back-{n}" for n in range(1, len(fronts) + 1))]
    return [Backing(key, tuple(fronts[key]), counts[key]) for key in [None, *order] if key in fronts]


def face_title(spec, art, number: int | None) -> str:
    """A front's name in words: a data row's title (a title or name column, else its first value in words, not a
    number), another face's short values; else the component's title and the face's number (None: its only face)."""
    values = [v.strip() for v in [art.props.get("title"), art.props.get("name"), *_named(spec, art).values()]
              if isinstance(v, str) and v.strip() and not _numeric(v)]
    from ..components.layout import ROW  # lazy: start-up
    title = spec.component(art.component).title
    if art.props.get(ROW) is None:  # no data row: the values its file name shows, as words
        values = [" ".join(dict.fromkeys(v for v in values if len(v) <= 24))] if values else []
    elif not values:   # a row of numbers only (a token's value): its first, named, not the face's number beside it
        shown = next(((k, v.strip()) for k, v in _named(spec, art).items() if isinstance(v, str) and v.strip()), None)
        if shown:
            return f"{title} ({shown[0]} {shown[1]})"
    return values[0] if values else f"{title}{f' {number}' if number else ''}"


def back_name(art) -> str:
    """A back in words, for a component with several: 'back: <the layout file its rows name>', or 'common back'."""
    from ..components.layout import BACK  # lazy: start-up
    return f"back: {art.props[BACK]}" if BACK in art.props else "common back"


def _numeric(text: str) -> bool:
    """True when a value is a number (a cost or count, no title)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _named(spec, art) -> dict:
    """The properties a face's file name may show, by name: not a data row's number, file, count of copies or back."""
    from ..components.layout import COUNTS  # lazy: start-up (the command line reads formats() without the layout kind)
    options = spec.component(art.component).options
    counting = options.get("count_column")
    backing = (options.get("back_column") or "back") if "backs" in options else None
    return {key: value for key, value in art.props.items()
            if not key.startswith("#") and key not in (counting, backing) and key.lower() not in COUNTS}


def _chosen(spec, art) -> str | None:
    """The words of a face's file name as its component's file_name: gives them ("{title}": its title), else None."""
    chosen = spec.component(art.component).options.get("file_name")
    if chosen is None:
        return None
    from ..spec.layouts import FIELD  # lazy: start-up
    return _word(FIELD.sub(lambda m: str(art.props.get(m.group(1), "")), chosen), whole=True)


UNSPLIT = str.maketrans({"æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "ß": "ss", "ł": "l", "Ł": "L",
                         "đ": "d", "Đ": "D", "þ": "th", "Þ": "TH"})   # letters NFKD leaves whole: their plain spelling


def _word(value, whole=False):
    """A short property value as a file-name word (lower-case letters, digits, hyphens; an accented letter as its plain
    one: 'Café' gives cafe); long or listed values give '' (whole: any length)."""
    if isinstance(value, (list, tuple, dict)) or (len(str(value)) > 24 and not whole):
        return ""
    plain = str(value)
    if not plain.isascii():
        import unicodedata  # lazy: start-up (only a name with letters outside ASCII asks)
        plain = unicodedata.normalize("NFKD", plain.translate(UNSPLIT)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def folder(options, spec, name) -> Path:
    """The folder a format writes a game's files into: <out>/<id>/<name>, or <out>/<id>/theme-<theme>/<name> (Spec.folder)."""
    return game_folder(options.out_dir, spec.folder) / name


def written(where: Path, group: str, owner: str, paths, alive=None) -> None:
    """Note the files a job wrote in a folder (paths) for owner (a component, a paper) in the folder's list of group,
    kept in <out>/<id>/.pnp-cache/<folder>.<group>.json; remove the files owner wrote there last time and no longer
    writes and, alive given (the owners the spec still has), every file of an owner not among them: only files pnp
    wrote, never one another owner still lists."""
    from ..cache import RECORDS  # lazy: start-up
    listing = where.parent / RECORDS / f"{where.name}.{group}.json"
    try:
        before = {k: v for k, v in json.loads(listing.read_text(encoding="utf-8")).items()
                  if isinstance(v, list) and all(isinstance(name, str) for name in v)}
    except (OSError, ValueError, AttributeError):
        before = {}
    now = {k: v for k, v in before.items() if alive is None or k in alive}
    now[owner] = sorted(Path(p).relative_to(where).as_posix() for p in paths)
    listed = {name for names in now.values() for name in names}
    for name in sorted({name for names in before.values() for name in names} - listed):
        _remove(where, name)
    if not listed and not listing.exists():   # nothing written, now or before: no list to keep
        return
    write_atomic(listing, (json.dumps(dict(sorted(now.items())), indent=1) + "\n").encode("utf-8"))


def _remove(where: Path, name: str) -> None:
    """Remove a file pnp wrote, named relative to where, and the folders its going leaves empty (up to where)."""
    if Path(name).is_absolute() or ".." in Path(name).parts:   # a list edited by hand names nothing outside
        return
    path = where / name
    if path.is_file() or path.is_symlink():
        path.unlink(missing_ok=True)
    for parent in path.parents:
        if parent == where or not parent.is_dir() or any(parent.iterdir()):
            break
        parent.rmdir()


def face_files(spec, component, options, format_name: str, render, how=()) -> tuple:
    """Write <out>/<id>/<format>/<face>.<format> for each distinct face of a component, front and back (a back no piece
    carries left out), render(art) giving its bytes; a face whose file holds what the last export wrote for the same
    inputs (KeptFiles; how: what else its bytes depend on, as the dpi) is left as it is; remove the files of faces this
    component no longer has; return the summary."""
    from ..spec.expand import expand  # lazy: start-up
    _, arts = expand(spec)
    stems = face_stems(spec, arts)
    used = {b.back for b in backings(spec, component)}
    where, suffix = folder(options, spec, format_name), f".{format_name}"
    kept = KeptFiles(where, component, how)
    paths, sizes = [], []
    for art in arts.values():
        if art.component != component:
            continue
        if art.side == "back" and art.key not in used:   # the common back when every data row names a back of its own
            continue
        path = where / f"{stems[art.key]}{suffix}"
        paths.append(path)
        sizes.append(kept.write(path, kept.key(spec, [art]), lambda: render(art)))
    kept.save()
    written(where, "faces", component, paths, {c.id for c in spec.components})
    return summary(paths, sizes, *kept.told(len(paths)))


class KeptFiles:
    """The files one owner's export (a component's faces, its deck sheets) wrote in a folder, each with the key of all it
    was drawn from and the digest of its bytes, kept in <out>/<id>/.pnp-cache/<folder>.<owner>.kept.json: a file whose
    key is as it was and which still holds those bytes is not drawn again (a deck's export after one card was edited
    draws that card's file alone); how: what else every file's bytes depend on (the dpi, the painting libraries)."""

    def __init__(self, where: Path, owner: str, how=()):
        from ..cache import RECORDS  # lazy: start-up
        self.path = where.parent / RECORDS / f"{where.name}.{owner}.kept.json"
        self.how = repr(how)
        try:
            found = json.loads(self.path.read_text(encoding="utf-8"))
            self.before = {name: tuple(entry) for name, entry in found.items()
                           if isinstance(entry, list) and len(entry) == 2 and all(isinstance(v, str) for v in entry)}
        except (OSError, ValueError, AttributeError):
            self.before = {}
        self.now: dict = {}
        self.drawn = 0

    def key(self, spec, arts, *more) -> str:
        """The key of a file showing these artworks: all that drawing each reads (facecache.face_key), how the files
        are written and more (where the file places them)."""
        from ..facecache import face_key  # lazy: start-up (the command line reads formats() without the face cache)
        return hexdigest(repr((self.how, [face_key(spec, art) for art in arts], more)).encode())

    def holds(self, path: Path, key: str) -> int | None:
        """The size of the file at path when the last export wrote it for this key and it still holds those bytes;
        else None."""
        was = self.before.get(path.name)
        if was is None or was[0] != key:
            return None
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if hexdigest(data) != was[1]:
            return None
        self.now[path.name] = was
        return len(data)

    def told(self, files: int) -> tuple:
        """The build's note on the files kept, if any were."""
        kept = files - self.drawn
        if not kept:
            return ()
        return (f"{kept} of {files} unchanged: inputs and file match the last export" if self.drawn
                else "unchanged: inputs and files match the last export",)

    def write(self, path: Path, key: str, draw) -> int:
        """Write draw()'s bytes to path unless the file holds them already (holds); its size."""
        size = self.holds(path, key)
        if size is None:
            data = draw()
            write_atomic(path, data)
            self.now[path.name], self.drawn, size = (key, hexdigest(data)), self.drawn + 1, len(data)
        return size

    def save(self) -> None:
        """Keep the key and digest of every file this export wrote or left (a failure only costs drawing them again)."""
        if self.now != self.before:
            write_quietly(self.path, json.dumps(dict(sorted(self.now.items())), indent=0).encode("utf-8"))


def summary(paths, sizes, *notes) -> tuple:
    """What a build prints for a batch of files: (the file, or their shared folder and name start, 'n files', bytes, notes...)."""
    paths = [Path(p) for p in paths]
    if len(paths) == 1:
        return (str(paths[0]), "1 file", sum(sizes), *notes)
    common = Path(os.path.commonpath(paths))
    start = os.path.commonprefix([str(p.relative_to(common)) for p in paths])
    return (f"{common}{os.sep}{start}*", f"{len(paths)} files", sum(sizes), *notes)
