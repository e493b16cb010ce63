"""The pnp script's main. A plain build (pnp build [GAME_OR_SPEC]... with no options but --paper, --out, --backs, --set,
--theme, --ink-saver, --greyscale and -j/--jobs) or a plain validate (pnp validate [GAME_OR_SPEC]... with no options but
--set, --theme and -j/--jobs) is read here and run without loading click, whose import is a tenth of a rebuild; every
other command line, --help and error goes to click's commands (commands.py), whose names this module also gives
(from generator.cli import cli)."""
import gc
import os
import sys

from .errors import UserError, reported, said

VALUED = {"--paper": "paper", "--out": "out_dir", "--backs": "backs", "--theme": "theme", "--set": "overrides",
          "--jobs": "workers", "-j": "workers"}
FLAGS = {"--ink-saver": "ink_saver", "--greyscale": "greyscale"}


PLAIN: dict[str, dict] = {   # a command run without click: its options and what click gives when they are left out
    "build": {"games": (), "paper": "all", "out_dir": "output", "backs": "duplex", "overrides": (), "theme": None,
              "ink_saver": False, "greyscale": False, "chosen_formats": ("pdf",), "dpi": None, "pod": None, "workers": None},
    "validate": {"games": (), "overrides": (), "theme": None, "threshold": None, "grey_threshold": None, "workers": None},
}


def plain_build(args: list[str]) -> dict | None:
    """batch.build's arguments for the command line args (the program name left off) when it is a plain build, as
    click's build command would parse them; else None (another command, another option, --help, a value or a form
    click might refuse or read otherwise), left to click."""
    return plain("build", args)


def plain_validate(args: list[str]) -> dict | None:
    """batch.validate's arguments for the command line args when it is a plain validate, as click's validate command
    would parse them; else None, left to click."""
    return plain("validate", args)


def plain(command: str, args: list[str]) -> dict | None:
    """The arguments of a plain run of command (build or validate) for the command line args, as click would parse
    them; else None."""
    if args[:1] != [command] or "_PNP_COMPLETE" in os.environ:  # the variable asks click for shell completion
        return None
    given = dict(PLAIN[command])
    rest = iter(args[1:])
    for arg in rest:
        if arg in FLAGS and FLAGS[arg] in given:
            given[FLAGS[arg]] = True
        elif arg in VALUED and VALUED[arg] in given:
            value = next(rest, "-")
            if value.startswith("-"):
                return None
            key = VALUED[arg]
            if key == "workers":
                if not (value.isascii() and value.isdecimal() and len(value) < 10 and int(value) >= 1):
                    return None   # click.IntRange(min=1) refuses it (past 4,300 digits, int() too), or reads it otherwise ("+2", " 3")
                given[key] = int(value)
            else:
                given[key] = given[key] + (value,) if key == "overrides" else value
        elif arg.startswith("-"):
            return None
        else:
            given["games"] += (arg,)
    if command == "validate":
        return given
    out = given["out_dir"]
    if given["backs"] not in ("duplex", "fold") or (os.path.exists(out) and not os.access(out, os.R_OK)) or \
            not _paper(given["paper"]):
        return None   # click.Choice, click.Path and --paper's own check would refuse these
    return given


ONCE = ("--paper", "--out", "--backs", "--theme", "--dpi", "--pod", "--threshold", "--grey-threshold", "--port", "--jobs",
        "-j", "--from")   # options that take one value: given again, the last would silently win
OTHERS = ("--set", "--format")   # options taking a value that may be given again


def given_twice(args: list[str]) -> str:
    """What is wrong with a command line giving a one-value option twice ('--paper a4 --paper letter' built Letter
    only): '' when none is; the values after '--' are left alone."""
    seen: dict = {}
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            break
        name, sep, value = (arg.partition("=") if arg.startswith("--") else
                            ("-j", "", arg[2:]) if arg.startswith("-j") and len(arg) > 2 else (arg, "", ""))
        if name in ONCE + OTHERS and not sep and not value:
            value = next(rest, "")
        if name in ONCE:
            key = "--jobs" if name == "-j" else name
            if key in seen:
                hint = " (--paper all makes every paper)" if key == "--paper" else ""
                return f"{name} is given twice ({seen[key]!r}, then {value!r}): give it once{hint}"
            seen[key] = value
    return ""


