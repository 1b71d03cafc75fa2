"""Robot bidding, deal by deal: what a change of the robots gains on each seed.

Bids `bench/bidding.py`'s seeded deals of several seeds and prints each seed's IMPs/deal
from par, scored as the bench scores them. --save keeps every deal's distance from par
and auction in a file; --against reads such a file (saved by other code, say the code
before a change: run it with that code's `src` first on PYTHONPATH) and prints, seed by
seed, how many IMPs the code now loses fewer than it did, and how many auctions changed.
--kinds also prints the loss broken down by kind over all the seeds' deals, as
`bench/bidding.py` does for one.
Both totals come with their standard error (±), the chance spread of a figure over as
many deals: a gain within it is not yet told apart from luck. Solved deals come from
the bench's cache files (one per seed: "{seed}" in the name stands for it).

Distance from par counts the opponents' misjudgments as much as our own, so a call
that wins by making the opponents go wrong (a preempt) reads as a loss there. --against
therefore also prints what the changed auctions are worth to the side whose call
changed first (its double-dummy score, in IMPs, with its ±): a change good for that
side and bad for par has taken the opponents' room, not lost its own contract. And it
counts how many of the changed auctions' contracts make at double dummy, before and now
(a grand slam instead of the small one pays at IMPs when it makes more than about
0.57 of the time).

    PYTHONPATH=../before/src python bench/bidding_deals.py --seed 1 2 \\
        --dd-cache /tmp/dd-{seed}.json --save /tmp/before.json
    python bench/bidding_deals.py --seed 1 2 --dd-cache /tmp/dd-{seed}.json \\
        --against /tmp/before.json
"""

from __future__ import annotations

import json

from bidding import (
    KINDS,
    Solved,
    final_contract,
    from_par,
    imps,
    loss_kind,
    ns_score,
    print_kinds,
    robot_boards,
    seeds_arguments,
    solved_caches,
    standard_error,
)
from bridgetable.bots.bidding.auction import Auction
from bridgetable.engine.calls import parse_call
from bridgetable.engine.types import Side

Deals = dict[str, tuple[int, str]]
"""Each deal ("seed:number") with its IMPs from par and its auction."""
Boards = dict[str, tuple[Auction, Solved]]
"""Each deal's auction now with its double-dummy facts, to score a saved auction by."""


def bid_seed(seed: int, deals: int, cache: dict[str, object]) -> tuple[Deals, Boards]:
    """The robots' distance from par and auction on each of one seed's deals, and the
    auctions with their solved deals."""
    found: Deals = {}
    boards: Boards = {}
    for number, (_, auction, solved) in enumerate(robot_boards(seed, deals, cache)):
        calls = " ".join(str(call) for call in auction.calls)
        found[f"{seed}:{number}"] = (from_par(ns_score(auction, solved), solved), calls)
        boards[f"{seed}:{number}"] = (auction, solved)
    return found, boards


def saved_auction(now: Auction, before: str) -> Auction:
    """The saved auction (`before`, its calls as text) of the deal `now` was bid on."""
    calls = tuple(parse_call(text) for text in before.split())
    return Auction(calls, now.dealer, now.vulnerability)


def to_changer(now: Auction, before: str, solved: Solved) -> int:
    """IMPs the auction `now` wins over the saved one (`before`, its calls as text) for
    the side whose call first differs, by double-dummy score."""
    old = saved_auction(now, before)
    first = next(i for i, (a, b) in enumerate(zip(now.calls, old.calls, strict=False)) if a != b)
    sign = 1 if now.seat_of(first).side is Side.NS else -1
    return imps(sign * (ns_score(now, solved) - ns_score(old, solved)))


def makes(auction: Auction, solved: Solved) -> bool:
    """Whether the auction's final contract makes at double dummy (not when passed out)."""
    found = final_contract(auction)
    if found is None:
        return False
    bid, declarer, _ = found
    return solved.tricks[bid.strain, declarer] >= 6 + bid.level


