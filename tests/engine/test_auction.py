"""The auction's legality rules, its end, and the final contract."""

from __future__ import annotations

import pytest

from bridgetable.engine.auction import TWO_PLAYERS, Auction
from bridgetable.engine.calls import DOUBLE, PASS, REDOUBLE, Doubling, parse_call
from bridgetable.engine.errors import (
    IllegalAction,
    IllegalDouble,
    IllegalRedouble,
    InsufficientBid,
    NotYourTurn,
    WrongPhase,
)
from bridgetable.engine.types import Seat, Strain


def bid_all(auction: Auction, calls: str) -> None:
    for text in calls.split():
        turn = auction.turn
        assert turn is not None
        auction.make(turn, parse_call(text))


@pytest.mark.parametrize(
    ("dealer", "calls", "contract", "declarer"),
    [
        (Seat.N, "1H P 4H P P P", "4H", Seat.N),
        (Seat.N, "1H P 2H P P P", "2H", Seat.N),
        (Seat.E, "1S P 2H P 2S P 4H P P P", "4H", Seat.W),  # W named hearts first
        (Seat.N, "P 1D 1H 2D P P P", "2D", Seat.E),
        (Seat.N, "1NT X P P P", "1NTX", Seat.N),
        (Seat.N, "1NT X XX P P P", "1NTXX", Seat.N),
        (Seat.S, "1C 1S 2S X 3C P P P", "3C", Seat.S),
        (Seat.W, "P P P 1C P P P", "1C", Seat.S),
        (Seat.N, "1C X P P 1D P P P", "1D", Seat.N),  # a new bid wipes the double
        (Seat.N, "1NT P 2C P 2D P 3NT P P P", "3NT", Seat.N),
        (Seat.N, "1S P 3S P 7S P P X P P P", "7SX", Seat.N),
    ],
)
def test_final_contract_and_declarer(
    dealer: Seat, calls: str, contract: str, declarer: Seat
) -> None:
    auction = Auction(dealer)
    bid_all(auction, calls)
    assert auction.finished
    result = auction.contract()
    assert result is not None
    assert str(result) == contract
    assert result.declarer == declarer


def test_four_passes_pass_the_deal_out() -> None:
    auction = Auction(Seat.W)
    bid_all(auction, "P P P")
    assert not auction.finished
    assert auction.turn == Seat.S
    bid_all(auction, "P")
    assert auction.passed_out and auction.contract() is None and auction.turn is None


def test_three_passes_after_a_call_end_it_but_not_two() -> None:
    auction = Auction(Seat.N)
    bid_all(auction, "1C P P")
    assert not auction.finished
    bid_all(auction, "P")
    assert auction.finished


def test_turn_order_starts_with_dealer_and_goes_clockwise() -> None:
    auction = Auction(Seat.S)
    seats = []
    for _ in range(3):
        turn = auction.turn
        assert turn is not None
        seats.append(turn)
        auction.make(turn, PASS)
    assert seats == [Seat.S, Seat.W, Seat.N]


def snapshot(auction: Auction) -> tuple[object, ...]:
    return (list(auction.calls), auction.finished, auction.turn, auction.last_bid)


@pytest.mark.parametrize(
    ("calls", "seat", "call", "error"),
    [
        ("1H", Seat.E, "1H", InsufficientBid),
        ("1H", Seat.E, "1D", InsufficientBid),
        ("1NT", Seat.E, "1S", InsufficientBid),
        ("", Seat.E, "1C", NotYourTurn),
        ("1H", Seat.S, "2H", NotYourTurn),
        ("", Seat.N, "X", IllegalDouble),
        ("1H P", Seat.S, "X", IllegalDouble),  # own side's bid
        ("1H X", Seat.S, "X", IllegalDouble),  # already doubled
        ("1H X XX", Seat.W, "X", IllegalDouble),
        ("1H", Seat.E, "XX", IllegalRedouble),
        ("1H X", Seat.S, "P", None),
        ("1H P P X", Seat.N, "XX", None),
        ("1H X P", Seat.W, "XX", IllegalRedouble),  # the doublers cannot redouble
        ("1H X XX", Seat.W, "XX", IllegalRedouble),
        ("1H P P P", Seat.N, "2H", WrongPhase),
    ],
)
def test_illegal_calls_raise_and_change_nothing(
    calls: str, seat: Seat, call: str, error: type[IllegalAction] | None
) -> None:
    auction = Auction(Seat.N)
    bid_all(auction, calls)
    before = snapshot(auction)
    if error is None:
        auction.make(seat, parse_call(call))
        return
    with pytest.raises(error) as raised:
        auction.make(seat, parse_call(call))
    assert raised.value.message  # readable text
    assert snapshot(auction) == before


def test_legal_calls_offer_exactly_what_check_allows() -> None:
    auction = Auction(Seat.N)
    bid_all(auction, "1H")
    legal = [str(call) for call in auction.legal_calls()]
    assert legal[:2] == ["P", "X"]
    assert legal[2] == "1S" and legal[-1] == "7NT"
    assert "1H" not in legal and "XX" not in legal
    bid_all(auction, "X")
    assert "XX" in [str(call) for call in auction.legal_calls()]
    assert DOUBLE not in auction.legal_calls() and REDOUBLE in auction.legal_calls()


def test_two_player_auction_ends_after_one_pass() -> None:
    auction = Auction(Seat.E, TWO_PLAYERS)
    bid_all(auction, "1S 2H")
    assert auction.turn == Seat.E
    bid_all(auction, "P")
    contract = auction.contract()
    assert contract is not None and str(contract) == "2H" and contract.declarer == Seat.N


def test_two_player_double_then_pass_ends() -> None:
    auction = Auction(Seat.N, TWO_PLAYERS)
    bid_all(auction, "3NT X P")
    contract = auction.contract()
    assert contract is not None and contract.doubling is Doubling.DOUBLED
    assert contract.strain is Strain.NT and contract.declarer == Seat.N


def test_two_player_two_opening_passes_pass_out() -> None:
    auction = Auction(Seat.N, TWO_PLAYERS)
    bid_all(auction, "P")
    assert not auction.finished
    bid_all(auction, "P")
    assert auction.passed_out
