"""Finished deals of a table, for its history and the review of each deal.

A table's history is the fold of its event log, like the table itself, but keeping
every deal that ended, of every match. Only deals that are over are kept: nothing
of a deal in progress can reach a history or review address.

Each finished four-hand deal is analysed double dummy once, off the event loop, in a
worker process; the result goes to the store keyed by table and deal, where a claim
makes sure that no other process (and no restart) solves it again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bridgetable.bots.bidding import ScoreState
from bridgetable.bots.bidding.score import score_state_of
from bridgetable.bots.review_input import analysis_input
from bridgetable.engine import Seat, Side
from bridgetable.engine.deal import Deal
from bridgetable.engine.scoresheet import DealRecord as SheetRecord
from bridgetable.formats.records import DealRecord, record_of
from bridgetable.server.explanations import call_meaning
from bridgetable.server.table import Event, TableState
from bridgetable.server.workers import worker_pool
from bridgetable.store import EventLog

log = logging.getLogger(__name__)

DEAL_KEY = re.compile(r"([1-9][0-9]{0,5})-([1-9][0-9]{0,5})")
"""A deal's key in addresses and the store: match number, dash, deal of the match."""
HISTORIES_KEPT = 128
CLAIM_STALE_SECONDS = 120.0
"""A claim on an analysis older than this, still without a result, is taken over."""


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One finished deal of a table, as it stood when it ended."""

    match: int
    number: int
    """1-based position among the match's finished deals (passed-out ones included)."""
    variant: str
    deal: Deal
    sheet: SheetRecord
    robots: frozenset[Seat]
    names: dict[Seat, str]
    score: ScoreState
    """The match score the deal was bid at (its robots' calls are explained with it)."""

    @property
    def key(self) -> str:
        """The deal's key: "match-number"."""
        return f"{self.match}-{self.number}"

    @property
    def four_hands(self) -> bool:
        """Whether four hands were played (double dummy needs them)."""
        return len(self.deal.players) == 4

    def record(self) -> DealRecord:
        """The hand record of the deal (for PBN and LIN), numbered as on the scoresheet."""
        record = record_of(self.deal, self.sheet.number)
        assert record is not None  # only finished deals are kept
        return record


class TableHistory:
    """The fold of a table's events that keeps every finished deal."""

    def __init__(self, table_id: str, meta: dict[str, Any]) -> None:
        self.state = TableState(table_id, meta)
        self.deals: list[PlayedDeal] = []
        self._by_key: dict[str, PlayedDeal] = {}
        self._deal: Deal | None = None
        self._bid_at = ScoreState()
        """The match score when the deal under way began (the sheet changes only
        between deals): its robots' calls are explained with it."""

    @property
    def seq(self) -> int:
        """The number of the last event folded in."""
        return self.state.seq

    def apply(self, event: Event) -> None:
        """Fold one event in, keeping the deal it finished, if any."""
        state = self.state
        state.apply(event)
        deal = state.game.deal
        if deal is not self._deal:  # a deal began: read the score once, not every event
            self._deal = deal
            self._bid_at = score_state_of(state.game.sheet.to_json())
        if deal is None or not deal.over:
            return
        if self.deals and self.deals[-1].deal is deal:
            return
        records = state.game.sheet.records
        names = {
            seat: info.name
            for seat, info in state.seats.items()
            if info is not None and not info.robot and info.name
        }
        played = PlayedDeal(
            match=state.match,
            number=len(records),
            variant=state.config.ruleset.name,
            deal=deal,
            sheet=records[-1],
            robots=frozenset(state.robots()),
            names=names,
            score=self._bid_at,
        )
        self.deals.append(played)
        self._by_key[played.key] = played

    def find(self, key: str) -> PlayedDeal | None:
        """The finished deal with this key, or None."""
        return self._by_key.get(key)


