"""The rule engine itself: patterns, templates, free suits, explanations."""

from __future__ import annotations

from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.matcher import Table, build, compile_rule, match
from bridgetable.bots.bidding.rules import Rule, need
from bridgetable.bots.bidding.system import analyse
from bridgetable.bots.hand_eval import evaluate
from bridgetable.engine.types import Seat, Suit, Vulnerability
from tests.bots.bidding.support import calls, hand

NONE = Vulnerability.NONE


def auction(text: str) -> Auction:
    return Auction(calls(text), Seat.N, NONE)


def test_patterns_bind_suit_variables() -> None:
    rule = compile_rule(Rule("r", "1{M} _ 2{y} _", "P"))
    assert match(rule, auction("1S P 2C P")) == {"M": Suit.S, "y": Suit.C}
    assert match(rule, auction("1S X 2C P")) == {"M": Suit.S, "y": Suit.C}
    assert match(rule, auction("1D P 2C P")) is None  # M is a major
    assert match(rule, auction("1S P 2S P")) is None  # different names, different suits
    assert match(rule, auction("1S 2D 2H P")) is None  # "_" is not a bid
    assert match(rule, auction("P 1S P 2C P")) == {"M": Suit.S, "y": Suit.C}  # after passes


def test_wildcards_and_any_level() -> None:
    rule = compile_rule(Rule("r", "?{o} X *", "P"))
    assert match(rule, auction("3D X 3S")) == {"o": Suit.D}
    assert match(rule, auction("3D X P")) is None
    assert match(compile_rule(Rule("r", "1N .", "P")), auction("1NT 2C")) == {}


def test_templates_build_cheapest_and_jump_bids() -> None:
    a = auction("1H")
    cheapest = compile_rule(Rule("r", None, "~{x}"))
    jump = compile_rule(Rule("r", None, "~~{x}"))
    assert str(build(cheapest.template, {"x": Suit.S}, a)) == "1S"
    assert str(build(cheapest.template, {"x": Suit.D}, a)) == "2D"
    assert str(build(jump.template, {"x": Suit.S}, a)) == "2S"
    assert str(build(compile_rule(Rule("r", None, "~N")).template, {}, a)) == "1NT"


def test_free_suit_is_chosen_from_the_hand_and_explained_from_the_call() -> None:
    table = Table([Rule("show", "", "1{x}", need(x=5), "natural")])
    view = analyse((), Seat.N, NONE)
    chosen = table.choose(view, evaluate(hand("AQJ85.K4.Q93.J52")))
    assert chosen is not None and str(chosen.call) == "1S"
    explained = table.explain(view, chosen.call)
    assert explained is not None and explained.bindings == {"x": Suit.S}
    assert explained.shown.lengths == ((Suit.S, 5, 13),)


def test_explanation_joins_what_rules_of_one_situation_show() -> None:
    table = Table(
        [
            Rule("six", "", "1{x}", need(12, 15, x=6), "natural", priority=2),
            Rule("five", "", "1{x}", need(10, 18, x=5), "natural", priority=1),
        ]
    )
    explained = table.explain(analyse((), Seat.N, NONE), calls("1H")[0])
    assert explained is not None and explained.rule.id == "six"
    assert explained.shown.hcp == (10, 18)
    assert explained.shown.lengths == ((Suit.H, 5, 13),)
