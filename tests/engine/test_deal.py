"""A deal from the dealt cards to its result: opening lead, dummy, claims, undo."""

from __future__ import annotations

import pytest

from bridgetable.engine import (
    AnswerClaim,
    AnswerUndo,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    Seat,
    StartDeal,
    parse_call,
)
from bridgetable.engine.deal import Phase
from bridgetable.engine.errors import (
    IllegalAction,
    IllegalClaim,
    InvalidDeal,
    NoPendingRequest,
    NothingToUndo,
    NotYourTurn,
    WrongPhase,
)
from bridgetable.engine.types import DECK
from bridgetable.formats.actions_json import action_to_json
from tests.engine.helpers import bid, current_deal, dealt_game, play_lowest, seat_of


def test_opening_lead_by_declarers_left_and_declarer_plays_dummy() -> None:
    game = dealt_game()
    bid(game, "1NT P 3NT P P P")  # N declares, S is dummy
    deal = current_deal(game)
    assert deal.phase is Phase.PLAY and deal.dummy == Seat.S
    assert game.turn == Seat.E
    assert not deal.dummy_exposed
    play_lowest(game, 1)
    assert deal.dummy_exposed
    assert game.turn == Seat.N  # S's card, chosen by declarer
    assert deal.play is not None and deal.play.turn == Seat.S


def test_a_complete_deal_is_scored() -> None:
    game = dealt_game()
    bid(game, "1C P P P")
    play_lowest(game, 52)
    deal = current_deal(game)
    assert deal.phase is Phase.OVER and deal.result is not None
    record = game.sheet.records[-1]
    assert record.tricks == deal.result.tricks
    assert game.sheet.dealer == Seat.E


def test_passed_out_deal_goes_to_the_scoresheet() -> None:
    game = dealt_game()
    bid(game, "P P P P")
    assert current_deal(game).phase is Phase.OVER
    assert game.sheet.records[-1].contract is None


def test_card_during_auction_and_call_during_play_are_refused() -> None:
    game = dealt_game()
    with pytest.raises(WrongPhase):
        game.apply(PlayCard(Seat.N, current_deal(game).start.hands[Seat.N][0]))
    bid(game, "1C P P P")
    with pytest.raises(WrongPhase):
        game.apply(MakeCall(Seat.E, parse_call("P")))


def state(game_deal: object) -> object:
    from bridgetable.engine.views import seat_view

    assert hasattr(game_deal, "sheet")
    return seat_view(game_deal, None)  # type: ignore[arg-type]


def test_claim_accepted_by_both_defenders_ends_the_deal() -> None:
    game = dealt_game()
    bid(game, "1NT P P P")
    play_lowest(game, 4)
    deal = current_deal(game)
    assert deal.play is not None
    won = deal.play.tricks_won[Seat.N.side]
    game.apply(Claim(Seat.N, 10))
    assert game.turn is None
    with pytest.raises(WrongPhase):
        game.apply(PlayCard(Seat.N, next(iter(deal.play.hands[Seat.N]))))
    with pytest.raises(NoPendingRequest):
        game.apply(AnswerClaim(Seat.S, True))  # dummy does not answer
    game.apply(AnswerClaim(Seat.E, True))
    assert deal.phase is Phase.PLAY
    game.apply(AnswerClaim(Seat.W, True))
    assert deal.result is not None and deal.result.tricks == won + 10 and deal.result.claimed


def test_defenders_claim_answered_by_declarer_alone() -> None:
    game = dealt_game()
    bid(game, "1NT P P P")
    play_lowest(game, 1)  # the opening lead
    game.apply(Claim(Seat.E, 13))
    deal = current_deal(game)
    assert deal.claim is not None and deal.claim.responders == (Seat.N,)
    game.apply(AnswerClaim(Seat.N, True))
    assert deal.result is not None and deal.result.tricks == 0


def test_rejected_claim_lets_play_continue() -> None:
    game = dealt_game()
    bid(game, "1NT P P P")
    play_lowest(game, 1)
    game.apply(Claim(Seat.E, 13))
    game.apply(AnswerClaim(Seat.N, False))
    assert current_deal(game).claim is None and game.turn == Seat.N  # for dummy, S
    play_lowest(game, 1)


@pytest.mark.parametrize(("players", "variant"), [(4, "rubber"), (2, "rubber")])
def test_no_claim_before_the_opening_lead(players: int, variant: str) -> None:
    game = dealt_game(variant, players)
    deal = current_deal(game)
    while deal.phase is not Phase.AUCTION:  # Draw Bridge: the draw phase first
        play_lowest(game, 1)
    bid(game, "1NT " + " ".join(["P"] * (players - 1)))
    assert deal.play is not None  # the play has begun
    before = state(game)
    for seat in deal.players:
        if seat != deal.dummy:
            with pytest.raises(IllegalClaim):
                game.apply(Claim(seat, 0))
    assert state(game) == before
    play_lowest(game, 1)
    leader = deal.contract.declarer if deal.contract else None
    assert leader is not None
    game.apply(Claim(leader, 1))
    assert deal.claim is not None


