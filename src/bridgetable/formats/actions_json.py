"""Actions and game configurations to and from JSON-ready dicts.

>>> from bridgetable.engine.actions import MakeCall
>>> from bridgetable.engine.calls import parse_call
>>> from bridgetable.engine.types import Seat
>>> action_to_json(MakeCall(Seat.N, parse_call("1NT")))
{'type': 'call', 'seat': 'N', 'call': '1NT'}
>>> action_from_json({'type': 'call', 'seat': 'N', 'call': '1NT'})
MakeCall(seat=<Seat.N: 0>, call=Bid(level=1, strain=<Strain.NT: 4>))
"""

from __future__ import annotations

from typing import Any

from bridgetable.engine.actions import (
    Abandon,
    Action,
    AnswerClaim,
    AnswerUndo,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    StartDeal,
)
from bridgetable.engine.calls import parse_call
from bridgetable.engine.game import GameConfig
from bridgetable.engine.types import Card, Seat
from bridgetable.formats.errors import FormatError


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action."""
    if isinstance(action, StartDeal):
        return {
            "type": "deal",
            "hands": {seat.name: [str(c) for c in action.hands[seat]] for seat in Seat},
            "stock": [str(card) for card in action.stock],
        }
    if isinstance(action, MakeCall):
        return {"type": "call", "seat": action.seat.name, "call": str(action.call)}
    if isinstance(action, PlayCard):
        return {"type": "play", "seat": action.seat.name, "card": str(action.card)}
    if isinstance(action, Claim):
        return {"type": "claim", "seat": action.seat.name, "tricks": action.tricks}
    if isinstance(action, AnswerClaim):
        return {"type": "answer_claim", "seat": action.seat.name, "accept": action.accept}
    if isinstance(action, RequestUndo):
        return {"type": "undo", "seat": action.seat.name}
    if isinstance(action, AnswerUndo):
        return {"type": "answer_undo", "seat": action.seat.name, "accept": action.accept}
    return {"type": "abandon"}


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise FormatError(f"field {name!r} is missing or of the wrong type")
    return value


def _seat(data: dict[str, Any]) -> Seat:
    try:
        return Seat.parse(_field(data, "seat", str))
    except ValueError as error:
        raise FormatError(str(error)) from None


def _card_list(values: Any) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise FormatError("cards must be a list")
    try:
        return tuple(Card.parse(value) for value in values)
    except ValueError as error:
        raise FormatError(str(error)) from None


def action_from_json(data: Any) -> Action:
    """Read an action; raise `FormatError` when it is not a well-formed action."""
    if not isinstance(data, dict):
        raise FormatError("an action must be a JSON object")
    kind = data.get("type")
    try:
        if kind == "deal":
            hands = _field(data, "hands", dict)
            return StartDeal(
                tuple(_card_list(hands.get(seat.name, [])) for seat in Seat),
                _card_list(data.get("stock", [])),
            )
        if kind == "call":
            return MakeCall(_seat(data), parse_call(_field(data, "call", str)))
        if kind == "play":
            return PlayCard(_seat(data), Card.parse(_field(data, "card", str)))
        if kind == "claim":
            return Claim(_seat(data), _field(data, "tricks", int))
        if kind == "answer_claim":
            return AnswerClaim(_seat(data), _field(data, "accept", bool))
        if kind == "undo":
            return RequestUndo(_seat(data))
        if kind == "answer_undo":
            return AnswerUndo(_seat(data), _field(data, "accept", bool))
        if kind == "abandon":
            return Abandon()
    except FormatError:
        raise
    except ValueError as error:
        raise FormatError(str(error)) from None
    raise FormatError(f"unknown action type {kind!r}")


def config_to_json(config: GameConfig) -> dict[str, Any]:
    """The JSON form of a game configuration."""
    return {
        "variant": config.variant,
        "players": config.players,
        "first_dealer": config.first_dealer.name,
    }


def config_from_json(data: Any) -> GameConfig:
    """Read a game configuration; raise `FormatError` when it is malformed."""
    if not isinstance(data, dict):
        raise FormatError("a game configuration must be a JSON object")
    try:
        return GameConfig(
            variant=_field(data, "variant", str),
            players=_field(data, "players", int),
            first_dealer=Seat.parse(data.get("first_dealer", "N")),
        )
    except FormatError:
        raise
    except ValueError as error:
        raise FormatError(str(error)) from None
