"""Run one command from a small process and print its wall seconds, peak RSS in bytes and exit status.

Usage: python -I -S launch.py COMMAND...   (the command's stdout goes to /dev/null, its stderr is passed on)
A child's peak RSS (ru_maxrss) counts the memory of the process it was forked from, and a vfork()ed child
(subprocess's way) the whole memory of its parent; so the harness starts this launcher, a bare interpreter
with a few MiB of its own, which fork()s and exec()s the command and reads the command's own peak from wait4().
So no job reads below the launcher's own 5 MiB (python -c pass: 10-11 MiB, as /usr/bin/time -f %M shows).
"""
import os
import sys
import time


def main(command: list) -> None:
    """Fork, exec command, wait; print 'wall peak status' on stdout."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.execvp(command[0], command)
        except OSError as error:  # the harness shows the job's stderr when it fails
            os.write(2, f"launch.py: {command[0]}: {error.strerror}\n".encode())
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    peak = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)  # bytes on macOS, KiB on Linux
    print(f"{wall:.6f} {peak} {os.waitstatus_to_exitcode(status)}")


if __name__ == "__main__":
    main(sys.argv[1:])
