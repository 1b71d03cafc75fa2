"""The running score of one rubber or Chicago match.

A `Scoresheet` keeps only what happened (the recorded deals and any Law 80 points);
the dealer, vulnerability, games, points below the line and the end of the match are
read from that record through the match's `Ruleset`, never from the variant's name.

>>> from bridgetable.engine.calls import parse_contract
>>> from bridgetable.engine.variants import CHICAGO
>>> sheet = Scoresheet(CHICAGO)
>>> record = sheet.record_result(parse_contract("4S", Seat.N), 10)
>>> sheet.totals[Side.NS], sheet.dealer, sheet.vulnerability.value
(420, <Seat.E: 1>, 'EW')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from bridgetable.engine.calls import Contract
from bridgetable.engine.errors import IllegalAction, MatchOver
from bridgetable.engine.scoring import ScoreItem, ScoreKind, score_deal
from bridgetable.engine.types import Seat, Side, Vulnerability
from bridgetable.engine.variants import Ruleset

GAME_POINTS = 100
"""Points below the line that win a game."""

GAME_BONUS: dict[bool, int] = {False: 300, True: 500}
"""A game paid when made (Chicago), by whether its side is vulnerable on that deal."""

RUBBER_BONUS: dict[int, int] = {0: 700, 1: 500}
"""The rubber bonus, by the number of games the losing side won."""

UNFINISHED_GAME = 300
"""Law 80: a side with a game won in a rubber stopped early."""

UNFINISHED_PARTSCORE = 100
"""Law 80: a side with a partscore in the unfinished game of a rubber stopped early."""

FOUR_PLAYERS = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One recorded deal and every entry it wrote, bonuses it triggered included."""

    index: int
    """0-based position among all recorded deals, passed-out ones included."""
    number: int
    """The deal's number in the match (a Chicago redeal keeps the number it replaces)."""
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    """None when the deal was passed out."""
    tricks: int | None
    """Tricks won by declarer's side; None when passed out."""
    items: list[ScoreItem]
    counted: bool
    """Whether the deal is one of the match's deals (a Chicago passed-out deal is not)."""
    game: int
    """1-based number of the game (the line) the deal's below-line points belong to."""
    game_completed_by: Side | None

    def points(self, side: Side) -> int:
        """Every point this deal wrote for `side`, above and below the line."""
        return sum(item.points for item in self.items if item.side is side)


class _Tally(NamedTuple):
    games: dict[Side, int]
    below: dict[Side, int]
    totals: dict[Side, int]
    counted: int
    over: bool


