"""Reading a game's part of a session file, the same for every game: the players, the
deals (each read by the game), then the log replayed through the rules, so that a file
breaking a rule is refused in one line naming the deal, the action and the reason."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .base import DealLog, Game, Match, Settings, replay
from .errors import RuleError


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
    for player in players:
        name = player.get("name") if isinstance(player, Mapping) else None
        if not isinstance(name, str):
            raise RuleError("file", "players: every player needs a name")
        names.append(name)
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
