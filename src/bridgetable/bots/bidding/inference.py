"""What the auction has shown about each hand: an HCP range and suit-length ranges.

A `HandInference` starts wide open and is narrowed by the meaning of each call the
seat makes (see `system.infer_hands`). The card-play robots read the same values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from bridgetable.engine.types import Suit

_ANY = (0, 0, 0, 0)
_ALL = (13, 13, 13, 13)


@dataclass(frozen=True, slots=True)
class HandInference:
    """A seat's hand as far as its calls tell: HCP range and per-suit length range."""

    hcp_min: int = 0
    hcp_max: int = 37
    min_lengths: tuple[int, int, int, int] = _ANY
    """Least number of cards shown in each suit, indexed by `Suit`."""
    max_lengths: tuple[int, int, int, int] = _ALL
    """Most number of cards possible in each suit, indexed by `Suit`."""
    balanced: bool = False
    """Whether the seat has shown a balanced hand."""

    def admits(self, hcp: int, lengths: Sequence[int]) -> bool:
        """Whether a hand of `hcp` and suit `lengths` (indexed by `Suit`) is one the
        calls could have been made with: within every range, balanced if shown so."""
        return bool(self.admitted(np.array([hcp]), np.array([lengths]))[0])

    def admitted(self, hcp: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """`admits` for many hands at once: `hcp` holds one figure per hand, `lengths`
        one row of four per hand; one bool per hand."""
        within = (hcp >= self.hcp_min) & (hcp <= self.hcp_max)
        within &= (lengths >= self.min_lengths).all(axis=1)
        within &= (lengths <= self.max_lengths).all(axis=1)
        if self.balanced:
            ordered = np.sort(lengths, axis=1)
            within &= (ordered[:, 0] >= 2) & (ordered[:, 1] >= 3)
        return within

    def min_length(self, suit: Suit) -> int:
        """Least number of cards shown in `suit`."""
        return self.min_lengths[suit]

    def narrow(self, shown: Shown) -> HandInference:
        """This inference combined with what one more call showed.

        Ranges are intersected; if a new range contradicts the old one (a player
        who did not follow the system) the new one wins.
        """
        lo, hi = _meet((self.hcp_min, self.hcp_max), shown.hcp)
        mins = list(self.min_lengths)
        maxs = list(self.max_lengths)
        for suit, s_lo, s_hi in shown.lengths:
            mins[suit], maxs[suit] = _meet((mins[suit], maxs[suit]), (s_lo, s_hi))
        if shown.balanced:
            for suit in Suit:
                mins[suit], maxs[suit] = _meet((mins[suit], maxs[suit]), (2, 5))
        return replace(
            self,
            hcp_min=lo,
            hcp_max=hi,
            min_lengths=(mins[0], mins[1], mins[2], mins[3]),
            max_lengths=(maxs[0], maxs[1], maxs[2], maxs[3]),
            balanced=self.balanced or shown.balanced,
        )


@dataclass(frozen=True, slots=True)
class Shown:
    """What a single call shows: an HCP range, suit-length ranges, balanced or not."""

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[Suit, int, int], ...] = ()
    balanced: bool = False

    def holds_lengths(self, lengths: Sequence[int]) -> bool:
        """Whether a hand of suit `lengths` (indexed by `Suit`) has the cards shown."""
        return all(lo <= lengths[suit] <= hi for suit, lo, hi in self.lengths)


def _meet(old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    lo, hi = max(old[0], new[0]), min(old[1], new[1])
    return (lo, hi) if lo <= hi else new
