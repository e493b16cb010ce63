"""A command line's batch of print jobs, without click: the games it names, a build's jobs in each format asked for, and
running jobs with one line per file written, and validation. Used by click's commands (commands.py) and by a plain build
or validate (cli.py)."""
import functools
import sys
from pathlib import Path

from . import cache
from .errors import UserError, printable
from .files import SPECS, shipped
from .output import Options


CHECKS = ("generator.spec.pyyaml", "generator.check.safearea", "generator.check.geometry", "generator.check.ink", "generator.check.textcheck",
          "generator.check.vision", "generator.draw.diagram")   # what every game's checks import
BUILDS = CHECKS + ("generator.impose.imposition", "generator.output.document", "generator.output.formats.pdf",
                   "generator.output.rulebook")   # what every game's build imports besides
DPI = 300   # --dpi when not given
DRAWN_AT_DPI = frozenset({"png", "showcase", "hand", "tts"})   # the formats --dpi sets the resolution of


def here(command: str) -> None:
    """Tell a designer who named no game, in a folder holding a spec of their own, that pnp's shipped games are the
    ones worked on, and how to name theirs (pnp validate in a pnp new folder checked the six games, and passed)."""
    mine = sorted(p.name for p in Path().glob("*.y*ml") if p.suffix in (".yaml", ".yml") and _is_spec(p))
    if mine:
        done = {"build": "built", "validate": "validated"}[command]
        say(f"note: no game named, so pnp's shipped games are {done}; the spec here: pnp {command} {mine[0]}", err=True)


def _is_spec(path: Path) -> bool:
    """Whether a YAML file in the folder starts a game's spec (a top-level game: key in its first 4 KB)."""
    try:
        with open(path, "rb") as handle:
            return any(line.startswith(b"game:") for line in handle.read(4096).splitlines())
    except OSError:
        return False


def chosen(games):
    """The requested games, or every shipped spec; finding none is an error, never a silent success."""
    if games:
        return list(games)
    found = [p.stem for p in shipped()]
    if not found:
        raise UserError(f"no games found: the shipped specs should be in {SPECS} (a broken install?); "
                        "name a spec file instead, e.g. pnp build my-game.yaml")
    return found


def unread(names, paper: bool = False, dpi: bool = False) -> None:
    """Refuse --paper and --dpi, when given (paper, dpi), if no format --format asks for reads them: the flag did
    nothing."""
    if paper and not {"pdf", "svg"} & set(names):
        raise UserError(f"--paper applies to the PDFs and SVG pages only, and --format asks for {', '.join(names)}: add "
                        "pdf or svg to --format (or leave --paper out)")
    if dpi and not set(names) & DRAWN_AT_DPI:
        *some, last = sorted(DRAWN_AT_DPI)
        raise UserError(f"--dpi applies to the {', '.join(some)} and {last} images only, and --format asks for "
                        f"{', '.join(names)}: add one of them to --format (or leave --dpi out)")


