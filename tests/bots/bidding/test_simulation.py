"""Simulation of partner's hands and the fast trick estimator."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bridgetable.bots.bidding import simulation
from bridgetable.bots.bidding.inference import HandInference
from bridgetable.bots.bidding.rules import View
from bridgetable.bots.bidding.score import GAME_LEVEL
from bridgetable.bots.bidding.simulation import blackwood_gain, chance_of, partner_hands
from bridgetable.bots.bidding.slam import ASK_MARGIN, slam_in_notrump
from bridgetable.bots.bidding.system import (
    LIKELIER_GAME,
    OTHER_GAME,
    analyse,
    choose_for,
    could_call,
    meaning_of,
)
from bridgetable.bots.bidding.tricks import at_least, ceiling, estimate
from bridgetable.bots.bidding.tricks import chance as tricks_chance
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import Bid
from bridgetable.engine.types import Seat, Strain, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide, hand, random_hands


def _view(auction: str, dealer: Seat = Seat.N) -> View:
    return analyse(calls(auction), dealer, Vulnerability.NONE)


def _rules_call(
    holding: str, auction: str, dealer: Seat, vulnerability: Vulnerability = Vulnerability.NONE
) -> str:
    """The call the rules alone make, before any simulation judges it."""
    return str(choose_for(calls(auction), dealer, vulnerability, evaluate(hand(holding))))


def test_partner_hands_fit_what_partner_showed() -> None:
    mine = evaluate(hand("AK765.J86.AQT3.4"))
    view = _view("P 1S P 3S P", Seat.W)
    found = partner_hands(mine, view)
    assert len(found) >= 20
    shown = view.partner
    for other in found:
        assert shown.hcp_min <= other.hcp <= shown.hcp_max
        assert other.lengths[Suit.S] >= shown.min_lengths[Suit.S]
        assert sum(other.lengths) == 13


def test_partner_hands_hold_none_of_my_cards() -> None:
    mine = hand("AK765.J86.AQT3.4")
    view = _view("P 1S P 3S P", Seat.W)
    found = partner_hands(evaluate(mine), view)
    assert found
    for other in found:
        for suit in Suit:
            held = {card.rank for card in mine if card.suit == suit}
            assert not held & set(other.ranks[suit])


def test_partner_hands_leave_the_opponents_what_they_showed() -> None:
    # 1D by me, 1S (five spades, 8+ HCP) on my left, partner's raise (6-10), 2S
    # (three spades, 3+ HCP) on my right: with my 21 HCP and three spades, partner
    # holds 8 HCP and two spades at most
    mine = evaluate(hand("AKJ.A3.KQ852.KJ4"))
    view = _view("1D 1S 2D 2S", Seat.N)
    assert (view.partner.hcp_max, view.partner.max_lengths[Suit.S]) == (10, 13)
    within = simulation._partner_range(mine, view)
    assert (within.hcp_max, within.max_lengths[Suit.S]) == (8, 2)
    found = partner_hands(mine, view)
    assert len(found) >= 20
    assert max(other.hcp for other in found) <= 8
    assert max(other.lengths[Suit.S] for other in found) <= 2


def test_the_simulation_is_the_same_for_the_same_view() -> None:
    # drawn afresh each time (the caches would hand back the first draw)
    mine = evaluate(hand("AK765.J86.AQT3.4"))
    first = partner_hands(mine, _view("P 1S P 3S P", Seat.W))
    chance = chance_of(mine, _view("P 1S P 3S P", Seat.W), Strain.S, 12)
    simulation._HANDS.clear()
    simulation._CACHE.clear()
    assert partner_hands(mine, _view("P 1S P 3S P", Seat.W)) == first
    assert chance_of(mine, _view("P 1S P 3S P", Seat.W), Strain.S, 12) == chance


def test_another_auction_draws_other_hands() -> None:
    mine = evaluate(hand("AK765.J86.AQT3.4"))
    assert partner_hands(mine, _view("P 1S P 3S P", Seat.W)) != partner_hands(
        mine, _view("P 1S P 2S P", Seat.W)
    )


def test_estimate_grows_with_strength_and_fit() -> None:
    strong = evaluate(hand("AKQ85.AK4.A3.K52"))
    fit = evaluate(hand("JT94.QJ3.KQ4.AQ3"))
    weak = evaluate(hand("J94.8753.964.J93"))
    slam, _ = estimate(strong, fit, Strain.S, 12)
    game, _ = estimate(strong, weak, Strain.S, 10)
    assert slam >= 12
    assert 8 <= game < slam


def test_no_more_tricks_than_the_missing_aces_leave() -> None:
    # 32 HCP without the aces of diamonds and clubs: the model alone gives twelve
    # tricks in notrump a fair chance, but each ace the opponents hold takes a trick
    mine = evaluate(hand("AKQ5.AKQ4.KQ3.K5"))
    other = evaluate(hand("J43.J32.J54.QJ42"))
    assert ceiling(mine, other, Strain.NT) == 11
    assert at_least(*estimate(mine, other, Strain.NT, 12), 12) > 0.3
    assert tricks_chance(mine, other, Strain.NT, 12) == 0.0
    assert tricks_chance(mine, other, Strain.NT, 11) > 0.5


@pytest.mark.parametrize(
    ("mine", "other", "strain", "most"),
    [
        ("AKQ5.AKQ4.KQ3.K5", "J432.J32.J54.QJ4", Strain.S, 11),  # both hold D and C
        ("AKQ52.AKQ4.KQ32.", "J43.J532.J54.QJ4", Strain.S, 12),  # the club ace ruffed
        ("KQ53.AKQ4.AQ3.A5", "J642.J32.KJ4.KQJ", Strain.S, 12),  # the trump ace
        ("KQ53.AKQ4.AQ3.A5", "J642.J32.KJ4.KQJ", Strain.H, 12),  # the spade ace
        (".AKQ43.AQ32.AK52", "J642.J52.KJ4.QJ4", Strain.H, 13),  # the spade ace ruffed
    ],
)
def test_the_aces_a_suit_contract_loses(mine: str, other: str, strain: Strain, most: int) -> None:
    assert ceiling(evaluate(hand(mine)), evaluate(hand(other)), strain) == most


def test_blackwood_by_simulation_instead_of_game_after_a_transfer() -> None:
    decision = decide("AQJ954.K2.K54.T7", "P 1NT P 2H P 2S P", dealer=Seat.W)
    assert str(decision.call) == "4NT"
    assert decision.explanation.message == "blackwood"


def test_blackwood_by_simulation_instead_of_raising_to_game() -> None:
    decision = decide("AQJ84.J.A2.AKT82", "1S 3H", dealer=Seat.S)
    assert str(decision.call) == "4NT"
    assert decision.explanation.message == "blackwood"


def test_game_when_the_simulation_finds_no_slam() -> None:
    decision = decide("Q98543.82.954.T7", "P 1NT P 2H P 2S P", dealer=Seat.W)
    assert str(decision.call) != "4NT"


def test_game_by_simulation_over_partners_invitation() -> None:
    decision = decide("A62.974.A54.AKT3", "1C 1NT P 2H P 2S P 3S P", dealer=Seat.N)
    assert str(decision.call) == "4S"


def test_partscore_when_the_simulation_finds_no_game() -> None:
    decision = decide("A62.Q74.K54.QT53", "1C 1NT P 2H P 2S P 3S P", dealer=Seat.N)
    assert str(decision.call) == "P"


@pytest.mark.parametrize(
    ("holding", "auction", "rules"),
    [
        # six points and three trumps are the upper half of the raise: the rules accept
        ("T97.J53.KT865.Q9", "P 1S P 2S P 3S P", "4S"),
        # nine points opposite opener's single raise: the rules invite, and the three
        # level is a risk for nothing
        ("KJ72.J8.7632.KJ9", "1D P 1S P 2S P", "3S"),
    ],
)
def test_pass_where_the_simulation_finds_game_hopeless(
    holding: str, auction: str, rules: str
) -> None:
    assert _rules_call(holding, auction, Seat.E) == rules
    assert str(decide(holding, auction, dealer=Seat.E).call) == "P"


@pytest.mark.parametrize(
    ("holding", "auction", "rules"),
    [("QT97.J53.KT86.Q9", "P 1S P 2S P 3S P", "4S"), ("QJ72.K8.763.KJ97", "1D P 1S P 2S P", "3S")],
)
def test_rules_call_kept_where_the_simulation_finds_game_possible(
    holding: str, auction: str, rules: str
) -> None:
    assert _rules_call(holding, auction, Seat.E) == rules
    assert str(decide(holding, auction, dealer=Seat.E).call) == rules


def test_3nt_by_simulation_over_partners_2nt_invitation() -> None:
    decision = decide("T8.A94.QJ73.AJ84", "P 1D P 1S P 1NT P 2NT P", Seat.S, Vulnerability.EW)
    assert str(decision.call) == "3NT"


def test_blackwood_gain_weighs_the_aces_partner_may_hold() -> None:
    view = _view("P 1NT P 2H P 2S P", Seat.W)
    strong = evaluate(hand("AKJ9543.K2.K54.7"))
    weak = evaluate(hand("AQJ954.Q2.K54.T7"))
    gain = blackwood_gain(strong, view, Strain.S)
    loss = blackwood_gain(weak, view, Strain.S)
    assert gain is not None and gain > 0
    assert loss is not None and loss < 0


def test_game_when_asking_gains_too_little() -> None:
    # opener's 17 HCP and a singleton over the limit raise: the simulation finds asking
    # only a little better than game on average, within the margin of its estimate
    holding, auction = "AT4.AKQ94.9.A753", "P 1H P 3H P"
    view = analyse(calls(auction), Seat.N, Vulnerability.EW)
    gain = blackwood_gain(evaluate(hand(holding)), view, Strain.H)
    assert gain is not None and 0 < gain <= ASK_MARGIN
    decision = decide(holding, auction, Seat.N, Vulnerability.EW)
    assert str(decision.call) == "4H"


def test_five_of_the_minor_instead_of_3nt_when_the_simulation_finds_it_likelier() -> None:
    decision = decide("3.A92.KQ52.KQT65", "1C P 3C P", Seat.S, Vulnerability.BOTH)
    assert str(decision.call) == "5C"
    assert decision.explanation.message


def test_five_of_the_minor_instead_of_3nt_after_opener_shows_both_minors() -> None:
    decision = decide("A.AJ32.86432.J86", "P P 1D P 1H P 2C P", Seat.S)
    assert str(decision.call) == "5D"


def _game_chances(
    holding: str, auction: str, dealer: Seat, suit: Strain, vulnerability: Vulnerability
) -> tuple[float, float]:
    """The simulation's chances of game in `suit` and of 3NT."""
    view = analyse(calls(auction), dealer, vulnerability)
    mine = evaluate(hand(holding))
    in_suit = chance_of(mine, view, suit, 6 + GAME_LEVEL[suit])
    notrump = chance_of(mine, view, Strain.NT, 9)
    assert in_suit is not None and notrump is not None
    return in_suit, notrump


