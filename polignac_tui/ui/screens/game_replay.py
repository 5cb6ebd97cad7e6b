"""Replay and review a finished deal of a game of the seam (Écarté, Piquet): every hand
face up, action by action (← → Home End), the trick in play, the points so far, and each
choice of the people at the table against the expert's from their view at that moment
(games/review.py, computed off the UI thread)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...games.arena import players_of as players_module
from ...games.base import Match, replay
from ...games.review import DealReview, Step, finished_deals, reason_words, review_deal
from ...games.session import GameSession
from ...i18n import N_, _
from ..cardtext import CardLook, inline
from ..chrome import Footer, header
from ..handle import polignac_app


def deal_at(session: GameSession, number: int, position: int) -> Match:
    """The match after deal ``number``'s first ``position`` actions, replayed."""
    match = session.match
    log = match.log
    entry = log[number - 1]
    replayed = replay(match.game, match.settings, match.names, log[:number - 1],
                      match.first_dealer)
    replayed.start_deal(entry.dealt)
    for action in entry.actions[:position]:
        replayed.apply(action)
    return replayed


def action_text(action: str, look: CardLook) -> Text:
    """An action as a player reads it: a card with its suit, words as they are."""
    text = Text(end="")
    for i, part in enumerate(action.split()):
        if i:
            text.append(" ")
        if len(part) == 2 and part[0] in "AKQJT987" and part[1] in "SHDC":
            text.append_text(inline(part, look, brackets=False))
        else:
            text.append(part)
    return text