@pytest.mark.parametrize(
    ("setup", "claim", "error"),
    [
        ("1NT P P", Claim(Seat.N, 3), IllegalClaim),  # during the auction
        ("1NT P P P", Claim(Seat.N, 3), IllegalClaim),  # before the opening lead
        ("1NT P P P", Claim(Seat.E, 13), IllegalClaim),  # the opening leader too
        ("1NT P P P", Claim(Seat.S, 3), IllegalClaim),  # dummy
        ("1NT P P P", AnswerClaim(Seat.E, True), NoPendingRequest),
        ("1NT P P P", AnswerUndo(Seat.E, True), NoPendingRequest),
        ("", RequestUndo(Seat.N), NothingToUndo),
        ("1NT", RequestUndo(Seat.E), NothingToUndo),  # not E's call
    ],
)
def test_bad_claims_and_undos_change_nothing(
    setup: str, claim: Claim | AnswerClaim | AnswerUndo | RequestUndo, error: type[IllegalAction]
) -> None:
    game = dealt_game()
    if setup:
        bid(game, setup)
    before = state(game)
    with pytest.raises(error):
        game.apply(claim)
    assert state(game) == before


def test_undo_of_a_call_with_the_opponents_agreement() -> None:
    game = dealt_game()
    bid(game, "1C 1H")
    game.apply(RequestUndo(Seat.E))
    deal = current_deal(game)
    assert deal.undo is not None and set(deal.undo.responders) == {Seat.N, Seat.S}
    game.apply(AnswerUndo(Seat.N, True))
    assert [str(c) for c in current_deal(game).auction.calls] == ["1C", "1H"]
    game.apply(AnswerUndo(Seat.S, True))
    assert [str(c) for c in current_deal(game).auction.calls] == ["1C"]
    assert game.turn == Seat.E


def test_undo_of_a_card_and_a_refused_undo() -> None:
    game = dealt_game()
    bid(game, "1C P P P")
    play_lowest(game, 3)  # E leads, S (by N), W
    game.apply(RequestUndo(Seat.W))
    game.apply(AnswerUndo(Seat.N, False))
    deal = current_deal(game)
    assert deal.undo is None and deal.play is not None and len(deal.play.current) == 3
    game.apply(RequestUndo(Seat.W))
    game.apply(AnswerUndo(Seat.N, True))
    deal = current_deal(game)
    assert deal.play is not None and len(deal.play.current) == 2 and game.turn == Seat.W


def test_dummys_card_is_undone_by_declarer() -> None:
    game = dealt_game()
    bid(game, "1C P P P")
    play_lowest(game, 2)
    with pytest.raises(NothingToUndo):
        game.apply(RequestUndo(Seat.S))
    game.apply(RequestUndo(Seat.N))
    game.apply(AnswerUndo(Seat.E, True))
    game.apply(AnswerUndo(Seat.W, True))
    assert seat_of(game) == Seat.N


@pytest.mark.parametrize(
    "hands",
    [
        (DECK[:13], DECK[13:26], DECK[26:39], DECK[38:51]),  # a card twice, one missing
        (DECK[:12], DECK[12:26], DECK[26:39], DECK[39:]),  # wrong sizes
        (DECK[:13], DECK[13:26], DECK[26:39]),  # three hands
    ],
)
def test_invalid_deals_are_refused(hands: tuple[tuple[object, ...], ...]) -> None:
    from bridgetable.engine import Game

    game = Game()
    with pytest.raises(InvalidDeal):
        game.apply(StartDeal(hands))  # type: ignore[arg-type]
    assert game.deal is None and game.actions == []


def test_dealing_again_before_the_deal_ends_is_refused() -> None:
    game = dealt_game()
    deal = current_deal(game)
    with pytest.raises(WrongPhase):
        game.apply(deal.start)
    assert current_deal(game) is deal


def test_action_json_round_trip_of_a_claim() -> None:
    assert action_to_json(Claim(Seat.N, 3)) == {"type": "claim", "seat": "N", "tricks": 3}


def test_not_your_turn_has_a_readable_message() -> None:
    game = dealt_game()
    with pytest.raises(NotYourTurn, match="N's turn"):
        game.apply(MakeCall(Seat.E, parse_call("1C")))


def test_nothing_is_accepted_after_the_match_is_over() -> None:
    from bridgetable.engine import Abandon, Game, GameConfig
    from bridgetable.engine.errors import MatchOver

    game = dealt_game("rubber")
    game.apply(Abandon())
    assert game.sheet.over
    actions = len(game.actions)
    with pytest.raises(MatchOver):
        game.apply(game.deal_cards(__import__("random").Random(2)))
    with pytest.raises(MatchOver):
        game.apply(MakeCall(Seat.N, parse_call("1C")))
    assert len(game.actions) == actions
    chicago = Game(GameConfig("chicago", 4))
    with pytest.raises(IllegalAction):
        chicago.apply(Abandon())  # only a rubber can be stopped early
    assert not chicago.sheet.over and chicago.actions == []


def test_an_abandoned_rubber_keeps_its_finished_deals_and_drops_the_one_under_way() -> None:
    import random

    from bridgetable.engine import Abandon, GamePhase
    from bridgetable.formats.records import records_of

    game = dealt_game("rubber")
    bid(game, "1NT P P P")
    play_lowest(game, 52)
    first = current_deal(game)
    game.apply(game.deal_cards(random.Random(3)))
    bid(game, "1C")
    game.apply(Abandon())
    assert game.phase is GamePhase.OVER and game.deal is first
    assert first.phase is Phase.OVER and game.finished_deals == []
    assert len(records_of(game)) == 1 and len(game.sheet.to_json()["records"]) == 1
    again = dealt_game("rubber")
    bid(again, "1NT P P P")
    play_lowest(again, 52)
    again.apply(again.deal_cards(random.Random(3)))
    bid(again, "2NT P P P")
    play_lowest(again, 52)
    last = again.deal
    again.apply(Abandon())  # between deals: both stay
    assert again.deal is last and len(records_of(again)) == 2
