"""Stopping the rubber and starting a new match need everyone's agreement, and the
table always plays on afterwards."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from tests.server.driver import bid_then_pass, synced
from tests.server.harness import Player, ServerProcess, seated
from tests.server.tables import (
    Table,
    finish_deal,
    ok,
    refused,
)

pytestmark = pytest.mark.asyncio


async def request_of(player: Player, others: list[Player]) -> dict[str, Any] | None:
    """The request as `player` sees it once it has every change the others have seen."""
    await synced([player, *others])
    return request(player)


def request(player: Player) -> dict[str, Any] | None:
    """The table's pending (or refused) request in this player's latest state."""
    assert player.state is not None
    found: dict[str, Any] | None = player.state["table"]["request"]
    return found


async def next_deal(players: list[Player]) -> None:
    """Everyone says ready; wait for the next deal to be dealt."""
    for player in players:
        assert await ok(player, "ready")
    await players[0].wait_for(lambda p: p.live["phase"] == "auction")


async def scored_deals(table: Table, count: int) -> None:
    """Play `count` deals, each a 1NT contract, so something is on the scoresheet."""
    for number in range(count):
        if number:
            await next_deal(table.people)
        await finish_deal(table.people, seed=number, choose=bid_then_pass("1NT"))


def record_boards(server: ServerProcess, table_id: str, kind: str) -> str:
    """The hand record of the table's current match."""
    with urllib.request.urlopen(f"{server.base}/t/{table_id}/record.{kind}", timeout=10) as answer:
        return str(answer.read().decode())


async def test_stopping_the_rubber_needs_everyone_and_keeps_what_was_played(
    table: Table, robot_server: ServerProcess
) -> None:
    north, east, south = table.people
    await scored_deals(table, 2)
    sheet = north.live["score"]
    assert len(sheet["records"]) == 2 and not sheet["over"]
    assert await ok(north, "abandon")
    asked = await request_of(east, [north])
    assert asked is not None
    assert asked["kind"] == "abandon" and asked["seat"] == "N" and asked["open"]
    assert asked["accepted"] == ["N", "W"]  # the robot agrees at once
    assert asked["waiting"] == ["E", "S"]
    assert await ok(east, "answer_match", accept=True)
    assert await ok(south, "answer_match", accept=False)
    refusal = await request_of(north, [east, south])
    assert refusal is not None and refusal["refused"] == ["S"] and not refusal["open"]
    assert not north.live["score"]["over"]  # one refusal is enough to go on playing
    assert await refused(east, "answer_match", accept=True) == "no_pending_request"
    assert await ok(north, "abandon")
    assert await ok(east, "answer_match", accept=True)
    assert await ok(south, "answer_match", accept=True)
    await north.wait_for(lambda p: p.live["phase"] == "over")
    for player in table.people:
        await player.wait_for(lambda p: p.event >= north.event)
        game = player.live
        assert game["score"]["over"] and len(game["score"]["records"]) == 2
        law80 = {item["kind"] for item in game["score"]["extra_items"]}
        assert law80 <= {"unfinished_rubber"}
        assert game["deal"]["phase"] == "over" and game["deal"]["number"] == 2
        assert request(player) is None
    sheet = north.live["score"]
    expected = sum(
        (300 if sheet["games"][side] else 0) + (100 if sheet["below_line"][side] else 0)
        for side in ("NS", "EW")
    )
    assert sum(item["points"] for item in sheet["extra_items"]) == expected
    assert record_boards(robot_server, table.id, "pbn").count("[Board ") == 2
    assert record_boards(robot_server, table.id, "lin").count("|md|") == 2
    # a new rubber, by agreement too, then play goes on
    assert await refused(north, "ready") == "wrong_phase"
    assert await ok(south, "new_match")
    assert north.state is not None and north.state["table"]["match"] == 1
    assert await ok(north, "answer_match", accept=True)
    assert await ok(east, "answer_match", accept=True)
    await north.wait_for(lambda p: p.live["phase"] == "auction")
    assert north.state["table"]["match"] == 2 and not north.live["score"]["records"]
    await finish_deal(table.people)


async def test_stop_the_rubber_is_refused_until_something_is_scored(
    robot_server: ServerProcess,
) -> None:
    table_id = robot_server.create_table("rubber", 4)
    async with seated(robot_server, table_id) as players:
        north = players[0]
        await north.wait_for(lambda p: p.game is not None)
        assert await refused(north, "abandon") == "nothing_scored"
        await finish_deal(players, choose=lambda player, legal: "P")  # passed out
        score = north.live["score"]
        assert score["records"] and not any(score["totals"].values())
        assert await refused(north, "abandon") == "nothing_scored"
        assert request(north) is None
        spectator = Player(robot_server.base, table_id)
        await spectator.connect()
        try:
            assert await refused(spectator, "abandon") == "not_seated"
            assert await refused(spectator, "new_match") == "not_seated"
        finally:
            await spectator.close()


async def test_a_new_match_asked_mid_deal_lets_the_deal_go_on_until_agreed(
    table: Table,
) -> None:
    north, east, south = table.people
    assert await ok(east, "new_match")
    assert await refused(north, "abandon") == "request_pending"
    # nobody has answered yet: the deal goes on
    turn = north.live["turn"]
    mover = next((p for p in table.people if p.me["seat"] == turn), None)
    if mover is not None:
        assert await ok(mover, "call", call="P")
    assert await ok(north, "new_match")  # asking for what is asked is agreeing
    assert north.state is not None and north.state["table"]["match"] == 1
    assert await ok(south, "answer_match", accept=True)
    await north.wait_for(
        lambda p: (
            p.state is not None and p.state["table"]["match"] == 2 and p.live["phase"] == "auction"
        )
    )
    assert not north.live["deal"]["auction"]
    await finish_deal(table.people)


async def test_a_request_leaves_with_its_asker(table: Table) -> None:
    north, east, _ = table.people
    assert await ok(east, "new_match")
    assert await request_of(north, [east]) is not None
    assert await ok(east, "stand")
    assert await request_of(north, [east]) is None
    assert await refused(north, "answer_match", accept=True) == "no_pending_request"
    assert await ok(east, "sit", seat="E", name="PE")
    await finish_deal(table.people)


async def test_a_chicago_match_cannot_be_stopped_early(server: ServerProcess) -> None:
    table_id = server.create_table("chicago", 4)
    async with seated(server, table_id) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        assert await refused(players[0], "abandon") == "wrong_phase"
        assert await refused(players[0], "answer_match", accept=True) == "no_pending_request"
        assert await refused(players[0], "answer_match") == "malformed"
