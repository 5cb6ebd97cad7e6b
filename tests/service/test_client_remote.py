"""The remote client against a real table service: two friends at one table, a card
played by one seen by the other, coming back to the same trick, hints, refusals, and a
service that dies (a clear state, never a traceback)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from polignac_tui.games.events import CardPlayed
from polignac_tui.games.polignac.players.hint import Reason
from polignac_tui.games.polignac.players.wording import reason_text
from polignac_tui.games.polignac.viewpart import part_of
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.service import protocol
from polignac_tui.service.client import LobbyClient, ServiceError
from polignac_tui.table.gameclient import PastDealsUnavailable
from polignac_tui.table.gameevents import Act, Refused, SeatConnected, SeatGone

from .helpers import running_service as service_in_loop
from .lobbytools import (
    SEATS_ONE_OPEN,
    Recorder,
    classique,
    drive,
    friends_table,
    my_turn,
    past_session,
    running_service,
    until,
)


def test_no_service_is_a_service_error(tmp_path: Path) -> None:
    async def main() -> None:
        with pytest.raises(ServiceError) as caught:
            await LobbyClient.connect(tmp_path / "none.sock", "local:1", "Anna")
        assert caught.value.message == (f"no table service at {tmp_path / 'none.sock'}: "
                                        "start one with `polignac-tui serve`")
    asyncio.run(main())


def test_a_card_played_by_one_friend_is_seen_by_the_other(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
        pushed: list = []
        bruno.on_tables = pushed.append
        at_anna = await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
        table = at_anna.table
        # The list pushed to Bruno shows the new table and its open seat.
        listed = await until(lambda: [t for ts in pushed for t in ts if t.table == table],
                             "the table list pushed to Bruno")
        assert listed[-1].open_seats == [1] and listed[-1].seats[0].name == "Anna"
        assert listed[-1].state == "waiting" and listed[-1].my_seat is None
        at_bruno = await bruno.sit(table, 1)
        await anna.start(table, "easy")
        assert at_anna.seats == (0,) and at_bruno.seats == (1,)
        seen_anna, seen_bruno = Recorder(at_anna), Recorder(at_bruno)

        def played_by(recorder: Recorder, seat: int) -> list[CardPlayed]:
            return [e for e in recorder.events() if isinstance(e, CardPlayed)
                    and e.seat == seat]

        # Play until each human has played a card; each sees the other's card.
        await drive([at_anna, at_bruno],
                    lambda: played_by(seen_anna, 1) and played_by(seen_bruno, 0),
                    "a card of each friend")
        assert played_by(seen_anna, 0)[0] == played_by(seen_bruno, 0)[0]
        assert played_by(seen_bruno, 1)[0] == played_by(seen_anna, 1)[0]
        # Each receives its own seat's view only; no card of the other's hand.
        anna_first = seen_anna.updates[0].views[0]
        bruno_first = seen_bruno.updates[0].views[0]
        assert anna_first.seat == 0 and bruno_first.seat == 1
        assert all(len(u.views) == 1 for u in seen_anna.updates + seen_bruno.updates)
        assert not set(anna_first.hand) & set(bruno_first.hand)
        assert anna_first.names == ("Anna", "Bruno", "Claire", "Denis")
        anna.close()
        bruno.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_coming_back_takes_the_seat_at_the_same_trick(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
        at_anna, at_bruno, table = await friends_table(anna, bruno)
        seen_bruno = Recorder(at_bruno)
        Recorder(at_anna)
        # Play on until Anna is to play a card and a card is already on the table (or
        # she leads a trick after the first one): the middle of a deal.
        await drive([at_anna, at_bruno],
                    lambda: my_turn(at_anna) and at_anna.view().tricks,
                    "Anna's turn after a trick")
        before = at_anna.view()
        anna.close()   # her terminal is gone
        gone = await until(lambda: [e for e in seen_bruno.events()
                                    if isinstance(e, SeatGone) and e.seat == 0],
                           "Bruno to see Anna gone")
        assert gone
        await until(lambda: at_bruno.latest.state.gone_for[0] is not None
                    and at_bruno.latest.state.waiting == "absent", "the table to wait")

        # Someone else is not offered her seat.
        stranger = await LobbyClient.connect(socket, "local:zoe", "Zoé")
        (info,) = [t for t in await stranger.tables() if t.table == table]
        assert info.my_seat is None and info.state == "playing"
        stranger.close()

        again = await LobbyClient.connect(socket, "local:anna", "Anna")
        (info,) = [t for t in await again.tables() if t.table == table]
        assert info.my_seat == 0 and info.state == "playing"
        back = await again.sit(table, 0)
        Recorder(back)
        await until(lambda: back.latest is not None, "Anna's view again")
        after = back.view()
        assert after.hand == before.hand
        assert after.trick == before.trick and after.tricks == before.tricks
        assert after.deal_number == before.deal_number and after.turn == after.seat == 0
        await until(lambda: [e for e in seen_bruno.events()
                             if isinstance(e, SeatConnected) and e.seat == 0],
                    "Bruno to see Anna back")
        # And she plays on from there.
        card = part_of(after).legal[0]
        back.send(Act(0, card))
        await until(lambda: CardPlayed(0, card) in seen_bruno.events(), "her card")
        again.close()
        bruno.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_hint_refusals_and_a_lost_service(tmp_path: Path) -> None:
    async def main(service) -> None:
        anna = await LobbyClient.connect(service.socket, "local:anna", "Anna")
        bruno = await LobbyClient.connect(service.socket, "local:bruno", "Bruno")
        lost: list[str] = []
        bruno.on_lost = lost.append
        at_anna, at_bruno, table = await friends_table(anna, bruno)
        Recorder(at_anna)
        seen_bruno = Recorder(at_bruno)
        await drive([at_anna, at_bruno], lambda: my_turn(at_anna), "Anna's turn")
        hint = await at_anna.hint(0)
        assert hint is not None and hint.seat == 0 and hint.action in part_of(at_anna.view()).legal
        # The reason travels as a code and details: each player reads it in their language.
        names = at_anna.view().names
        assert hint.why and reason_text(Reason(hint.why, hint.params), names)
        with speaking(translator_for("fr")):
            french = reason_text(Reason(hint.why, hint.params), names)
        assert french and french != reason_text(Reason(hint.why, hint.params), names)
        assert await at_bruno.hint(1) is None        # not his turn
        assert await at_bruno.hint(0) is None        # not his seat
        # A card of Anna's seat sent by Bruno is refused, to him alone.
        at_bruno.send(Act(0, part_of(at_anna.view()).legal[0]))
        await until(lambda: [e for e in seen_bruno.events() if isinstance(e, Refused)],
                    "the refusal")
        # A message the service refuses outright (not a card) is said to him too.
        at_bruno.send(Act(1, "ZZ"))
        bad = await until(lambda: [e for e in seen_bruno.events()
                                   if isinstance(e, Refused) and e.rule == "bad_field"],
                          "the error as a refusal")
        assert "card" in bad[0].reason
        assert at_bruno.latest.state.waiting != "paused"
        # Only the creator starts; a taken seat cannot be taken.
        with pytest.raises(ServiceError):
            await bruno.start(table, "easy")
        other = await LobbyClient.connect(service.socket, "local:claire", "Claire")
        with pytest.raises(ServiceError):
            await other.sit(table, 1)
        assert other.at_table is None
        other.close()

        service.kill()
        await until(lambda: at_bruno.lost is not None, "the lost connection")
        assert lost and bruno.lost == lost[0]
        last = at_bruno.latest
        assert last.state.waiting == "paused"
        assert [e.rule for e in last.events] == ["connection_lost"]
        assert await at_bruno.hint(1) is None
        at_bruno.send(Act(1, "JS"))                  # nothing happens, nothing raised
        with pytest.raises(ServiceError) as caught:
            await bruno.tables()
        assert caught.value.code == "lost"
        anna.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service))


def test_names_are_unique_at_a_table(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        other_anna = await LobbyClient.connect(socket, "local:anna2", "Anna")
        at_anna = await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
        with pytest.raises(ServiceError) as caught:
            await other_anna.sit(at_anna.table, 1)
        assert caught.value.code == "name_taken"
        anna.close()
        other_anna.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_the_same_person_at_another_terminal_takes_the_seat_over(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
        _at_anna, at_bruno, table = await friends_table(anna, bruno)
        first = Recorder(at_bruno)
        await until(lambda: at_bruno.latest is not None, "Bruno's first view")
        elsewhere = await LobbyClient.connect(socket, "local:bruno", "Bruno")
        (info,) = [t for t in await elsewhere.tables() if t.table == table]
        assert info.my_seat == 1
        second = await elsewhere.sit(table, 1)
        Recorder(second)
        await until(lambda: second.latest is not None, "the seat at the other terminal")
        await until(lambda: at_bruno.lost is not None, "the first terminal told")
        assert "another terminal" in at_bruno.lost
        assert first.updates[-1].events[-1].rule == "connection_lost"
        assert second.view().hand == first.updates[0].views[0].hand   # he has not played
        for client in (anna, elsewhere):
            client.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_past_deals_come_with_every_hand_but_none_of_the_deal_in_play(tmp_path: Path) -> None:
    """A replay at a served table: the service sends the finished deals as a session file,
    to a seated player and to a watcher alike, never a card of the deal in play."""
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
        at_anna, at_bruno, table = await friends_table(anna, bruno)
        Recorder(at_anna)
        Recorder(at_bruno)
        # Before any deal is finished, the answer is a session without deals.
        await until(lambda: at_anna.latest is not None, "the first update")
        empty = await past_session(at_anna)
        assert empty is not None and empty.deals == []
        await drive([at_anna, at_bruno],
                    lambda: at_anna.view().deal_number == 2 and at_anna.view().trick,
                    "a card of the second deal")
        mine = at_anna.view().hand
        past = await past_session(at_anna)
        assert past is not None and len(past.deals) == 1 and past.deals[0].over
        assert [p.name for p in past.players][:2] == ["Anna", "Bruno"]
        dealt = {card for hand in past.deals[0].dealt for card in hand}
        assert len(dealt) == 32
        assert tuple(past.totals) == at_anna.view().totals
        # A watcher can ask too, and gets the same file.
        zoe = await LobbyClient.connect(socket, "local:zoe", "Zoé")
        watching = await zoe.watch(table)
        Recorder(watching)
        seen = await past_session(watching)
        assert seen is not None and [d.dealt for d in seen.deals] == [d.dealt
                                                                       for d in past.deals]
        # Anna's current hand was dealt in deal 2: it is in no dealt hand of the file
        # (a 32-card deal holds every card once: deal 2's hands are not deal 1's).
        assert tuple(mine) not in {tuple(h) for h in past.deals[0].dealt}
        # Someone not at a table is refused, with a reason.
        assert "session" in await bruno.request({"type": "deals"})   # seated: allowed
        stranger = await LobbyClient.connect(socket, "local:yann", "Yann")
        with pytest.raises(ServiceError) as caught:
            await stranger.request({"type": "deals"})
        assert caught.value.code == "not_seated"
        stranger.close()
        zoe.close()
        anna.close()
        bruno.close()

    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_past_deals_too_long_to_send_are_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file over the reply's bound is refused with ``too_large`` (the client's read
    limit is never reached: the connection stays up)."""
    monkeypatch.setattr(protocol, "MAX_DEALS_REPLY", 200)

    async def main() -> None:
        async with service_in_loop() as service:
            anna = await LobbyClient.connect(service.socket_path, "local:anna", "Anna")
            bruno = await LobbyClient.connect(service.socket_path, "local:bruno", "Bruno")
            at_anna, at_bruno, _ = await friends_table(anna, bruno)
            Recorder(at_anna)
            Recorder(at_bruno)
            await until(lambda: at_anna.latest is not None, "the first update")
            with pytest.raises(PastDealsUnavailable) as caught:
                await at_anna.finished_session()
            assert caught.value.code == "too_large" and "KiB" in caught.value.detail
            assert anna.lost is None and await anna.tables()
            anna.close()
            bruno.close()

    asyncio.run(main())


