"""No client ever receives a card it may not see: checked on every message of random games."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.driver import play_until, random_calls
from tests.server.harness import Player, ServerProcess, seated


def check_message(message: dict[str, Any], seat: str | None) -> None:
    """Raise if a state message shows `seat` anything hidden from it."""
    if message["type"] != "state" or message["game"] is None:
        return
    deal = message["game"]["deal"]
    me = message["me"]
    assert me["seat"] == seat
    over = deal["phase"] == "over"
    dummy = deal["dummy"]
    exposed = dummy is not None and bool(deal["tricks"] or deal["trick"]["cards"])
    visible: set[str] = set()
    for owner, hand in me["hands"].items():
        if "cards" in hand:
            assert over or owner == seat or (owner == dummy and exposed), (owner, seat, deal)
            visible.update(hand["cards"])
        else:
            assert set(hand) == {"count"}
    for owner in me.get("drawn", {}):
        assert over or owner == seat
    assert "deal_hands" not in me or over
    assert set(me["legal"].get("cards", [])) <= visible


async def play_and_check(server: ServerProcess, game: str, seats: int, seed: int) -> None:
    rng = random.Random(seed)
    table = server.create_table(game, seats)
    names = "NESW" if seats == 4 else "NE"
    async with seated(server, table, names) as players:
        spectator = Player(server.base, table)
        await spectator.connect()
        await players[0].wait_for(lambda p: p.game is not None)

        def two_deals_done(ps: list[Player]) -> bool:
            g = ps[0].game
            return g is not None and (g["phase"] == "over" or len(g["score"]["records"]) >= 2)

        await play_until(players, two_deals_done, random_calls(rng, 0.6), rng)
        await asyncio.sleep(0.1)
        for player in players:
            assert player.messages
            for message in player.messages:
                check_message(message, player.me["seat"])
        for message in spectator.messages:
            check_message(message, None)
        await spectator.close()


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    kind=st.sampled_from([("rubber", 4), ("chicago", 4), ("rubber", 2)]),
    seed=st.integers(0, 2**31),
)
def test_no_client_sees_a_hidden_card(
    server: ServerProcess, kind: tuple[str, int], seed: int
) -> None:
    asyncio.run(play_and_check(server, kind[0], kind[1], seed))


def test_the_checker_catches_a_leak() -> None:
    leaked = {
        "type": "state",
        "game": {"deal": {"phase": "auction", "dummy": None, "tricks": [], "trick": None}},
        "me": {"seat": "N", "hands": {"N": {"cards": ["SA"]}, "E": {"cards": ["HA"]}}, "legal": {}},
    }
    with pytest.raises(AssertionError):
        check_message(leaked, "N")
