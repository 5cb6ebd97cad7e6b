"""Piquet's words that need no screen: the reasons of the expert's advice (a hint at
the table, a remark of ``polignac-tui review``), by the codes of its computer players'
``REASONS``."""

from __future__ import annotations

from ...i18n import N_, tr

HINTS = {
    "discard_attack": N_("throw to attack: your point, sequences and sets kept"),
    "discard_keep_guards": N_("keep your guards and your long suit"),
    "look_talon": N_("the cards left tell where the others are"),
    "declare_best": N_("declare every combination you hold"),
    "declare_scoring": N_("declare only what scores or ties"),
    "only_card": N_("the only card you may play"),
    "endgame_exact": N_("the last tricks counted out exactly"),
    "lead_master": N_("no card left can beat it"),
    "lead_long_suit": N_("from your long suit"),
    "win_cheaply": N_("the lowest card that wins the trick"),
    "play_low": N_("the trick cannot be won: the lowest card of the suit"),
    "throw_least": N_("none of the suit: the card least worth keeping"),
}


def reason_text(why: str) -> str:
    """The reason ``why`` (a code of ``players.REASONS``) in the player's language; an
    unknown code as it is."""
    return tr(HINTS[why]) if why in HINTS else why
