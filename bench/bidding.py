"""Robot bidding: decision time per call and the spread of final contracts.

Deals seeded random deals (a `random.Random(seed)` shuffle of the 52 cards), lets the
robots bid at all four seats, and prints the median and p99 time per call and how the
auctions ended (passed out, partscore, game, slam). With --dd (the default) it also
compares each final contract's double-dummy score with the par score in IMPs per deal,
for the robots and for a baseline that opens 12+ HCP at the one level in its longest
suit and then always passes; breaks the robots' loss down by kind (`KINDS`); and
measures what bidding at a match score (a partscore below the line, a Chicago's last
deal) gains North-South over bidding blind to it. Solving is slow on a busy machine:
--dd-cache keeps solved deals in a file between runs.

    python bench/bidding.py [--deals N] [--seed S] [--no-dd] [--dd-cache FILE] [--show N]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from endplay.types import Denom, Vul

from bridgetable.bots.bidding import BidContext, choose_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.score import GAME_LEVEL, ScoreState, trick_score
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import PASS, Bid, Call, Double, Redouble
from bridgetable.engine.types import DECK, Card, Seat, Side, Strain, Vulnerability

Hands = dict[Seat, tuple[Card, ...]]
Bidder = Callable[[Seat, Hands, Auction], Call]
GAME = GAME_LEVEL
"""The lowest level that scores game in each strain (the robots' own table)."""
VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


_DENOMS = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
_ENDPLAY_VUL = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}


def deal(rng: random.Random) -> Hands:
    """Four random hands of 13 cards."""
    cards = list(DECK)
    rng.shuffle(cards)
    return {seat: tuple(sorted(cards[seat * 13 : seat * 13 + 13])) for seat in Seat}


