"""The seam between the house and its games: what every game gives, and nothing more.

Everything above the games (tables, the service, saved sessions, screens, computer
players) speaks to a game through these types only:

``Game``
    What a game is before a match: ``name``, ``title``, player counts, whether the
    higher total wins, its presets and each ``Setting`` described (so a form, the
    rules panel, the protocol and the file format are built from the description).
    ``settings(preset, overrides)`` validates; ``new_match(settings, players, rng)``
    starts a match. What only its files, the lists, the statistics, ``show`` and
    ``export`` need is its ``books`` (``games.books.Bookkeeping``, its own in its folder).
``Match``
    One match (a session): the state, moved forward only by ``deal(rng)`` and
    ``apply(action)``, each returning the ``Event``s that happened, in order.
    ``turn``, ``choices(seat)``, ``totals``, ``outcome``, ``view(seat | None)``, and
    ``log`` (the truth: per deal what was dealt and the actions) and ``history``.
``Action``
    One text form for the file, the wire and tests: ``"KS"``, ``"discard 7D JC"``,
    ``"propose"``, ``"declare point sequence"``; ``parse_action(str(a)) == a``.
``Choice``
    What the seat to act may do: a card (``CardChoice``), a set of cards
    (``CardsChoice``: a discard of ``least`` to ``most``), or words (``WordChoice``).
``View``
    What one seat (or a watcher, seat None) may see: a frame every game shares plus
    ``game_part``, the game's own part, already in JSON form.

The pieces live in small modules (``settings``, ``actions``, ``choices``, ``events``,
``view``, ``cards``, ``errors``); this module holds the game, the match and the log,
and re-exports the rest, so a game and the house import the seam from here.

The contract every game keeps (``tests/games/test_contract.py`` holds every game of the
registry to it, under every preset):
- ``apply`` raises ``RuleError(code, sentence)`` for an illegal action and then
  changes nothing; points come only as ``Scored`` events and the ``Scored`` points of
  a match sum to its ``totals`` at every moment, mid-deal included. Points told to one
  seat first (``Scored.to``) reach the others as ``Disclosed``; the points a seat has
  been told (``visible``) sum to its view's ``totals``.
- A match may end in the middle of a deal (a ``MatchOver`` event); after it ``turn``
  is None and every action is refused.
- Replaying ``log`` into a fresh match (``replay``) gives the same state; taking back a
  seat's action (``Match.take_back``, a replay of the log without the last actions by
  default) returns every seat to the view it had before it.
- A match read back from its file plays on as the one saved, and shows again the last
  trick taken when saved between two tricks (``trick_to_show_again``);
  ``finished_deals`` holds the deals over.
- A view never carries what its seat may not see: another hand, a stock, a discard.
- No I/O and no global random: randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import (
    CARD_VERBS,
    MAX_ACTION,
    Action,
    CardsAction,
    PlayCard,
    Say,
    as_action,
    parse_action,
)
from .cards import Card
from .choices import CardChoice, CardsChoice, Choice, WordChoice, choice_from_json, choice_to_json
from .errors import RuleError
from .events import (
    CardPlayed,
    DealOver,
    DealStarted,
    Discarded,
    Disclosed,
    Event,
    MatchOver,
    Said,
    Scored,
    Shown,
    TrickTaken,
    event_from_json,
    event_to_json,
    visible,
)
from .jsonform import JSON
from .settings import CUSTOM, Setting, Settings, SettingValue
from .view import DealPoints, Gathered, Outcome, View, finished

if TYPE_CHECKING:
    from .books import Bookkeeping
    from .session import GameSession

__all__ = [
    "CARD_VERBS", "CUSTOM", "JSON", "MAX_ACTION", "Action", "CardChoice", "CardPlayed",
    "CardsAction", "CardsChoice", "Choice", "DealLog", "DealOver", "DealPoints",
    "DealStarted", "Dealt", "Discarded", "Disclosed", "Event", "Game", "Gathered", "Match",
    "MatchOver", "Outcome", "PlayCard",
    "RuleError", "Said", "Say", "Scored", "Setting", "SettingValue", "Settings", "Shown",
    "TrickTaken", "View", "WordChoice", "as_action", "choice_from_json", "choice_to_json",
    "event_from_json", "event_to_json", "finished", "parse_action", "replay", "undo", "visible",
]


# -- the log -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dealt:
    """What a deal dealt: the ``dealer``, a hand per seat, and the game's other packets
    by name (Écarté: ``turnup``, ``stock``; Piquet: ``talon``), top card first."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    packets: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def packet(self, name: str) -> tuple[Card, ...]:
        return dict(self.packets).get(name, ())


