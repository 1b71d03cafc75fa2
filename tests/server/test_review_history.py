"""The fold that keeps a table's finished deals: every match, nothing in progress."""

from __future__ import annotations

import random
from typing import Any

from bridgetable.engine import Game, GameConfig
from bridgetable.engine.randomplay import random_action
from bridgetable.formats.actions_json import action_to_json, config_to_json
from bridgetable.server.review import TableHistory, parse_key, review_data


def two_matches(rng: random.Random) -> list[dict[str, Any]]:
    """A whole Chicago match, a new match, and a deal of it cut off in the middle."""
    events: list[dict[str, Any]] = []
    game = Game(GameConfig("chicago", 4))
    while not game.over:
        action = random_action(game, rng, pass_chance=0.6)
        assert action is not None
        game.apply(action)
        events.append({"t": "action", "action": action_to_json(action)})
    events.append({"t": "new_match"})
    game = Game(GameConfig("chicago", 4))
    for _ in range(30):
        action = random_action(game, rng)
        assert action is not None
        game.apply(action)
        events.append({"t": "action", "action": action_to_json(action)})
    return events


def test_every_finished_deal_of_every_match_and_nothing_else() -> None:
    events = two_matches(random.Random(4))
    meta = {"config": config_to_json(GameConfig("chicago", 4)), "creator": "x"}
    history = TableHistory("t", meta)
    for event in events:
        history.apply(event)
        for played in history.deals:  # at every step, only deals that are over
            assert played.deal.over and played.deal.result is not None
    first = [p for p in history.deals if p.match == 1]
    assert len(first) >= 4  # four counted deals, and any passed-out ones
    assert [p.number for p in first] == list(range(1, len(first) + 1))
    assert [p.sheet.index for p in first] == list(range(len(first)))
    second = [p for p in history.deals if p.match == 2]
    current = history.state.game.deal
    assert current is not None and not current.over
    assert all(p.deal is not current for p in second)
    assert history.find(f"1-{len(first)}") is first[-1]
    assert history.find(f"2-{len(second) + 1}") is None
    data = review_data(first[0])
    assert data["key"] == "1-1" and len(data["hands"]) == 4


def test_deal_keys() -> None:
    assert parse_key("1-1") == "1-1"
    assert parse_key("12-340") == "12-340"
    bad_keys = ("", "0-1", "1-0", "1", "1-1-1", "a-b", "01-1", "1-1 ", "1-1\n", "-1-1")
    for bad in (*bad_keys, "1" * 7 + "-1"):
        assert parse_key(bad) is None, bad
