"""Piquet's rulebook at the table (RULES-piquet.md §2-§7): how a deal is scored (point,
sequences, sets, tricks, the cards, capot, pique, repique) and the partie with its
rubicon, with the session's settings in force (its ``r`` panel)."""

from __future__ import annotations

from collections.abc import Mapping

from ....i18n import _

# (kind, text): "head" a heading, "line" an item under it
Item = tuple[str, str]


def rules_items(values: Mapping[str, object]) -> list[Item]:
    """The rulebook of a session of Piquet, its settings ``values`` in force."""
    items: list[Item] = [("head", _("How a deal is scored"))]
    items.append(("line", _("Carte blanche: a hand dealt without king, queen or jack scores "
                            "10 at once.")))
    if values.get("point_score") == "value":
        point = _("The point: the suit with the most cards (as many: the higher total, ace "
                  "11, king, queen and jack 10). It scores its total divided by 10, "
                  "rounded (45 scores 5).")
    else:
        point = _("The point: the suit with the most cards (as many: the higher total, ace "
                  "11, king, queen and jack 10). It scores a point a card.")
    items.append(("line", point))
    items.append(("line", _("Sequences: three cards or more in rank order (A K Q J 10 9 8 7). "
                            "The longest wins (as long: the higher top card) and its holder "
                            "scores every one: tierce 3, quart 4, quint 15, sixième 16, "
                            "septième 17, huitième 18.")))
    items.append(("line", _("Sets of tens or higher: four beat three (as many: the higher "
                            "rank) and their holder scores every one: a trio 3, a quatorze "
                            "14.")))
    items.append(("line", _("In each kind only the better scores; equal, nobody. A kind may "
                            "be sunk (not declared): it scores nothing and stops nothing.")))
    items.append(("line", _("The tricks: 1 for each card led, 1 for winning a trick the "
                            "other led, 1 more for the last trick.")))
    items.append(("line", _("The cards: 10 for seven tricks or more. Capot (all twelve "
                            "tricks): 40 instead.")))
    items.append(("line", _("Repique: 30 reached with carte blanche and the declarations "
                            "alone, before the other scores in the deal: 60 more.")))
    items.append(("line", _("Pique: 30 reached counting the tricks too, before the other "
                            "scores in the deal (only the elder can): 30 more.")))
    if values.get("end") == "points":
        limit = values.get("limit")
        items.append(("head", _("The end")))
        items.append(("line", _("After the deal in which a player reaches {limit}, the "
                                "higher total wins, worth the difference of the totals."
                                ).format(limit=limit if isinstance(limit, int) else 100)))
    else:
        items.append(("head", _("The partie and the rubicon")))
        items.append(("line", _("A partie is six deals; the higher total wins it, worth 100 "
                                "and the difference of the totals.")))
        items.append(("line", _("A loser under 100 is rubiconed: the partie is then worth "
                                "100 and the sum of both totals.")))
        items.append(("line", _("Equal after six deals: one more deal each; still equal, "
                                "the partie is drawn.")))
    return items
