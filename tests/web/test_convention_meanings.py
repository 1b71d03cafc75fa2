"""The robots' conventions explained in the auction in the viewer's language, at phone
and laptop size: the 2NT ask over a weak two and its answer, a splinter, and the
two-suited overcalls (the unusual 2NT, the Michaels cue-bid), the raise of partner's
five of a minor to six, the double of their overcall of our 1NT, and the transfer to 3C
over 1NT."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bridgetable.engine import Game, GameConfig, MakeCall, parse_call
from bridgetable.formats.actions_json import action_to_json
from bridgetable.web.i18n import load_catalogs
from tests.web.axe import axe_violations
from tests.web.browser import LAPTOP, PHONE, save_screenshot
from tests.web.conftest import PageMaker
from tests.web.play import wait_ready
from tests.web.server import site_with_tables

OGUST = "ogust-table"
SPLINTER = "splinter-table"
UNUSUAL = "unusual-table"
MICHAELS = "michaels-table"
MINOR_SLAM = "minor-slam-table"
NT_DOUBLE = "nt-double-table"
MINOR_TRANSFER = "minor-transfer-table"
TABLES = {
    OGUST: ["2H", "P", "2NT", "P", "3S"],
    SPLINTER: ["1S", "P", "4D"],
    UNUSUAL: ["P", "1H", "2NT"],
    MICHAELS: ["P", "1C", "2C"],
    MINOR_SLAM: ["1D", "P", "1H", "P", "1S", "P", "5D", "P", "6D"],
    NT_DOUBLE: ["P", "P", "1NT", "2S", "X"],
    MINOR_TRANSFER: ["1NT", "P", "2S", "P", "3C"],
}
"""Each table's calls so far, North dealing: a person (East or West) is to call next."""
MEANINGS = {
    OGUST: [
        (2, "Ogust: asks about the weak two's strength and suit", ""),
        (4, "Ogust answer: maximum, two of the top three honours", "8-10"),
    ],
    SPLINTER: [
        (
            2,
            "splinter: game raise with four-card support and at most one card in this suit",
            "12-15",
        ),
    ],
    UNUSUAL: [(2, "unusual 2NT: five or more cards in each of the two lowest unbid suits", "6-15")],
    MICHAELS: [(2, "Michaels cue-bid: five or more cards in each major", "6-15")],
    MINOR_SLAM: [(8, "small slam in the agreed fit", "")],
    NT_DOUBLE: [
        (
            4,
            "negative double: values, four cards in an unbid major or no stopper in {their_suit}",
            "8+",
        ),
    ],
    MINOR_TRANSFER: [
        (2, "transfer to clubs: six or more cards in a minor, a weak hand", "0-7"),
        (4, "completes the transfer", ""),
    ],
}
"""Each table's robot calls checked: their index in the auction, the meaning's English
text, and a range the meaning must print."""
FILLS = {NT_DOUBLE: {"their_suit": "♠"}}
"""What a table's meanings fill their placeholders with (their overcall's suit)."""


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


@pytest.fixture(scope="module")
def conventions_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose log holds the tables above, each in the middle of its auction."""
    tables = {table: (GameConfig("rubber", 4), _events(calls)) for table, calls in TABLES.items()}
    with site_with_tables(tmp_path_factory.mktemp("conventions-data"), tables) as url:
        yield url


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize(
    ("table", "language"),
    [
        (OGUST, "en"),
        (OGUST, "el"),
        (SPLINTER, "en"),
        (SPLINTER, "ja"),
        (UNUSUAL, "en"),
        (UNUSUAL, "el"),
        (MICHAELS, "ja"),
        (MINOR_SLAM, "en"),
        (MINOR_SLAM, "el"),
        (NT_DOUBLE, "en"),
        (NT_DOUBLE, "el"),
        (MINOR_TRANSFER, "en"),
        (MINOR_TRANSFER, "el"),
    ],
)
def test_conventions_are_explained(
    new_page: PageMaker, conventions_site: str, table: str, language: str, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, bypass_csp=True)  # bypass_csp for axe-core
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": conventions_site}])
    page.goto(f"{conventions_site}/t/{table}")
    wait_ready(page)
    catalog = load_catalogs()[language]
    for index, english, detail in MEANINGS[table]:
        cell = page.locator(f'#auction td.has-meaning[data-index="{index}"]')
        cell.locator("button.call-meaning").click()
        shown = cell.locator(".meaning")
        shown.wait_for(state="visible")
        text = shown.inner_text()
        expected = english if language == "en" else catalog.messages[english]
        assert text.startswith(expected.format(**FILLS.get(table, {})))
        assert detail in text
        shown.scroll_into_view_if_needed()  # on a phone the auction lies below the fold
        save_screenshot(page, f"meaning-{table}-{index}-{language}-{viewport['width']}")
        box = shown.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        # closed, unfocused and unhovered, so that it covers no other call
        page.keyboard.press("Escape")
        page.wait_for_selector("#auction td.has-meaning.open", state="detached")
        page.evaluate("document.activeElement.blur()")
        page.mouse.move(0, 0)
        shown.wait_for(state="hidden")
    assert not page.evaluate("[...(window.btMissing || [])]")
    assert not axe_violations(page)
