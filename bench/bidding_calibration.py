"""Robot bidding: are the game and slam thresholds right at double dummy?

Bids `bench/bidding.py`'s seeded deals with the robots and, for each undoubled final
contract, scores what the same side would have scored one step away: a game stopped a
level lower, a partscore one level below game raised to game, a game raised to a small
slam in its strain or a small slam stopped in game, and 3NT turned into six of the
side's longest minor fit (eight cards or more, played by the better of the two).

Prints, by strain (notrump, major, minor), vulnerability and the partnership's HCP
together, how many deals each change would have brought closer to par in all (IMPs, as
the bench scores them: the absolute distance from par). A band where a change gains
clearly on several seeds is a threshold set wrong; gains near zero everywhere mean the
remaining loss is not in these thresholds but in what the auction can tell. The HCP and
fits are the players' own, which the robots do not know: the figures are an upper bound
on what moving a threshold could earn. Several seeds add up in one table; solved deals
come from the bench's cache files (one per seed: "{seed}" in the name stands for it).

    python bench/bidding_calibration.py --seed 1 2 4 --dd-cache /tmp/dd-{seed}.json
"""

from __future__ import annotations

from collections import defaultdict
from itertools import product

from bidding import (
    GAME,
    Hands,
    Solved,
    final_contract,
    from_par,
    ns_contract_score,
    ns_score,
    robot_boards,
    seeds_arguments,
    solved_caches,
)
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.hand_eval import HandEval, evaluate
from bridgetable.engine.calls import Bid
from bridgetable.engine.types import Seat, Strain

BANDS = ((0, 21), (22, 22), (23, 23), (24, 24), (25, 25), (26, 26), (27, 28), (29, 30), (31, 40))
"""The bands of HCP together the table prints."""
CHANGES = (
    "game to partscore",
    "partscore to game",
    "game to slam",
    "slam to game",
    "3NT to six of a minor",
)


def strain_kind(strain: Strain) -> str:
    """notrump, major or minor."""
    return "notrump" if strain is Strain.NT else "major" if strain >= Strain.H else "minor"


def changes(level: int, strain: Strain) -> list[tuple[str, int]]:
    """The changes tried for a final contract: game one level lower or up to a small
    slam; a partscore one level below game up to game; a small slam down to game."""
    game = GAME[strain]
    if level == game:
        return [("game to partscore", game - 1), ("game to slam", 6)]
    if level == game - 1:
        return [("partscore to game", game)]
    if level == 6:
        return [("slam to game", game)]
    return []


Row = tuple[str, str, bool, int, int]
"""A change, the strain kind, vulnerable, HCP together and the IMPs it gains."""


def try_deal(auction: Auction, hands: Hands, solved: Solved) -> list[Row]:
    """(change, strain kind, vulnerable, HCP together, IMPs closer to par) for a deal."""
    found = final_contract(auction)
    if found is None:
        return []
    bid, declarer, doubling = found
    if doubling:
        return []
    side = declarer.side
    seats = [seat for seat in Seat if seat.side is side]
    held = [evaluate(hands[seat]) for seat in seats]
    hcp = sum(hand.hcp for hand in held)
    vulnerable = auction.vulnerability.is_vulnerable(side)
    tricks = solved.tricks[bid.strain, declarer]
    own = from_par(ns_score(auction, solved), solved)
    tries = [
        (change, level, bid.strain, tricks) for change, level in changes(bid.level, bid.strain)
    ]
    minor = minor_fit(held) if bid == Bid(3, Strain.NT) else None
    if minor is not None:
        best = max(solved.tricks[minor, seat] for seat in seats)
        tries.append(("3NT to six of a minor", 6, minor, best))
    rows: list[Row] = []
    for change, level, strain, taken in tries:
        score = ns_contract_score(side, level, strain, vulnerable, taken)
        gain = own - from_par(score, solved)
        rows.append((change, strain_kind(bid.strain), vulnerable, hcp, gain))
    return rows


def minor_fit(held: list[HandEval]) -> Strain | None:
    """The longest minor fit of eight cards or more (clubs on a tie) of a side's hands."""
    lengths = {
        strain: sum(hand.lengths[int(strain)] for hand in held) for strain in (Strain.C, Strain.D)
    }
    strain = max(lengths, key=lambda s: (lengths[s], -int(s)))
    return strain if lengths[strain] >= 8 else None


def band_of(hcp: int) -> tuple[int, int]:
    """The band of `BANDS` holding `hcp`."""
    return next(band for band in BANDS if band[0] <= hcp <= band[1])


Table = dict[tuple[str, str, bool, tuple[int, int]], list[int]]
"""The IMPs each change gains, by change, strain kind, vulnerable and HCP band."""


def collect(seed: int, deals: int, cache: dict[str, object], table: Table) -> None:
    """Bid one seed's deals and add what each change gains to `table`."""
    for hands, auction, solved in robot_boards(seed, deals, cache):
        for change, kind, vulnerable, hcp, gain in try_deal(auction, hands, solved):
            table[change, kind, vulnerable, band_of(hcp)].append(gain)


def print_table(table: Table) -> None:
    """One line per change, strain kind, vulnerability and HCP band that occurred."""
    print(f"  {'change':<24}{'strain':<9}{'vul':<5}{'HCP':>7}{'deals':>7}{'IMPs':>7}")
    kinds = ("notrump", "major", "minor")
    for change, kind, vulnerable, band in product(CHANGES, kinds, (False, True), BANDS):
        gains = table.get((change, kind, vulnerable, band))
        if gains:
            hcp = f"{band[0]}-{band[1]}" if band[0] != band[1] else str(band[0])
            vul = "yes" if vulnerable else "no"
            print(f"  {change:<24}{kind:<9}{vul:<5}{hcp:>7}{len(gains):7d}{sum(gains):+7d}")


def main() -> None:
    """Bid the deals of each seed and print the table."""
    args = seeds_arguments(__doc__.splitlines()[0]).parse_args()
    table: Table = defaultdict(list)
    for seed, cache in solved_caches(args.seed, args.dd_cache):
        collect(seed, args.deals, cache, table)
    seeds = ", ".join(str(seed) for seed in args.seed)
    print(f"seeds {seeds}, {args.deals} deals each: IMPs closer to par after each change")
    print_table(table)
    best = sum(max(0, sum(gains)) for gains in table.values())
    deals = args.deals * len(args.seed)
    print(
        f"  every band where a change gains, taken: +{best} IMPs over {deals} deals"
        f" ({best / deals:.3f} IMPs/deal)"
    )


if __name__ == "__main__":
    main()
