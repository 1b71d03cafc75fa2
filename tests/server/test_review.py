"""Finished deals over a real server: history, review JSON, analysis, downloads.

A deal in progress is at no address: the test asks them all at every step of a deal.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.server.driver import play_one_move, random_calls, synced
from tests.server.harness import Player, ServerProcess, seated

pytestmark = pytest.mark.asyncio


def fetch(url: str) -> tuple[int, str]:
    """GET a URL: (status, body), errors included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def get(url: str) -> tuple[int, str]:
    return await asyncio.to_thread(fetch, url)


async def get_json(url: str) -> tuple[int, Any]:
    status, body = await get(url)
    return status, json.loads(body)


async def wait_analysis(base: str, table: str, key: str, timeout: float = 60.0) -> dict[str, Any]:
    """Poll the analysis address until it is ready."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, body = await get_json(f"{base}/api/tables/{table}/deals/{key}/analysis")
        assert status == 200, body
        if body["status"] == "ready":
            return dict(body["analysis"])
        await asyncio.sleep(0.3)
    raise AssertionError("the analysis did not arrive")


async def nothing_shown(base: str, table: str, finished: int) -> None:
    """Only the `finished` deals are at any address; the next one is at none."""
    upcoming = f"1-{finished + 1}"
    status, body = await get_json(f"{base}/api/tables/{table}/deals/{upcoming}")
    assert status == 404 and body["code"] == "deal_not_found", body
    status, body = await get_json(f"{base}/api/tables/{table}/deals/{upcoming}/analysis")
    assert status == 404, body
    for kind in ("pbn", "lin"):
        status, text = await get(f"{base}/t/{table}/deals/{upcoming}.{kind}")
        assert status == 404, text
    status, pbn = await get(f"{base}/t/{table}/history.pbn")
    assert status == 200
    assert pbn.count("[Board ") == finished
    status, lin = await get(f"{base}/t/{table}/history.lin")
    assert status == 200
    assert lin.count("md|") == finished


async def test_a_deal_appears_only_once_finished(server: ServerProcess) -> None:
    table = server.create_table()
    rng = random.Random(12)
    async with seated(server, table) as players:
        steps = 0
        await synced(players)
        while players[0].game is not None and players[0].game["phase"] != "waiting":
            await nothing_shown(server.base, table, 0)
            await play_one_move(players, random_calls(rng, pass_chance=0.5), rng)
            await synced(players)
            steps += 1
            assert steps < 200
        await nothing_shown(server.base, table, 1)
        status, deal = await get_json(f"{server.base}/api/tables/{table}/deals/1-1")
        assert status == 200
        record = players[0].live["score"]["records"][0]
        assert deal["contract"] == record["contract"]
        assert deal["declarer"] == record["declarer"]
        assert deal["score"]["points"] == record["points"]
        played = [card for trick in deal["tricks"] for _, card in trick["cards"]]
        assert len(played) == (52 if deal["contract"] else 0)
        assert sorted(c for hand in deal["hands"].values() for c in hand) == sorted(
            {c for hand in deal["hands"].values() for c in hand}
        )
        analysis = await wait_analysis(server.base, table, "1-1")
        assert set(analysis["table"]) == {"N", "E", "S", "W"}
        if deal["contract"]:
            tricks = analysis["play"]["tricks"]
            assert len(tricks) == 53 and len(analysis["play"]["costs"]) == 52
            assert tricks[-1] == deal["result"]["tricks"]  # the last card settles it
        status, pbn = await get(f"{server.base}/t/{table}/deals/1-1.pbn")
        assert status == 200 and "[OptimumResultTable" in pbn and "[ParContract" in pbn

        # the next deal, once started, is at no address while it is played
        await play_one_move(players, random_calls(rng), rng)  # everyone says ready
        await synced(players)
        await nothing_shown(server.base, table, 1)


async def test_analysis_survives_a_restart(server: ServerProcess) -> None:
    table = server.create_table()
    rng = random.Random(3)
    async with seated(server, table) as players:
        for _ in range(400):
            await synced(players)
            if players[0].game is not None and players[0].game["phase"] == "waiting":
                break
            await play_one_move(players, random_calls(rng, pass_chance=0.5), rng)
    first = await wait_analysis(server.base, table, "1-1")
    server.stop()
    server.start()
    status, body = await get_json(f"{server.base}/api/tables/{table}/deals/1-1/analysis")
    assert status == 200 and body["status"] == "ready"  # stored, not solved again
    assert body["analysis"] == first


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/no-such-table/deals/1-1",
        "/api/tables/no-such-table/deals/1-1/analysis",
        "/api/tables/{table}/deals/0-1",
        "/api/tables/{table}/deals/1-0",
        "/api/tables/{table}/deals/abc",
        "/api/tables/{table}/deals/1-1-1",
        "/api/tables/{table}/deals/-1-1",
        "/api/tables/{table}/deals/1-99999999",
        "/api/tables/{table}/deals/1-1/analysis",
        "/t/{table}/deals/1-1.pbn",
        "/t/{table}/deals/1-1.txt",
        "/t/{table}/history.txt",
        "/t/no-such-table/history.pbn",
    ],
)
async def test_bad_addresses_are_refused(server: ServerProcess, path: str) -> None:
    table = server.create_table()
    status, body = await get(server.base + path.format(table=table))
    assert status == 404, body
    assert json.loads(body)["code"] in ("table_not_found", "deal_not_found")


async def test_a_table_without_deals_has_an_empty_history(server: ServerProcess) -> None:
    table = server.create_table()
    status, pbn = await get(f"{server.base}/t/{table}/history.pbn")
    assert status == 200 and "[Board" not in pbn
    player = Player(server.base, table)
    await player.connect()
    try:
        status, _ = await get(f"{server.base}/api/tables/{table}/deals/1-1")
        assert status == 404
    finally:
        await player.close()
