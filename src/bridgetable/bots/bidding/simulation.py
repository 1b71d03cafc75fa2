"""Close decisions by simulation: partner's hands consistent with the auction, each
scored by the fast trick estimator (`tricks`).

The rules stay the robots' system and the source of every explanation: a simulation
only decides whether a rule's hand condition holds when the point count alone leaves
it close. The layouts come from a generator seeded by the robot's hand and the auction,
so the same view always gives the same call.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from bridgetable.bots.bidding.inference import HandInference
from bridgetable.bots.bidding.rules import View
from bridgetable.bots.bidding.score import GAME_LEVEL
from bridgetable.bots.bidding.tricks import at_least, estimate
from bridgetable.bots.bidding.tricks import chance as tricks_chance
from bridgetable.bots.hand_eval import HCP, HandEval, evaluate
from bridgetable.engine.types import DECK, Card, Strain, Suit

SAMPLES = 32
"""Layouts of partner's hand weighed per decision. 48 instead, scored as
bench/bidding_deals.py scores: +17 IMPs (± 34) on seeds 1-9, -47 (± 34) on seeds
11-22, 58 auctions changed. 64 for slam decisions alone (twelve tricks and asking
for aces, checking twice as many hands), where a wrong call costs most: +11 IMPs
(± 21) on seeds 1-9 and +4 (± 16) on 11-22, 11 auctions changed, and call p99 on
seed 1 of bench/bidding.py from 19.8 ms to 23.1 ms, the slowest call from 80 to
102 ms: not worth its time. On seeds 1 and 31-65, two runs over the halves, their gains
added, against the code of bfc6ad9: 48 +30 IMPs, 168 auctions, -31 to the side whose
call changed; 64 +37, 206 auctions, -26: each within what other draws alone change
(`BATCH`)."""
BATCH = 500
"""Random hands drawn at once (numpy), tested against the shown ranges together: most
drawn hands fall outside them, and drawing them one by one (random.sample) was most of
a simulation's time. bench/bidding.py on seed 1, on one machine: call p99 from 41-49
ms to 26-31 ms, the slowest call from 160-205 ms to 120-147 ms. The hands come from the
same distribution, but other ones: on bench/bidding_deals.py's seeds this lost 85 IMPs
(± 68) on seeds 1-9 and 220 (± 62) on seeds 11-22, as the former generator with its
seed moved by one lost 95 (± 62) and 179 (± 64). The thresholds of the judgments were
measured on those seeds with the former draws, so part of what they gained there was
the luck of those draws, which no other deal shares."""
ATTEMPTS = 4000
"""Random hands drawn at most to find them (a hand outside the shown ranges is dropped):
where partner has shown a narrow range, 1000 often found too few for an opinion and
left the rules alone to decide. Over the bench's 18 seeds (9,000 deals) 4000 instead of
1000 gained 100 IMPs (± 53), 67 auctions changed; 10,000 did no better (-8)."""
CHECKS = 128
"""Hands within the shown ranges checked at most against partner's latest call. A hand
that meets no need of a rule making that call is dropped at once, the others cost a
whole choice of partner's call, what a simulation's time goes on; where a call's
rule asks more than its shown ranges say (a jump rebid's two long suits), few checked
hands pass. Over the bench's 18 seeds, 128 instead of 64 gained 45 IMPs (± 28, 15
auctions), 192 only 14 and 256 lost 44; call p99 on seed 1 of bench/bidding.py 16 ms, the slowest
call 76 ms."""
FEWEST = 3
"""Fewer consistent layouts than this and the simulation gives no opinion. Partner's
hands after a strong jump rebid (1C 1S 3D) fit so narrow a range that few of the drawn
hands qualify, and there even three layouts judge slam better than the point count
alone: over the bench's 18 seeds (9,000 deals), against 8, 12 lost 26 IMPs, 5 gained
28, 4 gained 51, 3 gained 75 (± 28, 15 auctions) and 2 gained 88 (18 auctions); with
`CHECKS` at 128, 8 instead of 3 lost 69 (± 28). So thin a sample leans on the few
layouts drawn: the same hand after 1C 1S 3D may judge otherwise with another dealer."""

_HCP = np.array([HCP.get(c.rank, 0) for c in DECK])
_ALL_HCP = int(_HCP.sum())
_SUIT_ONE_HOT = np.eye(4, dtype=np.int64)[[int(c.suit) for c in DECK]]
"""Each card's suit as a row of four (1 in its suit's place), to sum into lengths."""
_CACHE: dict[tuple[object, ...], float | None] = {}
_HANDS: dict[tuple[object, ...], tuple[HandEval, ...]] = {}
_checking: list[bool] = []
"""Non-empty while a simulated hand is checked against partner's call."""


