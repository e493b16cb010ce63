"""Several specs' work side by side, one spec per forked worker on the CPUs this process may use: results handed back
in the specs' order, each worker's additions to the memos taken into this process's (written once, at its exit)."""
import importlib
import os
import pickle
import selectors
import signal
import struct
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from . import cache
from .errors import UserError

HEADER = struct.Struct("<Q")   # a result's length, before its pickled bytes


def cpus() -> int:
    """The CPUs this process may run on (its affinity where the system has one), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def forks() -> bool:
    """True where a worker may be forked safely (Linux; macOS's system libraries refuse to run on after a fork)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def run(tasks: Sequence[tuple[str, Callable]], report: Callable, count: int | None = None, folder=None,
        shared: Sequence[str] = ()) -> None:
    """Run each (name, function) task: report(index, result) in the tasks' order, each as soon as it and those before it
    are done; count workers at most (None: one per CPU), forked where possible, else (or for one task) here in turn.
    A task's UserError is raised at its turn (the tasks after it are stopped, not reported); a worker that dies is one
    error line naming its task, the temp files it left in folder (the output) removed. shared: the modules the tasks
    import, imported here once before any worker is forked (each would import them again: 0.1 s for a build's)."""
    count = cpus() if count is None else count
    if count <= 1 or len(tasks) <= 1 or not forks():
        start = dict(cache.READ)
        for index, (_, function) in enumerate(tasks):
            cache.READ.clear()   # each task's records name the files it read, as a worker forked from here would
            cache.READ.update(start)
            report(index, function())
        return
    for name in shared:
        importlib.import_module(name)
    Pool(tasks, min(count, len(tasks)), folder).run(report)


class Worker:
    """A forked process running one task: its pickled result comes back through a pipe, then it ends."""

    def __init__(self, tasks, index: int, others: list, folder=None):
        self.results, answers = os.pipe()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()   # nothing this process has buffered is written again by the worker
        self.pid = os.fork()
        if self.pid == 0:   # the worker: it never returns
            code = 1
            try:
                os.close(self.results)
                for fd in others:
                    os.close(fd)
                serve(tasks, index, answers)
                code = 0
            finally:
                os._exit(code)   # no exit handlers (the memos are written by the process that forked it), no traceback
        os.close(answers)
        self.task, self.received, self.folder = index, bytearray(), folder
        self.status: int | None = None

    def result(self) -> tuple:
        """The worker's (index, outcome, value, memos), or (index, "died", its exit status) when it ended without one."""
        if len(self.received) >= HEADER.size and len(self.received) == HEADER.size + HEADER.unpack_from(self.received)[0]:
            return pickle.loads(self.received[HEADER.size:])
        return self.task, "died", self.end(), []

    def end(self) -> int:
        """Close the worker's pipe, stopping it if it is still at work; wait for it: its exit status."""
        if self.status is not None:
            return self.status
        if self.results >= 0:
            os.close(self.results)
            self.results = -1
            os.kill(self.pid, signal.SIGTERM)   # unwinds like Ctrl-C: its temp files are removed
        deadline = time.monotonic() + 5
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if time.monotonic() > deadline and not pid:
                os.kill(self.pid, signal.SIGKILL)
                pid, status = os.waitpid(self.pid, 0)
            if pid:
                self.status = status
                if status and self.folder is not None:   # killed at its task: no one else removes its temp files
                    for path in Path(self.folder).rglob(f".*.{self.pid}-*.part"):
                        path.unlink(missing_ok=True)
                return status
            time.sleep(0.002)


def serve(tasks, index: int, answers: int) -> None:
    """The worker: run its task and send back (index, outcome, value, memos); Ctrl-C or SIGTERM end it quietly."""
    signal.signal(signal.SIGTERM, stop)
    cache.Memo.HANDING = True
    try:
        outcome = ("ok", tasks[index][1]())
    except UserError as exc:
        outcome = ("error", str(exc))
    except MemoryError:
        outcome = ("error", f"{tasks[index][0]}: out of memory")
    except Exception:   # a bug: its traceback, as a run in one process would print it
        outcome = ("crash", traceback.format_exc())
    data = pickle.dumps((index, *outcome, cache.handed()), pickle.HIGHEST_PROTOCOL)
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(answers, view):]


def stop(signum, frame):
    """SIGTERM in a worker: unwind (temp files removed), then end."""
    raise SystemExit(128 + signum)


class Pool:
    """count workers at most, one forked for each task as another ends, in the tasks' order; results reported in order."""

    def __init__(self, tasks, count: int, folder=None):
        self.tasks, self.count, self.folder = tasks, count, folder

    def run(self, report: Callable) -> None:
        """Start the tasks, report their results in order; stop every worker on an error, an interrupt or a bug."""
        finished: dict = {}
        workers: list[Worker] = []
        started = turn = 0
        last = len(self.tasks)   # tasks from here on are not run, or not reported: one before them failed
        with selectors.DefaultSelector() as selector:
            try:
                while turn < last:
                    while started < last and len(workers) < self.count:
                        worker = Worker(self.tasks, started, [w.results for w in workers], self.folder)
                        workers.append(worker)
                        selector.register(worker.results, selectors.EVENT_READ, worker)
                        started += 1
                    if turn in finished:
                        index, outcome, value, memos = finished.pop(turn)
                        cache.take(memos)
                        if outcome != "ok":
                            fail(self.tasks[index][0], outcome, value)
                        report(index, value)
                        turn += 1
                        continue
                    for key, _ in selector.select():
                        worker = key.data
                        chunk = os.read(worker.results, 1 << 20)
                        if chunk:
                            worker.received += chunk
                            continue
                        selector.unregister(worker.results)   # its end: the whole result, or none when it died
                        result = worker.result()
                        worker.end()
                        workers.remove(worker)
                        finished[result[0]] = result
                        if result[1] != "ok":
                            last = min(last, result[0] + 1)
                    for worker in [w for w in workers if w.task >= last]:
                        selector.unregister(worker.results)
                        worker.end()
                        workers.remove(worker)
            finally:
                for worker in workers:
                    worker.end()


def fail(name: str, outcome: str, value) -> None:
    """Raise what a task's failure is in this process: its UserError, a dead worker's one line, a bug's traceback."""
    if outcome == "error":
        raise UserError(value)
    if outcome == "died":
        how = (f"killed by signal {os.WTERMSIG(value)} ({signal.Signals(os.WTERMSIG(value)).name})"
               if os.WIFSIGNALED(value) else f"ended with status {os.waitstatus_to_exitcode(value)}")
        raise UserError(f"{name}: its worker process was {how} before it finished (out of memory?); nothing half-written was left")
    sys.stderr.write(value)
    raise SystemExit(1)
