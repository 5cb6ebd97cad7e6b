"""The drawing of any game's table that is not the screen's flow: its trick
area (the other's cards counted), the trick log, the end of a deal or of the match, the
rules from the game's settings, an action in words. Pure functions of a ``View``."""

from __future__ import annotations

from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ..games.base import Game, Gathered, Settings, View
from ..i18n import _, tr
from .cardtext import CardLook, inline
from .gameface import (
    GameFace,
    HeaderPart,
    Seating,
    cards_text,
    face_of,
    points_line,
    points_text,
)
from .textfmt import assemble
from .widgets.trick import TrickArea, TrickAreaSeen

__all__ = [
    "GameTrickArea",
    "Gathered",
    "TrickAreaView",
    "action_text",
    "end_text",
    "header_text",
    "rules_text",
    "score_sheet",
    "seat_view_of",
    "trick_log",
]


@dataclass(frozen=True, slots=True)
class Round:
    """The way play goes round the table in the shared trick area: to the right (a game
    that may play the other way draws its own trick area, as Polignac does)."""

    direction: str = "counterclockwise"


@dataclass(frozen=True, slots=True)
class TrickAreaView:
    """What ``TrickArea`` draws of a game's ``View`` (``trick.TrickAreaSeen``): the names,
    the dealer, the trick, the cards left and the tricks won."""

    seat: int
    names: tuple[str, ...]
    humans: tuple[bool, ...]
    dealer: int | None
    phase: str
    turn: int | None
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[Gathered, ...]
    tricks_won: tuple[int, ...]
    cards_left: tuple[int, ...]
    watching: bool
    rules: Round = Round()

    @property
    def players(self) -> int:
        return len(self.names)


def seat_view_of(view: View, seat: int, humans: tuple[bool, ...], playing: bool) -> TrickAreaView:
    """What ``TrickArea`` draws, from a game's ``View``."""
    return TrickAreaView(
        seat=seat, names=view.names, humans=humans, dealer=view.dealer,
        phase="play" if playing else "none", turn=view.turn, trick=view.trick,
        tricks=view.tricks, tricks_won=view.tricks_won, cards_left=view.cards_left,
        watching=view.seat is None)


class GameTrickArea(TrickArea):
    """The shared trick area, the other's hand also counted in figures (a hand of twelve
    backs is not counted at a glance)."""

    def _block(self, view: TrickAreaSeen, seat: int, width: int, own: bool = False) -> list[Text]:
        lines = super()._block(view, seat, width, own)
        if not own and len(lines) > 1 and seat < len(view.cards_left) \
                and view.cards_left[seat]:       # (none left: no "0" before "won 1")
            lines[1] = Text(f"{view.cards_left[seat]} ", style="bold") + lines[1]
        return lines


NAME_ROOM = 18      # a longer session name is cut in the header


def header_text(view: View, title: str, session_name: str, seating: Seating, face: GameFace,
                width: int, ascii: bool = False, preset: str = "") -> Text:
    """One header for every game, in ``width`` columns: the game, the session, the
    game's preset (``preset``: the table's, as its client knows it), the deal (of how
    many) and its dealer, how the match ends, the totals where the game shows them
    there; the least important parts left out when the line is short, never the deal,
    its dealer or a declaration in force."""
    parts: list[HeaderPart] = [(title, "bold", 0)]
    name = session_name.strip()
    if name:
        parts.append((name if len(name) <= NAME_ROOM else
                      name[:NAME_ROOM - 1] + ("." if ascii else "…"), "", 1))
    extra = list(face.header_parts(view, seating, preset))
    parts += [p for p in extra if p[2] <= 2]
    if view.deal_number:
        deals = face.deals_to_play(view)
        parts.append((_("Deal {number}").format(number=view.deal_number) if deals is None
                      else _("Deal {number} of {deals}").format(number=view.deal_number,
                                                                deals=deals), "bold", 9))
    if view.dealer is not None:
        parts.append((_("You deal") if seating.is_you(view.dealer) else
                      _("{name} deals").format(name=view.names[view.dealer]), "", 5))
    parts += [p for p in extra if p[2] > 2]
    if face.totals_in_header:
        parts.append(("  ".join(f"{seating.who(s)} {view.totals[s]}"
                                for s in range(len(view.names))), "", 8))
    dot = " - " if ascii else " · "

    def length(items: list[HeaderPart]) -> int:
        return sum(len(item[0]) for item in items) + len(dot) * (len(items) - 1)

    while length(parts) > width and len(parts) > 1:
        parts.remove(min(parts, key=lambda p: p[2]))
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (words, style, _importance) in enumerate(parts):
        if i:
            text.append(dot)
        text.append(words, style=style)
    return text