def build(games, paper, out_dir, backs, overrides, theme, ink_saver, greyscale, chosen_formats, dpi, pod,
          workers=None) -> None:
    """pnp build: each game in turn loaded, its jobs in each format asked for run and its files listed; then the notes
    (art warnings, no rulebook). Several games are built side by side by up to `workers` processes (None: one per CPU);
    dpi: None when --dpi was not given (DPI then)."""
    from .spec import loader as specs  # lazy: start-up
    from .build import no_rules, warned  # lazy: start-up
    from .output.formats import jobs  # lazy: start-up (a validate writes no format)
    looks = tuple(look for look, on in (("ink-saver", ink_saver), ("greyscale", greyscale)) if on)
    options = Options(out_dir, paper, backs, looks, DPI if dpi is None else dpi, pod)
    names = chosen_formats + (("png",) if pod and "png" not in chosen_formats else ())
    if looks and "pdf" not in names:   # the other formats draw every face in its own colours: the flag did nothing
        raise UserError(f"--{looks[0]} applies to the PDFs only, and --format asks for {', '.join(names)}: add pdf to "
                        "--format (or leave the flag out)")
    if backs == "fold" and not {"pdf", "svg"} & set(names):   # only the sheets fold: the PDF's and the SVG pages
        raise UserError(f"--backs fold applies to the PDFs and SVG pages only, and --format asks for {', '.join(names)}: "
                        "add pdf or svg to --format (or leave --backs out)")
    unread(names, dpi=dpi is not None)

    def planned(game) -> tuple:
        """One game's spec and jobs."""
        spec = specs.load(game, overrides, theme)
        return spec, [job for name in names for job in jobs(name, spec, options)]

    def told(spec) -> list:
        """One game's notes once its jobs ran: what its checks warned of (or, for files found unchanged, their records)."""
        notes = [f"warning: {line}" for line in warned(spec)["lines"]]
        if "pdf" in names and not looks and not specs.rules_path(spec).is_file():
            notes.append(no_rules(spec, paper, out_dir))
        if spec.theme and spec.remembered(specs.THEME_UNREAD, lambda: False):
            notes.append(f"note: the theme {spec.theme!r} changes nothing in {spec.game.id} (its sections are other "
                         "games', or it sets a title alone): its edition prints as the plain one")
        return notes

    if not games:
        here("build")
    games = chosen(games)
    if len(games) == 1:   # one game (the edit loop): its jobs here, with a bar over its files
        spec, work = planned(games[0])
        run_jobs(work)
        notes = told(spec)
    else:
        notes = []

        def made(game) -> tuple:
            """One game built: what each of its jobs wrote, and its notes; or what its jobs wrote before one failed,
            no notes, and that job's error."""
            spec, work = planned(game)
            results: list = []
            try:
                results.extend(function(*args) for _, function, args in work)
            except UserError as exc:
                return results, [], str(exc)
            return results, told(spec), None

        def done(results, game_notes, error):
            written(results)   # those written before a job failed too, then its error
            if error is not None:
                raise UserError(error)
            notes.extend(game_notes)
        run_games(games, made, done, workers if distinct(games) else 1, "building", out_dir, BUILDS)
    for note in notes:
        say(note)


def distinct(games) -> bool:
    """True when no two of the games write the same files (the same spec file named twice); two spec files of one
    name, whose games would write one folder (a game's id is its file's name), are refused in one line."""
    from .spec.loader import resolve  # lazy: start-up
    found: dict = {}
    for game in games:
        try:
            path = Path(resolve(game)).resolve()
        except UserError:   # reported when its turn comes
            path = Path(game)
        other = found.setdefault(path.stem, path)
        if other != path:
            raise UserError(f"{other} and {path} are both called {path.stem!r}: their files would go to one folder, "
                            f"<out>/{path.stem}/, each over the other's: build them with different --out, or rename one")
    return len(found) == len(games)


def run_games(games, work, done, workers, label=None, out_dir=None, shared=()) -> None:
    """done(*work(game)) for each game in order, each as soon as it and every game before it are done; the games run side
    by side in up to `workers` processes (None: one per CPU this process may use), writing into out_dir, the modules
    shared imported first. label: a bar on a terminal, by game."""
    import contextlib  # lazy: start-up (only several games' runs read it)
    from . import workers as pool  # lazy: start-up
    bar = None
    if label and sys.stderr.isatty():
        import click  # lazy: start-up
        bar = click.progressbar(length=len(games), label=label, file=sys.stderr, item_show_func=lambda game: game and printable(game))

    def report(index, result):
        if bar is not None:
            sys.stderr.write("\r\x1b[K")   # the bar's line cleared for the files listed, then drawn again below them
            sys.stderr.flush()
        done(*result)
        if bar is not None:
            bar.update(1, games[index])
    with bar if bar is not None else contextlib.nullcontext():
        pool.run([(game, functools.partial(work, game)) for game in games], report, workers, out_dir, shared)


def validate(games, overrides, theme, threshold, grey_threshold, workers=None) -> int:
    """pnp validate: each game's verdict printed in turn (kept ones as they were printed; the others worked out side by
    side by up to `workers` processes); how many checks failed."""
    if not games:
        here("validate")
    names = chosen(games)
    keys = [cache.key_of("validate", name, overrides, theme, threshold, grey_threshold) for name in names]
    kept: list = [cache.VERDICTS.verdict(key) for key in keys]  # what each spec's run printed, while every file it read is as it was
    todo = [index for index, verdict in enumerate(kept) if verdict is None]
    failed = shown = 0

    def done(index: int, verdict: tuple | None) -> None:
        """Print the verdicts up to index (its own just worked out), in order."""
        nonlocal failed, shown
        kept[index] = verdict
        while shown < len(kept) and kept[shown] is not None:
            lines, failures, *refused = kept[shown]
            for line in lines:
                say(line, err=line.startswith("error: "))   # the count of a set's failed checks ends its lines
            for told in refused:
                say(f"error: {told}", err=True)
            failed += failures
            shown += 1
    done(0, kept[0])  # the kept verdicts before the first to work out
    if todo:
        from . import workers as pool  # lazy: start-up
        _checking()
        pool.run([(names[index], functools.partial(_validated, names[index], overrides, theme, threshold, grey_threshold,
                                                   keys[index])) for index in todo],
                 lambda at, verdict: done(todo[at], verdict), workers, shared=CHECKS)
    return failed


