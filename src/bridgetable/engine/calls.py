"""Calls of the auction (pass, bid, double, redouble) and the final contract."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from bridgetable.engine.types import Seat, Side, Strain


class Doubling(IntEnum):
    """How far the final bid was doubled; the value is the trick-score multiplier's log2."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        """ "", "X" or "XX" as written after a contract."""
        return "X" * self.value


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of a level (1-7) and a strain."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ValueError(f"bid level must be 1 to 7, not {self.level}")

    @property
    def rank(self) -> int:
        """Position in the order of bids: 1C is 0, 7NT is 34."""
        return (self.level - 1) * 5 + self.strain

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No bid, double or redouble."""

    def __str__(self) -> str:
        return "P"


@dataclass(frozen=True, slots=True)
class Double:
    """A double of the opponents' last bid."""

    def __str__(self) -> str:
        return "X"


@dataclass(frozen=True, slots=True)
class Redouble:
    """A redouble of the opponents' double."""

    def __str__(self) -> str:
        return "XX"


Call = Bid | Pass | Double | Redouble

PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)


def parse_call(text: str) -> Call:
    """Read a call: "P" or "Pass", "X", "XX", or a bid such as "1C", "3NT"."""
    if not isinstance(text, str):
        raise ValueError(f"unknown call {text!r}")
    key = text.strip().upper()
    if key in ("P", "PASS"):
        return PASS
    if key in ("X", "D", "DBL", "DOUBLE"):
        return DOUBLE
    if key in ("XX", "R", "RDBL", "REDOUBLE"):
        return REDOUBLE
    match = re.fullmatch(r"([1-7])(C|D|H|S|NT|N)", key)
    if not match:
        raise ValueError(f"unknown call {text!r}")
    return Bid(int(match.group(1)), Strain.parse(match.group(2)))


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level, strain, doubling and declarer."""

    level: int
    strain: Strain
    doubling: Doubling
    declarer: Seat

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer's side must win: six plus the level."""
        return 6 + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}{self.doubling.suffix}"


_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(X{0,2})", re.IGNORECASE)


def parse_contract(text: str, declarer: Seat) -> Contract:
    """Read a contract written as level, strain, then nothing, X or XX (e.g. "4HX")."""
    match = _CONTRACT.fullmatch(text.strip()) if isinstance(text, str) else None
    if not match:
        raise ValueError(
            f"unknown contract {text!r}; expected level 1-7, strain C D H S NT, then X or XX"
        )
    return Contract(
        level=int(match.group(1)),
        strain=Strain.parse(match.group(2)),
        doubling=Doubling(len(match.group(3))),
        declarer=declarer,
    )
