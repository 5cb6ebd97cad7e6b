"""The seam's own pieces: actions as text, settings described and validated, choices."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polignac_tui.games import get_game
from polignac_tui.games.base import (
    CardChoice,
    CardsAction,
    CardsChoice,
    Disclosed,
    Outcome,
    PlayCard,
    Said,
    Say,
    Scored,
    Shown,
    View,
    WordChoice,
    choice_from_json,
    choice_to_json,
    event_from_json,
    event_to_json,
    parse_action,
    visible,
)
from polignac_tui.games.cards import DECK, trick_winner
from polignac_tui.games.ecarte import GAME
from polignac_tui.games.errors import RuleError

from .helpers import NAMES, ecarte_match

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=9)


@pytest.mark.parametrize(("text", "action"), [
    ("KS", PlayCard("KS")),
    ("discard 7D JC", CardsAction("discard", ("7D", "JC"))),
    ("discard", CardsAction("discard", ())),
    ("propose", Say("propose")),
    ("declare point sequence", Say("declare", ("point", "sequence"))),
    ("declare", Say("declare")),
])
def test_every_action_has_one_text_form(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(("text", "canonical"), [
    ("ks", "KS"), ("10H", "TH"), ("  discard  7d   jc ", "discard 7D JC"), ("Propose", "propose"),
])
def test_forgiving_readings_are_written_back_in_the_one_form(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical


@pytest.mark.parametrize("text", ["", "   ", "XS", "discard 7D ZZ", "K", "1S",
                                  "declare point s3quence", "x" * 200, "7D JC"])
def test_what_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(RuleError) as error:
        parse_action(text)
    assert error.value.code in ("not_an_action", "not_a_card")
    assert "\n" not in str(error.value)


@given(st.one_of(
    st.sampled_from(DECK).map(PlayCard),
    st.lists(st.sampled_from(DECK), max_size=5, unique=True).map(
        lambda cs: CardsAction("discard", tuple(cs))),
    st.tuples(WORDS, st.lists(WORDS, max_size=3)).filter(lambda t: t[0] != "discard").map(
        lambda t: Say(t[0], tuple(t[1]))),
))
def test_action_text_round_trips(action: PlayCard | CardsAction | Say) -> None:
    assert parse_action(str(action)) == action


def test_settings_come_from_a_preset_and_overrides_make_them_custom() -> None:
    classique = GAME.settings()
    assert classique.preset == "classique"
    assert dict(classique) == {"forcing": True, "target": 5, "mark_king": "auto",
                               "dealer_must_discard": False}
    assert GAME.settings("italiana")["forcing"] is False
    assert GAME.settings("classique", {"target": 5}).preset == "classique"
    custom = GAME.settings("classique", {"target": 7})
    assert custom.preset == "custom" and custom["target"] == 7
    assert custom.to_dict()["preset"] == "custom"


@pytest.mark.parametrize(("preset", "overrides", "named"), [
    ("classique", {"target": 0}, "target"),
    ("classique", {"target": 51}, "target"),
    ("classique", {"target": True}, "target"),
    ("classique", {"forcing": "yes"}, "forcing"),
    ("classique", {"mark_king": "never"}, "mark_king"),
    ("classique", {"trumps": "S"}, "trumps"),
    ("english", {}, "preset"),
])
def test_a_bad_setting_is_refused_naming_it(preset: str, overrides: dict[str, object],
                                             named: str) -> None:
    with pytest.raises(RuleError) as error:
        GAME.settings(preset, overrides)
    assert error.value.code == "setting" and error.value.params["setting"] == named
    assert named in str(error.value)


def test_every_setting_is_described_for_a_form() -> None:
    for setting in GAME.described:
        assert setting.explain and set(setting.defaults) == set(GAME.presets)
        for preset in GAME.presets:
            assert setting.check(setting.defaults[preset]) == setting.defaults[preset]
    target = GAME.setting("target")
    assert (target.kind, target.low, target.high) == ("int", 1, 50)
    assert GAME.setting("mark_king").choices == ("auto", "ask")


def test_players_are_counted_and_named() -> None:
    with pytest.raises(RuleError) as error:
        GAME.new_match(GAME.settings(), ["Anna", "Bruno", "Chloé"], 1)
    assert str(error.value) == "Écarté is played by 2 players, not 3"
    with pytest.raises(RuleError):
        GAME.new_match(GAME.settings(), ["Anna", "anna "], 1)
    match = GAME.new_match(GAME.settings(), NAMES, 7)
    assert match.needs_deal and match.turn is None and match.totals == (0, 0)
    assert GAME.new_match(GAME.settings(), NAMES, 7).next_dealer == match.next_dealer


def test_choices_say_what_they_allow() -> None:
    card = CardChoice(("KS", "QS"), ("king",))
    assert card.allows(PlayCard("KS")) and card.allows(Say("king"))
    assert not card.allows(PlayCard("7C")) and not card.allows(Say("play"))
    discard = CardsChoice(("KS", "QS", "7C"), 1, 2)
    assert discard.allows(CardsAction("discard", ("KS", "7C")))
    assert not discard.allows(CardsAction("discard", ()))
    assert not discard.allows(CardsAction("discard", ("KS", "KS")))
    assert not discard.allows(CardsAction("discard", ("KS", "QS", "7C")))
    declare = WordChoice(("point", "sequence", "sets"), verb="declare")
    assert declare.allows(Say("declare", ("sets", "point"))) and declare.allows(Say("declare"))
    assert not declare.allows(Say("declare", ("point", "point")))
    for choice in (card, discard, declare, WordChoice(("propose", "play"))):
        assert choice_from_json(choice_to_json(choice)) == choice


def test_a_view_before_the_first_deal_round_trips_through_json() -> None:
    match = ecarte_match()
    view = match.view(None)
    assert view.watching and view.hand == () and view.deal_number == 0
    assert View.from_json(view.to_json()) == view


def test_a_card_shown_to_one_seat_is_told_to_that_seat_only() -> None:
    private = Shown(0, ("KS",), 1, "look")
    assert visible(private, 1) and not visible(private, 0) and not visible(private, None)
    assert visible(Shown(0, ("KS",), None, "king_marked"), None)


def test_points_told_to_one_seat_reach_the_others_when_disclosed() -> None:
    """Piquet's younger's declarations: scored at once, told to her alone, disclosed to
    the elder (and a watcher) after his first lead; a public event stays public."""
    hers = Scored(0, 12, "sequence", 0)
    assert visible(hers, 0) and not visible(hers, 1) and not visible(hers, None)
    word = Said(0, "declare sequence", 0)
    assert visible(word, 0) and not visible(word, 1) and not visible(word, None)
    later = Disclosed(0, 12, "sequence", 0)
    assert visible(later, 1) and visible(later, None) and not visible(later, 0)
    assert visible(Scored(1, 1, "lead"), None) and visible(Said(0, "good point"), 1)
    for event in (hers, word, later, Scored(1, 1, "lead")):
        assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event


def test_trick_winner_trumps_beat_the_suit_led() -> None:
    assert trick_winner(["9S", "TS"], "KQJAT987", "H") == 1
    assert trick_winner(["9S", "KC"], "KQJAT987", "H") == 0
    assert trick_winner(["KS", "7H"], "KQJAT987", "H") == 1
    assert trick_winner(["KS", "7H"], "KQJAT987", None) == 0


def test_the_seam_speaks_piquets_actions_too() -> None:
    """RULES-piquet.md §9's actions and §3-§7's moments, in the seam's own types."""
    younger = CardsChoice(("7C", "8C", "9C"), 0, 3)           # Au cent: none allowed
    assert younger.allows(parse_action("discard"))
    look = WordChoice(("look", "nolook"))
    assert look.allows(parse_action("nolook")) and not look.allows(parse_action("declare"))
    declare = WordChoice(("point", "sequence"), verb="declare")   # the kinds held
    assert declare.allows(parse_action("declare sequence point"))
    assert not declare.allows(parse_action("declare sets"))
    assert str(parse_action("declare point sequence")) == "declare point sequence"
    carte_blanche = Shown(0, ("AS", "TS", "9H"), 1, "carte_blanche")
    assert visible(carte_blanche, 1) and not visible(carte_blanche, None)
    talon_seen = Shown(None, ("7C", "8C"), 0, "talon")          # no hand's cards
    assert visible(talon_seen, 0) and not visible(talon_seen, 1)
    drawn = Outcome((), (), (296, 296), 0)                     # a drawn partie
    assert Outcome.from_json(drawn.to_json()) == drawn


def test_a_match_starts_only_with_its_games_settings_and_a_seated_dealer() -> None:
    polignac = get_game("polignac").settings()
    with pytest.raises(RuleError) as error:
        GAME.start(polignac, NAMES, 0)
    assert str(error.value) == "these settings are not Écarté's"
    with pytest.raises(RuleError) as dealer:
        GAME.start(GAME.settings(), NAMES, 2)
    assert dealer.value.code == "dealer"
