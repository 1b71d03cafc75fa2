"""The two-hand double-dummy solver against a brute-force minimax."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bots.play.twohand import SUIT_BITS, SolverTimeout, TwoHandSolver, _bits, mask_of
from bridgetable.engine.types import Card, Suit


def brute_force(trump: int | None) -> object:
    """Plain minimax: tricks the leader takes from (leader, follower)."""

    @cache
    def value(lead: int, foll: int) -> int:
        if not lead:
            return 0
        n = bin(lead).count("1")
        best = -1
        for card in _bits(lead):
            same = foll & (SUIT_BITS << (13 * (card // 13)))
            worst = 99
            for reply in _bits(same or foll):
                same_suit = reply // 13 == card // 13
                follower_wins = reply > card if same_suit else reply // 13 == trump
                if follower_wins:
                    got = n - 1 - value(foll ^ (1 << reply), lead ^ (1 << card))
                else:
                    got = 1 + value(lead ^ (1 << card), foll ^ (1 << reply))
                worst = min(worst, got)
            best = max(best, worst)
        return best

    return value


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(1, 6),
    trump=st.sampled_from([None, 0, 1, 2, 3]),
)
def test_values_match_brute_force(seed: int, size: int, trump: int | None) -> None:
    cards = random.Random(seed).sample(range(52), 2 * size)
    lead = sum(1 << c for c in cards[:size])
    foll = sum(1 << c for c in cards[size:])
    solver = TwoHandSolver(None if trump is None else Suit(trump))
    expected = brute_force(trump)(lead, foll)  # type: ignore[operator]
    assert solver.value(lead, foll) == expected
    assert any(solver.lead_makes(lead, foll, card, expected) for card in _bits(lead))
    assert not any(solver.lead_makes(lead, foll, card, expected + 1) for card in _bits(lead))
    led = _bits(lead)[0]
    replies = solver.legal_replies(foll, led)
    best_reply = max(solver.reply_value(lead ^ (1 << led), foll, led, r) for r in replies)
    assert solver.lead_makes(lead, foll, led, expected) == (size - best_reply >= expected)


def test_a_simple_ending() -> None:
    north = mask_of(Card.parse(c) for c in ("SA", "SK", "H2"))
    east = mask_of(Card.parse(c) for c in ("SQ", "S2", "HA"))
    assert TwoHandSolver(None).value(north, east) == 2
    assert TwoHandSolver(Suit.H).value(east, north) == 1  # the trump ace, nothing else


def test_the_check_can_stop_a_long_search() -> None:
    cards = random.Random(3).sample(range(52), 26)
    lead, foll = sum(1 << c for c in cards[:13]), sum(1 << c for c in cards[13:])

    def stop() -> None:
        raise SolverTimeout

    with pytest.raises(SolverTimeout):
        TwoHandSolver(None, stop).value(lead, foll)
