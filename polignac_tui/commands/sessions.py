"""``polignac-tui list``, ``delete`` and ``stats``: the saved sessions from the shell."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from datetime import UTC, datetime
from typing import Any

from ..games import game_names, get_game
from ..games.statstext import clip
from ..i18n import _, ngettext, tr
from ..store import SessionStore, StoreError, Summary
from ..store.gamefile import DEFAULT_GAME as FIRST_GAME
from ..store.index import summarize
from ..store.report import leaders, local_time, row
from ..store.visible import visible
from ..store.wording import file_error_text, game_title, names_text, state_words
from . import CommandError, game_list
from .output import out

WIDTH = 80  # every table fits an 80-column terminal
ID_COLUMN = 38


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help=_("list the saved sessions, newest first"),
                       description=_("List the saved sessions, the most recently played first; "
                       "files that cannot be read are listed apart with the reason."))
    p.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    p.add_argument("--game", choices=game_names(), metavar="GAME",
                   help=_("only the sessions of this game: one of {games}").format(
                       games=game_list()))
    p.set_defaults(handler=run_list)

    p = sub.add_parser("delete", help=_("delete a saved session"),
                       description=_("Delete a saved session (asks first unless --yes)."))
    p.add_argument("session", metavar="ID", help=_("id of the session (see polignac-tui list)"))
    p.add_argument("--yes", "-y", action="store_true", help=_("do not ask for confirmation"))
    p.set_defaults(handler=run_delete)

    p = sub.add_parser("stats", help=_("statistics per player over the finished sessions"),
                       description=tr(get_game(FIRST_GAME).books.command_words["stats"]))
    p.add_argument("--json", action="store_true", help=_("print the statistics as JSON"))
    p.add_argument("--game", choices=game_names(), metavar="GAME",
                   help=_("the statistics of this game only: one of {games}").format(
                       games=game_list()))
    p.set_defaults(handler=run_stats)


def _summaries(store: SessionStore) -> list[Summary]:
    try:
        return store.summaries()
    except StoreError as error:
        raise CommandError(str(error)) from None


_out = out     # the name the reviews print with


# -- list --------------------------------------------------------------------------------
def run_list(args: argparse.Namespace) -> int:
    store = SessionStore()
    entries = _summaries(store)
    game = getattr(args, "game", None)
    readable = [e for e in entries if e.readable and (game is None or e.game == game)]
    unreadable = [e for e in entries if not e.readable]
    if args.json:
        out(json.dumps({"folder": str(store.root),
                         "sessions": [row(e) for e in readable],
                         "unreadable": [row(e) for e in unreadable]}, ensure_ascii=False))
        return 0
    if not entries:
        out(_("No saved sessions yet (they will be kept in {folder}).").format(
            folder=store.root))
        return 0
    if game is not None and not readable and not unreadable:
        out(_("No saved session of {game} yet.").format(game=game_title(game)))
        return 0
    out(list_table(readable, unreadable))
    return 0


def list_table(readable: list[Summary], unreadable: list[Summary]) -> str:
    """Two lines per session (figures, then names and state, with the game's title when
    not every session is of Polignac), then the unreadable files."""
    lines: list[str] = []
    mixed = any(e.game != FIRST_GAME for e in readable)
    wrap = textwrap.TextWrapper(width=WIDTH, initial_indent="    ", subsequent_indent="    ",
                                break_on_hyphens=False)
    if readable:
        # ids made by the app fit (at most 37 characters); a longer one (a renamed file)
        # gets a line of its own rather than being cut: ids are there to be copied
        head_id, head_deals = _("ID"), _("DEALS")
        head_leader, head_when = _("LEADER"), _("LAST PLAYED")
        id_width = min(max(len(head_id), *(len(e.id) for e in readable)), ID_COLUMN)
        deals_width = max(5, len(head_deals))
        leader_width = WIDTH - id_width - deals_width - 16 - 6
        lines.append(f"{head_id:<{id_width}}  {head_deals:>{deals_width}}  "
                     f"{head_leader:<{leader_width}}  {head_when}")
        for entry in readable:
            names = list(entry.players)
            lead = leaders(entry)
            leader = _leader(names, lead, entry.totals[lead[0]], leader_width)
            shown = entry.id
            if len(shown) > id_width:
                lines.append(shown)
                shown = ""
            lines.append(f"{shown:<{id_width}}  {entry.finished_deals:>{deals_width}}  "
                         f"{leader:<{leader_width}}  {local_time(entry.updated)}")
            detail = ", ".join(names) + " · " + state_words(entry.state)
            if entry.served:
                detail += " · " + _("served table (polignac-tui join)")
            if entry.name:
                detail = f"“{entry.name}” · {detail}"
            if mixed:
                detail = f"{game_title(entry.game)} · {detail}"
            lines.extend(wrap.wrap(detail))
    if unreadable:
        if lines:
            lines.append("")
        count = len(unreadable)
        lines.append(ngettext("{count} unreadable file (left untouched; `polignac-tui show "
                              "FILE` says the same):",
                              "{count} unreadable files (left untouched; `polignac-tui show "
                              "FILE` says the same):", count).format(count=count))
        for entry in unreadable:
            lines.append(str(entry.path))
            lines.extend(wrap.wrap(file_error_text(entry.error or "unreadable")))
    return "\n".join(lines)


def _leader(names: list[str], lead: list[int], points: int, width: int) -> str:
    """``Anna (3)``, ``Anna and Bob (3)``, ``Anna +2 (3)`` when long, ``all tied (0)``."""
    if len(lead) == len(names):
        return _("all tied ({points})").format(points=points)
    text = f"{names_text([names[s] for s in lead])} ({points})"
    if len(text) > width and len(lead) > 1:
        text = f"{names[lead[0]]} +{len(lead) - 1} ({points})"
    if len(text) > width:
        tail = f" ({points})"
        text = clip(text[:-len(tail)], width - len(tail)) + tail
    return text


# -- delete ------------------------------------------------------------------------------
def run_delete(args: argparse.Namespace) -> int:
    store = SessionStore()
    id = args.session
    try:
        session = store.load_game(id)
    except StoreError as error:
        raise CommandError(str(error)) from None
    except ValueError as error:  # SessionFileError: unreadable, left alone
        raise CommandError(_("{id} is unreadable ({error}); damaged files are left "
                             "untouched: move or remove {path} yourself").format(
            id=id, error=file_error_text(str(error)), path=store.path(id))) from None
    if not args.yes:
        names = ", ".join(session.names)
        summary = summarize(id, store.path(id), session.updated or datetime.now(UTC),
                            session)
        deals, said = summary.finished_deals, summary.state
        label = f"“{session.name}” ({id})" if session.name else id
        question = ngettext("Delete session {label} ({names}; {deals} deal; {state})? "
                            "[y/N] ",
                            "Delete session {label} ({names}; {deals} deals; {state})? "
                            "[y/N] ", deals).format(
            label=label, names=names, deals=deals, state=state_words(said))
        if not _confirm(question):
            print(_("Not deleted: {id} is kept.").format(id=id), file=sys.stderr)
            return 1
    try:
        store.delete(id)
    except StoreError as error:
        raise CommandError(_("{id} not deleted: {error}").format(id=id, error=error)) from None
    print(_("Deleted {id}.").format(id=id))
    return 0


def _confirm(question: str) -> bool:
    """Ask on the terminal; no stdin, end of input or anything but yes means no."""
    question = visible(question)       # it names the session and its players
    if sys.stdin is None or sys.stdin.closed:
        print(question + _("(no input: not confirmed, use --yes)"), file=sys.stderr)
        return False
    print(question, end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, ValueError):
        answer = ""
    if not sys.stdin.isatty() and answer:
        print(file=sys.stderr)  # the answer was not echoed: end the prompt's line
    if not answer:
        print(_("(end of input: not confirmed, use --yes)"), file=sys.stderr)
        return False
    return answer.strip().casefold() in ("y", "yes", "o", "oui", "s", "si", "sì")


# -- stats -------------------------------------------------------------------------------
def run_stats(args: argparse.Namespace) -> int:
    """Polignac's statistics as ever, then Écarté's and Piquet's where there are finished
    sessions of them; ``--game``: one game's only."""
    store = SessionStore()
    entries = _summaries(store)
    game = getattr(args, "game", None)
    done = {g: [e for e in entries if e.readable and e.finished and e.game == g]
            for g in game_names()}
    unreadable = sum(1 for e in entries if not e.readable)
    others = [g for g in game_names()
              if g != FIRST_GAME and (g == game or (game is None and done[g]))]
    if args.json:
        if game in (None, FIRST_GAME):
            doc: dict[str, object] = {
                "sessions": len(done[FIRST_GAME]), "unreadable": unreadable,
                "players": [s.to_dict() for s in
                            get_game(FIRST_GAME).books.stats(done[FIRST_GAME]) or []]}
            for other in others:
                doc[other] = {"sessions": len(done[other]),
                              "players": [s.to_dict() for s in _game_stats(other, done)]}
        else:
            doc = {"game": game, "sessions": len(done[game]), "unreadable": unreadable,
                   "players": [s.to_dict() for s in _game_stats(game, done)]}
        out(json.dumps(doc, ensure_ascii=False))
        return 0
    if game in (None, FIRST_GAME):
        finished = done[FIRST_GAME]
        if not finished:
            out(_("No finished sessions yet: statistics count finished sessions only."))
        else:
            out(get_game(FIRST_GAME).books.stats_table(finished) or "")
    for other in others:
        if game is None:
            out("")
        out(game_title(other))
        if not done[other]:
            out(_("No finished session of {game} yet.").format(game=game_title(other)))
        else:
            out(get_game(other).books.stats_table(done[other]) or "")
    if unreadable:
        out(ngettext("{count} unreadable file not counted (see polignac-tui list).",
                     "{count} unreadable files not counted (see polignac-tui list).",
                     unreadable).format(count=unreadable))
    return 0


def _game_stats(game: str, done: dict[str, list[Summary]]) -> list[Any]:
    return get_game(game).books.stats(done[game]) or []

