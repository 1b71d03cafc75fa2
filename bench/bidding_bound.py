"""Robot bidding: how close to par could a bidder get that saw partner's hand?

On `bench/bidding.py`'s seeded deals, takes the auctions where only one side bid (the
other passed throughout) and compares the robots' final contract with the one a bidder
would choose knowing both of its side's hands: the contract with the best expected
score over the trick estimator's spread (`bots.bidding.tricks`, the model the robots'
simulations use), played by the better declarer of the two. Both are scored as the
bench scores (IMPs from the double-dummy par).

The gap between the two is what better inference from the auction could still earn on
these deals; what the perfect-information bidder itself loses is out of reach of any
auction, short of a better two-hand trick model. Solved deals come from the bench's
cache files (one per seed: "{seed}" in the name stands for it).

    python bench/bidding_bound.py --seed 1 2 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

from collections import defaultdict
from statistics import NormalDist

from bidding import (
    Hands,
    Solved,
    contract_score,
    from_par,
    ns_contract_score,
    ns_score,
    robot_boards,
    seeds_arguments,
    solved_caches,
)
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.tricks import estimate
from bridgetable.bots.hand_eval import HandEval, evaluate
from bridgetable.engine.calls import PASS
from bridgetable.engine.types import Seat, Side, Strain

BANDS = (
    ("partscore values (up to 21 HCP)", 0, 21),
    ("game values (22-28)", 22, 28),
    ("slam values (29 or more)", 29, 40),
)
"""The bands of HCP together the table prints, besides all deals."""


def expected_score(a: HandEval, b: HandEval, level: int, strain: Strain, vul: bool) -> float:
    """The expected score of `level` `strain` played by `a` and `b`, over the trick
    estimator's normal spread of the double-dummy tricks."""
    tricks_taken = NormalDist(*estimate(a, b, strain, 6 + level))
    total = 0.0
    for tricks in range(14):
        high = tricks_taken.cdf(tricks + 0.5) if tricks < 13 else 1.0
        low = tricks_taken.cdf(tricks - 0.5) if tricks > 0 else 0.0
        total += (high - low) * contract_score(level, strain, 0, vul, tricks)
    return total


def best_contract(a: HandEval, b: HandEval, vul: bool) -> tuple[int, Strain]:
    """The level and strain with the best expected score for the side holding a and b."""
    options = [(level, strain) for strain in Strain for level in range(1, 8)]
    return max(options, key=lambda option: expected_score(a, b, option[0], option[1], vul))


def bidding_side(auction: Auction) -> Side | None:
    """The one side that made every call but passes, or None."""
    sides = {auction.seat_of(i).side for i, call in enumerate(auction.calls) if call != PASS}
    return sides.pop() if len(sides) == 1 else None


def compare(auction: Auction, hands: Hands, solved: Solved) -> tuple[int, int, int] | None:
    """(HCP together, robots' IMPs from par, perfect-information IMPs from par) on a deal
    where only one side bid; None otherwise."""
    side = bidding_side(auction)
    if side is None:
        return None
    seats = [seat for seat in Seat if seat.side is side]
    a, b = evaluate(hands[seats[0]]), evaluate(hands[seats[1]])
    vulnerable = auction.vulnerability.is_vulnerable(side)
    level, strain = best_contract(a, b, vulnerable)
    tricks = max(solved.tricks[strain, seat] for seat in seats)
    score = ns_contract_score(side, level, strain, vulnerable, tricks)
    return a.hcp + b.hcp, from_par(ns_score(auction, solved), solved), from_par(score, solved)


Rows = dict[str, list[tuple[int, int]]]
"""(robots' IMPs, perfect-information IMPs) of each deal, by band of HCP together."""
ALL = "all deals where one side bid"


def collect(seed: int, deals: int, cache: dict[str, object], rows: Rows) -> None:
    """Bid one seed's deals and add the deals where one side bid to `rows`."""
    for hands, auction, solved in robot_boards(seed, deals, cache):
        found = compare(auction, hands, solved)
        if found is None:
            continue
        hcp, robots, perfect = found
        rows[ALL].append((robots, perfect))
        for name, lo, hi in BANDS:
            if lo <= hcp <= hi:
                rows[name].append((robots, perfect))


def main() -> None:
    """Bid the deals of each seed and print the comparison."""
    args = seeds_arguments(__doc__.splitlines()[0]).parse_args()
    rows: Rows = defaultdict(list)
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        collect(seed, args.deals, cache, rows)
    seeds = ", ".join(str(seed) for seed in args.seed)
    print(f"seeds {seeds}, {args.deals} deals each: IMPs/deal from par where one side bid")
    print(f"  {'deals':<34}{'count':>6}{'robots':>9}{'seeing partner':>16}")
    for name in (ALL, *(band[0] for band in BANDS)):
        pairs = rows[name]
        if pairs:
            robots = sum(pair[0] for pair in pairs) / len(pairs)
            perfect = sum(pair[1] for pair in pairs) / len(pairs)
            print(f"  {name:<34}{len(pairs):6d}{robots:9.2f}{perfect:16.2f}")


if __name__ == "__main__":
    main()
