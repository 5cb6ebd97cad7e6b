"""Polignac behind the seam: an adapter over the engine (``polignac_tui.games.polignac.engine``).

The engine stays where it is and as it is; ``GAME`` describes its settings from
``engine.rules`` and ``PolignacMatch`` drives an engine ``Session``, turning its
actions into text and what the engine says happened into events. Penalty points: the
lower total wins. Its files, lists, statistics and CSV are its ``books``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..base import (
    JSON,
    Action,
    CardChoice,
    CardPlayed,
    Choice,
    DealLog,
    DealOver,
    DealPoints,
    DealStarted,
    Dealt,
    Event,
    Game,
    Gathered,
    Match,
    MatchOver,
    Outcome,
    PlayCard,
    Said,
    Say,
    Scored,
    Setting,
    Settings,
    SettingValue,
    TrickTaken,
    View,
    WordChoice,
    as_action,
)
from ..errors import RuleError
from ..session import COMPUTER, HUMAN, GameSession, SeatPlayer
from .books import PolignacBooks
from .engine import (
    PRESET_NAMES,
    DealEnded,
    Declare,
    Happening,
    Play,
    Player,
    Rules,
    Session,
    Trick,
    one_of,
)
from .engine import RuleError as EngineError
from .engine.cards import shuffled_hands, sorted_hand
from .engine.deal import Action as EngineAction
from .engine.names import Level
from .engine.rules import CHOICES, MAX_LIMIT, SETTING_HELP, preset

PRESETS = ("classique", "italiana", "generale", "english")


@contextmanager
def _engine_errors() -> Iterator[None]:
    """The engine's refusals as the seam's (same code, same sentence)."""
    try:
        yield
    except EngineError as error:
        raise RuleError(error.rule, error.message, error.params) from None


def _described() -> tuple[Setting, ...]:
    described: list[Setting] = []
    for item in fields(Rules):
        if item.name == "preset":
            continue
        defaults: dict[str, SettingValue] = {
            name: getattr(_preset(name, None), item.name) for name in PRESETS}
        sample = defaults["classique"]
        if isinstance(sample, bool):
            described.append(Setting(item.name, "bool", SETTING_HELP[item.name], defaults))
        elif isinstance(sample, int):
            described.append(Setting(item.name, "int", SETTING_HELP[item.name], defaults,
                                     low=1, high=MAX_LIMIT))
        else:
            described.append(Setting(item.name, "choice", SETTING_HELP[item.name], defaults,
                                     choices=CHOICES[item.name]))
    return tuple(described)


def _preset(name: str, players: int | None) -> Rules:
    """The engine's settings of a named preset (its English limit counts the players)."""
    with _engine_errors():
        return preset(one_of(name, PRESET_NAMES, "preset"), players or 4)


def _rules(settings: Mapping[str, SettingValue], preset_name: str) -> Rules:
    data: dict[str, Any] = {"preset": preset_name, **settings}
    with _engine_errors():
        return Rules.from_dict(data)


def settings_of(rules: Rules) -> Settings:
    """The seam's settings of the engine's ``rules`` (the same rules back, preset too)."""
    return Settings(rules.preset, {k: v for k, v in rules.to_dict().items() if k != "preset"})


def seats_of(players: Sequence[Player]) -> tuple[SeatPlayer, ...]:
    """The seam's seats of the engine's players: a person, or a computer of a level."""
    return tuple(SeatPlayer(p.is_human, None if p.is_human else p.level) for p in players)


