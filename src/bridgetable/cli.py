"""The `bridgetable` command: `score` scores a match from JSON, `serve` runs the site.

Each subcommand is a function registered by `_add_score` & co. in `build_parser()`;
it returns the process's exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bridgetable import __version__
from bridgetable.engine.calls import parse_contract
from bridgetable.engine.scoresheet import DealRecord, Scoresheet
from bridgetable.engine.types import Seat, Side
from bridgetable.engine.variants import RULESETS
from bridgetable.serve import add_migrate, add_serve

USAGE_ERROR = 2
"""Exit status for bad input."""

Handler = Callable[[argparse.Namespace], int]

_MATCH_KEYS = {"variant", "first_dealer", "deals", "abandoned"}
_DEAL_KEYS = {"contract", "declarer", "tricks"}
_MISSING: Any = object()


class InputError(Exception):
    """Bad input for a subcommand; its message is one line for stderr."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="bridgetable", description="Contract bridge with friends in the browser."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    _add_score(commands)
    add_serve(commands)
    add_migrate(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return USAGE_ERROR
    return handler(args)


# --- bridgetable score -----------------------------------------------------------


def _add_score(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = commands.add_parser(
        "score",
        help="score a rubber or Chicago match given as JSON",
        description=(
            'Score a match. Input: {"variant": "rubber"|"chicago", "first_dealer": "N", '
            '"deals": [{"contract": "4HX", "declarer": "S", "tricks": 9}, '
            '{"contract": "pass"}], "abandoned": false}. Output: the totals, games, '
            "winner and every deal's entries as one JSON object. Bad input exits 2."
        ),
    )
    score.add_argument(
        "file", nargs="?", default="-", metavar="FILE", help="JSON input (default or -: stdin)"
    )
    score.set_defaults(handler=_run_score)


def _run_score(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
        result = score_match(_parse_json(text))
    except InputError as error:
        print(f"bridgetable score: {error}", file=sys.stderr)
        return USAGE_ERROR
    print(json.dumps(result))
    return 0


def _read(name: str) -> str:
    try:
        if name == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(name, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{'stdin' if name == '-' else name} is not UTF-8 text") from None


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"malformed JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None


def score_match(data: Any) -> dict[str, Any]:
    """Score the match described by parsed JSON input; raises InputError for bad input."""
    if not isinstance(data, dict):
        raise InputError("the input must be a JSON object")
    _no_unknown_keys(data, _MATCH_KEYS, "")
    variant = data.get("variant", _MISSING)
    if not isinstance(variant, str) or variant not in RULESETS:
        raise InputError(f"variant must be one of {', '.join(RULESETS)}, not {_show(variant)}")
    ruleset = RULESETS[variant]
    first_dealer = _seat(data.get("first_dealer", "N"), "first_dealer")
    deals = data.get("deals", _MISSING)
    if not isinstance(deals, list):
        raise InputError(f"deals must be a list, not {_show(deals)}")
    abandoned = data.get("abandoned", False)
    if not isinstance(abandoned, bool):
        raise InputError(f"abandoned must be true or false, not {_show(abandoned)}")
    if abandoned and not ruleset.unfinished_rubber_points:
        raise InputError(f"abandoned applies to a rubber only, not to {variant}")

    sheet = Scoresheet(ruleset, first_dealer)
    for index, deal in enumerate(deals):
        try:
            _record(sheet, deal)
        except (InputError, ValueError) as error:
            raise InputError(f"deal {index}: {error}") from None
    if abandoned and not sheet.over:
        sheet.abandon()
    return _output(sheet)


def _record(sheet: Scoresheet, deal: Any) -> None:
    if not isinstance(deal, dict):
        raise InputError(f"a deal must be a JSON object, not {_show(deal)}")
    _no_unknown_keys(deal, _DEAL_KEYS, "deal ")
    if sheet.over:
        raise InputError("the match is already over")
    text = deal.get("contract", _MISSING)
    if not isinstance(text, str):
        raise InputError(f"contract must be a string, not {_show(text)}")
    if text.strip().lower() == "pass":
        extra = [key for key in ("declarer", "tricks") if deal.get(key) is not None]
        if extra:
            raise InputError(f"a passed-out deal has no {' or '.join(extra)}")
        sheet.record_passed_out()
        return
    declarer = _seat(deal.get("declarer", _MISSING), "declarer")
    contract = parse_contract(text, declarer)
    tricks = deal.get("tricks", _MISSING)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InputError(f"tricks must be an integer 0-13, not {_show(tricks)}")
    sheet.record_result(contract, tricks)


def _seat(value: Any, name: str) -> Seat:
    try:
        return Seat.parse(value)
    except ValueError:
        raise InputError(f"{name} must be one of N, E, S, W, not {_show(value)}") from None


def _no_unknown_keys(data: dict[str, Any], known: set[str], what: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError(f"unknown {what}key {unknown[0]!r}; expected {', '.join(sorted(known))}")


def _show(value: Any) -> str:
    return "missing" if value is _MISSING else json.dumps(value)


def _output(sheet: Scoresheet) -> dict[str, Any]:
    totals, games = sheet.totals, sheet.games_won
    winner = sheet.winner
    unfinished = dict.fromkeys(Side, 0)
    for item in sheet.extra_items:
        unfinished[item.side] += item.points
    return {
        "ns": totals[Side.NS],
        "ew": totals[Side.EW],
        "over": sheet.over,
        "winner": winner.value if winner else ("tie" if sheet.is_tie else None),
        "games": _lower(games),
        "deals": [_deal_output(record) for record in sheet.records],
        "unfinished": _lower(unfinished),
    }


def _deal_output(record: DealRecord) -> dict[str, Any]:
    contract = record.contract
    return {
        "dealer": record.dealer.name,
        "vulnerable": record.vulnerability.value,
        "contract": str(contract) if contract else "pass",
        "declarer": contract.declarer.name if contract else None,
        "tricks": record.tricks,
        "ns": record.points(Side.NS),
        "ew": record.points(Side.EW),
        "entries": [
            {
                "side": item.side.value,
                "kind": item.kind.value,
                "points": item.points,
                "below_line": item.below_line,
            }
            for item in record.items
        ],
    }


def _lower(values: dict[Side, int]) -> dict[str, int]:
    return {side.value.lower(): value for side, value in values.items()}


if __name__ == "__main__":
    sys.exit(main())