def test_an_undo_right_after_asking_for_past_deals_lets_no_hand_of_play_out() -> None:
    """``deals`` then ``undo`` in one read: the undo reopens deal 1, yet the answer holds
    only what was over when asked, and a later answer follows the table again."""
    import polignac_file as fileformat
    seats = [{"kind": "you"}] + [{"kind": "computer", "name": n, "level": "easy"}
                                 for n in ("Bruno", "Claire", "Denis")]

    async def main() -> None:
        async with service_in_loop() as service:
            anna = await LobbyClient.connect(service.socket_path, "local:anna", "Anna")
            at = await anna.create("Solo", classique(), seats, "instant")
            await anna.start(at.table, "easy")
            Recorder(at)
            await until(lambda: at.latest is not None, "the first update")
            await drive([at], lambda: at.latest.state.waiting == "ready", "deal 1 over")
            answer = asyncio.get_running_loop().create_future()
            anna._pending[9999] = answer
            anna.writer.write(b'{"type":"deals","id":9999}\n{"type":"undo","seat":0}\n')
            sent = fileformat.loads((await asyncio.wait_for(answer, 30))["session"])
            assert all(d.over for d in sent.deals)
            live = service.tables[at.table].game_table.session.match.session
            await until(lambda: not live.deals[0].over, "the undo")
            after = await past_session(at)
            assert after is not None and after.deals == []       # deal 1 is in play again
            await drive([at], lambda: live.deals[0].over
                        and at.latest.state.waiting == "ready", "deal 1 over again")
            again = await past_session(at)
            assert again is not None and [list(d.plays) for d in again.deals] == \
                [list(live.deals[0].plays)]
            anna.close()

    asyncio.run(main())