def test_five_of_the_minor_when_the_simulation_finds_it_clearly_likelier() -> None:
    # responder's four diamonds and clubs after opener rebids its clubs: five of them
    # makes about five times in six over partner's hands, 3NT about two in three; the
    # margin lies between the robots' OTHER_GAME and the 0.25 they once asked for
    holding, auction = "K6.JT9.Q843.AK85", "1C P 1D P 2C P"
    assert _rules_call(holding, auction, Seat.N, Vulnerability.BOTH) == "3NT"
    five, notrump = _game_chances(holding, auction, Seat.N, Strain.C, Vulnerability.BOTH)
    assert OTHER_GAME <= five - notrump < 0.25
    assert str(decide(holding, auction, Seat.N, Vulnerability.BOTH).call) == "5C"


def test_3nt_instead_of_five_of_the_minor_when_the_simulation_finds_it_likelier() -> None:
    # opener's six diamonds and 15 HCP accepting responder's invitation in them: 3NT
    # makes about one time in two over partner's hands, 5D a little over one in three
    holding, auction = "Q6.KQJ.KQT654.Q5", "P 1D P 1S P 2D P 3D P"
    assert _rules_call(holding, auction, Seat.N, Vulnerability.NS) == "5D"
    five, notrump = _game_chances(holding, auction, Seat.N, Strain.D, Vulnerability.NS)
    assert OTHER_GAME <= notrump - five < 0.25
    decision = decide(holding, auction, Seat.N, Vulnerability.NS)
    assert str(decision.call) == "3NT"
    assert decision.explanation.message


