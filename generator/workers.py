"""Several specs' work side by side, in one forked worker per CPU this process may use, each handed the next spec as it
finishes one: results handed back in the specs' order, each worker's additions to the memos taken into this process's
(written once, at its exit)."""
import _signal
import importlib
import os
import select
import struct
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    from _pickle import dumps, loads   # pickle's own C functions, without pickle.py's pure-Python classes (start-up)
except ImportError:
    from pickle import dumps, loads

from . import cache
from .errors import UserError

HEADER = struct.Struct("<Q")   # a result's length, before its pickled bytes
STOPPING = {_signal.SIGINT, _signal.SIGTERM}   # the signals that end a worker (Ctrl-C, or its parent stopping it)


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
    """A forked process running the tasks it is handed, one at a time, each pickled result sent back through a pipe; it
    ends when told there are no more."""

    def __init__(self, tasks, others: list, folder=None):
        self.results, answers = os.pipe()
        orders, self.orders = os.pipe()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()   # nothing this process has buffered is written again by the worker
        _signal.pthread_sigmask(_signal.SIG_BLOCK, STOPPING)   # held while the fork's hooks run (random's reseed): an
        try:                                                    # exception raised in a hook is printed and ignored
            self.pid = os.fork()
        except OSError:
            _signal.pthread_sigmask(_signal.SIG_UNBLOCK, STOPPING)
            raise
        if self.pid == 0:   # the worker: it never returns
            code = 1
            try:
                _signal.pthread_sigmask(_signal.SIG_UNBLOCK, STOPPING)   # a stop sent meanwhile ends it here
                for fd in (self.results, self.orders, *others):
                    os.close(fd)
                serve(tasks, orders, answers)
                code = 0
            finally:
                os._exit(code)   # no exit handlers (the memos are written by the process that forked it), no traceback
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, STOPPING)
        os.close(answers)
        os.close(orders)
        self.task: int | None = None   # the task it is at
        self.received, self.folder = bytearray(), folder
        self.status: int | None = None

    def give(self, index: int) -> None:
        """Hand it a task."""
        self.task = index
        os.write(self.orders, HEADER.pack(index))

    def retire(self) -> None:
        """Tell it there are no more tasks: it ends once done with its own."""
        if self.orders >= 0:
            os.close(self.orders)
            self.orders = -1

    def result(self) -> tuple | None:
        """Its task's (index, outcome, value, memos) once wholly received (it is then free), else None."""
        if len(self.received) < HEADER.size:
            return None
        end = HEADER.size + HEADER.unpack_from(self.received)[0]
        if len(self.received) < end:
            return None
        data, self.received, self.task = self.received[HEADER.size:end], self.received[end:], None
        return loads(data)

    def end(self) -> int:
        """Close its pipes, stopping it if it is at a task; wait for it: its exit status."""
        if self.status is not None:
            return self.status
        self.retire()
        if self.results >= 0:
            os.close(self.results)
            self.results = -1
        if self.task is None:   # free: it ends as soon as it reads that there are no more tasks
            self.status = _waited(self.pid, 0)[1]
            return self.status
        os.kill(self.pid, _signal.SIGTERM)   # unwinds like Ctrl-C: its temp files are removed
        deadline = time.monotonic() + 5
        while True:
            pid, status = _waited(self.pid, os.WNOHANG)
            if time.monotonic() > deadline and not pid:
                os.kill(self.pid, _signal.SIGKILL)
                pid, status = _waited(self.pid, 0)
            if pid:
                self.status = status
                if status and self.folder is not None:   # killed at its task: no one else removes its temp files
                    for path in Path(self.folder).rglob(f".*.{self.pid}-*.part"):
                        path.unlink(missing_ok=True)
                return status
            time.sleep(0.002)


def _waited(pid: int, flags: int) -> tuple:
    """os.waitpid's (pid, status) of a worker; (pid, 1) when it was waited for already: a Ctrl-C that came between a
    wait and the status kept leaves end() to wait again (it printed ChildProcessError's traceback)."""
    try:
        return os.waitpid(pid, flags)
    except ChildProcessError:
        return pid, 1