def seeded_deals(seed: int, deals: int) -> Iterator[tuple[Hands, Seat, Vulnerability]]:
    """The seeded deals of a run, each with its dealer and vulnerability (rotating)."""
    rng = random.Random(seed)
    for number in range(deals):
        yield deal(rng), Seat(number % 4), VULS[(number // 4) % 4]


def robot(seat: Seat, hands: Hands, auction: Auction) -> Call:
    """The robots' call at `seat` (a `Bidder`)."""
    ctx = BidContext(seat, auction.dealer, auction.vulnerability, hands[seat], auction.calls)
    return choose_call(ctx).call


def bid_auction(
    hands: Hands, dealer: Seat, vul: Vulnerability, bidder: Bidder, start: tuple[Call, ...] = ()
) -> Auction:
    """Let `bidder` call at every seat, after the calls `start`, until the auction ends."""
    auction = Auction(start, dealer, vul)
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


@dataclass(frozen=True)
class Solved:
    """A deal's double-dummy facts: tricks by strain and declarer, and par."""

    tricks: dict[tuple[Strain, Seat], int]
    par: int
    """North-South's par score."""
    par_contracts: tuple[tuple[int, Strain, Seat, bool], ...]
    """Level, strain, declarer and doubled, of each par contract (none when passed out)."""


def solve(hands: Hands, dealer: Seat, vul: Vulnerability, cache: dict[str, object]) -> Solved:
    """The deal's double-dummy table and par, from `cache` when it holds them."""
    pbn = "N:" + " ".join(_pbn_hand(hands[seat]) for seat in Seat)
    key = f"{pbn}|{int(dealer)}|{vul.value}"
    if key not in cache:
        from endplay.dds import calc_dd_table, par
        from endplay.types import Deal, Penalty, Player

        table = calc_dd_table(Deal.from_pbn(pbn))
        found = par(table, _ENDPLAY_VUL[vul], Player(int(dealer)))
        cache[key] = {
            "tricks": [
                table[_DENOMS[strain], Player(int(seat))] for strain in Strain for seat in Seat
            ],
            "par": int(found.score),
            "contracts": [
                [c.level, _DENOMS.index(c.denom), int(c.declarer), c.penalty != Penalty.passed]
                for c in found
                if c.level > 0
            ],
        }
    entry = cache[key]
    assert isinstance(entry, dict)
    tricks = {
        (strain, seat): entry["tricks"][int(strain) * 4 + int(seat)]
        for strain in Strain
        for seat in Seat
    }
    contracts = tuple(
        (level, Strain(strain), Seat(seat), bool(doubled))
        for level, strain, seat, doubled in entry["contracts"]
    )
    return Solved(tricks, entry["par"], contracts)


def contract_score(level: int, strain: Strain, doubling: int, vulnerable: bool, tricks: int) -> int:
    """Duplicate score of a contract for its declaring side."""
    from endplay.types import Contract, Penalty, Player

    contract = Contract(
        level=level,
        denom=_DENOMS[strain],
        declarer=Player.north,
        penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubling],
        result=tricks - 6 - level,
    )
    return int(contract.score(Vul.ns if vulnerable else Vul.none))


def ns_contract_score(side: Side, level: int, strain: Strain, vulnerable: bool, tricks: int) -> int:
    """North-South's score for an undoubled contract played by `side` taking `tricks`."""
    score = contract_score(level, strain, 0, vulnerable, tricks)
    return score if side is Side.NS else -score


def ns_score(auction: Auction, solved: Solved) -> int:
    """North-South's double-dummy score for the auction's final contract."""
    found = final_contract(auction)
    if found is None:
        return 0
    bid, declarer, doubling = found
    vulnerable = auction.vulnerability.is_vulnerable(declarer.side)
    tricks = solved.tricks[bid.strain, declarer]
    score = contract_score(bid.level, bid.strain, doubling, vulnerable, tricks)
    return score if declarer.side is Side.NS else -score


def from_par(score: int, solved: Solved) -> int:
    """How many IMPs North-South's `score` lies from par, either way: the bench's measure."""
    return abs(imps(score - solved.par))


def standard_error(values: list[int]) -> float:
    """The standard error of the mean of `values`: how far another set of deals as
    many may put the bench's figure by chance alone (one deal's distance from par
    swings by several IMPs, so 500 deals fix their mean only to about 0.2)."""
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


def robot_boards(
    seed: int, deals: int, cache: dict[str, object]
) -> Iterator[tuple[Hands, Auction, Solved]]:
    """Each seeded deal with the robots' auction and its double-dummy facts."""
    for hands, dealer, vul in seeded_deals(seed, deals):
        yield hands, bid_auction(hands, dealer, vul, robot), solve(hands, dealer, vul, cache)


def _makes(solved: Solved, side: Side, strain: Strain, level: int) -> bool:
    return any(solved.tricks[strain, seat] >= 6 + level for seat in Seat if seat.side is side)


def loss_kind(auction: Auction, solved: Solved) -> str:
    """Why an auction's contract differs from par, in one of the kinds of `KINDS`.

    The side that owns the deal is par's declaring side, or its opponents when par is
    a doubled sacrifice; its reach is the highest kind of contract it makes."""
    found = final_contract(auction)
    if found is None:
        return "passed out, makable"
    bid, declarer, doubling = found
    side, level, strain = declarer.side, bid.level, bid.strain
    made = solved.tricks[strain, declarer] >= 6 + level
    game = GAME[strain]
    sacrifice = any(c[3] for c in solved.par_contracts)
    owner = solved.par_contracts[0][2].side if solved.par_contracts else None
    if owner is not None and sacrifice:
        owner = owner.other
    slam_reach = owner is not None and any(_makes(solved, owner, s, 6) for s in Strain)
    game_reach = owner is not None and any(_makes(solved, owner, s, GAME[s]) for s in Strain)
    if doubling and level < game:
        return "doubled partscore"
    if level >= 6 and not made:
        return "slam that fails"
    if slam_reach and not (side is owner and level >= 6):
        return "missed slam"
    if level >= game and not made:
        other = any(_makes(solved, side, s, GAME[s]) for s in Strain if s != strain)
        return "wrong strain" if other else "game that fails"
    if game_reach and not (side is owner and level >= game):
        return "missed game"
    if sacrifice:
        return "sacrifice"
    if side is owner and level >= game:
        return "wrong strain"
    if owner is not None and side is not owner:
        return "partscore sold out"
    if not made:
        return "partscore too high"
    return "partscore strain or level"


KINDS = (
    "missed game",
    "missed slam",
    "slam that fails",
    "game that fails",
    "wrong strain",
    "partscore sold out",
    "partscore too high",
    "partscore strain or level",
    "doubled partscore",
    "sacrifice",
    "passed out, makable",
)
"""The kinds of loss against par, in the order the table prints them."""


def print_kinds(losses: dict[str, list[int]], deals: int, digits: int = 2) -> None:
    """Print the robots' loss by kind (`KINDS`): each kind's deals, IMPs and IMPs per
    deal over `deals` deals (with `digits` decimals)."""
    print("  robots' loss by kind:            deals   IMPs  IMPs/deal")
    for name in KINDS:
        found = losses[name]
        print(f"    {name:<28} {len(found):6d} {sum(found):6d} {sum(found) / deals:8.{digits}f}")


def compare_with_par(
    boards: list[tuple[Hands, Seat, Vulnerability, Auction]], cache: dict[str, object], show: int
) -> None:
    """Print the mean IMPs per deal against par, for the robots and the baseline, and the
    robots' loss broken down by kind."""
    robot_imps: list[int] = []
    base_imps: list[int] = []
    losses: dict[str, list[int]] = {name: [] for name in KINDS}
    worst: list[tuple[int, int, str]] = []
    start = time.perf_counter()
    for number, (hands, dealer, vul, auction) in enumerate(boards):
        solved = solve(hands, dealer, vul, cache)
        lost = imps(ns_score(auction, solved) - solved.par)
        robot_imps.append(lost)
        if lost:
            name = loss_kind(auction, solved)
            losses[name].append(abs(lost))
            worst.append((abs(lost), number, name))
        base = bid_auction(hands, dealer, vul, baseline)
        base_imps.append(imps(ns_score(base, solved) - solved.par))
    deals = len(boards)
    print(f"double dummy against par ({time.perf_counter() - start:.0f} s of solving):")
    for name, found in (("robots  ", robot_imps), ("baseline", base_imps)):
        distances = [abs(i) for i in found]
        print(
            f"  {name} {statistics.mean(distances):5.2f} IMPs/deal from par"
            f" (± {standard_error(distances):.2f}; net {statistics.mean(found):+.2f} for NS)"
        )
    print_kinds(losses, deals)
    for lost, number, name in sorted(worst, reverse=True)[:show]:
        hands, dealer, vul, auction = boards[number]
        solved = solve(hands, dealer, vul, cache)
        print(f"\n  deal {number}: -{lost} IMPs, {name}; dealer {dealer.name}, {vul.value}")
        for seat in Seat:
            print(f"    {seat.name} {_pbn_hand(hands[seat])}  {evaluate(hands[seat]).hcp} HCP")
        print("    auction: " + " ".join(str(c) for c in auction.calls))
        print(
            f"    par {solved.par}: "
            + " ".join(
                f"{level}{strain.name}{'x' if doubled else ''} by {seat.name}"
                for level, strain, seat, doubled in solved.par_contracts
            )
        )


SCORES = (
    ("rubber, NS 60 below the line", ScoreState((60, 0))),
    ("rubber, NS 40 and EW 70 below", ScoreState((40, 70))),
    ("Chicago, last deal (partscore +100)", ScoreState((0, 0), 100)),
)
"""The match scores of the score-aware column."""


def match_score(auction: Auction, solved: Solved, score: ScoreState) -> int:
    """North-South's double-dummy score at a match score: a made partscore that
    completes a game earns the game bonus (300, or 500 vulnerable) instead of 50, and
    on a last deal with a partscore bonus a partscore earns that bonus instead of 50."""
    points = ns_score(auction, solved)
    found = final_contract(auction)
    if found is None:
        return points
    bid, declarer, doubling = found
    side = declarer.side
    below = trick_score(bid.level, bid.strain) * (1, 2, 4)[doubling]
    if below >= 100 or solved.tricks[bid.strain, declarer] < 6 + bid.level:
        return points
    if score.below(side) + below >= 100:
        extra = (500 if auction.vulnerability.is_vulnerable(side) else 300) - 50
    else:
        extra = score.partscore_bonus - 50 if score.partscore_bonus else 0
    return points + (extra if side is Side.NS else -extra)


def score_bidder(score: ScoreState) -> Bidder:
    """The robots bidding, North and South at the match score `score`, East and West
    blind to it (so that the gain measured is North-South's own)."""

    def bidder(seat: Seat, hands: Hands, auction: Auction) -> Call:
        known = score if seat.side is Side.NS else ScoreState()
        ctx = BidContext(
            seat, auction.dealer, auction.vulnerability, hands[seat], auction.calls, score=known
        )
        return choose_call(ctx).call

    return bidder


def score_column(
    boards: list[tuple[Hands, Seat, Vulnerability, Auction]], cache: dict[str, object]
) -> None:
    """Print what bidding at the match score gains North-South over bidding blind to it,
    in IMPs per deal scored at that score (East-West bid blind to it either way)."""
    print("  North-South bidding at the match score (IMPs/deal against bidding blind to it):")
    for name, score in SCORES:
        gains: list[int] = []
        aware = score_bidder(score)
        for hands, dealer, vul, blind in boards:
            auction = bid_auction(hands, dealer, vul, aware)
            if auction.calls == blind.calls:
                gains.append(0)
                continue
            solved = solve(hands, dealer, vul, cache)
            gains.append(
                imps(match_score(auction, solved, score) - match_score(blind, solved, score))
            )
        changed = sum(1 for board, gain in zip(boards, gains, strict=True) if gain)
        print(
            f"    {name:<38} {statistics.mean(gains):+.3f} for NS"
            f" ({changed} deals scored differently)"
        )


def _pbn_hand(cards: tuple[Card, ...]) -> str:
    suits = []
    for suit in reversed(range(4)):
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        suits.append("".join(r.letter for r in ranks))
    return ".".join(suits)


def load_cache(path: str | None) -> dict[str, object]:
    """The solved deals kept in the file `path` (none when there is no such file)."""
    if path is None or not os.path.exists(path):
        return {}
    with open(path) as file:
        found: dict[str, object] = json.load(file)
    return found


def save_cache(path: str | None, cache: dict[str, object], loaded: int) -> None:
    """Keep the solved deals in the file `path` for the next run (when given one), unless
    the cache holds no more deals than the `loaded` it was read with. The file is
    replaced whole (written beside it, then renamed), so that runs sharing the file,
    one reading while another saves, never read it half written."""
    if path is None or len(cache) <= loaded:
        return
    partial = f"{path}.{os.getpid()}.part"
    with open(partial, "w") as file:
        json.dump(cache, file)
    os.replace(partial, path)


def solved_caches(seeds: list[int], pattern: str | None) -> Iterator[tuple[int, dict[str, object]]]:
    """Each seed with its solved deals, read from the file `pattern` names ("{seed}"
    standing for the seed) before its turn and kept there after it."""
    for seed in seeds:
        path = pattern.format(seed=seed) if pattern else None
        cache = load_cache(path)
        loaded = len(cache)
        yield seed, cache
        save_cache(path, cache, loaded)


def seeds_arguments(description: str) -> argparse.ArgumentParser:
    """The arguments of a bench tool run over several seeds: --deals, --seed S [S ...],
    --dd-cache FILE (with "{seed}" for the seed)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, nargs="+", default=[1])
    parser.add_argument(
        "--dd-cache", help="the bench's JSON file of solved deals, {seed} for the seed"
    )
    return parser


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dd", action="store_true", help="skip the double-dummy comparison")
    parser.add_argument(
        "--dd-cache", help="JSON file keeping solved deals between runs (created if missing)"
    )
    parser.add_argument("--show", type=int, default=0, help="print the N costliest auctions")
    args = parser.parse_args()
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
    for hands, dealer, vul in seeded_deals(args.seed, args.deals):
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
    if args.no_dd:
        return
    cache = load_cache(args.dd_cache)
    loaded = len(cache)
    compare_with_par(boards, cache, args.show)
    score_column(boards, cache)
    save_cache(args.dd_cache, cache, loaded)


if __name__ == "__main__":
    main()
