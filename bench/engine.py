"""Engine throughput: complete random legal deals (auction, play, scoring) on one core.

Prints deals per second and microseconds per action applied (the time inside
`Game.apply`, measured apart from choosing the random action). Times are the
process's CPU time, so other work on the machine does not distort the figures.

    python bench/engine.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from bridgetable.engine import Action, Game, GameConfig, StartDeal
from bridgetable.engine.randomplay import random_action


def run(deals: int, seed: int, variant: str, players: int) -> tuple[float, float, int]:
    """Play `deals` deals; return (deals per second, µs per apply, actions applied).

    The first pass chooses random legal actions and applies them, timed as a whole;
    the second replays the same actions into fresh games, timing `Game.apply` alone.
    """
    config = GameConfig(variant, players)
    rng = random.Random(seed)
    games: list[list[Action]] = []
    game = Game(config)
    done = 0
    start = time.process_time()
    while done < deals:
        if game.over:
            games.append(game.actions)
            game = Game(config)
        action = random_action(game, rng)
        assert action is not None
        game.apply(action)
        deal = game.deal
        if deal is not None and deal.over and not isinstance(action, StartDeal):
            done += 1
    elapsed = time.process_time() - start
    games.append(game.actions)
    actions = sum(len(recorded) for recorded in games)
    start = time.process_time()
    for recorded in games:
        replay = Game(config)
        apply = replay.apply
        for action in recorded:
            apply(action)
    applying = time.process_time() - start
    return deals / elapsed, applying / actions * 1e6, actions


def main() -> None:
    """Run the benchmark for each kind of table and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    for variant, players in (("rubber", 4), ("chicago", 4), ("rubber", 2)):
        rate, per_action, actions = run(args.deals, args.seed, variant, players)
        print(
            f"{variant:8} {players} players: {rate:8.0f} deals/s, "
            f"{per_action:5.1f} µs per action applied ({actions} actions)"
        )


if __name__ == "__main__":
    main()
