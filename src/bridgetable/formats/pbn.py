"""Portable Bridge Notation (PBN 2.1) export of finished deals."""

from __future__ import annotations

from bridgetable.engine.types import Seat, Vulnerability
from bridgetable.formats.records import DealRecord, call_text, hand_by_suit

_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}


_WORDS = ("Pass", "X", "XX", "NT")
"""Pass, double, redouble and no trump as this format writes them."""


def _deal_tag(record: DealRecord) -> str:
    first = record.dealer
    hands = []
    for offset in range(4):
        seat = Seat((first + offset) % 4)
        cards = record.hands.get(seat)
        hands.append("-" if not cards else ".".join(hand_by_suit(cards).values()))
    return f"{first.name}:{' '.join(hands)}"


def write_pbn(records: list[DealRecord], event: str = "Bridgetable") -> str:
    """PBN text for these deals: tags, auction and play sections."""
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for record in records:
        contract = record.contract
        lines += [
            f'[Event "{event}"]',
            '[Site "Bridgetable"]',
            f'[Board "{record.board}"]',
            f'[Dealer "{record.dealer.name}"]',
            f'[Vulnerable "{_VULNERABLE[record.vulnerability]}"]',
            f'[Deal "{_deal_tag(record)}"]',
            f'[Declarer "{contract.declarer.name if contract else ""}"]',
            f'[Contract "{contract if contract else "Pass"}"]',
            f'[Result "{record.tricks if record.tricks is not None else ""}"]',
            f'[Auction "{record.dealer.name}"]',
        ]
        calls = [call_text(call, _WORDS) for call in record.calls]
        lines += [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]
        if contract is not None and record.play:
            leader = record.play[0][0][0]
            lines.append(f'[Play "{leader.name}"]')
            order = [seat for seat in _rotation(leader) if seat in record.hands]
            for trick in record.play:
                played = {seat: f"{card.suit.name}{card.rank.letter}" for seat, card in trick}
                lines.append(" ".join(played.get(seat, "-") for seat in order))
            if record.claimed:
                lines.append("*")
        lines.append("")
    return "\n".join(lines)


def _rotation(first: Seat) -> list[Seat]:
    return [Seat((first + offset) % 4) for offset in range(4)]
