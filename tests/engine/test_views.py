"""Each seat sees only what it may: own hand, dummy after the lead, all at the end."""

from __future__ import annotations

import json

import pytest

from bridgetable.engine import AnswerClaim, AnswerUndo, Claim, Game, RequestUndo, Seat
from bridgetable.engine.errors import IllegalAction
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


def _claimed_game() -> tuple[Game, Seat]:
    """North declares 1NT, East leads, South (dummy) follows; North claims 12."""
    game = dealt_game()
    bid(game, "1NT P P P")
    play_lowest(game, 2)
    deal = current_deal(game)
    claimer = deal.contract.declarer if deal.contract else Seat.N
    return game, claimer


def test_claimers_cards_are_shown_to_all_only_while_the_claim_waits() -> None:
    game, claimer = _claimed_game()
    deal = current_deal(game)
    hidden = {s: seat_view(game, s)["deal"]["hands"] for s in (*Seat, None)}
    for viewer, hands in hidden.items():
        if viewer != claimer:
            assert "count" in hands[claimer.name], viewer
    game.apply(Claim(claimer, 11))
    held = [str(c) for c in sorted(deal.play.hands[claimer], key=lambda c: c.index)]  # type: ignore[union-attr]
    for viewer in (*Seat, None):
        hands = seat_view(game, viewer)["deal"]["hands"]
        assert hands[claimer.name]["cards"] == held, viewer
        # nobody sees a third hand because of the claim
        for other in Seat:
            if other not in (viewer, claimer, deal.dummy):
                assert "count" in hands[other.name], (viewer, other)
    opponent = deal.active_opponents(claimer)[0]
    game.apply(AnswerClaim(opponent, False))
    for viewer in (*Seat, None):
        if viewer != claimer:
            assert "count" in seat_view(game, viewer)["deal"]["hands"][claimer.name]


def test_a_refused_claim_names_who_refused_until_the_next_action() -> None:
    game, claimer = _claimed_game()
    deal = current_deal(game)
    game.apply(Claim(claimer, 11))
    opponent = deal.active_opponents(claimer)[1]
    game.apply(AnswerClaim(opponent, False))
    refused = seat_view(game, None)["deal"]["refused"]
    assert refused == {"kind": "claim", "seat": claimer.name, "by": opponent.name}
    with pytest.raises(IllegalAction):
        game.apply(AnswerClaim(opponent, True))  # nothing to answer: changes nothing
    assert seat_view(game, None)["deal"]["refused"] == refused
    play_lowest(game, 1)
    assert seat_view(game, None)["deal"]["refused"] is None


def test_undo_is_offered_only_to_the_last_actor() -> None:
    game = dealt_game()
    assert seat_view(game, None)["deal"]["undo_seat"] is None
    bid(game, "1NT")
    deal = current_deal(game)
    assert seat_view(game, None)["deal"]["undo_seat"] == deal.dealer.name
    game.apply(RequestUndo(deal.dealer))
    assert seat_view(game, None)["deal"]["undo_seat"] is None
    responder = deal.undo.responders[0]  # type: ignore[union-attr]
    game.apply(AnswerUndo(responder, False))
    view = seat_view(game, None)["deal"]
    assert view["refused"] == {"kind": "undo", "seat": deal.dealer.name, "by": responder.name}
    assert view["undo_seat"] == deal.dealer.name
