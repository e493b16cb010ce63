"""Glorieta's command: pnp glorieta-loops."""
import click

from generator.commands import user_errors

from . import rules


@click.command("glorieta-loops")
@click.argument("position", type=click.Path(dir_okay=False))
@user_errors
def glorieta_loops(position):
    """Find the loops in a Glorieta position file: each loop's player, cells and enclosed cells.

    A position lists stones by the side that shows (black, yellow, pink) as "q,r" cells; see
    specs/positions/ for examples.

    Example: pnp glorieta-loops position.yaml
    """
    for line in rules.describe(rules.load_position(position)):
        click.echo(line)


COMMANDS = (glorieta_loops,)
