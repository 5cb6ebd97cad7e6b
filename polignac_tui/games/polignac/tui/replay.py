"""Replay and review a finished deal: every hand face up, card by card (← → Home End),
the trick in the middle with who won it, and each card against the expert's best card
from that seat's view at that moment (players/review.py, computed off the UI thread)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ....config import DEFAULT_NAME, default_name
from ....i18n import N_, _, ngettext, pgettext
from ....ui.cardtext import CardLook, inline
from ....ui.chrome import Footer, header
from ....ui.handle import polignac_app
from ....ui.textfmt import assemble
from ..engine import Deal, Play, Session
from ..engine.cards import jack_points, sorted_hand
from ..players.review import CardReview, DealReview, finished_deals, review_deal
from ..players.wording import reason_text

MARK_STYLE = {"?": "bold yellow", "??": "bold red"}


def deal_at(session: Session, number: int, position: int) -> tuple[Deal, int]:
    """Deal ``number`` (1-based) after its first ``position`` cards (the générale answers
    before the first card always applied), replayed by the engine; and how many cards
    the deal has in all."""
    deal = session.deals[number - 1]
    actions = deal.actions
    plays = [i for i, a in enumerate(actions) if isinstance(a, Play)]
    if position <= 0:
        upto = plays[0] if plays else len(actions)
    else:
        upto = plays[min(position, len(plays)) - 1] + 1
    return (Deal.replay(session.rules, session.size, deal.dealer, deal.dealt, actions[:upto]),
            len(plays))


def you_named(name: str) -> bool:
    """True for a seat named with your seat's default name ("You", or Toi, Tu in their
    languages): its sentences take the second person ("You lead", never "You leads")."""
    return name.strip().casefold() in (DEFAULT_NAME.casefold(), default_name().casefold())


class ReplayScreen(Screen[None]):
    """One finished deal of a session, replayed card by card and reviewed."""

    DEFAULT_CSS = """
    ReplayScreen #replay { padding: 0 1; }
    ReplayScreen #replay-title { height: auto; text-style: bold; }
    ReplayScreen #replay-hands { height: auto; border: round $primary-darken-1;
                                 padding: 0 1; }
    ReplayScreen #replay-trick { height: auto; min-height: 2; padding: 0 1; }
    ReplayScreen #replay-review { height: auto; min-height: 2; padding: 0 1; }
    ReplayScreen #replay-summary { height: auto; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Card before"), tooltip=N_("the card before")),
        Binding("right", "step(1)", N_("Card after"), tooltip=N_("the next card")),
        Binding("home", "go(0)", N_("Start"), tooltip=N_("the hands as dealt"), show=False),
        Binding("end", "go(-1)", N_("End"), tooltip=N_("the deal played out"), show=False),
        Binding("pageup,left_square_bracket", "deal(-1)", N_("Prev deal"), key_display="[",
                tooltip=N_("the finished deal before")),
        Binding("pagedown,right_square_bracket", "deal(1)", N_("Next deal"), key_display="]",
                tooltip=N_("the finished deal after")),
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to the saved sessions")),
    ]

    def __init__(self, session: Session, deal: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.deals = finished_deals(session)
        if not self.deals:
            raise ValueError(_("no finished deal to replay yet"))
        self.number = deal if deal in self.deals else self.deals[-1]
        self.position = 0
        self.reviews: dict[int, DealReview] = {}
        self.progress: tuple[int, int] = (0, 0)
        self._reviewer: Worker[DealReview] | None = None

    @property
    def look(self) -> CardLook:
        app = polignac_app(self.app)
        return CardLook.of(app.settings, app.no_color)

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
        number = self.number
        if number in self.reviews:
            return
        self.progress = (0, 0)

        def work() -> DealReview:
            def progress(done: int, total: int) -> None:
                self.app.call_from_thread(self._progressed, number, done, total)
            return review_deal(self.session, number, progress=progress)
        self._reviewer = self.run_worker(work, name=f"review of deal {number}",
                                         group="review", thread=True, exclusive=True,
                                         exit_on_error=False)

    def _progressed(self, number: int, done: int, total: int) -> None:
        if number == self.number and self.is_attached:
            self.progress = (done, total)
            self.show_summary()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._reviewer or not self.is_attached:
            return
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            review = event.worker.result
            self.reviews[review.deal] = review
            self.show()
        elif event.state == WorkerState.ERROR:
            self.notify(_("The review failed: {error}").format(error=event.worker.error),
                        severity="error",
                        markup=False)

    @property
    def review(self) -> DealReview | None:
        return self.reviews.get(self.number)

    # -- keys ----------------------------------------------------------------------------
    def action_step(self, step: int) -> None:
        _deal, total = deal_at(self.session, self.number, 0)
        self.position = max(0, min(total, self.position + step))
        self.show()

    def action_go(self, where: int) -> None:
        _deal, total = deal_at(self.session, self.number, 0)
        self.position = total if where < 0 else 0
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
        deal, total = deal_at(self.session, self.number, self.position)
        names = [p.name for p in self.session.players]
        title = _("{session}: deal {number} of {deals}, dealt by {dealer}; card {card} of "
                  "{cards}").format(session=self.session.name or self.session.id,
                                    number=self.number, deals=len(self.session.deals),
                                    dealer=names[deal.dealer], card=self.position, cards=total)
        if deal.declarer is not None:
            title += pgettext("separator", "; ") + _("{name} declared la générale").format(
                name=names[deal.declarer])
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-hands", Static).update(self.hands_text(deal))
        self.query_one("#replay-trick", Static).update(self.trick_text(deal))
        self.query_one("#replay-review", Static).update(self.review_text())
        self.show_summary()

    def _card_review(self, number: int) -> CardReview | None:
        """The review of the ``number``-th card (1-based) of the deal, once computed."""
        review = self.review
        if review is None or not 1 <= number <= len(review.cards):
            return None
        return review.cards[number - 1]

    def hands_text(self, deal: Deal) -> Text:
        """A line per seat: who deals and plays next, the hand face up, tricks and jacks."""
        look, names = self.look, [p.name for p in self.session.players]
        width = min(12, max(len(n) for n in names))
        after, _moves = deal_at(self.session, self.number, self.position + 1)
        upcoming = after.plays[-1] if len(after.plays) > len(deal.plays) else None
        turn = deal.turn if not deal.over else None
        text = Text(end="")
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            pointer = ">" if look.ascii else "▶"
            text.append(f"{pointer if seat == turn else ' '} ", style="bold")
            text.append(f"{name[:width]:<{width}}", style="bold" if seat == turn else "")
            text.append(_(" (D)").replace("(", "").replace(")", "") + " "
                        if seat == deal.dealer else "   ", style="dim")
            for card in sorted_hand(deal.hands[seat], self.session.rules.ace_high):
                text.append_text(inline(card, look, brackets=False,
                                        highlight=seat == turn and card == upcoming))
                text.append(" ")
            won = deal.won[seat]
            tail = "  " + ngettext("{count} trick", "{count} tricks", won).format(count=won)
            text.append(tail, style="dim")
            for card in deal.taken[seat]:
                text.append(" ")
                text.append_text(inline(card, look, brackets=False))
        return text

    def trick_text(self, deal: Deal) -> Text:
        """The trick being played, or the one just won and by whom."""
        look, names, n = self.look, [p.name for p in self.session.players], self.session.size
        text = Text(end="")
        played = len(deal.plays)
        if deal.current or not deal.tricks:
            cards, leader, winner = deal.current, deal.leader, None
            number = len(deal.tricks) + 1
        else:
            last = deal.tricks[-1]
            cards, leader, winner = list(last.cards), last.leader, last.winner
            number = len(deal.tricks)
        text.append(_("Trick {number}: ").format(number=number), style="bold")
        if not cards:
            if deal.over:
                text.append(_("the deal is over"))
            else:
                text.append(_("You lead") if you_named(names[leader])
                            else _("{name} leads").format(name=names[leader]))
        first = played - len(cards) + 1   # the number of the trick's first card in the deal
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            text.append(f"{names[seat]} ")
            text.append_text(inline(card, look))
            review = self._card_review(first + i)
            if review is not None and review.mark:
                text.append(review.mark, style=MARK_STYLE[review.mark])
            text.append("  ")
        if winner is not None:
            jacks = [c for c in cards if c[0] == "J"]
            arrow = "->" if look.ascii else "→"
            text.append(f"\n{arrow} ")
            if jacks:
                cost = sum(jack_points(c) for c in jacks)
                taken = Text()
                for card in jacks:
                    taken.append_text(inline(card, look))
                    taken.append(" ")
                if you_named(names[winner]):
                    words = ngettext("You win the trick with {jacks}({cost} point)",
                                     "You win the trick with {jacks}({cost} points)", cost)
                else:
                    words = ngettext("{name} wins the trick with {jacks}({cost} point)",
                                     "{name} wins the trick with {jacks}({cost} points)", cost)
                text.append_text(assemble(words, "bold", name=names[winner], jacks=taken,
                                          cost=str(cost)))
            else:
                text.append(_("You win the trick") if you_named(names[winner])
                            else _("{name} wins the trick").format(name=names[winner]),
                            style="bold")
        points = deal.points()
        if points is not None:
            text.append("\n" + _("Deal over: {points}").format(points=", ".join(
                f"{names[s]} {p}" for s, p in enumerate(points))), style="dim")
        return text

    def review_text(self) -> Text:
        """The card just played against the expert's."""
        look, names = self.look, [p.name for p in self.session.players]
        text = Text(end="")
        if self.position == 0:
            arrows = "<- ->" if look.ascii else "← →"
            text.append(_("The hands as dealt. {arrows} step through the deal card by card, "
                          "Home and End jump; each card is compared with the expert's card "
                          "from its player's view at that moment.").format(arrows=arrows),
                        style="dim")
            return text
        review = self._card_review(self.position)
        if review is None:
            text.append(_("Reviewing the deal…") if not look.ascii else _("Reviewing the deal..."),
                        style="dim")
            return text
        played: dict[str, Text | str] = {
            "name": names[review.seat], "card": inline(review.card, look),
            "points": f"{review.played_points:.2f}"}
        if review.best == review.card:
            text.append_text(assemble(_("{name} played {card} ({points} points expected): the "
                                        "expert's card too"), **played))
        else:
            text.append_text(assemble(_("{name} played {card} ({points} points expected); "
                                        "the expert: {best} ({best_points})"),
                                      best=inline(review.best, look),
                                      best_points=f"{review.best_points:.2f}", **played))
        if review.mark:
            text.append(f"  {review.mark}", style=MARK_STYLE[review.mark])
        text.append("\n")
        reason = reason_text(review.reason, names, look.ascii)
        text.append(_("Why the expert's card: {reason}").format(reason=reason)
                    if review.best != review.card else reason, style="italic")
        return text

    def show_summary(self) -> None:
        widget = self.query_one("#replay-summary", Static)
        review = self.review
        if review is None:
            done, total = self.progress
            widget.update(_("Reviewing against the expert: {done} of {total} cards").format(
                done=done, total=total or "?"))
            return
        parts = []
        for seat, name in enumerate(review.names):
            dubious, blunders = review.marks(seat)
            parts.append(f"{name} {review.lost(seat):.2f} ({dubious} ?, {blunders} ??)")
        widget.update(_("Points lost to marked cards: {players}").format(
            players=" · ".join(parts)))
