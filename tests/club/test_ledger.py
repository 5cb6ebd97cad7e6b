"""The ledger as each game decides it: the cognac, the ices, the partie's points; only
people owe; netted per pair and game; settlements taken off."""

from __future__ import annotations

from polignac_tui.club.entries import ClubMatch, ClubSeat, player_key
from polignac_tui.club.journal import Settlement
from polignac_tui.club.ledger import debts, netted
from polignac_tui.games import game_names, get_game
from polignac_tui.games.view import Outcome


def person(name: str, won: bool, lost: bool) -> ClubSeat:
    return ClubSeat(player_key(f"id:{name}", name, None), f"id:{name}", name, None, 0,
                    1 if won else 2, won, lost, False)


def computer(won: bool, lost: bool) -> ClubSeat:
    return ClubSeat(player_key(None, "Zed", "easy"), None, "Zed", "easy", 0, 1, won, lost,
                    False)


def key(name: str) -> str:
    return player_key(f"id:{name}", name, None)


def test_each_polignac_loser_pays_each_winner_a_cognac_and_computers_neither() -> None:
    match = ClubMatch("p1", "polignac", "t", "t", None, None, (
        person("Anna", True, False), person("Bruno", False, True),
        person("Carla", False, True), person("Dario", True, False), computer(True, False)))
    assert dict(debts([match])) == {("polignac", key(loser), key(winner)): 1
                                    for loser in ("Bruno", "Carla")
                                    for winner in ("Anna", "Dario")}
    lost_to_people = ClubMatch("p2", "polignac", "t", "t", None, None, (
        person("Anna", True, False), computer(False, True)))
    assert dict(debts([lost_to_people])) == {}


def test_ices_and_parties_follow_the_value_a_drawn_partie_is_worth_nothing() -> None:
    ecarte = ClubMatch("e1", "ecarte", "t", "t", 2, None, (
        person("Anna", False, True), person("Bruno", True, False)))
    piquet = ClubMatch("q1", "piquet", "t", "t", 290, "rubicon", (
        person("Anna", True, False), person("Bruno", False, True)))
    drawn = ClubMatch("q2", "piquet", "t", "t", 0, None, (
        person("Anna", False, False), person("Bruno", False, False)))
    owed = debts([ecarte, piquet, drawn])
    assert dict(owed) == {("ecarte", key("Anna"), key("Bruno")): 2,
                          ("piquet", key("Bruno"), key("Anna")): 290}


def test_debts_are_netted_per_pair_and_game_and_settlements_taken_off() -> None:
    one = ClubMatch("e1", "ecarte", "t", "t", 3, None, (
        person("Anna", False, True), person("Bruno", True, False)))
    back = ClubMatch("e2", "ecarte", "t", "t", 1, None, (
        person("Bruno", False, True), person("Anna", True, False)))
    cognac = ClubMatch("p1", "polignac", "t", "t", None, None, (
        person("Bruno", False, True), person("Anna", True, False), person("Carla", True, False)))
    lines = netted(debts([one, back, one, cognac]), [])
    assert lines == [("polignac", key("Bruno"), key("Anna"), 1),
                     ("polignac", key("Bruno"), key("Carla"), 1),
                     ("ecarte", key("Anna"), key("Bruno"), 5)]
    paid = Settlement("now", "ecarte", key("Anna"), key("Bruno"), "ices", 5)
    cognac_paid = Settlement("now", "polignac", key("Bruno"), key("Carla"), "cognac", 1)
    assert netted(debts([one, back, one, cognac]), [paid, cognac_paid]) == [
        ("polignac", key("Bruno"), key("Anna"), 1)]


def test_each_game_names_its_stake_and_piquet_its_rubicon() -> None:
    assert {name: get_game(name).stake for name in game_names()} == {
        "polignac": "cognac", "ecarte": "ices", "piquet": "partie"}
    assert get_game("ecarte").stake_words(3) == "3 ices"
    assert get_game("piquet").stake_words(1) == "1 point of partie"
    piquet = get_game("piquet")
    assert piquet.worth_note(Outcome((0,), (1,), (140, 90), 330)) == "rubicon"
    assert piquet.worth_note(Outcome((0,), (1,), (140, 110), 130)) is None
    assert piquet.worth_note(Outcome((0,), (1,), (105, 40), 65)) is None     # to a hundred
    assert piquet.worth_note(Outcome((), (), (120, 120), 0)) is None          # drawn
    assert get_game("ecarte").worth_note(Outcome((1,), (0,), (0, 5), 3)) is None
