"""Judgment in any auction below the set sequences: respecting partner's sign-offs and
penalty doubles, answering a takeout double, competing on a trump fit (as many tricks
as trumps together), preferences and sign-offs in a long suit, penalty doubles when
the opponents overreach, and the final pass when nothing else fits."""

from __future__ import annotations

from bridgetable.bots.bidding.inference import Shown
from bridgetable.bots.bidding.placement import partner_strain
from bridgetable.bots.bidding.rules import Bindings, Rule, View, need
from bridgetable.bots.bidding.score import GAME_LEVEL
from bridgetable.bots.bidding.situations import (
    both,
    combined,
    fit,
    fits_better_than_last,
    game_values,
    not_theirs,
    partner_has_bid,
    partner_said,
    penalty_double_standing,
    rho_passed,
    unbid,
    undoubled_theirs,
    unlimited,
)
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.calls import DOUBLE, Bid
from bridgetable.engine.types import Strain, Suit


def _partner_signed_off(view: View, b: Bindings) -> bool:
    last = view.partner_last
    return (
        last is not None
        and "signoff" in last.rule.flags
        and view.auction.last_bidder == view.seat.partner
    )


def _their_last(view: View) -> Bid | None:
    bidder = view.auction.last_bidder
    return view.auction.last_bid if bidder is not None and bidder.side != view.side else None


def _they_bid_last(view: View, b: Bindings) -> bool:
    return _their_last(view) is not None


def _ours_and_they_bid(view: View, b: Bindings) -> bool:
    return _their_last(view) is not None and b["x"] in view.our_suits


COMPETE_FOUR_FIT = 10
"""Trumps together (mine and partner's shown) from which our side competes at the
four level, as many tricks as trumps (below it, the three level at most). Scored as
bench/bidding_deals.py scores: +20 IMPs (± 16) on seeds 1-9 and +8 (± 18) on seeds
11-22, 35 auctions changed, each a four of a minor over their three-level bid. The
five level with eleven trumps besides: +4 (± 16) and -13 (± 15) against this rule, 12
auctions. Measured with this rule against the code before it (where it alone gained
+20 and +8) and dropped: a sacrifice over their vulnerable game in a suit, not
vulnerable ourselves, with ten trumps and at most 19 HCP together (mine and partner's
least), +23 (± 21) and -4 (± 20), with nine trumps +26 (± 33) and -42 (± 27); a
simulation of the partscore battle that also deals the opponents' cards within what
their calls showed and weighs letting them play their two- or three-level partscore
against bidding on in our fit, in IMPs by the trick estimator, overruling the rules
by 1 IMP or more +6 (± 44) and -59 (± 43), 298 auctions, by 3 or more +24 (± 30) and
-20 (± 30), 139 auctions. A doubled sacrifice over their game in a suit, not
vulnerable, partner having bid, nine trumps together, where a simulation finds it
cheaper on average than defending (partner's hands as the auction allows them, the
opponents' cards split at random, both sides' tricks by the trick estimator), by 1 IMP
or more: -15 IMPs, 20 auctions, +55 to the side that sacrificed (two of them over
their five-level answer to 4NT, left out of the next two); by 3, -7, 7 auctions (+34);
at favourable vulnerability alone, by 1, +6, 10 auctions (+47). On seeds 1 and 31-65,
in two runs over the halves, their gains added: too rare to count at par."""


def _cheapest_level(view: View, suit: Suit) -> int:
    last = view.auction.last_bid
    assert last is not None
    return last.level + (0 if suit > last.strain else 1)


def _compete(hand: HandEval, b: Bindings, view: View) -> bool:
    """Our fit allows the cheapest bid in it: one level per trump beyond six, up to the
    three level, or the four with `COMPETE_FOUR_FIT` trumps together."""
    level = _cheapest_level(view, b["x"])
    together = fit(hand, view, b["x"])
    return level <= min(4 if together >= COMPETE_FOUR_FIT else 3, together - 6)


def _shows_compete(view: View, b: Bindings) -> Shown:
    """The trumps `_compete` asks of my hand at that level, beyond partner's shown length
    (1S P P X P 2H 2S: three spades), where the raise showed nothing and partner read
    no fit (it passed 1H 1NT 2H with 21 HCP, A9.AQJ963.A98.A2, before `interference`
    named that raise). Scored as bench/bidding_deals.py scores on seeds 1 and 31-65,
    two runs over the halves, their gains added: +115 IMPs, 108 auctions, +48 to the
    side whose call changed."""
    level = _cheapest_level(view, b["x"])
    return _fit_shown(view, b["x"], max(level + 6, COMPETE_FOUR_FIT if level == 4 else 0))


