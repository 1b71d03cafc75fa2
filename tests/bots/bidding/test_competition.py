"""Overcalls, takeout doubles, advances and competing over an overcall."""

from __future__ import annotations

import random

import pytest

from bridgetable.bots.bidding import BidContext, choose_call, explain_call, infer_hands
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.calls import PASS
from bridgetable.engine.types import DECK, Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, decide

CASES = [
    # RHO (the dealer, East) opened; South acts.
    ("1H", "KJ84.5.AQ93.K862", "X", "takeout_double"),
    ("1D", "KQJ85.73.A42.963", "1S", "overcall"),
    ("1H", "KJ4.AQ5.KJ93.Q52", "1NT", "overcall_1nt"),
    ("1S", "K4.73.AQJ85.9632", "2D", "overcall"),
    ("1H", "Q842.K73.J95.Q62", "P", "overcall_pass"),
    ("2S", "4.KQ73.AJ95.K652", "X", "takeout_double"),
    ("2S", "A4.KQ73.AJ95.Q62", "2NT", "overcall_nt"),
    # Over their weak two any five-card suit is overcalled with a singleton or void in
    # theirs; with two cards there it takes a sound suit.
    ("2D", "QJ976.A85.5.AJ64", "2S", "overcall"),
    ("2D", "QJ976.A85.52.AJ6", "P", "overcall_pass"),
    ("1NT", "AK4.KQ3.AJ95.Q62", "X", "double_1nt"),
    ("1NT", "JT83.AK52.A987.K", "X", "double_1nt"),  # 15 HCP: as strong as 1NT's least
    ("1H P P", "KJ84.5.A993.K862", "X", "takeout_double"),
    # Too strong to overcall their weak two: double, then bid the suit.
    ("2S", "T.AKQ976.A4.AQ75", "X", "takeout_double"),
    # Over a three-level opening a good six-card suit and 15+ overcall at the four
    # level (where no three-level overcall is left); a weaker hand passes.
    ("3S", "AJ.AQJT98.Q6.AT3", "4H", "overcall"),
    ("3S", "964.K4.AKQ762.A6", "4D", "overcall"),
    ("3S", "964.K4.AKQ762.86", "P", "overcall_pass"),
    # Over a four-level opening: a double with a good hand short in their suit, a
    # long good suit at the four or five level, a pass with less.
    ("4H", "AK7.J2.AK32.AKJ6", "X", "takeout_double"),
    ("4H", "AQ4.5.KQ93.AJ862", "X", "takeout_double"),
    ("4H", "AKQJ86.5.KQ3.962", "4S", "overcall"),
    ("4S", "5.K4.AQJT97.AK62", "5D", "overcall"),
    ("4S", "K84.A3.KJ93.Q862", "P", "overcall_pass"),
    ("4H", "K842.5.QJ93.Q862", "P", "overcall_pass"),
    # Too good to pass: any five-card suit is overcalled, a double with three cards in
    # their suit, a strong hand acts over their raise, their 1NT answer or a preempt
    # in the balancing seat.
    ("1C", "Q9862.K.AK84.A98", "1S", "overcall"),
    ("1C P P", "K83.AQ7.AK53.983", "X", "takeout_double"),
    ("1H P 2H", "AJ64.Q3.9.AKQJ74", "3C", "overcall"),
    ("1H P 2H", "KT75..AKQ862.AKJ", "X", "takeout_double"),
    ("1S P 1NT", "J5.A76.AKQT73.QJ", "2D", "overcall"),
    ("3D P P", "A873.A983.A.AK54", "X", "takeout_double"),
    ("2S P 4S", "83.AK.AKQJ83.K54", "5D", "overcall"),
    ("4S P P", "A.AQJ842.542.AK3", "5H", "overcall"),
    # The balancing seat overcalls any five-card suit, where the direct seat needs a
    # decent one: 1S on JT932 after 1H P P, a pass directly over 1H; 2C on 98642.
    ("1H P P", "JT932.K632.KQ7.4", "1S", "overcall"),
    ("1H", "JT932.K632.KQ7.4", "P", "overcall_pass"),
    ("1S P P", "J75.KQ6.A5.98642", "2C", "overcall"),
    ("1S", "J75.KQ6.A5.98642", "P", "overcall_pass"),
    ("1H P 2H P P", "T8643.K82.KJ4.Q9", "2S", "overcall"),
    ("1H P 2H", "T8643.K82.KJ4.Q9", "P", "overcall_pass"),
    # Their jump raise is met as a preempt at its level.
    ("1H P 4H", "KJ97532..A7.AKJ9", "4S", "overcall"),
    ("1H P 3H", "AQ4.5.KQ93.AJ862", "X", "takeout_double"),
    ("1H P 3H", "K842.5.QJ93.Q862", "P", "overcall_pass"),
    # Their opening and response: a poor five-card suit is overcalled with 15+ only.
    ("1C P 1D", "J9754.Q6.AKQ.AT5", "1S", "overcall"),
    ("1C P 1D", "J9754.Q6.AK3.T95", "P", "overcall_pass"),
    # Partner (North) acted over East's opening; West passed; South advances.
    ("1D 1S P", "K84.QJ52.742.953", "2S", "advance_raise"),
    # The invitational jump raise of partner's overcall has four trumps; with three,
    # the simple raise.
    ("1D 1S P", "K842.AJ52.K42.95", "3S", "advance_jump_raise"),
    ("1D 1S P", "K84.AJ52.K742.95", "2S", "advance_raise"),
    ("1D X P", "K984.Q52.742.953", "1S", "advance_double"),
    # A four-card major before a longer minor, with a jump when invitational.
    ("1D X P", "K983.6.J73.Q9742", "1S", "advance_double"),
    ("1D X P", "K983.6.Q73.KJ974", "2S", "advance_double_jump"),
    ("1D X P", "K98.6.Q73.KJ9742", "3C", "advance_double_jump"),
    ("1D X P", "J4.952.AKQJ97.53", "P", "penalty_pass"),
    # Partner doubled their four-level opening: a long suit is bid, else the double
    # stands.
    ("4H X P", "QJ952.84.K73.963", "4S", "advance_double"),
    ("4S X P", "84.952.KJ8742.53", "5D", "advance_double"),
    ("4H X P", "Q952.842.K73.963", "P", "advance_double_pass"),
    ("4S X P", "84.9652.KJ874.53", "P", "advance_double_pass"),
    ("4S P P X P", "84.952.KJ8742.53", "5D", "advance_double"),
    ("2S P 4S X P", "Q84.952.K8742.53", "P", "advance_double_pass"),
    # Their raise to game over partner's double: a five-card major with some values
    # is bid all the same, less passes.
    ("2H X 4H", "QT752.3.82.AK742", "4S", "free_advance"),
    ("2H X 4H", "QT752.3.82.Q7432", "P", "free_advance_pass"),
    # Their raise at the two or three level: a four-card major with 8+ HCP is bid,
    # less passes; a suit of theirs is never bid as one's own.
    ("2D X 3D", "K2.QJ86.Q76.Q976", "3H", "free_advance"),
    ("2D X 3D", "K2.QJ86.976.J976", "P", "free_advance_pass"),
    ("1D X 1H", "K2.QJ865.Q76.Q97", "P", "free_advance_pass"),
    # South doubled East's opening; North advanced; South rebids, counting support
    # points (shortness with a fit) as a raise does.
    ("1H X P 1S P", "A852.32.AJ84.AQ5", "2S", "doubler_raise"),
    ("1H X P 1S P", "A852.932.AJ84.Q5", "P", "doubler_pass"),
    ("1S X P 3D P", ".J9854.AQ85.AQJ5", "5D", "doubler_accept"),
    ("1S X P 3D P", "J5.KJ54.KJ85.A54", "P", "doubler_decline"),
    # The strong double bids its long suit (six cards, or five good ones) when they
    # raised and partner passed.
    ("1H X 2H P P", "AT5.J.KQJ.AKJT74", "3C", "doubler_own_suit"),
    ("2H X 3H P P", "AKQJ7..AKQT.KJ84", "3S", "doubler_own_suit"),
    # Too strong for 2NT over partner's forced answer: game in notrump.
    ("2D X P 2H P", "A2.AK7.AJT86.KQ2", "3NT", "doubler_3nt"),
    # The same rebids after a double in the balancing seat: a strong hand bids again.
    ("1D P P X P 1H P", "AKJT8.K3.Q6.AKJ5", "1S", "doubler_own_suit"),
    ("1D P P X P 1H P", "AQ5.K93.KJ4.AQ52", "1NT", "doubler_nt"),
    ("1D P P X P 1H P", "KJ85.Q93.74.AJ52", "P", "doubler_pass"),
    # And after a double of their raise.
    ("1H P 2H X P 2S P", "AQ85.42.AK84.K52", "3S", "doubler_raise"),
    # And when the opener bid again over partner's answer (it passed, however strong):
    # 3NT made on the first.
    ("1S P P X P 2H 2S", "QJ7.KJT.AK.AQJ86", "3NT", "doubler_3nt"),
    ("1H P P X P 1S 2H", "K72.T4.AQ5.AKQJ7", "3C", "doubler_own_suit"),
    ("1H P P X P 1S 2H", "K72.T4.AQ52.AJ75", "P", "doubler_pass"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), CASES)
