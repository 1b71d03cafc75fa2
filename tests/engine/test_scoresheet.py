"""The running score of a rubber and of a Chicago match, deal by deal."""

from __future__ import annotations

import json

import pytest

from bridgetable.engine.calls import Contract, parse_contract
from bridgetable.engine.errors import IllegalAction, MatchOver
from bridgetable.engine.scoresheet import Scoresheet
from bridgetable.engine.scoring import ScoreItem, ScoreKind
from bridgetable.engine.types import Seat, Side, Vulnerability
from bridgetable.engine.variants import CHICAGO, RUBBER

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW


def c(text: str, declarer: Seat) -> Contract:
    return parse_contract(text, declarer)


def kinds(sheet: Scoresheet, index: int) -> dict[ScoreKind, int]:
    return {item.kind: item.points for item in sheet.records[index].items}


def snapshot(sheet: Scoresheet) -> object:
    return (sheet.to_json(), sheet.records, sheet.dealer, sheet.deal_number)


# --- rubber -------------------------------------------------------------------------


def test_partscores_carry_to_game() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("2H", S), 8)
    assert sheet.below_line == {NS: 60, EW: 0}
    assert sheet.games_won == {NS: 0, EW: 0}
    record = sheet.record_result(c("2S", N), 8)
    assert record.game_completed_by is NS
    assert record.game == 1
    assert sheet.games_won == {NS: 1, EW: 0}
    assert sheet.below_line == {NS: 0, EW: 0}
    assert sheet.game_number == 2
    assert sheet.totals == {NS: 120, EW: 0}  # no bonus for a single game in a rubber


def test_partscore_wiped_by_the_other_sides_game() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("2H", S), 8)  # NS 60
    sheet.record_result(c("4S", E), 10)  # EW game
    assert sheet.below_line == {NS: 0, EW: 0}
    record = sheet.record_result(c("2C", N), 8)  # 40 + the old 60 would be game: not now
    assert record.game_completed_by is None
    assert sheet.below_line == {NS: 40, EW: 0}
    assert sheet.games_won == {NS: 0, EW: 1}


def test_defeated_contract_writes_nothing_below() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("3NT", N), 8)
    assert sheet.below_line == {NS: 0, EW: 0}
    assert sheet.totals == {NS: 0, EW: 50}


def test_vulnerability_follows_games_won() -> None:
    sheet = Scoresheet(RUBBER)
    seen = [sheet.vulnerability]
    sheet.record_result(c("3NT", N), 9)
    seen.append(sheet.vulnerability)
    sheet.record_result(c("5D", W), 11)
    seen.append(sheet.vulnerability)
    assert seen == [Vulnerability.NONE, Vulnerability.NS, Vulnerability.BOTH]
    assert [r.vulnerability for r in sheet.records] == seen[:2]


def test_vulnerable_side_is_scored_vulnerable() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("4H", S), 10)
    sheet.record_result(c("2SX", N), 7)  # NS vulnerable, doubled, 1 down
    assert kinds(sheet, 1) == {ScoreKind.UNDERTRICKS: 200}


def test_rubber_two_nil() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("4S", N), 10)
    record = sheet.record_result(c("4S", S), 10)
    assert ScoreItem(ScoreKind.RUBBER_BONUS, NS, 700, False) in record.items
    assert sheet.over
    assert sheet.winner is NS
    assert not sheet.is_tie
    assert sheet.totals == {NS: 940, EW: 0}
    assert sheet.games_won == {NS: 2, EW: 0}


def test_rubber_two_one() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("3NT", N), 9)
    sheet.record_result(c("3NT", E), 9)
    assert not sheet.over
    record = sheet.record_result(c("5C", S), 11)
    assert kinds(sheet, 2) == {ScoreKind.TRICK_POINTS: 100, ScoreKind.RUBBER_BONUS: 500}
    assert record.points(NS) == 600
    assert sheet.totals == {NS: 700, EW: 100}
    assert sheet.winner is NS


