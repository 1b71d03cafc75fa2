"""Two server processes sharing PostgreSQL and Redis: one table, no action lost or split."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgetable.engine import Game
from bridgetable.formats.actions_json import action_from_json, config_from_json
from bridgetable.store import PostgresEventLog
from tests.conftest import DATABASE_URL, PrivateRedis
from tests.server.conftest import SCALE_OUT
from tests.server.driver import play_one_move, play_until, random_calls, synced
from tests.server.harness import Player, ServerProcess, fetch, new_token

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("run_database")]


@contextlib.contextmanager
def processes(
    tmp_path: Path, env: dict[str, str], count: int = 2, pages: bool = False
) -> Iterator[list[ServerProcess]]:
    """`count` servers on their own ports sharing one database and one Redis."""
    servers = [ServerProcess(tmp_path / f"data{i}", env=env, pages=pages) for i in range(count)]
    with running(servers):
        yield servers


@contextlib.contextmanager
def running(servers: list[ServerProcess]) -> Iterator[None]:
    """Start the servers, stop them at the end of the block."""
    try:
        for server in servers:
            server.start()
        yield
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two processes on the machine's PostgreSQL and Redis."""
    with processes(tmp_path, SCALE_OUT) as servers:
        yield servers


async def split_players(servers: list[ServerProcess], table: str) -> list[Player]:
    """N and S on the first process, E and W on the second; each can fail over."""
    a, b = servers
    players = []
    for seat, home, other in (("N", a, b), ("E", b, a), ("S", a, b), ("W", b, a)):
        player = Player(home.base, table, fallbacks=(other.base,))
        await player.connect()
        error = await player.settled(await player.act("sit", seat=seat, name=seat))
        assert error is None, error
        players.append(player)
    await synced(players)
    return players


async def check_log(table: str) -> list[dict[str, Any]]:
    """The log replays into a legal game and holds no action twice."""
    log = PostgresEventLog(DATABASE_URL)
    await log.open()
    try:
        meta = await log.table_meta(table)
        events = [event.data for event in await log.read(table, 0)]
    finally:
        await log.close()
    assert meta is not None
    game = Game(config_from_json(meta["config"]))
    for event in events:
        if event["t"] == "action":
            game.apply(action_from_json(event["action"]))  # raises if anything is illegal
    keys = [(e["client"], e["cseq"]) for e in events if "client" in e]
    assert len(keys) == len(set(keys)), "an action was applied twice"
    return events


def same_order(players: list[Player]) -> None:
    """Every event number that two players both saw came with the same public game."""
    seen: dict[int, str] = {}
    for player in players:
        events = [m["event"] for m in player.messages if m["type"] == "state"]
        assert events == sorted(events)
        for message in player.messages:
            if message["type"] != "state":
                continue
            public = json.dumps(message["game"], sort_keys=True)
            assert seen.setdefault(message["event"], public) == public


async def test_players_split_across_two_processes_play_a_deal(
    cluster: list[ServerProcess],
) -> None:
    rng = random.Random(21)
    table = cluster[0].create_table("rubber", 4)
    players = await split_players(cluster, table)
    await play_until(players, lambda ps: ps[0].live["phase"] != "auction", random_calls(rng), rng)
    await play_until(players, lambda ps: ps[0].live["phase"] != "play", random_calls(rng), rng)
    await synced(players)
    same_order(players)
    final = {json.dumps(p.live, sort_keys=True) for p in players}
    assert len(final) == 1
    events = await check_log(table)
    assert len(events) == players[0].event
    for player in players:
        await player.close()


async def test_a_rejoin_link_used_on_the_other_process(tmp_path: Path) -> None:
    """The key is known to both processes (from the log), the seat moves through the
    second one, and the holder on the first one sees it go."""
    with processes(tmp_path, SCALE_OUT, pages=True) as (a, b):
        table = a.create_table("rubber", 4)
        holder = Player(a.base, table)
        await holder.connect()
        assert (await holder.settled(await holder.act("sit", seat="S", name="Sam"))) is None
        old = str(holder.me["rejoin"])
        assert fetch(b.base + old).status == 200
        visitor = new_token()
        answer = fetch(
            f"{b.base}/t/{table}/rejoin",
            token=visitor,
            form={"k": old.split("k=")[1]},
            headers={"Origin": b.base},
        )
        assert answer.status == 303 and answer.cookies == []
        await holder.wait_for(lambda p: p.me["seat"] is None, 20)
        on_a, on_b = Player(a.base, table, token=visitor), Player(b.base, table, token=visitor)
        for player in (on_a, on_b):
            await player.connect()
            await player.wait_for(lambda p: p.state is not None and p.me["seat"] == "S", 20)
        assert on_a.me["rejoin"] == on_b.me["rejoin"] not in (None, old)
        assert fetch(a.base + old).status == 410
        for player in (holder, on_a, on_b):
            await player.close()


async def test_sigkill_one_process_mid_play(cluster: list[ServerProcess]) -> None:
    rng = random.Random(22)
    table = cluster[0].create_table("chicago", 4)
    players = await split_players(cluster, table)
    await play_until(players, lambda ps: ps[0].live["phase"] != "auction", random_calls(rng), rng)
    for _ in range(10):
        if players[0].live["phase"] != "play":
            break
        await play_one_move(players, random_calls(rng), rng)
    # the kill may land between a commit and its fan-out: the survivor then reads the
    # log when E and W reconnect (test_a_move_the_fan_out_lost_is_read_from_the_log)
    cluster[1].kill()  # E and W lose their server
    for player in players[1::2]:
        await player.wait_for(lambda p: p.url.startswith(cluster[0].base.replace("http", "ws")))
    await synced(players)
    await play_until(
        players, lambda ps: ps[0].live["phase"] not in ("play", "auction"), random_calls(rng), rng
    )
    await synced(players)
    assert len(players[0].live["score"]["records"]) >= 1
    events = await check_log(table)
    assert len(events) == players[0].event
    for player in players:
        await player.close()


