"""The registry of games: by short name, each game loaded only when asked for."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from polignac_tui.games import game_names, get_game
from polignac_tui.games.base import Game
from polignac_tui.games.errors import RuleError

PROBE = """
import json, sys
import polignac_tui.games as games
before = sorted(m for m in sys.modules if m.startswith("polignac_tui"))
games.get_game("ecarte")
after = sorted(m for m in sys.modules if m.startswith("polignac_tui"))
print(json.dumps([before, after]))
"""


def test_the_three_games_by_short_name() -> None:
    assert game_names() == ("polignac", "ecarte", "piquet")


def test_importing_the_registry_loads_no_games_rules() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    before, after = json.loads(out)
    assert not [m for m in before if m.startswith(("polignac_tui.games.ecarte",
                                                   "polignac_tui.games.polignac",
                                                   "polignac_tui.games.piquet",
                                                   "polignac_tui.games.polignac.engine"))]
    assert "polignac_tui.games.ecarte.match" in after
    assert "polignac_tui.games.polignac.engine" not in after


def test_ecarte_is_loaded_once_and_describes_itself() -> None:
    game = get_game("ecarte")
    assert isinstance(game, Game) and get_game("ecarte") is game
    assert (game.name, game.min_players, game.max_players, game.higher_wins) == (
        "ecarte", 2, 2, True)
    assert [s.name for s in game.described] == [
        "forcing", "target", "mark_king", "dealer_must_discard"]
    assert game.presets == ("classique", "italiana")


@pytest.mark.parametrize("name", ["chess", "", "ECARTE", "ecarte "])
def test_an_unknown_name_is_refused_in_one_clear_line(name: str) -> None:
    with pytest.raises(RuleError) as error:
        get_game(name)
    assert error.value.code == "unknown_game"
    assert "is not a game of the house (one of polignac, ecarte, piquet)" in str(error.value)
    assert "\n" not in str(error.value)


def test_piquet_is_playable_and_describes_itself() -> None:
    game = get_game("piquet")
    assert isinstance(game, Game) and get_game("piquet") is game
    assert (game.name, game.title, game.min_players, game.max_players, game.higher_wins) == (
        "piquet", "Piquet", 2, 2, True)
    assert [s.name for s in game.described] == [
        "point_score", "younger_must_exchange", "end", "limit"]
    assert game.presets == ("rubicon", "cent")
    assert dict(game.settings("cent")) == {"point_score": "cards",
                                           "younger_must_exchange": False, "end": "points",
                                           "limit": 100}
