"""A simple card player: the fallback when no sample could be solved in time.

Leads a sure winner when it has one (trumps first for the declaring side), else
the top of a sequence or a low card of its longest side suit; follows second hand
low, third and last hand with the lowest card that wins, never over partner's
winning card; ruffs cheaply when void and discards its lowest card otherwise. The
benchmark also plays it beside the robot for scale.
"""

from __future__ import annotations

from bridgetable.bots.play.situation import Situation
from bridgetable.engine.play import trick_winner
from bridgetable.engine.types import DECK, Card, Seat, Suit


def _outside(situation: Situation, hand: Seat) -> set[Card]:
    """Cards that may be held against `hand`: all cards in play but its side's visible ones."""
    cards = set(DECK) - situation.gone
    for owner in (hand, situation.partner_of(hand)):
        if owner is not None:
            cards -= situation.known.get(owner, frozenset())
    return cards


def is_top(card: Card, outside: set[Card]) -> bool:
    """Whether no card in `outside` beats `card` in its suit."""
    return not any(c.suit == card.suit and c.rank > card.rank for c in outside)


def heuristic_card(situation: Situation) -> Card:
    """A reasonable legal card for the hand to play (the situation must offer one)."""
    legal = list(situation.legal)
    hand = situation.to_play
    if len(legal) == 1 or hand is None:
        return legal[0]
    if not situation.current:
        return _lead(situation, legal, hand)
    return _follow(situation, legal, hand)


def _lead(situation: Situation, legal: list[Card], hand: Seat) -> Card:
    trump = situation.trump
    outside = _outside(situation, hand)
    winners = [card for card in legal if is_top(card, outside)]
    declaring = situation.contract is not None and situation.contract.side == hand.side
    outside_trumps = trump is not None and any(c.suit == trump for c in outside)
    if winners:
        trumps = [c for c in winners if c.suit == trump]
        if declaring and trumps and outside_trumps:
            return max(trumps, key=lambda c: c.rank)
        if not outside_trumps or not declaring:
            side = [c for c in winners if c.suit != trump] or winners
            return max(side, key=lambda c: (c.rank, c.suit))
    lengths = {suit: [c for c in legal if c.suit == suit] for suit in Suit}
    suits = [s for s in Suit if lengths[s] and s != trump] or [s for s in Suit if lengths[s]]
    suit = max(suits, key=lambda s: (len(lengths[s]), s))
    cards = sorted(lengths[suit], key=lambda c: c.rank, reverse=True)
    if len(cards) >= 2 and cards[0].rank >= 11 and cards[0].rank - cards[1].rank == 1:
        return cards[0]  # top of a sequence
    return cards[-1]


def _follow(situation: Situation, legal: list[Card], hand: Seat) -> Card:
    current = list(situation.current)
    trump = situation.trump
    led = current[0][1].suit
    winner = trick_winner(current, trump)
    best = next(card for seat, card in current if seat == winner)
    lowest = min(legal, key=lambda c: (c.suit == trump, c.rank, c.suit))
    if winner.side == hand.side and (len(situation.players) == 4):
        return min(legal, key=lambda c: (c.suit == trump, c.rank, c.suit))
    position = len(current)
    last = position == len(situation.players) - 1
    beaters = sorted(
        (c for c in legal if trick_winner([*current, (hand, c)], trump) == hand),
        key=lambda c: (c.suit == trump, c.rank),
    )
    if legal[0].suit == led:
        if beaters and (last or position >= 2 or best.rank >= 11):
            return beaters[0]
        return min(legal, key=lambda c: c.rank)
    if beaters:
        return beaters[0]
    return lowest
