"""Refusals in the current language, from their code and language-free details.

The engine (and the table) refuse with a ``rule`` code and ``params`` (card codes, suit
letters, seat numbers): that is what travels (``Refused`` events, the table service's
wire). Each app words it here in its own language; ``fallback`` (the English sentence)
is used for a code this module does not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....i18n.translator import _
from .cards import FULL_DECK, SUITS, card_name, glyph, suit_symbol


def _card(params: Mapping[str, object], ascii: bool) -> str | None:
    card = params.get("card")
    return glyph(card, ascii) if isinstance(card, str) and card in FULL_DECK else None


def refusal_text(rule: str, params: Mapping[str, object], fallback: str,
                 ascii: bool = False, names: Sequence[str] = ()) -> str:
    """Why a card or an action was refused, in the current language (no card in front:
    the screen shows which card it was)."""
    card = params.get("card")
    suit = params.get("suit")
    if rule == "illegal_card" and isinstance(card, str) and card in FULL_DECK:
        why = params.get("why")
        if why == "follow_suit" and isinstance(suit, str) and suit in SUITS:
            return _("you must follow {suit}: you hold a {suit}").format(
                suit=suit_symbol(suit, ascii))
        if why == "jack_guard":
            return _("you may not play the {card} while you hold the {jack} (jack guard)"
                     ).format(card=card_name(card), jack=card_name("J" + card[1]))
        if why == "discard_polignac":
            return _("you cannot follow suit and hold le Polignac: you must play it "
                     "(must discard a jack)")
        if why == "discard_jack":
            return _("you cannot follow suit and hold a jack: you must play a jack "
                     "(must discard a jack)")
    if rule == "not_held" and isinstance(card, str) and card in FULL_DECK:
        return _("{card} is not in your hand").format(card=_card(params, ascii))
    if rule == "deal_over":
        return _("the deal is over")
    if rule == "generale_pending":
        return _("everyone must first be asked about la générale")
    if rule == "generale_off":
        return _("la générale is not played in this session")
    if rule == "generale_late":
        return _("la générale can only be declared or passed before the first card, "
                 "when asked")
    if rule == "not_your_turn":
        return _("wait: it is not your turn")
    if rule == "wait":
        return _("wait: the last trick is still on the table")
    if rule == "not_your_seat":
        return _("that seat is not yours")
    if rule == "session_over":
        return _("the session is over: no more cards are played")
    return _table_refusal(rule, params, fallback, names)


def _table_refusal(rule: str, params: Mapping[str, object], fallback: str,
                   names: Sequence[str]) -> str:
    """The table's own refusals (undo, handing a seat over, a deal or a computer that
    failed), from their details: an error's own words, seconds, a seat (its name is the
    reader's to look up in ``names``)."""
    error = params.get("error")
    why = params.get("why")
    if rule == "undo_off":
        return _("undo is off when more than one person plays")
    if rule == "undo_disabled":
        return _("undo is off in this session (chosen in New session)")
    if rule == "undo_nothing":
        return _("nothing to undo: you have not played a card in this deal")
    if rule == "undo_failed" and isinstance(error, str):
        return _("undo failed: {error}").format(error=error)
    if rule == "deal" and isinstance(error, str):
        return _("the next deal could not be dealt: {error}").format(error=error)
    if rule == "computer" and isinstance(error, str):
        return _("a computer player failed: {error}").format(error=error)
    seat, seconds = params.get("seat"), params.get("seconds")
    if rule == "hand_over" and why == "wait" and isinstance(seconds, int) \
            and isinstance(seat, int) and 0 <= seat < len(names):
        return _("wait {seconds} s more before handing {name}'s seat to a computer"
                 ).format(seconds=seconds, name=names[seat])
    if rule == "hand_over" and why == "not_gone":
        return _("that seat's player is not gone")
    if rule == "hand_over" and why == "not_seated":
        return _("only a seated player may hand a seat over")
    return fallback
