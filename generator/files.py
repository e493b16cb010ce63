"""Where pnp reads and writes files: files a spec names stay inside its folder; writes are atomic (temp file + rename,
never through a link) and clean up what killed runs left."""
import errno
import os
import stat
from pathlib import Path

from .errors import UserError

SPECS = Path(__file__).resolve().parent / "specs"  # shipped with the package: found wherever pnp is installed
RECORDS = ".pnp-cache"   # the folder beside a game's output files that keeps their records
MISSING: set = set()   # the files a spec named that were not there, by absolute path: pnp watch rebuilds when one appears


def shipped() -> list:
    """Paths of the shipped specs, sorted by game id."""
    return sorted(SPECS.glob("*.yaml"))


def beside(spec_path, *parts) -> Path:
    """A file the spec reaches by name (rules, positions), refused when a link takes it outside the spec's folder."""
    folder = Path(spec_path).parent
    path = folder.joinpath(*parts)
    if loops(path):
        raise UserError(f"{path}: {LOOPING}")
    if path.exists() and not path.resolve().is_relative_to(folder.resolve()):
        raise UserError(f"{path}: links to a file outside the spec's folder ({path.resolve()})")
    return path


def inside(folder, name) -> Path:
    """A file named by a path relative to folder (a spec's data, layouts): refused when absolute, climbing out with '..',
    missing, or a link to somewhere outside folder (the UserError's message names no place: callers add it)."""
    folder = Path(folder)
    if not isinstance(name, str) or not name.strip():
        raise UserError(f"expected a file name, found {name!r}")
    if Path(name).is_absolute() or ".." in Path(name).parts:
        raise UserError(f"{name!r}: expected a path inside the spec's folder (no absolute path, no '..')")
    path = folder / name
    try:
        if loops(path):
            raise UserError(f"{name!r} is {LOOPING}")
        if path.exists() and not path.resolve().is_relative_to(folder.resolve()):
            raise UserError(f"{name!r} links to a file outside the spec's folder ({path.resolve()})")
        if path.exists() and not path.is_file():
            raise _not_a_file(str(path), path)
        if not path.is_file():
            MISSING.add(str(path.resolve()))
            raise _missing(str(path), name)
    except OSError:   # a name longer than the system takes
        raise _too_long(name) from None
    return path


LOOPING = "a link that loops (it leads back to itself, never to a file)"


