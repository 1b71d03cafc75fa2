"""A fast estimate of the tricks a partnership takes in a strain, from both hands.

A linear model of simple features (high-card points, trump length and honours,
ruffing values, controls, losing-trick count, stoppers), fitted by `bench/trick_model.py`
on the double-dummy tricks of training deals that the bench never scores. It costs a
few microseconds where a double-dummy solve costs a third of a second, so the robots
can weigh many layouts of partner's hand within a call's time budget (`simulation`).

A closer fit does not yet bid better: features of the pair's controls (losers in the
first rounds of each side suit, suits without first- or second-round control, top
tricks, the trumps' top sequence, key cards), fitted on 864 game and 1500 slam
training deals, lowered the fit's residual spread in a suit from 0.95 to 0.89 tricks
(game) and 0.87 to 0.81 (slam) against the present features on the same deals, yet
lost 62 IMPs (± 51) on seeds 1-9 and 103 (± 44) on seeds 11-22 of
bench/bidding_deals.py; the slam model alone +17 (± 32) and -39 (± 21); the present
features refitted on those deals -40 (± 24) and +12 (± 26). The thresholds the
simulation's judgments use were set with this model.
"""

from __future__ import annotations

import math

from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.types import Rank, Strain

_TOP = (Rank.ACE, Rank.KING, Rank.QUEEN)
_SIDE_HONOURS = {Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def _losers(hand: HandEval) -> int:
    """Losing-trick count: in each suit, of its first three cards, those not A, K or Q."""
    total = 0
    for suit in range(4):
        top = min(hand.lengths[suit], 3)
        held = hand.ranks[suit]
        total += top - sum(1 for rank in _TOP[:top] if rank in held)
    return total


def _stopped(a: HandEval, b: HandEval, suit: int) -> bool:
    for hand in (a, b):
        held, length = hand.ranks[suit], hand.lengths[suit]
        if Rank.ACE in held or (Rank.KING in held and length >= 2):
            return True
        if Rank.QUEEN in held and length >= 3:
            return True
    return False


def features(a: HandEval, b: HandEval, strain: Strain) -> tuple[float, ...]:
    """The model's inputs for the partnership of `a` and `b` playing in `strain`."""
    hcp = a.hcp + b.hcp
    aces = a.aces + b.aces
    kings = sum(Rank.KING in h.ranks[s] for h in (a, b) for s in range(4))
    losers = _losers(a) + _losers(b)
    combined = sorted((a.lengths[s] + b.lengths[s] for s in range(4)), reverse=True)
    if strain == Strain.NT:
        unstopped = sum(not _stopped(a, b, s) for s in range(4))
        return (hcp, aces, kings, combined[0], combined[1], unstopped, losers)
    trump = int(strain)
    declarer, dummy = (a, b) if a.lengths[trump] >= b.lengths[trump] else (b, a)
    side = [s for s in range(4) if s != trump]
    ruffs = min(dummy.lengths[trump], sum(max(0, 3 - dummy.lengths[s]) for s in side))
    short = sum(max(0, 2 - declarer.lengths[s]) for s in side)
    honours = sum(1 for h in (a, b) for rank in h.ranks[trump] if rank in _TOP)
    wasted = sum(
        _SIDE_HONOURS.get(rank, 0)
        for mine, other in ((a, b), (b, a))
        for s in side
        if other.lengths[s] <= 1
        for rank in mine.ranks[s]
    )
    longest_side = max(a.lengths[s] + b.lengths[s] for s in side)
    fit = a.lengths[trump] + b.lengths[trump]
    return (
        hcp,
        aces,
        kings,
        fit,
        dummy.lengths[trump],
        honours,
        ruffs,
        short,
        wasted,
        longest_side,
        losers,
    )


SLAM_SUIT_COEFFICIENTS = (
    0.7908,
    0.1845,
    0.5781,
    0.1923,
    0.4721,
    -0.0784,
    0.2189,
    0.1528,
    0.2972,
    -0.0531,
    -0.0140,
    -0.1248,
)
SLAM_SUIT_SPREAD = 0.873
SLAM_NT_COEFFICIENTS = (-0.6079, 0.3553, 0.4836, 0.0603, 0.0308, -0.1180, -1.4065, -0.0088)
SLAM_NT_SPREAD = 1.201
GAME_SUIT_COEFFICIENTS = (
    -2.8453,
    0.2297,
    0.6279,
    0.2742,
    0.7332,
    -0.1242,
    0.1030,
    0.2287,
    0.4459,
    -0.0955,
    0.0634,
    -0.1367,
)
GAME_SUIT_SPREAD = 0.933
GAME_NT_COEFFICIENTS = (1.7954, 0.3870, 0.5123, 0.1640, -0.0786, -0.4760, -0.6804, -0.0340)
GAME_NT_SPREAD = 1.179


SLAM_BIAS = 0.2
"""Tricks added to the slam models' estimate. Fitted on random deals with 25+ HCP
(`bench/trick_model.py`), they fall short on the slams the robots ask about:
bench/simulation_calibration.py on seeds 46-49, which nothing here was chosen on, found
double dummy making 0.57 and 0.77 of the notrump slams the simulation gave 0.4-0.6 and
0.6-0.8 (0.49 and 0.68 on average), and 0.62 and 0.84 of such slams in a suit (0.49,
0.69). With 0.2 (chosen on seeds 31-33 of the same benchmark), 0.43 and 0.74 in
notrump, 0.47 and 0.80 in a suit; the Brier score fell from 0.128 to 0.126 (notrump)
and from 0.173 to 0.170 (suit).

Scored as bench/bidding_deals.py scores: +73 IMPs (± 60) on seeds 1 and 31-45, 45
auctions changed; +21 (± 45) on seeds 46-55, 31 auctions; +25 (± 27) on seeds 56-60
and -43 (± 32) on seeds 61-65, both first bid after the choice, 11 auctions each. More
bias gained on some sets and lost on others, against 0.2 with `slam.GRAND_CHANCE` on
the same four sets: 0.3 +61 (± 57), +31 (± 58), +51 (± 37), -10 (± 19); 0.4 +110
(± 85), +23 (± 75), +34 (± 59), -76 (± 38). The calibrated 0.2 is kept. In suit slams
alone, 0.2 gained 75 (± 51) on seeds 1 and 31-45 and lost 27 (± 48) on 46-55."""


def estimate(a: HandEval, b: HandEval, strain: Strain, tricks: int) -> tuple[float, float]:
    """The expected tricks of `a` and `b` in `strain` (the better declarer) and the
    spread of the double-dummy result around it, by the model fitted for the question:
    slam (`tricks` 12 or more, raised by `SLAM_BIAS`) or game."""
    values = features(a, b, strain)
    slam = tricks >= 12
    coef: tuple[float, ...]
    if strain == Strain.NT:
        coef = SLAM_NT_COEFFICIENTS if slam else GAME_NT_COEFFICIENTS
        spread = SLAM_NT_SPREAD if slam else GAME_NT_SPREAD
    else:
        coef = SLAM_SUIT_COEFFICIENTS if slam else GAME_SUIT_COEFFICIENTS
        spread = SLAM_SUIT_SPREAD if slam else GAME_SUIT_SPREAD
    bias = SLAM_BIAS if slam else 0.0
    return bias + coef[0] + sum(c * v for c, v in zip(coef[1:], values, strict=True)), spread


def at_least(mean: float, spread: float, tricks: int) -> float:
    """The chance of `tricks` or more from an estimate's mean and spread (a normal
    spread over whole tricks)."""
    return 0.5 * (1.0 + math.erf((mean - tricks + 0.5) / spread / math.sqrt(2.0)))


def ceiling(a: HandEval, b: HandEval, strain: Strain) -> int:
    """The most tricks `a` and `b` can take in `strain`: an ace the opponents hold
    takes a trick in notrump, and in a suit contract the trump ace does, and so does a
    side suit's when both hands hold a card of it. bench/trick_ceiling.py on the 8,000
    solved deals of seeds 1 and 31-45: no side took more at double dummy in notrump
    (0 of 16,000 sides and strains), 2 of 64,000 in a suit."""
    trump = None if strain == Strain.NT else int(strain)
    lost = 0
    for suit in range(4):
        if Rank.ACE in a.ranks[suit] or Rank.ACE in b.ranks[suit]:
            continue
        if trump is None or suit == trump or (a.lengths[suit] and b.lengths[suit]):
            lost += 1
    return 13 - lost


def chance(a: HandEval, b: HandEval, strain: Strain, tricks: int) -> float:
    """The chance that `a` and `b` take `tricks` or more in `strain` at double dummy,
    by the estimate's mean and spread; none beyond the aces they lack (`ceiling`)."""
    if tricks > ceiling(a, b, strain):
        return 0.0
    mean, spread = estimate(a, b, strain, tricks)
    return at_least(mean, spread, tricks)
