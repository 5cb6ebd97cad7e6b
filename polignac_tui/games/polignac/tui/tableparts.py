"""Polignac at the shared table screen (``ui/screens/table.py``): its words (the
prompt with the led suit and the jack guard, refusals, la générale), its trick area
(the jacks taken, face up), its side column (the score table, a finished deal chosen
and replayed from it), its question before the first card (la générale), its deal
summary and its cognac. The screen asks for each through the FACE; Polignac's widgets
read the seam's ``View``: its frame, and Polignac's part of it (``viewpart``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from ....i18n import N_, _, tr
from ....ui.cardtext import CardLook, cards_inline, face_style, inline, label
from ....ui.gameface import HeaderPart, HintSource, Question, Seating, SidePanel
from ....ui.textfmt import assemble
from ...base import Gathered, Scored, View
from ...cardwords import suit_name
from ..engine.rules import PRESET_TITLES
from ..engine.wording import refusal_text
from ..players.hint import Reason
from ..players.wording import reason_text
from ..viewpart import part_of

if TYPE_CHECKING:
    from textual.screen import Screen

    from ....ui.widgets.trick import TrickArea, TrickAreaSeen

WORDS = {"declare": N_("Declare la générale"), "pass": N_("Pass")}


def led_suit(view: View) -> str | None:
    """The suit of the trick in play (None before its first card)."""
    return view.trick[0][1][1] if view.trick else None


def careful_card(view: View) -> str | None:
    """Where a turn following a trick starts: the lowest playable card that is not a
    jack (the least likely to win the trick, and never a jack by surprise; the leftmost
    on a tie). None on a lead (its first Enter only chooses) or when only jacks may go."""
    if led_suit(view) is None:
        return None
    part = part_of(view)
    safe = [card for card in part.legal if card[0] != "J" and card in view.hand]
    if not safe:
        return None
    order = part.rules.order
    return max(safe, key=lambda card: (order.index(card[0]), -view.hand.index(card)))


def taken(view: View, trick: Gathered, seating: Seating, look: CardLook) -> Text:
    """``Denis wins with A♥ and takes J♦``: the winning card, then any jack it gathers."""
    card = trick.by_seat(len(view.names))[trick.winner]
    shown = inline(card, look, brackets=False)
    jacks = [c for c in trick.cards if c[0] == "J" and c != card]
    you = seating.is_you(trick.winner)
    name = view.names[trick.winner]
    if jacks:
        cards = cards_inline(jacks, look)
        if you:
            return assemble(_("You win with {card} and take {jacks}"), "bold",
                            card=shown, jacks=cards)
        return assemble(_("{name} wins with {card} and takes {jacks}"), "bold",
                        name=name, card=shown, jacks=cards)
    if you:
        return assemble(_("You win with {card}"), "bold", card=shown)
    return assemble(_("{name} wins with {card}"), "bold", name=name, card=shown)


def suit_text(suit: str, look: CardLook, name: bool = True) -> Text:
    glyph = suit if look.ascii else label("7" + suit, look)[1:]
    text = Text()
    text.append(glyph, style=face_style("7" + suit, look))
    if name:
        text.append(f" ({suit_name(suit)})", style="bold")
    return text


def prompt(view: View, look: CardLook) -> Text:
    """What you may play now, the variants' restrictions named (after "Your turn")."""
    rules = part_of(view).rules
    suit = led_suit(view)
    guarded = [c for c in view.hand if rules.jack_guard and c[0] in "KQ"
               and "J" + c[1] in view.hand]
    arrows = "<-/->" if look.ascii else "←/→"
    if suit is None:
        text = Text(_("you lead, play any card") if not guarded else _("you lead"))
        keys = " " + _("({arrows} or its number, then Enter).").format(arrows=arrows)
    else:
        leader = (view.names[view.leader] if view.leader is not None
                  and view.leader != view.seat else None)
        jacks = [c for c in view.hand if c[0] == "J"]
        if any(c[1] == suit for c in view.hand):
            template = (_("{name} led {suit}; follow suit") if leader
                        else _("you led {suit}; follow suit"))
            text = assemble(template, name=leader or "", suit=suit_text(suit, look))
        elif not (rules.must_discard_jack and jacks):
            template = (_("{name} led {suit}; no {suit}: you may play any card") if leader
                        else _("you led {suit}; no {suit}: you may play any card"))
            text = assemble(template, name=leader or "", suit=suit_text(suit, look, False))
        else:
            if "JS" in jacks:
                template = (_("{name} led {suit}; no {suit}: you must discard le Polignac")
                            if leader else
                            _("you led {suit}; no {suit}: you must discard le Polignac"))
            else:
                template = (_("{name} led {suit}; no {suit}: you must discard a jack")
                            if leader else _("you led {suit}; no {suit}: you must discard a jack"))
            text = assemble(template, name=leader or "", suit=suit_text(suit, look, False))
            guarded = []
        keys = "."
    if guarded:
        text.append_text(assemble(_("; jack guard: not {cards}"),
                                  cards=cards_inline(guarded, look)))
    text.append(keys)
    return text


