"""Draw Bridge, the two-player game: the draw phase, the short auction, play without dummy."""

from __future__ import annotations

import pytest

from bridgetable.engine import Game, GameConfig, PlayCard, Seat
from bridgetable.engine.deal import Phase
from bridgetable.engine.errors import CardNotInHand, IllegalAction, IllegalClaim, NotYourTurn
from bridgetable.engine.views import seat_view
from tests.engine.helpers import bid, current_deal, dealt_game, play_lowest, seat_of


def test_a_table_of_two_plays_draw_bridge_whatever_the_variant() -> None:
    game = Game(GameConfig("chicago", 2))
    assert game.config.ruleset.name == "rubber"
    assert game.seats == (Seat.N, Seat.E)


def test_draw_phase_non_dealer_leads_and_both_draw() -> None:
    game = dealt_game(players=2)
    deal = current_deal(game)
    assert deal.phase is Phase.DRAW and len(deal.stock) == 26
    assert game.turn == Seat.E  # N deals, E leads
    top, second = deal.stock[0], deal.stock[1]
    play_lowest(game, 2)
    winner = deal.draw_tricks[0].winner
    loser = Seat.N if winner == Seat.E else Seat.E
    assert deal.drawn[winner] == [top] and deal.drawn[loser] == [second]
    assert deal.draw is not None
    assert top in deal.draw.hands[winner] and len(deal.draw.hands[loser]) == 13
    assert game.turn == winner


def test_no_obligation_to_follow_in_the_draw_phase() -> None:
    game = dealt_game(players=2)
    deal = current_deal(game)
    assert deal.draw is not None
    lead = sorted(deal.draw.hands[Seat.E])[0]
    game.apply(PlayCard(Seat.E, lead))
    answers = deal.draw.legal_cards()
    assert len(answers) == 13  # any card
    off_suit = [card for card in answers if card.suit != lead.suit]
    if off_suit:
        game.apply(PlayCard(Seat.N, off_suit[0]))
        assert deal.draw_tricks[0].winner == Seat.E  # the suit led wins


def test_after_the_draw_the_dealer_opens_and_the_opponent_leads_without_dummy() -> None:
    game = dealt_game(players=2)
    play_lowest(game, 26)
    deal = current_deal(game)
    assert deal.phase is Phase.AUCTION and not deal.stock
    assert game.turn == Seat.N
    assert deal.draw is not None
    assert all(len(deal.draw.hands[seat]) == 13 for seat in game.seats)
    bid(game, "1NT P")
    assert current_deal(game).phase is Phase.PLAY and deal.dummy is None
    assert seat_of(game) == Seat.E
    play_lowest(game, 26)
    assert deal.over and deal.result is not None
    assert game.sheet.records[-1].tricks == deal.result.tricks
    assert game.sheet.dealer == Seat.E


def test_two_passes_pass_the_deal_out() -> None:
    game = dealt_game(players=2)
    play_lowest(game, 26)
    bid(game, "P P")
    assert current_deal(game).phase is Phase.OVER
    assert game.sheet.records[-1].contract is None


def test_draw_phase_errors_change_nothing() -> None:
    game = dealt_game(players=2)
    deal = current_deal(game)
    assert deal.draw is not None
    before = seat_view(game, Seat.N)
    with pytest.raises(NotYourTurn):
        game.apply(PlayCard(Seat.N, sorted(deal.draw.hands[Seat.N])[0]))
    with pytest.raises(CardNotInHand):
        game.apply(PlayCard(Seat.E, sorted(deal.draw.hands[Seat.N])[0]))
    with pytest.raises(IllegalClaim):
        from bridgetable.engine import Claim

        game.apply(Claim(Seat.E, 3))
    assert seat_view(game, Seat.N) == before


def test_draw_bridge_needs_a_stock() -> None:
    game = Game(GameConfig("rubber", 2))
    four = Game().deal_cards(__import__("random").Random(1))
    with pytest.raises(IllegalAction):
        game.apply(four)
