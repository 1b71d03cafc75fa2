"""Responses to partner's weak two: the 2NT ask (Ogust) with game values and a fit,
game in a suit of one's own; and opener's answers to the ask."""

from __future__ import annotations

import pytest

from tests.bots.bidding.support import decide


@pytest.mark.parametrize(
    ("auction", "holding", "call", "rule", "meaning"),
    [
        # 14 HCP and a doubleton: game if the weak two is a maximum, so ask
        (
            "2H P",
            "KJ8.T2.AQ876.KQT",
            "2NT",
            "ogust_ask",
            "Ogust: asks about the weak two's strength and suit; 11+ HCP",
        ),
        (
            "2H P",
            "AKQJT5.6.J843.A3",
            "4S",
            "weak_two_own_game",
            "game in this suit; 14+ HCP; 6+ spades",
        ),
        ("2H P", "K8.T2.Q876.KQT93", "P", "weak_two_pass", "too weak to act; 0-15 HCP"),
        # East overcalled: the raises and 3NT (their suit stopped) as over a pass,
        # where it passed every hand before
        ("2S 3H", "K75.AJ3.KQ2.A865", "4S", "weak_two_game", "raise to game; 2+ spades"),
        (
            "2D 2H",
            "K75.J3.KQ2.A8652",
            "3D",
            "weak_two_raise",
            "preemptive raise: long support, weak hand; 0-15 HCP; 3+ diamonds",
        ),
        ("2H 2S", "J74.KT63.Q52.J97", "4H", "weak_two_preempt_raise", "raise to game; 2+ hearts"),
        ("2D 2S", "AQ4.K93.J94.AK85", "3NT", "weak_two_3nt", "game in notrump; 15+ HCP"),
        # without their suit stopped no 3NT: the raise
        (
            "2D 2S",
            "854.AK3.J94.KQ85",
            "3D",
            "weak_two_raise",
            "preemptive raise: long support, weak hand; 0-15 HCP; 3+ diamonds",
        ),
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


OGUST_ANSWERS = [
    ("9.KJT975.Q52.T87", "3C", "Ogust answer: minimum, a weak suit; 5-7 HCP"),
    ("9.AKT975.852.T87", "3D", "Ogust answer: minimum, two of the top three honours; 5-7 HCP"),
    ("9.KJT975.A52.Q87", "3H", "Ogust answer: maximum, a weak suit; 8-10 HCP"),
    (
        "9.AQT975.K52.J87",
        "3S",
        "Ogust answer: maximum, two of the top three honours; 8-10 HCP",
    ),
]


@pytest.mark.parametrize(("holding", "call", "meaning"), OGUST_ANSWERS)
def test_opener_answers_the_2nt_ask(holding: str, call: str, meaning: str) -> None:
    decision = decide(holding, "2H P 2NT P")
    assert (str(decision.call), decision.rule) == (call, "ogust_answer")
    assert decision.explanation.english() == meaning


@pytest.mark.parametrize(
    ("auction", "holding", "call"),
    [
        # 14 HCP: game opposite a maximum only
        ("2H P 2NT P 3C P", "KJ8.T2.AQ876.KQT", "3H"),
        ("2H P 2NT P 3D P", "KJ8.T2.AQ876.KQT", "3H"),
        ("2H P 2NT P 3H P", "KJ8.T2.AQ876.KQT", "4H"),
        # 20 HCP: game opposite any weak two
        ("2S P 2NT P 3C P", "K5.AKT92.K8.KQ93", "4S"),
    ],
)
def test_the_asker_places_the_contract(auction: str, holding: str, call: str) -> None:
    assert str(decide(holding, auction).call) == call


def test_a_maximum_with_the_top_honours_takes_a_strong_hand_to_slam() -> None:
    # 21 HCP and two aces opposite a maximum with two of the top three hearts
    decision = decide("AK863.Q8.AK.AJ43", "2H P 2NT P 3S P")
    assert (str(decision.call), decision.rule) == ("4NT", "blackwood")
    minimum = decide("AK863.Q8.AK.AJ43", "2H P 2NT P 3C P")
    assert str(minimum.call) == "4H"
