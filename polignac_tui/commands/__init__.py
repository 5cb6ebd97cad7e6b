"""One module per sub-command of ``polignac-tui``; each has ``register(subparsers)``.

A command's handler takes the parsed arguments and returns the exit status. A
``CommandError`` ends the command with its message on stderr and status 2.
"""


def game_list() -> str:
    """The registry's games by their short names, as a ``--game`` option takes them."""
    from ..games import game_names
    return ", ".join(game_names())


class CommandError(Exception):
    """A user-facing failure: one line on stderr, exit status 2."""
