"""The double-dummy review against endplay itself, on fixed deals and played ones."""

from __future__ import annotations

import random

import pytest
from endplay.dds import calc_dd_table, par
from endplay.types import Deal as DdsDeal
from endplay.types import Denom, Player, Vul

from bridgetable.bots.analysis import analyse_deal, dd_and_par, play_costs
from bridgetable.bots.play.solver import Position, best_cards, card_scores
from bridgetable.bots.review_input import analysis_input
from bridgetable.engine import Card, Game, GameConfig, Seat, Vulnerability
from bridgetable.engine.play import trick_winner
from bridgetable.engine.randomplay import random_action
from bridgetable.engine.types import Suit

FIXED = [
    "N:AKQJ.T98.765.432 T98.AKQ.432.J765 765.J76.AKQJ.T98 432.5432.T98.AKQ",
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    "N:KQ93.A72.KJ5.Q84 J84.QT6.A963.K72 AT76.K985.Q2.A93 52.J43.T874.JT65",
    "N:T7.AQ952.K86.J72 AK984.T7.Q95.K53 J65.KJ8.AJT2.AQ8 Q32.643.743.T964",
]
DENOM = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
DENOM["NT"] = Denom.nt
VUL = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}


def hands_of(pbn: str) -> dict[Seat, list[Card]]:
    """A PBN deal (North first) as the engine's hands."""
    hands: dict[Seat, list[Card]] = {}
    for seat, text in zip(Seat, pbn[2:].split(" "), strict=True):
        cards = []
        for suit, ranks in zip("SHDC", text.split("."), strict=True):
            cards += [Card.parse(suit + rank) for rank in ranks]
        hands[seat] = cards
    return hands


@pytest.mark.parametrize("pbn", FIXED)
@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_table_and_par_agree_with_endplay(pbn: str, vulnerability: Vulnerability) -> None:
    table, found = dd_and_par(hands_of(pbn), Seat.E, vulnerability)
    expected = calc_dd_table(DdsDeal(pbn))
    for seat in Seat:
        for strain, denom in DENOM.items():
            assert table[seat.name][strain] == expected[denom, Player(int(seat))]
    assert found["score"] == par(expected, VUL[vulnerability], Player.east).score


def test_known_figures() -> None:
    # each hand holds one whole suit: its owner takes all 13 tricks with it as trumps
    table, found = dd_and_par(hands_of(FIXED[1]), Seat.N, Vulnerability.NONE)
    assert table["N"]["S"] == 13 and table["E"]["H"] == 13
    assert table["S"]["D"] == 13 and table["W"]["C"] == 13
    assert table["N"]["H"] == 0  # East's hearts are trumps and East ruffs everything
    assert found["score"] != 0
    assert all(set(c["declarers"]) <= {"N", "S", "E", "W"} for c in found["contracts"])


def test_par_contracts_name_both_partners_when_either_makes_it() -> None:
    table, found = dd_and_par(hands_of(FIXED[0]), Seat.N, Vulnerability.NONE)
    assert table["N"] == table["S"]  # mirror hands
    assert found["score"] == 80
    assert found["contracts"] == [
        {"level": 1, "strain": "S", "doubled": False, "result": 0, "declarers": ["N", "S"]}
    ]


def _best_play(
    hands: dict[Seat, list[Card]], declarer: Seat, trump: Suit | None
) -> list[tuple[Seat, Card]]:
    """Every card chosen double-dummy best: a play that loses nothing."""
    left = {seat: list(cards) for seat, cards in hands.items()}
    play: list[tuple[Seat, Card]] = []
    leader = declarer.lho
    while len(play) < 52:
        current = [card for _, card in play[len(play) - len(play) % 4 :]]
        position = Position(left, leader, current, trump)
        seat = position.to_play
        _, cards = best_cards(position)
        card = cards[0]
        left[seat].remove(card)
        play.append((seat, card))
        if len(play) % 4 == 0:
            trick = play[-4:]
            leader = trick_winner(trick, trump)
    return play


def test_best_play_costs_nothing_and_a_bad_card_costs_what_the_solver_says() -> None:
    hands = hands_of(FIXED[2])
    declarer, trump = Seat.S, Suit.H
    best = _best_play(hands, declarer, trump)
    result = play_costs(hands, declarer, trump, best)
    assert result["costs"] == [0] * 52
    assert len(set(result["tricks"])) == 1

    # the opening leader's worst card instead of a best one
    position = Position(hands, declarer.lho, [], trump)
    scores = card_scores(position)
    worst = min(scores, key=scores.__getitem__)
    lost = max(scores.values()) - scores[worst]
    assert lost > 0
    first = play_costs(hands, declarer, trump, [(declarer.lho, worst)])
    assert first["costs"] == [lost]
    assert first["tricks"][1] - first["tricks"][0] == lost  # declarer gains it


def test_a_played_deal_ends_where_its_result_says() -> None:
    rng = random.Random(7)
    for _ in range(3):
        game = Game(GameConfig())
        while game.deal is None or not game.deal.over:
            action = random_action(game, rng)
            assert action is not None
            game.apply(action)
        deal = game.deal
        record = analysis_input(deal)
        assert record is not None
        analysis = analyse_deal(record)
        result = deal.result
        assert result is not None
        if result.contract is None:
            assert "play" not in analysis
            continue
        tricks = analysis["play"]["tricks"]
        assert (
            tricks[0]
            == analysis["table"][result.contract.declarer.name][str(result.contract.strain)]
        )
        assert tricks[-1] == result.tricks
        # what the sides lost adds up to the difference between the start and the end
        costs = analysis["play"]["costs"]
        side = result.contract.side
        plays = [seat for trick in deal.play.tricks for seat, _ in trick.cards]  # type: ignore[union-attr]
        lost = sum(c for c, seat in zip(costs, plays, strict=True) if seat.side is side)
        gained = sum(c for c, seat in zip(costs, plays, strict=True) if seat.side is not side)
        assert tricks[0] - lost + gained == tricks[-1]


def test_no_analysis_input_before_the_end_or_for_two_hands() -> None:
    rng = random.Random(1)
    game = Game(GameConfig())
    game.apply(game.deal_cards(rng))
    assert game.deal is not None and analysis_input(game.deal) is None
    two = Game(GameConfig(players=2))
    while two.deal is None or not two.deal.over:
        action = random_action(two, rng)
        assert action is not None
        two.apply(action)
    assert analysis_input(two.deal) is None
