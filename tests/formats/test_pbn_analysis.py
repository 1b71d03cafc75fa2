"""PBN export with the double-dummy table and par of each deal."""

from __future__ import annotations

from bridgetable.bots.analysis import analyse_deal
from bridgetable.bots.review_input import analysis_input
from bridgetable.formats.pbn import write_pbn
from bridgetable.formats.records import records_of
from tests.formats.test_records import finished_game


def test_pbn_carries_the_dd_table_and_par() -> None:
    game = finished_game()
    deal = game.deal
    assert deal is not None
    record = analysis_input(deal)
    assert record is not None
    analysis = analyse_deal(record)
    text = write_pbn(records_of(game), analyses=[analysis])
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    rows = text.split("[OptimumResultTable")[1].splitlines()[1:21]
    assert len(rows) == 20
    for row in rows:
        seat, strain, tricks = row.split()
        assert int(tricks) == analysis["table"][seat][strain]
    score = analysis["par"]["score"]
    side = "NS" if score >= 0 else "EW"
    assert f'[OptimumScore "{side} {abs(score)}"]' in text
    first = analysis["par"]["contracts"][0]
    seats = "".join(first["declarers"])
    assert f'[ParContract "{seats} {first["level"]}{first["strain"]}' in text


def test_pbn_without_analysis_has_no_such_tags() -> None:
    text = write_pbn(records_of(finished_game()), analyses=[None])
    assert "OptimumResultTable" not in text and "ParContract" not in text
