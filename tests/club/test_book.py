"""The book read and kept: who may see whom, the ledger and its settlements, a damaged
book moved aside and rebuilt, untrusted lines skipped, and the ``club`` command."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from polignac_tui.cli import main
from polignac_tui.club.book import ClubBook, ClubError
from polignac_tui.club.journal import JOURNAL_FILE, SEATS_FILE, SeatLine, SeatsFile
from polignac_tui.games import get_game
from polignac_tui.games.session import SeatPlayer
from polignac_tui.service.paths import service_folder
from polignac_tui.store import SessionStore
from polignac_tui.table.gametable import GameTable

from .helpers import IDENTITIES, club_book, served_ecarte


def names(lines: list) -> list[str]:
    return [line.name for line in lines]


def test_a_player_who_leaves_the_standings_is_shown_to_nobody_but_themself() -> None:
    served_ecarte("Anna", "Bruno")
    served_ecarte("Carla", "Anna")
    book = club_book()
    anna = IDENTITIES["Anna"]
    book.set_hidden(anna, True)
    assert book.hidden(anna) and not book.hidden(IDENTITIES["Bruno"])
    assert "Anna" not in names(book.standings("ecarte", "all", IDENTITIES["Bruno"]))
    own = book.standings("ecarte", "all", anna)
    assert [s.name for s in own if s.you] == ["Anna"]
    assert book.player_page("ecarte", "Anna", IDENTITIES["Carla"]) is None
    page = book.player_page("ecarte", "Anna", anna)
    assert page is not None and {a.name for a in page.against} == {"Bruno", "Carla"}
    # her debts show to the other one of each pair only (what is owed stays owed)
    assert {(d.debtor, d.creditor) for d in book.ledger(IDENTITIES["Carla"])} == {
        ("Carla", "Anna")}
    assert {(d.debtor, d.creditor) for d in book.ledger(IDENTITIES["Bruno"])} == {
        ("Anna", "Bruno")}
    assert book.ledger("SHA256:someone-else") == []
    assert {(d.debtor, d.creditor) for d in book.ledger(anna)} == {("Anna", "Bruno"),
                                                                   ("Carla", "Anna")}
    # the choice is the journal's: a rebuilt book keeps it; coming back shows her again
    book.rebuild()
    assert "Anna" not in names(book.standings("ecarte", "all", IDENTITIES["Bruno"]))
    assert "Anna" in names(book.standings("ecarte", "all", None))     # the host sees all
    book.set_hidden(anna, False)
    assert "Anna" in names(book.standings("ecarte", "all", IDENTITIES["Bruno"]))


def test_the_ledger_nets_each_pair_and_the_host_settles_in_the_journal() -> None:
    served_ecarte("Anna", "Bruno")          # Anna owes Bruno 3 ices (a treble)
    served_ecarte("Anna", "Bruno")
    served_ecarte("Bruno", "Anna")          # and Bruno owes her 3: netted, 3 left
    book = club_book()
    (debt,) = book.ledger(None)
    assert (debt.debtor, debt.creditor, debt.what, debt.amount) == ("Anna", "Bruno", "ices", 3)
    paid = book.settle("anna", "BRUNO", "ecarte", 1)
    assert (paid.debtor, paid.creditor, paid.amount) == ("Anna", "Bruno", 1)
    assert book.ledger(None)[0].amount == 2
    with pytest.raises(ClubError, match="between 1 and 2"):
        book.settle("Anna", "Bruno", "ecarte", 5)
    with pytest.raises(ClubError, match="nothing"):
        book.settle("Bruno", "Anna", "ecarte")
    with pytest.raises(ClubError, match="nobody called"):
        book.settle("Anna", "Zora", "ecarte")
    book.settle("Anna", "Bruno", "ecarte")          # the rest
    assert book.ledger(None) == []
    journal = (service_folder() / JOURNAL_FILE).read_text()
    assert journal.count('"settle"') == 2
    (service_folder() / "club.sqlite3").unlink()
    assert club_book().ledger(None) == []           # a new book reads the settlements


def test_a_damaged_book_is_moved_aside_with_one_line_and_rebuilt() -> None:
    table = served_ecarte("Anna", "Bruno")
    club_book()
    path = service_folder() / "club.sqlite3"
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"not a database at all " * 100)
    log: list[str] = []
    book = club_book(log)
    assert len(log) == 1 and "club.sqlite3.damaged" in log[0]
    assert (service_folder() / "club.sqlite3.damaged").read_bytes().startswith(b"not a")
    assert [m.session for m in book.matches()] == [table]


def test_a_book_of_another_layout_is_rebuilt() -> None:
    table = served_ecarte("Anna", "Bruno")
    club_book()
    with sqlite3.connect(service_folder() / "club.sqlite3") as db:
        db.execute("PRAGMA user_version=99")
        db.execute("DELETE FROM matches")
    assert [m.session for m in club_book().matches()] == [table]


def test_untrusted_seat_lines_are_skipped_and_the_names_come_from_the_file() -> None:
    table = served_ecarte("Anna", "Bruno", seats=False)
    path = service_folder() / SEATS_FILE
    lines = [
        "not json",
        json.dumps({"table": table, "seats": [{"kind": "human", "name": "Anna",
                                              "identity": "bad\x1b[2Jkey"},
                                             {"kind": "human", "name": "Bruno"}]}),
        json.dumps({"table": table, "seats": [{"kind": "human", "name": "x" * 500}] * 2}),
        json.dumps({"table": table, "seats": "many"}),
        json.dumps({"table": table, "seats": [{"kind": "human", "name": "Anna",
                                              "identity": "k" * 100_000}] * 2}),
        '{"table": "' + table + '", "seats": [',        # cut short by a crash
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines))
    assert SeatsFile(service_folder()).read() == {}
    (match,) = club_book().matches()
    assert [(s.identity, s.name) for s in match.seats] == [(None, "Anna"), (None, "Bruno")]
    # a seats line of another shape (three seats for a duel) is not this match's
    SeatsFile(service_folder()).append(table, [SeatLine("human", name, None, f"id:{name}")
                                               for name in ("Anna", "Bruno", "Carla")])
    club_book().rebuild()
    assert [s.identity for s in club_book().matches()[0].seats] == [None, None]


def run_club(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["club", *args])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_the_club_command_prints_names_and_never_a_key(
        capsys: pytest.CaptureFixture[str]) -> None:
    served_ecarte("Anna", "Bruno")
    served_ecarte("Carla", "Bruno")
    outputs = []
    status, text = run_club(capsys)
    assert status == 0
    assert "Écarté: standings, all time" in text and "Bruno" in text and "provisional" in text
    assert text.index("Bruno") < text.index("Anna")
    outputs.append(text)
    status, text = run_club(capsys, "--game", "ecarte", "--month", "--json")
    data = json.loads(text)
    assert data["period"] == "month" and data["standings"]["ecarte"][0]["name"] == "Bruno"
    assert data["standings"]["ecarte"][0]["matches"] == 2
    outputs.append(text)
    status, text = run_club(capsys, "player", "bruno", "--game", "ecarte")
    assert status == 0 and "Anna" in text and "Carla" in text
    outputs.append(text)
    status, text = run_club(capsys, "player", "Anna", "--json")
    (page,) = json.loads(text)
    assert page["standing"]["matches"] == 1 and page["against"][0]["name"] == "Bruno"
    assert len(page["history"]) == 1
    outputs.append(text)
    status, text = run_club(capsys, "ledger")
    assert "Anna owes Bruno 3 ices (Écarté)" in text
    assert "Carla owes Bruno 3 ices (Écarté)" in text
    outputs.append(text)
    status, text = run_club(capsys, "settle", "Carla", "Bruno", "--game", "ecarte",
                            "--amount", "2")
    assert status == 0 and "recorded: Carla paid Bruno 2 ices" in text
    outputs.append(text)
    status, text = run_club(capsys, "ledger", "--json")
    assert [d["amount"] for d in json.loads(text)] == [3, 1]
    outputs.append(text)
    status, text = run_club(capsys, "rebuild")
    assert status == 0 and "2 matches" in text
    outputs.append(text)
    status, text = run_club(capsys, "player", "Zora")
    assert status == 2 and "nobody called 'Zora'" in text
    outputs.append(text)
    status, text = run_club(capsys, "settle", "Anna", "Bruno", "--game", "ecarte",
                            "--amount", "-4")
    assert status == 2 and "between 1 and 3" in text
    outputs.append(text)
    for identity in IDENTITIES.values():
        assert all(identity not in text for text in outputs)
        assert all(identity.split(":")[-1] not in text for text in outputs)


def test_the_club_command_with_no_book_yet(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run_club(capsys, "--game", "piquet")
    assert status == 0 and "no finished match yet" in text
    status, text = run_club(capsys, "ledger")
    assert status == 0 and "nobody owes anything" in text


def test_what_the_lobby_asks_is_bounded_and_checked() -> None:
    served_ecarte("Anna", "Bruno")
    book = club_book()
    assert book.player_page("ecarte", "A" * 10_000, None) is None
    assert book.player_page("ecarte", "Zora", None) is None
    for bad in ("", "k" * 201, "ssh:\x1b[2J"):
        with pytest.raises(ValueError):
            book.set_hidden(bad, True)
    assert not (service_folder() / JOURNAL_FILE).exists()


def test_a_seats_line_of_other_names_is_not_this_match_s() -> None:
    table = served_ecarte("Anna", "Bruno", seats=False)
    SeatsFile(service_folder()).append(table, [SeatLine("human", "Mallory", None, "id:m"),
                                               SeatLine("human", "Bruno", None, "id:b")])
    (match,) = club_book().matches()
    assert [(s.identity, s.name) for s in match.seats] == [(None, "Anna"), (None, "Bruno")]


def test_the_standings_fit_80_columns_with_the_longest_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    long = "Wolfgang Amadeus Mozart!"          # 24 characters, the most a name may have
    IDENTITIES[long] = "ssh:SHA256:mozart"
    try:
        served_ecarte("Anna", long)
    finally:
        del IDENTITIES[long]
    for language, word in (("en", "provisional"), ("fr", "provisoire"),
                           ("it", "provvisorio")):
        status = main(["--lang", language, "club", "--game", "ecarte"])
        text = capsys.readouterr().out
        assert status == 0 and long in text and text.count(word) == 2
        assert max(len(line) for line in text.splitlines()) < 80, text


def test_a_book_open_in_one_process_sees_what_another_entered() -> None:
    served_ecarte("Anna", "Bruno")
    book = club_book()
    assert [s.matches for s in book.standings("ecarte", "all", None)] == [1, 1]
    assert book.standings("ecarte", "all", None) == book.standings("ecarte", "all", None)
    served_ecarte("Carla", "Bruno")
    assert club_book().catch_up() == 1               # another book, on the same file
    lines = {s.name: s.matches for s in book.standings("ecarte", "all", None)}
    assert lines == {"Anna": 1, "Bruno": 2, "Carla": 1}


def test_a_book_missing_a_table_is_damaged_and_the_command_never_shows_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = served_ecarte("Anna", "Bruno")
    club_book()
    with sqlite3.connect(service_folder() / "club.sqlite3") as db:
        db.execute("DROP TABLE meta")
    log: list[str] = []
    assert [m.session for m in club_book(log).matches()] == [table]
    assert len(log) == 1 and "tables are missing" in log[0]
    # a book that cannot be opened at all: one line, status 2
    for suffix in ("", "-wal", "-shm"):
        Path(f"{service_folder() / 'club.sqlite3'}{suffix}").unlink(missing_ok=True)
    (service_folder() / "club.sqlite3").mkdir()
    status, text = run_club(capsys, "ledger")
    assert status == 2 and "Traceback" not in text and len(text.strip().splitlines()) == 1
    assert text.startswith("polignac-tui: the club's book cannot be read")


def test_this_month_s_standings_hold_this_month_s_matches_only() -> None:
    served_ecarte("Anna", "Bruno")
    next_year = datetime.now(UTC).replace(day=1, year=datetime.now(UTC).year + 1)
    later = ClubBook.open(service_folder(), None, None, lambda: next_year)
    assert later.standings("ecarte", "month", None) == []
    assert names(later.standings("ecarte", "all", None)) == ["Bruno", "Anna"]
    assert names(club_book().standings("ecarte", "month", None)) == ["Bruno", "Anna"]


def test_a_computer_neither_owes_nor_is_owed_nor_is_settled_with() -> None:
    table = GameTable.create(SessionStore(), "ecarte", get_game("ecarte").settings(
        "classique", {"target": 1}), ["Anna", "Bruno"],
        [SeatPlayer(True), SeatPlayer(False, "easy")],
        seed=5, served=True)
    table.close()
    book = club_book()
    (match,) = book.matches()
    assert [(s.name, s.level, s.won) for s in match.seats] == [("Anna", None, False),
                                                               ("Bruno", "easy", True)]
    assert book.ledger(None) == []
    lines = book.standings("ecarte", "all", None)
    assert [(s.name, s.computer, s.provisional) for s in lines] == [
        ("computer (easy)", "easy", False), ("Anna", None, True)]
    with pytest.raises(ClubError, match="nobody called"):
        book.settle("Anna", "computer (easy)", "ecarte")


def test_the_uncertainty_is_on_the_rating_s_own_scale() -> None:
    """"1243 ± 300" says what a player may be: the ± is in the shown rating's units, and
    the rating is the skill less three of them (a newcomer's uncertainty is hundreds)."""
    served_ecarte("Anna", "Bruno")
    book = club_book()
    for line in book.standings("ecarte", "all", None):
        assert line.sigma > 100                      # one match: still very uncertain
        assert abs(line.rating - (line.mu - 3 * line.sigma)) < 0.2
    page = book.player_page("ecarte", "Anna", None)
    assert page is not None and page.standing is not None
    assert page.history[-1].sigma == page.standing.sigma
