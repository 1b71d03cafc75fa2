"""A server killed with SIGKILL loses nothing; clients reconnect by themselves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.server.driver import play_one_move, play_until, random_calls, synced
from tests.server.harness import Player, ServerProcess, seated

pytestmark = pytest.mark.asyncio


def snapshot(players: list[Player]) -> list[tuple[int, Any, Any]]:
    """What each player sees of the game (presence aside)."""
    return [(p.event, p.game, p.me) for p in players]


async def kill_and_restart(server: ServerProcess, players: list[Player]) -> None:
    """SIGKILL the server, start it again, wait until every player is back."""
    before = [p.reconnects for p in players]
    server.kill()
    server.start()
    for player, count in zip(players, before, strict=True):
        await player.wait_for(lambda p, c=count: p.reconnects > c)  # type: ignore[misc]
        await player.wait_for(lambda p: p.state is not None and p.ws is not None)
    await synced(players)


async def test_sigkill_mid_auction_and_mid_play_loses_nothing(server: ServerProcess) -> None:
    rng = random.Random(8)
    table = server.create_table("rubber", 4)
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        by_seat = {p.me["seat"]: p for p in players}
        for call in ("1H", "P", "2H"):
            await synced(players)
            turn = players[0].live["turn"]
            assert (await by_seat[turn].settled(await by_seat[turn].act("call", call=call))) is None
        await synced(players)
        before = snapshot(players)
        await kill_and_restart(server, players)
        await players[0].wait_for(lambda p: p.event >= before[0][0])
        assert snapshot(players) == before
        assert [str(c) for c in players[0].live["deal"]["auction"]] == ["1H", "P", "2H"]
        # the auction goes on, then the play
        await play_until(
            players,
            lambda ps: ps[0].live["phase"] != "auction",
            random_calls(rng),
            rng,
        )
        if players[0].live["phase"] == "play":
            for _ in range(7):
                await play_one_move(players, random_calls(rng), rng)
            await synced(players)
            before = snapshot(players)
            await kill_and_restart(server, players)
            assert snapshot(players) == before
            await play_until(
                players,
                lambda ps: ps[0].live["phase"] != "play",
                random_calls(rng),
                rng,
            )
            record = players[0].live["score"]["records"][-1]
            assert record["tricks"] is not None


async def test_actions_in_flight_during_a_kill_are_applied_once(server: ServerProcess) -> None:
    """Kill while the players bid as fast as they can; every resent action lands once."""
    table = server.create_table("chicago", 4)
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        north = players[0]
        for text in ("hello", "again"):
            await north.act("chat", text=text)
        server.kill()
        await north.act("chat", text="while down")  # sent into a dead connection
        server.start()
        await north.wait_for(lambda p: not p.unacked)
        await north.wait_for(lambda p: p.state is not None and len(p.state["table"]["chat"]) >= 3)
        texts = [c["text"] for c in (north.state or {})["table"]["chat"]]
        assert texts == ["hello", "again", "while down"]


async def test_a_resent_action_is_applied_once(server: ServerProcess) -> None:
    table = server.create_table("rubber", 4)
    async with seated(server, table) as players:
        north = players[0]
        await north.wait_for(lambda p: p.game is not None)
        seq = await north.act("call", call="1C")
        assert (await north.settled(seq)) is None
        event = north.event
        # the acknowledgement rides in the state the call made, and only the caller's
        for player in players[1:]:
            await player.wait_for(lambda p: p.event >= event)
        answering = [m for m in north.messages if m.get("ack") == seq]
        assert [m["event"] for m in answering] == [event]
        assert [str(c) for c in answering[0]["game"]["deal"]["auction"]] == ["1C"]
        for player in players[1:]:
            assert not any("ack" in m for m in player.messages if m["event"] == event)
        # the same message again, as a client does after a reconnect
        await north.send_raw(json.dumps({"v": 1, "type": "call", "seq": seq, "call": "1C"}))
        acks = sum(1 for m in north.messages if m.get("ack") == seq)
        await north.wait_for(lambda p: sum(1 for m in p.messages if m.get("ack") == seq) > acks)
        assert north.event == event
        assert [str(c) for c in north.live["deal"]["auction"]] == ["1C"]
        # and after a real reconnect with the same client id
        old = north.ws
        assert old is not None
        await old.close()
        await north.wait_for(lambda p: p.ws is not old and p.ws is not None)
        acks = sum(1 for m in north.messages if m.get("ack") == seq)
        await north.send_raw(json.dumps({"v": 1, "type": "call", "seq": seq, "call": "1C"}))
        # wait for the server's answer to the resend itself, not for a state we already had
        await north.wait_for(lambda p: sum(1 for m in p.messages if m.get("ack") == seq) > acks)
        assert north.event == event
        await synced(players)
        assert [str(c) for c in north.live["deal"]["auction"]] == ["1C"]
