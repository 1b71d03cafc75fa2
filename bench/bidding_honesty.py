"""Robot bidding: calls whose meaning leaves out the hand that made them.

Bids `bench/bidding.py`'s seeded deals with the robots and, after every call, checks
the caller's hand against what its calls have shown so far as partner and opponents
read them (`system.infer_hands`: HCP range and suit lengths, the ranges the auction's
explanations print). Prints, rule by rule, how many of its calls first left the hand
outside that reading, by HCP or by a suit's length, with one example each. A rule high
in the list shows more than its hands hold: partner's later decisions and the
simulation's layouts rest on a range the hand is not in. No solving is needed.

    python bench/bidding_honesty.py --seed 1 2 [--deals N]
"""

from __future__ import annotations

import argparse
from collections import Counter

from bidding import bid_auction, robot, seeded_deals
from bridgetable.bots.bidding import BidContext, choose_call
from bridgetable.bots.bidding.inference import HandInference
from bridgetable.bots.bidding.system import infer_hands
from bridgetable.bots.hand_eval import HandEval, evaluate
from bridgetable.engine.types import Suit


def left_out(shown: HandInference, hand: HandEval) -> str:
    """What of `hand` the reading `shown` leaves out ("" if nothing): HCP or lengths."""
    missed = []
    if not shown.hcp_min <= hand.hcp <= shown.hcp_max:
        missed.append(f"{hand.hcp} HCP, shown {shown.hcp_min}-{shown.hcp_max}")
    for suit in Suit:
        low, high = shown.min_lengths[suit], shown.max_lengths[suit]
        if not low <= hand.lengths[suit] <= high:
            missed.append(f"{hand.lengths[suit]} {suit.name}, shown {low}-{high}")
    return "; ".join(missed)


def main() -> None:
    """Bid the deals of each seed and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, nargs="+", default=[1])
    args = parser.parse_args()
    made: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    example: dict[str, str] = {}
    for seed in args.seed:
        for number, (hands, dealer, vul) in enumerate(seeded_deals(seed, args.deals)):
            calls = bid_auction(hands, dealer, vul, robot).calls
            seat = dealer
            for index in range(len(calls)):
                hand = evaluate(hands[seat])
                context = BidContext(seat, dealer, vul, hands[seat], calls[:index])
                rule = choose_call(context).rule
                made[rule] += 1
                before = infer_hands(calls[:index], dealer, vul)[seat]
                after = infer_hands(calls[: index + 1], dealer, vul)[seat]
                if not left_out(before, hand) and (missed := left_out(after, hand)):
                    wrong[rule] += 1
                    auction = " ".join(str(call) for call in calls[: index + 1])
                    example.setdefault(rule, f"{seed}:{number} {auction}: {missed}")
                seat = seat.next
    seeds = ", ".join(str(seed) for seed in args.seed)
    print(f"seeds {seeds}, {args.deals} deals each: {sum(made.values())} calls,")
    print(f"  {sum(wrong.values())} of them the first to show what the hand does not hold")
    print(f"  {'rule':<28}{'calls':>6}{'of':>7}  example")
    for rule, count in wrong.most_common():
        print(f"  {rule:<28}{count:6d}{made[rule]:7d}  {example[rule]}")


if __name__ == "__main__":
    main()
