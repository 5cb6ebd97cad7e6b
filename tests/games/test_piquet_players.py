"""Piquet's computer players: legal at every choice, deterministic, blind to what their
seat may not see, the rules of thumb of the medium level, the exact endgame, and
the arena and its command for Piquet."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.cli import main
from polignac_tui.games import arena
from polignac_tui.games.base import CardChoice, CardsChoice, Dealt, View, parse_action
from polignac_tui.games.cards import DECK
from polignac_tui.games.piquet import GAME
from polignac_tui.games.piquet import players as piquet_players
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.players import (
    ARENA_LEVELS,
    LEVELS,
    REASONS,
    advise,
    cheat,
    choose,
    search,
    thumb,
)
from polignac_tui.games.piquet.players.masks import (
    bits,
    card_of,
    code,
    mask,
    point_key,
    point_worth,
    sequence_key,
    sets_key,
)
from polignac_tui.games.piquet.players.seen import other_hand, read
from polignac_tui.games.piquet.players.solve import Solver, beats, cards_bonus, legal
from polignac_tui.games.piquet.rules import point_of, sequences_of, sets_of

from .helpers import NAMES, piquet_dealt, piquet_match

KINDS = {"discard_elder", "discard_younger", "discard_younger_none", "look",
         "declare_elder", "declare_younger", "lead", "follow"}
TINY = dataclasses.replace(search.EXPERT, worlds=2, rollouts=2, discard_worlds=2,
                           candidates=3)


@pytest.fixture
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The searching levels on a tiny budget: the same code paths, quickly."""
    for level in ("hard", "expert", "cheat"):
        budget = piquet_players.BUDGETS[level]
        monkeypatch.setitem(piquet_players.BUDGETS, level, dataclasses.replace(
            budget, worlds=2, rollouts=2, discard_worlds=2, candidates=3))
    yield


def act(match: PiquetMatch, level: str, rng: random.Random) -> str:
    seat = match.turn
    assert seat is not None
    if level == "cheat":
        return cheat(match, seat, rng)
    return choose(match.view(seat), level, rng)


def kind(match: PiquetMatch, view: View) -> str:
    deal = match.deals[-1]
    choice = view.choice
    if isinstance(choice, CardChoice):
        return "follow" if view.trick else "lead"
    if isinstance(choice, CardsChoice):
        if deal.phase == "discard_elder":
            return "discard_elder"
        return "discard_younger" if choice.least else "discard_younger_none"
    return str(deal.phase)


def play_deals(match: PiquetMatch, levels: tuple[str, str], rng: random.Random,
               seen_kinds: set[str], deals: int = 1) -> None:
    """Play ``deals`` deals (or to the end) with ``levels`` in the seats, every action
    checked legal."""
    for _ in range(deals * 60):
        if match.finished or (match.needs_deal and len(match.deals) >= deals):
            return
        if match.needs_deal:
            match.deal(rng)
            continue
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        text = act(match, levels[seat], rng)
        assert view.choice is not None and view.choice.allows(parse_action(text)), text
        seen_kinds.add(kind(match, view))
        match.apply(text, seat=seat)
    raise AssertionError("the deals did not end in time")


@settings(max_examples=25, deadline=None)
@given(point_score=st.sampled_from(["cards", "value"]), must=st.booleans(),
       seed=st.integers(min_value=0, max_value=2**32),
       levels=st.tuples(st.sampled_from(ARENA_LEVELS), st.sampled_from(ARENA_LEVELS)))
def test_every_level_plays_legal_actions_in_every_setting(
        point_score: str, must: bool, seed: int, levels: tuple[str, str]) -> None:
    rng = random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        for level in ("hard", "expert", "cheat"):
            patch.setitem(piquet_players.BUDGETS, level, dataclasses.replace(
                piquet_players.BUDGETS[level], worlds=2, rollouts=2, discard_worlds=2,
                candidates=3))
        match = GAME.new_match(GAME.settings("custom", {
            "point_score": point_score, "younger_must_exchange": must, "end": "points",
            "limit": 1}), NAMES, rng)
        assert isinstance(match, PiquetMatch)
        play_deals(match, levels, rng, set(), deals=2)


