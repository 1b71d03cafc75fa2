"""Card play: turns, following suit, trick winners, tricks won per side."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from bridgetable.engine.errors import CardNotInHand, MustFollowSuit, NotYourTurn, WrongPhase
from bridgetable.engine.types import Card, Seat, Side, Suit

_BY_INDEX = attrgetter("index")


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in playing order with their hands, the winner."""

    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat


def trick_winner(cards: list[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """The hand whose card wins: the highest trump, else the highest of the suit led."""
    led = cards[0][1].suit
    best_seat, best = cards[0]
    for seat, card in cards[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit == trump or (best.suit != trump and card.suit == led):
            best_seat, best = seat, card
    return best_seat


class CardPlay:
    """The play of the cards from a set of hands.

    `hands` is indexed by seat; seats not in `players` hold nothing. `controller` maps a
    hand to the seat that plays its cards (declarer plays dummy's). With
    `must_follow=False` any card may be played (the draw phase of Draw Bridge).
    """

    __slots__ = (
        "_counts",
        "_next",
        "_remaining",
        "controller",
        "current",
        "hands",
        "leader",
        "must_follow",
        "players",
        "tricks",
        "tricks_won",
        "trump",
    )

    def __init__(
        self,
        hands: list[set[Card]],
        players: tuple[Seat, ...],
        leader: Seat,
        trump: Suit | None,
        *,
        must_follow: bool = True,
        controller: dict[Seat, Seat] | None = None,
    ) -> None:
        self.hands = hands
        self.players = players
        self.leader = leader
        self.trump = trump
        self.must_follow = must_follow
        self.controller = controller or {}
        self.current: list[tuple[Seat, Card]] = []
        self.tricks: list[Trick] = []
        self.tricks_won = {Side.NS: 0, Side.EW: 0}
        self._next = {seat: players[(i + 1) % len(players)] for i, seat in enumerate(players)}
        self._remaining = sum(len(hand) for hand in hands)
        self._counts = [[0, 0, 0, 0] for _ in range(4)]
        for seat, hand in enumerate(hands):
            for card in hand:
                self._counts[seat][card.suit] += 1

    @property
    def finished(self) -> bool:
        """Every card has been played."""
        return not self._remaining

    @property
    def turn(self) -> Seat | None:
        """The hand that plays next (dummy's hand when dummy is to play)."""
        if not self._remaining:
            return None
        if not self.current:
            return self.leader
        return self._next[self.current[-1][0]]

    def actor(self, hand: Seat) -> Seat:
        """The seat that chooses the card for `hand`."""
        return self.controller.get(hand, hand)

    def check(self, seat: Seat, card: Card) -> Seat:
        """Raise if `seat` may not play `card` now; return the hand it comes from."""
        current = self.current
        if current:
            hand = self._next[current[-1][0]]
        elif self._remaining:
            hand = self.leader
        else:
            raise WrongPhase("All the cards have been played.")
        actor = self.controller.get(hand, hand)
        if seat != actor:
            raise NotYourTurn(f"It is {actor.name}'s turn to play, not {seat.name}'s.")
        if card not in self.hands[hand]:
            raise CardNotInHand(f"{card} is not in {hand.name}'s hand.")
        if self.must_follow and current:
            led = current[0][1].suit
            if card.suit != led and self._counts[hand][led]:
                raise MustFollowSuit(f"You must follow suit: play a {led.name} card.")
        return hand

    def play(self, seat: Seat, card: Card) -> Trick | None:
        """Play a card after checking it; return the trick if this card completed one."""
        hand = self.check(seat, card)
        self.hands[hand].discard(card)
        self._counts[hand][card.suit] -= 1
        self._remaining -= 1
        self.current.append((hand, card))
        if len(self.current) < len(self.players):
            return None
        winner = trick_winner(self.current, self.trump)
        trick = Trick(self.leader, tuple(self.current), winner)
        self.tricks.append(trick)
        self.tricks_won[winner.side] += 1
        self.current = []
        self.leader = winner
        return trick

    def legal_cards(self, *, ordered: bool = True) -> list[Card]:
        """The cards the hand to play may play, lowest first unless `ordered` is False."""
        hand = self.turn
        if hand is None:
            return []
        cards = self.hands[hand]
        if self.must_follow and self.current:
            led = self.current[0][1].suit
            if self._counts[hand][led]:
                cards = {card for card in cards if card.suit == led}
        return sorted(cards, key=_BY_INDEX) if ordered else list(cards)

    def add_card(self, hand: Seat, card: Card) -> None:
        """Give a hand a new card (a card drawn from the stock)."""
        self.hands[hand].add(card)
        self._counts[hand][card.suit] += 1
        self._remaining += 1
