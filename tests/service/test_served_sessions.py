"""A session played at a served table is the service's (issue 27, point 4): ``resume``
without an id chooses the player's own last local session, a served one says where it is
played in words, and ``list`` and the Saved sessions screen mark it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from polignac_runner import Table

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import Player
from polignac_tui.games.polignac.engine.rules import preset
from polignac_tui.store import PlayedServed, SessionStore

from .helpers import SEATS_2H, Wire, remove, running_service, short_socket_dir, table_of

WORDS = "is played at a served table: join it with `polignac-tui join`"


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def local_session(store: SessionStore) -> str:
    """A session in play at this terminal (you and two computers), its table left."""
    players = [Player("Ana"), Player("Bruno", "computer", "easy"),
               Player("Claire", "computer", "easy")]
    table = Table.create(store, preset("classique", 3), players, seed=3)
    table.close()
    return table.session.id


@pytest.fixture
def resumed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``resume`` opens the table it chose, recorded here instead of run in an app."""
    from polignac_tui.commands import play
    ids: list[str] = []

    def record(args: Any, settings: Any, store: Any, table: Table) -> int:
        ids.append(table.session.id)
        table.close()
        return 0
    monkeypatch.setattr(play, "run_table", record)
    return ids


def test_resume_without_an_id_leaves_the_served_tables_to_the_service(
        capsys: pytest.CaptureFixture[str], resumed: list[str]) -> None:
    async def scenario() -> None:
        store = SessionStore()
        mine = local_session(store)
        folder = short_socket_dir()
        try:
            async with running_service(folder) as service:
                served, wires = await table_of(service.socket_path, SEATS_2H,
                                               ["Anna", "Bruno"])
                waiting = Wire.open(service.socket_path)
                wire = await waiting
                await wire.hello("test:Carla", "Carla")
                await wire.send({"type": "create", "id": 1, "seats": SEATS_2H})
                set_aside = (await wire.expect("created"))["table"]
                # the served table was played last, and the service holds it
                assert store.summaries()[0].id == served
                assert store.resolve_resume(None) == mine
                continued = store.latest_unfinished(10, prefer=served)     # Home's Continue
                assert continued is not None and continued.id == mine
                assert main(["resume"]) == 0
                assert resumed == [mine]
                for id in (served, set_aside):
                    with pytest.raises(PlayedServed, match=f"session {id} {WORDS}"):
                        store.resolve_resume(id)
                    assert main(["resume", id]) == 2
                    assert capsys.readouterr().err == f"polignac-tui: session {id} {WORDS}\n"
                with pytest.raises(PlayedServed, match=WORDS):
                    Table.open(store, served)       # the Saved sessions screen's way
                assert resumed == [mine]
                capsys.readouterr()
                assert main(["list"]) == 0
                listed = " ".join(capsys.readouterr().out.split())    # lines wrapped
                assert listed.count("served table (polignac-tui join)") == 1
                assert main(["list", "--json"]) == 0
                rows = json.loads(capsys.readouterr().out)["sessions"]
                assert {r["id"]: r["served"] for r in rows} == {served: True, mine: False}
                for w in (*wires, wire):
                    w.close()
        finally:
            remove(folder)
        # the service gone, the file still says whose the session is
        assert store.resolve_resume(None) == mine
        with pytest.raises(PlayedServed, match=WORDS):
            Table.open(store, served)
        assert "served = true" in store.path(served).read_text(encoding="utf-8")
        assert "served" not in store.path(mine).read_text(encoding="utf-8")

    run(scenario())


def test_the_saved_sessions_screen_marks_a_served_table(tmp_path: Path) -> None:
    from polignac_tui.ui.screens.saved import describe_session, state_cell
    store = SessionStore(tmp_path)
    players = [Player("Ana"), Player("Bruno"), Player("Claire", "computer", "easy")]
    table = Table.create(store, preset("classique", 3), players, seed=3, served=True)
    table.close()
    mine = local_session(store)
    by_id = {s.id: s for s in store.summaries()}
    served = by_id[table.session.id]
    assert state_cell(served).startswith("served table: deal 1")
    assert "Played at a served table: join it with `polignac-tui join`." in (
        describe_session(served))
    assert "served" not in state_cell(by_id[mine]) + describe_session(by_id[mine])


def test_the_words_of_a_served_session_in_french_and_italian() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.store.wording import file_error_text
    english = str(PlayedServed("20261125-2000-anna"))
    with speaking(translator_for("fr")):
        assert file_error_text(english) == ("la partie 20261125-2000-anna se joue à une table "
                                            "servie : rejoins-la avec `polignac-tui join`")
    with speaking(translator_for("it")):
        assert file_error_text(english).startswith("la partita 20261125-2000-anna si gioca")
