"""The robots' own legality check and auction facts, four and two players."""

from __future__ import annotations

from bridgetable.bots.bidding.auction import Auction
from bridgetable.engine.calls import DOUBLE, PASS, REDOUBLE, Bid
from bridgetable.engine.types import Seat, Strain, Vulnerability
from tests.bots.bidding.support import calls

NONE = Vulnerability.NONE


def auction(text: str, dealer: Seat = Seat.N, players: int = 4) -> Auction:
    return Auction(calls(text), dealer, NONE, players)


def test_turns_and_end() -> None:
    a = auction("1H P")
    assert a.turn is Seat.S
    assert not a.is_over
    assert auction("1H P P P").is_over
    assert auction("P P P P").is_over
    assert not auction("P P P").is_over
    assert auction("1H", dealer=Seat.W).last_bidder is Seat.W


def test_bids_must_be_sufficient() -> None:
    a = auction("1H")
    assert not a.legal(Bid(1, Strain.D))
    assert not a.legal(Bid(1, Strain.H))
    assert a.legal(Bid(1, Strain.S))
    assert a.legal(Bid(1, Strain.NT))


def test_double_only_the_opponents_last_undoubled_bid() -> None:
    assert not auction("").legal(DOUBLE)
    assert auction("1H").legal(DOUBLE)
    assert not auction("1H P").legal(DOUBLE)  # partner's bid
    assert auction("1H P P").legal(DOUBLE)
    assert not auction("1H X").legal(DOUBLE)
    assert not auction("1H X P P").legal(DOUBLE)


def test_redouble_only_a_double_of_our_bid() -> None:
    assert not auction("1H").legal(REDOUBLE)
    assert auction("1H X").legal(REDOUBLE)
    assert not auction("1H X P").legal(REDOUBLE)  # the doubling side calls
    assert auction("1H X P P").legal(REDOUBLE)
    assert not auction("1H X XX").legal(REDOUBLE)


def test_nothing_is_legal_once_over() -> None:
    assert not auction("1H P P P").legal(PASS)


def test_two_players_alternate_and_end_on_a_pass_after_a_bid() -> None:
    a = auction("1H", players=2)
    assert a.turn is Seat.E
    assert auction("1H P", players=2).is_over
    assert auction("P P", players=2).is_over
    assert not auction("P", players=2).is_over
    assert not auction("P 1S", players=2).is_over
    assert auction("1H X", players=2).legal(REDOUBLE)
    assert auction("1H", players=2).legal(DOUBLE)
    assert auction("1H", dealer=Seat.E, players=2).turn is Seat.N
