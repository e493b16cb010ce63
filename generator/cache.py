"""Skip a build whose inputs and output are both unchanged: a content-hash record kept beside each file."""
import fnmatch
import functools
import hashlib
import json
import os
from pathlib import Path

from .files import write_quietly

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
    """The inputs of one output file known before it is drawn: the checked spec, the options, the code and fonts."""
    return _digest("\n".join([repr(spec), repr(options), code()]).encode())


def _record(path):
    """Where the record of an output file lives."""
    return path.parent / RECORDS / f"{path.name}.json"


def unchanged(path, inputs, templates):
    """The record of path when its inputs, the templates it read and the file on disk are all as last written; else None."""
    try:
        record = json.loads(_record(path).read_text())
        if (record["inputs"] == inputs and record["output"] == _digest(path.read_bytes())
                and all(templates.digest(name) == digest for name, digest in record["templates"].items())):
            return record
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def remember(path, inputs, data, pages, templates):
    """Record what went into the file just written, with every template read so far (a failure to record only costs a rebuild)."""
    read = {name: found.digest for name, found in sorted(templates.read.items())}
    record = {"inputs": inputs, "templates": read, "output": _digest(data), "pages": pages}
    write_quietly(_record(path), json.dumps(record).encode())
