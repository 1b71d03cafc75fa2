"""Rejoin keys: a private link per table and seat that gives its holder the seat back.

A key is never stored. It is derived from the holder's own token, the table, the seat
and a random nonce (HMAC-SHA256 keyed by the token), and the event log keeps only the
nonce and the SHA-256 of the key. So any process can show the holder its key again
(it sees the holder's cookie on each connection), a reader of the log learns nothing
it could use, and the key is worth nothing at another table or seat. Taking a seat
back with a key never changes who the visitor is: only the seat moves.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from bridgetable.engine import Seat
from bridgetable.server.players import token_id
from bridgetable.server.table import Event, TableState

if TYPE_CHECKING:
    from bridgetable.server.hub import LiveTable

KEY_LENGTH = 43
"""Characters of a key: 256 bits, base64url without padding."""


def derive_key(token: str, table_id: str, seat: Seat, nonce: str) -> str:
    """The rejoin key of the holder of `token` for one seat of one table."""
    message = f"bridgetable-rejoin:{table_id}:{seat.name}:{nonce}".encode()
    digest = hmac.new(token.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def key_hash(key: str) -> str:
    """What the log keeps of a key."""
    return hashlib.sha256(key.encode()).hexdigest()


def issue(token: str, table_id: str, seat: Seat) -> dict[str, str]:
    """Fields for an event that gives the holder of `token` a fresh key to `seat`."""
    nonce = secrets.token_urlsafe(16)
    return {"nonce": nonce, "key": key_hash(derive_key(token, table_id, seat, nonce))}


def link_for(state: TableState, seat: Seat, token: str) -> str | None:
    """The holder's private link to `seat`, or None if `token` does not hold its key."""
    nonce = state.rejoin_nonces.get(seat)
    if nonce is None:
        return None
    key = derive_key(token, state.id, seat, nonce)
    if not hmac.compare_digest(key_hash(key), state.rejoin_keys.get(seat, "")):
        return None
    return f"/t/{state.id}/rejoin?k={key}"


def well_formed(key: str | None) -> bool:
    """Whether `key` has the shape of a key (checked before any lookup)."""
    return (
        key is not None
        and len(key) == KEY_LENGTH
        and key.replace("-", "").replace("_", "").isalnum()
        and key.isascii()
    )


class Refusal(Enum):
    """Why a key does not give a seat."""

    UNKNOWN = "unknown"
    REVOKED = "revoked"
    SEATED_ELSEWHERE = "seated_elsewhere"
    SEEN_ANOTHER_HAND = "seen_another_hand"

    @property
    def status(self) -> int:
        """The HTTP status that says it."""
        return {"unknown": 404, "revoked": 410}.get(self.value, 409)


@dataclass(frozen=True, slots=True)
class Found:
    """The seat a key opens, and the name its holder plays under."""

    seat: Seat
    name: str


def find(state: TableState, key: str | None) -> Found | Refusal:
    """The seat `key` opens at this table, or why it opens none."""
    if not well_formed(key):
        return Refusal.UNKNOWN
    assert key is not None
    digest = key_hash(key)
    for seat, stored in state.rejoin_keys.items():
        info = state.seats.get(seat)
        if info is not None and hmac.compare_digest(stored, digest):
            return Found(seat, info.name)
    return Refusal.REVOKED if digest in state.revoked_keys else Refusal.UNKNOWN


def take_back(
    state: TableState,
    key: str | None,
    token: str,
) -> tuple[Found | Refusal, Event | None]:
    """The event that moves the seat `key` opens to the holder of `token`, if any.

    No event when the visitor holds that seat already; refused when the key opens
    nothing, when the visitor sits elsewhere at this table (one seat per person), or
    when, in the deal under way, the visitor has held another seat (`state.held`), for
    nobody may see two hidden hands of one deal.
    """
    found = find(state, key)
    if isinstance(found, Refusal):
        return found, None
    player = token_id(token)
    if state.seat_of(player) == found.seat:
        return found, None
    if state.seat_of(player) is not None:
        return Refusal.SEATED_ELSEWHERE, None
    if state.deal_under_way() and state.held.get(player, found.seat) != found.seat:
        return Refusal.SEEN_ANOTHER_HAND, None
    event: Event = {"t": "rejoin", "seat": found.seat.name, "player": player}
    event.update(issue(token, state.id, found.seat))
    return found, event


async def give_seat_back(table: LiveTable, key: str | None, token: str) -> Found | Refusal | None:
    """Move the seat `key` opens to the holder of `token`: logged, then everyone told.

    Checked again under the table's lock against the latest state, so two people
    using the same link at once cannot both get the seat. None if the log could not
    be written.
    """
    outcome: Found | Refusal = Refusal.UNKNOWN
    wanted = False

    def make(state: TableState) -> list[Event]:
        nonlocal outcome, wanted
        outcome, event = take_back(state, key, token)
        wanted = event is not None
        return [event] if event is not None else []

    done = await table.commit_events(make)
    if wanted and not done:
        return None
    return outcome


def origin_allowed(origin: str | None, host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a state-changing request comes from the site's own pages.

    Unlike the WebSocket's check, a missing Origin is refused: browsers send one
    with every POST, so a request without it is not from our form.
    """
    if origin is None or origin == "null":
        return False
    return origin in allowed or urlsplit(origin).netloc == host