def test_competition(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.E)
    assert (str(decision.call), decision.rule) == (call, rule)


INTERFERENCE = [
    # North opened, East overcalled; South acts.
    ("1C 1S", "84.KJ52.Q742.K53", "X", "negative_double"),
    ("1H 2C", "K84.QJ5.9742.953", "2H", "comp_raise"),
    ("1H 1S", "K8.J5.AQ742.KJ53", "2D", "comp_new_suit"),
    ("1NT 2S", "84.K5.AQ742.K953", "3D", "nt_comp_forcing"),
    # Notrump over their overcall is balanced: six of their suit wait for opener's
    # reopening double instead (a trap pass).
    ("1C 1S", "K83.K43.AJ5.9542", "2NT", "comp_nt"),
    ("1C 1S", "KQ9642.K43.AT.54", "P", "comp_pass"),
    # Invitational values over the overcall of our 1NT: 2NT with their suit stopped,
    # a pass without a stopper (2NT would leave it to opener to stop it alone).
    ("1NT 2H", "32.KJ4.KJ9654.62", "2NT", "nt_comp_invite"),
    ("1NT 2H", "Q32.4.KJ965.J962", "P", "nt_comp_pass"),
    # Opening values and no stopper in their suit: a new minor at the three level,
    # forcing, instead of passing; 3NT with their suit stopped; a pass with less.
    ("1H 2S", "43.Q.AKJ94.K7654", "3D", "comp_new_suit"),
    ("1H 2S", "KQ4.Q.AKJ94.7654", "3NT", "comp_3nt"),
    ("1H 2S", "43.Q5.KJ94.Q7654", "P", "comp_pass"),
    # A long fit in opener's minor: the simple raise with 6-10, a jump with 11-12,
    # game with opening values and no stopper in their suit.
    ("1C 1S", "9.Q73.T75.KJ9862", "2C", "comp_raise"),
    ("1C 1S", "9.Q73.K75.AQ9862", "3C", "comp_jump_raise"),
    ("1D 3C", "Q7.KJ5.AKQJ2.T64", "5D", "comp_game_raise"),
    # North opened, East overcalled, both passed: with five-five and 14+ HCP North
    # shows the second suit rather than double; four of them, the double.
    ("1S 2H P P", "AT843.2.A2.AQT86", "3C", "reopen_second_suit"),
    ("1S 2H P P", "AT843.2.A32.AQT8", "X", "reopen_double"),
    ("1H 2D P P", "A5.QT986.K.AQJT9", "3C", "reopen_second_suit"),
    # North opened and reopened with a double, South answered: North rebids as a
    # takeout doubler (20 HCP passed the first); the double's minimum says no more.
    ("1D P P 1H X P 1S P", "KJ7.AT.AKJ842.A2", "2D", "doubler_own_suit"),
    ("1C P P 1H X P 1S P", "KJ7.AT.AJ2.AKJ42", "3NT", "doubler_3nt"),
    ("1D 1S P 2S X P 3C P", "3.AKT4.AKQ932.86", "P", "doubler_pass"),
    # North opened, South passed, West balanced: North with extras acts again.
    ("1C P P 1D", "Q5.AJ4.AQ5.AQ865", "1NT", "reopen_nt"),
    ("1C P P 1D", "AQ85.KJ4.5.AK865", "X", "reopen_double"),
    ("1C P P 1D", "Q85.KJ4.Q5.AJ865", "P", "reopen_pass"),
    # North opened, East overcalled, South passed and West raised: North with extras
    # still competes (it used to pass 2D holding 20 HCP and six good clubs), six cards
    # from 13 HCP, not 12.
    ("1C 1D P 2D", "K7.AJ.K96.AKQT42", "3C", "reopen_suit"),
    ("1C 1D P 2D", "KQ85.AJ94.5.AKJ8", "X", "reopen_double"),
    ("1C 1D P 2D", "K7.AJ.K96.QJT842", "3C", "reopen_suit"),
    ("1C 1D P 2D", "K7.K2.K96.QJT842", "P", "reopen_pass"),
    # North opened, South's negative double showed the unbid major, West raised his
    # partner: four cards in that major compete, with game values bid game.
    ("1C 1S X 2S", "A42.KT72.KQ3.654", "3H", "negative_raised_compete"),
    ("1C 2D X 3D", "KT73.K.AQ3.65432", "3S", "negative_raised_compete"),
    ("1C 1D X 2D", "T654.K754.A.AKT5", "2H", "negative_raised_compete"),
    ("1C 1S X 2S", "A4.AQ72.KQ3.K654", "4H", "negative_raised_game"),
    ("1C 1S X 2S", "A42.K72.KQ3.6543", "P", "pass_default"),
    # North opened, South bid a new major over the overcall and West raised: three
    # cards raise partner's major, a six-card suit of opener's own competes, else a
    # pass.
    ("1C 1H 1S 2H", "AK2.KT.75.AT9542", "2S", "rebid_comp_raise"),
    ("1C 1D 1S 2D", "K8.KT94.9.AQT973", "3C", "rebid_comp_own"),
    ("1C 1H 1S 2H", "AK.KT2.75.AT9542", "3C", "rebid_comp_own"),
    ("1C 1H 1S 2H", "AK.KT2.752.AT954", "P", "pass_default"),
    # North's weak two raised, their double and 3H: ten trumps together compete at
    # the four level, nine leave it to them.
    ("2D P 3D X P 3H", "652.AK95.K874.63", "4D", "compete_in_fit"),
    ("2D P 3D X P 3H", "6542.AK95.K87.63", "P", "pass_default"),
]


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), INTERFERENCE)
def test_over_interference(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction, dealer=Seat.N)
    assert (str(decision.call), decision.rule) == (call, rule)


