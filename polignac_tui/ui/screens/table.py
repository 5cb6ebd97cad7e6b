"""The table: your hand, the seats round the trick, the scores, the rules; the game in play.

The screen reads only ``SeatView``s and sends actions to the ``Table``, which
applies and saves them. Computer players think in a thread worker as soon as
they are to play; their moves are applied on the UI thread once the delay set by
the pace setting is over (the thinking is hidden in the delay), and a finished
trick stays on show for a moment (any key gathers it at once).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from ...config import Settings
from ...engine import Action, Declare, Play, RuleError, SeatView, Trick
from ...engine.cards import SUIT_NAMES
from ..cardtext import CardLook, cards_inline, inline, is_you, label, says, who, words
from ..chrome import while_shown
from ..widgets.hand import Hand
from ..widgets.header import generale_failed, header_text
from ..widgets.scores import ScoreTable, full_with_legend
from ..widgets.trick import TrickArea
from ..widgets.tricklog import last_trick_table, trick_table
from .cognac import CognacScreen
from .generale import GeneraleScreen
from .panels import Overlay, RulesOverlay
from .privacy import PrivacyScreen
from .summary import SummaryScreen

if TYPE_CHECKING:
    from ...table import Table

# Seconds before a computer's card is shown, and a finished trick stays on the table.
PACE_DELAY = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.4}
TRICK_HOLD = {"instant": 0.0, "fast": 0.6, "normal": 1.2, "slow": 2.2}
WIDE = 110   # from this width the side column shows every deal


CARD_KEYS = Binding.Group("Card", compact=True)


class TableScreen(Screen[None]):
    """The main screen: the game of one session."""

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
        height: auto;
        max-height: 2;
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
    TableScreen Footer.-compact FooterLabel {
        margin-right: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous card", key_display="←", group=CARD_KEYS),
        Binding("right", "move(1)", "Next card", key_display="→", group=CARD_KEYS),
        Binding("enter", "play", "Play", tooltip="play the selected card"),
        Binding("h", "hint", "Hint", tooltip="a hint: the card the expert would play"),
        Binding("u", "undo", "Undo", tooltip="take back your last card of this deal"),
        Binding("l", "last_trick", "Last trick", show=False,   # t shows it too
                tooltip="the last trick (l again or esc closes it)"),
        Binding("t", "trick_log", "Tricks",
                tooltip="every trick of this deal (t again or esc closes it)"),
        Binding("s", "scores", "Scores",
                tooltip="the score table, every deal (s again or esc closes it)"),
        Binding("r", "rules", "Rules", tooltip="the rules of this session"),
        Binding("question_mark", "help", "Help", key_display="?", tooltip="this list of keys"),
        # Esc (handled in on_key) closes the score table when it is open, else goes Home.
        Binding("q", "leave", "Home", key_display="q/esc",
                tooltip="Home; the session is already saved (esc first closes the score "
                        "table)"),
    ]
    # Key labels for terminals without arrows and the return sign (ASCII mode).
    ASCII_KEYS: ClassVar[dict[str, str]] = {"left": "<-", "right": " ->", "enter": "Enter"}

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        humans = table.humans()
        # The seat drawn at the bottom: the (single) human, else whoever acted last.
        self.seat: int = humans[0] if humans else 0
        self._shown_to: int | None = humans[0] if len(humans) == 1 else None
        self._waiting: str | None = None      # think, hold, summary, cognac, privacy, ...
        self._token = 0                       # bumped by every change: stale results drop
        self._timer: Timer | None = None
        self._think_started = 0.0                # when the computer to play began to think
        self._gathered: Trick | None = None
        self._status: Text = Text()
        self._error = False
        self._left = False

    # -- settings ------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        settings = getattr(self.app, "settings", None)
        return settings if isinstance(settings, Settings) else Settings()

    @property
    def look(self) -> CardLook:
        return CardLook.of(self.settings, bool(getattr(self.app, "no_color", False)))

    @property
    def pace(self) -> str:
        pace = self.settings.pace
        return pace if pace in PACE_DELAY else "normal"

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        with Horizontal(id="middle"):
            yield TrickArea(id="trick")
            yield ScoreTable(id="scores")
        yield Static(id="status")
        yield Hand(id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._start()

    def _start(self, again: bool = True) -> None:
        """Draw, then play on. A screen already on its way out (keys pressed faster than
        screens switch) has no widgets to draw on: it is tried once more, then left."""
        if self._left or not self.refresh_table():
            if again and not self._left:
                self.call_after_refresh(lambda: self._start(again=False))
            return
        view = self.view()
        if view.phase == "play" and not view.trick and view.tricks and TRICK_HOLD[self.pace]:
            # Resumed between tricks: the last one may never have been on show (the
            # terminal closed while it was played), so it is shown again first.
            self._hold(view.tricks[-1])
        self.call_after_refresh(self.advance)

    def on_screen_resume(self) -> None:
        """Back from another screen (settings may have changed: ASCII, colours)."""
        if not self._left:
            self.refresh_table()

    def on_resize(self, event: events.Resize) -> None:
        with contextlib.suppress(NoMatches):   # not composed yet, or being removed
            self.query_one(ScoreTable).set_wide(event.size.width >= WIDE)
            self._header(event.size.width)

    def _header(self, width: int) -> None:
        """The header line, its parts chosen to fit ``width`` columns."""
        self.query_one("#info", Static).update(
            header_text(self.view(), self.table.session.name, width - 2, self.look.ascii))

    def on_unmount(self) -> None:
        self._stop()
        self.table.close()

    # -- drawing -------------------------------------------------------------------------
    def view(self) -> SeatView:
        return self.table.view(self.seat)

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
        self._header(self.size.width or self.app.size.width or 80)
        active = view.my_turn and view.phase == "play" and self._gathered is None \
            and self._waiting is None
        # With several people at the keyboard a hand shows only once its owner said so.
        hand = self.query_one(Hand)
        if len(self.table.humans()) > 1 and self._shown_to != self.seat:
            hand.show((), (), False, look)
        else:
            hand.show(view.hand, view.legal, active, look)
        self.query_one(TrickArea).show(view, look, self._gathered, self._centre(view))
        self.query_one(ScoreTable).show(view, look.ascii, look.colour)
        status = self.query_one("#status", Static)
        status.set_class(self._error, "-error")
        if not self._status.plain:
            status.update(self._status_for(view))
        elif self._error or view.my_turn:
            status.update(self._status)
        else:  # a note (someone passed) and whose turn it is now
            status.update(self._status + Text("  ") + self._status_for(view))

    def _key_labels(self, ascii: bool) -> None:
        """Footer labels of the card keys: arrows and the return sign, or ASCII words."""
        if getattr(self, "_ascii_keys", None) == ascii:
            return
        self._ascii_keys = ascii
        changed = self._bindings.key_to_bindings
        for key, ascii_label in self.ASCII_KEYS.items():
            originals = {b.action: b for b in self._merged_bindings_for(key)}
            changed[key] = [replace(b, key_display=ascii_label if ascii
                                    else originals[b.action].key_display)
                            for b in changed.get(key, [])]
        self.refresh_bindings()

    def _merged_bindings_for(self, key: str) -> list[Binding]:
        return [b for b in self.BINDINGS if isinstance(b, Binding) and b.key == key]

    def _centre(self, view: SeatView) -> Text:
        """The words in the middle of the table."""
        if self._gathered is not None:
            return self._taken(view, self._gathered)
        if view.phase == "generale":
            return Text("La générale?", style="bold")
        if view.phase == "play" and not view.trick:
            if is_you(view, view.leader):
                return Text("You lead", style="dim")
            return Text(f"{view.names[view.leader]} to lead", style="dim")
        return Text()

    def _taken(self, view: SeatView, trick: Trick) -> Text:
        """``Denis wins with A♥ and takes J♦``: the winning card, then any jack it gathers."""
        card = trick.by_seat(view.players)[trick.winner]
        text = Text(says(view, trick.winner, "wins", "win") + " with ", style="bold")
        text.append_text(inline(card, self.look, brackets=False))
        jacks = [c for c in trick.cards if c[0] == "J" and c != card]
        if jacks:
            text.append(" and " + ("take " if is_you(view, trick.winner) else "takes "),
                        style="bold")
            text.append_text(cards_inline(jacks, self.look))
        return text

    def _status_for(self, view: SeatView) -> Text:
        if view.finished:
            return Text("The session is over.")
        if view.phase == "generale":
            if view.turn is None:
                return Text("La générale?")
            asked = says(view, view.turn, "is", "are", capital=False)
            return Text(f"La générale: {asked} asked whether to declare it.")
        if self._gathered is not None:
            return Text("Any key gathers the trick (or wait a moment).", style="dim")
        if view.turn is None:
            return Text("The deal is over.")
        text = Text()
        if generale_failed(view):
            text.append(f"La générale has failed ({who(view, view.declarer or 0)} lost a "
                        "trick). ", style="bold")
        if view.my_turn:
            text.append("Your turn", style="bold reverse")
            text.append_text(self._prompt(view))
            return text
        dots = "..." if self.look.ascii else "…"
        text.append(f"{view.names[view.turn]} is playing{dots}", style="italic")
        return text

    def _prompt(self, view: SeatView) -> Text:
        """What you may play now, the variants' restrictions named."""
        text = Text()
        rules = view.rules
        guarded = [c for c in view.hand if rules.jack_guard and c[0] in "KQ"
                   and "J" + c[1] in view.hand]
        if view.led_suit is None:
            arrows = "<-/->" if self.look.ascii else "←/→"
            text.append(": you lead, play any card" if not guarded else ": you lead")
            keys = f" ({arrows} or its number, then Enter)."
        else:
            suit = view.led_suit
            text.append(f": {who(view, view.leader)} led ")
            jacks = [c for c in view.hand if c[0] == "J"]
            if any(c[1] == suit for c in view.hand) or not (rules.must_discard_jack and jacks):
                text.append_text(self._suit(suit))
                text.append("; follow suit if you can")
            else:
                text.append_text(self._suit(suit, name=False))
                text.append("; no ")
                text.append_text(self._suit(suit, name=False))
                text.append(": you must discard " + ("le Polignac" if "JS" in jacks
                                                     else "a jack"))
                guarded = []
            keys = "."
        if guarded:
            text.append("; jack guard: not ")
            text.append_text(cards_inline(guarded, self.look))
        text.append(keys)
        return text

    def _suit(self, suit: str, name: bool = True) -> Text:
        glyph = suit if self.look.ascii else label("7" + suit, self.look)[1:]
        return Text(f"{glyph} ({SUIT_NAMES[suit]})" if name else glyph, style="bold")

    def say(self, message: str | Text, error: bool = False) -> None:
        """Put ``message`` on the status line until the next move."""
        self._status = Text(message) if isinstance(message, str) else message
        self._error = error
        self.refresh_table()

    def _clear_status(self) -> None:
        self._status = Text()
        self._error = False

    # -- the flow of play ------------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next: a computer move, a question, a summary, the cognac."""
        if self._left or self._waiting is not None:
            return
        table = self.table
        session = table.session
        self.refresh_table()
        if session.finished:
            self._waiting = "cognac"
            self._show_summary_then(self._show_cognac, last=True)
            return
        if session.needs_deal:
            self._waiting = "summary"
            self._show_summary_then(self._deal_next)
            return
        seat = session.turn
        if seat is None:
            return
        if table.computer_to_move() is not None:
            self._schedule_computer()
            return
        if seat != self._shown_to and len(table.humans()) > 1:
            self._waiting = "privacy"
            self.app.push_screen(PrivacyScreen(session.players[seat].name),
                                 lambda _: self._privacy_done(seat))
            return
        self.seat = seat
        self._shown_to = seat
        view = self.view()
        if view.asked:
            self._waiting = "generale"
            self.refresh_table()
            passed = [view.names[(view.leader + k) % view.players] for k in range(view.passed)]
            self.app.push_screen(
                GeneraleScreen(view.names[seat], passed, leads=view.passed == 0,
                               hint=self._hint_source(view),
                               scores=full_with_legend(view, self.look.ascii),
                               rules=lambda: RulesOverlay(view.rules, view.players,
                                                          self.look.ascii)),
                self._generale_answered)
            return
        self.refresh_table()

    def _privacy_done(self, seat: int) -> None:
        self._waiting = None
        self.seat = seat
        self._shown_to = seat
        self._clear_status()
        self.advance()

    def _generale_answered(self, declare: bool | None) -> None:
        self._waiting = None
        if declare is None:      # q: back Home, the question is asked again on return
            self._go_home()
            return
        self._act(Declare(self.seat, declare))

    def _show_summary_then(self, then: Callable[[], None], last: bool = False) -> None:
        view = self.view()
        if view.phase != "over":
            then()
            return
        self.app.push_screen(SummaryScreen(view, self.look, last=last), lambda _: then())

    def _deal_next(self) -> None:
        self._waiting = None
        self._gathered = None
        self._clear_status()
        try:
            self.table.deal_next()
        except Exception as error:  # a save that fails: say so, keep playing
            self._token += 1
            self.advance()
            self.say(f"The next deal could not be saved: {error}", error=True)
            return
        self._token += 1
        self.advance()

    def _show_cognac(self) -> None:
        self.app.push_screen(CognacScreen(self.view(), self.look), lambda _: self._go_home())

    # -- computer moves --------------------------------------------------------------------
    def _schedule_computer(self) -> None:
        """Let the computer think at once; its card shows when the pace delay is over (the
        thinking is hidden in the delay, not added to it)."""
        self._waiting = "think"
        token = self._token
        self._think_started = time.monotonic()
        self.run_worker(lambda: self._think(token), thread=True, group="think",
                        exit_on_error=False)

    def _think(self, token: int) -> None:
        """In a worker thread: ask the computer to move, hand the answer to the UI thread."""
        try:
            action: Action | Exception = self.table.think()
        except Exception as error:  # reported on the status line, never a traceback
            action = error
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._computer_acted, token, action)

    def _computer_acted(self, token: int, action: Action | Exception) -> None:
        if token != self._token or self._left:
            return
        remaining = PACE_DELAY[self.pace] - (time.monotonic() - self._think_started)
        if remaining > 0:
            self._timer = self.set_timer(remaining,
                                         lambda: self._show_computer(token, action))
        else:
            self._show_computer(token, action)

    def _show_computer(self, token: int, action: Action | Exception) -> None:
        if token != self._token or self._left:
            return
        self._timer = None
        self._waiting = None
        if isinstance(action, Exception):
            self.say(f"A computer player failed: {action}", error=True)
            return
        name = self.table.session.players[action.seat].name
        if isinstance(action, Declare):
            if action.declare:
                self.notify(f"{name} declares la générale!", title="La générale",
                            severity="warning", markup=False)
            else:
                self._act(action, status=Text(f"{name} passes on la générale."))
                return
        self._act(action)

    # -- applying ------------------------------------------------------------------------
    def _act(self, action: Action, status: Text | None = None) -> bool:
        """Send ``action`` to the table; show a refusal in words. True when applied."""
        before = self.table.session
        deal_before = len(before.deals)
        tricks_before = len(before.deals[-1].tricks) if before.deals else 0
        problem: str | None = None
        try:
            self.table.apply(action)
        except RuleError as error:
            self.say(self._refusal(action, error), error=True)
            return False
        except Exception as error:  # the save failed: the card is played, say so
            problem = f"Could not save the session (the game goes on): {error}"
        self._token += 1
        self._clear_status()
        if status is not None:
            self._status = status
        if problem is not None:
            self._status, self._error = Text(problem), True
        session = self.table.session
        deal = session.deals[-1]
        if len(session.deals) == deal_before and len(deal.tricks) > tricks_before:
            self._hold(deal.tricks[-1])
        else:
            self.advance()
        return True

    def _refusal(self, action: Action, error: RuleError) -> Text:
        text = Text("Refused: ", style="bold")
        text.append(words(str(error), self.look))
        if isinstance(action, Play):
            text = Text("Not ")
            text.append_text(inline(action.card, self.look))
            text.append(": ")
            message = str(error)
            head = f"{action.card[0] if action.card[0] != 'T' else '10'}{action.card[1]}: "
            if message.startswith(head):
                message = message[len(head):]
            text.append(words(message, self.look))
        return text

    def _hold(self, trick: Trick) -> None:
        """Leave the finished trick on show, then gather it to its winner."""
        hold = TRICK_HOLD[self.pace]
        if hold <= 0:
            self.advance()
            return
        self._gathered = trick
        self._waiting = "hold"
        token = self._token
        self.refresh_table()
        self._timer = self.set_timer(hold, lambda: self._gather(token))

    def _gather(self, token: int | None = None) -> None:
        if token is not None and token != self._token:
            return
        if self._waiting == "hold":
            self._waiting = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._gathered = None
        self.advance()

    def _stop(self) -> None:
        """Forget pending moves: timers stop and late worker answers are dropped."""
        self._token += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo is not offered (not even in the Footer) unless exactly one person plays;
        with nobody at the keyboard (computers only) the card keys are not offered."""
        humans = len(self.table.humans())
        if action == "undo":
            return humans == 1
        if action in ("move", "play", "hint"):
            return humans > 0
        return True

    @while_shown
    def on_key(self, event: events.Key) -> None:
        if self._waiting == "hold":
            self._gather()
            if event.key in ("enter", "space", "left", "right") or event.key.isdigit():
                event.stop()
                event.prevent_default()
            return
        if event.key == "escape":
            event.stop()
            self.action_escape()
            return
        if event.key.isdigit() and len(event.key) == 1:
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
        view = self.view()
        return view.my_turn and view.phase == "play" and self._waiting is None

    @while_shown
    def action_move(self, step: int) -> None:
        self.query_one(Hand).move(step)

    @while_shown
    def action_play(self) -> None:
        card = self.query_one(Hand).selected_card
        if card is not None:
            self._play(card)

    def _play(self, card: str) -> None:
        view = self.view()
        if not view.my_turn or view.phase != "play" or self._waiting is not None:
            who = view.names[view.turn] if view.turn is not None else "nobody"
            self.say(f"Wait: it is {who}'s turn." if view.turn != self.seat
                     else "Wait a moment.", error=True)
            if self._waiting is None:   # e.g. a computer player failed: try again
                self.advance()
            return
        self._act(Play(self.seat, card))

    def action_hint(self) -> None:
        if not self.awaits_my_card():
            self.say("A hint is given when it is your turn to play.")
            return
        advise = self._hint_source(self.view())
        token = self._token

        def work() -> None:
            try:
                result = advise()
            except Exception as error:
                result = error
            with contextlib.suppress(RuntimeError):
                self.app.call_from_thread(self._show_hint, token, result)

        self.say("Thinking of a hint..." if self.look.ascii else "Thinking of a hint…")
        self.run_worker(work, thread=True, group="hint", exit_on_error=False)

    def _hint_source(self, view: SeatView) -> Callable[[], object]:
        """The table's hint bound to this view: the expert's advice (slow: call it in a
        thread worker)."""
        return lambda: self.table.hint(view)

    @while_shown
    def _show_hint(self, token: int, result: object) -> None:
        if token != self._token:
            return
        card = getattr(result, "card", None)
        if isinstance(result, Exception) or card is None:
            self.say("No hint available.")
            return
        self.query_one(Hand).select(card)
        text = Text("Hint: play ")
        text.append_text(inline(card, self.look))
        reason = getattr(result, "reason", "")
        if reason:
            text.append(f"{' -' if self.look.ascii else ' —'} {words(str(reason), self.look)}")
        self.say(text)

    @while_shown
    def action_undo(self) -> None:
        table = self.table
        if len(table.humans()) != 1:
            self.say("Undo is off when more than one person plays.")
            return
        if self._waiting in ("summary", "cognac", "generale", "privacy"):
            return
        if not table.can_undo(self.seat):
            self.say("Nothing to undo: you have not played a card in this deal.")
            return
        self._stop()
        self._gathered = None
        self._waiting = None
        try:
            table.undo(self.seat)
        except Exception as error:
            self.say(f"Undo failed: {error}", error=True)
            return
        self._clear_status()
        self.query_one(Hand).active = False   # the turn starts again: on a playable card
        self.say("Your last card is back in your hand.")
        self.advance()

    def action_last_trick(self) -> None:
        view = self.view()
        if view.last_trick is None:
            self.say("No trick has been played yet in this deal.")
            return
        self.app.push_screen(Overlay("Last trick", last_trick_table(view, self.look), "l"))

    def action_trick_log(self) -> None:
        view = self.view()
        self.app.push_screen(Overlay(f"Deal {view.deal_number}: tricks",
                                     trick_table(view, self.look, title=""), "t"))

    @while_shown
    def action_scores(self) -> None:
        full = self.query_one(ScoreTable).toggle()
        self.set_class(full, "-scores-full")

    @while_shown
    def action_escape(self) -> None:
        """Esc closes the score table when it is open, else goes Home (all is saved)."""
        if self.query_one(ScoreTable).full:
            self.action_scores()
        else:
            self.action_leave()

    def action_rules(self) -> None:
        view = self.view()
        self.app.push_screen(RulesOverlay(view.rules, view.players, self.look.ascii))

    def action_help(self) -> None:
        helper = getattr(self.app, "action_help", None)
        if callable(helper):
            helper()

    def action_leave(self) -> None:
        """Back home; the session is already saved (no question asked)."""
        self._go_home()

    def _go_home(self) -> None:
        self._left = True
        self._stop()
        self.table.close()
        go_home = getattr(self.app, "go_home", None)
        if callable(go_home):
            go_home()
        else:
            self.app.pop_screen()


