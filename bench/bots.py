"""Robot card play: decision times, declarer play and defence against double dummy.

Deals seeded random deals; the robots bid each one at all four seats (deals passed
out are skipped, so every figure is over deals with a contract) and the final
contract is played twice by the engine, through `seat_view` and `decide` as at a
real table:

- declarer play: the robot declares (and plays dummy) against double-dummy
  defenders (each of their cards chosen by the solver on the actual deal); its tricks
  are compared with the contract's double-dummy tricks (the loss can't be negative);
- defence: robots defend against a double-dummy declarer; the loss is the tricks
  declarer takes beyond double dummy.

A simple card player (`bots.play.heuristic`) plays the same seats for scale. Times
are wall-clock per `decide` call, pinned to one core where the system allows it.

    python bench/bots.py [--deals N] [--seed S] [--budget SECONDS] [--samples K]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridgetable.bots.play.heuristic import heuristic_card
from bridgetable.bots.play.situation import read_situation
from bridgetable.bots.play.solver import Position, best_cards, max_tricks
from bridgetable.bots.robot import RobotConfig, decide
from bridgetable.engine import (
    AnswerClaim,
    Card,
    Claim,
    Game,
    GameConfig,
    PlayCard,
    Seat,
    Side,
    StartDeal,
)
from bridgetable.engine.types import DECK
from bridgetable.formats.actions_json import action_from_json

Player = Callable[[Game, Seat], Any]  # chooses the action for a seat: a protocol dict


@dataclass
class Timings:
    """Seconds per decision, by kind."""

    calls: list[float] = field(default_factory=list)
    cards: list[float] = field(default_factory=list)


def start_deal(seed: int, dealer: Seat) -> Game:
    """A rubber whose first deal is dealt from `seed`, `dealer` dealing."""
    game = Game(GameConfig("rubber", 4, dealer))
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * 13 : i * 13 + 13])) for i in range(4))
    game.apply(StartDeal(hands))
    return game


def timed_decide(game: Game, seat: Seat, config: RobotConfig, times: list[float]) -> Any:
    """The robot's action at `seat`, its time appended to `times`."""
    from bridgetable.engine import seat_view

    view = seat_view(game, seat)
    started = time.perf_counter()
    action = decide(view, config)
    times.append(time.perf_counter() - started)
    return action


def bid(game: Game, config: RobotConfig, timings: Timings) -> bool:
    """Let the robots bid; True if the auction ended in a contract."""
    deal = game.deal
    assert deal is not None
    while deal.play is None and not deal.over:
        seat = game.turn
        assert seat is not None
        action = timed_decide(game, seat, config, timings.calls)
        game.apply(action_from_json({**action, "seat": seat.name}))
    return deal.play is not None


def replay(game: Game) -> Game:
    """A fresh copy of the game, rebuilt from its actions."""
    return Game.replay(game.config, list(game.actions))


def position(game: Game) -> Position:
    """The actual deal as it stands, as a double-dummy problem."""
    deal = game.deal
    assert deal is not None and deal.play is not None and deal.contract is not None
    play = deal.play
    return Position(
        {seat: set(play.hands[seat]) for seat in Seat},
        play.leader,
        [card for _, card in play.current],
        deal.contract.strain.suit,
    )


def double_dummy_card(game: Game) -> Card:
    """The lowest of the cards that keep the side to play's double-dummy tricks."""
    return best_cards(position(game))[1][0]


def play_out(game: Game, robot_side: Side, robot: Player) -> int:
    """Play the deal: `robot` for `robot_side`, double dummy for the other; declarer's tricks."""
    deal = game.deal
    assert deal is not None and deal.play is not None and deal.contract is not None
    while not deal.over:
        seat = game.turn
        if seat is None:
            raise RuntimeError("nobody to act")
        if seat.side is not robot_side:
            game.apply(PlayCard(seat, double_dummy_card(game)))
            continue
        action = robot(game, seat)
        parsed = action_from_json({**action, "seat": seat.name})
        game.apply(parsed)
        if isinstance(parsed, Claim):  # the claim is checked against the actual cards
            pos = position(game)
            made = max_tricks(pos)
            if pos.to_play.side is not seat.side:
                made = 13 - len(deal.play.tricks) - made
            for responder in deal.active_opponents(seat):
                game.apply(AnswerClaim(responder, made >= parsed.tricks))
    assert deal.result is not None
    return deal.result.tricks


