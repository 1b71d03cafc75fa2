"""The meaning shown for a robot's call is the one it bid with: at the match score, at
the table and in the deal's review."""

from __future__ import annotations

from typing import Any

from bridgetable.engine import Card, Claim, Game, GameConfig, MakeCall, Seat, StartDeal, parse_call
from bridgetable.engine.actions import Action, AnswerClaim, PlayCard
from bridgetable.formats.actions_json import action_to_json, config_to_json
from bridgetable.server.explanations import robot_call_meanings
from bridgetable.server.review import TableHistory, call_meanings
from bridgetable.server.table import TableState

HANDS = {
    Seat.S: "SA S4 HA HK HJ H8 H5 DK DJ D3 CQ C9 C2",
    Seat.N: "S9 S8 S5 S3 HQ H7 H4 DQ D8 D5 CJ C4 C3",
    Seat.E: "SK SQ SJ ST H9 H6 DA D9 D7 CA CK C8 C7",
    Seat.W: "S7 S6 S2 HT H3 H2 DT D6 D4 D2 CT C6 C5",
}
DEALT = StartDeal(tuple(tuple(sorted(Card.parse(c) for c in HANDS[s].split())) for s in Seat))
CONFIG = GameConfig("rubber", 4, Seat.S)
META = {"config": config_to_json(CONFIG), "creator": "c", "created": 0}


class Script:
    """The events of a table of four robots, South dealing first."""

    def __init__(self) -> None:
        self.game = Game(CONFIG)  # to know whose turn it is
        self.events: list[dict[str, Any]] = [
            {"t": "robot", "seat": seat.name, "on": True} for seat in Seat
        ]

    def act(self, action: Action) -> None:
        self.game.apply(action)
        self.events.append({"t": "action", "action": action_to_json(action)})

    def bid(self, auction: str) -> None:
        for text in auction.split():
            seat = self.game.turn
            assert seat is not None
            self.act(MakeCall(seat, parse_call(text)))

    def claim(self, leader: Seat, lead: str, declarer: Seat, tricks: int) -> None:
        self.act(PlayCard(leader, Card.parse(lead)))
        self.act(Claim(declarer, tricks))
        for seat in (leader, leader.partner):
            self.act(AnswerClaim(seat, True))

    def table(self) -> TableState:
        state = TableState("t", META)
        for event in self.events:
            state.apply(event)
        return state


def meanings(found: dict[str, Any]) -> dict[str, str]:
    return {index: meaning["message"] for index, meaning in found.items()}


def test_a_raise_that_completes_the_game_is_explained_as_game() -> None:
    plain = Script()
    plain.act(DEALT)
    plain.bid("1H P 2H")
    assert meanings(robot_call_meanings(plain.table(), {}))["2"] == "single_raise"
    # North-South score 2H made (60 below the line); on the next deal, West dealing,
    # South's 2H over North's 1H completes the game
    script = Script()
    script.act(DEALT)
    script.bid("1H P 2H P P P")
    script.claim(Seat.W, "S7", Seat.S, 8)
    assert script.game.sheet.to_json()["below_line"]["NS"] == 60
    script.act(DEALT)
    script.bid("P 1H P 2H")
    assert meanings(robot_call_meanings(script.table(), {}))["3"] == "game_in_fit"
    # the review explains it so too, once the deal is over (and the game won)
    script.bid("P P P")
    script.claim(Seat.E, "SK", Seat.N, 8)
    history = TableHistory("t", META)
    for event in script.events:
        history.apply(event)
    first, second = history.deals
    assert meanings(call_meanings(first))["2"] == "single_raise"
    assert meanings(call_meanings(second))["3"] == "game_in_fit"
