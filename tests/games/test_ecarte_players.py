"""Écarté's computer players: legal at every choice, deterministic, blind to what their
seat may not see, and the rules of thumb of the medium level."""

from __future__ import annotations

import inspect
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.cli import main
from polignac_tui.games import arena
from polignac_tui.games.base import CardChoice, CardsChoice, Dealt, View, parse_action
from polignac_tui.games.cards import DECK
from polignac_tui.games.ecarte import GAME
from polignac_tui.games.ecarte.match import EcarteMatch
from polignac_tui.games.ecarte.players import ARENA_LEVELS, LEVELS, cheat, choose, thumb
from polignac_tui.games.ecarte.players.seen import bits, card_of, held_of, mask, other_hand, read
from polignac_tui.games.ecarte.players.solve import Solver

from .helpers import NAMES, ecarte_dealt, ecarte_match, vole_dealt
from .test_ecarte_properties import GAMES, cards_in

KINDS = {"propose", "answer", "discard_elder", "discard_dealer", "discard_dealer_must",
         "king", "card"}


def act(match: EcarteMatch, level: str, rng: random.Random) -> str:
    seat = match.turn
    assert seat is not None
    if level == "cheat":
        return cheat(match, seat, rng)
    return choose(match.view(seat), level, rng)


def kind(match: EcarteMatch, view: View) -> str:
    choice = view.choice
    if isinstance(choice, CardChoice):
        return "king" if choice.words else "card"
    if isinstance(choice, CardsChoice):
        deal = match.deals[-1]
        if view.seat == deal.elder:
            return "discard_elder"
        return "discard_dealer_must" if choice.least else "discard_dealer"
    assert choice is not None
    return "propose" if "play" in choice.words else "answer"


def play_game(match: EcarteMatch, levels: tuple[str, str], rng: random.Random,
              seen_kinds: set[str]) -> None:
    """Play to the end with ``levels`` in the seats, every action checked legal."""
    for _ in range(400):
        if match.finished:
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
    raise AssertionError("the game did not end in 400 steps")


@settings(max_examples=25, deadline=None)
@given(overrides=GAMES, seed=st.integers(min_value=0, max_value=2**32),
       levels=st.tuples(st.sampled_from(ARENA_LEVELS), st.sampled_from(ARENA_LEVELS)))
def test_every_level_plays_legal_actions_in_every_setting(
        overrides: dict[str, object], seed: int, levels: tuple[str, str]) -> None:
    rng = random.Random(seed)
    match = GAME.new_match(GAME.settings("custom", {**overrides, "target": 3}), NAMES, rng)
    assert isinstance(match, EcarteMatch)
    play_game(match, levels, rng, set())


@pytest.mark.parametrize("level", ARENA_LEVELS)
def test_each_level_meets_every_kind_of_choice(level: str) -> None:
    seen_kinds: set[str] = set()
    for seed in range(40):
        if seen_kinds == KINDS:
            break
        rng = random.Random(seed)
        overrides = {"mark_king": "ask", "dealer_must_discard": seed % 2 == 0,
                     "forcing": seed % 3 != 0, "target": 4}
        match = GAME.new_match(GAME.settings("custom", overrides), NAMES, rng)
        assert isinstance(match, EcarteMatch)
        # the other seat proposes and accepts at random, so that every kind comes up
        play_game(match, (level, "easy"), rng, seen_kinds)
    assert seen_kinds == KINDS


def test_an_unknown_level_is_refused() -> None:
    match = ecarte_match()
    match.deal(random.Random(1))
    with pytest.raises(ValueError, match="unknown level"):
        choose(match.view(1), "cheat", random.Random(1))


# -- determinism and what a player may read --------------------------------------------------
def test_a_seed_gives_the_same_action() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        match = GAME.new_match(GAME.settings("classique"), NAMES, rng)
        match.deal(rng)
        for _ in range(10):
            seat = match.turn
            if seat is None:
                break
            view = match.view(seat)
            for level in LEVELS:
                answers = {choose(view, level, random.Random(seed * 7)) for _ in range(2)}
                assert len(answers) == 1, (level, answers)
            match.apply(choose(view, "medium", random.Random(seed)))


def test_choose_is_given_a_view_and_nothing_else() -> None:
    assert list(inspect.signature(choose).parameters) == ["view", "level", "rng"]