def loops(path) -> bool:
    """True when path is, or passes through, a link that loops (a -> a, a -> b -> a): Python before 3.13 raised a
    RuntimeError (a traceback) resolving it, and a read gives ELOOP."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def _too_long(name: str) -> UserError:
    """The error for a file name the system refuses (most take 255 bytes a name, 4,096 a path)."""
    return UserError(f"{name[:60]!r}...: a file name of {len(name):,} characters, longer than the system takes")


def game_folder(out_dir, name: str) -> Path:
    """<out>/<name>, the folder a game's files are written in, refused when it or any folder in it is a link: pnp writes
    only inside --out, never through a link."""
    if not str(out_dir).strip():   # an empty shell variable: Path('') is the current folder
        raise UserError(f"--out: expected a folder, found {str(out_dir)!r} (for the current folder, give --out .)")
    folder = Path(out_dir) / name
    linked = [folder] if folder.is_symlink() else [Path(top, entry) for top, folders, _ in os.walk(folder)
                                                  for entry in folders if os.path.islink(os.path.join(top, entry))]
    if not linked and os.path.islink(folder / RECORDS):   # one leading nowhere is no folder to os.walk: the build's
        linked = [folder / RECORDS]                        # records were silently not kept
    if linked:
        leads = nowhere(linked[0])
        raise UserError(f"{linked[0]}: a link to {os.readlink(linked[0])!r}{f', {leads}' if leads else ''}; pnp writes "
                        "only inside --out, never through a link: remove the link"
                        + ("" if leads else ", or give --out the folder it leads to"))
    return folder


def nowhere(path) -> str:
    """How a link leads nowhere ('which leads back to itself', 'which leads nowhere: nothing is there'), or '' when it
    leads to a file or folder."""
    if os.path.exists(path):
        return ""
    return "which leads back to itself" if loops(path) else "which leads nowhere: nothing is there"


def opened(path):
    """A file pnp wrote (an output, its record), opened to read; OSError when it is not a regular file of its own there:
    a link, a pipe or a device put in the output folder would be read through, or never answer."""
    handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(errno.EINVAL, f"{path}: not a regular file")
        os.set_blocking(handle, True)
        return open(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def shown(path) -> Path:
    """A path as a user would write it: relative to the current folder when inside it, its own name kept (a link is
    named, not the file it leads to)."""
    path = Path(path)
    try:
        return (path.parent.resolve() / path.name).relative_to(Path.cwd())
    except (ValueError, RuntimeError):   # outside it; a folder on the way that loops (before 3.13: RuntimeError)
        return path


def _not_a_file(shown: str, path: Path) -> UserError:
    """The error for a path that is there but no file to read: a folder, a pipe or a device."""
    if path.is_dir():
        return UserError(f"{shown!r} is a folder, not a file")
    return UserError(f"{shown!r} is not a regular file (a pipe or a device): pnp reads files only")


def _missing(shown: str, name: str) -> UserError:
    """The error for a missing file, shown as its path is; a name with a '\\' is told to have '/' instead."""
    if "\\" not in name:
        return UserError(f"no such file {shown!r}")
    slashed = name.replace("\\", "/")
    return UserError(f"no such file '{shown}': write '/' between folders ('{slashed}'): pnp reads paths the same on "
                     "every system")


def write_atomic(path, data, replaced: bool = True):
    """Write bytes (or the rest of a binary file object, or bytes from an iterable, part by part) to path via a temp file
    in the same folder and a rename: never a half-written file. replaced=False (a cache): the old file is removed
    before the rename, so for a moment there is none, and ext4 does not write the new one's data out at the rename as
    it does when one file replaces another (about 0.3 ms a file: a power cut may leave a cache empty, a miss)."""
    path = Path(path)
    try:
        try:
            _sweep(path)
        except FileNotFoundError:   # the folder is made when it is not there (not asked for at each write)
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = _temp_beside(path)
    except (FileExistsError, NotADirectoryError, OSError) as exc:
        linked = next((up for up in path.parents if up.is_symlink() and nowhere(up)), None)
        if linked is not None:   # a folder's name that is a link to nothing (it was told 'is a file, not a folder')
            raise UserError(f"cannot write {path}: {linked} is a link to {os.readlink(linked)!r}, {nowhere(linked)}") from None
        if not isinstance(exc, (FileExistsError, NotADirectoryError)):
            raise UserError(f"cannot write {path}: {exc.strerror}") from None
        blocking = next((up for up in path.parents if up.exists() and not up.is_dir()), path.parent)
        raise UserError(f"cannot write {path}: {blocking} is a file, not a folder") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, (bytes, bytearray)):
                handle.write(data)
            elif hasattr(data, "read"):
                while chunk := data.read(1 << 20):
                    handle.write(chunk)
            else:
                handle.writelines(data)
        os.chmod(temp, 0o644)
        if not replaced:
            _remove(path)
        os.replace(temp, path)
    except BaseException as exc:  # also on Ctrl-C: remove our own temp file, and only that
        if os.path.exists(temp):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise UserError(f"cannot write {path}: {exc.strerror}") from None
        raise


def _remove(path):
    """Remove a file that may not be there (another run may have removed it first)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _temp_beside(path):
    """Create a temp file of our own in path's folder: (descriptor, name); a leftover of another run is never reused."""
    for attempt in range(100):
        temp = path.parent / f".{path.name}.{os.getpid()}-{attempt}.part"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), temp
        except FileExistsError:
            if not path.parent.is_dir():
                raise
    raise UserError(f"cannot write {path}: too many leftover temp files beside it")


def _sweep(path):
    """Remove the temp files of path that killed runs of pnp left (named by a process id that no longer runs)."""
    prefix = f".{path.name}."   # then <process id>-<attempt>.part: read without a pattern compiled for each file
    for entry in os.scandir(path.parent):
        if not (entry.name.startswith(prefix) and entry.name.endswith(".part")):
            continue
        pid, dash, attempt = entry.name[len(prefix):-len(".part")].partition("-")
        if dash and pid.isdecimal() and attempt.isdecimal() and not _running(int(pid)):
            try:
                os.unlink(entry.path)
            except OSError:
                pass  # gone already, or not ours to remove: the build goes on


def _running(pid):
    """True when a process with this id exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        pass  # it exists, and is someone else's
    return True


def write_quietly(path, data):
    """Write bytes like write_atomic, for a cache: a failure (full disk, a read-only folder) only costs a rebuild."""
    try:
        write_atomic(path, data, replaced=False)
    except UserError:
        pass


def contained(folder, name) -> Path:
    """The file called name in the spec's folder (art, fonts); refused in one line when it (or a link on the way) leads outside,
    or is missing (named as the spec's folder was given, as a missing layout or data file is)."""
    base = Path(folder).resolve()
    text = str(name)
    path = base / text
    try:
        if not (Path(text).is_absolute() or "://" in text) and loops(path):
            raise UserError(f"{text}: {LOOPING}")
        if Path(text).is_absolute() or "://" in text or not path.resolve().is_relative_to(base):
            raise UserError(f"{text}: the file is outside the spec's folder {base} (art, fonts and data must be inside it)")
        if path.exists() and not path.is_file():
            raise _not_a_file(str(Path(folder) / text), path)
        if not path.exists():
            MISSING.add(str(path.resolve()))
            raise _missing(str(Path(folder) / text), text)
    except OSError:   # a name longer than the system takes
        raise _too_long(text) from None
    return path
