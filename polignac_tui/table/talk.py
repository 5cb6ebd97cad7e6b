"""Talk: the lines people say at a table of the table service, or in its lobby.

A line is untrusted from end to end: whoever said it, it is bounded and made printable
here as it arrives (``heard``), and a screen shows it literally. Nothing of it is ever
saved. ``TalkRoom`` keeps the last ``KEPT`` lines of one room (a table, or the lobby)
and tells one listener of each new one; who is muted is this client's choice, kept by
the connection for every room (``muted``: names, ignoring case).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

MAX_TEXT = 200          # characters of a line
MAX_SPEAKER = 24        # characters of a name (a player's display name)
KEPT = 50               # lines kept (and shown) per room


@dataclass(frozen=True, slots=True)
class Said:
    """One line said: who (their name; their seat, None for a watcher or in the lobby),
    what, and whether it is this client's own line."""

    name: str
    seat: int | None
    text: str
    mine: bool = False


def printable(text: str, limit: int) -> str:
    """``text`` with every character that is not printable made a space, cut to
    ``limit`` characters."""
    return "".join(ch if ch.isprintable() else " " for ch in text[:limit])


def text_problem(text: object) -> str | None:
    """Why ``text`` cannot be said (one English sentence), or None: a line of talk is 1 to
    ``MAX_TEXT`` printable characters, not all of them spaces."""
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_TEXT \
            or not all(ch.isprintable() for ch in text) or not text.strip():
        return f"a line of talk is 1 to {MAX_TEXT} printable characters"
    return None


def heard(name: object, seat: object, text: object, mine: bool = False) -> Said | None:
    """A ``said`` line as it came over the wire, bounded and printable; None for one
    that is not a line."""
    if not isinstance(name, str) or not isinstance(text, str) or not text:
        return None
    if isinstance(seat, bool) or not (seat is None or (isinstance(seat, int) and 0 <= seat < 8)):
        seat = None
    return Said(printable(name, MAX_SPEAKER) or "?", seat, printable(text, MAX_TEXT), mine)


class TalkRoom:
    """The last ``KEPT`` lines said in one room, and the one listener told of each."""

    def __init__(self, muted: set[str] | None = None) -> None:
        self.lines: deque[Said] = deque(maxlen=KEPT)
        self.muted: set[str] = muted if muted is not None else set()
        self.listener: Callable[[Said], None] | None = None

    def hear(self, said: Said) -> None:
        self.lines.append(said)
        if self.listener is not None:
            self.listener(said)

    def is_muted(self, name: str) -> bool:
        return name.casefold() in self.muted

    def toggle_mute(self, name: str) -> bool:
        """Mute ``name`` (or hear them again); True when they are muted now."""
        folded = name.casefold()
        if folded in self.muted:
            self.muted.discard(folded)
            return False
        self.muted.add(folded)
        return True

    def audible(self) -> Iterator[Said]:
        """The lines kept, those of muted people left out (one's own are always there)."""
        return (s for s in self.lines if s.mine or not self.is_muted(s.name))

    def speakers(self) -> list[str]:
        """The other people heard here, in the order they first spoke."""
        seen: dict[str, str] = {}
        for said in self.lines:
            if not said.mine:
                seen.setdefault(said.name.casefold(), said.name)
        return list(seen.values())
