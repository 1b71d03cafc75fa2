"""Robots through the server: one person with three robots, one against one."""

from __future__ import annotations

import random

import pytest

from tests.server.driver import random_calls
from tests.server.harness import Player, ServerProcess, new_token

pytestmark = pytest.mark.asyncio

ALLOWED_ERRORS = {"rate_limited", "no_pending_request"}
"""Errors a person playing with robots may draw: answering a claim a robot refused first."""


async def play_alone(person: Player, rng: random.Random, until_phase: set[str], limit: int) -> None:
    """The person acts whenever it is their turn (or a deal is to be moved on from)."""
    choose = random_calls(rng, 0.8)
    for _ in range(limit):
        await person.wait_for(lambda p: p.game is not None)
        game = person.live
        if game["phase"] in until_phase:
            return
        seat = person.me["seat"]
        legal = person.me["legal"]
        event = person.event
        claim = (game.get("deal") or {}).get("claim")
        if claim and seat in claim["responders"] and seat not in claim["accepted"]:
            # a robot claims the rest: accept it, unless the other defender, a robot too,
            # has refused it before the answer arrives
            error = await person.settled(await person.act("answer_claim", accept=True))
            if error is not None:
                assert error["code"] == "no_pending_request", error
                assert not (person.live.get("deal") or {}).get("claim")
        elif game["phase"] == "waiting":
            if not person.state or person.state["table"]["seats"][seat]["ready"]:
                await person.wait_for(lambda p, e=event: p.event > e)  # type: ignore[misc]
                continue
            assert (await person.settled(await person.act("ready"))) is None
        elif game["turn"] == seat and "calls" in legal:
            assert (
                await person.settled(await person.act("call", call=choose(person, legal["calls"])))
            ) is None
        elif game["turn"] == seat and "cards" in legal:
            assert (
                await person.settled(await person.act("play", card=rng.choice(legal["cards"])))
            ) is None
        else:
            await person.wait_for(lambda p, e=event: p.event > e)  # type: ignore[misc]
    raise AssertionError("the match did not end")


async def test_one_person_and_three_robots_play_a_chicago_match(
    robot_server: ServerProcess,
) -> None:
    table = robot_server.create_table("chicago", 4)
    person = Player(robot_server.base, table)
    await person.connect()
    assert (await person.settled(await person.act("sit", seat="S", name="Solo"))) is None
    for seat in "NEW":
        assert (await person.settled(await person.act("robot", seat=seat, on=True))) is None
    await play_alone(person, random.Random(4), {"over"}, 3000)
    score = person.live["score"]
    assert score["over"] and len([r for r in score["records"] if r["counted"]]) == 4
    seats = person.state["table"]["seats"] if person.state else {}
    assert all(seats[s]["robot"] for s in "NEW") and not seats["S"]["robot"]
    assert not [e for e in person.errors if e["code"] not in ALLOWED_ERRORS]
    meanings = [
        meaning
        for m in person.messages
        if m["type"] == "state"
        for meaning in m["table"]["robot_calls"].values()
    ]
    assert meanings and all(isinstance(m["message"], str) for m in meanings)
    await person.close()


async def test_one_person_against_a_robot_plays_a_draw_bridge_deal(
    robot_server: ServerProcess,
) -> None:
    table = robot_server.create_table("rubber", 2)
    person = Player(robot_server.base, table)
    await person.connect()
    assert (await person.settled(await person.act("sit", seat="N", name="Solo"))) is None
    assert (await person.settled(await person.act("robot", seat="E", on=True))) is None
    await person.wait_for(lambda p: p.game is not None)
    await play_alone(person, random.Random(9), {"waiting", "over"}, 2000)
    assert len(person.live["score"]["records"]) == 1
    await person.close()


async def test_robot_can_be_taken_out_and_the_seat_taken(robot_server: ServerProcess) -> None:
    creator = new_token()
    table = robot_server.create_table("rubber", 4, token=creator)
    stranger = Player(robot_server.base, table)
    await stranger.connect()
    error = await stranger.settled(await stranger.act("robot", seat="E", on=True))
    assert error is not None and error["code"] == "not_seated"
    await stranger.close()
    person = Player(robot_server.base, table, token=creator)
    await person.connect()
    assert (await person.settled(await person.act("robot", seat="E", on=True))) is None
    error = await person.settled(await person.act("robot", seat="E", on=True))
    assert error is not None and error["code"] == "seat_taken"
    assert (await person.settled(await person.act("robot", seat="E", on=False))) is None
    assert person.state is not None and person.state["table"]["seats"]["E"] is None
    await person.close()


async def test_creator_frees_a_gone_players_seat_for_a_robot(robot_server: ServerProcess) -> None:
    creator = new_token()
    table = robot_server.create_table("rubber", 4, token=creator)
    host = Player(robot_server.base, table, token=creator)
    guest = Player(robot_server.base, table)
    for player, seat in ((host, "N"), (guest, "E")):
        await player.connect()
        assert (await player.settled(await player.act("sit", seat=seat, name=seat))) is None
    error = await host.settled(await host.act("free", seat="E"))
    assert error is not None and error["code"] == "seat_taken"  # still connected
    await guest.close()
    await host.wait_for(
        lambda p: p.state is not None and not p.state["table"]["seats"]["E"]["online"]
    )
    assert (await host.settled(await host.act("free", seat="E"))) is None
    assert (await host.settled(await host.act("robot", seat="E", on=True))) is None
    assert host.state is not None and host.state["table"]["seats"]["E"]["robot"]
    await host.close()
