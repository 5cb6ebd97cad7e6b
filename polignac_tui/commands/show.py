"""``polignac-tui show FILE|ID``: the score table of a session file or a saved session."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..games.session import GameSession
from ..i18n import _
from ..store.errors import SessionFileError
from ..store.wording import file_error_text
from . import CommandError
from .output import out


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help=_("print the score table of a saved session"),
                       description=_("Print the score table of a session file, or of the "
                                   "saved session with that id (see polignac-tui list)."))
    p.add_argument("session", metavar="FILE|ID",
                   help=_("path of a session file (.toml), or a saved session's id"))
    p.add_argument("--json", action="store_true", help=_("print the scores as JSON"))
    p.set_defaults(handler=run)


def resolve(target: str) -> Path:
    """A path to a session file, or the file of the saved session with that id."""
    from ..store import SessionStore
    from ..store.ids import is_id

    path = Path(target)
    if not is_id(target) or path.exists():
        return path
    store = SessionStore()
    if not store.path(target).is_file():
        raise CommandError(_("{target}: no such file, nor a saved session with that id "
                             "(see polignac-tui list)").format(target=target))
    return store.path(target)


def read_any(target: str) -> GameSession:
    """The session of ``target`` (a file or a saved session's id), whatever its game."""
    from ..store.gamefile import load
    from ..store.ids import is_id
    path = resolve(target)
    try:
        session = load(path)
    except SessionFileError as error:
        raise CommandError(f"{path}: {file_error_text(str(error))}") from None
    if not session.id and is_id(path.stem) and not session.match.game.books.reads_header:
        session.id = path.stem     # (a file of the first game keeps the id it wrote)
    return session


def read(target: str) -> Any:
    """The game's own session under the match of ``target`` (for the review of the first
    game: its engine's); a session of a game whose match has none is refused, saying
    which game it is."""
    session = read_any(target)
    native = session.match.own_session()
    if native is None:
        raise CommandError(_("{path}: a session of {game}; only Polignac sessions can be "
                             "read here").format(path=resolve(target),
                                                 game=session.match.game.title))
    return native


def run(args: argparse.Namespace) -> int:
    session = read_any(args.session)
    if args.json:
        out(json.dumps(session.match.game.books.file_summary(session.match), ensure_ascii=False))
    else:
        out(score_table(session))
    return 0


def score_table(session: GameSession) -> str:
    """The score table of ``session``: its game's own, else the house's (a row per deal,
    a column per player, the totals and where it stands)."""
    own = session.match.game.books.score_table(session)
    if own is not None:
        return own
    from .gamescores import score_table as game_score_table
    return game_score_table(session)
