"""pnp watch: a save rebuilds what changed and says so in one line; a broken spec is one error line and watching goes
on; files the game does not read are ignored; Ctrl-C exits 0."""
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from generator.spec import loader as specs
from generator.spec.expand import expand
from generator.draw.render import draw_art

POSIES = specs.SPECS / "posies.yaml"


class Watch:
    """pnp watch running in a subprocess, its output lines read as they come."""

    def __init__(self, *args, cwd, memos=None):
        """memos: a folder of its own for the measures pnp keeps between runs (else the tests' shared one)."""
        env = {**os.environ, "XDG_CACHE_HOME": str(memos)} if memos else None
        self.proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "watch", *args], cwd=cwd, text=True, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line.rstrip("\n")) for line in self.proc.stdout], daemon=True).start()

    def line(self, timeout=60):
        """The next line printed (failing the test when none comes in time)."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"pnp watch printed nothing in {timeout} s") from None

    def said(self, timeout=60):
        """The next line printed but the warnings each build repeats (a picture below 300 dpi)."""
        while (line := self.line(timeout)).startswith("warning: "):
            pass
        return line

    def started(self):
        """The lines printed before 'watching ...' (the first build's)."""
        before = []
        while not (line := self.line()).startswith("watching "):
            before.append(line)
        return before

    def quiet(self, seconds):
        """None when nothing is printed for this long, else the line printed."""
        try:
            return self.lines.get(timeout=seconds)
        except queue.Empty:
            return None

    def stop(self):
        """Ctrl-C: return the exit code."""
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=30)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def game(tmp_path):
    """A copy of Posies with its rules in a folder of its own."""
    (tmp_path / "rules").mkdir()
    shutil.copy(POSIES, tmp_path / "posies.yaml")
    shutil.copy(specs.SPECS / "rules" / "posies.yaml", tmp_path / "rules" / "posies.yaml")
    return tmp_path


# A watch whose faces are counted has memos of its own: when another test's build of the same spec left its checks'
# results there, the first build skips the checks, keeps no verdict with its faces, and the next draws them all for the checks.


def test_save_rebuilds_what_changed(game):
    pdf = game / "out" / "posies" / "posies-components-a4.pdf"
    watch = Watch("posies.yaml", "--paper", "a4", "--out", "out", cwd=game, memos=game / ".memos")
    try:
        first = watch.started()
        assert len(first) == 1 and first[0].startswith("rebuilt posies-components-a4.pdf"), first
        before = pdf.read_bytes()
        spec = (game / "posies.yaml").read_text()
        (game / "posies.yaml").write_text(spec.replace('pink: "#f28bbd"', 'pink: "#e0409a"'))
        line = watch.line()
        found = re.fullmatch(r"posies\.yaml changed: rebuilt posies-components-a4\.pdf \((\d+) of (\d+) faces drawn, "
                             r"(\d+) recoloured\), posies-rules-a4\.pdf \(\d+\.\d\d s\)", line)
        assert found, line
        drawn, used, recoloured = map(int, found.groups())
        old, new = specs.load(str(POSIES)), specs.load(str(game / "posies.yaml"))
        _, arts = expand(new)
        differ = [key for key, art in arts.items() if draw_art(old, art).tostring() != draw_art(new, art).tostring()]
        assert 0 < len(differ) < len(arts)
        # only the faces the new colour changed are made again, each by swapping the colour in its kept operators
        assert (drawn, recoloured, used) == (0, len(differ), len(arts))
        assert pdf.read_bytes() != before
        assert watch.stop() == 0
        assert watch.line() == "stopped"
    finally:
        watch.kill()
    again = pnp_build(game, "posies.yaml", "--paper", "a4", "--out", "out")
    assert again.count("unchanged: inputs and file match the last build") == 2, again   # the watch wrote pnp build's records
    pnp_build(game, "posies.yaml", "--paper", "a4", "--out", "fresh", cache=game / "fresh-cache")
    for name in ("posies-components-a4.pdf", "posies-rules-a4.pdf"):
        assert (game / "out" / "posies" / name).read_bytes() == (game / "fresh" / "posies" / name).read_bytes(), name


