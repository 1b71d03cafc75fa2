"""The whole site: the web layer's routes in front of the server's API and WebSocket.

>>> from bridgetable.server.settings import Settings
>>> app = create_site(Settings(data_dir=Path("/tmp/bt")))  # doctest: +SKIP
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Route

from bridgetable.server.settings import Settings
from bridgetable.web.assets import PREFIX, StaticAssets
from bridgetable.web.buildinfo import BuildInfo, build_info
from bridgetable.web.i18n import load_catalogs
from bridgetable.web.pages import Pages
from bridgetable.web.rejoin import RejoinPages
from bridgetable.web.renderer import Renderer
from bridgetable.web.review_pages import review_page_routes


def make_renderer(build: BuildInfo | None = None) -> Renderer:
    """Read the catalogs and static files and find the build (once, at start-up)."""
    return Renderer(load_catalogs(), StaticAssets(), build or build_info())


def site_routes(renderer: Renderer, pages: Pages | None = None) -> list[BaseRoute]:
    """The web layer's routes: pages, static files, the client's messages."""
    pages = pages or Pages(renderer)
    return [
        Route("/", pages.home, methods=["GET", "HEAD"], name="home"),
        Route("/create", pages.create, methods=["POST"], name="create"),
        Route("/t/{table_id}", pages.table, methods=["GET", "HEAD"], name="table"),
        Route(
            "/t/{table_id}/rejoin",
            RejoinPages(renderer).rejoin,
            methods=["GET", "HEAD", "POST"],
            name="rejoin",
        ),
        *review_page_routes(pages),
        Route("/rules", pages.rules_index, methods=["GET", "HEAD"]),
        Route("/rules/bridge", pages.rules_bridge, methods=["GET", "HEAD"], name="rules_bridge"),
        Route("/rules/chicago", pages.rules_chicago, methods=["GET", "HEAD"], name="rules_chicago"),
        Route("/rules/draw", pages.rules_draw, methods=["GET", "HEAD"], name="rules_draw"),
        Route("/lang/{lang}", pages.language, methods=["GET"], name="language"),
        Route("/i18n/{lang}.json", pages.messages, methods=["GET"], name="messages"),
        Route(
            PREFIX + "/{path:path}",
            renderer.assets.serve,
            methods=["GET", "HEAD"],
            name="static",
        ),
    ]


def create_site(settings: Settings) -> Starlette:
    """The application `bridgetable serve` runs: the pages plus the server's own routes."""
    from bridgetable.server.app import create_app

    pages = Pages(make_renderer())
    app = create_app(settings, site_routes(pages.renderer, pages))
    app.add_exception_handler(404, pages.not_found_handler)
    return app
