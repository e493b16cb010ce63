"""Rebuild a game on every save of its inputs: watchdog reports the saves, a short wait joins them, the caches skip the rest."""
import logging
import os
import signal
import threading
import warnings
import time
from pathlib import Path

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from .build import UNCHANGED, build, build_rules, no_rules, output_path, papers, warned
from .draw import art
from . import cache
from .spec import loader as specs
from .errors import UserError, said
from .files import MISSING
from .facecache import FaceCache
from .output import Options
from .output.formats import jobs
from .draw.templates import TEMPLATES
from .spec.theme import resolve as theme_file

QUIET = 0.3  # seconds without a new save before rebuilding: one save in an editor is often several writes
SETTLE = 0.02  # seconds without a new event before rebuilding once a save has ended (its file closed after writing, or
               # renamed into place): other files saved with it are joined; watchdog reports no end on every platform
STOP_WAIT = 2.0  # seconds Ctrl-C waits for watchdog's threads: one can miss its wake-up in inotify's read (a known race);
                 # they are daemon threads, which end with the process
CHANGES = ("created", "modified", "moved", "deleted", "closed")   # closed: after writing


class Watcher(FileSystemEventHandler):
    """The inputs of one spec: the spec, its rules file, every file its builds read (data, layouts, fonts, art), the
    folders beside it (templates, positions, data, art), the shipped templates and the theme file; iterating yields the
    changed files of each batch of saves."""

    def __init__(self, name: str, theme: str | None = None, ignore=()):
        self.spec = Path(specs.resolve(name)).resolve()
        self.folder = self.spec.parent
        self.files = {self.spec, self.folder / "rules" / f"{self.spec.stem}.yaml"}
        if theme:
            self.files.add(Path(theme_file(theme)).resolve())
        self.trees = [TEMPLATES]
        self.ignore = []   # the output: the whole folder, or the game's own folders in it when it holds the spec
        for out in map(lambda p: Path(p).resolve(), ignore):
            self.ignore += ([out / self.spec.stem, out / f"{self.spec.stem}-preview"] if self.folder.is_relative_to(out)
                            else [out])
        self.changed: set[Path] = set()
        self.made: set[Path] = set()   # the files created since the last batch: one gone by its end was an editor's
        self.ended = False   # the last change seen ends a save: its file closed after writing, or renamed into place
        self.lock, self.saved = threading.Lock(), threading.Event()
        self.interrupted = False   # set by Ctrl-C's handler, which must take no lock (the main thread may hold it)
        self.observer = Observer()
        self.watch: ObservedWatch | None = None   # the observer's watch of the spec's folder, made again when it is replaced
        self.replaced = False   # the spec's folder moved away, removed or made again: watched anew before the rebuild

    def relevant(self, name: str) -> bool:
        """True for a file the build reads: never a hidden file (editor swap files, caches) or an output folder."""
        path = Path(name)
        if any(part.startswith(".") or part.endswith("~") for part in path.parts) or any(
                path.is_relative_to(folder) for folder in self.ignore):
            return False
        if (path in self.files or str(path) in cache.READ or str(path) in MISSING
                or any(path.is_relative_to(tree) for tree in self.trees)):
            return True  # cache.READ: every file a build in this process read (data and layouts beside the spec, fonts,
            # art); MISSING: each it looked for and did not find (a layout named before it is written)
        inside: tuple[str, ...] = path.relative_to(self.folder).parts if path.is_relative_to(self.folder) else ()
        return len(inside) > 1 and inside[0] != "rules"  # templates/, positions/, data/...; other games' rules are not ours

    def on_any_event(self, event):
        if event.is_directory and event.event_type in ("moved", "created", "deleted") and \
                self.folder in (Path(event.src_path), Path(getattr(event, "dest_path", "") or "/")):
            with self.lock:   # the folder itself replaced (moved away and copied back): its new one is watched
                self.replaced, self.ended = True, True
                self.changed.add(str(self.spec))
            self.saved.set()
            return
        if event.is_directory or event.event_type not in CHANGES:
            return
        paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p and self.relevant(p)]
        if paths:
            with self.lock:
                self.changed.update(paths)
                if event.event_type == "created":
                    self.made.update(paths)
                self.ended = event.event_type == "closed" or event.event_type == "moved" and paths[-1] == event.dest_path
            self.saved.set()

    def __enter__(self):
        # watchdog warns when a folder made during its recursive set-up is registered twice; the watch is the same
        warnings.filterwarnings("ignore", "Callback with id", RuntimeWarning)
        folders = {self.folder: True, **{tree: True for tree in self.trees if tree.is_dir()}}
        for path in self.files - {self.spec}:
            if not any(path.is_relative_to(f) for f in folders) and path.parent.is_dir():
                folders[path.parent] = False
        for folder, recursive in folders.items():
            watch = self.observer.schedule(self, str(folder), recursive=recursive)
            if folder == self.folder:
                self.watch = watch
        if self.folder.parent not in folders:   # where the folder itself is moved, removed or made again
            self.observer.schedule(self, str(self.folder.parent), recursive=False)
        self.observer.start()
        return self

    def __exit__(self, *exc):
        # watchdog logs an error when its reading thread wakes after stop() closed the watch (a harmless race): not shown
        logging.getLogger("watchdog.observers.inotify").setLevel(logging.CRITICAL)
        stopping = threading.Thread(target=self._stop, daemon=True)   # stop() itself joins the reading threads
        stopping.start()
        stopping.join(STOP_WAIT)

    def _rewatch(self) -> None:
        """Watch the spec's folder as it is now, after it was replaced (a watch follows the folder it was made on, even
        moved away); none while it is gone (its making again is seen in its parent)."""
        if self.watch is not None:
            self.observer.unschedule(self.watch)
            self.watch = None
        if self.folder.is_dir():
            self.watch = self.observer.schedule(self, str(self.folder), recursive=True)

    def _stop(self):
        """Stop watchdog's observer and wait for its threads."""
        self.observer.stop()
        self.observer.join()

    def __iter__(self):
        while not self.interrupted:
            self.saved.wait()
            while True:  # wait until the saves stop for a moment: a short one once the last save has ended
                self.saved.clear()
                if not self.saved.wait(SETTLE if self.ended else QUIET):
                    break
            with self.lock:
                changed, made, self.changed, self.made = self.changed, self.made, set(), set()
                replaced, self.replaced = self.replaced, False
            if replaced:
                self._rewatch()
            named = sorted(str(specs.shown(p)) for p in changed if p not in made or Path(p).exists())   # not sed's
            if named and not self.interrupted:                                                         # temporary file
                yield named


