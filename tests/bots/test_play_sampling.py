"""Sampled layouts keep to what the seat knows: counts, cards seen, suits shown out of."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bots.play.sampling import Sampler, Shape, auction_shapes
from bridgetable.bots.play.situation import Situation, read_situation
from bridgetable.engine import Game, GameConfig, PlayCard, Seat, seat_view
from bridgetable.engine.deal import Phase
from bridgetable.engine.randomplay import random_action
from bridgetable.engine.types import DECK, Suit


def situation_in_play(seed: int, cards_played: int) -> tuple[Game, Situation] | None:
    """A random four-hand deal `cards_played` cards into the play, seen by the seat to act."""
    rng = random.Random(seed)
    game = Game(GameConfig())
    game.apply(game.deal_cards(rng))
    deal = game.deal
    assert deal is not None
    played = 0
    while not deal.over and (deal.phase is not Phase.PLAY or played < cards_played):
        action = random_action(game, rng, pass_chance=0.5)
        assert action is not None
        game.apply(action)
        played += isinstance(action, PlayCard)
    if deal.over:
        return None
    seat = game.turn
    assert seat is not None
    return game, read_situation(seat_view(game, seat))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cards_played=st.integers(0, 45))
def test_samples_respect_the_facts(seed: int, cards_played: int) -> None:
    found = situation_in_play(seed, cards_played)
    if found is None:
        return
    game, situation = found
    sampler = Sampler(situation, random.Random(seed))
    layouts = list(zip(range(5), sampler.samples(), strict=False))
    assert layouts
    for _, layout in layouts:
        assert set(layout) == set(situation.hidden)
        cards = [card for hand in layout.values() for card in hand]
        assert len(cards) == len(set(cards))
        assert set(cards) == set(situation.unseen)
        for seat, hand in layout.items():
            assert len(hand) == situation.counts[seat]
            assert not any(card.suit in situation.voids[seat] for card in hand)
        everything = set(cards) | situation.gone
        for hand in situation.known.values():
            everything |= hand
        assert everything == set(DECK)
    # the actual layout is one of the possible ones: its voids agree
    deal = game.deal
    assert deal is not None and deal.play is not None
    for seat in situation.hidden:
        actual = deal.play.hands[seat]
        assert not any(card.suit in situation.voids[seat] for card in actual)


def test_same_generator_same_samples() -> None:
    found = situation_in_play(4, 9)
    assert found is not None
    _, situation = found
    one = list(zip(range(4), Sampler(situation, random.Random(1)).samples(), strict=False))
    two = list(zip(range(4), Sampler(situation, random.Random(1)).samples(), strict=False))
    assert one == two


def test_auction_constraints_shape_the_samples() -> None:
    found = situation_in_play(12, 1)
    assert found is not None
    _, situation = found
    hidden = situation.hidden[0]
    # pretend the auction showed six or more spades and 15+ HCP in that hand
    shape = Shape(hcp_min=15, min_lengths=(0, 0, 0, 6))
    sampler = Sampler(situation, random.Random(2), {hidden: shape})
    for _, layout in zip(range(10), sampler.samples(), strict=False):
        dealt = [*layout[hidden], *situation.played[hidden]]
        if sampler.shapes:  # constraints kept (not given up as impossible)
            assert (
                sum(1 for card in dealt if card.suit == Suit.S)
                >= sampler.shapes[hidden].min_lengths[Suit.S]
            )


def test_auction_shapes_come_from_the_bidding_robots() -> None:
    found = situation_in_play(8, 0)
    assert found is not None
    _, situation = found
    shapes = auction_shapes(situation)
    assert set(shapes) <= set(Seat)


@pytest.mark.parametrize("seed", range(5))
def test_impossible_constraints_are_dropped(seed: int) -> None:
    found = situation_in_play(seed, 20)
    if found is None:
        pytest.skip("passed out")
    _, situation = found
    impossible = Shape(hcp_min=40, min_lengths=(13, 13, 13, 13))
    sampler = Sampler(situation, random.Random(seed), dict.fromkeys(situation.hidden, impossible))
    assert next(iter(sampler.samples()), None) is not None
