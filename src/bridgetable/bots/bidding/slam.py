"""Slam bidding: Blackwood 4NT with slam values together (`_slam_values`), the
answers (5C/5D/5H/5S = 0 or 4 / 1 / 2 / 3 aces), and the asker's placement of the
final contract (without a known fit, six of its own long suit where a simulation finds
it clearly likelier than 6NT); 6NT direct without a fit when a simulation finds it
likely."""

from __future__ import annotations

from bridgetable.bots.bidding.rules import Bindings, Rule, View, need
from bridgetable.bots.bidding.simulation import blackwood_gain, chance_of
from bridgetable.bots.bidding.situations import (
    best_fit,
    both,
    combined,
    nt_ok,
    partner_has_bid,
    partner_said,
    strength,
)
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.calls import Bid
from bridgetable.engine.types import Strain, Suit

_ANSWER_ACES = {Strain.C: 0, Strain.D: 1, Strain.H: 2, Strain.S: 3}


SLAM_WITH_FIT = 31
"""Points together for slam with a trump fit, counting shortness (`strength`)."""
SLAM_HCP_WITH_FIT = 29
"""High-card points together for slam with a trump fit, whatever the shape."""
SLAM_IN_NT = 31
"""High-card points together for slam in notrump."""
CLOSE = 4
"""Points short of the slam values within which a simulation of partner's hands decides.
6 instead changed 2 auctions over bench/bidding_deals.py's 18 seeds (+7 IMPs); 5 on
seeds 1 and 31-65, in two runs over the halves, their gains added, -6 IMPs, 6
auctions."""
ASK_MARGIN = 4
"""IMPs by which asking for aces must beat game on average over the simulated hands:
the trick estimate is rough and partner's hands are drawn only within the ranges its
calls showed, so a slim expected gain is as often noise as slam. Scored as
bench/bidding.py scores, 4 instead of 0 gained 26, 6, 47, 33 and 17 IMPs over 500
deals on seeds 2, 5, 11, 12 and 13 and lost 12 and 11 on seeds 1 and 4; 3 and 6 did
about as well, 2 less. bench/bidding.py on seed 3, not used to choose it: from 4.21 to
4.13 IMPs/deal over 300 deals. 3 on seeds 1 and 31-65 of bench/bidding_deals.py, in
two runs over the halves, their gains added: +7 IMPs, 51 auctions, +12 to the side."""
GRAND_POINTS = 35
"""Points together (`combined`) for a grand slam when no ace is missing: with every
ace, 30 HCP and a fit make 13 tricks about seven times in ten at double dummy
(bench/bidding.py: from 37, seed 2 from 4.72 to 4.64 IMPs/deal, seed 1 unchanged).
Scored as bench/bidding_deals.py scores on seeds 1-4 and 11-14, 34 instead lost 2 IMPs
(± 48) and 36 lost 66 (± 47), 16 auctions changed each; asking besides that a
simulation of partner's hands finds 13 tricks at least 0.5, 0.6 or 0.7 likely lost 63
(± 29), 60 (± 49) and 166 (± 68): the grand slams it stopped made more often than
it estimated. A grand slam in notrump asking besides 35 HCP together (mine and
partner's shown minimum) lost 42 IMPs (± 31) on seeds 1-9 and 27 (± 33) on seeds
11-22, 16 auctions changed; 37 HCP lost 53 and 27. On seeds 1 and 31-65, two runs
over the halves, their gains added, against the code of 40ee955: 34 +105 IMPs, 66
auctions, +75 to the side that bid the grand, 37 of the 66 grands making at double
dummy, about the chance (0.57) from which a grand pays at IMPs: kept at 35; 36 -47, 28
auctions, -25."""