def run(watcher: Watcher, rebuild, echo) -> None:
    """Rebuild now and after every batch of saves, echoing rebuild(changed)'s line, or an error's unless another save
    comes within QUIET, until Ctrl-C.

    Ctrl-C is also noted, so a rebuild that swallowed its KeyboardInterrupt (raised in a C library's callback or a
    finaliser, where Python only prints it) still ends the watch when it returns, not at the next save."""
    def interrupt(signum, frame):
        watcher.interrupted = True
        raise KeyboardInterrupt

    def attempt(changed):
        for drawn in (art.pdf, art.surface, art.recorded):  # SVG art drawn with the files it links to, since changed
            drawn.cache_clear()
        try:
            echo(rebuild(changed))
        except UserError as exc:
            if not watcher.saved.wait(QUIET):   # else a save came on its heels (the rest of a file written in parts,
                echo(said(exc))                 # another file saved with it): rebuilt with it, this error not shown
        except Exception:
            if not watcher.interrupted:   # a C library's error after Ctrl-C swallowed in its callback: the interrupt
                raise
        if watcher.interrupted:
            raise KeyboardInterrupt
    main = threading.current_thread() is threading.main_thread()   # only the main thread may set a signal's handler
    default = signal.signal(signal.SIGINT, interrupt) if main else None
    try:
        with watcher:
            attempt([])
            echo(f"watching {specs.shown(watcher.spec)} and the files it uses (Ctrl-C to stop)")
            for changed in watcher:
                attempt(changed)
    except KeyboardInterrupt:
        pass
    finally:
        if main:
            signal.signal(signal.SIGINT, default)