@pytest.mark.parametrize("level", ARENA_LEVELS)
def test_each_level_meets_every_kind_of_choice(level: str, tiny_budgets: None) -> None:
    seen_kinds: set[str] = set()
    for seed in range(40):
        if seen_kinds == KINDS:
            break
        rng = random.Random(seed)
        match = GAME.new_match(GAME.settings("custom", {"younger_must_exchange": seed % 2 == 0,
                                                        "end": "points", "limit": 500}),
                               NAMES, rng)
        assert isinstance(match, PiquetMatch)
        # the other seat exchanges at random, so that every kind comes up
        play_deals(match, (level, "easy"), rng, seen_kinds, deals=2)
    assert seen_kinds == KINDS


def test_the_expert_plays_whole_deals_legally_at_its_real_budget() -> None:
    rng = random.Random(11)
    match = GAME.new_match(GAME.settings("rubicon"), NAMES, rng)
    assert isinstance(match, PiquetMatch)
    play_deals(match, ("expert", "cheat"), rng, set(), deals=1)
    assert match.deals[-1].phase == "over"


def test_an_unknown_level_is_refused() -> None:
    match = piquet_match()
    match.deal(random.Random(1))
    with pytest.raises(ValueError, match="unknown level"):
        choose(match.view(1), "cheat", random.Random(1))


# -- determinism and what a player may read --------------------------------------------------
def test_a_seed_gives_the_same_action(tiny_budgets: None) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        match = GAME.new_match(GAME.settings("rubicon"), NAMES, rng)
        match.deal(rng)
        for step in range(30):
            seat = match.turn
            if seat is None:
                break
            view = match.view(seat)
            if step % 3 == 0 or isinstance(view.choice, CardsChoice):
                for level in LEVELS:
                    answers = {choose(view, level, random.Random(seed * 7)) for _ in range(2)}
                    assert len(answers) == 1, (level, answers)
            match.apply(choose(view, "medium", random.Random(seed)))


def test_choose_is_given_a_view_and_nothing_else() -> None:
    assert list(inspect.signature(choose).parameters) == ["view", "level", "rng"]
    assert list(inspect.signature(advise).parameters) == ["view", "rng"]


def test_a_view_read_back_from_json_gives_the_same_action() -> None:
    rng = random.Random(4)
    match = GAME.new_match(GAME.settings("rubicon"), NAMES, rng)
    match.deal(rng)
    for step in range(40):
        seat = match.turn
        if seat is None:
            break
        view = match.view(seat)
        again = View.from_json(json.loads(json.dumps(view.to_json())))
        if step % 5 == 0:
            assert choose(view, "expert", random.Random(step)) == choose(
                again, "expert", random.Random(step))
        match.apply(choose(view, "medium", rng))


def hidden_shuffled(dealt: Dealt, seat: int, rng: random.Random) -> Dealt:
    """The same deal for ``seat``: its hand kept, the other hand and the talon dealt
    anew from the same cards."""
    mine = dealt.hands[seat]
    rest = [c for c in DECK if c not in mine]
    rng.shuffle(rest)
    hands = [mine, mine]
    hands[1 - seat] = tuple(rest[:12])
    return Dealt(dealt.dealer, (hands[0], hands[1]), (("talon", tuple(rest[12:])),))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), level=st.sampled_from(LEVELS),
       elder_takes=st.integers(min_value=1, max_value=5))
