"""``polignac-tui serve``: the table service (docs/protocol.md) and, when asked, its doors
(SSH for terminals, a web page for browsers), until ctrl-c or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _
from . import CommandError

if TYPE_CHECKING:
    from ..service.doors import DoorLimits
    from ..service.life import Door, OpenDoors
    from ..service.server import Service


@dataclass(frozen=True)
class DoorPlan:
    """The doors asked for on the command line, checked before anything starts."""

    ssh: tuple[str, int] | None
    web: tuple[str, int] | None
    authorized_keys: Path | None
    limits: DoorLimits | None
    public_url: str | None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help=_("run a table service that friends join"),
                       description=_("Run the table service: every table of this server, "
                                   "played from other terminals with polignac-tui join, "
                                   "over SSH (--ssh) or in a browser (--web). Stop it with "
                                   "ctrl-c (every table is saved and comes back at the next "
                                   "start)."))
    p.add_argument("--socket", metavar="PATH", type=Path, default=None,
                   help=_("the Unix socket to listen on (default: "
                        "$XDG_RUNTIME_DIR/polignac-tui/service.sock)"))
    p.add_argument("--ssh", metavar="[HOST:]PORT", default=None,
                   help=_("open the SSH door (127.0.0.1 unless a host is given, e.g. "
                        "0.0.0.0:2222 for friends on the network)"))
    p.add_argument("--web", metavar="[HOST:]PORT", default=None,
                   help=_("open the web door (127.0.0.1 unless a host is given)"))
    p.add_argument("--authorized-keys", metavar="FILE", type=Path, default=None,
                   help=_("only these public keys come in by SSH (default: any key)"))
    p.add_argument("--max-connections", metavar="N", type=int, default=100,
                   help=_("connections open at once through a door (default 100)"))
    p.add_argument("--max-per-key", metavar="N", type=int, default=3,
                   help=_("SSH connections at once with one key (default 3)"))
    p.add_argument("--max-per-minute", metavar="N", type=int, default=20,
                   help=_("new connections from one address in a minute, through either "
                        "door (default 20)"))
    p.add_argument("--idle-timeout", metavar="MIN", type=float, default=30.0,
                   help=_("close a player's session after this many minutes without a key "
                        "(default 30; 0: never)"))
    p.add_argument("--max-waiting-per-player", metavar="N", type=int, default=3,
                   help=_("tables one player may have waiting for their seats to fill "
                        "(default 3)"))
    p.add_argument("--max-tables", metavar="N", type=int, default=200,
                   help=_("tables waiting or in play on this service at once (default 200)"))
    p.add_argument("--public-url", metavar="URL", default=None,
                   help=_("the web door's address as browsers reach it (behind a proxy)"))
    p.add_argument("--status-every", metavar="MIN", type=float, default=1.0,
                   help=_("print the status line this often while anyone is connected "
                        "(default 1; 0: never)"))
    p.add_argument("--status", action="store_true",
                   help=_("print the status line of the service running on the socket, "
                        "and stop (its host only)"))
    p.set_defaults(handler=run)


def plan_doors(args: argparse.Namespace) -> DoorPlan:
    """The doors of ``args``, or ``CommandError`` naming the option and what is wrong."""
    if args.ssh is None and args.web is None:
        for option in ("authorized_keys", "public_url"):
            if getattr(args, option) is not None:
                raise CommandError(_("{option} is for a door: add --ssh [HOST:]PORT or --web "
                                     "[HOST:]PORT").format(
                                         option="--" + option.replace("_", "-")))
        return DoorPlan(None, None, None, None, None)   # asyncssh is not even imported
    from ..service.doors import DoorLimits, parse_address
    try:
        ssh = parse_address(args.ssh, "--ssh") if args.ssh is not None else None
        web = parse_address(args.web, "--web") if args.web is not None else None
        limits = DoorLimits(connections=args.max_connections, per_key=args.max_per_key,
                            per_minute=args.max_per_minute,
                            idle_timeout_s=args.idle_timeout * 60.0)
    except ValueError as error:
        raise CommandError(str(error)) from None
    if ssh is not None and web is not None and ssh[1] == web[1] and ssh[0] == web[0]:
        raise CommandError(_("--ssh and --web both ask for port {port}: give each its own"
                             ).format(port=ssh[1]))
    if args.authorized_keys is not None and ssh is None:
        raise CommandError(_("--authorized-keys is for the SSH door: add --ssh [HOST:]PORT"))
    return DoorPlan(ssh, web, args.authorized_keys, limits, args.public_url)


def shown_host(host: str) -> str:
    """The address friends type: this machine's name when the door listens everywhere."""
    if host in ("0.0.0.0", "::"):
        return socket.gethostname()
    return host or "127.0.0.1"


