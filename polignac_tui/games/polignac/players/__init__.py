"""Computer players: each reads only its ``SeatView`` and answers an action.

``make_player(level, seed)`` returns an object with ``choose(view) -> Action``
(a ``Declare`` while ``view.asked``, else a ``Play`` of a card in ``view.legal``).
Levels: ``easy`` (random legal cards), ``medium`` (rule-based), ``hard`` and
``expert`` (search over worlds sampled from what the seat has seen). The cheating
yardstick of the arena (``make_cheat``) reads every hand and is never offered in
the app. ``hint(view)`` is what the expert would play, with a reason in words.
"""

from __future__ import annotations

from ..engine import LEVELS
from .bots import CheatPlayer, EasyPlayer, MediumPlayer, SearchPlayer, make_cheat, make_player
from .hint import Hint, hint

__all__ = [
    "LEVELS", "CheatPlayer", "EasyPlayer", "Hint", "MediumPlayer", "SearchPlayer", "hint",
    "make_cheat", "make_player",
]
