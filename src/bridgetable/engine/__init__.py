"""The rules of bridge as pure Python: no I/O, no clock, randomness only passed in.

A game is a `GameConfig` and a list of actions; `Game.apply` checks and folds each
one, `seat_view` shows a seat only what it may see.
"""

from bridgetable.engine.actions import (
    Abandon,
    Action,
    AnswerClaim,
    AnswerUndo,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    SeatAction,
    StartDeal,
)
from bridgetable.engine.calls import Bid, Call, Contract, Doubling, parse_call, parse_contract
from bridgetable.engine.errors import IllegalAction
from bridgetable.engine.game import Game, GameConfig, GamePhase
from bridgetable.engine.types import Card, Rank, Seat, Side, Strain, Suit, Vulnerability
from bridgetable.engine.views import public_view, seat_view

__all__ = [
    "Abandon",
    "Action",
    "AnswerClaim",
    "AnswerUndo",
    "Bid",
    "Call",
    "Card",
    "Claim",
    "Contract",
    "Doubling",
    "Game",
    "GameConfig",
    "GamePhase",
    "IllegalAction",
    "MakeCall",
    "PlayCard",
    "Rank",
    "RequestUndo",
    "Seat",
    "SeatAction",
    "Side",
    "StartDeal",
    "Strain",
    "Suit",
    "Vulnerability",
    "parse_call",
    "parse_contract",
    "public_view",
    "seat_view",
]
