"""The table of every game: the others round the trick, your hand, the game's own side
column (a panel, or Polignac's score table), the words you may say; the game in play.

The screen is a client of its seat (``GameClient``): it draws the ``View`` of every
``GameUpdate`` and sends commands (``Act`` with an action's text, ``Undo``, ``Seen``,
``Ready``...). The table runs by itself (``table.gamerunner``): the computer thinks,
a finished trick stays on show until any key (or a pause), a deal's end waits for
Ready. What only one game has (its words, its panel, its trick area, a question before
the first card, its deal summary and end of the match) comes from its ``FACE``
(``games/<game>/tui``, ``ui.gameface``): a member it declares, never a branch here.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from typing import ClassVar, Literal

from rich.console import RenderableType
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from ...games import get_game
from ...games.actions import CardsAction, parse_action
from ...games.base import CardChoice, CardsChoice, Gathered, Settings, View, WordChoice
from ...games.errors import RuleError
from ...games.events import CardPlayed, DealStarted, Discarded, MatchOver, Said, Shown
from ...games.namewords import names_text, shown_name
from ...i18n import N_, Translator, _, current, ngettext
from ...service.wording import service_words
from ...table.gameclient import GameClient, HintBusy, PastDealsUnavailable
from ...table.gameevents import (
    Act,
    GameCommand,
    GameHint,
    GameTableState,
    GameUpdate,
    HandOver,
    Happened,
    Looking,
    Ready,
    Refused,
    Saved,
    Seen,
    StandIn,
    Undo,
    Undone,
)
from ...table.pace import PACE_DELAY
from ..cardtext import CardLook, inline, words
from ..chrome import Footer, while_shown
from ..gamedraw import (
    action_text,
    end_text,
    header_text,
    rules_text,
    score_sheet,
    trick_log,
)
from ..gameface import CONFIRM_KEY, GameFace, Seating, SidePanel, face_of
from ..handle import card_games_app
from ..quiet import set_content
from ..textfmt import assemble
from ..widgets.cardface import face_size, faces_fit
from ..widgets.gamepanel import GamePanel
from ..widgets.hand import Hand, key_index
from ..widgets.hanging import Hanging
from ..widgets.scoresheet import ScoreSheet
from ..widgets.talk import TALK_WIDE, TalkBar, TalkPanel
from ..widgets.trick import TrickArea
from ..widgets.words import WordChoices
from .panels import DealOverBox, MatchOverBox, Overlay
from .privacy import PrivacyScreen

__all__ = ["TableScreen"]

# Keys that look at something: they do not say "seen" of the trick on show.
LOOK_KEYS = frozenset({"l", "t", "s", "r", "question_mark", "f1", "ctrl+p", "apostrophe",
                       "quotation_mark"})
# The screen's own keys: the words' buttons take none of them.
RESERVED = ("h", "u", "l", "t", "r", "q", "s", "g", "o", "p")
WIDE = 110          # from this width the side column is wider (a score table: every deal)
CARD_KEYS = Binding.Group(N_("Card"), compact=True)
WORD_KEYS = Binding.Group(N_("Choice"), compact=True)
# What Enter may do at the table, one binding each, so that the footer says which.
ENTER_ACTIONS = ("play", "discard", "choose", "mark_word")
ARROW_ACTIONS = ("move", "move_word", "move_mark")     # what the arrows move along
MARK = "✓"
STATUS_LINES = 2                    # the status line's rows (#status)

Dialog = Literal["deal_over", "match_over", "privacy", "question"]


def named_view(view: View) -> View:
    """``view`` with its seats' names as shown: the app's default name ("You", "Toi",
    "Tu", as the session was made) in the player's language."""
    names = tuple(shown_name(name) for name in view.names)
    return view if names == view.names else replace(view, names=names)


def lost_words(reason: str) -> Text:
    """A table out of reach (``connection_lost``), in the player's language: not a refusal
    of anything the player did (the host stopping says every table is saved)."""
    why = service_words(reason.removeprefix("connection lost: "))
    return assemble(_("Connection lost: {why}"), "bold", why=why)


