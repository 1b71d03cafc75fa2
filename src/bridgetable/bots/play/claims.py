"""Claims: when a robot claims, and whether it accepts another player's claim.

A robot claims only what is certain whatever the unseen cards, and only once the
first trick is played (claims belong to the play, after the opening lead): its side
is on lead at the start of a trick, no trump is left against it, and either the hand on lead
holds nothing but top cards or every card its side holds outranks every card of that
suit that may be held against it. Then it claims all the remaining tricks, once: not
again at the next trick if that claim was refused, since the position was certain
then too.

It accepts a claim when the claiming side makes at least the claimed tricks
double-dummy in every sampled layout (only the hard facts are sampled: the cards
seen and the suits shown out of, not the auction), or, in the two-player game where
every card is known, in the one exact layout; anything less, or no answer within
the budget, is a refusal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from bridgetable.bots.play.budget import Budget
from bridgetable.bots.play.sampling import Sampler
from bridgetable.bots.play.situation import TRICKS_IN_DEAL, Situation
from bridgetable.bots.play.solver import Position, max_tricks
from bridgetable.bots.play.twohand import SolverTimeout, TwoHandSolver, mask_of
from bridgetable.engine.types import DECK, Card, Seat, Suit


def _all_top(side: set[Card], others: set[Card], trump: Suit | None) -> bool:
    """Whether every card of `side` beats every card of `others` in its suit, with no
    trump among `others`."""
    if trump is not None and any(card.suit == trump for card in others):
        return False
    for suit in Suit:
        ours = [card.rank for card in side if card.suit == suit]
        theirs = [card.rank for card in others if card.suit == suit]
        if ours and theirs and min(ours) < max(theirs):
            return False
    return True


def _controlled(situation: Situation) -> list[Seat]:
    return [hand for hand in situation.players if situation.controls(hand)]


def _certain(
    leader_cards: set[Card], side: set[Card], in_play: set[Card], trump: Suit | None
) -> bool:
    """Whether the side takes every trick: either the hand on lead holds nothing but
    top cards (partner's included in the comparison), or every card of the side beats
    the opponents'; either way with no trump left against it."""
    others = in_play - side
    if trump is not None and any(card.suit == trump for card in others):
        return False
    return _all_top(leader_cards, in_play - leader_cards, None) or _all_top(side, others, None)


def sure_claim(situation: Situation) -> int | None:
    """All the remaining tricks, if the robot's side certainly takes them; else None."""
    leader = situation.leader
    if (
        situation.phase != "play"
        or situation.current
        or situation.remaining_tricks < 2
        or situation.remaining_tricks >= TRICKS_IN_DEAL  # claims come after the opening lead
        or leader is None
        or not situation.controls(leader)
    ):
        return None
    hands = _controlled(situation)
    if any(hand not in situation.known for hand in hands):
        return None
    side = set().union(*(situation.known[hand] for hand in hands))
    in_play = set(DECK) - situation.gone
    if not _certain(set(situation.known[leader]), side, in_play, situation.trump):
        return None
    last = situation.last_trick
    # a trick ago the position may have been certain too, and claimed (and refused)
    # then; not at the opening lead, when no claim could be made
    first_trick_just_done = situation.remaining_tricks == TRICKS_IN_DEAL - 1
    if last is not None and situation.controls(last[0]) and not first_trick_just_done:
        before = {hand: set(situation.known[hand]) for hand in hands}
        for hand, card in last[1]:
            if hand in before:
                before[hand].add(card)
        before_side = set().union(*before.values())
        before_in_play = in_play | {card for _, card in last[1]}
        if _certain(before[last[0]], before_side, before_in_play, situation.trump):
            return None  # already certain a trick ago: claimed (and refused) then
    return situation.remaining_tricks


def _claimer_tricks(claimer: Seat, to_play: Seat, tricks: int, remaining: int) -> int:
    return tricks if to_play.side == claimer.side else remaining - tricks


def claim_is_sure(
    situation: Situation,
    claimer: Seat,
    claimed: int,
    budget: Budget,
    rng: random.Random,
    samples: int,
) -> bool:
    """Whether the claimer's side certainly takes `claimed` of the remaining tricks."""
    remaining = situation.remaining_tricks
    to_play = situation.to_play
    if claimed <= 0:
        return True
    if claimed > remaining or to_play is None:
        return False
    if len(situation.players) == 2:
        return _two_hand_sure(situation, claimer, claimed, budget)
    solved = 0
    current = [card for _, card in situation.current]
    assert situation.leader is not None

    def stop() -> bool:
        return solved >= samples or not budget.room_for_another()

    for layout in Sampler(situation, rng, shapes={}).samples(stop=stop):
        started = time.perf_counter()
        hands = {**situation.known, **layout}
        best = max_tricks(Position(hands, situation.leader, current, situation.trump))
        budget.record_step(time.perf_counter() - started)
        if _claimer_tricks(claimer, to_play, best, remaining) < claimed:
            return False
        solved += 1
    return solved > 0


def _two_hand_sure(situation: Situation, claimer: Seat, claimed: int, budget: Budget) -> bool:
    to_play = situation.to_play
    assert to_play is not None
    other = situation.next_hand(to_play)
    hands: dict[Seat, Iterable[Card]] = dict(situation.known)
    for hand in (to_play, other):
        if hand not in hands:
            if len(situation.unseen) != situation.counts[hand]:
                return False
            hands[hand] = situation.unseen
    solver = TwoHandSolver(situation.trump, budget.check)
    try:
        mine, theirs = mask_of(hands[to_play]), mask_of(hands[other])
        if not situation.current:
            best = solver.value(mine, theirs)
        else:
            led = situation.current[0][1].index
            best = max(
                solver.reply_value(theirs, mine, led, reply)
                for reply in solver.legal_replies(mine, led)
            )
    except SolverTimeout:
        return False
    return _claimer_tricks(claimer, to_play, best, situation.remaining_tricks) >= claimed
