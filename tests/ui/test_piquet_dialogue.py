"""Piquet's declarations as they are said at the table (``games/piquet/tui``): the lines
of the dialogue from a seat's view (each kind; good, not good, equal; sinking; the elder
and the younger; what the elder may not know before his lead), the buttons the declaring
seat reads, their fixed keys, and the words in English, French and Italian."""

from __future__ import annotations

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.base import Dealt
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.tui import FACE
from polignac_tui.games.piquet.tui.declaring import button_words
from polignac_tui.games.piquet.tui.dialogue import dialogue, dialogue_text
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gameface import Seating
from polignac_tui.ui.widgets.words import choose_keys

ANA, BRUNO = 0, 1            # Ana deals: she is the younger, Bruno the elder
LOOK = CardLook(ascii=True, jacks=False)
# Bruno: ♣ A K 10 9 7 (47), three aces; Ana: ♥ K Q J 8 7 (45), a quatorze of queens.
POINT = (("KH QH JH 8H 7H KS QS AD QD QC JC 8C", "AC KC TC 9C 7C AS 9S 7S AH 9H KD 9D"),
         "JS TS 8S TH JD TD 8D 7D")
# Bruno: a quart to the queen (♥) and a tierce to the king (♣); Ana: a quart to the ten.
SEQUENCES = (("TS 9S 8S 7S AH KH 7H KD QD 9D AC TC", "QH JH TH 9H KC QC JC 9C AS KS AD 7D"),
             "8C 7C QS JS 8H JD TD 8D")
# Five cards of 45 each after the exchange.
EQUAL = (("KH QH JH 8H 7H AS 9S AD 9D AC 9C 7C", "KD QD JD 8D 7D KS QS 8S KC QC JC 8C"),
         "AH TS TH 9H JS 7S TD TC")


def match_of(deal: tuple[tuple[str, str], str], actions: list[str]) -> PiquetMatch:
    game = get_game("piquet")
    match = game.start(game.settings("rubicon", {}), ["Ana", "Bruno"], ANA)
    assert isinstance(match, PiquetMatch)
    hands, talon = deal
    match.start_deal(Dealt(ANA, tuple(tuple(h.split()) for h in hands),  # type: ignore[arg-type]
                           (("talon", tuple(talon.split())),)))
    for action in actions:
        match.apply(action)
    return match


def said(match: PiquetMatch, seat: int | None) -> list[str]:
    """The dialogue as ``seat`` reads it, a line a speaker (``None``: a watcher)."""
    names = {ANA: "Ana", BRUNO: "Bruno"}
    return [f"{names[line.seat]}: {line.words}." for line in dialogue(match.view(seat))]


def lead(match: PiquetMatch) -> None:
    choice = match.view(BRUNO).choice
    assert choice is not None
    match.apply(choice.cards[0])      # type: ignore[attr-defined]


EXCHANGED = ["discard 7S", "discard 8C", "nolook"]


def test_nothing_is_said_before_the_elder_declares() -> None:
    match = match_of(POINT, EXCHANGED)
    assert said(match, ANA) == said(match, BRUNO) == []


def test_the_elder_s_calls_reach_both_at_once_a_kind_a_line() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare point sets"])
    for seat in (ANA, BRUNO, None):
        assert said(match, seat) == ["Bruno: Point of five (47).", "Bruno: Three aces."]


def test_good_for_the_elder_each_answer_under_its_call() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare point", "declare point"])
    assert said(match, BRUNO) == ["Bruno: Point of five (47).", "Ana: Good."]
    assert said(match, ANA) == said(match, BRUNO)


def test_not_good_the_younger_s_combination_reaches_the_elder_only_after_his_lead() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare sets", "declare sets"])
    assert said(match, ANA) == ["Bruno: Three aces.", "Ana: Not good: quatorze of queens."]
    assert said(match, BRUNO) == ["Bruno: Three aces.", "Ana: Not good."]
    assert said(match, None) == said(match, BRUNO)
    lead(match)
    assert said(match, BRUNO) == said(match, ANA)


def test_equal_says_so_and_shows_her_point_once_the_elder_has_led() -> None:
    match = match_of(EQUAL, ["discard 8S", "discard 7C", "nolook", "declare point",
                             "declare point"])
    assert said(match, BRUNO) == ["Bruno: Point of five (45).", "Ana: Equal."]
    assert said(match, ANA) == ["Bruno: Point of five (45).", "Ana: Equal: point of five (45)."]