def test_a_player_decides_the_same_whatever_it_cannot_see(
        seed: int, level: str, elder_takes: int) -> None:
    """Two deals alike for one seat, different in the other hand and the talon: the
    same views, the same action (the elder's exchange, then the younger's)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("hard", "expert"):
            patch.setitem(piquet_players.BUDGETS, name, dataclasses.replace(
                piquet_players.BUDGETS[name], discard_worlds=6))
        same_whatever_hidden(seed, level, elder_takes)


def same_whatever_hidden(seed: int, level: str, elder_takes: int) -> None:
    rng = random.Random(seed)
    first = piquet_match(0)
    dealt = first.shuffle(rng)
    first.start_deal(dealt)
    elder = first.deals[-1].elder
    second = piquet_match(0)
    second.start_deal(hidden_shuffled(dealt, elder, rng))
    if any(first.deals[-1].carte_blanche) or any(second.deals[-1].carte_blanche):
        return                                   # a hand shown: the views differ, rightly
    view = first.view(elder)
    assert view == second.view(elder)
    assert choose(view, level, random.Random(seed)) == choose(second.view(elder), level,
                                                               random.Random(seed))
    # the younger's exchange: the elder's hand and the talon dealt anew for her
    third = piquet_match(0)
    younger = 1 - elder
    third.start_deal(hidden_shuffled(dealt, younger, rng))
    if any(third.deals[-1].carte_blanche):
        return
    for match in (first, third):
        hand = match.deals[-1].hands[elder]
        match.apply(" ".join(("discard", *hand[:elder_takes])))
    view = first.view(younger)
    assert view == third.view(younger)
    assert choose(view, level, random.Random(seed)) == choose(third.view(younger), level,
                                                               random.Random(seed))


def test_the_cheat_does_read_the_hidden_cards() -> None:
    """The same test's power: the cheat, which reads the match, decides otherwise in
    some of the same pairs of deals."""
    differ = 0
    for seed in range(12):
        rng = random.Random(seed)
        first, second = piquet_match(0), piquet_match(0)
        dealt = first.shuffle(rng)
        first.start_deal(dealt)
        elder = first.deals[-1].elder
        second.start_deal(hidden_shuffled(dealt, elder, rng))
        if first.view(elder) != second.view(elder):
            continue
        differ += cheat(first, elder, random.Random(seed)) != cheat(second, elder,
                                                                    random.Random(seed))
    assert differ > 0


def played_to_the_lead(seed: int) -> PiquetMatch:
    """A deal played by the medium level up to the elder's second lead."""
    rng = random.Random(seed)
    match = piquet_match(0)
    match.deal(rng)
    deal = match.deals[-1]
    for _ in range(60):
        if len(deal.tricks) >= 2 and not deal.current and match.turn == deal.leader:
            return match
        seat = match.turn
        assert seat is not None
        match.apply(choose(match.view(seat), "medium", rng))
    raise AssertionError("no second trick")


@pytest.mark.parametrize("seed", range(6))
def test_the_sampled_worlds_keep_what_was_seen(seed: int) -> None:
    match = played_to_the_lead(seed)
    deal = match.deals[-1]
    seat = match.turn
    assert seat is not None
    other = 1 - seat
    seen = read(match.view(seat))
    played = {c for _, cards, _ in deal.tricks for c in cards}
    declared = deal.declared[other]
    assert declared is not None
    shown = {c for comb in declared.values() for c in comb.cards} - played
    point = declared.get("point")
    rng = random.Random(seed)
    truth = mask(deal.hands[other])
    assert seen.agrees(truth | seen.other_played, soft=False)
    for infer in (False, True):
        for _ in range(30):
            world = other_hand(seen, rng, infer)
            assert bin(world).count("1") == len(deal.hands[other])
            assert not world & mask(played) and not world & seen.hand
            assert world & mask(shown) == mask(shown)
            assert not world & mask(deal.discards[seat])
            if point is not None:
                assert point_key(world | seen.other_played)[0] == point.key


