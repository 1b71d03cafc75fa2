"""Helpers for the bidding tests: hands from short text, robots' auctions."""

from __future__ import annotations

import random

from bridgetable.bots.bidding import BidContext, Decision, choose_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.engine.calls import Call, parse_call
from bridgetable.engine.types import DECK, Card, Seat, Suit, Vulnerability


def hand(text: str) -> tuple[Card, ...]:
    """A hand written spades first, suits separated by dots: "AK53.KJ4.A98.952"."""
    parts = text.split(".")
    assert len(parts) == 4, text
    cards = tuple(
        Card.parse(suit.name + rank)
        for suit, part in zip((Suit.S, Suit.H, Suit.D, Suit.C), parts, strict=True)
        for rank in part
    )
    assert len(cards) == 13, text
    return cards


def calls(text: str) -> tuple[Call, ...]:
    """Calls written with spaces: "1NT P 2C P"."""
    return tuple(parse_call(c) for c in text.split())


def decide(
    holding: str,
    auction: str = "",
    dealer: Seat = Seat.N,
    vulnerability: Vulnerability = Vulnerability.NONE,
    players: int = 4,
) -> Decision:
    """The robot's decision with `holding` after `auction` (dealer first)."""
    before = calls(auction)
    seat = Auction(before, dealer, vulnerability, players).turn
    return choose_call(BidContext(seat, dealer, vulnerability, hand(holding), before, players))


def random_hands(rng: random.Random, players: int = 4) -> dict[Seat, tuple[Card, ...]]:
    """A random deal (for two players, N and E get 13 cards each)."""
    cards = list(DECK)
    rng.shuffle(cards)
    seats = list(Seat) if players == 4 else [Seat.N, Seat.E]
    return {seat: tuple(cards[i * 13 : i * 13 + 13]) for i, seat in enumerate(seats)}


def robot_auction(
    hands: dict[Seat, tuple[Card, ...]],
    dealer: Seat,
    vulnerability: Vulnerability,
    players: int = 4,
    limit: int = 40,
) -> tuple[Auction, list[Decision]]:
    """Robots bid every seat until the auction ends (or `limit` calls, for the tests)."""
    auction = Auction((), dealer, vulnerability, players)
    decisions = []
    while not auction.is_over and len(auction.calls) < limit:
        seat = auction.turn
        decision = choose_call(
            BidContext(seat, dealer, vulnerability, hands[seat], auction.calls, players)
        )
        assert auction.legal(decision.call), (auction.calls, decision)
        decisions.append(decision)
        auction = Auction((*auction.calls, decision.call), dealer, vulnerability, players)
    return auction, decisions
