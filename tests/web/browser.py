"""Debian's Chromium driven by Playwright (Playwright's own browser download is not used)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
TABLET = {"width": 768, "height": 1024}
LAPTOP = {"width": 1280, "height": 800}


def save_screenshot(page: Page, name: str, full_page: bool = False) -> None:
    """Save what the page shows (or, with `full_page`, all of it) as
    tests/artifacts/`name`.png, to look at after the run."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)
