"""The club's book from the lobby: a game's standings (this month, all time), a player's
page with the rating chart, the ledger, and leaving the standings; fed by a book of the
club filled with played matches (``clubtools.filled_book``), through the wire's own
writing and reading."""

from __future__ import annotations

from pathlib import Path

import pytest
from clubtools import PEOPLE, BookSource, filled_book
from textual.widgets import DataTable, Static

from polignac_tui.service.client import ServiceError
from polignac_tui.ui.screens.club import ClubScreen, LedgerScreen, PlayerScreen
from polignac_tui.ui.widgets.rating_chart import RatingChart

SMALL = (80, 24)


def rows(screen: object, table: str) -> list[list[str]]:
    grid = screen.query_one(table, DataTable)    # type: ignore[attr-defined]
    return [[str(cell) for cell in grid.get_row_at(i)] for i in range(grid.row_count)]


def text(screen: object, static: str) -> str:
    return str(screen.query_one(static, Static).render())   # type: ignore[attr-defined]


async def until(pilot, condition, what: str, tries: int = 200) -> None:
    """Let the app run until ``condition()`` holds (a worker's answer shown)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never: {what}")


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    return filled_book(tmp_path / "club", monkeypatch)


async def open_book(app, pilot, source: BookSource) -> ClubScreen:
    screen = ClubScreen(source)
    await app.push_screen(screen)
    await until(pilot, lambda: screen.shown is not None or screen.problem, "the standings")
    return screen


async def test_the_standings_show_rank_rating_matches_wins_and_your_line(make_app,
                                                                         book) -> None:
    source = BookSource(book, PEOPLE["Anna"], "Anna")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, source)
        table = rows(screen, "#club-table")
        expected = book.standings("polignac", "month", PEOPLE["Anna"])
        assert [r[0] for r in table] == [str(n) for n in range(1, len(expected) + 1)]
        anna = next(r for r in table if r[1].startswith("Anna"))
        line = next(s for s in expected if s.name == "Anna")
        assert anna[1] == "Anna  (you)" and line.you
        assert anna[2] == f"{line.rating:.0f} ± {line.sigma:.0f}"
        assert anna[3:] == [str(line.matches), str(line.wins), line.last_played]
        dede = next(r for r in table if r[1] == "Dédé")
        assert dede[2].endswith(" ?")                      # 4 matches: provisional
        assert not anna[2].endswith("?")
        assert "? provisional: fewer than 5 matches" in text(screen, "#club-note")
        assert "computer (hard)" in [r[1] for r in table]    # a computer by its level
        assert "Polignac" in text(screen, "#club-title") and "this month" in text(
            screen, "#club-title")
        assert text(screen, "#club-me") == "Show me in the club's standings: yes (h: no)"
        await pilot.press("p")
        await until(pilot, lambda: ("polignac", "all") in [a[1:] for a in source.asked],
                    "all time asked")
        await until(pilot, lambda: "all time" in text(screen, "#club-title"), "all time")
        await pilot.press("f")
        await until(pilot, lambda: screen.shown is not None and screen.shown.game == "ecarte",
                    "Écarté's standings")
        assert rows(screen, "#club-table") == []
        assert "Nobody in the book for Écarté" in text(screen, "#club-note")


async def test_enter_opens_a_player_s_page_with_the_chart_and_the_record(make_app,
                                                                          book) -> None:
    source = BookSource(book, PEOPLE["Anna"], "Anna")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, source)
        names = [r[1] for r in rows(screen, "#club-table")]
        screen.query_one("#club-table", DataTable).move_cursor(row=names.index("Bruno"))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PlayerScreen)
                    and app.screen.page is not None, "Bruno's page")
        page = app.screen
        expected = book.player_page("polignac", "Bruno", PEOPLE["Anna"])
        assert expected is not None
        assert [r[0] for r in rows(page, "#player-against")] == [
            a.name for a in expected.against]
        assert [r[1:] for r in rows(page, "#player-against")] == [
            [str(a.matches), str(a.wins), str(a.losses)] for a in expected.against]
        drawn = page.query_one(RatingChart)
        assert drawn.legend and drawn.legend[0][1] == "Bruno"
        plot = drawn.render().plain
        assert "Bruno: rating after each match" in plot
        # the y axis reads round ratings, never 1137.5: each label a whole number
        labels = [line.split("┤")[0].strip() for line in plot.splitlines() if "┤" in line]
        assert len(labels) >= 2 and all(label.isdigit() for label in labels), plot
        shown = [round(p.rating) for p in expected.history]
        assert int(labels[-1]) <= min(shown) and int(labels[0]) >= 0, plot
        assert text(page, "#player-line").startswith("Rating ")
        assert "5 matches · 4 wins · last played 2026-11-07" in text(page, "#player-line")
        await pilot.press("escape")
        assert app.screen is screen


async def test_the_ledger_says_who_owes_what_to_whom(make_app, book) -> None:
    source = BookSource(book, PEOPLE["Anna"], "Anna")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, source)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LedgerScreen)
                    and app.screen.debts, "the ledger")
        shown = rows(app.screen, "#ledger-table")
        expected = book.ledger(PEOPLE["Anna"])
        assert shown == [["Polignac", d.debtor, d.creditor,
                          f"{d.amount} cognac" + ("s" if d.amount > 1 else "")]
                         for d in expected]
        assert ["Polignac", "Céleste", "Anna", "2 cognacs"] in shown
        await pilot.press("escape")
        assert app.screen is screen


async def test_leaving_the_standings_hides_you_from_the_others_only(make_app, book) -> None:
    bruno = BookSource(book, PEOPLE["Bruno"], "Bruno")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, bruno)
        await pilot.press("h")
        await until(pilot, lambda: screen.hidden is True
                    and "no, only you see" in text(screen, "#club-me"), "hidden")
        await until(pilot, lambda: screen.shown is not None and screen.shown.hidden,
                    "the standings again")
        assert any(r[1] == "Bruno  (you)" for r in rows(screen, "#club-table"))
        assert book.hidden(PEOPLE["Bruno"])
        anna = BookSource(book, PEOPLE["Anna"], "Anna")
        assert "Bruno" not in [s.name for s in (await anna.club("polignac", "all")).standings]
        # only what is between them stays in Anna's ledger (what is owed stays owed)
        assert all("Anna" in (d.debtor, d.creditor) for d in await anna.club_ledger()
                   if "Bruno" in (d.debtor, d.creditor))
        assert await anna.club_player("polignac", "Bruno") is None
        await pilot.press("h")          # back in
        await until(pilot, lambda: screen.hidden is False, "shown again")
        assert "Bruno" in [s.name for s in (await anna.club("polignac", "all")).standings]


class Unreachable(BookSource):
    async def club(self, game: str, period: str):   # type: ignore[override]
        raise ServiceError("lost", "not connected to the table service (closed)")


async def test_a_service_gone_is_said_on_the_screen(make_app, book) -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, Unreachable(book, PEOPLE["Anna"], "Anna"))
        assert "not connected" in text(screen, "#club-note").lower()
        assert screen.query_one("#club-note").has_class("-error")
        assert rows(screen, "#club-table") == []


def book_app(make_app, book, **options):
    source = BookSource(book, PEOPLE["Anna"], "Anna")
    return make_app(**options), source


def _opener(source: BookSource, then: tuple[str, ...] = ()):
    async def run_before(pilot) -> None:
        screen = ClubScreen(source)
        await pilot.app.push_screen(screen)
        await until(pilot, lambda: screen.shown is not None, "the standings")
        await pilot.press(*then)
        if then:
            await until(pilot, lambda: getattr(pilot.app.screen, "page", None) is not None
                        or getattr(pilot.app.screen, "debts", None), "the next screen")
        await pilot.pause()
    return run_before


def test_the_book_snapshot(snap_compare, make_app, book) -> None:
    app, source = book_app(make_app, book)
    assert snap_compare(app, terminal_size=SMALL, run_before=_opener(source))


def test_the_player_page_snapshot_ascii(snap_compare, make_app, book, settings) -> None:
    settings.ascii = True
    app, source = book_app(make_app, book)
    anna = ("down", "down", "down", "enter")         # the fourth line: Anna's
    assert snap_compare(app, terminal_size=SMALL, run_before=_opener(source, anna))


def test_the_ledger_snapshot_no_color(snap_compare, make_app, book, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, source = book_app(make_app, book)
    assert snap_compare(app, terminal_size=SMALL, run_before=_opener(source, ("l",)))


def test_the_help_lists_the_club_s_screens() -> None:
    from polignac_tui.ui.screens.help import sections
    found = dict(sections())
    book = dict(found["The club's book (lobby: b)"])
    assert {"f", "p", "enter", "l", "h", "esc / q", "↑ ↓"} <= set(book)
    assert "join them again" in book["h"] and "page" in book["enter"]
    assert dict(found["A player's page in the club's book"])["esc / q"]
    assert dict(found["The club's ledger"])["esc / q"]


def test_the_book_s_refusals_are_said_in_the_player_s_language() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.ui.screens.club import refused
    changes = ServiceError("busy", "at most 5 changes in 60 seconds: wait a moment",
                           (("what", "club_changes"), ("count", 5), ("seconds", 60)))
    assert refused(changes) == ("You may leave or rejoin the standings 5 times in 60 "
                                "seconds: wait a moment.")
    assert "host's log" in refused(ServiceError("busy", "x", (("what", "club_book"),)))
    assert "last question" in refused(ServiceError("busy", "x", (("what", "club_asking"),)))
    with speaking(translator_for("fr")):
        assert refused(changes).startswith("Tu peux quitter ou rejoindre le classement 5 fois")


class Hostile(BookSource):
    """A service whose names look like markup: shown as they are."""

    async def club(self, game: str, period: str):   # type: ignore[override]
        from polignac_tui.club.records import Standing
        from polignac_tui.service import club_wire
        line = Standing("[red]Eve[/]", None, 1010.0, 25.0, 8.3, True, 1, 1, "2026-11-27",
                        False)
        return club_wire.standings_answer({"game": game, "period": period, "hidden": False,
                                           "standings": [club_wire.standing_to_json(line)]})

    async def club_player(self, game: str, name: str):   # type: ignore[override]
        return None


async def test_names_are_shown_literally(make_app, book) -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_book(app, pilot, Hostile(book, PEOPLE["Anna"], "Anna"))
        assert rows(screen, "#club-table")[0][1] == "[red]Eve[/]"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PlayerScreen)
                    and "no page" in text(app.screen, "#player-note"), "no page")
        assert text(app.screen, "#player-title").startswith("[red]Eve[/]")
        assert "[red]Eve[/]" in text(app.screen, "#player-note")
