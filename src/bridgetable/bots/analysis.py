"""Double-dummy review of a finished deal: the trick table, par, and each card's cost.

Runs in a worker process (see server/review.py). Input and output are plain JSON-able
data so that they cross the process boundary and go to the store as they are; the
conversions to endplay go through the solver module's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from endplay.dds import analyse_play, calc_dd_table, par
from endplay.types import Denom, Player, Vul

from bridgetable.bots.play.solver import dds_card, dds_deal, dds_lock
from bridgetable.engine.types import Card, Seat, Strain, Suit, Vulnerability

STRAINS = ("C", "D", "H", "S", "NT")
_DENOM = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
_DENOM["NT"] = Denom.nt
_STRAIN_OF = {denom: name for name, denom in _DENOM.items()}
_VUL = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}
ANALYSIS_VERSION = 1
"""Stored with every analysis; a change of its shape raises it."""


def one_solver_thread() -> None:
    """Have DDS solve on the calling thread only (a worker process of a shared server
    takes one core, not every core, for its analyses)."""
    import endplay._dds as dds  # endplay's public API has no setting for this

    with dds_lock():
        dds.SetMaxThreads(1)


def dd_and_par(
    hands: Mapping[Seat, Sequence[Card]], dealer: Seat, vulnerability: Vulnerability
) -> tuple[dict[str, dict[str, int]], dict[str, Any]]:
    """The trick table (tricks each seat takes as declarer in each strain, as
    {"N": {"C": 7, ..., "NT": 6}}) and par: the score from North–South's view and the
    par contracts."""
    deal = dds_deal(hands, Seat.N, None)
    with dds_lock():
        solved = calc_dd_table(deal)
        result = par(solved, _VUL[vulnerability], Player(int(dealer)))
        # endplay reuses one structure while iterating: read each contract as it comes
        contracts = [
            {
                "level": int(c.level),
                "strain": _STRAIN_OF[c.denom],
                "declarer": Seat(int(c.declarer)).name,
                "doubled": int(c.penalty) > 1,
                "result": int(c.result),
            }
            for c in result
        ]
        score = int(result.score)
    table = {
        seat.name: {name: int(solved[denom, Player(int(seat))]) for name, denom in _DENOM.items()}
        for seat in Seat
    }
    return table, {"score": score, "contracts": _merge_declarers(contracts)}


def _merge_declarers(contracts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per contract, with every seat that may declare it."""
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for c in contracts:
        key = (c["level"], c["strain"], c["doubled"], c["result"], Seat.parse(c["declarer"]).side)
        entry = merged.setdefault(key, {**{k: v for k, v in c.items() if k != "declarer"}})
        entry.setdefault("declarers", []).append(c["declarer"])
    return list(merged.values())


def play_costs(
    hands: Mapping[Seat, Sequence[Card]],
    declarer: Seat,
    trump: Suit | None,
    play: Sequence[tuple[Seat, Card]],
) -> dict[str, Any]:
    """Declarer's double-dummy tricks before the lead and after each card, and what each
    card cost its side (tricks given away against the best play)."""
    leader = declarer.lho
    deal = dds_deal(hands, leader, trump)
    cards = [dds_card(card) for _, card in play]
    with dds_lock():
        solved = analyse_play(deal, cards)
    # endplay counts for the side of the player before the leader: declarer's side
    tricks = [int(t) for t in solved]
    # DDS stops before the last trick, whose cards are forced: nothing changes there
    tricks += [tricks[-1]] * (len(cards) + 1 - len(tricks))
    costs = []
    for i, (seat, _card) in enumerate(play):
        change = tricks[i + 1] - tricks[i]
        lost = -change if seat.side == declarer.side else change
        costs.append(max(0, lost))
    return {"tricks": tricks, "costs": costs}


def analyse_deal(record: dict[str, Any]) -> dict[str, Any]:
    """The whole review of one deal, from `deal_input`'s JSON; runs in a worker process."""
    hands = {Seat.parse(s): [Card.parse(c) for c in cards] for s, cards in record["hands"].items()}
    dealer = Seat.parse(record["dealer"])
    vulnerability = Vulnerability(record["vulnerability"])
    table, par_info = dd_and_par(hands, dealer, vulnerability)
    result: dict[str, Any] = {"version": ANALYSIS_VERSION, "table": table, "par": par_info}
    contract = record.get("contract")
    if contract is not None:
        declarer = Seat.parse(contract["declarer"])
        strain = Strain.parse(contract["strain"])
        play = [(Seat.parse(s), Card.parse(c)) for s, c in record["play"]]
        result["play"] = play_costs(hands, declarer, strain.suit, play)
    return result
