"""Whole matches over real WebSockets against a real server; the scores agree with the engine."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from tests.server.driver import play_one_move, play_until, random_calls, synced
from tests.server.harness import Player, ServerProcess, seated

pytestmark = pytest.mark.asyncio


def score_by_cli(variant: str, score: dict[str, Any]) -> dict[str, Any]:
    """The same deals scored by `bridgetable score`, an independent path."""
    deals = [
        {"contract": "pass"}
        if r["contract"] is None
        else {"contract": r["contract"], "declarer": r["declarer"], "tricks": r["tricks"]}
        for r in score["records"]
    ]
    out = subprocess.run(
        [sys.executable, "-m", "bridgetable.cli", "score", "-"],
        input=json.dumps({"variant": variant, "deals": deals}),
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout))


def phase(players: list[Player]) -> str:
    game = players[0].game
    return "none" if game is None else str(game["phase"])


async def claim_all(players: list[Player], bid: str, rng: random.Random) -> None:
    """The dealer bids `bid`, all pass; after the opening lead declarer claims the rest."""
    by_seat = {p.me["seat"]: p for p in players}
    game = players[0].game
    assert game is not None and game["phase"] == "auction"
    calls = [bid, "P", "P", "P"]
    for call in calls:
        await synced(players)
        turn = players[0].live["turn"]
        error = await by_seat[turn].settled(await by_seat[turn].act("call", call=call))
        assert error is None, error
    await play_one_move(players, random_calls(rng), rng)  # the opening lead
    await synced(players)
    deal = players[0].live["deal"]
    declarer = by_seat[deal["declarer"]]
    remaining = 13 - len(deal["tricks"])
    assert (await declarer.settled(await declarer.act("claim", tricks=remaining))) is None
    await synced(players)
    for seat in players[0].live["deal"]["claim"]["responders"]:
        assert (
            await by_seat[seat].settled(await by_seat[seat].act("answer_claim", accept=True))
        ) is None
    await synced(players)


async def test_a_whole_chicago_match_with_a_passed_out_redeal(server: ServerProcess) -> None:
    rng = random.Random(11)
    table = server.create_table("chicago", 4)
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        first = players[0].live["deal"]
        assert first["dealer"] == "N" and first["vulnerability"] == "none"
        for call_seat in "NESW":  # passed out: N deals again, not counted
            player = next(p for p in players if p.me["seat"] == call_seat)
            assert (await player.settled(await player.act("call", call="P"))) is None
        await play_one_move(players, random_calls(rng), rng)  # everyone ready
        again = players[0].live["deal"]
        assert again["dealer"] == "N" and again["number"] == 1
        await claim_all(players, "3NT", rng)  # deal 1: N makes 3NT+3 at game
        await play_one_move(players, random_calls(rng), rng)
        second = players[0].live["deal"]
        assert second["dealer"] == "E" and second["vulnerability"] == "EW"
        await play_until(players, lambda ps: phase(ps) == "over", random_calls(rng), rng)
        score = players[0].live["score"]
        assert score["over"] and len([r for r in score["records"] if r["counted"]]) == 4
        assert score["records"][0]["contract"] is None
        cli = score_by_cli("chicago", score)
        assert (cli["ns"], cli["ew"]) == (score["totals"]["NS"], score["totals"]["EW"])
        claimed = score["records"][1]  # N makes all 13 tricks in 3NT, not vulnerable
        assert (claimed["contract"], claimed["tricks"]) == ("3NT", 13)
        assert claimed["points"]["NS"] == 100 + 4 * 30 + 300, claimed  # 4 overtricks
        for player in players:  # every client ends with the same scoresheet
            assert player.live["score"] == score
        # deals dealt with the action that completes the previous one come as batches,
        # which are not gaps: nobody needed a resync over the whole match
        assert sum(p.batches for p in players) >= 4 * 3
        assert [p.resyncs for p in players] == [0, 0, 0, 0]


async def test_a_whole_rubber_won_two_games_to_one(server: ServerProcess) -> None:
    rng = random.Random(5)
    table = server.create_table("rubber", 4)
    async with seated(server, table) as players:
        await players[0].wait_for(lambda p: p.game is not None)
        # N deals: N-S game; E deals: E-W game; S deals: N-S game ends the rubber 2-1
        for _ in range(3):
            await claim_all(players, "4S", rng)
            if phase(players) != "over":
                await play_one_move(players, random_calls(rng), rng)
        score = players[0].live["score"]
        assert score["over"] and score["games"] == {"NS": 2, "EW": 1}
        rubber = [i for r in score["records"] for i in r["items"] if i["kind"] == "rubber_bonus"]
        assert rubber == [
            {"kind": "rubber_bonus", "side": "NS", "points": 500, "below_line": False}
        ]
        cli = score_by_cli("rubber", score)
        assert cli["over"] and (cli["ns"], cli["ew"]) == (
            score["totals"]["NS"],
            score["totals"]["EW"],
        )
        # a new rubber at the same table, once all four agree
        for player in players:
            assert (await player.settled(await player.act("new_match"))) is None
        await players[0].wait_for(lambda p: p.state is not None and p.state["table"]["match"] == 2)


async def test_two_players_play_a_draw_bridge_deal(server: ServerProcess) -> None:
    rng = random.Random(3)
    table = server.create_table("chicago", 2)
    async with seated(server, table, "NE") as players:
        await players[0].wait_for(lambda p: p.game is not None)
        assert phase(players) == "draw"
        assert players[0].live["deal"]["draw"]["stock"] == 26
        await play_until(players, lambda ps: phase(ps) == "auction", random_calls(rng), rng)
        for player in players:
            assert len(player.me["hands"][player.me["seat"]]["cards"]) == 13
        await play_until(
            players, lambda ps: phase(ps) in ("waiting", "over"), random_calls(rng, 0.3), rng
        )
        score = players[0].live["score"]
        assert len(score["records"]) == 1 and score["variant"] == "rubber"
        cli = score_by_cli("rubber", score)
        assert (cli["ns"], cli["ew"]) == (score["totals"]["NS"], score["totals"]["EW"])
