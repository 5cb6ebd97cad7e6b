"""The charts: a session's score (Saved sessions → g) and the Statistics screen (Home → t),
their data, filters, and a snapshot of each (colour, NO_COLOR-like, ASCII)."""

from __future__ import annotations

import os
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from polignac_file import dumps
from tabletools import listed, open_table, seam_view, seated, settle
from textual.widgets import DataTable, Input, Static

from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.ui.screens.charts import SessionChartScreen, StatsScreen, averages
from polignac_tui.ui.screenshots import FIXED
from polignac_tui.ui.widgets.charts import ScoreChart, markers, running_totals

SMALL = (80, 24)
FIXED_PATH = Path("20261103-2000-dede.toml")


def done(id: str, names: tuple[str, ...], seed: int, limit: int = 10,
         updated: datetime = FIXED) -> Session:
    rng = random.Random(seed)
    players = [Player(names[0])] + [Player(n, "computer", "medium") for n in names[1:]]
    session = Session.new(preset("italiana", len(names)).replace(limit=limit), players, rng,
                          id=id, created=updated, updated=updated)
    while not session.finished:
        random_step(session, rng)
    return session


def save(store, session: Session) -> None:
    store.root.mkdir(parents=True, exist_ok=True)
    path = store.path(session.id)
    path.write_text(dumps(session), encoding="utf-8")
    stamp = session.updated.timestamp()
    os.utime(path, (stamp, stamp))


def table_rows(screen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def test_markers_and_running_totals() -> None:
    assert markers(["Ana", "Bruno", "anne", "Élodie", "7up"]) == ["A", "B", "3", "E", "5"]
    assert running_totals([[1, 0, 2], [0, 3, 1]], 3) == [[0, 1, 1], [0, 0, 3], [0, 2, 3]]


def test_averages_per_session_oldest_first(store) -> None:
    old = done("20261101-2000-ana", ("Ana", "Bruno", "Claire"), 1)
    new = done("20261102-2000-ana", ("Ana", "Bruno", "Claire"), 2,
               updated=FIXED + timedelta(days=1))
    for s in (new, old):
        save(store, s)
    summaries = store.summaries()
    got = averages(summaries, "Ana")
    want = [sum(d.points()[0] for d in s.deals) / len(s.deals) for s in (old, new)]
    assert got == want


async def test_session_chart_from_saved_sessions(make_app, store) -> None:
    session = done("20261121-2130-ana", ("Ana", "Bruno", "Claire", "Denis"), 3)
    save(store, session)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await listed(pilot)
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionChartScreen)
        chart = screen.query_one(ScoreChart)
        drawn = chart.render().plain
        for letter, name in zip("ABCD", ("Ana", "Bruno", "Claire", "Denis"), strict=True):
            assert f"{letter} {name}" in drawn                  # the legend, by letter
        assert "limit, 10" in drawn
        note = str(screen.query_one("#chart-note", Static).render())
        assert note.endswith(", ".join(f"{p.name} {t}" for p, t in
                                       zip(session.players, session.totals, strict=True)))
        await pilot.press("escape")
        assert not isinstance(app.screen, SessionChartScreen)


async def test_statistics_filters_by_period_and_players(make_app, store) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    save(store, done("20261101-2000-ana", ("Ana", "Bruno", "Claire"), 1,
                     updated=now - timedelta(days=100)))
    save(store, done("20261102-2000-ana", ("Ana", "Denis", "Eva"), 2,
                     updated=now - timedelta(days=2)))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        for _ in range(100):
            if not screen.reading:
                break
            await pilot.pause(0.02)
        names = [r[0] for r in table_rows(screen)]
        assert names[0] == "Ana" and table_rows(screen)[0][1] == "2" and len(names) == 5
        await pilot.press("p", "p")                 # all time → 12 months → 30 days
        assert "last 30 days" in str(screen.query_one("#stats-period", Static).render())
        assert {r[0] for r in table_rows(screen)} == {"Ana", "Denis (medium)",
                                                      "Eva (medium)"}
        await pilot.press("p", "p")                 # back to all time
        await pilot.press("w")
        assert app.focused is screen.query_one("#stats-with", Input)
        await pilot.press(*"bruno", "enter")        # the letters go to the field
        assert screen.period == 0
        assert {r[0] for r in table_rows(screen)} == {"Ana", "Bruno (medium)",
                                                      "Claire (medium)"}
        assert "with bruno" in str(screen.query_one("#stats-note", Static).render())
        await pilot.press("escape")
        assert not isinstance(app.screen, StatsScreen)


