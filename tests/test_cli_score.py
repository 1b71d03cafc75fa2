"""`bridgetable score` run as a real process: full matches and every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BRIDGETABLE = str(Path(sys.executable).parent / "bridgetable")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BRIDGETABLE, *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def score(data: Any) -> dict[str, Any]:
    result = run("score", "-", stdin=json.dumps(data))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    output: dict[str, Any] = json.loads(result.stdout)
    return output


def entry(side: str, kind: str, points: int, below: bool = False) -> dict[str, Any]:
    return {"side": side, "kind": kind, "points": points, "below_line": below}


RUBBER_INPUT = {
    "variant": "rubber",
    "deals": [
        {"contract": "2H", "declarer": "S", "tricks": 9},
        {"contract": "pass"},
        {"contract": "3NTX", "declarer": "W", "tricks": 7},
        {"contract": "2S", "declarer": "N", "tricks": 8},
        {"contract": "4SX", "declarer": "E", "tricks": 10},
        {"contract": "6DXX", "declarer": "N", "tricks": 13},
    ],
}

RUBBER_OUTPUT = {
    "ns": 90 + 300 + 60 + 2230,
    "ew": 290,
    "over": True,
    "winner": "NS",
    "games": {"ns": 2, "ew": 1},
    "unfinished": {"ns": 0, "ew": 0},
    "deals": [
        {
            "dealer": "N",
            "vulnerable": "none",
            "contract": "2H",
            "declarer": "S",
            "tricks": 9,
            "ns": 90,
            "ew": 0,
            "entries": [entry("NS", "trick_points", 60, True), entry("NS", "overtricks", 30)],
        },
        {
            "dealer": "E",
            "vulnerable": "none",
            "contract": "pass",
            "declarer": None,
            "tricks": None,
            "ns": 0,
            "ew": 0,
            "entries": [],
        },
        {
            "dealer": "S",
            "vulnerable": "none",
            "contract": "3NTX",
            "declarer": "W",
            "tricks": 7,
            "ns": 300,
            "ew": 0,
            "entries": [entry("NS", "undertricks", 300)],
        },
        {
            # 60 + the 60 of the first deal: NS game.
            "dealer": "W",
            "vulnerable": "none",
            "contract": "2S",
            "declarer": "N",
            "tricks": 8,
            "ns": 60,
            "ew": 0,
            "entries": [entry("NS", "trick_points", 60, True)],
        },
        {
            "dealer": "N",
            "vulnerable": "NS",
            "contract": "4SX",
            "declarer": "E",
            "tricks": 10,
            "ns": 0,
            "ew": 290,
            "entries": [entry("EW", "trick_points", 240, True), entry("EW", "insult", 50)],
        },
        {
            # 6 x 20 x 4 = 480, one redoubled vulnerable overtrick 400, insult 100,
            # small slam vulnerable 750, rubber 2-1: 500.
            "dealer": "E",
            "vulnerable": "both",
            "contract": "6DXX",
            "declarer": "N",
            "tricks": 13,
            "ns": 2230,
            "ew": 0,
            "entries": [
                entry("NS", "trick_points", 480, True),
                entry("NS", "overtricks", 400),
                entry("NS", "insult", 100),
                entry("NS", "slam", 750),
                entry("NS", "rubber_bonus", 500),
            ],
        },
    ],
}


def test_full_rubber_from_stdin() -> None:
    assert score(RUBBER_INPUT) == RUBBER_OUTPUT


def test_full_rubber_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "rubber.json"
    path.write_text(json.dumps(RUBBER_INPUT), encoding="utf-8")
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == RUBBER_OUTPUT


def test_stdin_when_no_file_is_given() -> None:
    result = run("score", stdin=json.dumps(RUBBER_INPUT))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == RUBBER_OUTPUT


CHICAGO_INPUT = {
    "variant": "chicago",
    "first_dealer": "W",
    "deals": [
        {"contract": "1NT", "declarer": "W", "tricks": 8},
        {"contract": "PASS"},
        {"contract": "2nt", "declarer": "e", "tricks": 8},
        {"contract": "3CX", "declarer": "N", "tricks": 8},
        {"contract": "3H", "declarer": "S", "tricks": 10},
    ],
}


def test_full_chicago() -> None:
    output = score(CHICAGO_INPUT)
    deals = output.pop("deals")
    assert output == {
        "ns": 220,
        "ew": 70 + 370 + 100,
        "over": True,
        "winner": "EW",
        "games": {"ns": 0, "ew": 1},
        "unfinished": {"ns": 0, "ew": 0},
    }
    summary = [
        (d["dealer"], d["vulnerable"], d["contract"], d["declarer"], d["tricks"], d["ns"], d["ew"])
        for d in deals
    ]
    assert summary == [
        ("W", "none", "1NT", "W", 8, 0, 70),
        ("N", "NS", "pass", None, None, 0, 0),  # redealt by the same dealer, not counted
        ("N", "NS", "2NT", "E", 8, 0, 370),  # 70 + 40 carried: game, EW not vulnerable
        ("E", "EW", "3CX", "N", 8, 0, 100),
        ("S", "both", "3H", "S", 10, 220, 0),  # 90 + 30 + last-deal partscore 100
    ]
    assert deals[2]["entries"] == [
        entry("EW", "trick_points", 70, True),
        entry("EW", "game_bonus", 300),
    ]
    assert deals[4]["entries"] == [
        entry("NS", "trick_points", 90, True),
        entry("NS", "overtricks", 30),
        entry("NS", "last_deal_partscore", 100),
    ]


def test_unfinished_matches() -> None:
    rubber = score(
        {"variant": "rubber", "deals": [{"contract": "3NT", "declarer": "N", "tricks": 8}]}
    )
    assert (rubber["over"], rubber["winner"], rubber["ew"]) == (False, None, 50)
    chicago = score({"variant": "chicago", "deals": [{"contract": "pass"}]})
    assert (chicago["over"], chicago["winner"], chicago["ns"], chicago["ew"]) == (False, None, 0, 0)
    assert chicago["deals"] == [
        {
            "dealer": "N",
            "vulnerable": "none",
            "contract": "pass",
            "declarer": None,
            "tricks": None,
            "ns": 0,
            "ew": 0,
            "entries": [],
        }
    ]


def test_abandoned_rubber() -> None:
    output = score(
        {
            "variant": "rubber",
            "abandoned": True,
            "deals": [
                {"contract": "4S", "declarer": "N", "tricks": 10},
                {"contract": "2H", "declarer": "E", "tricks": 8},
            ],
        }
    )
    assert output["unfinished"] == {"ns": 300, "ew": 100}
    assert (output["ns"], output["ew"]) == (420, 160)
    assert (output["over"], output["winner"]) == (True, "NS")
    assert [(d["ns"], d["ew"]) for d in output["deals"]] == [(120, 0), (0, 60)]


def test_chicago_draw_and_rubber_won_on_points() -> None:
    draw = score(
        {
            "variant": "chicago",
            "deals": [
                {"contract": "2S", "declarer": "N", "tricks": 8},
                {"contract": "2S", "declarer": "E", "tricks": 8},
                {"contract": "1NT", "declarer": "N", "tricks": 6},
                {"contract": "1NT", "declarer": "E", "tricks": 6},
            ],
        }
    )
    assert (draw["ns"], draw["ew"], draw["over"], draw["winner"]) == (160, 160, True, "tie")
    rubber = score(
        {
            "variant": "rubber",
            "deals": [
                {"contract": "7NTX", "declarer": "N", "tricks": 0},
                {"contract": "3NT", "declarer": "S", "tricks": 9},
                {"contract": "3NT", "declarer": "N", "tricks": 9},
            ],
        }
    )
    assert (rubber["ns"], rubber["ew"], rubber["winner"]) == (900, 3500, "EW")
    assert rubber["games"] == {"ns": 2, "ew": 0}


def test_help() -> None:
    for args in (["--help"], ["score", "--help"]):
        result = run(*args)
        assert result.returncode == 0
        assert "score" in result.stdout


def deals(*items: Any, variant: str = "rubber") -> str:
    return json.dumps({"variant": variant, "deals": list(items)})


OK = {"contract": "4S", "declarer": "N", "tricks": 10}
GAME_EW = {"contract": "3NT", "declarer": "E", "tricks": 9}

BAD_DEALS: list[tuple[str, int]] = [
    (deals({"contract": "8H", "declarer": "S", "tricks": 9}), 0),
    (deals(OK, {"contract": "4Z", "declarer": "S", "tricks": 9}), 1),
    (deals(OK, {"contract": "4HXXX", "declarer": "S", "tricks": 9}), 1),
    (deals({"contract": 4, "declarer": "S", "tricks": 9}), 0),
    (deals({"declarer": "S", "tricks": 9}), 0),
    (deals({"contract": "4H", "tricks": 9}), 0),
    (deals({"contract": "4H", "declarer": "X", "tricks": 9}), 0),
    (deals({"contract": "4H", "declarer": 2, "tricks": 9}), 0),
    (deals({"contract": "4H", "declarer": None, "tricks": 9}), 0),
    (deals(OK, GAME_EW, {"contract": "4H", "declarer": "S"}), 2),
    (deals(OK, {"contract": "4H", "declarer": "S", "tricks": 14}), 1),
    (deals({"contract": "4H", "declarer": "S", "tricks": -1}), 0),
    (deals({"contract": "4H", "declarer": "S", "tricks": True}), 0),
    (deals({"contract": "4H", "declarer": "S", "tricks": 9.0}), 0),
    (deals({"contract": "4H", "declarer": "S", "tricks": "9"}), 0),
    (deals({"contract": "pass", "tricks": 0}), 0),
    (deals({"contract": "4H", "declarer": "S", "tricks": 9, "board": 1}), 0),
    (deals(OK, "4H"), 1),
    (deals(OK, OK, OK), 2),  # the rubber is over after two NS games
    (deals(OK, OK, {"contract": "pass"}), 2),
    (deals(OK, OK, OK, {"contract": "pass"}, OK, OK, variant="chicago"), 5),
]


@pytest.mark.parametrize(("text", "index"), BAD_DEALS)
def test_bad_deal_names_its_index(text: str, index: int) -> None:
    result = run("score", "-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert f"deal {index}: " in lines[0]


def test_bad_tricks_message() -> None:
    result = run("score", stdin=deals(OK, {"contract": "1C", "declarer": "W", "tricks": 14}))
    assert result.stderr == "bridgetable score: deal 1: tricks must be an integer 0-13, not 14\n"


BAD_MATCHES: list[tuple[str, str]] = [
    ("{", "malformed JSON"),
    ("", "malformed JSON"),
    ("[]", "JSON object"),
    (json.dumps({"variant": "duplicate", "deals": []}), "variant"),
    (json.dumps({"deals": []}), "variant"),
    (json.dumps({"variant": "rubber", "first_dealer": "Q", "deals": []}), "first_dealer"),
    (json.dumps({"variant": "rubber", "first_dealer": 0, "deals": []}), "first_dealer"),
    (json.dumps({"variant": "rubber", "deals": {}}), "deals"),
    (json.dumps({"variant": "rubber", "deals": "4H"}), "deals"),
    (json.dumps({"variant": "rubber"}), "deals"),
    (json.dumps({"variant": "chicago", "deals": [], "abandoned": True}), "abandoned"),
    (json.dumps({"variant": "rubber", "deals": [], "abandoned": "yes"}), "abandoned"),
    (json.dumps({"variant": "rubber", "deals": [], "abandon": True}), "abandon"),
]


@pytest.mark.parametrize(("text", "word"), BAD_MATCHES)
def test_bad_match_input(text: str, word: str) -> None:
    result = run("score", "-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert word in lines[0]
    assert "deal " not in lines[0].replace("deals", "")


def test_missing_file(tmp_path: Path) -> None:
    result = run("score", str(tmp_path / "absent.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1


def test_no_command_prints_usage() -> None:
    result = run()
    assert result.returncode == 2
    assert result.stdout == ""
    assert "score" in result.stderr