class Scoresheet:
    """The score of one match: record deals in order, read the state at any time."""

    def __init__(
        self,
        ruleset: Ruleset,
        first_dealer: Seat = Seat.N,
        players: tuple[Seat, ...] = FOUR_PLAYERS,
    ) -> None:
        """Start a match; `players` are the seats in dealing order.

        A table of two, e.g. (Seat.N, Seat.E), plays the rules `ruleset.for_players(2)`
        gives (a rubber for every variant here); the deal alternates between them.
        """
        self._ruleset = ruleset.for_players(len(players))
        if len(players) == 4 and players != tuple(Seat((players[0] + i) % 4) for i in range(4)):
            raise ValueError(f"four players deal in clockwise order, not {players}")
        if len(players) == 2 and players[0].side is players[1].side:
            raise ValueError(f"two players sit on different sides, not {players}")
        if first_dealer not in players:
            raise ValueError(f"the first dealer {first_dealer} is not one of the players")
        self._players = tuple(players)
        self._first = players.index(first_dealer)
        self._records: list[DealRecord] = []
        self._extra_items: list[ScoreItem] = []
        self._abandoned = False
        self._cached: _Tally | None = None
        self._json: dict[str, Any] | None = None

    @property
    def ruleset(self) -> Ruleset:
        """The rules this match is scored by (a two-player table always plays a rubber)."""
        return self._ruleset

    @property
    def players(self) -> tuple[Seat, ...]:
        """The seats in dealing order."""
        return self._players

    @property
    def dealer(self) -> Seat:
        """Who deals the next deal."""
        return self._players[(self._first + self._tally().counted) % len(self._players)]

    @property
    def deal_number(self) -> int:
        """1-based number of the next deal; a Chicago redeal keeps the same number."""
        return self._tally().counted + 1

    @property
    def game_number(self) -> int:
        """1-based number of the game in progress (the line being written under)."""
        return sum(self.games_won.values()) + 1

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on the next deal."""
        return self._ruleset.vulnerability(self.deal_number, self.dealer, self.games_won)

    @property
    def games_won(self) -> dict[Side, int]:
        """Games each side has won."""
        return dict(self._tally().games)

    @property
    def below_line(self) -> dict[Side, int]:
        """Each side's points below the line in the current, unfinished game."""
        return dict(self._tally().below)

    @property
    def totals(self) -> dict[Side, int]:
        """Each side's points in all: above and below the line, Law 80 points included."""
        return dict(self._tally().totals)

    def _tally(self) -> _Tally:
        """Games, below-line points and totals, worked out once per recorded change.

        The sheet stores only what happened; this cache keeps reading it cheap, since
        the game asks whether the match is over on every action.
        """
        if self._cached is not None:
            return self._cached
        games = dict.fromkeys(Side, 0)
        below = dict.fromkeys(Side, 0)
        for record in self._records:
            if record.game_completed_by is not None:
                games[record.game_completed_by] += 1
                below = dict.fromkeys(Side, 0)
                continue
            for item in record.items:
                if item.below_line:
                    below[item.side] += item.points
        totals = dict.fromkeys(Side, 0)
        for item in self._all_items():
            totals[item.side] += item.points
        counted = sum(record.counted for record in self._records)
        self._cached = _Tally(games, below, totals, counted, self._is_over(games, counted))
        return self._cached

    @property
    def over(self) -> bool:
        """Whether the match has ended (complete, or a rubber stopped early)."""
        cached = self._cached
        return cached.over if cached is not None else self._tally().over

    def _is_over(self, games: dict[Side, int], counted: int) -> bool:
        rules = self._ruleset
        if self._abandoned:
            return True
        if rules.deals_in_match is not None:
            return counted >= rules.deals_in_match
        return max(games.values()) >= rules.games_to_win

    @property
    def winner(self) -> Side | None:
        """The side with more points once the match is over; None before, or on a tie."""
        if not self.over:
            return None
        totals = self.totals
        if totals[Side.NS] == totals[Side.EW]:
            return None
        return max(totals, key=totals.__getitem__)

    @property
    def is_tie(self) -> bool:
        """Whether the match is over with equal totals (a draw)."""
        totals = self.totals
        return self.over and totals[Side.NS] == totals[Side.EW]

    @property
    def records(self) -> list[DealRecord]:
        """The recorded deals in order (a copy)."""
        return list(self._records)

    @property
    def extra_items(self) -> list[ScoreItem]:
        """Law 80 points written when a rubber was stopped early (a copy)."""
        return list(self._extra_items)

    def record_result(self, contract: Contract, tricks: int) -> DealRecord:
        """Score a played deal; `tricks` are those won by declarer's side (0-13).

        Raises MatchOver after the end, ValueError for a bad `tricks` or a declarer who
        is not one of the players; either way nothing changes.
        """
        self._check_open()
        if contract.declarer not in self._players:
            raise ValueError(f"declarer {contract.declarer} is not one of the players")
        side, rules = contract.side, self._ruleset
        vulnerability = self.vulnerability
        vulnerable = vulnerability.is_vulnerable(side)
        items = score_deal(contract, tricks, vulnerable)
        below = sum(item.points for item in items if item.below_line)
        completed = side if below and self.below_line[side] + below >= GAME_POINTS else None
        if completed is not None:
            items.extend(self._game_items(side, vulnerable))
        elif below and rules.last_deal_partscore_bonus and self._on_last_deal():
            bonus = rules.last_deal_partscore_bonus
            items.append(ScoreItem(ScoreKind.LAST_DEAL_PARTSCORE, side, bonus, False))
        return self._write(contract, tricks, items, counted=True, completed=completed)

    def record_passed_out(self) -> DealRecord:
        """Record a deal passed out; raises MatchOver after the end."""
        self._check_open()
        counted = not self._ruleset.passed_out_same_dealer
        return self._write(None, None, [], counted=counted, completed=None)

    def abandon(self) -> list[ScoreItem]:
        """Stop a rubber before it ends and write its Law 80 points; returns them.

        300 to a side with a game won and 100 to a side with a partscore in the
        unfinished game (both sides may score). Raises IllegalAction when the rules
        have no unfinished-rubber scoring (Chicago), MatchOver after the end.
        """
        if not self._ruleset.unfinished_rubber_points:
            raise IllegalAction(
                f"a {self._ruleset.name} match cannot be abandoned; only a rubber can"
            )
        self._check_open()
        games, below = self.games_won, self.below_line
        items = [
            ScoreItem(ScoreKind.UNFINISHED_RUBBER, side, points, False)
            for side in Side
            for points, due in ((UNFINISHED_GAME, games[side]), (UNFINISHED_PARTSCORE, below[side]))
            if due
        ]
        self._extra_items.extend(items)
        self._abandoned = True
        self._cached = None
        self._json = None
        return list(items)

    def to_json(self) -> dict[str, Any]:
        """The whole sheet as JSON-able data (sides as "NS"/"EW", seats as letters).

        The result is kept until the sheet changes and shared between callers, since
        every view of the table carries it: treat it as read-only.
        """
        if self._json is None:
            self._json = self._build_json()
        return self._json

    def _build_json(self) -> dict[str, Any]:
        lines: list[dict[str, Any]] = [{"game": 1, "won_by": None, "deals": []}]
        for record in self._records:
            if len(lines) < record.game:
                lines.append({"game": record.game, "won_by": None, "deals": []})
            lines[-1]["deals"].append(record.index)
            if record.game_completed_by is not None:
                lines[-1]["won_by"] = record.game_completed_by.value
        winner = self.winner
        return {
            "variant": self._ruleset.name,
            "players": [seat.name for seat in self._players],
            "totals": _by_side(self.totals),
            "games": _by_side(self.games_won),
            "below_line": _by_side(self.below_line),
            "records": [_record_json(record) for record in self._records],
            "extra_items": [_item_json(item) for item in self._extra_items],
            "lines": lines,
            "over": self.over,
            "winner": winner.value if winner else ("tie" if self.is_tie else None),
            "next": None
            if self.over
            else {
                "number": self.deal_number,
                "dealer": self.dealer.name,
                "vulnerability": self.vulnerability.value,
            },
        }

    def _check_open(self) -> None:
        if self.over:
            raise MatchOver("the match is over; no more deals can be recorded")

    def _on_last_deal(self) -> bool:
        return self._ruleset.deals_in_match == self.deal_number

    def _game_items(self, side: Side, vulnerable: bool) -> list[ScoreItem]:
        """The bonuses a game won by `side` on the current deal earns."""
        rules, games = self._ruleset, self.games_won
        items = []
        if rules.game_bonus_per_game:
            items.append(ScoreItem(ScoreKind.GAME_BONUS, side, GAME_BONUS[vulnerable], False))
        ends_rubber = rules.deals_in_match is None and games[side] + 1 >= rules.games_to_win
        if ends_rubber and rules.rubber_bonus:
            bonus = RUBBER_BONUS[games[side.other]]
            items.append(ScoreItem(ScoreKind.RUBBER_BONUS, side, bonus, False))
        return items

    def _write(
        self,
        contract: Contract | None,
        tricks: int | None,
        items: list[ScoreItem],
        *,
        counted: bool,
        completed: Side | None,
    ) -> DealRecord:
        record = DealRecord(
            index=len(self._records),
            number=self.deal_number,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            contract=contract,
            tricks=tricks,
            items=items,
            counted=counted,
            game=self.game_number,
            game_completed_by=completed,
        )
        self._records.append(record)
        self._cached = None
        self._json = None
        return record

    def _all_items(self) -> list[ScoreItem]:
        return [item for record in self._records for item in record.items] + self._extra_items


def _by_side(values: dict[Side, int]) -> dict[str, int]:
    return {side.value: value for side, value in values.items()}


def _item_json(item: ScoreItem) -> dict[str, Any]:
    return {
        "kind": item.kind.value,
        "side": item.side.value,
        "points": item.points,
        "below_line": item.below_line,
    }


def _record_json(record: DealRecord) -> dict[str, Any]:
    contract = record.contract
    return {
        "index": record.index,
        "number": record.number,
        "dealer": record.dealer.name,
        "vulnerability": record.vulnerability.value,
        "contract": str(contract) if contract else None,
        "declarer": contract.declarer.name if contract else None,
        "tricks": record.tricks,
        "counted": record.counted,
        "game": record.game,
        "game_completed_by": record.game_completed_by.value if record.game_completed_by else None,
        "items": [_item_json(item) for item in record.items],
        "points": _by_side({side: record.points(side) for side in Side}),
    }
