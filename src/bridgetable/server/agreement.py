"""Requests that change the match for everyone, and need everyone's agreement.

Stopping a rubber (Law 80) and starting a new match end what the whole table is
playing, so one seated person asks and every other seated person must accept, as
with an undo; robots always accept. One refusal ends the request (it stays on show,
with who refused, until the next deal or request).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bridgetable.engine import Seat

KINDS = ("abandon", "new_match")


@dataclass(slots=True)
class MatchRequest:
    """Someone's request to stop the rubber or start a new match, and the answers so far."""

    kind: str
    seat: Seat
    accepted: set[Seat] = field(default_factory=set)
    refused: set[Seat] = field(default_factory=set)

    @property
    def open(self) -> bool:
        """Whether the request still waits for answers (nobody has refused it)."""
        return not self.refused

    def agreed(self, persons: Iterable[Seat]) -> bool:
        """Whether every seated person (`persons`) has accepted an open request."""
        return self.open and set(persons) <= self.accepted

    def forget(self, seat: Seat) -> None:
        """The person in `seat` has gone: their answer no longer counts."""
        self.accepted.discard(seat)
        self.refused.discard(seat)

    def to_json(
        self, order: Iterable[Seat], persons: set[Seat], robots: set[Seat]
    ) -> dict[str, Any]:
        """The request as everyone sees it: who asked, agreed, refused, is still to answer."""
        seats = list(order)
        accepted = self.accepted | robots
        return {
            "kind": self.kind,
            "seat": self.seat.name,
            "open": self.open,
            "accepted": [s.name for s in seats if s in accepted],
            "refused": [s.name for s in seats if s in self.refused],
            "waiting": [
                s.name for s in seats if self.open and s in persons and s not in self.accepted
            ],
        }
