"""Deals consistent with what a seat knows: the hidden hands, drawn at random.

A sample gives each hidden hand exactly as many cards as it holds, never a card of a
suit it has shown out of, and, as far as the attempts allow, a dealt hand that
agrees with what its calls showed (HCP range and suit lengths, from the bidding
robots' `infer_hands`). Constraints that the cards already seen make impossible
are dropped before sampling, and when too few samples pass, the auction's
constraints are relaxed (first HCP, then lengths) rather than returning nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bridgetable.bots.hand_eval import HCP
from bridgetable.bots.play.situation import Situation
from bridgetable.engine.types import Card, Seat, Suit

Hands = dict[Seat, frozenset[Card]]


@dataclass(frozen=True)
class Shape:
    """What the auction says about one hand as dealt: HCP range and suit-length ranges."""

    hcp_min: int = 0
    hcp_max: int = 40
    min_lengths: tuple[int, int, int, int] = (0, 0, 0, 0)
    max_lengths: tuple[int, int, int, int] = (13, 13, 13, 13)

    def admits(self, cards: list[Card], *, hcp: bool = True, lengths: bool = True) -> bool:
        """Whether a dealt hand fits."""
        if hcp:
            points = sum(HCP.get(card.rank, 0) for card in cards)
            if not self.hcp_min <= points <= self.hcp_max:
                return False
        if lengths:
            count = [0, 0, 0, 0]
            for card in cards:
                count[card.suit] += 1
            for suit in range(4):
                if not self.min_lengths[suit] <= count[suit] <= self.max_lengths[suit]:
                    return False
        return True


def auction_shapes(situation: Situation) -> dict[Seat, Shape]:
    """What the auction showed about each hand, from the bidding robots' inference.

    Empty when the inference is unavailable or fails: sampling then ignores the auction.
    """
    if len(situation.players) != 4 or not situation.calls:
        return {}
    try:
        from bridgetable.bots.bidding import infer_hands

        inferred = infer_hands(situation.calls, situation.dealer, situation.vulnerability)
    except Exception:  # the bidding robots are optional for card play
        return {}
    shapes = {}
    for seat, info in inferred.items():
        shapes[seat] = Shape(info.hcp_min, info.hcp_max, info.min_lengths, info.max_lengths)
    return shapes


def _feasible(situation: Situation, seat: Seat, shape: Shape) -> Shape:
    """`shape` with every bound the visible cards already contradict dropped."""
    played = situation.played.get(seat, ())
    count = situation.counts[seat]
    unseen = situation.unseen
    voids = situation.voids.get(seat, frozenset())
    mins, maxs = list(shape.min_lengths), list(shape.max_lengths)
    for suit in Suit:
        shown = sum(1 for card in played if card.suit == suit)
        avail = 0 if suit in voids else sum(1 for card in unseen if card.suit == suit)
        most = shown + min(avail, count)
        mins[suit] = max(mins[suit], shown)
        if mins[suit] > most:
            mins[suit] = shown
        if maxs[suit] < mins[suit]:
            maxs[suit] = 13
    points = sum(HCP.get(card.rank, 0) for card in played)
    honours = sorted(
        (HCP.get(card.rank, 0) for card in unseen if card.suit not in voids), reverse=True
    )
    top = points + sum(honours[:count])
    lo, hi = shape.hcp_min, shape.hcp_max
    if lo > top:
        lo = points
    if hi < points:
        hi = 40
    return Shape(lo, hi, (mins[0], mins[1], mins[2], mins[3]), (maxs[0], maxs[1], maxs[2], maxs[3]))


class Sampler:
    """Draws the hidden hands of `situation` again and again (deterministic for `rng`)."""

    def __init__(
        self,
        situation: Situation,
        rng: random.Random,
        shapes: dict[Seat, Shape] | None = None,
    ) -> None:
        self.situation = situation
        self.rng = rng
        self.hidden = situation.hidden
        self.unseen = sorted(situation.unseen)
        self.capacity = {seat: situation.counts[seat] for seat in self.hidden}
        spare = len(self.unseen) - sum(self.capacity.values())
        self.stock = spare  # cards nobody holds (Draw Bridge before the stock is empty)
        given = shapes if shapes is not None else auction_shapes(situation)
        self.shapes = {
            seat: _feasible(situation, seat, given[seat]) for seat in self.hidden if seat in given
        }
        self.allowed = {
            suit: [s for s in self.hidden if suit not in situation.voids.get(s, frozenset())]
            for suit in Suit
        }

    @property
    def unique(self) -> bool:
        """Whether only one layout is possible (nothing hidden, or one hidden hand)."""
        return self.stock == 0 and len(self.hidden) <= 1

    def draw(self) -> Hands | None:
        """One random layout of the hidden hands that respects the voids, or None."""
        rng = self.rng
        cap = dict(self.capacity)
        hands: dict[Seat, list[Card]] = {seat: [] for seat in self.hidden}
        pool = list(self.unseen)
        rng.shuffle(pool)
        # cards shown by the auction first, so that long suits are not left to chance
        for seat, shape in self.shapes.items():
            for suit in Suit:
                need = shape.min_lengths[suit] - sum(
                    1 for c in self.situation.played.get(seat, ()) if c.suit == suit
                )
                if need <= 0:
                    continue
                picked = [c for c in pool if c.suit == suit][:need]
                if len(picked) < need or need > cap[seat]:
                    return None
                for card in picked:
                    pool.remove(card)
                    hands[seat].append(card)
                cap[seat] -= need
        pool.sort(key=lambda c: len(self.allowed[c.suit]))
        stock = self.stock
        for card in pool:
            options = [s for s in self.allowed[card.suit] if cap[s] > 0]
            total = sum(cap[s] for s in options) + stock
            if total == 0:
                return None
            pick = rng.randrange(total)
            if pick >= total - stock:
                stock -= 1
                continue
            for seat in options:
                pick -= cap[seat]
                if pick < 0:
                    hands[seat].append(card)
                    cap[seat] -= 1
                    break
        return {seat: frozenset(cards) for seat, cards in hands.items()}

    def fits(self, hands: Hands, *, hcp: bool = True, lengths: bool = True) -> bool:
        """Whether the layout agrees with the auction (as dealt: played cards added)."""
        for seat, shape in self.shapes.items():
            dealt = [*hands[seat], *self.situation.played.get(seat, ())]
            if not shape.admits(dealt, hcp=hcp, lengths=lengths):
                return False
        return True

    def samples(
        self, attempts_per_sample: int = 40, stop: Callable[[], bool] | None = None
    ) -> Iterator[Hands]:
        """Layouts one after another, as well as the auction allows.

        Each sample gets `attempts_per_sample` tries to fit the whole auction, then the
        same again without the HCP ranges, then any layout that respects the voids.
        Ends when `stop()` is true or no layout can be found.
        """
        if self.unique:
            layout = self.draw()
            if layout is not None:
                yield layout
            return
        levels = [{"hcp": True, "lengths": True}, {"hcp": False, "lengths": True}]
        if not self.shapes:
            levels = []
        while stop is None or not stop():
            found = None
            while levels and found is None:
                for _ in range(attempts_per_sample):
                    layout = self.draw()
                    if layout is not None and self.fits(layout, **levels[0]):
                        found = layout
                        break
                else:
                    levels.pop(0)  # the auction cannot be matched this closely: relax it
            if found is None:
                self.shapes = {}
                for _ in range(attempts_per_sample):
                    found = self.draw()
                    if found is not None:
                        break
            if found is None:
                return
            yield found
