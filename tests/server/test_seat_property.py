"""What a person has seen of a deal bounds what they see: random seat changes, robots,
requests, calls and cards by several people across deals, every message checked.

The table runs in-process (the server's own hub, decisions, view encoding and
connections' outboxes over an event log in memory) so that many sequences fit in a
few seconds; robots act through the same path as the server's robots, with their
plain legal choice instead of a worker process.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import orjson
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bridgetable.engine import GameConfig, GamePhase
from bridgetable.engine.views import seat_view
from bridgetable.server.commands import parse_message
from bridgetable.server.errors import ProtocolError
from bridgetable.server.hub import Connection, Hub, LiveTable
from bridgetable.server.outbox import Outbox
from bridgetable.server.robots import _robot_event, fallback_decision, robot_to_move
from bridgetable.server.settings import Settings
from bridgetable.server.table import Event, TableState
from bridgetable.store import SequenceConflict, StoredEvent
from bridgetable.store.memory_fanout import MemoryFanout

PEOPLE = 5
"""People at the table; person 0 created it, person 1 has two browser tabs open."""


class MemoryLog:
    """An event log in a dict: enough of `EventLog` for one process."""

    def __init__(self) -> None:
        self.meta: dict[str, dict[str, Any]] = {}
        self.events: dict[str, list[dict[str, Any]]] = {}

    async def create_table(self, table_id: str, meta: dict[str, Any]) -> None:
        self.meta[table_id] = meta
        self.events[table_id] = []

    async def table_meta(self, table_id: str) -> dict[str, Any] | None:
        return self.meta.get(table_id)

    async def append_many(self, table_id: str, first_seq: int, events: list[Event]) -> None:
        log = self.events[table_id]
        if first_seq != len(log) + 1:
            raise SequenceConflict(table_id, first_seq, len(log))
        log.extend(orjson.loads(orjson.dumps(event)) for event in events)

    async def read(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        log = self.events[table_id]
        return [StoredEvent(table_id, n, e) for n, e in enumerate(log, 1) if n > after_seq]


class Watcher:
    """Every state each person's connections got, checked against what they have seen."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, tuple[int, int]], set[str]] = {}
        self.checked = 0

    def check(self, person: int, deal: tuple[int, int], raw: str) -> None:
        message = orjson.loads(raw)
        if message["type"] != "state" or not message["game"]:
            return
        game = message["game"]
        shown = game["deal"]
        self.checked += 1
        if shown is None or shown["phase"] == "over" or game["phase"] == "over":
            return
        faced = shown["tricks"] or (shown["trick"] and shown["trick"]["cards"])
        dummy = shown["dummy"] if faced else None
        me = message["me"]
        claim = shown.get("claim")
        claimer = claim["seat"] if claim else None  # a claimer faces their cards to all
        faced_seats = {dummy, claimer}
        hidden = {s for s, hand in me["hands"].items() if "cards" in hand and s not in faced_seats}
        hidden |= set(me.get("drawn") or {})
        assert "deal_hands" not in me
        if me["seat"] is None:
            assert not hidden, f"a spectator was shown {hidden}"
        else:
            assert hidden <= {me["seat"]}, f"{me['seat']} was shown {hidden}"
        seen = self.seen.setdefault((person, deal), set())
        seen |= hidden
        assert len(seen) <= 1, f"person {person} saw the hidden hands {sorted(seen)} of one deal"


class Scene:
    """One table, its people and their connections."""

    def __init__(self, hub: Hub, table: LiveTable) -> None:
        self.hub = hub
        self.table = table
        self.watcher = Watcher()
        self.conns: list[tuple[int, Connection]] = []
        for person in range(PEOPLE):
            for tab in range(2 if person == 1 else 1):
                conn = Connection(f"person{person}", "t" * 43, f"c{person}x{tab}", Outbox(10_000))
                self.conns.append((person, conn))
                table.join(conn)
        self.seq = {conn.client: 0 for _, conn in self.conns}

    @property
    def state(self) -> TableState:
        return self.table.state

    def conn(self, person: int) -> Connection:
        return next(conn for who, conn in self.conns if who == person)

    def deal_key(self) -> tuple[int, int]:
        return (self.state.match, len(self.state.game.finished_deals))

    def drain(self) -> None:
        key = self.deal_key()
        for person, conn in self.conns:
            items = conn.outbox._items
            while items:
                self.watcher.check(person, key, items.popleft())

    async def send(self, person: int, kind: str, **fields: Any) -> None:
        conn = self.conn(person)
        self.seq[conn.client] += 1
        raw = orjson.dumps({"v": 1, "type": kind, "seq": self.seq[conn.client], **fields})
        try:
            command = parse_message(raw, 4096)
        except ProtocolError:
            return  # refused as the server refuses it: nothing changes
        await self.table.submit(conn, command)
        self.drain()

    def person_at(self, seat: str) -> int | None:
        info = self.state.seats.get(_seat(seat))
        if info is None or info.player is None:
            return None
        return int(info.player.removeprefix("person"))

    async def move(self, choice: int) -> bool:
        """Whoever the game waits for acts; False when nobody at the table can."""
        state = self.state
        robot = robot_to_move(state)
        if robot is not None:
            action = fallback_decision(seat_view(state.game, robot))
            if action is None:
                return False
            await self.table.commit_events(lambda _: [_robot_event(robot, action)])
            self.drain()
            return True
        deal = state.game.deal
        if deal is None or state.game.over:
            return False
        if state.game.phase is GamePhase.WAITING:  # between deals: on to the next
            waiting = [s for s in state.persons() if s not in state.ready]
            person = self.person_at(waiting[0].name) if waiting else None
            if person is None:
                return False
            await self.send(person, "ready")
            return True
        for pending, answer in ((deal.claim, "answer_claim"), (deal.undo, "answer_undo")):
            if pending is not None:
                for seat in pending.responders:
                    person = self.person_at(seat.name)
                    if person is not None and seat not in pending.accepted:
                        await self.send(person, answer, accept=choice % 3 != 0)
                        return True
                return False
        turn = state.game.turn
        person = None if turn is None else self.person_at(turn.name)
        if person is None or turn is None:
            return False
        view = seat_view(state.game, turn)["deal"]["legal"]
        if "calls" in view:
            calls = view["calls"]
            call = "P" if choice % 4 else calls[choice % len(calls)]
            await self.send(person, "call", call=call)
        elif "cards" in view:
            await self.send(person, "play", card=view["cards"][choice % len(view["cards"])])
        else:
            return False
        return True


