"""How far long work has come, told on one line of a terminal: shown only once the work has taken a while, and only by
the process the user started (forked workers run several games side by side: their lines would mix)."""
import sys
import time

DELAY = 0.5     # s of work before the line is shown (a short run shows none)
EVERY = 0.2     # s at least between two updates of the line


class Progress:
    """'<label>: n of total' on stderr, updated as work is done and cleared when it ends; nothing off a terminal."""

    def __init__(self, label: str, total: int):
        from . import cache  # lazy: start-up
        self.label, self.total, self.shown = label, total, False
        self.on = total > 1 and not cache.Memo.HANDING and sys.stderr is not None and sys.stderr.isatty()
        self.start = self.last = time.monotonic()

    def step(self, done: int) -> None:
        """Tell that done of the total are done (at most every EVERY s, from DELAY s on)."""
        if not self.on:
            return
        now = time.monotonic()
        if now - self.start >= DELAY and now - self.last >= EVERY:
            sys.stderr.write(f"\r\x1b[K{self.label}: {done:,} of {self.total:,}")
            sys.stderr.flush()
            self.last, self.shown = now, True

    def end(self) -> None:
        """Clear the line, if it was shown."""
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False
