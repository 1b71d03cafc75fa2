"""Responses and opener's rebids, table-driven."""

from __future__ import annotations

import pytest

from tests.bots.bidding.support import decide

CASES = [
    # Responses to one of a suit.
    ("1H P", "K84.QJ5.9742.Q53", "2H", "resp_single_raise"),
    ("1H P", "K84.QJ52.A742.53", "3H", "resp_limit_raise"),
    ("1S P", "KJ84.A5.KQ74.953", "2NT", "resp_jacoby_2nt"),
    ("1S P", "84.KJ5.Q742.Q953", "1NT", "resp_1nt"),
    ("1S P", "84.K5.AQ742.Q953", "2D", "resp_two_over_one"),
    ("1D P", "K984.QJ52.74.953", "1H", "resp_new_suit_1"),
    ("1C P", "K9854.QJ2.74.953", "1S", "resp_new_suit_1"),
    ("1H P", "8432.54.J742.953", "P", "resp_pass"),
    ("1D X", "K984.QJ52.74.953", "1H", "resp_new_suit_1"),
    # 20 HCP and no suit to respond in: not the 1NT catch-all (6-10) but game, or, as
    # here, Blackwood when a simulation finds slam.
    ("1C P", "A.AQ5.AJ4.AJT985", "4NT", "blackwood"),
    # Opener's rebids.
    ("1H P 1S P", "A5.KQJ84.972.Q53", "1NT", "rebid_1nt"),
    ("1H P 1S P", "KJ84.AQ953.K2.53", "2S", "rebid_raise"),
    ("1D P 1H P", "KQ84.53.AQ953.K2", "1S", "rebid_new_suit_1"),
    ("1H P 1S P", "5.AKJ984.K72.Q53", "2H", "rebid_own_suit"),
    ("1H P 2H P", "A5.KQJ84.972.Q53", "P", "rebid_pass_after_raise"),
    ("1H P 2H P", "A5.KQJ84.K72.Q53", "3H", "rebid_invite_after_raise"),
    ("1H P 3H P", "A5.KQJ84.K72.Q53", "4H", "rebid_accept_limit"),
    ("1S P 2NT P", "AQJ85.K4.Q93.J52", "4S", "rebid_jacoby_min"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_response_or_rebid(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, rule)
