"""Tables: a session of any game in play that runs by itself, and the clients at it.

- ``gametable.GameTable``: one session with its lock, its computer players and its
  autosave.
- ``gamerunner.GameRunner``: the game loop below the UI (computers, pace, the pause on a
  finished trick, the next deal, seats that come and go), on an asyncio loop; and
  ``LocalGameClient``, its in-process client.
- ``gameevents``: what a table tells its clients (``GameUpdate``: the views, the table's
  state, events) and what a client may ask of it (commands).
- ``gameclient``: the client interface a screen uses (``GameClient``); the remote one
  lives in ``polignac_tui.service``.

No Textual here.
"""

from .gametable import GameTable

__all__ = ["GameTable"]
