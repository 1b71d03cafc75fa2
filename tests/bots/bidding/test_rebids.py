"""Opener's rebids with a strong unbalanced hand: the jump shift."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding import explain_call
from bridgetable.engine.calls import parse_call
from bridgetable.engine.types import Seat, Vulnerability
from tests.bots.bidding.support import calls, decide


@pytest.mark.parametrize(
    ("holding", "auction", "call"),
    [("AJ875.Q.K92.AKQ9", "1S P 1NT P", "3C"), ("AKQ5.7.AKJ85.K52", "1D P 1H P", "2S")],
)
def test_opener_jump_shifts_with_19_and_a_second_suit(
    holding: str, auction: str, call: str
) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, "rebid_jump_shift")


def test_the_jump_shift_forces_to_game() -> None:
    decision = decide("T94.AK9852.J54.3", "1S P 1NT P 3C P")
    assert str(decision.call) != "P"
    meaning = explain_call(calls("1S P 1NT P"), Seat.N, Vulnerability.NONE, parse_call("3C"))
    assert meaning is not None
    assert meaning.english().startswith("strong hand with this suit; 19+ HCP")


def test_a_minimum_does_not_jump_shift() -> None:
    decision = decide("AJ875.Q.K92.J987", "1S P 1NT P")
    assert decision.rule != "rebid_jump_shift"