RESPONSE_OVERCALLED = [
    # North opened 1D, South responded 1S, West overcalled 2C: North rebids.
    ("1D P 1S 2C", "AQT.A982.QT862.A", "2S", "rebid_comp_raise"),
    ("1D P 1S 2C", "Q52.K82.AJ863.K4", "2S", "rebid_comp_raise"),
    ("1D P 1S 2C", "KQ52.82.AQJ63.K4", "3S", "rebid_jump_raise"),
    ("1D P 1S 2C", "KQ52.A82.AQJ63.4", "4S", "rebid_raise_game"),
    ("1D P 1S 2C", "K4.Q5.AKJ863.J52", "2D", "rebid_comp_own"),
    ("1D P 1S 2C", "K4.QJ52.AJ863.52", "P", "rebid_comp_pass"),
    # Opener's other rebids stand as without the overcall: a second suit (a reverse
    # with 16), notrump with their suit stopped, a jump shift with game values.
    ("1C P 1S 2D", "K9.AJT6.Q4.KQJ73", "2H", "rebid_reverse"),
    ("1C P 1S 2D", "K9.AJT6.Q4.QJ873", "P", "rebid_comp_pass"),
    ("1D P 1H 1S", "K4.Q5.AKJ63.QJ52", "2C", "rebid_new_suit_2"),
    ("1C P 1D 1H", "KJ63.Q6.K3.QJ876", "1S", "rebid_new_suit_1"),
    ("1C P 1D 1S", "KJ4.Q65.A74.K853", "1NT", "rebid_1nt"),
    ("1C P 1D 1S", "854.KQ6.A74.KQ53", "P", "rebid_comp_pass"),
    ("1D P 1S 2C", "A5.KQ4.AQ863.KJ5", "2NT", "rebid_2nt"),
    ("1D P 1S 2C", "A5.AKQ4.AKJ63.J5", "3H", "rebid_jump_shift"),
    ("1D P 1S 2H", "A5.K4.AKQJ63.Q52", "3NT", "rebid_3nt"),
    # After the 1NT response too (five-five in the majors passed 2D).
    ("1S P 1NT 2D", "KQ963.A9532.A.T2", "2H", "rebid_new_suit_2"),
    ("1H P 1NT 2C", "KQ6.A9532.KJ32.2", "2D", "rebid_new_suit_2"),
    # North passed the overcall: South rebids a six-card suit.
    ("1D P 1S 2C P P", "K97643.Q6.KJ4.54", "2S", "resp_comp_rebid"),
    # They bid over South's single raise: North passes with at most 15 HCP, bids game
    # with more; South, the raise's 5-10, leaves it (it invited with 3S).
    ("1H P 2H 2S", "A4.AQJ84.K82.J54", "P", "rebid_comp_pass"),
    ("1H P 2H 2S", "A4.AQJ84.K82.Q54", "4H", "game_in_fit"),
    ("1S P 2S 3C P P", "Q64.T942.QJ852.4", "P", "pass_default"),
    ("1S 2C 2S 3C P P", "Q64.T942.QJ852.4", "P", "pass_default"),
]