def test_a_forced_answer_at_game_level_is_not_turned_into_3nt() -> None:
    # four of a three-card major answers partner's takeout double of their 3S on 4 HCP
    # (bench seed 31, deal 499): 3NT there would show 12+, and partner bid 6NT on it
    holding, auction = "J984.742.K83.963", "P P 3S X P"
    assert _rules_call(holding, auction, Seat.W) == "4H"
    meaning = meaning_of(calls(auction), Seat.W, Vulnerability.NONE, Bid(3, Strain.NT))
    assert meaning is not None and meaning.shown.hcp[0] == 12
    assert str(decide(holding, auction, Seat.W).call) == "4H"


OWN_MAJORS = [
    # seven spades on 14 HCP after opener rebids its clubs (bench seed 34, deal 321)
    ("AQJT543.A8.KT8.2", "P 1C P 1S P 2C P", Seat.E, Strain.S),
    # six hearts on a two-over-one, opener rebidding its spades (seed 41, deal 211)
    (".KQT874.KJT9.QT7", "1S P 2H P 2S P", Seat.W, Strain.H),
    # five spades opposite partner's balancing 1NT (seed 32, deal 122)
    ("QJ732.A5.A.QJT76", "1D P P 1NT P", Seat.S, Strain.S),
]


@pytest.mark.parametrize(("holding", "auction", "dealer", "suit"), OWN_MAJORS)
def test_game_in_my_major_where_partner_may_fit_it_and_it_is_likelier(
    holding: str, auction: str, dealer: Seat, suit: Strain
) -> None:
    # no fit is known, the rules bid 3NT, and partner may hold three cards or more:
    # the major game is likelier over partner's hands, and the bid shows five cards
    assert _rules_call(holding, auction, dealer) == "3NT"
    in_suit, notrump = _game_chances(holding, auction, dealer, suit, Vulnerability.NONE)
    assert in_suit >= notrump
    decision = decide(holding, auction, dealer)
    assert str(decision.call) == f"4{suit.name}"
    assert decision.explanation.params["length"] == 5


