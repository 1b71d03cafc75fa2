"""Robots' bidding: a natural system close to Standard American, as declarative rules.

>>> from bridgetable.engine.types import Card, Seat, Vulnerability
>>> hand = tuple(Card.parse(c) for c in
...     "SA SK S5 S3 HK HJ H4 DA D9 D8 C9 C5 C2".split())
>>> decision = choose_call(BidContext(Seat.N, Seat.N, Vulnerability.NONE, hand, ()))
>>> str(decision.call), decision.rule, decision.explanation.english()
('1NT', 'open_1nt', 'balanced; 15-17 HCP')
"""

from bridgetable.bots.bidding.explanation import Explanation
from bridgetable.bots.bidding.inference import HandInference
from bridgetable.bots.bidding.score import ScoreState
from bridgetable.bots.bidding.system import (
    BidContext,
    Decision,
    choose_call,
    explain_call,
    infer_hands,
)

__all__ = [
    "BidContext",
    "Decision",
    "Explanation",
    "HandInference",
    "ScoreState",
    "choose_call",
    "explain_call",
    "infer_hands",
]
