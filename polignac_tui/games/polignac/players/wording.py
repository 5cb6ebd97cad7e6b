"""The hint's and the review's reasons in the current language, from their code.

``players.hint.reason`` says why the expert's card as a ``Reason`` (a code and
language-free details: card codes, suit letters, a count, a seat); that is what travels
(the table service's wire, the review). Each app words it here in its own language.
Details that do not hold (a card that is no card, a seat out of range: a hostile wire)
give no words rather than wrong ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....i18n.translator import N_, _, ngettext, pgettext, tr
from ..engine.cards import FULL_DECK, SUITS, card_name, glyph, suit_name
from .hint import Reason


def _count_word(count: int) -> str:
    """2 to 7 in words (a hint counts in words), else the digits."""
    words = {2: pgettext("count", "two"), 3: pgettext("count", "three"),
             4: pgettext("count", "four"), 5: pgettext("count", "five"),
             6: pgettext("count", "six"), 7: pgettext("count", "seven")}
    return words.get(count, str(count))


def _higher_out(count: int, suit: str) -> str:
    """``one higher heart is still out``, ``three higher hearts are still out``."""
    word = _count_word(count)
    if suit == "S":
        return ngettext("one higher spade is still out",
                        "{count} higher spades are still out", count).format(count=word)
    if suit == "H":
        return ngettext("one higher heart is still out",
                        "{count} higher hearts are still out", count).format(count=word)
    if suit == "D":
        return ngettext("one higher diamond is still out",
                        "{count} higher diamonds are still out", count).format(count=word)
    return ngettext("one higher club is still out",
                    "{count} higher clubs are still out", count).format(count=word)


# code -> the details its sentence needs
NEEDS: dict[str, tuple[str, ...]] = {
    "declare": (), "pass": (), "not_your_turn": (),
    "only_legal": ("card",), "generale_every_trick": ("card",), "lead_wins": ("card",),
    "lead_higher_out": ("card", "count"), "dump_polignac": ("suit",),
    "dump_jack": ("card", "suit"), "discard": ("card", "suit"),
    "give_jack": ("card", "best"), "duck_jack_out": ("best", "jack"), "duck": ("best",),
    "discard_stop": ("card", "stop", "seat"), "high_stop": ("card", "stop", "seat"),
    "take_stop": ("card", "stop", "seat"), "high_cannot_duck": ("card", "best"),
    "take_cannot_duck": ("card", "best"), "high_costs_later": ("card",),
    "take_costs_later": ("card",),
}


def reason_text(reason: Reason, names: Sequence[str], ascii: bool = False) -> str:
    """Why the expert's card, in the current language ("" when the reason does not
    hold together: an unknown code, a detail missing or out of range)."""
    params = dict(reason.params)
    needs = NEEDS.get(reason.code)
    if needs is None or any(name not in params for name in needs):
        return ""
    if "stop" in params and params["stop"] not in ("chelem", "generale"):
        return ""
    cards: dict[str, str] = {}
    for key in ("card", "best", "jack"):
        value = params.get(key)
        if value is not None:
            if not isinstance(value, str) or value not in FULL_DECK:
                return ""
            cards[key] = glyph(value, ascii)
    suit = params.get("suit")
    if suit is not None and (not isinstance(suit, str) or suit not in SUITS):
        return ""
    seat = params.get("seat")
    name = ""
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
            return ""
        name = names[seat]
    count = params.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)
                              or not 1 <= count <= 31):
        return ""
    try:
        return _worded(reason.code, params, cards, suit, name, count)
    except (KeyError, TypeError):
        return ""


def _worded(code: str, params: dict[str, str | int], cards: dict[str, str],
            suit: str | None, name: str, count: int | None) -> str:
    card = cards.get("card", "")
    best = cards.get("best", "")
    stop = params.get("stop")
    if code == "declare":
        return _("declare la générale: your hand should win every trick, and passing would "
                 "likely cost you more")
    if code == "pass":
        return _("pass: la générale would likely cost you more than passing")
    if code == "not_your_turn":
        return _("it is not your turn")
    if code == "only_legal":
        return _("the only card you may play")
    if code == "generale_every_trick":
        return _("play the {card}: la générale needs every trick").format(card=card)
    if code == "lead_wins":
        return _("lead the {card}: it wins, but every other lead costs more").format(card=card)
    if code == "lead_higher_out" and count is not None:
        raw = str(params["card"])
        return _("lead the {card}: {higher}").format(card=card,
                                                      higher=_higher_out(count, raw[1]))
    if code == "dump_polignac" and suit:
        return _("dump le Polignac: you have no {suit}").format(suit=suit_name(suit))
    if code == "dump_jack" and suit:
        return _("dump the {card}: you have no {suit}").format(card=card,
                                                               suit=suit_name(suit))
    if code == "discard" and suit:
        return _("discard the {card}: you have no {suit}, and it could win a trick later"
                 ).format(card=card, suit=suit_name(suit))
    if code == "give_jack":
        return _("give your {card} away under the {best}").format(card=card, best=best)
    if code == "duck_jack_out":
        return _("duck under the {best}: the {jack} is still out").format(
            best=best, jack=cards["jack"])
    if code == "duck":
        return _("duck under the {best}").format(best=best)
    if code.endswith("_stop") and name:
        return _stop_text(code, str(stop), card, name)
    if code == "high_cannot_duck":
        return _("play high with the {card}: you cannot duck under the {best}").format(
            card=card, best=best)
    if code == "take_cannot_duck":
        return _("take the trick with the {card}: you cannot duck under the {best}").format(
            card=card, best=best)
    if code == "high_costs_later":
        return _("play high with the {card}: the {name} costs more later").format(
            card=card, name=card_name(str(params["card"])))
    if code == "take_costs_later":
        return _("take the trick with the {card}: the {name} costs more later").format(
            card=card, name=card_name(str(params["card"])))
    return ""


# (code, whose contract is stopped) -> the whole sentence (no fragment glued)
STOPS: dict[tuple[str, str], str] = {
    ("discard_stop", "generale"):
        N_("discard the {card}: keep your high cards to stop {name}'s générale"),
    ("discard_stop", "chelem"):
        N_("discard the {card}: keep your high cards to stop {name}'s chelem"),
    ("high_stop", "generale"): N_("play high with the {card} to stop {name}'s générale"),
    ("high_stop", "chelem"): N_("play high with the {card} to stop {name}'s chelem"),
    ("take_stop", "generale"): N_("take the trick with the {card} to stop {name}'s générale"),
    ("take_stop", "chelem"): N_("take the trick with the {card} to stop {name}'s chelem"),
}


def _stop_text(code: str, stop: str, card: str, name: str) -> str:
    """The reasons that stop another player's chelem or générale."""
    sentence = STOPS.get((code, stop))
    return "" if sentence is None else tr(sentence).format(card=card, name=name)
