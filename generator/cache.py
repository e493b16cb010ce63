"""Skip a build whose inputs and output are both unchanged: a content-hash record kept beside each file."""
import fnmatch
import functools
import hashlib
import json
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
RECORDS = ".pnp-cache"


def _digest(data):
    """SHA-256 of bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


@functools.lru_cache(maxsize=None)
def _folder(folder, pattern):
    """One digest of every file in a folder matching a pattern, names included."""
    digest = hashlib.sha256()
    found = [os.path.join(top, name) for top, _, names in os.walk(folder) for name in fnmatch.filter(names, pattern)]
    for path in sorted(found, key=lambda p: Path(p).relative_to(folder).parts):
        with open(path, "rb") as handle:
            digest.update(str(Path(path).relative_to(folder)).encode() + b"\0" + handle.read())
    return digest.hexdigest()


def code():
    """One digest of the package's code and fonts."""
    return _digest((_folder(str(PACKAGE), "*.py") + _folder(str(PACKAGE / "fonts"), "*")).encode())


def key(spec, *options):
    """The inputs of one output file: the checked spec, the options, and the code, fonts and templates drawing it."""
    parts = [repr(spec), repr(options), code(), *templates(spec)]
    return _digest("\n".join(parts).encode())


def templates(spec) -> list:
    """A digest of each template folder the spec searches: faces drawn from a changed template are drawn again."""
    return [_folder(folder, "*.svg") for folder in spec.templates]


def _record(path):
    """Where the record of an output file lives."""
    return path.parent / RECORDS / f"{path.name}.json"


def unchanged(path, inputs):
    """The record of path when its inputs match and the file on disk is still the one written; else None."""
    try:
        record = json.loads(_record(path).read_text())
        if record["inputs"] == inputs and record["output"] == _digest(path.read_bytes()):
            return record
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def remember(path, inputs, data, pages):
    """Record what went into the file just written (a failure to record only costs a rebuild next time)."""
    try:
        _record(path).parent.mkdir(exist_ok=True)
        _record(path).write_text(json.dumps({"inputs": inputs, "output": _digest(data), "pages": pages}))
    except OSError:
        pass
