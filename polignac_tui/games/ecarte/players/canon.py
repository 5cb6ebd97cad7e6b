"""The five tricks solved once per shape: a position's worth depends only on who holds
which card of each suit in order (the cards in neither hand never count), so every
position is first brought to its canonical form (each suit's cards renumbered from the
top, the trump suit first, the plain suits sorted) and solved by one ``Solver`` a
process shares, whose table of positions then serves every later world.

Over random deals there are about 8,000 such shapes of two five-card hands, so after a
few decisions almost every world is a look-up (a few microseconds, against about 140
for a fresh search).
"""

from __future__ import annotations

from .solve import Solver

# a suit's shape: (1 << n) | p, n the cards both hands hold in it, bit i of p set when
# the i-th highest of them is mine; indexed by (my byte << 8) | the other's byte
_SHAPE: list[int] = [0] * 65536
_MINE: list[int] = [0] * 512      # shape -> my byte in canonical form
_THEIRS: list[int] = [0] * 512    # shape -> the other's byte in canonical form


def _tables() -> None:
    for a in range(256):
        for b in range(256):
            if a & b:
                continue
            n = p = 0
            for i in range(8):
                if (a | b) >> i & 1:
                    if a >> i & 1:
                        p |= 1 << n
                    n += 1
            shape = (1 << n) | p
            _SHAPE[a << 8 | b] = shape
            _MINE[shape] = p
            _THEIRS[shape] = ((1 << n) - 1) & ~p


_tables()
LIMIT = 500_000            # positions kept before the shared table starts afresh (400,000
                           # random positions filled it with 148,000: some 23 MB)
_SOLVERS = {True: Solver(0, True), False: Solver(0, False)}


def canonical(mine: int, theirs: int, trumps: int) -> tuple[int, int]:
    """The canonical (mine, theirs) masks of a position: trumps as suit 0, then the
    plain suits by shape, each suit's cards renumbered from rank 0."""
    shapes = [_SHAPE[((mine >> 8 * s) & 255) << 8 | ((theirs >> 8 * s) & 255)]
              for s in range(4)]
    first = shapes.pop(trumps)
    shapes.sort()
    cm = _MINE[first] | _MINE[shapes[0]] << 8 | _MINE[shapes[1]] << 16 | _MINE[shapes[2]] << 24
    ct = (_THEIRS[first] | _THEIRS[shapes[0]] << 8 | _THEIRS[shapes[1]] << 16
          | _THEIRS[shapes[2]] << 24)
    return cm, ct


class CanonSolver(Solver):
    """A ``Solver`` whose positions are solved in canonical form by the process's shared
    solver (the same values, found once)."""

    def __init__(self, trumps: int, forcing: bool) -> None:
        super().__init__(trumps, forcing)
        self.trumps = trumps
        self.shared = _SOLVERS[forcing]

    def rest(self, mine: int, theirs: int, i_lead: bool) -> int:
        if not mine:
            return 0
        shared = self.shared
        if len(shared.memo) > LIMIT:
            shared.memo.clear()
        cm, ct = canonical(mine, theirs, self.trumps)
        return shared.rest(cm, ct, i_lead)


__all__ = ["LIMIT", "CanonSolver", "canonical"]