class Histories:
    """The histories of tables, folded from the log and kept up to date incrementally."""

    def __init__(self, event_log: EventLog, kept: int = HISTORIES_KEPT) -> None:
        self.log = event_log
        self.kept = kept
        self._cache: OrderedDict[str, TableHistory] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    async def get(self, table_id: str) -> TableHistory | None:
        """The table's history as its log stands now; None for an unknown table."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            history = self._cache.get(table_id)
            if history is None:
                meta = await self.log.table_meta(table_id)
                if meta is None:
                    self._locks.pop(table_id, None)
                    return None
                history = TableHistory(table_id, meta)
            for stored in await self.log.read(table_id, history.seq):
                history.apply(stored.data)
            self._cache[table_id] = history
            self._cache.move_to_end(table_id)
            while len(self._cache) > self.kept:
                old, _ = self._cache.popitem(last=False)
                self._locks.pop(old, None)
            return history


def worker_start() -> None:
    """Run once in each worker process: DDS solves on one thread there."""
    from bridgetable.bots.analysis import one_solver_thread  # the solver loads slowly

    one_solver_thread()


def worker_analysis(record: dict[str, Any]) -> dict[str, Any]:
    """Run in a worker process: the double-dummy analysis of one deal."""
    from bridgetable.bots.analysis import analyse_deal

    return analyse_deal(record)


class Analyst:
    """Analyses finished deals in a worker process and stores the results."""

    def __init__(self, event_log: EventLog, histories: Histories, workers: int = 1) -> None:
        self.log = event_log
        self.histories = histories
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._done: set[tuple[str, str]] = set()

    def deal_finished(self, table_id: str, state: TableState) -> None:
        """Called on every change of a live table: analyse a deal that just ended."""
        game = state.game
        deal = game.deal
        if deal is None or not deal.over or len(deal.players) != 4:
            return
        key = f"{state.match}-{len(game.sheet.records)}"
        if (table_id, key) not in self._done:
            self.request(table_id)

    def request(self, table_id: str) -> None:
        """Analyse every finished deal of the table that has no stored analysis yet."""
        if table_id in self._tasks:
            self._again.add(table_id)  # a deal may have ended since that run began
            return
        task = asyncio.get_running_loop().create_task(self._run(table_id))
        self._tasks[table_id] = task

    async def wait(self, table_id: str) -> None:
        """Wait until the table's analysis runs are over (for tests and benchmarks)."""
        while (task := self._tasks.get(table_id)) is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(task)

    async def _run(self, table_id: str) -> None:
        try:
            while True:
                self._again.discard(table_id)
                await self._analyse_table(table_id)
                if table_id not in self._again:
                    break
        except Exception:
            log.exception("analysing the deals of table %s failed", table_id)
        finally:
            self._tasks.pop(table_id, None)

    async def _analyse_table(self, table_id: str) -> None:
        history = await self.histories.get(table_id)
        if history is None:
            return
        stored = await self.log.analyses(table_id)
        for played in history.deals:
            if played.key in stored or not played.four_hands:
                self._done.add((table_id, played.key))
                continue
            if not await self.log.claim_analysis(table_id, played.key, CLAIM_STALE_SECONDS):
                continue  # another process is on it, or has just stored it
            record = analysis_input(played.deal)
            assert record is not None
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(self._executor(), worker_analysis, record)
            await self.log.save_analysis(table_id, played.key, result)
            self._done.add((table_id, played.key))

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, initializer=worker_start)
        return self._pool

    async def stop(self) -> None:
        """Stop the runs in progress and shut the worker process down."""
        for task in list(self._tasks.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


# -- what the review shows ------------------------------------------------------------


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def call_meanings(played: PlayedDeal) -> dict[str, Any]:
    """{call index: {"message", "params"}} for the robots' calls, as at the table."""
    deal = played.deal
    auction = deal.auction
    meanings: dict[str, Any] = {}
    for index in range(len(auction.calls)):
        if auction.seat_of(index) not in played.robots:
            continue
        meaning = call_meaning(deal, index, played.score)
        if meaning is not None:
            meanings[str(index)] = meaning
    return meanings


def score_entry(sheet: SheetRecord) -> dict[str, Any]:
    """What the deal wrote on the scoresheet: each side's points and the items."""
    return {
        "points": {side.value: sheet.points(side) for side in Side},
        "items": [
            {
                "kind": item.kind.value,
                "side": item.side.value,
                "points": item.points,
                "below_line": item.below_line,
            }
            for item in sheet.items
        ],
    }


def review_data(played: PlayedDeal) -> dict[str, Any]:
    """Everything the review of a finished deal shows, except the analysis."""
    deal = played.deal
    result = deal.result
    assert result is not None
    contract = result.contract
    tricks: list[dict[str, Any]] = []
    if deal.play is not None:
        for trick in deal.play.tricks:
            cards = [[seat.name, str(card)] for seat, card in trick.cards]
            winner = trick.winner.name
            tricks.append({"leader": trick.leader.name, "cards": cards, "winner": winner})
        if deal.play.current:
            cards = [[seat.name, str(card)] for seat, card in deal.play.current]
            tricks.append({"leader": deal.play.current[0][0].name, "cards": cards, "winner": None})
    return {
        "key": played.key,
        "match": played.match,
        "number": played.sheet.number,
        "variant": played.variant,
        "players": [seat.name for seat in deal.players],
        "names": {seat.name: name for seat, name in played.names.items()},
        "robots": sorted(seat.name for seat in played.robots),
        "dealer": deal.dealer.name,
        "vulnerability": deal.vulnerability.value,
        "hands": {seat.name: _cards(sorted(deal.play_hands[seat])) for seat in deal.players},
        "drawn": {seat.name: _cards(cards) for seat, cards in deal.drawn.items()}
        if deal.start.stock
        else None,
        "auction": [str(call) for call in deal.auction.calls],
        "meanings": call_meanings(played),
        "contract": str(contract) if contract is not None else None,
        "declarer": contract.declarer.name if contract is not None else None,
        "dummy": deal.dummy.name if deal.dummy is not None else None,
        "tricks": tricks,
        "result": {
            "tricks": result.tricks if contract is not None else None,
            "claimed": result.claimed,
            "needed": contract.level + 6 if contract is not None else None,
        },
        "score": score_entry(played.sheet),
        "analysable": played.four_hands,
    }


def parse_key(key: str) -> str | None:
    """The deal key if well formed (e.g. "1-3"), else None."""
    return key if DEAL_KEY.fullmatch(key) else None