def hidden_shuffled(dealt: Dealt, seat: int, rng: random.Random) -> Dealt:
    """The same deal for ``seat``: its hand and the turned-up card kept, the other hand
    and the stock dealt anew from the same cards."""
    mine = dealt.hands[seat]
    turnup = dealt.packet("turnup")
    rest = [c for c in DECK if c not in mine and c not in turnup]
    rng.shuffle(rest)
    hands = [mine, mine]
    hands[1 - seat] = tuple(rest[:5])
    return Dealt(dealt.dealer, (hands[0], hands[1]),
                 (("turnup", turnup), ("stock", tuple(rest[5:]))))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), level=st.sampled_from(LEVELS),
       opening=st.sampled_from([(), ("propose",), ("play",)]))
def test_the_hidden_cards_change_no_decision(seed: int, level: str,
                                             opening: tuple[str, ...]) -> None:
    rng = random.Random(seed)
    first = ecarte_match()
    dealt = first.shuffle(rng)
    second = ecarte_match()
    first.start_deal(dealt)
    elder = first.deals[-1].elder
    seat = elder if len(opening) != 1 else 1 - elder
    if opening == ("play",):
        seat = elder
    second.start_deal(hidden_shuffled(dealt, seat, rng))
    for text in opening:
        first.apply(text)
        second.apply(text)
    if first.turn != seat or second.turn != seat or first.deals[-1].king_marked is not None \
            or second.deals[-1].king_marked is not None:
        return                                   # a king shown: the views differ, rightly
    view = first.view(seat)
    assert view == second.view(seat)
    secret = set(first.deals[-1].stock) | set(first.deals[-1].hands[1 - seat])
    assert not cards_in(view) & secret
    assert choose(view, level, random.Random(seed)) == choose(second.view(seat), level,
                                                               random.Random(seed))


def test_the_cheat_does_read_the_hidden_cards() -> None:
    """The same test's power: the cheat, which reads the match, decides otherwise in
    some of the same pairs of deals."""
    differ = 0
    for seed in range(30):
        rng = random.Random(seed)
        first, second = ecarte_match(), ecarte_match()
        dealt = first.shuffle(rng)
        first.start_deal(dealt)
        elder = first.deals[-1].elder
        second.start_deal(hidden_shuffled(dealt, elder, rng))
        first.apply("play")
        second.apply("play")
        if first.view(elder) != second.view(elder):
            continue
        differ += cheat(first, elder, random.Random(seed)) != cheat(second, elder,
                                                                    random.Random(seed))
    assert differ > 0


def test_the_sampled_worlds_keep_what_play_revealed() -> None:
    # spades trumps; seat 0 shows it holds no club by trumping the 7C
    match = ecarte_match(0)
    match.start_deal(ecarte_dealt(0, ("KH QH JS 8D 9D", "7C AS TS 9S KD"), "8S"))
    for text in ("play", "KD", "9D", "7C", "JS"):
        match.apply(text)
    seen = read(match.view(1))
    rng = random.Random(3)
    clubs = mask(c for c in DECK if c[1] == "C")
    worlds = [other_hand(seen, rng) for _ in range(200)]
    assert all(not w & clubs for w in worlds)
    assert all(bin(w).count("1") == 3 for w in worlds)
    assert not any(w & mask(["KD", "9D", "7C", "JS", "8S", "AS", "TS", "9S", "KS"])
                   for w in worlds)
    assert any(w & mask(["KH"]) for w in worlds)


# -- the search -----------------------------------------------------------------------------
def test_the_solver_sees_a_vole() -> None:
    dealt = vole_dealt(0, 1)
    hands = [mask(h) for h in dealt.hands]
    solver = Solver(trumps=0, forcing=True)         # spades
    assert solver.rest(hands[1], hands[0], True) == 5
    assert solver.rest(hands[0], hands[1], False) == 0


def test_the_solver_lets_the_follower_win_the_last_trick_with_a_trump() -> None:
    solver = Solver(trumps=1, forcing=True)         # hearts
    assert solver.rest(mask(["KS"]), mask(["7H"]), True) == 0
    assert solver.rest(mask(["KS"]), mask(["7D"]), True) == 1


# -- the rules of thumb -----------------------------------------------------------------------
def elder_view(hand: str, turnup: str) -> tuple[EcarteMatch, View]:
    """A deal where seat 1, the elder, holds ``hand``; the dealer the first cards left."""
    other = " ".join([c for c in DECK if c not in hand.split() and c != turnup][:5])
    match = ecarte_match(0)
    match.start_deal(ecarte_dealt(0, (other, hand), turnup))
    return match, match.view(1)


@pytest.mark.parametrize(("hand", "turnup"), [
    ("KS 9S 7S 8H 9D", "TS"),       # three trumps
    ("QH JH 7D 8D 9D", "7H"),       # two trumps, three cards of one suit
    ("AD 8S 9S TS JS", "7D"),       # one trump, four cards of one suit
    ("KC QC KD 9S 8H", "7S"),       # one trump, king and queen of a suit, another king
])
def test_medium_plays_a_jeu_de_regle_without_proposing(hand: str, turnup: str) -> None:
    _, view = elder_view(hand, turnup)
    assert choose(view, "medium", random.Random(0)) == "play"