def _paper(value: str) -> bool:
    """Whether --paper's value names a paper size (or all), as its click option checks it."""
    from .units import paper  # lazy: start-up (a build reads it anyway)
    try:
        return value == "all" or bool(paper(value))
    except UserError:
        return False


def build_plainly(given: dict) -> None:
    """Run a plain build as click's build command would: a UserError one line and exit 1, an interrupt or a broken
    pipe ended by click's own main."""
    from . import batch  # lazy: start-up (imported once main has tuned the collector and malloc)
    run_plainly("build", lambda: batch.build(**given))


def validate_plainly(given: dict) -> int:
    """Run a plain validate as click's validate command would: its exit status, 1 when a check failed (an error
    exits here)."""
    from . import batch  # lazy: start-up (imported once main has tuned the collector and malloc)
    failed = 0

    def run():
        nonlocal failed
        failed = batch.validate(**given)
    run_plainly("validate", run)
    return 1 if failed else 0


def run_plainly(command: str, run) -> None:
    """run() as click's command of that name would: a UserError one line and exit 1, an interrupt or a broken pipe
    ended by click's own main."""
    try:
        run()
    except (EOFError, KeyboardInterrupt, BrokenPipeError) as exc:
        import click  # lazy: start-up (only to end as click's main ends these)
        caught = exc

        def again():
            raise caught
        click.Command(command, callback=again).main([], prog_name="pnp")
    except (UserError, OSError) as exc:   # as commands.user_errors tells them
        told = reported(exc)
        if told is None:
            raise
        from .batch import say  # lazy: start-up (loaded already by the run)
        say(said(told), err=True)
        sys.exit(1)


def terminate_like_interrupt():
    """Let SIGTERM unwind like Ctrl-C, so a killed build removes its temp file and leaves the old PDF."""
    import _signal  # lazy: start-up (signal itself builds three enums, 0.4 ms, that this one call does not read)

    def handler(signum, frame):
        raise SystemExit(128 + signum)
    _signal.signal(_signal.SIGTERM, handler)


def main():
    """Entry point for the pnp script (a plain build or validate ends the process: ended)."""
    gc.set_threshold(500_000, 20, 20)  # a build makes many small objects that live until it ends, and few cycles: a
                                       # 10,000-tile file is made with no collection (each would only walk them); set
                                       # before the build's modules load (their imports made nine collections, 1 ms)
    bytes(1 << 20)  # glibc's malloc gave the heap's free top back to the system at every free past 128 KiB, so each
                    # zlib stream's 256 KiB state was faulted in afresh (70 us a stream); a 1 MiB mapping freed raises
                    # that bound to 2 MiB (its dynamic threshold) for the rest of the run
    terminate_like_interrupt()
    status = None   # a plain build or validate that ran to its end: its exit status
    try:
        args = sys.argv[1:]
        if twice := given_twice(args):
            from .batch import say  # lazy: start-up
            say(f"error: {twice}", err=True)
            sys.exit(1)
        if (given := plain_build(args)) is not None:
            build_plainly(given)
            status = 0
        elif (given := plain_validate(args)) is not None:
            status = validate_plainly(given)
        else:
            from .commands import cli  # lazy: start-up
            cli(prog_name="pnp")
    finally:
        gc.freeze()  # what the run made lives to its end: the collection at exit need not scan it (the floor's has none)
    if status is not None:
        ended(status)


def ended(status: int = 0) -> None:
    """End the process after a plain build or validate with its exit status: its exit handlers run (the memos are
    written) and its output is flushed, but the interpreter's teardown, which would free every object the run made one
    by one, is skipped. A failed flush (a closed pipe) is left to the interpreter's own exit to report (a failed
    validate then exits 1 as before). Under a profiler (python -m cProfile), which writes its figures once main
    returns, the process is left to end as usual."""
    if sys.getprofile() is not None:
        if status:
            sys.exit(status)
        return
    import atexit  # lazy: start-up
    atexit._run_exitfuncs()
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:   # none without a console
                stream.flush()
    except (OSError, ValueError):
        if status:
            sys.exit(status)
        return
    os._exit(status)


def __getattr__(name: str):
    """The click commands' names (cli, GameCommand, user_errors, SETS, ...), loaded when first asked for."""
    if name.startswith("__"):  # what Python and tools probe for (__path__, __wrapped__) loads no click
        raise AttributeError(name)
    from . import commands  # lazy: start-up
    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


if __name__ == "__main__":
    main()
