"""Opener's rebids: the jump shift with a strong unbalanced hand, 3NT over a minor
limit raise; and no pull of partner's 3NT to five of a minor."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding import explain_call, infer_hands
from bridgetable.bots.bidding.system import choose_for
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import parse_call
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide, hand


@pytest.mark.parametrize(
    ("holding", "auction", "call"),
    [
        ("AJ875.Q.K92.AKQ9", "1S P 1NT P", "3C"),
        ("AKQ5.7.AKJ85.K52", "1D P 1H P", "2S"),
        # 17 or 18 HCP and six-five: the two-suiter's length makes up for the points.
        (".AKQ84.A3.KQT852", "1H P 1S P", "3C"),
        ("A.AKQJ84.3.K8652", "1H P 1S P", "3C"),
    ],
)
def test_opener_jump_shifts_with_19_or_a_strong_two_suiter(
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
    # 17 HCP and five-five fall short of the two-suiter's points: a new suit only.
    decision = decide("A.AKQ84.A3.86542", "1H P 1S P")
    assert (str(decision.call), decision.rule) == ("2C", "rebid_new_suit_2")


def test_a_light_opener_shows_a_four_card_major_at_the_one_level() -> None:
    decision = decide("AK53.9.876542.A2", "1D P 1H P")
    assert (str(decision.call), decision.rule) == ("1S", "rebid_new_suit_1")


def test_opener_bids_3nt_over_a_minor_limit_raise_with_13() -> None:
    decision = decide("KJ5.Q43.AQ842.J5", "1D P 3D P")
    assert (str(decision.call), decision.rule) == ("3NT", "rebid_3nt_after_limit")
    assert decision.explanation.english() == "natural notrump rebid; 13+ HCP"


def test_opener_passes_a_minor_limit_raise_with_12() -> None:
    decision = decide("KJ5.Q43.AQ842.95", "1D P 3D P")
    assert (str(decision.call), decision.rule) == ("P", "rebid_decline_limit")


def test_partners_3nt_is_not_pulled_to_five_of_a_minor() -> None:
    # the limit raiser with a balanced hand leaves opener's 3NT, the cheaper game
    decision = decide("76.Q65.KQ8.KJ964", "1C P 3C P 3NT P")
    assert str(decision.call) == "P"


def test_a_long_minor_does_not_pull_partners_3nt() -> None:
    decision = decide("JT.Q54.AJT973.KQ", "1D P 1H P 2D P 3NT P")
    assert str(decision.call) == "P"


def test_a_limited_responder_signs_off_in_a_long_suit() -> None:
    # the 1NT response showed 6-10: a new suit now is a sign-off, not a force
    decision = decide("T.Q98643.AT742.8", "1S P 1NT P 2C P")
    assert (str(decision.call), decision.rule) == ("2H", "signoff_long_suit")
    assert decision.explanation.english() == "sign-off in a long suit; 6+ hearts"


def test_responder_offers_the_choice_of_games_with_five_of_a_major() -> None:
    decision = decide("AQ.KJ973.Q84.J62", "1D P 1H P 1NT P")
    assert (str(decision.call), decision.rule) == ("3H", "second_choice_of_games")
    meaning = explain_call(calls("1D P 1H P 1NT P"), Seat.N, Vulnerability.NONE, parse_call("3H"))
    assert meaning is not None and meaning.message == "choice_of_games"


@pytest.mark.parametrize(
    ("holding", "call", "rule"),
    [
        ("K84.Q52.AJ63.K54", "4H", "choose_major_game"),
        ("K84.Q5.AJ63.K854", "3NT", "choose_nt_game"),
    ],
)
def test_opener_chooses_the_game(holding: str, call: str, rule: str) -> None:
    decision = decide(holding, "1D P 1H P 1NT P 3H P")
    assert (str(decision.call), decision.rule) == (call, rule)


def test_a_five_card_suit_rebid_reads_as_a_minimum() -> None:
    # no other rebid fits this hand, so it rebids its five-card suit ...
    decision = decide("5.KJ84.AQ762.Q93", "1D P 1S P")
    assert (str(decision.call), decision.rule) == ("2D", "rebid_own_catchall")
    # ... and partner reads a minimum with five or more diamonds, not any strength
    opener = infer_hands(calls("1D P 1S P 2D P"), Seat.N, Vulnerability.NONE)[Seat.N]
    assert (opener.hcp_min, opener.hcp_max) == (12, 15)
    assert opener.min_length(Suit.D) == 5


def test_opener_bids_3nt_with_19_over_a_single_minor_raise() -> None:
    # 19 HCP, every other suit stopped
    decision = decide("AQ2.K6.AKJ95.K73", "1D P 2D P")
    assert (str(decision.call), decision.rule) == ("3NT", "rebid_3nt_after_raise")


def test_opener_bids_game_in_the_minor_with_20_and_an_unstopped_suit() -> None:
    # 20 HCP, an unstopped doubleton club: the rules bid five of the minor, never a
    # pass; a simulation of partner's hands finds twelve tricks likely and asks for aces
    holding = "AK32.A6.AKJ95.J7"
    rules = choose_for(calls("1D P 2D P"), Seat.N, Vulnerability.NONE, evaluate(hand(holding)))
    assert str(rules) == "5D"
    assert str(decide(holding, "1D P 2D P").call) == "4NT"


@pytest.mark.parametrize(
    ("holding", "call", "rule"),
    [
        # A balanced minimum rebids 2NT over partner's 2C, not the raise; four clubs
        # and shortness raise, as does a balanced hand of 15 or more.
        ("KJ.842.KT84.AJ87", "2NT", "rebid_2nt"),
        ("KJ4.8.KT842.AJ87", "3C", "rebid_raise_2_1"),
        ("KQ.842.AK84.AJ87", "3C", "rebid_raise_2_1"),
    ],
)
def test_opener_over_two_clubs_raises_with_shape(holding: str, call: str, rule: str) -> None:
    decision = decide(holding, "1D P 2C P")
    assert (str(decision.call), decision.rule) == (call, rule)


def test_opener_raises_a_major_with_three_cards_and_a_short_suit() -> None:
    decision = decide("876.AKQ73.J.K965", "1H P 1S P")
    assert (str(decision.call), decision.rule) == ("2S", "rebid_raise_short")
    # Balanced, the same three cards rebid 1NT.
    assert decide("K76.AKQ73.J4.965", "1H P 1S P").rule == "rebid_1nt"
    # So the raise reads three cards or more, in its explanation and for partner.
    meaning = explain_call(calls("1H P 1S P"), Seat.N, Vulnerability.NONE, parse_call("2S"))
    assert meaning is not None and meaning.english().endswith("3+ spades")
    opener = infer_hands(calls("1H P 1S P 2S"), Seat.N, Vulnerability.NONE)[Seat.N]
    assert opener.min_length(Suit.S) == 3


def test_responder_takes_the_raise_of_its_major_as_the_fit() -> None:
    # Four spades opposite three or more: game in spades, not 3NT (seven cards known).
    decision = decide("KJ74.Q5.AT74.A92", "1H P 1S P 2S P")
    assert (str(decision.call), decision.rule) == ("4S", "game_in_fit")


def test_six_four_with_a_minimum_rebids_the_six_card_suit() -> None:
    # 1D 1H: 2D, not 2C, on six diamonds and four clubs (partner had raised clubs to a
    # slam that failed); a four-card major is still shown (1S 1NT 2H)
    decision = decide("84.Q.AKJ732.K842", "P 1D P 1H P", dealer=Seat.E)
    assert (str(decision.call), decision.rule) == ("2D", "rebid_own_suit")
    major = decide("KJ9763.A752..AJ8", "1S P 1NT P")
    assert (str(major.call), major.rule) == ("2H", "rebid_new_suit_2")


def test_after_a_two_over_one_five_five_bids_the_second_suit() -> None:
    # 1H 2D: 3C on five-five, not 2H, so that the rebid of opener's suit promises six
    # (1S 2C 2S: six spades)
    decision = decide("KQ9.AK975..QT874", "1H P 2D P", dealer=Seat.W)
    assert (str(decision.call), decision.rule) == ("3C", "rebid_new_suit_3")
    shown = infer_hands(calls("1S P 2C P 2S"), Seat.N, Vulnerability.NONE)[Seat.N]
    assert shown.min_length(Suit.S) == 6
    meaning = explain_call(calls("1S P 2C P"), Seat.N, Vulnerability.NONE, parse_call("2S"))
    assert meaning is not None and "6+" in meaning.english()
