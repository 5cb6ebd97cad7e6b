"""Piquet at the shared table screen: its words (point, tierce, quart, quinte, quatorze,
carte blanche, pique, repique, capot, rubicon; "good", "not good", "equal") and its panel
(the talon, the declarations said one combination at a time, the points of the deal as
they fall, the partie). The one part of Piquet that draws."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from ....i18n import N_, _, pgettext, tr
from ....ui.cardtext import CardLook, inline
from ....ui.gameface import HouseParts, Seating, cards_text, points_text
from ....ui.textfmt import assemble
from ...base import JSON, View
from ...cardwords import suit_name
from ...events import Scored
from ..words import HINTS

KINDS = ("point", "sequence", "sets")
WORDS = {
    "point": N_("Point"), "sequence": N_("Sequence"), "sets": N_("Sets"),
    "look": N_("Look at the talon"), "nolook": N_("Leave the talon"),
}
REASONS = {
    "carte_blanche": N_("carte blanche"), "point": N_("the point"),
    "sequence": N_("sequences"), "sets": N_("sets"), "repique": N_("repique"),
    "pique": N_("pique"), "lead": N_("a lead"), "win": N_("a trick won"),
    "play": N_("the play (leads, tricks won, the last)"),
    "last_trick": N_("the last trick"), "cards": N_("the cards"),   # the rules say more
    "capot": N_("capot"),
}
COUNTS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
          6: N_("six"), 7: N_("seven"), 8: N_("eight")}
SEQUENCES = {3: N_("Tierce"), 4: N_("Quart"), 5: N_("Quint"), 6: N_("Sixième"),
             7: N_("Septième"), 8: N_("Huitième")}
RANKS = {"A": N_("aces"), "K": N_("kings"), "Q": N_("queens"), "J": N_("jacks"),
         "T": N_("tens")}
ORDER = "AKQJT987"


def answer_word(said: str) -> str:
    if said == "good":
        return pgettext("piquet answer", "Good.")
    if said == "equal":
        return pgettext("piquet answer", "Equal.")
    return pgettext("piquet answer", "Not good.")


def _count(n: int) -> str:
    return tr(COUNTS[n]) if n in COUNTS else str(n)


def _combination(kind: str, item: Mapping[str, JSON], look: CardLook) -> Text:
    """What a player says of a combination: ``Point of five.``, ``Quart.``,
    ``Quatorze of aces.``"""
    parts = item.get("parts")
    cards = [c for p in parts for c in p] if isinstance(parts, list) else []  # type: ignore[union-attr]
    if kind == "point":
        return Text(_("Point of {count}.").format(count=_count(len(cards))))
    if kind == "sequence" and isinstance(parts, list) and parts:
        first = parts[0]
        assert isinstance(first, list)
        name = tr(SEQUENCES.get(len(first), SEQUENCES[8]))
        text = Text(_("{sequence} to").format(sequence=name) + " ")
        text.append_text(inline(str(first[0]), look, brackets=False))
        text.append(".")
        return text
    if isinstance(parts, list) and parts:
        first = parts[0]
        assert isinstance(first, list)
        rank = tr(RANKS.get(str(first[0])[0], RANKS["T"]))
        if len(first) == 4:
            return Text(_("Quatorze of {rank}.").format(rank=rank))
        return Text(_("Three {rank}.").format(rank=rank))
    return Text(kind)


def _key(item: Mapping[str, JSON]) -> tuple[int, int]:
    key = item.get("key")
    if isinstance(key, list) and len(key) == 2:
        return int(str(key[0])), int(str(key[1]))
    return 0, 0


def _declared(part: Mapping[str, JSON], seat: int) -> dict[str, Mapping[str, JSON]]:
    declared = part.get("declared")
    if not isinstance(declared, list) or seat >= len(declared):
        return {}
    mine = declared[seat]
    if not isinstance(mine, list):
        return {}
    return {str(d["kind"]): d for d in mine if isinstance(d, dict)}


def brief(reason: str) -> str:
    """A reason of points in a few words, after a player's name in the side column
    (``point +6, sets +3``)."""
    words = {
        "carte_blanche": tr(REASONS["carte_blanche"]), "repique": tr(REASONS["repique"]),
        "pique": tr(REASONS["pique"]), "point": pgettext("piquet points", "point"),
        "sequence": pgettext("piquet points", "sequences"),
        "sets": pgettext("piquet points", "sets"), "play": pgettext("piquet points", "play"),
        "cards": pgettext("piquet points", "the cards"),
        "capot": pgettext("piquet points", "capot"),
    }
    return words.get(reason, reason)


# The points of the play, a point at a time, shown together.
PLAY = {"lead": "play", "win": "play", "last_trick": "play"}


def points_by_reason(scored: JSON) -> dict[tuple[int, str], int]:
    """The deal's points (``[seat, points, reason]`` each) added up per seat and reason,
    in the order they came; the points of the play (leads, tricks, the last) together."""
    rows: dict[tuple[int, str], int] = {}
    if not isinstance(scored, list):
        return rows
    for entry in scored:
        if isinstance(entry, list) and len(entry) == 3:
            seat, got, reason = int(str(entry[0])), int(str(entry[1])), str(entry[2])
            key = (seat, PLAY.get(reason, reason))
            rows[key] = rows.get(key, 0) + got
    return rows


class PiquetFace(HouseParts):
    """Piquet's words and panel."""

    side_width = 34

    def word_label(self, word: str) -> str:
        return tr(WORDS[word]) if word in WORDS else word

    def verb_label(self, verb: str) -> str:
        if verb == "declare":
            return _("Declare")
        return _("Discard") if verb == "discard" else verb

    def said(self, action: str, who: str) -> str:
        words = action.split()
        if words[:1] == ["declare"]:
            kinds = [self.word_label(w) for w in words[1:]]
            if not kinds:
                return _("{who} declares nothing.").format(who=who)
            return _("{who} declares: {kinds}.").format(who=who, kinds=", ".join(kinds))
        if action == "look":
            return _("{who} looks at the talon.").format(who=who)
        if action == "nolook":
            return _("{who} leaves the talon unseen.").format(who=who)
        if words and words[-1] in KINDS:       # the younger's answers
            return f"{who}: {answer_word(' '.join(words[:-1]))}"
        return f"{who}: {action}"

    def reason(self, reason: str) -> str:
        return tr(REASONS[reason]) if reason in REASONS else reason

    def refusal(self, code: str, params: Mapping[str, str | int],
                look: CardLook) -> Text | None:
        if code == "follow_suit":
            suit = str(params.get("suit", ""))
            if not suit:
                return None
            text = Text(_("you must follow {suit}").format(suit=suit_name(suit)))
            legal = str(params.get("legal", "")).split()
            if legal:
                text.append(" (")
                text.append_text(cards_text(legal, look))
                text.append(")")
            return text
        if code == "discard_count":
            least, most = int(params.get("least", 0)), int(params.get("most", 0))
            return Text(_("discard {least} to {most} cards").format(least=least, most=most))
        return None

    def prompt(self, view: View) -> str:
        phase = view.game_part.get("phase")
        choice = view.choice
        if phase in ("discard_elder", "discard_younger") and choice is not None:
            least, most = getattr(choice, "least", 0), getattr(choice, "most", 0)
            return _("mark {least} to {most} cards to exchange with the talon (their keys "
                     "or Space), then Enter.").format(least=least, most=most)
        if phase == "look":
            return _("look at the cards left in the talon?")
        if phase in ("declare_elder", "declare_younger"):
            return _("choose what you declare (its key), then Declare.")
        if view.trick:
            return _("follow suit if you can.")
        return _("lead any card.")

    def ledger(self, view: View) -> tuple[Scored, ...]:
        """The deal's points as this seat was told them (the view's ``scored``)."""
        scored = view.game_part.get("scored")
        found: list[Scored] = []
        if isinstance(scored, list):
            for entry in scored:
                if isinstance(entry, list) and len(entry) == 3:
                    found.append(Scored(int(str(entry[0])), int(str(entry[1])), str(entry[2])))
        return tuple(found)

    def panel(self, view: View, look: CardLook, seating: Seating,
              answered: int | None = None) -> Text:
        """The score, each player's points of the deal under their name (what for, in a
        few words), the deal and the talon, the declarations, the cards seen in the
        talon: the side column holds them at 80×24."""
        part = view.game_part
        text = Text()
        target = part.get("limit")
        title = (_("Score, to {target}").format(target=target) if isinstance(target, int)
                 else _("Score"))
        text.append(title, style="bold")
        points = part.get("points")
        rows = points_by_reason(part.get("scored"))
        for seat in range(len(view.names)):
            now = points[seat] if isinstance(points, list) and seat < len(points) else 0
            text.append(f"\n {seating.short(seat, 18, look.ascii):<18} {view.totals[seat]:>4}")
            if now:
                text.append(f" ({points_text(int(str(now)))})", style="dim")
            got = [f"{brief(reason)} {points_text(n)}"
                   for (who, reason), n in rows.items() if who == seat and n]
            if got:
                text.append("\n   " + ", ".join(got), style="dim")
        deals = part.get("deals_to_play")
        if view.deal_number:
            head = (_("Deal {number} of {deals}").format(number=view.deal_number, deals=deals)
                    if isinstance(deals, int) else
                    _("Deal {number}").format(number=view.deal_number))
            text.append("\n" + head, style="bold")
            if "talon" in part:
                text.append(" - " if look.ascii else " · ")
                text.append(_("Talon: {count}").format(count=part.get("talon", 0)))
        lines = self.declarations(view, look, seating, answered)
        for line in lines:
            text.append("\n")
            text.append_text(line)
        seen = part.get("talon_seen")
        if isinstance(seen, list) and seen:
            text.append("\n")
            text.append_text(assemble(_("Seen in the talon: {cards}"), "dim",
                                      cards=cards_text([str(c) for c in seen], look)))
        return text

    def declarations(self, view: View, look: CardLook, seating: Seating,
                     answered: int | None = None) -> list[Text]:
        """The declarations, one combination at a time, as the players say them:
        "Point of five." "Making?" "Forty-seven." "Good."; only the first ``answered``
        answers (None: all), the younger's own combinations once all are said."""
        part = view.game_part
        elder, younger = part.get("elder"), part.get("younger")
        if not isinstance(elder, int) or not isinstance(younger, int):
            return []
        mine, hers = _declared(part, elder), _declared(part, younger)
        answers = part.get("answers")
        said = answers if isinstance(answers, dict) else {}
        dash = " - " if look.ascii else " — "
        lines: list[Text] = []
        count = 0
        for kind in KINDS:
            item = mine.get(kind)
            other = hers.get(kind)
            if item is not None:
                line = Text(f"{seating.who(elder)}: ", style="bold")
                line.append_text(_combination(kind, item, look))
                answer = said.get(kind)
                count += 1
                if answered is not None and count > answered:
                    answer = None
                if isinstance(answer, str):
                    same = other is not None and _key(other)[0] == _key(item)[0]
                    if same and kind == "point":    # a point of as many cards: its value
                        line.append(dash + _("Making?") + dash + str(_key(item)[1]) + ".")
                    line.append(dash)
                    line.append(answer_word(answer), style="bold")
                    if answer == "not good" and other is not None:
                        line.append(f" {seating.who(younger)}: ")
                        line.append_text(_combination(kind, other, look))
                lines.append(line)
            elif other is not None and answered is None:
                line = Text(f"{seating.who(younger)}: ", style="bold")
                line.append_text(_combination(kind, other, look))
                lines.append(line)
        return lines

    def outcome(self, view: View, seating: Seating) -> Text:
        outcome = view.outcome
        text = Text()
        if outcome is None:
            return text
        if not outcome.winners:
            text.append(_("The partie is drawn ({a}-{b}).").format(
                a=outcome.totals[0], b=outcome.totals[1]), style="bold")
            return text
        winner, loser = outcome.winners[0], outcome.losers[0]
        if seating.is_you(winner):
            text.append(_("You win the partie"), style="bold")
        else:
            text.append(_("{name} wins the partie").format(name=view.names[winner]),
                        style="bold")
        text.append(f" ({outcome.totals[winner]}-{outcome.totals[loser]}), ")
        text.append(_("worth {value}.").format(value=outcome.value))
        if view.game_part.get("end") == "partie" and outcome.totals[loser] < 100:
            text.append("\n")
            text.append(_("You are rubiconed (under 100).") if seating.is_you(loser) else
                        _("{who} is rubiconed (under 100).").format(who=view.names[loser]))
        return text

    def hint_reason(self, why: str, params: Mapping[str, str | int]) -> str:
        return tr(HINTS[why]) if why in HINTS else ""

    def rules_items(self, values: Mapping[str, object]) -> list[tuple[str, str]]:
        from .rulebook import rules_items
        return rules_items(values)


FACE = PiquetFace()

__all__ = ["FACE", "PiquetFace"]
