"""A robot player: from one seat's view to the action it sends.

`decide(view)` reads nothing but `view`, exactly what `seat_view(game, seat)` gives
the robot's seat, and answers with a protocol action (`{"type": "play", "card":
"SA"}` …) or None when the seat has nothing to do. Calls come from the bidding
robots (`bots.bidding.choose_call`); cards from double-dummy analysis of sampled
deals (`bots.play`); claims are answered by the same analysis; undo requests are
always granted.

A decision is a function of the view and the seed, except for two things: a robot
remembers the positions where it has claimed (so a refused claim is not made again
at once), and when the time budget runs out, how many samples were solved depends
on the machine. With `budget_seconds=math.inf` only the sample count limits it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bridgetable.bots.play.budget import Budget
from bridgetable.bots.play.cardplay import choose_card
from bridgetable.bots.play.claims import claim_is_sure, sure_claim
from bridgetable.bots.play.draw_phase import draw_card
from bridgetable.bots.play.heuristic import heuristic_card
from bridgetable.bots.play.situation import Situation, read_situation
from bridgetable.engine.calls import parse_call
from bridgetable.engine.types import Card, Seat, Vulnerability

log = logging.getLogger(__name__)

_CLAIMED: OrderedDict[str, None] = OrderedDict()
_CLAIM_MEMORY = 1024


@dataclass(frozen=True)
class RobotConfig:
    """How hard a robot thinks."""

    budget_seconds: float = 0.25
    """Time allowed for one decision; sampling stops when it is spent."""
    samples: int = 48
    """Most layouts analysed for one card or one claim (bench/bots.py: 48 instead of
    24 took declarer play from 0.45 to 0.38 tricks lost per deal against double dummy,
    at a median of 23 ms per card)."""
    seed: int | None = None
    """Mixed with the view to seed the sampling: equal views give equal decisions."""


def decide(view: dict[str, Any], config: RobotConfig = RobotConfig()) -> dict[str, Any] | None:
    """The action the robot at `view["seat"]` takes now, or None if it has none."""
    deal = view.get("deal")
    seat = view.get("seat")
    if not deal or not seat or view.get("phase") == "over" or deal.get("phase") == "over":
        return None
    budget = Budget(config.budget_seconds)
    for key, kind in (("undo", "answer_undo"), ("claim", "answer_claim")):
        pending = deal.get(key)
        if not pending:
            continue
        if seat not in pending["responders"] or seat in pending["accepted"]:
            return None
        if key == "undo":
            return {"type": kind, "accept": True}
        try:
            accept = claim_is_sure(
                read_situation(view),
                Seat.parse(pending["seat"]),
                int(pending["tricks"]),
                budget,
                _rng(view, config),
                config.samples,
            )
        except Exception:
            log.exception("checking a claim failed; refusing it")
            accept = False
        return {"type": kind, "accept": accept}
    legal = deal.get("legal") or {}
    if legal.get("calls"):
        return {"type": "call", "call": _call(view, legal["calls"])}
    if legal.get("cards"):
        return _card_action(view, config, budget)
    return None


def _rng(view: dict[str, Any], config: RobotConfig) -> random.Random:
    """A generator seeded by the config's seed and everything in the view."""
    text = json.dumps([config.seed, view], sort_keys=True, default=str)
    return random.Random(hashlib.sha256(text.encode()).digest())


def _call(view: dict[str, Any], legal: list[str]) -> str:
    """The bidding robots' call, or a pass if they fail or choose something illegal."""
    deal = view["deal"]
    try:
        from bridgetable.bots.bidding import BidContext, choose_call
        from bridgetable.bots.bidding.score import score_state_of

        seat = Seat.parse(view["seat"])
        context = BidContext(
            seat=seat,
            dealer=Seat.parse(deal["dealer"]),
            vulnerability=Vulnerability(deal["vulnerability"]),
            hand=tuple(sorted(Card.parse(c) for c in deal["hands"][seat.name]["cards"])),
            calls=tuple(parse_call(c) for c in deal["auction"]),
            players=len(view["players"]),
            score=score_state_of(view.get("score")),
        )
        call = str(choose_call(context).call)
    except Exception:
        log.exception("the bidding robot failed; passing")
        return "P"
    return call if call in legal else "P"


def _position_key(view: dict[str, Any]) -> str:
    deal = view["deal"]
    seat = view["seat"]
    text = json.dumps(
        [seat, deal["number"], deal["auction"], deal["tricks"], deal["hands"][seat]],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _card_action(view: dict[str, Any], config: RobotConfig, budget: Budget) -> dict[str, Any]:
    situation = read_situation(view)
    if situation.phase == "draw":
        hand = sorted(situation.known[situation.seat])
        led = situation.current[0][1] if situation.current else None
        return {"type": "play", "card": str(draw_card(hand, situation.legal, led))}
    claim = sure_claim(situation)
    if claim is not None:
        key = _position_key(view)
        if key not in _CLAIMED:
            _CLAIMED[key] = None
            while len(_CLAIMED) > _CLAIM_MEMORY:
                _CLAIMED.popitem(last=False)
            return {"type": "claim", "tricks": claim}
    return {"type": "play", "card": str(_card(situation, config, budget, view))}


def _card(situation: Situation, config: RobotConfig, budget: Budget, view: dict[str, Any]) -> Card:
    try:
        return choose_card(situation, budget, _rng(view, config), config.samples)
    except Exception:
        log.exception("card play analysis failed; playing a plain card")
        try:
            return heuristic_card(situation)
        except Exception:
            log.exception("the plain card player failed too")
            return situation.legal[0]


def forget_claims() -> None:
    """Forget the positions where this process's robots have claimed (for tests)."""
    _CLAIMED.clear()
