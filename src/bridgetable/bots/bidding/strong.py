"""The strong 2C opening (22+): responses (2D waiting, positive suits, 2NT with 8-10
balanced, 3NT with 11 or more) and the continuations until the partnership is in a
game-forcing auction.

The balanced positive is split in two so that opener knows enough for a grand slam:
with 2NT alone at 8 or more, opener's 22-24 and partner's minimum never reached the
grand slam's points together (`slam.GRAND_POINTS`), and opener stopped in six with
thirteen tricks there. Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, 3NT
from 11 HCP gained 34 IMPs (± 35), 13 auctions changed, +26 to the side that responded;
from 10 HCP (2NT 8-9) only 14 (± 33)."""

from __future__ import annotations

from bridgetable.bots.bidding.rules import Bindings, Rule, View, need
from bridgetable.bots.bidding.situations import good_suit, is_major
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.types import Suit

_ASKED = "2C _"
_WAITED = "2C _ 2D _"
_SUIT_REBID = "2C _ 2D _ ?{x} _"


def _not_diamonds(view: View, b: Bindings) -> bool:
    return b["x"] != Suit.D


def _good_diamonds(hand: HandEval, b: Bindings, view: View) -> bool:
    return hand.good_suit(Suit.D)


RULES: tuple[Rule, ...] = (
    Rule(
        "strong_positive",
        _ASKED,
        "~{x}",
        need(8, x=5, test=good_suit("x")),
        "positive_response",
        priority=300,
        levels=(2, 3),
        when=_not_diamonds,
        flags=("game_force",),
    ),
    Rule(
        "strong_positive",
        _ASKED,
        "3D",
        need(8, D=5, test=_good_diamonds),
        "positive_response",
        priority=299,
        flags=("game_force",),
    ),
    Rule(
        "strong_positive_nt",
        _ASKED,
        "3N",
        need(11, bal=True),
        "positive_response",
        priority=296,
        flags=("game_force",),
    ),
    Rule(
        "strong_positive_nt",
        _ASKED,
        "2N",
        need(8, 10, bal=True),
        "positive_response",
        priority=295,
        flags=("game_force",),
    ),
    Rule("strong_waiting", _ASKED, "2D", need(), "waiting", priority=290),
    Rule("strong_rebid_nt", _WAITED, "2N", need(22, 24, bal=True), "nt_opening", priority=300),
    Rule("strong_rebid_3nt", _WAITED, "3N", need(25, 27, bal=True), "nt_opening", priority=299),
    Rule(
        "strong_rebid_suit",
        _WAITED,
        "~{x}",
        need(x=5),
        "strong_suit",
        priority=290,
        levels=(2, 3),
        flags=("game_force",),
    ),
    Rule(
        "strong_rebid_suit",
        _WAITED,
        "~{x}",
        need(x=4),
        "strong_suit",
        priority=280,
        levels=(2, 3),
        flags=("game_force",),
    ),
    Rule(
        "strong_rebid_nt", _WAITED, "~N", need(), "nt_opening", priority=270, flags=("game_force",)
    ),
    Rule(
        "strong_raise",
        _SUIT_REBID,
        "~{x}",
        need(x=3),
        "raise_strong",
        priority=300,
        when=is_major("x"),
    ),
    Rule("strong_raise", _SUIT_REBID, "~{x}", need(x=4), "raise_strong", priority=295),
    Rule(
        "strong_second_suit",
        _SUIT_REBID,
        "~{y}",
        need(y=5),
        "new_suit",
        priority=290,
        levels=(2, 3),
    ),
    Rule("strong_second_nt", _SUIT_REBID, "~N", need(), "nt_response", priority=280, levels=(2, 3)),
)
"""The strong club auction."""
