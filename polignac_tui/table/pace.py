"""The pace of a table: how long a computer's card waits, how long a finished trick stays.

One place for both (the settings screen, the local table and the service read them here).
"""

from __future__ import annotations

from typing import Literal

Pace = Literal["instant", "fast", "normal", "slow"]
PACES: tuple[Pace, ...] = ("instant", "fast", "normal", "slow")

# Seconds before a computer's card is shown (its thinking is hidden in this delay).
PACE_DELAY: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.4}
# Seconds a finished trick stays on the table before it goes to its winner.
# Even at pace "instant" a finished trick is on show for a moment: it is always seen.
TRICK_HOLD: dict[str, float] = {"instant": 0.5, "fast": 0.6, "normal": 1.2, "slow": 2.2}

# A trick in which a jack fell, at a table shared by several people ("shared" below):
# on show this long (unless every player has seen it sooner), and never swept away by
# the next lead before that.
JACK_HOLD: dict[str, float] = {"instant": 3.0, "fast": 3.5, "normal": 4.5, "slow": 6.0}

# After each trick the table waits: "key": until it is seen (a key); "pause": the pace's
# pause (TRICK_HOLD); "auto": until it is seen when a player (not a computer) won the
# trick or a jack fell in it, else the pace's pause. "shared" (a served table, where one
# idle player must not hold up the others): the pace's pause, or JACK_HOLD when a jack
# fell; a key from every seated player gathers it sooner. The player's settings offer
# AFTER_TRICK; "shared" is the service's.
AfterTrick = Literal["auto", "key", "pause", "shared"]
AFTER_TRICK: tuple[AfterTrick, ...] = ("auto", "key", "pause")
SHARED: AfterTrick = "shared"


def pace_or_normal(pace: object) -> Pace:
    """``pace`` when it is one of ``PACES``, else "normal"."""
    for known in PACES:
        if pace == known:
            return known
    return "normal"


def after_trick_or_auto(value: object) -> AfterTrick:
    """``value`` when it is one of ``AFTER_TRICK``, else "auto"."""
    for known in (*AFTER_TRICK, SHARED):
        if value == known:
            return known
    return "auto"
