"""The pnp command line's click commands: a thin layer over the library; UserError becomes one line and exit 1. The pnp
script's main (cli.py) runs a plain build without them."""
import sys
import time
from functools import wraps

import click
from click.core import ParameterSource

from . import batch
from . import games  # the registry only: a game is imported when its command runs
from .errors import UserError, printable, reported, said
from .output.formats import formats as known_formats
from .output.pod import PRESETS
from .units import HOME_PAPERS, PAPERS, paper

def paper_choice(ctx, param, value):
    """--paper checked as click checks a choice: a size that is none is a usage error, as a bad --dpi is."""
    if value.lower() == "all":
        return "all"
    try:
        paper(value)
    except UserError as exc:
        raise click.BadParameter(f"{exc}; or all, for A4 and Letter") from None
    return value


PAPER = click.option("--paper", default="all", show_default=True, metavar="SIZE", callback=paper_choice,
                     help=f"Paper size of the sheets: {', '.join(PAPERS)}, all ({' and '.join(HOME_PAPERS)}), "
                          "or WIDTHxHEIGHT with a unit (300x400mm, 8.5x11in).")
SETS = click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE",
                    help="Override a spec value by key path, e.g. palette.red=#c0392b (repeatable).")
GAMES = click.argument("games", nargs=-1, metavar="[GAME_OR_SPEC]...")
THEME = click.option("--theme", metavar="NAME_OR_FILE",
                     help="Lay a theme (themes/NAME.yaml or a .yaml file) over the spec: spec < theme < --set.")
class _Finite(click.FloatRange):
    """A float in a range that NaN does not slip through (click compares it, and every comparison with NaN is false)."""

    def convert(self, value, param, ctx):
        found = super().convert(value, param, ctx)
        if found != found:
            self.fail(f"{value!r} is not a number from {self.min:g} to {self.max:g}.", param, ctx)
        return found


FINITE_0_100 = _Finite(0, 100)
THRESHOLD = click.option("--threshold", type=FINITE_0_100, metavar="DELTA_E",
                         help="Smallest CIEDE2000 difference between colours players must tell apart [default: the spec's "
                              "colour_threshold, else 20].")
JOBS = click.option("--jobs", "-j", "workers", type=click.IntRange(min=1), metavar="N",
                    help="How many games to work on at once, each in a process of its own [default: the CPUs pnp may "
                         "use, at most one per game]; 1: one after another in this process.")
GREY_THRESHOLD = click.option("--grey-threshold", type=FINITE_0_100, metavar="L_STAR",
                              help="Smallest CIE L* difference in a greyscale print between colours players must tell "
                                   "apart [default: the spec's grey_threshold, else 25].")


def given(name: str) -> bool:
    """Whether the running command's option name was given (on the command line or by an environment variable)."""
    return click.get_current_context().get_parameter_source(name) not in (ParameterSource.DEFAULT,
                                                                          ParameterSource.DEFAULT_MAP)


def user_errors(command):
    """Print a UserError (or a system's error on a file: errors.reported) as one line on stderr and exit 1."""
    @wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (UserError, OSError) as exc:
            told = reported(exc)
            if told is None:
                raise
            click.echo(said(told), err=True)
            sys.exit(1)
    return wrapper


class _OneLine(click.ClickException):
    """A usage error told as every other error: one `error:` line, exit 1."""
    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(f"error: {printable(self.message)}", err=True)


def _one_line(exc: click.UsageError, command: str) -> click.ClickException:
    """A usage error of command (an unknown command or option, a bad or missing value) as one line naming the command
    and its --help, not click's usage block; a bare `pnp`, which shows the help, as it is."""
    if type(exc).__name__ == "NoArgsIsHelpError":   # (click 8.2's; 8.1 shows the help without an error)
        return exc
    message = exc.format_message().rstrip(".")
    return _OneLine(f"{command}: {message[:1].lower()}{message[1:]} (see '{command} --help')")


