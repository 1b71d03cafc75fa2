"""The draw phase of Draw Bridge: thirteen tricks that score nothing.

The winner of a trick draws the top card of the stock and the loser the next; no
one sees either card first, so winning a trick gains nothing by itself. What the
phase decides is which cards each player keeps for the real deal, so the robot
sheds its least useful card every time: low cards of short suits go first, high
cards and long suits (future trumps and long-suit winners) stay. When it can win
the trick with a card that costs about as little as its cheapest discard, it wins
(and leads next); it never spends a better card just to win.

>>> from bridgetable.engine.types import Card
>>> hand = [Card.parse(c) for c in ("SA", "SK", "S9", "S4", "H2", "DQ")]
>>> str(draw_card(hand, hand, None))
'H2'
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgetable.engine.types import Card, Rank

_HONOUR = {Rank.ACE: 4.5, Rank.KING: 3.0, Rank.QUEEN: 2.0, Rank.JACK: 1.0, Rank.TEN: 0.5}
LENGTH_WORTH = 0.3
"""Worth added to every card for each card of its suit held (long suits are kept)."""
WIN_MARGIN = 0.25
"""How much more than the cheapest discard a winning card may cost and still be played."""


def card_worth(card: Card, hand: Sequence[Card]) -> float:
    """How much the card is worth keeping for the deal to come."""
    length = sum(1 for c in hand if c.suit == card.suit)
    return _HONOUR.get(card.rank, 0.0) + (card.rank - 2) / 24 + LENGTH_WORTH * length


def draw_card(hand: Sequence[Card], legal: Sequence[Card], led: Card | None) -> Card:
    """The card to play in the draw phase; `led` is the card led to the trick, if any."""
    cheapest = min(legal, key=lambda c: (card_worth(c, hand), c.suit, c.rank))
    if led is None:
        return cheapest
    winners = [c for c in legal if c.suit == led.suit and c.rank > led.rank]
    if not winners:
        return cheapest
    win = min(winners, key=lambda c: c.rank)
    if card_worth(win, hand) <= card_worth(cheapest, hand) + WIN_MARGIN:
        return win
    return cheapest
