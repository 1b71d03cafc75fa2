"""What the double-dummy review of a finished deal needs, as plain JSON-able data.

Kept apart from `analysis` so that the server builds it without loading the solver
(endplay takes seconds to import; only the worker processes need it).
"""

from __future__ import annotations

from typing import Any

from bridgetable.engine.deal import Deal


def analysis_input(deal: Deal) -> dict[str, Any] | None:
    """What `analyse_deal` needs of a finished four-hand deal (None otherwise)."""
    result = deal.result
    if result is None or len(deal.players) != 4:
        return None
    record: dict[str, Any] = {
        "hands": {seat.name: [str(c) for c in deal.play_hands[seat]] for seat in deal.players},
        "dealer": deal.dealer.name,
        "vulnerability": deal.vulnerability.value,
        "contract": None,
        "play": [],
    }
    contract = result.contract
    if contract is not None:
        record["contract"] = {"declarer": contract.declarer.name, "strain": str(contract.strain)}
        if deal.play is not None:
            cards = [c for trick in deal.play.tricks for c in trick.cards] + deal.play.current
            record["play"] = [[seat.name, str(card)] for seat, card in cards]
    return record