class Polignac(Game):
    """Three to eight players, the jacks are penalties, the lower total wins."""

    name = "polignac"
    title = "Polignac"
    min_players = 3
    max_players = 8
    higher_wins = False
    presets = PRESETS
    described = _described()
    dealer_from_first_deal = True
    players_module = "polignac_tui.games.polignac.players.seam"
    seeded_players = True
    review_module = "polignac_tui.games.polignac.players.review"
    arena_module = "polignac_tui.games.polignac.players.arena"
    benchmarks = tuple(f"polignac_tui.games.polignac.benchmarks.{name}"
                       for name in ("autosave", "bots", "generale", "replay"))

    def default(self, setting: Setting, preset_name: str, players: int | None) -> SettingValue:
        value: SettingValue = getattr(_preset(preset_name, players), setting.name)
        return value

    def speaks(self, action: Action) -> bool:
        """A card, or ``declare`` / ``pass`` when asked about la générale."""
        return isinstance(action, PlayCard) or (
            isinstance(action, Say) and not action.words and action.verb in ("declare", "pass"))

    def check_settings(self, values: Mapping[str, SettingValue]) -> None:
        _rules(values, "custom")

    def start(self, settings: Settings, players: Sequence[str],
              first_dealer: int) -> PolignacMatch:
        names = self.check_start(settings, players, first_dealer)
        return PolignacMatch(self, settings, names, first_dealer)

    # -- its files, lists, statistics, show and export (``books``) ---------------------
    books = PolignacBooks()

    # -- a served table's settings: its engine's rules, sent as ``rules`` (protocol 1's) --
    table_field = "rules"

    def table_settings(self, sent: Mapping[str, object], players: int) -> dict[str, Any]:
        """Its rules as sent, over its preset's at a table of ``players`` (the preset's
        name kept as sent), checked by the engine."""
        try:
            base = preset(one_of(sent.get("preset", "classique"), PRESET_NAMES, "preset"),
                          players).to_dict()
            base.update(sent)
            return Rules.from_dict(base).to_dict()
        except (EngineError, TypeError) as error:
            raise RuleError("setting", str(error)) from None

    def kept_settings(self, kept: Mapping[str, object]) -> Settings:
        with _engine_errors():
            return settings_of(Rules.from_dict(dict(kept)))


    # -- what the losers owe (the club's ledger): the loser pays the cognac, a glass to
    # every other player (RULES.md §6): each loser one to each winner ---------------------
    stake = "cognac"

    def owed(self, outcome: Outcome) -> tuple[tuple[int, int, int], ...]:
        return tuple((loser, winner, 1) for loser in outcome.losers
                     for winner in outcome.winners)

    def stake_words(self, amount: int) -> str:
        from ...i18n import ngettext
        return ngettext("{count} cognac", "{count} cognacs", amount).format(count=amount)


@lru_cache(maxsize=16)
def _rules_json(rules: Rules) -> Mapping[str, JSON]:
    """``rules`` as a view sends them, written once per set of rules (each view copies)."""
    return rules.to_dict()


def _text(action: EngineAction) -> str:
    if isinstance(action, Declare):
        return "declare" if action.declare else "pass"
    return action.card


def _taken(trick: Trick) -> TrickTaken:
    """A trick taken, as the seam tells it: worth a longer look when a jack fell in it
    (held until seen, or a longer pause)."""
    return TrickTaken(trick.winner, trick.cards, any(card[0] == "J" for card in trick.cards))


def _events(happening: Happening) -> tuple[Event, ...]:
    """What the engine says happened, as the seam's events."""
    if isinstance(happening, Play):
        return (CardPlayed(happening.seat, happening.card),)
    if isinstance(happening, Declare):
        return (Said(happening.seat, _text(happening)),)
    if isinstance(happening, Trick):
        return (_taken(happening),)
    if isinstance(happening, DealEnded):
        return (*(Scored(seat, points, "deal")
                  for seat, points in enumerate(happening.points) if points),
                DealOver(happening.points, False))
    return (MatchOver(happening.winners, happening.losers, None),)


