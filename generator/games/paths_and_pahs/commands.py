"""Paths and PAHs' command: pnp pahs."""
import click

from generator.spec import loader as specs
from generator.commands import SETS, user_errors
from generator.errors import UserError

from . import cards, rules


@click.command()
@click.argument("names", nargs=-1, metavar="[CARD]... | [GAME_OR_SPEC]")
@click.option("--board", "on_board", is_flag=True,
              help="Count the PAHs one move can collect on a board: the spec's starting board, or shuffled by --seed.")
@click.option("--seed", type=click.IntRange(0, 2**63), help="With --board: shuffle the 27 cards and 9 empty cells with this seed (0 to 2**63, as a spec's faces.seed).")
@SETS
@user_errors
def pahs(names, on_board, seed, overrides):
    """List and count the PAHs (Paths and PAHs) among cards, or on a board.

    Cards are written background-shape-colour, e.g. black-circle-red. With --board, the PAHs counted
    are those whose 3 cards lie within 4 cells of one row or column: what a single move (up to 3 cells
    in one direction, start cell included) can collect.

    Example: pnp pahs black-square-yellow black-circle-yellow white-square-red
    """
    if not on_board:
        if seed is not None:
            raise UserError("--seed needs --board")
        if not names:
            raise UserError("give the cards to check, e.g. pnp pahs black-circle-red gray-circle-blue white-square-red")
        lines = rules.card_report(names)
    elif seed is not None:
        if names:
            raise UserError("give either --seed or a game, not both")
        lines = rules.board_report(cards.shuffled_board(seed), f"shuffled from seed {seed}")
    else:
        if len(names) > 1:
            raise UserError(f"--board takes one game or spec, got {len(names)}: {' '.join(names)}")
        spec = specs.load(names[0] if names else "paths-and-pahs", overrides)
        lines = rules.board_report(rules.starting_board(spec), f"starting board of {spec.path}")
    for line in lines:
        click.echo(line)


COMMANDS = (pahs,)