def stats_app(make_app, store):
    for n in range(4):
        save(store, done(f"2026110{n + 1}-2000-ana", ("Ana", "Bruno", "Claire"), n,
                         updated=FIXED + timedelta(days=n)))
    return make_app()


def test_statistics_snapshot(snap_compare, make_app, store) -> None:
    assert snap_compare(stats_app(make_app, store), terminal_size=SMALL, press=["t"])


def test_statistics_snapshot_ascii(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    assert snap_compare(stats_app(make_app, store), terminal_size=SMALL, press=["t"])


def chart_app(make_app, store):
    save(store, done("20261121-2130-ana", ("Ana", "Bruno", "Claire", "Denis"), 3))
    return make_app()


async def _open_chart(pilot) -> None:
    await pilot.press("s")
    await listed(pilot)
    await pilot.press("g")
    await pilot.pause()


def test_session_chart_snapshot(snap_compare, make_app, store) -> None:
    assert snap_compare(chart_app(make_app, store), terminal_size=SMALL,
                        run_before=_open_chart)


def test_session_chart_snapshot_no_color(snap_compare, make_app, store, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = chart_app(make_app, store)
    assert app.no_color
    assert snap_compare(app, terminal_size=SMALL, run_before=_open_chart)


def test_session_chart_snapshot_ascii_large(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    assert snap_compare(chart_app(make_app, store), terminal_size=(120, 36),
                        run_before=_open_chart)


async def test_the_end_of_session_screen_opens_the_chart(make_app, store) -> None:
    """The finished table (its end-of-match box closed) opens the session's chart (g)."""
    from polignac_tui.ui.screens.panels import MatchOverBox
    from polignac_tui.ui.screens.table import TableScreen
    session = done("20261121-2130-ana", ("Ana", "Bruno", "Claire", "Denis"), 3)
    app = make_app(table=open_table(store, session))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MatchOverBox))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionChartScreen)
        assert screen.deals == [list(d.points()) for d in session.deals]
        assert screen.limit == 10 and "limit, 10" in screen.query_one(ScoreChart).render().plain
        note = str(screen.query_one("#chart-note", Static).render())
        assert note.endswith(", ".join(f"{p.name} {t}" for p, t in
                                       zip(session.players, session.totals, strict=True)))
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_end_of_a_served_session_has_a_word_for_the_table(make_app) -> None:
    """At a table of the service the end of the session keeps the talk line: ' opens it,
    what is typed is words (g, q: never the chart nor the way out), Enter says it; a
    session of this process has no talk there."""
    from polignac_tui.games.polignac.tui.cognac import cognac
    from polignac_tui.table.talk import Said, TalkRoom
    from polignac_tui.ui.cardtext import CardLook
    from polignac_tui.ui.screens.panels import MatchOverBox
    from polignac_tui.ui.widgets.talk import TalkBar
    session = done("20261121-2130-ana", ("Ana", "Bruno", "Claire", "Denis"), 3)
    room, said = TalkRoom(), []

    async def say(text: str) -> None:
        said.append(text)
        room.hear(Said("Ana", 0, text, mine=True))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        view = seam_view(session, 0)
        local = MatchOverBox("The match is over", cognac(view, CardLook(), seated(view)), False)
        await app.push_screen(local)
        assert local.check_action("talk", ()) is False and not local.query(TalkBar)
        local.dismiss(None)
        await pilot.pause()
        screen = MatchOverBox("The match is over", cognac(view, CardLook(), seated(view)), True,
                              room, say)
        await app.push_screen(screen)
        await pilot.press("apostrophe")
        await pilot.pause()
        assert screen.query_one(TalkBar).is_open
        for key in "gg, quel cognac":
            await pilot.press("space" if key == " " else "comma" if key == "," else key)
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.01)
            if said:
                break
        assert said == ["gg, quel cognac"]
        assert app.screen is screen and not screen.query_one(TalkBar).is_open


