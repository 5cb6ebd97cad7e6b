"""The rules of a session in words (RULES.md), with the settings in force.

Usable on its own: ``RulesPanel(rules, players)`` (Home's "rules" entry shows the
default rules; the table shows those of its session).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from ....i18n import _, ngettext, tr
from ...cardwords import SUIT_GLYPHS, rank_letter, suit_symbol
from ..engine import Rules, deck
from ..engine.rules import PRESET_TITLES, describe_setting, ranks_in_words

GLYPH_SUITS = {glyph: suit for suit, glyph in SUIT_GLYPHS.items()}

SETTING_ORDER = (
    "ace_high", "sevens_removed", "direction", "chelem", "generale", "play_out",
    "first_trick_penalty", "last_trick_penalty", "must_discard_jack", "jack_guard", "end",
    "limit",
)


def _deck_line(rules: Rules, players: int) -> str:
    cards = deck(players, rules.sevens_removed)
    each = len(cards) // players
    out = 32 - len(cards)
    if out == 0:
        return _("{players} players: no card is taken out, {each} cards each.").format(
            players=players, each=each)
    if out == 4:
        return _("{players} players: all four sevens are taken out, {each} cards each."
                 ).format(players=players, each=each)
    if rules.sevens_removed == "red":
        return _("{players} players: the red sevens are taken out, {each} cards each.").format(
            players=players, each=each)
    return _("{players} players: the black sevens are taken out, {each} cards each.").format(
        players=players, each=each)


Item = tuple[str, str, str]   # (kind: "title" | "head" | "line", text, style)


def _bullet(ascii: bool) -> str:
    return "-" if ascii else "•"


def rules_text(rules: Rules, players: int, ascii: bool = False) -> Text:
    """The whole rulebook of a session as text, in the current language (one line per
    item, for searching)."""
    text = Text()
    for kind, body, style in rules_items(rules, players, ascii):
        if kind == "title":
            text.append(body + "\n", style=style)
        elif kind == "head":
            text.append(f"\n{body}\n", style=style)
        else:
            text.append(f" {_bullet(ascii)} {body}\n", style=style)
    return text


def rules_items(rules: Rules, players: int, ascii: bool = False) -> list[Item]:
    """The rulebook of a session: its title, headings and list lines, in order."""
    sp, he, di, cl = (suit_symbol(suit, ascii) for suit in "SHDC")
    jack = rank_letter("J")
    items: list[Item] = []

    def head(title: str) -> None:
        items.append(("head", title, "bold underline"))

    def line(body: str, style: str = "") -> None:
        if ascii:   # the engine's sentences name cards with suit glyphs (7♥ 7♦)
            body = "".join(suit_symbol(GLYPH_SUITS[ch], True) if ch in GLYPH_SUITS else ch
                           for ch in body)
        items.append(("line", body, style))

    title = tr(PRESET_TITLES.get(rules.preset, rules.preset))
    items.append(("title", ngettext("Rules: {preset}, {n} player", "Rules: {preset}, {n} players",
                                    players).format(preset=title, n=players), "bold"))
    differences = rules.differences(players)
    head(_("Settings in force"))
    for name in SETTING_ORDER:
        value = getattr(rules, name)
        body = describe_setting(name, value)
        if name == "limit":
            body = (_("Point limit: {value}") if rules.end == "points"
                    else _("Number of deals: {value}")).format(value=value)
        if name in differences:
            before = differences[name][0]
            said = describe_setting(name, before)
            shown = said.split(": ", 1)[1] if ": " in said else said
            base = "classique" if rules.preset == "custom" else rules.preset
            body += "  " + _("(changed; in {preset}: {value})").format(
                preset=tr(PRESET_TITLES.get(base, base)), value=shown)
            line(body, "bold yellow")
        else:
            line(body)

    head(_("Cards and players"))
    line(_("A 32-card deck, {suits}, no trumps. In each suit, strongest first: {order}."
           ).format(suits=f"{sp} {he} {di} {cl}", order=ranks_in_words(rules.ace_high)))
    line(_deck_line(rules, players))
    if rules.direction == "counterclockwise":
        line(_("Play goes to the right (counterclockwise). The first dealer is drawn at "
               "random, then the deal passes on; the player after the dealer leads the first "
               "trick."))
    else:
        line(_("Play goes to the left (clockwise). The first dealer is drawn at random, then "
               "the deal passes on; the player after the dealer leads the first trick."))

    head(_("Tricks"))
    line(_("Follow the suit led if you can; otherwise play any card."))
    if rules.must_discard_jack:
        line(_("Must discard a jack: unable to follow and holding a jack, you play a jack "
               "({polignac} first).").format(polignac=jack + sp))
    if rules.jack_guard:
        line(_("Jack guard: you may not play the {king} or {queen} of a suit while you hold "
               "its jack.").format(king=rank_letter("K"), queen=rank_letter("Q")))
    line(_("The highest card of the suit led wins the trick and leads the next."))
    line(_("Every jack taken lies face up in front of its taker; the last trick may be "
           "looked at (key l)."))
    line(_("The app never accepts an illegal card, so there is no revoke penalty."))

    head(_("Scoring (penalty points: fewer is better)"))
    line(_("{polignac}, le Polignac: 2 points. {others}: 1 point each.").format(
        polignac=jack + sp, others=f"{jack}{he}, {jack}{di}, {jack}{cl}"))
    if rules.first_trick_penalty:
        line(_("Whoever wins the first trick scores 1 more point."))
    if rules.last_trick_penalty:
        line(_("Whoever wins the last trick scores 1 more point (every trick is played)."))
    if rules.chelem == "automatic":
        line(_("Chelem: a player who wins every trick scores 0 and every other player 5."))
    elif rules.chelem == "declared":
        line(_("Chelem: only a declared générale counts; winning every trick without "
               "declaring scores as usual."))
    else:
        line(_("Chelem is not played: winning every trick scores as usual."))
    if rules.play_out or rules.last_trick_penalty:
        line(_("Every trick of a deal is played."))
    else:
        line(_("A deal stops as soon as no later trick can change any score."))

    if rules.generale:
        head(_("La générale"))
        line(_("Before the first card each player in turn, from the one who would lead, may "
               "declare la générale: a promise to win every trick. At most one declares."))
        line(_("The declarer leads. Success: declarer 0, everyone else 5. Failure: the "
               "declarer scores 5 and the others score their jacks as usual."))
        line(_("The other players ally to make the declarer fail."))

    head(_("The end: who pays the cognac"))
    if rules.end == "points":
        line(_("After a deal in which someone reaches {limit} points, the session ends. The "
               "highest total loses; a tie at the top means they all lose. Everyone else "
               "wins.").format(limit=rules.limit))
    else:
        line(_("After {limit} deals the session ends. The lowest total wins, the highest "
               "loses (ties share).").format(limit=rules.limit))
    line(_("The loser pays the cognac: a glass for every other player."))
    return items


class RulesPanel(VerticalScroll):
    """The rules of a session in words; scrolls with the arrow keys."""

    DEFAULT_CSS = """
    RulesPanel {
        height: 1fr;
        padding: 0 1;
    }
    RulesPanel .rules-item {
        height: auto;
    }
    RulesPanel .rules-bullet {
        width: 3;
        padding-left: 1;
    }
    RulesPanel .rules-body {
        width: 1fr;
    }
    RulesPanel .rules-head {
        margin-top: 1;
    }
    """

    def __init__(self, rules: Rules, players: int, *, ascii: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.rules = rules
        self.players = players
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        # a list line is a bullet beside its body: a wrapped line keeps its indent
        for kind, body, style in rules_items(self.rules, self.players, self.ascii):
            if kind == "line":
                with Horizontal(classes="rules-item"):
                    yield Static(_bullet(self.ascii), classes="rules-bullet")
                    yield Static(Text(body, style=style), classes="rules-body")
            else:
                yield Static(Text(body, style=style), classes=f"rules-{kind}")
