"""Each seat sees only what it may: own hand, dummy after the lead, all at the end."""

from __future__ import annotations

import json

from bridgetable.engine import Seat
from bridgetable.engine.views import seat_view
from tests.engine.helpers import bid, current_deal, dealt_game, play_lowest


def test_auction_view_shows_own_hand_only() -> None:
    game = dealt_game()
    deal = current_deal(game)
    for seat in Seat:
        hands = seat_view(game, seat)["deal"]["hands"]
        for other in Seat:
            if other == seat:
                assert hands[other.name]["cards"] == [str(c) for c in deal.start.hands[other]]
            else:
                assert hands[other.name] == {"count": 13}
    spectator = seat_view(game, None)["deal"]["hands"]
    assert all(spectator[s.name] == {"count": 13} for s in Seat)


def test_dummy_visible_to_all_only_after_the_opening_lead() -> None:
    game = dealt_game()
    bid(game, "1NT P P P")
    assert seat_view(game, Seat.E)["deal"]["hands"]["S"] == {"count": 13}
    play_lowest(game, 1)
    for seat in (Seat.N, Seat.E, Seat.W, None):
        assert len(seat_view(game, seat)["deal"]["hands"]["S"]["cards"]) == 13
    # dummy sees neither declarer's nor the defenders' hands
    dummy_view = seat_view(game, Seat.S)["deal"]["hands"]
    assert "count" in dummy_view["N"] and "count" in dummy_view["W"]


def test_legal_moves_only_for_the_seat_to_act() -> None:
    game = dealt_game()
    bid(game, "1NT P P P")
    play_lowest(game, 1)
    assert seat_view(game, Seat.N)["deal"]["legal"]["cards"]  # declarer, for dummy
    assert seat_view(game, Seat.S)["deal"]["legal"] == {}


def test_every_hand_is_shown_when_the_deal_is_over() -> None:
    game = dealt_game()
    bid(game, "P P P P")
    view = seat_view(game, None)
    assert all(len(view["deal"]["hands"][s.name]["cards"]) == 13 for s in Seat)
    assert set(view["deal"]["deal_hands"]) == {"N", "E", "S", "W"}


def test_draw_phase_shows_only_own_drawn_cards() -> None:
    game = dealt_game(players=2)
    play_lowest(game, 4)
    deal = current_deal(game)
    north = seat_view(game, Seat.N)["deal"]
    assert set(north["draw"]["drawn"]) == {"N"}
    assert north["draw"]["drawn"]["N"] == [str(c) for c in deal.drawn[Seat.N]]
    assert north["hands"]["E"] == {"count": 13}
    assert "drawn" not in json.dumps(seat_view(game, None)["deal"]["draw"]["drawn"])
    assert seat_view(game, None)["deal"]["draw"]["drawn"] == {}
