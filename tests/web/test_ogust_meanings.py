"""The robots' 2NT ask over a weak two and its answer, explained in the auction in the
viewer's language, at phone and laptop size."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgetable.engine import Game, GameConfig, MakeCall, parse_call
from bridgetable.formats.actions_json import action_to_json, config_to_json
from bridgetable.store import SqliteEventLog
from bridgetable.web.i18n import load_catalogs
from tests.web.axe import axe_violations
from tests.web.browser import LAPTOP, PHONE
from tests.web.conftest import PageMaker
from tests.web.play import wait_ready
from tests.web.server import running_site

TABLE = "ogust-table"
ASK = "Ogust: asks about the weak two's strength and suit"
ANSWER = "Ogust answer: maximum, two of the top three honours"


def _events() -> list[dict[str, Any]]:
    """Robots North and South, people East and West: North's weak two, South's 2NT
    ask, North's answer; East, who is not at the table, is to call."""
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
    for text in ["2H", "P", "2NT", "P", "3S"]:
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
        await log.create_table(TABLE, {"config": config, "creator": "x"})
        await log.append_many(TABLE, 1, _events())
    finally:
        await log.close()


@pytest.fixture(scope="module")
def ogust_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose log holds a table in the middle of the auction above."""
    data_dir = tmp_path_factory.mktemp("ogust-data")
    # Playwright's sync API runs an event loop in this thread: write from another one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _write(data_dir)).result()
    with running_site(data_dir) as url:
        yield url


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", ["en", "el"])
def test_the_ask_and_its_answer_are_explained(
    new_page: PageMaker, ogust_site: str, language: str, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, bypass_csp=True)  # bypass_csp for axe-core
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": ogust_site}])
    page.goto(f"{ogust_site}/t/{TABLE}")
    wait_ready(page)

    def said(english: str) -> str:
        return english if language == "en" else load_catalogs()[language].messages[english]

    ask = page.locator('#auction td.has-meaning[data-index="2"]')
    answer = page.locator('#auction td.has-meaning[data-index="4"]')
    ask.wait_for()
    assert ask.locator(".meaning").inner_text().startswith(said(ASK))
    answer.locator("button.call-meaning").click()
    shown = answer.locator(".meaning")
    shown.wait_for(state="visible")
    assert shown.inner_text().startswith(said(ANSWER))
    assert "8-10" in shown.inner_text()
    box = shown.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert not page.evaluate("[...(window.btMissing || [])]")
    assert not axe_violations(page)
