"""The vocabulary of the game: seats, sides, suits, strains, ranks, cards, vulnerability.

Every one of them is an enum or a cached value type, never a bare int or string, so
that code reads in bridge terms and a typo is a type error.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import ClassVar


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side.EW if self is Side.NS else Side.NS


class Seat(IntEnum):
    """A place at the table, numbered clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        # a member is a value, never "nothing", even the one numbered 0
        return True

    def __str__(self) -> str:
        return self.name

    @property
    def next(self) -> Seat:
        """The seat to the left, who acts after this one."""
        return _SEATS[(self + 1) & 3]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent (the same seat as `next`)."""
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent."""
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self % 2 == 0 else Side.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from its letter ("N", "E", "S", "W")."""
        try:
            return cls[text.upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"unknown seat {text!r}; expected N, E, S or W") from None


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


class Suit(IntEnum):
    """A suit, ordered as in the auction (clubs lowest)."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __bool__(self) -> bool:
        # a member is a value, never "nothing", even the one numbered 0
        return True

    def __str__(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        """The suit's symbol for display."""
        return "♣♦♥♠"[self]


class Strain(IntEnum):
    """A denomination of a bid: a suit or no trump, in auction order."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    def __bool__(self) -> bool:
        # a member is a value, never "nothing", even the one numbered 0
        return True

    def __str__(self) -> str:
        return self.name

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trump."""
        return None if self is Strain.NT else Suit(int(self))

    @property
    def is_minor(self) -> bool:
        """Clubs or diamonds (20 points a trick)."""
        return self <= Strain.D

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain ("C", "D", "H", "S", "NT"; "N" is accepted for no trump)."""
        key = text.upper()
        if key == "N":
            key = "NT"
        try:
            return cls[key]
        except KeyError:
            raise ValueError(f"unknown strain {text!r}; expected C, D, H, S or NT") from None


class Rank(IntEnum):
    """A card's rank; the value is its strength (two lowest, ace highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """The rank's letter as in PBN: 2-9, T, J, Q, K, A."""
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its letter (10 is accepted for T)."""
        key = "T" if text == "10" else text.upper()
        index = "23456789TJQKA".find(key)
        if len(key) != 1 or index < 0:
            raise ValueError(f"unknown rank {text!r}")
        return cls(index + 2)


class Card:
    """A playing card. There are exactly 52 instances, so identity is equality."""

    __slots__ = ("index", "rank", "suit", "text")
    _all: ClassVar[list[Card]] = []

    suit: Suit
    rank: Rank
    index: int
    text: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return cls._all[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        card.suit = suit
        card.rank = rank
        card.index = suit * 13 + rank - 2
        card.text = suit.name + rank.letter
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with index suit*13 + rank-2 (0 = club two, 51 = spade ace)."""
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written suit first, as "SA", "HT", "D10" or "C2"."""
        if not isinstance(text, str) or len(text) < 2:
            raise ValueError(f"unknown card {text!r}")
        try:
            return cls(Suit[text[0].upper()], Rank.parse(text[1:]))
        except (KeyError, ValueError):
            raise ValueError(f"unknown card {text!r}") from None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


Card._all.extend(Card._make(suit, rank) for suit in Suit for rank in Rank)

DECK: tuple[Card, ...] = tuple(Card._all)
"""All 52 cards, clubs two first, spade ace last."""


class Vulnerability(Enum):
    """Which partnerships are vulnerable on a deal."""

    NONE = "none"
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    def is_vulnerable(self, side: Side) -> bool:
        """Whether the given side is vulnerable."""
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def of(cls, ns: bool, ew: bool) -> Vulnerability:
        """The vulnerability with the given side flags."""
        if ns and ew:
            return cls.BOTH
        if ns:
            return cls.NS
        if ew:
            return cls.EW
        return cls.NONE
