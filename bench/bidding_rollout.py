"""Robot bidding, call by call: which of the rules' runners-up would have done better.

At each call of the robots' auction on `bench/bidding.py`'s seeded deals, tries the
next calls the rules allow with that hand (`system.ranked_calls`) instead, lets the
robots bid on from there, and scores both auctions at double dummy for the side that
called. It prints, for each pair of rules (the robots' choice, the runner-up), what
the runner-up wins in all (IMPs, with the standard error of that sum) and how often it
was tried: a pair well above its spread points at a rule ordered too high, or one
whose need is too wide. A change found so is then scored as a whole by
`bench/bidding_deals.py`, where partner's later calls and the other deals count too.

    python bench/bidding_rollout.py --seed 1 31 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

import math
from collections import defaultdict

from bidding import (
    Hands,
    imps,
    ns_score,
    robot,
    seeded_deals,
    seeds_arguments,
    solve,
    solved_caches,
)
from bridgetable.bots.bidding import BidContext
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.system import ranked_calls
from bridgetable.engine.calls import Call
from bridgetable.engine.types import Seat, Side, Vulnerability

RUNNERS_UP = 2
"""Calls tried after the rules' own at each turn."""
MOST_CALLS = 60
"""An auction is bid no further than this (every auction ends long before)."""


def bid_on(hands: Hands, dealer: Seat, vul: Vulnerability, calls: tuple[Call, ...]) -> Auction:
    """The robots' auction from `calls` on."""
    auction = Auction(calls, dealer, vul)
    while not auction.is_over and len(auction.calls) < MOST_CALLS:
        auction = Auction((*auction.calls, robot(auction.turn, hands, auction)), dealer, vul)
    return auction


def main() -> None:
    """Try the runners-up on each seed's deals and print the pairs of rules."""
    parser = seeds_arguments(__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25, help="pairs of rules printed")
    args = parser.parse_args()
    won: dict[tuple[str, str], list[int]] = defaultdict(list)
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        for hands, dealer, vul in seeded_deals(seed, args.deals):
            solved = solve(hands, dealer, vul, cache)
            auction = bid_on(hands, dealer, vul, ())
            score = ns_score(auction, solved)
            for turn in range(len(auction.calls)):
                seat = auction.seat_of(turn)
                before = auction.calls[:turn]
                ctx = BidContext(seat, dealer, vul, hands[seat], before)
                ranked = ranked_calls(ctx, RUNNERS_UP + 1)
                chosen = next((d.rule for d in ranked if d.call == auction.calls[turn]), "judged")
                for runner_up in ranked:
                    if runner_up.call == auction.calls[turn]:
                        continue
                    tried = bid_on(hands, dealer, vul, (*before, runner_up.call))
                    sign = 1 if seat.side is Side.NS else -1
                    gain = imps(sign * (ns_score(tried, solved) - score))
                    won[chosen, runner_up.rule].append(gain)
    rows = []
    for pair, gains in won.items():
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
        rows.append((sum(gains), spread * math.sqrt(len(gains)), len(gains), pair))
    rows.sort(reverse=True)
    print(f"{len(args.seed)} seeds, {args.deals} deals a seed: IMPs a runner-up wins, in all")
    for total, spread, count, (rule, other) in rows[: args.top]:
        print(f"  {total:+5d} (± {spread:3.0f}) over {count:4d} calls: {other} instead of {rule}")


if __name__ == "__main__":
    main()
