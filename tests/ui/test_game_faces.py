"""The words of the games' faces (``games/<game>/tui``): the rubicon, Écarté's value and
ices, in English, French and Italian (Piquet's declarations: ``test_piquet_dialogue``)."""

from __future__ import annotations

import pytest

from polignac_tui.games import game_names, get_game
from polignac_tui.games.base import Outcome, View
from polignac_tui.games.ecarte.tui import FACE as ECARTE
from polignac_tui.games.piquet.tui import FACE as PIQUET
from polignac_tui.games.piquet.tui import points_by_reason
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gameface import Seating, face_of

LOOK = CardLook(ascii=True, jacks=False)


def view(game: str, part: dict, outcome: Outcome | None = None) -> View:
    return View(game=game, seat=1, names=("Ana", "Bruno"), deal_number=1, dealer=1,
                turn=None, hand=(), choice=None, trick=(), tricks_won=(0, 0),
                cards_left=(12, 12), totals=(0, 0), outcome=outcome, game_part=part)


def test_the_rubicon_and_the_partie_worded() -> None:
    outcome = Outcome((1,), (0,), (90, 140), 330)
    text = PIQUET.outcome(view("piquet", {"end": "partie"}, outcome),
                          Seating(("Ana", "Bruno"), 1)).plain
    assert text == "You win the partie (140-90), worth 330.\nAna is rubiconed (under 100)."
    with speaking(translator_for("fr")):
        text = PIQUET.outcome(view("piquet", {"end": "partie"}, outcome),
                              Seating(("Ana", "Bruno"), 1)).plain
    assert "Tu gagnes la partie" in text and "Ana est rubiconné" in text


def test_the_points_of_the_play_add_up() -> None:
    rows = points_by_reason([[0, 5, "point"], [0, 1, "lead"], [1, 1, "win"], [0, 1, "lead"],
                             [0, 1, "last_trick"], [0, 10, "cards"]])
    assert rows == {(0, "point"): 5, (0, "play"): 3, (1, "play"): 1, (0, "cards"): 10}


@pytest.mark.parametrize(("lang", "value", "ices"), [
    ("en", "Bruno wins a double game (5-2).", "You buy the ices."),
    ("fr", "Bruno gagne une partie double (5-2).", "Tu paies les glaces."),
    ("it", "Bruno vince una partita doppia (5-2).", "Offri tu il gelato."),
])
def test_ecarte_value_and_ices(lang, value, ices) -> None:
    outcome = Outcome((1,), (0,), (2, 5), 2)
    with speaking(translator_for(lang)):
        text = ECARTE.outcome(view("ecarte", {}, outcome), Seating(("Ana", "Bruno"), 0)).plain
    assert text == f"{value}\n{ices}"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("I propose", "I play", "I accept", "I refuse", "I mark the king")),
    ("fr", ("Je propose", "Je joue", "J'accepte", "Je refuse", "J'annonce le roi")),
    ("it", ("Propongo", "Gioco", "Accetto", "Rifiuto", "Dichiaro il re")),
])
def test_ecarte_words_in_each_language(lang, words) -> None:
    with speaking(translator_for(lang)):
        said = tuple(ECARTE.word_label(w) for w in ("propose", "play", "accept", "refuse",
                                                    "king"))
    assert said == words


@pytest.mark.parametrize(("lang", "reasons"), [
    ("en", ("the point, 2 against whoever played without proposing",
            "the point, 2 against whoever refused")),
    ("fr", ("le point, 2 contre qui a joué d'autorité", "le point, 2 contre qui a refusé")),
    ("it", ("il punto, 2 contro chi ha giocato senza proporre",
            "il punto, 2 contro chi ha rifiutato")),
])
def test_ecarte_doubled_points_say_against_whom(lang, reasons) -> None:
    """Found in play: "2 against who played without proposing" (whoever did)."""
    with speaking(translator_for(lang)):
        said = tuple(ECARTE.reason(r) for r in ("no_proposal", "refused"))
    assert said == reasons


def test_ecarte_points_of_the_deal_come_from_the_view() -> None:
    """The turned-up king, the king marked, then the tricks' point: the same after a
    resume, where no event is left to tell them."""
    from polignac_tui.games.base import Scored
    tricks = [{"leader": 0, "cards": ["7S", "8S"], "winner": 1}] * 5
    part = {"turnup": "KH", "king_marked": None, "tricks": tricks, "elder": 0,
            "exchanges": 1, "played_without_proposing": False, "refused_first": False}
    assert ECARTE.ledger(view("ecarte", part)) == (Scored(1, 1, "king_turned_up"),
                                                  Scored(1, 2, "vole"))
    three = [{"winner": 0}] * 3 + [{"winner": 1}] * 2
    part = {"turnup": "7H", "king_marked": 1, "tricks": three, "elder": 0, "exchanges": 0,
            "played_without_proposing": False, "refused_first": True}
    assert ECARTE.ledger(view("ecarte", part)) == (Scored(1, 1, "king_marked"),
                                                  Scored(0, 2, "refused"))
    part = {**part, "tricks": three[:4]}
    assert ECARTE.ledger(view("ecarte", part)) == (Scored(1, 1, "king_marked"),)


