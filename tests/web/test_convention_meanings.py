"""The robots' conventions explained in the auction in the viewer's language, at phone
and laptop size: the 2NT ask over a weak two and its answer, and a splinter."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from bridgetable.engine import Game, GameConfig, MakeCall, parse_call
from bridgetable.formats.actions_json import action_to_json, config_to_json
from bridgetable.store import SqliteEventLog
from bridgetable.web.i18n import load_catalogs
from tests.web.axe import axe_violations
from tests.web.browser import LAPTOP, PHONE
from tests.web.conftest import PageMaker
from tests.web.play import wait_ready
from tests.web.server import running_site

OGUST = "ogust-table"
SPLINTER = "splinter-table"
TABLES = {OGUST: ["2H", "P", "2NT", "P", "3S"], SPLINTER: ["1S", "P", "4D"]}
"""Each table's calls so far, North dealing: a person (East or West) is to call next."""
ASK = "Ogust: asks about the weak two's strength and suit"
ANSWER = "Ogust answer: maximum, two of the top three honours"
SHORTNESS = "splinter: game raise with four-card support and at most one card in this suit"


def _events(calls: list[str]) -> list[dict[str, Any]]:
    """Robots North and South, people East and West, and the deal's calls so far."""
    events: list[dict[str, Any]] = [
        {"t": "robot", "seat": "N", "on": True},
        {"t": "robot", "seat": "S", "on": True},
        {"t": "sit", "seat": "E", "player": "pE", "name": "Eva"},
        {"t": "sit", "seat": "W", "player": "pW", "name": "Wim"},
    ]
    game = Game(GameConfig("rubber", 4))
    dealt = game.deal_cards(random.Random(3))
    actions: list[Any] = [dealt]
    game.apply(dealt)
    for text in calls:
        seat = game.turn
        assert seat is not None
        actions.append(MakeCall(seat, parse_call(text)))
        game.apply(actions[-1])
    return events + [{"t": "action", "action": action_to_json(action)} for action in actions]


async def _write(data_dir: Path) -> None:
    log = SqliteEventLog(data_dir / "bridgetable.sqlite3")
    await log.open()
    try:
        config = config_to_json(GameConfig("rubber", 4))
        for table, calls in TABLES.items():
            await log.create_table(table, {"config": config, "creator": "x"})
            await log.append_many(table, 1, _events(calls))
    finally:
        await log.close()


@pytest.fixture(scope="module")
def conventions_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose log holds the tables above, each in the middle of its auction."""
    data_dir = tmp_path_factory.mktemp("conventions-data")
    # Playwright's sync API runs an event loop in this thread: write from another one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _write(data_dir)).result()
    with running_site(data_dir) as url:
        yield url


def _said(language: str, english: str) -> str:
    return english if language == "en" else load_catalogs()[language].messages[english]


def _open_meaning(page: Page, index: int, viewport: dict[str, int]) -> str:
    """Open the meaning of the call at `index` with its button; its text, once checked
    to lie within the screen's width."""
    cell = page.locator(f'#auction td.has-meaning[data-index="{index}"]')
    cell.wait_for()
    cell.locator("button.call-meaning").click()
    shown = cell.locator(".meaning")
    shown.wait_for(state="visible")
    box = shown.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    return shown.inner_text()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", ["en", "el"])
def test_the_ask_and_its_answer_are_explained(
    new_page: PageMaker, conventions_site: str, language: str, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, bypass_csp=True)  # bypass_csp for axe-core
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": conventions_site}])
    page.goto(f"{conventions_site}/t/{OGUST}")
    wait_ready(page)
    ask = page.locator('#auction td.has-meaning[data-index="2"]')
    ask.wait_for()
    assert ask.locator(".meaning").inner_text().startswith(_said(language, ASK))
    answer = _open_meaning(page, 4, viewport)
    assert answer.startswith(_said(language, ANSWER))
    assert "8-10" in answer
    assert not page.evaluate("[...(window.btMissing || [])]")
    assert not axe_violations(page)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_splinter_is_explained(
    new_page: PageMaker, conventions_site: str, language: str, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, bypass_csp=True)  # bypass_csp for axe-core
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": conventions_site}])
    page.goto(f"{conventions_site}/t/{SPLINTER}")
    wait_ready(page)
    splinter = _open_meaning(page, 2, viewport)
    assert splinter.startswith(_said(language, SHORTNESS))
    assert "12-15" in splinter
    assert not page.evaluate("[...(window.btMissing || [])]")
    assert not axe_violations(page)
