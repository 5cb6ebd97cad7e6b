"""Écarté's rulebook at the table (RULES-ecarte.md §2-§7): the deal, the play, how a deal
is scored and the game, with the session's settings in force (its ``r`` panel)."""

from __future__ import annotations

from collections.abc import Mapping

from ....i18n import _

# (kind, text): "head" a heading, "line" an item under it
Item = tuple[str, str]


def rules_items(values: Mapping[str, object]) -> list[Item]:
    """The rulebook of a session of Écarté, its settings ``values`` in force."""
    items: list[Item] = [("head", _("The deal and the exchange"))]
    items.append(("line", _("Five cards each, ranked K Q J A 10 9 8 7; the eleventh card is "
                            "turned up: its suit is trumps for the deal.")))
    items.append(("line", _("The elder proposes an exchange or plays at once; the dealer "
                            "accepts or refuses. After an acceptance the elder discards 1 to "
                            "5 cards and draws as many from the stock, then the dealer.")))
    items.append(("head", _("The play")))
    items.append(("line", _("Follow suit if you can; else trump if you can; else any card. "
                            "The highest trump wins the trick, else the highest card of the "
                            "suit led.")))
    if values.get("forcing") is True:
        items.append(("line", _("The forcing rule: you must also win the trick when you "
                                "can.")))
    items.append(("head", _("How a deal is scored")))
    items.append(("line", _("The king of trumps: 1 point. Turned up, to the dealer at "
                            "once; held, to whoever marks it before their first card.")))
    items.append(("line", _("The point: 1 to whoever wins 3 or 4 tricks; la vole (all five "
                            "tricks): 2.")))
    items.append(("line", _("The elder who played without proposing and wins fewer than 3 "
                            "tricks gives the dealer 2; the dealer who refused the first "
                            "proposal and wins fewer than 3 gives the elder 2. Once cards "
                            "are exchanged, no such penalty.")))
    items.append(("head", _("The game")))
    target = values.get("target")
    items.append(("line", _("The first to {target} points wins at once, even in the "
                            "middle of a deal.").format(
        target=target if isinstance(target, int) else 5)))
    items.append(("line", _("A treble game if the loser has no point, a double with 1 or "
                            "2, a single with 3 or more. The loser buys the ices.")))
    return items
