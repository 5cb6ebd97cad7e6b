"""A match of Piquet (RULES-piquet.md): the deal and carte blanche, the exchange with the
talon, the declarations (point, sequence, sets) and the younger's answers, pique and
repique, the twelve tricks with their points, the cards and capot, and the partie.

A deal moves through its phases, each owning its actions:
``discard_elder`` (the elder: ``discard`` 1 to 5) → ``discard_younger`` (the younger:
``discard``, 0 or 1 up to all the cards left) → ``look`` (the younger, only when cards
are left: ``look`` or ``nolook``) → ``declare_elder`` → ``declare_younger`` (each:
``declare`` and the kinds declared) → ``play`` (cards) → ``over``.

What the elder may not see yet: the younger's declared combinations and the points they
score (and a repique of hers) are told to her alone (``Scored.to``, ``Said.to``) until
the elder leads his first card; then they are shown and ``Disclosed``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
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
    Disclosed,
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
from ..cards import DECK, Card, check_cards, shuffled
from ..duel import DuelMatch, check_hands
from ..errors import RuleError
from .rules import (
    CAPOT,
    CARDS_POINTS,
    CARTE_BLANCHE,
    ELDER_MOST,
    HAND,
    KINDS,
    PARTIE_DEALS,
    PIQUE,
    PIQUE_AT,
    REPIQUE,
    TALON,
    TIED_PARTIE_DEALS,
    TRICKS,
    Combination,
    answer,
    combinations,
    is_carte_blanche,
    legal_cards,
    partie_over,
    partie_result,
    refusal,
    sort_cards,
    trick_winner,
)

Phase = Literal["discard_elder", "discard_younger", "look", "declare_elder",
                "declare_younger", "play", "over"]
MAX_STANDING = 250         # a deal's points, at most, in a standing set (a capot and
                           # a repique are 40 and 90 and more)
NOT_HELD = {"sequence": "no sequence (three or more cards of a suit in order)",
            "sets": "no set (three or four cards of a rank of 10 or higher)"}


class PiquetDeal:
    """The state of one deal, from what was dealt and the actions applied so far."""

    def __init__(self, number: int, dealt: Dealt) -> None:
        self.number = number
        self.dealt = dealt
        self.dealer = dealt.dealer
        self.younger = dealt.dealer
        self.elder = 1 - dealt.dealer
        self.hands = [list(h) for h in dealt.hands]
        self.talon = list(dealt.packet("talon"))
        self.discards: list[list[Card]] = [[], []]
        self.taken = [0, 0]
        self.elder_saw: tuple[Card, ...] = ()    # the cards of his five he left and saw
        self.rest: tuple[Card, ...] = ()         # the cards left after both exchanges
        self.looked: bool | None = None
        self.carte_blanche = [False, False]
        self.phase: Phase = "discard_elder"
        self.declared: list[dict[str, Combination] | None] = [None, None]
        self.answers: dict[str, str] = {}
        self.leader = self.elder
        self.current: list[Card] = []
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []   # leader, cards, winner
        self.won = [0, 0]
        self.points = [0, 0]
        self.repique: int | None = None
        self.pique: int | None = None
        self.ledger: list[Scored] = []            # every Scored of the deal, in order
        self.hidden: list[Scored] = []            # told to one seat only, not yet disclosed
        self.actions: list[tuple[int, str]] = []

    @property
    def turn(self) -> int | None:
        if self.phase in ("discard_elder", "declare_elder"):
            return self.elder
        if self.phase in ("discard_younger", "look", "declare_younger"):
            return self.younger
        if self.phase == "play":
            return (self.leader + len(self.current)) % 2
        return None

    @property
    def led_first(self) -> bool:
        """True once the elder has led his first card."""
        return bool(self.tricks or self.current)

    def younger_span(self, must_exchange: bool) -> tuple[int, int]:
        """How many the younger may take: 1 (or 0) up to all the cards left (§3)."""
        return (1 if must_exchange else 0), len(self.talon)


class PiquetMatch(DuelMatch[PiquetDeal]):
    """A partie of Piquet between two players (or a game to ``limit`` points)."""

    over_words = "the partie"

    # -- settings, read once ---------------------------------------------------------------
    @property
    def end(self) -> str:
        return self.settings.word("end")

    @property
    def limit(self) -> int:
        return self.settings.number("limit")

    @property
    def point_score(self) -> str:
        return self.settings.word("point_score")

    # -- dealing ---------------------------------------------------------------------------
    def shuffle(self, rng: random.Random) -> Dealt:
        cards = shuffled(rng)
        return Dealt(self.next_dealer, (tuple(cards[:HAND]), tuple(cards[HAND:2 * HAND])),
                     (("talon", tuple(cards[2 * HAND:])),))

    def start_deal(self, dealt: Dealt) -> tuple[Event, ...]:
        self.check_next_deal(dealt)
        _check_dealt(dealt)
        deal = PiquetDeal(len(self.deals) + 1, dealt)
        self.deals.append(deal)
        events: list[Event] = [DealStarted(deal.number, deal.dealer)]
        for seat in (deal.elder, deal.younger):       # §2: scored at once, the hand shown
            if is_carte_blanche(deal.hands[seat]):
                deal.carte_blanche[seat] = True
                events.append(Shown(seat, tuple(sort_cards(deal.hands[seat])), 1 - seat,
                                    "carte_blanche"))
                self._score(deal, seat, CARTE_BLANCHE, "carte_blanche", events)
        return tuple(events)

    def set_standing(self, totals: tuple[int, int], deals_over: int) -> None:
        """Before the first deal, for the arena's parties from a standing: the partie as
        if ``deals_over`` deals were over with ``totals`` (no card of them played, each
        seat's total shared out among them), the next deal being the one after.

        Raises:
            RuleError: ``standing`` when a deal was dealt, the game is not a partie, or
                the deals or the totals are out of range.
        """
        if self.deals:
            raise RuleError("standing", "a standing is set before the first deal")
        if self.end != "partie":
            raise RuleError("standing", "a standing is a partie's: this game is to points")
        if not 1 <= deals_over < PARTIE_DEALS:
            raise RuleError("standing", f"{deals_over} deals over: 1 to {PARTIE_DEALS - 1}",
                            {"deals": deals_over})
        if len(totals) != 2 or any(not 0 <= t <= MAX_STANDING * deals_over for t in totals):
            raise RuleError("standing", f"totals {totals}: two of 0 to "
                            f"{MAX_STANDING * deals_over}", {"totals": str(totals)})
        rng = random.Random(0)
        for number in range(1, deals_over + 1):
            deal = PiquetDeal(number, self.shuffle(rng))
            deal.phase = "over"
            deal.points = [t // deals_over + (number <= t % deals_over) for t in totals]
            self.deals.append(deal)
        self._totals = list(totals)

    # -- whose turn, what may be done ------------------------------------------------------
    def choices(self, seat: int) -> Choice | None:
        deal = self.current
        if deal is None or self._finished or seat != deal.turn:
            return None
        hand = tuple(sort_cards(deal.hands[seat]))
        if deal.phase == "discard_elder":
            return CardsChoice(hand, 1, ELDER_MOST)
        if deal.phase == "discard_younger":
            least, most = deal.younger_span(self.settings.flag("younger_must_exchange"))
            return CardsChoice(hand, least, most)
        if deal.phase == "look":
            return WordChoice(("look", "nolook"))
        if deal.phase in ("declare_elder", "declare_younger"):
            return WordChoice(tuple(combinations(deal.hands[seat], self.point_score)),
                              verb="declare")
        led = deal.current[0] if deal.current else None
        return CardChoice(legal_cards(hand, led))

    # -- moving forward --------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> tuple[Event, ...]:
        act, deal, turn = self.acting(action, seat)
        events: list[Event] = []
        if deal.phase in ("discard_elder", "discard_younger"):
            self._discard(deal, turn, act, events)
        elif deal.phase == "look":
            self._look(deal, turn, act, events)
        elif deal.phase in ("declare_elder", "declare_younger"):
            self._declare(deal, turn, act, events)
        else:
            self._play(deal, turn, act, events)
        deal.actions.append((turn, str(act)))
        return tuple(events)

    def _expected(self, deal: PiquetDeal, seat: int) -> str:
        who = self.names[seat]
        if deal.phase == "discard_elder":
            return f"{who} discards 1 to {ELDER_MOST} cards"
        if deal.phase == "discard_younger":
            return f"{who} discards (the talon holds {len(deal.talon)})"
        if deal.phase == "look":
            return (f"{who} may look at the {len(deal.talon)} cards left in the talon or not "
                    "(look or nolook)")
        if deal.phase in ("declare_elder", "declare_younger"):
            return f"{who} declares (declare and the kinds: point, sequence, sets)"
        return f"{who} plays a card"

    def _not_now(self, deal: PiquetDeal, seat: int, act: Action) -> RuleError:
        reason = self._expected(deal, seat)
        if (isinstance(act, Say) and act.verb in ("look", "nolook")
                and deal.phase == "declare_elder" and not deal.rest):
            reason = f"no card is left in the talon: {reason}"
        return RuleError("not_now", f"{act} is not allowed now: {reason}",
                         {"action": str(act), "phase": deal.phase})

    def _discard(self, deal: PiquetDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not (isinstance(act, CardsAction) and act.verb == "discard"):
            raise self._not_now(deal, seat, act)
        if deal.phase == "discard_elder":
            least, most = 1, ELDER_MOST
        else:
            least, most = deal.younger_span(self.settings.flag("younger_must_exchange"))
        where = ("the elder takes 1 to 5" if deal.phase == "discard_elder"
                 else f"the talon holds {len(deal.talon)}")
        deal.taken[seat] = self.exchange(
            deal, seat, act, (least, most),
            lambda: (f"{self.names[seat]} must discard {least} to {most} cards ({where}), "
                     f"not {len(act.cards)}"),
            deal.talon, events)
        if deal.phase == "discard_elder":
            left = ELDER_MOST - deal.taken[seat]
            if left:                         # §3: the elder alone sees the rest of his five
                deal.elder_saw = tuple(deal.talon[:left])
                events.append(Shown(None, deal.elder_saw, seat, "talon_left"))
            deal.phase = "discard_younger"
            return
        deal.rest = tuple(deal.talon)
        deal.phase = "look" if deal.talon else "declare_elder"

    def _look(self, deal: PiquetDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not (isinstance(act, Say) and not act.words and act.verb in ("look", "nolook")):
            raise self._not_now(deal, seat, act)
        deal.looked = act.verb == "look"
        events.append(Said(seat, act.verb))
        if deal.looked:
            events.append(Shown(None, deal.rest, seat, "talon_rest"))
        deal.phase = "declare_elder"

    def _declare(self, deal: PiquetDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not (isinstance(act, Say) and act.verb == "declare"):
            raise self._not_now(deal, seat, act)
        held = combinations(deal.hands[seat], self.point_score)
        for index, word in enumerate(act.words):
            if word not in KINDS:
                raise RuleError("not_a_kind", f"{word!r} is not a kind to declare (point, "
                                "sequence or sets)", {"word": word})
            if word in act.words[:index]:
                raise RuleError("declared_twice", f"{word} is declared twice", {"word": word})
            if word not in held:
                raise RuleError("not_held_kind", f"{self.names[seat]} holds {NOT_HELD[word]} "
                                "to declare", {"word": word})
        declared = {kind: held[kind] for kind in KINDS if kind in act.words}
        deal.declared[seat] = declared
        text = " ".join(("declare", *declared))
        if deal.phase == "declare_elder":
            events.append(Said(seat, text))          # §4: the elder's, shown at once
            events.extend(Shown(seat, c.cards, None, kind) for kind, c in declared.items())
            deal.phase = "declare_younger"
            return
        events.append(Said(seat, text, seat))        # the younger's: hers until the lead
        self._count_declarations(deal, events)
        deal.phase = "play"
        deal.leader = deal.elder

    def _count_declarations(self, deal: PiquetDeal, events: list[Event]) -> None:
        """§4 and §6: point, sequences, sets, in that order; the younger answers each
        kind the elder declared; only the better scores; a repique the moment it is made."""
        elder, younger = deal.declared[deal.elder], deal.declared[deal.younger]
        assert elder is not None and younger is not None
        for kind in KINDS:
            mine, hers = elder.get(kind), younger.get(kind)
            winner: int | None = None
            if mine is not None:
                said = answer(mine, hers)
                deal.answers[kind] = said
                events.append(Said(deal.younger, f"{said} {kind}"))
                winner = {"good": deal.elder, "not good": deal.younger}.get(said)
            elif hers is not None:
                winner = deal.younger
            if winner is None:
                continue
            combination = mine if winner == deal.elder else hers
            assert combination is not None
            self._score(deal, winner, combination.worth, kind, events)
            if (deal.repique is None and deal.points[winner] >= PIQUE_AT
                    and deal.points[1 - winner] == 0):
                deal.repique = winner
                self._score(deal, winner, REPIQUE, "repique", events)

    def _play(self, deal: PiquetDeal, seat: int, act: Action, events: list[Event]) -> None:
        if not isinstance(act, PlayCard):
            raise self._not_now(deal, seat, act)
        card = act.card
        hand = deal.hands[seat]
        self.held(seat, (card,))
        led = deal.current[0] if deal.current else None
        if led is not None and card not in legal_cards(hand, led):
            raise refusal(hand, led, card)
        first = not deal.led_first
        self.lay(deal, seat, card, events)
        if first:
            self._disclose(deal, events)
        if led is None:
            self._trick_point(deal, seat, "lead", events)
            return
        leader = deal.leader
        winner = self.gather(deal, trick_winner(tuple(deal.current)), events)
        if winner != leader:
            self._trick_point(deal, winner, "win", events)
        if len(deal.tricks) == TRICKS:
            self._trick_point(deal, winner, "last_trick", events)
            self._end_deal(deal, events)

    def _disclose(self, deal: PiquetDeal, events: list[Event]) -> None:
        """The elder has led: the younger's declarations, her points and the cards left
        she looked at reach him now (§3, §4)."""
        younger = deal.declared[deal.younger]
        assert younger is not None
        events.extend(Shown(deal.younger, c.cards, None, kind) for kind, c in younger.items())
        events.extend(Disclosed(s.seat, s.points, s.reason, deal.younger) for s in deal.hidden)
        deal.hidden = []
        if deal.looked:
            events.append(Shown(None, deal.rest, deal.elder, "talon_rest"))

    def _trick_point(self, deal: PiquetDeal, seat: int, reason: str,
                     events: list[Event]) -> None:
        """A point in play (§5), and a pique the moment it is made (§6)."""
        self._score(deal, seat, 1, reason, events)
        if (deal.pique is None and deal.repique is None and deal.points[seat] >= PIQUE_AT
                and deal.points[1 - seat] == 0):
            deal.pique = seat
            self._score(deal, seat, PIQUE, "pique", events)

    def _end_deal(self, deal: PiquetDeal, events: list[Event]) -> None:
        """The cards and capot (§5), the deal over, and the partie if it ends (§7)."""
        for seat in (0, 1):
            if deal.won[seat] == TRICKS:
                self._score(deal, seat, CAPOT, "capot", events)
            elif deal.won[seat] > TRICKS // 2:
                self._score(deal, seat, CARDS_POINTS, "cards", events)
        deal.phase = "over"
        events.append(DealOver(tuple(deal.points), False))
        if partie_over(self.end, self.limit, len(self.deals), self._totals):
            self._finished = True
            outcome = self.outcome
            assert outcome is not None
            events.append(MatchOver(outcome.winners, outcome.losers, outcome.value))

    def _score(self, deal: PiquetDeal, seat: int, points: int, reason: str,
               events: list[Event]) -> None:
        """Score ``points`` for ``seat``; the younger's before the elder's first lead are
        told to her alone (§4)."""
        hidden = (seat == deal.younger and deal.phase == "declare_younger")
        scored = Scored(seat, points, reason, seat if hidden else None)
        self._totals[seat] += points
        deal.points[seat] += points
        deal.ledger.append(scored)
        if hidden:
            deal.hidden.append(scored)
        events.append(scored)

    # -- what is known ---------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if not self._finished:
            return None
        winners, losers, value = partie_result(self.end, self._totals)
        return Outcome(winners, losers, tuple(self._totals), value)

    def told(self, seat: int | None) -> tuple[int, ...]:
        """The totals as ``seat`` (None: a watcher) has been told them: without the
        younger's points not yet disclosed, unless ``seat`` is the younger."""
        totals = list(self._totals)
        if self.deals:
            for scored in self.deals[-1].hidden:
                if scored.to != seat:
                    totals[scored.seat] -= scored.points
        return tuple(totals)

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        outcome = self.outcome
        common: dict[str, JSON] = {
            "end": self.end, "limit": self.limit if self.end == "points" else None,
            "point_score": self.point_score, "deals_to_play": self._deals_to_play(),
            "value": None if outcome is None else outcome.value,
            "deals": self.deals_part(),
        }
        if not self.deals:
            return self.framed(seat, (), self.totals, outcome, common)
        deal = self.deals[-1]
        hand = tuple(sort_cards(deal.hands[seat])) if seat is not None else ()
        return self.framed(seat, hand, self.told(seat), outcome,
                           {**common, **self._deal_part(deal, seat)})

    def _deal_part(self, deal: PiquetDeal, seat: int | None) -> dict[str, JSON]:
        """The deal as ``seat`` may see it (§3, §4)."""
        ledger = [s for s in deal.ledger
                  if s.to is None or s.to == seat or s not in deal.hidden]
        points = [0, 0]
        for scored in ledger:
            points[scored.seat] += scored.points
        saw: list[Card] = []
        if seat == deal.elder:
            saw.extend(deal.elder_saw)
        if deal.looked and (seat == deal.younger or (seat == deal.elder and deal.led_first)):
            saw.extend(c for c in deal.rest if c not in saw)
        return {
            "phase": deal.phase,
            "elder": deal.elder,
            "younger": deal.younger,
            "talon": len(deal.talon),
            "taken": list(deal.taken),
            "your_discards": [] if seat is None else list(deal.discards[seat]),
            "talon_seen": _json(saw),
            "looked": deal.looked,
            "carte_blanche": list(deal.carte_blanche),
            "carte_blanche_hands": [
                _json(sort_cards(deal.dealt.hands[s]) if deal.carte_blanche[s] and seat == 1 - s
                      else []) for s in (0, 1)],
            "declared": [self._declared_part(deal, s, seat) for s in (0, 1)],
            "answers": dict(deal.answers),
            "scored": [[s.seat, s.points, s.reason] for s in ledger],
            "points": _json(points),
            "repique": next((s.seat for s in ledger if s.reason == "repique"), None),
            "pique": deal.pique,
            "leader": deal.leader,
            "tricks": [{"leader": leader, "cards": list(cards), "winner": winner}
                       for leader, cards, winner in deal.tricks],
        }

    def _declared_part(self, deal: PiquetDeal, who: int, seat: int | None) -> JSON:
        """``who``'s declared combinations as ``seat`` may see them: None while not
        declared, or (the younger's, for the elder and a watcher) before the first lead."""
        declared = deal.declared[who]
        if declared is None:
            return None
        if who == deal.younger and seat != who and not deal.led_first:
            return None
        return [{"kind": kind, "parts": [list(p) for p in c.parts], "worth": c.worth,
                 "key": list(c.key)} for kind, c in declared.items()]

    def _deals_to_play(self) -> int | None:
        """Six, or eight after a tie (§7); None for a game to a number of points."""
        if self.end != "partie":
            return None
        after = self.totals_after(PARTIE_DEALS)
        return TIED_PARTIE_DEALS if after is not None and after[0] == after[1] else PARTIE_DEALS

    def totals_after(self, deals: int) -> tuple[int, int] | None:
        """The totals after the first ``deals`` deals, None until they are all over."""
        if len(self.deals) < deals or any(d.phase != "over" for d in self.deals[:deals]):
            return None
        return (sum(d.points[0] for d in self.deals[:deals]),
                sum(d.points[1] for d in self.deals[:deals]))


def _json(values: Iterable[str | int]) -> list[JSON]:
    return list(values)


def _check_dealt(dealt: Dealt) -> None:
    """What was dealt is 12 cards each and a talon of 8: the deck."""
    check_hands(dealt, ["talon"], "a Piquet deal is two hands and a talon", HAND)
    if len(dealt.packet("talon")) != TALON:
        raise RuleError("dealt", f"the talon holds {len(dealt.packet('talon'))} cards, "
                        f"not {TALON}")
    cards = check_cards([*dealt.hands[0], *dealt.hands[1], *dealt.packet("talon")],
                        "the deal")
    assert len(cards) == len(DECK)
