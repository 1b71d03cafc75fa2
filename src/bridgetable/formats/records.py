"""A finished deal as a plain record, the common ground of the PBN and LIN writers."""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.engine.calls import Bid, Call, Contract, Double, Pass
from bridgetable.engine.deal import Deal
from bridgetable.engine.game import Game
from bridgetable.engine.types import Card, Seat, Vulnerability


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What a hand record says about one deal."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    hands: dict[Seat, tuple[Card, ...]]
    """The hands as the auction found them (dealt, or after Draw Bridge's draw)."""
    calls: tuple[Call, ...]
    contract: Contract | None
    tricks: int | None
    """Tricks won by declarer's side."""
    play: tuple[tuple[tuple[Seat, Card], ...], ...]
    """The tricks in order, each card with the hand it came from."""
    claimed: bool


def record_of(deal: Deal, board: int) -> DealRecord | None:
    """The record of a finished deal (None while it is being played)."""
    result = deal.result
    if result is None:
        return None
    tricks: list[tuple[tuple[Seat, Card], ...]] = []
    if deal.play is not None:
        tricks = [trick.cards for trick in deal.play.tricks]
        if deal.play.current:
            tricks.append(tuple(deal.play.current))
    return DealRecord(
        board=board,
        dealer=deal.dealer,
        vulnerability=deal.vulnerability,
        hands={seat: deal.play_hands[seat] for seat in deal.players},
        calls=tuple(deal.auction.calls),
        contract=result.contract,
        tricks=result.tricks if result.contract is not None else None,
        play=tuple(tricks),
        claimed=result.claimed,
    )


def records_of(game: Game) -> list[DealRecord]:
    """Every finished deal of a game, numbered from 1 in the order played."""
    deals = [*game.finished_deals, *([game.deal] if game.deal is not None else [])]
    records = (record_of(deal, number) for number, deal in enumerate(deals, 1))
    return [record for record in records if record is not None]


SUIT_ORDER = "SHDC"


def hand_by_suit(cards: tuple[Card, ...]) -> dict[str, str]:
    """A hand as rank letters per suit (spades first, highest card first)."""
    suits: dict[str, str] = {}
    for suit in SUIT_ORDER:
        ranks = sorted((c for c in cards if c.suit.name == suit), key=lambda c: -c.rank)
        suits[suit] = "".join(c.rank.letter for c in ranks)
    return suits


def call_text(call: Call, words: tuple[str, str, str, str]) -> str:
    """A call in a format's own words: (pass, double, redouble, no trump)."""
    if isinstance(call, Pass):
        return words[0]
    if isinstance(call, Double):
        return words[1]
    if isinstance(call, Bid):
        return f"{call.level}{words[3] if call.strain.name == 'NT' else call.strain.name}"
    return words[2]