def test_winner_by_points_is_not_the_two_game_winner() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("7NTX", N), 0)  # 13 down doubled non-vul: EW 3500
    sheet.record_result(c("3NT", S), 9)
    sheet.record_result(c("3NT", N), 9)
    assert sheet.over
    assert sheet.games_won == {NS: 2, EW: 0}
    assert sheet.totals == {NS: 900, EW: 3500}
    assert sheet.winner is EW


def test_passed_out_rotates_the_dealer_in_a_rubber() -> None:
    sheet = Scoresheet(RUBBER, first_dealer=W)
    record = sheet.record_passed_out()
    assert (record.dealer, record.counted, record.items, record.number) == (W, True, [], 1)
    assert sheet.dealer is N
    assert sheet.deal_number == 2
    sheet.record_result(c("1C", E), 7)
    assert sheet.dealer is E
    assert [r.dealer for r in sheet.records] == [W, N]


def test_recording_after_the_end_changes_nothing() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("4S", N), 10)
    sheet.record_result(c("4S", N), 10)
    before = snapshot(sheet)
    with pytest.raises(MatchOver):
        sheet.record_result(c("1C", E), 7)
    with pytest.raises(MatchOver):
        sheet.record_passed_out()
    with pytest.raises(MatchOver):
        sheet.abandon()
    assert snapshot(sheet) == before


@pytest.mark.parametrize("tricks", [-1, 14])
def test_bad_tricks_change_nothing(tricks: int) -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("2H", S), 8)
    before = snapshot(sheet)
    with pytest.raises(ValueError, match="0-13"):
        sheet.record_result(c("2H", S), tricks)
    assert snapshot(sheet) == before


def test_abandoned_rubber_game_and_partscores() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("4S", N), 10)  # NS game
    sheet.record_result(c("2H", S), 8)  # NS partscore 60
    sheet.record_result(c("2C", E), 8)  # EW partscore 40
    items = sheet.abandon()
    assert items == [
        ScoreItem(ScoreKind.UNFINISHED_RUBBER, NS, 300, False),
        ScoreItem(ScoreKind.UNFINISHED_RUBBER, NS, 100, False),
        ScoreItem(ScoreKind.UNFINISHED_RUBBER, EW, 100, False),
    ]
    assert sheet.extra_items == items
    assert sheet.over
    assert sheet.totals == {NS: 120 + 60 + 400, EW: 40 + 100}
    assert sheet.winner is NS
    with pytest.raises(MatchOver):
        sheet.record_passed_out()


def test_abandoned_rubber_one_game_each() -> None:
    sheet = Scoresheet(RUBBER)
    sheet.record_result(c("4S", N), 10)
    sheet.record_result(c("4S", E), 10)
    assert [(i.side, i.points) for i in sheet.abandon()] == [(NS, 300), (EW, 300)]
    assert sheet.is_tie
    assert sheet.winner is None


def test_abandoned_before_any_score() -> None:
    sheet = Scoresheet(RUBBER)
    assert sheet.abandon() == []
    assert sheet.over
    assert sheet.is_tie


def test_two_players_alternate_and_play_a_rubber() -> None:
    sheet = Scoresheet(CHICAGO, first_dealer=N, players=(N, E))
    assert sheet.ruleset is RUBBER
    sheet.record_result(c("2H", N), 8)
    sheet.record_passed_out()
    sheet.record_result(c("1NT", E), 6)
    assert [r.dealer for r in sheet.records] == [N, E, N]
    assert sheet.dealer is E
    with pytest.raises(ValueError, match="not one of the players"):
        sheet.record_result(c("4S", S), 10)
    sheet.record_result(c("4H", E), 10)
    sheet.record_result(c("3NT", N), 9)
    sheet.record_result(c("3NT", E), 10)
    assert sheet.over
    assert kinds(sheet, 5) == {
        ScoreKind.TRICK_POINTS: 100,
        ScoreKind.OVERTRICKS: 30,
        ScoreKind.RUBBER_BONUS: 500,
    }
    assert [r.dealer for r in sheet.records] == [N, E, N, E, N, E]
    assert [r.vulnerability for r in sheet.records][3:] == [
        Vulnerability.NONE,
        Vulnerability.EW,
        Vulnerability.BOTH,
    ]


