"""Replay and review a finished deal of any game: every hand face up, action by action
(← → Home End), the trick in play and who took it, the points so far, and each choice
against the expert's from its player's view at that moment (``games.review``, computed
off the UI thread, its progress shown as it goes).

One screen for every game: it speaks to a game only through the seam (the match replayed
from its log, its views and the events of each action) and the game's FACE (a card's
mark, its words, its review's reasons). Saved sessions open it on the last finished deal;
a table's score table on the deal chosen: ``ReplayScreen(session, deal=N)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...config import DEFAULT_NAME, default_name
from ...games.base import Match, replay
from ...games.choices import CardChoice
from ...games.events import DealOver, Event, TrickTaken
from ...games.review import DealReview, Step, finished_deals, review_session
from ...games.session import GameSession
from ...i18n import N_, _, ngettext
from ..cardtext import CardLook, inline
from ..chrome import Footer, header
from ..gamedraw import action_text
from ..gameface import GameFace, Seating, face_of
from ..handle import card_games_app
from ..textfmt import assemble

MARK_STYLE = {"?": "bold yellow", "??": "bold red"}
Trick = tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """A deal replayed to a moment: the match after its first ``position`` actions; the
    last action's seat, its events and the trick as it stood before it; the cards of the
    tricks each seat has taken so far."""

    match: Match
    position: int
    seat: int | None                  # who took the last action (None: none yet)
    events: tuple[Event, ...]
    trick_before: Trick
    taken: tuple[tuple[str, ...], ...]

    @property
    def taken_trick(self) -> TrickTaken | None:
        return next((e for e in self.events if isinstance(e, TrickTaken)), None)

    @property
    def deal_over(self) -> DealOver | None:
        return next((e for e in self.events if isinstance(e, DealOver)), None)


def deal_at(session: GameSession, number: int, position: int) -> Moment:
    """Deal ``number`` (1-based) of ``session`` after its first ``position`` actions
    (bounded by the deal's), replayed through the game's rules from the log."""
    match = session.match
    log = match.log
    entry = log[number - 1]
    replayed = replay(match.game, match.settings, match.names, log[:number - 1],
                      match.first_dealer)
    replayed.start_deal(entry.dealt)
    position = max(0, min(position, len(entry.actions)))
    taken: list[list[str]] = [[] for _ in match.names]
    seat: int | None = None
    events: tuple[Event, ...] = ()
    before: Trick = ()
    for index, action in enumerate(entry.actions[:position], start=1):
        if index == position:
            seat, before = replayed.turn, replayed.view(None).trick
        events = replayed.apply(action)
        for event in events:
            if isinstance(event, TrickTaken):
                taken[event.winner].extend(event.cards)
    return Moment(replayed, position, seat, events, before, tuple(tuple(t) for t in taken))


def you_named(name: str) -> bool:
    """True for a seat named with your seat's default name ("You", or Toi, Tu in their
    languages): its sentences take the second person ("You lead", never "You leads")."""
    return name.strip().casefold() in (DEFAULT_NAME.casefold(), default_name().casefold())


class ReplayScreen(Screen[None]):
    """One finished deal of a session of any game, replayed and reviewed."""

    DEFAULT_CSS = """
    ReplayScreen #replay { padding: 0 1; }
    ReplayScreen #replay-title { height: auto; text-style: bold; }
    ReplayScreen #replay-hands { height: auto; border: round $primary-darken-1;
                                     padding: 0 1; }
    ReplayScreen #replay-trick { height: auto; min-height: 2; padding: 0 1; }
    ReplayScreen #replay-review { height: auto; min-height: 2; padding: 0 1; }
    ReplayScreen #replay-summary { height: auto; color: $text-muted; padding: 0 1; }
    ReplayScreen #replay-below { height: auto; }
    ReplayScreen #replay-said { width: 1fr; height: auto; }
    ReplayScreen #replay-panel { width: auto; max-width: 40%; height: auto;
                                     padding: 0 1; border-left: vkey $primary-darken-1; }
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
        """The replay of ``session`` on finished deal ``deal`` (1-based; None, or a deal
        not finished: the last finished one).

        Raises:
            ValueError: for a session with no finished deal.
        """
        super().__init__()
        self.session = session
        self.deals = finished_deals(session.match)
        if not self.deals:
            raise ValueError(_("no finished deal to replay yet"))
        self.number = deal if deal in self.deals else self.deals[-1]
        self.position = 0
        self.reviews: dict[int, DealReview] = {}
        self.progress: tuple[int, int] = (0, 0)
        self._reviewer: Worker[DealReview] | None = None

    @property
    def look(self) -> CardLook:
        app = card_games_app(self.app)
        return CardLook.of(app.settings, app.no_color)

    @property
    def face(self) -> GameFace:
        return face_of(self.session.game)

    @property
    def actions(self) -> tuple[str, ...]:
        return self.session.match.log[self.number - 1].actions

    @property
    def review(self) -> DealReview | None:
        """The review of the deal shown, once computed."""
        return self.reviews.get(self.number)

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with VerticalScroll(id="replay", can_focus=False):   # the arrows step the deal
            yield Static("", id="replay-title", markup=False)
            yield Static("", id="replay-hands")
            with Horizontal(id="replay-below"):
                with Vertical(id="replay-said"):
                    yield Static("", id="replay-trick")
                    yield Static("", id="replay-review")
                    yield Static("", id="replay-summary")
                yield Static("", id="replay-panel")   # the game's own (its side column)
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        self.start_review()

    # -- the review, off the UI thread ---------------------------------------------------
    def start_review(self) -> None:
        number, session = self.number, self.session
        if number in self.reviews:
            return
        self.progress = (0, 0)

        def work() -> DealReview:
            def progress(done: int, total: int) -> None:
                self.app.call_from_thread(self._progressed, number, done, total)
            return review_session(session, number, progress)
        self._reviewer = self.run_worker(work, name=f"review of deal {number}",
                                         group="review", thread=True, exclusive=True,
                                         exit_on_error=False)

    def _progressed(self, number: int, done: int, total: int) -> None:
        if number == self.number and self.is_attached and self.review is None:
            self.progress = (done, total)
            self.query_one("#replay-summary", Static).update(self.summary_text())

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
        moment = deal_at(self.session, self.number, self.position)
        names = self.session.names
        dealer = self.session.match.log[self.number - 1].dealt.dealer
        title = _("{session}: deal {number} of {deals}, dealt by {dealer}; action {action} "
                  "of {actions}").format(
                      session=self.session.name or self.session.id, number=self.number,
                      deals=len(self.session.match.log), dealer=names[dealer],
                      action=self.position, actions=len(self.actions))
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-hands", Static).update(self.hands_text(moment, dealer))
        self.query_one("#replay-trick", Static).update(self.trick_text(moment))
        self.query_one("#replay-review", Static).update(self.review_text())
        self.query_one("#replay-summary", Static).update(self.summary_text())
        panel = self.face.panel(moment.match.view(None), self.look, Seating(names))
        widget = self.query_one("#replay-panel", Static)
        widget.update(panel)
        widget.display = bool(panel.plain.strip())

    def marked(self, cards: tuple[str, ...], look: CardLook) -> Text:
        """The cards of ``cards`` that carry the game's mark (Polignac's jacks), each with
        it: ``J♠ +2``."""
        text = Text(end="")
        for card in cards:
            mark = self.face.card_mark(card)
            if mark:
                text.append(" ")
                text.append_text(inline(card, look, brackets=False))
                text.append(f" {mark}", style="dim")
        return text

    def hands_text(self, moment: Moment, dealer: int) -> Text:
        """A line per seat: who plays next and who dealt, the hand face up (each seat's own
        view), the tricks taken (with their marked cards) and the total."""
        look, names, match = self.look, self.session.names, moment.match
        width = min(12, max(len(n) for n in names))
        turn = match.turn
        upcoming = (self.actions[self.position] if self.position < len(self.actions)
                    else "")
        text = Text(end="")
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            pointer = ">" if look.ascii else "▶"
            text.append(f"{pointer if seat == turn else ' '} ", style="bold")
            text.append(f"{name[:width]:<{width}}", style="bold" if seat == turn else "")
            text.append(" D " if seat == dealer else "   ", style="dim")
            view = match.view(seat)
            for card in view.hand:
                highlight = seat == turn and card in upcoming.split()
                text.append_text(inline(card, look, brackets=False, highlight=highlight))
                text.append(" ")
            won = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
            text.append(" " + ngettext("{count} trick", "{count} tricks", won).format(
                count=won), style="dim")
            text.append_text(self.marked(moment.taken[seat], look))
            text.append("  " + _("total {points}").format(points=match.totals[seat]),
                        style="dim")
        return text

    def _card(self, seat: int, card: str, look: CardLook) -> Text:
        """A card of the trick with who played it and its review's mark."""
        text = Text(f"{self.session.names[seat]} ")
        text.append_text(inline(card, look))
        review = self.review
        step = next((s for s in review.steps if s.action == card), None) if review else None
        if step is not None and step.mark:
            text.append(step.mark, style=MARK_STYLE.get(step.mark, "bold"))
        return text

    def trick_text(self, moment: Moment) -> Text:
        """The last action and who took it, the trick in play (or the one just taken and
        by whom), and the deal's points once it is over."""
        look, names, face = self.look, self.session.names, self.face
        match = moment.match
        text = Text(end="")
        view = match.view(None)
        taken = moment.taken_trick
        trick: Trick = view.trick
        if taken is not None and moment.seat is not None:
            trick = (*moment.trick_before, (moment.seat, taken.cards[-1]))
        last = self.actions[moment.position - 1] if moment.position else ""
        # the last action, unless a card of the trick or the review's line shows it
        if moment.seat is not None and (moment.seat, last) not in trick \
                and self._step() is None:
            text.append(f"{names[moment.seat]}: ", style="bold")
            text.append_text(action_text(last, face, look))
            text.append("\n")
        number = sum(view.tricks_won) + (0 if taken is not None else 1)
        turn = match.turn
        leads = (not trick and turn is not None and moment.deal_over is None
                 and isinstance(match.choices(turn), CardChoice))
        if trick or leads:
            text.append(_("Trick {number}: ").format(number=number), style="bold")
        if leads and turn is not None:
            text.append(_("You lead") if you_named(names[turn])
                        else _("{name} leads").format(name=names[turn]))
        for seat, card in trick:
            text.append_text(self._card(seat, card, look))
            text.append("  ")
        if taken is not None:
            arrow = "->" if look.ascii else "→"
            text.append(f"\n{arrow} ")
            winner = names[taken.winner]
            text.append(_("You win the trick") if you_named(winner)
                        else _("{name} wins the trick").format(name=winner), style="bold")
            text.append_text(self.marked(taken.cards, look))
        over = moment.deal_over
        if over is not None:
            text.append("\n" + _("Deal over: {points}").format(points=", ".join(
                f"{names[s]} {p}" for s, p in enumerate(over.points))), style="dim")
        return text

    def _step(self) -> Step | None:
        review = self.review
        return review.step(self.position) if review is not None and self.position else None

    def review_text(self) -> Text:
        """The choice just made against the expert's, and the expert's reason."""
        look, names, face = self.look, self.session.names, self.face
        text = Text(end="")
        if self.position == 0:
            arrows = "<- ->" if look.ascii else "← →"
            text.append(_("The hands as dealt. {arrows} step through the deal action by "
                          "action, Home and End jump; each choice is compared with the "
                          "expert's from its player's view at that moment.").format(
                              arrows=arrows), style="dim")
            return text
        if self.review is None:
            text.append(_("Reviewing the deal…") if not look.ascii
                        else _("Reviewing the deal..."), style="dim")
            return text
        step = self._step()
        if step is None:
            return text
        action = action_text(step.action, face, look)
        expert = action_text(step.expert, face, look)
        if step.points is not None:       # the expert's estimate of both
            played, best = step.points
            action.append(" " + _("({points} points expected)").format(points=f"{played:.2f}"),
                          style="dim")
            expert.append(f" ({best:.2f})", style="dim")
        if step.agrees:
            text.append_text(assemble(_("{name}: {action}, the expert's choice too"),
                                      name=names[step.seat], action=action))
        else:
            text.append_text(assemble(_("{name}: {action}; the expert: {expert}"),
                                      name=names[step.seat], action=action, expert=expert))
        if step.mark:
            text.append(f"  {step.mark}", style=MARK_STYLE.get(step.mark, "bold"))
        reason = face.review_reason(step.why, dict(step.params), names, look.ascii)
        if reason:
            text.append("\n")
            text.append(reason if step.agrees
                        else _("Why the expert's choice: {reason}").format(reason=reason),
                        style="italic")
        return text

    def summary_text(self) -> str:
        """The review's progress while it runs; then each seat's choices the same as the
        expert's, and the points lost to marked choices where the expert estimates."""
        review, names = self.review, self.session.names
        if review is None:
            done, total = self.progress
            return _("Reviewing against the expert: {done} of {total} choices").format(
                done=done, total=total or "?")
        dot = " · "                        # "." in ASCII mode (asciimode.py)
        parts = []
        for seat in review.seats():
            agreed, count = review.agreed(seat)
            parts.append(f"{names[seat]} " + _("{agreed} of {count}").format(
                agreed=agreed, count=count))
        lines = [_("Choices the same as the expert's: {players}").format(
            players=dot.join(parts))]
        if review.estimated:
            lost = []
            for seat in review.seats():
                dubious, blunders = review.marks(seat)
                lost.append(f"{names[seat]} {review.lost(seat):.2f} ({dubious} ?, "
                            f"{blunders} ??)")
            lines.append(_("Points lost to marked cards: {players}").format(
                players=dot.join(lost)))
        return "\n".join(lines)


__all__ = ["Moment", "ReplayScreen", "deal_at", "you_named"]
