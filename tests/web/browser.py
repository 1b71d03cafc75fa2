"""Debian's Chromium driven by Playwright (Playwright's own browser download is not used)."""

from __future__ import annotations

from pathlib import Path

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
