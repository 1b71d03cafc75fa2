"""Hand evaluation: points, shape, stoppers, the opening suit."""

from __future__ import annotations

import pytest

from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import Suit
from tests.bots.bidding.support import hand


def test_points_and_shape() -> None:
    h = evaluate(hand("AK53.KJ4.A98.952"))
    assert h.hcp == 15
    assert h.lengths == (3, 3, 3, 4)  # clubs, diamonds, hearts, spades
    assert h.shape == (4, 3, 3, 3)  # longest first, whatever the suits
    assert h.balanced
    assert h.aces == 2
    assert h.total_points == 15


def test_unbalanced_and_length_points() -> None:
    h = evaluate(hand("AQJ854.K4.Q93.J5"))
    assert h.shape == (6, 3, 2, 2)
    assert not h.balanced
    assert h.total_points == h.hcp + 2
    assert h.support_points(Suit.S) == h.hcp + 2  # two doubletons, one point each


@pytest.mark.parametrize(
    ("holding", "suit", "stopped"),
    [
        ("A.KQJT9.8765.432", Suit.S, True),
        ("K2.QJT98.876.432", Suit.S, True),
        ("K.QJT982.876.432", Suit.S, False),
        ("Q32.JT98.876.432", Suit.S, True),
        ("J432.T98.876.432", Suit.S, True),
        ("J32.JT98.876.432", Suit.S, False),
    ],
)
def test_stoppers(holding: str, suit: Suit, stopped: bool) -> None:
    assert evaluate(hand(holding)).stopper(suit) is stopped


@pytest.mark.parametrize(
    ("holding", "suit"),
    [
        ("AQJ85.K4.Q93.J52", Suit.S),
        ("AQ854.KQ953.4.A2", Suit.S),
        ("A2.4.KQ854.AQ953", Suit.D),
        ("K5.A84.KJ92.Q852", Suit.D),
        ("AK54.Q84.K92.J52", Suit.C),
        ("AK54.QJ84.K9.J52", Suit.C),
        ("AK54.QJ84.K952.2", Suit.D),
        ("AK542.Q8.2.KJ952", Suit.S),
        ("A2.K8.Q32.AKJ952", Suit.C),
    ],
)
def test_opening_suit(holding: str, suit: Suit) -> None:
    assert evaluate(hand(holding)).opening_suit() is suit


def test_bid_order() -> None:
    h = evaluate(hand("K984.QJ52.74.953"))
    assert h.order([Suit.H, Suit.S]) == [Suit.H, Suit.S]  # four-card suits up the line
    h = evaluate(hand("K9854.QJ852.74.9"))
    assert h.order([Suit.H, Suit.S]) == [Suit.S, Suit.H]  # five-five: higher first
