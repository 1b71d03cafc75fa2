"""One deal's score against figures written out independently of the module's tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgetable.engine.calls import Contract, Doubling, parse_contract
from bridgetable.engine.scoring import ScoreItem, ScoreKind, score_deal
from bridgetable.engine.types import Seat, Side, Strain

U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED

# The familiar cumulative penalty tables, 1 to 13 down.
UNDERTRICKS: dict[tuple[Doubling, bool], list[int]] = {
    (U, False): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (U, True): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (X, False): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (X, True): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (XX, False): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (XX, True): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}

# Undoubled trick points for levels 1..7.
TRICK_POINTS: dict[Strain, list[int]] = {
    Strain.C: [20, 40, 60, 80, 100, 120, 140],
    Strain.D: [20, 40, 60, 80, 100, 120, 140],
    Strain.H: [30, 60, 90, 120, 150, 180, 210],
    Strain.S: [30, 60, 90, 120, 150, 180, 210],
    Strain.NT: [40, 70, 100, 130, 160, 190, 220],
}
FACTOR = {U: 1, X: 2, XX: 4}

# Value of one overtrick by (strain, doubling, vulnerable).
OVERTRICK: dict[tuple[Doubling, bool], dict[Strain, int]] = {
    (U, False): {Strain.C: 20, Strain.D: 20, Strain.H: 30, Strain.S: 30, Strain.NT: 30},
    (U, True): {Strain.C: 20, Strain.D: 20, Strain.H: 30, Strain.S: 30, Strain.NT: 30},
    (X, False): dict.fromkeys(Strain, 100),
    (X, True): dict.fromkeys(Strain, 200),
    (XX, False): dict.fromkeys(Strain, 200),
    (XX, True): dict.fromkeys(Strain, 400),
}


def points(items: list[ScoreItem], kind: ScoreKind) -> int:
    return sum(item.points for item in items if item.kind is kind)


@pytest.mark.parametrize(("doubling", "vulnerable"), list(UNDERTRICKS))
@pytest.mark.parametrize("down", range(1, 14))
def test_every_undertrick_row(doubling: Doubling, vulnerable: bool, down: int) -> None:
    contract = Contract(7, Strain.S, doubling, Seat.E)
    items = score_deal(contract, 13 - down, vulnerable)
    expected = UNDERTRICKS[doubling, vulnerable][down - 1]
    assert items == [ScoreItem(ScoreKind.UNDERTRICKS, Side.NS, expected, False)]


@pytest.mark.parametrize(("doubling", "vulnerable"), list(UNDERTRICKS))
def test_undertricks_do_not_depend_on_level_or_strain(doubling: Doubling, vulnerable: bool) -> None:
    for level in range(1, 8):
        for strain in Strain:
            contract = Contract(level, strain, doubling, Seat.N)
            for down in range(1, level + 7):
                items = score_deal(contract, level + 6 - down, vulnerable)
                assert items[0].side is Side.EW
                assert items[0].points == UNDERTRICKS[doubling, vulnerable][down - 1]


@pytest.mark.parametrize("doubling", list(Doubling))
@pytest.mark.parametrize("strain", list(Strain))
@pytest.mark.parametrize("level", range(1, 8))
def test_trick_points_below_the_line(level: int, strain: Strain, doubling: Doubling) -> None:
    for vulnerable in (False, True):
        items = score_deal(Contract(level, strain, doubling, Seat.S), level + 6, vulnerable)
        expected = TRICK_POINTS[strain][level - 1] * FACTOR[doubling]
        assert items[0] == ScoreItem(ScoreKind.TRICK_POINTS, Side.NS, expected, True)
        assert all(not item.below_line for item in items[1:])
        assert points(items, ScoreKind.OVERTRICKS) == 0


@pytest.mark.parametrize(("doubling", "vulnerable"), list(OVERTRICK))
@pytest.mark.parametrize("strain", list(Strain))
def test_overtricks_above_the_line(doubling: Doubling, vulnerable: bool, strain: Strain) -> None:
    for over in range(1, 7):
        items = score_deal(Contract(1, strain, doubling, Seat.W), 7 + over, vulnerable)
        expected = OVERTRICK[doubling, vulnerable][strain] * over
        overtricks = [item for item in items if item.kind is ScoreKind.OVERTRICKS]
        assert overtricks == [ScoreItem(ScoreKind.OVERTRICKS, Side.EW, expected, False)]
        # Overtricks never change the trick points below the line.
        assert points(items, ScoreKind.TRICK_POINTS) == TRICK_POINTS[strain][0] * FACTOR[doubling]


@pytest.mark.parametrize(("doubling", "insult"), [(U, 0), (X, 50), (XX, 100)])
def test_insult(doubling: Doubling, insult: int) -> None:
    for vulnerable in (False, True):
        items = score_deal(Contract(2, Strain.D, doubling, Seat.N), 8, vulnerable)
        insults = [i for i in items if i.kind is ScoreKind.INSULT]
        assert insults == ([ScoreItem(ScoreKind.INSULT, Side.NS, insult, False)] if insult else [])


@pytest.mark.parametrize(
    ("level", "vulnerable", "bonus"),
    [(6, False, 500), (6, True, 750), (7, False, 1000), (7, True, 1500)],
)
def test_slam_bonus(level: int, vulnerable: bool, bonus: int) -> None:
    for strain in Strain:
        items = score_deal(Contract(level, strain, U, Seat.E), 13, vulnerable)
        assert ScoreItem(ScoreKind.SLAM, Side.EW, bonus, False) in items
        down = score_deal(Contract(level, strain, U, Seat.E), level + 5, vulnerable)
        assert points(down, ScoreKind.SLAM) == 0


def test_twelve_tricks_in_a_game_contract_is_no_slam() -> None:
    items = score_deal(parse_contract("4S", Seat.N), 12, vulnerable=True)
    assert [(i.kind, i.points) for i in items] == [
        (ScoreKind.TRICK_POINTS, 120),
        (ScoreKind.OVERTRICKS, 60),
    ]


def test_whole_deals() -> None:
    # 4HX vul made with an overtrick: 240 + 200 + 50.
    items = score_deal(parse_contract("4HX", Seat.S), 11, vulnerable=True)
    assert [(i.kind, i.points, i.below_line) for i in items] == [
        (ScoreKind.TRICK_POINTS, 240, True),
        (ScoreKind.OVERTRICKS, 200, False),
        (ScoreKind.INSULT, 50, False),
    ]
    # 7NTXX non-vul made: 880 + 100 + 1000.
    items = score_deal(parse_contract("7NTXX", Seat.W), 13, vulnerable=False)
    assert [i.points for i in items] == [880, 100, 1000]
    assert {i.side for i in items} == {Side.EW}


@pytest.mark.parametrize("tricks", [-1, 14, 100])
def test_tricks_out_of_range(tricks: int) -> None:
    with pytest.raises(ValueError, match="0-13"):
        score_deal(parse_contract("1C", Seat.N), tricks, vulnerable=False)


@pytest.mark.parametrize("tricks", [True, 9.0, "9", None])
def test_tricks_not_an_integer(tricks: object) -> None:
    with pytest.raises(ValueError, match="0-13"):
        score_deal(parse_contract("1C", Seat.N), tricks, vulnerable=False)  # type: ignore[arg-type]


contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubling=st.sampled_from(Doubling),
    declarer=st.sampled_from(Seat),
)


@given(contracts, st.integers(0, 13), st.booleans())
def test_made_or_down_never_both(contract: Contract, tricks: int, vulnerable: bool) -> None:
    items = score_deal(contract, tricks, vulnerable)
    assert all(item.points > 0 for item in items)
    if tricks >= contract.tricks_needed:
        assert {item.side for item in items} == {contract.side}
        assert [item.below_line for item in items].count(True) == 1
    else:
        assert len(items) == 1
        assert items[0].side is contract.side.other
        assert items[0].kind is ScoreKind.UNDERTRICKS


@given(contracts, st.integers(0, 12), st.booleans())
def test_one_more_trick_never_scores_less(
    contract: Contract, tricks: int, vulnerable: bool
) -> None:
    def net(t: int) -> int:
        return sum(
            item.points if item.side is contract.side else -item.points
            for item in score_deal(contract, t, vulnerable)
        )

    assert net(tricks + 1) > net(tricks)
