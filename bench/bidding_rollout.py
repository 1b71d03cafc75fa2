"""Robot bidding, call by call: which of the rules' runners-up would have done better.

At each call of the robots' auction on `bench/bidding.py`'s seeded deals, tries the
next calls the rules allow with that hand (`system.ranked_calls`) instead, lets the
robots bid on from there, and scores both auctions at double dummy. It prints, for
each pair of rules (the robots' choice, the runner-up) and best first, how many IMPs
nearer par the runner-up's auctions end in all (the bench's measure), what they win
for the side that called, each with the standard error of its sum, and how often the
runner-up was tried. A pair well above its spread points at a rule ordered too high,
or one whose need is too wide. The two measures part where a call wins by the
opponents' misjudgment: a penalty double instead of our game (or a pass of partner's
overcall instead of 1NT) won IMPs for the side at double dummy, yet took the auction
further from par. A change found so is then scored as a whole by
`bench/bidding_deals.py`, where partner's later calls and the other deals count too.

    python bench/bidding_rollout.py --seed 1 31 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

from collections import defaultdict

from bidding import (
    Hands,
    from_par,
    imps,
    ns_score,
    robot,
    seeded_deals,
    seeds_arguments,
    solve,
    solved_caches,
    standard_error,
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
    nearer: dict[tuple[str, str], list[int]] = defaultdict(list)
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
                    now = ns_score(tried, solved)
                    pair = (chosen, runner_up.rule)
                    nearer[pair].append(from_par(score, solved) - from_par(now, solved))
                    won[pair].append(imps(sign * (now - score)))
    rows = [(sum(gains), pair) for pair, gains in nearer.items()]
    rows.sort(reverse=True)
    print(f"{len(args.seed)} seeds, {args.deals} deals a seed: IMPs of the runner-up, in all")
    for total, (rule, other) in rows[: args.top]:
        count = len(nearer[rule, other])
        print(
            f"  {total:+5d} nearer par (± {spread(nearer[rule, other]):3.0f}),"
            f" {sum(won[rule, other]):+5d} to the side (± {spread(won[rule, other]):3.0f})"
            f" over {count:4d} calls: {other} instead of {rule}"
        )


def spread(gains: list[int]) -> float:
    """The standard error of the sum of `gains`."""
    return standard_error(gains) * len(gains)


if __name__ == "__main__":
    main()