def test_sinking_her_winner_the_younger_says_good() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare sets", "declare"])
    assert said(match, ANA) == ["Bruno: Three aces.", "Ana: Good."]
    assert match.totals == (0, 3)


def test_the_younger_s_own_kind_comes_after_the_answers_and_after_the_lead_for_him() -> None:
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare point",
                                 "declare point sequence"])
    assert said(match, ANA) == ["Bruno: Point of five (47).", "Ana: Good.",
                                "Ana: Quart to the ten."]
    assert said(match, BRUNO) == ["Bruno: Point of five (47).", "Ana: Good."]
    orders = [line.order for line in dialogue(match.view(ANA))]
    assert orders == [0, 1, 2]
    lead(match)
    assert said(match, BRUNO) == said(match, ANA)


def test_the_elder_declaring_nothing_says_so() -> None:
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare",
                                 "declare point sequence"])
    assert said(match, ANA) == ["Bruno: Nothing to declare.", "Ana: Point of four (34).",
                                "Ana: Quart to the ten."]
    assert said(match, BRUNO) == ["Bruno: Nothing to declare."]
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare", "declare"])
    assert said(match, BRUNO) == ["Bruno: Nothing to declare."]
    lead(match)
    assert said(match, BRUNO) == ["Bruno: Nothing to declare.", "Ana: Nothing to declare."]


def test_a_line_already_told_keeps_its_place_when_answers_come() -> None:
    """The calls are told first, then the answers, then her own: a count of lines told
    shows the same first lines before and after the answers arrive."""
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare point sequence"])
    who = {ANA: "Ana", BRUNO: "Bruno"}
    before = [t.plain for t in dialogue_text(match.view(ANA), who, 1)]
    assert before == ["Bruno: Point of five (47)."]
    match.apply("declare point sequence")
    after = [t.plain for t in dialogue_text(match.view(ANA), who, 2)]
    assert after == ["Bruno: Point of five (47).", "Bruno: Quart to the queen."]
    third = [t.plain for t in dialogue_text(match.view(ANA), who, 3)]
    assert third == ["Bruno: Point of five (47).", "Ana: Good.", "Bruno: Quart to the queen."]
    assert FACE.talk_lines(match.view(ANA)) == 4


def test_a_long_line_wraps_indented_under_its_speaker() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare sets", "declare sets"])
    who = {ANA: "Ana Maria Margherita", BRUNO: "Bruno"}
    text = dialogue_text(match.view(ANA), who)[1].plain
    first, *rest = text.split("\n")
    assert first.startswith("Ana Maria Margherita: Not")
    assert rest and all(line.startswith("  ") and len(line) <= 31 for line in rest)


def test_the_elder_s_buttons_say_what_he_holds() -> None:
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook"])
    view = match.view(BRUNO)
    assert [button_words(view, kind, False) for kind in ("point", "sequence", "sets")] == [
        "Point of five (47)", "Quart to the queen", None]
    assert button_words(match.view(ANA), "point", False) is None     # not her turn


def test_the_younger_s_buttons_read_as_her_answer_or_as_sinking() -> None:
    match = match_of(POINT, [*EXCHANGED, "declare point sets"])
    view = match.view(ANA)
    assert button_words(view, "sets", True) == "Not good: quatorze of queens"
    assert button_words(view, "sets", False) == "Good (sink: quatorze of queens)"
    assert button_words(view, "point", True) == "Good (show: point of five (45))"
    assert button_words(view, "point", False) == "Good"      # it loses: nothing to sink
    match = match_of(EQUAL, ["discard 8S", "discard 7C", "nolook", "declare point"])
    assert button_words(match.view(ANA), "point", True) == "Equal: point of five (45)"
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare point"])
    assert button_words(match.view(ANA), "sequence", True) == "Quart to the ten"


def test_what_wins_or_ties_is_declared_by_default_what_loses_is_a_plain_good() -> None:
    """Declare at once loses nothing: the elder declares all he holds; the younger each
    kind that wins (her quatorze against his three aces) or ties, and her own where he
    called none; her point, beaten 47 to 45, is left unmarked as a plain "Good"."""
    match = match_of(POINT, EXCHANGED)
    assert FACE.toggled_first(match.view(BRUNO)) == {"point", "sets"}
    assert FACE.toggled_first(match.view(ANA)) == frozenset()       # not her turn
    match.apply("declare point sets")
    assert FACE.toggled_first(match.view(ANA)) == {"sets", "sequence"}   # hers uncalled
    assert FACE.toggled_first(match.view(BRUNO)) == frozenset()
    match = match_of(EQUAL, ["discard 8S", "discard 7C", "nolook", "declare point"])
    assert "point" in FACE.toggled_first(match.view(ANA))           # equal: shown
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare point"])
    first = FACE.toggled_first(match.view(ANA))
    assert "sequence" in first and "point" not in first            # hers, uncalled