class Command(click.Command):
    """A pnp command: its usage errors told in one line (_one_line)."""

    def make_context(self, info_name, args, parent=None, **extra):
        """The parsed context, or a usage error told in one line naming this command."""
        try:
            return self.parsed(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc, " ".join(filter(None, (parent and parent.command_path, info_name)))) from None

    def parsed(self, info_name, args, parent=None, **extra) -> click.Context:
        """The context the command runs in, its arguments parsed (click's make_context)."""
        return super().make_context(info_name, args, parent, **extra)


class Commands(click.Group):
    """pnp's commands, each a Command; an unknown command or an option of pnp's own told in one line too."""
    command_class = Command

    def make_context(self, info_name, args, parent=None, **extra):
        """pnp's own context, or an error in its options (pnp --bogus) told in one line."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc, info_name or "pnp") from None

    def resolve_command(self, ctx, args):
        """The command args name, or an unknown command told in one line."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            raise _one_line(exc, ctx.command_path) from None


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp")
def cli():
    """Print-and-play asset generator: YAML game specs to printable PDFs."""


@cli.command("list")
@user_errors
def list_games():
    """List the shipped games with their components and counts.

    To change one, copy it first: pnp new FOLDER --from GAME.

    Example: pnp list
    """
    from .spec import loader as specs  # lazy: start-up
    for name in batch.chosen(()):
        spec = specs.load(name)
        click.echo(f"{spec.game.id}  {spec.game.title} (by {spec.game.designer})")
        for comp in spec.components:
            click.echo(f"    {comp.expect:>4} x {comp.title} [{comp.kind}]")


@cli.command()
@GAMES
@SETS
@THEME
@THRESHOLD
@GREY_THRESHOLD
@JOBS
@user_errors
def validate(games, overrides, theme, threshold, grey_threshold, workers):
    """Run every check on the games' component sets; exit 1 if any fails.

    The colour-vision check reports, for each group of colours the spec says players must tell apart,
    the closest pair under simulated protan, deutan and tritan vision and in greyscale.

    Example: pnp validate grannys-pills --set components.pill.faces.copies=6
    """
    if batch.validate(games, overrides, theme, threshold, grey_threshold, workers):
        sys.exit(1)


OUT = click.option("--out", "out_dir", default="output", show_default=True, type=click.Path(),
                   help="Folder to write into (one subfolder per game).")


def formats(ctx, param, value):
    """The --format list: names from the output registry, comma-separated or --format given again (each one counts),
    each once, in the registry's order."""
    names = {name.strip().lower() for given in value for name in given.split(",") if name.strip()}   # PNG as png,
                                                                                                      # as --paper A4
    unknown = sorted(names - set(known_formats()))
    if unknown or not names:
        raise click.BadParameter(f"{', '.join(unknown) or 'none given'} (choose from {', '.join(known_formats())})")
    return tuple(name for name in known_formats() if name in names)


@cli.command()
@GAMES
@PAPER
@OUT
@click.option("--backs", type=click.Choice(["duplex", "fold"]), default="duplex", show_default=True,
              help="Two-sided pieces: duplex back pages (long-edge flip; short-edge on landscape paper) or a fold-over "
                   "layout (file name ends -fold).")
@SETS
@THEME
@click.option("--ink-saver", "ink_saver", is_flag=True,
              help="Tint large fills (grounds, backs) and re-ink what sits on them; report the ink saved (file name ends -inksaver).")
@click.option("--greyscale", is_flag=True,
              help="Print every colour as its grey, a proof for black-and-white printers (file name ends -greyscale).")
@click.option("--format", "chosen_formats", default=["pdf"], show_default=True, callback=formats, metavar="LIST",
              multiple=True, help="What to write, comma-separated (or --format again): " + "; ".join(f"{k}: {v}" for k, v in known_formats().items()) + ".")
@click.option("--dpi", type=click.IntRange(30, 1200), show_default=str(batch.DPI),   # None when not given: batch.build
              help="Resolution of the png, tts, showcase and hand images (--pod's are at the printer's).")
@click.option("--pod", type=click.Choice(list(PRESETS), case_sensitive=False),
              help="Write the PNGs as a print-on-demand printer's templates want them (sizes, bleed, names, how many of "
                   "each card) instead of png/, with or without png in --format.")
