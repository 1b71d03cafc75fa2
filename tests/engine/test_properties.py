"""Invariants of random legal games, for the four-player games and Draw Bridge."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.engine import Game, GameConfig, GamePhase, Seat
from bridgetable.engine.deal import Deal, Phase
from bridgetable.engine.randomplay import random_action
from bridgetable.engine.types import DECK
from bridgetable.engine.views import seat_view
from bridgetable.formats.actions_json import (
    action_from_json,
    action_to_json,
    config_from_json,
    config_to_json,
)

CONFIGS = st.sampled_from(
    [GameConfig("rubber", 4), GameConfig("chicago", 4), GameConfig("rubber", 2)]
)


def check_deal(deal: Deal) -> None:
    """Cards, tricks and following suit in one finished deal."""
    cards = [c for hand in deal.start.hands for c in hand] + list(deal.start.stock)
    assert sorted(cards) == list(DECK)
    if deal.play is None:
        return
    hands = {seat: set(deal.play_hands[seat]) for seat in deal.players}
    tricks = deal.play.tricks
    if deal.result is not None and not deal.result.claimed:
        assert len(tricks) == 13
    for trick in tricks:
        seats = [seat for seat, _ in trick.cards]
        assert sorted(seats) == sorted(deal.players)  # one card per seat
        led = trick.cards[0][1].suit
        for seat, card in trick.cards:
            assert card in hands[seat]
            if card.suit != led:
                assert all(c.suit != led for c in hands[seat])  # could not follow
            hands[seat].remove(card)
    assert sum(deal.play.tricks_won.values()) == len(tricks)


def hidden_cards_of(game: Game, seat: Seat | None) -> set[str]:
    """Cards `seat` may not see now: other hands, except dummy after the lead."""
    deal = game.deal
    if deal is None or deal.phase is Phase.OVER:
        return set()
    hidden: set[str] = set()
    current = deal.draw if deal.phase is Phase.DRAW else deal.play
    for owner in deal.players:
        if owner == seat or (owner == deal.dummy and deal.dummy_exposed):
            continue
        cards = current.hands[owner] if current is not None else deal.start.hands[owner]
        hidden.update(str(card) for card in cards)
    hidden.update(str(card) for card in deal.stock)
    return hidden


def leaked(view: dict[str, Any], hidden: set[str]) -> set[str]:
    """Hidden cards that appear anywhere in the view, outside played tricks."""
    deal = view["deal"]
    if deal is None:
        return set()
    shown: set[str] = set()
    for hand in deal["hands"].values():
        shown.update(hand.get("cards", []))
    if deal.get("draw"):
        for cards in deal["draw"]["drawn"].values():
            shown.update(cards)
    shown.update(deal["legal"].get("cards", []))
    return shown & hidden


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(config: GameConfig, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(config)
    for _ in range(20_000):
        action = random_action(game, rng)
        if action is None:
            break
        game.apply(action)
        if len(game.actions) % 7 == 0:  # views are costly: sample them
            for seat in (*game.seats, None):
                assert not leaked(seat_view(game, seat), hidden_cards_of(game, seat))
    assert game.phase is GamePhase.OVER
    for deal in [*game.finished_deals, game.deal]:
        if deal is not None:
            check_deal(deal)
    sheet = game.sheet
    for side in sheet.totals:
        items = [i for r in sheet.records for i in r.items] + list(sheet.extra_items)
        assert sheet.totals[side] == sum(i.points for i in items if i.side == side)
    # replay from JSON gives the same state
    text = json.dumps(
        {"config": config_to_json(config), "actions": [action_to_json(a) for a in game.actions]}
    )
    data = json.loads(text)
    again = Game.replay(
        config_from_json(data["config"]), [action_from_json(a) for a in data["actions"]]
    )
    for seat in (*game.seats, None):
        assert seat_view(again, seat) == seat_view(game, seat)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]))
def test_an_illegal_action_never_changes_the_state(seed: int, players: int) -> None:
    """Random actions from the wrong seat are refused and leave every view as it was."""
    from bridgetable.engine import IllegalAction, MakeCall, PlayCard

    rng = random.Random(seed)
    game = Game(GameConfig("rubber", players))
    for _ in range(300):
        action = random_action(game, rng)
        if action is None:
            break
        if isinstance(action, MakeCall | PlayCard):
            wrong = next(s for s in game.seats if s != action.seat)
            forged: MakeCall | PlayCard = (
                MakeCall(wrong, action.call)
                if isinstance(action, MakeCall)
                else PlayCard(wrong, action.card)
            )
            before = seat_view(game, None)
            try:
                game.apply(forged)
            except IllegalAction:
                assert seat_view(game, None) == before
            else:
                raise AssertionError("an action from the wrong seat was accepted")
        game.apply(action)