def test_medium_proposes_with_a_poor_hand() -> None:
    _, view = elder_view("7D 8D 9H TH 7S", "JS")
    assert choose(view, "medium", random.Random(0)) == "propose"


def test_medium_keeps_the_king_of_trumps_and_throws_the_low_cards() -> None:
    match, _ = elder_view("KS 7D 8D 9H QC", "JS")
    match.apply("propose")
    match.apply("accept")
    text = choose(match.view(1), "medium", random.Random(0))
    assert text.startswith("discard") and "KS" not in text
    assert set(text.split()[1:]) == {"7D", "8D", "9H", "QC"}


def test_medium_dealer_accepts_with_a_poor_hand_and_refuses_with_three_trumps() -> None:
    for hand, answer in (("7D 8D 9H TH 7C", "accept"), ("KS QS 9S 8H 9D", "refuse")):
        match = ecarte_match(0)
        match.start_deal(ecarte_dealt(0, (hand, "AC TC 9C 8C 7H"), "JS"))
        match.apply("propose")
        assert choose(match.view(0), "medium", random.Random(0)) == answer


def test_every_level_above_easy_marks_the_king_when_asked() -> None:
    for level in ("medium", "hard", "expert"):
        match = ecarte_match(0, mark_king="ask")
        match.start_deal(ecarte_dealt(0, ("7C 8C 9C TC AC", "KS 9S 8H 9D 7D"), "JS"))
        match.apply("play")
        assert choose(match.view(1), level, random.Random(0)) == "king"


def test_the_jeux_de_regle_list() -> None:
    spades = 0
    for hand, expected in (("KS 9S 7S 8H 9D", True), ("9S 7S 8H 9H TH", True),
                           ("9S 7S KH 9D TC", True), ("9S 7S 8H 9D TC", False),
                           ("9S 7H 8H 9H TH", True), ("9S KH QH KD 7C", True),
                           ("9S KH 8H KD 7C", False), ("KH QH JD KC 7C", True),
                           ("KH 8H JD 7C 8C", False)):
        assert thumb.jeu_de_regle(mask(hand.split()), spades) is expected, hand


def test_cards_code_back_and_forth() -> None:
    assert [card_of(c) for c in bits(mask(DECK))] == list(DECK)


# -- the arena --------------------------------------------------------------------------------
def test_a_tiny_duplicate_arena_is_deterministic() -> None:
    one = arena.run("ecarte", 3, 5, "hard", "easy")
    two = arena.run("ecarte", 3, 5, "hard", "easy")
    for key in set(one) - {"cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max"}:
        assert one[key] == two[key], key
    assert one["deals"] == 3 and one["decisions"] > 0


def test_the_same_level_on_both_sides_differs_by_nothing() -> None:
    result = arena.run("ecarte", 4, 2, "medium", "medium")
    assert result["diff"] == 0 and result["ci95"] == [0, 0]


def test_the_duplicate_deal_swaps_the_seats_over_the_same_cards() -> None:
    job = arena.Job("ecarte", {}, "classique", "medium", "easy", 7, 0)
    result = arena.duplicate_deal(job)
    game = GAME
    settings_ = game.settings("classique")
    dealt = arena.deal_cards(game, settings_, 7, 0)
    total = 0.0
    for seat in (0, 1):
        levels = ["easy", "easy"]
        levels[seat] = "medium"
        bots = [arena.make_bot("ecarte", lv) for lv in levels]
        rngs = [random.Random(f"arena:7:0:{s}:{lv}") for s, lv in enumerate(levels)]
        points, _ = arena.play_deal(game, settings_, dealt, bots, rngs, seat)
        total += points[seat] - points[1 - seat]
    assert result.diff == total / 2


def test_arena_refuses_a_game_without_players() -> None:
    with pytest.raises(Exception, match="no computer players"):
        arena.run("polignac", 1, 1, "easy", "easy")


def test_the_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "ecarte", "--deals", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "| expert vs medium | 4 |" in out
    assert out.splitlines()[1].startswith("| candidate vs field |")


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "ecarte", "--deals", "2", "--jobs", "1", "--json",
                 "--candidate", "cheat", "--field", "easy", "--preset", "italiana"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "ecarte" and result["deals"] == 2
    assert result["preset"] == "italiana" and result["candidate"] == "cheat"