def _fit_shown(view: View, suit: Suit, together: int) -> Shown:
    """What a bid that needs `together` cards in `suit` with partner's shown length
    shows of my hand: the rest of them."""
    return Shown((0, 37), ((suit, max(0, together - view.partner.min_length(suit)), 13),))


def _penalty(hand: HandEval, b: Bindings, view: View) -> bool:
    bid = _their_last(view)
    if bid is None or bid.level < 2:
        return False
    points = hand.hcp + view.partner.hcp_min
    if bid.strain is Strain.NT:
        return points >= 23 and hand.hcp >= 10
    trumps = Suit(bid.strain)
    holding = hand.lengths[trumps] >= 5 or (
        hand.lengths[trumps] >= 4 and hand.top_honours(trumps, 4) >= 1
    )
    return holding and points >= 22 and view.partner.min_length(trumps) <= 2


def _over_our_game(view: View, b: Bindings) -> bool:
    """They bid over a game our side had bid."""
    bid = _their_last(view)
    if bid is None or bid.level < 4 or not undoubled_theirs(view, b):
        return False
    return any(
        isinstance(call, Bid) and seat.side == view.side and call.level >= GAME_LEVEL[call.strain]
        for call, seat in zip(view.auction.calls, view.seats, strict=True)
    )


def _penalty_level(view: View, b: Bindings) -> bool:
    bid = _their_last(view)
    return (
        bid is not None
        and bid.level >= 2
        and undoubled_theirs(view, b)
        and partner_has_bid(view, b)
        and not _over_our_game(view, b)
    )


def _partners_first_suit(view: View, b: Bindings) -> bool:
    """Partner's latest bid is a second suit and x is partner's first (4+) suit."""
    last = partner_strain(view)
    if last is None or last is Strain.NT or int(last) == int(b["x"]) or not rho_passed(view, b):
        return False
    return view.auction.last_bidder == view.seat.partner and view.partner.min_length(b["x"]) >= 4


def _preference(hand: HandEval, b: Bindings, view: View) -> bool:
    return fits_better_than_last(hand, view, b["x"]) and combined(hand, view) < 25


def _shows_preference(view: View, b: Bindings) -> Shown:
    """The cards a preference needs in partner's first suit: seven together with
    partner's shown length (`fits_better_than_last`). Scored as bench/bidding_deals.py
    scores on seeds 1 and 31-65, two runs over the halves, their gains added, against
    the competitive raise's shown trumps (`_shows_compete`): +13 IMPs, 22 auctions, +5
    to the side whose call changed."""
    return _fit_shown(view, b["x"], 7)


def _competitive_double(hand: HandEval, b: Bindings, view: View) -> bool:
    """Short in their suit and no fit of our own."""
    bid = _their_last(view)
    assert bid is not None and bid.strain is not Strain.NT
    return hand.lengths[Suit(bid.strain)] <= 2 and all(fit(hand, view, s) < 8 for s in Suit)


def _they_outbid_me(view: View, b: Bindings) -> bool:
    """They bid a suit up to the three level over my bid, partner silent."""
    bid = _their_last(view)
    if bid is None or bid.level > 3 or bid.strain is Strain.NT:
        return False
    return undoubled_theirs(view, b) and _i_bid_partner_passed(view, b)


def _i_bid_partner_passed(view: View, b: Bindings) -> bool:
    """I bid, partner only passed. Counting a takeout double of 16+ as my bid (a second
    double when they raise and partner passes), scored as bench/bidding_deals.py
    scores: -12 IMPs on seeds 1-9, +13 on 11-22 (± 30), 48 auctions changed."""
    mine = view.meanings_of(view.seat)
    theirs = view.meanings_of(view.seat.partner)
    return any(isinstance(m.call, Bid) for m in mine) and all(
        not isinstance(m.call, Bid) and m.call != DOUBLE for m in theirs
    )


def _second_suit(hand: HandEval, b: Bindings, view: View) -> bool:
    """A second five-card suit with a good hand when they outbid us."""
    if hand.hcp < 14 or hand.lengths[b["x"]] < 5:
        return False
    return any(hand.lengths[s] >= 5 for s in view.our_suits if s != b["x"])


def _sit_for_penalty(hand: HandEval, b: Bindings, view: View) -> bool:
    bid = _their_last(view)
    if bid is None or bid.strain is Strain.NT:
        return False
    trumps = Suit(bid.strain)
    return hand.lengths[trumps] >= 4 and hand.top_honours(trumps, 4) >= 2 and hand.hcp >= 8


