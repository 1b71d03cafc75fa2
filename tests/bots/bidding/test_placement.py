"""The partnership arithmetic behind the placement rules: a hand's strength."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding.placement import _shows_short_of_game
from bridgetable.bots.bidding.situations import nt_strength, strength
from bridgetable.bots.bidding.system import analyse, explain_call, infer_hands, meaning_of
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide, hand


def test_strength_counts_a_long_suit_without_a_fit() -> None:
    # 14 HCP and six good diamonds, a singleton in partner's spades: 16
    view = analyse(calls("1S P"), Seat.N, Vulnerability.NONE)
    assert strength(evaluate(hand("5.A42.AKQJ97.952")), view) == 16


def test_strength_counts_length_and_shortness_with_a_fit() -> None:
    # 11 HCP, four spades with partner's five, six diamonds (2), a singleton heart (2)
    # and a doubleton club (1)
    view = analyse(calls("1S P"), Seat.N, Vulnerability.NONE)
    assert strength(evaluate(hand("K542.2.AKJ975.32")), view) == 11 + 2 + 2 + 1


def test_strength_counts_no_length_in_a_poor_suit_without_a_fit() -> None:
    view = analyse(calls("1S P"), Seat.N, Vulnerability.NONE)
    assert strength(evaluate(hand("5.A42.AT8643.K52")), view) == 11


def test_the_suit_partner_raised_is_the_fit_when_two_fits_are_as_long() -> None:
    # Eight spades (partner's five, my three) and eight hearts (my five, the three
    # partner's raise promised): partner agreed hearts, so game is in hearts.
    decision = decide("K62.KT983.94.A73", "P 1S P 2H P 3H P", dealer=Seat.E)
    assert (str(decision.call), decision.rule) == ("4H", "game_in_fit")


def test_an_invitation_in_a_minor_is_accepted_in_five_with_a_clear_maximum() -> None:
    # Six points above the opening's twelve, counting length and shortness.
    decision = decide("4.K52.Q3.AKJ9652", "1C P 1S P 2C P 3C P")
    assert (str(decision.call), decision.rule) == ("5C", "accept_invite")


def test_an_invitation_in_a_minor_is_declined_short_of_a_clear_maximum() -> None:
    # Five points above: eleven tricks are too far (it was accepted before).
    decision = decide("Q43.K52.3.AKJ965", "1C P 1S P 2C P 3C P")
    assert (str(decision.call), decision.rule) == ("P", "decline_invite")


def test_invitational_values_without_a_fit_pass_partners_partscore() -> None:
    # 10 HCP opposite 1H-2D (12+) and no fit: game needs partner's maximum, and a 2NT
    # invitation loses more at double dummy than it finds, so the robot passes.
    decision = decide("KT86.K.QJ9.J7542", "1H P 1S P 2D P")
    assert (str(decision.call), decision.rule) == ("P", "no_nt_invite")


def test_invitational_values_give_preference_to_partners_better_fitting_first_suit() -> None:
    # Two hearts and a singleton club opposite 1H-2C (five hearts, four clubs): 2H, the
    # seven-card fit, not a pass of the five-card one (nor 2NT).
    decision = decide("AKT42.98.Q8765.5", "1H P 1S P 2C P")
    assert (str(decision.call), decision.rule) == ("2H", "preference")
    # A fit as long in clubs: partner's second suit stands.
    decision = decide("AKT42.98.Q87.T65", "1H P 1S P 2C P")
    assert (str(decision.call), decision.rule) == ("P", "no_nt_invite")
    # The preference shows the two cards it needs opposite partner's five.
    shown = infer_hands(calls("1H P 1S P 2C P 2H"), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_length(Suit.H) == 2


def test_a_players_2nt_there_still_reads_as_an_invitation() -> None:
    meaning = explain_call(calls("1H P 1S P 2D P"), Seat.N, Vulnerability.NONE, calls("2NT")[0])
    assert meaning is not None
    assert meaning.english().startswith("invitation to 3NT")


def _shown_after(auction: str, holding: str, dealer: Seat, vul: Vulnerability) -> tuple[str, bool]:
    """The robot's call with `holding` after `auction`, and whether what its calls show
    (as partner reads them) admits the hand."""
    decision = decide(holding, auction, dealer, vul)
    before = calls(auction)
    seat = analyse(before, dealer, vul).seat
    shown = infer_hands((*before, decision.call), dealer, vul)[seat]
    held = evaluate(hand(holding))
    return str(decision.call), shown.admits(held.hcp, held.lengths)


def test_a_game_in_a_long_suit_of_my_own_shows_the_suits_length() -> None:
    # seven clubs and a game: read as six or more, not as the eight of a fit partner
    # has not shown
    found = _shown_after("P 1D P 2C P 2H P", "2.AQ9.Q9.QJT8632", Seat.E, Vulnerability.NONE)
    assert found == ("5C", True)
    meaning = explain_call(calls("P 1D P 2C P 2H P"), Seat.E, Vulnerability.NONE, calls("5C")[0])
    assert meaning is not None and meaning.params["length"] == 6


def test_a_game_bid_on_shape_shows_hcp_the_hand_holds() -> None:
    # 9 HCP with a void and two long suits bids game over partner's 1NT rebid
    found = _shown_after("P 1H P 1NT P 2D P", "42..Q9864.AK8752", Seat.W, Vulnerability.EW)
    assert found == ("5D", True)


def test_a_natural_3nt_shows_less_than_slam_values_in_notrump() -> None:
    # opposite partner's opening (12+) a hand with 19 or more would have bid 6NT or
    # asked for aces, so responder's 3NT shows at most 18: what opener reads and what
    # the explanation says
    auction = calls("1D P 2C P 2H P")
    meaning = explain_call(auction, Seat.N, Vulnerability.NONE, calls("3NT")[0])
    assert meaning is not None
    assert (meaning.params["min"], meaning.params["max"]) == (8, 18)
    assert meaning.english() == "game in notrump: enough points together; 8-18 HCP"
    responder = infer_hands((*auction, *calls("3NT")), Seat.N, Vulnerability.NONE)[Seat.S]
    assert (responder.hcp_min, responder.hcp_max) == (10, 18)  # 10+ from the 2C


def test_three_card_support_accepts_a_notrump_invitation_in_partners_major() -> None:
    # 1D 1H 1NT 2NT: the 2NT may hide a fifth heart, so a maximum with three names the
    # hearts (forcing) instead of bidding 3NT; a minimum declines as before
    decision = decide("J83.JT4.AKQT9.Q8", "1D P 1H P 1NT P 2NT P")
    assert (str(decision.call), decision.rule) == ("3H", "accept_invite_support")
    assert decision.explanation.english() == "accepts the invitation; 3+ hearts"
    meaning = meaning_of(calls("1D P 1H P 1NT P 2NT P"), Seat.N, Vulnerability.NONE, calls("3H")[0])
    assert meaning is not None and "forcing" in meaning.rule.flags
    declined = decide("J83.JT4.KQT92.Q8", "1D P 1H P 1NT P 2NT P")
    assert (str(declined.call), declined.rule) == ("P", "decline_invite")


def test_after_the_three_card_acceptance_five_cards_bid_game_and_four_3nt() -> None:
    auction = "1D P 1H P 1NT P 2NT P 3H P"
    five = decide("5.Q9752.86.AKQT2", auction)
    assert (str(five.call), five.rule) == ("4H", "game_in_fit")
    four = decide("K5.Q975.86.AK432", auction)
    assert (str(four.call), four.rule) == ("3NT", "support_accepted_nt")
    # the 3NT is a sign-off: opener with a six-card suit of its own passes it
    after = decide("K76.KQT973.K8.K4", "1H P 1S P 2H P 2NT P 3S P 3NT P")
    assert (str(after.call), after.rule) == ("P", "pass_signoff")


def test_a_six_card_major_bids_game_where_their_suit_is_unguarded() -> None:
    # a singleton queen in their hearts: 4S, not 3NT
    decision = decide("KJ8652.Q.K2.AT73", "1D 1H 1S 2H P P", dealer=Seat.E)
    assert (str(decision.call), decision.rule) == ("4S", "game_in_own_suit")


def test_six_good_cards_in_a_minor_do_not_overrule_partners_game() -> None:
    # partner's 4H over 1NT: pass, not five of the six-card club suit
    decision = decide("J65.8.Q52.KQT842", "1H P 1NT 2S 4H P", dealer=Seat.S)
    assert (str(decision.call), decision.rule) == ("P", "pass_default")


def test_a_game_forcing_new_suit_shows_four_cards_and_finds_the_fit() -> None:
    shown = infer_hands(calls("1C P 1H P 2C P 2S P"), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_length(Suit.S) == 4
    decision = decide("KJ94.97.J8.AQ942", "1C P 1H P 2C P 2S P")
    assert (str(decision.call), decision.rule) == ("4S", "game_in_fit")


def test_a_forced_rebid_below_3nt_shows_less_than_game_values() -> None:
    # After 1S 2C 2NT (12-14) responder's 3C is forced, and with 13 or more it would
    # have bid game: so 10 (the two-over-one) to 12 HCP.
    meaning = meaning_of(calls("1S P 2C P 2NT P"), Seat.N, Vulnerability.NONE, calls("3C")[0])
    assert meaning is not None and meaning.rule.id == "forced_own_suit"
    assert meaning.shown.hcp == (10, 12)
    assert (meaning.explanation.params["min"], meaning.explanation.params["max"]) == (10, 12)


def test_opener_with_a_minimum_passes_partners_forced_rebid() -> None:
    # 12 HCP opposite at most 12: no game (3NT before, on 22 HCP together).
    decision = decide("AKT85.K64.Q72.43", "1S P 2C P 2NT P 3C P")
    assert decision.call == calls("P")[0]


def test_opener_with_extras_still_bids_game_over_the_forced_rebid() -> None:
    decision = decide("AKT85.K64.KQ2.43", "1S P 2C P 2NT P 3C P")
    assert decision.call == calls("3NT")[0]


def test_a_forced_bid_past_3nt_shows_no_limit() -> None:
    # Above 3NT no game in notrump was open to the bidder, so its strength stays open.
    view = analyse(calls("1S P 2C P 4NT P 5C P"), Seat.N, Vulnerability.NONE)
    shown = _shows_short_of_game(5)(view, {"x": Suit.D})
    assert shown.hcp == (0, 37) and shown.lengths == ((Suit.D, 5, 13),)


def test_notrump_strength_leaves_out_the_shortness_a_fit_counts() -> None:
    # 8 HCP, four diamonds with partner's four or more, a singleton heart
    view = analyse(calls("1H P 1S P 2D P"), Seat.N, Vulnerability.NONE)
    holding = evaluate(hand("T7432.7.A985.A54"))
    assert nt_strength(holding) == 8
    assert strength(holding, view) > nt_strength(holding)


@pytest.mark.parametrize(
    ("holding", "auction", "call"),
    [
        # A minor fit's shortness made these 3NT: game values only for a suit contract.
        ("T7432.7.A985.A54", "1H P 1S P 2D P", "P"),
        ("QT94.5.A92.K9542", "1H P 1S P 2C P", "5C"),
        # Notrump values of their own still bid 3NT.
        ("QT94.K5.AQ2.K954", "1H P 1S P 2D P", "3NT"),
    ],
)
def test_3nt_counts_notrump_values_not_shortness(holding: str, auction: str, call: str) -> None:
    assert str(decide(holding, auction).call) == call


def test_a_double_partner_passed_after_its_bid_leaves_the_robot_a_call() -> None:
    # West's partner bid 2D last and has passed North's double since: the preference
    # test read partner's latest call as that bid and failed (a player at the table
    # may double there, whatever the robots' own rules would call)
    auction = "P P P 1D P 1H P 1S P 1NT P 2D P P X P P"
    decision = decide("A87.J764.84.A984", auction, dealer=Seat.S, vulnerability=Vulnerability.NS)
    assert str(decision.call) == "P"
    assert decision.rule == "no_nt_invite"


def test_no_pull_of_3nt_where_partner_knows_my_six_card_major() -> None:
    # 1S 2H 3S 3NT: partner chose notrump knowing my six spades, so my pass, where
    # 4S went down
    decision = decide("AQT862.QJ.KJ8.KT", "1S P 2H P 3S P 3NT P")
    assert str(decision.call) == "P"
    # a seventh card partner does not know of still bids the major game
    pull = decide("3.AKT8653.KQ7.Q7", "P 1H P 1S P 2H P 3NT P")
    assert (str(pull.call), pull.rule) == ("4H", "game_in_own_suit")
