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

from bidding import Hands, bid_auction, seeded_deals
from bridgetable.bots.bidding import BidContext, choose_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.system import infer_hands
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import Call
from bridgetable.engine.types import Seat, Vulnerability


def bid_with_rules(hands: Hands, dealer: Seat, vul: Vulnerability) -> tuple[Auction, list[str]]:
    """The robots' auction of a deal, with the rule behind each call."""
    rules: list[str] = []

    def bidder(seat: Seat, hands: Hands, auction: Auction) -> Call:
        context = BidContext(
            seat, auction.dealer, auction.vulnerability, hands[seat], auction.calls
        )
        decision = choose_call(context)
        rules.append(decision.rule)
        return decision.call

    return bid_auction(hands, dealer, vul, bidder), rules


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
            auction, rules = bid_with_rules(hands, dealer, vul)
            calls = auction.calls
            shown = [infer_hands(calls[:index], dealer, vul) for index in range(len(calls) + 1)]
            seat = dealer
            for index, rule in enumerate(rules):
                hand = evaluate(hands[seat])
                made[rule] += 1
                before, after = shown[index][seat], shown[index + 1][seat]
                if before.admits(hand.hcp, hand.lengths) and not after.admits(
                    hand.hcp, hand.lengths
                ):
                    wrong[rule] += 1
                    read = (after.hcp_min, after.hcp_max, after.min_lengths, after.max_lengths)
                    held = (hand.hcp, hand.lengths)
                    text = " ".join(str(call) for call in calls[: index + 1])
                    example.setdefault(rule, f"{seed}:{number} {text}: {held} in {read}")
                seat = seat.next
    seeds = ", ".join(str(seed) for seed in args.seed)
    print(f"seeds {seeds}, {args.deals} deals each: {sum(made.values())} calls,")
    print(f"  {sum(wrong.values())} of them the first to show what the hand does not hold")
    print(f"  {'rule':<28}{'calls':>6}{'of':>7}  example (HCP, lengths C D H S) in what it showed")
    for rule, count in wrong.most_common():
        print(f"  {rule:<28}{count:6d}{made[rule]:7d}  {example[rule]}")


if __name__ == "__main__":
    main()