def _seat(name: str) -> Any:
    from bridgetable.engine import Seat

    return Seat.parse(name)


SEATS4 = "NESW"
person = st.integers(0, PEOPLE - 1)
seat = st.sampled_from(SEATS4)
step = st.one_of(
    st.tuples(st.just("sit"), person, seat),
    st.tuples(st.just("stand"), person),
    st.tuples(st.just("move_to"), person, seat),
    st.tuples(st.just("replace_robot"), person, seat),
    st.tuples(st.just("free"), person, seat),
    st.tuples(st.just("robot"), person, seat, st.booleans()),
    st.tuples(st.just("moves"), st.integers(1, 30), st.integers(0, 10_000)),
    st.tuples(st.just("ready")),
    st.tuples(st.just("moves"), st.just(120), st.integers(0, 10_000)),  # most of a deal
    st.tuples(st.just("ask"), person, st.sampled_from(["abandon", "new_match"])),
    st.tuples(st.just("answer"), person, st.booleans()),
    st.tuples(st.just("undo"), person),
    st.tuples(st.just("claim"), person, st.integers(0, 13)),
)


async def run(kind: tuple[str, int], steps: list[tuple[Any, ...]]) -> Watcher:
    hub = Hub(Settings(), MemoryLog(), MemoryFanout(), random.Random(len(steps)))  # type: ignore[arg-type]
    config = GameConfig(kind[0], kind[1])
    table_id = await hub.create(config, "person0")
    table = await hub.get(table_id)
    assert table is not None
    scene = Scene(hub, table)
    seats = [s.name for s in config.seats]
    scene.drain()
    for action in steps:
        name = action[0]
        if name == "sit":
            await scene.send(action[1], "sit", seat=_fit(action[2], seats), name=f"P{action[1]}")
        elif name == "stand":
            await scene.send(action[1], "stand")
        elif name == "move_to":  # stand up and sit down elsewhere
            await scene.send(action[1], "stand")
            await scene.send(action[1], "sit", seat=_fit(action[2], seats), name="Mover")
        elif name == "replace_robot":  # take a robot out, then sit there
            target = _fit(action[2], seats)
            await scene.send(action[1], "robot", seat=target, on=False)
            await scene.send(action[1], "stand")
            await scene.send(action[1], "sit", seat=target, name="Mover")
        elif name == "free":
            await scene.send(action[1], "free", seat=_fit(action[2], seats))
        elif name == "robot":
            await scene.send(action[1], "robot", seat=_fit(action[2], seats), on=action[3])
        elif name == "moves":
            rng = random.Random(action[2])
            for _ in range(action[1]):
                if not await scene.move(rng.randrange(10_000)):
                    break
        elif name == "ready":
            for seat_name in seats:
                who = scene.person_at(seat_name)
                if who is not None:
                    await scene.send(who, "ready")
        elif name == "ask":
            await scene.send(action[1], action[2])
        elif name == "answer":
            await scene.send(action[1], "answer_match", accept=action[2])
        elif name == "undo":
            await scene.send(action[1], "undo")
        elif name == "claim":
            await scene.send(action[1], "claim", tricks=action[2])
    return scene.watcher


def _fit(seat_name: str, seats: list[str]) -> str:
    return seat_name if seat_name in seats else seats[SEATS4.index(seat_name) % len(seats)]


def opening_steps() -> Iterator[tuple[Any, ...]]:
    """People sit down first, so that most sequences play real deals."""
    yield ("sit", 0, "N")
    yield ("sit", 1, "E")
    yield ("robot", 0, "S", True)
    yield ("sit", 2, "W")
    yield ("moves", 2, 0)  # into the auction


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    kind=st.sampled_from([("rubber", 4), ("chicago", 4), ("rubber", 2)]),
    steps=st.lists(step, min_size=5, max_size=50),
)
def test_nobody_sees_a_hand_they_may_not_see(kind: tuple[str, int], steps: list[Any]) -> None:
    watcher = asyncio.run(run(kind, [*opening_steps(), *steps]))
    assert watcher.checked > 0
    event(f"deals begun: {min(len({deal for _, deal in watcher.seen}), 3)}+")


def test_the_watcher_catches_a_second_hand() -> None:
    def state(seat: str, shown: str) -> str:
        hands = {s: ({"cards": ["SA"]} if s == shown else {"count": 13}) for s in SEATS4}
        deal: dict[str, Any] = {"phase": "auction", "tricks": [], "trick": None, "dummy": None}
        game = {"phase": "auction", "deal": deal}
        return orjson.dumps(
            {"type": "state", "game": game, "me": {"seat": seat, "hands": hands}}
        ).decode()

    watcher = Watcher()
    watcher.check(0, (1, 0), state("N", "N"))
    try:
        watcher.check(0, (1, 0), state("W", "W"))
    except AssertionError:
        return
    raise AssertionError("a person shown two hidden hands of one deal went unnoticed")
