"""The actions a game is made of. A game's state is the fold of its actions."""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.engine.calls import Call
from bridgetable.engine.types import Card, Seat


@dataclass(frozen=True, slots=True)
class StartDeal:
    """Deal the cards: a hand per seat (empty for seats not playing) and the stock.

    The cards are part of the action so that replaying a game needs no randomness.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class MakeCall:
    """A seat makes a call in the auction."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A seat plays a card: its own, or dummy's when the seat is declarer."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """A seat claims that its side will win `tricks` of the tricks still to play."""

    seat: Seat
    tricks: int


@dataclass(frozen=True, slots=True)
class AnswerClaim:
    """An opponent of the claimer accepts or rejects the claim."""

    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class RequestUndo:
    """A seat asks to take back its last call or card."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AnswerUndo:
    """An opponent of the asking seat agrees to the undo or refuses it."""

    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class Abandon:
    """The players stop an unfinished rubber; Law 80 scores what stands.

    A deal under way is not scored; the finished deals and the scoresheet stay.
    """


Action = StartDeal | MakeCall | PlayCard | Claim | AnswerClaim | RequestUndo | AnswerUndo | Abandon
"""Any action of a game."""

SeatAction = MakeCall | PlayCard | Claim | AnswerClaim | RequestUndo | AnswerUndo
"""An action taken by one seat, the kind a player or robot sends."""