def _slam_values(hand: HandEval, b: Bindings, view: View) -> bool:
    """Slam values with partner's shown minimum: 31 points with a fit, counting length
    and shortness, or 29 HCP with a fit whatever the shape, or 31 HCP for notrump.
    bench/bidding.py: from 33 for both, missed slams fell from 1.96 to 1.77 IMPs/deal on
    seed 1 and 1.35 to 1.15 on seed 2; the 29 HCP with a fit and 31 for notrump (from
    32) gained on seeds 1, 2, 4 and 5 alike. Counting partner's likely extra over its
    minimum, as for game, gained on seeds 1 and 2 but lost more on 4 and 5. With a fit
    and a few points short, asking when a simulation finds that it gains clearly on
    average (`slam_in_fit`). Without a fit a long good suit counts as for game
    (`strength`), here and in `slam_in_notrump`: scored as bench/bidding_deals.py
    scores, against HCP alone, -17 IMPs (± 13) on seeds 31-35, +61 (± 33) on 36-40 and
    +34 (± 22) on 41-45, 28 auctions changed."""
    together = view.partner.hcp_min
    found = best_fit(hand, view)
    if found is not None:
        if hand.hcp + together >= SLAM_HCP_WITH_FIT:
            return not _slam_unlikely(hand, view, Strain(int(found)))
        return slam_in_fit(hand, b, view)
    if not nt_ok(hand, view) or strength(hand, view) + together < SLAM_IN_NT:
        return False
    return not _slam_unlikely(hand, view, Strain.NT)


SLAM_UNLIKELY = 0.35
"""Chance of twelve tricks, by a simulation of partner's hands, below which slam values
by the point count are not enough to ask for aces or bid 6NT: game instead. The
count misses what the simulation sees (duplicated values, partner's short suit
where my honours lie). Scored as bench/bidding_deals.py scores on seeds 1 and 31-65:
+202 IMPs (± 83), 81 auctions changed, +174 (± 95) to the side that stopped (+74 on
seeds 1 and 31-45, +128 on 46-65). Two runs over the halves of those seeds, their
gains added: 0.3 +108 IMPs, 46 auctions; 0.4 +205, 125 auctions."""


def _slam_unlikely(hand: HandEval, view: View, strain: Strain) -> bool:
    """Whether a simulation of partner's hands finds twelve tricks in `strain` less
    likely than `SLAM_UNLIKELY` (never when it has no opinion)."""
    chance = chance_of(hand, view, strain, 12)
    return chance is not None and chance < SLAM_UNLIKELY


def slam_in_fit(hand: HandEval, b: Bindings, view: View) -> bool:
    """With a trump fit: slam values by points (`SLAM_WITH_FIT` with partner's shown
    minimum), or, when the points fall a little short, by simulation: asking gains
    clearly on average over game (`simulation.blackwood_gain`, by more than
    `ASK_MARGIN`), the aces partner holds deciding between the slam and the five-level
    signoff."""
    found = best_fit(hand, view)
    if found is None:
        return False
    points = strength(hand, view)
    short = SLAM_WITH_FIT - points - view.partner.hcp_min
    if short <= 0:
        return not _slam_unlikely(hand, view, Strain(int(found)))
    if short > CLOSE or points + view.partner.hcp_max < SLAM_WITH_FIT:
        return False  # far short, or short even with partner's most
    gain = blackwood_gain(hand, view, Strain(int(found)))
    return gain is not None and gain > ASK_MARGIN


NT_SLAM_CHANCE = 0.55
"""Chance of twelve tricks in notrump, by a simulation of partner's hands, from which
6NT is bid instead of game. At IMPs the slam wins about what it loses, but the
simulated chance has its own error: where it said 0.6-0.8 double dummy made 0.77 of
the time (bench/simulation_calibration.py, seeds 1-6), at 0.4-0.6 only 0.55. Scored
as bench/bidding.py scores over its 18 seeds (9,000 deals), the simulation at 0.6
gained 28 IMPs (± 26, 8 auctions changed) over the point count alone, and 0.55 another
50 (± 33, 10 auctions); 0.5 gained only 19 over 0.6 (± 42, 22 auctions). On seeds 1
and 31-65, two runs over the halves, their gains added, against the code of bfc6ad9,
0.5: -33 IMPs, 52 auctions, +0 to the side that bid the slam."""
NT_SLAM_REACH = 27
"""HCP together, with partner's shown minimum, from which a notrump slam is simulated.
26 instead changed no auction on seeds 1-9 and two on seeds 11-22 (+11 IMPs ± 13) of
bench/bidding_deals.py. A 4NT over partner's 3NT that invites 6NT where the auction
shows no fit (twelve tricks 0.35 to 0.55 likely; partner accepting by simulation)
lost 27 IMPs (± 30) on seeds 1-9 and 48 (± 24) on seeds 11-22, 64 auctions: partner
rarely accepts, and 4NT no longer asks for aces where the asker's own hand holds a
fit. A jump to 4NT instead of the rules' 3NT, inviting 6NT on 28 to 30 HCP together
where our side has bid no suit twice and the opponents only passed, lost 365 IMPs
(± 96) on seeds 1-4 and 11-14, 123 auctions changed, for the same reason; kept to
auctions where our last bid was in notrump, it lost 12 (± 27), 17 auctions."""


