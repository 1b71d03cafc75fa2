"""Robots' call meanings: every message id translated, and shown in the auction."""

from __future__ import annotations

import pytest

from bridgetable.bots.bidding.messages import DETAILS as BOT_DETAILS
from bridgetable.bots.bidding.messages import MESSAGES
from bridgetable.web.i18n import LANGUAGES, load_catalogs
from bridgetable.web.meanings import DETAILS, MEANINGS, message_ids
from bridgetable.web.renderer import client_message_ids
from tests.web.axe import axe_violations
from tests.web.conftest import PageMaker
from tests.web.play import create_table, sit

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def test_web_meanings_are_the_bots_messages() -> None:
    assert MEANINGS == MESSAGES
    assert DETAILS == BOT_DETAILS


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_bot_message_is_translated(language: str) -> None:
    catalog = load_catalogs()[language]
    for message_id, english in [*MESSAGES.items(), *BOT_DETAILS.items()]:
        assert catalog.messages.get(english, "").strip(), f"{language} lacks {message_id!r}"


def test_client_gets_the_meanings() -> None:
    assert message_ids() <= set(MESSAGES.values()) | set(BOT_DETAILS.values())
    assert len(message_ids() | client_message_ids()) > len(client_message_ids())


def test_auction_explains_robot_calls(new_page: PageMaker, site_url: str) -> None:
    page = new_page(bypass_csp=True)  # for axe-core
    page.context.add_cookies([{"name": "bt_lang", "value": "es", "url": site_url}])
    create_table(page, site_url, "rubber", 4)
    sit(page, "S", "Ana")
    for seat in ("W", "N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    # North deals the first deal: the robots call until South's turn, with meanings
    page.wait_for_selector("#bidding button[data-call]", timeout=30000)
    button = page.locator("#auction td.has-meaning button.call-meaning").first
    described = button.get_attribute("aria-describedby")
    assert described
    tooltip = page.locator(f"#{described}")
    assert tooltip.get_attribute("role") == "tooltip"
    assert not tooltip.is_visible()
    button.focus()
    tooltip.wait_for(state="visible")
    text = tooltip.inner_text().strip()
    assert text
    spanish = set(load_catalogs()["es"].messages.values())
    assert text.split("; ")[0] in spanish
    page.evaluate("document.activeElement.blur()")
    page.mouse.move(0, 0)
    button.click()
    page.wait_for_selector("#auction td.has-meaning.open .meaning", state="visible")
    assert page.get_attribute("#auction td.has-meaning.open button", "aria-expanded") == "true"
    page.keyboard.press("Escape")
    page.wait_for_selector("#auction td.has-meaning.open", state="detached")
    assert not page.evaluate("[...(window.btMissing || [])]")
    assert not axe_violations(page)
