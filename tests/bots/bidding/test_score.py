"""Bidding at the match score: a partscore below the line lowers the game, a Chicago's
last deal pays a partscore a bonus."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding import BidContext, ScoreState, choose_call, explain_call
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.score import game_level, trick_score
from bridgetable.engine.calls import PASS
from bridgetable.engine.types import Seat, Side, Strain, Vulnerability
from tests.bots.bidding.support import calls, hand

NS_60 = ScoreState((60, 0))


def decide_at(holding: str, auction: str, score: ScoreState, dealer: Seat = Seat.S) -> str:
    """The robot's call, as text, with `holding` after `auction` at `score`."""
    before = calls(auction)
    seat = Auction(before, dealer, Vulnerability.NONE).turn
    context = BidContext(seat, dealer, Vulnerability.NONE, hand(holding), before, score=score)
    return str(choose_call(context).call)


def test_trick_score_and_the_level_that_completes_a_game() -> None:
    assert [trick_score(n, Strain.C) for n in (1, 5)] == [20, 100]
    assert [trick_score(n, Strain.NT) for n in (1, 3)] == [40, 100]
    assert game_level(NS_60, Side.NS, Strain.H) == 2
    assert game_level(NS_60, Side.NS, Strain.NT) == 1
    assert game_level(NS_60, Side.NS, Strain.C) == 2
    assert game_level(NS_60, Side.EW, Strain.H) == 4


@pytest.mark.parametrize(
    ("below", "bonus"), [((100, 0), 0), ((0, -10), 0), ((0, 0), -100), ((-1, 99), 0)]
)
def test_impossible_scores_are_refused(below: tuple[int, int], bonus: int) -> None:
    with pytest.raises(ValueError):
        ScoreState(below, bonus)


def test_with_60_below_opener_stops_in_2h_that_completes_the_game() -> None:
    strong = "A4.AKJ85.KJ3.Q92"  # 18 HCP: would try for game over a raise
    assert decide_at(strong, "1H P 2H P", ScoreState()) != "P"
    assert decide_at(strong, "1H P 2H P", NS_60) == "P"


def test_the_stop_is_explained_from_the_auction_and_the_score() -> None:
    before = calls("1H P 2H P")
    meaning = explain_call(before, Seat.S, Vulnerability.NONE, PASS, score=NS_60)
    assert meaning is not None
    assert meaning.english() == "content with the contract"


def test_slam_values_look_beyond_the_completed_game() -> None:
    huge = "A4.AKQJ85.AKQ.K2"  # 25 HCP
    assert decide_at(huge, "1H P 2H P", NS_60) != "P"


def test_their_partscore_does_not_stop_us() -> None:
    strong = "A4.AKJ85.KJ3.Q92"
    theirs = ScoreState((0, 60))
    assert decide_at(strong, "1H P 2H P", theirs) == decide_at(strong, "1H P 2H P", ScoreState())


def test_with_40_below_responder_raises_to_the_completing_level() -> None:
    # 13 HCP and four hearts: a game-forcing raise at love, 2H is game with 40 below
    holding = "K94.QT53.A42.KJ2"
    plain = decide_at(holding, "1H P", ScoreState(), dealer=Seat.N)
    assert plain in ("2NT", "3H")
    context = BidContext(
        Seat.S, Seat.N, Vulnerability.NONE, hand(holding), calls("1H P"), score=ScoreState((40, 0))
    )
    decision = choose_call(context)
    assert (str(decision.call), decision.rule) == ("2H", "score_raise")


def test_forcing_bids_are_answered_whatever_the_score() -> None:
    # 1S-2C is forcing: opener bids on even though 2C would complete a game with 70 below
    assert decide_at("AKJ85.K4.Q93.J82", "1S P 2C P", ScoreState((70, 0))) != "P"


def test_chicago_last_deal_declines_a_borderline_invitation() -> None:
    # 6 HCP and five hearts opposite opener's 2NT (18-19): a simulation of opener's
    # hands finds 3NT likely enough at a plain score, not likely enough where the
    # partscore already bid earns 100
    holding, auction = "JT7.Q7652.94.QJ5", "P 1C P 1H P 2NT P"
    assert decide_at(holding, auction, ScoreState(), dealer=Seat.N) == "3NT"
    assert decide_at(holding, auction, ScoreState((0, 0), 100), dealer=Seat.N) == "P"


def test_chicago_last_deal_still_bids_a_game_the_simulation_finds_likely() -> None:
    # opener's 16 HCP and three hearts after responder's preference: the rules pass
    # 2H, and a simulation of responder's hands finds 4H likely even against the
    # likelier game a last deal asks for (there, it was left to the rules)
    holding, auction = "Q6432.AT7.Q.AKQ3", "P 1S P 1NT P 2C P 2H P"
    assert decide_at(holding, auction, ScoreState((0, 0), 100), dealer=Seat.W) == "4H"


def test_a_doubtful_game_is_declined_where_a_partscore_earns_a_bonus() -> None:
    # the rules accept 3S with the upper half of the raise; a simulation of opener's
    # hands finds 4S unlikely, and Chicago's last deal pays the partscore 100
    raise_ = "T97.J53.KT865.Q9"
    assert decide_at(raise_, "1S P 2S P 3S P", ScoreState((0, 0), 100), dealer=Seat.N) == "P"


def test_a_hopeless_invitation_is_withheld_where_a_partscore_earns_a_bonus() -> None:
    # the rules invite with nine points; a simulation of opener's hands finds 4S hopeless,
    # and on Chicago's last deal the partscore already made earns 100
    weak = "KJ72.J8.7632.KJ9"
    assert decide_at(weak, "1D P 1S P 2S P", ScoreState((0, 0), 100), dealer=Seat.E) == "P"