def test_openers_pass_over_their_bid_after_the_raise_shows_a_minimum() -> None:
    shown = infer_hands(calls("1S P 2S 3C P"), Seat.N, Vulnerability.NONE)[Seat.N]
    assert (shown.hcp_min, shown.hcp_max) == (12, 15)
    meaning = explain_call(calls("1S P 2S 3C"), Seat.N, Vulnerability.NONE, PASS)
    assert meaning is not None and meaning.english() == "content with the contract; 12-15 HCP"


@pytest.mark.parametrize(("auction", "holding", "call", "rule"), RESPONSE_OVERCALLED)
def test_when_a_response_is_overcalled(auction: str, holding: str, call: str, rule: str) -> None:
    decision = decide(holding, auction)
    assert (str(decision.call), decision.rule) == (call, rule)


@pytest.mark.parametrize("auction", ["1H P 2H 2S", "1C 1H 2C 2H", "1S 2D 2S 3D", "1D P 2D 2S"])
def test_an_opener_with_16_or_more_never_passes_their_bid_over_the_raise(auction: str) -> None:
    # what makes opener's pass there read as 12-15 HCP (`rebid_comp_pass`)
    rng = random.Random(auction)
    opening = auction.split()[0]
    checked = 0
    for _ in range(20_000):
        cards = tuple(sorted(rng.sample(DECK, 13)))
        if evaluate(cards).hcp < 16:
            continue
        first = choose_call(BidContext(Seat.N, Seat.N, Vulnerability.NONE, cards, ()))
        if str(first.call) != opening:
            continue
        after = choose_call(BidContext(Seat.N, Seat.N, Vulnerability.NONE, cards, calls(auction)))
        assert str(after.call) != "P", (auction, cards)
        checked += 1
        if checked == 100:
            break
    assert checked == 100


