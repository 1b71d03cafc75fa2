"""Random legal actions, for property tests, benchmarks and load tests.

Pure like the rest of the engine: the randomness comes from the generator passed in.
"""

from __future__ import annotations

import random

from bridgetable.engine.actions import Action, MakeCall, PlayCard
from bridgetable.engine.calls import PASS, Bid
from bridgetable.engine.deal import Phase
from bridgetable.engine.game import Game


def random_action(game: Game, rng: random.Random, pass_chance: float = 0.65) -> Action | None:
    """A random legal action for the seat to act, a new deal between deals, or None at the end.

    Calls lean towards passing and low bids, so auctions end the way real ones do.
    """
    if game.over:
        return None
    deal = game.deal
    if deal is None or deal.over:
        return game.deal_cards(rng)
    seat = deal.turn
    if seat is None:
        return None
    if deal.phase is Phase.AUCTION:
        if rng.random() < pass_chance:
            return MakeCall(seat, PASS)
        legal = deal.auction.legal_calls()
        first_bid = next((i for i, call in enumerate(legal) if isinstance(call, Bid)), len(legal))
        choices = legal[1:first_bid] + legal[first_bid : first_bid + 4] or [PASS]
        return MakeCall(seat, rng.choice(choices))
    current = deal.draw if deal.phase is Phase.DRAW else deal.play
    assert current is not None
    return PlayCard(seat, rng.choice(current.legal_cards(ordered=False)))
