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

from bridgetable.engine import Game, GameConfig, StartDeal
from bridgetable.engine.randomplay import random_action


def run(deals: int, seed: int, variant: str, players: int) -> tuple[float, float, int]:
    """Play `deals` deals; return (deals per second, µs per apply, actions applied)."""
    rng = random.Random(seed)
    game = Game(GameConfig(variant, players))
    done = 0
    actions = 0
    apply_time = 0.0
    start = time.process_time()
    while done < deals:
        if game.sheet.over:
            game = Game(GameConfig(variant, players))
        action = random_action(game, rng)
        assert action is not None
        t0 = time.process_time()
        game.apply(action)
        apply_time += time.process_time() - t0
        actions += 1
        deal = game.deal
        if deal is not None and deal.over and game.actions[-1] is action:
            done += isinstance(action, StartDeal) is False
    elapsed = time.process_time() - start
    return deals / elapsed, apply_time / actions * 1e6, actions


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
