"""Tables: a session in play that runs by itself, and the clients that sit at it.

- ``core.Table``: one session with its lock, its computer players and its autosave.
- ``runner.TableRunner``: the game loop below the UI (computers, pace, the pause on a
  finished trick, the next deal, seats that come and go), on an asyncio loop.
- ``events``: what a table tells its clients (``Update``: a view, the table's state,
  events) and what a client may ask of it (commands).
- ``client``: the client interface a screen uses (``TableClient``) and its in-process
  implementation (``LocalClient``); the remote one lives in ``polignac_tui.service``.

No Textual here.
"""

from .core import Table

__all__ = ["Table"]
