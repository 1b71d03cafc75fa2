"""The robot entry point: whole games by robots, fairness, determinism, requests."""

from __future__ import annotations

import copy
import json
import math
import random
import time
from typing import Any

import pytest

from bridgetable.bots.robot import RobotConfig, decide, forget_claims
from bridgetable.engine import (
    AnswerClaim,
    Card,
    Claim,
    Game,
    GameConfig,
    MakeCall,
    PlayCard,
    RequestUndo,
    Seat,
    StartDeal,
    parse_call,
    seat_view,
)
from bridgetable.engine.types import DECK
from bridgetable.formats.actions_json import action_from_json

FAST = RobotConfig(budget_seconds=0.02, samples=4, seed=1)
GAMES_EACH = 20
_TIMINGS: dict[str, float] = {}


def robots_play(game: Game, config: RobotConfig, rng: random.Random) -> int:
    """Robots act at every seat until the match is over; returns the actions applied."""
    applied = 0
    while not game.sheet.over:
        deal = game.deal
        if deal is None or deal.over:
            game.apply(game.deal_cards(rng))
            continue
        acted = False
        for seat in game.seats:
            action = decide(seat_view(game, seat), config)
            if action is None:
                continue
            game.apply(action_from_json({**action, "seat": seat.name}))  # raises if illegal
            applied += 1
            acted = True
            break
        assert acted, "a deal in progress where no robot acts"
        assert applied < 20_000
    return applied


@pytest.mark.parametrize("seed", range(GAMES_EACH))
@pytest.mark.parametrize(
    ("variant", "players"), [("rubber", 4), ("chicago", 4), ("rubber", 2)], ids=str
)
def test_robots_complete_matches(variant: str, players: int, seed: int) -> None:
    game = Game(GameConfig(variant, players, first_dealer=Seat.N))
    started = time.perf_counter()
    assert robots_play(game, FAST, random.Random(seed)) > 0
    key = f"{variant}-{players}"
    _TIMINGS[key] = _TIMINGS.get(key, 0.0) + time.perf_counter() - started
    assert game.sheet.over


def _game(hands: dict[Seat, str], calls: str, dealer: Seat = Seat.N) -> Game:
    """A game with these hands (13 cards each, written "SA SK ..."), after these calls."""
    game = Game(GameConfig("rubber", 4, dealer))
    parsed = {
        seat: tuple(sorted(Card.parse(c) for c in text.split())) for seat, text in hands.items()
    }
    game.apply(StartDeal(tuple(parsed[seat] for seat in Seat)))
    for text in calls.split():
        seat = game.turn
        assert seat is not None
        game.apply(MakeCall(seat, parse_call(text)))
    return game


def _split(seed: int) -> dict[Seat, list[Card]]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return {seat: sorted(cards[seat * 13 : seat * 13 + 13]) for seat in Seat}


