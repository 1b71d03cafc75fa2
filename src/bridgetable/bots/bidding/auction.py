"""Facts about an auction read from its calls alone: whose turn, the last bid, which
calls are legal, whether it is over. For four players and for the two-player game.

This is the robots' own small copy of the legality rules, so that a robot never
offers an illegal call whatever the engine module looks like.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from bridgetable.engine.calls import Bid, Call, Double, Pass, Redouble
from bridgetable.engine.types import Seat, Side, Vulnerability


@dataclass(frozen=True)
class Auction:
    """An auction in progress: the calls so far, first call by the dealer."""

    calls: tuple[Call, ...]
    dealer: Seat
    vulnerability: Vulnerability
    players: int = 4

    def seat_of(self, index: int) -> Seat:
        """Who made (or makes) the call at `index`.

        With four players seats go clockwise from the dealer; with two players
        (always N and E) they alternate.
        """
        if self.players == 2:
            return self.dealer if index % 2 == 0 else _other_of_two(self.dealer)
        return _SEATS[(self.dealer + index) & 3]

    @cached_property
    def turn(self) -> Seat:
        """The seat to call next."""
        return self.seat_of(len(self.calls))

    @cached_property
    def last_bid_index(self) -> int | None:
        """Index of the last bid, or None if nobody has bid."""
        for index in range(len(self.calls) - 1, -1, -1):
            if isinstance(self.calls[index], Bid):
                return index
        return None

    @property
    def last_bid(self) -> Bid | None:
        """The last bid made, or None."""
        index = self.last_bid_index
        return None if index is None else self.calls[index]  # type: ignore[return-value]

    @property
    def last_bidder(self) -> Seat | None:
        """The seat that made the last bid, or None."""
        index = self.last_bid_index
        return None if index is None else self.seat_of(index)

    @cached_property
    def last_action(self) -> tuple[int, Call] | None:
        """Index and call of the last call that was not a pass."""
        for index in range(len(self.calls) - 1, -1, -1):
            if not isinstance(self.calls[index], Pass):
                return index, self.calls[index]
        return None

    @cached_property
    def opening_index(self) -> int | None:
        """Index of the first bid (the opening bid), or None."""
        for index, call in enumerate(self.calls):
            if isinstance(call, Bid):
                return index
        return None

    @cached_property
    def since_opening(self) -> tuple[Call, ...]:
        """The calls from the opening bid on (empty while everybody has passed)."""
        start = self.opening_index
        return () if start is None else self.calls[start:]

    @cached_property
    def is_over(self) -> bool:
        """Whether the auction has ended (passed out or closed by passes)."""
        calls = self.calls
        if self.players == 2:
            return (
                len(calls) >= 2
                and isinstance(calls[-1], Pass)
                and (not isinstance(calls[-2], Pass) or len(calls) == 2)
            )
        if len(calls) < 4:
            return False
        return all(isinstance(call, Pass) for call in calls[-3:]) and (
            self.last_bid_index is not None or len(calls) == 4
        )

    def is_vulnerable(self, side: Side) -> bool:
        """Whether `side` is vulnerable on this deal."""
        return self.vulnerability.is_vulnerable(side)

    def legal(self, call: Call) -> bool:
        """Whether the player to call may make `call` now."""
        if self.is_over:
            return False
        if isinstance(call, Pass):
            return True
        last = self.last_bid
        if isinstance(call, Bid):
            return last is None or call.rank > last.rank
        action = self.last_action
        if action is None or last is None:
            return False
        index, previous = action
        mine = self.turn.side
        if isinstance(call, Double):
            return isinstance(previous, Bid) and self.seat_of(index).side != mine
        if isinstance(call, Redouble):
            return isinstance(previous, Double) and self.seat_of(index).side != mine
        return False


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def _other_of_two(seat: Seat) -> Seat:
    return Seat.E if seat == Seat.N else Seat.N
