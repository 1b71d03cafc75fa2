"""The page endpoints: home, table, rules, language switch, and the no-JS create form."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from bridgetable.engine.variants import CHICAGO, DRAW_BRIDGE
from bridgetable.web.internal import call_api
from bridgetable.web.renderer import Renderer
from bridgetable.web.rules import rule_rows

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
GAMES = ("rubber", "chicago")
SEATS = (4, 2)


async def _table_exists(request: Request, table_id: str) -> bool:
    """Whether the event log knows the table (the server's hub holds the log)."""
    hub = getattr(request.app.state, "hub", None)
    if hub is None:  # the pages served without the game server (no table can exist)
        return False
    return await hub.log.table_meta(table_id) is not None


class Pages:
    """The site's HTML endpoints, rendered in the visitor's language."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer

    async def home(self, request: Request) -> Response:
        """The home page: what the site is, and the form that creates a table."""
        return self.renderer.page(request, "home.html")

    async def create(self, request: Request) -> Response:
        """The no-JS form: create the table through the server's API, then go to it."""
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        game = form.get("game", ["rubber"])[0]
        seats_text = form.get("seats", ["4"])[0]
        seats = int(seats_text) if seats_text.isdigit() else 0
        if game not in GAMES or seats not in SEATS:
            return self.renderer.page(request, "home.html", status=400, error=True)
        player = request.scope.get("state", {}).get("player")
        status, answer = await call_api(
            request.scope["app"],
            "POST",
            "/api/tables",
            {"game": game, "seats": seats},
            player if isinstance(player, str) else None,
        )
        url = answer.get("url") if isinstance(answer, dict) else None
        if status != 201 or not isinstance(url, str) or not url.startswith("/"):
            return self.renderer.page(request, "home.html", status=503, error=True)
        return RedirectResponse(url, status_code=303)

    async def table(self, request: Request) -> Response:
        """A table: the page is the same for every id; the client learns the rest."""
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id) or not await _table_exists(request, table_id):
            return self.renderer.page(request, "not_found.html", status=404, table=True)
        return self.renderer.page(
            request,
            "table.html",
            table_id=table_id,
            messages_json=self.renderer.client_messages_json(request),
            meanings_json=self.renderer.meanings_json(),
        )

    async def rules_bridge(self, request: Request) -> Response:
        """Rubber bridge, the standard game."""
        return self.renderer.page(request, "rules_bridge.html")

    async def rules_chicago(self, request: Request) -> Response:
        """Chicago: what changes against the standard game, history, two players."""
        catalog = self.renderer.catalog_for(request)
        rows = rule_rows(CHICAGO, catalog.gettext)
        return self.renderer.page(request, "rules_chicago.html", rows=rows)

    async def rules_draw(self, request: Request) -> Response:
        """Draw Bridge, the two-player game, with its table drawn from `DRAW_BRIDGE`."""
        catalog = self.renderer.catalog_for(request)
        rows = rule_rows(DRAW_BRIDGE, catalog.gettext)
        return self.renderer.page(request, "rules_draw.html", rows=rows)

    async def rules_index(self, request: Request) -> Response:
        """`/rules` leads to the standard game's page."""
        return RedirectResponse("/rules/bridge", status_code=307)

    async def language(self, request: Request) -> Response:
        """Switch language: remember it in the `bt_lang` cookie and go back."""
        code = request.path_params["lang"]
        target = request.query_params.get("next", "/")
        if not target.startswith("/") or target.startswith("//") or "\\" in target:
            target = "/"
        response = RedirectResponse(quote(target, safe="/?&=%:-_.~"), status_code=303)
        if code in self.renderer.languages:
            self.renderer.remember_language(response, code)
        return response

    async def messages(self, request: Request) -> Response:
        """`/i18n/{lang}.json`: the client script's messages in one language."""
        code = request.path_params["lang"]
        if code not in self.renderer.languages:
            return JSONResponse({"error": "unknown language"}, status_code=404)
        body: dict[str, Any] = self.renderer.client_messages(code)
        return Response(
            json.dumps(body, ensure_ascii=False),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=3600"},
        )

    async def not_found_handler(self, request: Request, exc: Exception) -> Response:
        """The site's 404 for unknown addresses (the API keeps its JSON answers)."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"code": "not_found", "message": "Not found."}, status_code=404)
        return self.not_found(request)

    def not_found(self, request: Request) -> Response:
        """The 404 page."""
        return self.renderer.page(request, "not_found.html", status=404)