def _long_suit(hand: HandEval, b: Bindings, view: View) -> bool:
    """An opening hand with a six-card suit our side has not shown, and no fit."""
    return hand.hcp >= 13 and all(fit(hand, view, s) < 8 for s in view.our_suits)


def _long_suit_signoff(hand: HandEval, b: Bindings, view: View) -> bool:
    """Partner's latest bid is notrump or a suit I hold little of: at most one card,
    or two with six or more in mine (1H 1S 2D 2S on AQJT953.6.87.986 had passed 2D).
    Whatever the points together: the rules that invite or bid game come first, and
    the pass this replaces plays partner's suit on a worse fit. Scored as
    bench/bidding_deals.py scores, against at most one card and under 23 points
    together: +10, +15 and -3 IMPs on seeds 1, 2 and 11, 0, -4, -3 and +1 on seeds
    12, 3, 4 and 5 (19 auctions); with seven cards needed for the two: +11, +4, -5."""
    strain = partner_strain(view)
    if strain is None or view.auction.last_bidder != view.seat.partner:
        return False
    if strain is Strain.NT:
        return True
    short = 2 if hand.lengths[b["x"]] >= 6 else 1
    return hand.lengths[Suit(strain)] <= short


RULES: tuple[Rule, ...] = (
    Rule(
        "sit_penalty_double",
        None,
        "P",
        need(),
        "sit_penalty",
        priority=1100,
        when=penalty_double_standing,
    ),
    Rule(
        "pass_signoff",
        None,
        "P",
        need(),
        "accept_signoff",
        priority=1000,
        when=both(_partner_signed_off, rho_passed),
    ),
    Rule(
        "penalty_pass",
        None,
        "P",
        need(test=_sit_for_penalty),
        "penalty_pass",
        priority=70,
        when=partner_said("takeout"),
        flags=("penalty",),
    ),
    Rule(
        "answer_takeout",
        None,
        "~{x}",
        need(x=4),
        "advance_double",
        priority=69,
        when=both(partner_said("takeout"), not_theirs("x")),
        prefer="major",
        levels=(1, 3),
    ),
    Rule(
        "answer_takeout",
        None,
        "~{x}",
        need(x=3),
        "advance_double",
        priority=68,
        when=both(partner_said("takeout"), not_theirs("x")),
        prefer="major",
        levels=(1, 3),
        flags=("rare",),
    ),
    Rule(
        "answer_takeout",
        None,
        "~N",
        need(),
        "advance_double",
        priority=67,
        when=partner_said("takeout"),
        levels=(1, 3),
    ),
    Rule(
        "double_sacrifice",
        None,
        "X",
        need(test=game_values),
        "penalty_double",
        priority=65,
        when=_over_our_game,
        flags=("penalty",),
    ),
    Rule(
        "penalty_double",
        None,
        "X",
        need(test=_penalty),
        "penalty_double",
        priority=60,
        when=_penalty_level,
        flags=("penalty",),
    ),
    Rule(
        "compete_in_fit",
        None,
        "~{x}",
        need(test=_compete),
        "compete",
        priority=55,
        levels=(2, 4),
        when=_ours_and_they_bid,
        shows=_shows_compete,
    ),
    Rule(
        "competitive_double",
        None,
        "X",
        need(16, test=_competitive_double),
        "competitive_double",
        priority=54,
        when=_they_outbid_me,
        flags=("takeout",),
    ),
    Rule(
        "second_suit",
        None,
        "~{x}",
        need(14, x=5, test=_second_suit),
        "new_suit",
        priority=53,
        levels=(2, 3),
        when=both(_they_bid_last, unbid("x")),
    ),
    Rule(
        "preference",
        None,
        "~{x}",
        need(test=_preference),
        "preference",
        priority=52,
        levels=(2, 2),
        when=_partners_first_suit,
        shows=_shows_preference,
    ),
    Rule(
        "long_suit",
        None,
        "~{x}",
        need(13, x=6, test=_long_suit),
        "long_suit",
        priority=51,
        levels=(2, 3),
        when=both(partner_has_bid, unbid("x"), unlimited),
    ),
    Rule(
        "signoff_long_suit",
        None,
        "~{x}",
        need(x=6, test=_long_suit_signoff),
        "signoff",
        priority=50,
        levels=(2, 2),
        when=both(partner_has_bid, rho_passed),
        flags=("signoff",),
    ),
    Rule("pass_default", None, "P", need(), "no_suitable_call", priority=-100),
)
"""Partscore judgment and the last resort, a pass."""
