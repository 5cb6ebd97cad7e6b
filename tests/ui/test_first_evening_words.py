"""What a new player tripped on in words (issue 27, point 7): the replay's verbs agree
with "You", the deal's headline says who took the jacks, the new-session form names no
rulebook, the lobby names presets by their titles, the score legend speaks of a deal in
play only when there is one, the palette has no "??" in ASCII mode, help and README agree
on the mouse."""

from __future__ import annotations

import functools
import html
import random
import re
from pathlib import Path
from typing import Any

from tabletools import seam_view, seated
from textual.widgets import Static

from polignac_tui.games.polignac import game_session as as_game_session
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.ui.screens.replay import ReplayScreen


def screen_text(app: Any) -> str:
    """The screen as drawn (the SVG screenshot's text runs; each line ends with one)."""
    svg = app.export_screenshot(title="words")
    runs = re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.S)
    return "".join(html.unescape(run).replace("\xa0", " ") for run in runs)


def played(names: tuple[str, ...], seed: int = 3, limit: int = 1000) -> Session:
    """Deal 1 over, deal 2 dealt: you (the first seat) and computers."""
    rng = random.Random(seed)
    players = [Player(names[0])] + [Player(n, "computer", "medium") for n in names[1:]]
    session = Session.new(preset("classique", len(names)).replace(limit=limit), players, rng,
                          id="20261125-2000-you")
    while len(session.deals) < 2:
        random_step(session, rng)
    return session


# -- the replay: "You lead", "You win the trick" ----------------------------------------------
async def test_the_replay_speaks_to_you_in_the_second_person(make_app) -> None:
    first = played(("Ana", "Bruno", "Claire", "Denis", "Eva"))
    leader = first.deals[0].tricks[0].leader
    names = ["Bruno", "Claire", "Denis", "Eva"]
    names.insert(leader, "You")
    seated = tuple(names)
    session = played(seated)         # the same deal (names play no part), "You" leads it
    assert session.deals[0].tricks[0].leader == seated.index("You")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReplayScreen(as_game_session(session), deal=1)
        app.push_screen(screen)
        await pilot.pause()
        seen = []
        for _ in range(len(session.deals[0].actions) + 1):
            seen.append(str(screen.query_one("#replay-trick", Static).render()))
            await pilot.press("right")
        trick = "\n".join(seen)
        assert "Trick 1: You lead" in seen[0]
        assert "You leads" not in trick and "You wins" not in trick
        you = seated.index("You")
        if any(t.winner == you for t in session.deals[0].tricks):
            assert "You win the trick" in trick


# -- the deal's headline: who took the jacks ------------------------------------------------
def view_of(jacks: list[list[str]], seat: int = 0) -> Any:
    """A seat's view of a deal whose jacks went as ``jacks``: you at ``seat``, no
    générale, no chelem."""
    from dataclasses import replace
    view = _deal_view(seat)
    deal = {"dealer": 0, "declarer": None, "chelem": None, "points": None, "undos": 0}
    return replace(view, game_part={**view.game_part, "deals": [deal],
                                    "jacks_taken": [list(j) for j in jacks]})


@functools.cache
def _deal_view(seat: int) -> Any:
    return seam_view(played(("Ana", "Bruno", "Claire", "Denis")), seat)


def outcome(view: Any) -> str:
    """The deal's headline, the view's seat being "you"."""
    from polignac_tui.games.polignac.tui.summary import outcome as headline
    return headline(view, seated(view))


def test_the_deal_headline_says_who_took_the_jacks() -> None:
    assert outcome(view_of([["JH", "JD", "JC"], ["JS"], [], []])) == "You took three jacks."
    assert outcome(view_of([[], ["JH", "JD", "JS"], ["JC"], []])) == (
        "Bruno took three jacks.")
    assert outcome(view_of([["JH", "JD"], ["JS", "JC"], [], []])) == (
        "You and Bruno took two jacks each.")
    assert outcome(view_of([[], ["JS", "JC"], ["JH", "JD"], []])) == (
        "Bruno and Claire took two jacks each.")
    assert outcome(view_of([["JH"], ["JS"], ["JD", "JC"], []])) == (
        "Claire took two jacks; you and Bruno one each.")
    assert outcome(view_of([["JH"], ["JS"], ["JD"], ["JC"]])) == (
        "The jacks are shared out: one each.")
    assert outcome(view_of([["JH", "JS", "JD", "JC"], [], [], []])) == (
        "You took all four jacks.")


