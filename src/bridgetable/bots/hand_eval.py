"""Hand evaluation: high-card points, shape, stoppers, playing tricks.

`evaluate(hand)` turns 13 cards into a cached, immutable `HandEval` that the bidding
rules read; nothing here knows about the auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bridgetable.engine.types import Card, Rank, Suit

HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
"""High-card points of each honour."""


@dataclass(frozen=True, slots=True)
class HandEval:
    """What the bidding rules need to know about one hand."""

    hcp: int
    lengths: tuple[int, int, int, int]
    """Suit lengths indexed by `Suit` (clubs first)."""
    ranks: tuple[tuple[Rank, ...], tuple[Rank, ...], tuple[Rank, ...], tuple[Rank, ...]]
    """The ranks held in each suit, highest first."""

    def length(self, suit: Suit) -> int:
        """Number of cards held in `suit`."""
        return self.lengths[suit]

    @property
    def shape(self) -> tuple[int, ...]:
        """The suit lengths longest first, as players name a shape: (5, 4, 2, 2)."""
        return tuple(sorted(self.lengths, reverse=True))

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        shape = self.shape
        return shape[3] >= 2 and shape[2] >= 3

    @property
    def aces(self) -> int:
        """Number of aces."""
        return sum(Rank.ACE in held for held in self.ranks)

    @property
    def total_points(self) -> int:
        """High-card points plus one for each card beyond four in a suit."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    def support_points(self, trump: Suit) -> int:
        """Points as dummy for `trump`: HCP plus shortness (void 5, singleton 3, doubleton 1)."""
        if self.lengths[trump] < 3:
            return self.hcp
        short = {0: 5, 1: 3, 2: 1} if self.lengths[trump] >= 4 else {0: 3, 1: 2, 2: 1}
        return self.hcp + sum(short.get(n, 0) for s, n in enumerate(self.lengths) if s != trump)

    def suit_hcp(self, suit: Suit) -> int:
        """High-card points in one suit."""
        return sum(HCP.get(rank, 0) for rank in self.ranks[suit])

    def top_honours(self, suit: Suit, among: int = 3) -> int:
        """How many of the top `among` ranks (A, K, Q, J, T) the suit holds."""
        return sum(1 for rank in self.ranks[suit] if rank > Rank.ACE - among)

    def good_suit(self, suit: Suit) -> bool:
        """Two of the top three honours or three of the top five."""
        return self.top_honours(suit, 3) >= 2 or self.top_honours(suit, 5) >= 3

    def stopper(self, suit: Suit) -> bool:
        """A, Kx, Qxx or Jxxx (or better) in `suit`."""
        held, n = self.ranks[suit], self.lengths[suit]
        return (
            Rank.ACE in held
            or (Rank.KING in held and n >= 2)
            or (Rank.QUEEN in held and n >= 3)
            or (Rank.JACK in held and n >= 4)
        )

    def order(self, suits: tuple[Suit, ...] | list[Suit]) -> list[Suit]:
        """Suits in the order to bid them: longest first; equal fives (or longer)
        higher-ranking first, equal fours lower-ranking first (up the line)."""

        def key(suit: Suit) -> tuple[int, int]:
            n = self.lengths[suit]
            return (-n, -int(suit) if n >= 5 else int(suit))

        return sorted(suits, key=key)

    def opening_suit(self) -> Suit:
        """The suit to open at the one level: the longest, the higher of two fives;
        without a five-card suit the longer minor (diamonds with 4-4, clubs with 3-3)."""
        longest = max(self.lengths)
        if longest >= 5:
            return max(suit for suit in Suit if self.lengths[suit] == longest)
        clubs, diamonds = self.lengths[Suit.C], self.lengths[Suit.D]
        if diamonds > clubs or (diamonds == clubs == 4):
            return Suit.D
        return Suit.C

    def longest(self) -> Suit:
        """The longest suit (the higher-ranking of equals)."""
        return max(Suit, key=lambda suit: (self.lengths[suit], suit))


@lru_cache(maxsize=4096)
def evaluate(hand: tuple[Card, ...]) -> HandEval:
    """Evaluate a hand (any number of cards; a bridge hand has 13)."""
    by_suit: list[list[Rank]] = [[], [], [], []]
    hcp = 0
    for card in hand:
        by_suit[card.suit].append(card.rank)
        hcp += HCP.get(card.rank, 0)
    ranks = tuple(tuple(sorted(held, reverse=True)) for held in by_suit)
    lengths = tuple(len(held) for held in by_suit)
    return HandEval(hcp, lengths, ranks)  # type: ignore[arg-type]
