"""The club's book on the wire (docs/protocol.md, ``club`` requests): the book's records
(``club.records``) as JSON and back.

The service writes what ``ClubBook`` answers with the ``*_to_json`` functions: names only
(the book's records carry no identity, and nothing here adds one), each list cut to its
bound, each name to ``MAX_NAME`` characters. The client reads an answer back with the
``*_from_json`` functions, as untrusted as any line from the service: a field missing, of
the wrong type or out of its bounds makes the whole answer unreadable (``ClubWireError``,
one sentence), never a traceback and never a line shown half-read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, get_args

from ..club.records import Against, Debt, Period, PlayerPage, RatingPoint, Standing
from .protocol import GAMES, LEVELS, MAX_ID, MAX_NAME

PERIODS: tuple[str, ...] = get_args(Period)   # protocol.CLUB_PERIODS
MAX_STANDINGS = 200      # lines of a game's standings sent
MAX_HISTORY = 400        # a player's last ratings sent for the chart
MAX_AGAINST = 200        # other players on a player's page
MAX_DEBTS = 200          # open debts of the ledger
MAX_NUMBER = 1e6         # a rating or an uncertainty, in absolute value
MAX_WHEN = 40            # characters of an ISO date-time
MAX_WHAT = 16            # what a debt is counted in: the book's key (a game words it)


class ClubWireError(ValueError):
    """An answer about the club's book that cannot be read; ``str()`` says what."""


