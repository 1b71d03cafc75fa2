"""The auction: whose turn it is, which calls are legal, when it ends, the contract."""

from __future__ import annotations

from bridgetable.engine.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    Double,
    Doubling,
    Pass,
    Redouble,
)
from bridgetable.engine.errors import (
    IllegalDouble,
    IllegalRedouble,
    InsufficientBid,
    NotYourTurn,
    WrongPhase,
)
from bridgetable.engine.types import Seat

FOUR_PLAYERS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
TWO_PLAYERS: tuple[Seat, ...] = (Seat.N, Seat.E)


class Auction:
    """An auction in progress or finished.

    With four players it ends after three passes following a call, or four passes at
    the start. With two players (Draw Bridge) a single pass after a bid, double or
    redouble ends it, and two passes at the start pass the deal out: in both cases the
    rule is "all the other players pass in turn".

    >>> from bridgetable.engine.calls import parse_call
    >>> a = Auction(Seat.N)
    >>> for text in ["1H", "P", "4H", "P", "P", "P"]:
    ...     a.make(a.turn, parse_call(text))
    >>> str(a.contract()), a.contract().declarer.name
    ('4H', 'N')
    """

    __slots__ = (
        "_bid_seat",
        "_contract",
        "_doubling",
        "_last_bid",
        "_passes",
        "_strain_namer",
        "calls",
        "dealer",
        "finished",
        "players",
    )

    def __init__(self, dealer: Seat, players: tuple[Seat, ...] = FOUR_PLAYERS) -> None:
        self.dealer = dealer
        self.players = players
        self.calls: list[Call] = []
        self.finished = False
        self._last_bid: Bid | None = None
        self._bid_seat: Seat | None = None
        self._doubling = Doubling.UNDOUBLED
        self._passes = 0
        self._contract: Contract | None = None  # fixed once the auction is over
        # (side value, strain) -> first seat of that side to name that strain
        self._strain_namer: dict[tuple[int, int], Seat] = {}

    def seat_of(self, index: int) -> Seat:
        """The seat that made (or makes) the call with this index."""
        players = self.players
        return players[(players.index(self.dealer) + index) % len(players)]

    @property
    def turn(self) -> Seat | None:
        """The seat to call next, or None when the auction is over."""
        if self.finished:
            return None
        return self.seat_of(len(self.calls))

    @property
    def last_bid(self) -> Bid | None:
        """The highest bid so far."""
        return self._last_bid

    @property
    def passed_out(self) -> bool:
        """Finished with no bid at all."""
        return self.finished and self._last_bid is None

    def check(self, seat: Seat, call: Call) -> None:
        """Raise the matching `IllegalAction` if `seat` may not make `call` now."""
        if self.finished:
            raise WrongPhase("The auction is over.")
        turn = self.seat_of(len(self.calls))
        if seat != turn:
            raise NotYourTurn(f"It is {turn.name}'s turn to call, not {seat.name}'s.")
        if isinstance(call, Bid):
            last = self._last_bid
            if last is not None and call.rank <= last.rank:
                raise InsufficientBid(f"{call} is not higher than {last}.")
        elif isinstance(call, Double):
            if (
                self._bid_seat is None
                or self._bid_seat.side == seat.side
                or self._doubling != Doubling.UNDOUBLED
            ):
                raise IllegalDouble("You may double only an opponent's last, undoubled bid.")
        elif isinstance(call, Redouble) and (
            self._bid_seat is None
            or self._bid_seat.side != seat.side
            or self._doubling != Doubling.DOUBLED
        ):
            raise IllegalRedouble("You may redouble only when the opponents doubled your bid.")

    def make(self, seat: Seat, call: Call) -> None:
        """Make a call, after checking it; an illegal call raises and changes nothing."""
        self.check(seat, call)
        self.calls.append(call)
        if isinstance(call, Pass):
            self._passes += 1
            others = len(self.players) - 1
            if self._passes >= (others if self._last_bid is not None else others + 1):
                self.finished = True
                self._contract = self._final_contract()
            return
        self._passes = 0
        if isinstance(call, Bid):
            self._last_bid = call
            self._bid_seat = seat
            self._doubling = Doubling.UNDOUBLED
            key = (seat % 2, int(call.strain))
            self._strain_namer.setdefault(key, seat)
        elif isinstance(call, Double):
            self._doubling = Doubling.DOUBLED
        else:
            self._doubling = Doubling.REDOUBLED

    def legal_calls(self) -> list[Call]:
        """Every call the seat whose turn it is may make, pass first."""
        turn = self.turn
        if turn is None:
            return []
        calls: list[Call] = [PASS]
        for special in (DOUBLE, REDOUBLE):
            try:
                self.check(turn, special)
            except (IllegalDouble, IllegalRedouble):
                continue
            calls.append(special)
        start = 0 if self._last_bid is None else self._last_bid.rank + 1
        calls.extend(ALL_BIDS[start:])
        return calls

    def contract(self) -> Contract | None:
        """The final contract once the auction is over (None if passed out or unfinished)."""
        return self._contract

    def _final_contract(self) -> Contract | None:
        if self._last_bid is None or self._bid_seat is None:
            return None
        bid = self._last_bid
        declarer = self._strain_namer[(self._bid_seat % 2, int(bid.strain))]
        return Contract(bid.level, bid.strain, self._doubling, declarer)
