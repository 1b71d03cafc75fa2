"""Every kind of bad input gets an error to its sender alone and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
import websockets

from tests.server.driver import synced
from tests.server.harness import Player, ServerProcess, cookie, new_token, seated

pytestmark = pytest.mark.asyncio


async def error_for(player: Player, send: Any) -> dict[str, Any]:
    """Send something and return the error it draws (sent to this player)."""
    before = len(player.errors)
    if isinstance(send, str):
        await player.send_raw(send)
    else:
        await send()
    await player.wait_for(lambda p: len(p.errors) > before)
    return player.errors[-1]


async def unchanged(players: list[Player], event: int) -> None:
    """Nobody saw a new event, asked after the bad input was answered: a ping brings the
    table's state as it is now, after anything the bad input could have sent."""
    counts = [len(p.messages) for p in players]
    for player in players:
        await player.send_raw(json.dumps({"v": 1, "type": "ping"}))
    for player, count in zip(players, counts, strict=True):
        await player.wait_for(
            lambda p, c=count: any(m["type"] == "state" for m in p.messages[c:])  # type: ignore[misc]
        )
    assert all(p.event == event for p in players)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "call", "seq": 5, "call": "1C"}), "bad_version"),
        (json.dumps({"v": 1, "type": "teleport", "seq": 5}), "unknown_type"),
        (json.dumps({"v": 1, "type": "call", "call": "1C"}), "malformed"),
        (json.dumps({"v": 1, "type": "call", "seq": 5, "call": "9Z"}), "malformed"),
        (json.dumps({"v": 1, "type": "play", "seq": 5, "card": "ZZ"}), "malformed"),
        (json.dumps({"v": 1, "type": "claim", "seq": 5, "tricks": "all"}), "malformed"),
        (
            json.dumps({"v": 1, "type": "call", "seq": 5, "call": "1C", "x": "a" * 5000}),
            "too_large",
        ),
        (json.dumps({"v": 1, "type": "chat", "seq": 5, "text": ""}), "bad_text"),
        (json.dumps({"v": 1, "type": "chat", "seq": 5, "text": "a" * 301}), "bad_text"),
    ],
)
async def test_malformed_messages(server: ServerProcess, raw: str, code: str) -> None:
    table = server.create_table()
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        event = players[0].event
        error = await error_for(players[0], raw)
        assert error["code"] == code and error["message"]
        await unchanged(players, event)
        # the table keeps serving everyone
        north = players[0]
        assert (await north.settled(await north.act("call", call="1C"))) is None


async def test_illegal_game_actions(server: ServerProcess) -> None:
    table = server.create_table()
    async with seated(server, table) as players:
        north, east, south, west = players
        await north.wait_for(lambda p: p.game is not None)
        event = north.event
        cases = [
            (east, "call", {"call": "1C"}, "not_your_turn"),
            (north, "call", {"call": "X"}, "illegal_double"),
            (north, "call", {"call": "XX"}, "illegal_redouble"),
            (north, "play", {"card": north.me["hands"]["N"]["cards"][0]}, "wrong_phase"),
            (north, "call", {"call": "1C", "seat": "E"}, "forged_seat"),
            (north, "claim", {"tricks": 3}, "illegal_claim"),
            (north, "answer_claim", {"accept": True}, "no_pending_request"),
            (north, "undo", {}, "nothing_to_undo"),
            (north, "ready", {}, "wrong_phase"),
            (north, "answer_match", {"accept": True}, "no_pending_request"),
            (north, "abandon", {}, "nothing_scored"),
            (north, "sit", {"seat": "E", "name": "Again"}, "seat_taken"),
            (north, "free", {"seat": "E"}, "not_creator"),
            (north, "robot", {"seat": "E", "on": True}, "seat_taken"),
        ]
        for player, kind, fields, code in cases:
            error = await player.settled(await player.act(kind, **fields))
            assert error is not None and error["code"] == code, (kind, error)
        await unchanged(players, event)
        assert (await north.settled(await north.act("call", call="1H"))) is None
        event = north.event
        for player, kind, fields, code in [
            (east, "call", {"call": "1D"}, "insufficient_bid"),
            (east, "call", {"call": "XX"}, "illegal_redouble"),
            (south, "call", {"call": "X"}, "not_your_turn"),
        ]:
            error = await player.settled(await player.act(kind, **fields))
            assert error is not None and error["code"] == code, (kind, error)
        for call in ("P", "P", "P"):
            await synced(players)
            turn = north.live["turn"]
            player = {"N": north, "E": east, "S": south, "W": west}[turn]
            assert (await player.settled(await player.act("call", call=call))) is None
        await north.wait_for(lambda p: p.game is not None and p.live["phase"] == "play")
        event = await synced(players)  # East's own state too, before reading its cards
        lead = east.me["legal"]["cards"][0]
        not_held = next(c for c in north.me["hands"]["N"]["cards"])
        for player, kind, fields, code in [
            (west, "play", {"card": lead}, "not_your_turn"),
            (east, "play", {"card": not_held}, "card_not_in_hand"),
            (south, "claim", {"tricks": 1}, "illegal_claim"),
        ]:
            error = await player.settled(await player.act(kind, **fields))
            assert error is not None and error["code"] == code, (kind, error)
        assert (await east.settled(await east.act("play", card=lead))) is None
        await north.wait_for(lambda p: p.event > event)
        event = north.event
        # S is dummy: only N plays its cards; a card of another suit while holding the suit led
        dummy = north.me["hands"]["S"]["cards"]
        led = lead[0]
        off = [c for c in dummy if c[0] != led]
        if any(c[0] == led for c in dummy) and off:
            error = await north.settled(await north.act("play", card=off[0]))
            assert error is not None and error["code"] == "must_follow_suit"
        error = await south.settled(await south.act("play", card=dummy[0]))
        assert error is not None and error["code"] == "not_your_turn"
        await unchanged(players, event)