def serve(tasks, orders: int, answers: int) -> None:
    """The worker: run each task it is handed and send back (index, outcome, value, memos) until there are no more;
    Ctrl-C or SIGTERM end it quietly. Each task's records name the files it read, as in one process (run)."""
    _signal.signal(_signal.SIGTERM, stop)
    cache.Memo.HANDING = True
    start = dict(cache.READ)
    while True:
        order = b""
        while len(order) < HEADER.size:
            chunk = os.read(orders, HEADER.size - len(order))
            if not chunk:
                return   # no more tasks
            order += chunk
        index = HEADER.unpack(order)[0]
        cache.READ.clear()
        cache.READ.update(start)
        try:
            outcome = ("ok", tasks[index][1]())
        except UserError as exc:
            outcome = ("error", str(exc))
        except MemoryError:
            outcome = ("error", f"{tasks[index][0]}: out of memory")
        except Exception:   # a bug: its traceback, as a run in one process would print it
            import traceback  # lazy: start-up (only a bug's traceback is written)
            outcome = ("crash", traceback.format_exc())
        data = dumps((index, *outcome, cache.handed()), -1)   # -1: the highest protocol
        view = memoryview(HEADER.pack(len(data)) + data)
        while view:
            view = view[os.write(answers, view):]


def stop(signum, frame):
    """SIGTERM in a worker: unwind (temp files removed), then end."""
    raise SystemExit(128 + signum)


class Pool:
    """count workers at most, each handed the next task in order as it finishes one; results reported in order."""

    def __init__(self, tasks, count: int, folder=None):
        self.tasks, self.count, self.folder = tasks, count, folder

    def run(self, report: Callable) -> None:
        """Start the tasks, report their results in order; stop every worker on an error, an interrupt or a bug."""
        finished: dict = {}
        workers: list[Worker] = []
        handed = turn = 0
        last = len(self.tasks)   # tasks from here on are not run, or not reported: one before them failed
        waiting, by_pipe = select.poll(), {}   # poll, not selectors (start-up): each worker's results pipe
        try:
            while len(workers) < self.count:
                worker = Worker(self.tasks, [fd for w in workers for fd in (w.results, w.orders)], self.folder)
                workers.append(worker)
                waiting.register(worker.results, select.POLLIN)
                by_pipe[worker.results] = worker
                worker.give(handed)
                handed += 1
            while turn < last:
                for worker in workers:
                    if worker.task is None and handed < last:
                        worker.give(handed)
                        handed += 1
                    elif worker.task is None:
                        worker.retire()
                if turn in finished:
                    index, outcome, value, memos = finished.pop(turn)
                    cache.take(memos)
                    if outcome != "ok":
                        fail(self.tasks[index][0], outcome, value)
                    report(index, value)
                    turn += 1
                    continue
                for pipe, _ in waiting.poll():
                    worker = by_pipe[pipe]
                    chunk = os.read(worker.results, 1 << 20)
                    if chunk:
                        worker.received += chunk
                        result = worker.result()
                    else:   # it ended: free and told so, or it died at its task
                        waiting.unregister(worker.results)
                        del by_pipe[worker.results]
                        status = worker.end()
                        workers.remove(worker)
                        result = None if worker.task is None else (worker.task, "died", status, [])
                    if result is not None:
                        finished[result[0]] = result
                        if result[1] != "ok":
                            last = min(last, result[0] + 1)
                for worker in [w for w in workers if w.task is not None and w.task >= last]:
                    waiting.unregister(worker.results)
                    del by_pipe[worker.results]
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
        import signal  # lazy: start-up (only a dead worker's signal is named)
        how = (f"killed by signal {os.WTERMSIG(value)} ({signal.Signals(os.WTERMSIG(value)).name})"
               if os.WIFSIGNALED(value) else f"ended with status {os.waitstatus_to_exitcode(value)}")
        raise UserError(f"{name}: its worker process was {how} before it finished (out of memory?); nothing half-written was left")
    sys.stderr.write(value)
    raise SystemExit(1)