async def test_accented_names_in_an_ascii_chart_stay_readable() -> None:
    """ASCII mode folds the legend's names and letters (Élodie: E, "Elodie"), never "?"."""
    from textual.app import App, ComposeResult

    assert markers(["Élodie", "François", "Eva"]) == ["E", "F", "3"]

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield ScoreChart(ascii=True, colour=False)

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        chart = app.query_one(ScoreChart)
        chart.show_scores(["Élodie", "François", "Dédé"], [[1, 2, 0], [0, 3, 2]], 10)
        await pilot.pause()
        text = chart.render()
        plain = text.plain if hasattr(text, "plain") else str(text)
        assert plain.isascii()
        assert "Elodie" in plain and "Francois" in plain and "Dede" in plain
        assert "?" not in plain


def test_the_players_filter_ignores_case_and_accents() -> None:
    """In ASCII mode "Dédé" shows as "Dede": typing what is shown finds the player."""
    from polignac_file import summarize

    from polignac_tui.ui.screens.charts import name_key, with_players
    session = done("20261103-2000-dede", ("Dédé", "Élodie", "Claire"), 4)
    summary = summarize(session.id, store_path := FIXED_PATH, FIXED, session)
    assert summary.path == store_path
    assert name_key(" DEDE ") == name_key("Dédé") == "dede"
    assert with_players(summary, [name_key("dede"), name_key("elodie")])
    assert not with_players(summary, [name_key("ded")])


# -- issue 27, point 9: the legend lies over nothing, flat lines are told apart, and a
# value is drawn on the row its label says ----------------------------------------------
async def chart_lines(chart, size: tuple[int, int], show) -> list[str]:
    from textual.app import App, ComposeResult

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield chart

    async with One().run_test(size=size) as pilot:
        show(chart)
        await pilot.pause()
        return chart.render().plain.split("\n")


async def test_after_one_deal_the_legend_is_off_the_limit_line_and_flat_lines_show() -> None:
    names = ["Ana", "Bruno", "Claire", "Denis"]
    lines = await chart_lines(ScoreChart(colour=False), (80, 20),
                              lambda c: c.show_scores(names, [[0, 0, 1, 0]], 10))
    limit = next(line for line in lines if line.lstrip().startswith("10"))
    assert set(limit.strip()[2:]) <= set("─├┤┼│")          # the limit line, nothing on it
    plot = lines[:next(i for i, line in enumerate(lines) if "└" in line)]
    assert not any(name in line for line in plot for name in names)   # no legend over it
    assert "A Ana" in lines[-1] and "D Denis" in lines[-1]            # under the plot
    zero = next(line for line in plot if line.lstrip().startswith("0"))
    assert "ABCD" in zero and "ABD" in zero      # three players on 0: three letters


async def test_a_player_s_average_is_drawn_on_the_row_labelled_with_it() -> None:
    from polignac_tui.ui.widgets.charts import AverageChart
    for averages_, size in (([2.0], (80, 12)), ([2.0, 1.5, 0.5], (80, 14)),
                            ([2.0, 1.5, 0.5], (100, 20))):
        lines = await chart_lines(AverageChart(colour=False), size,
                                  lambda c, a=averages_: c.show_averages("Bruno", a))
        plot = lines[:next(i for i, line in enumerate(lines) if "└" in line)]
        labels = [(i, float(m[1])) for i, line in enumerate(plot)
                  if (m := re.match(r"\s*([0-9.]+)[┤├]", line))]
        (top, high), (bottom, low) = labels[0], labels[-1]
        per_row = (high - low) / (bottom - top)       # every row stands for a value
        for value in averages_:
            rows = [line for i, line in enumerate(plot)
                    if abs(high - (i - top) * per_row - value) < 1e-9]
            assert rows and "B" in rows[0], (value, "\n".join(lines))


async def test_q_closes_statistics_but_types_in_the_players_field(make_app, store) -> None:
    """Issue 27, point 10: ``q`` leaves Statistics as Esc does (a q in the players
    field is a letter of a name)."""
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await pilot.press("w", "q")
        assert screen.query_one("#stats-with", Input).value == "q"
        assert app.screen is screen
        await pilot.press("enter", "q")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)
