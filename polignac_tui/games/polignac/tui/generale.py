"""La générale: the human is asked, before the first card, whether to declare it."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Static

from ....i18n import N_, _, ngettext
from ....store.wording import names_text as join_names
from ....table.gameclient import HintBusy
from ....table.gameevents import GameHint
from ....ui.chrome import Footer, while_shown
from ....ui.screens.dim import DimmedModal
from ....ui.screens.panels import Overlay
from ..players.hint import Reason
from ..players.wording import reason_text


class GeneraleScreen(DimmedModal[bool | None]):
    """Declare la générale (promise to win every trick) or pass; your hand stays in sight.

    The answer is True (declare) or False (pass); None means "back Home" (q or Esc,
    as at the table): the question is saved with the session and asked again on its
    return, so Esc never passes by accident.
    """

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    GeneraleScreen {
        align: center top;
    }
    GeneraleScreen #generale-box {
        margin-top: 2;
        width: 64;
        height: auto;
        border: heavy $warning;
        background: $surface;
        padding: 0 2;
    }
    .ascii GeneraleScreen #generale-box {
        border: ascii $warning;
    }
    GeneraleScreen #generale-title {
        text-style: bold;
        color: $warning;
    }
    GeneraleScreen Horizontal {
        height: auto;
        align: center middle;
    }
    GeneraleScreen Button {
        margin: 0 2;
    }
    GeneraleScreen #generale-hint {
        color: $text-muted;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "answer(True)", N_("Declare")),
        Binding("p", "answer(False)", N_("Pass")),
        Binding("h", "hint", N_("Hint")),
        Binding("s", "scores", N_("Scores")),
        Binding("r", "rules", N_("Rules")),
        # the table's key, worded as the table's footer says it
        Binding("q,escape", "home", N_("Home"), key_display="q/esc",
                tooltip=N_("Home; the question is saved and asked again when you come back")),
    ]

    def __init__(self, name: str, passed: list[str], *, leads: bool,
                 hint: Callable[[], Awaitable[GameHint | None]] | None = None,
                 scores: RenderableType | None = None,
                 rules: Callable[[], Screen[None]] | None = None) -> None:
        super().__init__()
        self.player_name = name
        self.passed = passed
        self.leads = leads
        self.hint = hint       # asks the table for the expert's advice
        self.scores = scores   # the score table so far (s)
        self.rules = rules     # makes the rules panel of the session (r)
        self._asking = False   # a hint is asked and not answered yet

    def compose(self) -> ComposeResult:
        with Vertical(id="generale-box"):
            yield Static(Text(_("La générale? ({name})").format(name=self.player_name)),
                         id="generale-title")
            explained = _("Declare it and you promise to win every trick: you lead, and if "
                          "you win them all you score 0 and everyone else 5; lose one trick "
                          "and you score 5.")
            if self.passed:
                explained = ngettext("{names} passed. {explained}", "{names} passed. {explained}",
                                     len(self.passed)).format(names=join_names(self.passed),
                                                              explained=explained)
            yield Static(Text(explained))
            with Horizontal():
                yield Button(_("Declare (d)"), id="declare", variant="warning")
                yield Button(_("Pass (p)"), id="pass", variant="primary")
            yield Static(_("h: a hint from the expert"), id="generale-hint")
        yield Footer(compact=True, show_command_palette=False)

    @while_shown
    def on_mount(self) -> None:
        self.query_one("#pass", Button).focus()

    @while_shown
    def action_hint(self) -> None:
        label = self.query_one("#generale-hint", Static)
        if self.hint is None:
            label.update(_("No hint available."))
            return
        if self._asking:                # its answer is on its way: wait for it
            label.update(_("A hint is already on its way."))
            return
        label.update(_("Thinking..."))
        self._asking = True
        self._ask(self.hint)

    @work(exclusive=True, group="hint", exit_on_error=False)
    async def _ask(self, hint: Callable[[], Awaitable[GameHint | None]]) -> None:
        busy = False
        try:
            advice = await hint()
        except HintBusy:        # the service still works out a hint asked before
            advice, busy = None, True
        except Exception:  # no hint is better than a crash
            advice = None
        finally:
            self._asking = False
        reason = "" if advice is None else reason_text(Reason(advice.why, advice.params), ())
        reason = reason or _("No hint available.")
        said = _("The expert is still thinking of the hint asked before: ask again in a "
                 "moment.") if busy else _("Hint: {reason}").format(reason=reason)
        with contextlib.suppress(NoMatches):
            self.query_one("#generale-hint", Static).update(Text(said))

    def action_answer(self, declare: bool) -> None:
        self.dismiss(declare)

    def action_home(self) -> None:
        """Back Home without answering (the session is saved; the question waits)."""
        self.dismiss(None)

    def action_scores(self) -> None:
        if self.scores is not None:
            self.app.push_screen(Overlay(_("Scores so far"), self.scores, "s"))

    def action_rules(self) -> None:
        if self.rules is not None:
            self.app.push_screen(self.rules())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "declare")
