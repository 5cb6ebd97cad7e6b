"""The screens in French and Italian at 80×24: home, new session, the table in mid-trick,
the rules panel, the deal summary, the end of the session (issue 12: every screen fits).

Update after a deliberate change of the look with ``pytest tests/ui --snapshot-update``,
then look at the PNGs.
"""

from __future__ import annotations

import pytest
from tabletools import open_table, polignac_table, settle, strong_session
from test_shell_snapshots import home_ready
from test_table_snapshots import mid_trick, seated, to_summary

from polignac_tui.games.polignac.engine import Player, preset
from polignac_tui.games.polignac.tui.scenes import fill_store

SMALL = (80, 24)
LANGUAGES = pytest.mark.parametrize("lang", ["fr", "it"])


@LANGUAGES
def test_home(snap_compare, make_app, store, lang) -> None:
    fill_store(store)
    assert snap_compare(make_app(lang=lang), terminal_size=SMALL, run_before=home_ready)


@LANGUAGES
def test_new_session(snap_compare, make_app, lang) -> None:
    assert snap_compare(make_app(lang=lang), terminal_size=SMALL, press=["n"])


@LANGUAGES
def test_table_mid_trick(snap_compare, make_app, store, lang) -> None:
    assert snap_compare(make_app(table=seated(store), lang=lang), terminal_size=SMALL,
                        run_before=mid_trick)


@LANGUAGES
def test_rules_panel(snap_compare, make_app, store, lang) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()

    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire")]
    rules = preset("italiana", 3).replace(jack_guard=True)
    table = polignac_table(store, rules, seats, name="Friday", seed=5)
    assert snap_compare(make_app(table=table, lang=lang), terminal_size=SMALL,
                        run_before=run_before)


@LANGUAGES
def test_deal_summary(snap_compare, make_app, store, lang) -> None:
    assert snap_compare(make_app(table=seated(store), lang=lang), terminal_size=SMALL,
                        run_before=to_summary)


@LANGUAGES
def test_end_of_session(snap_compare, make_app, store, lang) -> None:
    async def run_before(pilot) -> None:
        await to_summary(pilot)
        await pilot.press("enter")
        await pilot.pause()

    table = open_table(store, strong_session(limit=5))
    assert snap_compare(make_app(table=table, lang=lang), terminal_size=SMALL,
                        run_before=run_before)
