"""Limits of a door: connections at once, per key, per minute from one address, idle time.

``DoorGate`` only counts; the doors ask it before letting someone in and tell it when they
leave. Time comes from a clock given at construction, so tests need no sleeping.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DoorLimits:
    """Each limit is an option of ``serve``; the defaults suit friends on a small machine."""

    connections: int = 100
    """Connections open at once (all keys, all addresses)."""
    per_key: int = 3
    """Connections at once with one key (one player in several terminals, not a crowd)."""
    per_minute: int = 20
    """New connections from one address within any 60 seconds."""
    idle_timeout_s: float = 30 * 60.0
    """A session that sends nothing for this long is closed (0: never)."""

    def __post_init__(self) -> None:
        for name in ("connections", "per_key", "per_minute"):
            if getattr(self, name) < 1:
                raise ValueError(f"door limit {name} must be at least 1, not {getattr(self, name)}")
        if self.idle_timeout_s < 0:
            raise ValueError(f"door idle timeout must be 0 (never) or more seconds, "
                             f"not {self.idle_timeout_s}")


class DoorGate:
    """Counts who is inside and refuses whoever would break a limit, with the reason."""

    WINDOW_S = 60.0

    def __init__(self, limits: DoorLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._open = 0
        self._keys: Counter[str] = Counter()
        self._recent: dict[str, deque[float]] = {}

    @property
    def open(self) -> int:
        return self._open

    def arrive(self, address: str) -> str | None:
        """A new connection from ``address``: None if it may go on (it is then counted until
        ``leave``), else the reason it is refused."""
        now = self._clock()
        recent = self._recent.setdefault(address, deque())
        while recent and now - recent[0] >= self.WINDOW_S:
            recent.popleft()
        if len(recent) >= self.limits.per_minute:
            return (f"too many connections from {address} "
                    f"(at most {self.limits.per_minute} a minute); try again shortly")
        recent.append(now)
        if self._open >= self.limits.connections:
            return f"the server is full ({self.limits.connections} connections); try again later"
        self._open += 1
        return None

    def leave(self) -> None:
        self._open = max(0, self._open - 1)
        self._forget_quiet_addresses()

    def claim_key(self, identity: str) -> str | None:
        """The connection proved it holds ``identity``: None if that key may have one more
        connection (counted until ``release_key``), else the reason it may not."""
        if self._keys[identity] >= self.limits.per_key:
            return (f"this key already has {self.limits.per_key} connections open "
                    f"(at most {self.limits.per_key}); close one first")
        self._keys[identity] += 1
        return None

    def release_key(self, identity: str) -> None:
        self._keys[identity] -= 1
        if self._keys[identity] <= 0:
            del self._keys[identity]

    def _forget_quiet_addresses(self) -> None:
        now = self._clock()
        for address in [a for a, r in self._recent.items()
                        if not r or now - r[-1] >= self.WINDOW_S]:
            del self._recent[address]


MAX_SIZE = 1000
"""Columns and rows a client may ask for (more is made this much)."""


class InputBudget:
    """What one connection may send its app: ``rate`` bytes a second on average, ``burst``
    at once (a token bucket). What ``take`` refuses is meant to be dropped."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._left = burst
        self._at = clock()

    def take(self, size: int) -> bool:
        """Whether ``size`` more bytes fit now (they are then counted)."""
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._at) * self.rate)
        self._at = now
        if size > self._left:
            return False
        self._left -= size
        return True
