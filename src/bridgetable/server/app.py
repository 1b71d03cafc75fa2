"""The ASGI application: JSON API, hand records and the table WebSocket."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from bridgetable.engine import GameConfig
from bridgetable.formats.lin import write_lin_file
from bridgetable.formats.pbn import write_pbn
from bridgetable.formats.records import records_of
from bridgetable.server.hub import Hub
from bridgetable.server.logs import quiet_client_errors
from bridgetable.server.players import PlayerCookieMiddleware, token_id
from bridgetable.server.review import Analyst, Histories
from bridgetable.server.review_api import Reviews, review_routes
from bridgetable.server.robots import Robots
from bridgetable.server.settings import Settings
from bridgetable.server.ws import table_socket
from bridgetable.store import open_event_log, open_fanout

GAMES = ("rubber", "chicago")
SEATS = (4, 2)


def _table_request(body: object) -> tuple[str, int] | str:
    """(game, seats) from a create request, or what is wrong with it.

    Types are checked here, at the edge: JSON's 4.0 and true are not the whole
    number 4, and a table made of them could never be opened.
    """
    if not isinstance(body, dict):
        return "Send a JSON object."
    unknown = sorted(str(key) for key in body if key not in ("game", "seats"))
    if unknown:
        return f"Unknown field {unknown[0][:40]!r}: send only game and seats."
    game, seats = body.get("game", "rubber"), body.get("seats", 4)
    if not isinstance(game, str) or game not in GAMES:
        return "game is rubber or chicago."
    if type(seats) is not int or seats not in SEATS:
        return "seats is the whole number 4 or 2."
    return game, seats


async def create_table(request: Request) -> Response:
    """`POST /api/tables` {"game", "seats"}: create a table, answer its share link."""
    try:
        body = await request.json()
    except ValueError:
        return JSONResponse({"code": "malformed", "message": "Send a JSON object."}, 400)
    checked = _table_request(body)
    if isinstance(checked, str):
        return JSONResponse({"code": "malformed", "message": checked}, 400)
    game, seats = checked
    hub: Hub = request.app.state.hub
    creator = token_id(request.scope["state"]["player"])
    table_id = await hub.create(GameConfig(game, seats), creator)
    return JSONResponse({"id": table_id, "url": f"/t/{table_id}"}, 201)


async def table_info(request: Request) -> Response:
    """`GET /api/tables/{id}`: what the table plays, or 404."""
    hub: Hub = request.app.state.hub
    meta = await hub.log.table_meta(request.path_params["table_id"])
    if meta is None:
        return JSONResponse({"code": "table_not_found", "message": "No such table."}, 404)
    config = meta["config"]
    return JSONResponse(
        {
            "id": request.path_params["table_id"],
            "game": config["variant"],
            "seats": config["players"],
        }
    )


async def stats(request: Request) -> Response:
    """`GET /api/stats`: what this process holds right now, for operators."""
    hub: Hub = request.app.state.hub
    connections = sum(len(table.connections) for table in hub.tables.values())
    return JSONResponse(
        {
            "tables_in_memory": len(hub.tables),
            "tables_loading": hub.loading(),
            "connections": connections,
        }
    )


async def hand_record(request: Request) -> Response:
    """`GET /t/{id}/record.pbn` or `.lin`: the finished deals of the current match."""
    hub: Hub = request.app.state.hub
    table_id = request.path_params["table_id"]
    kind = request.path_params["kind"]
    table = await hub.get(table_id)
    if table is None or kind not in ("pbn", "lin"):
        return JSONResponse({"code": "table_not_found", "message": "No such table."}, 404)
    records = records_of(table.state.game)
    names = {seat: info.name for seat, info in table.state.seats.items() if info and info.name}
    text = write_pbn(records) if kind == "pbn" else write_lin_file(records, names)
    filename = f"bridgetable-{table_id[:8]}-match{table.state.match}.{kind}"
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


def create_app(settings: Settings, routes: Sequence[BaseRoute] = ()) -> Starlette:
    """The server with the given page routes in front of its own."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        quiet_client_errors()
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        event_log = await open_event_log(settings.database_url, settings.data_dir)
        fanout = await open_fanout(settings.redis_url)
        hub = Hub(settings, event_log, fanout)
        app.state.hub = hub
        robots = Robots(hub)
        histories = Histories(event_log)
        analyst = Analyst(event_log, histories)
        hub.on_change(lambda table: analyst.deal_finished(table.id, table.state))
        app.state.reviews = Reviews(event_log, histories, analyst)
        await hub.start()
        try:
            yield
        finally:
            await analyst.stop()
            await robots.stop()
            await hub.stop()
            await fanout.close()
            await event_log.close()

    app = Starlette(
        routes=[
            *routes,
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table_id}", table_info),
            Route("/api/stats", stats),
            Route("/t/{table_id}/record.{kind}", hand_record),
            *review_routes(),
            WebSocketRoute("/ws/{table_id}", table_socket),
        ],
        middleware=[Middleware(PlayerCookieMiddleware, secure=settings.cookie_secure)],
        lifespan=lifespan,
    )
    app.state.settings = settings
    return app
