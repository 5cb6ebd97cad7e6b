"""``polignac-tui join``: the app connected to a table service (the lobby)."""

from __future__ import annotations

import argparse
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from . import CommandError
from .play import add_ascii

IDENTITY_ENV = "POLIGNAC_TUI_IDENTITY"
# Names that say nobody in particular at a table of several people (the settings'
# default name is "You").
AMBIGUOUS_NAMES = ("you", "me", "player")


@dataclass(frozen=True, slots=True)
class JoinTarget:
    """Where the lobby connects, and who it says it is."""

    socket: Path
    identity: str
    name: str
    code: str = ""      # a web player's code, shown in the lobby to take a seat back


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("join", help=_("join a table service: the lobby of its tables"),
                       description=_("Open the app connected to a table service (started with "
                                   "`polignac-tui serve`): its tables, create one, sit, watch."))
    p.add_argument("--socket", type=Path, default=None, metavar="PATH",
                   help=_("the service's socket (default: the one `serve` uses by default)"))
    p.add_argument("--name", default=None, help=_("your name at the tables (default: your "
                                                "settings' name)"))
    p.add_argument("--web", action="store_true",
                   help=_("the web door's lobby: ask the name in the app and give a code to "
                        "take a seat back after a reload"))
    add_ascii(p)
    p.set_defaults(handler=run_join)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name at the tables, or None when it can."""
    from ..config import MAX_NAME
    # the name every game's seat keeps: a printable name, not blank, of at most 24 characters
    if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        return _("the name {name} is not 1 to 24 printable characters").format(name=repr(name))
    if name.casefold() in AMBIGUOUS_NAMES:
        return _("your friends will not know who {name} is: give your own name").format(
            name=repr(name))
    return None


def default_socket() -> Path:
    """The service's default socket (the one ``serve`` listens on by default)."""
    from ..service.paths import default_socket as service_default
    return service_default()


def identity() -> str:
    """Who this client is: ``POLIGNAC_TUI_IDENTITY`` (the SSH door sets it), else the user."""
    given = os.environ.get(IDENTITY_ENV, "").strip()
    return given or f"local:{os.getuid()}"


def check_service(path: Path) -> None:
    """Raise ``CommandError`` (one clear line) when nothing listens at ``path``."""
    from ..service.client import no_service
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(5)
    try:
        probe.connect(str(path))
    except OSError:
        raise CommandError(no_service(path)) from None
    finally:
        probe.close()


def run_join(args: argparse.Namespace) -> int:
    from ..config import load_settings
    from ..service.paths import check_socket_path
    from ..ui.app import CardGamesApp

    settings = load_settings()
    path = args.socket if args.socket is not None else default_socket()
    problem = check_socket_path(path)
    if problem is not None:
        raise CommandError(problem)
    check_service(path)
    ascii = bool(getattr(args, "ascii", False))
    if args.web:
        app = CardGamesApp(settings, start="web", join=JoinTarget(path, "", ""), ascii=ascii,
                          lang=getattr(args, "lang", None))
        app.run()
        return app.return_code or 0
    name = (args.name if args.name is not None else settings.name).strip()
    problem = name_problem(name)
    if problem is not None:
        raise CommandError(_("--name: {problem} (give your name with --name NAME or in the "
                             "app's settings)").format(problem=problem))
    target = JoinTarget(path, identity(), name)
    app = CardGamesApp(settings, start="lobby", join=target, ascii=ascii,
                      lang=getattr(args, "lang", None))
    app.run()
    return app.return_code or 0
