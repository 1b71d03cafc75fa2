"""LIN (the hand-record format of online bridge rooms) export of finished deals."""

from __future__ import annotations

from bridgetable.engine.types import Seat, Vulnerability
from bridgetable.formats.records import DealRecord, call_text, hand_by_suit

# LIN numbers the dealer 1-4 from South and lists the hands S, W, N, E.
_DEALER = {Seat.S: "1", Seat.W: "2", Seat.N: "3", Seat.E: "4"}
_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VULNERABLE = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}


_WORDS = ("p", "d", "r", "N")
"""Pass, double, redouble and no trump as this format writes them."""


def write_lin(record: DealRecord, names: dict[Seat, str] | None = None) -> str:
    """One deal as a LIN line."""
    names = names or {}
    hands = []
    for seat in _ORDER:
        cards = record.hands.get(seat, ())
        suits = hand_by_suit(cards)
        hands.append("".join(f"{suit}{ranks}" for suit, ranks in suits.items()) if cards else "")
    parts = [
        f"pn|{','.join(names.get(seat, seat.name) for seat in _ORDER)}|",
        f"md|{_DEALER[record.dealer]}{','.join(hands)}|",
        f"ah|Board {record.board}|",
        f"sv|{_VULNERABLE[record.vulnerability]}|",
    ]
    parts += [f"mb|{call_text(call, _WORDS)}|" for call in record.calls]
    for trick in record.play:
        parts += [f"pc|{card.suit.name}{card.rank.letter}|" for _, card in trick]
    if record.claimed and record.tricks is not None:
        parts.append(f"mc|{record.tricks}|")
    return "".join(parts)


def write_lin_file(records: list[DealRecord], names: dict[Seat, str] | None = None) -> str:
    """Every deal as one LIN line."""
    return "".join(write_lin(record, names) + "\n" for record in records)
