"""A command line's batch of print jobs, without click: the games it names, a build's jobs in each format asked for, and
running jobs with one line per file written. Used by click's commands (commands.py) and by a plain build (cli.py)."""
import sys

from .errors import UserError
from .files import SPECS, shipped
from .output import Options
from .output.formats import jobs


def chosen(games):
    """The requested games, or every shipped spec; finding none is an error, never a silent success."""
    if games:
        return list(games)
    found = [p.stem for p in shipped()]
    if not found:
        raise UserError(f"no games found: the shipped specs should be in {SPECS} (a broken install?); "
                        "name a spec file instead, e.g. pnp build my-game.yaml")
    return found


def build(games, paper, out_dir, backs, overrides, theme, ink_saver, greyscale, chosen_formats, dpi, pod) -> None:
    """pnp build: each game's jobs in each format asked for, run; then its notes (art warnings, no rulebook)."""
    from .spec import loader as specs  # lazy: start-up
    from .build import no_rules  # lazy: start-up
    from .check.validate import art_warnings  # lazy: start-up
    looks = tuple(look for look, on in (("ink-saver", ink_saver), ("greyscale", greyscale)) if on)
    options = Options(out_dir, paper, backs, looks, dpi, pod)
    names = chosen_formats + (("png",) if pod and "png" not in chosen_formats else ())
    work, notes = [], []
    for spec in [specs.load(name, overrides, theme) for name in chosen(games)]:
        notes += [f"warning: {line}" for line in art_warnings(spec)]
        for name in names:
            work += jobs(name, spec, options)
        if "pdf" in names and not looks and not specs.rules_path(spec).is_file():
            notes.append(no_rules(spec))
    run_jobs(work)
    for note in notes:
        say(note)


def run_jobs(jobs):
    """Run (label, function, args) jobs with a progress bar on a terminal; print one line per file written."""
    if sys.stderr.isatty() and len(jobs) > 1:
        import click  # lazy: start-up (the bar is click's; a build into a pipe or a file loads no click)
        with click.progressbar(jobs, label="building", file=sys.stderr, item_show_func=lambda job: job and job[0]) as bar:
            results = [function(*args) for _, function, args in bar]
    else:
        results = [function(*args) for _, function, args in jobs]
    for path, pages, size, *notes in results:  # pages: a PDF's page count, or what an export wrote ("12 files")
        say(f"{path}: {pages if isinstance(pages, str) else f'{pages} page' + 's' * (pages != 1)}, {size / 1024:.1f} KiB")
        for note in notes:
            say(f"    {note}")


def say(line: str, err: bool = False) -> None:
    """Print a line as click.echo does: plain ASCII written and flushed here; anything else by click.echo itself (it
    strips ANSI codes off a non-terminal and re-encodes text for a misconfigured stream)."""
    if not line.isascii() or "\x1b" in line:
        import click  # lazy: start-up
        click.echo(line, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        stream.write(line + "\n")
        stream.flush()
