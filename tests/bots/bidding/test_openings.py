"""Opening bids, table-driven: hand -> expected call and rule."""

from __future__ import annotations

import pytest

from bridgetable.engine.types import Seat
from tests.bots.bidding.support import decide

CASES = [
    # (auction before, hand S.H.D.C, call, rule)
    ("", "AK53.KJ4.A98.952", "1NT", "open_1nt"),
    ("", "AQJ85.K4.Q93.J52", "1S", "open_1_major"),
    ("", "K4.AQJ85.Q93.J52", "1H", "open_1_major"),
    ("", "AKQ5.AKJ4.AQ.K52", "2C", "open_2c"),
    ("", "AK5.KQ4.AQ98.K52", "2NT", "open_2nt"),
    ("", "84.KQT985.732.J4", "2H", "open_weak_two"),
    ("", "KQT985.84.732.J4", "2S", "open_weak_two"),
    ("", "84.J4.KQT985.732", "2D", "open_weak_two"),
    ("", "5.KQJ8743.92.843", "3H", "open_preempt"),
    ("", "Q842.K73.J95.Q62", "P", "open_pass"),
    ("", "K5.A84.KJ92.Q852", "1D", "open_1_minor"),
    ("", "AK54.Q84.K92.J52", "1C", "open_1_minor"),
    ("", "AQ854.KQ953.4.A2", "1S", "open_1_major"),
    ("", "A2.4.KQ854.AQ953", "1D", "open_1_minor"),
    # 5-4-2-2 with the five cards in a minor, or 6-3-2-2 with the six in a minor, and
    # 15-17 HCP: 1NT, as balanced; with the long suit a major, or below 15, the suit.
    ("", "AJT4.J3.Q2.AKJ42", "1NT", "open_1nt"),
    ("", "K5.AQ84.KQJ85.Q2", "1NT", "open_1nt"),
    ("", "AJT42.J3.Q2.AKJ4", "1S", "open_1_major"),
    ("", "AJT4.J3.52.AKJ42", "1C", "open_1_minor"),
    ("", "74.AK4.KQ.KQT873", "1NT", "open_1nt"),
    ("", "74.KQ.AK4.KQT873", "1NT", "open_1nt"),
    ("", "KQT873.AK4.KQ.74", "1S", "open_1_major"),
    # 18 HCP with 4-3-3-3 opens 1NT (worth a point less); other balanced 18s a suit.
    ("", "AJ63.A74.A43.KQT", "1NT", "open_1nt"),
    ("", "AK53.KQ4.AJ98.J2", "1D", "open_1_minor"),
    ("P", "AK53.KJ4.A98.952", "1NT", "open_1nt"),
    ("P P P", "84.KQT985.732.J4", "P", "open_pass"),
    # Fourth seat: any hand sound elsewhere, or a lighter one with spades (rule of 15).
    ("P P P", ".AKJ85.Q9532.K42", "1H", "open_1_major"),
    ("P P P", "KQ85.K73.Q95.J62", "1C", "open_1_minor"),
    ("P P P", "Q84.KJ73.Q95.Q62", "P", "open_pass"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_opening(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.N)
    assert (str(decision.call), decision.rule) == (call, rule)


def test_one_notrump_explanation_is_structured() -> None:
    decision = decide("AK53.KJ4.A98.952")
    assert decision.explanation.message == "nt_opening"
    assert decision.explanation.params["min"] == 15
    assert decision.explanation.params["max"] == 17
    assert "15-17 HCP" in decision.explanation.english()
