"""Snapshots of the table of a game of the seam: Écarté against a computer and Piquet
between two people at one keyboard, at 80×24 and 120×36 (seeded, pace instant).

Update after a deliberate change of the look with ``--snapshot-update``, and look at them.
"""

from __future__ import annotations

import pytest
from gametools import act, game_screen, game_table, play_until, settle, word_key

SMALL = (80, 24)
LARGE = (120, 36)


async def ecarte_in_play(pilot) -> None:
    """Ana proposed, Bruno accepted, both exchanged; Ana played; a card of Bruno's lies
    on the table and Ana is to follow."""
    app = pilot.app
    await settle(pilot)
    await pilot.press(word_key(app, "propose"))
    await settle(pilot)
    await act(pilot)                   # Ana's discard
    await settle(pilot)
    await pilot.press(word_key(app, "play"))
    await settle(pilot)
    for _step in range(6):
        view = game_screen(app).view()
        if view.trick and view.turn == 0:
            break
        await act(pilot)
        await settle(pilot)
    await pilot.pause()


async def piquet_declared(pilot) -> None:
    """The exchange and the declarations made: the younger to follow the elder's lead."""
    await play_until(pilot, lambda view: view.trick)
    await pilot.pause()


async def piquet_answering(pilot) -> None:
    """The elder has called; the younger (both at one keyboard) reads his calls, a line a
    kind, and chooses: what wins or ties is marked at first; her first kind unmarked,
    so that one button reads as sinking and the others as her answers."""
    view = await play_until(pilot, lambda view: view.game_part.get("phase") == "declare_younger")
    await pilot.press(word_key(pilot.app, view.choice.words[0]))
    await pilot.pause()


# Seed 7: Bruno, the elder, calls a point and a sequence; Ana's point is better, her
# sequence equal, and she holds sets he did not call.
ANSWERS_SEED = 7


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_piquet_declarations_answered(snap_compare, make_app, store, lang) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=ANSWERS_SEED, both_human=True),
                   lang=lang)
    assert snap_compare(app, terminal_size=SMALL, run_before=piquet_answering)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_piquet_declarations_said(snap_compare, make_app, store, lang) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=ANSWERS_SEED, both_human=True),
                   lang=lang)
    assert snap_compare(app, terminal_size=SMALL, run_before=piquet_declared)


def test_ecarte_table(snap_compare, make_app, store) -> None:
    app = make_app(game_table=game_table(store, "ecarte", seed=4))
    assert snap_compare(app, terminal_size=SMALL, run_before=ecarte_in_play)


def test_ecarte_table_large(snap_compare, make_app, store) -> None:
    app = make_app(game_table=game_table(store, "ecarte", seed=4))
    assert snap_compare(app, terminal_size=LARGE, run_before=ecarte_in_play)


def test_ecarte_table_ascii(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    app = make_app(game_table=game_table(store, "ecarte", seed=4))
    assert snap_compare(app, terminal_size=SMALL, run_before=ecarte_in_play)


def test_piquet_table(snap_compare, make_app, store) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=5, both_human=True))
    assert snap_compare(app, terminal_size=SMALL, run_before=piquet_declared)


def test_piquet_table_large(snap_compare, make_app, store) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=5, both_human=True))
    assert snap_compare(app, terminal_size=LARGE, run_before=piquet_declared)


def test_piquet_against_a_computer(snap_compare, make_app, store) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=3, level="medium"))
    assert snap_compare(app, terminal_size=SMALL, run_before=piquet_declared)


async def form_for(pilot, game: str) -> None:
    from textual.widgets import Select
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#game", Select).value = game
    await pilot.pause()
    await pilot.pause()


def test_new_session_form_of_ecarte(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        await form_for(pilot, "ecarte")

    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run_before)


def test_new_session_form_of_piquet_in_italian(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        await form_for(pilot, "piquet")

    assert snap_compare(make_app(lang="it"), terminal_size=SMALL, run_before=run_before)
