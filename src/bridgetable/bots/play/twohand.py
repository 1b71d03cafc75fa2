"""An exact double-dummy solver for two hands (the play of Draw Bridge).

The double-dummy solver in `solver` needs four hands; the two-player game has two,
each playing one card to a trick, following suit as usual. Hands are 52-bit masks
(bit `card.index`). The search answers "can the leader take at least t tricks?"
with a transposition table keyed by each suit's owner pattern (who holds the
first, second, ... highest remaining card), so positions that differ only in the
small cards already gone are the same entry. Exact values come from a few such
null-window searches.

>>> from bridgetable.engine.types import Card
>>> north = mask_of([Card.parse(c) for c in ("SA", "SK", "H2")])
>>> east = mask_of([Card.parse(c) for c in ("SQ", "S2", "HA")])
>>> TwoHandSolver(None).value(north, east)
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bridgetable.engine.types import Card, Suit

SUIT_BITS = 0x1FFF


class SolverTimeout(Exception):
    """The search ran out of time before it had an answer."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a set of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _count(mask: int) -> int:
    return bin(mask).count("1")


class TwoHandSolver:
    """Double-dummy values of two-hand positions in one strain (trump suit or None).

    The table holds exact facts about positions (by owner pattern), so one solver may
    be reused for any number of positions and deals in its strain. `check`, when set,
    is called every thousand nodes or so and may raise `SolverTimeout`.
    """

    def __init__(self, trump: Suit | None, check: Callable[[], None] | None = None) -> None:
        self.trump = None if trump is None else int(trump)
        self.check = check
        self._bounds: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self._pattern: dict[tuple[int, int], int] = {}
        self._nodes = 0

    # ---- public ------------------------------------------------------------

    def value(self, leader: int, follower: int) -> int:
        """Tricks the hand on lead takes from here (both hands the same size)."""
        n = _count(leader)
        lo, hi = 0, n
        while lo < hi:  # binary search on the null-window test
            mid = (lo + hi + 1) // 2
            if self.can(leader, follower, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def lead_makes(self, leader: int, follower: int, card: int, target: int) -> bool:
        """Whether leading `card` (an index) still lets the leader take `target` tricks."""
        n = _count(leader)
        lead2 = leader ^ (1 << card)
        for reply in self._replies(follower, lead2, card):
            foll2 = follower ^ (1 << reply)
            if self._wins(card, reply):
                good = not self._can(foll2, lead2, n - 1, n - target)
            else:
                good = self._can(lead2, foll2, n - 1, target - 1)
            if not good:
                return False
        return True

    def reply_value(self, leader: int, follower: int, led: int, reply: int) -> int:
        """Tricks the follower takes (this trick included) after replying `reply` to `led`.

        `leader` is the leader's hand after the lead; `reply` must be legal.
        """
        n = _count(follower)
        rest_f = follower ^ (1 << reply)
        if self._wins(led, reply):
            return 1 + (self.value(rest_f, leader) if n > 1 else 0)
        return n - 1 - (self.value(leader, rest_f) if n > 1 else 0)

    def legal_replies(self, follower: int, led: int) -> list[int]:
        """The follower's legal cards (indices) after `led`."""
        return _bits(self._legal(follower, led))

    def can(self, leader: int, follower: int, target: int) -> bool:
        """Whether the hand on lead can take at least `target` of the remaining tricks."""
        return self._can(leader, follower, _count(leader), target)

    # ---- search ------------------------------------------------------------

    def _can(self, lead: int, foll: int, n: int, t: int) -> bool:
        if t <= 0:
            return True
        if t > n:
            return False
        key = self._key(lead, foll)
        lo, hi = self._bounds.get(key, (0, n))
        if t <= lo:
            return True
        if t > hi:
            return False
        if self._quick(lead, foll) >= t:
            self._bounds[key] = (max(lo, t), hi)
            return True
        self._nodes += 1
        if self.check is not None and self._nodes & 0x3FF == 0:
            self.check()
        ok = False
        for card in self._leads(lead, foll):
            lead2 = lead ^ (1 << card)
            for reply in self._replies(foll, lead2, card):
                foll2 = foll ^ (1 << reply)
                if self._wins(card, reply):
                    good = not self._can(foll2, lead2, n - 1, n - t)
                else:
                    good = self._can(lead2, foll2, n - 1, t - 1)
                if not good:
                    break
            else:
                ok = True
                break
        lo, hi = self._bounds.get(key, (0, n))
        self._bounds[key] = (max(lo, t), hi) if ok else (lo, min(hi, t - 1))
        return ok

    def _wins(self, led: int, reply: int) -> bool:
        """Whether the second card beats the first."""
        led_suit, reply_suit = led // 13, reply // 13
        if reply_suit == led_suit:
            return reply > led
        return reply_suit == self.trump

    def _legal(self, hand: int, led: int) -> int:
        suit = led // 13
        same = hand & (SUIT_BITS << (13 * suit))
        return same or hand

    def _key(self, lead: int, foll: int) -> tuple[int, int, int, int]:
        pats = self._pattern
        key = []
        for s in range(4):
            a = (lead >> (13 * s)) & SUIT_BITS
            b = (foll >> (13 * s)) & SUIT_BITS
            pat = pats.get((a, b))
            if pat is None:
                pat = 1
                for r in range(12, -1, -1):
                    if a >> r & 1:
                        pat = pat << 1 | 1
                    elif b >> r & 1:
                        pat = pat << 1
                pats[(a, b)] = pat
            key.append(pat)
        return (key[0], key[1], key[2], key[3])

    def _quick(self, lead: int, foll: int) -> int:
        """Tricks the leader takes for sure by cashing top cards."""
        trump = self.trump
        foll_trumps = trump is not None and (foll >> (13 * trump)) & SUIT_BITS
        total = 0
        for s in range(4):
            a = (lead >> (13 * s)) & SUIT_BITS
            if not a:
                continue
            b = (foll >> (13 * s)) & SUIT_BITS
            run = 0
            for r in range(12, -1, -1):
                if a >> r & 1:
                    run += 1
                elif b >> r & 1:
                    break
            if foll_trumps and s != trump:
                run = min(run, _count(b))
            total += run
        return total

    def _leads(self, lead: int, foll: int) -> list[int]:
        """One card of each run of equivalent cards, winners and long suits first."""
        moves: list[tuple[int, int]] = []
        for s in range(4):
            a = (lead >> (13 * s)) & SUIT_BITS
            if not a:
                continue
            b = (foll >> (13 * s)) & SUIT_BITS
            top = True
            length = _count(a)
            prev_owned = False
            for r in range(12, -1, -1):
                if a >> r & 1:
                    if not prev_owned:
                        order = -100 if top else (-length if s != self.trump else -length - 1)
                        moves.append((order + (12 - r), 13 * s + r))
                    prev_owned = True
                elif b >> r & 1:
                    prev_owned = False
                    top = False
        moves.sort()
        return [card for _, card in moves]

    def _replies(self, foll: int, lead: int, led: int) -> list[int]:
        """The follower's replies, one per equivalent run, refutations first."""
        legal = self._legal(foll, led)
        moves: list[tuple[int, int]] = []
        for s in range(4):
            a = (legal >> (13 * s)) & SUIT_BITS
            if not a:
                continue
            other = (lead >> (13 * s)) & SUIT_BITS
            if s == led // 13:
                other |= 1 << (led % 13)
            prev_owned = False
            for r in range(13):  # low to high: keep the lowest of each run
                if a >> r & 1:
                    if not prev_owned:
                        card = 13 * s + r
                        beats = self._wins(led, card)
                        moves.append(((0 if beats else 1) * 100 + r, card))
                    prev_owned = True
                elif other >> r & 1:
                    prev_owned = False
        moves.sort()
        return [card for _, card in moves]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