def test_two_players_from_east() -> None:
    sheet = Scoresheet(RUBBER, first_dealer=E, players=(N, E))
    sheet.record_passed_out()
    sheet.record_passed_out()
    assert [r.dealer for r in sheet.records] == [E, N]


@pytest.mark.parametrize(
    ("players", "first"),
    [((N, S), N), ((N, E, S), N), ((N, W, S, E), N), ((N, N, S, S), N), ((N, E), S)],
)
def test_bad_players(players: tuple[Seat, ...], first: Seat) -> None:
    with pytest.raises(ValueError):
        Scoresheet(RUBBER, first, players)


# --- Chicago ------------------------------------------------------------------------

NONE, VNS, VEW, BOTH = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)


@pytest.mark.parametrize(
    ("first", "dealers", "schedule"),
    [
        (N, [N, E, S, W], [NONE, VEW, VNS, BOTH]),
        (E, [E, S, W, N], [NONE, VNS, VEW, BOTH]),
        (S, [S, W, N, E], [NONE, VEW, VNS, BOTH]),
        (W, [W, N, E, S], [NONE, VNS, VEW, BOTH]),
    ],
)
def test_chicago_vulnerability_schedule(
    first: Seat, dealers: list[Seat], schedule: list[Vulnerability]
) -> None:
    sheet = Scoresheet(CHICAGO, first_dealer=first)
    seen = []
    for number in range(1, 5):
        assert sheet.deal_number == number
        seen.append((sheet.dealer, sheet.vulnerability))
        sheet.record_result(c("4S", N), 10)  # games do not change Chicago vulnerability
    assert seen == list(zip(dealers, schedule, strict=True))
    assert [(r.dealer, r.vulnerability) for r in sheet.records] == seen
    assert sheet.over


def test_chicago_passed_out_is_redealt_and_not_counted() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("1C", N), 7)
    for _ in range(3):
        record = sheet.record_passed_out()
        assert (record.dealer, record.number, record.counted) == (E, 2, False)
        assert record.vulnerability is VEW
        assert (sheet.dealer, sheet.deal_number, sheet.vulnerability) == (E, 2, VEW)
    for _ in range(3):
        assert not sheet.over
        sheet.record_result(c("1C", N), 7)
    assert sheet.over
    assert len(sheet.records) == 7
    assert [r.number for r in sheet.records] == [1, 2, 2, 2, 2, 3, 4]


def test_chicago_game_bonus_300_or_500() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("4S", N), 10)  # deal 1, nobody vulnerable
    sheet.record_result(c("4S", E), 10)  # deal 2, EW vulnerable
    sheet.record_result(c("3NT", E), 9)  # deal 3, NS vulnerable: EW not
    sheet.record_result(c("5D", S), 11)  # deal 4, both
    bonuses = [kinds(sheet, i)[ScoreKind.GAME_BONUS] for i in range(4)]
    assert bonuses == [300, 500, 300, 500]
    assert sheet.totals == {NS: 120 + 300 + 100 + 500, EW: 120 + 500 + 100 + 300}
    assert sheet.games_won == {NS: 2, EW: 2}
    assert not any(i.kind is ScoreKind.RUBBER_BONUS for r in sheet.records for i in r.items)


def test_chicago_partscores_combine_into_a_game() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("2S", N), 8)
    assert kinds(sheet, 0) == {ScoreKind.TRICK_POINTS: 60}
    record = sheet.record_result(c("2H", S), 8)  # deal 2: only EW vulnerable
    assert record.game_completed_by is NS
    assert kinds(sheet, 1) == {ScoreKind.TRICK_POINTS: 60, ScoreKind.GAME_BONUS: 300}
    assert sheet.below_line == {NS: 0, EW: 0}


def test_chicago_partscore_wiped_by_a_game() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("2S", N), 8)
    sheet.record_result(c("3NT", W), 9)
    record = sheet.record_result(c("2H", S), 8)
    assert record.game_completed_by is None
    assert kinds(sheet, 2) == {ScoreKind.TRICK_POINTS: 60}


