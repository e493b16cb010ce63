"""PNG encoding: Ctrl-C while cairo writes a PNG (its write callback, where cffi swallows the interrupt) is an interrupt,
not cairo's write error, and nothing is printed of it."""
import random
import signal

import cairocffi as cairo
import pytest

from generator.output import raster


def test_ctrl_c_while_a_png_is_written_is_an_interrupt(capfd):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 4000, 4000)
    rng = random.Random(1)
    ctx = cairo.Context(surface)
    for _ in range(2000):   # noise compresses slowly: the write takes long enough for the signal to land inside it
        ctx.set_source_rgba(rng.random(), rng.random(), rng.random(), rng.random())
        ctx.rectangle(rng.uniform(0, 4000), rng.uniform(0, 4000), rng.uniform(1, 400), rng.uniform(1, 400))
        ctx.fill()
    written = []

    def interrupt(signum, frame):
        written.append(frame.f_code.co_name)   # cairocffi's write_func when inside cairo's write
        raise KeyboardInterrupt
    default = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(KeyboardInterrupt):
            raster.encode(surface, 300)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, default)
    assert written == ["write_func"], f"the signal landed in {written}, not in cairo's write: the test showed nothing"
    assert capfd.readouterr().err == "", "cffi's 'Exception ignored' report of the interrupt is not printed"
