"""Rulesets as data: the comparison table, the vulnerability hook, two-player tables."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bridgetable.engine.deal import Phase
from bridgetable.engine.types import Seat, Side, Vulnerability
from bridgetable.engine.variants import (
    CHICAGO,
    DRAW_BRIDGE,
    RUBBER,
    RULESETS,
    STANDARD_TABLE,
    TABLE_RULES,
    RuleDifference,
    Ruleset,
)
from tests.engine.helpers import bid, current_deal, dealt_game, play_lowest

KEYS = [
    "length",
    "vulnerability",
    "passed_out",
    "game_bonus",
    "partscores",
    "last_deal_partscore",
    "winner",
    "players",
]


def test_rulesets_by_name() -> None:
    assert RULESETS == {"rubber": RUBBER, "chicago": CHICAGO}


def test_chicago_differences() -> None:
    assert CHICAGO.differences() == (
        RuleDifference("length", "until_two_games", "four_deals"),
        RuleDifference("vulnerability", "from_games_won", "fixed_by_deal"),
        RuleDifference("passed_out", "next_dealer", "same_dealer_not_counted"),
        RuleDifference("game_bonus", "rubber_700_500", "each_game_300_500"),
        RuleDifference("partscores", "carry_until_game", "carry_until_game"),
        RuleDifference("last_deal_partscore", "none", "bonus_100"),
        RuleDifference("winner", "most_points_after_rubber", "most_points_after_four_deals"),
        RuleDifference("players", "four_or_two", "four_or_two_as_rubber"),
    )
    changed = [d.key for d in CHICAGO.differences() if d.changed]
    assert changed == [key for key in KEYS if key != "partscores"]


def test_rubber_is_the_standard() -> None:
    differences = RUBBER.differences()
    assert [d.key for d in differences] == KEYS
    assert not any(d.changed for d in differences)


@pytest.mark.parametrize("ruleset", list(RULESETS.values()))
def test_codes_are_stable_identifiers(ruleset: Ruleset) -> None:
    for difference in ruleset.differences():
        assert re.fullmatch(r"[a-z0-9_]+", difference.standard)
        assert re.fullmatch(r"[a-z0-9_]+", difference.variant)


def test_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CHICAGO.deals_in_match = 5  # type: ignore[misc]


def test_a_new_variant_is_data() -> None:
    six = dataclasses.replace(CHICAGO, name="six", deals_in_match=6)
    codes = six.codes()
    assert codes["length"] == "six_deals"
    assert codes["winner"] == "most_points_after_six_deals"


def test_two_players_play_a_rubber() -> None:
    assert CHICAGO.for_players(2) is RUBBER
    assert CHICAGO.for_players(4) is CHICAGO
    assert RUBBER.for_players(2) is RUBBER
    with pytest.raises(ValueError):
        RUBBER.for_players(3)


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        ({Side.NS: 0, Side.EW: 0}, Vulnerability.NONE),
        ({Side.NS: 1, Side.EW: 0}, Vulnerability.NS),
        ({Side.NS: 0, Side.EW: 1}, Vulnerability.EW),
        ({Side.NS: 1, Side.EW: 1}, Vulnerability.BOTH),
    ],
)
def test_rubber_vulnerability_from_games(games: dict[Side, int], expected: Vulnerability) -> None:
    for number in range(1, 6):
        assert RUBBER.vulnerability(number, Seat.W, games) is expected


@pytest.mark.parametrize(
    ("number", "dealer", "expected"),
    [
        (1, Seat.N, Vulnerability.NONE),
        (2, Seat.E, Vulnerability.EW),
        (2, Seat.S, Vulnerability.NS),
        (3, Seat.W, Vulnerability.EW),
        (3, Seat.N, Vulnerability.NS),
        (4, Seat.E, Vulnerability.BOTH),
    ],
)
def test_chicago_vulnerability_fixed(number: int, dealer: Seat, expected: Vulnerability) -> None:
    assert CHICAGO.vulnerability(number, dealer, {Side.NS: 1, Side.EW: 0}) is expected


def test_docstring_examples() -> None:
    import doctest

    from bridgetable.engine import scoresheet, scoring, variants

    for module in (scoring, scoresheet, variants):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("players", [4, 2])
def test_the_engine_deals_bids_and_plays_as_the_table_rules_declare(players: int) -> None:
    rules = TABLE_RULES[players]
    game = dealt_game(players=players)
    deal = current_deal(game)
    assert len(deal.stock) == rules.stock
    play_lowest(game, rules.draw_tricks * players)
    assert len(deal.draw_tricks) == rules.draw_tricks
    assert deal.phase is Phase.AUCTION
    bid(game, "1C" + " P" * rules.passes_after_call)
    assert deal.play is not None  # the auction is over: the play has begun
    assert (deal.dummy is not None) is rules.dummy
    assert deal.contract is not None
    declarer = deal.contract.declarer
    assert deal.play is not None
    leader = deal.play.leader
    assert leader.side != declarer.side
    if rules.codes()["opening_lead"] == "left_of_declarer":
        assert leader == deal.players[(deal.players.index(declarer) + 1) % 4]
    assert game.sheet.to_json()["variant"] == "rubber" or rules.scored_as != "rubber"


def test_draw_bridge_differs_from_the_standard_table_in_every_declared_way() -> None:
    changed = {d.key for d in DRAW_BRIDGE.differences() if d.changed}
    assert changed == {
        "table_players",
        "dealing",
        "draw_phase",
        "auction_end",
        "dummy",
        "opening_lead",
        "table_scoring",
    }
    assert not any(d.changed for d in STANDARD_TABLE.differences())
