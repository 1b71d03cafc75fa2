"""Client messages: read, checked for shape, and turned into typed commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from bridgetable.engine import Card, Seat, parse_call
from bridgetable.engine.calls import Call
from bridgetable.server.errors import ProtocolError

PROTOCOL_VERSION = 1
MAX_NAME = 24
MAX_CHAT = 300

ACTION_TYPES = frozenset(
    {
        "sit",
        "stand",
        "free",
        "rename",
        "call",
        "play",
        "claim",
        "answer_claim",
        "undo",
        "answer_undo",
        "ready",
        "new_match",
        "abandon",
        "chat",
        "robot",
        "answer_match",
    }
)
CONTROL_TYPES = frozenset({"hello", "resync", "ping"})


@dataclass(frozen=True, slots=True)
class Command:
    """One checked client message: its type, sequence number and typed fields."""

    type: str
    seq: int
    seat: Seat | None = None
    name: str | None = None
    text: str | None = None
    call: Call | None = None
    card: Card | None = None
    tricks: int | None = None
    flag: bool | None = None
    event: int = 0


def _clean_text(value: Any, limit: int, code: str, what: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(code, f"The {what} must be text.")
    text = " ".join(value.split())
    if not text or len(text) > limit or any(ord(ch) < 32 for ch in text):
        raise ProtocolError(code, f"The {what} must have 1 to {limit} characters.")
    return text


def _seat(value: Any) -> Seat:
    if not isinstance(value, str):
        raise ProtocolError("malformed", "A seat is N, E, S or W.")
    try:
        return Seat.parse(value)
    except ValueError:
        raise ProtocolError("malformed", "A seat is N, E, S or W.") from None


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise ProtocolError("malformed", f"'{key}' must be true or false.")
    return value


def parse_message(raw: str | bytes, max_bytes: int) -> Command:
    """Read one client message, or raise `ProtocolError` saying what is wrong with it."""
    if len(raw) > max_bytes:
        raise ProtocolError("too_large", f"Messages are limited to {max_bytes} bytes.")
    try:
        data = orjson.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "A message is a JSON object.")
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError("bad_version", f"This server speaks protocol {PROTOCOL_VERSION}.")
    kind = data.get("type")
    if kind in CONTROL_TYPES:
        event = data.get("event", 0)
        if not isinstance(event, int) or isinstance(event, bool) or event < 0:
            raise ProtocolError("malformed", "'event' must be a whole number.")
        return Command(type=kind, seq=0, event=event)
    if kind not in ACTION_TYPES:
        raise ProtocolError("unknown_type", f"Unknown message type {kind!r}.")
    seq = data.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise ProtocolError("malformed", "Every action needs 'seq', a positive whole number.")
    try:
        return _fields(kind, seq, data)
    except ProtocolError as error:
        error.seq = seq
        raise


def _fields(kind: str, seq: int, data: dict[str, Any]) -> Command:
    seat = _seat(data["seat"]) if "seat" in data else None
    try:
        if kind == "sit":
            if seat is None:
                raise ProtocolError("malformed", "Say which seat to take.")
            name = _clean_text(data.get("name"), MAX_NAME, "bad_name", "name")
            return Command(kind, seq, seat=seat, name=name)
        if kind in ("free", "robot") and seat is None:
            raise ProtocolError("malformed", "Say which seat.")
        if kind == "robot":
            return Command(kind, seq, seat=seat, flag=_bool(data, "on"))
        if kind == "rename":
            return Command(
                kind, seq, name=_clean_text(data.get("name"), MAX_NAME, "bad_name", "name")
            )
        if kind == "chat":
            return Command(
                kind,
                seq,
                seat=seat,
                text=_clean_text(data.get("text"), MAX_CHAT, "bad_text", "message"),
            )
        if kind == "call":
            value = data.get("call")
            if not isinstance(value, str):
                raise ProtocolError("malformed", "'call' must be a call such as 1H, P, X.")
            return Command(kind, seq, seat=seat, call=parse_call(value))
        if kind == "play":
            value = data.get("card")
            if not isinstance(value, str):
                raise ProtocolError("malformed", "'card' must be a card such as SA or H10.")
            return Command(kind, seq, seat=seat, card=Card.parse(value))
        if kind == "claim":
            tricks = data.get("tricks")
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ProtocolError("malformed", "'tricks' must be a whole number.")
            return Command(kind, seq, seat=seat, tricks=tricks)
        if kind in ("answer_claim", "answer_undo", "answer_match"):
            return Command(kind, seq, seat=seat, flag=_bool(data, "accept"))
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError("malformed", str(error)) from None
    return Command(kind, seq, seat=seat)
