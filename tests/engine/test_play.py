"""Trick winners, following suit, and turns during the play."""

from __future__ import annotations

import pytest

from bridgetable.engine.auction import FOUR_PLAYERS
from bridgetable.engine.errors import CardNotInHand, MustFollowSuit, NotYourTurn
from bridgetable.engine.play import CardPlay, trick_winner
from bridgetable.engine.types import Card, Seat, Side, Suit


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("S2 SA SK SQ", None, Seat.E),
        ("S2 H2 D2 C2", None, Seat.N),  # nobody followed: the card led wins
        ("S2 H2 SA C2", Suit.H, Seat.E),  # a ruff beats the ace
        ("S2 H2 H3 C2", Suit.H, Seat.S),  # an over-ruff
        ("HK HA C3 H2", Suit.C, Seat.S),
        ("D5 D9 DT D2", Suit.S, Seat.S),
    ],
)
def test_trick_winner(played: str, trump: Suit | None, winner: Seat) -> None:
    seats = [Seat.N, Seat.E, Seat.S, Seat.W]
    assert trick_winner(list(zip(seats, cards(played), strict=True)), trump) == winner


def small_play(controller: dict[Seat, Seat] | None = None) -> CardPlay:
    hands = [set(cards("SA S2")), set(cards("SK H3")), set(cards("SQ H4")), set(cards("H5 D2"))]
    return CardPlay(hands, FOUR_PLAYERS, Seat.N, Suit.H, controller=controller)


def test_follow_suit_is_enforced_and_the_state_unchanged() -> None:
    play = small_play()
    play.play(Seat.N, Card.parse("SA"))
    with pytest.raises(MustFollowSuit):
        play.play(Seat.E, Card.parse("H3"))
    assert play.current == [(Seat.N, Card.parse("SA"))]
    assert Card.parse("H3") in play.hands[Seat.E]
    assert play.legal_cards() == [Card.parse("SK")]


def test_out_of_turn_and_missing_card() -> None:
    play = small_play()
    with pytest.raises(NotYourTurn):
        play.play(Seat.E, Card.parse("SK"))
    with pytest.raises(CardNotInHand):
        play.play(Seat.N, Card.parse("SK"))
    assert play.turn == Seat.N and not play.current


def test_ruff_wins_and_winner_leads_next() -> None:
    play = small_play()
    for seat, card in [(Seat.N, "S2"), (Seat.E, "SK"), (Seat.S, "SQ"), (Seat.W, "H5")]:
        play.play(seat, Card.parse(card))
    assert play.tricks[0].winner == Seat.W and play.leader == Seat.W
    assert play.tricks_won == {Side.NS: 0, Side.EW: 1}
    assert play.turn == Seat.W


def test_declarer_plays_dummys_cards() -> None:
    play = small_play(controller={Seat.S: Seat.N})
    play.play(Seat.N, Card.parse("SA"))
    play.play(Seat.E, Card.parse("SK"))
    assert play.turn == Seat.S and play.actor(Seat.S) == Seat.N
    with pytest.raises(NotYourTurn):
        play.play(Seat.S, Card.parse("SQ"))  # dummy may not play its own cards
    play.play(Seat.N, Card.parse("SQ"))
    assert play.current[-1] == (Seat.S, Card.parse("SQ"))


def test_no_obligation_to_follow_when_not_required() -> None:
    hands = [set(cards("SA")), set(cards("H2")), set(), set()]
    play = CardPlay(hands, (Seat.N, Seat.E), Seat.N, None, must_follow=False)
    play.play(Seat.N, Card.parse("SA"))
    assert play.legal_cards() == [Card.parse("H2")]
    play.play(Seat.E, Card.parse("H2"))
    assert play.tricks[0].winner == Seat.N and play.finished
