"""Responses to partner's weak two: game with a fit or a suit of one's own."""

from __future__ import annotations

import pytest

from tests.bots.bidding.support import decide


@pytest.mark.parametrize(
    ("auction", "holding", "call", "rule", "meaning"),
    [
        # 14 HCP and a doubleton: game opposite a good six-card suit
        ("2H P", "KJ8.T2.AQ876.KQT", "4H", "weak_two_game", "raise to game; 2+ hearts"),
        (
            "2H P",
            "AKQJT5.6.J843.A3",
            "4S",
            "weak_two_own_game",
            "game in this suit; 14+ HCP; 6+ spades",
        ),
        ("2H P", "K8.T2.Q876.KQT93", "P", "weak_two_pass", "too weak to act; 0-15 HCP"),
    ],
)
def test_responses_to_a_weak_two(
    auction: str, holding: str, call: str, rule: str, meaning: str
) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, rule)
    assert decision.explanation.english() == meaning


def test_opener_leaves_partners_game_in_a_new_suit() -> None:
    decision = decide("9.AJT975.52.KT87", "2H P 4S P")
    assert str(decision.call) == "P"


def test_opener_answers_a_forcing_new_suit() -> None:
    decision = decide("9.AJT975.Q52.KT8", "2H P 3C P")
    assert str(decision.call) != "P"
