"""The end of a deal and of the match read the same at every game (issue 34, "one
deal-over box, one end-of-match sheet", found by a new user's trial): at Écarté and
Piquet the deal's box has Polignac's columns (Player with the dealer marked, Tricks,
Deal, Total) and the match's box its outcome, then the final table of every deal; the
box's keys are on its frame only, never again in its body."""

from __future__ import annotations

import random

import pytest
from gametools import piquet_deal_played
from rich.console import Console

from polignac_tui.games import get_game
from polignac_tui.games.base import Match
from polignac_tui.games.ecarte.players import choose
from polignac_tui.games.ecarte.tui import FACE as ECARTE
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.players import choose as piquet_choose
from polignac_tui.games.piquet.tui import FACE as PIQUET
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gamedraw import end_text, score_table, trick_log
from polignac_tui.ui.gameface import Seating

LOOK = CardLook(ascii=False, jacks=False)
NAMES = ("Ana", "Bruno")


def rendered(text: object) -> str:
    console = Console(width=76, color_system=None, force_terminal=False)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


def rows(box: str) -> list[list[str]]:
    return [line.split() for line in box.split("\n") if line.strip(" ─")]


def ecarte_match_played(seed: int) -> Match:
    """A whole game of Écarté between two easy computers, to five (seeded)."""
    game = get_game("ecarte")
    match = game.start(game.settings("classique", {}), list(NAMES), 0)
    rng = random.Random(seed)
    for _deal in range(40):
        if match.outcome is not None:
            return match
        match.start_deal(match.shuffle(rng))
        while match.turn is not None:
            match.apply(choose(match.view(match.turn), "easy", rng), match.turn)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize(("lang", "heads", "dealt", "keys"), [
    ("en", ["Player", "Tricks", "Deal", "Total"], "(D)", "Enter goes"),
    ("fr", ["Joueur", "Plis", "Donne", "Total"], "(D)", "Entrée"),
    ("it", ["Giocatore", "Prese", "Smazz.", "Totale"], "(M)", "Invio"),
])
def test_the_deals_box_has_polignacs_columns(lang, heads, dealt, keys) -> None:
    match = piquet_deal_played(NAMES)
    view = match.view(0)
    with speaking(translator_for(lang)):
        box = rendered(end_text(view, LOOK, Seating(NAMES, None), PIQUET, False))
    lines = rows(box)
    assert lines[0] == heads, box
    dealer = view.deals[-1].dealer
    assert dealer is not None
    points = view.deals[-1].points
    assert points is not None and sum(points) > 0
    for seat, name in enumerate(NAMES):
        row = next(r for r in lines if r[0] == name)
        marked = [dealt] if seat == dealer else []
        deal = f"+{points[seat]}" if points[seat] else "0"
        assert row == [name, *marked, str(view.tricks_won[seat]), deal,
                       str(view.totals[seat])], box
    assert sum(view.tricks_won) == 12
    assert keys not in box                       # the frame says the keys


def test_the_match_box_has_its_outcome_then_the_final_table() -> None:
    match = ecarte_match_played(seed=3)
    view = match.view(0)
    assert len(view.deals) >= 2
    box = rendered(end_text(view, LOOK, Seating(NAMES, 0), ECARTE, True))
    lines = [line.strip() for line in box.split("\n") if line.strip(" ─")]
    outcome = ECARTE.outcome(view, Seating(NAMES, 0)).plain.split("\n")[0]
    assert lines[0] == outcome, box
    assert "Final table" in lines
    said = [line for line in lines if line.startswith("+")]
    assert said and lines.index(said[-1]) < lines.index("Final table"), box   # the last
    # deal's points by reason come before the final table
    table = rows(box)
    for number, deal in enumerate(view.deals, start=1):
        assert deal.points is not None
        row = next(r for r in table if r[0] == str(number))
        shown = [p for p in row[2:2 + len(NAMES)]]
        assert shown == [f"+{p}" if p else "0" for p in deal.points], box
    total = next(r for r in table if r[0] == "Total")
    assert total[1:] == [str(t) for t in view.totals], box
    assert max(view.totals) >= 5
    assert "Enter goes" not in box


@pytest.mark.parametrize(("lang", "heads", "total", "won"), [
    ("en", ["Deal", "Dealer", "Ana", "Bruno", "Totals"], "Total", "Won by"),
    ("fr", ["Donne", "Donneur", "Ana", "Bruno", "Totaux"], "Total", "Pris par"),
    ("it", ["Smazz.", "Mazziere", "Ana", "Bruno", "Totali"], "Totale", "Presa da"),
])
def test_the_shared_sheets_headings_are_capitalised_as_polignacs(lang, heads, total,
                                                                 won) -> None:
    """The score sheet and the trick log of every game head their columns as Polignac's
    score table does ("Deal ... Total"), in every language."""
    match = ecarte_match_played(seed=3)
    view = match.view(0)
    with speaking(translator_for(lang)):
        sheet = rendered(score_table(view, LOOK))
        log = rendered(trick_log(view, LOOK))
    lines = rows(sheet)
    assert lines[0] == heads, sheet
    assert next(r for r in lines if r[0] == total)[1:] == [str(t) for t in view.totals], sheet
    assert " ".join(rows(log)[0]).endswith(won), log


def test_the_reasons_points_stand_under_each_other() -> None:
    """A playtest of Piquet read "+5 You: the point" over "+15 You: sequences": in the
    box the points of every reason end in one column, whatever their width."""
    for seed in range(1, 30):
        game = get_game("piquet")
        match = game.start(game.settings("rubicon", {}), list(NAMES), 0)
        assert isinstance(match, PiquetMatch)
        rng = random.Random(seed)
        match.deal(rng)
        while match.view(0).game_part.get("phase") != "over":
            match.apply(piquet_choose(match.view(match.turn), "easy", rng))
        box = rendered(end_text(match.view(0), LOOK, Seating(NAMES, None), PIQUET, False))
        said = [line for line in box.split("\n") if line.strip().startswith("+")]
        widths = {len(line.split()[0]) for line in said}
        if len(widths) > 1:
            break
    else:
        raise AssertionError("no deal scored both under and over ten points by a reason")
    ends = {line.index(line.split()[0]) + len(line.split()[0]) for line in said}
    assert len(ends) == 1, box