def pnp_build(folder, *args, cache=None) -> str:
    """What `pnp build args` printed, run in folder (with its measures kept in cache, a folder of its own, if given)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache else None
    return subprocess.run([sys.executable, "-m", "generator.cli", "build", *args], cwd=folder, env=env, check=True,
                          capture_output=True, text=True).stdout


GAP = 0.025   # seconds between the parts of one save: the longest gap measured, 24 ms (a file written 1 KiB at a time,
              # each part flushed to disk, on this loaded 2-core machine); an editor's own save took at most 0.3 ms


def pause():
    """GAP seconds between two parts of a save (a pause this machine stretched to half the quiet time fails the test,
    saying so: it would not show whether the parts are joined)."""
    from generator.watch import QUIET
    started = time.perf_counter()
    time.sleep(GAP)
    assert time.perf_counter() - started < QUIET / 2, "the machine stalled in a pause between two parts of a save"


def in_two_parts(path, text):
    """Save as an editor writing the file where it is: emptied, half written, a pause, the rest."""
    with open(path, "w") as file:
        file.write(text[:len(text) // 2])
        file.flush()
        pause()
        file.write(text[len(text) // 2:])


def in_two_writes(path, text):
    """Save as a script writing the file in two goes: half written and closed, a pause, the rest appended."""
    half = len(text) // 2
    path.write_text(text[:half])
    pause()
    with open(path, "a") as file:
        file.write(text[half:])


def backed_up(path, text):
    """Save as vim with a backup file: the file renamed to name~, a new one written, the backup removed."""
    backup = path.with_name(path.name + "~")
    path.rename(backup)
    pause()
    in_two_parts(path, text)
    backup.unlink()


def renamed_over(path, text):
    """Save as an editor writing a temporary file beside it and renaming it over the file."""
    temporary = path.with_name(f".{path.name}.tmp")
    in_two_parts(temporary, text)
    pause()
    temporary.replace(path)


def test_a_save_written_in_several_parts_is_rebuilt_once_and_right(game):
    """Each part of one save is an event of its own; the quiet time joins them: one rebuild, of the whole file. A save
    closed between its parts ends early: the half-written file's error is not shown, the next part coming on its heels."""
    spec = game / "posies.yaml"
    watch = Watch("posies.yaml", "--paper", "a4", "--out", "out", cwd=game, memos=game / ".memos")
    try:
        watch.started()
        assert watch.quiet(1) is None   # the first build's own writes (its output, its records) seen and passed over
        original = spec.read_text()
        for n, save in enumerate((in_two_parts, in_two_writes, backed_up, renamed_over)):
            save(spec, original.replace('pink: "#f28bbd"', f'pink: "#e0409{n}"'))
            line = watch.line()
            assert re.fullmatch(r"posies\.yaml changed: rebuilt posies-components-a4\.pdf \(0 of 5 faces drawn, "
                                r"1 recoloured\), posies-rules-a4\.pdf \(\d+\.\d\d s\)", line), (save.__name__, line)
            assert watch.quiet(1) is None, save.__name__   # one rebuild, no error line from a half-written file
        assert watch.stop() == 0
    finally:
        watch.kill()
    pnp_build(game, "posies.yaml", "--paper", "a4", "--out", "fresh", cache=game / "fresh-cache")
    for name in ("posies-components-a4.pdf", "posies-rules-a4.pdf"):
        assert (game / "out" / "posies" / name).read_bytes() == (game / "fresh" / "posies" / name).read_bytes(), name


def test_the_end_of_a_save_is_told_from_its_last_event(game):
    """A save has ended (the rebuild waits only SETTLE) when its file is closed after writing or renamed into place; not
    while it is open for writing, nor when it is renamed away (vim's backup), deleted or written beside and not yet in place."""
    from generator.watch import Watcher
    spec = game / "posies.yaml"
    text = spec.read_text()
    watcher = Watcher(str(spec))

    def seen(event) -> bool:
        """True once watchdog has reported the event that makes event() true (failing the test after 10 s)."""
        deadline = time.monotonic() + 10
        while not event():
            assert time.monotonic() < deadline, "watchdog reported nothing"
            time.sleep(0.005)
        return True

    def change(path):
        """Wait for a change of path to be reported, and forget the changes."""
        seen(lambda: path in watcher.changed)
        watcher.changed.clear()
    with watcher:
        with open(spec, "w") as file:
            file.write(text[:100])
            file.flush()
            change(str(spec))
            assert not watcher.ended, "open for writing"
            file.write(text[100:])
        assert seen(lambda: watcher.ended), "closed after writing"
        watcher.changed.clear()
        spec.rename(game / "posies.yaml~")
        change(str(spec))
        assert not watcher.ended, "renamed away"
        (game / "posies.yaml~").rename(spec)
        change(str(spec))
        assert watcher.ended, "renamed into place"
        (game / ".posies.yaml.tmp").write_text(text)
        (game / "rules" / "posies.yaml").unlink()
        change(str(game / "rules" / "posies.yaml"))
        assert not watcher.ended, "a file deleted, the other written beside (a hidden file, not read)"


