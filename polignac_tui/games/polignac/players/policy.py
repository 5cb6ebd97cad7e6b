"""The rule-based way to play a card: the medium player, and the playouts of the search.

It reads only what the seat may know: its own hand, the cards on the table and
those already played (the union of the other hands is exactly the unseen cards),
the tricks won and the declarer.
"""

from __future__ import annotations

from .sim import SUIT_MASK, State, bits, legal_mask


def lowest_bit(mask: int) -> int:
    """The strongest card of a mask (the lowest int)."""
    return (mask & -mask).bit_length() - 1


def highest_bit(mask: int) -> int:
    """The weakest card of a mask (the highest int)."""
    return mask.bit_length() - 1


def threat(st: State, seat: int) -> int:
    """A seat other than ``seat`` still on course for its générale or a chelem, else -1."""
    d = st.declarer
    if d >= 0:
        return d if d != seat and st.won[d] == st.done else -1
    if st.chelem != "automatic" or st.done < max(2, st.total // 2):
        return -1
    for s, w in enumerate(st.won):
        if w == st.done:
            return s if s != seat else -1
    return -1


def outstanding(st: State, seat: int) -> int:
    out = 0
    for s, h in enumerate(st.hands):
        if s != seat:
            out |= h
    return out


def choose(st: State, seat: int, legal: int, out: int) -> int:
    """The card ``seat`` plays; ``out`` is the mask of cards it has not seen."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    cx = st.cx
    jacks = cx.jacks
    trick = st.trick
    if seat == st.declarer and st.won[seat] == st.done:
        return _press(legal, out, trick)
    th = threat(st, seat)
    if not trick:
        avoid = 0
        for s, v in enumerate(st.voids):
            if s != seat:
                avoid |= v
        return _lead(st, seat, legal, out, avoid)
    led = trick[0] >> 3
    best = min(c for c in trick if c >> 3 == led)
    follow = legal & SUIT_MASK[led]
    remaining = st.n - 1 - len(trick)
    if follow:
        winners = follow & ((1 << best) - 1)
        ducks = follow & ~winners
        if th >= 0 and winners:
            winning = (st.leader + trick.index(best)) % st.n
            to_play = 0 < (th - seat) % st.n <= remaining
            if to_play:
                return lowest_bit(winners)
            if winning == th:
                return highest_bit(winners)
        if ducks:
            jd = ducks & jacks
            if jd:
                return lowest_bit(jd)
            return lowest_bit(ducks)
        plain = winners & ~jacks or winners
        if remaining == 0:
            return lowest_bit(plain)
        low = highest_bit(plain)
        if out & SUIT_MASK[led] & ((1 << low) - 1):
            return low
        return lowest_bit(plain)
    # void in the suit led: discard
    if th >= 0:
        return _discard_low(legal)
    if legal & cx.js:
        return lowest_bit(cx.js)
    if legal & jacks:
        return lowest_bit(legal & jacks)
    hand = st.hands[seat]
    best_card, best_key = -1, (99, 99, 99)
    for c in bits(legal):
        s = c >> 3
        higher = (out & SUIT_MASK[s] & ((1 << c) - 1)).bit_count()
        key = (higher, (hand & SUIT_MASK[s]).bit_count(), c & 7)
        if key < best_key:
            best_card, best_key = c, key
    return best_card


def _discard_low(legal: int) -> int:
    """The weakest card, keeping the strong ones to beat a declarer or a chelem."""
    best_card, best_rank = -1, -1
    for c in bits(legal):
        if c & 7 > best_rank:
            best_card, best_rank = c, c & 7
    return best_card


def _press(legal: int, out: int, trick: list[int]) -> int:
    """The declarer of la générale must win every trick."""
    if trick:
        led = trick[0] >> 3
        best = min(c for c in trick if c >> 3 == led)
        winners = legal & SUIT_MASK[led] & ((1 << best) - 1)
        return lowest_bit(winners) if winners else _discard_low(legal)
    best_card, best_key = -1, (99, 99)
    for c in bits(legal):
        s = c >> 3
        higher = (out & SUIT_MASK[s] & ((1 << c) - 1)).bit_count()
        key = (higher, -(out & SUIT_MASK[s]).bit_count())
        if key < best_key:
            best_card, best_key = c, key
    return best_card


def lead_score(c: int, out: int, is_jack: bool, avoid: bool) -> float:
    """How safe a lead is: high when someone else is likely to win the trick."""
    sm = out & SUIT_MASK[c >> 3]
    if not sm:
        return -100.0 - (c & 7)
    higher = (sm & ((1 << c) - 1)).bit_count()
    if not higher:
        return -50.0 + sm.bit_count()
    lower = sm.bit_count() - higher
    score = 100.0 * higher / (higher + lower) + 2 * higher
    if is_jack:
        score -= 15
    if avoid:
        score -= 20
    return score + 0.01 * (c & 7)


def _lead(st: State, seat: int, legal: int, out: int, avoid_lead: int) -> int:
    jacks = st.cx.jacks
    best_card, best_score = -1, -1e9
    for c in bits(legal):
        score = lead_score(c, out, bool(jacks >> c & 1), bool(avoid_lead >> (c >> 3) & 1))
        if score > best_score:
            best_card, best_score = c, score
    return best_card


def sharp(st: State, seat: int, legal: int, out: int) -> int:
    """The policy, except against a declarer still winning every trick: a defender who
    cannot take the trick keeps its high cards (plays its weakest card of the suit),
    and one void in the suit led keeps its stoppers (``keep_stoppers``)."""
    d = st.declarer
    trick = st.trick
    if d >= 0 and d != seat and trick and st.won[d] == st.done and legal & (legal - 1):
        led = trick[0] >> 3
        follow = legal & SUIT_MASK[led]
        if not follow:
            return keep_stoppers(st.hands[seat], st.hands[d], legal)
        best = min(c for c in trick if c >> 3 == led)
        if not follow & ((1 << best) - 1):
            return highest_bit(follow)
    return choose(st, seat, legal, out)


def stoppers(hand: int, declarer: int) -> int:
    """The suits in which ``hand`` beats the declarer's ``declarer`` leading from the
    top: its best card beats the declarer's card led when it still holds it."""
    count = 0
    for mask in SUIT_MASK:
        mine, his = hand & mask, declarer & mask
        if not mine or not his:
            continue
        top = lowest_bit(mine)
        held = mine.bit_count()
        for i, c in enumerate(bits(his)):
            if i >= held:
                break
            if top < c:
                count += 1
                break
    return count


def keep_stoppers(hand: int, declarer: int, legal: int) -> int:
    """The discard that keeps the most suits stopped against the declarer (then the
    weakest card): a defender does not throw the guards of the card that beats him."""
    best_card, best_key = -1, (-1, -1)
    for c in bits(legal):
        key = (stoppers(hand & ~(1 << c), declarer), c & 7)
        if key > best_key:
            best_card, best_key = c, key
    return best_card


def playout(st: State, until: int = -1, defence: bool = False) -> None:
    """Play ``st`` with the rule-based policy in every seat to the end of the deal, or
    until it is seat ``until`` to play (``defence``: the defenders against a declarer
    play ``sharp``)."""
    pick = sharp if defence else choose
    hands = st.hands          # played on in place by ``st.play``
    left = 0
    for h in hands:
        left |= h
    n, cx, mdj, guard = st.n, st.cx, st.mdj, st.guard
    while not st.over:
        trick = st.trick
        seat = (st.leader + len(trick)) % n
        if seat == until:
            return
        hand = hands[seat]
        legal = legal_mask(hand, trick[0] >> 3 if trick else -1, cx, mdj, guard)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = pick(st, seat, legal, left & ~hand)
        st.play(card)
        left &= ~(1 << card)


def played_out(base: State, hands: list[int], declarer: int = -1,
               defence: bool = False) -> State:
    """``base`` with ``hands`` played to the end by the policy (``declarer``: that seat
    declares la générale and leads; ``defence``: as in ``playout``)."""
    st = base.copy()
    st.hands = list(hands)
    if declarer >= 0:
        st.declarer = declarer
        st.leader = declarer
    playout(st, defence=defence)
    return st