# -- the service's side ----------------------------------------------------------------------
def _name_out(name: str) -> str:
    """A name as sent: printable, at most ``MAX_NAME`` characters, never empty."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in name[:MAX_NAME])
    return shown if shown.strip() else "?"


def _number_out(value: float) -> float:
    if not math.isfinite(value):
        return 0.0
    return round(max(-MAX_NUMBER + 1, min(MAX_NUMBER - 1, value)), 3)


def standing_to_json(standing: Standing) -> dict[str, Any]:
    return {"name": _name_out(standing.name), "computer": standing.computer,
            "rating": _number_out(standing.rating), "mu": _number_out(standing.mu),
            "sigma": _number_out(standing.sigma), "provisional": standing.provisional,
            "matches": standing.matches, "wins": standing.wins,
            "last_played": standing.last_played[:10], "you": standing.you}


def standings_to_json(standings: list[Standing]) -> list[dict[str, Any]]:
    return [standing_to_json(s) for s in standings[:MAX_STANDINGS]]


def page_to_json(page: PlayerPage | None) -> dict[str, Any] | None:
    if page is None:
        return None
    return {"game": page.game,
            "standing": None if page.standing is None else standing_to_json(page.standing),
            "history": [{"when": p.when[:MAX_WHEN], "rating": _number_out(p.rating),
                         "sigma": _number_out(p.sigma)}
                        for p in page.history[-MAX_HISTORY:]],
            "against": [{"name": _name_out(a.name), "matches": a.matches, "wins": a.wins,
                         "losses": a.losses} for a in page.against[:MAX_AGAINST]]}


def debts_to_json(debts: list[Debt]) -> list[dict[str, Any]]:
    return [{"game": d.game, "debtor": _name_out(d.debtor), "creditor": _name_out(d.creditor),
             "what": d.what, "amount": d.amount} for d in debts[:MAX_DEBTS]]


# -- the client's side -----------------------------------------------------------------------
def _field(data: object, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise ClubWireError(f"{where} is not an object")
    if key not in data:
        raise ClubWireError(f"{where} has no {key}")
    return data[key]


def _name_in(value: object, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME \
            or not value.isprintable() or not value.strip():
        raise ClubWireError(f"{where} is not a name of 1 to {MAX_NAME} printable characters")
    return value


def _count_in(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_ID:
        raise ClubWireError(f"{where} is not a count")
    return value


def _number_in(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or abs(value) >= MAX_NUMBER:
        raise ClubWireError(f"{where} is not a number below {MAX_NUMBER:.0f}")
    return float(value)


def _flag_in(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ClubWireError(f"{where} is not true or false")
    return value


def _date_in(value: object, where: str) -> str:
    """An ISO date ("2026-11-27"), or "" (never played)."""
    if value == "":
        return ""
    if not isinstance(value, str) or len(value) != 10:
        raise ClubWireError(f"{where} is not a date")
    try:
        date.fromisoformat(value)
    except ValueError:
        raise ClubWireError(f"{where} is not a date") from None
    return value


def _when_in(value: object, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_WHEN:
        raise ClubWireError(f"{where} is not a date and time")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ClubWireError(f"{where} is not a date and time") from None
    return value


def _list_in(value: object, most: int, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ClubWireError(f"{where} is not a list")
    if len(value) > most:
        raise ClubWireError(f"{where} has more than {most} entries")
    return value


def game_in(value: object, where: str = "game") -> str:
    if not isinstance(value, str) or value not in GAMES:
        raise ClubWireError(f"{where} is not one of the games {', '.join(GAMES)}")
    return value


def standing_from_json(data: object, where: str = "a standing") -> Standing:
    def get(key: str) -> Any:
        return _field(data, key, where)
    computer = get("computer")
    if computer is not None and computer not in LEVELS:
        raise ClubWireError(f"{where}: computer is not one of {', '.join(LEVELS)}")
    matches = _count_in(get("matches"), f"{where}: matches")
    wins = _count_in(get("wins"), f"{where}: wins")
    if wins > matches:
        raise ClubWireError(f"{where}: more wins than matches")
    return Standing(name=_name_in(get("name"), f"{where}: name"), computer=computer,
                    rating=_number_in(get("rating"), f"{where}: rating"),
                    mu=_number_in(get("mu"), f"{where}: mu"),
                    sigma=_number_in(get("sigma"), f"{where}: sigma"),
                    provisional=_flag_in(get("provisional"), f"{where}: provisional"),
                    matches=matches, wins=wins,
                    last_played=_date_in(get("last_played"), f"{where}: last_played"),
                    you=_flag_in(get("you"), f"{where}: you"))


def standings_from_json(value: object) -> list[Standing]:
    return [standing_from_json(item, f"standing {i + 1}")
            for i, item in enumerate(_list_in(value, MAX_STANDINGS, "the standings"))]


def page_from_json(value: object) -> PlayerPage | None:
    if value is None:
        return None
    standing = _field(value, "standing", "the page")
    history = []
    for i, item in enumerate(_list_in(_field(value, "history", "the page"), MAX_HISTORY,
                                      "the page's history")):
        where = f"rating {i + 1}"
        history.append(RatingPoint(when=_when_in(_field(item, "when", where), where),
                                   rating=_number_in(_field(item, "rating", where), where),
                                   sigma=_number_in(_field(item, "sigma", where), where)))
    against = []
    for i, item in enumerate(_list_in(_field(value, "against", "the page"), MAX_AGAINST,
                                      "the page's record")):
        where = f"record {i + 1}"
        against.append(Against(name=_name_in(_field(item, "name", where), where),
                               matches=_count_in(_field(item, "matches", where), where),
                               wins=_count_in(_field(item, "wins", where), where),
                               losses=_count_in(_field(item, "losses", where), where)))
    return PlayerPage(game=game_in(_field(value, "game", "the page"), "the page's game"),
                      standing=None if standing is None else standing_from_json(
                          standing, "the page's standing"),
                      history=tuple(history), against=tuple(against))


def debts_from_json(value: object) -> list[Debt]:
    debts = []
    for i, item in enumerate(_list_in(value, MAX_DEBTS, "the ledger")):
        where = f"debt {i + 1}"
        what = _field(item, "what", where)
        if not isinstance(what, str) or not 0 < len(what) <= MAX_WHAT \
                or not (what.isascii() and what.isalpha()):
            raise ClubWireError(f"{where}: what is not a word of 1 to {MAX_WHAT} letters")
        debts.append(Debt(game=game_in(_field(item, "game", where), f"{where}: game"),
                          debtor=_name_in(_field(item, "debtor", where), f"{where}: debtor"),
                          creditor=_name_in(_field(item, "creditor", where),
                                            f"{where}: creditor"),
                          what=what, amount=_count_in(_field(item, "amount", where),
                                                      f"{where}: amount")))
    return debts


# -- whole answers, as the lobby's client reads them -----------------------------------------
@dataclass(frozen=True, slots=True)
class ClubStandings:
    """A ``club`` answer: a game's standings for a period, and whether the asker is
    hidden from them."""

    game: str
    period: str
    hidden: bool
    standings: tuple[Standing, ...]


def standings_answer(answer: object) -> ClubStandings:
    period = _field(answer, "period", "the answer")
    if period not in PERIODS:
        raise ClubWireError(f"the period is not one of {', '.join(PERIODS)}")
    return ClubStandings(game=game_in(_field(answer, "game", "the answer")), period=period,
                         hidden=_flag_in(_field(answer, "hidden", "the answer"), "hidden"),
                         standings=tuple(standings_from_json(
                             _field(answer, "standings", "the answer"))))


def player_answer(answer: object) -> PlayerPage | None:
    return page_from_json(_field(answer, "page", "the answer"))


def ledger_answer(answer: object) -> list[Debt]:
    return debts_from_json(_field(answer, "debts", "the answer"))


def hidden_answer(answer: object) -> bool:
    return _flag_in(_field(answer, "hidden", "the answer"), "hidden")