def compare(
    now: Deals, before: Deals, seed: int, boards: Boards
) -> tuple[list[int], list[str], list[int]]:
    """(the IMPs each deal lies closer to par now than before, the deals whose auction
    changed, the IMPs each deal's auction wins now for the side whose call changed) over
    one seed's deals."""
    keys = [key for key in now if key.startswith(f"{seed}:")]
    missing = [key for key in keys if key not in before]
    if missing:
        raise SystemExit(f"the saved file lacks deal {missing[0]}: bid it with --save first")
    gained = [before[key][0] - now[key][0] for key in keys]
    changed = [key for key in keys if before[key][1] != now[key][1]]
    won = [
        to_changer(boards[key][0], before[key][1], boards[key][1]) if key in changed else 0
        for key in keys
    ]
    return gained, changed, won


def made_before_and_now(keys: list[str], before: Deals, boards: Boards) -> tuple[int, int]:
    """How many of the deals `keys` end in a contract that makes at double dummy, in the
    saved auctions and now: whether a change's new contracts make more often than the
    ones they replace (a grand slam instead of the small one)."""
    now_made = sum(makes(boards[key][0], boards[key][1]) for key in keys)
    old_made = sum(
        makes(saved_auction(boards[key][0], before[key][1]), boards[key][1]) for key in keys
    )
    return old_made, now_made


def main() -> None:
    """Bid each seed's deals and print the figures."""
    parser = seeds_arguments(__doc__.splitlines()[0])
    parser.add_argument("--save", help="keep each deal's result in this JSON file")
    parser.add_argument("--against", help="compare with the results kept in this file")
    parser.add_argument("--kinds", action="store_true", help="print the loss by kind")
    args = parser.parse_args()
    now: Deals = {}
    before: Deals = {}
    if args.against:
        with open(args.against) as file:
            before = {key: (loss, calls) for key, (loss, calls) in json.load(file).items()}
    print(f"{args.deals} deals a seed: IMPs/deal from par")
    all_gains: list[int] = []
    total_changed = 0
    all_won: list[int] = []
    made = (0, 0)
    kinds: dict[str, list[int]] = {name: [] for name in KINDS}
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        found, boards = bid_seed(seed, args.deals, cache)
        now.update(found)
        if args.kinds:  # a loss's kind is worked out only when asked for
            for key, (auction, solved) in boards.items():
                if found[key][0]:
                    kinds[loss_kind(auction, solved)].append(found[key][0])
        line = f"  seed {seed:>4}: {sum(loss for loss, _ in found.values()) / args.deals:5.2f}"
        if args.against:
            gained, changed, won = compare(found, before, seed, boards)
            all_gains += gained
            total_changed += len(changed)
            all_won += won
            old_made, now_made = made_before_and_now(changed, before, boards)
            made = (made[0] + old_made, made[1] + now_made)
            line += f"   {sum(gained):+5d} IMPs against the saved results"
            line += f", {len(changed)} auctions changed ({sum(won):+d} to the side that changed)"
        print(line)
    losses = [loss for loss, _ in now.values()]
    print(
        f"  all {len(now)} deals: {sum(losses) / len(now):.3f} IMPs/deal"
        f" (± {standard_error(losses):.3f}), {sum(losses)} IMPs"
    )
    if args.kinds:
        print_kinds(kinds, len(now), digits=3)
    if args.against:
        spread = standard_error(all_gains) * len(all_gains)
        won_spread = standard_error(all_won) * len(all_won)
        print(
            f"  against the saved results: {sum(all_gains):+d} IMPs (± {spread:.0f}),"
            f" {sum(all_gains) / len(all_gains):+.3f} a deal"
            f" (± {standard_error(all_gains):.3f}), {total_changed} auctions;"
            f" to the side whose call changed: {sum(all_won):+d} IMPs (± {won_spread:.0f})"
        )
        print(
            f"  the changed auctions' contracts make at double dummy: {made[1]} now,"
            f" {made[0]} before, of {total_changed}"
        )
    if args.save:
        with open(args.save, "w") as file:
            json.dump(now, file)


if __name__ == "__main__":
    main()
