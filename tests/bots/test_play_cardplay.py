"""The card chosen is always legal, and good where the answer is clear."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bots.play.budget import Budget
from bridgetable.bots.play.cardplay import choose_card, equivalent_groups
from bridgetable.bots.play.heuristic import heuristic_card
from bridgetable.bots.play.situation import Situation, read_situation
from bridgetable.engine import (
    Card,
    Game,
    GameConfig,
    MakeCall,
    PlayCard,
    Seat,
    StartDeal,
    parse_call,
    seat_view,
)
from bridgetable.engine.deal import Phase
from bridgetable.engine.randomplay import random_action


def random_situation(seed: int, players: int, cards_played: int) -> Situation | None:
    """The view of the seat to play, `cards_played` cards into a random deal's play."""
    rng = random.Random(seed)
    game = Game(GameConfig(players=players))
    game.apply(game.deal_cards(rng))
    deal = game.deal
    assert deal is not None
    played = 0
    while not deal.over and (deal.phase is not Phase.PLAY or played < cards_played):
        action = random_action(game, rng, pass_chance=0.4)
        assert action is not None
        game.apply(action)
        played += isinstance(action, PlayCard) and deal.phase is Phase.PLAY
    seat = game.turn
    if deal.over or seat is None:
        return None
    return read_situation(seat_view(game, seat))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 4]),
    cards_played=st.integers(0, 50),
)
def test_the_card_is_legal(seed: int, players: int, cards_played: int) -> None:
    situation = random_situation(seed, players, cards_played)
    if situation is None:
        return
    assert situation.legal
    assert heuristic_card(situation) in situation.legal
    card = choose_card(situation, Budget(0.05), random.Random(seed), 3)
    assert card in situation.legal
    # a budget already spent still gives a legal card (the simple player's)
    assert choose_card(situation, Budget(0.0), random.Random(seed), 3) in situation.legal


def _game(hands: dict[Seat, str], calls: str) -> Game:
    game = Game(GameConfig())
    parsed = {s: tuple(sorted(Card.parse(c) for c in text.split())) for s, text in hands.items()}
    game.apply(StartDeal(tuple(parsed[s] for s in Seat)))
    for text in calls.split():
        seat = game.turn
        assert seat is not None
        game.apply(MakeCall(seat, parse_call(text)))
    return game


DEAL = {
    Seat.N: "SA SK SQ HA HK HQ DA DK DQ CA CK CQ CJ",
    Seat.E: "SJ ST S9 S8 HJ HT H9 DJ DT D9 CT C9 C8",
    Seat.S: "S7 S6 S5 H8 H7 H6 H5 D8 D7 D6 C7 C6 C5",
    Seat.W: "S4 S3 S2 H4 H3 H2 D5 D4 D3 D2 C4 C3 C2",
}


def test_second_hand_ducks_and_third_hand_wins_cheaply() -> None:
    game = _game(DEAL, "P P P 1S P P P")  # West declares 1S; North leads
    game.apply(PlayCard(Seat.N, Card.parse("CJ")))
    situation = read_situation(seat_view(game, Seat.W))  # West plays dummy (East)
    exact = Budget(math.inf)
    card = choose_card(situation, exact, random.Random(1), 8)
    assert card in situation.legal
    assert str(card) == "C8"  # nothing wins: the lowest club


def test_equivalent_cards_need_no_analysis() -> None:
    game = _game(DEAL, "P P P 1S P P P")
    game.apply(PlayCard(Seat.N, Card.parse("SA")))
    situation = read_situation(seat_view(game, Seat.W))
    groups = equivalent_groups(situation, list(situation.legal))
    assert [[str(c) for c in g] for g in groups] == [["S8", "S9", "ST", "SJ"]]
    assert str(choose_card(situation, Budget(0.0), random.Random(1), 1)) == "S8"