def test_you_are_rubiconed_in_the_second_person() -> None:
    outcome = Outcome((1,), (0,), (69, 212), 381)
    seating = Seating(("Ana", "Bruno"), 0)
    text = PIQUET.outcome(view("piquet", {"end": "partie"}, outcome), seating).plain
    assert text == "Bruno wins the partie (212-69), worth 381.\nYou are rubiconed (under 100)."
    with speaking(translator_for("fr")):
        text = PIQUET.outcome(view("piquet", {"end": "partie"}, outcome), seating).plain
    assert "Tu es rubiconné" in text


def test_piquets_own_words_at_the_shared_table_come_through_its_face() -> None:
    piquet, ecarte = PIQUET, ECARTE
    assert piquet.shown_note("carte_blanche", "Bruno") == "Bruno: carte blanche!"
    assert piquet.shown_note("declared", "Bruno") is None
    assert ecarte.shown_note("carte_blanche", "Bruno") is None


def test_each_game_titles_its_own_presets() -> None:
    assert [ECARTE.preset_title(p) for p in ("classique", "italiana", "cent")] == [
        "Classique (FR)", "Italiana (IT)", None]
    assert [PIQUET.preset_title(p) for p in ("rubicon", "cent", "classique")] == [
        "Rubicon", "Piquet au cent", None]


def test_the_prompts_read_the_choice_they_are_given() -> None:
    """A discard's bounds and the words a seat may say come from the declared choice
    types (``CardsChoice``, ``CardChoice``, ``WordChoice``), never looked up by name."""
    from dataclasses import replace

    from polignac_tui.games.base import CardChoice, CardsChoice, WordChoice
    discard = CardsChoice(("7S", "8S", "9S"), 1, 3, "discard")
    asked = replace(view("ecarte", {"phase": "discard_elder"}), choice=discard)
    assert str(ECARTE.prompt(asked, LOOK)).startswith("mark 1 to 3 cards to discard")
    king = replace(view("ecarte", {"phase": "play"}), choice=CardChoice(("KS",), ("king",)))
    assert str(ECARTE.prompt(king, LOOK)) == "play a card, or first mark the king."
    asked = replace(view("piquet", {"phase": "discard_younger"}),
                    choice=CardsChoice(("7S", "8S"), 0, 3, "discard"))
    assert str(PIQUET.prompt(asked, LOOK)).startswith(
        "mark 0 to 3 cards to exchange with the talon")
    declaring = replace(view("piquet", {"phase": "declare_elder"}),
                        choice=WordChoice(("point", "sequence"), "declare"))
    with_words = str(PIQUET.prompt(declaring, LOOK))
    without = str(PIQUET.prompt(replace(declaring, choice=WordChoice((), "declare")), LOOK))
    assert with_words != without and with_words.startswith("mark what you declare (")


@pytest.mark.parametrize("name", game_names())
def test_each_game_words_its_own_presets_settings_and_values(name: str) -> None:
    """The New session form and the rules never show a raw name: every preset, setting
    and choice of a game of the registry has words in its own FACE, in French too."""
    game, face = get_game(name), face_of(name)
    for preset in game.presets:
        assert face.preset_title(preset) not in (None, preset), preset
    for setting in game.described:
        assert setting.name in face.setting_words, setting.name
        assert face.setting_label(setting.name) == face.setting_words[setting.name]
        for choice in setting.choices:
            assert face.value_label(choice) == face.value_words[choice], choice
    with speaking(translator_for("fr")):
        for setting in game.described:
            assert face.setting_label(setting.name) != setting.name
            assert face.describe_setting(setting.name, setting.defaults[game.presets[0]])


def test_the_house_words_only_what_no_game_names() -> None:
    """On/off and a custom preset are the house's; a game's own value is not."""
    assert ECARTE.value_label(True) == "on" and PIQUET.value_label(False) == "off"
    assert ECARTE.value_label("partie") == "partie"        # Piquet's, not Écarté's
    assert PIQUET.value_label("partie") == "a partie of six deals"
    assert ECARTE.value_label(7) == "7"
    assert ECARTE.preset_title("rubicon") is None and PIQUET.preset_title("cent") == (
        "Piquet au cent")


def test_the_answer_prompt_does_not_repeat_the_proposal() -> None:
    """The status line already says "Bruno proposes an exchange."; the prompt only asks."""
    prompt = str(ECARTE.prompt(view("ecarte", {"phase": "answer"}), LOOK))
    assert prompt == "accept or refuse the exchange?"
    assert "proposed" not in prompt