def _text(cards: list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _swap_hidden(
    hands: dict[Seat, list[Card]], a: Seat, b: Seat, keep: Card | None = None
) -> dict[Seat, str]:
    """The same deal with a card of `a` and one of the same suit of `b` swapped
    (`keep` stays where it is)."""
    new = {seat: list(cards) for seat, cards in hands.items()}
    for card in new[a]:
        if card == keep:
            continue
        other = next((c for c in new[b] if c.suit == card.suit and c != keep), None)
        if other is not None:
            new[a].remove(card)
            new[b].remove(other)
            new[a].append(other)
            new[b].append(card)
            break
    else:  # pragma: no cover - two hands always share a suit
        raise AssertionError("no suit in common")
    return {seat: _text(cards) for seat, cards in new.items()}


EXACT = RobotConfig(budget_seconds=math.inf, samples=6, seed=3)


def test_decision_ignores_what_the_seat_cannot_see() -> None:
    hands = _split(11)
    one = _game({seat: _text(cards) for seat, cards in hands.items()}, "1NT P 3NT P P P")
    two = _game(_swap_hidden(hands, Seat.N, Seat.W), "1NT P 3NT P P P")
    # East is on lead: North, South and West are hidden from it
    view_one, view_two = seat_view(one, Seat.E), seat_view(two, Seat.E)
    assert view_one == view_two
    lead = decide(view_one, EXACT)
    assert lead == decide(view_two, EXACT)
    assert lead is not None and lead["type"] == "play"
    for game in (one, two):
        game.apply(PlayCard(Seat.E, Card.parse(lead["card"])))
    # South is dummy now; declarer North plays dummy's card: East and West are hidden
    led = Card.parse(lead["card"])
    three = _game(_swap_hidden(hands, Seat.E, Seat.W, keep=led), "1NT P 3NT P P P")
    three.apply(PlayCard(Seat.E, led))
    assert one.deal is not None and three.deal is not None
    assert one.deal.play_hands != three.deal.play_hands
    assert seat_view(one, Seat.N) == seat_view(three, Seat.N)
    assert decide(seat_view(one, Seat.N), EXACT) == decide(seat_view(three, Seat.N), EXACT)


def test_decision_needs_only_the_json_view() -> None:
    game = Game(GameConfig())
    game.apply(game.deal_cards(random.Random(5)))
    for _ in range(30):  # through the auction and into the play
        seat = game.turn
        assert seat is not None
        view = seat_view(game, seat)
        hidden = [h for h in view["deal"]["hands"].values() if "count" in h]
        assert len(hidden) >= 2
        plain: dict[str, Any] = json.loads(json.dumps(view))
        action = decide(plain, FAST)
        assert action is not None
        assert decide(copy.deepcopy(plain), FAST) is not None
        game.apply(action_from_json({**action, "seat": seat.name}))


def test_nothing_to_do_out_of_turn() -> None:
    game = Game(GameConfig())
    assert decide(seat_view(game, Seat.N), FAST) is None  # no deal yet
    game.apply(game.deal_cards(random.Random(1)))
    turn = game.turn
    for seat in Seat:
        action = decide(seat_view(game, seat), FAST)
        assert (action is None) == (seat != turn)


def test_same_seed_same_decision() -> None:
    game = Game(GameConfig())
    game.apply(game.deal_cards(random.Random(2)))
    while game.deal is not None and game.deal.play is None:
        seat = game.turn
        assert seat is not None
        action = decide(seat_view(game, seat), FAST)
        assert action is not None
        game.apply(action_from_json({**action, "seat": seat.name}))
    if game.deal is None or game.deal.over:
        pytest.skip("passed out")
    seat = game.turn
    assert seat is not None
    view = seat_view(game, seat)
    assert decide(view, EXACT) == decide(view, EXACT)


def test_undo_is_granted() -> None:
    game = _game({seat: _text(cards) for seat, cards in _split(3).items()}, "1C")
    game.apply(RequestUndo(Seat.N))
    assert decide(seat_view(game, Seat.E), FAST) == {"type": "answer_undo", "accept": True}
    assert decide(seat_view(game, Seat.S), FAST) is None  # partner does not answer
    assert decide(seat_view(game, Seat.N), FAST) is None


# North declares 7NT holding every top card: the defenders cannot take a trick.
GRAND = {
    Seat.N: "SA SK SQ SJ HA HK HQ HJ DA DK DQ DJ CA",
    Seat.E: "ST S9 S8 S7 HT H9 H8 H7 DT D9 D8 D7 C2",
    Seat.S: "CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 S2 H2",
    Seat.W: "S6 S5 S4 S3 H6 H5 H4 H3 D6 D5 D4 D3 D2",
}
# North and South hold the lowest cards of every suit: East-West take every trick.
LOW = {
    Seat.N: "S2 S3 S4 H2 H3 H4 D2 D3 D4 C2 C3 C4 C5",
    Seat.E: "SA SK SQ SJ ST S9 S8 HA HK HQ HJ HT H9",
    Seat.S: "S5 S6 S7 H5 H6 H7 D5 D6 D7 C6 C7 C8 C9",
    Seat.W: "H8 DA DK DQ DJ DT D9 D8 CA CK CQ CJ CT",
}


def _answer(game: Game, seat: Seat) -> dict[str, Any] | None:
    return decide(seat_view(game, seat), EXACT)


def test_a_certain_claim_is_accepted() -> None:
    game = _game(LOW, "1NT P P P")
    game.apply(PlayCard(Seat.E, Card.parse("SA")))
    game.apply(Claim(Seat.E, 13))  # North sees dummy: whatever West holds, it wins
    assert _answer(game, Seat.N) == {"type": "answer_claim", "accept": True}


def test_a_false_claim_is_refused() -> None:
    game = _game(GRAND, "7NT P P P")
    game.apply(PlayCard(Seat.E, Card.parse("D7")))
    game.apply(Claim(Seat.W, 1))
    assert _answer(game, Seat.N) == {"type": "answer_claim", "accept": False}
    game.apply(action_from_json({"type": "answer_claim", "seat": "N", "accept": False}))
    game = _game(LOW, "1NT P P P")
    game.apply(PlayCard(Seat.E, Card.parse("SA")))
    game.apply(Claim(Seat.N, 1))
    assert _answer(game, Seat.E) == {"type": "answer_claim", "accept": False}
    assert _answer(game, Seat.W) == {"type": "answer_claim", "accept": False}


def test_a_robot_claims_when_certain_and_not_again_once_refused() -> None:
    forget_claims()
    game = _game(LOW, "1NT P P P")
    lead = _answer(game, Seat.E)  # thirteen sure tricks, but claims come after the lead
    assert lead is not None and lead["type"] == "play"
    game.apply(action_from_json({**lead, "seat": "E"}))
    for _ in range(3):  # dummy, West, North finish the first trick: East wins it
        seat = game.turn
        assert seat is not None
        action = _answer(game, seat)
        assert action is not None and action["type"] == "play"
        game.apply(action_from_json({**action, "seat": seat.name}))
    assert game.turn == Seat.E
    assert _answer(game, Seat.E) == {"type": "claim", "tricks": 12}
    game.apply(Claim(Seat.E, 12))
    game.apply(AnswerClaim(Seat.N, False))  # a person may refuse even a sure claim
    again = _answer(game, Seat.E)
    assert again is not None and again["type"] == "play"


def test_declarer_claims_with_top_cards_on_lead() -> None:
    forget_claims()
    game = _game(GRAND, "7NT P P P")
    game.apply(PlayCard(Seat.E, Card.parse("D7")))
    for _ in range(3):  # dummy, West, North finish the first trick
        seat = game.turn
        assert seat is not None
        action = _answer(game, seat)
        assert action is not None and action["type"] == "play"
        game.apply(action_from_json({**action, "seat": seat.name}))
    assert game.turn == Seat.N
    assert _answer(game, Seat.N) == {"type": "claim", "tricks": 12}


def test_timing_report() -> None:
    """Not a check: prints the time the matches took (run with -s to see it)."""
    for key, seconds in sorted(_TIMINGS.items()):
        print(f"{GAMES_EACH} {key} matches: {seconds:.1f} s")
