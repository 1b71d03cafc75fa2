"""The trick estimate's bound on missing aces (bots/bidding/tricks.ceiling), checked at
double dummy: how often a side took more tricks than the bound allows.

Reads (and fills) the solved deals of bench/bidding.py's seeds, so it costs nothing on
seeds already solved:

    python bench/trick_ceiling.py --seed 1 31 32 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

from bidding import seeded_deals, seeds_arguments, solve, solved_caches
from bridgetable.bots.bidding.tricks import ceiling
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import Seat, Side, Strain


def main() -> None:
    """Count, in notrump and in the suits, the sides that beat the bound."""
    args = seeds_arguments(__doc__.splitlines()[0]).parse_args()
    checked = {"notrump": 0, "suit": 0}
    beaten = {"notrump": 0, "suit": 0}
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        for hands, dealer, vul in seeded_deals(seed, args.deals):
            solved = solve(hands, dealer, vul, cache)
            for side in Side:
                first, second = (seat for seat in Seat if seat.side is side)
                a, b = evaluate(hands[first]), evaluate(hands[second])
                for strain in Strain:
                    kind = "notrump" if strain is Strain.NT else "suit"
                    most = max(solved.tricks[strain, first], solved.tricks[strain, second])
                    checked[kind] += 1
                    beaten[kind] += most > ceiling(a, b, strain)
    deals = args.deals * len(args.seed)
    print(f"{deals} deals, each side and strain: tricks above the missing aces' bound")
    for kind in ("notrump", "suit"):
        print(f"  {kind:8s} {beaten[kind]:6d} of {checked[kind]:6d}")


if __name__ == "__main__":
    main()
