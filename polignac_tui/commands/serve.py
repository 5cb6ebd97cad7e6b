"""``polignac-tui serve``: the table service (docs/protocol.md), until ctrl-c or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from . import CommandError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run a table service that friends join",
                       description="Run the table service: every table of this server, "
                                   "played from other terminals with polignac-tui join. "
                                   "Stop it with ctrl-c (every table is saved and comes "
                                   "back at the next start).")
    p.add_argument("--socket", metavar="PATH", type=Path, default=None,
                   help="the Unix socket to listen on (default: "
                        "$XDG_RUNTIME_DIR/polignac-tui/service.sock)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..service.paths import default_socket
    from ..service.server import ServiceError, serve

    path = args.socket if args.socket is not None else default_socket()
    try:
        return asyncio.run(serve(path.expanduser()))
    except ServiceError as error:
        raise CommandError(str(error)) from None
