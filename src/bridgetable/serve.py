"""`bridgetable serve`: run the site with uvicorn."""

from __future__ import annotations

import argparse
import gc
import socket
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from bridgetable.server.settings import Settings


def add_serve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the `serve` subcommand."""
    serve = commands.add_parser(
        "serve",
        help="run the site",
        description="Run the site. Options override BRIDGETABLE_* environment variables.",
    )
    serve.add_argument("--host", default=None, help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port to listen on (8000)")
    serve.add_argument("--data-dir", type=Path, default=None, help="folder for the SQLite log")
    serve.add_argument("--database-url", default=None, help="postgresql://… for PostgreSQL")
    serve.add_argument("--redis-url", default=None, help="redis://… for the fan-out")
    serve.add_argument(
        "--api-only", action="store_true", help="serve the API and WebSocket without pages"
    )
    serve.set_defaults(handler=run_serve)


def add_migrate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the `migrate` subcommand."""
    migrate = commands.add_parser(
        "migrate",
        help="create or upgrade the event log's schema",
        description="Create or upgrade the event log's schema, then exit (serve does it too).",
    )
    migrate.add_argument("--data-dir", type=Path, default=None, help="folder for the SQLite log")
    migrate.add_argument("--database-url", default=None, help="postgresql://… for PostgreSQL")
    migrate.set_defaults(handler=run_migrate)


def run_migrate(args: argparse.Namespace) -> int:
    """Open the configured event log (which migrates it) and close it again."""
    import asyncio

    from bridgetable.store import open_event_log

    settings = Settings.from_env(data_dir=args.data_dir, database_url=args.database_url)

    async def migrate() -> None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        event_log = await open_event_log(settings.database_url, settings.data_dir)
        await event_log.close()

    asyncio.run(migrate())
    print("the event log is up to date")
    return 0


def build_site(settings: Settings, *, api_only: bool = False) -> Starlette:
    """The whole site, or with `api_only` the server without its pages."""
    if api_only:
        from bridgetable.server.app import create_app

        return create_app(settings)
    from bridgetable.web.site import create_site

    return create_site(settings)


def tune_garbage_collector() -> None:
    """Collect less often, and never walk the objects loaded at start-up again.

    Every action allocates hundreds of short-lived dicts and lists (the views), so
    with the default thresholds the collector ran every few actions, and its full
    collections walked every object loaded at start-up, robots' rules included.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def run_serve(args: argparse.Namespace) -> int:
    """Start uvicorn on the configured host and port; returns when it stops."""
    settings = Settings.from_env(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        database_url=args.database_url,
        redis_url=args.redis_url,
    )
    site = build_site(settings, api_only=args.api_only)
    tune_garbage_collector()
    config = uvicorn.Config(
        site,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws_max_size=settings.max_message_bytes * 4,
        # views are a few KB; compressing each of them cost more CPU than it saved
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=2,
    )
    AnnouncingServer(config).run()
    return 0


def listening_address(host: str, port: int) -> str:
    """The site's address as a person types it (IPv6 hosts in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


class AnnouncingServer(uvicorn.Server):
    """uvicorn's server that says where it listens once the socket is bound."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Bind and start, then print the address (nothing if the start failed)."""
        await super().startup(sockets)
        if self.started:
            # the port the socket got: `--port 0` asks the system for a free one
            bound = [sock.getsockname()[1] for server in self.servers for sock in server.sockets]
            address = listening_address(self.config.host, bound[0] if bound else self.config.port)
            print(f"Bridgetable is listening on {address} (Ctrl+C stops it)", flush=True)