class PolignacTableParts:
    """Polignac's parts of the shared table screen (a part of its FACE)."""

    side_width = 24
    totals_in_header = False

    # -- words
    def word_label(self, word: str) -> str:
        return tr(WORDS[word]) if word in WORDS else word

    def verb_label(self, verb: str) -> str:
        return verb

    def said(self, action: str, who: str) -> str:
        if action == "declare":
            return _("{name} declares la générale!").format(name=who)
        if action == "pass":
            return _("{name} passes on la générale.").format(name=who)
        return f"{who}: {action}"

    def reason(self, reason: str) -> str:
        return reason

    def refusal(self, code: str, params: Mapping[str, str | int],
                look: CardLook) -> Text | None:
        worded = refusal_text(code, dict(params), "", look.ascii)
        return Text(worded) if worded else None

    def prompt(self, view: View, look: CardLook) -> str | Text:
        if view.phase == "generale":
            return _("La générale: you are asked whether to declare it.")
        return prompt(view, look)

    def ledger(self, view: View) -> tuple[Scored, ...]:
        return ()

    def panel(self, view: View, look: CardLook, seating: Seating,
              answered: int | None = None) -> Text:
        return Text()

    def outcome(self, view: View, seating: Seating) -> Text:
        from .cognac import declaration
        pays, wins = declaration(view, seating)
        return Text(f"{pays}\n{wins}", style="bold")

    def hint_reason(self, why: str, params: Mapping[str, str | int]) -> str:
        return reason_text(Reason(why, tuple(params.items())), ())

    # -- the session's rules, as the view tells them
    def rule_values(self, view: View) -> dict[str, object]:
        return dict(part_of(view).rules.to_dict())

    def sheet_note(self, view: View) -> str | None:
        return None

    def chart_limit(self, view: View) -> int | None:
        rules = part_of(view).rules
        return rules.limit if rules.end == "points" else None

    def deals_to_play(self, view: View) -> int | None:
        rules = part_of(view).rules
        return rules.limit if rules.end == "deals" else None

    def header_parts(self, view: View, seating: Seating,
                     preset: str) -> tuple[HeaderPart, ...]:
        """The preset (``Classique+`` when settings differ: from the view's rules, which
        say more than ``preset``), the end, la générale."""
        from .header import generale_label
        rules = part_of(view).rules
        title = tr(PRESET_TITLES.get(rules.preset, rules.preset)).split(" (")[0]
        if rules.preset != "custom" and rules.differences(len(view.names)):
            title += "+"
        parts: list[HeaderPart] = [(title, "", 2)]
        if rules.end == "points":
            parts.append((_("to {limit} pts").format(limit=rules.limit), "", 4))
        generale = generale_label(view, seating)
        if generale:
            parts.append((generale, "bold", 10))
        return tuple(parts)

    # -- the table
    def trick_area(self) -> TrickArea:
        from .trick import TrickArea
        return TrickArea(id="trick")

    def table_seen(self, view: View, seat: int, humans: tuple[bool, ...]) -> TrickAreaSeen:
        from .trick import table_seen
        return table_seen(view, humans)

    def side_panel(self) -> SidePanel | None:
        from .scores import ScoreTable
        return ScoreTable(id="scores")

    def centre(self, view: View, held: Gathered | None, seating: Seating,
               look: CardLook) -> Text | None:
        if held is not None:
            return taken(view, held, seating, look)
        if view.phase == "generale":
            return Text(_("La générale?"), style="bold")
        if view.phase == "play" and not view.trick and view.leader is not None:
            if seating.is_you(view.leader):
                return Text(_("You lead"), style="dim")
            return Text(_("{name} to lead").format(name=view.names[view.leader]), style="dim")
        return None

    def status_note(self, view: View, seating: Seating, look: CardLook) -> Text | None:
        """La générale failed on the last trick; a jack's trick while the others play."""
        declarer = part_of(view).declarer
        if declarer is not None and view.tricks and view.tricks[-1].winner != declarer and \
                all(t.winner == declarer for t in view.tricks[:-1]):
            return Text(_("La générale has failed ({name} lost a trick).").format(
                name=seating.who(declarer, capital=False)), style="bold")
        last = view.tricks[-1] if view.tricks else None
        if view.turn is not None and not seating.is_you(view.turn) and last is not None \
                and not view.trick and any(card[0] == "J" for card in last.cards):
            return assemble(_("Last trick (l): {what}"), "dim",
                            what=taken(view, last, seating, look))
        return None

    def first_card(self, view: View) -> str | None:
        return careful_card(view)

    def question(self, view: View, hint: HintSource, look: CardLook) -> Question | None:
        """La générale, asked of the seat before the first card."""
        part = part_of(view)
        if view.seat is None or not part.asked:
            return None
        from .generale import GeneraleScreen
        from .rules_overlay import RulesOverlay
        from .scores import full_with_legend
        players, leader = len(view.names), view.leader or 0
        passed = [view.names[(leader + k) % players] for k in range(part.passed)]
        screen = GeneraleScreen(
            view.names[view.seat], passed, leads=part.passed == 0, hint=hint,
            scores=full_with_legend(view, look.ascii),
            rules=lambda: RulesOverlay(part.rules, players, look.ascii))
        return Question(screen, answer)

    def deal_summary(self, view: View, look: CardLook, seating: Seating) -> RenderableType | None:
        if view.phase != "over" or not view.deals:
            return None
        from .summary import summary_renderable
        return summary_renderable(view, look, seating)

    def match_summary(self, view: View, look: CardLook, seating: Seating,
                      served: bool) -> RenderableType | None:
        """The cognac (who pays it, who wins, the totals), then the final table."""
        from .cognac import cognac
        from .scores import full, in_play, legend
        final = full(view, look.ascii, title=_("Final table"))
        note = Text(legend(part_of(view).rules, look.ascii, in_play(view)), style="dim")
        return Group(cognac(view, look, seating), Text(), final, note)

    def table_rules(self, view: View, ascii: bool) -> Screen[None] | None:
        from .rules_overlay import RulesOverlay
        return RulesOverlay(part_of(view).rules, len(view.names), ascii)


def answer(declare: Any) -> str | None:
    """La générale's answer as an action (None: the person went Home)."""
    if declare is None:
        return None
    return "declare" if declare else "pass"


__all__ = ["PolignacTableParts", "careful_card", "led_suit", "prompt", "taken"]
