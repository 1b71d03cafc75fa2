"""The two-player game: each player bids its own hand alone."""

from __future__ import annotations

from bridgetable.bots.bidding.twoplayer import best_strain, expected_tricks
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import Seat, Strain
from tests.bots.bidding.support import decide, hand


def test_opens_twelve_points_in_the_best_strain() -> None:
    decision = decide("AQJ85.K4.Q93.J52", "", dealer=Seat.N, players=2)
    assert (str(decision.call), decision.rule) == ("1S", "two_player_bid")
    assert decision.explanation.message == "two_player_bid"


def test_passes_a_weak_hand() -> None:
    decision = decide("Q842.K73.J95.962", "", dealer=Seat.N, players=2)
    assert str(decision.call) == "P"


def test_competes_only_as_high_as_its_tricks() -> None:
    strong = decide("AKQJ85.AK4.Q9.52", "1H", dealer=Seat.N, players=2)
    assert str(strong.call) == "1S"
    modest = decide("QJ985.K4.Q93.J52", "2H", dealer=Seat.N, players=2)
    assert str(modest.call) == "P"


def test_expected_tricks_grow_with_points_and_trumps() -> None:
    h = evaluate(hand("AKQJ85.AK4.Q9.52"))
    assert expected_tricks(h, Strain.S) > expected_tricks(h, Strain.H)
    assert best_strain(h) is Strain.S
    assert expected_tricks(evaluate(hand("Q842.K73.J95.962")), Strain.NT) < 7