def test_3nt_with_four_cards_where_the_major_game_would_show_five() -> None:
    # four spades facing partner's reopening double, which shows three or more: 4S is
    # likelier over partner's hands, but it would show five, so 3NT stands
    # (bench seed 32, deal 20)
    holding, auction = "AJ92.AQ76.Q843.J", "P P 1H P P X P"
    assert _rules_call(holding, auction, Seat.N, Vulnerability.NS) == "3NT"
    in_suit, notrump = _game_chances(holding, auction, Seat.N, Strain.S, Vulnerability.NS)
    assert in_suit > notrump
    meaning = meaning_of(calls(auction), Seat.N, Vulnerability.NS, Bid(4, Strain.S))
    assert meaning is not None and meaning.shown.lengths == ((Suit.S, 5, 13),)
    assert str(decide(holding, auction, Seat.N, Vulnerability.NS).call) == "3NT"


def test_partners_choice_of_game_stands_where_it_knows_my_five() -> None:
    # a transfer showed my five spades, and 3NT offers partner the choice with three
    # (bench seed 46, deal 469: partner chose 4S and a slam followed)
    decision = decide("KQJ86.963.A753.K", "P 1NT P 2H P 2S P", Seat.E, Vulnerability.NS)
    assert (str(decision.call), decision.rule) == ("3NT", "transfer_choice")


def test_3nt_instead_of_five_of_a_minor_without_a_fit_when_likelier() -> None:
    # responder's own seven diamonds opposite opener's spades and hearts: no fit of
    # eight cards, and 3NT likelier, if not by OTHER_GAME, than the rules' 5D
    holding, auction = "K6.92.AKJ9652.87", "P 1S P 2D P 2H P"
    assert _rules_call(holding, auction, Seat.E, Vulnerability.EW) == "5D"
    five, notrump = _game_chances(holding, auction, Seat.E, Strain.D, Vulnerability.EW)
    assert five <= notrump < five + OTHER_GAME
    decision = decide(holding, auction, Seat.E, Vulnerability.EW)
    assert str(decision.call) == "3NT"
    assert decision.explanation.message