def test_a_batch_names_the_files_saved_not_an_editors_temporary_file(game):
    """sed -i writes a temporary file beside the one it edits and renames it into place: the batch names the template
    saved, not the temporary file that no longer exists; a batch of temporary files alone is none."""
    from generator.spec import loader as specs
    from generator.watch import Watcher
    (game / "templates").mkdir()
    template = game / "templates" / "mark.svg"
    template.write_text("<svg/>")
    with Watcher(str(game / "posies.yaml")) as watcher:
        batches = iter(watcher)
        scratch = game / "templates" / "sedOFgUep"
        scratch.write_text("<svg></svg>")
        scratch.rename(template)
        assert next(batches) == [str(specs.shown(template))]
        scratch.write_text("")
        scratch.unlink()
        template.write_text("<svg/>")
        assert next(batches) == [str(specs.shown(template))]


def test_spec_error_is_one_line_and_watching_goes_on(game):
    watch = Watch("posies.yaml", "--paper", "letter", "--out", "out", cwd=game)
    try:
        watch.started()
        spec = (game / "posies.yaml").read_text()
        (game / "posies.yaml").write_text(spec.replace('pink: "#f28bbd"', 'pink: "#zz"'))
        assert re.fullmatch(r"error: posies\.yaml:\d+: palette\.pink: expected a colour as #rrggbb or #rgb, found '#zz'", watch.line())
        assert watch.quiet(1.5) is None  # one line, no traceback
        (game / "rules" / "posies.yaml").write_text((game / "rules" / "posies.yaml").read_text() + "\n# reworded\n")
        assert watch.line().startswith("error: posies.yaml:")  # still watching, still broken
        (game / "posies.yaml").write_text(spec)
        line = watch.line()
        assert line.startswith("posies.yaml changed: rebuilt posies-rules-letter.pdf; unchanged: posies-components-letter.pdf"), line
        assert watch.proc.poll() is None
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_a_spec_folder_replaced_while_watching_is_watched_anew(tmp_path):
    """The folder moved away and copied back (or removed and made again): the watch followed the moved-away folder, so
    edits of the new one rebuilt nothing and edits of the old one rebuilt."""
    import pypdf
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "w7")]).exit_code == 0
    pdf = tmp_path / "out" / "w7" / "w7-components-a4.pdf"
    watch = Watch("w7/w7.yaml", "--paper", "a4", "--out", "out", cwd=tmp_path, memos=tmp_path / ".memos")
    try:
        watch.started()
        (tmp_path / "w7").rename(tmp_path / "w7.old")
        shutil.copytree(tmp_path / "w7.old", tmp_path / "w7")
        assert watch.said().startswith("w7/w7.yaml changed: nothing to rebuild; unchanged: ")   # the same spec
        spec = tmp_path / "w7" / "w7.yaml"
        spec.write_text(spec.read_text().replace("title: W7", "title: Renamed"))
        assert watch.said().startswith("w7/w7.yaml changed: rebuilt w7-components-a4.pdf")
        assert pypdf.PdfReader(pdf).metadata.title.startswith("Renamed")
        old = tmp_path / "w7.old" / "w7.yaml"
        old.write_text(old.read_text().replace("title: W7", "title: Old"))   # the moved-away copy is no longer watched
        assert watch.quiet(2) is None
        shutil.rmtree(tmp_path / "w7")
        assert watch.said() == "error: w7/w7.yaml: no such file"
        shutil.copytree(tmp_path / "w7.old", tmp_path / "w7")
        assert watch.said().startswith("w7/w7.yaml changed: rebuilt w7-components-a4.pdf")
        spec.write_text(spec.read_text().replace("title: Old", "title: Again"))
        assert watch.said().startswith("w7/w7.yaml changed: rebuilt w7-components-a4.pdf")
        assert pypdf.PdfReader(pdf).metadata.title.startswith("Again")
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_the_watch_stops_even_when_a_watchdog_thread_misses_its_wake_up(game, monkeypatch):
    """watchdog's inotify thread can miss its wake-up at stop and stay blocked reading (a known race, seen once as a
    30-second hang of Ctrl-C): the watch stops within STOP_WAIT seconds anyway, the blocked daemon thread left behind."""
    from watchdog.observers import inotify

    from generator import watch
    blocked = threading.Event()
    monkeypatch.setattr(inotify.InotifyEmitter, "queue_events", lambda self, timeout, **options: blocked.wait())

    def watched():
        with watch.Watcher(str(game / "posies.yaml")):
            pass
    stopping = threading.Thread(target=watched, daemon=True)
    try:
        stopping.start()
        stopping.join(watch.STOP_WAIT + 2)
        assert not stopping.is_alive(), "the watch did not stop"
    finally:
        blocked.set()


