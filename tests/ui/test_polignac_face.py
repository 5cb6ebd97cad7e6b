"""Polignac's own dialogs and words reach the shared screens through its FACE only."""

from __future__ import annotations

import importlib

from polignac_tui.games import game_names
from polignac_tui.ui.gameface import face_of
from polignac_tui.ui.screens.help import SCREENS, entries


def test_every_game_has_a_face_with_the_shared_screens_parts() -> None:
    for game in game_names():
        face = face_of(game)
        assert all(isinstance(entry, tuple) for entries in face.help_screens.values()
                   for entry in entries)
        assert face.stats_note("3 sessions").startswith("3 sessions")


def test_polignacs_dialogs_stand_in_the_help_where_they_always_stood() -> None:
    titles = [title for title, _module, _name, _keys in entries()]
    assert titles.index("La générale question") == titles.index("All the talk") + 1
    assert titles[titles.index("Last trick, tricks, scores") + 1:][:2] == [
        "Rules panel", "End of a deal"]
    # the one replay of every game is the house's, where Polignac's stood
    assert titles.index("Replay and review") == titles.index("Delete a saved session?") + 1
    assert ("Replay and review", "screens.replay", "ReplayScreen", ()) in SCREENS
    # Écarté's and Piquet's words follow the one table (their FACEs)
    assert titles[titles.index("Table") + 1:][:2] == [
        "Écarté: what you say", "Piquet: what you say"]
    assert len(titles) == len(SCREENS) + 4
    for _title, module, name, _keys in entries():
        if module.startswith("face:"):           # a game's own screen, through its FACE
            assert name in face_of(module[len("face:"):]).screens, (module, name)
            continue
        full = module if module.startswith("polignac_tui.") else f"polignac_tui.ui.{module}"
        assert hasattr(importlib.import_module(full), name), (module, name)


def test_a_card_carries_its_games_mark() -> None:
    polignac = face_of("polignac")
    assert polignac.card_mark("JS") == "+2" and polignac.card_mark("JH") == "+1"
    assert polignac.card_mark("KS") is None
    assert face_of("ecarte").card_mark("JS") is None
    assert face_of("piquet").card_mark("JS") is None


def test_only_polignac_has_a_rulebook_and_reasons_of_its_own_in_a_review() -> None:
    polignac = face_of("polignac")
    assert [name for _title, name in polignac.rules_presets()] == [
        "classique", "italiana", "generale", "english"]
    assert polignac.players == (3, 4, 5, 6, 7, 8) and polignac.default_players == 4
    assert polignac.preset_title("classique") == "Classique (FR)"
    assert polignac.preset_title("rubicon") is None
    for game in ("ecarte", "piquet"):
        face = face_of(game)
        assert face.rules_presets() == []
        first = importlib.import_module(f"polignac_tui.games.{game}.players").REASONS[0]
        said = face.review_reason(first, {}, ("Anna", "Bruno"), False)
        assert said and said == face.hint_reason(first, {})
    # Polignac's reasons name seats and cards from their details
    assert polignac.review_reason("discard_stop", {"card": "JS", "stop": "chelem", "seat": 1},
                                  ("Ana", "Bruno"), False).count("Bruno") == 1
    assert polignac.review_reason("no_such_reason", {}, ("Ana", "Bruno"), False) == ""



def test_each_games_statistics_come_through_its_face() -> None:
    from polignac_tui.games.ecarte.stats import EcarteStats
    from polignac_tui.games.piquet.stats import PiquetStats
    ecarte, piquet = face_of("ecarte"), face_of("piquet")
    assert [key for _title, key in ecarte.stats_columns()] == [
        "sessions", "won", "voles", "kings", "values"]
    assert ecarte.stats_row(EcarteStats("Anna", 3, 2, voles=1, treble=1, single=1)) == (
        3, 2, 1, 0, "1/0/1")
    assert [key for _title, key in piquet.stats_columns()] == [
        "sessions", "won", "value", "rubicons", "piques", "capots", "blanches"]
    assert piquet.stats_row(PiquetStats("Bruno", 2, 1, 330, 1, 2, 1, 0, 1)) == (
        2, 1, 330, 1, "2/1", 0, 1)
    assert ecarte.stats_summary(1) == ("1 finished game of Écarté. Kings: kings of trumps "
                                       "marked; 3/2/1: games won treble, double, single.")
    assert face_of("polignac").stats_summary(1) is None


def test_the_house_seats_are_the_games_own() -> None:
    """The form's seats (names, levels) are the house's; the game for many takes them."""
    from polignac_tui.games.polignac.engine import LEVELS
    from polignac_tui.games.polignac.engine.session import MAX_NAME
    from polignac_tui.ui import seats
    assert seats.LEVELS == LEVELS and seats.MAX_NAME == MAX_NAME
    assert seats.DEFAULT_LEVEL in LEVELS


def test_the_polignac_half_of_the_form_speaks_through_its_face() -> None:
    face = face_of("polignac")
    assert "end" not in face.form_more and "limit" not in face.form_more
    assert "jack_guard" in face.form_more                   # behind More settings
    assert face.describe_setting("limit", 30) == "Limit: 30"
    assert face.setting_label("limit") == "Limit"
    assert face.setting_label("end") == "The end"
