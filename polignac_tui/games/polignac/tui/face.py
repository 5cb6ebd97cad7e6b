"""Polignac's FACE: what the house's shared screens ask of Polignac (its rules panel, its
review's reasons, its presets' titles, its dialogs in the help, its words on Home). Light to
import: each dialog or widget is loaded when asked for."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ....i18n import N_, _, tr
from ....ui.gameface import GameFace, HouseParts
from ..engine import PRESET_NAMES, one_of, preset
from ..engine.cards import jack_points
from ..engine.rules import PRESET_TITLES, SETTING_LABELS, describe_setting
from .tableparts import PolignacTableParts

if TYPE_CHECKING:
    from textual.widget import Widget

    from ....ui.gameface import HelpEntry

TUI = "polignac_tui.games.polignac.tui"
# Home's line under the title (Polignac, then the games for two)
TAGLINE = N_("Quatre Valets: take no jacks, above all not le Polignac, the jack of spades;\n"
             "the loser pays the cognac. For two: Écarté and Piquet (New session, Game).")
# Polignac's dialogs in the help, each after the shared entry (by class name) it follows
HELP: dict[str, tuple[HelpEntry, ...]] = {
    "TalkScreen": ((N_("La générale question"), f"{TUI}.generale", "GeneraleScreen", ()),),
    "Overlay": ((N_("Rules panel"), f"{TUI}.rules_overlay", "RulesOverlay", ()),),
}

# The form's words for its settings and their choices' values (the engine's short labels,
# and the limit's)
SETTING_WORDS = {**SETTING_LABELS, "limit": N_("Limit")}
VALUE_WORDS = {"red": N_("red"), "black": N_("black"), "clockwise": N_("clockwise"),
               "counterclockwise": N_("counterclockwise"), "automatic": N_("automatic"),
               "declared": N_("declared"), "off": N_("off"),
               "points": N_("at a point limit"), "deals": N_("after a number of deals")}


class PolignacFace(PolignacTableParts, HouseParts):
    """Polignac's dialogs, panels and words for the house's shared screens."""

    tagline = TAGLINE
    help_screens: Mapping[str, tuple[HelpEntry, ...]] = HELP
    #: the Rules screen's choices: the number of players, and the one it starts with
    players: tuple[int, ...] = tuple(range(3, 9))
    default_players = 4
    #: la générale's question, passed (its first answer that keeps the deal as dealt)
    questions: tuple[tuple[str, str], ...] = (("La générale?", "p"),)

    #: its presets' titles (``Classique (FR)``), its settings' names on the New session
    #: form (short), their choices' values
    preset_words: Mapping[str, str] = PRESET_TITLES
    setting_words: Mapping[str, str] = SETTING_WORDS
    value_words: Mapping[str, str] = VALUE_WORDS

    def rules_presets(self) -> list[tuple[str, str]]:
        """(title, name) of each preset a rulebook can be read for (not ``custom``)."""
        return [(tr(PRESET_TITLES[p]), p) for p in PRESET_NAMES if p != "custom"]

    def rules_panel(self, name: str, players: int, ascii: bool) -> Widget:
        """The rulebook of preset ``name`` at ``players`` players."""
        from .rules_panel import RulesPanel
        return RulesPanel(preset(one_of(name, PRESET_NAMES, "preset"), players), players,
                          ascii=ascii)

    def review_reason(self, why: str, params: Mapping[str, str | int],
                      names: tuple[str, ...], ascii: bool) -> str:
        """Why the expert's card in a review, worded with its details (a card, a suit, a
        seat by its name)."""
        from ..players.hint import Reason
        from ..players.wording import reason_text
        return reason_text(Reason(why, tuple(params.items())), names, ascii)

    # -- its part of the New session form (the form's fields are the seam's settings)
    #: behind More settings: all but the end and its limit (the first screen holds the
    #: seats of up to eight players)
    form_more: tuple[str, ...] = tuple(name for name in SETTING_LABELS
                                       if name not in ("end", "limit"))

    def describe_setting(self, name: str, value: object) -> str:
        """``Ranking: A K Q J 10 9 8 7``, ``Limit: 30``."""
        return describe_setting(name, value)

    def scenes(self) -> ModuleType:
        """Its saved sessions and its table driven by keys, for the screenshots."""
        from . import scenes
        return scenes

    def card_mark(self, card: str) -> str | None:
        """A jack's penalty, signed as scores are (``+2`` for le Polignac); none for
        another card."""
        return f"+{jack_points(card)}" if card[0] == "J" else None

    def stats_columns(self) -> tuple[tuple[str, str], ...]:
        return ((_("Sessions"), "sessions"), (_("Won"), "won"), (_("Cognac"), "paid"),
                (_("Pts/deal"), "average"), (_("Chelems"), "chelems"),
                (_("Générales"), "generales"))

    def stats_row(self, stats: object) -> tuple[object, ...]:
        """From the store's ``PlayerStats`` of a player."""
        s: Any = stats
        return (s.sessions, s.won_words, s.paid, f"{s.average:.2f}", s.chelems,
                f"{s.generales_made}/{s.generales_failed}")

    def stats_note(self, sessions: str) -> str:
        return _("{sessions}. Cognac: times paid; Générales: made/failed.").format(
            sessions=sessions)


FACE: GameFace = PolignacFace()     # the type checker holds it to the protocol

