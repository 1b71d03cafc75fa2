"""The draw phase of Draw Bridge, and the docstring examples of the play modules."""

from __future__ import annotations

import doctest
import random
from types import ModuleType

import pytest

from bridgetable.bots.play import draw_phase, twohand
from bridgetable.bots.play.draw_phase import card_worth, draw_card
from bridgetable.bots.robot import RobotConfig, decide
from bridgetable.engine import Card, Game, GameConfig, seat_view
from bridgetable.formats.actions_json import action_from_json


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_leads_its_least_useful_card() -> None:
    hand = _cards("SA SK SQ S9 S5 S3 HK H7 D8 D2 CA C9 C4")
    assert str(draw_card(hand, hand, None)) == "D2"


def test_wins_cheaply_but_never_spends_a_good_card() -> None:
    hand = _cards("SA SK SQ S9 S5 S3 HK H7 D8 D2 CA C9 C4")
    assert str(draw_card(hand, hand, Card.parse("D7"))) == "D8"  # about as cheap as D2
    assert str(draw_card(hand, hand, Card.parse("HQ"))) == "D2"  # the king is worth more


def test_high_cards_and_long_suits_are_worth_more() -> None:
    hand = _cards("SA S9 S5 S3 S2 H9")
    assert card_worth(Card.parse("SA"), hand) > card_worth(Card.parse("S9"), hand)
    assert card_worth(Card.parse("S9"), hand) > card_worth(Card.parse("H9"), hand)


def test_robots_play_the_draw_phase_legally() -> None:
    game = Game(GameConfig(players=2))
    game.apply(game.deal_cards(random.Random(4)))
    config = RobotConfig(budget_seconds=0.02, samples=2, seed=1)
    deal = game.deal
    assert deal is not None
    while deal.draw is not None and deal.stock:
        seat = game.turn
        assert seat is not None
        action = decide(seat_view(game, seat), config)
        assert action is not None and action["type"] == "play"
        game.apply(action_from_json({**action, "seat": seat.name}))
    assert deal.phase.value == "auction"


@pytest.mark.parametrize("module", [draw_phase, twohand])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
