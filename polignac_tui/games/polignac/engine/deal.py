"""One deal: the générale asked in turn, tricks, the early end, and the score.

A ``Deal`` is built from its log (dealer, dealt hands) and moved forward only by
``apply``, which records every action in ``actions`` (as python-chess's board
keeps its ``move_stack``); ``pop`` and ``rewind`` take actions back by replaying
the rest from the dealt hands. Everything else is derived from what was applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import (
    FULL_DECK,
    JACKS,
    POLIGNAC,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_SINGULAR,
    Card,
    code_glyph,
    deck,
    jack_points,
)
from .errors import RuleError
from .happenings import DealEnded, SessionEnded
from .names import DealPhase
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Declare:
    """A seat's answer when asked about la générale: declare it, or pass."""

    seat: int
    declare: bool


@dataclass(frozen=True, slots=True)
class Play:
    """A seat plays a card."""

    seat: int
    card: Card


Action = Declare | Play


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: ``cards[i]`` was played by seat ``(leader + i) % players``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def by_seat(self, players: int) -> dict[int, Card]:
        return {(self.leader + i) % players: c for i, c in enumerate(self.cards)}


# what an action made happen, in order (``happenings``): the action, the trick it took,
# the deal's end, the session's end
Happening = Declare | Play | Trick | DealEnded | SessionEnded


def legal_cards(hand: Sequence[Card], led_suit: str | None, rules: Rules) -> list[Card]:
    """The cards of ``hand`` that may be played on a trick led in ``led_suit``."""
    if led_suit is None:
        candidates = list(hand)
    else:
        candidates = [c for c in hand if c[1] == led_suit]
        if not candidates:
            jacks = [c for c in hand if c[0] == "J"]
            if rules.must_discard_jack and jacks:
                candidates = [POLIGNAC] if POLIGNAC in jacks else jacks
            else:
                candidates = list(hand)
    if rules.jack_guard:
        candidates = [c for c in candidates if not (c[0] in "KQ" and "J" + c[1] in hand)]
    return candidates


def illegal_why(hand: Sequence[Card], led_suit: str | None, rules: Rules, card: Card) -> str:
    """Why ``card`` may not be played, as a code: ``follow_suit``, ``jack_guard``,
    ``discard_polignac`` or ``discard_jack`` (assumes it is in ``hand`` and is illegal)."""
    if led_suit is not None and card[1] != led_suit and any(c[1] == led_suit for c in hand):
        return "follow_suit"
    # Void in the suit led and holding a jack: must-discard decides, whatever the card.
    void_with_jack = (led_suit is not None and rules.must_discard_jack
                      and not any(c[1] == led_suit for c in hand)
                      and any(c[0] == "J" for c in hand))
    if not void_with_jack and rules.jack_guard and card[0] in "KQ" and "J" + card[1] in hand:
        return "jack_guard"
    return "discard_polignac" if POLIGNAC in hand else "discard_jack"


def illegal_reason(hand: Sequence[Card], led_suit: str | None, rules: Rules, card: Card) -> str:
    """Why ``card`` may not be played, in English (the log's and the wire's words; each
    app words it in its own language from ``illegal_why``)."""
    why = illegal_why(hand, led_suit, rules, card)
    if why == "follow_suit" and led_suit is not None:
        return f"you must follow {SUIT_NAMES[led_suit]}: you hold a {SUIT_SINGULAR[led_suit]}"
    if why == "jack_guard":
        return (f"you may not play the {RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]} while "
                f"you hold the jack of {SUIT_NAMES[card[1]]} (jack guard)")
    if why == "discard_polignac":
        return "you cannot follow suit and hold le Polignac: you must play it (must discard a jack)"
    return "you cannot follow suit and hold a jack: you must play a jack (must discard a jack)"


def trick_winner(cards: Sequence[Card], leader: int, players: int, order: str) -> int:
    """The seat whose card is the highest of the suit led."""
    led = cards[0][1]
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c[1] == led and order.index(c[0]) < order.index(cards[best][0]):
            best = i
    return (leader + best) % players