def slam_in_notrump(hand: HandEval, b: Bindings, view: View, chosen: bool = False) -> bool:
    """Without a trump fit and with notrump right: slam values in notrump by points
    (`strength`, `SLAM_IN_NT` with partner's shown minimum), or, a few short but within
    partner's shown maximum, by a simulation of partner's hands (`NT_SLAM_CHANCE`). Where our
    side has `chosen` notrump already (3NT), the simulation alone also judges a hand
    whose shape is not one for notrump: scored as bench/bidding_deals.py scores, that
    gained 11 IMPs (± 6) on seeds 1-9 and lost 4 (± 4) on seeds 11-22, 4 auctions
    changed."""
    if best_fit(hand, view) is not None:
        return False
    shaped = nt_ok(hand, view)
    if not shaped and not chosen:
        return False
    partner = view.partner
    mine = strength(hand, view)
    if shaped and mine + partner.hcp_min >= SLAM_IN_NT:
        return not _slam_unlikely(hand, view, Strain.NT)
    if mine + partner.hcp_min < NT_SLAM_REACH or mine + partner.hcp_max < SLAM_IN_NT:
        return False
    chance = chance_of(hand, view, Strain.NT, 12)
    return chance is not None and chance >= NT_SLAM_CHANCE


def _may_ask(view: View, b: Bindings) -> bool:
    return not view.side_has("blackwood") and not view.side_has("ace_answer")


def _aces(count: int, *alternatives: int) -> Rule:
    suit = "CDHS"[count]
    return Rule(
        "blackwood_answer",
        None,
        f"5{suit}",
        need(test=lambda h, b, v: h.aces in (count, *alternatives)),
        "ace_answer",
        priority=1000,
        when=partner_said("blackwood", rho_pass=False),
        flags=("ace_answer",),
        extra=(("aces", "/".join(str(n) for n in (count, *alternatives))),),
    )


def _missing(hand: HandEval, view: View) -> int:
    answer = view.partner_last
    assert answer is not None and isinstance(answer.call, Bid)
    shown = _ANSWER_ACES.get(answer.call.strain, 0)
    if shown == 0 and hand.aces == 0:
        shown = 4
    return 4 - min(4, shown + hand.aces)


GRAND_CHANCE = 0.65
"""Chance of thirteen tricks, by a simulation of partner's hands, from which the asker
bids a grand slam with no ace missing short of `GRAND_POINTS`. At IMPs the grand pays
from a chance of about 0.57: it wins 11 or 13 IMPs over the small slam when it makes
(not vulnerable, vulnerable) and loses 14 or 17 when it fails. Scored as
bench/bidding_deals.py on seeds 1 and 31-65, two runs over the halves, their gains
added, against 0.7 (the code of bfc6ad9): +45 IMPs, 12 auctions, +52 to the side that
bid the grand, 8 of the 12 grands making at double dummy (11 of the small slams they
replaced); 0.6 +53 IMPs, 29 auctions, +38. Against 0.65, 0.6 gained +8 IMPs over the 17
grands it added, -14 to the side, 8 of them making, fewer than the chance from which a
grand pays: so 0.65. Earlier, with the slam models' `tricks.SLAM_BIAS`, 0.7 against no
simulation: +34 IMPs (± 31) on seeds 1 and 31-45, 7 auctions changed; -1 (± 34) on
seeds 46-55, 8 auctions; +36 (± 23) on seeds 56-60, 5 auctions; -17 (± 17) on seeds
61-65, 1 auction; 0.6 +76 (± 47), -25 (± 54) and +32 (± 39) on the first three sets,
49 auctions. Without the bias, 0.7 had changed 2 auctions of seeds 31-40."""


