"""PBN and LIN export of finished deals."""

from __future__ import annotations

import random

from bridgetable.engine import Game, GameConfig, MakeCall, PlayCard, Seat, parse_call
from bridgetable.formats.lin import write_lin, write_lin_file
from bridgetable.formats.pbn import write_pbn
from bridgetable.formats.records import hand_by_suit, records_of


def finished_game() -> Game:
    game = Game(GameConfig("rubber", 4))
    game.apply(game.deal_cards(random.Random(42)))
    for text in ["1NT", "P", "3NT", "P", "P", "P"]:
        seat = game.turn
        assert seat is not None
        game.apply(MakeCall(seat, parse_call(text)))
    while game.deal is not None and game.deal.play is not None and not game.deal.over:
        seat = game.turn
        assert seat is not None
        game.apply(PlayCard(seat, game.deal.play.legal_cards()[0]))
    return game


def test_pbn_has_the_deal_auction_and_play() -> None:
    game = finished_game()
    records = records_of(game)
    assert len(records) == 1
    text = write_pbn(records)
    record = records[0]
    north = ".".join(hand_by_suit(record.hands[Seat.N]).values())
    assert f'[Deal "N:{north} ' in text
    assert '[Contract "3NT"]' in text and '[Declarer "N"]' in text
    assert f'[Result "{record.tricks}"]' in text
    assert "1NT Pass 3NT Pass\nPass Pass" in text
    play_lines = text.split('[Play "E"]\n')[1].strip().splitlines()
    assert len(play_lines) == 13 and all(len(line.split()) == 4 for line in play_lines)
    # every card appears once in the play section
    cards = [card for line in play_lines for card in line.split()]
    assert len(set(cards)) == 52


def test_lin_lists_hands_from_south_and_every_call_and_card() -> None:
    record = records_of(finished_game())[0]
    line = write_lin(record, {Seat.N: "Ann"})
    assert line.startswith("pn|S,W,Ann,E|md|3S")
    assert line.count("|mb|") == 6 and line.count("|pc|") + line.startswith("pc|") == 52
    assert "|sv|o|" in line
    assert write_lin_file([record]).endswith("\n")


def test_only_finished_deals_are_recorded() -> None:
    game = Game(GameConfig("chicago", 4))
    game.apply(game.deal_cards(random.Random(1)))
    assert records_of(game) == []
