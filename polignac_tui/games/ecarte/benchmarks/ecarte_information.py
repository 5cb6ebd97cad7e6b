"""What knowing the other's hand is worth at Écarté, against what the cheat's lead is.

Two measures, in net points (the seat's points minus the other's) a seat-deal:

- **The cheat's lead**: the cheat (the expert's search, the other hand known) against
  the expert in the duplicate arena (``polignac-tui arena --game ecarte``): its diff is
  the cheat's points minus the expert's at the same table, each deal played in both seats.
- **Knowing the hand at the two words** (the elder's "propose or play", and the dealer's
  "accept or refuse" after the expert proposed): at each such word, ``--hands`` hands of
  the other drawn as the expert draws them and ``--stocks`` stocks each, every word played
  out in the expert's own model of the rest of the deal (``search.world_values``). The
  word best on average is what any player who does not see the hand can best say there;
  the word best for each hand is what seeing it allows. Each is chosen on half the stocks
  and valued on the other half, so that neither gains by the noise of a maximum.

If knowing the hand at the words alone is worth most of the cheat's lead, no reading of
the other's words can take half of that lead back: issue 36 asked the expert to halve it.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from ... import arena
from ...base import WordChoice
from .. import GAME
from ..players import choose, search
from ..players.canon import CanonSolver
from ..players.seen import Seen, read

NAME = "ecarte_information"
HELP = ("Écarté: the cheat's lead over the expert against what knowing the other's hand "
        "is worth at the exchange's words (net points a seat-deal)")

World = Callable[[random.Random], tuple[int, list[int]]]


def word_value(seen: Seen, words: Sequence[str], world: World,
               same_hand: Callable[[int], World], rng: random.Random,
               hands: int, stocks: int) -> float:
    """Net points that seeing the other's hand adds at this word, over ``hands`` hands
    drawn by ``world``, each with ``stocks`` stocks (the first, then ``same_hand(hand)``'s):
    a word chosen on the first half of the stocks, valued on the second."""
    solver = CanonSolver(seen.trumps, seen.forcing)
    half = stocks // 2
    chosen_on = dict.fromkeys(words, 0.0)
    valued_on = dict.fromkeys(words, 0.0)
    seeing = 0.0
    for _ in range(hands):
        other, stock = world(rng)
        more = same_hand(other)
        first = dict.fromkeys(words, 0.0)
        second = dict.fromkeys(words, 0.0)
        for s in range(stocks):
            if s:
                stock = more(rng)[1]
            values = search.world_values(seen, words, other, stock, solver, True)
            for word, value in values.items():
                assert isinstance(word, str)
                (first if s < half else second)[word] += value
        best = max(words, key=lambda w: first[w])
        seeing += second[best] / (stocks - half)
        for word in words:
            chosen_on[word] += first[word]
            valued_on[word] += second[word]
    blind = max(words, key=lambda w: chosen_on[w])
    return (seeing - valued_on[blind] / (stocks - half)) / hands


def words_value(deals: int, seed: int, hands: int, stocks: int) -> list[float]:
    """Per deal, what seeing the hand adds at both words, a seat-deal (the elder's and,
    when the expert proposed, the dealer's, over two)."""
    settings = GAME.settings(GAME.presets[0], {})
    rng = random.Random(f"information:{seed}")
    values = []
    for index in range(deals):
        match = GAME.start(settings, ["A", "B"], index % 2)
        match.start_deal(match.shuffle(random.Random(f"information:{seed}:{index}")))
        total = 0.0
        for _ in range(2):
            seat = match.turn
            assert seat is not None
            view = match.view(seat)
            if not isinstance(view.choice, WordChoice) or len(view.choice.words) < 2:
                break
            seen = read(view)
            world = search.world_drawer(seen, search.EXPERT, None)
            same_hand = functools.partial(search.world_drawer, seen, search.EXPERT)
            total += word_value(seen, view.choice.words, world, same_hand, rng, hands, stocks)
            word = choose(view, "expert", rng)
            if word != "propose":
                break
            match.apply(word, seat)
        values.append(total / 2)
    return values


@dataclass(frozen=True, slots=True)
class Summary:
    n: int
    mean: float
    low: float
    high: float


def summary(values: list[float]) -> Summary:
    """The mean and its 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return Summary(len(values), round(mean, 4), round(mean - half, 4), round(mean + half, 4))


def lead(deals: int, seed: int) -> Summary:
    """The cheat against the expert: the arena's diff (the cheat's points minus the
    expert's at the same table, a seat-deal)."""
    result = arena.run(GAME.name, deals, seed, "cheat", "expert")
    interval = result["ci95"]
    diff = result["diff"]
    assert isinstance(interval, list) and isinstance(diff, float)
    return Summary(deals, diff, interval[0], interval[1])


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--deals", type=int, default=2000, help="deals for the words (2000)")
    parser.add_argument("--hands", type=int, default=100, help="other hands a word (100)")
    parser.add_argument("--stocks", type=int, default=8, help="stocks a hand, even (8)")
    parser.add_argument("--lead-deals", type=int, default=1000,
                        help="duplicate deals for the cheat's lead (1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (1)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.lead_deals < 2 or args.hands < 1 or args.stocks < 2:
        parser.error("at least 2 deals of each, 1 hand and 2 stocks")
    rows = {"cheat_lead": lead(args.lead_deals, args.seed),
            "seeing_at_words": summary(words_value(args.deals, args.seed, args.hands,
                                                   args.stocks))}
    if args.json:
        print(json.dumps({key: asdict(row) for key, row in rows.items()}))
        return 0
    print(f"Écarté, seed {args.seed}: net points a seat-deal (the seat's minus the other's)")
    print("| what | deals | value | 95% interval |")
    print("| --- | --- | --- | --- |")
    labels = {"cheat_lead": "the cheat's lead over the expert (the arena's diff)",
              "seeing_at_words": "seeing the other's hand at the two words alone"}
    for key, label in labels.items():
        row = rows[key]
        print(f"| {label} | {row.n} | {row.mean:+.3f} | [{row.low:+.3f}, {row.high:+.3f}] |")
    lead_net = rows["cheat_lead"].mean
    if lead_net > 0:
        share = rows["seeing_at_words"].mean / lead_net
        print(f"Seeing the hand at the words alone is worth {share:.0%} of the cheat's lead.")
    return 0


__all__ = ["HELP", "NAME", "Summary", "lead", "run", "summary", "word_value", "words_value"]
