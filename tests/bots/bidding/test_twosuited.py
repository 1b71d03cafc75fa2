"""Two-suited overcalls: the Michaels cue-bid and the unusual 2NT, partner's answers,
and the opening side's calls over them."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding import infer_hands
from bridgetable.bots.bidding.system import meaning_of
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide

CASES = [
    # East (the dealer) opened; South shows two five-card suits with 6-15 HCP.
    ("1C", "AQJ95.KT954.2.73", "2C", "michaels"),
    ("1D", "KJ954.QJ954.A.32", "2D", "michaels"),
    ("1H", "AQJ95.2.KT954.32", "2H", "michaels"),
    ("1S", "2.AQJ95.32.KT954", "2S", "michaels"),
    ("1H", "2.32.AQJ95.KT954", "2NT", "unusual_2nt"),
    ("1C", "2.AQJ95.KT954.32", "2NT", "unusual_2nt"),
    ("1D P P", "K9854.AQ954.2.32", "2D", "michaels"),
    # After their opening and response, 2NT shows the two suits they have not bid.
    ("1C P 1H", "AQJ95.2.KT954.32", "2NT", "unusual_2nt"),
    ("1D P 1S", "2.AQJ95.32.KT954", "2NT", "unusual_2nt"),
    ("1C P 1H 2NT P", "932.Q84.KJ72.Q94", "3D", "two_suit_preference"),
    ("1C P 1H 2NT P", "Q932.84.KJ72.Q94", "3S", "two_suit_preference"),
    # Too weak, or too strong (it overcalls and bids again), or a minor too short.
    ("1D", "T9854.T9854.2.32", "P", "overcall_pass"),
    ("1C", "AKJ95.AKQ54.2.73", "1S", "overcall"),
    ("1H", "AQJ95.2.KT94.632", "1S", "overcall"),
    # North cue-bid East's 1C (both majors), West passed: South picks the longer major
    # at the cheapest level, jumps with 9-10 points, bids game with 11 or more.
    ("1C 2C P", "932.Q84.KJ72.Q94", "2H", "two_suit_preference"),
    ("1C 2C P", "Q932.84.J972.Q94", "2S", "two_suit_preference"),
    ("1C 2C P", "932.K842.QJ72.K4", "3H", "two_suit_invite"),
    ("1C 2C P", "K932.Q4.A72.Q943", "4S", "two_suit_game"),
    # Over 1H (spades and a minor): spades with three, else 2NT asks for the minor.
    ("1H 2H P", "Q84.932.KJ72.Q94", "2S", "two_suit_preference"),
    ("1H 2H P", "93.Q84.KJ72.Q942", "2NT", "michaels_ask"),
    ("1H 2H P 2NT P", "AQJ95.2.KT954.32", "3D", "michaels_minor"),
    # West raised his partner's suit: South still names partner's suit with three cards
    # and some values, or with four cards; else it passes.
    ("1H 2H 3H", "Q84.932.KJ72.Q94", "3S", "two_suit_preference"),
    ("1H 2H 3H", "Q842.932.J72.942", "3S", "two_suit_preference"),
    ("1H 2H 3H", "Q84.932.J72.9642", "P", "two_suit_pass"),
    ("1S 2NT 3S", "93.Q84.J7.Q98642", "4C", "two_suit_preference"),
    # Over the unusual 2NT: the longer of the two suits, game with a fit and values.
    ("1H 2NT P", "93.Q84.KJ72.Q942", "3C", "two_suit_preference"),
    ("1H 2NT P", "93.Q84.KJ872.Q94", "3D", "two_suit_preference"),
    ("1S 2NT P", "93.Q84.AKJ72.K94", "5D", "two_suit_game"),
    ("1C 2NT P", "93.KQ84.A72.Q942", "4H", "two_suit_game"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_two_suited(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.E)
    assert (str(decision.call), decision.rule) == (call, rule)


OPENER_SIDE = [
    # North opened, East showed two suits; South raises with support, bids 3NT with
    # their suits stopped and game values, names a suit of its own, doubles with values,
    # else passes.
    ("1H 2H", "AK3.QT84.J72.K94", "4H", "two_suit_game_raise"),
    ("1H 2H", "K3.QT84.J72.K943", "4H", "two_suit_game_raise"),
    ("1H 2H", "A932.QT84.J72.94", "3H", "two_suit_raise"),
    ("1H 2NT", "KJ3.QT8.J72.K943", "3H", "two_suit_raise"),
    ("1H 2NT", "KJ3.Q8.KJ72.K943", "3NT", "two_suit_3nt"),
    ("1H 2NT", "KJ3.82.KJ72.K943", "3NT", "two_suit_3nt"),
    ("1H 2NT", "KJ3.82.KJ72.J943", "P", "two_suit_pass"),
    # A five-card suit of its own that the two-suiter has not shown; game in a six-card
    # major with opening values.
    ("1H 2NT", "KQ954.Q4.J72.K94", "3S", "two_suit_new_suit"),
    ("1C 2C", "94.Q4.KQJ72.K943", "2D", "two_suit_new_suit"),
    ("1C 2NT", "KQJ954.Q4.A72.K9", "4S", "two_suit_own_game"),
    ("1D 2D", "KQ954.Q4.J72.K94", "X", "two_suit_double"),
    ("1C 2C", "K93.QT84.J7.KQ94", "3NT", "two_suit_3nt"),
    ("1C 2C", "93.QT84.KJ7.KQ94", "X", "two_suit_double"),
    ("1C 2C", "K93.QT84.J75.J94", "P", "two_suit_pass"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), OPENER_SIDE)
def test_opener_side(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.N)
    assert (str(decision.call), decision.rule) == (call, rule)


@pytest.mark.parametrize(
    ("auction", "shown"),
    [
        ("1D 2D", {Suit.H: 5, Suit.S: 5}),
        ("1H 2H", {Suit.S: 5}),
        ("1S 2S", {Suit.H: 5}),
        ("1H 2NT", {Suit.C: 5, Suit.D: 5}),
        ("1C P 1H 2NT", {Suit.D: 5, Suit.S: 5}),
        ("1D 2NT", {Suit.C: 5, Suit.H: 5}),
    ],
)
def test_what_the_two_suiter_shows(auction: str, shown: dict[Suit, int]) -> None:
    """The overcaller's hand as the others read it: five cards in each shown suit
    and 6-15 HCP, never the opened suit."""
    made = calls(auction)
    hands = infer_hands(made, Seat.N, Vulnerability.NONE)
    overcaller = hands[list(Seat)[(len(made) - 1) % 4]]  # the last caller, North dealt
    assert (overcaller.hcp_min, overcaller.hcp_max) == (6, 15)
    assert {suit: n for suit in Suit if (n := overcaller.min_length(suit)) > 0} == shown


def test_explanations_name_the_suits() -> None:
    """A human's cue-bid gets the meaning the robots give it, with the other major."""
    found = meaning_of(calls("1H"), Seat.N, Vulnerability.NONE, calls("2H")[0])
    assert found is not None
    assert found.explanation.english() == (
        "Michaels cue-bid: five or more spades and five or more cards in a minor; 6-15 HCP"
    )
    found = meaning_of(calls("1H P P"), Seat.N, Vulnerability.NONE, calls("2NT")[0])
    assert found is not None and found.rule.id == "unusual_2nt"