class Deal:
    """The state of one deal, replayed from its log."""

    def __init__(self, rules: Rules, players: int, dealer: int,
                 hands: Sequence[Sequence[Card]]) -> None:
        self.rules = rules
        self.players = players
        if not 0 <= dealer < players:
            raise RuleError(f"dealer {dealer} is not a seat (seats are 0 to {players - 1})",
                            "dealer")
        self.dealer = dealer
        _check_hands(rules, players, hands)
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in hands)
        self.tricks_total = len(self.dealt[0])
        self.first_leader = (dealer + 1) % players
        self._undos = 0
        self._start()

    @property
    def undos(self) -> int:
        """How many times cards were taken back in this deal (``Session.undo`` counts)."""
        return self._undos

    @undos.setter
    def undos(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"undos must be a whole number, not {value!r}", "undos")
        if value < 0:
            raise RuleError(f"undos must not be negative ({value})", "undos")
        self._undos = value

    def _start(self) -> None:
        """The state right after the deal, before any action."""
        self.hands: list[list[Card]] = [list(h) for h in self.dealt]
        self.actions: list[Action] = []   # every action applied, in order: the deal's log
        self.declarer: int | None = None
        self.passed = 0
        self.plays: list[Card] = []
        self.tricks: list[Trick] = []
        self.current: list[Card] = []
        self.leader = self.first_leader
        self.won = [0] * self.players
        self.taken: list[list[Card]] = [[] for _ in range(self.players)]
        self.over = False
        self.phase: DealPhase = "generale" if self.rules.generale else "play"

    @classmethod
    def replay(cls, rules: Rules, players: int, dealer: int, hands: Sequence[Sequence[Card]],
               actions: Iterable[Action] = (), undos: int = 0) -> Deal:
        """The deal dealt ``hands`` with ``actions`` applied in order (``RuleError`` on the
        first one the rules refuse)."""
        deal = cls(rules, players, dealer, hands)
        deal.undos = undos
        for action in actions:
            deal.apply(action)
        return deal

    # -- whose turn ------------------------------------------------------------
    @property
    def asking(self) -> int | None:
        """The seat asked about la générale now, if the deal is in that phase."""
        if self.phase != "generale":
            return None
        return (self.first_leader + self.passed) % self.players

    @property
    def turn(self) -> int | None:
        """The seat to act (declare or play), or None once the deal is over."""
        if self.phase == "generale":
            return self.asking
        if self.over:
            return None
        return (self.leader + len(self.current)) % self.players

    @property
    def led_suit(self) -> str | None:
        return self.current[0][1] if self.current else None

    def legal(self, seat: int) -> list[Card]:
        """Cards ``seat`` may play now (empty when it is not their turn to play)."""
        if self.phase != "play" or self.over or self.turn != seat:
            return []
        return legal_cards(self.hands[seat], self.led_suit, self.rules)

    # -- moving forward --------------------------------------------------------
    def apply(self, action: Action) -> tuple[Happening, ...]:
        """Apply one action, or raise ``RuleError`` naming the rule it breaks.

        Returns what happened, in order: the action, the trick it completed (with its
        winner), then ``DealEnded`` with the points when it ended the deal.
        """
        if isinstance(action, Declare):
            self._declare(action.seat, action.declare)
            self.actions.append(action)
            return (action,)
        if not isinstance(action, Play):  # pragma: no cover - typing guards this
            raise RuleError(f"unknown action {action!r}", "action")
        gathered = self._play(action.seat, action.card)
        self.actions.append(action)
        if gathered is None:
            return (action,)
        if not self.over:
            return (action, gathered)
        points = self.points()
        assert points is not None
        return (action, gathered, DealEnded(tuple(points), self.chelem))

    # -- moving back -------------------------------------------------------------
    def rewind(self, length: int) -> list[Action]:
        """Keep the first ``length`` actions and take back the others (returned in order).

        The deal is replayed from its dealt hands, so every derived field is exactly
        what it was after those ``length`` actions; ``undos`` is left alone.
        """
        if not 0 <= length <= len(self.actions):
            raise IndexError(f"cannot rewind to {length} actions: the deal has "
                             f"{len(self.actions)}")
        kept, taken = self.actions[:length], self.actions[length:]
        self._start()
        for action in kept:
            self.apply(action)
        return taken

    def pop(self) -> Action:
        """Take back the last action (``IndexError`` when none was applied)."""
        if not self.actions:
            raise IndexError("no action to take back: nothing was applied in this deal")
        return self.rewind(len(self.actions) - 1)[0]

    def last_play(self, seat: int) -> int | None:
        """The index in ``actions`` of the last card ``seat`` played, if any."""
        for index in range(len(self.actions) - 1, -1, -1):
            action = self.actions[index]
            if isinstance(action, Play) and action.seat == seat:
                return index
        return None

    def _declare(self, seat: int, declare: bool) -> None:
        if not self.rules.generale:
            raise RuleError("la générale is not played in this session", "generale_off")
        if self.phase != "generale":
            if self.declarer is not None:
                raise RuleError(f"seat {self.declarer} has already declared la générale: "
                                "nobody else is asked", "generale_late")
            raise RuleError("la générale can only be declared or passed before the first card, "
                            "when asked", "generale_late")
        if seat != self.asking:
            raise RuleError(f"it is seat {self.asking}'s turn to declare or pass, "
                            f"not seat {seat}'s", "not_your_turn")
        if declare:
            self.declarer = seat
            self.leader = seat
            self.phase = "play"
        else:
            self.passed += 1
            if self.passed == self.players:
                self.phase = "play"

    def _play(self, seat: int, card: Card) -> Trick | None:
        """Play ``card``: the trick it completed, if it did."""
        if self.over:
            raise RuleError(f"{code_glyph(card)} played after the deal was over", "deal_over",
                            {"card": card})
        if self.phase == "generale":
            raise RuleError(f"{code_glyph(card)} played before everyone was asked about "
                            "la générale", "generale_pending", {"card": card})
        turn = self.turn
        if seat != turn:
            raise RuleError(f"it is seat {turn}'s turn to play, not seat {seat}'s",
                            "not_your_turn", {"turn": -1 if turn is None else turn, "seat": seat})
        hand = self.hands[seat]
        if card not in hand:
            raise RuleError(f"{code_glyph(card)} is not in the hand of seat {seat}", "not_held",
                            {"card": card, "seat": seat})
        led = self.led_suit
        if card not in legal_cards(hand, led, self.rules):
            raise RuleError(f"{code_glyph(card)}: {illegal_reason(hand, led, self.rules, card)}",
                            "illegal_card", {"card": card, "suit": led or "",
                                             "why": illegal_why(hand, led, self.rules, card)})
        hand.remove(card)
        self.plays.append(card)
        self.current.append(card)
        if len(self.current) == self.players:
            return self._gather()
        return None

    def _gather(self) -> Trick:
        cards = tuple(self.current)
        winner = trick_winner(cards, self.leader, self.players, self.rules.order)
        trick = Trick(self.leader, cards, winner)
        self.tricks.append(trick)
        self.won[winner] += 1
        self.taken[winner].extend(c for c in cards if c[0] == "J")
        self.current = []
        self.leader = winner
        if len(self.tricks) == self.tricks_total or self._settled():
            self.over = True
        return trick

    def _settled(self) -> bool:
        """True when no later trick can change any score (RULES.md §4, §5)."""
        rules = self.rules
        if rules.play_out or rules.last_trick_penalty:
            return False
        if sum(len(t) for t in self.taken) < len(JACKS):
            return False
        if self.declarer is not None:
            return self.won[self.declarer] < len(self.tricks)
        if rules.chelem == "automatic":
            return sum(1 for w in self.won if w) >= 2
        return True

    # -- the score ---------------------------------------------------------------
    @property
    def chelem(self) -> int | None:
        """The seat that made a chelem or a successful générale (once the deal is over)."""
        if not self.over or len(self.tricks) != self.tricks_total:
            return None
        if self.declarer is not None:
            return self.declarer if self.won[self.declarer] == self.tricks_total else None
        if self.rules.chelem == "automatic":
            for seat, w in enumerate(self.won):
                if w == self.tricks_total:
                    return seat
        return None

    @property
    def generale_made(self) -> bool | None:
        """Whether a declared générale succeeded (None without a declaration or before the end)."""
        if self.declarer is None or not self.over:
            return None
        return self.chelem == self.declarer

    def points(self) -> list[int] | None:
        """Penalty points of each seat, once the deal is over."""
        if not self.over:
            return None
        slam = self.chelem
        if slam is not None:
            return [0 if s == slam else 5 for s in range(self.players)]
        points = [sum(jack_points(c) for c in taken) for taken in self.taken]
        if self.rules.first_trick_penalty and self.tricks:
            points[self.tricks[0].winner] += 1
        if self.rules.last_trick_penalty and len(self.tricks) == self.tricks_total:
            points[self.tricks[-1].winner] += 1
        if self.declarer is not None:
            points[self.declarer] = 5
        return points


def _check_hands(rules: Rules, players: int, hands: Sequence[Sequence[Card]]) -> None:
    cards = deck(players, rules.sevens_removed)
    size = len(cards) // players
    if len(hands) != players:
        raise RuleError(f"{len(hands)} hands dealt for {players} players", "hands")
    allowed = set(cards)
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise RuleError(f"seat {seat} was dealt {len(hand)} cards, not {size}", "hands")
        for card in hand:
            if card not in allowed:
                name = code_glyph(card) if card in FULL_DECK else repr(card)
                raise RuleError(f"{name} dealt to seat {seat} is not in the "
                                f"{len(cards)}-card deck of {players} players "
                                f"({rules.sevens_removed} sevens removed)", "hands")
            if card in seen:
                raise RuleError(f"{code_glyph(card)} is dealt twice", "hands")
            seen.add(card)
