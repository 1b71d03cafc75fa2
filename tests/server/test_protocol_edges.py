"""The edges of the protocol: field types, text, forged seats, floods, frame sizes,
unknown ids and broken frames. A real server, real WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import websockets

from tests.server.harness import Player, ServerProcess, cookie, new_token

pytestmark = pytest.mark.asyncio


@pytest.fixture(scope="module")
def embedded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with the embedded defaults (the checks here do not touch the backends),
    shared by this module's tests: each opens tables of its own."""
    process = ServerProcess(tmp_path_factory.mktemp("data"))
    process.start()
    try:
        yield process
    finally:
        process.stop()


async def error_for(player: Player, raw: str) -> dict[str, Any]:
    """Send raw text; the error it draws."""
    before = len(player.errors)
    await player.send_raw(raw)
    await player.wait_for(lambda p: len(p.errors) > before)
    return player.errors[-1]


async def seated_player(server: ServerProcess, table: str, seat: str = "N") -> Player:
    """One player, connected and sitting."""
    player = Player(server.base, table)
    await player.connect()
    assert (await player.settled(await player.act("sit", seat=seat, name=f"P{seat}"))) is None
    return player


async def test_types_of_type_version_and_numbers(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    north = await seated_player(embedded, table)
    event = north.event
    big = json.dumps(
        {"v": 1, "type": "chat", "seq": 9, "text": "hi", "x": "é" * 2100}, ensure_ascii=False
    )
    assert len(big) < 4096 < len(big.encode())  # 4,2xx bytes in under 4,096 characters
    cases = [
        ({"v": 1, "type": ["chat"], "seq": 9, "text": "hi"}, "malformed"),
        ({"v": 1, "type": {"chat": 1}, "seq": 9, "text": "hi"}, "malformed"),
        ({"v": 1, "type": None, "seq": 9}, "malformed"),
        ({"v": True, "type": "chat", "seq": 9, "text": "hi"}, "bad_version"),
        ({"v": 1.0, "type": "chat", "seq": 9, "text": "hi"}, "bad_version"),
        ({"v": "1", "type": "chat", "seq": 9, "text": "hi"}, "bad_version"),
        ({"v": 1, "type": "chat", "seq": 9.0, "text": "hi"}, "malformed"),
        ({"v": 1, "type": "chat", "seq": True, "text": "hi"}, "malformed"),
        ({"v": 1, "type": "claim", "seq": 9, "tricks": True}, "malformed"),
        ({"v": 1, "type": "hello", "event": True}, "malformed"),
        ({"v": 1, "type": "hello", "client": "short"}, "malformed"),
        ({"v": 1, "type": "hello", "client": "ａｂｃｄｅｆｇｈｉ"}, "malformed"),  # not ASCII
        ({"v": 1, "type": "hello", "client": 12345678}, "malformed"),
        (big, "too_large"),
        ('{"v": 1, "type": "sit", "seq": 9, "seat": "E", "name": "\\ud800"}', "malformed"),
    ]
    for message, code in cases:
        raw = message if isinstance(message, str) else json.dumps(message)
        error = await error_for(north, raw)
        assert error["code"] == code and error["message"], (message, error)
    # the connection is still open and nothing changed
    assert (await north.settled(await north.act("call", call="1C"))) is not None  # no deal yet
    await north.send_raw(json.dumps({"v": 1, "type": "resync"}))
    await asyncio.sleep(0.2)
    assert north.event == event and north.state is not None
    assert north.state["table"]["chat"] == []
    await north.close()


BAD_NAMES = [
    "\x00Ann",
    "An\x7fn",  # DEL
    "Ann\x85",  # C1
    "Ann\x9b31m",
    "A\nB",  # a name is one line
    "Ann\u202e",  # right-to-left override
    "\u202aAnn",
    "\u2066Ann\u2069",  # isolates
    "\u2067x",
    "\u200b",  # zero-width only
    "\u200b\u200c\u200d\u2060\ufeff",
    "  \u200b  ",
    "\u3164\u3164",  # Hangul fillers
    "\u2800",  # braille blank
    "\u0301\u0301",  # combining marks alone
    "\u00a0",
]


async def test_names_refuse_controls_bidi_and_invisible_text(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    player = Player(embedded.base, table)
    await player.connect()
    await player.wait_for(lambda p: p.state is not None)
    for name in BAD_NAMES:
        error = await player.settled(await player.act("sit", seat="N", name=name))
        assert error is not None and error["code"] == "bad_name", (name, error)
    assert player.state is not None and player.state["table"]["seats"]["N"] is None
    for name in ("Åse Ñ 山田", "👩\u200d👩\u200d👧 fam", "  Ann   Lee "):
        seat = "NES"[("Åse Ñ 山田", "👩\u200d👩\u200d👧 fam", "  Ann   Lee ").index(name)]
        other = Player(embedded.base, table)
        await other.connect()
        assert (await other.settled(await other.act("sit", seat=seat, name=name))) is None
        await other.close()
    await player.wait_for(lambda p: p.state is not None and p.state["table"]["seats"]["S"])
    seats = player.state["table"]["seats"] if player.state else {}
    assert [seats[s]["name"] for s in "NES"] == ["Åse Ñ 山田", "👩\u200d👩\u200d👧 fam", "Ann Lee"]
    assert (await player.settled(await player.act("sit", seat="W", name="Wyn"))) is None
    for name in ("W\u202e", "\x1b[2J", "\u200b"):
        error = await player.settled(await player.act("rename", name=name))
        assert error is not None and error["code"] == "bad_name", (name, error)
    assert player.me["name"] == "Wyn"
    await player.close()


async def test_chat_refuses_controls_and_folds_line_breaks(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    player = await seated_player(embedded, table)
    for text in ("hi\u202e", "\x1b[31mred", "a\x00b", "\u2066x\u2069", "\u200b\u200b", " \t\n "):
        error = await player.settled(await player.act("chat", text=text))
        assert error is not None and error["code"] == "bad_text", (text, error)
    assert player.state is not None and player.state["table"]["chat"] == []
    assert (await player.settled(await player.act("chat", text="one\ntwo\r\n\tthree"))) is None
    assert player.state is not None
    assert player.state["table"]["chat"][-1]["text"] == "one two three"
    await player.close()


async def test_hello_name_has_the_same_check(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    url = embedded.base.replace("http", "ws") + f"/ws/{table}"
    async with websockets.connect(url, additional_headers=cookie(new_token())) as ws:
        first = json.loads(await ws.recv())  # the state on joining
        assert first["type"] == "state"
        for name in ("Eve\u202e", "\u200b", "E\x07ve", "x" * 25):
            await ws.send(json.dumps({"v": 1, "type": "hello", "name": name}))
            answer = json.loads(await ws.recv())
            assert answer["type"] == "error" and answer["code"] == "bad_name", (name, answer)
            assert answer["seq"] == 0
        await ws.send(json.dumps({"v": 1, "type": "hello", "name": " Eve  Adams "}))
        answer = json.loads(await ws.recv())
        assert answer["type"] == "state" and answer["me"]["name"] == "Eve Adams"
        await ws.send(json.dumps({"v": 1, "type": "chat", "seq": 1, "text": "hello"}))
        chat = json.loads(await ws.recv())
        assert chat["ack"] == 1 and chat["table"]["chat"][-1]["name"] == "Eve Adams"


async def test_a_seat_field_on_any_action_must_be_the_senders(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    north = await seated_player(embedded, table)
    event = north.event
    actions: list[tuple[str, dict[str, Any]]] = [
        ("chat", {"text": "from East"}),
        ("rename", {"name": "Eddie"}),
        ("stand", {}),
        ("call", {"call": "1C"}),
        ("play", {"card": "SA"}),
        ("claim", {"tricks": 1}),
        ("answer_claim", {"accept": True}),
        ("undo", {}),
        ("answer_undo", {"accept": True}),
        ("ready", {}),
        ("new_match", {}),
        ("abandon", {}),
    ]
    for kind, fields in actions:
        error = await north.settled(await north.act(kind, seat="E", **fields))
        assert error is not None and error["code"] == "forged_seat", (kind, error)
    spectator = Player(embedded.base, table)
    await spectator.connect()
    error = await spectator.settled(await spectator.act("chat", seat="N", text="I am North"))
    assert error is not None and error["code"] == "forged_seat"
    await asyncio.sleep(0.2)
    assert north.event == event and north.state is not None
    assert north.state["table"]["chat"] == [] and north.me["name"] == "PN"
    # the sender's own seat is fine
    assert (await north.settled(await north.act("chat", seat="N", text="me"))) is None
    assert (await north.settled(await north.act("rename", seat="N", name="Nia"))) is None
    await north.close()
    await spectator.close()


def post_table(server: ServerProcess, body: bytes) -> tuple[int, dict[str, Any]]:
    """POST /api/tables; (status, answer)."""
    request = urllib.request.Request(
        f"{server.base}/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(json.load(response))
    except urllib.error.HTTPError as error:
        return error.code, dict(json.load(error))


def table_count(server: ServerProcess) -> int:
    """Tables in the embedded server's SQLite log."""
    with sqlite3.connect(server.data_dir / "bridgetable.sqlite3") as db:
        count: int = db.execute("SELECT count(*) FROM tables").fetchone()[0]
    return count


@pytest.mark.parametrize(
    "body",
    [
        {"seats": 4.0},
        {"seats": 2.0},
        {"seats": "4"},
        {"seats": [4]},
        {"seats": None},
        {"seats": False},
        {"game": ["rubber"]},
        {"game": {"rubber": 1}},
        {"game": None},
        {"game": "rubber", "seats": 4, "robots": 3},
    ],
)
async def test_create_table_checks_every_field_type(
    embedded: ServerProcess, body: dict[str, Any]
) -> None:
    before = table_count(embedded)
    status, answer = post_table(embedded, json.dumps(body).encode())
    assert status == 400 and answer["code"] == "malformed" and answer["message"], answer
    assert table_count(embedded) == before  # nothing was made
    status, answer = post_table(embedded, b'{"game": "chicago", "seats": 2}')
    assert status == 201
    player = Player(embedded.base, answer["id"])
    await player.connect()
    await player.wait_for(lambda p: p.state is not None)
    assert player.state is not None and player.state["table"]["players"] == 2
    await player.close()


async def read_until_closed(
    ws: websockets.ClientConnection, timeout: float = 60.0
) -> tuple[list[dict[str, Any]], int | None]:
    """Every message until the server closes the connection; (messages, close code)."""
    messages: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            raw = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            messages.append(json.loads(raw))
    except websockets.ConnectionClosed as closed:
        return messages, closed.rcvd.code if closed.rcvd else None
    raise AssertionError("the server did not close the connection")


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with the default rate limit: 20 messages a second, bursts of 40."""
    process = ServerProcess(
        tmp_path / "data",
        env={"BRIDGETABLE_RATE_PER_SECOND": "20", "BRIDGETABLE_RATE_BURST": "40"},
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


Flooder = tuple[websockets.ClientConnection, str]


@pytest_asyncio.fixture
async def flooder(limited: ServerProcess) -> AsyncIterator[Flooder]:
    """A raw WebSocket client at a fresh table of the rate-limited server, and its URL."""
    table = limited.create_table()
    url = limited.base.replace("http", "ws") + f"/ws/{table}"
    async with websockets.connect(url, additional_headers=cookie(new_token())) as ws:
        assert json.loads(await ws.recv())["type"] == "state"
        yield ws, url


FLOOD = 2000


async def flood(ws: websockets.ClientConnection, messages: list[str]) -> int:
    """Send every message at once (as fast as the socket takes them); how many went."""
    sent = 0
    try:
        for message in messages:
            await ws.send(message)
            sent += 1
    except websockets.ConnectionClosed:
        pass
    return sent


async def flooded(
    ws: websockets.ClientConnection, messages: list[str]
) -> tuple[list[dict[str, Any]], int | None]:
    """Flood while reading every answer until the close."""
    sending = asyncio.create_task(flood(ws, messages))
    answers = await read_until_closed(ws)
    await sending
    return answers


async def test_a_flood_of_actions_is_told_rate_limited_then_closed(flooder: Flooder) -> None:
    ws, url = flooder
    burst = [
        json.dumps({"v": 1, "type": "chat", "seq": seq, "text": f"spam {seq}"})
        for seq in range(1, FLOOD + 1)
    ]
    messages, code = await flooded(ws, burst)
    assert code == 1008  # policy: not 1013 (too slow), and only after the answers
    acked = [m["ack"] for m in messages if m["type"] == "state" and "ack" in m]
    limited_seqs = [m["seq"] for m in messages if m.get("code") == "rate_limited"]
    assert 20 <= len(acked) <= 100, len(acked)
    assert len(limited_seqs) >= 40 and all(seq > 0 for seq in limited_seqs)
    assert messages[-1]["code"] == "rate_limited"  # the client heard why before the close
    assert not set(acked) & set(limited_seqs)
    # the table still serves, and holds exactly the acknowledged messages
    async with websockets.connect(url, additional_headers=cookie(new_token())) as again:
        state = json.loads(await again.recv())
        assert [c["text"] for c in state["table"]["chat"]] == [f"spam {seq}" for seq in acked[-50:]]


async def test_malformed_messages_are_rate_limited_too(flooder: Flooder) -> None:
    messages, code = await flooded(flooder[0], ["not json"] * FLOOD)
    assert code == 1008
    codes = [m["code"] for m in messages if m["type"] == "error"]
    assert 20 <= codes.count("malformed") <= 100, codes.count("malformed")
    assert codes.count("rate_limited") >= 40 and codes[-1] == "rate_limited"


async def test_a_steady_pace_under_the_limit_is_never_refused(flooder: Flooder) -> None:
    ws, _ = flooder
    for _ in range(60):  # 60 messages at about 25 a second: the burst absorbs the excess
        await ws.send(json.dumps({"v": 1, "type": "resync"}))
        await asyncio.sleep(0.04)
    await ws.send(json.dumps({"v": 1, "type": "chat", "seq": 1, "text": "done"}))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message = json.loads(await asyncio.wait_for(ws.recv(), 20))
        assert message["type"] == "state", message
        if message.get("ack") == 1:
            return
    raise AssertionError("no answer to the last message")


async def test_frames_over_the_hard_limit_close_with_1009(embedded: ServerProcess) -> None:
    table = embedded.create_table()
    url = embedded.base.replace("http", "ws") + f"/ws/{table}"
    async with websockets.connect(url, additional_headers=cookie(new_token())) as ws:
        await ws.recv()
        await ws.send(json.dumps({"v": 1, "type": "chat", "seq": 1, "text": "x" * 20000}))
        messages, code = await read_until_closed(ws, 20)
        assert code == 1009 and not [m for m in messages if m.get("ack") == 1]


def stats(server: ServerProcess) -> dict[str, int]:
    """The server's own figures."""
    with urllib.request.urlopen(f"{server.base}/api/stats", timeout=10) as response:
        return dict(json.load(response))


def rss_kb(server: ServerProcess) -> int:
    """The server process's resident memory, in KB."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


async def test_unknown_table_ids_leave_nothing_behind(server: ServerProcess) -> None:
    ws_base = server.base.replace("http", "ws")

    async def unknown_socket() -> None:
        url = f"{ws_base}/ws/{secrets.token_urlsafe(16)}"
        async with websockets.connect(url, additional_headers=cookie(new_token())) as ws:
            assert json.loads(await ws.recv())["code"] == "table_not_found"

    def unknown_record() -> None:
        with pytest.raises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(
                f"{server.base}/t/{secrets.token_urlsafe(16)}/record.pbn", timeout=10
            )
        assert raised.value.code == 404

    known = server.create_table()
    held = stats(server)  # tables earlier tests of this module left in memory
    for _ in range(100):  # their players' connections may still be closing
        if held["connections"] == 0 and held["tables_loading"] == 0:
            break
        await asyncio.sleep(0.1)
        held = stats(server)
    assert held["tables_loading"] == 0 and held["connections"] == 0
    before = rss_kb(server)
    for round_ in range(8):
        await asyncio.gather(*(unknown_socket() for _ in range(25)))
        await asyncio.gather(*(asyncio.to_thread(unknown_record) for _ in range(75)))
        assert stats(server)["tables_loading"] == 0, round_
    grown = rss_kb(server) - before
    print(f"800 unknown ids: server memory grew by {grown} KB")
    assert stats(server) == held
    # a real table still loads, and is the only one more held
    player = Player(server.base, known)
    await player.connect()
    await player.wait_for(lambda p: p.state is not None)
    assert stats(server)["tables_in_memory"] == held["tables_in_memory"] + 1
    await player.close()


async def test_unknown_ids_store_nothing(embedded: ServerProcess) -> None:
    before = table_count(embedded)
    for _ in range(50):
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(
                f"{embedded.base}/t/{secrets.token_urlsafe(16)}/record.lin", timeout=10
            )
    assert table_count(embedded) == before


async def test_a_frame_that_is_not_utf8_is_one_line_in_the_log(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    server = ServerProcess(tmp_path / "data")  # started here, so capfd has its stderr
    server.start()
    try:
        table = server.create_table()
        url = server.base.replace("http", "ws") + f"/ws/{table}"
        for _ in range(3):
            async with websockets.connect(url, additional_headers=cookie(new_token())) as ws:
                await ws.recv()
                await ws.send(b'{"v": 1, "type": "chat", "seq": 1, "text": "\xff"}', text=True)
                _, code = await read_until_closed(ws, 20)
                assert code == 1007
        player = Player(server.base, table)  # the server carries on
        await player.connect()
        await player.wait_for(lambda p: p.state is not None)
        await player.close()
    finally:
        server.stop()
    err = capfd.readouterr().err
    lines = [line for line in err.splitlines() if "UTF-8" in line]
    assert len(lines) == 3 and all(line.startswith("WARNING") for line in lines), err
    assert "Traceback" not in err and "ERROR" not in err, err
