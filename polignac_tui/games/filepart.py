"""Reading a game's part of a session file, the same for every game: the players, the
deals (each read by the game), then the log replayed through the rules, so that a file
breaking a rule is refused in one line naming the deal, the action and the reason."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from .base import DealLog, Game, Match, Settings, replay
from .errors import RuleError
from .namewords import name_problem

FORMAT = 1        # the session file's format, the same for every game
TYPE_NAMES: dict[type, str] = {
    bool: "true or false", int: "a whole number", float: "a decimal number", str: "a string",
    list: "an array", dict: "a table", datetime: "a date and time",
}


def fail(message: str) -> RuleError:
    """A session file refused: ``message`` is one line saying why (code ``file``)."""
    return RuleError("file", message)


def type_name(value: Any) -> str:
    """What a TOML value is, in words: ``a whole number``, ``a table``..."""
    for kind, name in TYPE_NAMES.items():
        if type(value) is kind:
            return name
    if isinstance(value, datetime):
        return TYPE_NAMES[datetime]
    return type(value).__name__


def get(table: Mapping[str, Any], key: str, kind: type, where: str, default: Any = ...) -> Any:
    """``table[key]`` checked to be of TOML type ``kind`` (bool is not a whole number)."""
    if key not in table:
        if default is ...:
            raise fail(f"{where}: missing key {key!r}")
        return default
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise fail(f"{where}: {key} must be {TYPE_NAMES[kind]}, not {type_name(value)}")
    return value


def player_name(entry: Mapping[str, Any], where: str) -> str:
    """The ``name`` of a ``[[players]]`` table, held to the one rule of every game's names
    (``namewords.name_problem``: at most 24 printable characters), or ``file`` refused
    naming the player, the field and why."""
    name: str = get(entry, "name", str, where)
    problem = name_problem(name)
    if problem is not None:
        raise fail(f"{where}: name {problem}")
    return name


def check_moment(key: str, moment: datetime) -> None:
    """Refuse a date that cannot be shown in every time zone (``9999-12-31T23:59:59-23:59``
    is past the year 9999 in UTC: converting it raises ``OverflowError``)."""
    try:
        utc = moment.astimezone(UTC) if moment.tzinfo is not None else moment
        ok = 2 <= utc.year <= 9998
    except (OverflowError, ValueError):
        ok = False
    if not ok:
        raise fail(f"file: {key} = {moment.isoformat()} is out of range (years 2 to 9998)")


def read_match(doc: Mapping[str, object], game: Game,
               read_rules: Callable[[object], Settings],
               read_deal: Callable[[object, int], DealLog], max_deals: int) -> Match:
    """The match ``doc`` describes (``game``'s file part), replayed action by action.

    Raises:
        RuleError: ``file``, one line naming what is wrong (the deal and the action for a
            rule broken).
    """
    if doc.get("game") != game.name:
        raise RuleError("file", f"game {str(doc.get('game'))[:40]!r} is not {game.name!r}")
    settings = read_rules(doc.get("rules", {}))
    players = doc.get("players")
    if not isinstance(players, list):
        raise RuleError("file", "players: a list of two players is expected")
    names: list[str] = []
    for number, player in enumerate(players, start=1):
        if not isinstance(player, Mapping):
            raise RuleError("file", "players: every player needs a name")
        names.append(player_name(player, f"player {number}"))
    deals = doc.get("deals", [])
    if not isinstance(deals, list) or len(deals) > max_deals:
        raise RuleError("file", f"deals: a list of at most {max_deals} deals is expected")
    log = [read_deal(entry, number) for number, entry in enumerate(deals, start=1)]
    try:
        return replay(game, settings, names, log)
    except RuleError as error:
        raise RuleError("file", error.message, error.params) from None


def texts(value: object, what: str, longest: int) -> tuple[str, ...]:
    """``value`` as a list of strings each at most ``longest`` long, or ``file`` refused."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RuleError("file", f"{what}: a list is expected")
    for item in value:
        if not isinstance(item, str) or len(item) > longest:
            raise RuleError("file", f"{what}: {str(item)[:longest + 10]!r} is not valid")
    return tuple(value)