def _grand_likely(hand: HandEval, view: View, fit: Suit | None) -> bool:
    """Whether a simulation of partner's hands finds thirteen tricks in our `fit` (or
    notrump without one) at least `GRAND_CHANCE` likely."""
    strain = Strain.NT if fit is None else Strain(int(fit))
    chance = chance_of(hand, view, strain, 13)
    return chance is not None and chance >= GRAND_CHANCE


# After the answer, with one ace missing, five of the strain instead of the small slam
# where a simulation of partner's hands (now holding the aces answered) finds twelve
# tricks less than 0.45 likely: bench/bidding_deals.py on seeds 1 and 31-65, two runs
# over the halves, their gains added, against the code of 40ee955: +0 IMPs, 38 auctions,
# +31 to the side that asked; below 0.35, +11, 4 auctions, +0. Dropped: nothing gained
# at par.
def _place(missing: tuple[int, int], grand: bool, trump: bool) -> Rule:
    lo, hi = missing
    level = 7 if grand else 6 if hi <= 1 else 5

    def test(hand: HandEval, b: Bindings, view: View) -> bool:
        fit = best_fit(hand, view)
        if (fit is not None) != trump or (trump and fit != b["x"]):
            return False
        if not lo <= _missing(hand, view) <= hi:
            return False
        # the simulation last: it is the costly test, and needed only short of the points
        return not grand or combined(hand, view) >= GRAND_POINTS or _grand_likely(hand, view, fit)

    say = "grand_slam" if level == 7 else "small_slam" if level == 6 else "slam_signoff"
    return Rule(
        f"blackwood_{say}",
        None,
        f"{level}{{x}}" if trump else f"{level}N",
        need(test=test),
        say,
        priority=1000 + level,
        when=partner_said("ace_answer", rho_pass=False),
        flags=("signoff",),
    )


SUIT_OVER_NOTRUMP = 0.1
"""How much likelier twelve tricks in my own long suit must be than in notrump, by a
simulation of partner's hands, for the asker to bid six of the suit where no fit is
known (`_own_suit_slam`). Scored as bench/bidding_deals.py scores, against 6NT:
+16 IMPs (± 15) on seeds 31-40, +25 (± 17) on seeds 1 and 41-45, +13 (± 24) on seeds
46-55, 33 auctions changed. As likely or more (0) gained +60 (± 30) and +25 (± 17) on
the first two sets and lost 49 (± 38) on seeds 46-55; 0.2 gained +4 (± 6) on seeds
31-40."""


def _own_suit_slam(hand: HandEval, b: Bindings, view: View) -> bool:
    """After the ace answer, with no fit known and at most one ace missing: six of my
    long suit `x`, where partner may hold three, instead of 6NT when the simulation
    finds the suit clearly likelier (`SUIT_OVER_NOTRUMP`): a fit looked for before
    notrump, as a player with a long suit would."""
    if best_fit(hand, view) is not None or _missing(hand, view) > 1:
        return False
    suit = b["x"]
    if hand.lengths[suit] + view.partner.max_lengths[suit] < 8:
        return False
    in_suit = chance_of(hand, view, Strain(int(suit)), 12)
    notrump = chance_of(hand, view, Strain.NT, 12)
    if in_suit is None or notrump is None:
        return False
    return in_suit >= notrump + SUIT_OVER_NOTRUMP


_OWN_SUIT_SLAM = Rule(
    "blackwood_own_suit_slam",
    None,
    "6{x}",
    need(x=5, test=_own_suit_slam),
    "small_slam",
    priority=1006,
    when=partner_said("ace_answer", rho_pass=False),
    flags=("signoff", "rare"),  # a judgment: partner reads it as the slam it is
)
"""Six of my own five-card or longer suit after the ace answer, tried before 6NT: it
stands before the notrump placements in `RULES`, at their priority."""