class PolignacMatch(Match):
    """An engine ``Session`` behind the seam."""

    def __init__(self, game: Game, settings: Settings, names: Sequence[str],
                 first_dealer: int) -> None:
        self.game = game
        self.settings = settings
        self.names = tuple(names)
        self.first_dealer = first_dealer
        with _engine_errors():
            self.session = Session(_rules(settings, settings.preset),
                                   [Player(name) for name in names])

    @classmethod
    def of(cls, game: Game, session: Session) -> PolignacMatch:
        """The match over an engine ``session`` as it stands (one read from a file: its
        players' kinds, its undo counts and its dates stay the engine's)."""
        match = cls.__new__(cls)
        match.game = game
        rules = session.rules.to_dict()
        preset_name = str(rules.pop("preset"))
        match.settings = Settings(preset_name, rules)
        match.names = tuple(p.name for p in session.players)
        match.first_dealer = session.deals[0].dealer if session.deals else 0
        match.session = session
        return match

    @property
    def turn(self) -> int | None:
        return None if self.session.finished else self.session.turn

    @property
    def needs_deal(self) -> bool:
        return self.session.needs_deal

    @property
    def next_dealer(self) -> int:
        dealer = self.session.next_dealer
        return self.first_dealer if dealer is None else dealer

    def shuffle(self, rng: random.Random) -> Dealt:
        hands = shuffled_hands(len(self.names), self.session.rules.sevens_removed, rng)
        return Dealt(self.next_dealer, tuple(tuple(h) for h in hands))

    def start_deal(self, dealt: Dealt) -> tuple[Event, ...]:
        if dealt.packets:
            raise RuleError("dealt", "a Polignac deal is the players' hands and nothing else")
        if dealt.dealer != self.next_dealer:
            raise RuleError("dealer", f"the dealer should be seat {self.next_dealer}, "
                            f"not seat {dealt.dealer}", {"dealer": dealt.dealer})
        with _engine_errors():
            self.session.add_deal(dealt.dealer, dealt.hands)
        return (DealStarted(len(self.session.deals), dealt.dealer),)

    def choices(self, seat: int) -> Choice | None:
        deal = self.session.current
        if deal is None or self.session.finished or deal.turn != seat:
            return None
        if deal.asking == seat:
            return WordChoice(("declare", "pass"))
        return CardChoice(tuple(deal.legal(seat)))

    def apply(self, action: Action | str, seat: int | None = None) -> tuple[Event, ...]:
        act = as_action(action)
        deal = self.session.current
        if deal is None or self.session.finished:
            raise RuleError("session_over" if self.session.finished else "no_deal",
                            f"{act} cannot be played: no deal is in play")
        turn = deal.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise RuleError("not_your_turn", f"it is {self.names[turn]}'s turn, not seat "
                            f"{seat}'s", {"turn": turn, "seat": seat})
        move: EngineAction
        if isinstance(act, Say) and not act.words and act.verb in ("declare", "pass"):
            move = Declare(turn, act.verb == "declare")
        elif isinstance(act, PlayCard):
            move = Play(turn, act.card)
        else:
            raise RuleError("not_now", f"{act} is not an action of Polignac (a card, or "
                            "declare or pass when asked about la générale)")
        with _engine_errors():
            happened = self.session.apply(move)
        return tuple(event for happening in happened for event in _events(happening))

    def finished_deals(self) -> PolignacMatch:
        """A copy holding only the deals over (every hand of them), with the players'
        kinds and each deal's undo count: what a replay of a served table is sent."""
        s = self.session
        copy = Session(s.rules, s.players, id=s.id, name=s.name, created=s.created,
                       updated=s.updated, undo=s.undo_on)
        for deal in s.deals:
            if not deal.over:
                break
            copy.replay_deal(deal.dealer, deal.dealt, tuple(deal.plays),
                             declarer=deal.declarer,
                             passed=deal.passed if deal.declarer is None else None,
                             undos=deal.undos)
        return PolignacMatch.of(self.game, copy)

    def sit(self, seats: Sequence[SeatPlayer]) -> None:
        """Who plays each seat, told to the engine's session (its players' kinds and
        levels, which its views and its file tell)."""
        self.session.players = tuple(
            Player(name, "human" if seat.human else "computer",
                   None if seat.human else cast(Level, seat.level))
            for name, seat in zip(self.names, seats, strict=True))

    def keep(self, house: GameSession) -> None:
        """The house's facts about the session (a ``GameSession``: its id, name, dates,
        undo setting, served mark, seats), told to the engine's session, whose views,
        file and summary tell them."""
        engine = self.session
        engine.id, engine.name = house.id, house.name
        engine.created, engine.updated = house.created, house.updated
        engine.undo_on, engine.served = house.undo_on, house.served
        self.sit(house.seats)

    def own_session(self) -> Session:
        """The engine's session under this match."""
        return self.session

    def trick_to_show_again(self) -> TrickTaken | None:
        """Between two tricks of a deal in play, the last one (a resumed table shows it
        again: the terminal may have closed while it was played)."""
        deal = self.session.current
        if deal is None or deal.phase != "play" or deal.current or not deal.tricks:
            return None
        return _taken(deal.tricks[-1])

    def can_take_back(self, seat: int) -> bool:
        """True when ``seat`` has played a card in the deal in view (la générale's
        answers are never taken back)."""
        return self.session.deals[-1].last_play(seat) is not None if self.session.deals \
            else False

    def take_back(self, seat: int) -> PolignacMatch | None:
        """Take back ``seat``'s last card of the deal in view and every action after it,
        one more undo counted in that deal (the engine's own undo); None when none."""
        index = self.session.deals[-1].last_play(seat) if self.session.deals else None
        if index is None:
            return None
        self.session.rewind(index)
        self.session.deals[-1].undos += 1
        return self

    @property
    def log(self) -> tuple[DealLog, ...]:
        return tuple(DealLog(Dealt(d.dealer, d.dealt), tuple(_text(a) for a in d.actions))
                     for d in self.session.deals)

    @property
    def deals_dealt(self) -> int:
        return len(self.session.deals)

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        if not self.session.deals:
            return ()
        return tuple((a.seat, _text(a)) for a in self.session.deals[-1].actions)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.session.totals)

    @property
    def outcome(self) -> Outcome | None:
        if not self.session.finished:
            return None
        return Outcome(tuple(self.session.winners), tuple(self.session.losers), self.totals)

    def view(self, seat: int | None) -> View:
        if seat is not None and not 0 <= seat < len(self.names):
            raise RuleError("seat", f"seat {seat} is not at this table")
        seen = self.session.view(0 if seat is None else seat)
        # the phase, the leader and the deal's tricks are the frame's (sent once, not twice)
        part: dict[str, JSON] = {
            "declarer": seen.declarer, "passed": seen.passed,
            "tricks_total": seen.tricks_total,
            "jacks_taken": [list(j) for j in seen.jacks_taken],
            "deals": [{"dealer": r.dealer, "declarer": r.declarer, "chelem": r.chelem,
                       "points": None if r.points is None else list(r.points),
                       "undos": r.undos}
                      for r in seen.results],
            "rules": dict(_rules_json(seen.rules)),
            "asked": seat is not None and seen.asked,
            "legal": [] if seat is None else list(seen.legal),
            "winners": list(seen.winners), "losers": list(seen.losers),
        }
        return View(
            game="polignac", seat=seat, names=self.names, deal_number=seen.deal_number,
            dealer=seen.dealer, turn=self.turn, hand=() if seat is None else seen.hand,
            choice=None if seat is None else self.choices(seat), trick=seen.trick,
            tricks_won=seen.tricks_won, cards_left=seen.cards_left, totals=self.totals,
            outcome=self.outcome, game_part=part, phase=seen.phase, leader=seen.leader,
            tricks=tuple(Gathered(t.leader, t.cards, t.winner) for t in seen.tricks),
            deals=tuple(DealPoints(r.dealer, r.points) for r in seen.results),
        )

    def views(self, seats: Sequence[int | None]) -> tuple[View, ...]:
        """The views of ``seats`` built from the first one: the table and the scores are
        everybody's; the hand, the choice, la générale asked and the cards allowed are
        each seat's own (the engine's view is built once, not once a seat)."""
        if len(seats) < 2:
            return tuple(self.view(seat) for seat in seats)
        first = self.view(seats[0])
        return (first, *(self._view_as(first, seat) for seat in seats[1:]))

    def _view_as(self, other: View, seat: int | None) -> View:
        """``other``, a view of this moment, as ``seat`` sees it (``view(seat)``)."""
        if seat is not None and not 0 <= seat < len(self.names):
            raise RuleError("seat", f"seat {seat} is not at this table")
        deal = self.session.deals[-1] if self.session.deals and seat is not None else None
        part = dict(other.game_part)
        part["asked"] = deal is not None and deal.asking == seat
        part["legal"] = [] if deal is None else list(deal.legal(cast(int, seat)))
        hand = () if deal is None else tuple(sorted_hand(deal.hands[cast(int, seat)],
                                                         self.session.rules.ace_high))
        return replace(other, seat=seat, hand=hand,
                       choice=None if seat is None else self.choices(seat), game_part=part)


if TYPE_CHECKING:   # its computer players are what the house calls (``games.computers``)
    from ..computers import SeededPlayers
    from .players import seam as players
    _players: SeededPlayers = players


GAME = Polignac()



def game_session(session: Session) -> GameSession:
    """An engine ``session`` as a ``GameSession`` over a ``PolignacMatch`` (the same
    engine object under it): its seats from its players' kinds and levels, its id, name,
    dates, undo setting and ``served`` from it."""
    seats = tuple(SeatPlayer(p.kind == HUMAN, p.level if p.kind == COMPUTER else None)
                  for p in session.players)
    return GameSession(PolignacMatch.of(GAME, session), seats, id=session.id,
                       name=session.name, created=session.created, updated=session.updated,
                       undo_on=session.undo_on, served=session.served)


__all__ = ["GAME", "Polignac", "PolignacMatch", "game_session", "seats_of", "settings_of"]
