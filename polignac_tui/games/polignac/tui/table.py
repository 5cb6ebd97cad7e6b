"""The table: your hand, the seats round the trick, the scores, the rules; the game in play.

The screen is a client of its seat (``seat.PolignacSeat`` over any ``GameClient``): it
draws the ``SeatView`` of every ``Update`` (the seam's update in Polignac's words) and
sends commands. The table runs by itself (``table.gamerunner``): computers, their pace,
the finished trick on show (any key here says "seen"), the next deal once everyone has
seen the summary. The same screen serves local play (``LocalGameClient``) and a table of
the table service (``RemoteGameClient``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import ClassVar, Literal

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ....config import Settings
from ....i18n import N_, _, tr
from ....service.wording import service_words
from ....store.wording import names_text
from ....table.gameclient import HintBusy, PastDealsUnavailable
from ....table.gameevents import (
    HandOver,
    Looking,
    Ready,
    Refused,
    Saved,
    SaveFailed,
    Seen,
    StandIn,
    Undo,
    Undone,
)
from ....table.pace import PACE_DELAY, TRICK_HOLD
from ....ui.cardtext import (
    CardLook,
    cards_inline,
    face_style,
    inline,
    is_you,
    label,
    who,
    words,
)
from ....ui.chrome import Footer, while_shown
from ....ui.handle import polignac_app
from ....ui.quiet import set_content
from ....ui.screens.panels import Overlay
from ....ui.screens.privacy import PrivacyScreen
from ....ui.textfmt import assemble
from ....ui.widgets.cardface import face_size, faces_fit
from ....ui.widgets.hand import Hand, key_index
from ....ui.widgets.talk import TalkBar, TalkPanel
from ...cardwords import suit_name
from ..engine import Declare, Play, SeatView, Trick
from ..engine.wording import refusal_text
from ..players.hint import Reason
from ..players.wording import reason_text
from .cognac import CognacScreen
from .generale import GeneraleScreen
from .header import generale_failed, header_text
from .rules_overlay import RulesOverlay
from .scores import ScoreTable, full_with_legend
from .seat import (
    CardPlayed,
    Command,
    DealDealt,
    Declared,
    Event,
    HintGiven,
    PolignacSeat,
    TableState,
    Update,
    Waiting,
)
from .summary import SummaryScreen
from .trick import TrickArea
from .tricklog import last_trick_table, trick_table

__all__ = ["PACE_DELAY", "TRICK_HOLD", "TableScreen"]

WIDE = 110   # from this width the side column shows every deal
# Keys that look at something (the last trick, the trick log, the scores, the rules,
# the help): they do not say "seen" of the trick on show.
LOOK_KEYS = frozenset({"l", "t", "s", "r", "question_mark", "f1", "ctrl+p", "apostrophe",
                       "quotation_mark"})
# From this size a served table shows its talk under the scores (else " shows it).
TALK_WIDE = (120, 36)


CARD_KEYS = Binding.Group(N_("Card"), compact=True)

Dialog = Literal["summary", "cognac", "generale", "privacy"]
"""A question or screen of ours the game waits for."""


# The first words of the status line while the table's last save failed.
UNSAVED = N_("Could not save")


def careful_card(view: SeatView) -> str | None:
    """Where a turn following a trick starts: the lowest playable card that is not a
    jack (the least likely to win the trick, and never a jack by surprise; the leftmost
    on a tie). None on a lead (its first Enter only chooses) or when only jacks may go."""
    if view.led_suit is None:
        return None
    safe = [card for card in view.legal if card[0] != "J" and card in view.hand]
    if not safe:
        return None
    order = view.rules.order
    return max(safe, key=lambda card: (order.index(card[0]), -view.hand.index(card)))


class TableScreen(Screen[None]):
    """The main screen: the game of one session, as a client of its seat(s).

    It draws the last ``Update`` its ``PolignacSeat`` received and sends commands; the
    table (in this process or in the table service) runs the game by itself.
    """

    DEFAULT_CSS = """
    TableScreen {
        layout: vertical;
    }
    TableScreen #info {
        height: 1;
        background: $panel;
        color: $text;
        padding: 0 1;
    }
    TableScreen #middle {
        height: 1fr;
    }
    TableScreen #status {
        height: 2;
        padding: 0 1;
        background: $boost;
    }
    TableScreen #status.-error {
        color: $error;
        text-style: bold;
    }
    TableScreen.-scores-full TrickArea {
        display: none;
    }
    TableScreen.-scores-full #middle {
        align: center middle;
    }
    /* a served table: the scores and, on a large terminal, the talk below them */
    TableScreen #side {
        width: auto;
        height: 1fr;
    }
    TableScreen #side TalkPanel {
        display: none;
        width: 46;    /* the wide score column's */
        height: 40%;
        padding: 0 1;
        border-left: vkey $secondary;
    }
    TableScreen.-talk-wide #side TalkPanel {
        display: block;
    }
    TableScreen.-scores-full #side {
        width: 1fr;
        align: center middle;
    }
    TableScreen.-scores-full #side TalkPanel {
        display: none;
    }
    TableScreen Footer.-compact FooterLabel {
        margin-right: 1;
    }
    /* Notices (toasts) go top right, over the score column: never over the hand, the
       status line or a card on the table, at the player's turn or not. */
    TableScreen ToastRack {
        dock: top;
        align: right top;
        margin-top: 1;
        margin-bottom: 0;
        max-height: 50%;
        overflow-y: hidden;    /* no scroll bar's gutter: the column's width exactly */
    }
    TableScreen Toast {
        width: 24;
        max-width: 24;
        margin-top: 0;
        margin-bottom: 1;
    }
    """
    HELP_HIDDEN = frozenset({"talk_quietly"})    # ', the same key as Talk
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Previous card"), key_display="←", group=CARD_KEYS),
        Binding("right", "move(1)", N_("Next card"), key_display="→", group=CARD_KEYS),
        Binding("enter", "play", N_("Play"), tooltip=N_("play the selected card")),
        Binding("h", "hint", N_("Hint"), tooltip=N_("a hint: the card the expert would play")),
        Binding("u", "undo", N_("Undo"), tooltip=N_("take back your last card of this deal")),
        Binding("l", "last_trick", N_("Last trick"), show=False,   # t shows it too
                tooltip=N_("the last trick (l again or esc closes it)")),
        Binding("t", "trick_log", N_("Tricks"),
                tooltip=N_("every trick of this deal (t again or esc closes it)")),
        Binding("s", "scores", N_("Scores"),
                tooltip=N_("the score table, every deal (s again or esc closes it)")),
        Binding("r", "rules", N_("Rules"), tooltip=N_("the rules of this session")),
        # With the full score table open: choose a finished deal, replay it, the chart
        # (not in the Footer, full at 80 columns: the score table's last line names them).
        Binding("up", "choose_deal(-1)", N_("Deal before"), show=False,
                tooltip=N_("score table: the finished deal before")),
        Binding("down", "choose_deal(1)", N_("Deal after"), show=False,
                tooltip=N_("score table: the finished deal after")),
        Binding("p", "replay_deal", N_("Replay"), show=False,
                tooltip=N_("score table: replay and review the finished deal chosen "
                        "(Enter too)")),
        Binding("g", "chart", N_("Chart"), show=False,
                tooltip=N_("score table: the score after each deal, a line per player")),
        Binding("question_mark", "help", N_("Help"), key_display="?",
                tooltip=N_("this list of keys")),
        # Esc (handled in on_key) closes the score table when it is open, else goes Home.
        Binding("o", "hand_over", N_("Hand over"),
                tooltip=N_("a computer plays for the player who is gone, until they come back")),
        Binding("q", "leave", N_("Home"), key_display="q/esc",
                tooltip=N_("Home; moves are saved as they are played (if a save failed, "
                        "q asks first; esc first closes the score table)")),
        # Talk: at a table of the service only.
        Binding("apostrophe", "talk", N_("Talk"), key_display="'",
                tooltip=N_("at a table of the service: say a line to the table (Enter says "
                           "it, Esc closes; on an empty line 1 to 5 say a quick phrase)")),
        # the same key, not in the Footer when Undo is there (80 columns are full)
        Binding("apostrophe", "talk_quietly", N_("Talk"), key_display="'", show=False),
        Binding("quotation_mark", "talk_panel", N_("All the talk"), key_display='"',
                show=False, tooltip=N_("at a table of the service: the last 50 lines said "
                                       "there, and a key to mute each person")),
        # At a table of the service the same key goes back to its lobby (check_action
        # shows one of the two).
        Binding("q", "leave_to_lobby", N_("Lobby"), key_display="q/esc",
                tooltip=N_("at a table of the service: back to its lobby; your seat stays "
                        "yours (esc first closes the score table)")),
    ]
    # Key labels for terminals without arrows and the return sign (ASCII mode).
    ASCII_KEYS: ClassVar[dict[str, str]] = {"left": "<-", "right": " ->", "enter": "Enter"}

    def __init__(self, client: PolignacSeat) -> None:
        super().__init__()
        self.client = client
        seats = client.seats
        # The seat drawn at the bottom: the (single) player here, else whoever acted last.
        self.seat: int = seats[0] if seats else 0
        self._shown_to: int | None = seats[0] if len(seats) == 1 else None
        self._dialog: Dialog | None = None
        self._ready_for = 0                    # the deal whose summary we have seen
        self._status: Text = Text()
        self._error = False
        self._left = False
        self._sent: Command | None = None      # the last command sent (to word a refusal)
        self._received = time.monotonic()      # when the last update came
        self._leave_unsaved = False            # q once more leaves a session not saved
        self._ticker: Timer | None = None
        self._ascii_keys: bool | None = None    # the mode the footer's key labels are in
        self._looking = False                  # told the table we look at something
        self._hint: str | None = None          # the card the status speaks of (a hint)
        self._hint_asked: tuple[int, int, int] | None = None   # the moment a hint is asked for

    # -- settings ------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return polignac_app(self.app).settings

    @property
    def look(self) -> CardLook:
        return CardLook.of(self.settings, polignac_app(self.app).no_color)

    @property
    def state(self) -> TableState | None:
        latest = self.client.latest
        return latest.state if latest is not None else None

    @property
    def _gathered(self) -> Trick | None:
        """The finished trick on show."""
        state = self.state
        return state.held if state is not None else None

    @property
    def _waiting(self) -> Dialog | Waiting | Literal["think"] | None:
        """What the game waits for that is not a card of the person here: a question or
        screen of ours (summary, cognac, generale, privacy), the trick on show (hold), a
        computer's card (think), a player who is gone (absent), or nobody here (paused)."""
        if self._dialog is not None:
            return self._dialog
        state = self.state
        if state is None:
            return "think"
        if state.waiting in ("hold", "absent", "paused", "ready", "over"):
            return state.waiting
        turn = self.view().turn
        if turn is not None and turn not in self.client.seats:
            return "think"
        return None

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        talk = self.client.talk
        with Horizontal(id="middle"):
            yield TrickArea(id="trick")
            if talk is None:
                yield ScoreTable(id="scores")
            else:
                with Vertical(id="side"):
                    yield ScoreTable(id="scores")
                    yield TalkPanel(talk)
        yield Static(id="status")
        if talk is not None:
            yield TalkBar(talk, self.client.say)
        yield Hand(id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.client.set_pace(self.settings.pace, self.settings.after_trick)
        self.client.listen(self._table_changed)
        self.call_after_refresh(self._next)

    def after_relabel(self) -> None:
        """Composed again in another language (the app's setting): drawn again at once."""
        with contextlib.suppress(NoMatches):
            self.query_one(ScoreTable).set_wide(self.size.width >= WIDE)
        self.refresh_table()

    def on_screen_suspend(self) -> None:
        """Another screen over the table that the person chose (the last trick, the trick
        log, the rules, help, settings): the table waits while they look."""
        if not self._left and self._dialog is None and not self._looking:
            self._looking = True
            self.client.send(Looking(True))

    def on_screen_resume(self) -> None:
        """Back from another screen (settings may have changed: ASCII, colours, pace)."""
        if not self._left:
            self.client.set_pace(self.settings.pace, self.settings.after_trick)
            if self._looking:
                self._looking = False
                self.client.send(Looking(False))
            self.refresh_table()

    def on_resize(self, event: events.Resize) -> None:
        with contextlib.suppress(NoMatches):   # not composed yet, or being removed
            self.query_one(ScoreTable).set_wide(event.size.width >= WIDE)
            self._card_faces(event.size.width, event.size.height)
            self._header(event.size.width)
        self.set_class(event.size.width >= TALK_WIDE[0] and event.size.height >= TALK_WIDE[1],
                       "-talk-wide")

    def _card_faces(self, width: int, height: int) -> None:
        """Card faces from about 100×30, the compact chips below (follows every resize)."""
        size = face_size(width, height) if faces_fit(width, height) else None
        self.query_one(Hand).set_faces(size)
        self.query_one(TrickArea).set_faces(size)

    def _header(self, width: int) -> None:
        """The header line, its parts chosen to fit ``width`` columns."""
        set_content(self.query_one("#info", Static), header_text(
            self.view(), self.client.session_name, width - 2, self.look.ascii), fixed_size=True)

    def on_unmount(self) -> None:
        self._left = True
        self._stop_ticker()
        self.client.close()

    # -- drawing -------------------------------------------------------------------------
    def view(self) -> SeatView:
        return self.client.view(self.seat)

    def refresh_table(self) -> bool:
        """Redraw everything from the seat's view; False when the widgets are not there
        (the screen is being removed)."""
        try:
            self._draw()
        except NoMatches:
            return False
        return True

    def _draw(self) -> None:
        view = self.view()
        look = self.look
        self._key_labels(look.ascii)
        width = self.size.width or self.app.size.width or 80
        self._card_faces(width, self.size.height or self.app.size.height or 24)
        self._header(width)
        active = view.my_turn and view.phase == "play" and self._gathered is None \
            and self._waiting is None
        # With several people at the keyboard a hand shows only once its owner said so.
        hand = self.query_one(Hand)
        if len(self.client.seats) > 1 and self._shown_to != self.seat:
            hand.show((), (), False, look)
        else:
            hand.show(view.hand, view.legal, active, look, careful_card(view))
        self.query_one(TrickArea).show(view, look, self._gathered, self._centre(view))
        self.query_one(ScoreTable).show(view, look.ascii, look.colour)
        status = self.query_one("#status", Static)
        unsaved = self.unsaved_note()
        status.set_class(self._error or unsaved is not None, "-error")
        if not self._status.plain:
            body = self._status_for(view)
        elif self._error or view.my_turn:
            body = self._status
        else:  # a note (someone passed) and whose turn it is now
            body = self._status + Text("  ") + self._status_for(view)
        # Until a save succeeds again, the first words of the status say it failed.
        set_content(status, body if unsaved is None else unsaved + Text("  ") + body,
                    fixed_size=True)     # two lines, whatever it says

    def unsaved_note(self) -> Text | None:
        """"Could not save" and why, while the table's last save failed; else None."""
        state = self.state
        if state is None or state.unsaved is None:
            return None
        return Text(_("{unsaved} (the game goes on): {why}.").format(unsaved=tr(UNSAVED),
                                                                    why=state.unsaved))

    def _key_labels(self, ascii: bool) -> None:
        """Footer labels of the card keys: arrows and the return sign, or, in ASCII mode,
        ``ASCII_KEYS`` (the app's ``get_key_display`` reads them): the footer again when
        the mode changed."""
        if self._ascii_keys != ascii:
            self._ascii_keys = ascii
            self.refresh_bindings()

    def _centre(self, view: SeatView) -> Text:
        """The words in the middle of the table."""
        if self._gathered is not None:
            return self._taken(view, self._gathered)
        if view.phase == "generale":
            return Text(_("La générale?"), style="bold")
        if view.phase == "play" and not view.trick:
            if is_you(view, view.leader):
                return Text(_("You lead"), style="dim")
            return Text(_("{name} to lead").format(name=view.names[view.leader]), style="dim")
        return Text()

    def _taken(self, view: SeatView, trick: Trick) -> Text:
        """``Denis wins with A♥ and takes J♦``: the winning card, then any jack it gathers."""
        card = trick.by_seat(view.players)[trick.winner]
        shown = inline(card, self.look, brackets=False)
        jacks = [c for c in trick.cards if c[0] == "J" and c != card]
        you = is_you(view, trick.winner)
        name = view.names[trick.winner]
        if jacks:
            taken = cards_inline(jacks, self.look)
            if you:
                return assemble(_("You win with {card} and take {jacks}"), "bold",
                                card=shown, jacks=taken)
            return assemble(_("{name} wins with {card} and takes {jacks}"), "bold",
                            name=name, card=shown, jacks=taken)
        if you:
            return assemble(_("You win with {card}"), "bold", card=shown)
        return assemble(_("{name} wins with {card}"), "bold", name=name, card=shown)

    def _status_for(self, view: SeatView) -> Text:
        if self.client.lost is not None:
            return Text(_("The table service is gone: {why}").format(
                why=service_words(self.client.lost)),
                        style="bold")
        state = self.state
        if view.finished:
            return self._over_words(state)
        if state is not None:
            waiting = self._waiting_words(view, state)
            if waiting is not None:
                return waiting
        if view.phase == "generale":
            if view.turn is None:
                return Text(_("La générale?"))
            if is_you(view, view.turn):
                return Text(_("La générale: you are asked whether to declare it."))
            return Text(_("La générale: {name} is asked whether to declare it.").format(
                name=view.names[view.turn]))
        if self._gathered is not None:
            if state is not None and state.held_until_seen:
                return Text(_("Any key gathers the trick."), style="dim")
            return Text(_("Any key gathers the trick (or wait a moment)."), style="dim")
        if view.turn is None:
            return Text(_("The deal is over."))
        text = Text()
        if self._generale_just_failed(view):
            text.append(_("La générale has failed ({name} lost a trick). ").format(
                name=who(view, view.declarer or 0)), style="bold")
        if view.my_turn:
            text.append(_("Your turn"), style="bold reverse")
            text.append_text(self._prompt(view))
            return text
        dots = "..." if self.look.ascii else "…"
        text.append(_("{name} is playing{dots}").format(name=view.names[view.turn], dots=dots),
                    style="italic")
        last = view.last_trick
        if last is not None and any(card[0] == "J" for card in last.cards):
            # A jack's trick stays in words while the others play (l shows it again).
            text.append("  ")
            text.append_text(assemble(_("Last trick (l): {what}"), "dim",
                                      what=self._taken(view, last)))
        return text

    def _over_words(self, state: TableState | None) -> Text:
        """The session is over, and the key that goes on: any key gathers the last trick
        (the final scores come next); after it, Enter shows them (or q leaves)."""
        text = Text(_("The session is over."), style="bold")
        if self._gathered is not None:
            text.append(" ")
            text.append(_("Any key shows the final scores.") if state is not None
                        and state.held_until_seen
                        else _("Any key shows the final scores (or wait a moment)."))
        elif self.client.served:
            text.append(" " + _("Enter shows the final scores; q goes back to the lobby."))
        else:
            text.append(" " + _("Enter shows the final scores; q goes back home."))
        return text

    @staticmethod
    def _generale_just_failed(view: SeatView) -> bool:
        """La générale failed on the last trick (said once; the header keeps it)."""
        if not generale_failed(view):
            return False
        first = next(i for i, t in enumerate(view.tricks) if t.winner != view.declarer)
        return first == len(view.tricks) - 1

    def _waiting_words(self, view: SeatView, state: TableState) -> Text | None:
        """What the table waits for when it is nobody's card: someone gone, nobody here,
        the others still reading the deal's summary."""
        if state.waiting == "paused":
            return Text(_("Nobody is at the table: it is paused until a player comes back."),
                        style="italic")
        if state.waiting == "ready":
            late = [view.names[s] for s in range(view.players)
                    if view.humans[s] and state.connected[s] and not state.ready[s]]
            if late and self._ready_for == view.deal_number:
                return Text(_("Waiting for {names} to see the deal's summary.").format(
                    names=names_text(late)), style="italic")
            return None
        if state.waiting != "absent" or view.turn is None:
            return None
        gone = self._gone_for(state, view.turn) or 0.0
        text = Text(_("Waiting for {name} (gone for {time}).").format(
            name=view.names[view.turn], time=f"{int(gone) // 60}:{int(gone) % 60:02d}"),
            style="italic")
        if self.client.seats:
            if gone >= state.hand_over_after:
                text.append(" " + _("o: a computer plays for them until they come back."))
            else:
                wait = int(state.hand_over_after - gone) + 1
                text.append(" " + _("In {time} you may give their seat to a computer.").format(
                    time=f"{wait // 60}:{wait % 60:02d}"), style="dim")
        return text

    def _prompt(self, view: SeatView) -> Text:
        """What you may play now, the variants' restrictions named (after "Your turn")."""
        rules = view.rules
        guarded = [c for c in view.hand if rules.jack_guard and c[0] in "KQ"
                   and "J" + c[1] in view.hand]
        arrows = "<-/->" if self.look.ascii else "←/→"
        if view.led_suit is None:
            text = Text(_(": you lead, play any card") if not guarded else _(": you lead"))
            keys = " " + _("({arrows} or its number, then Enter).").format(arrows=arrows)
        else:
            suit = view.led_suit
            leader = view.names[view.leader] if not is_you(view, view.leader) else None
            jacks = [c for c in view.hand if c[0] == "J"]
            if any(c[1] == suit for c in view.hand):
                template = (_(": {name} led {suit}; follow suit") if leader
                            else _(": you led {suit}; follow suit"))
                text = assemble(template, name=leader or "", suit=self._suit(suit))
            elif not (rules.must_discard_jack and jacks):
                template = (_(": {name} led {suit}; no {suit}: you may play any card") if leader
                            else _(": you led {suit}; no {suit}: you may play any card"))
                text = assemble(template, name=leader or "", suit=self._suit(suit, name=False))
            else:
                if "JS" in jacks:
                    template = (_(": {name} led {suit}; no {suit}: you must discard le Polignac")
                                if leader else
                                _(": you led {suit}; no {suit}: you must discard le Polignac"))
                else:
                    template = (_(": {name} led {suit}; no {suit}: you must discard a jack")
                                if leader else
                                _(": you led {suit}; no {suit}: you must discard a jack"))
                text = assemble(template, name=leader or "", suit=self._suit(suit, name=False))
                guarded = []
            keys = "."
        if guarded:
            text.append_text(assemble(_("; jack guard: not {cards}"),
                                      cards=cards_inline(guarded, self.look)))
        text.append(keys)
        return text

    def _suit(self, suit: str, name: bool = True) -> Text:
        glyph = suit if self.look.ascii else label("7" + suit, self.look)[1:]
        text = Text()
        text.append(glyph, style=face_style("7" + suit, self.look))
        if name:
            text.append(f" ({suit_name(suit)})", style="bold")
        return text

    def say(self, message: str | Text, error: bool = False) -> None:
        """Put ``message`` on the status line until the next move."""
        self._set_status(Text(message) if isinstance(message, str) else message, error)
        self.refresh_table()

    def _set_status(self, message: Text, error: bool = False) -> None:
        self._status = message
        self._error = error
        self._hint = None

    def _clear_status(self) -> None:
        self._status = Text()
        self._error = False
        self._hint = None

    # -- the flow of play ------------------------------------------------------------------
    def _table_changed(self, update: Update) -> None:
        """The table changed: react to what happened, redraw, then see what comes next."""
        if self._left:
            return
        self._received = time.monotonic()
        view = update.views[0]
        for event in update.events:
            self._react(event, view)
        if not self.refresh_table():
            return
        self._tick_while_someone_is_gone(update.state)
        self._next()

    def _react(self, event: Event, view: SeatView) -> None:
        mine = self.client.seats
        if isinstance(event, Refused):
            sent, self._sent = self._sent, None
            self._set_status(self._refusal(sent, event), error=True)
        elif isinstance(event, (CardPlayed, DealDealt)):
            self._leave_unsaved = False
            self._clear_status()
        elif isinstance(event, Declared):
            self._clear_status()
            if event.seat not in mine:
                name = view.names[event.seat]
                if event.declare:
                    self.notify(_("{name} declares la générale!").format(name=name),
                                title=_("La générale"),
                                severity="warning", markup=False)
                else:
                    self._status = Text(_("{name} passes on la générale.").format(name=name))
        elif isinstance(event, Undone):
            self._clear_status()
            with contextlib.suppress(NoMatches):
                self.query_one(Hand).active = False  # the turn starts again: on a playable card
            self._status = Text(_("Your last card is back in your hand."))
        elif isinstance(event, SaveFailed):
            pass  # said by unsaved_note(), from the table's state, until a save succeeds
        elif isinstance(event, Saved):
            self._leave_unsaved = False
            self._set_status(Text(_("The session is saved again.")))
        elif isinstance(event, StandIn) and event.level is not None:
            self.notify(_("A computer plays for {name} until they come back.").format(
                name=view.names[event.seat]),
                        title=_("Seat handed over"), markup=False)

    def _next(self) -> None:
        """Whatever this screen must show now: a summary, the cognac, a question, the
        privacy screen between two people at one keyboard."""
        if self._left or self._dialog is not None or self.client.latest is None:
            return
        if self.app.screen is not self and not self.is_current:
            return
        state = self.client.latest.state
        view = self.view()
        if state.waiting == "over":
            self._dialog = "cognac"
            self._show_summary_then(self._show_cognac, last=True)
            return
        if state.waiting == "ready":
            if self._ready_for != view.deal_number:
                self._dialog = "summary"
                self._show_summary_then(self._summary_seen)
            return
        if state.waiting not in ("card", "generale"):
            return
        seat = view.turn if self.client.seats else None
        for held in self.client.seats:
            if self.client.view(held).turn == held:
                seat = held
        if seat is None or seat not in self.client.seats:
            return
        if seat != self._shown_to and len(self.client.seats) > 1:
            self._dialog = "privacy"
            self.app.push_screen(PrivacyScreen(view.names[seat]),
                                 lambda _: self._privacy_done(seat))
            return
        self.seat = seat
        self._shown_to = seat
        view = self.view()
        if view.asked:
            self._dialog = "generale"
            self.refresh_table()
            passed = [view.names[(view.leader + k) % view.players] for k in range(view.passed)]
            self.app.push_screen(
                GeneraleScreen(view.names[seat], passed, leads=view.passed == 0,
                               hint=self._hint_source(seat),
                               scores=full_with_legend(view, self.look.ascii),
                               rules=lambda: RulesOverlay(view.rules, view.players,
                                                          self.look.ascii)),
                self._generale_answered)
            return
        self.refresh_table()

    def _privacy_done(self, seat: int) -> None:
        self._dialog = None
        self.seat = seat
        self._shown_to = seat
        self._clear_status()
        self.refresh_table()
        self._next()

    def _generale_answered(self, declare: bool | None) -> None:
        self._dialog = None
        if declare is None:      # q: back Home, the question is asked again on return
            self._go_home()
            return
        self._send(Declare(self.seat, declare))

    def _show_summary_then(self, then: Callable[[], None], last: bool = False) -> None:
        view = self.view()
        if view.phase != "over":
            then()
            return
        self.app.push_screen(SummaryScreen(view, self.look, last=last), lambda _: then())

    def _summary_seen(self) -> None:
        """The deal's summary was seen: the next deal comes when everyone has seen it."""
        self._dialog = None
        self._ready_for = self.view().deal_number
        self._clear_status()
        self._send(Ready())

    def _show_cognac(self) -> None:
        talk = self.client.talk
        self.app.push_screen(CognacScreen(self.view(), self.look, self.client.served, talk,
                                          self.client.say if talk is not None else None),
                             lambda _: self._go_home())

    def _send(self, command: Command) -> None:
        self._sent = command
        self.client.send(command)

    def _tick_while_someone_is_gone(self, state: TableState) -> None:
        """Redraw every second while the table waits for someone gone (their time shows)."""
        if state.waiting == "absent" and self._ticker is None:
            self._ticker = self.set_interval(1.0, self.refresh_table)
        elif state.waiting != "absent":
            self._stop_ticker()

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    # -- applying ------------------------------------------------------------------------
    def _refusal(self, command: Command | None, event: Refused) -> Text:
        """The refusal in this app's language, from its code and details."""
        reason = refusal_text(event.rule, dict(event.params), event.reason, self.look.ascii,
                              self.view().names)
        if event.rule == "connection_lost":
            reason = _("connection lost: {reason}").format(
                reason=service_words(event.reason.removeprefix("connection lost: ")))
        if isinstance(command, Play):
            head = f"{command.card[0] if command.card[0] != 'T' else '10'}{command.card[1]}: "
            if reason.startswith(head):      # an English sentence of a rule not known here
                reason = reason[len(head):]
            return assemble(_("Not {card}: {why}"), card=inline(command.card, self.look),
                            why=words(reason, self.look))
        return assemble(_("Refused: {why}"), "bold", why=words(reason, self.look))

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo is not offered (not even in the Footer) unless exactly one person plays;
        with nobody at the keyboard (watching, computers only) the card keys are not
        offered; handing a seat over only while someone is gone long enough."""
        seats = self.client.seats
        if action == "undo":      # off in this session: u still says so (on_key)
            return len(seats) == 1 and self.client.humans == 1 and not self._undo_off()
        if action in ("move", "play", "hint"):
            return bool(seats)
        if action == "hand_over":
            return self._absent_seat() is not None
        if action in ("leave", "leave_to_lobby"):
            return (action == "leave_to_lobby") == self.client.served
        if action in ("choose_deal", "replay_deal", "chart"):
            return self._scores_full()
        if action in ("talk", "talk_quietly", "talk_panel"):
            if self.client.talk is None or action == "talk_panel":
                return self.client.talk is not None
            crowded = self.check_action("undo", ()) is True
            return crowded == (action == "talk_quietly")
        return True

    def _scores_full(self) -> bool:
        try:
            return self.query_one(ScoreTable).full
        except NoMatches:
            return False

    @while_shown
    def on_key(self, event: events.Key) -> None:
        if self._talking():      # the talk line has the keys
            return
        if self._waiting == "hold":
            if event.key in LOOK_KEYS:
                return
            self._send(Seen())
            if event.key in ("enter", "space", "left", "right") or event.key.isdigit():
                event.stop()
                event.prevent_default()
            return
        if event.key == "escape":
            event.stop()
            self.action_escape()
            return
        if event.key == "u" and self._undo_off():     # its binding is hidden: say why
            event.stop()
            self.action_undo()
            return
        if key_index(event.key) is not None:     # a card's key: 1..9, 0, - and =
            event.stop()
            hand = self.query_one(Hand)
            if not self.awaits_my_card():
                hand.pick(event.key)
                return
            card = hand.pick(event.key)
            if card is not None:
                self._play(card)

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        self._play(message.card)

    def awaits_my_card(self) -> bool:
        """True when the table waits for a card from the person at the keyboard."""
        if self.client.latest is None or self.seat not in self.client.seats:
            return False
        view = self.view()
        return view.my_turn and view.phase == "play" and self._waiting is None

    @while_shown
    def action_move(self, step: int) -> None:
        self.query_one(Hand).move(step)

    @while_shown
    def action_play(self) -> None:
        if self._scores_full():   # Enter on the full score table replays the deal chosen
            self.action_replay_deal()
            return
        if self.view().finished and self._waiting == "over":
            self._next()        # the final scores (the status line names this key)
            return
        hand = self.query_one(Hand)
        card = hand.selected_card
        if card is None:
            return
        if self.awaits_my_card() and self.view().led_suit is None and not hand.moved:
            # A new trick to lead and the cursor not moved: this Enter only chooses, so
            # that a quick Enter never plays a card by surprise.
            hand.moved = True
            text = assemble(_("{card} chosen: Enter plays it (or choose another)."),
                            card=inline(card, self.look))
            self.say(text)
            self._hint = card
            return
        self._play(card)

    def on_hand_selected(self, message: Hand.Selected) -> None:
        """Moving to another card takes the hint (or a note) off the status line."""
        if self._hint is not None and message.card != self._hint:
            self._hint = None
            self._clear_status()
            self.refresh_table()

    def _play(self, card: str) -> None:
        if not self.awaits_my_card():
            view = self.view()
            if view.turn == self.seat:
                self.say(_("Wait a moment."), error=True)
            elif view.turn is None:
                self.say(_("Wait: it is nobody's turn."), error=True)
            else:
                self.say(_("Wait: it is {name}'s turn.").format(name=view.names[view.turn]),
                         error=True)
            return
        self._send(Play(self.seat, card))

    def action_hint(self) -> None:
        if not self.awaits_my_card():
            self.say(_("A hint is given when it is your turn to play."))
            return
        moment = self._moment()
        if self._hint_asked == moment:      # asked already: its answer is on its way
            self.say(_("A hint is already on its way."))
            return
        self.say(_("Thinking of a hint...") if self.look.ascii else _("Thinking of a hint…"))
        self._hint_asked = moment
        self._ask_hint(self.seat, moment)

    @work(exclusive=True, group="hint", exit_on_error=False)
    async def _ask_hint(self, seat: int, moment: tuple[int, int, int]) -> None:
        """The expert's advice, shown if the game has not moved on meanwhile."""
        busy = False
        try:
            advice = await self.client.hint(seat)
        except HintBusy:        # the service still works out a hint asked before
            advice, busy = None, True
        except Exception:
            advice = None
        finally:
            if self._hint_asked == moment:
                self._hint_asked = None
        if self._left or moment != self._moment():
            return
        if busy:
            self._say_hint_busy()
        else:
            self._show_hint(advice)

    @while_shown
    def _say_hint_busy(self) -> None:
        self.say(_("The expert is still thinking of the hint asked before: ask again in a "
                   "moment."))

    def _moment(self) -> tuple[int, int, int]:
        """Where the deal stands (a hint for another moment is stale)."""
        view = self.view()
        return view.deal_number, len(view.tricks), len(view.trick)

    def _hint_source(self, seat: int) -> Callable[[], Awaitable[HintGiven | None]]:
        """The expert's advice for ``seat`` (for the générale question)."""
        return lambda: self.client.hint(seat)

    @while_shown
    def _show_hint(self, advice: HintGiven | None) -> None:
        if advice is None or advice.card is None:
            self.say(_("No hint available."))
            return
        card = advice.card
        self.query_one(Hand).select(card)
        text = assemble(_("Hint: play {card}"), card=inline(card, self.look))
        why = reason_text(Reason(advice.why, advice.params), self.view().names,
                          self.look.ascii)
        if why:
            text.append(f"{' -' if self.look.ascii else ' —'} {why}")
        self.say(text)
        self._hint = card

    @while_shown
    def action_undo(self) -> None:
        if self.client.humans != 1:
            self.say(_("Undo is off when more than one person plays."))
            return
        if self._undo_off():
            self.say(_("Undo is off in this session (chosen in New session): every card "
                       "played stays played."), error=True)
            return
        if self._dialog is not None:
            return
        state = self.state
        if state is None or not state.can_undo:
            self.say(_("Nothing to undo: you have not played a card in this deal."))
            return
        self._send(Undo(self.seat))

    def _undo_off(self) -> bool:
        """True when the session was started with undo off."""
        state = self.state
        return state is not None and state.undo_off

    def _absent_seat(self) -> int | None:
        """The seat the table waits for whose owner is gone long enough to hand it over."""
        state = self.state
        if state is None or state.waiting != "absent" or not self.client.seats:
            return None
        turn = self.view().turn
        if turn is None:
            return None
        gone = self._gone_for(state, turn)
        return turn if gone is not None and gone >= state.hand_over_after else None

    def _gone_for(self, state: TableState, seat: int) -> float | None:
        gone = state.gone_for[seat]
        return None if gone is None else gone + time.monotonic() - self._received

    def action_hand_over(self) -> None:
        seat = self._absent_seat()
        if seat is not None:
            self._send(HandOver(seat))

    def action_last_trick(self) -> None:
        view = self.view()
        if view.last_trick is None:
            self.say(_("No trick has been played yet in this deal."))
            return
        self.app.push_screen(Overlay(_("Last trick"), last_trick_table(view, self.look), "l"))

    def action_trick_log(self) -> None:
        view = self.view()
        self.app.push_screen(Overlay(_("Deal {number}: tricks").format(number=view.deal_number),
                                     trick_table(view, self.look, title=""), "t"))

    @while_shown
    def action_scores(self) -> None:
        full = self.query_one(ScoreTable).toggle()
        self.set_class(full, "-scores-full")
        self.refresh_bindings()

    @while_shown
    def action_choose_deal(self, step: int) -> None:
        self.query_one(ScoreTable).choose(step)

    @while_shown
    def action_replay_deal(self) -> None:
        """Replay the finished deal chosen in the full score table (never the deal in
        play: the table gives finished deals only)."""
        scores = self.query_one(ScoreTable)
        number = scores.chosen if scores.full else None
        if number is None:
            self.say(_("No deal is finished yet: there is nothing to replay."))
            return
        self.run_worker(self._open_replay(number), group="replay", exclusive=True,
                        exit_on_error=False)

    async def _open_replay(self, number: int) -> None:
        try:
            session = await self.client.finished_session()
        except PastDealsUnavailable as problem:
            if problem.code == "too_large":
                why = _("this session is too long to send over the connection; replay it "
                        "from Saved sessions on the machine that serves the table")
            elif problem.code == "lost":
                why = _("the connection to the table service is lost")
            else:
                why = _("the table service did not send them ({code})").format(
                    code=service_words(problem.detail) if problem.detail else problem.code)
            self.say(_("The past deals cannot be shown: {why}.").format(why=why), error=True)
            return
        if session is None:
            self.say(_("This table cannot show its past deals here: replay them from "
                       "Saved sessions where the session is saved."), error=True)
            return
        from ....ui.screens.game_replay import GameReplayScreen
        from .. import game_session
        try:
            screen = GameReplayScreen(game_session(session), deal=number)
        except ValueError as error:
            self.say(_("Deal {number} cannot be replayed: {error}.").format(
                number=number, error=error), error=True)
            return
        self.app.push_screen(screen)

    @while_shown
    def action_chart(self) -> None:
        from ....ui.screens.charts import SessionChartScreen
        self.app.push_screen(SessionChartScreen.of_view(self.view()))

    @while_shown
    def action_escape(self) -> None:
        """Esc closes the score table when it is open, else goes Home (all is saved)."""
        if self.query_one(ScoreTable).full:
            self.action_scores()
        else:
            self.action_leave()

    def _talking(self) -> bool:
        with contextlib.suppress(NoMatches):
            return self.query_one(TalkBar).is_open
        return False

    def action_talk(self) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one(TalkBar).open()

    def action_talk_quietly(self) -> None:
        self.action_talk()

    def action_talk_panel(self) -> None:
        if self.client.talk is not None:
            from ....ui.screens.talk import TalkScreen
            self.app.push_screen(TalkScreen(self.client.talk, _("Talk at this table")))

    def action_rules(self) -> None:
        view = self.view()
        self.app.push_screen(RulesOverlay(view.rules, view.players, self.look.ascii))

    def action_help(self) -> None:
        polignac_app(self.app).action_help()

    def action_leave_to_lobby(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        """Back home; every move is saved as it is played (no question asked). When the last
        save failed, the first q says so and a second one leaves."""
        if self.may_leave():
            self._go_home()

    def may_leave(self) -> bool:
        """True when nothing is lost by leaving, or when the player was told and asked
        again (q, ctrl+q); else say what would be lost (the first time)."""
        state = self.state
        if state is None or state.unsaved is None or self._leave_unsaved:
            return True
        self._leave_unsaved = True
        self.say(_("The session is NOT saved: press the same key again to leave anyway "
                 "(what was not saved is lost)."), error=True)
        return False

    def _go_home(self) -> None:
        self._left = True
        self._stop_ticker()
        self.client.close()
        polignac_app(self.app).leave_table()
