"""Who thinks for the computer seats of a table, off the event loop.

``ThreadThinker`` (local play): one worker thread, the computer players made once per
seat and kept, so a seeded local session plays the same cards every time.
``polignac_tui.service`` has a process-pool thinker, so a search at one table never
delays another.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Protocol

from ..games.polignac.engine import Action, SeatView

if TYPE_CHECKING:
    from ..games.polignac.players import Hint
    from .core import Table


class Thinker(Protocol):
    """Computes a computer seat's action and the hint, off the event loop."""

    async def think(self, seat: int, level: str, view: SeatView) -> Action:
        """The action of the computer of ``level`` in ``seat``, from its ``view`` only."""
        ...

    async def hint(self, view: SeatView) -> Hint:
        """The expert's advice for ``view``'s seat."""
        ...

    def close(self) -> None:
        """Stop; a thought still running is abandoned (its answer is dropped)."""
        ...


class ThreadThinker:
    """Local play: the table's own computer players, in one worker thread."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="polignac-think")

    async def think(self, seat: int, level: str, view: SeatView) -> Action:
        player = self.table.player(seat, level)
        return await asyncio.get_running_loop().run_in_executor(self._pool, player.choose, view)

    async def hint(self, view: SeatView) -> Hint:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self.table.hint,
                                                                view)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
