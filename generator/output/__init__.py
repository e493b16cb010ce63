"""What every output shares: the build options, face names, folders and pruning; the formats themselves are in formats/."""
import os
import re
from pathlib import Path
from ..records import NamedTuple

from ..files import write_atomic


class Options(NamedTuple):
    """What a build asks of every format: where to write, which papers, backs and looks, the PNG dpi and POD preset."""

    out_dir: str = "output"
    paper: str = "all"
    backs: str = "duplex"
    looks: tuple = ()
    dpi: int = 300
    pod: str | None = None


def face_stems(spec, arts=None) -> dict:
    """A file stem for each distinct artwork, by art key: <component>[-<nn>][-<properties>]-front, <component>-back."""
    from ..spec.expand import expand  # lazy: start-up (the command line reads formats() without loading YAML)
    arts = arts if arts is not None else expand(spec)[1]
    fronts: dict = {}
    for art in arts.values():
        if art.side == "front":
            fronts.setdefault(art.component, []).append(art)
    stems = {}
    for art in arts.values():
        if art.side == "back":
            stems[art.key] = f"{art.component}-back"
            continue
        alike = fronts[art.component]
        if len(alike) == 1:
            stems[art.key] = f"{art.component}-front"
            continue
        number = f"{alike.index(art) + 1:0{len(str(len(alike)))}d}"
        words = _chosen(spec, art)
        if words is None:
            words = "-".join(dict.fromkeys(word for word in map(_word, _named(spec, art)) if word))  # each word once
        words = words if len(words) <= 40 else words[:41].rsplit("-", 1)[0]  # whole words, at most 40 characters
        stems[art.key] = f"{art.component}-{number}{'-' + words if words else ''}-front"
    return stems


def _named(spec, art) -> list:
    """The property values a face's file name may show: not a data row's number, file or count of copies."""
    from ..components.layout import COUNTS  # lazy: start-up (the command line reads formats() without the layout kind)
    counting = spec.component(art.component).options.get("count_column")
    return [value for key, value in art.props.items()
            if not key.startswith("#") and key != counting and key.lower() not in COUNTS]


def _chosen(spec, art) -> str | None:
    """The words of a face's file name as its component's file_name: gives them ("{title}": its title), else None."""
    chosen = spec.component(art.component).options.get("file_name")
    if chosen is None:
        return None
    from ..spec.layouts import FIELD  # lazy: start-up
    return _word(FIELD.sub(lambda m: str(art.props.get(m.group(1), "")), chosen), whole=True)


def _word(value, whole=False):
    """A short property value as a file-name word (lower-case letters, digits, hyphens); long or listed values give ''
    (whole: any length)."""
    if isinstance(value, (list, tuple, dict)) or (len(str(value)) > 24 and not whole):
        return ""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")


def folder(options, spec, name) -> Path:
    """The folder a format writes a game's files into: <out>/<id>/<name>."""
    return Path(options.out_dir) / spec.game.id / name


def face_pattern(component: str, suffix: str) -> re.Pattern:
    """The names face_stems gives a component's faces, as a pattern (with the file suffix)."""
    return re.compile(rf"{re.escape(component)}-(back|front|\d+(-[a-z0-9-]+)?-front){re.escape(suffix)}")


def prune(where: Path, pattern: re.Pattern, kept, others=()) -> None:
    """Remove the files in where named as pattern says that are not kept: what an export wrote before and no longer
    writes (a renamed card's face); a name that also fits one of others belongs to another component and stays."""
    kept = {Path(p).name for p in kept}
    for old in sorted(where.glob("*")) if where.is_dir() else ():
        if (old.is_file() and old.name not in kept and pattern.fullmatch(old.name)
                and not any(other.fullmatch(old.name) for other in others)):
            old.unlink(missing_ok=True)


def face_files(spec, component, options, format_name: str, render) -> tuple:
    """Write <out>/<id>/<format>/<face>.<format> for each distinct face (front and back) of a component, render(art)
    giving its bytes; remove the files of faces this component no longer has; return the summary."""
    from ..spec.expand import expand  # lazy: start-up
    _, arts = expand(spec)
    stems = face_stems(spec, arts)
    where, suffix = folder(options, spec, format_name), f".{format_name}"
    paths, sizes = [], []
    for art in arts.values():
        if art.component == component:
            path = where / f"{stems[art.key]}{suffix}"
            data = render(art)
            write_atomic(path, data)
            paths.append(path)
            sizes.append(len(data))
    kept = set(stems.values())  # a face of this spec named like one of this component's stays
    prune(where, face_pattern(component, suffix), [*paths, *(f"{stem}{suffix}" for stem in kept)],
          [face_pattern(c.id, suffix) for c in spec.components if c.id != component])
    return summary(paths, sizes)


def summary(paths, sizes, *notes) -> tuple:
    """What a build prints for a batch of files: (the file, or their shared folder and name start, 'n files', bytes, notes...)."""
    paths = [Path(p) for p in paths]
    if len(paths) == 1:
        return (str(paths[0]), "1 file", sum(sizes), *notes)
    common = Path(os.path.commonpath(paths))
    start = os.path.commonprefix([str(p.relative_to(common)) for p in paths])
    return (f"{common}{os.sep}{start}*", f"{len(paths)} files", sum(sizes), *notes)
