"""Robot bidding: how well do the simulation's chances match double dummy?

Bids `bench/bidding.py`'s seeded deals with the robots and, at every call after partner
has bid, asks the robots' simulation (`bots/bidding/simulation.chance_of`) the questions
its close decisions ask: the chance of game in notrump and in the caller's trump fit,
and of a small slam in them. Each chance is set beside two others: the fast trick
estimator's with partner's real hand in place of the simulated ones (what the
estimator says once partner's hand is known), and whether the side makes that many
tricks at double dummy. A question is asked only where the caller's own HCP and
partner's shown range put it in play (never the real total, which would bias the bins).

Prints, by question and band of the simulated chance, how often double dummy made it,
and the Brier score (mean squared error against made or not) of the simulation, of the
estimator with partner's real hand and of always answering the question's base rate. A
simulation near double dummy in every band, with a Brier score near the real-hand
estimator's, leaves little to gain in the estimator or the sampling: what is left is
what the auction has not told about partner's hand. Solved deals come from the bench's
cache files (one per seed: "{seed}" in the name stands for it).

    python bench/simulation_calibration.py --seed 1 2 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from bidding import GAME, Hands, Solved, robot_boards, seeds_arguments, solved_caches
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.rules import View
from bridgetable.bots.bidding.simulation import chance_of
from bridgetable.bots.bidding.situations import best_fit
from bridgetable.bots.bidding.system import analyse
from bridgetable.bots.bidding.tricks import chance
from bridgetable.bots.hand_eval import HandEval, evaluate
from bridgetable.engine.types import Seat, Strain

BANDS = 5
"""Bands of the simulated chance the table prints (fifths)."""

Answer = tuple[str, float, float, bool]
"""A question ("notrump game", "suit slam", ...), the simulation's chance, the
estimator's with partner's real hand, and whether double dummy made it."""


def in_play(me: HandEval, shown_min: int, shown_max: int, tricks: int) -> bool:
    """Whether the caller would weigh this question, from its own HCP and partner's
    shown range: a slam with 23+ together at partner's minimum and 29+ at its most, a
    game with 16 to 26 at the minimum and 23+ at the most."""
    low, high = me.hcp + shown_min, me.hcp + shown_max
    if tricks >= 12:
        return low >= 23 and high >= 29
    return 16 <= low <= 26 and high >= 23


def answers(hands: Hands, auction: Auction, solved: Solved) -> Iterator[Answer]:
    """The questions asked at each call of one deal's auction, answered three ways."""
    seat = auction.dealer
    for index in range(len(auction.calls)):
        view = analyse(auction.calls[:index], auction.dealer, auction.vulnerability)
        if view.partner_has_bid:
            yield from _answers_at(hands, view, seat, solved)
        seat = seat.next


def _answers_at(hands: Hands, view: View, seat: Seat, solved: Solved) -> Iterator[Answer]:
    me, partner = evaluate(hands[seat]), evaluate(hands[seat.partner])
    fit = best_fit(me, view)
    strains = [Strain.NT] + ([] if fit is None else [Strain(int(fit))])
    for strain in strains:
        for tricks in (GAME[strain] + 6, 12):
            if not in_play(me, view.partner.hcp_min, view.partner.hcp_max, tricks):
                continue
            simulated = chance_of(me, view, strain, tricks)
            if simulated is None:
                continue
            best = max(solved.tricks[strain, seat], solved.tricks[strain, seat.partner])
            kind = "notrump" if strain is Strain.NT else "suit"
            question = f"{kind} {'slam' if tricks >= 12 else 'game'}"
            yield question, simulated, chance(me, partner, strain, tricks), best >= tricks


def brier(pairs: list[tuple[float, bool]]) -> float:
    """The mean squared error of chances against what happened."""
    return sum((chance - made) ** 2 for chance, made in pairs) / len(pairs)


def print_table(found: list[Answer]) -> None:
    """The calibration table and each question's Brier scores."""
    by_question: dict[str, list[Answer]] = defaultdict(list)
    for answer in found:
        by_question[answer[0]].append(answer)
    print(f"  {'question':<14}{'band':>9}{'asked':>7}{'sim':>6}{'real':>6}{'dd':>6}")
    for question in sorted(by_question):
        rows = by_question[question]
        for band in range(BANDS):
            inside = [r for r in rows if min(BANDS - 1, int(r[1] * BANDS)) == band]
            if not inside:
                continue
            n = len(inside)
            print(
                f"  {question:<14}{band / BANDS:5.1f}-{(band + 1) / BANDS:.1f}{n:7d}"
                f"{sum(r[1] for r in inside) / n:6.2f}{sum(r[2] for r in inside) / n:6.2f}"
                f"{sum(r[3] for r in inside) / n:6.2f}"
            )
    print(f"  {'question':<14}{'asked':>7}{'Brier: sim':>12}{'real':>7}{'base':>7}")
    for question in sorted(by_question):
        rows = by_question[question]
        rate = sum(r[3] for r in rows) / len(rows)
        print(
            f"  {question:<14}{len(rows):7d}{brier([(r[1], r[3]) for r in rows]):12.3f}"
            f"{brier([(r[2], r[3]) for r in rows]):7.3f}"
            f"{brier([(rate, r[3]) for r in rows]):7.3f}"
        )


def main() -> None:
    """Bid the deals of each seed and print the table."""
    args = seeds_arguments(__doc__.splitlines()[0]).parse_args()
    found: list[Answer] = []
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        for hands, auction, solved in robot_boards(seed, args.deals, cache):
            found += answers(hands, auction, solved)
    seeds = ", ".join(str(seed) for seed in args.seed)
    print(f"seeds {seeds}, {args.deals} deals each: the simulation's chances against double dummy")
    print_table(found)


if __name__ == "__main__":
    main()
