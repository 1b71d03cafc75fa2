"""Running axe-core (installed with npm into tests/web/node_modules) in a page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("minor", "moderate", "serious", "critical")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every violation axe finds in the page as it is now, whatever its impact."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (make test installs it)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "nodes": [node["target"] for node in violation["nodes"]][:5],
        }
        for violation in result["violations"]
        if violation["impact"] in IMPACTS
    ]