def thresholds(spec, threshold: float | None, grey_threshold: float | None):
    """The spec with the thresholds given on the command line, where given."""
    if threshold is not None:
        spec = spec._replace(colour_threshold=threshold)
    return spec if grey_threshold is None else spec._replace(grey_threshold=grey_threshold)


def _checking() -> tuple:
    """The modules a validation runs: the spec loader, the colour-vision check, the checks, their wording."""
    from .spec import loader  # lazy: start-up
    from .check import validate as checks, vision, wording  # lazy: start-up
    return loader, vision, checks, wording


def _validated(name, overrides, theme, threshold, grey_threshold, key) -> tuple:
    """Validate one spec: (the lines to print, how many checks failed), or ([], 1, its error) for a spec refused (the
    specs after it are still validated); kept under key when its checks were kept."""
    try:
        return _judged(name, overrides, theme, threshold, grey_threshold, key)
    except UserError as exc:
        return [], 1, str(exc)


def _judged(name, overrides, theme, threshold, grey_threshold, key) -> tuple[list, int]:
    """_validated's work for a spec that loads and draws: its lines and failures."""
    specs, vision, checks, wording = _checking()
    spec = thresholds(specs.load(name, overrides, theme), threshold, grey_threshold)
    warnings: list = []
    failures = checks.validate(spec, warnings)  # first: a spec refused here prints its one error line and nothing else
    if not failures:   # a set failing its checks is refused by the build before its rulebook (whose diagrams need them)
        checks.laid_out(spec)   # the build lays its rulebook out after writing its components PDF
    lines = [f"warning: {line}" for line in warnings]
    lines += [f"{spec.path}: colours {report.name}: {vision.summary(report)}" for report in vision.reports(spec)]
    note = wording.generic_note(spec)
    lines += [note] if note else []
    lines += [str(failure) for failure in failures]
    if failures:   # as a build refusing the set counts them
        lines.append(f"error: {spec.path}: {wording.counted(len(failures), 'check')} failed")
    else:
        lines.append(wording.passed(spec))
    read = checks.inputs(spec)
    if read is not None:
        cache.VERDICTS.keep(key, lines, len(failures), *read)
    return lines, len(failures)


def run_jobs(jobs):
    """Run (label, function, args) jobs with a progress bar on a terminal; print one line per file written, those
    written before a job that failed too (then its error)."""
    results: list = []
    try:
        if sys.stderr.isatty() and len(jobs) > 1:
            import click  # lazy: start-up (the bar is click's; a build into a pipe or a file loads no click)
            with click.progressbar(jobs, label="building", file=sys.stderr,
                                   item_show_func=lambda job: job and job[0]) as bar:
                results.extend(function(*args) for _, function, args in bar)
        else:
            results.extend(function(*args) for _, function, args in jobs)
    finally:
        written(results)


def written(results) -> None:
    """One line per file written (and its notes below it)."""
    for path, pages, size, *notes in results:  # pages: a PDF's page count, or what an export wrote ("12 files")
        say(f"{path}: {pages if isinstance(pages, str) else f'{pages} page' + 's' * (pages != 1)}, {size / 1024:.1f} KiB")
        for note in notes:
            say(f"    {note}")


def say(line: str, err: bool = False) -> None:
    """Print a line as click.echo does: plain ASCII written and flushed here; anything else by click.echo itself (it
    strips ANSI codes off a non-terminal and re-encodes text for a misconfigured stream); its control characters
    escaped (errors.printable: a name or a cell quoted in it is never sent to the terminal raw)."""
    line = printable(line)
    if not line.isascii():
        import click  # lazy: start-up
        click.echo(line, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        stream.write(line + "\n")
        stream.flush()
