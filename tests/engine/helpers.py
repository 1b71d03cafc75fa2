"""Shared builders for engine tests."""

from __future__ import annotations

import random

from bridgetable.engine import Game, GameConfig, MakeCall, PlayCard, Seat, parse_call
from bridgetable.engine.deal import Deal


def dealt_game(variant: str = "rubber", players: int = 4, seed: int = 7) -> Game:
    """A new game with its first deal dealt from a seeded generator."""
    game = Game(GameConfig(variant, players))
    game.apply(game.deal_cards(random.Random(seed)))
    return game


def current_deal(game: Game) -> Deal:
    """The deal in progress (asserting there is one)."""
    assert game.deal is not None
    return game.deal


def bid(game: Game, calls: str) -> None:
    """Make these calls in turn."""
    for text in calls.split():
        seat = game.turn
        assert seat is not None
        game.apply(MakeCall(seat, parse_call(text)))


def play_lowest(game: Game, count: int) -> None:
    """Play the lowest legal card `count` times."""
    for _ in range(count):
        deal = current_deal(game)
        current = deal.draw if deal.draw is not None and deal.play is None else deal.play
        assert current is not None
        seat = game.turn
        assert seat is not None
        game.apply(PlayCard(seat, current.legal_cards()[0]))


def seat_of(game: Game) -> Seat:
    """The seat to act (asserting there is one)."""
    seat = game.turn
    assert seat is not None
    return seat