@dataclass(frozen=True, slots=True)
class DealLog:
    """One deal of the log: what was dealt and the actions in order (each by the seat
    whose turn it was)."""

    dealt: Dealt
    actions: tuple[str, ...] = ()


# -- the game and the match ------------------------------------------------------------------
class Game(ABC):
    """A game of the house, described.

    Subclasses set the class attributes and implement ``start``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    higher_wins: bool
    presets: tuple[str, ...]                 # the first is the default; ``custom`` too
    described: tuple[Setting, ...]
    # a table draws the first dealer from the first deal's shuffle (the same stream),
    # not from a stream of its own: Polignac's tables have always dealt so
    dealer_from_first_deal: bool = False
    # the module of its computer players at a table, for a game whose arena is its own
    # (the others are listed in ``games.arena.PLAYERS``); what the house calls on it is
    # declared in ``games.computers`` (``ComputerPlayers``)
    players_module: str | None = None
    # its computer players take a seed, not a ``random.Random`` (``SeededPlayers``:
    # ``choose_seeded``, ``advise_seeded``, ``move_key``, the keys its tables have always
    # used)
    seeded_players = False
    # the module of its own review against its expert, for a game whose review is its own
    # (``review_deal``, ``finished_deals``, ``reason_text``, its marks' thresholds
    # ``DUBIOUS`` and ``BLUNDER``); the others are reviewed by ``games.review``
    review_module: str | None = None
    # the module of its own arena (``run_preset``, ``report``), for a game whose arena is
    # its own; the others play ``games.arena``
    arena_module: str | None = None
    # its own benchmarks (modules with ``NAME``, ``HELP``, ``run(argv)``), run by
    # ``python -m polignac_tui.benchmarks NAME`` beside the house's
    benchmarks: tuple[str, ...] = ()

    def speaks(self, action: Action) -> bool:
        """Is ``action`` of a kind this game has at all (a table refuses another game's
        words before they reach the match)?"""
        return True

    def setting(self, name: str) -> Setting:
        for setting in self.described:
            if setting.name == name:
                return setting
        raise RuleError("setting", f"{self.name} has no setting {name!r} (its settings: "
                        f"{', '.join(s.name for s in self.described)})", {"setting": name})

    def settings(self, preset: str | None = None, overrides: Mapping[str, object] | None = None,
                 players: int | None = None) -> Settings:
        """The settings of ``preset`` (the first preset when None; ``custom`` starts from
        it) with ``overrides`` applied, validated; ``players``: for a game whose preset
        depends on the table's size (``default``).

        Returns:
            ``Settings`` whose ``preset`` is ``preset``, or ``custom`` when an override
            changed a value of a named preset.
        Raises:
            RuleError: ``setting``, naming the preset or the setting refused and why.
        """
        name = self.presets[0] if preset is None else preset
        if name != CUSTOM and name not in self.presets:
            raise RuleError("setting", f"{name!r} is not a preset of {self.title} (one of "
                            f"{', '.join((*self.presets, CUSTOM))})", {"setting": "preset"})
        base = self.presets[0] if name == CUSTOM else name
        defaults = {s.name: self.default(s, base, players) for s in self.described}
        values = dict(defaults)
        for key, value in (overrides or {}).items():
            values[key] = self.setting(key).check(value)
        self.check_settings(values)
        if values != defaults:
            name = CUSTOM
        return Settings(name, values)

    def default(self, setting: Setting, preset: str, players: int | None) -> SettingValue:
        """``setting``'s value in ``preset`` (a named one) at a table of ``players``."""
        return setting.defaults[preset]

    def check_settings(self, values: Mapping[str, SettingValue]) -> None:  # noqa: B027
        """Refuse settings that do not go together (``RuleError``); none by default."""

    def check_start(self, settings: Settings, players: Sequence[str],
                    first_dealer: int) -> tuple[str, ...]:
        """What ``start`` is given, checked: settings of this game, each valid, the
        players (``check_players``) and a first dealer at the table. Returns the names."""
        names = self.check_players(players)
        if sorted(settings) != sorted(s.name for s in self.described):
            raise RuleError("setting", f"these settings are not {self.title}'s")
        for setting in self.described:
            setting.check(settings[setting.name])
        self.check_settings(settings)
        if not 0 <= first_dealer < len(names):
            raise RuleError("dealer", f"dealer {first_dealer} is not a seat (seats are 0 to "
                            f"{len(names) - 1})", {"dealer": first_dealer})
        return names

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        names = tuple(players)
        if not self.min_players <= len(names) <= self.max_players:
            span = (f"{self.min_players}" if self.min_players == self.max_players
                    else f"{self.min_players} to {self.max_players}")
            raise RuleError("players", f"{self.title} is played by {span} players, "
                            f"not {len(names)}", {"players": len(names)})
        folded = [n.strip().casefold() for n in names]
        for i, n in enumerate(folded):
            if not n:
                raise RuleError("players", "a player needs a name")
            if n in folded[:i]:
                raise RuleError("players", f"two players are named {names[i]!r}")
        return names

    def new_match(self, settings: Settings, players: Sequence[str],
                  rng: random.Random | int) -> Match:
        """A match of ``players`` (names, in seat order), its first dealer drawn with
        ``rng`` (a seed makes one); no deal is dealt yet (``Match.deal``).

        Raises:
            RuleError: ``players`` for a count the game is not played by.
        """
        names = self.check_players(players)
        draw = rng if isinstance(rng, random.Random) else random.Random(rng)
        return self.start(settings, names, draw.randrange(len(names)))

    @abstractmethod
    def start(self, settings: Settings, players: Sequence[str], first_dealer: int) -> Match:
        """A match whose first deal ``first_dealer`` will deal (the log's way in)."""

    # -- its books: files, lists, statistics, ``show`` and ``export`` (``games.books``) --
    books: Bookkeeping

    # -- a table of the service: its creator's settings (the protocol's ``create``) -------
    # the field of ``create`` its settings come in (``settings`` if absent)
    table_field = "settings"

    def table_settings(self, sent: Mapping[str, object], players: int) -> dict[str, Any]:
        """A new table's settings as its creator sent them (``preset`` and overrides),
        checked: what the table keeps until it starts (``kept_settings`` reads it back).

        Raises:
            RuleError: ``setting``, naming the preset or the setting refused and why.
        """
        overrides = {k: v for k, v in sent.items() if k != "preset"}
        chosen = sent.get("preset")
        return self.settings(None if chosen is None else str(chosen), overrides).to_dict()

    def kept_settings(self, kept: Mapping[str, object]) -> Settings:
        """The settings of a table that kept ``table_settings``'s answer, read back."""
        return self.settings(str(kept.get("preset", self.presets[0])),
                             {k: v for k, v in kept.items() if k != "preset"})


    # -- what a finished match costs its losers (the club's book of a served host) --------
    # the key of what a loser owes (``stake_words`` says it); None: a game of no stake
    stake: str | None = None

    def owed(self, outcome: Outcome) -> tuple[tuple[int, int, int], ...]:
        """What the players of a finished match owe each other, as the rules say:
        (debtor seat, creditor seat, amount), each amount above 0. The house's own: the
        match's value, from each loser to each winner (nothing for no value)."""
        value = outcome.value or 0
        if value <= 0:
            return ()
        return tuple((loser, winner, value) for loser in outcome.losers
                     for winner in outcome.winners)

    def stake_words(self, amount: int) -> str:
        """``amount`` of what a loser owes, in the current language."""
        return str(amount)

    def worth_note(self, outcome: Outcome) -> str | None:
        """The rules' word for a finished match's worth beyond its value (a key, such as
        ``rubicon``), or None."""
        return None