SWALLOWS = """\
import os, signal, sys, time
from pathlib import Path
from generator import watch

spec = Path(sys.argv[1])


def rebuild(changed):
    if not changed:
        spec.write_text(spec.read_text() + "\\n")   # a save, seen once watching starts
        return "built"
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
    except KeyboardInterrupt:   # as a C library's callback or a finaliser would: Python prints it and goes on
        if sys.argv[2:] == ["fails"]:   # and the library fails for it, as cairo's write does
            print("the interrupt was swallowed")
            raise OSError("cairo returned CAIRO_STATUS_WRITE_ERROR")
        return "the interrupt was swallowed"
    return "not interrupted"


watch.run(watch.Watcher(str(spec)), rebuild, print)
print("stopped")
"""


@pytest.mark.parametrize("then", ["returns", "fails"])
def test_ctrl_c_that_a_rebuild_swallows_still_stops_the_watch(game, then):
    """Ctrl-C during a rebuild whose KeyboardInterrupt is swallowed ends the watch when the rebuild returns, not at
    the next save (CI once saw Ctrl-C wait 30 s); or when it fails for it (a C library's error): stopped, no traceback."""
    done = subprocess.run([sys.executable, "-c", SWALLOWS, str(game / "posies.yaml"), then], capture_output=True,
                          text=True, timeout=20)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and lines[0] == "built" and lines[2:] == ["the interrupt was swallowed", "stopped"], done
    assert "Traceback" not in done.stderr, done.stderr


def test_a_watch_run_from_another_thread_sets_no_signal_handler_and_ends_when_told(game):
    """watch.run from a thread (a library's use: only the main thread may set a signal's handler) watches as from the
    main one, leaves SIGINT's handler alone, and ends at the next save once its interruption is noted."""
    from generator import watch
    lines, handler = [], signal.getsignal(signal.SIGINT)
    watcher = watch.Watcher(str(game / "posies.yaml"))

    def rebuild(changed):
        if changed:
            watcher.interrupted = True   # as Ctrl-C's handler notes it
        return f"built {changed}"
    running = threading.Thread(target=watch.run, args=(watcher, rebuild, lines.append), daemon=True)
    running.start()
    deadline = time.monotonic() + 30
    while not any(line.startswith("watching ") for line in lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    (game / "posies.yaml").write_text((game / "posies.yaml").read_text() + "\n")
    running.join(30)
    assert not running.is_alive() and lines[0] == "built []" and lines[2].startswith("built ["), lines
    assert signal.getsignal(signal.SIGINT) is handler


def test_files_the_game_does_not_read_are_ignored(game):
    watch = Watch("posies.yaml", "--paper", "a4", "--out", "out", cwd=game)
    try:
        watch.started()
        (game / "rules" / "other-game.yaml").write_text("sections: []\n")   # another game's rules
        (game / "notes.yaml").write_text("a: 1\n")                          # another file beside the spec
        (game / "positions").mkdir()
        (game / "positions" / ".start.yaml.swp").write_text("x")            # an editor's swap file
        (game / "out" / "posies" / "scratch.txt").write_text("x")           # the output folder
        assert watch.quiet(2) is None
        (game / "templates").mkdir()
        shutil.copy(specs.SPECS.parent / "templates" / "circle.svg", game / "templates" / "circle.svg")
        line = watch.line()
        assert line.startswith("templates/circle.svg changed: "), line
        assert watch.stop() == 0
    finally:
        watch.kill()


DECK = """\
game:
  title: Deck
  designer: Test
palette:
  sun: "#d98e04"
  moon: "#3d4f8f"
  ink: "#26221c"
components:
  cards:
    kind: layout
    expect: 2
    width: 63 mm
    height: 88 mm
    layout: card.yaml
    data: cards.csv
"""
CARD = """\
elements:
  band: {type: rect, area: bleed, x: 0, y: 0, width: 100%, height: 20, fill: "{suit}"}
  title: {type: text, x: 5, y: 24, width: 53, height: 10, text: "{title}", size: 5, colour: ink}
  picture: {type: image, file: art/scene.png, x: 5, y: 40, width: 53, height: 27, fit: cover}
  leaf: {type: image, file: art/leaf.svg, x: 20, y: 70, width: 23, height: 12, fit: contain}
"""
LEAF = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 10">'
        '<image xlink:href="dot.png" x="0" y="0" width="20" height="10"/></svg>')


