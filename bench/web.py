"""Web page weight and first render: the table page served by the real site.

Starts `create_site` with uvicorn in its own process on a free loopback port, fetches
the table page and every static asset it loads with gzip and sums the compressed bytes
(budget 60 KB), then opens the page in headless Chromium (Debian's, through Playwright) and measures
the time from navigation to the table being drawn (budget 300 ms).

    python bench/web.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
SIZE_BUDGET = 60 * 1024
RENDER_BUDGET_MS = 300.0
_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
_IMPORT = re.compile(r"""from\s*["'](\./[^"']+)["']""")


_SERVER = """
import sys
from pathlib import Path

import uvicorn

from bridgetable.server.settings import Settings
from bridgetable.web.site import create_site

port = int(sys.argv[1])
settings = Settings(host="127.0.0.1", port=port, data_dir=Path(sys.argv[2]))
uvicorn.run(create_site(settings), host="127.0.0.1", port=port, log_level="warning")
"""


@contextmanager
def serve(data_dir: Path, patience: float = 60) -> Iterator[str]:
    """The real site in its own process on a free loopback port while the block runs."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-c", _SERVER, str(port), str(data_dir)])
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + patience
        while True:
            try:
                httpx.get(base + "/", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the site did not start") from None
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def compressed_size(client: httpx.Client, url: str) -> tuple[int, int, bytes]:
    """(bytes on the wire, bytes decoded, decoded body) of one GET with gzip."""
    with client.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as response:
        response.raise_for_status()
        wire = sum(len(chunk) for chunk in response.iter_raw())
    body = client.get(url, headers={"Accept-Encoding": "identity"}).content
    return wire, len(body), body


def page_weight(base: str, table_url: str) -> list[tuple[str, int, int]]:
    """Every file the table page loads: (path, gzip bytes, plain bytes)."""
    rows: list[tuple[str, int, int]] = []
    with httpx.Client(base_url=base) as client:
        wire, plain, body = compressed_size(client, table_url)
        rows.append((table_url, wire, plain))
        queue = _ASSET.findall(body.decode())
        seen: set[str] = set()
        while queue:
            url = queue.pop(0)
            path = url.split("?")[0]
            if path in seen:
                continue
            seen.add(path)
            wire, plain, asset = compressed_size(client, url)
            rows.append((path, wire, plain))
            if path.endswith(".js"):
                folder = path.rsplit("/", 1)[0]
                queue += [f"{folder}/{name[2:]}" for name in _IMPORT.findall(asset.decode())]
    return rows


def first_render(base: str, table_url: str, runs: int) -> list[dict[str, float]]:
    """Timings (ms from navigation start) of `runs` cold loads in fresh browser contexts."""
    results: list[dict[str, float]] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 860})
            page = context.new_page()
            page.goto(base + table_url)
            page.wait_for_selector("body[data-ready]")
            timing: dict[str, Any] = page.evaluate(
                """() => {
                  const nav = performance.getEntriesByType('navigation')[0];
                  const paint = performance.getEntriesByName('first-contentful-paint')[0];
                  const drawn = performance.getEntriesByName('bt-table-drawn')[0];
                  return {dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
                          fcp: paint ? paint.startTime : NaN,
                          drawn: drawn ? drawn.startTime : NaN};
                }"""
            )
            results.append({key: float(value) for key, value in timing.items()})
            context.close()
        browser.close()
    return results


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, serve(Path(data)) as base:
        created = httpx.post(base + "/api/tables", json={"game": "rubber", "seats": 4})
        table_url = created.json()["url"]
        rows = page_weight(base, table_url)
        print("table page weight (gzip / plain bytes):")
        for path, wire, plain in rows:
            print(f"  {path:<32} {wire:>7} {plain:>8}")
        total = sum(wire for _, wire, _ in rows)
        plain_total = sum(plain for _, _, plain in rows)
        verdict = "within" if total <= SIZE_BUDGET else "OVER"
        print(
            f"  {'total':<32} {total:>7} {plain_total:>8}  "
            f"({total / 1024:.1f} KB compressed, {verdict} the 60 KB budget)"
        )
        timings = first_render(base, table_url, args.runs)
    print(f"first render in headless Chromium, {args.runs} cold loads (ms from navigation):")
    for key, label in (
        ("fcp", "first contentful paint"),
        ("dcl", "DOMContentLoaded"),
        ("drawn", "table drawn (state received)"),
    ):
        values = [t[key] for t in timings]
        print(
            f"  {label:<30} median {statistics.median(values):7.1f}  "
            f"min {min(values):7.1f}  max {max(values):7.1f}"
        )
    drawn = statistics.median(t["drawn"] for t in timings)
    verdict = "within" if drawn <= RENDER_BUDGET_MS else "OVER"
    print(f"  table drawn median {drawn:.1f} ms: {verdict} the 300 ms budget")


if __name__ == "__main__":
    main()