# -- the new-session form names no rulebook -------------------------------------------------
async def test_the_new_session_form_names_no_rulebook(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        text = screen_text(app)
        assert "Start from a preset; the seats in the order of play." in text
        assert "rulebook" not in text and "§" not in text


# -- the lobby: preset titles -----------------------------------------------------------------
def test_the_lobby_names_each_tables_game_and_preset_by_their_titles() -> None:
    """Every game's row names its game (Polignac's too: the new-user trial found it did
    not) and its preset by its short title, as the table's header; a game or a preset
    this version does not know, as the service sent it."""
    from types import SimpleNamespace

    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.ui.screens.lobby import game_preset

    def row(game: str, preset: str) -> str:
        return game_preset(SimpleNamespace(game=game, preset=preset))   # type: ignore[arg-type]

    assert row("polignac", "classique") == "Polignac · Classique"
    assert row("polignac", "generale") == "Polignac · La générale"
    assert row("ecarte", "italiana") == "Écarté · Italiana"
    assert row("piquet", "cent") == "Piquet · Piquet au cent"
    assert row("polignac", "[b]new (x)") == "Polignac · [b]new (x)"   # unknown: literal
    assert row("ecarte", "custom") == "Écarté · Custom"          # settings changed
    assert row("bridge", "rubber") == "bridge · rubber"
    with speaking(translator_for("it")):
        assert row("polignac", "italiana") == "Polignac · Italiana"
        assert row("piquet", "cent") != "Piquet · Piquet au cent"


# -- the score legend: "· in play" only with a deal in play ---------------------------------
def test_the_legend_speaks_of_a_deal_in_play_only_when_there_is_one() -> None:
    from rich.console import Console

    from polignac_tui.games.polignac.tui.scores import full_with_legend

    def drawn(session: Session) -> str:
        console = Console(width=100, record=True, color_system=None)
        console.print(full_with_legend(seam_view(session, 0)))
        return console.export_text()

    session = played(("Ana", "Bruno", "Claire", "Denis"), limit=10)
    assert "· in play" in drawn(session)                 # deal 2 is being played
    rng = random.Random(5)
    for _ in range(5000):                                # a few deals of 32 cards
        if session.finished:
            break
        random_step(session, rng)
    assert session.finished
    final = drawn(session)
    assert "d dealer, C chelem" in final and "in play" not in final


async def test_the_final_table_has_no_legend_for_a_deal_in_play(tmp_path: Path) -> None:
    from polignac_tui.config import Settings
    from polignac_tui.games.polignac.tui import scenes as shots
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.app import CardGamesApp
    store = SessionStore(tmp_path / "sessions")
    app = CardGamesApp(Settings(name="Ana", pace="instant"), store, start="resume",
                      resume_id=shots.final_session(store), seed=shots.SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        await shots.to_cognac(pilot, app)
        text = screen_text(app)
        assert "Final table" in text and "d dealer, C chelem" in text
        assert "in play" not in text


# -- ASCII mode: the command palette --------------------------------------------------------
async def test_the_command_palette_in_ascii_has_no_question_marks(tmp_path: Path) -> None:
    from polignac_tui.config import Settings
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.app import CardGamesApp
    app = CardGamesApp(Settings(name="Ana", ascii=True), SessionStore(tmp_path / "s"))
    async with app.run_test(size=(80, 24)) as pilot:
        from textual.command import CommandPalette
        await pilot.pause()
        await pilot.press("ctrl+p")
        for _ in range(100):                     # a few seconds at most
            if isinstance(app.screen, CommandPalette):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, CommandPalette)
        await pilot.pause(0.2)
        text = screen_text(app)
        assert "> Search for commands." in text          # the search icon, in ASCII
        assert "??" not in text and text.isascii()


# -- help and README: a click selects, a second click plays ---------------------------------
def test_help_and_readme_agree_on_the_mouse() -> None:
    from polignac_tui.ui.screens.help import help_text as written
    help_text = " ".join(written().split())
    assert "select a card with the mouse; a click on the selected card plays it" in help_text
    assert "play a card with the mouse" not in help_text
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "click a card to select it, click it again to play it" in readme