class GameReplayScreen(Screen[None]):
    """One finished deal of a session of Écarté or Piquet, replayed and reviewed."""

    DEFAULT_CSS = """
    GameReplayScreen #replay { padding: 0 1; }
    GameReplayScreen #replay-title { height: auto; text-style: bold; }
    GameReplayScreen #replay-hands { height: auto; border: round $primary-darken-1;
                                     padding: 0 1; }
    GameReplayScreen #replay-trick { height: auto; min-height: 2; padding: 0 1; }
    GameReplayScreen #replay-review { height: auto; min-height: 2; padding: 0 1; }
    GameReplayScreen #replay-summary { height: auto; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back one"), tooltip=N_("the action before")),
        Binding("right", "step(1)", N_("Next"), tooltip=N_("the next action")),
        Binding("home", "go(0)", N_("Start"), tooltip=N_("the hands as dealt"), show=False),
        Binding("end", "go(-1)", N_("End"), tooltip=N_("the deal played out"), show=False),
        Binding("pageup,left_square_bracket", "deal(-1)", N_("Prev deal"), key_display="[",
                tooltip=N_("the finished deal before")),
        Binding("pagedown,right_square_bracket", "deal(1)", N_("Next deal"), key_display="]",
                tooltip=N_("the finished deal after")),
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to the saved sessions")),
    ]

    def __init__(self, session: GameSession, deal: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.deals = finished_deals(session.match)
        if not self.deals:
            raise ValueError(_("no finished deal to replay yet"))
        self.number = deal if deal in self.deals else self.deals[-1]
        self.position = 0
        self.reviews: dict[int, DealReview] = {}
        self._reviewer: Worker[DealReview] | None = None

    @property
    def look(self) -> CardLook:
        app = polignac_app(self.app)
        return CardLook.of(app.settings, app.no_color)

    @property
    def actions(self) -> tuple[str, ...]:
        return self.session.match.log[self.number - 1].actions

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="replay"):
            yield Static("", id="replay-title", markup=False)
            yield Static("", id="replay-hands")
            yield Static("", id="replay-trick")
            yield Static("", id="replay-review")
            yield Static("", id="replay-summary")
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        self.start_review()

    # -- the review, off the UI thread ---------------------------------------------------
    def start_review(self) -> None:
        number, session = self.number, self.session
        if number in self.reviews:
            return
        seats = session.humans() or tuple(range(session.size))

        def work() -> DealReview:
            match = session.match
            advise = players_module(session.game).advise
            return review_deal(match.game, match.settings, match.names, match, number, seats,
                               advise)
        self._reviewer = self.run_worker(work, name=f"review of deal {number}",
                                         group="review", thread=True, exclusive=True,
                                         exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._reviewer or not self.is_attached:
            return
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            review = event.worker.result
            self.reviews[review.number] = review
            self.show()
        elif event.state == WorkerState.ERROR:
            self.notify(_("The review failed: {error}").format(error=event.worker.error),
                        severity="error", markup=False)

    # -- keys ----------------------------------------------------------------------------
    def action_step(self, step: int) -> None:
        self.position = max(0, min(len(self.actions), self.position + step))
        self.show()

    def action_go(self, where: int) -> None:
        self.position = len(self.actions) if where < 0 else 0
        self.show()

    def action_deal(self, step: int) -> None:
        index = self.deals.index(self.number) + step
        if not 0 <= index < len(self.deals):
            self.notify(_("No finished deal before this one.") if step < 0 else
                        _("No finished deal after this one."), title=_("Replay"))
            return
        self.number = self.deals[index]
        self.position = 0
        self.show()
        self.start_review()

    def action_close(self) -> None:
        self.app.pop_screen()

    # -- drawing -------------------------------------------------------------------------
    def show(self) -> None:
        match = deal_at(self.session, self.number, self.position)
        names = self.session.names
        dealer = match.log[-1].dealt.dealer
        title = _("{session}: deal {number} of {deals}, dealt by {dealer}; action {action} "
                  "of {actions}").format(
                      session=self.session.name or self.session.id, number=self.number,
                      deals=len(self.session.match.log), dealer=names[dealer],
                      action=self.position, actions=len(self.actions))
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-hands", Static).update(self.hands_text(match))
        self.query_one("#replay-trick", Static).update(self.trick_text(match))
        self.query_one("#replay-review", Static).update(self.review_text())
        self.query_one("#replay-summary", Static).update(self.summary_text())

    def hands_text(self, match: Match) -> Text:
        """A line per seat: the hand face up (each seat's own view), and its total."""
        look, names = self.look, self.session.names
        width = min(12, max(len(n) for n in names))
        turn = match.turn
        upcoming = (self.actions[self.position] if self.position < len(self.actions)
                    else None)
        text = Text(end="")
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            pointer = ">" if look.ascii else "▶"
            text.append(f"{pointer if seat == turn else ' '} ", style="bold")
            text.append(f"{name[:width]:<{width}} ", style="bold" if seat == turn else "")
            for card in match.view(seat).hand:
                highlight = seat == turn and upcoming is not None and card in upcoming.split()
                text.append_text(inline(card, look, brackets=False, highlight=highlight))
                text.append(" ")
            text.append("  " + _("total {points}").format(points=match.totals[seat]),
                        style="dim")
        return text

    def trick_text(self, match: Match) -> Text:
        """The last action taken and the trick in play."""
        look, names = self.look, self.session.names
        text = Text(end="")
        if self.position:
            seat = deal_at(self.session, self.number, self.position - 1).turn
            who = names[seat] if seat is not None else ""
            text.append(f"{who}: ", style="bold")
            text.append_text(action_text(self.actions[self.position - 1], look))
        trick = match.view(None).trick
        if trick:
            text.append("\n" + _("Trick: "), style="dim")
            for seat, card in trick:
                text.append(f"{names[seat]} ")
                text.append_text(inline(card, look))
                text.append("  ")
        return text

    def _step(self) -> Step | None:
        review = self.reviews.get(self.number)
        if review is None or not self.position:
            return None
        return next((s for s in review.steps if s.index == self.position), None)

    def review_text(self) -> Text:
        look = self.look
        text = Text(end="")
        if self.position == 0:
            arrows = "<- ->" if look.ascii else "← →"
            text.append(_("The hands as dealt. {arrows} step through the deal action by "
                          "action, Home and End jump; each choice is compared with the "
                          "expert's from its player's view at that moment.").format(
                              arrows=arrows), style="dim")
            return text
        if self.number not in self.reviews:
            text.append(_("Reviewing the deal…") if not look.ascii
                        else _("Reviewing the deal..."), style="dim")
            return text
        step = self._step()
        if step is None:
            return text
        if step.agrees:
            text.append(_("The expert's choice too."))
        else:
            text.append(_("The expert: "))
            text.append_text(action_text(step.expert, look))
            text.append(f"  ({reason_words(self.session.game, step.why)})", style="italic")
        return text

    def summary_text(self) -> str:
        review = self.reviews.get(self.number)
        if review is None:
            return ""
        parts = []
        for seat in sorted({s.seat for s in review.steps}):
            steps = [s for s in review.steps if s.seat == seat]
            parts.append(f"{self.session.names[seat]} " + _("{agreed} of {count}").format(
                agreed=sum(s.agrees for s in steps), count=len(steps)))
        return _("Choices the same as the expert's: {players}").format(
            players=" · ".join(parts))
