"""Écarté's words that need no screen: what a player says (``SAID``), and the reasons
of the expert's advice (a hint at the table, a remark of ``polignac-tui review``), by the
codes of its computer players' ``REASONS``."""

from __future__ import annotations

from ...i18n import N_, tr

SAID = {
    "propose": N_("{who} proposes an exchange."), "play": N_("{who} plays without proposing."),
    "accept": N_("{who} accepts."), "refuse": N_("{who} refuses."),
    "king": N_("{who} marks the king."),
}
HINTS = {
    "mark_king": N_("the king of trumps marked is a point"),
    "play_as_dealt": N_("a hand to play as dealt"),
    "propose_exchange": N_("a hand to better by an exchange"),
    "refuse_exchange": N_("a hand good enough to play as it is"),
    "accept_exchange": N_("an exchange helps you"),
    "discard_keep_trumps": N_("throw all but trumps and kings"),
    "discard_weighed": N_("weighed over the possible hands of the other"),
    "only_card": N_("the only card you may play"),
    "lead_trumps": N_("lead trumps to draw the other's"),
    "lead_master": N_("no card left of its suit beats it"),
    "lead_long_suit": N_("from your longest suit"),
    "win_cheaply": N_("the lowest card that wins the trick"),
    "win_trick": N_("it wins the trick"),
    "trump_in": N_("none of the suit: a trump wins the trick"),
    "play_low": N_("the trick cannot be won: your lowest card"),
}


def reason_text(why: str) -> str:
    """The reason ``why`` (a code of ``players.REASONS``) in the player's language; an
    unknown code as it is."""
    return tr(HINTS[why]) if why in HINTS else why