class TableScreen(Screen[None]):
    """The table of one session of any game, as a client of its seat(s)."""

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
    TableScreen TrickArea {
        min-height: 12;
    }
    TableScreen #side {
        height: 1fr;
        border-left: vkey $primary 40%;
        scrollbar-size-vertical: 1;
    }
    .ascii TableScreen #side {
        border-left: ascii $primary 40%;
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
    TableScreen WordChoices {
        padding: 0 1;
        display: none;
    }
    TableScreen WordChoices.-shown {
        display: block;
    }
    TableScreen Footer.-compact FooterLabel {
        margin-right: 1;
    }
    /* the scores open full over the table (every game; Polignac's are its side column) */
    TableScreen.-side-full #trick, TableScreen.-side-full #side {
        display: none;
    }
    TableScreen.-side-full #middle {
        align: center middle;
    }
    TableScreen.-side-full #side-column {
        width: 1fr;
        align: center middle;
    }
    TableScreen.-side-full #side-column TalkPanel {
        display: none;
    }
    /* Notices go top right, over the side column: never over the hand, the status line
       or a card on the table. */
    TableScreen ToastRack {
        dock: top;
        align: right top;
        margin-top: 1;
        margin-bottom: 0;
        max-height: 50%;
        overflow-y: hidden;
    }
    TableScreen Toast {
        width: 24;
        max-width: 24;
        margin-top: 0;
        margin-bottom: 1;
    }
    /* a served table: the game's panel and, on a large terminal, the talk below it */
    TableScreen #side-column {
        width: auto;
        height: 1fr;
    }
    TableScreen #side-column TalkPanel {
        display: none;
        height: 40%;
        padding: 0 1;
        border-left: vkey $secondary;
    }
    TableScreen.-talk-wide #side-column TalkPanel {
        display: block;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Previous card"), key_display="←", group=CARD_KEYS),
        Binding("right", "move(1)", N_("Next card"), key_display="→", group=CARD_KEYS),
        # Words alone to choose: the same arrows move between the words (the footer says so).
        Binding("left", "move_word(-1)", N_("Previous word"), key_display="←",
                group=WORD_KEYS),
        Binding("right", "move_word(1)", N_("Next word"), key_display="→", group=WORD_KEYS),
        # Words marked for a verb: the arrows too, not in the footer (80 columns are full
        # in French and Italian; the buttons and the prompt name their keys)
        Binding("left", "move_mark(-1)", N_("Previous word"), show=False),
        Binding("right", "move_mark(1)", N_("Next word"), show=False),
        Binding("enter", "play", N_("Play"),
                tooltip=N_("play the selected card, or confirm the cards marked")),
        # While cards are marked for a discard, Enter confirms them: the footer says so.
        Binding("enter", "discard", N_("Discard"),
                tooltip=N_("exchange the cards marked with the talon")),
        # Words alone to choose (Écarté's propose or play, Piquet's talon and declarations):
        # Enter says the word highlighted, and the footer says so (never "Play" there).
        Binding("enter", "choose", N_("Choose"),
                tooltip=N_("say the word highlighted (←/→ move between the words)")),
        # Words to mark for a verb (Piquet's declarations): Enter on one marks or unmarks
        # it, and d (the confirming button's key in every game) says those marked.
        Binding("enter", "mark_word", N_("Mark"),
                tooltip=N_("mark or unmark the word highlighted (a declaration: what is not "
                           "marked is sunk)")),
        Binding(CONFIRM_KEY, "confirm", N_("Confirm"),
                tooltip=N_("say the words marked (a declaration: declare them)")),
        Binding("space", "mark", N_("Mark"), show=False,
                tooltip=N_("mark or unmark the selected card (a discard)")),
        # With the scores open, Enter replays the finished deal chosen (n: the next deal).
        Binding("enter,p", "replay_deal", N_("Replay"),
                tooltip=N_("the scores open (s): replay and review the finished deal "
                           "chosen")),
        Binding("n,enter", "next_deal", N_("Next deal"), key_display="n",
                tooltip=N_("once a deal is over and its box closed: on to the next deal")),
        Binding("h", "hint", N_("Hint"), tooltip=N_("a hint: what the expert would do")),
        Binding("u", "undo", N_("Undo"), tooltip=N_("take back your last action of this deal")),
        Binding("l", "last_trick", N_("Last trick"), show=False,   # t shows it too
                tooltip=N_("the last trick (l again or esc closes it)")),
        Binding("t", "trick_log", N_("Tricks"),
                tooltip=N_("every trick of this deal (t again or esc closes it)")),
        Binding("s", "scores", N_("Scores"),
                tooltip=N_("the score sheet: every deal, the totals (s again or esc closes it)")),
        Binding("r", "rules", N_("Rules"), show=False,    # 80 columns are full: in the help
                tooltip=N_("the rules of this session")),
        # With the scores open (every game): choose a finished deal (Enter, p: replay it).
        Binding("up", "choose_deal(-1)", N_("Deal before"), show=False,
                tooltip=N_("the scores open (s): the finished deal before")),
        Binding("down", "choose_deal(1)", N_("Deal after"), show=False,
                tooltip=N_("the scores open (s): the finished deal after")),
        Binding("o", "hand_over", N_("Hand over"),
                tooltip=N_("a computer plays for the player who is gone, until they come back")),
        Binding("g", "chart", N_("Chart"), show=False,
                tooltip=N_("the score after each deal, a line per player")),
        Binding("question_mark", "help", N_("Help"), key_display="?",
                tooltip=N_("this list of keys")),
        Binding("q", "leave", N_("Home"), key_display="q/esc",
                tooltip=N_("Home; every action is saved as it is taken")),
        # At a table of the service the same key goes back to its lobby (check_action
        # shows one of the two).
        Binding("q", "leave_to_lobby", N_("Lobby"), key_display="q/esc",
                tooltip=N_("at a table of the service: back to its lobby; your seat stays "
                           "yours")),
        # Talk: at a table of the service only.
        Binding("apostrophe", "talk", N_("Talk"), key_display="'",
                tooltip=N_("at a table of the service: say a line to the table (Enter says "
                           "it, Esc closes; on an empty line 1 to 5 say a quick phrase)")),
        # the same key, not in the Footer when Undo is there (80 columns are full)
        Binding("apostrophe", "talk_quietly", N_("Talk"), key_display="'", show=False),
        Binding("quotation_mark", "talk_panel", N_("All the talk"), key_display='"',
                show=False, tooltip=N_("at a table of the service: the last 50 lines said "
                                       "there, and a key to mute each person")),
    ]
    ASCII_KEYS: ClassVar[dict[str, str]] = {"left": "<-", "right": " ->", "enter": "Enter"}
    # ', as Talk; the arrows as they are listed already
    HELP_HIDDEN: ClassVar[frozenset[str]] = frozenset({"talk_quietly", "move_mark(-1)",
                                                       "move_mark(1)"})

    def __init__(self, client: GameClient) -> None:
        super().__init__()
        self.client = client
        self.rules_game = get_game(client.game)
        self.face: GameFace = face_of(client.game)
        seats = client.seats
        self.seat: int = seats[0] if seats else 0
        self._shown_to: int | None = seats[0] if len(seats) == 1 else None
        self._dialog: Dialog | None = None
        self._ready_for = 0                 # the deal whose end we have seen
        self._box_closed_for = 0            # the deal whose end's box was closed
        self._match_box_closed = False      # the end of the match's box was closed
        self._status = Text()
        self._error = False
        self._asked = False                 # the note on show was asked for (a hint)
        self._left = False
        self._looking = False
        self._toggled: set[str] = set()     # the words toggled for a verb (declare)
        self._choice_key: object = None     # the choice the hand and words are set for
        self._hint_asked: object = None
        self._leave_unsaved = False        # told that leaving loses what was not saved
        self._answered: int | None = None   # the panel's talk told so far (None: all)
        self._answers_timer: Timer | None = None
        self._talk_known: int | None = None  # the lines of talk in the latest view
        self._received = time.monotonic()   # when the latest update came (gone times)
        self._ticker: Timer | None = None   # redraws while someone is gone
        self._hint_card: str | None = None  # the card the status speaks of (a choice, a hint)
        # the latest view with its names as shown, for the view and language it was made
        # in (the table asks for it a dozen times a redraw)
        self._named: tuple[View, Translator, View] | None = None
        self._talk_panel: TalkPanel | None = None   # the one composed last (if talk)
        own = self.face.side_panel()
        self._side: SidePanel = own if own is not None else ScoreSheet(
            self._score_sheet, id="scores")

    # -- state ---------------------------------------------------------------------------
    @property
    def look(self) -> CardLook:
        app = card_games_app(self.app)
        look = CardLook.of(app.settings, app.no_color)
        return CardLook(look.ascii, look.four_colour, look.colour, jacks=False)

    @property
    def state(self) -> GameTableState | None:
        latest = self.client.latest
        return latest.state if latest is not None else None

    def view(self) -> View:
        raw, language = self.client.view(self.seat), current()
        named = self._named
        if named is None or named[0] is not raw or named[1] is not language:
            named = self._named = (raw, language, named_view(raw))
        return named[2]

    def seating(self) -> Seating:
        state = self.state
        humans = state.humans if state is not None else ()
        one = len(self.client.seats) == 1 and sum(humans) <= 1
        return Seating(self.view().names, self.seat if one else None)

    def _held(self) -> Gathered | None:
        state = self.state
        if state is None or state.held is None:
            return None
        cards = state.held.cards
        return Gathered(cards[0][0], tuple(c for _s, c in cards), state.held.winner)

    def holding(self) -> bool:
        """True while a finished trick is on show (any key gathers it)."""
        state = self.state
        return state is not None and state.waiting == "hold" and self._dialog is None

    def awaits_me(self) -> bool:
        """True when the table waits for an action of the person at the keyboard."""
        state = self.state
        if state is None or state.waiting != "turn" or self._dialog is not None:
            return False
        view = self.view()
        return view.turn == self.seat and self.seat in self.client.seats \
            and view.choice is not None

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        talk = self.client.talk
        with Horizontal(id="middle"):
            yield self.face.trick_area()
            with Vertical(id="side-column"):
                if not self._side.in_column:
                    with VerticalScroll(id="side", can_focus=False):
                        yield GamePanel(id="panel")
                if isinstance(self._side, Widget):
                    self._side.display = self._side.in_column
                    yield self._side
                if talk is not None:
                    self._talk_panel = TalkPanel(talk)
                    yield self._talk_panel
        yield Static(id="status")
        if talk is not None:
            yield TalkBar(talk, self.client.say)
        words = WordChoices(id="words", reserved=RESERVED)
        words.can_focus = False
        yield words
        yield Hand(id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        settings = card_games_app(self.app).settings
        self.client.set_pace(settings.pace, settings.after_trick)
        self.client.listen(self._table_changed)
        self.call_after_refresh(self._next)

    def after_relabel(self) -> None:
        self._choice_key = None
        self.refresh_table()

    def on_screen_suspend(self) -> None:
        if not self._left and self._dialog is None and not self._looking:
            self._looking = True
            self.client.send(Looking(True))

    def on_screen_resume(self) -> None:
        if not self._left:
            settings = card_games_app(self.app).settings
            self.client.set_pace(settings.pace, settings.after_trick)
            if self._looking:
                self._looking = False
                self.client.send(Looking(False))
            self.refresh_table()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= TALK_WIDE[0] and event.size.height >= TALK_WIDE[1],
                       "-talk-wide")
        with contextlib.suppress(NoMatches):
            self.refresh_table()

    def on_unmount(self) -> None:
        self._left = True
        self._stop_answers()
        self.client.close()

    # -- drawing -------------------------------------------------------------------------
    def refresh_table(self) -> bool:
        if self.client.latest is None:
            return False
        try:
            self._draw()
        except NoMatches:
            return False
        return True

    def _draw(self) -> None:
        view = self.view()
        look = self.look
        width = self.size.width or self.app.size.width or 80
        height = self.size.height or self.app.size.height or 24
        size = face_size(width, height) if faces_fit(width, height) else None
        side_width = self.face.side_width + (8 if width >= WIDE else 0)
        if not self._side.in_column:
            self.query_one("#side").styles.width = side_width
        else:
            self._side.set_wide(width >= WIDE)
            side_width = max(side_width, 46 if width >= WIDE else side_width)
        if self._talk_panel is not None:
            self._talk_panel.styles.width = side_width
        self._header(view, width)
        hand = self.query_one(Hand)
        trick = self.query_one(TrickArea)
        hand.set_faces(size)
        trick.set_faces(size)
        hidden = len(self.client.seats) > 1 and self._shown_to != self.seat
        self._set_choice(view, hidden)
        active = self.awaits_me() and self._held() is None
        choice = view.choice if active else None
        if hidden:
            hand.show((), (), False, look)
        elif isinstance(choice, CardChoice):
            hand.show(view.hand, choice.cards, True, look, self.face.first_card(view))
        elif isinstance(choice, CardsChoice):
            hand.show(view.hand, choice.cards, True, look)
        else:
            hand.show(view.hand, (), False, look)
        state = self.state
        humans = state.humans if state is not None else (True,) * len(view.names)
        trick.show(self.face.table_seen(view, self.seat, humans), look, self._held(),
                   self._centre(view))
        self._side.show(view, look)
        if not self._side.in_column:
            self.query_one(GamePanel).show(self.face.panel(view, look, self.seating(),
                                                           self._answered))
        status = self.query_one("#status", Static)
        unsaved = state.unsaved if state is not None else None
        status.set_class(self._error or unsaved is not None, "-error")
        body = self._status if self._status.plain else self._status_for(view)
        if self._status.plain and not self._error:
            prompt = self._status_for(view)
            body = self._status + Text("  ") + prompt
            if len(body.wrap(self.app.console, max(1, width - 2))) > STATUS_LINES:
                # the prompt keeps its last words and the note goes, unless it was asked
                body = self._status if self._asked else prompt
        if unsaved is not None:
            body = Text(_("Could not save (the game goes on): {why}.").format(why=unsaved)) \
                + Text("  ") + body
        set_content(status, body, fixed_size=True)

    def _header(self, view: View, width: int) -> None:
        set_content(self.query_one("#info", Static), header_text(
            view, self.rules_game.title, self.client.session_name, self.seating(), self.face,
            width - 2, self.look.ascii, self.client.preset), fixed_size=True)

    def _set_choice(self, view: View, hidden: bool) -> None:
        """The hand's mode and the word buttons for the choice in view (set once per
        choice, so that marks and toggles stay while the table redraws)."""
        choice = view.choice if (self.awaits_me() and not hidden) else None
        key = (view.deal_number, len(view.hand), view.phase, choice, self.seat)
        if key == self._choice_key:
            return
        self._choice_key = key
        self._toggled = set(self.face.toggled_first(view)) if choice is not None else set()
        hand = self.query_one(Hand)
        if isinstance(choice, CardsChoice):
            hand.choose_several(choice.least, max(choice.most, 1) if choice.cards else 1)
            if choice.most == 0:
                hand.bounds = (0, 0)
        elif hand.several:
            hand.choose_one()
        self._set_words(choice)

    def _set_words(self, choice: object) -> None:
        buttons = self.query_one(WordChoices)
        pairs: list[tuple[str, str]] = []
        if isinstance(choice, WordChoice):
            if choice.verb is None:
                pairs = [(w, self.face.word_label(w)) for w in choice.words]
            else:
                view = self.view()
                for w in choice.words:
                    on = w in self._toggled
                    label = self.face.toggle_label(w, view, on)
                    pairs.append((w, f"{MARK} {label}" if on else label))
                pairs.append((f"={choice.verb}", self.face.verb_label(choice.verb)))
        elif isinstance(choice, CardChoice) and choice.words:
            pairs = [(w, self.face.word_label(w)) for w in choice.words]
        cursor = buttons.cursor
        buttons.set_choices(pairs, RESERVED, {w: CONFIRM_KEY if w.startswith("=")
                                              else self.face.word_key(w) for w, _l in pairs})
        buttons.cursor = min(cursor, max(0, len(pairs) - 1))
        buttons.set_class(bool(pairs), "-shown")
        # Words alone: ←/→ and Enter work on the buttons (focused). Words beside cards (the
        # king): the arrows and Enter stay the cards', the words have their keys.
        if isinstance(choice, WordChoice):
            buttons.can_focus = True
            buttons.focus()
        else:
            buttons.can_focus = False
            if buttons.has_focus:
                self.set_focus(None)

    def _centre(self, view: View) -> Text:
        held = self._held()
        seating = self.seating()
        own = self.face.centre(view, held, seating, self.look)
        if own is not None:
            return own
        if held is not None:
            card = held.by_seat(len(view.names))[held.winner]
            if seating.is_you(held.winner):
                return assemble(_("You win with {card}"), "bold",
                                card=inline(card, self.look, brackets=False))
            return assemble(_("{name} wins with {card}"), "bold", name=view.names[held.winner],
                            card=inline(card, self.look, brackets=False))
        return Text()

    def _status_for(self, view: View) -> Text:
        if self.client.lost is not None:
            return Text(_("The table is gone: {why}").format(why=self.client.lost), style="bold")
        state = self.state
        seating = self.seating()
        if view.outcome is not None and state is not None and state.waiting == "hold":
            text = Text(_("The session is over."), style="bold")
            text.append(" " + (_("Any key shows the final scores.") if state.held_until_seen
                               else _("Any key shows the final scores (or wait a moment).")))
            return text
        if view.outcome is not None:
            # the outcome's first line (the box said it whole), then what is left to do
            text = self.face.outcome(view, seating).split("\n")[0]
            text.append("\n")
            text.append(_("s: the score sheet · t: the tricks · q: the lobby")
                        if self.client.served else
                        _("s: the score sheet · t: the tricks · q: Home"), style="dim")
            return text
        note = self.face.status_note(view, seating, self.look)
        waiting = self._waiting_for(view, state, seating)
        if note is None or not waiting.plain:
            return waiting
        return note + Text("  ") + waiting

    def _waiting_for(self, view: View, state: GameTableState | None,
                     seating: Seating) -> Text:
        """What the table waits for now: a trick gathered, the next deal, someone gone,
        the person here (and what they are asked), or another seat."""
        if state is not None and state.waiting == "hold":
            return Text(_("Any key gathers the trick (or wait a moment).") if
                        not state.held_until_seen else _("Any key gathers the trick."),
                        style="dim")
        if state is not None and state.waiting == "ready":
            if view.deal_number == self._ready_for:
                late = [view.names[s] for s in range(len(view.names))
                        if state.humans[s] and state.connected[s] and not state.ready[s]]
                if late:
                    return Text(_("Waiting for {names} to see the deal's summary.").format(
                        names=names_text(late)), style="italic")
            if self._side_full():
                return Text(_("The deal is over: n, the next deal (Enter replays the deal "
                              "chosen)."), style="bold")
            return Text(_("The deal is over: Enter or n, the next deal."), style="bold")
        if state is not None and state.waiting == "paused":
            return Text(_("Nobody is at the table: it is paused."), style="italic")
        if view.turn is None:
            return Text()
        if state is not None and state.waiting == "absent":
            return self._gone_words(view, state)
        if self.awaits_me() or (self._dialog == "question" and view.turn == self.seat):
            return assemble(_("{your_turn}: {what}"), your_turn=Text(_("Your turn"),
                                                                       style="bold reverse"),
                            what=self.face.prompt(view, self.look))
        dots = "..." if self.look.ascii else "…"
        person = (state is not None and state.humans[view.turn]
                  and state.stand_ins[view.turn] is None)
        words = _("Waiting for {name}{dots}") if person else _("{name} is thinking{dots}")
        return Text(words.format(name=view.names[view.turn], dots=dots), style="italic")

    def _gone_words(self, view: View, state: GameTableState) -> Text:
        """Waiting for a player who is gone, for how long, and when (or how) a computer
        may play for them."""
        assert view.turn is not None
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

    def _gone_for(self, state: GameTableState, seat: int) -> float | None:
        gone = state.gone_for[seat]
        return None if gone is None else gone + time.monotonic() - self._received

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

    def action_hand_over(self) -> None:
        seat = self._absent_seat()
        if seat is not None:
            self._send(HandOver(seat))

    def _tick_while_someone_is_gone(self, state: GameTableState) -> None:
        """Redraw every second while the table waits for someone gone (their time shows)."""
        if state.waiting == "absent" and self._ticker is None:
            self._ticker = self.set_interval(1.0, self._tick)
        elif state.waiting != "absent" and self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        self.refresh_table()
        self.refresh_bindings()

    def _tell_talk(self) -> None:
        """The panel's talk (Piquet's declarations) comes a line at a time, at the table's
        pace (all at once at pace instant); the lines already shown stay, and those this
        seat said itself are shown at once. What was said before this screen came (a
        resumed deal) is there at once: the story so far."""
        lines = self.face.talk_lines(self.view())
        told, self._talk_known = self._talk_known, lines
        if told is not None and lines < told:      # a new deal, an undo
            self._stop_answers()
        if told is None or lines <= told:
            return
        step = PACE_DELAY.get(card_games_app(self.app).settings.pace, 0.7)
        if self._answered is None:
            # what this seat said itself is there at once, then the first new line of
            # the other as it is said (his answer comes under each call, in its turn)
            speakers = self.face.talk_speakers(self.view())
            mine = told
            while mine < len(speakers) and speakers[mine] == self.seat:
                mine += 1
            self._answered = mine + 1
        if step <= 0 or self._answered >= lines:
            self._stop_answers()
        elif self._answers_timer is None:
            self._answers_timer = self.set_interval(step + 0.6, self._next_answer)

    def _next_answer(self) -> None:
        if self._answered is None or self._answered + 1 >= (self._talk_known or 0):
            self._stop_answers()
        else:
            self._answered += 1
        self.refresh_table()

    def _stop_answers(self) -> None:
        self._answered = None
        if self._answers_timer is not None:
            self._answers_timer.stop()
            self._answers_timer = None

    def say(self, message: str | Text, error: bool = False, asked: bool = False) -> None:
        """``message`` on the status line, before the prompt; when both do not fit, the
        prompt keeps its last words and the note goes, unless the person ``asked`` for
        it (a hint): then the note stays and the prompt comes back with the next."""
        self._status = Text(message) if isinstance(message, str) else message
        self._error = error
        self._asked = asked
        self.refresh_table()

    def _clear_status(self) -> None:
        self._status = Text()
        self._error = False
        self._asked = False

    # -- the flow of play ------------------------------------------------------------------
    def _table_changed(self, update: GameUpdate) -> None:
        if self._left:
            return
        self._received = time.monotonic()
        self._tick_while_someone_is_gone(update.state)
        for event in update.events:
            self._react(event, named_view(update.views[0]) if update.views else None)
        self._tell_talk()
        if not self.refresh_table():
            return
        self.refresh_bindings()
        self._next()

    def _react(self, event: Happened, view: View | None) -> None:
        seating = self.seating() if view is not None else None
        if isinstance(event, CardPlayed | Said | Discarded):
            self._leave_unsaved = False      # a move since: leaving asks again
        if isinstance(event, Refused):
            self._status = self._refusal(event)
            self._asked = False
            self._error = True
        elif isinstance(event, DealStarted):
            self._clear_status()
        elif isinstance(event, Said) and seating is not None:
            self._clear_status()
            if seating.is_you(event.seat):
                return           # your own words need no note
            said = self.face.said(event.action, seating.who(event.seat))
            if said:             # (a declaration is told in the panel, a line at a time)
                self._status = Text(said)
                self._asked = False
        elif isinstance(event, Discarded) and seating is not None and \
                not seating.is_you(event.seat):
            self._status = Text(ngettext("{who} exchanges {count} card.",
                                         "{who} exchanges {count} cards.", event.count).format(
                who=seating.who(event.seat), count=event.count))
            self._asked = False
            self._error = False
        elif isinstance(event, Shown) and view is not None:
            note = self.face.shown_note(event.reason, self.seating().who(event.seat or 0))
            if note is not None:
                self.notify(note, markup=False)
        elif isinstance(event, Undone):
            self._choice_key = None
            with contextlib.suppress(NoMatches):
                self.query_one(Hand).active = False  # the turn starts again: on a playable card
            self._status = Text(_("Your last action is taken back."))
            self._asked = False
            self._error = False
        elif isinstance(event, Saved):
            self._leave_unsaved = False
            self._status = Text(_("The session is saved again."))
            self._asked = False
            self._error = False
        elif isinstance(event, GameHint):
            self._show_hint(event)
        elif isinstance(event, StandIn) and event.level is not None and view is not None:
            self.notify(_("A computer plays for {name} until they come back.").format(
                name=view.names[event.seat]), markup=False)
        elif isinstance(event, MatchOver):
            self._clear_status()

    def _refusal(self, event: Refused) -> Text:
        if event.rule == "connection_lost":
            return lost_words(event.reason)
        worded = self.face.refusal(event.rule, dict(event.params), self.look)
        if worded is None:
            worded = Text(words(event.reason, self.look))
        card = dict(event.params).get("card")
        if isinstance(card, str) and event.rule in ("follow_suit", "forcing", "must_trump"):
            return assemble(_("Not {card}: {why}"), "bold",
                            card=inline(card, self.look), why=worded)
        return assemble(_("Refused: {why}"), "bold", why=worded)

    def _next(self) -> None:
        """What this screen must show now: the end of a deal, of the match, or the
        privacy screen between two people at one keyboard."""
        if self._left or self._dialog is not None or self.client.latest is None:
            return
        if not self.is_current:
            return
        state = self.client.latest.state
        view = self.view()
        if state.waiting == "over":
            if not self._match_box_closed:
                self._dialog = "match_over"
                body = self.face.match_summary(view, self.look, self.seating(),
                                               self.client.served)
                end = MatchOverBox(_("The match is over"),
                                   self._end_text(view, True) if body is None else body,
                                   self.client.served, self.client.talk, self.client.say)
                self.app.push_screen(end, lambda _: self._match_box_closed_with(end.leave))
            return
        if state.waiting == "ready":
            if view.deal_number not in (self._ready_for, self._box_closed_for):
                self._dialog = "deal_over"
                body = self.face.deal_summary(view, self.look, self.seating())
                box = DealOverBox(_("Deal {number} is over").format(number=view.deal_number),
                                  self._end_text(view, False) if body is None else body)
                self.app.push_screen(box, lambda _: self._deal_box_closed(box.next_deal))
            return
        if state.waiting != "turn" or not self.client.seats:
            return
        seat = None
        for held in self.client.seats:
            if self.client.view(held).turn == held:
                seat = held
        if seat is None:
            return
        if len(self.client.seats) > 1 and seat != self._shown_to:
            self._dialog = "privacy"
            self.app.push_screen(PrivacyScreen(view.names[seat]),
                                 lambda _: self._privacy_done(seat))
            return
        if seat != self.seat:
            self.seat = seat
            self.refresh_table()
        question = self.face.question(self.view(), lambda: self.client.hint(seat), self.look)
        if question is not None:
            self._dialog = "question"
            self.refresh_table()
            self.app.push_screen(question.screen,
                                 lambda got: self._answered_with(question.action(got)))

    def _answered_with(self, action: str | None) -> None:
        """The game's question answered (None: the person went Home; it waits)."""
        self._dialog = None
        if action is None:
            self._go_home()
            return
        self._act(action)

    def _privacy_done(self, seat: int) -> None:
        self._dialog = None
        self.seat = seat
        self._shown_to = seat
        self._choice_key = None
        self._clear_status()
        self.refresh_table()
        self._next()

    def _deal_box_closed(self, next_deal: bool) -> None:
        """The end of a deal closed: on to the next deal, or the finished table on show
        until its key (n or Enter)."""
        self._dialog = None
        self._box_closed_for = self.view().deal_number
        if next_deal:
            self._deal_seen()
        else:
            self._clear_status()
            self.refresh_table()
            self.refresh_bindings()

    def _match_box_closed_with(self, leave: bool) -> None:
        """The end of the match closed: home (or the lobby), or the finished table on
        show, what is left to do in its footer."""
        self._dialog = None
        self._match_box_closed = True
        if leave:
            self._go_home()
            return
        self._clear_status()
        self.refresh_table()
        self.refresh_bindings()

    def _deal_seen(self) -> None:
        self._dialog = None
        self._ready_for = self.view().deal_number
        self._clear_status()
        self._send(Ready())
        self.refresh_table()
        self.refresh_bindings()

    def _deal_to_go_on(self) -> bool:
        """True when the finished deal is on show and the next waits for this screen's
        Ready (its box closed)."""
        state = self.state
        return state is not None and state.waiting == "ready" and self._dialog is None \
            and self.view().deal_number != self._ready_for

    def _end_text(self, view: View, last: bool) -> RenderableType:
        return end_text(view, self.look, self.seating(), self.face, last)

    def _send(self, command: GameCommand) -> None:
        self.client.send(command)

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_deal":
            return self._deal_to_go_on()
        state = self.state
        over = state is not None and state.waiting == "over"
        if action in ("choose_deal", "replay_deal"):
            return self._side_full()
        if action in (*ENTER_ACTIONS, *ARROW_ACTIONS, "mark", "confirm") and \
                self._side_full():
            return False         # the hand is under the scores: Enter replays a deal
        if over and action in (*ENTER_ACTIONS, *ARROW_ACTIONS, "hint", "mark", "confirm",
                               "undo", "hand_over"):
            return False         # the match is over: what is left is to look, and leave
        if action in (*ENTER_ACTIONS, *ARROW_ACTIONS, "hint", "mark", "confirm") and \
                state is not None and state.waiting == "ready":
            return False         # the deal is over: its keys give way to the next deal's
        if action == "undo":
            return len(self.client.seats) == 1 and (state is None or not state.undo_off) \
                and (state is None or sum(state.humans) == 1)
        if action in ENTER_ACTIONS and self.client.seats:
            return action == self._enter_does()
        if action == "confirm":
            return bool(self.client.seats) and self._verb_asked() is not None
        if action in ARROW_ACTIONS:      # along the cards, or the words
            return bool(self.client.seats) and action == self._arrows_move()
        if action in ("play", "hint", "mark"):
            return bool(self.client.seats)
        if action == "hand_over":
            return self._absent_seat() is not None
        if action in ("leave", "leave_to_lobby"):
            return (action == "leave_to_lobby") == self.client.served
        if action in ("talk", "talk_quietly", "talk_panel"):
            if self.client.talk is None or action == "talk_panel":
                return self.client.talk is not None
            crowded = self.check_action("undo", ()) is True
            return crowded == (action == "talk_quietly")
        return True

    @while_shown
    def on_key(self, event: events.Key) -> None:
        if self._talking():      # the talk line has the keys
            return
        state = self.state
        if state is not None and state.waiting == "hold" and self._dialog is None:
            if event.key in LOOK_KEYS:
                return
            self._send(Seen())
            if event.key in ("enter", "space", "left", "right") or \
                    key_index(event.key) is not None:
                event.stop()               # only seen: never a card played by surprise
                event.prevent_default()
            return
        if event.key == "escape":
            event.stop()
            self.action_escape()
            return
        if self._side_full():
            return      # the scores over the table: their keys only, never a card or a word
        if event.key == "u" and state is not None and state.undo_off:
            event.stop()                # its binding is hidden: say why
            self.action_undo()
            return
        if key_index(event.key) is not None:
            event.stop()
            hand = self.query_one(Hand)
            if not self.awaits_me():
                hand.pick(event.key)
                return
            card = hand.pick(event.key)
            if card is not None:
                self._play(card)
            return
        buttons = self.query_one(WordChoices)
        if buttons.has_class("-shown") and self.awaits_me() and len(event.key) == 1 \
                and event.key in buttons.keys and buttons.press(event.key):
            event.stop()
            event.prevent_default()

    def on_word_choices_chosen(self, message: WordChoices.Chosen) -> None:
        if not self.awaits_me():
            return
        choice = self.view().choice
        word = message.word
        if isinstance(choice, WordChoice) and choice.verb is not None:
            if word.startswith("="):
                chosen = [w for w in choice.words if w in self._toggled]
                self._act(" ".join((choice.verb, *chosen)))
                return
            self._toggled ^= {word}
            self._set_words(choice)
            cursor = [w for w, _l in zip(self.query_one(WordChoices).words,
                                         self.query_one(WordChoices).labels, strict=True)]
            self.query_one(WordChoices).cursor = cursor.index(word) if word in cursor else 0
            self.refresh_bindings()
            return
        self._act(word)

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        self._play(message.card)

    def on_hand_confirmed(self, message: Hand.Confirmed) -> None:
        choice = self.view().choice
        if isinstance(choice, CardsChoice) and self.awaits_me():
            self._act(" ".join((choice.verb, *message.cards)))

    def on_hand_refused(self, message: Hand.Refused) -> None:
        self.say(message.reason, error=True)

    def on_hand_marked(self, message: Hand.Marked) -> None:
        if self._error:
            self._clear_status()
            self.refresh_table()

    def _act(self, action: str) -> None:
        self._clear_status()
        self._send(Act(self.seat, action))

    def _play(self, card: str) -> None:
        if not self.awaits_me():
            view = self.view()
            if view.turn is not None and view.turn != self.seat:
                self.say(_("Wait: it is {name}'s turn.").format(name=view.names[view.turn]),
                         error=True)
            else:
                self.say(_("Wait a moment."), error=True)
            return
        choice = self.view().choice
        if not isinstance(choice, CardChoice):
            return
        self._act(card)

    @while_shown
    def action_move(self, step: int) -> None:
        if self.query_one(WordChoices).has_class("-shown") and not isinstance(
                self.view().choice, CardChoice | CardsChoice):
            self.query_one(WordChoices).press("right" if step > 0 else "left")
            return
        self.query_one(Hand).move(step)

    def action_move_word(self, step: int) -> None:
        self.action_move(step)

    def action_move_mark(self, step: int) -> None:
        self.action_move(step)

    @while_shown
    def _arrows_move(self) -> str:
        """What the arrows move along now: ``move`` the cards, ``move_word`` the words
        alone, ``move_mark`` the words marked for a verb."""
        if self._verb_asked() is not None:
            return "move_mark"
        return "move_word" if self._enter_does() == "choose" else "move"

    def action_next_deal(self) -> None:
        if self._deal_to_go_on():
            self._deal_seen()

    @while_shown
    def _discarding(self) -> bool:
        """The seat marks cards to exchange (Piquet's and Écarté's discard): Enter
        confirms the discard rather than plays a card."""
        choice = self.view().choice if self.awaits_me() else None
        return isinstance(choice, CardsChoice) and choice.verb == "discard"

    @while_shown
    def _enter_does(self) -> str:
        """What Enter does now: ``discard`` the cards marked, ``mark_word`` the word
        highlighted (words marked for a verb), ``choose`` it (words alone, or the verb's
        own button), else ``play`` the card selected."""
        if self._discarding():
            return "discard"
        choice = self.view().choice if self.awaits_me() else None
        if not isinstance(choice, WordChoice):
            return "play"
        buttons = self.query_one(WordChoices)
        on = buttons.words[buttons.cursor] if 0 <= buttons.cursor < len(buttons.words) else ""
        return "mark_word" if choice.verb is not None and not on.startswith("=") else "choose"

    def _verb_asked(self) -> str | None:
        """The verb whose words are being marked now (Piquet's ``declare``), else None."""
        choice = self.view().choice if self.awaits_me() else None
        return choice.verb if isinstance(choice, WordChoice) else None

    def action_discard(self) -> None:
        self.action_play()

    def action_choose(self) -> None:
        self.action_play()

    def action_mark_word(self) -> None:
        self.action_play()

    @while_shown
    def action_confirm(self) -> None:
        """The verb's own button (its key, or a click on the footer): the words marked."""
        verb = self._verb_asked()
        buttons = self.query_one(WordChoices)
        if verb is not None and f"={verb}" in buttons.words:
            buttons.choose(buttons.words.index(f"={verb}"))

    def on_word_choices_highlighted(self, message: WordChoices.Highlighted) -> None:
        self.refresh_bindings()         # Enter marks a word, or says the verb: the footer

    def action_play(self) -> None:
        view = self.view()
        if view.outcome is not None:
            self._next()
            return
        if not self.awaits_me():
            return
        choice = view.choice
        hand = self.query_one(Hand)
        if isinstance(choice, CardsChoice):
            hand.confirm()
        elif isinstance(choice, CardChoice):
            card = hand.selected_card
            if card is None:
                return
            if not view.trick and not hand.moved:
                # A new trick to lead and the cursor not moved: this Enter only chooses,
                # so that a quick Enter never plays a card by surprise.
                hand.moved = True
                # asked for (the Enter): kept when the prompt is long too (a trick's
                # jacks told before it), else that Enter seemed to do nothing
                self.say(assemble(_("{card} chosen: Enter plays it (or choose another)."),
                                  card=inline(card, self.look)), asked=True)
                self._hint_card = card
                return
            self._play(card)
        elif isinstance(choice, WordChoice):
            self.query_one(WordChoices).press("enter")

    @while_shown
    def action_mark(self) -> None:
        hand = self.query_one(Hand)
        if hand.several and self.awaits_me():
            hand.toggle()

    def action_hint(self) -> None:
        if not self.awaits_me():
            self.say(_("A hint is given when it is your turn."))
            return
        view = self.view()
        moment = (view.deal_number, len(view.hand), view.phase, len(view.trick))
        if self._hint_asked == moment:
            self.say(_("A hint is already on its way."))
            return
        self._hint_asked = moment
        self.say(_("Thinking of a hint...") if self.look.ascii else _("Thinking of a hint…"),
                 asked=True)
        self._ask_hint(self.seat, moment)

    @work(exclusive=True, group="hint", exit_on_error=False)
    async def _ask_hint(self, seat: int, moment: object) -> None:
        busy = False
        try:
            advice = await self.client.hint(seat)
        except HintBusy:        # the service still works out a hint asked before
            advice, busy = None, True
        except Exception:
            advice = None
        if self._left:
            return
        self._hint_asked = None
        if busy:
            self.say(_("The expert is still thinking of the hint asked before: ask again "
                       "in a moment."), asked=True)
        else:
            self._show_hint(advice)

    @while_shown
    def _show_hint(self, advice: GameHint | None) -> None:
        if advice is None or not advice.action:
            self.say(_("No hint available."), asked=True)
            return
        hand = self.query_one(Hand)
        marked = self._mark_hinted(advice.action)
        if marked is not None:  # said in the hand's order, left to right as marked
            text = assemble(_("Hint: {action} (marked)"), "bold",
                            action=self.action_text(str(marked)))
        else:
            text = assemble(_("Hint: {action}"), "bold",
                            action=self.action_text(advice.action))
        why = self.face.hint_reason(advice.why, dict(advice.params))
        if why:
            text.append(f"{' -' if self.look.ascii else ' —'} {why}")
        first = advice.action.split()[0]
        if len(first) == 2 and first.isupper():
            hand.select(first)
            self._hint_card = first
        else:
            self._point_at_words(advice.action)
        self.say(text, asked=True)

    def _mark_hinted(self, action: str) -> CardsAction | None:
        """A hinted discard marks its cards in the hand (as the person's own marks: Enter
        then discards them); the discard as marked (its cards in the hand's order), None
        when no card was marked."""
        try:
            parsed = parse_action(action)
        except RuleError:
            return None
        if not isinstance(parsed, CardsAction) or not parsed.cards or not self._discarding():
            return None
        hand = self.query_one(Hand)
        if not hand.mark_only(parsed.cards):
            return None
        return CardsAction(parsed.verb, hand.marked)

    def _point_at_words(self, action: str) -> None:
        """A hint in words puts the cursor where Enter says what the hint says, as a card
        hint puts it on the card: on the word itself, or, for a verb's words (Piquet's
        declarations), those words marked and the cursor on the verb (a discard's cards
        are marked by ``_mark_hinted``)."""
        choice = self.view().choice
        verb, *words = action.split()
        if not isinstance(choice, WordChoice):
            return
        buttons = self.query_one(WordChoices)
        if choice.verb is None:
            target = verb
        elif verb == choice.verb:
            self._toggled = {w for w in words if w in choice.words}
            self._set_words(choice)
            target = f"={verb}"
        else:
            return
        if target in buttons.words:
            buttons.cursor = buttons.words.index(target)
            buttons.refresh()

    def on_hand_selected(self, message: Hand.Selected) -> None:
        """Moving to another card takes the hint (or a card chosen) off the status line."""
        if self._hint_card is not None and message.card != self._hint_card:
            self._hint_card = None
            self._clear_status()
            self.refresh_table()

    def action_text(self, action: str) -> Text:
        return action_text(action, self.face, self.look)

    @while_shown
    def action_undo(self) -> None:
        state = self.state
        if state is not None and state.undo_off:
            self.say(_("Undo is off in this session."), error=True)
            return
        if state is None or not state.can_undo:
            self.say(_("Nothing to undo: you have not acted in this deal."))
            return
        self._send(Undo(self.seat))

    def action_last_trick(self) -> None:
        view = self.view()
        if not view.tricks:
            self.say(_("No trick has been played yet in this deal."))
            return
        self.app.push_screen(Overlay(_("Last trick"), trick_log(view, self.look, last=True),
                                     "l"))

    def action_trick_log(self) -> None:
        view = self.view()
        self.app.push_screen(Overlay(_("Deal {number}: tricks").format(
            number=view.deal_number), trick_log(view, self.look), "t"))

    @while_shown
    def action_escape(self) -> None:
        """Esc closes the score table open full, else goes Home (all is saved)."""
        self.query_one("#side-column")      # (not there: the screen is being removed)
        if self._side_full():
            self.action_scores()
        else:
            self.action_leave()

    def _side_full(self) -> bool:
        return self._side.full

    def _score_sheet(self, view: View, look: CardLook, chosen: int | None) -> RenderableType:
        """The house's score sheet (a game with no scores of its own in the side column)."""
        return score_sheet(view, look, self.seating(), self.face, chosen)

    @while_shown
    def action_scores(self) -> None:
        """The scores open full over the table (every deal; a finished deal chosen in
        them replays), or closed again."""
        full = self._side.toggle()
        self.set_class(full, "-side-full")
        words = self.query_one(WordChoices)
        if full and words.has_focus:
            self.set_focus(None)        # Enter replays a deal: it never says a word here
        elif not full and words.can_focus and words.has_class("-shown"):
            words.focus()
        self.refresh_table()            # the status line says what Enter does now
        self.refresh_bindings()

    @while_shown
    def action_choose_deal(self, step: int) -> None:
        self._side.choose(step)

    @while_shown
    def action_replay_deal(self) -> None:
        """Replay the finished deal chosen in the full scores (never the deal in play:
        the table gives finished deals only)."""
        number = self._side.chosen if self._side.full else None
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
        from .replay import ReplayScreen
        try:
            screen = ReplayScreen(session, deal=number)
        except (TypeError, ValueError) as error:
            self.say(_("Deal {number} cannot be replayed: {error}.").format(
                number=number, error=error), error=True)
            return
        self.app.push_screen(screen)

    def action_chart(self) -> None:
        from .charts import SessionChartScreen
        view = self.view()
        points = [list(deal.points) for deal in view.deals if deal.points is not None]
        self.app.push_screen(SessionChartScreen(
            _("The session's score"), view.names, points, self.face.chart_limit(view)))

    def action_rules(self) -> None:
        own = self.face.table_rules(self.view(), self.look.ascii)
        if own is not None:
            self.app.push_screen(own)
            return
        text = rules_text(self.rules_game, self.view(), self.client_settings(), self.face,
                          self.look.ascii)
        self.app.push_screen(Overlay(_("Rules of this session"), Hanging(text, paragraphs=True),
                                     "r"))

    def client_settings(self) -> Settings | None:
        """The session's settings, when the table is in this process (else None)."""
        return self.client.settings

    def action_help(self) -> None:
        card_games_app(self.app).action_help()

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
            from .talk import TalkScreen
            self.app.push_screen(TalkScreen(self.client.talk, _("Talk at this table")))

    def action_leave_to_lobby(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        """Back home; every action is saved as it is taken. When the last save failed,
        the first q says so and a second one leaves."""
        if self.may_leave():
            self._go_home()

    def may_leave(self) -> bool:
        """True when nothing is lost by leaving, or the player was told so once."""
        state = self.state
        if state is None or state.unsaved is None or self._leave_unsaved:
            return True
        self._leave_unsaved = True
        self.say(_("The session is NOT saved: press the same key again to leave anyway "
                   "(what was not saved is lost)."), error=True)
        return False

    def _go_home(self) -> None:
        if self._left:
            return
        self._left = True
        self.client.close()
        card_games_app(self.app).leave_table()