def _png(path, colour):
    """A small PNG of one colour."""
    from PIL import Image
    Image.new("RGB", (60, 30), colour).save(path)


def test_saves_of_files_beside_the_spec_and_of_art_rebuild(tmp_path):
    """The layout, its data and the art a designer's game reads (as pnp new lays them out) are watched, by content."""
    (tmp_path / "art").mkdir()
    (tmp_path / "deck.yaml").write_text(DECK)
    (tmp_path / "card.yaml").write_text(CARD)
    (tmp_path / "cards.csv").write_text("title,suit\nSunrise,sun\nMoonset,moon\n")
    _png(tmp_path / "art" / "scene.png", (200, 40, 40))
    _png(tmp_path / "art" / "dot.png", (40, 160, 40))
    (tmp_path / "art" / "leaf.svg").write_text(LEAF)
    pdf = tmp_path / "out" / "deck" / "deck-components-a4.pdf"
    watch = Watch("deck.yaml", "--paper", "a4", "--out", "out", cwd=tmp_path)
    try:
        assert [line for line in watch.started() if line.startswith("rebuilt deck-components-a4.pdf")]
        before = pdf.read_bytes()
        (tmp_path / "cards.csv").write_text("title,suit\nSunset,sun\nMoonset,moon\n")
        line = watch.said()
        # as in pnp build, the card whose row changed alone: the other's verdict on the art stands
        assert line.startswith("cards.csv changed: rebuilt deck-components-a4.pdf (1 of 2 faces drawn)"), line
        (tmp_path / "card.yaml").write_text(CARD.replace("elements:", "elements: [", 1))
        line = watch.said()
        assert line.startswith("error: ") and "card.yaml" in line, line
        (tmp_path / "card.yaml").write_text(CARD.replace("y: 24,", "y: 26,"))
        line = watch.said()
        assert line.startswith("card.yaml changed: rebuilt deck-components-a4.pdf (2 of 2 faces drawn)"), line
        edited = pdf.read_bytes()
        _png(tmp_path / "art" / "scene.png", (40, 40, 200))
        line = watch.said()
        assert line.startswith("art/scene.png changed: rebuilt deck-components-a4.pdf (2 of 2 faces drawn)"), line
        assert len({before, edited, pdf.read_bytes()}) == 3
        _png(tmp_path / "art" / "dot.png", (160, 40, 160))   # an image the SVG art links to
        line = watch.said()
        assert line.startswith("art/dot.png changed: rebuilt deck-components-a4.pdf"), line
        subprocess.run([sys.executable, "-m", "generator.cli", "build", "deck.yaml", "--paper", "a4", "--out", "clean"],
                       cwd=tmp_path, check=True, capture_output=True)
        assert pdf.read_bytes() == (tmp_path / "clean" / "deck" / "deck-components-a4.pdf").read_bytes()
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_a_data_file_saved_in_an_encoding_pnp_cannot_tell_is_one_error_line_and_watching_goes_on(tmp_path):
    """A CSV saved as Latin-1 with a classic Mac's line ends (it once ended the watch with csv's traceback), then as
    Excel's Unicode Text (UTF-16, tabs), which pnp reads."""
    (tmp_path / "deck.yaml").write_text(DECK)
    (tmp_path / "card.yaml").write_text(CARD.split("  picture:")[0])   # no art
    (tmp_path / "cards.csv").write_text("title,suit\nSunrise,sun\nMoonset,moon\n")
    watch = Watch("deck.yaml", "--paper", "a4", "--out", "out", cwd=tmp_path)
    try:
        watch.started()
        latin = "title,suit\rCafé,sun\rMoonset,moon\r".encode("latin-1")
        (tmp_path / "cards.csv").write_bytes(latin)
        assert watch.line() == (f"error: cards.csv row 2, column title: not UTF-8 text (byte {latin.index(0xe9)}, 0xe9, "
                                "perhaps a Latin-1 'é'): save it as CSV UTF-8")
        assert watch.quiet(1.5) is None   # one line, no traceback
        (tmp_path / "cards.csv").write_bytes("\ufefftitle\tsuit\r\nCafé\tsun\r\nMoonset\tmoon\r\n".encode("utf-16-le"))
        line = watch.line()
        assert line.startswith("cards.csv changed: rebuilt deck-components-a4.pdf"), line
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_stopping_shows_nothing_of_watchdogs_race_with_its_reading_thread(game, caplog):
    """Stopping can wake watchdog's reading thread after the watch is closed; it then logs an error (seen on stderr as
    'InotifyEmitter.queue_events() called when the thread is inactive' after Ctrl-C): a stopped watcher shows none."""
    from generator.watch import Watcher
    with Watcher(str(game / "posies.yaml")) as watcher:
        emitters = list(watcher.observer.emitters)
    for emitter in emitters:
        emitter.queue_events(0)   # what the woken thread does, once the watch is closed
    assert emitters and not [record for record in caplog.records if record.name.startswith("watchdog")]


