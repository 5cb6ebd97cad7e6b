"""Écarté at the shared table screen: its words (je propose, je joue, la vole, le roi)
and its panel (the turned-up card, the trump suit, the stock, the points of the deal as
they fall, the score to ``target``). The one part of Écarté that draws."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from ....i18n import N_, _, ngettext, tr
from ....ui.cardtext import CardLook, face_style, inline
from ....ui.gameface import (
    GameFace,
    HelpEntry,
    HouseParts,
    Seating,
    cards_text,
    points_line,
    points_text,
)
from ....ui.textfmt import assemble
from ...base import CardChoice, CardsChoice, View, WordChoice
from ...cardwords import suit_name, suit_symbol
from ...events import Scored
from ..rules import TRICKS
from ..stats import EcarteStats
from ..words import HINTS, SAID
from .help import HELP
from .story import story

WORDS = {
    "propose": N_("I propose"), "play": N_("I play"), "accept": N_("I accept"),
    "refuse": N_("I refuse"), "king": N_("I mark the king"),
}
REASONS = {
    "king_turned_up": N_("the king turned up"),
    "king_marked": N_("the king of trumps"),
    "point": N_("the point (3 or 4 tricks)"),
    "vole": N_("la vole (all five tricks)"),
    "no_proposal": N_("the point, 2 against whoever played without proposing"),
    "refused": N_("the point, 2 against whoever refused"),
}
VALUES = {3: N_("a treble game"), 2: N_("a double game"), 1: N_("a single game")}


def _suit(suit: str, look: CardLook) -> Text:
    """``♥ hearts`` (in ASCII the name alone: ``H hearts`` would read as a word)."""
    if look.ascii:
        return Text(suit_name(suit), style=face_style("7" + suit, look))
    text = Text(suit_symbol(suit, look.ascii), style=face_style("7" + suit, look))
    text.append(f" {suit_name(suit)}", style="bold")
    return text


PRESET_WORDS = {"classique": N_("Classique (FR)"), "italiana": N_("Italiana (IT)")}
SETTING_WORDS = {"forcing": N_("Forcing"), "target": N_("Points to win"),
                 "mark_king": N_("King of trumps"),
                 "dealer_must_discard": N_("Dealer exchanges")}
VALUE_WORDS = {"auto": N_("by itself"), "ask": N_("by its holder")}


class EcarteFace(HouseParts):
    """Écarté's words and panel."""

    help_screens: Mapping[str, tuple[HelpEntry, ...]] = HELP
    side_width = 32
    preset_words: Mapping[str, str] = PRESET_WORDS
    setting_words: Mapping[str, str] = SETTING_WORDS
    value_words: Mapping[str, str] = VALUE_WORDS

    def word_label(self, word: str) -> str:
        return tr(WORDS[word]) if word in WORDS else word

    def verb_label(self, verb: str) -> str:
        return _("Discard") if verb == "discard" else verb

    def said(self, action: str, who: str) -> str:
        if action in SAID:
            return tr(SAID[action]).format(who=who)
        return f"{who}: {action}"

    def reason(self, reason: str) -> str:
        return tr(REASONS[reason]) if reason in REASONS else reason

    def refusal(self, code: str, params: Mapping[str, str | int],
                look: CardLook) -> Text | None:
        legal = str(params.get("legal", "")).split()
        suit = str(params.get("suit", ""))
        if code == "forcing" and suit:
            text = Text(_("the forcing rule: you must win the trick when able, with a "
                          "higher {suit}").format(suit=suit_name(suit)))
        elif code == "follow_suit" and suit:
            text = Text(_("you must follow {suit}").format(suit=suit_name(suit)))
        elif code == "must_trump":
            text = Text(_("you cannot follow suit: you must trump"))
        elif code == "discard_count":
            least, most = int(params.get("least", 0)), int(params.get("most", 0))
            return Text(_("discard {least} to {most} cards").format(least=least, most=most))
        else:
            return None
        if legal:
            text.append(" (")
            text.append_text(cards_text(legal, look))
            text.append(")")
        return text

    def prompt(self, view: View, look: CardLook) -> str:
        part = view.game_part
        phase = part.get("phase")
        choice = view.choice
        if phase == "propose":
            return _("propose an exchange, or play?")
        if phase == "answer":
            return _("accept or refuse the exchange?")
        if phase in ("discard_elder", "discard_dealer") and isinstance(choice, CardsChoice):
            return _("mark {least} to {most} cards to discard (their keys or Space), then "
                     "Enter.").format(least=choice.least, most=choice.most)
        if isinstance(choice, CardChoice | WordChoice) and "king" in choice.words:
            return _("play a card, or first mark the king.")
        if view.trick:
            rules = part.get("rules")
            forcing = isinstance(rules, dict) and rules.get("forcing") is True
            led = view.trick[0][1][1]
            if any(c[1] == led for c in view.hand):
                return (_("follow suit, and win the trick when you can (the forcing rule).")
                        if forcing else _("follow suit."))
            if isinstance(trumps := part.get("trumps"), str) and any(
                    c[1] == trumps for c in view.hand):
                return _("you cannot follow suit: you must trump.")
            return _("you can neither follow suit nor trump: play any card.")
        return _("lead any card.")

    def ledger(self, view: View) -> tuple[Scored, ...]:
        """The deal's points from the view (RULES-ecarte.md §6): the turned-up king, the
        king of trumps marked, then the tricks' point once the fifth is played."""
        part = view.game_part
        found: list[Scored] = []
        turnup, dealer = part.get("turnup"), view.dealer
        if isinstance(turnup, str) and turnup[0] == "K" and dealer is not None:
            found.append(Scored(dealer, 1, "king_turned_up"))
        marked = part.get("king_marked")
        if isinstance(marked, int):
            found.append(Scored(marked, 1, "king_marked"))
        tricks = part.get("tricks")
        if isinstance(tricks, list) and len(tricks) == TRICKS:
            won = [sum(1 for t in tricks if isinstance(t, dict) and t.get("winner") == s)
                   for s in (0, 1)]
            winner = 0 if won[0] >= 3 else 1
            elder = part.get("elder")
            first = part.get("exchanges") == 0
            if won[winner] == TRICKS:
                found.append(Scored(winner, 2, "vole"))
            elif first and part.get("played_without_proposing") and winner != elder:
                found.append(Scored(winner, 2, "no_proposal"))
            elif first and part.get("refused_first") and winner == elder:
                found.append(Scored(winner, 2, "refused"))
            else:
                found.append(Scored(winner, 1, "point"))
        return tuple(found)

    def panel(self, view: View, look: CardLook, seating: Seating,
              answered: int | None = None) -> Text:
        """The trumps, the turned-up card, the stock and the exchanges; the score; the
        points of the deal as they fall (the king, then the point). Fourteen lines at
        most, so that the side column holds them at 80×24 (tricks won are counted under
        each name on the table)."""
        part = view.game_part
        text = Text(no_wrap=False)
        turnup, trumps = part.get("turnup"), part.get("trumps")
        if isinstance(trumps, str) and isinstance(turnup, str):
            text.append_text(assemble(_("Trumps: {suit}"), "bold", suit=_suit(trumps, look)))
            text.append("\n")
            text.append_text(assemble(_("Turned up: {card}"), card=inline(turnup, look)))
            text.append("\n" + _("Stock: {count} cards").format(count=part.get("stock", 0)))
            discarded = part.get("discarded")
            if isinstance(discarded, list) and any(discarded):
                each = "  ".join(f"{seating.short(seat, ascii=look.ascii)} {count}"
                                 for seat, count in enumerate(discarded))
                text.append("\n" + _("Exchanged: {each}").format(each=each), style="dim")
            for line in story(view, seating):
                text.append("\n" + line, style="dim")
            text.append("\n")
        text.append("\n" + _("Score, to {target}").format(target=part.get("target", "?")),
                    style="bold")
        points = part.get("points")
        for seat in range(len(view.names)):
            text.append(f"\n {seating.short(seat, 16, look.ascii):<16} {view.totals[seat]:>3}")
            now = points[seat] if isinstance(points, list) and seat < len(points) else 0
            if isinstance(now, int) and now:
                text.append(f" ({points_text(now)})", style="dim")
        recent = self.ledger(view)
        if recent:
            text.append("\n\n" + _("Points of the deal"), style="bold")
            for scored in recent:
                text.append("\n ")
                text.append_text(points_line(scored.points,
                                             seating.short(scored.seat, ascii=look.ascii),
                                             self.reason(scored.reason)))
        return text

    # -- the table's parts read from the view's own part
    def rule_values(self, view: View) -> dict[str, object]:
        part = view.game_part
        rules = part.get("rules")
        values: dict[str, object] = dict(rules) if isinstance(rules, dict) else {}
        if part.get("target") is not None:
            values["target"] = part.get("target")
        return values

    def sheet_note(self, view: View) -> str | None:
        target = view.game_part.get("target")
        if not isinstance(target, int):
            return None
        return _("The first to {points} points wins the game.").format(points=target)

    def chart_limit(self, view: View) -> int | None:
        target = view.game_part.get("target")
        return target if isinstance(target, int) else None

    def outcome(self, view: View, seating: Seating) -> Text:
        outcome = view.outcome
        text = Text()
        if outcome is None or not outcome.winners:
            return text
        winner, loser = outcome.winners[0], outcome.losers[0]
        value = tr(VALUES.get(outcome.value or 1, VALUES[1]))
        if seating.is_you(winner):
            text.append(_("You win {value}").format(value=value), style="bold")
        else:
            text.append(_("{name} wins {value}").format(name=view.names[winner], value=value),
                        style="bold")
        text.append(f" ({outcome.totals[winner]}-{outcome.totals[loser]}).\n")
        if seating.is_you(loser):
            text.append(_("You buy the ices."))
        else:
            text.append(_("{name} buys the ices.").format(name=view.names[loser]))
        return text

    def hint_reason(self, why: str, params: Mapping[str, str | int]) -> str:
        return tr(HINTS[why]) if why in HINTS else ""

    def rules_items(self, values: Mapping[str, object]) -> list[tuple[str, str]]:
        from .rulebook import rules_items
        return rules_items(values)


    # -- its statistics (``games/ecarte/stats.py``) on the Statistics screen ------------
    def stats_columns(self) -> tuple[tuple[str, str], ...]:
        return ((_("Games"), "sessions"), (_("Won"), "won"), (_("Voles"), "voles"),
                (_("Kings"), "kings"), ("3/2/1", "values"))

    def stats_row(self, stats: object) -> tuple[object, ...]:
        """From Écarté's ``EcarteStats`` of a player."""
        assert isinstance(stats, EcarteStats)
        s = stats
        return (s.sessions, s.won, s.voles, s.kings, f"{s.treble}/{s.double}/{s.single}")

    def stats_summary(self, count: int) -> str | None:
        return ngettext("{count} finished game of Écarté. Kings: kings of trumps marked; "
                        "3/2/1: games won treble, double, single.",
                        "{count} finished games of Écarté. Kings: kings of trumps "
                        "marked; 3/2/1: games won treble, double, single.",
                        count).format(count=count)


FACE: GameFace = EcarteFace()     # the type checker holds it to the protocol

__all__ = ["FACE", "EcarteFace"]
