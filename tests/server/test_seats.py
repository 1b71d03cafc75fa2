"""Moving between seats never shows a hand, and no seat change leaves a deal stuck."""

from __future__ import annotations

import pytest

from tests.server.harness import Player
from tests.server.tables import (
    Table,
    at_most_one_hand_per_deal,
    finish_deal,
    ok,
    refused,
)

pytestmark = pytest.mark.asyncio


async def test_a_seated_player_cannot_take_another_seat_during_the_deal(table: Table) -> None:
    north = table.north
    assert await refused(north, "robot", seat="W", on=False) == "deal_in_progress"
    assert await ok(north, "stand")
    assert await refused(north, "sit", seat="W", name="PN") == "seat_locked"
    seats = north.state["table"]["seats"] if north.state else {}
    assert seats["W"]["robot"] and seats["N"] is None
    assert await ok(north, "sit", seat="N", name="PN")  # back to one's own seat
    assert "cards" in north.me["hands"]["N"] and "cards" not in north.me["hands"]["W"]
    await finish_deal(table.people)
    at_most_one_hand_per_deal(north)
    # the deal is over: every hand is public, and seats are free to change again
    assert await ok(north, "stand")
    assert await ok(north, "sit", seat="W", name="PN")
    seats = north.state["table"]["seats"] if north.state else {}
    assert not seats["W"]["robot"] and seats["W"]["name"] == "PN"


async def test_a_spectator_takes_a_free_seat_mid_deal_and_sees_that_hand_only(
    table: Table,
) -> None:
    east, spectator = table.east, Player(table.server.base, table.id)
    await spectator.connect()
    try:
        assert await ok(east, "stand")
        assert await ok(spectator, "sit", seat="E", name="Late")
        assert "cards" in spectator.me["hands"]["E"]
        assert await ok(spectator, "stand")
        # having seen East's hand, the spectator may not take the robot's seat (West)
        assert await refused(spectator, "sit", seat="W", name="Late") == "seat_locked"
        # nor may East, who held East in this deal, take it; East goes back instead
        assert await refused(east, "sit", seat="W", name="PE") == "seat_locked"
        assert await ok(east, "sit", seat="E", name="PE")
        await finish_deal(table.people)
        for player in (*table.people, spectator):
            at_most_one_hand_per_deal(player)
    finally:
        await spectator.close()


async def test_a_person_takes_over_from_a_robot_mid_deal_and_play_goes_on(
    table: Table,
) -> None:
    newcomer = Player(table.server.base, table.id)
    await newcomer.connect()
    try:
        assert await ok(newcomer, "sit", seat="W", name="Wen")
        assert "cards" in newcomer.me["hands"]["W"]
        seats = newcomer.state["table"]["seats"] if newcomer.state else {}
        assert not seats["W"]["robot"]
        await finish_deal([*table.people, newcomer])
        at_most_one_hand_per_deal(newcomer)
    finally:
        await newcomer.close()


async def test_only_the_creator_removes_a_robot_and_only_between_deals(table: Table) -> None:
    assert await refused(table.east, "robot", seat="W", on=False) == "not_creator"
    assert await refused(table.north, "robot", seat="W", on=False) == "deal_in_progress"
    await finish_deal(table.people)
    assert await refused(table.east, "robot", seat="W", on=False) == "not_creator"
    assert await ok(table.north, "robot", seat="W", on=False)
    # any seated player may put a robot back into the empty seat
    assert await ok(table.east, "robot", seat="W", on=True)


async def test_a_seat_freed_mid_deal_is_filled_by_a_robot_and_the_deal_goes_on(
    table: Table,
) -> None:
    east = table.east
    await east.close()  # East's browser has gone
    await table.north.wait_for(
        lambda p: p.state is not None and not p.state["table"]["seats"]["E"]["online"]
    )
    assert await ok(table.north, "free", seat="E")
    assert await ok(table.south, "robot", seat="E", on=True)
    await finish_deal([table.north, table.south])
    assert table.north.live["phase"] == "waiting"


async def test_a_seat_left_mid_deal_is_filled_by_a_robot_and_the_deal_goes_on(
    table: Table,
) -> None:
    assert await ok(table.south, "stand")
    assert await ok(table.east, "robot", seat="S", on=True)
    await finish_deal([table.north, table.east])
    assert table.north.live["phase"] == "waiting"
    # South, who left, may sit anywhere free now the deal is over
    assert await ok(table.north, "robot", seat="S", on=False)
    assert await ok(table.south, "sit", seat="S", name="PS")