def test_a_watch_writing_into_the_spec_s_own_folder_rebuilds_and_a_file_named_before_it_exists_is_watched(tmp_path):
    """pnp watch deck.yaml --out . ignored every save (the spec's folder lay inside the output it ignores); and a layout
    the spec names before it is written was never watched: creating it rebuilt nothing until the spec was saved."""
    (tmp_path / "deck.yaml").write_text(DECK)
    (tmp_path / "card.yaml").write_text(CARD.split("  picture:")[0])   # no art
    (tmp_path / "cards.csv").write_text("title,suit\nSunrise,sun\nMoonset,moon\n")
    watch = Watch("deck.yaml", "--paper", "a4", "--out", ".", cwd=tmp_path)
    try:
        assert [line for line in watch.started() if line.startswith("rebuilt deck-components-a4.pdf")]
        (tmp_path / "card.yaml").write_text(CARD.split("  picture:")[0].replace("y: 24,", "y: 26,"))
        assert watch.line().startswith("card.yaml changed: rebuilt deck-components-a4.pdf")
        (tmp_path / "deck.yaml").write_text(DECK.replace("layout: card.yaml", "layout: card2.yaml"))
        line = watch.line()
        assert line.startswith("error: ") and "no such file" in line and "card2.yaml" in line, line
        (tmp_path / "card2.yaml").write_text(CARD.split("  picture:")[0])
        assert watch.line().startswith("card2.yaml changed: rebuilt deck-components-a4.pdf")
        assert watch.quiet(2) is None, "its own output written into the folder starts no rebuild"
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_a_rules_file_deleted_while_watching_says_there_is_no_rulebook(game):
    """Deleting rules/posies.yaml printed 'nothing to rebuild': the watch now says what pnp build says, no rulebook,
    and removes the rulebook it wrote (it stayed beside the components, out of date)."""
    watch = Watch("posies.yaml", "--paper", "a4", "--out", "out", cwd=game, memos=game / ".memos")
    try:
        watch.started()
        assert (game / "out" / "posies" / "posies-rules-a4.pdf").is_file()
        (game / "rules" / "posies.yaml").unlink()
        line = watch.line()
        assert re.fullmatch(r"rules/posies\.yaml changed: nothing to rebuild; unchanged: posies-components-a4\.pdf; no "
                            r"rulebook: its rules file would be rules/posies\.yaml \(rules/<spec name>\.yaml beside the "
                            r"spec\); removed the old posies-rules-a4\.pdf \(\d+\.\d\d s\)", line), line
        assert not (game / "out" / "posies" / "posies-rules-a4.pdf").exists()
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_a_data_file_renamed_while_watching_is_not_named_in_the_records_any_more(tmp_path):
    """After cards.csv was renamed deck.csv (and the spec changed to read it), the records still named cards.csv: every
    save of deck.csv, its bytes unchanged, rewrote the PDF, a new cards.csv (read by nothing) did too, and pnp build
    after the watch rebuilt instead of finding the PDF unchanged."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "r1")]).exit_code == 0
    folder = tmp_path / "r1"
    watch = Watch("r1.yaml", "--paper", "a4", "--out", "out", cwd=folder, memos=tmp_path / ".memos")
    try:
        watch.started()
        (folder / "cards.csv").rename(folder / "deck.csv")
        spec = folder / "r1.yaml"
        spec.write_text(spec.read_text().replace("data: cards.csv", "data: deck.csv"))
        assert "rebuilt r1-components-a4.pdf" in watch.line()
        (folder / "deck.csv").write_bytes((folder / "deck.csv").read_bytes())   # saved again as it was
        assert watch.line().startswith("deck.csv changed: nothing to rebuild"), "rewrote the PDF"
        (folder / "cards.csv").write_text("title,count\nNobody,1\n")   # a file the game no longer reads
        assert watch.quiet(3) is None
        assert watch.stop() == 0
    finally:
        watch.kill()
    built = subprocess.run([sys.executable, "-m", "generator.cli", "build", "r1.yaml", "--paper", "a4", "--out", "out"],
                           cwd=folder, env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / ".memos")}, capture_output=True,
                           text=True)
    assert built.stdout.count("unchanged: inputs and file match the last build") == 2, built.stdout + built.stderr


def test_a_spec_saved_as_it_was_leaves_the_png_faces_as_they_are(tmp_path):
    """With pdf among the formats, the first such save drew and wrote every PNG again: the rulebook leaves Pillow to load
    when first used, so the first export's key named no Pillow library and the next one's did."""
    from click.testing import CliRunner
    from generator.cli import cli
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "w1")]).exit_code == 0
    folder = tmp_path / "w1"
    watch = Watch("w1.yaml", "--paper", "a4", "--out", "out", "--format", "pdf,png", "--dpi", "50", cwd=folder,
                  memos=tmp_path / ".memos")
    try:
        watch.started()
        faces = sorted((folder / "out" / "w1" / "png").glob("*.png"))
        before = [(face.stat().st_mtime_ns, face.read_bytes()) for face in faces]
        spec = folder / "w1.yaml"
        spec.write_bytes(spec.read_bytes())   # saved again as it was
        line = watch.said()
        assert line.startswith(f"w1.yaml changed: wrote png ({len(faces)} files, 0 drawn again); unchanged: "), line
        assert [(face.stat().st_mtime_ns, face.read_bytes()) for face in faces] == before
        assert watch.stop() == 0
    finally:
        watch.kill()


def test_a_warning_pnp_build_prints_is_printed_by_the_watch_on_each_build(tmp_path):
    """An 80 x 40 px picture on every card and a faint flavour line: pnp build warns the picture prints at 38 dpi and
    the line reads poorly; the watch's builds said nothing, then only the first."""
    from PIL import Image
    subprocess.run([sys.executable, "-m", "generator.cli", "new", "mine"], cwd=tmp_path, check=True, capture_output=True)
    folder = tmp_path / "mine"
    Image.new("RGB", (80, 40), (200, 120, 30)).save(folder / "low.png")
    layout = folder / "card.yaml"
    faint = layout.read_text().replace('colour: "#6b6358"', 'colour: "#c8c0b0"')
    layout.write_text(faint + "  photo: {type: image, file: low.png, x: 5, y: 21, width: 53, height: 27}\n")
    built = subprocess.run([sys.executable, "-m", "generator.cli", "build", "mine.yaml", "--paper", "a4", "--out", "b"],
                           cwd=folder, capture_output=True, text=True)
    warned = [line for line in built.stdout.splitlines() if line.startswith("warning: ")]
    assert built.returncode == 0 and len(warned) == 2 and "38 dpi" in warned[0], built.stdout
    assert "faces 1, 3, 5-6 " in warned[1] and "text flavour reads poorly" in warned[1]   # the cards with a flavour line
    watch = Watch("mine.yaml", "--paper", "a4", "--out", "out", cwd=folder)
    try:
        first = watch.started()
        assert all(line in first for line in warned), first
        (folder / "cards.csv").write_text((folder / "cards.csv").read_text().replace("Sunrise", "Sunset", 1))
        line, then = watch.line(), [watch.line() for _ in warned]
        assert line.startswith("cards.csv changed: rebuilt mine-components-a4.pdf") and then == warned, (line, then)
        assert watch.stop() == 0
    finally:
        watch.kill()
