"""Addresses of finished deals: the review's JSON, its analysis, and the hand records.

Anyone with a table's link may read them, as they may watch the table; a deal in
progress is at none of them (the history holds finished deals only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from bridgetable.formats.lin import write_lin_file
from bridgetable.formats.pbn import write_pbn
from bridgetable.server.review import (
    Analyst,
    Histories,
    PlayedDeal,
    TableHistory,
    parse_key,
    review_data,
)
from bridgetable.store import EventLog

NO_TABLE = {"code": "table_not_found", "message": "No such table."}
NO_DEAL = {"code": "deal_not_found", "message": "No finished deal has that number."}


@dataclass
class Reviews:
    """The finished deals of every table and their analyses (one per process)."""

    log: EventLog
    histories: Histories
    analyst: Analyst

    async def analysis(self, table_id: str, played: PlayedDeal) -> dict[str, Any]:
        """{"status": "ready" | "analysing" | "unavailable", "analysis": ... or None}.

        A missing analysis is requested (after a restart, or for deals finished
        before the analysis existed).
        """
        if not played.four_hands:
            return {"status": "unavailable", "analysis": None}
        stored = (await self.log.analyses(table_id)).get(played.key)
        if stored is None:
            self.analyst.request(table_id)
            return {"status": "analysing", "analysis": None}
        return {"status": "ready", "analysis": stored}

    async def find(self, request: Request) -> tuple[TableHistory | None, PlayedDeal | None]:
        """The table's history and the deal the address names (None where unknown)."""
        history = await self.histories.get(request.path_params["table_id"])
        key = parse_key(request.path_params.get("key", ""))
        if history is None or key is None:
            return history, None
        return history, history.find(key)


def reviews_of(request: Request) -> Reviews:
    """The process's `Reviews`."""
    reviews: Reviews = request.app.state.reviews
    return reviews


async def _deal_answer(request: Request, with_deal: bool) -> Response:
    """The deal the address names (`with_deal`) and its analysis so far, or a 404."""
    reviews = reviews_of(request)
    history, played = await reviews.find(request)
    if history is None:
        return JSONResponse(NO_TABLE, 404)
    if played is None:
        return JSONResponse(NO_DEAL, 404)
    body = review_data(played) if with_deal else {}
    body.update(await reviews.analysis(history.state.id, played))
    return JSONResponse(body)


async def deal_json(request: Request) -> Response:
    """`GET /api/tables/{id}/deals/{key}`: one finished deal and its analysis so far."""
    return await _deal_answer(request, with_deal=True)


async def analysis_json(request: Request) -> Response:
    """`GET /api/tables/{id}/deals/{key}/analysis`: the double-dummy analysis, when ready."""
    return await _deal_answer(request, with_deal=False)


async def _download(request: Request, deals: list[PlayedDeal], name: str) -> Response:
    reviews = reviews_of(request)
    kind = request.path_params["kind"]
    table_id = request.path_params["table_id"]
    records = [played.record() for played in deals]
    if kind == "pbn":
        stored = await reviews.log.analyses(table_id)
        text = write_pbn(records, analyses=[stored.get(played.key) for played in deals])
    else:
        names = deals[-1].names if deals else {}
        text = write_lin_file(records, names)
    filename = f"bridgetable-{table_id[:8]}-{name}.{kind}"
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


async def deal_record(request: Request) -> Response:
    """`GET /t/{id}/deals/{key}.pbn` or `.lin`: one finished deal's hand record."""
    history, played = await reviews_of(request).find(request)
    if history is None or request.path_params["kind"] not in ("pbn", "lin"):
        return JSONResponse(NO_TABLE, 404)
    if played is None:
        return JSONResponse(NO_DEAL, 404)
    return await _download(request, [played], f"deal{played.key}")


async def history_record(request: Request) -> Response:
    """`GET /t/{id}/history.pbn` or `.lin`: every finished deal of the table."""
    history = await reviews_of(request).histories.get(request.path_params["table_id"])
    if history is None or request.path_params["kind"] not in ("pbn", "lin"):
        return JSONResponse(NO_TABLE, 404)
    return await _download(request, history.deals, "history")


def review_routes() -> list[BaseRoute]:
    """The routes of this module."""
    return [
        Route("/api/tables/{table_id}/deals/{key}", deal_json),
        Route("/api/tables/{table_id}/deals/{key}/analysis", analysis_json),
        Route("/t/{table_id}/deals/{key}.{kind}", deal_record),
        Route("/t/{table_id}/history.{kind}", history_record),
    ]