def components(spec, paper, out_dir):
    """Build one components PDF as pnp build does (build.build: the kept faces, plan and streams, the same records); return
    (file name, faces drawn, faces recoloured, faces used) or None if unchanged."""
    faces = FaceCache(output_path(out_dir, spec, paper), spec.remembered("face files", list))
    path, _, _, *notes = build(spec, paper, out_dir, faces=faces)
    if UNCHANGED in notes:
        return None
    return path.name, len(faces.drawn), len(faces.recoloured), faces.count()


def rebuild(name, paper, out_dir, overrides=(), theme=None, formats=("pdf",), dpi=300):
    """A rebuild function for run(): the components PDFs and rulebooks that changed, the other formats asked for in full,
    and one line saying so."""
    def once(changed):
        start = time.perf_counter()
        for gone in [path for path in cache.READ if not os.path.exists(path)]:   # renamed or deleted since read: the
            del cache.READ[gone]                                                # records name only files there are
        spec = specs.load(name, overrides, theme)
        made, kept, wrote = [], [], []
        for size in papers(paper) if "pdf" in formats else ():
            done = components(spec, size, out_dir)
            if done:
                file, drawn, recoloured, used = done
                made.append(f"{file} ({drawn} of {used} faces drawn{f', {recoloured} recoloured' * bool(recoloured)})")
            else:
                kept.append(output_path(out_dir, spec, size).name)
            if specs.rules_path(spec).is_file():
                path, *rest = build_rules(spec, size, out_dir)
                (kept if len(rest) > 2 else made).append(path.name)
        options = Options(out_dir, paper, dpi=dpi)
        for chosen in formats:
            if chosen != "pdf":
                counts = [_files(function(*args)) for _, function, args in jobs(chosen, spec, options)]
                files, drawn = sum(n for n, _ in counts), sum(n for _, n in counts)
                wrote.append(f"{chosen} ({files} file{'s' * (files != 1)}"
                             + (f", {drawn} drawn again)" if drawn < files else ")"))
        what = f"{', '.join(changed)} changed: " if changed else ""
        done = "; ".join(part for part in (f"rebuilt {', '.join(made)}" if made else "",
                                           f"wrote {', '.join(wrote)}" if wrote else "") if part) or "nothing to rebuild"
        bookless = "pdf" in formats and not specs.rules_path(spec).is_file()   # as pnp build notes it (a rules file
        note = f"; {no_rules(spec, paper, out_dir).removeprefix(f'{spec.path}: ')}" if bookless else ""   # deleted too)
        said = "".join(f"\nwarning: {line}" for line in warned(spec)["lines"])   # as pnp build prints them
        return (f"{what}{done}{'; unchanged: ' + ', '.join(kept) if kept else ''}{note} "
                f"({time.perf_counter() - start:.2f} s){said}")
    return once


def _files(result) -> tuple[int, int]:
    """(files, how many of them were drawn and written again) of a format's job, from what it reports: ('...', 'n
    files', bytes, its note on the files kept, if any: 'k of n unchanged...' or 'unchanged...' for all)."""
    files = int(result[1].split()[0]) if result[1][0].isdigit() else 1
    note = next((part for part in result[3:] if isinstance(part, str) and "unchanged" in part), "")
    kept = files if note.startswith("unchanged") else int(note.split()[0]) if note[:1].isdigit() else 0
    return files, files - kept
