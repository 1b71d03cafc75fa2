"""The rejoin link's pages: "Take back this seat?" on GET, the seat moved on POST.

Opening the link changes nothing and sets no cookie; only the page's own button (a
POST from this site, by its Origin) moves the seat, and it never changes who the
visitor is: a visitor with a token keeps it, one without gets a fresh one.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from bridgetable.engine import Seat
from bridgetable.server.hub import Hub
from bridgetable.server.players import leave_cookie_unset
from bridgetable.server.rejoin import Found, Refusal, find, give_seat_back, origin_allowed
from bridgetable.server.settings import Settings
from bridgetable.web.i18n import N_
from bridgetable.web.pages import TABLE_ID
from bridgetable.web.renderer import Renderer

SEAT_NAMES = {Seat.N: N_("North"), Seat.E: N_("East"), Seat.S: N_("South"), Seat.W: N_("West")}
MAX_FORM = 1024


class RejoinPages:
    """`/t/{id}/rejoin`: the confirmation page and its form's answer."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer

    async def rejoin(self, request: Request) -> Response:
        """GET (and HEAD) shows what the key opens; POST takes the seat."""
        if request.method == "POST":
            return await self.take(request)
        leave_cookie_unset(request.scope)
        table_id = request.path_params["table_id"]
        key = request.query_params.get("k")
        found = await self._find(request, table_id, key)
        if isinstance(found, Refusal):
            return self.refused(request, table_id, found)
        return self.renderer.page(
            request,
            "rejoin.html",
            table_id=table_id,
            key=key,
            seat=SEAT_NAMES[found.seat],
            name=found.name,
            keep_query=True,  # switching language keeps the key in the address
        )

    async def take(self, request: Request) -> Response:
        """The page's button: Origin-checked, then the seat moves to this browser."""
        table_id = request.path_params["table_id"]
        settings: Settings = request.app.state.settings
        if not origin_allowed(
            request.headers.get("origin"), request.headers.get("host", ""), settings.allowed_origins
        ):
            leave_cookie_unset(request.scope)
            return self.renderer.page(request, "rejoin_refused.html", status=403, why="origin")
        body = await request.body()
        form = parse_qs(body[:MAX_FORM].decode("utf-8", "replace"))
        key = form.get("k", [None])[0]
        hub: Hub = request.app.state.hub
        table = await hub.get(table_id) if TABLE_ID.match(table_id) else None
        token = request.scope["state"]["player"]
        outcome = Refusal.UNKNOWN if table is None else await give_seat_back(table, key, token)
        if outcome is None:
            leave_cookie_unset(request.scope)
            return self.renderer.page(request, "rejoin_refused.html", status=503, why="busy")
        if isinstance(outcome, Refusal):
            return self.refused(request, table_id, outcome)
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    async def _find(self, request: Request, table_id: str, key: str | None) -> Found | Refusal:
        if not TABLE_ID.match(table_id):
            return Refusal.UNKNOWN
        hub: Hub = request.app.state.hub
        table = await hub.get(table_id)
        return Refusal.UNKNOWN if table is None else find(table.state, key)

    def refused(self, request: Request, table_id: str, refusal: Refusal) -> Response:
        """Why the key opens no seat, in the visitor's language; nothing is set."""
        leave_cookie_unset(request.scope)
        return self.renderer.page(
            request,
            "rejoin_refused.html",
            status=refusal.status,
            why=refusal.value,
            table_id=table_id if refusal is not Refusal.UNKNOWN else None,
        )