def test_one_fixed_key_per_kind_never_a_card_s() -> None:
    keys = [FACE.word_key(w) for w in ("point", "sequence", "sets", "=declare")]
    assert keys == ["p", "e", "i", "d"]
    for lang in ("en", "fr", "it"):
        with speaking(translator_for(lang)):
            labels = [FACE.word_label(w) for w in ("point", "sequence", "sets")]
            assert [FACE.word_key(w) for w in ("point", "sequence", "sets")] == keys[:3]
        chosen = choose_keys([*labels, "Declare"], ("h", "u", "t", "r", "q", "s", "g", "o"),
                             keys)
        assert chosen == keys
    assert not set(keys) & set("1234567890-=")


def test_a_fixed_key_is_kept_and_the_others_go_around_it() -> None:
    assert choose_keys(["Point", "Pass"], (), ["", "p"]) == ["o", "p"]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["Bruno: Quart to the queen.", "Ana: Good.", "Bruno: Point of five (47)."]),
    ("fr", ["Bruno : Quatrième à la dame.", "Ana : Bon.", "Bruno : Point de cinq (47)."]),
    ("it", ["Bruno: Quarta alla donna.", "Ana: Buona.", "Bruno: Punto di cinque (47)."]),
])
def test_the_words_in_each_language(lang, lines) -> None:
    match = match_of(SEQUENCES, ["discard 7D", "discard 7H", "nolook", "declare point sequence",
                                 "declare point"])
    with speaking(translator_for(lang)):
        text = FACE.panel(match.view(ANA), LOOK, Seating(("Ana", "Bruno"), None)).plain
        assert all(line in text.split("\n") for line in lines), text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Quatorze of kings", "Three aces", "Quart to the ace", "Not good: point of six (52)",
            "Equal", "Good (sink: tierce to the nine)")),
    ("fr", ("Quatorze de rois", "Trois as", "Quatrième à l'as", "Pas bon : point de six (52)",
            "Égal", "Bon (cacher : tierce au neuf)")),
    ("it", ("Quattordici di re", "Tris d'assi", "Quarta all'asso", "Non buona: punto di sei (52)",
            "Pari", "Buona (tacere: terza al nove)")),
])
def test_the_classical_words_exist_in_each_language(lang, words) -> None:
    from polignac_tui.games.piquet.words import (
        answer_words,
        choice_words,
        combination_words,
    )
    with speaking(translator_for(lang)):
        found = (combination_words("sets", ["KS", "KH", "KD", "KC"], (4, 6)),
                 combination_words("sets", ["AS", "AH", "AD"], (3, 7)),
                 combination_words("sequence", ["AH", "KH", "QH", "JH"], (4, 7)),
                 answer_words("not good", combination_words("point", [], (6, 52))),
                 answer_words("equal"),
                 choice_words("not good", combination_words("sequence", ["9S", "8S", "7S"],
                                                            (3, 2)), False))
    assert found == words


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
async def test_the_declarations_fit_80x24_a_speaker_a_line(make_app, store, lang) -> None:
    """Seed 7 at one keyboard: a not good, an equal, her own sets; the dialogue, the talon
    seen and the points of the deal fit the side column at 80×24 without a scrollbar,
    each line a speaker's (a wrapped one indented under it)."""
    from gametools import game_screen, game_table, panel, play_until
    app = make_app(game_table=game_table(store, "piquet", seed=7, both_human=True), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda view: view.trick)
        await pilot.pause()
        side = game_screen(app).query_one("#side")
        assert side.max_scroll_y == 0 and not side.show_vertical_scrollbar
        lines = panel(app).rstrip("\n").split("\n")
        said = [i for i, line in enumerate(lines) if line.startswith(("Ana", "Bruno"))]
        assert len(said) == 5
        for first, after in zip(said, [*said[1:], said[-1] + 1], strict=True):
            assert all(line.startswith("  ") for line in lines[first + 1:after])