def test_four_of_our_major_fit_instead_of_3nt_when_as_likely() -> None:
    # six hearts opposite opener's balanced 2NT rebid, which showed at least two
    holding, auction = "K.K97653.542.T92", "P 1C P 1H P 2NT P"
    assert _rules_call(holding, auction, Seat.S) == "3NT"
    four, notrump = _game_chances(holding, auction, Seat.S, Strain.H, Vulnerability.NONE)
    assert four >= notrump
    decision = decide(holding, auction, Seat.S)
    assert str(decision.call) == "4H"
    assert decision.explanation.message


def test_four_of_our_major_fit_never_turned_into_3nt() -> None:
    holding, auction = "QT2.T982.KT3.AJT", "P 1NT P 2C P 2H P"
    four, notrump = _game_chances(holding, auction, Seat.W, Strain.H, Vulnerability.EW)
    assert notrump > four  # the simulation alone would prefer 3NT
    assert str(decide(holding, auction, Seat.W, Vulnerability.EW).call) == "4H"


def test_3nt_stays_with_stoppers_and_a_balanced_hand() -> None:
    decision = decide("KJ4.Q32.K432.KJ6", "1C P 3C P", Seat.S)
    assert str(decision.call) != "5C"


def test_the_simulation_weighs_the_vulnerability_of_each_deal() -> None:
    # the same hand and auction on a deal of another vulnerability: a slam swings more
    # vulnerable, so the gain differs, and a value kept for one deal is not the other's
    holding, auction = "AT4.AKQ94.9.A753", "P 1H P 3H P"
    mine = evaluate(hand(holding))

    def gain(vulnerability: Vulnerability) -> float | None:
        return blackwood_gain(mine, analyse(calls(auction), Seat.N, vulnerability), Strain.H)

    fresh = {}
    for vulnerability in (Vulnerability.NONE, Vulnerability.BOTH):
        simulation._CACHE.clear()
        simulation._HANDS.clear()
        fresh[vulnerability] = gain(vulnerability)
    assert fresh[Vulnerability.BOTH] != fresh[Vulnerability.NONE]
    # one after the other, as the robots meet them: each deal gets its own value
    assert gain(Vulnerability.NONE) == fresh[Vulnerability.NONE]
    assert gain(Vulnerability.BOTH) == fresh[Vulnerability.BOTH]


def test_a_reading_admits_only_hands_within_it() -> None:
    shown = HandInference(12, 14, (0, 0, 0, 5), (13, 13, 13, 13))
    assert shown.admits(13, (3, 3, 2, 5))
    assert not shown.admits(11, (3, 3, 2, 5))  # too few HCP
    assert not shown.admits(13, (4, 3, 2, 4))  # too few spades
    balanced = HandInference(15, 17, balanced=True)
    assert balanced.admits(16, (4, 3, 3, 3))
    assert not balanced.admits(16, (5, 4, 3, 1))


def test_a_reading_judges_many_hands_at_once() -> None:
    balanced = HandInference(15, 17, (0, 0, 0, 0), (13, 13, 13, 5), balanced=True)
    hcp = np.array([16, 16, 16, 14, 16])
    lengths = np.array([(4, 3, 3, 3), (5, 4, 3, 1), (5, 3, 3, 2), (4, 3, 3, 3), (2, 3, 2, 6)])
    # balanced, unbalanced, balanced with five, too few HCP, six spades
    assert balanced.admitted(hcp, lengths).tolist() == [True, False, True, False, False]


def test_the_quick_test_of_partners_call_never_drops_a_hand_that_makes_it() -> None:
    # random hands after 1H P: every hand the system raises with passes the quick
    # test of the raise, and more than half of all hands fail it
    rng = random.Random(5)
    before = calls("1H P")
    raise_ = Bid(2, Strain.H)
    could = could_call(before, Seat.N, Vulnerability.NONE, raise_)
    raised = rejected = 0
    for _ in range(300):
        other = evaluate(random_hands(rng)[Seat.S])
        made = choose_for(before, Seat.N, Vulnerability.NONE, other) == raise_
        raised += made
        if made:
            assert could(other)
        rejected += not could(other)
    assert raised >= 10
    assert rejected > 150


