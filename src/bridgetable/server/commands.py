"""Client messages: read, checked for shape, and turned into typed commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

import orjson

from bridgetable.engine import Card, Seat, parse_call
from bridgetable.engine.calls import Call
from bridgetable.server.errors import ProtocolError
from bridgetable.server.text import clean_chat, clean_name

PROTOCOL_VERSION = 1
MIN_CLIENT_ID = 8
MAX_CLIENT_ID = 64

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
    client: str | None = None
    """`hello`: the page's own id, kept across reconnects."""


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


def _whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number: not a bool (which Python counts as int), not 1.0."""
    return type(value) is int


def message_size(raw: str | bytes) -> int:
    """The size of a message in bytes (UTF-8), as the limit counts it."""
    if isinstance(raw, bytes) or raw.isascii():  # ASCII: one byte a character
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def parse_message(raw: str | bytes, max_bytes: int) -> Command:
    """Read one client message, or raise `ProtocolError` saying what is wrong with it."""
    if message_size(raw) > max_bytes:
        raise ProtocolError("too_large", f"Messages are limited to {max_bytes} bytes.")
    try:
        data = orjson.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "A message is a JSON object.")
    version = data.get("v")
    if not _whole(version) or version != PROTOCOL_VERSION:
        raise ProtocolError("bad_version", f"This server speaks protocol {PROTOCOL_VERSION}.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "'type' must be the name of a message type.")
    if kind in CONTROL_TYPES:
        return _control(kind, data)
    if kind not in ACTION_TYPES:
        raise ProtocolError("unknown_type", f"Unknown message type {kind!r}.")
    seq = data.get("seq")
    if not _whole(seq) or seq < 1:
        raise ProtocolError("malformed", "Every action needs 'seq', a positive whole number.")
    try:
        return _fields(kind, seq, data)
    except ProtocolError as error:
        error.seq = seq
        raise


def _control(kind: str, data: dict[str, Any]) -> Command:
    event = data.get("event", 0)
    if not _whole(event) or event < 0:
        raise ProtocolError("malformed", "'event' must be a whole number.")
    if kind != "hello":
        return Command(type=kind, seq=0, event=event)
    client = data.get("client")
    if client is not None and not (
        isinstance(client, str)
        and MIN_CLIENT_ID <= len(client) <= MAX_CLIENT_ID
        and client.isascii()
        and client.isalnum()
    ):
        raise ProtocolError("malformed", "'client' is 8 to 64 letters and digits.")
    name = data.get("name")
    return Command(
        type=kind,
        seq=0,
        event=event,
        client=client,
        name=None if name is None else clean_name(name),
    )


def _fields(kind: str, seq: int, data: dict[str, Any]) -> Command:
    seat = _seat(data["seat"]) if "seat" in data else None
    try:
        if kind == "sit":
            if seat is None:
                raise ProtocolError("malformed", "Say which seat to take.")
            return Command(kind, seq, seat=seat, name=clean_name(data.get("name")))
        if kind in ("free", "robot") and seat is None:
            raise ProtocolError("malformed", "Say which seat.")
        if kind == "robot":
            return Command(kind, seq, seat=seat, flag=_bool(data, "on"))
        if kind == "rename":
            return Command(kind, seq, seat=seat, name=clean_name(data.get("name")))
        if kind == "chat":
            return Command(
                kind,
                seq,
                seat=seat,
                text=clean_chat(data.get("text")),
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
            if not _whole(tricks):
                raise ProtocolError("malformed", "'tricks' must be a whole number.")
            return Command(kind, seq, seat=seat, tricks=tricks)
        if kind in ("answer_claim", "answer_undo", "answer_match"):
            return Command(kind, seq, seat=seat, flag=_bool(data, "accept"))
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError("malformed", str(error)) from None
    return Command(kind, seq, seat=seat)
