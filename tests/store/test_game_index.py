"""Écarté and Piquet sessions in the store: saved and read back, summarized in the index
through the seam, listed, resumed and deleted like Polignac's, never taken for a damaged
Polignac file."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from polignac_file import engine_of, save_session

from polignac_tui.games.session import GameSession
from polignac_tui.store import ResumeError, SessionStore
from polignac_tui.store.gamefile import dumps as dumps_game
from polignac_tui.store.index import SCHEMA, from_json, index_path, to_json

from .gamehelpers import advance, make_game
from .helpers import make

GAMES = ("ecarte", "piquet")


def store_at(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", [0, 9, None])
def test_a_saved_session_reads_back_and_its_summary_says_what_the_match_says(
        tmp_path: Path, game: str, actions: int | None) -> None:
    store = store_at(tmp_path)
    session = make_game(game, "20261122-2015-anna", seed=5, actions=actions)
    store.save_game(session)
    again = store.load_game(session.id)
    assert again.match.log == session.match.log and again.seats == session.seats
    (summary,) = store.summaries()
    match = session.match
    assert summary.readable and summary.game == game
    assert summary.players == ("Anna", "Bruno") and summary.humans == (True, False)
    assert summary.levels == (None, "medium")
    assert summary.labels == ("Anna", "Bruno (medium)")
    assert summary.totals == match.totals and summary.turn == match.turn
    assert summary.finished == (match.outcome is not None)
    shown = match.game.books.file_summary(match)
    over = [d for d in shown["deals"] if d["points"] is not None]   # type: ignore[union-attr,index]
    assert summary.finished_deals == len(over)
    assert [list(d.points) for d in summary.deals] == [d["points"] for d in over]  # type: ignore[index]
    if match.outcome is not None:
        assert summary.winners == match.outcome.winners
        assert summary.losers == match.outcome.losers
        assert summary.value == match.outcome.value
        assert summary.where.startswith("finished: ") and summary.state.startswith("finished, ")
    else:
        assert summary.value is None and not summary.winners
    assert to_json(from_json(summary.path, to_json(summary))) == to_json(summary)


def test_where_lines_are_worded_like_polignac_s(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    ecarte = make_game("ecarte", "ecarte", seed=2, actions=1)
    piquet = make_game("piquet", "piquet", seed=2, actions=1)
    won = make_game("ecarte", "won", seed=3, actions=None)
    for session in (ecarte, piquet, won):
        store.save_game(session)
    got = {s.id: s for s in store.summaries()}
    e, p = ecarte.match, piquet.match
    assert e.turn is not None and p.turn is not None
    assert got["ecarte"].where == f"deal 1, to 5, {e.names[e.turn]} to play"
    assert got["ecarte"].where_short == f"deal 1, {e.names[e.turn]} to play"
    assert got["piquet"].where == f"deal 1 of 6, {p.names[p.turn]} to play"
    assert got["piquet"].state == f"in play, {p.names[p.turn]}'s turn"
    outcome = won.match.outcome
    assert outcome is not None
    word = {3: "treble", 2: "double", 1: "single"}[outcome.value or 0]
    assert got["won"].where_short == f"{won.names[outcome.winners[0]]} won a {word} game"


def test_saving_a_game_updates_the_index_row(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    session = make_game("piquet", "friday", seed=1, actions=3)
    store.save_game(session)
    assert store.summaries()[0].totals == session.match.totals
    assert index_path(store.root).exists()
    read_before = store.index.rebuilt
    advance(session.match, random.Random(9), 20)
    store.save_game(session)
    fresh = SessionStore(store.root)           # another process: the row only
    (summary,) = fresh.summaries()
    assert fresh.index.rebuilt == 0 and store.index.rebuilt == read_before
    assert summary.totals == session.match.totals and summary.game == "piquet"


def test_an_index_of_the_schema_before_is_rebuilt_silently(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    store.save_game(make_game("ecarte", "ecarte", seed=1, actions=4))
    save_session(store, make("20261122-2015-anna", actions=5))
    store.index.close()
    db = sqlite3.connect(index_path(store.root))
    db.execute(f"PRAGMA user_version={SCHEMA - 1}")
    db.commit()
    db.close()
    again = SessionStore(store.root)
    got = {s.id: s for s in again.summaries()}
    assert got["ecarte"].game == "ecarte" and got["20261122-2015-anna"].game == "polignac"
    assert again.index.rebuilt == 2
    assert SessionStore(store.root).summaries() and again.index.rebuilt == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_game_file_is_never_an_unreadable_polignac_file(tmp_path: Path, game: str) -> None:
    store = store_at(tmp_path)
    session = make_game(game, "friday", seed=4, actions=6)
    store.save_game(session)
    (entry,) = store.entries()
    assert entry.readable and entry.error is None and entry.game == game
    assert isinstance(entry.game_session, GameSession) and engine_of(entry) is None
    assert store.game_of("friday") == game
    # a game's file that breaks one of its rules is refused by its own rules
    text = dumps_game(session)
    broken = text.replace('actions = ["', 'actions = ["QQ", "', 1)
    assert broken != text
    store.path("friday").write_text(broken, encoding="utf-8")
    (entry,) = store.entries()
    assert not entry.readable and entry.error is not None
    assert "deal 1, action 1 ('QQ')" in entry.error and "unknown key" not in entry.error
    (summary,) = store.summaries()
    assert summary.error == entry.error


def test_a_file_of_no_game_of_the_house_says_so(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    text = dumps_game(make_game("ecarte", "chess", seed=1))
    store.root.mkdir(parents=True)
    store.path("chess").write_text(text.replace('game = "ecarte"', 'game = "chess"'),
                                   encoding="utf-8")
    (summary,) = store.summaries()
    assert summary.error is not None and "'chess' is not a game of the house" in summary.error


def test_delete_continue_and_resume_work_for_every_game(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    done = make_game("ecarte", "done", seed=3, actions=None)
    playing = make_game("piquet", "playing", seed=3, actions=5)
    store.save_game(done)
    store.save_game(playing)
    assert store.latest_unfinished(10).id == "playing"            # type: ignore[union-attr]
    assert store.resolve_resume(None) == "playing"
    assert store.resolve_resume("playing") == "playing"
    with pytest.raises(ResumeError, match="session done is finished"):
        store.resolve_resume("done")
    store.delete("playing")
    assert [s.id for s in store.summaries()] == ["done"]
    assert store.latest_unfinished(10) is None
    with pytest.raises(ResumeError, match="no session in play"):
        store.resolve_resume(None)


def test_save_game_refuses_a_name_it_could_not_read_back(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    session = make_game("ecarte", "friday", seed=1, name="x" * 200)
    with pytest.raises(Exception, match="printable characters"):
        store.save_game(session)
    assert not store.path("friday").exists()


def test_the_games_words_are_said_again_in_french_and_italian(tmp_path: Path) -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.store.wording import state_words, where_words
    store = store_at(tmp_path)
    store.save_game(make_game("ecarte", "won", seed=3, actions=None))
    store.save_game(make_game("piquet", "playing", seed=3, actions=1))
    got = {s.id: s for s in store.summaries()}
    with speaking(translator_for("fr")):
        assert state_words(got["won"].state).startswith("finie, Anna a gagné une partie ")
        assert where_words(got["playing"].where).startswith("donne 1 sur 6, à ")
    with speaking(translator_for("it")):
        assert where_words(got["won"].where).startswith("finita: Anna ha vinto una partita ")