def test_a_competitive_raise_shows_its_trumps() -> None:
    # 1S P P X P 2H 2S on three spades and 3 HCP: partner reads the eight-card fit
    # (five opposite three), where the raise showed nothing
    decision = decide("865.8.98764.K954", "1S P P X P 2H")
    assert (str(decision.call), decision.rule) == ("2S", "compete_in_fit")
    shown = infer_hands(calls("1S P P X P 2H 2S"), Seat.N, Vulnerability.NONE)[Seat.S]
    assert shown.min_length(Suit.S) == 3
    meaning = explain_call(calls("1S P P X P 2H"), Seat.N, Vulnerability.NONE, calls("2S")[0])
    assert meaning is not None and meaning.english() == "competes with a trump fit; 3+ spades"


def test_the_raise_over_their_1nt_overcall() -> None:
    # 1H (1NT) 2H: weak, three trumps (a minor's five), so that opener with 21 HCP bids
    # game, which passed when no rule explained the raise
    raise_ = decide("Q853.852.76.J965", "P 1H 1NT", dealer=Seat.W)
    assert (str(raise_.call), raise_.rule) == ("2H", "comp_raise")
    shown = infer_hands(calls("P 1H 1NT 2H"), Seat.W, Vulnerability.NONE)[Seat.S]
    assert (shown.hcp_min, shown.hcp_max, shown.min_length(Suit.H)) == (0, 8, 3)
    minor = decide("853.Q8.76.QJ9652", "P 1C 1NT", dealer=Seat.W)
    assert (str(minor.call), minor.rule) == ("2C", "comp_raise")
    assert str(decide("KQ53.852.A6.J965", "P 1H 1NT", dealer=Seat.W).call) == "X"
    game = decide("A9.AQJ963.A98.A2", "P 1H 1NT 2H P", dealer=Seat.W)
    assert str(game.call) == "4H"