def _fit_passed_by(hand: HandEval, b: Bindings, view: View) -> bool:
    """Two aces or more missing, and the answer has gone past five of our fit (5D
    answering 4NT in clubs): 5NT, as a pass would leave our side in partner's answer.
    Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, with the check of a
    judged 3NT's points (`system._points_as_shown`): +10 IMPs (± 24), 21 auctions
    changed."""
    if _missing(hand, view) < 2:
        return False
    fit = best_fit(hand, view)
    answer = view.partner_last
    assert answer is not None and isinstance(answer.call, Bid)
    return fit is not None and answer.call.strain > Strain(int(fit))


MINOR_SLAM_CHANCE = 0.5
"""Chance of twelve tricks in our minor fit, by a simulation of partner's hands, from
which a robot asks for aces instead of game (3NT or five of the minor, `system`)
however far the point count falls short of slam, and raises partner's five of the
minor to six (where 4NT no longer asks for aces). The small slam pays at IMPs from
about one time in two, and the point count's window (`CLOSE`) left out the hands
whose fit and shape make up for the points.

Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, each against the code
before it. Asking: +97 IMPs (± 77), 99 auctions changed, +215 (± 97) to the side that
asked (+81 on seeds 1 and 31-45, +16 on 46-65). Raising: +66 (± 50), 44 auctions,
+165 (± 74) to the side that raised (+26 and +40). Two runs over the halves of those
seeds, their gains added: asking from 0.45 +108 IMPs (137 auctions), from 0.55 +65
(68); raising from 0.55 +54 (36); asking likewise instead of four of a major fit -473
(363 auctions), where `slam_in_fit` weighs the five-level signoff."""


def minor_slam_likely(hand: HandEval, view: View, suit: Suit) -> bool:
    """Whether a simulation of partner's hands finds twelve tricks in our minor fit
    `suit` likely (`MINOR_SLAM_CHANCE`)."""
    chance = chance_of(hand, view, Strain(int(suit)), 12)
    return chance is not None and chance >= MINOR_SLAM_CHANCE


def _partner_bid_five_of(view: View, b: Bindings) -> bool:
    """Partner's latest call was five of the minor bound to m, our side's last bid."""
    last = view.partner_last
    return (
        last is not None
        and last.call == Bid(5, Strain(int(b["m"])))
        and view.auction.last_bidder == view.seat.partner
        and not view.side_has("blackwood")
    )


def _minor_slam_raise(hand: HandEval, b: Bindings, view: View) -> bool:
    """Our fit is the minor of partner's five-level bid, and the slam in it likely."""
    suit = b["m"]
    return best_fit(hand, view) == suit and minor_slam_likely(hand, view, suit)


_PLACEMENTS = (((0, 0), True), ((0, 1), False), ((2, 4), False))
"""Aces missing (least, most) and whether a grand slam: the asker's placements."""

RULES: tuple[Rule, ...] = (
    Rule(
        "minor_slam_raise",
        None,
        "6{m}",
        need(test=_minor_slam_raise),
        "slam_in_fit",
        priority=96,
        when=_partner_bid_five_of,
        flags=("signoff", "rare"),  # a judgment: partner reads it as the slam it is
    ),
    Rule(
        "blackwood",
        None,
        "4N",
        need(test=_slam_values),
        "blackwood",
        priority=95,
        when=both(partner_has_bid, _may_ask),
        flags=("blackwood",),
    ),
    Rule(
        "nt_slam_direct",
        None,
        "6N",
        need(test=slam_in_notrump),
        "nt_slam",
        priority=94,
        when=partner_has_bid,
        flags=("signoff",),
    ),
    _aces(0, 4),
    _aces(1),
    _aces(2),
    _aces(3),
    *(_place(missing, grand, True) for missing, grand in _PLACEMENTS),
    _OWN_SUIT_SLAM,
    *(_place(missing, grand, False) for missing, grand in _PLACEMENTS),
    Rule(
        "blackwood_slam_signoff",
        None,
        "5N",
        need(test=_fit_passed_by),
        "slam_signoff",
        priority=1001,
        when=partner_said("ace_answer", rho_pass=False),
        flags=("signoff", "rare"),  # a last resort, whatever the fit
    ),
    Rule(
        "blackwood_stop",
        None,
        "P",
        need(),
        "slam_signoff",
        priority=1000,
        when=partner_said("ace_answer", rho_pass=False),
        flags=("signoff",),
    ),
)
"""Blackwood and its answers."""