def robot_player(config: RobotConfig, timings: Timings) -> Player:
    """The robot, timed."""
    return lambda game, seat: timed_decide(game, seat, config, timings.cards)


def heuristic_player(game: Game, seat: Seat) -> dict[str, Any]:
    """The simple card player."""
    from bridgetable.engine import seat_view

    card = heuristic_card(read_situation(seat_view(game, seat)))
    return {"type": "play", "card": str(card)}


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals with a contract")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=RobotConfig.budget_seconds)
    parser.add_argument("--samples", type=int, default=RobotConfig.samples)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    config = RobotConfig(budget_seconds=args.budget, samples=args.samples, seed=args.seed)
    timings = Timings()
    rows: list[tuple[int, int, int, int, int, int]] = []  # needed, dd, robot/heur decl, def
    passed_out = 0
    seed = args.seed * 100_000
    started = time.perf_counter()
    while len(rows) < args.deals:
        seed += 1
        dealer = Seat(seed % 4)
        game = start_deal(seed, dealer)
        if not bid(game, config, timings):
            passed_out += 1
            continue
        deal = game.deal
        assert deal is not None and deal.contract is not None
        side = deal.contract.side
        dd = 13 - max_tricks(position(game))  # the opening leader is a defender
        robot_decl = play_out(replay(game), side, robot_player(config, timings))
        heur_decl = play_out(replay(game), side, heuristic_player)
        robot_def = play_out(replay(game), side.other, robot_player(config, timings))
        heur_def = play_out(replay(game), side.other, heuristic_player)
        needed = deal.contract.tricks_needed
        rows.append((needed, dd, robot_decl, heur_decl, robot_def, heur_def))
        print(
            f"deal {len(rows):3d} {deal.contract!s:>4} by {deal.contract.declarer.name}: "
            f"dd {dd:2d}  declarer robot {robot_decl:2d} simple {heur_decl:2d}  "
            f"defence robot {robot_def:2d} simple {heur_def:2d}",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    report(args, config, timings, rows, passed_out, elapsed)


def report(
    args: argparse.Namespace,
    config: RobotConfig,
    timings: Timings,
    rows: list[tuple[int, int, int, int, int, int]],
    passed_out: int,
    elapsed: float,
) -> None:
    """Print every figure."""
    n = len(rows)
    print()
    print(
        f"deals with a contract: {n} (passed out and skipped: {passed_out}); seed {args.seed}; "
        f"budget {config.budget_seconds * 1e3:.0f} ms, {config.samples} samples; "
        f"{elapsed:.0f} s in all"
    )
    for name, values in (("card", timings.cards), ("call", timings.calls)):
        if values:
            print(
                f"decision time per {name}: median {statistics.median(values) * 1e3:.1f} ms, "
                f"p99 {percentile(values, 0.99) * 1e3:.1f} ms, "
                f"max {max(values) * 1e3:.1f} ms ({len(values)} decisions)"
            )
    made_dd = sum(dd >= need for need, dd, *_ in rows)
    for label, index, sign in (("declarer", 2, 1), ("defence", 4, -1)):
        for who, col in (("robot", index), ("simple", index + 1)):
            losses = [sign * (row[1] - row[col]) for row in rows]
            made = sum(row[col] >= row[0] for row in rows)
            print(
                f"{label:<8} {who:<6} loses {statistics.mean(losses):.2f} tricks/deal "
                f"against double dummy (worst {max(losses)}, deals lost a trick or more: "
                f"{sum(loss > 0 for loss in losses)}); contracts made {made}/{n} "
                f"(double dummy {made_dd}/{n})"
            )


if __name__ == "__main__":
    main()