def _cards(hand: HandEval) -> list[Card]:
    return [Card(Suit(s), rank) for s in range(4) for rank in hand.ranks[s]]


def rng_for(hand: HandEval, view: View) -> np.random.Generator:
    """The generator of this decision: seeded by the hand and the auction alone."""
    key = repr((hand.ranks, [str(c) for c in view.auction.calls], view.auction.dealer.name))
    return np.random.default_rng(zlib.crc32(key.encode()))


def _decision(hand: HandEval, view: View) -> tuple[object, ...]:
    """What a simulated decision depends on, the key of everything kept about it: my
    hand and the auction (its calls, dealer and vulnerability, which the check of
    partner's calls and the IMPs at stake both read)."""
    auction = view.auction
    return (hand, auction.calls, auction.dealer, auction.vulnerability)


def partner_hands(hand: HandEval, view: View, count: int = SAMPLES) -> list[HandEval]:
    """Up to `count` hands for partner within what its calls showed, drawn from the
    cards I don't hold and leaving the opponents what theirs showed."""
    key = (*_decision(hand, view), count)
    if key not in _HANDS:
        if len(_HANDS) > 256:
            _HANDS.clear()
        _HANDS[key] = _draw(hand, view, count)
    return list(_HANDS[key])


def _draw(hand: HandEval, view: View, count: int) -> tuple[HandEval, ...]:
    rng = rng_for(hand, view)
    mine = {c.index for c in _cards(hand)}
    rest = np.array([i for i in range(52) if i not in mine])
    shown = _partner_range(hand, view)
    would_call = _latest_call_test(view)
    found: list[HandEval] = []
    checks = 0
    for _ in range(ATTEMPTS // BATCH):
        # the 13 cards with the lowest random keys are a uniformly random hand
        keys = rng.random((BATCH, len(rest)))
        drawn = rest[np.argpartition(keys, 13, axis=1)[:, :13]]
        within = shown.admitted(_HCP[drawn].sum(axis=1), _SUIT_ONE_HOT[drawn].sum(axis=1))
        for row in np.flatnonzero(within):
            other = evaluate(tuple(DECK[i] for i in sorted(drawn[row].tolist())))
            checks += 1
            if checks > CHECKS:
                return tuple(found)
            if would_call(other):
                found.append(other)
                if len(found) == count:
                    return tuple(found)
    return tuple(found)


def _partner_range(hand: HandEval, view: View) -> HandInference:
    """What partner may hold: what its calls showed, within what my hand and the
    opponents' calls leave it (their least HCP and suit lengths together, and their
    most). Over the bench's 18 seeds (bench/bidding_deals.py) the opponents' part
    gained 45 IMPs (± 29) on seeds 1-9 and 19 (± 32) on seeds 11-22, 60 auctions
    changed: after the opponents' opening and overcall partner holds less, after their
    passes more. A range left empty admits no hand, and the simulation no opinion."""
    shown = view.partner
    left = view.hands.get(view.seat.lho, HandInference())
    right = view.hands.get(view.seat.rho, HandInference())
    rest = _ALL_HCP - hand.hcp
    mins, maxs = [], []
    for suit in range(4):
        cards = 13 - hand.lengths[suit]
        least = cards - left.max_lengths[suit] - right.max_lengths[suit]
        most = cards - left.min_lengths[suit] - right.min_lengths[suit]
        mins.append(max(shown.min_lengths[suit], least))
        maxs.append(min(shown.max_lengths[suit], most))
    return replace(
        shown,
        hcp_min=max(shown.hcp_min, rest - left.hcp_max - right.hcp_max),
        hcp_max=min(shown.hcp_max, rest - left.hcp_min - right.hcp_min),
        min_lengths=(mins[0], mins[1], mins[2], mins[3]),
        max_lengths=(maxs[0], maxs[1], maxs[2], maxs[3]),
    )


def _latest_call_test(view: View) -> Callable[[HandEval], bool]:
    """Whether partner, holding a hand, would have made its latest call: the ranges a
    call shows leave out what its rule's own tests ask (an invitation's points). A hand
    that meets the need of no rule making that call is rejected at once (most drawn
    hands), before the robot's whole choice is worked out for it. Checking every call
    partner made, not only the latest, changed 64 auctions on each half of
    bench/bidding_deals.py's seeds and gained nothing: -2 IMPs (± 49) on seeds 1-9, -21
    (± 46) on seeds 11-22."""
    from bridgetable.bots.bidding.system import choose_for, could_call  # tables import us

    auction = view.auction
    calls = auction.calls
    index = len(calls) - 2
    if index < 0 or auction.players != 4:
        return lambda other: True
    before, call = calls[:index], calls[index]
    could = could_call(before, auction.dealer, auction.vulnerability, call)

    def test(other: HandEval) -> bool:
        _checking.append(True)  # no simulation inside another's check: the rules decide
        try:
            if not could(other):
                return False
            return choose_for(before, auction.dealer, auction.vulnerability, other) == call
        finally:
            _checking.pop()

    return test


def chance_of(hand: HandEval, view: View, strain: Strain, tricks: int) -> float | None:
    """The chance that my hand and partner's take `tricks` in `strain`, over the
    layouts consistent with the auction; None when too few layouts were found."""
    if _checking:  # no simulation inside another's check: the rules decide there
        return None
    key = (*_decision(hand, view), strain, tricks)
    if key in _CACHE:
        return _CACHE[key]
    hands = partner_hands(hand, view)
    chance = None
    if len(hands) >= FEWEST:
        total = 0.0
        for other in hands:
            total += tricks_chance(hand, other, strain, tricks)
        chance = total / len(hands)
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = chance
    return chance


GAME_CHANCE = (0.45, 0.375)
"""Chance of making a game from which bidding it beats stopping a level lower, not
vulnerable and vulnerable, at IMPs: 4M against 3M wins 250 (6 IMPs) or loses 190
(5 IMPs) not vulnerable, wins 450 (10) or loses 240 (6) vulnerable. Scored as
bench/bidding_deals.py scores, (0.40, 0.33) lost 21 IMPs (± 47) on seeds 1-9 and 123
(± 47) on seeds 11-22; (0.50, 0.42) lost 78 (± 46) and gained 2 (± 41). On seeds 1
and 31-65, two runs over the halves, their gains added, against the code of bfc6ad9:
(0.42, 0.35) +31 IMPs, 157 auctions, -10 to the side whose call changed; (0.48, 0.40)
-96, 159 auctions, -2."""

BONUS_GAME_CHANCE = (0.1, 0.07)
"""How much likelier a game must be on a deal where a made partscore earns a bonus
(Chicago's last deal, 100 instead of 50): the partscore is worth 50 more, so 4M
against 3M wins 200 and loses 240 not vulnerable (the chance from which game pays
rises from 0.43 to 0.55), wins 400 and loses 290 vulnerable (0.35 to 0.42).
With it, the simulation's game judgments also run on such a deal (before, they were
left to the rules there): the Chicago row of bench/bidding.py's score column,
North-South bidding at the score against bidding blind to it, went from -0.026,
-0.022, -0.016, -0.010 and -0.138 IMPs/deal to +0.034, +0.036, +0.020, +0.006 and
-0.004 on seeds 1, 2, 11, 12 and 3."""


def game_likely(hand: HandEval, view: View, strain: Strain, margin: float = 0.0) -> bool | None:
    """Whether game in `strain` is worth bidding over partner's hands that fit the
    auction, its chance at most `margin` short of `GAME_CHANCE`; None when the
    simulation has no opinion (too few layouts)."""
    chance = chance_of(hand, view, strain, 6 + GAME_LEVEL[strain])
    if chance is None:
        return None
    vulnerable = view.auction.vulnerability.is_vulnerable(view.seat.side)
    needed = GAME_CHANCE[vulnerable] - margin
    if view.score.partscore_bonus:
        needed += BONUS_GAME_CHANCE[vulnerable]
    return chance >= needed


SLAM_SWING = (11, 13)
"""IMPs a small slam wins over game when it makes, or loses when it fails, not
vulnerable and vulnerable (about 500 and 750 either way)."""
FIVE_LEVEL_LOSS = (10, 12)
"""IMPs lost by a five-level signoff in a major that fails where game made."""


def blackwood_gain(hand: HandEval, view: View, strain: Strain) -> float | None:
    """The IMPs asking for aces gains on average over bidding game in `strain`, over
    partner's hands that fit the auction: with at most one ace missing the small slam
    is bid, with two the five-level signoff, which in a major loses when game was the
    limit. None when too few layouts were found."""
    if _checking:
        return None
    key = (*_decision(hand, view), strain, "blackwood")
    if key in _CACHE:
        return _CACHE[key]
    hands = partner_hands(hand, view)
    gain = None
    if len(hands) >= FEWEST:
        vulnerable = view.auction.vulnerability.is_vulnerable(view.seat.side)
        swing, five = SLAM_SWING[vulnerable], FIVE_LEVEL_LOSS[vulnerable]
        major = strain in (Strain.H, Strain.S)
        total = 0.0
        for other in hands:
            mean, spread = estimate(hand, other, strain, 12)
            if 4 - hand.aces - other.aces <= 1:
                made = at_least(mean, spread, 12)
                total += swing * (2 * made - 1)
            elif major:
                total -= five * (at_least(mean, spread, 10) - at_least(mean, spread, 11))
        gain = total / len(hands)
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = gain
    return gain
