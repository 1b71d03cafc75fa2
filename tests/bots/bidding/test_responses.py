"""Responses and opener's rebids, table-driven."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding import BidContext
from bridgetable.bots.bidding.system import explain_call, infer_hands, ranked_calls
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide, hand

CASES = [
    # Responses to one of a suit.
    ("1H P", "K84.QJ5.9742.Q53", "2H", "resp_single_raise"),
    ("1H P", "K84.QJ52.A74.532", "3H", "resp_limit_raise"),
    ("1S P", "KJ84.A5.KQ74.953", "2NT", "resp_jacoby_2nt"),
    # Splinters: a double jump with four trumps, 12-15 HCP and a singleton or void
    # there; with fewer points the limit raise, whatever the shape.
    ("1S P", "KJ84.A652.KQ74.3", "4C", "resp_splinter"),
    ("1S P", "KJ84.3.KQ74.A652", "4H", "resp_splinter"),
    ("1H P", "3.KJ84.KQ74.A652", "3S", "resp_splinter"),
    ("1H P", "A652.KJ84.KQ74.3", "4C", "resp_splinter"),
    ("1S P", "KJ84.Q652.Q974.3", "3S", "resp_limit_raise"),
    ("1S P", "Q98.AK75.K98.963", "3S", "resp_limit_raise"),  # three trumps, 12 HCP
    # Four trumps, 10-11 HCP and a four-card side suit: the suit first, the support
    # after; with no side suit of four, the limit raise.
    ("1S P", "K985.4.962.AK732", "2C", "resp_two_over_one"),
    ("1S P", "KT76.AQ983.J7.87", "2H", "resp_two_over_one"),
    ("1S P", "KT76.AQ9.J87.874", "3S", "resp_limit_raise"),
    ("1S P", "84.KJ5.Q742.Q953", "1NT", "resp_1nt"),
    # Three trumps and a singleton: the raise, not 1NT, though shortness makes 11
    # points; with 10 HCP the two-over-one response still comes first.
    ("1S P", "Q64.A.QJT932.752", "2S", "resp_single_raise"),
    ("1S P", "Q64.A.KJT932.752", "2D", "resp_two_over_one"),
    ("1S P", "84.K5.AQ742.Q953", "2D", "resp_two_over_one"),
    # Three hearts and a weak hand: the raise before four or five spades of my own
    # (partner knows the fit at once); with six spades, 1S.
    ("1H P", "K984.K52.874.QJ4", "2H", "resp_single_raise"),
    ("1H P", "K9842.K52.87.QJ4", "2H", "resp_single_raise"),
    ("1H P", "KJ9842.K52.87.J4", "1S", "resp_new_suit_1"),
    ("1H P", "K984.52.8742.QJ4", "1S", "resp_new_suit_1"),
    # The same with invitational values: the limit raise before 1S.
    ("1H P", "KJ84.Q52.A74.Q93", "3H", "resp_limit_raise"),
    ("1H P", "KJ842.Q52.A74.Q9", "3H", "resp_limit_raise"),
    ("1H P", "KJ8432.Q52.A74.Q", "1S", "resp_new_suit_1"),
    ("1D P", "K984.QJ52.74.953", "1H", "resp_new_suit_1"),
    ("1C P", "K9854.QJ2.74.953", "1S", "resp_new_suit_1"),
    ("1H P", "8432.54.J742.953", "P", "resp_pass"),
    # Five HCP respond with a six-card major (it passed; 4H made), or a five-card one
    # and a singleton, not with a flat five-card major or a six-card minor.
    ("1C P", "43.A985432.J83.6", "1H", "resp_new_suit_1"),
    ("1D P", "QT9852.43.J83.Q6", "1S", "resp_new_suit_1"),
    ("1C P", "432.A9854.J8326.", "1H", "resp_new_suit_1"),
    ("1C P", "43.A9854.J832.64", "P", "resp_pass"),
    ("1C P", "43.J85.A98543.64", "P", "resp_pass"),
    ("1D X", "K984.QJ52.74.953", "1H", "resp_new_suit_1"),
    # 20 HCP and no suit to respond in: not the 1NT catch-all (6-10) but game, or, as
    # here, Blackwood when a simulation finds slam.
    ("1C P", "A.AQ5.AJ4.AJT985", "4NT", "blackwood"),
    # The balanced positive answers to 2C: 2NT with 8-10, 3NT with 11 or more.
    ("2C P", "K82.Q65.J432.K72", "2NT", "strong_positive_nt"),
    ("2C P", "K82.Q65.KJ32.K72", "3NT", "strong_positive_nt"),
    ("2C P", "K82.965.J432.872", "2D", "strong_waiting"),
    # Opener's rebids.
    ("1H P 1S P", "A5.KQJ84.972.Q53", "1NT", "rebid_1nt"),
    ("1H P 1S P", "KJ84.AQ953.K2.53", "2S", "rebid_raise"),
    ("1D P 1H P", "KQ84.53.AQ953.K2", "1S", "rebid_new_suit_1"),
    ("1H P 1S P", "5.AKJ984.K72.Q53", "2H", "rebid_own_suit"),
    ("1H P 2H P", "A5.KQJ84.972.Q53", "P", "rebid_pass_after_raise"),
    ("1H P 2H P", "A5.KQJ84.K72.Q53", "3H", "rebid_invite_after_raise"),
    ("1H P 3H P", "A5.KQJ84.K72.Q53", "4H", "rebid_accept_limit"),
    ("1S P 2NT P", "AQJ85.K4.Q93.J52", "4S", "rebid_jacoby_min"),
    # Opposite a splinter in clubs: slam with working values, game when the king and
    # queen of clubs face the shortness, though the hand is two points stronger.
    ("1S P 4C P", "AKJ85.A4.K93.852", "4NT", "splinter_blackwood"),
    ("1S P 4C P", "AQJ85.K4.Q93.KQ2", "4S", "splinter_game"),
    ("1H P 3S P", "K4.AQJ85.Q93.K52", "4H", "splinter_game"),
    ("1H P 3S P", "4.AKJ85.K93.Q852", "4NT", "splinter_blackwood"),
    # Responder balanced after opener's one-level second suit: 2NT invites with 11
    # HCP, 12 bids the game.
    ("1D P 1H P 1S P", "KJ5.QJ84.K93.J53", "2NT", "second_2nt"),
    ("1D P 1H P 1S P", "KJ5.QJ84.K93.Q53", "3NT", "game_in_nt"),
    # After opener's 1NT rebid 2NT invites with 11-12 HCP, but five cards or more in
    # opener's minor and a singleton or void play the minor's game (2NT on this hand
    # was passed and 5C made).
    ("1C P 1S P 1NT P", "KQ54.K2.J83.Q975", "2NT", "second_2nt"),
    ("1C P 1S P 1NT P", "Q543.K2.K.AT9875", "5C", "game_in_minor"),
    # A six-card suit with 10-12 jumps in it; with less, it signs off at the two level.
    # In a major opener reads the jump as the choice of games: four of the major with
    # three cards, else 3NT, which the sixth card takes to four of the major.
    ("1D P 1H P 1NT P", "AJ2.Q97632.Q.QJT", "3H", "second_choice_of_games"),
    ("1C P 1D P 1NT P", "AJ2.Q9.QJT763.J2", "3D", "second_jump_rebid"),
    ("1D P 1H P 1NT P", "83.KJT873.Q4.952", "2H", "second_rebid"),
    ("1D P 1H P 1NT P 3H P", "T6.KJ8.KJT7.A873", "4H", "choose_major_game"),
    ("1D P 1H P 1NT P 3H P", "KT6.J8.KJT7.A873", "3NT", "choose_nt_game"),
    ("1D P 1H P 1NT P 3H P 3NT P", "AJ2.Q97632.Q.QJT", "4H", "game_in_fit"),
    # Responder's second call. A six-card suit or longer and three or fewer cards in
    # opener's lower second suit: the suit again (the robots used to pass 2D with the
    # spades below, and to give a preference to 2D with the hearts); five cards pass.
    ("1H P 1S P 2D P", "AQJT953.6.87.986", "2S", "second_rebid"),
    ("1D P 1H P 2C P", "K9.QT9764.Q72.J6", "2H", "second_rebid"),
    ("1H P 1S P 2D P", "AQJT9.64.873.986", "P", "pass_default"),
    # Over opener's minimum rebid of its suit: an own six-card suit before a raise on a
    # doubleton (a jump with 10-12, the two level with 6-9 and seven cards); game with
    # 12 HCP, the invitation with 11.
    ("1C P 1S P 2C P", "KT96432.82.AK.T6", "3S", "second_jump_rebid"),
    ("1C P 1S P 2C P", "KT96432.82.K3.T6", "2S", "second_rebid"),
    ("1C P 1S P 2C P", "KT9643.82.K3.T62", "P", "second_pass"),
    ("1C P 1H P 2C P", "T65.AQT9.A865.Q2", "3NT", "game_in_nt"),
    ("1C P 1H P 2C P", "T65.AQT9.A865.J2", "3C", "second_jump_raise"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_response_or_rebid(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, rule)


def test_a_splinter_is_not_taken_for_a_game_to_judge() -> None:
    # 4H over 1S is a splinter, not a game in hearts: the simulation's slam judgment,
    # which would turn this hand's "game" into Blackwood, leaves it alone
    decision = decide("AJ8763.K.J9.KQT8", "P 1S P", Seat.N, Vulnerability.EW)
    assert (str(decision.call), decision.rule) == ("4H", "resp_splinter")


def test_a_splinter_shows_its_shortness() -> None:
    before = calls("1S P")
    meaning = explain_call(before, Seat.N, Vulnerability.NONE, calls("4D")[0])
    assert meaning is not None and meaning.message == "splinter"
    assert meaning.params["suit"] == "D"
    assert (meaning.params["min"], meaning.params["max"]) == (12, 15)
    shown = infer_hands((*before, *calls("4D")), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.max_lengths[Suit.D] == 1 and shown.min_lengths[Suit.S] == 4


def test_the_3nt_positive_tells_opener_enough_for_a_grand_slam() -> None:
    """Opener's 23 HCP and every ace after partner's one-ace answer: the grand slam
    opposite the 3NT positive (11+), the small slam opposite 2NT (8-10)."""
    opener = "AQ86.AK5.K.AK853"
    grand = decide(opener, "2C P 3NT P 4NT P 5D P")
    small = decide(opener, "2C P 2NT P 4NT P 5D P")
    assert (str(grand.call), grand.rule) == ("7NT", "blackwood_grand_slam")
    assert (str(small.call), small.rule) == ("6NT", "blackwood_small_slam")


def test_the_rules_rank_their_runners_up_after_the_robots_call() -> None:
    # The raise first, then 1NT and a pass, each call once with the first rule making
    # it: what bench/bidding_rollout.py tries instead of the robot's call.
    ctx = BidContext(Seat.S, Seat.N, Vulnerability.NONE, hand("K84.QJ5.9742.Q53"), calls("1H P"))
    ranked = ranked_calls(ctx, 3)
    assert [(str(d.call), d.rule) for d in ranked] == [
        ("2H", "resp_single_raise"),
        ("1NT", "resp_1nt"),
        ("P", "pass_default"),
    ]
    assert ranked[0].call == decide("K84.QJ5.9742.Q53", "1H P").call
    assert [str(d.call) for d in ranked_calls(ctx, 1)] == ["2H"]


def test_a_two_over_one_on_a_fit_reads_as_any_two_over_one() -> None:
    # The 10-11 HCP hand with four trumps bids 2C as a stronger hand without a fit
    # does: partner's reading (10+ HCP, no promise of spades) stays what it was.
    before = calls("1S P")
    meaning = explain_call(before, Seat.N, Vulnerability.NONE, calls("2C")[0])
    assert meaning is not None and meaning.message == "two_over_one"
    assert (meaning.params["min"], meaning.params["max"]) == (10, 37)
    shown = infer_hands((*before, *calls("2C")), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_lengths[Suit.S] == 0 and shown.hcp_min == 10
