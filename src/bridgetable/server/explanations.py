"""What robots' calls mean, for everyone at the table (alerts are public in bridge)."""

from __future__ import annotations

from typing import Any

from bridgetable.bots.bidding import explain_call
from bridgetable.bots.bidding.score import ScoreState, score_state_of
from bridgetable.engine.deal import Deal
from bridgetable.server.table import TableState

Explained = dict[tuple[int, int, int], dict[str, Any] | None]


def robot_call_meanings(state: TableState, known: Explained) -> dict[str, Any]:
    """{call index: {"message", "params"}} for the robots' calls of the current deal.

    `known` keeps what was worked out before (keyed by match, deal and call index), so
    each call is explained once however many times the table is drawn.
    """
    deal = state.game.deal
    if deal is None:
        return {}
    robots = set(state.robots())
    if not robots:
        return {}
    auction = deal.auction
    score: ScoreState | None = None  # read from the sheet only for a call not yet explained
    meanings: dict[str, Any] = {}
    for index in range(len(auction.calls)):
        if auction.seat_of(index) not in robots:
            continue
        key = (state.match, len(state.game.finished_deals), index)  # this deal's call
        if key not in known:
            # the score as the robots' own views show it (the deal's number as `next`):
            # calls that complete a game or aim at a Chicago's last-deal bonus mean what
            # they did there
            if score is None:
                score = score_state_of(state.game.sheet.to_json())
            known[key] = call_meaning(deal, index, score)
        if known[key] is not None:
            meanings[str(index)] = known[key]
    return meanings


def call_meaning(deal: Deal, index: int, score: ScoreState) -> dict[str, Any] | None:
    """{"message", "params"} for the deal's call `index` in the robots' system, bid at
    the match score `score`; None if no rule of the system makes it."""
    calls = deal.auction.calls
    explanation = explain_call(
        tuple(calls[:index]),
        deal.dealer,
        deal.vulnerability,
        calls[index],
        len(deal.players),
        score,
    )
    return None if explanation is None else explanation.as_dict()
