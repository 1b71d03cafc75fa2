"""The robot bids at the match score its view shows: partscores below the line and a
Chicago's last deal."""

from __future__ import annotations

import copy
from typing import Any

from bridgetable.bots.bidding import ScoreState
from bridgetable.bots.bidding.score import score_state_of
from bridgetable.bots.robot import decide
from bridgetable.engine import (
    Card,
    Game,
    GameConfig,
    MakeCall,
    Seat,
    StartDeal,
    parse_call,
    seat_view,
)

HANDS = {
    Seat.S: "SA S4 HA HK HJ H8 H5 DK DJ D3 CQ C9 C2",
    Seat.N: "S9 S8 S5 S3 HQ H7 H4 DQ D8 D5 CJ C4 C3",
    Seat.E: "SK SQ SJ ST H9 H6 DA D9 D7 CA CK C8 C7",
    Seat.W: "S7 S6 S2 HT H3 H2 DT D6 D4 D2 CT C6 C5",
}


def _view(variant: str = "rubber") -> dict[str, Any]:
    """South's view after 1H P 2H P, South dealing."""
    game = Game(GameConfig(variant, 4, Seat.S))
    game.apply(
        StartDeal(tuple(tuple(sorted(Card.parse(c) for c in HANDS[s].split())) for s in Seat))
    )
    for text in ["1H", "P", "2H", "P"]:
        seat = game.turn
        assert seat is not None
        game.apply(MakeCall(seat, parse_call(text)))
    return seat_view(game, Seat.S)


def test_the_score_is_read_from_the_view() -> None:
    view = _view()
    assert score_state_of(view.get("score")) == ScoreState()
    view["score"]["below_line"] = {"NS": 60, "EW": 40}
    assert score_state_of(view.get("score")) == ScoreState((60, 40))


def test_chicago_pays_a_partscore_bonus_on_the_last_deal_only() -> None:
    view = _view("chicago")
    assert view["score"]["next"]["number"] == 1
    assert score_state_of(view.get("score")).partscore_bonus == 0
    view["score"]["next"]["number"] = 4
    assert score_state_of(view.get("score")).partscore_bonus == 100


def test_a_view_without_a_usable_score_bids_plainly() -> None:
    view = _view()
    del view["score"]
    assert score_state_of(view.get("score")) == ScoreState()
    view["score"] = {"below_line": {"NS": 250, "EW": -5}, "variant": "nonsense"}
    assert score_state_of(view.get("score")) == ScoreState((99, 0))


def test_with_60_below_the_robot_passes_the_raise_that_completes_the_game() -> None:
    view = _view()
    plain = decide(view)
    assert plain is not None and plain["call"] != "P"
    at_60 = copy.deepcopy(view)
    at_60["score"]["below_line"] = {"NS": 60, "EW": 0}
    assert decide(at_60) == {"type": "call", "call": "P"}
