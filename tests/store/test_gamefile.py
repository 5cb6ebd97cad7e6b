"""Session files of Écarté and Piquet: the house's header, the game's part, round trips,
and damaged files refused in one line (never a traceback)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from polignac_file import SessionFileError

from polignac_tui.games import get_game
from polignac_tui.games.session import GameSession, SeatPlayer
from polignac_tui.store.folder import SessionStore
from polignac_tui.store.gamefile import dumps, game_of, loads


def played(game: str, actions: int, seed: int = 3) -> GameSession:
    rules = get_game(game)
    match = rules.new_match(rules.settings(), ["Anna", "Bruno"], seed)
    rng = random.Random(seed)
    match.deal(rng)
    for _ in range(actions):
        seat = match.turn
        if seat is None:
            break
        choice = match.choices(seat)
        assert choice is not None
        kind = type(choice).__name__
        if kind == "CardChoice":
            match.apply(rng.choice(choice.cards))         # type: ignore[union-attr]
        elif kind == "CardsChoice":
            match.apply(" ".join([choice.verb, *choice.cards[:max(choice.least, 1)]]))  # type: ignore[union-attr]
        else:
            match.apply(choice.verb or choice.words[0])   # type: ignore[union-attr]
    return GameSession(match, (SeatPlayer(True), SeatPlayer(False, "expert")), id="s",
                       name="Friday")


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_a_session_of_each_game_reads_back_as_it_was_written(game: str) -> None:
    session = played(game, 12)
    text = dumps(session)
    assert text.startswith("format = 1\n") and f'game = "{game}"' in text
    back = loads(text)
    assert back.game == game and back.seats == session.seats and back.name == "Friday"
    assert back.match.log == session.match.log and back.match.totals == session.match.totals
    assert game_of({"format": 1}) == "polignac" and game_of({"game": game}) == game


@pytest.mark.parametrize(("change", "says"), [
    (lambda t: t.replace('game = "ecarte"', 'game = "belote"'), "'belote' is not a game"),
    (lambda t: t.replace('kind = "computer"', 'kind = "robot"'), "neither human nor computer"),
    (lambda t: t.replace('level = "expert"', 'level = "god"'), "a computer's level"),
    (lambda t: t.replace('actions = ["', 'actions = ["QQ", "'), "deal 1, action 1 ('QQ')"),
    (lambda t: t.replace("format = 1", "format = 7"), "unknown format 7"),
])
def test_a_damaged_file_is_refused_in_one_line_naming_what(change, says: str) -> None:  # type: ignore[no-untyped-def]
    text = change(dumps(played("ecarte", 3)))
    with pytest.raises(SessionFileError) as refused:
        loads(text)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_the_store_saves_loads_and_names_the_game_of_a_session(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "sessions")
    session = played("piquet", 5)
    session.id = "20261125-2100-anna"
    store.save_game(session)
    assert store.game_of(session.id) == "piquet"
    back = store.load_game(session.id)
    assert back.updated is not None and back.match.history == session.match.history


def test_the_rules_and_players_written_again_are_the_same_text_as_written_afresh() -> None:
    """The rules' and the players' tables, written at every card, come from a memory of
    their text: a true and a 1, a 1 and a 1.0, are still written each as itself, and a
    table holding a list is written afresh."""
    import tomli_w

    from polignac_tui.store.gamefile import _table_text
    tables = [{"limit": 1, "ace_high": True}, {"limit": True, "ace_high": 1},
              {"limit": 1.0, "ace_high": 1}, {"limit": 1, "ace_high": True},
              {"seats": [1, 2], "limit": 1}, {"name": "Zoé \"the\" ace", "kind": "human"}]
    for name in ("rules", None):
        for table in tables * 2:
            afresh = tomli_w.dumps(table if name is None else {name: table})
            assert _table_text(name, table) == afresh
    assert _table_text("rules", {"limit": 1}) != _table_text("rules", {"limit": True})
