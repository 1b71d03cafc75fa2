"""Choosing a card: double-dummy analysis of sampled deals, within a time budget.

Four hands: deal the unseen cards many times as the seat's knowledge allows
(`sampling`), solve each layout double-dummy (`solver`) and play the legal card
with the best total, where a card scores its tricks plus a bonus when the contract
is then made (declaring side) or defeated (defenders). Ties go to the lowest card.
Two hands (Draw Bridge): once the stock is gone each player can work out the
other's cards exactly, so one exact solve (`twohand`) decides.

The analysis stops when the samples are done or the budget is spent; with nothing
solved, the simple player (`heuristic`) chooses.
"""

from __future__ import annotations

import random
import threading
import time

from bridgetable.bots.play.budget import Budget
from bridgetable.bots.play.heuristic import heuristic_card
from bridgetable.bots.play.sampling import Sampler
from bridgetable.bots.play.situation import Situation
from bridgetable.bots.play.solver import Position, card_scores
from bridgetable.bots.play.twohand import SolverTimeout, TwoHandSolver, mask_of
from bridgetable.engine.types import DECK, Card, Seat, Suit

CONTRACT_BONUS = 1
"""Extra score, in tricks, for a layout in which the card makes (or beats) the contract."""

TYPICAL_SOLVE = {13: 0.08, 12: 0.03, 11: 0.01}
"""Typical seconds of one double-dummy solve by cards left in the hand to play (one
laptop core; 0.003 s or less with ten cards or fewer). A decision whose budget cannot
hold even one solve plays the simple player's card instead."""

_SOLVERS: dict[Suit | None, TwoHandSolver] = {}
_SOLVERS_LOCK = threading.Lock()  # a cached solver serves one decision at a time
_SOLVER_LIMIT = 100_000
"""Positions a cached two-hand solver may remember before it starts afresh."""


def _preference(card: Card) -> tuple[int, int]:
    """Among cards of equal worth, the lowest is played."""
    return (card.rank, card.suit)


def _best(cards: list[Card], worth: dict[Card, int]) -> Card:
    return max(cards, key=lambda c: (worth[c], -c.rank, -c.suit))


def equivalent_groups(situation: Situation, cards: list[Card]) -> list[list[Card]]:
    """The legal cards grouped by equivalence: same hand, same suit, and no card still
    in play (the current trick's included) ranking between them."""
    live = set(DECK) - situation.gone | {card for _, card in situation.current}
    groups: list[list[Card]] = []
    for card in sorted(cards, key=lambda c: (c.suit, c.rank)):
        if groups:
            prev = groups[-1][-1]
            between = (
                c
                for c in live
                if c.suit == card.suit and prev.rank < c.rank < card.rank and c not in cards
            )
            if prev.suit == card.suit and next(between, None) is None:
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups


def choose_card(situation: Situation, budget: Budget, rng: random.Random, samples: int) -> Card:
    """The card to play for the hand whose turn it is (always one of `situation.legal`)."""
    legal = list(situation.legal)
    groups = equivalent_groups(situation, legal)
    if len(groups) == 1:
        return min(groups[0], key=_preference)
    if len(situation.players) == 2:
        return _two_hands(situation, budget)
    return _four_hands(situation, budget, rng, samples)


def contract_bonus(situation: Situation, hand: Seat, tricks: int) -> int:
    """The bonus for a layout where `hand`'s side takes `tricks` more tricks."""
    contract = situation.contract
    if contract is None or not CONTRACT_BONUS:
        return 0
    total = situation.tricks_won[hand.side] + tricks
    if hand.side == contract.side:
        return CONTRACT_BONUS if total >= contract.tricks_needed else 0
    return CONTRACT_BONUS if total > 13 - contract.tricks_needed else 0


def _four_hands(situation: Situation, budget: Budget, rng: random.Random, samples: int) -> Card:
    hand = situation.to_play
    assert hand is not None and situation.leader is not None
    if not budget.fits(TYPICAL_SOLVE.get(situation.counts[hand], 0.003)):
        return heuristic_card(situation)
    legal = list(situation.legal)
    totals = dict.fromkeys(legal, 0)
    solved = 0

    def stop() -> bool:
        return solved >= samples or not budget.room_for_another()

    sampler = Sampler(situation, rng)
    current = [card for _, card in situation.current]
    for layout in sampler.samples(stop=stop):
        started = time.perf_counter()
        hands = {**situation.known, **layout}
        scores = card_scores(Position(hands, situation.leader, current, situation.trump))
        budget.record_step(time.perf_counter() - started)
        for card in legal:
            tricks = scores.get(card, 0)
            totals[card] += tricks + contract_bonus(situation, hand, tricks)
        solved += 1
    if solved == 0:
        return heuristic_card(situation)
    return _best(legal, totals)


def _solver(trump: Suit | None) -> TwoHandSolver:
    solver = _SOLVERS.get(trump)
    if solver is None or len(solver._bounds) > _SOLVER_LIMIT:
        solver = TwoHandSolver(trump)
        _SOLVERS[trump] = solver
    return solver


def _two_hands(situation: Situation, budget: Budget) -> Card:
    hand = situation.to_play
    assert hand is not None
    other = situation.next_hand(hand)
    unseen = situation.unseen
    opponent = situation.known.get(other)
    if opponent is None and len(unseen) == situation.counts[other]:
        opponent = unseen
    if opponent is None:  # the other hand is not known exactly: no exact answer
        return heuristic_card(situation)
    with _SOLVERS_LOCK:
        return _two_hand_card(situation, budget, hand, opponent)


def _two_hand_card(
    situation: Situation, budget: Budget, hand: Seat, opponent: frozenset[Card]
) -> Card:
    solver = _solver(situation.trump)
    solver.check = budget.check
    legal = sorted(situation.legal, key=_preference)
    own = mask_of(situation.known[hand])
    try:
        if not situation.current:
            theirs = mask_of(opponent)
            target = solver.value(own, theirs)
            for card in legal:
                if solver.lead_makes(own, theirs, card.index, target):
                    return card
            return legal[0]  # pragma: no cover - some card always reaches the value
        led = situation.current[0][1]
        theirs = mask_of(opponent)
        values = {c: solver.reply_value(theirs, own, led.index, c.index) for c in legal}
        return _best(legal, values)
    except SolverTimeout:
        return heuristic_card(situation)
    finally:
        solver.check = None