def test_the_elder_knows_which_cards_of_his_five_the_younger_drew() -> None:
    hands = ("AS KS QS JS TS 9S AH KH QH JH TH 9H", "AD KD QD JD TD 9D AC KC QC JC TC 9C")
    match = piquet_match(0)                             # seat 1 is the elder
    match.start_deal(piquet_dealt(0, hands, "8S 7S 8H 7H 8D 7D 8C 7C"))
    match.apply("discard 9D TD")            # the elder takes 8S 7S, sees 8H 7H 8D
    match.apply("discard 9H TH")            # the younger takes 8H 7H
    match.apply("nolook")
    seen = read(match.view(1))
    assert seen.known_other == mask(["8H", "7H"])
    assert not seen.unseen & mask(["8D", "8H", "7H", "8S", "7S", "9D", "TD"])
    assert seen.unseen & mask(["9H", "TH", "7D"]) == mask(["9H", "TH", "7D"])


# -- the search -------------------------------------------------------------------------------
def brute(mine: int, theirs: int, i_lead: bool, won: int) -> int:
    """The exact value by plain minimax, no table, no pruning, no card merged."""
    if not mine:
        return cards_bonus(won)
    last = not mine & (mine - 1)
    if i_lead:
        return max(min((1 - 1 - last + brute(mine ^ 1 << a, theirs ^ 1 << b, False, won))
                       if beats(b, a) else
                       (1 + last + brute(mine ^ 1 << a, theirs ^ 1 << b, True, won + 1))
                       for b in bits(legal(theirs, a))) for a in bits(mine))
    return min(max((1 + last + brute(mine ^ 1 << a, theirs ^ 1 << b, True, won + 1) - 1)
                   if beats(a, b) else
                   (-1 - last + brute(mine ^ 1 << a, theirs ^ 1 << b, False, won))
                   for a in bits(legal(mine, b))) for b in bits(theirs))