class Match(ABC):
    """One match of a game: its state, moved forward only by ``deal`` and ``apply``."""

    game: Game
    settings: Settings
    names: tuple[str, ...]
    first_dealer: int

    @property
    @abstractmethod
    def turn(self) -> int | None:
        """The seat to act now; None between deals and once the match is over."""

    @property
    @abstractmethod
    def needs_deal(self) -> bool:
        """True when no deal is in play and the match goes on: ``deal`` comes next."""

    @property
    @abstractmethod
    def next_dealer(self) -> int:
        """Who deals the next deal."""

    @abstractmethod
    def shuffle(self, rng: random.Random) -> Dealt:
        """The next deal's cards drawn with ``rng`` (``next_dealer`` dealing)."""

    @abstractmethod
    def start_deal(self, dealt: Dealt) -> tuple[Event, ...]:
        """Start the next deal from what was dealt (a log's way in).

        Raises:
            RuleError: for a deal out of turn, a wrong dealer or a wrong packet of cards.
        """

    def deal(self, rng: random.Random) -> tuple[Event, ...]:
        """Shuffle with ``rng`` and deal the next deal; what happened at once (a king
        turned up) comes back as events."""
        return self.start_deal(self.shuffle(rng))

    @abstractmethod
    def choices(self, seat: int) -> Choice | None:
        """What ``seat`` may do now (None when it is not that seat's turn)."""

    @abstractmethod
    def apply(self, action: Action | str, seat: int | None = None) -> tuple[Event, ...]:
        """Apply the action of the seat whose turn it is.

        Args:
            action: an ``Action`` or its text (``"KS"``, ``"discard 7D"``, ``"propose"``).
            seat: who sends it; refused when it is not that seat's turn (None: trust
                the turn, as a replayed log does).
        Returns:
            The events, in the order they happened.
        Raises:
            RuleError: naming the rule broken; the match is then unchanged.
        """

    @property
    @abstractmethod
    def log(self) -> tuple[DealLog, ...]:
        """The truth of the match: every deal's cards and actions."""

    @property
    def deals_dealt(self) -> int:
        """How many deals ``log`` holds, the one in play counted (a game that counts its
        deals says so quicker than ``len(log)``: the lobby asks after every change)."""
        return len(self.log)

    @property
    @abstractmethod
    def history(self) -> tuple[tuple[int, str], ...]:
        """The actions of the deal in view, each with the seat that made it."""

    @property
    @abstractmethod
    def totals(self) -> tuple[int, ...]:
        """Every point scored so far, the deal in play's included."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the match is over, else None."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: a watcher)."""

    def views(self, seats: Sequence[int | None]) -> tuple[View, ...]:
        """The ``view`` of each of ``seats`` (None: a watcher), at one moment: a game may
        build what they share (the table, the scores) once for them all."""
        return tuple(self.view(seat) for seat in seats)

    # -- undo, resume and the finished deals: what the house calls (the contract test holds
    # every game to them); undo and the finished deals by default replay the log --
    def can_take_back(self, seat: int) -> bool:
        """True when ``seat`` has an action of the deal in view that ``take_back`` takes
        back (every action by default)."""
        return any(s == seat for s, _ in self.history)

    def take_back(self, seat: int) -> Match | None:
        """The match as it was before ``seat``'s last action of the deal in view, every
        action after it taken back too (this match, changed, or a new one); None when
        ``seat`` has none (``can_take_back``). By default a replay of the log (``undo``)."""
        return undo(self, (seat,))

    def keep(self, session: GameSession) -> None:  # noqa: B027 - a hook: nothing by default
        """Told the house's facts about its ``session`` (id, name, dates, undo setting,
        seats) before every save: for a match whose views or file part tell them."""

    @abstractmethod
    def trick_to_show_again(self) -> TrickTaken | None:
        """Between two tricks of a deal in play, the last one, which a resumed table shows
        again (the terminal may have closed while it was played); None: none to show."""

    def own_session(self) -> object | None:
        """The game's own session object under this match, for the code still playing on
        it (the house's first game: its review and its replay); None: none."""
        return None

    def finished_deals(self) -> Match:
        """A match holding only the deals over (every hand of them): what a replay of a
        served table is given. By default the log of the deals over, replayed."""
        log = self.log
        over = log if self.needs_deal or self.outcome is not None else log[:-1]
        return replay(self.game, self.settings, self.names, over, self.first_dealer)