@JOBS
@user_errors
def build(games, paper, out_dir, backs, overrides, theme, ink_saver, greyscale, chosen_formats, dpi, pod, workers):
    """Build each game's components and rulebook PDFs on each paper size, and any other formats asked for.

    Example: pnp build grannys-pills --paper a4 --theme okabe-ito --format pdf,png,tts
    """
    batch.unread(chosen_formats + (("png",) if pod and "png" not in chosen_formats else ()), paper=given("paper"))
    batch.build(games, paper, out_dir, backs, overrides, theme, ink_saver, greyscale, chosen_formats, dpi, pod, workers)


@cli.command()
@GAMES
@PAPER
@OUT
@SETS
@THEME
@JOBS
@user_errors
def rules(games, paper, out_dir, overrides, theme, workers):
    """Build the rulebook (rules, diagrams, quick-reference card) of each game.

    Example: pnp rules grannys-pills --paper letter
    """
    from .spec import loader as specs  # lazy: start-up
    from .build import build_rules, papers  # lazy: start-up
    sizes = papers(paper)

    def planned(name) -> list:
        """One game's rulebook jobs, one per paper."""
        spec = specs.load(name, overrides, theme)
        return [(f"{spec.game.id} {size} rules", build_rules, (spec, size, out_dir)) for size in sizes]
    names = batch.chosen(games)
    if len(names) == 1:
        batch.run_jobs(planned(names[0]))
        return
    batch.run_games(names, lambda name: ([function(*args) for _, function, args in planned(name)],),
                    batch.written, workers if batch.distinct(names) else 1, "building", out_dir, ("generator.output.rulebook",))


@cli.command()
@click.argument("folder", type=click.Path())
@click.option("--from", "game", metavar="GAME", help="Copy this shipped game (pnp list names them) instead, to change it.")
@user_errors
def new(folder, game):
    """Start a game of your own: write FOLDER with a spec, a CSV of cards, layouts, an icon and rules.

    It builds and validates as written; change the CSV and the layouts from there (docs/make-your-own-game.md).
    FOLDER is new or empty, hidden entries such as .git aside (. for the folder you are in), and names the game.
    With --from GAME, FOLDER holds a copy of that shipped game instead (its spec, rules text and the files its
    rules read), which builds as the shipped one does: change its colours, counts and text there.

    Example: pnp new my-game && pnp build my-game/my-game.yaml

    Example: pnp new my-pills --from grannys-pills
    """
    from . import scaffold  # lazy: start-up
    written = scaffold.copy(folder, game) if game is not None else scaffold.new(folder)
    for path in written:
        batch.say(f"wrote {path}")
    import shlex  # lazy: start-up
    spec = shlex.quote(str(written[0]))  # a folder named "Big Game" pastes into a shell as one word
    batch.say(f"next: pnp validate {spec} && pnp build {spec}")


@cli.command()
@GAMES
@OUT
@SETS
@THEME
@THRESHOLD
@GREY_THRESHOLD
@user_errors
def palette(games, out_dir, overrides, theme, threshold, grey_threshold):
    """Report the colour-vision check and write a swatch sheet of the palette under each simulation.

    The sheet (<out>/<id>/<id>-palette.pdf and .png) shows every palette colour as seen with normal,
    protan, deutan and tritan vision and printed in greyscale, then each group of colours players must
    tell apart.

    Example: pnp palette grannys-pills --theme okabe-ito
    """
    from .spec import loader as specs  # lazy: start-up
    from .output import swatches  # lazy: start-up
    from .check import vision  # lazy: start-up
    for name in batch.chosen(games):
        spec = batch.thresholds(specs.load(name, overrides, theme), threshold, grey_threshold)
        written = swatches.write(spec, out_dir)   # first: a folder it may not write in is the one line said
        batch.say(f"{spec.path}: {spec.game.title}")
        for report in vision.reports(spec):
            for line in vision.describe(report):
                batch.say(f"  {line}")
        if not spec.distinguish:
            click.echo("  no colour groups declared (add a top-level distinguish: list to check them)")
        for path in written:
            batch.say(f"{path}: written")


@cli.command()
@click.argument("game", metavar="GAME_OR_SPEC")
@click.option("--out", "out_dir", default="output", show_default=True, type=click.Path(),
              help="Folder for the gallery (written to <out>/<id>-preview/).")
