"""The double-dummy solver (DDS, through endplay) behind the four-hand card play.

This is the only module that imports endplay: positions come in as the engine's
cards and seats, and results go out the same way. The DDS library keeps state per
thread index, so calls are serialised by a lock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card as DdsCard
from endplay.types import Deal as DdsDeal
from endplay.types import Denom, Player
from endplay.types import Rank as DdsRank

from bridgetable.engine.types import Card, Rank, Seat, Suit

_LOCK = threading.Lock()
_SUITS_PBN = (Suit.S, Suit.H, Suit.D, Suit.C)


@dataclass(frozen=True)
class Position:
    """Four hands in the middle of the play: a double-dummy problem.

    `hands` are the cards each seat holds now (cards already played to the current
    trick excluded); `current` are the cards of the current trick in playing order,
    the first led by `leader`.
    """

    hands: Mapping[Seat, Iterable[Card]]
    leader: Seat
    current: Sequence[Card]
    trump: Suit | None

    @property
    def to_play(self) -> Seat:
        """The seat that plays next."""
        return Seat((self.leader + len(self.current)) % 4)


def _denom(suit: Suit | None) -> Denom:
    return Denom.nt if suit is None else Denom(3 - int(suit))


def _to_dds(card: Card) -> DdsCard:
    return DdsCard(suit=_denom(card.suit), rank=DdsRank(1 << int(card.rank)))


def _from_dds(card: DdsCard) -> Card:
    return Card(Suit(3 - int(card.suit)), Rank(int(card.rank).bit_length() - 1))


def _pbn(hands: Mapping[Seat, Iterable[Card]]) -> str:
    parts = []
    for seat in Seat:
        by_suit: list[list[Card]] = [[], [], [], []]
        for card in hands.get(seat, ()):
            by_suit[card.suit].append(card)
        parts.append(
            ".".join(
                "".join(c.rank.letter for c in sorted(by_suit[suit], reverse=True))
                for suit in _SUITS_PBN
            )
        )
    return "N:" + " ".join(parts)


def _deal(position: Position) -> DdsDeal:
    deal = DdsDeal(_pbn(position.hands), Player(int(position.leader)), _denom(position.trump))
    for card in position.current:
        deal.play(_to_dds(card), from_hand=False)
    return deal


def card_scores(position: Position) -> dict[Card, int]:
    """Tricks the side to play takes from here (current trick included), per legal card."""
    deal = _deal(position)
    with _LOCK:
        solved = list(solve_board(deal, SolveMode.Default))
    return {_from_dds(card): int(score) for card, score in solved}


def best_cards(position: Position) -> tuple[int, list[Card]]:
    """The side to play's double-dummy tricks from here and every card that makes them."""
    deal = _deal(position)
    with _LOCK:
        solved = list(solve_board(deal, SolveMode.OptimalAll))
    best = int(max(score for _, score in solved))
    return best, sorted(_from_dds(card) for card, score in solved if score == best)


def max_tricks(position: Position) -> int:
    """The side to play's double-dummy tricks from here (current trick included)."""
    deal = _deal(position)
    with _LOCK:
        solved = list(solve_board(deal, SolveMode.OptimalOne))
    return int(max(score for _, score in solved))


def dds_deal(hands: Mapping[Seat, Iterable[Card]], leader: Seat, trump: Suit | None) -> DdsDeal:
    """Four hands as endplay's deal, `leader` to lead, `trump` the trump suit (None: NT)."""
    return DdsDeal(_pbn(hands), Player(int(leader)), _denom(trump))


def dds_card(card: Card) -> DdsCard:
    """A card as endplay's card."""
    return _to_dds(card)


def dds_lock() -> threading.Lock:
    """The lock that serialises calls into DDS within this process."""
    return _LOCK