def door_opener(plan: DoorPlan, socket_path: Path, say: Callable[[str], None]) -> OpenDoors:
    """The ``open_doors`` hook of ``serve``: opens the planned doors and says how to come in."""
    async def open_doors(service: Service) -> list[Door]:
        from ..service.doors import (
            AuthorizedKeysError,
            HostKeyError,
            default_data_dir,
            join_argv,
            open_ssh_door,
            open_web_door,
            player_env,
            web_join_argv,
        )
        doors: list[Door] = []
        env = player_env(os.environ)
        try:
            if plan.ssh is not None:
                host, port = plan.ssh
                ssh = await open_ssh_door(host, port, argv_for=join_argv(socket_path),
                                          data_dir=default_data_dir(),
                                          authorized_keys=plan.authorized_keys,
                                          limits=plan.limits, env=env)
                doors.append(ssh)
                say(_("SSH door: {command}").format(
                    command=f"ssh -p {ssh.port} NAME@{shown_host(host)}"))
                say("  " + (_("host key fingerprint (made just now): {fingerprint}")
                            if ssh.host_key_created else
                            _("host key fingerprint: {fingerprint}")).format(
                                fingerprint=ssh.fingerprint))
                say("  " + (_("lets in: only the keys in {path}").format(
                                path=plan.authorized_keys)
                            if plan.authorized_keys else
                            _("lets in: any public key (no passwords)")))
            if plan.web is not None:
                host, port = plan.web
                web = await open_web_door(host, port, argv=web_join_argv(socket_path),
                                          env=env, limits=plan.limits,
                                          public_url=plan.public_url)
                doors.append(web)
                url = plan.public_url or f"http://{shown_host(host)}:{web.port}/"
                say(_("web door: {url}").format(url=url))
        except (HostKeyError, AuthorizedKeysError) as error:
            await _close_all(doors)
            raise DoorError(str(error)) from None
        except OSError as error:
            await _close_all(doors)
            raise DoorError(_("a door cannot open: {error}").format(
                error=error.strerror or error)) from None
        if not doors:
            return doors
        say(_("stop with ctrl-c: the doors close, every table is saved"))
        return doors
    return open_doors


async def _close_all(doors: list[Door]) -> None:
    for door in reversed(doors):
        await door.close()


MIN_STATUS_EVERY = 0.01
"""Minutes: the shortest time between two status lines (0.6 s; tests use it)."""


def print_status(path: Path) -> int:
    """``serve --status``: the status line of the service on ``path``, asked as its host."""
    from ..service.status import StatusError, ask_status
    try:
        status = asyncio.run(ask_status(path.expanduser()))
    except StatusError as error:
        raise CommandError(str(error)) from None
    print(status.line(), flush=True)
    return 0


class DoorError(Exception):
    """A door could not open (the message names it and why)."""


def _say(line: str) -> None:
    print(line, flush=True)


def run(args: argparse.Namespace) -> int:
    from ..service.life import serve
    from ..service.paths import default_socket
    from ..service.server import ServiceError

    if args.status:
        return print_status(args.socket if args.socket is not None else default_socket())
    if args.status_every != 0 and not MIN_STATUS_EVERY <= args.status_every <= 24 * 60:
        raise CommandError(_("--status-every must be 0 (never) or from {low} to {high} "
                             "minutes").format(low=MIN_STATUS_EVERY, high=24 * 60))
    for option in ("max_waiting_per_player", "max_tables"):
        if getattr(args, option) < 1:
            raise CommandError(_("{option} must be at least 1").format(
                option="--" + option.replace("_", "-")))
    plan = plan_doors(args)
    path = (args.socket if args.socket is not None else default_socket()).expanduser()
    opener = door_opener(plan, path, _say) if (plan.ssh or plan.web) else None
    try:
        code = asyncio.run(serve(path, open_doors=opener,
                                 max_waiting_per_player=args.max_waiting_per_player,
                                 max_tables=args.max_tables,
                                 status_every=args.status_every * 60.0))
        # Stopped, and said so: one more ctrl-c while the process ends (its computer
        # players' workers finishing the move in hand) must not make it a traceback.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return code
    except (ServiceError, DoorError) as error:
        raise CommandError(str(error)) from None
    except KeyboardInterrupt:  # pragma: no cover - ctrl-c before the handlers are set
        print(_("stopped"), file=sys.stderr)
        return 130
