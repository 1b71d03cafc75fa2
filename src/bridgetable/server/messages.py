"""Server-to-client messages, with the public part encoded once per change."""

from __future__ import annotations

from typing import Any

import orjson

from bridgetable.engine import Seat
from bridgetable.engine.views import private_views, public_view
from bridgetable.server.explanations import Explained, robot_call_meanings
from bridgetable.server.table import TableState


def dumps(value: Any) -> str:
    """Compact JSON (orjson: encoding views is the server's busiest work)."""
    return orjson.dumps(value).decode()


def table_public(
    state: TableState, online: set[str], meanings: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Seats, presence, readiness, chat and what robots' calls mean: what everyone sees."""
    seats: dict[str, Any] = {}
    for seat, info in state.seats.items():
        if info is None:
            seats[seat.name] = None
        else:
            seats[seat.name] = {
                "name": info.name,
                "robot": info.robot,
                "online": info.robot or info.player in online,
                "ready": seat in state.ready,
            }
    return {
        "id": state.id,
        "game": state.config.variant,
        "players": state.config.players,
        "seats": seats,
        "chat": list(state.chat),
        "match": state.match,
        "robot_calls": meanings or {},
        "request": _request(state),
    }


def _request(state: TableState) -> dict[str, Any] | None:
    """The pending (or just refused) request to stop the rubber or start a new match."""
    request = state.request
    if request is None:
        return None
    return request.to_json(state.config.seats, set(state.persons()), set(state.robots()))


class ViewCache:
    """The encoded parts of the last state's messages, rebuilt when the table changes.

    The public parts are shared by every connection; the private part of a seat by
    all of that seat's connections. All of them are encoded once per change.
    """

    def __init__(self) -> None:
        self.key: tuple[int, int] = (-1, -1)
        self.table = ""
        self.game = ""
        self.private: dict[Seat | None, str] = {}
        self.private_seq = -1
        self.meanings: dict[str, Any] = {}
        self.explained: Explained = {}

    def get(self, state: TableState, online: set[str], presence: int) -> tuple[str, str]:
        """(table JSON, game JSON) for the state at this event and presence version."""
        key = (state.seq, presence)
        if key != self.key:
            if key[0] != self.key[0]:
                self.game = dumps(public_view(state.game) if state.game.deal else None)
                self.meanings = robot_call_meanings(state, self.explained)
            self.table = dumps(table_public(state, online, self.meanings))
            self.key = key
        return self.table, self.game

    def members(self, state: TableState, seat: Seat | None) -> str:
        """The private view of `seat` as JSON object members ('' when there is none).

        A seat's first request after a change encodes every playing seat's view: a
        broadcast asks for all of them anyway.
        """
        if self.private_seq != state.seq:
            self.private = {}
            self.private_seq = state.seq
        found = self.private.get(seat)
        if found is None:
            wanted = state.game.seats if seat is not None else (None,)
            for owner, view in private_views(state.game, wanted).items():
                self.private[owner] = dumps(view)[1:-1]
            found = self.private.setdefault(seat, "")
        return found


def state_message(
    state: TableState,
    cache: ViewCache,
    online: set[str],
    presence: int,
    *,
    seat: Seat | None,
    me: dict[str, Any],
    ack: int | None = None,
    first: int | None = None,
) -> str:
    """The `state` message for one connection; `ack` is the action of its own it answers,
    `first` the first of the events committed together that it is the first to show."""
    table, game = cache.get(state, online, presence)
    members = cache.members(state, seat)
    mine = dumps({**me, "seat": None if seat is None else seat.name})
    if members:
        mine = f"{mine[:-1]},{members}}}"
    head = f'{{"v":1,"type":"state","event":{state.seq}'
    if first is not None:
        head += f',"first":{first}'
    if ack is not None:
        head += f',"ack":{ack}'
    return f'{head},"table":{table},"game":{game},"me":{mine}}}'


def error_message(event: int, seq: int, code: str, message: str) -> str:
    """A refusal sent to one client."""
    return dumps(
        {"v": 1, "type": "error", "event": event, "seq": seq, "code": code, "message": message}
    )
