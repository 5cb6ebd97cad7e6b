"""Piquet at the shared table screen: its words (point, tierce, quart, quinte, quatorze,
carte blanche, pique, repique, capot, rubicon), its declaring buttons (``declaring``:
a fixed key per kind, each saying what would be declared) and its panel (the talon, the
declarations as a dialogue a speaker a line, ``dialogue``; the points of the deal as
they fall, the partie). The one part of Piquet that draws."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from ....i18n import N_, _, ngettext, tr
from ....ui.cardtext import CardLook
from ....ui.gameface import GameFace, HelpEntry, HouseParts, Seating, cards_text, points_text
from ....ui.textfmt import assemble
from ...base import JSON, CardChoice, CardsChoice, View, WordChoice
from ...cardwords import suit_name
from ...events import Scored
from ..rules import KINDS
from ..stats import PiquetStats
from ..words import HINTS
from .declaring import KEYS, button_words, declared_at_first
from .dialogue import dialogue, dialogue_text, hang
from .help import HELP

WORDS = {
    "point": N_("Point"), "sequence": N_("Sequence"), "sets": N_("Sets"),
    "look": N_("Look at the talon"), "nolook": N_("Leave the talon"),
}
REASONS = {
    "carte_blanche": N_("carte blanche"), "point": N_("the point"),
    "sequence": N_("sequences"), "sets": N_("sets"), "repique": N_("repique"),
    "pique": N_("pique"), "lead": N_("a lead"), "win": N_("a trick won"),
    "play": N_("leads and tricks"),     # the points of the play, added up
    "last_trick": N_("the last trick"), "cards": N_("the cards"),   # the rules say more
    "capot": N_("capot"),
}
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


PRESET_WORDS = {"rubicon": N_("Rubicon"), "cent": N_("Piquet au cent")}
SETTING_WORDS = {"point_score": N_("The point scores"),
                 "younger_must_exchange": N_("Younger must exchange"),
                 "end": N_("End of the game"), "limit": N_("Limit")}
VALUE_WORDS = {"cards": N_("per card"), "value": N_("by value"),
               "partie": N_("a partie of six deals"), "points": N_("at a point limit")}


class PiquetFace(HouseParts):
    """Piquet's words and panel."""

    help_screens: Mapping[str, tuple[HelpEntry, ...]] = HELP
    side_width = 34
    preset_words: Mapping[str, str] = PRESET_WORDS
    setting_words: Mapping[str, str] = SETTING_WORDS
    value_words: Mapping[str, str] = VALUE_WORDS

    def word_label(self, word: str) -> str:
        return tr(WORDS[word]) if word in WORDS else word

    def verb_label(self, verb: str) -> str:
        if verb == "declare":
            return _("Declare")
        return _("Discard") if verb == "discard" else verb

    def said(self, action: str, who: str) -> str:
        words = action.split()
        if words[:1] == ["declare"]:           # said in the panel, a kind a line
            return ""
        if action == "look":
            return _("{who} looks at the talon.").format(who=who)
        if action == "nolook":
            return _("{who} leaves the talon unseen.").format(who=who)
        if words and words[-1] in KINDS:       # the younger's answers: in the panel
            return ""
        return f"{who}: {action}"

    def word_key(self, word: str) -> str:
        return KEYS.get(word, "")

    def toggle_label(self, word: str, view: View, on: bool) -> str:
        return button_words(view, word, on) or self.word_label(word)

    def toggled_first(self, view: View) -> frozenset[str]:
        return declared_at_first(view)

    def talk_lines(self, view: View) -> int:
        return len(dialogue(view))

    def talk_speakers(self, view: View) -> tuple[int, ...]:
        return tuple(line.seat for line in sorted(dialogue(view), key=lambda line: line.order))

    def shown_note(self, reason: str, who: str) -> str | None:
        if reason == "carte_blanche":
            return _("{who}: carte blanche!").format(who=who)
        return None

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

    def prompt(self, view: View, look: CardLook) -> str:
        phase = view.game_part.get("phase")
        choice = view.choice
        if phase in ("discard_elder", "discard_younger") and isinstance(choice, CardsChoice):
            return _("mark {least} to {most} cards to exchange with the talon (their keys "
                     "or Space), then Enter.").format(least=choice.least, most=choice.most)
        if phase == "look":
            return _("look at the cards left in the talon?")
        if phase in ("declare_elder", "declare_younger"):
            kinds = choice.words if isinstance(choice, CardChoice | WordChoice) else ()
            return _("mark what you declare ({keys}; what is not marked is sunk), then "
                     "{declare}: Declare.").format(
                keys=", ".join(KEYS[w] for w in kinds if w in KEYS), declare=KEYS["=declare"])
        if view.trick:
            return _("follow suit if you can.")
        return _("lead any card.")

    def ledger(self, view: View) -> tuple[Scored, ...]:
        """The deal's points as this seat was told them (the view's ``scored``), the
        points of the play (a lead, a trick won, the last) under the one reason ``play``:
        added up, they read "leads and tricks", never "a lead"."""
        scored = view.game_part.get("scored")
        found: list[Scored] = []
        if isinstance(scored, list):
            for entry in scored:
                if isinstance(entry, list) and len(entry) == 3:
                    reason = str(entry[2])
                    found.append(Scored(int(str(entry[0])), int(str(entry[1])),
                                        PLAY.get(reason, reason)))
        return tuple(found)

    def panel(self, view: View, look: CardLook, seating: Seating,
              answered: int | None = None) -> Text:
        """The deal and the talon, the score on one line, the declarations as a dialogue
        (a line at a time: ``answered``), the cards seen in the talon and the points of
        the deal (``+8 Ana: the declarations``), every long line wrapped under its own
        start: a compact column for 80×24."""
        part = view.game_part
        lines: list[Text] = []
        dot = " - " if look.ascii else " · "
        deals = part.get("deals_to_play")
        if view.deal_number:
            head = Text(_("Deal {number} of {deals}").format(number=view.deal_number,
                                                             deals=deals)
                        if isinstance(deals, int) else
                        _("Deal {number}").format(number=view.deal_number), style="bold")
            if "talon" in part:
                head.append(dot)
                head.append(_("Talon: {count}").format(count=part.get("talon", 0)))
            lines.append(head)
        target = part.get("limit")
        if isinstance(target, int):
            lines.append(Text(_("Score, to {target}").format(target=target), style="bold"))
        lines.append(hang(Text(" " + dot.join(f"{seating.who(seat)[:18]} {view.totals[seat]}"
                                              for seat in range(len(view.names))))))
        who = {seat: seating.who(seat) for seat in range(len(view.names))}
        lines.extend(dialogue_text(view, who, answered))
        seen = part.get("talon_seen")
        if isinstance(seen, list) and seen:
            lines.append(hang(assemble(_("Seen in the talon: {cards}"), "dim",
                                       cards=cards_text([str(c) for c in seen], look))))
        for (seat, group), (got, reasons) in self.points_rows(part.get("scored")).items():
            several = group == "declarations" and len(reasons) > 1
            short = self.reason("play") if group == "play" else ", ".join(reasons)
            why = Text(_("the declarations") if several else short, style="dim")
            lines.append(hang(assemble(" " + _("{points} {who}: {why}"),
                                       points=points_text(got), who=seating.who(seat),
                                       why=why), 3))
        return Text("\n").join(lines)

    def points_rows(self, scored: JSON) -> dict[tuple[int, str], tuple[int, list[str]]]:
        """The deal's points by seat: a row for the declarations (told line by line
        above them), one for the play, each other reason a row of its own; with the
        reasons of each row."""
        rows: dict[tuple[int, str], tuple[int, list[str]]] = {}
        for (seat, reason), got in points_by_reason(scored).items():
            group = "declarations" if reason in KINDS else reason
            total, reasons = rows.get((seat, group), (0, []))
            rows[(seat, group)] = (total + got, [*reasons, self.reason(reason)])
        return rows

    # -- the table's parts read from the view's own part
    def rule_values(self, view: View) -> dict[str, object]:
        part = view.game_part
        return {key: part[key] for key in ("end", "limit", "point_score")
                if part.get(key) is not None}

    def sheet_note(self, view: View) -> str | None:
        to_play = view.game_part.get("deals_to_play")
        if not isinstance(to_play, int):
            return None
        return _("A partie of {deals} deals: under 100 points at its end, the loser is "
                 "rubiconed.").format(deals=to_play)

    def deals_to_play(self, view: View) -> int | None:
        to_play = view.game_part.get("deals_to_play")
        return to_play if isinstance(to_play, int) else None

    def chart_limit(self, view: View) -> int | None:
        limit = view.game_part.get("limit")
        return limit if isinstance(limit, int) else None

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


    # -- its statistics (``games/piquet/stats.py``) on the Statistics screen ------------
    def stats_columns(self) -> tuple[tuple[str, str], ...]:
        return ((_("Parties"), "sessions"), (_("Won"), "won"), (_("Value"), "value"),
                (_("Rubicon"), "rubicons"), (_("Pique/Rep"), "piques"),
                (_("Capot"), "capots"), (_("Blanche"), "blanches"))

    def stats_row(self, stats: object) -> tuple[object, ...]:
        """From Piquet's ``PiquetStats`` of a player."""
        assert isinstance(stats, PiquetStats)
        s = stats
        return (s.sessions, s.won, s.value, s.rubicons, f"{s.piques}/{s.repiques}", s.capots,
                s.carte_blanche)

    def stats_summary(self, count: int) -> str | None:
        return ngettext("{count} finished partie of Piquet. Value: the parties won, "
                        "added up; Rubicon: won against a player under 100.",
                        "{count} finished parties of Piquet. Value: the parties won, "
                        "added up; Rubicon: won against a player under 100.",
                        count).format(count=count)


FACE: GameFace = PiquetFace()     # the type checker holds it to the protocol

__all__ = ["FACE", "PiquetFace"]
