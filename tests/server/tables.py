"""Tables with people and a robot, and helpers to act and to finish a deal."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
import pytest_asyncio

from tests.server.driver import random_calls, synced
from tests.server.harness import Player, ServerProcess, new_token

FAST_ROBOTS = {"BRIDGETABLE_ROBOT_DELAY": "0", "BRIDGETABLE_ROBOT_BUDGET": "0.05"}


@pytest.fixture(name="robot_server", scope="module")
def robot_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose robots act at once with a small thinking budget (one per test
    module: each test opens tables of its own)."""
    process = ServerProcess(tmp_path_factory.mktemp("data"), env=FAST_ROBOTS)
    process.start()
    try:
        yield process
    finally:
        process.stop()


class Table:
    """A rubber table: North created it; people at N, E, S and a robot at W."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        token = new_token()
        self.id = server.create_table("rubber", 4, token=token)
        self.north = Player(server.base, self.id, token=token)
        self.east = Player(server.base, self.id)
        self.south = Player(server.base, self.id)
        self.people = [self.north, self.east, self.south]

    async def open(self) -> None:
        for player, seat in zip(self.people, "NES", strict=True):
            await player.connect()
            assert await ok(player, "sit", seat=seat, name=f"P{seat}")
        assert await ok(self.north, "robot", seat="W", on=True)
        await self.north.wait_for(lambda p: p.game is not None and p.live["phase"] == "auction")

    async def close(self) -> None:
        for player in self.people:
            await player.close()


async def ok(player: Player, kind: str, **fields: Any) -> bool:
    """Send an action and say whether it was accepted (asserting on nothing)."""
    return await player.settled(await player.act(kind, **fields)) is None


async def refused(player: Player, kind: str, **fields: Any) -> str:
    """Send an action that must be refused; returns the error code."""
    error = await player.settled(await player.act(kind, **fields))
    assert error is not None, f"{kind} {fields} was accepted"
    return str(error["code"])


def hidden_hands_seen(player: Player) -> dict[tuple[int, int], set[str]]:
    """Per deal (match, number): the seats whose hidden hand this player was shown while
    the deal was under way (dummy's hand once faced, and a claimer's while the claim
    waits, are shown to everyone, so they are left out then)."""
    seen: dict[tuple[int, int], set[str]] = {}
    for message in player.messages:
        if message["type"] != "state" or not message["game"]:
            continue
        game: dict[str, Any] = message["game"]
        deal = game["deal"]
        if not deal or deal["phase"] == "over" or game["phase"] == "over":
            continue
        faced = deal["tricks"] or (deal["trick"] and deal["trick"]["cards"])
        dummy = deal["dummy"] if faced else None
        claimer = deal["claim"]["seat"] if deal.get("claim") else None  # faced to all
        key = (message["table"]["match"], deal["number"])
        for seat, hand in message["me"].get("hands", {}).items():
            if "cards" in hand and seat not in (dummy, claimer):
                seen.setdefault(key, set()).add(seat)
        for seat in message["me"].get("drawn") or {}:
            seen.setdefault(key, set()).add(seat)
    return seen


def at_most_one_hand_per_deal(player: Player) -> None:
    """What a person has seen of a deal bounds what they see: one hidden hand at most."""
    for deal, seats in hidden_hands_seen(player).items():
        assert len(seats) <= 1, f"deal {deal}: shown the hidden hands of {sorted(seats)}"


async def finish_deal(
    players: list[Player],
    seed: int = 1,
    choose: Callable[[Player, list[str]], str] | None = None,
) -> None:
    """Play (with the robots) until the deal under way is over."""
    rng = random.Random(seed)
    choose = choose or random_calls(rng, 0.6)

    def over(ps: list[Player]) -> bool:
        return ps[0].game is not None and ps[0].live["phase"] in ("waiting", "over")

    for _ in range(400):
        await synced(players)
        if over(players):
            return
        game = players[0].live
        claim = game["deal"]["claim"]
        answering = [
            p
            for p in players
            if claim
            and p.me["seat"] in claim["responders"]
            and p.me["seat"] not in claim["accepted"]
        ]
        if answering:  # a robot claims: accept, as a person would after checking
            assert await ok(answering[0], "answer_claim", accept=True)
            continue
        mover = next((p for p in players if p.me["seat"] == game["turn"]), None)
        if mover is None:  # a robot's turn: wait for it
            event = players[0].event
            await players[0].wait_for(lambda p, e=event: p.event > e, 30)  # type: ignore[misc]
            continue
        legal = mover.me["legal"]
        if "calls" in legal:
            assert await ok(mover, "call", call=choose(mover, legal["calls"]))
        elif "cards" in legal:
            assert await ok(mover, "play", card=rng.choice(legal["cards"]))
        else:
            event = players[0].event
            await players[0].wait_for(lambda p, e=event: p.event > e, 30)  # type: ignore[misc]
    raise AssertionError("the deal did not end")


@pytest_asyncio.fixture(name="table")
async def table_fixture(robot_server: ServerProcess) -> AsyncIterator[Table]:
    """An open table (people at N, E, S, a robot at W) with the first deal dealt."""
    opened = Table(robot_server)
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()
