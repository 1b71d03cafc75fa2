"""Bidding in the two-player game (Draw Bridge): no partner, both hands are played.

Each player bids its own hand alone against one unseen hand of 13 cards drawn from the
other 39 (the other 26 cards take no part). A simple, sound strategy: expect 6.5 tricks
with an average hand, about one more for every three HCP above the opponent's
expected HCP, more with long trumps and short side suits; open with 12+ HCP (or seven
expected tricks) in the best strain, compete only as high as those tricks reach, and
double when the opponent's contract should fail.
"""

from __future__ import annotations

import math

from bridgetable.bots.bidding.rules import Bindings, Rule, View, need
from bridgetable.bots.bidding.situations import undoubled_theirs
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.types import Strain, Suit

_ORDER = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


def expected_tricks(hand: HandEval, strain: Strain) -> float:
    """Tricks the hand alone should take in `strain` against one random hand."""
    opponent_hcp = (40 - hand.hcp) / 3
    tricks = 6.5 + (hand.hcp - opponent_hcp) / 3
    trump = strain.suit
    if trump is None:
        tricks += 0.3 * sum(max(0, n - 4) for n in hand.lengths)
        tricks -= 0.5 * sum(1 for n in hand.lengths if n <= 1)
        return tricks
    tricks += 0.6 * (hand.lengths[trump] - 4)
    if hand.lengths[trump] >= 5:
        tricks += 0.4 * sum(2 - n for s, n in enumerate(hand.lengths) if s != trump and n < 2)
    return tricks


def best_strain(hand: HandEval) -> Strain:
    """The strain with the most expected tricks; no trump, then majors, win ties."""
    return max(_ORDER, key=lambda s: (round(expected_tricks(hand, s), 1), -_ORDER.index(s)))


def _level_of(view: View, strain: Strain) -> int:
    last = view.auction.last_bid
    return 1 if last is None else last.level + (0 if strain > last.strain else 1)


def _can_bid(hand: HandEval, view: View, strain: Strain) -> bool:
    if best_strain(hand) != strain:
        return False
    reach = math.floor(expected_tricks(hand, strain)) - 6
    if view.auction.last_bid is None and hand.hcp >= 12:
        reach = max(reach, 1)
    return _level_of(view, strain) <= reach


def _suit(hand: HandEval, b: Bindings, view: View) -> bool:
    return _can_bid(hand, view, Strain(b["x"]))


def _notrump(hand: HandEval, b: Bindings, view: View) -> bool:
    return _can_bid(hand, view, Strain.NT)


def _defeat(hand: HandEval, b: Bindings, view: View) -> bool:
    """Double when the declarer's expected tricks fall short by one and a half."""
    last = view.auction.last_bid
    assert last is not None
    opponent_hcp = max((40 - hand.hcp) / 3, 11)  # the bidder has shown some values
    declarer = 6.5 + (opponent_hcp - hand.hcp) / 3 + 0.6  # a bid suit is usually five long
    if last.strain is not Strain.NT:
        declarer -= 0.6 * max(0, hand.lengths[Suit(last.strain)] - 3)
    return declarer + 1.5 <= 6 + last.level


def _not_mine(view: View, b: Bindings) -> bool:
    return view.auction.last_bidder != view.seat


RULES: tuple[Rule, ...] = (
    Rule(
        "two_player_double",
        None,
        "X",
        need(test=_defeat),
        "two_player_double",
        priority=70,
        when=undoubled_theirs,
        flags=("penalty",),
    ),
    Rule(
        "two_player_bid",
        None,
        "~N",
        need(test=_notrump),
        "two_player_bid",
        priority=80,
        when=_not_mine,
    ),
    Rule(
        "two_player_bid",
        None,
        "~{x}",
        need(x=4, test=_suit),
        "two_player_bid",
        priority=80,
        when=_not_mine,
    ),
    Rule("two_player_pass", None, "P", need(), "two_player_pass", priority=0),
)
"""The two-player system."""