def replay(game: Game, settings: Settings, players: Sequence[str],
           log: Sequence[DealLog], first_dealer: int | None = None) -> Match:
    """A match rebuilt from its log (the first deal's dealer dealt first; with no deal,
    ``first_dealer``, else seat 0: a part of a match's log replays with its own).

    Raises:
        RuleError: for the first deal or action the rules refuse, its message prefixed
            with ``deal N`` and ``action M (text)``; ``params`` carry ``deal`` and
            ``action`` (0 for the deal itself).
    """
    names = game.check_players(players)
    first = log[0].dealt.dealer if log else (first_dealer or 0)
    if not 0 <= first < len(names):
        raise RuleError("dealer", f"deal 1: dealer {first} is not a seat", {"deal": 1})
    match = game.start(settings, names, first)
    for number, entry in enumerate(log, start=1):
        try:
            match.start_deal(entry.dealt)
        except RuleError as error:
            raise RuleError(error.code, f"deal {number}: {error.message}",
                            {**error.params, "deal": number, "action": 0}) from None
        for index, text in enumerate(entry.actions, start=1):
            try:
                match.apply(text)
            except RuleError as error:
                raise RuleError(error.code, f"deal {number}, action {index} ({text!r}): "
                                f"{error.message}",
                                {**error.params, "deal": number, "action": index}) from None
    return match


def undo(match: Match, seats: Collection[int]) -> Match | None:
    """The match as it was before the last action of any of ``seats`` (the humans) in
    the deal in view, every action after it taken back too; None when they have none.
    """
    history = match.history
    for index in range(len(history) - 1, -1, -1):
        if history[index][0] in seats:
            log = match.log
            last = log[-1]
            kept = (*log[:-1], DealLog(last.dealt, last.actions[:index]))
            return replay(match.game, match.settings, match.names, kept)
    return None