@pytest.mark.parametrize("seed", range(30))
def test_the_solver_agrees_with_plain_minimax(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 3
    cards = rng.sample(range(32), 2 * n)
    mine, theirs = mask(card_of(c) for c in cards[:n]), mask(card_of(c) for c in cards[n:])
    won = rng.randint(0, 12 - n)
    for i_lead in (True, False):
        assert Solver().rest(mine, theirs, i_lead, won) == brute(mine, theirs, i_lead, won)


def test_the_solver_counts_the_last_trick_and_the_cards() -> None:
    solver = Solver()
    # I lead AS then KS, the other follows QS JS: 1 + 1 for the leads, 1 for the last
    # trick, and 8 tricks of 12 make the cards (10)
    assert solver.rest(mask(["AS", "KS"]), mask(["QS", "JS"]), True, 6) == 3 + 10
    # the other leads QS (1), I win it with the AS (1), lead the KS (1) and win the
    # last trick (1); 6 tricks of 12: nobody makes the cards
    assert solver.rest(mask(["AS", "KS"]), mask(["QS", "JS"]), False, 4) == -1 + 3


def test_the_declarations_of_a_world_follow_the_rulebook() -> None:
    # §10: the elder scores point 6, a sixième 16 and a quatorze of aces 14, the
    # younger nothing (her quart and her quatorzes lose): 36, and a repique: 96
    elder = mask(["AS", "KS", "QS", "JS", "TS", "9S", "AH", "AD", "AC", "7H", "8H", "9D"])
    younger = mask(["KH", "QH", "JH", "TH", "KD", "QD", "JD", "TD", "KC", "QC", "JC", "TC"])
    assert search.declarations(elder, younger, "cards", (0, 0)) == (96, 0, True)
    # the same hands the other way round: her quatorzes would not do it
    assert search.declarations(younger, elder, "cards", (0, 0)) == (0, 96, True)


@pytest.mark.parametrize("seed", range(200))
def test_the_masks_read_the_combinations_as_the_rules_do(seed: int) -> None:
    rng = random.Random(seed)
    hand = rng.sample(DECK, 12)
    m = mask(hand)
    point = point_of(hand, "value")
    assert point.key == point_key(m)[0] and point.worth == point_worth(point_key(m)[0],
                                                                       "value")
    for rule, read_mask in ((sequences_of, sequence_key), (sets_of, sets_key)):
        comb = rule(hand)
        key, worth = read_mask(m)
        assert (key, worth) == (((0, 0), 0) if comb is None else (comb.key, comb.worth))


# -- the rules of thumb -------------------------------------------------------------------------
def dealt_with(dealer: int, seat: int, hand: str, talon: str) -> Dealt:
    """A deal where ``seat`` holds ``hand``, the talon is ``talon`` (top first) and the
    other seat the cards left."""
    used = set(hand.split()) | set(talon.split())
    other = " ".join(c for c in DECK if c not in used)
    hands = [hand, hand]
    hands[1 - seat] = other
    return piquet_dealt(dealer, hands, talon)


def test_medium_elder_throws_five_and_keeps_his_point_and_sets() -> None:
    match = piquet_match(0)                              # seat 1 is the elder
    match.start_deal(dealt_with(0, 1, "AH KH QH JH AS AD AC 8D 7D 9S 8C 7C",
                                "KS QS JD TD KC QC JC TC"))
    text = choose(match.view(1), "medium", random.Random(0))
    assert text.split() == ["discard", "9S", "8D", "7D", "8C", "7C"]


def test_medium_younger_keeps_the_guard_of_her_king() -> None:
    match = piquet_match(0)                              # seat 0 is the younger
    match.start_deal(dealt_with(0, 0, "KS 7S AH QH JH 9H 8H 7D 8D TC 8C 7C",
                                "AC KC QC JC 9C 9D TD 7H"))
    elder_hand = match.deals[-1].hands[1]
    match.apply(" ".join(("discard", *elder_hand[:5])))
    text = choose(match.view(0), "medium", random.Random(0))
    thrown = text.split()[1:]
    assert text.startswith("discard") and len(thrown) == 3
    assert set(thrown) <= {"7D", "8D", "TC", "8C", "7C"}


def test_medium_declares_everything_and_the_hard_younger_only_what_scores() -> None:
    hands = ("AS KS QS 7H 8H 9H 7D 8D 9D 7C 8C 9C",      # seat 0: the younger, a tierce
             "AH KH QH JH TH AD KD QD JD TD 9S 8S")      # seat 1: the elder, two quints
    match = piquet_match(0)
    match.start_deal(piquet_dealt(0, hands, "JS TS JC TC AC KC QC 7S"))
    match.apply("discard 8S")
    match.apply("discard 7C")
    match.apply("nolook")
    # he drew the JS: a trio of jacks too
    assert choose(match.view(1), "medium", random.Random(0)) == "declare point sequence sets"
    match.apply("declare point sequence sets")
    view = match.view(0)
    assert choose(view, "medium", random.Random(0)).startswith("declare point")
    for level in ("hard", "expert"):
        assert choose(view, level, random.Random(0)) == "declare"   # all would lose
    assert advise(view, random.Random(0)) == ("declare", "declare_scoring")


def test_medium_leads_a_master_of_its_long_suit_and_wins_cheaply() -> None:
    held = ["AH", "KH", "QH", "7H", "9S", "8S", "7C", "8C", "9D", "7D", "8D", "TD"]
    hand = mask(held)
    others = mask([c for c in DECK if c not in held])
    assert card_of(thumb.lead(hand, others)) == "AH"
    assert card_of(thumb.follow(mask(["AS", "QS", "9S", "7C"]), code("JS"))) == "QS"
    assert card_of(thumb.follow(mask(["AS", "QS", "9S", "7C"]), code("8S"))) == "9S"
    assert card_of(thumb.follow(mask(["AS", "QS", "9S"]), code("KH"))) == "9S"


# -- advice -------------------------------------------------------------------------------------
def test_advice_is_the_expert_action_with_a_reason() -> None:
    rng = random.Random(2)
    match = GAME.new_match(GAME.settings("rubicon"), NAMES, rng)
    match.deal(rng)
    reasons: set[str] = set()
    for step in range(40):
        seat = match.turn
        if seat is None:
            break
        view = match.view(seat)
        if step < 6 or step % 6 == 0:
            action, reason = advise(view, random.Random(step))
            assert action == choose(view, "expert", random.Random(step))
            assert reason in REASONS
            reasons.add(reason)
        match.apply(choose(view, "medium", rng))
    assert {"declare_best", "discard_attack"} <= reasons


def test_ecarte_advice_is_the_expert_action_with_a_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.games.ecarte import GAME as ECARTE
    from polignac_tui.games.ecarte import players as ecarte_players
    from polignac_tui.games.ecarte.players import search as ecarte_search

    monkeypatch.setitem(ecarte_players.BUDGETS, "expert", dataclasses.replace(
        ecarte_search.EXPERT, worlds=4, word_worlds=10, discard_worlds=10))

    reasons: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        match = ECARTE.new_match(ECARTE.settings("classique"), NAMES, rng)
        match.deal(rng)
        for _ in range(30):
            seat = match.turn
            if seat is None:
                break
            view = match.view(seat)
            action, reason = ecarte_players.advise(view, random.Random(seed))
            assert action == ecarte_players.choose(view, "expert", random.Random(seed))
            assert reason in ecarte_players.REASONS
            reasons.add(reason)
            match.apply(ecarte_players.choose(view, "medium", rng))
    assert len(reasons) >= 4


# -- the arena ----------------------------------------------------------------------------------
def test_a_tiny_piquet_arena_is_deterministic() -> None:
    one = arena.run("piquet", 2, 5, "hard", "easy")
    two = arena.run("piquet", 2, 5, "hard", "easy")
    for key in set(one) - {"cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max"}:
        assert one[key] == two[key], key
    assert one["deals"] == 2 and one["decisions"] > 0 and one["preset"] == "rubicon"


def test_medium_beats_easy() -> None:
    result = arena.run("piquet", 8, 3, "medium", "easy")
    interval = result["ci95"]
    assert isinstance(interval, list) and interval[0] > 0


def test_the_command_plays_piquet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "piquet", "--deals", "2", "--jobs", "1",
                 "--candidate", "medium", "--field", "easy"]) == 0
    out = capsys.readouterr().out
    assert "| medium vs easy | 2 |" in out and "preset rubicon" in out
    assert main(["arena", "--game", "piquet", "--deals", "1", "--jobs", "1", "--json",
                 "--candidate", "easy", "--field", "easy", "--preset", "cent"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "piquet" and result["preset"] == "cent"


def test_the_command_refuses_another_game_s_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "piquet", "--deals", "1", "--preset", "classique"]) == 2
    assert "rubicon, cent" in capsys.readouterr().err


def test_the_command_plays_each_of_piquet_s_presets(capsys: pytest.CaptureFixture[str]) -> None:
    for preset in GAME.presets:
        assert main(["arena", "--game", "piquet", "--deals", "1", "--jobs", "1",
                     "--candidate", "easy", "--field", "easy", "--preset", preset]) == 0
    assert capsys.readouterr().err == ""


def test_the_benchmark_table_of_levels(capsys: pytest.CaptureFixture[str]) -> None:
    from polignac_tui.games.piquet.benchmarks import piquet_bots

    assert piquet_bots.run(["--deals", "1", "--only", "medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("| target |") and len(lines) == 3
    assert lines[2].startswith("| medium vs easy | 1 |") and lines[2].endswith("reported |")
    row = piquet_bots.Row("expert", "hard", better=True, p95_ms=250)
    assert piquet_bots.verdict(row, {"ci95": [0.5, 3.0], "cpu_ms_p95": 40.0}) == "met"
    assert piquet_bots.verdict(row, {"ci95": [-0.5, 3.0], "cpu_ms_p95": 300.0}) == (
        "missed: interval reaches 0, p95 > 250 ms")
