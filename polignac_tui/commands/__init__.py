"""One module per sub-command of ``polignac-tui``; each has ``register(subparsers)``.

A command's handler takes the parsed arguments and returns the exit status. A
``CommandError`` ends the command with its message on stderr and status 2.
"""


class CommandError(Exception):
    """A user-facing failure: one line on stderr, exit status 2."""