@pytest.mark.parametrize(("answer", "level"), [("5D", 6), ("5H", 6), ("5C", 5)])
def test_notrump_slam_by_simulation_where_notrump_is_chosen_with_a_singleton(
    answer: str, level: int
) -> None:
    # nineteen points, two five-card suits and a singleton heart: not a notrump shape,
    # so only the simulation, once the rules have chosen 3NT, finds the slam; with two
    # aces it asks for the others first, and stops at the five level when two are
    # missing (the slam is in notrump or one of its suits, `slam._own_suit_slam`)
    holding, auction = "KQJ42.2.A3.AKQ75", "P 1D P 1S P 2D P"
    assert _rules_call(holding, auction, Seat.N, Vulnerability.NS) == "3NT"
    decision = decide(holding, auction, Seat.N, Vulnerability.NS)
    assert (str(decision.call), decision.rule) == ("4NT", "blackwood")
    placed = decide(holding, f"{auction} 4NT P {answer} P", Seat.N, Vulnerability.NS)
    assert isinstance(placed.call, Bid) and placed.call.level == level


def test_6nt_unjudged_without_notrump_chosen_for_a_hand_of_that_shape() -> None:
    view = _view("P 1D P 1S P 2D P")
    shapely = evaluate(hand("KQJ42.2.A3.AKQ75"))
    assert not slam_in_notrump(shapely, {}, view)
    assert slam_in_notrump(shapely, {}, view, chosen=True)


def test_3nt_by_simulation_over_partners_preempt_in_a_minor() -> None:
    holding, auction = "AJ972.A2.T5.AQ65", "P 3D P"
    assert _rules_call(holding, auction, Seat.S, Vulnerability.NS) == "P"
    decision = decide(holding, auction, Seat.S, Vulnerability.NS)
    assert str(decision.call) == "3NT"
    assert decision.explanation.message == "nt_game"


def test_partners_minor_preempt_passed_where_the_simulation_finds_no_game() -> None:
    decision = decide("KJ972.A2.T5.KQ65", "P 3D P", Seat.S, Vulnerability.NS)
    assert str(decision.call) == "P"


def test_the_likelier_game_in_my_long_suit_over_the_rules_3nt() -> None:
    # seven hearts and a diamond void opposite partner's 2D over their 1S: the rules
    # bid 3NT, 4H is clearly likelier over partner's hands (bench seed 39, deal 492:
    # 4H makes, 3NT fails)
    holding, auction = "AK5.AT98652..KT9", "1H 1S 2D P"
    assert _rules_call(holding, auction, Seat.N, Vulnerability.BOTH) == "3NT"
    in_suit, notrump = _game_chances(holding, auction, Seat.N, Strain.H, Vulnerability.BOTH)
    assert in_suit >= notrump + LIKELIER_GAME
    decision = decide(holding, auction, Seat.N, Vulnerability.BOTH)
    assert str(decision.call) == "4H"
    assert decision.explanation.message


def test_an_ace_answer_at_the_five_level_is_no_game_to_change() -> None:
    # one ace: 5D answers partner's Blackwood, though five of our clubs looks likelier
    # than five diamonds as a game (bench seed 33, deal 441)
    holding, auction = "Q32.J5.KQ62.AT92", "1H P 2C P 3C P 3NT P 4NT P"
    decision = decide(holding, auction, Seat.E, Vulnerability.EW)
    assert (str(decision.call), decision.rule) == ("5D", "blackwood_answer")


@pytest.mark.parametrize(
    ("holding", "auction", "call"),
    [
        # Partner opened and passed 2S: its pass denies the extra the rules' 3NT counted.
        ("Q3.862.62.AK8543", "P 1D 1S P 2S P P", "P"),
        # A pass as partner's first call says nothing of extra: the overcall stands.
        ("AQ4.KJ3.A95.KJ72", "P 3H", "3NT"),
    ],
)
def test_no_3nt_on_the_extra_partners_pass_denies(holding: str, auction: str, call: str) -> None:
    assert str(decide(holding, auction).call) == call
