"""Stayman and Jacoby transfers after 1NT (and 2NT), table-driven."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding.system import explain_call, infer_hands
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide

CASES = [
    ("1NT P", "KJ84.Q953.A4.862", "2C", "stayman"),
    ("1NT P", "84.KJ975.Q42.953", "2D", "nt_transfer"),
    ("1NT P", "KJ975.84.Q42.953", "2H", "nt_transfer"),
    ("1NT P", "K84.J95.A42.8653", "2NT", "nt_invite"),  # 23 together
    ("1NT P", "K84.Q95.A42.8653", "3NT", "nt_game"),  # 24 or more together
    ("1NT P", "984.J95.742.8653", "P", "nt_pass"),
    # A good five-card suit makes up a point: the invitation on 7 HCP, game on 8.
    ("1NT P", "K95.873.KJT92.74", "2NT", "nt_invite"),
    ("1NT P", "K95.873.KJT92.J4", "3NT", "nt_game"),
    ("1NT P", "K95.873.KJ932.74", "P", "nt_pass"),
    ("1NT P", "KQ5.A43.KJ52.Q52", "4NT", "nt_quantitative"),  # 30-32 together
    ("1NT P", "KQ5.A43.KJ52.J52", "3NT", "nt_game"),  # 14 HCP: no slam invitation
    ("1NT P", "KQ5.A43.KJ52.AQ2", "6NT", "nt_slam"),  # 31 or more together
    # With quantitative values and a four-card major, Stayman first; no major fit,
    # then the quantitative 4NT, which opener accepts with 17 (of 15-17).
    ("1NT P", "KQ5.A432.KJ5.Q52", "2C", "stayman"),
    ("1NT P 2C P 2D P", "KQ5.A432.KJ5.Q52", "4NT", "stayman_quantitative"),
    ("1NT P 2C P 2D P", "KQ5.A432.KJ5.J52", "3NT", "stayman_3nt"),
    # Opposite 2NT (20-21) no invitation: 10 HCP bid game, 11 the slam.
    ("2NT P", "K85.A43.Q652.J52", "3NT", "nt_game"),
    # The quantitative 4NT: 6NT with a maximum (17), a pass with 16 or less.
    ("1NT P 2C P 2D P 4NT P", "AJ4.K5.AQ84.QJ63", "6NT", "quantitative_accept"),
    ("1NT P 2C P 2D P 4NT P", "AJ4.K5.AQ84.Q863", "P", "quantitative_decline"),
    ("1NT P 2C P 2D P 4NT P", "AJ4.K5.Q984.AJ63", "P", "quantitative_decline"),
    ("1NT P 4NT P", "AJ4.K5.AQ84.QJ63", "6NT", "quantitative_accept"),
    ("1NT P 4NT P", "AJ4.K5.AQ84.Q863", "P", "quantitative_decline"),
    ("1NT P 2C P", "AK5.KQ84.A98.952", "2H", "stayman_hearts"),
    ("1NT P 2C P", "AK53.K4.A98.Q952", "2S", "stayman_spades"),
    ("1NT P 2C P", "AK5.K54.A98.Q952", "2D", "stayman_none"),
    ("1NT P 2C P 2H P", "KJ84.Q95.A42.862", "3NT", "stayman_3nt"),
    ("1NT P 2C P 2H P", "KJ84.Q953.A4.862", "4H", "stayman_game_fit"),
    ("1NT P 2C P 2S P", "KJ84.Q953.A4.862", "4S", "stayman_game_fit"),
    ("1NT P 2C P 2H P 3NT P", "AK53.KQ84.A9.952", "4S", "stayman_correct_spades"),
    # 7 HCP (a point below the invitation) with a four-card major: Stayman with a
    # singleton or void or a good five-card suit, then the invitations; a flat 7 passes.
    ("1NT P", "853.A862.7.KT874", "2C", "stayman"),
    ("1NT P", "J862.53.AQT87.54", "2C", "stayman"),
    ("1NT P", "853.A862.Q7.J874", "P", "nt_pass"),
    ("1NT P 2C P 2H P", "853.A862.7.KT874", "3H", "stayman_raise_invite"),
    ("1NT P 2C P 2D P", "J862.53.AQT87.54", "2NT", "stayman_2nt"),
    ("1NT P 2C P 2H P 3H P", "KQ.KT53.A943.AJ3", "4H", "stayman_accept"),
    # A weak hand with six cards in a minor: 2S, opener bids 3C, passed with clubs or
    # taken out to 3D; with invitational values no transfer.
    ("1NT P", "J74.T82.Q97542.K", "2S", "nt_minor_transfer"),
    ("1NT P", "J74.T82.K.Q97542", "2S", "nt_minor_transfer"),
    ("1NT P", "K74.J8.Q97542.Q2", "2NT", "nt_invite"),
    ("1NT P 2S P", "KQ86.AK74.KJ3.T7", "3C", "transfer_complete"),
    ("1NT P 2S P 3C P", "J74.T82.Q97542.K", "3D", "minor_transfer_signoff"),
    ("1NT P 2S P 3C P", "J74.T82.K.Q97542", "P", "minor_transfer_signoff"),
    ("1NT P 2D P", "AK5.K54.A98.Q952", "2H", "transfer_complete"),
    ("1NT P 2H P", "AK5.K54.A98.Q952", "2S", "transfer_complete"),
    # Four cards in the major: the super-accept a level higher, whatever the points;
    # responder then bids game with some values or shape, and passes with none. Over
    # partner's 1NT overcall as well; opposite 2NT no room for it.
    ("1NT P 2D P", "AK5.Q954.A98.Q52", "3H", "transfer_super_accept"),
    ("1NT P 2H P", "AQ74.AK93.Q5.Q43", "3S", "transfer_super_accept"),
    ("1C 1NT P 2D P", "AK5.KQ54.A98.J52", "3H", "transfer_super_accept"),
    ("2NT P 3D P", "AK5.KQ54.A98.KQ2", "3H", "transfer_complete"),
    ("1NT P 2H P 3S P", "JT962.T76.AJT4.5", "4S", "accept_invite"),
    ("1NT P 2H P 3S P", "JT962.T76.J84.54", "P", "decline_invite"),
    ("1NT P 2D P 2H P", "84.KJ975.Q42.953", "P", "transfer_signoff"),
    ("1NT P 2D P 2H P", "K4.KJ975.Q42.953", "3NT", "transfer_choice"),
    ("1NT P 2D P 2H P", "K4.QJ975.Q42.953", "2NT", "transfer_invite"),
    # A point less invites with a six-card major or a singleton, not with a flat five.
    ("1NT P 2D P 2H P", "6.AJ965.T643.QT5", "2NT", "transfer_invite"),
    ("1NT P 2H P 2S P", "AJ9632.T2.Q5.T84", "3S", "transfer_invite"),
    ("1NT P 2D P 2H P", "84.KJ975.Q42.J53", "P", "transfer_signoff"),
    # With slam values, five cards in the major and four in another suit, that suit
    # first (forcing to game): opener shows three cards in the major by raising it,
    # before aces are asked (at once, 4NT found no fit and 6NT was bid where 7H made).
    # Opposite 2NT only at the three level: 4D over 3S was passed as a sign-off.
    ("1NT P 2D P 2H P", "AT74.AKT53.7.AJ9", "2S", "transfer_new_suit"),
    ("1NT P 2H P 2S P", "AK985.AKJ8.8.Q42", "3H", "transfer_new_suit"),
    ("1NT P 2D P 2H P 2S P", "QJ.QJ2.AKT52.Q83", "4H", "game_in_fit"),
    ("2NT P 3D P 3H P", "Q986.KJT95.A.K74", "3S", "transfer_new_suit"),
    ("2NT P 3H P 3S P", "KQ642.2.K972.K76", "4NT", "blackwood"),
    ("1NT P 2D P 2H P 3NT P", "AK5.K54.A98.Q952", "4H", "choice_major"),
    ("1NT P 2D P 2H P 3NT P", "AK53.K4.A98.Q952", "P", "choice_nt"),
    ("2NT P", "KJ84.Q953.84.862", "3C", "stayman"),
    ("2NT P", "84.KJ975.842.953", "3D", "nt_transfer"),
    # After partner's 1NT overcall, systems on, except a transfer into their suit.
    ("1S 1NT P", "84.KJ975.Q42.953", "2D", "nt_transfer"),
    ("1H 1NT P", "KJ975.84.Q42.953", "2H", "nt_transfer"),
    ("1S 1NT P", "KJ975.QJ975.4.95", "2D", "nt_transfer"),
    ("1H 1NT P", "KJ975.QJ975.4.95", "2H", "nt_transfer"),
    ("1H 1NT P", "84.KJ975.Q42.953", "P", "nt_pass"),
    ("1S 1NT P", "KJ975.84.Q42.953", "P", "nt_pass"),
    # Over a penalty double of partner's 1NT, a weak hand runs to two of its five-card
    # suit, natural in every suit: diamonds (no longer a transfer, which left such a
    # hand in 1NT doubled) and hearts alike; 8 HCP invite as over an undoubled 1NT.
    ("1NT X", "J63.76.87643.T95", "2D", "nt_runout"),
    ("1NT X", "T8.JT643.973.762", "2H", "nt_runout"),
    ("1NT X", "T8.J64.973.76542", "2C", "nt_runout"),
    ("1NT X", "T3.KJ72.AT64.T76", "2NT", "nt_invite"),
    # The same over partner's 1NT overcall doubled, never into their suit.
    ("P 1S 1NT X", "T3.72.AT64.T7652", "2C", "nt_runout"),
    ("P 1S 1NT X", "KT863.72.964.T76", "P", "nt_pass"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_notrump_structure(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, rule)


@pytest.mark.parametrize(
    ("auction", "holding", "call", "rule"),
    [
        # Over partner's 2NT overcall of a weak two, transfers and Stayman at the three
        # level, never a transfer into their major.
        ("P 2D 2NT P", "8532.AQ764.J84.K", "3D", "nt_transfer"),
        ("P 2D 2NT P", "AQ764.8532.J84.K", "3H", "nt_transfer"),
        ("P 2D 2NT P", "Q532.A764.J84.K5", "3C", "stayman"),
        ("P 2H 2NT P", "8532.AQ764.J84.K", "3NT", "nt_game"),
    ],
)
def test_systems_on_over_a_2nt_overcall(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.S)
    assert (str(decision.call), decision.rule) == (call, rule)


def test_a_runout_shows_its_suit() -> None:
    # partner reads 2D over 1NT X as diamonds to play, not as a transfer to hearts
    meaning = explain_call(calls("1NT X"), Seat.N, Vulnerability.NONE, calls("2D")[0])
    assert meaning is not None and meaning.message == "signoff"
    shown = infer_hands(calls("1NT X 2D"), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_lengths[Suit.D] >= 5 and shown.hcp_max <= 7


def test_the_minor_transfer_is_explained_and_read() -> None:
    # 2S over 1NT names no suit: a weak hand with a long minor; 3D after 3C shows it
    meaning = explain_call(calls("1NT P"), Seat.N, Vulnerability.NONE, calls("2S")[0])
    assert meaning is not None and meaning.message == "minor_transfer"
    shown = infer_hands(calls("1NT P 2S P 3C P 3D"), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_lengths[Suit.D] >= 6 and shown.hcp_max <= 7