def test_the_advancer_bids_a_long_suit_of_its_own_from_8_hcp() -> None:
    # 1H (2D) 2H: 2S on 9 HCP and five-six, which passed when 10 HCP were asked; four
    # spades made. Five spades and 9 HCP, ten points, still pass.
    decision = decide("AJ986.6.K.JT9873", "1H 2D 2H", dealer=Seat.S)
    assert (str(decision.call), decision.rule) == ("2S", "advance_new_suit")
    assert str(decide("AJ986.64.K2.J987", "1H 2D 2H", dealer=Seat.S).call) == "P"
    shown = infer_hands(calls("1H 2D 2H 2S"), Seat.S, Vulnerability.NONE)[Seat.E]
    assert (shown.hcp_min, shown.min_length(Suit.S)) == (8, 5)


def test_opener_bids_a_long_suit_again_over_their_raise_from_13_hcp() -> None:
    # 1S (2C) P (3C): 3S on seven spades and 13 HCP, which passed (15 asked); partner
    # then bids the game that makes
    decision = decide("AKJT954.765.AJ.3", "P P P 1S 2C P 3C", dealer=Seat.S)
    assert (str(decision.call), decision.rule) == ("3S", "reopen_suit")
    raise_ = decide("73.JT.K9854.AT72", "P P P 1S 2C P 3C 3S P", dealer=Seat.S)
    assert str(raise_.call) == "4S"


def test_values_double_their_overcall_of_our_1nt_without_a_stopper() -> None:
    # 1NT (2S) X on 10 HCP with no major and no spade stopper, which passed: opener
    # shows its hearts, then 3NT
    decision = decide("65.K43.KT75.A872", "P P 1NT 2S", dealer=Seat.N)
    assert (str(decision.call), decision.rule) == ("X", "nt_comp_double")
    assert decision.explanation.english() == (
        "negative double: values, four cards in an unbid major or no stopper in spades; 8+ HCP"
    )
    answer = decide("AKJ.AT95.J84.Q95", "P P 1NT 2S X P", dealer=Seat.N)
    assert str(answer.call) == "3H"
    game = decide("65.K43.KT75.A872", "P P 1NT 2S X P 3H P", dealer=Seat.N)
    assert str(game.call) == "3NT"
    # with a spade stopper 3NT directly, as before
    assert str(decide("K5.K43.KT75.A872", "P P 1NT 2S", dealer=Seat.N).call) == "3NT"


def test_opener_s_rebid_after_its_reopening_double_reads_as_the_doubler_s() -> None:
    # partner and the opponents read it as the strong doubler's suit it is
    decision = decide("KJ7.AT.AKJ842.A2", "1D P P 1H X P 1S P", dealer=Seat.N)
    assert decision.explanation.english() == ("strong hand with this suit; 17+ HCP; 5+ diamonds")
