"""Portable Bridge Notation (PBN 2.1) export of finished deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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


def write_pbn(
    records: list[DealRecord],
    event: str = "Bridgetable",
    analyses: Sequence[dict[str, Any] | None] = (),
) -> str:
    """PBN text for these deals: tags, auction and play sections.

    `analyses`, one per record where known, add the double-dummy table and par
    (OptimumResultTable, OptimumScore and ParContract).
    """
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for index, record in enumerate(records):
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
        analysis = analyses[index] if index < len(analyses) else None
        if analysis is not None:
            lines += _analysis_tags(analysis)
        lines.append("")
    return "\n".join(lines)


_STRAINS = ("NT", "S", "H", "D", "C")


def _analysis_tags(analysis: dict[str, Any]) -> list[str]:
    """Par and the double-dummy table as PBN 2.1 tags (scores from North-South's view)."""
    lines = []
    par = analysis.get("par")
    if par:
        score = int(par["score"])
        side = "NS" if score >= 0 else "EW"
        lines.append(f'[OptimumScore "{side} {abs(score)}"]')
        contracts = []
        for contract in par.get("contracts", []):
            seats = "".join(contract["declarers"])
            doubled = "X" if contract["doubled"] else ""
            contracts.append(f"{seats} {contract['level']}{contract['strain']}{doubled}")
        lines.append(f'[ParContract "{", ".join(contracts) if contracts else "Pass"}"]')
    table = analysis.get("table")
    if table:
        lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        for seat in "NSEW":
            lines += [f"{seat} {strain} {table[seat][strain]}" for strain in _STRAINS]
    return lines


def _rotation(first: Seat) -> list[Seat]:
    return [Seat((first + offset) % 4) for offset in range(4)]
