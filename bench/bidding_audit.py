"""Robot bidding: which rules cost IMPs, found by trying other calls in their place.

For every call the robots make on `bench/bidding.py`'s seeded deals, tries a few other
legal calls (pass; one level lower or higher in the same strain; game in that strain;
3NT), lets the robots finish the auction from there, and compares the double-dummy
score with the robots' own, in IMPs for the side that called (with --par: by how many
IMPs the other call brings the deal closer to par, the bench's own measure, which
also counts the opponents' gifts as distance). Prints, for each rule
and kind of other call, how many decisions were tried and what the other call would
have gained and lost in all. A rule whose other call gains clearly and on several
seeds is worth a look; what it gains as a fixed replacement overstates what a change
of the rule earns, since the rule's hands would go to the next rule, not that call.
Solved deals come from the bench's cache file (--dd-cache), as solving is slow.

    python bench/bidding_audit.py --seed 11 --dd-cache /tmp/dd-11.json [--rule ID] [--par]
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from bidding import (
    GAME,
    Hands,
    Solved,
    bid_auction,
    from_par,
    imps,
    load_cache,
    ns_score,
    robot,
    save_cache,
    seeded_deals,
    solve,
)
from bridgetable.bots.bidding import BidContext, Decision, choose_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.engine.calls import PASS, Bid, Call
from bridgetable.engine.types import Seat, Side, Strain, Vulnerability

THREE_NT = Bid(3, Strain.NT)


def others(call: Call, before: Auction) -> dict[str, Call]:
    """The other calls tried in place of `call`, by kind, where legal."""
    found: dict[str, Call] = {"pass": PASS, "3NT": THREE_NT}
    if isinstance(call, Bid):
        if call.level > 1:
            found["lower"] = Bid(call.level - 1, call.strain)
        if call.level < 7:
            found["higher"] = Bid(call.level + 1, call.strain)
        found["game"] = Bid(GAME[call.strain], call.strain)
    return {kind: c for kind, c in found.items() if c != call and before.legal(c)}


def decide(seat: Seat, hands: Hands, auction: Auction) -> Decision:
    """The robots' decision at `seat`, with the rule that made it."""
    ctx = BidContext(seat, auction.dealer, auction.vulnerability, hands[seat], auction.calls)
    return choose_call(ctx)


def audit_deal(
    hands: Hands, dealer: Seat, vul: Vulnerability, solved: Solved, to_par: bool = False
) -> list[tuple[str, str, int]]:
    """(rule, kind of other call, IMPs it gains) for each try on a deal: for the caller,
    or with `to_par` in distance from par."""
    rules: list[str] = []

    def recording(seat: Seat, hands: Hands, auction: Auction) -> Call:
        decision = decide(seat, hands, auction)
        rules.append(decision.rule)
        return decision.call

    auction = bid_auction(hands, dealer, vul, recording)
    own = ns_score(auction, solved)
    distance = from_par(own, solved)
    tried = []
    for index, call in enumerate(auction.calls):
        before = Auction(auction.calls[:index], dealer, vul)
        sign = 1 if before.turn.side is Side.NS else -1
        for kind, other in others(call, before).items():
            result = bid_auction(hands, dealer, vul, robot, (*auction.calls[:index], other))
            score = ns_score(result, solved)
            closer = distance - from_par(score, solved)
            tried.append((rules[index], kind, closer if to_par else sign * imps(score - own)))
    return tried


def main() -> None:
    """Run the audit and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dd-cache", help="the bench's JSON file of solved deals")
    parser.add_argument("--rule", help="print only this rule's lines")
    parser.add_argument("--top", type=int, default=30, help="lines printed, best gain first")
    parser.add_argument(
        "--par", action="store_true", help="gains in distance from par, not for the caller"
    )
    args = parser.parse_args()
    cache = load_cache(args.dd_cache)
    loaded = len(cache)
    table: dict[tuple[str, str], list[int]] = defaultdict(list)
    for hands, dealer, vul in seeded_deals(args.seed, args.deals):
        solved = solve(hands, dealer, vul, cache)
        for rule, kind, gain in audit_deal(hands, dealer, vul, solved, args.par):
            table[rule, kind].append(gain)
    rows = sorted(
        ((sum(gains), rule, kind, gains) for (rule, kind), gains in table.items()),
        reverse=True,
    )
    measure = "closer to par" if args.par else "for the caller"
    print(
        f"seed {args.seed}, {args.deals} deals: other calls in place of each rule's call"
        f" (IMPs {measure})"
    )
    print(f"  {'rule':<30}{'other':<8}{'tried':>6}{'gain':>7}{'loss':>7}{'net':>7}")
    shown = [row for row in rows if args.rule in (None, row[1])][: args.top]
    for net, rule, kind, gains in shown:
        gain = sum(g for g in gains if g > 0)
        print(f"  {rule:<30}{kind:<8}{len(gains):6d}{gain:7d}{gain - net:7d}{net:+7d}")
    save_cache(args.dd_cache, cache, loaded)


if __name__ == "__main__":
    main()
