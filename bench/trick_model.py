"""Fit the robots' fast trick estimator (bots/bidding/tricks.py) on double-dummy results.

Training deals come from seeds far from the bench's (1000 on), so the fit never sees a
deal `bench/bidding.py` scores. Two models: one for game decisions, fitted on deals
where North-South hold 19 to 26 HCP, one for slam decisions, on deals where they hold
25+. Each deal gives, for North-South and each strain, the double-dummy tricks of the
better declarer; the features are those of `tricks.features`. A least-squares fit per
kind of strain (trumps, notrump) gives the coefficients and the residual spread of
each model, printed as Python constants to paste into bots/bidding/tricks.py. The
robots raise the slam models' estimate by `tricks.SLAM_BIAS` on top of this fit, as
bench/simulation_calibration.py measures it against double dummy on the bench's deals.

    PYTHONPATH=src:bench python bench/trick_model.py --cache /tmp/trick-train.json
"""

from __future__ import annotations

import argparse
import json
import os
import random

import numpy as np

from bridgetable.bots.bidding.tricks import features
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import DECK, Card, Seat, Strain

_BATCH = 32
MIN_HCP = 25
"""Least HCP North-South hold in a training deal of the slam model."""


def training_deals(
    count: int, first_seed: int, lo: int = MIN_HCP, hi: int = 40
) -> list[dict[Seat, tuple[Card, ...]]]:
    """`count` random deals from `first_seed` on where North-South hold lo to hi HCP."""
    found: list[dict[Seat, tuple[Card, ...]]] = []
    seed = first_seed
    while len(found) < count:
        rng = random.Random(seed)
        seed += 1
        cards = list(DECK)
        rng.shuffle(cards)
        hands = {seat: tuple(sorted(cards[seat * 13 : seat * 13 + 13])) for seat in Seat}
        if lo <= evaluate(hands[Seat.N]).hcp + evaluate(hands[Seat.S]).hcp <= hi:
            found.append(hands)
    return found


def solve_all(deals: list[dict[Seat, tuple[Card, ...]]], cache_path: str) -> list[list[int]]:
    """North-South's best tricks per strain (C, D, H, S, NT), cached in `cache_path`."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal, Denom, Player

    import bidding  # the bench's PBN writer

    denoms = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    cache: dict[str, list[int]] = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    keys = ["N:" + " ".join(bidding._pbn_hand(h[s]) for s in Seat) for h in deals]
    todo = [k for k in keys if k not in cache]
    for start in range(0, len(todo), _BATCH):
        batch = todo[start : start + _BATCH]
        tables = calc_all_tables([Deal.from_pbn(k) for k in batch])
        for key, table in zip(batch, tables, strict=True):
            cache[key] = [max(table[d, Player.north], table[d, Player.south]) for d in denoms]
        with open(cache_path, "w") as f:
            json.dump(cache, f)
    return [cache[k] for k in keys]


def fit(deals: list[dict[Seat, tuple[Card, ...]]], tricks: list[list[int]], prefix: str) -> None:
    rows: dict[bool, tuple[list[list[float]], list[int]]] = {True: ([], []), False: ([], [])}
    for hands, made in zip(deals, tricks, strict=True):
        north, south = evaluate(hands[Seat.N]), evaluate(hands[Seat.S])
        for strain in Strain:
            trump = strain != Strain.NT
            if trump and north.lengths[strain] + south.lengths[strain] < 7:
                continue  # trump contracts are only ever chosen with a fit
            xs, ys = rows[trump]
            xs.append([1.0, *features(north, south, strain)])
            ys.append(made[int(strain)])
    for trump in (True, False):
        x = np.array(rows[trump][0])
        y = np.array(rows[trump][1], dtype=float)
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        sigma = float(np.std(y - x @ coef))
        name = prefix + ("SUIT" if trump else "NT")
        print(f"# {len(y)} samples, residual sd {sigma:.3f}")
        print(f"{name}_COEFFICIENTS = ({', '.join(f'{c:.4f}' for c in coef)})")
        print(f"{name}_SPREAD = {sigma:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game-deals", type=int, default=700)
    parser.add_argument("--slam-deals", type=int, default=1000)
    parser.add_argument("--cache", default="trick-train.json")
    args = parser.parse_args()
    # Game decisions: 19 to 26 HCP together; slam decisions: 25 or more.
    models = (
        ("GAME_", args.game_deals, 5000, 19, 26),
        ("SLAM_", args.slam_deals, 1000, MIN_HCP, 40),
    )
    for prefix, count, first_seed, lo, hi in models:
        deals = training_deals(count, first_seed, lo, hi)
        fit(deals, solve_all(deals, args.cache), prefix)


if __name__ == "__main__":
    main()