async def test_spectator_and_stranger_cannot_act(server: ServerProcess) -> None:
    table = server.create_table()
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        spectator = Player(server.base, table)
        await spectator.connect()
        await spectator.wait_for(lambda p: p.state is not None)
        assert spectator.me["seat"] is None
        assert all("count" in hand for hand in spectator.me["hands"].values())
        error = await spectator.settled(await spectator.act("call", call="1C"))
        assert error is not None and error["code"] == "not_seated"
        error = await spectator.settled(await spectator.act("call", call="1C", seat="N"))
        assert error is not None and error["code"] == "not_seated"
        await spectator.close()


async def test_forged_or_missing_cookie_is_just_a_stranger(server: ServerProcess) -> None:
    table = server.create_table()
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        forged = Player(server.base, table, token="not-a-real-token")  # invalid format
        await forged.connect()
        await forged.wait_for(lambda p: p.state is not None)
        assert forged.me["seat"] is None
        error = await forged.settled(await forged.act("call", call="1C"))
        assert error is not None and error["code"] == "not_seated"
        stranger = Player(server.base, table, token=new_token())
        await stranger.connect()
        error = await stranger.settled(await stranger.act("stand"))
        assert error is not None and error["code"] == "not_seated"
        await forged.close()
        await stranger.close()


async def test_unknown_table_and_foreign_origin(server: ServerProcess) -> None:
    url = server.base.replace("http", "ws")
    async with websockets.connect(f"{url}/ws/nope", additional_headers=cookie(new_token())) as ws:
        message = json.loads(await ws.recv())
        assert message["code"] == "table_not_found"
    table = server.create_table()
    with pytest.raises(websockets.InvalidStatus):
        async with websockets.connect(
            f"{url}/ws/{table}", additional_headers={"Origin": "http://evil.example"}
        ):
            pass
    async with websockets.connect(
        f"{url}/ws/{table}", additional_headers={"Origin": server.base}
    ) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello"}))
        assert json.loads(await ws.recv())["type"] == "state"


async def test_rate_limit_refuses_a_flood(tmp_path: Any) -> None:
    server = ServerProcess(
        tmp_path / "data", env={"BRIDGETABLE_RATE_PER_SECOND": "5", "BRIDGETABLE_RATE_BURST": "5"}
    )
    server.start()
    try:
        table = server.create_table()
        player = Player(server.base, table)
        await player.connect()
        for _ in range(30):
            await player.act("chat", text="hello")
        await player.wait_for(lambda p: any(e["code"] == "rate_limited" for e in p.errors))
        chats = player.state["table"]["chat"] if player.state else []
        assert 1 <= len(chats) <= 10
        await player.close()
    finally:
        server.stop()


async def test_names_and_chat_are_plain_text(server: ServerProcess) -> None:
    table = server.create_table()
    player = Player(server.base, table)
    await player.connect()
    error = await player.settled(await player.act("sit", seat="N", name="x" * 25))
    assert error is not None and error["code"] == "bad_name"
    name = "<b>Ann</b>"
    assert (await player.settled(await player.act("sit", seat="N", name=name))) is None
    assert (await player.settled(await player.act("chat", text="<script>1</script>"))) is None
    state = player.state
    assert state is not None
    assert state["table"]["seats"]["N"]["name"] == name  # stored as text, escaped when shown
    assert state["table"]["chat"][-1]["text"] == "<script>1</script>"
    await player.close()