async def test_conflicting_actions_through_both_processes(cluster: list[ServerProcess]) -> None:
    """Everyone fires at once through both processes; one legal game results."""
    table = cluster[0].create_table("rubber", 4)
    players = await split_players(cluster, table)
    rng = random.Random(23)
    for _ in range(40):
        sends = []
        for player in players:
            legal = player.me["legal"]
            if "calls" in legal:
                sends.append(player.act("call", call=rng.choice(legal["calls"][:3])))
            elif "cards" in legal:
                sends.append(player.act("play", card=rng.choice(legal["cards"])))
            # a player who may not act fires anyway: it must be refused
            else:
                sends.append(player.act("call", call="P"))
            sends.append(player.act("chat", text=f"hi {rng.random():.3f}"))
        await asyncio.gather(*sends)
        await asyncio.sleep(0.05)
        if players[0].game and players[0].live["phase"] not in ("auction", "play"):
            break
    for player in players:
        await player.wait_for(lambda p: not p.unacked)
    await synced(players)
    await asyncio.sleep(0.3)
    await synced(players)
    final = {(p.event, json.dumps(p.live, sort_keys=True)) for p in players}
    assert len(final) == 1, "the clients did not converge"
    events = await check_log(table)
    assert len(events) == players[0].event
    for player in players:
        await player.close()


async def test_redis_restart_mid_deal(tmp_path: Path, private_redis: PrivateRedis) -> None:
    env = {**SCALE_OUT, "BRIDGETABLE_REDIS_URL": private_redis.url}
    with processes(tmp_path, env) as servers:
        rng = random.Random(24)
        table = servers[0].create_table("rubber", 4)
        players = await split_players(servers, table)
        try:
            for _ in range(6):
                await play_one_move(players, random_calls(rng), rng)
            private_redis.kill()
            await asyncio.sleep(0.5)
            private_redis.start()
            await asyncio.sleep(1.0)
            # play on: the processes resubscribe and catch up from the log
            for _ in range(8):
                await play_one_move(players, random_calls(rng), rng)
            await synced(players)
            final = {(p.event, json.dumps(p.live, sort_keys=True)) for p in players}
            assert len(final) == 1
            await check_log(table)
        finally:
            for player in players:
                await player.close()


@contextlib.contextmanager
def deaf_pair(tmp_path: Path, redis: PrivateRedis, quiet: float) -> Iterator[list[ServerProcess]]:
    """Two processes on one log whose fan-outs never meet (the second publishes to a
    Redis of its own): every message between them is lost, as when a process dies
    between logging a move and publishing it."""
    quiet_env = {"BRIDGETABLE_QUIET_SECONDS": str(quiet)}
    servers = [
        ServerProcess(tmp_path / "a", env={**SCALE_OUT, **quiet_env}),
        ServerProcess(
            tmp_path / "b", env={**SCALE_OUT, **quiet_env, "BRIDGETABLE_REDIS_URL": redis.url}
        ),
    ]
    with running(servers):
        yield servers


async def test_a_move_the_fan_out_lost_is_read_from_the_log(
    tmp_path: Path, private_redis: PrivateRedis
) -> None:
    """Every call goes through the process that missed the one before it: each is
    judged against the log, not refused; a client connecting sees the newest state."""
    with deaf_pair(tmp_path, private_redis, quiet=600) as (a, b):
        table = a.create_table("rubber", 4)
        by_seat = {}
        for seat, home in (("N", a), ("E", b), ("S", a), ("W", b)):
            player = by_seat[seat] = Player(home.base, table)
            await player.connect()
            error = await player.settled(await player.act("sit", seat=seat, name=seat))
            assert error is None, error
        last = by_seat["W"]  # its process logged the last sit and dealt
        assert last.game is not None
        for call in ("1C", "P", "P", "P"):
            mover = by_seat[last.game["turn"]]
            error = await mover.settled(await mover.act("call", call=call))
            assert error is None, error  # not `not_your_turn`
            last = mover
        assert last.live["phase"] == "play"
        # both processes missed some of these calls; a newcomer on each makes it read
        # the log, and the players already there see the newest state too
        for home in (a, b):
            newcomer = Player(home.base, table)
            await newcomer.connect()
            await newcomer.wait_for(lambda p: p.state is not None)
            assert newcomer.event == last.event and newcomer.live["phase"] == "play"
            await newcomer.close()
        await synced(list(by_seat.values()))
        assert {p.event for p in by_seat.values()} == {last.event}
        for player in by_seat.values():
            await player.close()


async def test_quiet_tables_catch_up_when_the_fan_out_loses_every_message(
    tmp_path: Path, private_redis: PrivateRedis
) -> None:
    """Four people split over two deaf processes still play a whole deal together."""
    with deaf_pair(tmp_path, private_redis, quiet=0.1) as servers:
        rng = random.Random(25)
        table = servers[0].create_table("rubber", 4)
        players = await split_players(servers, table)

        def deal_over(ps: list[Player]) -> bool:
            return ps[0].live["phase"] not in ("auction", "play")

        await play_until(players, deal_over, random_calls(rng), rng)
        await synced(players)
        final = {(p.event, json.dumps(p.live, sort_keys=True)) for p in players}
        assert len(final) == 1
        events = await check_log(table)
        assert len(events) == players[0].event
        for player in players:
            await player.close()