def test_chicago_last_deal_partscore_bonus() -> None:
    sheet = Scoresheet(CHICAGO)
    for _ in range(3):
        sheet.record_result(c("1NT", N), 6)
    record = sheet.record_result(c("2S", N), 9)
    assert kinds(sheet, 3) == {
        ScoreKind.TRICK_POINTS: 60,
        ScoreKind.OVERTRICKS: 30,
        ScoreKind.LAST_DEAL_PARTSCORE: 100,
    }
    assert record.points(NS) == 190
    assert sheet.over


def test_chicago_no_partscore_bonus_before_the_last_deal_or_when_down() -> None:
    sheet = Scoresheet(CHICAGO)
    for _ in range(3):
        sheet.record_result(c("1H", W), 7)
    sheet.record_result(c("2S", N), 7)
    assert all(ScoreKind.LAST_DEAL_PARTSCORE not in kinds(sheet, i) for i in range(4))


def test_chicago_last_deal_partscore_completing_a_game_gets_the_game_bonus() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("1C", E), 6)
    sheet.record_result(c("1C", E), 6)
    sheet.record_result(c("2S", N), 8)  # NS 60
    sheet.record_result(c("2H", S), 8)  # NS 60 more: game, vulnerable on deal 4
    assert kinds(sheet, 3) == {ScoreKind.TRICK_POINTS: 60, ScoreKind.GAME_BONUS: 500}


def test_chicago_draw() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("2S", N), 8)  # NS 60
    sheet.record_result(c("2S", E), 8)  # EW 60
    sheet.record_result(c("1NT", N), 6)  # NS vulnerable, 1 down: EW 100
    assert not sheet.over
    assert sheet.winner is None
    assert not sheet.is_tie
    sheet.record_result(c("1NT", E), 6)  # both vulnerable, 1 down: NS 100
    assert sheet.totals == {NS: 160, EW: 160}
    assert sheet.over
    assert sheet.is_tie
    assert sheet.winner is None
    assert sheet.to_json()["winner"] == "tie"


def test_chicago_fifth_deal_raises() -> None:
    sheet = Scoresheet(CHICAGO)
    for _ in range(4):
        sheet.record_result(c("3NT", S), 9)
    before = snapshot(sheet)
    with pytest.raises(MatchOver):
        sheet.record_result(c("3NT", S), 9)
    with pytest.raises(MatchOver):
        sheet.record_passed_out()
    assert snapshot(sheet) == before
    assert sheet.winner is NS


def test_chicago_cannot_be_abandoned() -> None:
    sheet = Scoresheet(CHICAGO)
    sheet.record_result(c("2S", N), 8)
    with pytest.raises(IllegalAction, match="only a rubber") as raised:
        sheet.abandon()
    assert not isinstance(raised.value, MatchOver)
    assert not sheet.over
    assert sheet.extra_items == []


# --- JSON -----------------------------------------------------------------------------


def test_to_json() -> None:
    sheet = Scoresheet(RUBBER, first_dealer=E)
    sheet.record_result(c("2H", S), 8)
    sheet.record_result(c("4S", E), 10)
    sheet.record_passed_out()
    sheet.record_result(c("1NT", N), 7)
    data = sheet.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["totals"] == {"NS": 100, "EW": 120}
    assert data["games"] == {"NS": 0, "EW": 1}
    assert data["below_line"] == {"NS": 40, "EW": 0}
    assert data["over"] is False
    assert data["winner"] is None
    assert data["lines"] == [
        {"game": 1, "won_by": "EW", "deals": [0, 1]},
        {"game": 2, "won_by": None, "deals": [2, 3]},
    ]
    assert data["records"][1] == {
        "index": 1,
        "number": 2,
        "dealer": "S",
        "vulnerability": "none",
        "contract": "4S",
        "declarer": "E",
        "tricks": 10,
        "counted": True,
        "game": 1,
        "game_completed_by": "EW",
        "items": [{"kind": "trick_points", "side": "EW", "points": 120, "below_line": True}],
        "points": {"NS": 0, "EW": 120},
    }
    assert data["records"][2]["contract"] is None
    assert data["next"] == {"number": 5, "dealer": "E", "vulnerability": "EW"}
