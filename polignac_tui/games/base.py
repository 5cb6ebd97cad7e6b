"""The seam between the house and its games: what every game gives, and nothing more.

Everything above the games (tables, the service, saved sessions, screens, computer
players) speaks to a game through these types only:

``Game``
    What a game is before a match: ``name``, ``title``, player counts, whether the
    higher total wins, its presets and each ``Setting`` described (so a form, the
    rules panel, the protocol and the file format are built from the description).
    ``settings(preset, overrides)`` validates; ``new_match(settings, players, rng)``
    starts a match.
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

The contract every game keeps (the tests in ``tests/games/`` hold Écarté to it):
- ``apply`` raises ``RuleError(code, sentence)`` for an illegal action and then
  changes nothing; points come only as ``Scored`` events and the ``Scored`` points of
  a match sum to its ``totals`` at every moment, mid-deal included.
- A match may end in the middle of a deal (a ``MatchOver`` event); after it ``turn``
  is None and every action is refused.
- Replaying ``log`` into a fresh match (``replay``) gives the same state; undo is a
  replay of the log without the last actions (``undo``).
- A view never carries what its seat may not see: another hand, a stock, a discard.
- No I/O and no global random: randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeAlias

from .cards import Card, is_card, parse_card
from .errors import RuleError

JSON: TypeAlias = "bool | int | str | list[JSON] | dict[str, JSON] | None"
SettingValue: TypeAlias = bool | int | str
CUSTOM = "custom"


# -- settings --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a game, described for a form, the rules panel and the file.

    ``kind`` is ``bool``, ``choice`` (one of ``choices``) or ``int`` (``low`` to
    ``high``); ``defaults`` gives its value in each named preset; ``explain`` is one
    line saying what it does (marked for translation, in English here).
    """

    name: str
    kind: Literal["bool", "choice", "int"]
    explain: str
    defaults: Mapping[str, SettingValue]
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    def check(self, value: object) -> SettingValue:
        """``value`` if this setting may take it, else ``RuleError`` naming the setting."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise RuleError("setting", f"setting {self.name} must be true or false, "
                            f"not {value!r}", {"setting": self.name})
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise RuleError("setting", f"setting {self.name} = {value!r} is not one of "
                            f"{', '.join(self.choices)}", {"setting": self.name})
        if isinstance(value, int) and not isinstance(value, bool) and (
                self.low <= value <= self.high):
            return value
        raise RuleError("setting", f"setting {self.name} = {value!r} must be a whole number "
                        f"from {self.low} to {self.high}", {"setting": self.name})


class Settings(Mapping[str, SettingValue]):
    """The validated settings of a match: a read-only mapping, and the ``preset`` they
    came from (``custom`` once any value differs from that preset's)."""

    __slots__ = ("_preset", "_values")

    def __init__(self, preset: str, values: Mapping[str, SettingValue]) -> None:
        self._preset = preset
        self._values = dict(values)

    @property
    def preset(self) -> str:
        return self._preset

    def __getitem__(self, name: str) -> SettingValue:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return self._preset == other._preset and self._values == other._values

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings({self._preset!r}, {self._values!r})"

    def flag(self, name: str) -> bool:
        value = self._values[name]
        assert isinstance(value, bool)
        return value

    def number(self, name: str) -> int:
        value = self._values[name]
        assert isinstance(value, int) and not isinstance(value, bool)
        return value

    def word(self, name: str) -> str:
        value = self._values[name]
        assert isinstance(value, str)
        return value

    def to_dict(self) -> dict[str, SettingValue]:
        """``preset`` then every setting: the ``[rules]`` table of a session file."""
        return {"preset": self._preset, **self._values}


# -- actions ---------------------------------------------------------------------------------
CARD_VERBS = ("discard",)   # verbs followed by cards; every other verb is followed by words


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card played to a trick: ``"KS"``."""

    card: Card

    def __str__(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True)
class CardsAction:
    """A verb with cards: ``"discard 7D JC"``, ``"discard"`` (none)."""

    verb: str
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.cards))


@dataclass(frozen=True, slots=True)
class Say:
    """A word, maybe with more: ``"propose"``, ``"declare point sequence"``."""

    verb: str
    words: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.words))


Action: TypeAlias = PlayCard | CardsAction | Say
MAX_ACTION = 80   # characters: the longest action text read (a 5-card discard is 20)


def _is_word(text: str) -> bool:
    return text.isascii() and text.isalpha() and text.islower()


def parse_action(text: str) -> Action:
    """The action written ``text`` (case and spacing forgiven for cards: ``"ks"``).

    Raises:
        RuleError: ``not_an_action`` for text that is no action's form.
    """
    if not isinstance(text, str) or len(text) > MAX_ACTION:
        raise RuleError("not_an_action", f"{str(text)[:MAX_ACTION]!r} is not an action")
    tokens = text.split()
    if not tokens:
        raise RuleError("not_an_action", "an empty action: a card, a word or a discard")
    head, rest = tokens[0], tokens[1:]
    if not rest and (is_card(head.upper()) or head.isupper() or not _is_word(head.lower())):
        return PlayCard(parse_card(head))     # "KS", "ks", "10S": a card; "XS": nothing
    verb = head.lower()
    if not _is_word(verb):
        raise RuleError("not_an_action", f"{text!r} is not an action (a card like KS, a word "
                        "like propose, or discard and cards)", {"text": text})
    if verb in CARD_VERBS:
        return CardsAction(verb, tuple(parse_card(t) for t in rest))
    words = tuple(t.lower() for t in rest)
    for word in words:
        if not _is_word(word):
            raise RuleError("not_an_action", f"{text!r}: {word!r} is not a word",
                            {"text": text})
    return Say(verb, words)


def as_action(action: Action | str) -> Action:
    return parse_action(action) if isinstance(action, str) else action


# -- choices ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardChoice:
    """Play one of ``cards``; ``words``: actions that may also be said now (``king``)."""

    cards: tuple[Card, ...]
    words: tuple[str, ...] = ()

    def allows(self, action: Action) -> bool:
        if isinstance(action, PlayCard):
            return action.card in self.cards
        return isinstance(action, Say) and not action.words and action.verb in self.words


@dataclass(frozen=True, slots=True)
class CardsChoice:
    """``verb`` with ``least`` to ``most`` distinct cards of ``cards`` (a discard)."""

    cards: tuple[Card, ...]
    least: int
    most: int
    verb: str = "discard"

    def allows(self, action: Action) -> bool:
        return (isinstance(action, CardsAction) and action.verb == self.verb
                and self.least <= len(action.cards) <= self.most
                and len(set(action.cards)) == len(action.cards)
                and all(c in self.cards for c in action.cards))


@dataclass(frozen=True, slots=True)
class WordChoice:
    """One of ``words`` (``verb`` None), or ``verb`` followed by any of ``words``, each
    at most once, in any order (``declare point sequence``)."""

    words: tuple[str, ...]
    verb: str | None = None

    def allows(self, action: Action) -> bool:
        if not isinstance(action, Say):
            return False
        if self.verb is None:
            return not action.words and action.verb in self.words
        return (action.verb == self.verb and len(set(action.words)) == len(action.words)
                and all(w in self.words for w in action.words))


Choice: TypeAlias = CardChoice | CardsChoice | WordChoice


def choice_to_json(choice: Choice) -> dict[str, JSON]:
    if isinstance(choice, CardChoice):
        return {"kind": "card", "cards": list(choice.cards), "words": list(choice.words)}
    if isinstance(choice, CardsChoice):
        return {"kind": "cards", "cards": list(choice.cards), "least": choice.least,
                "most": choice.most, "verb": choice.verb}
    return {"kind": "words", "words": list(choice.words), "verb": choice.verb}


def choice_from_json(data: Mapping[str, JSON]) -> Choice:
    kind = data.get("kind")
    if kind == "card":
        return CardChoice(_strs(data["cards"]), _strs(data["words"]))
    if kind == "cards":
        return CardsChoice(_strs(data["cards"]), _int(data["least"]), _int(data["most"]),
                           _str(data["verb"]))
    if kind == "words":
        verb = data["verb"]
        return WordChoice(_strs(data["words"]), None if verb is None else _str(verb))
    raise RuleError("not_a_choice", f"{kind!r} is not a kind of choice")


# -- events: what happened -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealStarted:
    number: int          # 1-based
    dealer: int


@dataclass(frozen=True, slots=True)
class Said:
    """A seat's word (``propose``, ``refuse``, ``declare point``), public."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat discarded ``count`` cards face down and drew as many: only the count is
    public."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    winner: int
    cards: tuple[Card, ...]     # in the order played, the lead first
    worth_a_pause: bool         # a table holds it on show before the next lead


@dataclass(frozen=True, slots=True)
class Scored:
    seat: int
    points: int
    reason: str                 # a stable code: ``king_marked``, ``vole``, ...


@dataclass(frozen=True, slots=True)
class Shown:
    """``cards`` of ``seat`` shown to ``to`` (a seat), or to everyone (None)."""

    seat: int
    cards: tuple[Card, ...]
    to: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class DealOver:
    points: tuple[int, ...]     # what each seat scored in this deal
    cut_short: bool             # ended by the end of the match


@dataclass(frozen=True, slots=True)
class MatchOver:
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    value: int | None


Event: TypeAlias = (DealStarted | Said | Discarded | CardPlayed | TrickTaken | Scored | Shown
                    | DealOver | MatchOver)


EVENTS: dict[str, type[Event]] = {cls.__name__: cls for cls in (
    DealStarted, Said, Discarded, CardPlayed, TrickTaken, Scored, Shown, DealOver, MatchOver)}


def event_to_json(event: Event) -> dict[str, JSON]:
    """``{"event": "Scored", "seat": 1, "points": 2, "reason": "vole"}``."""
    data: dict[str, JSON] = {"event": type(event).__name__}
    for item in fields(event):
        value = getattr(event, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def event_from_json(data: Mapping[str, JSON]) -> Event:
    cls = EVENTS.get(_str(data.get("event")))
    if cls is None:
        raise RuleError("json", f"{data.get('event')!r} is not an event")
    # the service's own events read back: their fields' types are not checked one by one
    values: dict[str, Any] = {f.name: tuple(_list(data[f.name]))
                              if isinstance(data.get(f.name), list) else data[f.name]
                              for f in fields(cls)}
    return cls(**values)


def visible(event: Event, seat: int | None) -> bool:
    """True when ``seat`` (None: a watcher) may be told ``event``."""
    return not isinstance(event, Shown) or event.to is None or event.to == seat


# -- the outcome, the log, the view ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished match: who won, who lost (both empty for a draw), and its value."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    totals: tuple[int, ...]
    value: int | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "losers": list(self.losers),
                "totals": list(self.totals), "value": self.value}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Outcome:
        value = data["value"]
        return cls(_ints(data["winners"]), _ints(data["losers"]), _ints(data["totals"]),
                   None if value is None else _int(value))


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


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see (``seat`` None and ``watching``: a watcher sees no hand).

    ``totals`` include the points already scored in the deal in play; ``game_part``
    is the game's own part, in JSON form.
    """

    game: str
    seat: int | None
    names: tuple[str, ...]
    deal_number: int                          # 1-based, 0 before the first deal
    dealer: int | None
    turn: int | None
    hand: tuple[Card, ...]
    choice: Choice | None                     # what this seat may do now
    trick: tuple[tuple[int, Card], ...]       # the trick in play: (seat, card)
    tricks_won: tuple[int, ...]
    cards_left: tuple[int, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    game_part: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def watching(self) -> bool:
        return self.seat is None

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game, "seat": self.seat, "names": list(self.names),
            "deal_number": self.deal_number, "dealer": self.dealer, "turn": self.turn,
            "hand": list(self.hand),
            "choice": None if self.choice is None else choice_to_json(self.choice),
            "trick": [[s, c] for s, c in self.trick], "tricks_won": list(self.tricks_won),
            "cards_left": list(self.cards_left), "totals": list(self.totals),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "watching": self.watching, "game_part": dict(self.game_part),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> View:
        seat, dealer, turn = data["seat"], data["dealer"], data["turn"]
        choice, outcome = data["choice"], data["outcome"]
        part, trick = _dict(data["game_part"]), _list(data["trick"])
        return cls(
            game=_str(data["game"]), seat=None if seat is None else _int(seat),
            names=_strs(data["names"]), deal_number=_int(data["deal_number"]),
            dealer=None if dealer is None else _int(dealer),
            turn=None if turn is None else _int(turn), hand=_strs(data["hand"]),
            choice=None if choice is None else choice_from_json(_dict(choice)),
            trick=tuple((_int(_list(p)[0]), _str(_list(p)[1])) for p in trick),
            tricks_won=_ints(data["tricks_won"]), cards_left=_ints(data["cards_left"]),
            totals=_ints(data["totals"]),
            outcome=None if outcome is None else Outcome.from_json(_dict(outcome)),
            game_part=part,
        )


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


def replay(game: Game, settings: Settings, players: Sequence[str],
           log: Sequence[DealLog]) -> Match:
    """A match rebuilt from its log (the first deal's dealer dealt first).

    Raises:
        RuleError: for the first deal or action the rules refuse, its message prefixed
            with ``deal N`` and ``action M (text)``; ``params`` carry ``deal`` and
            ``action`` (0 for the deal itself).
    """
    names = game.check_players(players)
    first = log[0].dealt.dealer if log else 0
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


# -- small JSON readers (a view or a choice read back) ----------------------------------------
def _str(value: JSON) -> str:
    if not isinstance(value, str):
        raise RuleError("json", f"{value!r} is not a string")
    return value


def _int(value: JSON) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("json", f"{value!r} is not a whole number")
    return value


def _list(value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise RuleError("json", f"{value!r} is not a list")
    return value


def _dict(value: JSON) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise RuleError("json", f"{value!r} is not a table")
    return value


def _strs(value: JSON) -> tuple[str, ...]:
    return tuple(_str(v) for v in _list(value))


def _ints(value: JSON) -> tuple[int, ...]:
    return tuple(_int(v) for v in _list(value))
