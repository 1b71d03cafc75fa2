"""The public entry points: legal calls and a finished auction for any deal (property
tests), explanations of robot calls, what the auction shows, and the robot's inputs."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import bridgetable.bots
from bridgetable.bots.bidding import (
    BidContext,
    HandInference,
    choose_call,
    explain_call,
    infer_hands,
)
from bridgetable.bots.bidding.matcher import compile_rule
from bridgetable.bots.bidding.messages import MESSAGES
from bridgetable.bots.bidding.system import FOUR_PLAYER_RULES, TWO_PLAYER_RULES
from bridgetable.engine.calls import PASS, Bid
from bridgetable.engine.types import DECK, Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, hand, random_hands, robot_auction

SEATS = st.sampled_from(list(Seat))
VULS = st.sampled_from(list(Vulnerability))


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), SEATS, VULS)
def test_robots_always_call_legally_and_finish(
    deck: list[object], dealer: Seat, vul: Vulnerability
) -> None:
    hands = {seat: tuple(deck[i * 13 : i * 13 + 13]) for i, seat in enumerate(Seat)}
    auction, _ = robot_auction(hands, dealer, vul)  # type: ignore[arg-type]
    assert auction.is_over, [str(c) for c in auction.calls]
    assert len(auction.calls) <= 40


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), st.sampled_from([Seat.N, Seat.E]), VULS)
def test_two_player_robots_always_call_legally_and_finish(
    deck: list[object], dealer: Seat, vul: Vulnerability
) -> None:
    hands = {Seat.N: tuple(deck[:13]), Seat.E: tuple(deck[13:26])}
    auction, _ = robot_auction(hands, dealer, vul, players=2)  # type: ignore[arg-type]
    assert auction.is_over
    assert len(auction.calls) <= 40


def test_robot_calls_are_explained() -> None:
    rng = random.Random(11)
    bids = unexplained = 0
    for number in range(120):
        dealer, vul = Seat(number % 4), list(Vulnerability)[number % 4]
        auction, decisions = robot_auction(random_hands(rng), dealer, vul)
        for index, decision in enumerate(decisions):
            explanation = explain_call(auction.calls[:index], dealer, vul, decision.call)
            assert explanation is not None
            assert explanation == decision.explanation
            assert explanation.english()
            if isinstance(decision.call, Bid):
                bids += 1
                unexplained += explanation.message == "no_suitable_call"
    assert bids > 200
    assert unexplained == 0


def test_explain_call_without_a_hand() -> None:
    vul = Vulnerability.NONE
    opening = explain_call((), Seat.N, vul, Bid(1, Suit.S))  # type: ignore[arg-type]
    assert opening is not None and opening.message == "one_suit_opening"
    assert opening.params["suit"] == "S" and opening.params["length"] == 5
    stayman = explain_call(calls("1NT P"), Seat.N, vul, calls("2C")[0])
    assert stayman is not None and stayman.message == "stayman"
    transfer = explain_call(calls("1NT P"), Seat.N, vul, calls("2D")[0])
    assert transfer is not None and transfer.params["target"] == "H"
    double = explain_call(calls("1H"), Seat.N, vul, calls("X")[0])
    assert double is not None and double.message == "takeout_double"
    assert double.params["their_suit"] == "H"
    assert "hearts" in double.english()
    assert explain_call(calls("1H"), Seat.N, vul, calls("1D")[0]) is None  # insufficient


def test_two_player_explanations() -> None:
    explanation = explain_call((), Seat.N, Vulnerability.NONE, calls("1S")[0], players=2)
    assert explanation is not None and explanation.message == "two_player_bid"


def test_infer_hands_reads_partner_from_the_auction() -> None:
    shown = infer_hands(calls("1NT P 2C P 2H P"), Seat.N, Vulnerability.NONE)
    north, south = shown[Seat.N], shown[Seat.S]
    assert (north.hcp_min, north.hcp_max) == (15, 17)
    assert north.balanced and north.min_length(Suit.H) == 4
    assert south.hcp_min == 7  # Stayman: 8+ HCP, or 7 with a short suit or a good long one
    shown = infer_hands(calls("1S P 2S P"), Seat.N, Vulnerability.NONE)
    assert shown[Seat.N].min_length(Suit.S) == 5
    assert shown[Seat.S].min_length(Suit.S) >= 3 and shown[Seat.S].hcp_max <= 10
    assert shown[Seat.E] == HandInference(hcp_min=0, hcp_max=37)
    for info in shown.values():
        assert info.hcp_min <= info.hcp_max
        assert all(lo <= hi for lo, hi in zip(info.min_lengths, info.max_lengths, strict=True))


def test_the_decision_reads_only_its_context() -> None:
    fields = [f.name for f in dataclasses.fields(BidContext)]
    assert fields == ["seat", "dealer", "vulnerability", "hand", "calls", "players", "score"]
    assert list(inspect.signature(choose_call).parameters) == ["ctx"]
    context = BidContext(
        Seat.S, Seat.N, Vulnerability.NONE, hand("KJ84.Q953.A4.862"), calls("1NT P")
    )
    with_other_deals = set()
    rng = random.Random(3)
    for _ in range(5):  # the other hands change; the decision cannot
        random_hands(rng)
        with_other_deals.add(choose_call(context))
    assert len(with_other_deals) == 1
    frozen = dataclasses.FrozenInstanceError
    try:
        context.hand = ()  # type: ignore[misc]
    except frozen:
        pass
    else:  # pragma: no cover
        raise AssertionError("BidContext must be frozen")


def test_bad_turn_is_refused() -> None:
    context = BidContext(Seat.E, Seat.N, Vulnerability.NONE, hand("KJ84.Q953.A4.862"), ())
    try:
        choose_call(context)
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("E may not call when N deals")


def test_every_rule_compiles_and_has_an_english_message() -> None:
    for rule in FOUR_PLAYER_RULES + TWO_PLAYER_RULES:
        compile_rule(rule)
        assert rule.say in MESSAGES, rule.id


def test_bots_import_no_outer_layer() -> None:
    root = Path(bridgetable.bots.__file__).parent
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(
                    ("bridgetable.store", "bridgetable.server", "bridgetable.web")
                ), (path, name)


def test_pass_when_the_auction_needs_nothing() -> None:
    decision = choose_call(
        BidContext(Seat.W, Seat.N, Vulnerability.NONE, hand("8432.54.J742.953"), calls("1NT P 3NT"))
    )
    assert decision.call == PASS


def test_docstring_example() -> None:
    import doctest

    import bridgetable.bots.bidding

    assert doctest.testmod(bridgetable.bots.bidding).failed == 0
