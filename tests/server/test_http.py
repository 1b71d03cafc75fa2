"""The HTTP side: creating tables, the player cookie (rejoin links: test_rejoin.py)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from http.client import HTTPResponse
from pathlib import Path

import pytest

from tests.server.harness import PATIENCE, Player, ServerProcess, new_token

pytestmark = pytest.mark.asyncio


def post(server: ServerProcess, body: bytes) -> tuple[int, dict[str, object], HTTPResponse | None]:
    request = urllib.request.Request(
        f"{server.base}/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            return response.status, json.load(response), response
    except urllib.error.HTTPError as error:
        return error.code, json.load(error), None


async def test_create_table_gives_an_unguessable_link_and_a_cookie(server: ServerProcess) -> None:
    request = urllib.request.Request(
        f"{server.base}/api/tables",
        data=json.dumps({"game": "chicago", "seats": 4}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        assert response.status == 201
        body = json.load(response)
        cookie = response.headers["set-cookie"]
    assert body["url"] == f"/t/{body['id']}"
    assert len(body["id"]) >= 22  # 16 random bytes, url-safe: 128 bits
    assert "bt_player=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    with urllib.request.urlopen(f"{server.base}/api/tables/{body['id']}", timeout=PATIENCE) as info:
        assert json.load(info) == {"id": body["id"], "game": "chicago", "seats": 4}
    ids = {server.create_table() for _ in range(5)}
    assert len(ids) == 5


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[]", b'{"game": "poker"}', b'{"seats": 3}', b'{"seats": true}'],
)
async def test_create_table_refuses_bad_requests(server: ServerProcess, body: bytes) -> None:
    status, answer, _ = post(server, body)
    assert status == 400 and answer["code"] == "malformed"


async def test_unknown_table_is_404(server: ServerProcess) -> None:
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(f"{server.base}/api/tables/nothing-here", timeout=PATIENCE)
    assert raised.value.code == 404


async def test_the_same_browser_coming_back_is_the_same_seat(server: ServerProcess) -> None:
    table = server.create_table()
    token = new_token()
    first = Player(server.base, table, token=token)
    await first.connect()
    assert (await first.settled(await first.act("sit", seat="S", name="Sam"))) is None
    await first.close()
    again = Player(server.base, table, token=token)
    await again.connect()
    await again.wait_for(lambda p: p.state is not None)
    assert again.me["seat"] == "S"
    await again.close()


async def test_hand_records_download_after_a_deal(server: ServerProcess) -> None:
    from tests.server.harness import seated

    table = server.create_table()
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        for player, call in zip(players, ["P", "P", "P", "P"], strict=True):
            assert (await player.settled(await player.act("call", call=call))) is None
        for kind, marker in (("pbn", '[Contract "Pass"]'), ("lin", "|mb|p|")):
            with urllib.request.urlopen(
                f"{server.base}/t/{table}/record.{kind}", timeout=PATIENCE
            ) as r:
                assert "attachment" in r.headers["content-disposition"]
                assert marker in r.read().decode()


async def test_idle_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", env={"BRIDGETABLE_IDLE_SECONDS": "0.5"})
    server.start()
    try:
        table = server.create_table()
        player = Player(server.base, table)
        await player.connect()
        assert (await player.settled(await player.act("sit", seat="N", name="Nora"))) is None
        assert stats(server)["tables_in_memory"] == 1
        await player.close()
        deadline = asyncio.get_running_loop().time() + PATIENCE
        while stats(server)["tables_in_memory"] and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.2)
        assert stats(server) == {"tables_in_memory": 0, "tables_loading": 0, "connections": 0}
        again = Player(server.base, table, token=player.token)
        await again.connect()
        await again.wait_for(lambda p: p.state is not None)
        assert again.me["seat"] == "N" and stats(server)["tables_in_memory"] == 1
        await again.close()
    finally:
        server.stop()


def stats(server: ServerProcess) -> dict[str, int]:
    with urllib.request.urlopen(f"{server.base}/api/stats", timeout=PATIENCE) as response:
        return dict(json.load(response))