def test_the_command_refuses_a_polignac_table_size_for_ecarte(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "ecarte", "--players", "4", "--deals", "1"]) == 2
    assert "2 players" in capsys.readouterr().err


def test_the_benchmark_table_of_levels(capsys: pytest.CaptureFixture[str]) -> None:
    from polignac_tui.games.ecarte.benchmarks import ecarte_bots

    assert ecarte_bots.run(["--deals", "1", "--only", "medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("| target |") and len(lines) == 3
    assert lines[2].startswith("| medium vs easy | 1 |") and lines[2].endswith("reported |")
    row = ecarte_bots.Row("expert", "hard", better=True, p95_ms=100)
    good = {"ci95": [0.01, 0.2], "cpu_ms_p95": 40.0}
    assert ecarte_bots.verdict(row, good) == "met"
    assert ecarte_bots.verdict(row, {"ci95": [-0.01, 0.2], "cpu_ms_p95": 140.0}) == (
        "missed: interval reaches 0, p95 > 100 ms")


def test_the_expert_reads_a_hand_played_without_proposing_as_a_jeu_de_regle() -> None:
    from polignac_tui.games.ecarte.players import search

    match = ecarte_match(0)
    match.start_deal(ecarte_dealt(0, ("7D 8D 9D TD AD", "KH 9H 8C 9C TC"), "JS"))
    match.apply("play")                    # the elder (seat 1) plays as dealt
    match.apply("KH")
    seen = read(match.view(0))
    rng = random.Random(5)
    for budget, always in ((search.EXPERT, True), (search.HARD, False)):
        draw = search.drawer(seen, budget, None)
        worlds = [draw(rng) | seen.other_played for _ in range(60)]
        assert all(w & mask(["KH"]) for w in worlds)
        regle = [thumb.jeu_de_regle(w, 0) for w in worlds]
        assert all(regle) if always else not all(regle)


def test_the_expert_reads_what_the_other_kept_in_a_discard() -> None:
    from polignac_tui.games.ecarte.players import search

    match = ecarte_match(0)
    match.start_deal(ecarte_dealt(0, ("7D 8D 9D TD AD", "QH 9H 8C 9C TC"), "JS"))
    for text in ("propose", "accept", "discard 9H 8C 9C TC"):
        match.apply(text)                  # the elder keeps one card, draws four
    seen = read(match.view(0))
    keepers, kept = search.kept_model(seen)
    assert kept == 1 and keepers & mask(["KH", "AS"]) == mask(["KH", "AS"])
    draw = search.drawer(seen, search.EXPERT, None)
    rng = random.Random(2)
    assert all(draw(rng) & keepers for _ in range(60))


def test_the_rules_of_thumb_play_a_vole_out() -> None:
    from polignac_tui.games.ecarte.players.search import thumb_tricks

    solver = Solver(trumps=0, forcing=True)         # spades
    for winner in (0, 1):
        hands = [mask(h) for h in vole_dealt(0, winner).hands]
        assert thumb_tricks(hands[1], hands[0], solver, 0) == (5 if winner == 1 else 0)


def test_the_command_offers_every_game_with_players() -> None:
    from polignac_tui.commands.arena import ARENA_GAMES

    assert tuple(ARENA_GAMES) == ("polignac", *arena.PLAYERS)


def a_discard_view(seed: int) -> View:
    """The first discard of a game played by ``medium`` from ``seed``."""
    rng = random.Random(seed)
    match = ecarte_match()
    for _ in range(400):
        if match.needs_deal:
            match.deal(rng)
            continue
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        if isinstance(view.choice, CardsChoice) and view.choice.most > view.choice.least:
            return view
        match.apply(choose(view, "medium", rng), seat=seat)
    raise AssertionError("no discard with a choice in 400 steps")


def test_the_discard_reason_says_whether_the_rule_of_thumb_was_followed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import polignac_tui.games.ecarte.players as players
    view = a_discard_view(7)
    choice = view.choice
    assert isinstance(choice, CardsChoice)
    seen = read(view)
    prefer = thumb.discard(seen.hand, seen.trumps, choice.least, choice.most)
    thrown = list(held_of(prefer, choice.cards))
    kept = [c for c in choice.cards if c not in thrown]
    other = thrown[:-1] + kept[:1] if kept else thrown[:-1]
    as_thumb = " ".join((choice.verb, *thrown))
    as_other = " ".join((choice.verb, *other))
    monkeypatch.setattr(players, "_decide", lambda *a: as_thumb)
    assert players.advise(view, random.Random(1)) == (as_thumb, "discard_keep_trumps")
    monkeypatch.setattr(players, "_decide", lambda *a: as_other)
    assert players.advise(view, random.Random(1)) == (as_other, "discard_weighed")
