"""A match of Écarté (RULES-ecarte.md): the deal, the exchange, the king of trumps, the
five tricks, the points the moment they are earned, and the game won at once.

A deal moves through its phases, each owning its actions:
``propose`` (the elder: ``propose`` or ``play``) → ``answer`` (the dealer: ``accept``
or ``refuse``) → ``discard_elder`` → ``discard_dealer`` → ``propose`` again, until
the elder plays, the dealer refuses, or the stock is empty at the elder's turn;
then ``play`` (cards, and ``king`` under ``mark_king = "ask"``) → ``over``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from ..base import (
    JSON,
    Action,
    CardChoice,
    CardsAction,
    CardsChoice,
    Choice,
    DealOver,
    DealStarted,
    Dealt,
    Event,
    MatchOver,
    Outcome,
    PlayCard,
    Said,
    Say,
    Scored,
    Shown,
    View,
    WordChoice,
)
from ..cards import DECK, SUITS, Card, check_cards, shuffled, trick_winner
from ..duel import DuelMatch, check_hands
from ..errors import RuleError
from .rules import (
    HAND,
    MAX_DISCARD,
    ORDER,
    TRICKS,
    VALUE_WORDS,
    game_value,
    legal_cards,
    refusal,
)

Phase = Literal["propose", "answer", "discard_elder", "discard_dealer", "play", "over"]
STOCK = len(DECK) - 2 * HAND - 1


class EcarteDeal:
    """The state of one deal, from what was dealt and the actions applied so far."""

    def __init__(self, number: int, dealt: Dealt) -> None:
        self.number = number
        self.dealt = dealt
        self.dealer = dealt.dealer
        self.elder = 1 - dealt.dealer
        self.hands = [list(h) for h in dealt.hands]
        self.turnup = dealt.packet("turnup")[0]
        self.trumps = self.turnup[1]
        self.king = "K" + self.trumps
        self.stock = list(dealt.packet("stock"))
        self.discards: list[list[Card]] = [[], []]
        self.phase: Phase = "propose"
        self.proposals = 0
        self.exchanges = 0
        self.played_without_proposing = False
        self.refused_first = False
        self.king_marked: int | None = None
        self.leader = self.elder
        self.current: list[Card] = []
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []   # leader, cards, winner
        self.won = [0, 0]
        self.played = [0, 0]
        self.points = [0, 0]
        self.actions: list[tuple[int, str]] = []

    @property
    def turn(self) -> int | None:
        if self.phase in ("propose", "discard_elder"):
            return self.elder
        if self.phase in ("answer", "discard_dealer"):
            return self.dealer
        if self.phase == "play":
            return (self.leader + len(self.current)) % 2
        return None

    def may_mark_king(self, seat: int) -> bool:
        """Under ``ask``: ``seat`` holds the king of trumps, has played no card and has
        not marked it (whose turn it is is checked apart)."""
        return (self.phase == "play" and self.king in self.hands[seat]
                and self.played[seat] == 0 and self.king_marked is None)

    def discard_span(self, seat: int, dealer_must_discard: bool) -> tuple[int, int]:
        most = min(MAX_DISCARD, len(self.stock))
        least = 1 if (seat == self.elder or dealer_must_discard) and most else 0
        return least, most


class EcarteMatch(DuelMatch[EcarteDeal]):
    """A game of Écarté to ``target`` points between two players."""

    over_words = "the game"

    # -- settings, read once -------------------------------------------------------------
    @property
    def target(self) -> int:
        return self.settings.number("target")

    @property
    def ask_king(self) -> bool:
        return self.settings.word("mark_king") == "ask"

    # -- dealing -------------------------------------------------------------------------
    def shuffle(self, rng: random.Random) -> Dealt:
        cards = shuffled(rng)
        return Dealt(self.next_dealer, (tuple(cards[:HAND]), tuple(cards[HAND:2 * HAND])),
                     (("turnup", (cards[2 * HAND],)), ("stock", tuple(cards[2 * HAND + 1:]))))

    def start_deal(self, dealt: Dealt) -> tuple[Event, ...]:
        self.check_next_deal(dealt)
        _check_dealt(dealt)
        deal = EcarteDeal(len(self.deals) + 1, dealt)
        self.deals.append(deal)
        events: list[Event] = [DealStarted(deal.number, deal.dealer),
                               Shown(None, (deal.turnup,), None, "turnup")]
        if deal.turnup[0] == "K":
            self._score(deal, deal.dealer, 1, "king_turned_up", events)
        return tuple(events)

    # -- whose turn, what may be done ----------------------------------------------------------
    def choices(self, seat: int) -> Choice | None:
        deal = self.current
        if deal is None or self._finished or seat != deal.turn:
            return None
        if deal.phase == "propose":
            return WordChoice(("propose", "play"))
        if deal.phase == "answer":
            return WordChoice(("accept", "refuse"))
        if deal.phase in ("discard_elder", "discard_dealer"):
            least, most = deal.discard_span(seat, self.settings.flag("dealer_must_discard"))
            return CardsChoice(tuple(deal.hands[seat]), least, most)
        led = deal.current[0] if deal.current else None
        cards = legal_cards(deal.hands[seat], led, deal.trumps, self.settings.flag("forcing"))
        words = ("king",) if self.ask_king and deal.may_mark_king(seat) else ()
        return CardChoice(cards, words)

    # -- moving forward --------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> tuple[Event, ...]:
        act, deal, turn = self.acting(action, seat)
        events: list[Event] = []
        if isinstance(act, Say) and act.verb == "king" and not act.words:
            self._mark_king(deal, turn, events)
        elif deal.phase == "propose":
            self._propose_or_play(deal, turn, act, events)
        elif deal.phase == "answer":
            self._answer(deal, turn, act, events)
        elif deal.phase in ("discard_elder", "discard_dealer"):
            self._discard(deal, turn, act, events)
        else:
            self._play(deal, turn, act, events)
        deal.actions.append((turn, str(act)))
        return tuple(events)

    def _not_now(self, deal: EcarteDeal, seat: int, act: Action, may: str) -> RuleError:
        return RuleError("not_now", f"{act} is not allowed now: {self.names[seat]} may {may}",
                         {"action": str(act), "phase": deal.phase})

    def _propose_or_play(self, deal: EcarteDeal, seat: int, act: Action,
                         events: list[Event]) -> None:
        if not (isinstance(act, Say) and not act.words and act.verb in ("propose", "play")):
            raise self._not_now(deal, seat, act, "propose or play")
        events.append(Said(seat, act.verb))
        if act.verb == "propose":
            deal.proposals += 1
            deal.phase = "answer"
            return
        if deal.exchanges == 0:
            deal.played_without_proposing = True
        self._begin_play(deal, events)

    def _answer(self, deal: EcarteDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not (isinstance(act, Say) and not act.words and act.verb in ("accept", "refuse")):
            raise self._not_now(deal, seat, act, "accept or refuse")
        events.append(Said(seat, act.verb))
        if act.verb == "accept":
            deal.phase = "discard_elder"
            return
        if deal.exchanges == 0:
            deal.refused_first = True
        self._begin_play(deal, events)

    def _discard(self, deal: EcarteDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not (isinstance(act, CardsAction) and act.verb == "discard"):
            raise self._not_now(deal, seat, act, "discard")
        least, most = deal.discard_span(seat, self.settings.flag("dealer_must_discard"))
        self.exchange(deal, seat, act, (least, most),
                      lambda: self._discard_span_words(deal, seat, least, most),
                      deal.stock, events)
        if deal.phase == "discard_elder":
            deal.phase = "discard_dealer"
            return
        deal.exchanges += 1
        deal.phase = "propose"
        if not deal.stock:
            self._begin_play(deal, events)

    def _discard_span_words(self, deal: EcarteDeal, seat: int, least: int, most: int) -> str:
        who = self.names[seat]
        left = f"the stock holds {len(deal.stock)}"
        if most == 0:
            return f"{who} must discard nothing: the stock is empty"
        if least == most:
            return f"{who} must discard {least} card{'s' if least > 1 else ''} ({left})"
        return f"{who} must discard {least} to {most} cards ({left})"

    def _begin_play(self, deal: EcarteDeal, events: list[Event]) -> None:
        deal.phase = "play"
        deal.leader = deal.elder
        if self.ask_king:
            return
        for seat in (deal.elder, deal.dealer):
            if deal.king in deal.hands[seat]:
                deal.king_marked = seat
                events.append(Shown(seat, (deal.king,), None, "king_marked"))
                self._score(deal, seat, 1, "king_marked", events)

    def _mark_king(self, deal: EcarteDeal, seat: int, events: list[Event]) -> None:
        king = deal.king
        if not self.ask_king:
            raise RuleError("king_auto", "the king of trumps is marked by itself in this game "
                            "(mark_king = auto)")
        if deal.phase != "play":
            raise RuleError("king_early", "the king of trumps is marked in play, before your "
                            "first card, not during the exchange")
        if king not in deal.hands[seat]:
            raise RuleError("king_not_held", f"{self.names[seat]} does not hold the king of "
                            f"trumps ({king})", {"card": king})
        if deal.king_marked is not None:
            raise RuleError("king_twice", "the king of trumps is already marked")
        if deal.played[seat]:
            raise RuleError("king_late", f"the king of trumps ({king}) is marked before your "
                            "first card of the deal: it is too late", {"card": king})
        deal.king_marked = seat
        events.append(Shown(seat, (king,), None, "king_marked"))
        self._score(deal, seat, 1, "king_marked", events)

    def _play(self, deal: EcarteDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not isinstance(act, PlayCard):
            raise self._not_now(deal, seat, act, "play a card")
        card = act.card
        hand = deal.hands[seat]
        self.held(seat, (card,))
        led = deal.current[0] if deal.current else None
        forcing = self.settings.flag("forcing")
        if led is not None and card not in legal_cards(hand, led, deal.trumps, forcing):
            raise refusal(hand, led, deal.trumps, forcing, card)
        deal.played[seat] += 1
        self.lay(deal, seat, card, events)
        if len(deal.current) < 2:
            return
        self.gather(deal, trick_winner(tuple(deal.current), ORDER, deal.trumps), events)
        if len(deal.tricks) == TRICKS:
            self._score_tricks(deal, events)

    def _score_tricks(self, deal: EcarteDeal, events: list[Event]) -> None:
        """§6: 1 point for 3 or 4 tricks, 2 for the vole, 2 against a player who played
        without proposing (the elder) or refused the first proposal (the dealer) and lost."""
        winner = 0 if deal.won[0] >= 3 else 1
        if deal.won[winner] == TRICKS:
            points, reason = 2, "vole"
        elif deal.exchanges == 0 and deal.played_without_proposing and winner == deal.dealer:
            points, reason = 2, "no_proposal"
        elif deal.exchanges == 0 and deal.refused_first and winner == deal.elder:
            points, reason = 2, "refused"
        else:
            points, reason = 1, "point"
        if not self._score(deal, winner, points, reason, events):
            deal.phase = "over"
            events.append(DealOver(tuple(deal.points), False))

    def _score(self, deal: EcarteDeal, seat: int, points: int, reason: str,
               events: list[Event]) -> bool:
        """Score ``points`` for ``seat``; True when that ends the game (§7), the deal then
        over at once."""
        self._totals[seat] += points
        deal.points[seat] += points
        events.append(Scored(seat, points, reason))
        if self._totals[seat] < self.target:
            return False
        self._finished = True
        deal.phase = "over"
        events.append(DealOver(tuple(deal.points), len(deal.tricks) < TRICKS))
        outcome = self.outcome
        assert outcome is not None
        events.append(MatchOver(outcome.winners, outcome.losers, outcome.value))
        return True

    # -- what is known ---------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if not self._finished:
            return None
        winner = 0 if self._totals[0] >= self.target else 1
        loser = 1 - winner
        return Outcome((winner,), (loser,), tuple(self._totals),
                       game_value(self._totals[loser]))

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        if not self.deals:
            return self.framed(seat, (), self.totals, self.outcome,
                               {"target": self.target, "rules": self._rules_part(),
                                "value": self._value_word(), "deals": self.deals_part()})
        deal = self.deals[-1]
        hand = tuple(_sorted(deal.hands[seat])) if seat is not None else ()
        part: dict[str, JSON] = {
            "target": self.target,
            "rules": self._rules_part(),
            "phase": deal.phase,
            "elder": deal.elder,
            "turnup": deal.turnup,
            "trumps": deal.trumps,
            "stock": len(deal.stock),
            "proposals": deal.proposals,
            "exchanges": deal.exchanges,
            "played_without_proposing": deal.played_without_proposing,
            "refused_first": deal.refused_first,
            "discarded": [len(d) for d in deal.discards],
            "your_discards": [] if seat is None else list(deal.discards[seat]),
            "king_marked": deal.king_marked,
            "leader": deal.leader,
            "tricks": [{"leader": leader, "cards": list(cards), "winner": winner}
                       for leader, cards, winner in deal.tricks],
            "points": list(deal.points),
            "value": self._value_word(),
            "deals": self.deals_part(),
        }
        return self.framed(seat, hand, self.totals, self.outcome, part)

    def _value_word(self) -> str | None:
        """``treble``, ``double`` or ``single`` once the game is won (§7)."""
        outcome = self.outcome
        return None if outcome is None or outcome.value is None else VALUE_WORDS[outcome.value]

    def _rules_part(self) -> dict[str, JSON]:
        """The settings the play depends on: public, every player knows the rules."""
        return {"forcing": self.settings.flag("forcing"),
                "mark_king": self.settings.word("mark_king"),
                "dealer_must_discard": self.settings.flag("dealer_must_discard")}


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), ORDER.index(c[0])))


def _check_dealt(dealt: Dealt) -> None:
    """What was dealt is 5 cards each, a turned-up card and a stock of 21: the deck."""
    check_hands(dealt, ["stock", "turnup"],
                "an Écarté deal is two hands, a turned-up card and a stock", HAND)
    if len(dealt.packet("turnup")) != 1:
        raise RuleError("dealt", "one card is turned up")
    if len(dealt.packet("stock")) != STOCK:
        raise RuleError("dealt", f"the stock holds {len(dealt.packet('stock'))} cards, "
                        f"not {STOCK}")
    check_cards([*dealt.hands[0], *dealt.hands[1], *dealt.packet("turnup"),
                 *dealt.packet("stock")], "the deal")