@click.option("--serve", is_flag=True, help="Serve the gallery on localhost; rebuild it and reload the page on every save.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="With --serve: the port (0: any free one).")
@SETS
@THEME
@user_errors
def preview(game, out_dir, serve, port, overrides, theme):
    """Write a browser gallery of a game: every component with its faces, counts, sizes, sheets, checks and colour vision.

    The page (<out>/<id>-preview/index.html) opens from disk; no server is needed.

    Example: pnp preview grannys-pills --serve
    """
    from .check.wording import counted  # lazy: start-up
    from .output import preview as gallery  # lazy: start-up
    from .spec import loader as specs  # lazy: start-up
    from .spec import theme as themes  # lazy: start-up
    if not serve and given("port"):
        raise UserError("--port is the port --serve serves the gallery on: add --serve, or leave --port out")

    def write(changed):
        start = time.perf_counter()
        themed = themes.load(theme).data["theme"]["title"] if theme else ""   # read again with the spec: it may change
        index, failed, images = gallery.write(specs.load(game, overrides, theme), out_dir, themed)
        what = f"{', '.join(changed)} changed: " if changed else ""
        checks = f"{counted(failed, 'check')} failed" if failed else "all checks pass"
        return f"{what}{index}: {images} images, {checks} ({time.perf_counter() - start:.2f} s)"
    if not serve:
        batch.say(write([]))
        return
    from . import watch  # lazy: start-up
    spec = specs.load(game, overrides, theme)   # a spec that cannot load is an error before serving
    folder = gallery.folder(out_dir, spec)
    folder.mkdir(parents=True, exist_ok=True)
    gallery.waiting(folder, spec)
    server = gallery.serve(folder, port)
    click.echo(f"serving http://127.0.0.1:{server.server_address[1]}/ (the page reloads when the gallery changes)")
    try:
        watch.run(watch.Watcher(game, theme, ignore=[out_dir]), write, batch.say)
        click.echo("stopped")
    finally:
        server.shutdown()


@cli.command("watch")
@click.argument("game", metavar="GAME_OR_SPEC")
@PAPER
@OUT
@SETS
@THEME
@click.option("--format", "chosen_formats", default=["pdf"], show_default=True, callback=formats, metavar="LIST",
              multiple=True, help="What to rebuild, comma-separated (or --format again), as for build: " + ", ".join(known_formats()) + ".")
@click.option("--dpi", type=click.IntRange(30, 1200), show_default=str(batch.DPI),   # None when not given
              help="Resolution of the png, tts, showcase and hand images.")
@user_errors
def watch_game(game, paper, out_dir, overrides, theme, chosen_formats, dpi):
    """Build a game, then rebuild what changed on every save of its spec, rules, templates or other files beside it.

    Each rebuild prints one line: what changed, the files rebuilt (with the faces drawn and recoloured) and the time taken.
    A spec error prints one line (a failed check, one line and then each failure) and watching goes on; Ctrl-C stops.

    Example: pnp watch my-game.yaml --paper a4 --format pdf,png
    """
    batch.unread(chosen_formats, paper=given("paper"), dpi=dpi is not None)
    from . import watch  # lazy: start-up
    rebuild = watch.rebuild(game, paper, out_dir, overrides, theme, chosen_formats, batch.DPI if dpi is None else dpi)
    watch.run(watch.Watcher(game, theme, ignore=[out_dir]), rebuild, batch.say)
    click.echo("stopped")


class GameCommand(Command):
    """A game's command as games.COMMANDS names it: its game is imported only to run it or to show its own help."""

    def __init__(self, name: str, game: str, summary: str):
        super().__init__(name, help=summary)
        self.game = game

    def loaded(self) -> click.Command:
        """The command as its game declares it (the game imported now)."""
        return next(c for c in games.game_commands(self.game) if c.name == self.name)

    def parsed(self, info_name, args, parent=None, **extra) -> click.Context:
        """The game's own command parses the arguments (or shows its help) and runs in the context it returns."""
        return self.loaded().make_context(info_name, args, parent=parent, **extra)


for command_name, (game, summary) in games.COMMANDS.items():
    cli.add_command(GameCommand(command_name, game, summary))
