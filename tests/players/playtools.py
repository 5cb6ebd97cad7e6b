"""Shared set-up for the players' tests: random settings, the simulator's copy of a deal."""

from __future__ import annotations

from hypothesis import strategies as st

from polignac_tui.games.polignac.engine import Rules, Session
from polignac_tui.games.polignac.players.sim import State, codec


def any_rules(*, generale: bool = True) -> st.SearchStrategy[Rules]:
    """Rules with every setting that changes the play drawn at random; with
    ``generale=False`` la générale stays off."""
    return st.builds(
        Rules,
        ace_high=st.booleans(),
        sevens_removed=st.sampled_from(("red", "black")),
        chelem=st.sampled_from(("automatic", "declared", "off")),
        generale=st.booleans() if generale else st.just(False),
        play_out=st.booleans(),
        first_trick_penalty=st.booleans(),
        last_trick_penalty=st.booleans(),
        must_discard_jack=st.booleans(),
        jack_guard=st.booleans(),
    )


def mirror(session: Session) -> State:
    """The simulator's state for the session's last deal, as dealt."""
    deal = session.deals[-1]
    cx = codec(session.rules.order)
    return State(session.rules, [cx.mask(h) for h in deal.hands], deal.first_leader,
                 deal.tricks_total)