def trick_log(view: View, look: CardLook, last: bool = False) -> RichTable:
    """One row per trick of the deal (``last``: the last trick only), one column per
    seat; the lead marked ``*``, the winner's card reversed and named in the last
    column."""
    table = RichTable(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right", style="dim")
    for name in view.names:
        table.add_column(Text(name[:14]), justify="center")
    table.add_column(_("Won by"), no_wrap=True)
    tricks = view.tricks
    first = len(tricks) if last and tricks else 1
    for number, trick in enumerate(tricks[first - 1:], start=first):
        by_seat = trick.by_seat(len(view.names))
        cells = []
        for seat in range(len(view.names)):
            cell = inline(by_seat[seat], look, brackets=False, highlight=seat == trick.winner)
            if seat == trick.leader:
                cell.append("*", style="bold")
            cells.append(cell)
        table.add_row(str(number), *cells, Text(view.names[trick.winner]))
    if not tricks:
        table.add_row("", *[""] * len(view.names), Text(_("no trick yet"), style="dim"))
    return table


def score_sheet(view: View, look: CardLook, seating: Seating,
                face: GameFace, chosen: int | None = None) -> RenderableType:
    """The score sheet of the match (``score_table``, the row of deal ``chosen``
    highlighted), then the game's own lines (Piquet: the deals of the partie and the
    rubicon; Écarté: the points to reach), and once the match is over, its outcome and
    value."""
    lines: list[RenderableType] = [score_table(view, look, chosen)]
    note = face.sheet_note(view) if view.outcome is None else None
    if note:
        lines.append(Text(note, style="dim"))
    if view.outcome is not None:
        lines.append(face.outcome(view, seating))
    return Group(*lines)


def score_table(view: View, look: CardLook, chosen: int | None = None) -> RichTable:
    """A row per deal (its dealer, each player's points and the running totals), the deal
    in play marked, and the totals; the row of deal ``chosen`` highlighted (the one a
    replay would open)."""
    names = view.names
    table = RichTable(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Deal"), justify="right", style="dim")
    table.add_column(_("Dealer"))
    for name in names:
        table.add_column(Text(name[:12]), justify="right")
    table.add_column(_("Totals"), justify="right", style="dim")
    running = [0] * len(names)
    for number, deal in enumerate(view.deals, start=1):
        dealer = deal.dealer
        who = names[dealer] if dealer is not None and 0 <= dealer < len(names) else ""
        points = deal.points
        if points is not None and len(points) == len(names):
            for seat, got in enumerate(points):
                running[seat] += got
            cells = [points_text(p) if p else "0" for p in points]
            table.add_row(str(number), Text(who[:12]), *cells,
                          " ".join(str(t) for t in running),
                          style="reverse" if number == chosen else None)
        else:
            table.add_row(str(number), Text(who[:12]), *[""] * len(names),
                          Text(_("in play"), style="italic"))
    table.add_row("", Text(_("Total"), style="bold"),
                  *[Text(str(t), style="bold") for t in view.totals], "")
    return table


def end_text(view: View, look: CardLook, seating: Seating, face: GameFace,
             last: bool) -> RenderableType:
    """The end of a deal, in the shape of the first game's own box: a row per player (the
    dealer marked), the tricks each took, the points of the deal and the totals, then the
    points added up per reason. At the end of the match, its outcome first, the last
    deal's points by reason (a match may end in the middle of a deal), then the final
    table of every deal, as the first game's match-over box has them. The box's frame
    says its keys; the body does not say them again."""
    reasons = _reason_lines(view, seating, face)
    if last:
        final = score_table(view, look)
        final.title, final.title_style = _("Final table"), "bold"
        return Group(face.outcome(view, seating), Text(), *reasons, final)
    points = (view.deals[-1].points or ()) if view.deals else ()
    dealer = view.deals[-1].dealer if view.deals else view.dealer
    table = RichTable(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Player"))
    table.add_column(_("Tricks"), justify="right")
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Total"), justify="right")
    for seat in range(len(view.names)):
        now = points[seat] if seat < len(points) else 0
        label = Text(seating.who(seat), style="bold" if seating.is_you(seat) else "")
        if seat == dealer:
            label.append(_(" (D)"), style="cyan")
        tricks = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
        table.add_row(label, str(tricks), points_text(now) if now else "0",
                      str(view.totals[seat]))
    return Group(table, *reasons)


def _reason_lines(view: View, seating: Seating, face: GameFace) -> list[RenderableType]:
    """The points of the deal added up per player and reason, a line each (none: [])."""
    recent = face.ledger(view)
    if not recent:
        return []
    added: dict[tuple[int, str], int] = {}
    for scored in recent:
        key = (scored.seat, scored.reason)
        added[key] = added.get(key, 0) + scored.points
    lines = Text()
    width = max(len(points_text(got)) for got in added.values())
    for (seat, reason), got in added.items():
        lines.append_text(points_line(got, seating.who(seat), face.reason(reason), width))
        lines.append("\n")
    return [lines]


def rules_text(game: Game, view: View, settings: Settings | None,
               face: GameFace | None = None, ascii: bool = False) -> Text:
    """The rules of the session in words, from the game's described settings: each
    setting's value and what it does (``settings``: the session's, when known here;
    else what the view tells); then the game's own rulebook (``face.rules_items``): how
    a deal is scored, the end."""
    text = Text()
    text.append(game.title + "\n", style="bold")
    words = face if face is not None else face_of(game.name)
    values = face.rule_values(view) if face is not None else {}
    if settings is not None:
        values.update(dict(settings))
    preset = (settings.preset if settings is not None else "") or values.pop("preset", "")
    if preset:
        text.append(_("Preset: {preset}").format(
            preset=words.preset_title(str(preset)) or str(preset)) + "\n")
    for setting in game.described:
        value = values.get(setting.name)
        if not setting.applies(values):
            continue                      # (Piquet's limit in a partie)
        text.append("\n")
        text.append_text(assemble(_("{setting}: {value}"), "bold",
                                  setting=words.setting_label(setting.name),
                                  value="?" if value is None else words.value_label(value)))
        text.append("\n" + tr(setting.explain) + "\n")
    bullet = "-" if ascii else "•"
    for kind, body in face.rules_items(values) if face is not None else ():
        if kind == "head":
            text.append(f"\n{body}\n", style="bold underline")
        else:
            text.append(f" {bullet} {body}\n")
    return text


def action_text(action: str, face: GameFace, look: CardLook) -> Text:
    """An action in words: a card, a discard with its cards, the words' labels."""
    tokens = action.split()
    if len(tokens) == 1 and len(tokens[0]) == 2 and tokens[0][0] in "KQJAT987" \
            and tokens[0][1] in "SHDC":
        return assemble(_("play {card}"), card=inline(tokens[0], look))
    if tokens and tokens[0] == "discard":
        if len(tokens) == 1:
            return Text(_("discard nothing"))
        return assemble(_("discard {cards}"), cards=cards_text(tokens[1:], look))
    if tokens and tokens[0] == "declare":
        kinds = [face.word_label(w) for w in tokens[1:]]
        return Text(_("declare {kinds}").format(kinds=", ".join(kinds) or _("nothing")))
    return Text(" ".join(face.word_label(t) for t in tokens))
