"""Robot bidding: decision time per call and the spread of final contracts.

Deals seeded random deals (a `random.Random(seed)` shuffle of the 52 cards), lets the
robots bid at all four seats, and prints the median and p99 time per call and how the
auctions ended (passed out, partscore, game, slam). With --dd (the default) it also
compares each final contract's double-dummy score with the par score in IMPs per deal,
for the robots and for a baseline that opens 12+ HCP at the one level in its longest
suit and then always passes.

    python bench/bidding.py [--deals N] [--seed S] [--no-dd]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from bridgetable.bots.bidding import BidContext, choose_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import PASS, Bid, Call, Double, Redouble
from bridgetable.engine.types import DECK, Card, Seat, Strain, Vulnerability

Hands = dict[Seat, tuple[Card, ...]]
Bidder = Callable[[Seat, Hands, Auction], Call]
GAME = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}
VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def deal(rng: random.Random) -> Hands:
    """Four random hands of 13 cards."""
    cards = list(DECK)
    rng.shuffle(cards)
    return {seat: tuple(sorted(cards[seat * 13 : seat * 13 + 13])) for seat in Seat}


def bid_auction(hands: Hands, dealer: Seat, vul: Vulnerability, bidder: Bidder) -> Auction:
    """Let `bidder` call at every seat until the auction ends."""
    auction = Auction((), dealer, vul)
    while not auction.is_over:
        call = bidder(auction.turn, hands, auction)
        assert auction.legal(call), (auction.calls, call)
        auction = Auction((*auction.calls, call), dealer, vul)
        assert len(auction.calls) < 80
    return auction


def final_contract(auction: Auction) -> tuple[Bid, Seat, int] | None:
    """The final bid, its declarer and its doubling (0, 1, 2); None if passed out."""
    bid, bidder = auction.last_bid, auction.last_bidder
    if bid is None or bidder is None:
        return None
    doubling = 0
    for call in auction.calls[auction.last_bid_index or 0 :]:
        doubling = 1 if isinstance(call, Double) else 2 if isinstance(call, Redouble) else doubling
    declarer = next(
        auction.seat_of(i)
        for i, c in enumerate(auction.calls)
        if isinstance(c, Bid) and c.strain == bid.strain and auction.seat_of(i).side == bidder.side
    )
    return bid, declarer, doubling


def baseline(seat: Seat, hands: Hands, auction: Auction) -> Call:
    """Opens 12+ HCP at the one level in its longest suit, then always passes."""
    hand = evaluate(hands[seat])
    if auction.last_bid is None and hand.hcp >= 12:
        return Bid(1, Strain(hand.longest()))
    return PASS


def kind(contract: tuple[Bid, Seat, int] | None) -> str:
    """passed out, partscore, game or slam."""
    if contract is None:
        return "passed out"
    bid = contract[0]
    if bid.level >= 6:
        return "slam"
    return "game" if bid.level >= GAME[bid.strain] else "partscore"


_IMPS = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)


def imps(difference: int) -> int:
    """The IMPs for a difference in points."""
    won = sum(1 for edge in _IMPS if abs(difference) >= edge)
    return won if difference >= 0 else -won


def ns_score(auction: Auction, table: object) -> int:
    """North-South's double-dummy score for the auction's final contract."""
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    found = final_contract(auction)
    if found is None:
        return 0
    bid, declarer, doubling = found
    denom = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)[bid.strain]
    player = Player(int(declarer))
    tricks = table[denom, player]  # type: ignore[index]
    penalty = (Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubling]
    contract = Contract(
        level=bid.level,
        denom=denom,
        declarer=player,
        penalty=penalty,
        result=tricks - 6 - bid.level,
    )
    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }[auction.vulnerability]
    score = int(contract.score(vul))
    return score if declarer.side.value == "NS" else -score


def compare_with_par(boards: list[tuple[Hands, Seat, Vulnerability, Auction]]) -> None:
    """Print the mean IMPs per deal against par, for the robots and the baseline."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    vuls = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }
    robot_imps: list[int] = []
    base_imps: list[int] = []
    start = time.perf_counter()
    for hands, dealer, vul, auction in boards:
        pbn = "N:" + " ".join(_pbn_hand(hands[seat]) for seat in Seat)
        table = calc_dd_table(Deal.from_pbn(pbn))
        par_score = int(par(table, vuls[vul], Player(int(dealer))).score)
        robot_imps.append(imps(ns_score(auction, table) - par_score))
        base = bid_auction(hands, dealer, vul, baseline)
        base_imps.append(imps(ns_score(base, table) - par_score))
    print(f"double dummy against par ({time.perf_counter() - start:.0f} s of solving):")
    print(
        f"  robots   {statistics.mean(abs(i) for i in robot_imps):5.2f} IMPs/deal from par"
        f" (net {statistics.mean(robot_imps):+.2f} for NS)"
    )
    print(
        f"  baseline {statistics.mean(abs(i) for i in base_imps):5.2f} IMPs/deal from par"
        f" (net {statistics.mean(base_imps):+.2f} for NS)"
    )


def _pbn_hand(cards: tuple[Card, ...]) -> str:
    suits = []
    for suit in reversed(range(4)):
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        suits.append("".join(r.letter for r in ranks))
    return ".".join(suits)


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dd", action="store_true", help="skip the double-dummy comparison")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times: list[float] = []
    cpu_times: list[float] = []

    def robot(seat: Seat, hands: Hands, auction: Auction) -> Call:
        ctx = BidContext(seat, auction.dealer, auction.vulnerability, hands[seat], auction.calls)
        start, cpu = time.perf_counter(), time.thread_time()
        call = choose_call(ctx).call
        cpu_times.append(time.thread_time() - cpu)
        times.append(time.perf_counter() - start)
        return call

    kinds: Counter[str] = Counter()
    boards = []
    for number in range(args.deals):
        hands = deal(rng)
        dealer, vul = Seat(number % 4), VULS[(number // 4) % 4]
        auction = bid_auction(hands, dealer, vul, robot)
        kinds[kind(final_contract(auction))] += 1
        boards.append((hands, dealer, vul, auction))

    print(f"deals: {args.deals}, calls: {len(times)}")
    for name, values in (("wall-clock", times), ("CPU (thread)", cpu_times)):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(
            f"decision time per call, {name}: median {statistics.median(values) * 1e3:.3f} ms,"
            f" p99 {p99 * 1e3:.3f} ms, max {values[-1] * 1e3:.3f} ms"
        )
    lengths = [len(board[3].calls) for board in boards]
    print(f"calls per auction: mean {statistics.mean(lengths):.1f}, max {max(lengths)}")
    for name in ("passed out", "partscore", "game", "slam"):
        print(f"  {name:<10} {100 * kinds[name] / args.deals:5.1f} %")
    if not args.no_dd:
        compare_with_par(boards)


if __name__ == "__main__":
    main()
