"""Play games through the server: the player whose turn it is picks from its legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.server.harness import PATIENCE, Player

CallChooser = Callable[[Player, list[str]], str]


def bid_then_pass(opening: str) -> Callable[[object, list[str]], str]:
    """A bidding plan for any kind of player (a WebSocket client, a browser page): the
    first to call opens `opening`, everyone else passes."""
    state = {"opened": False}

    def choose(player: object, legal: list[str]) -> str:
        if not state["opened"] and opening in legal:
            state["opened"] = True
            return opening
        return "P"

    return choose


def random_calls(rng: random.Random, pass_chance: float = 0.7) -> CallChooser:
    """Mostly passes, sometimes one of the next few bids, a double when it is allowed."""

    def choose(player: Player, legal: list[str]) -> str:
        if rng.random() < pass_chance or len(legal) == 1:
            return "P"
        return rng.choice(legal[1:5])

    return choose


def actor(players: list[Player]) -> Player | None:
    """The player expected to act in the latest state everyone shares."""
    newest = max(players, key=lambda p: p.event)
    game = newest.game
    if game is None or game["turn"] is None:
        return None
    for player in players:
        if player.state is not None and player.me["seat"] == game["turn"]:
            return player
    return None


async def synced(players: list[Player], timeout: float = PATIENCE) -> int:
    """Wait until every player has the same, newest state; returns its event number."""
    target = max(p.event for p in players)
    for player in players:
        await player.wait_for(lambda p: p.event >= target, timeout)
    return target


async def play_one_move(players: list[Player], choose_call: CallChooser, rng: random.Random) -> str:
    """Make the move the game waits for; returns what was done ("call", "play", "ready", "over")."""
    await synced(players)
    game = players[0].game
    if game is None:
        raise AssertionError("no deal has started")
    if game["phase"] == "over":
        return "over"
    if game["phase"] == "waiting":
        for player in players:
            table = player.state["table"] if player.state else None
            if table and not table["seats"][player.me["seat"]]["ready"]:
                error = await player.settled(await player.act("ready"))
                assert error is None, error
        await synced(players)
        return "ready"
    mover = actor(players)
    assert mover is not None, "nobody is to act"
    legal = mover.me["legal"]
    if "calls" in legal:
        seq = await mover.act("call", call=choose_call(mover, legal["calls"]))
        kind = "call"
    else:
        seq = await mover.act("play", card=rng.choice(legal["cards"]))
        kind = "play"
    error = await mover.settled(seq)
    assert error is None, error
    return kind


async def play_until(
    players: list[Player],
    done: Callable[[list[Player]], bool],
    choose_call: CallChooser,
    rng: random.Random,
    max_moves: int = 5000,
) -> None:
    """Make moves until `done(players)` (or the match is over)."""
    for _ in range(max_moves):
        await synced(players)
        if done(players):
            return
        if await play_one_move(players, choose_call, rng) == "over":
            return
    raise AssertionError("the game did not reach the expected point")
