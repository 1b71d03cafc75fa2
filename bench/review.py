"""Deal review: double-dummy work per deal, and the history page of a long-lived table.

- DD table and par of one deal, on one core (budget: p50 under 150 ms);
- the per-card analysis of a whole deal, up to 52 solves (budget: under 2 s);
- the history page of a table with 200 finished deals, served by the real site in its
  own process (budgets: under 300 ms, under 60 KB compressed).

Deals are played at random (legal cards, mostly passes), which makes harder positions
for the solver than real play does.

    python bench/review.py [--deals N] [--history N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from bridgetable.bots.analysis import dd_and_par, one_solver_thread, play_costs
from bridgetable.bots.review_input import analysis_input
from bridgetable.engine import Card, Game, GameConfig, Seat
from bridgetable.engine.deal import Deal
from bridgetable.engine.randomplay import random_action
from bridgetable.formats.actions_json import action_to_json, config_to_json
from bridgetable.store import SqliteEventLog
from web import serve  # bench/web.py: the real site in its own process

DD_BUDGET_MS = 150.0
PLAY_BUDGET_MS = 2000.0
PAGE_BUDGET_MS = 300.0
SIZE_BUDGET = 60 * 1024


def finished_deal(rng: random.Random, contract: bool = True) -> Deal:
    """A four-hand deal played at random to its end (with a contract if asked)."""
    while True:
        game = Game(GameConfig())
        while game.deal is None or not game.deal.over:
            action = random_action(game, rng, pass_chance=0.5)
            assert action is not None
            game.apply(action)
        deal = game.deal
        if not contract or (deal.result is not None and deal.result.contract is not None):
            return deal


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_solver(count: int) -> None:
    rng = random.Random(2026)
    deals = [finished_deal(rng) for _ in range(count)]
    dd: list[tuple[float, float]] = []
    play_times: list[tuple[float, float]] = []
    for deal in deals:
        record = analysis_input(deal)
        assert record is not None
        hands = {Seat.parse(s): [Card.parse(c) for c in cs] for s, cs in record["hands"].items()}
        contract = deal.result.contract if deal.result else None
        assert contract is not None and deal.play is not None
        play = [pair for trick in deal.play.tricks for pair in trick.cards]
        dd.append(timed(partial(dd_and_par, hands, deal.dealer, deal.vulnerability)))
        trump = contract.strain.suit
        play_times.append(timed(partial(play_costs, hands, contract.declarer, trump, play)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.1f} on {os.cpu_count()} cores: wall times include waiting)")
    report(f"DD table + par, {count} deals, one core, one DDS thread", dd, DD_BUDGET_MS, "p50")
    report(f"Per-card analysis of a whole deal, {count} deals", play_times, PLAY_BUDGET_MS, "max")


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU ms, wall ms) of one call; CPU time is what the work costs on a free core."""
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def report(title: str, samples: list[tuple[float, float]], budget: float, against: str) -> None:
    print(f"{title} (budget: {against} under {budget:.0f} ms):")
    for name, values in (("CPU ", [s[0] for s in samples]), ("wall", [s[1] for s in samples])):
        print(
            f"  {name} p50 {statistics.median(values):7.1f} ms  p90 {percentile(values, 0.9):7.1f}"
            f" ms  max {max(values):7.1f} ms"
        )


async def write_history(data_dir: Path, table: str, deals: int) -> None:
    """A table whose log holds `deals` finished deals over several rubbers, with their
    DD tables and par stored as the analyst stores them."""
    rng = random.Random(7)
    log = SqliteEventLog(data_dir / "bridgetable.sqlite3", synchronous="NORMAL")
    await log.open()
    try:
        await log.create_table(table, {"config": config_to_json(GameConfig()), "creator": "x"})
        events: list[dict[str, Any]] = [
            {"t": "sit", "seat": seat, "player": f"p{seat}", "name": f"Player {seat}"}
            for seat in "NESW"
        ]
        game, match, finished = Game(GameConfig()), 1, 0
        counted: Deal | None = None
        analyses: dict[str, dict[str, Any]] = {}
        sample: dict[str, Any] | None = None
        while finished < deals:
            if game.over:
                events.append({"t": "new_match"})
                game, match = Game(GameConfig()), match + 1
            action = random_action(game, rng, pass_chance=0.5)
            assert action is not None
            game.apply(action)
            events.append({"t": "action", "action": action_to_json(action)})
            deal = game.deal
            if deal is not None and deal.over and deal is not counted:
                counted, finished = deal, finished + 1
                # one real analysis stored for every deal: the page weighs the same
                if sample is None:
                    hands = {seat: list(deal.play_hands[seat]) for seat in Seat}
                    dd, par = dd_and_par(hands, deal.dealer, deal.vulnerability)
                    sample = {"table": dd, "par": par}
                analyses[f"{match}-{len(game.sheet.records)}"] = sample
        await log.append_many(table, 1, events)
        for key, analysis in analyses.items():
            await log.save_analysis(table, key, analysis)
    finally:
        await log.close()


def bench_history(deals: int, runs: int = 20) -> None:
    table = "bench-history-table"
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        asyncio.run(write_history(data_dir, table, deals))
        with serve(data_dir) as base, httpx.Client(headers={"Accept-Encoding": "gzip"}) as client:
            url = f"{base}/t/{table}/history"
            start = time.perf_counter()
            response = client.get(url)
            cold = (time.perf_counter() - start) * 1000
            assert response.status_code == 200
            rows = response.text.count("<tr data-deal")
            size = response.num_bytes_downloaded
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                client.get(url).raise_for_status()
                times.append((time.perf_counter() - start) * 1000)
    print(f"History page, {rows} deals:")
    print(
        f"  first visit (folds the log) {cold:.0f} ms; then p50 {statistics.median(times):.0f} ms"
        f"  max {max(times):.0f} ms  (budget < {PAGE_BUDGET_MS:.0f} ms)"
    )
    print(f"  {size / 1024:.1f} KB compressed (budget < {SIZE_BUDGET / 1024:.0f} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals for the solver figures")
    parser.add_argument("--history", type=int, default=200, help="deals on the history page")
    args = parser.parse_args()
    everywhere = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if everywhere:
        os.sched_setaffinity(0, {min(everywhere)})  # one core
    one_solver_thread()
    bench_solver(args.deals)
    if everywhere:
        os.sched_setaffinity(0, everywhere)
    bench_history(args.history)


if __name__ == "__main__":
    main()
