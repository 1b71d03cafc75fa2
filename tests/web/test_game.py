"""Whole deals in real browsers against the real server: four players by mouse on a
desktop and on a phone, Draw Bridge for two, and a deal played with the keyboard alone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.server.driver import bid_then_pass
from tests.web.browser import DESKTOP, PHONE, save_screenshot
from tests.web.conftest import PageMaker
from tests.web.play import PATIENCE_MS, fill_table, page_with, play_deal


def screenshot(page: Page, name: str) -> None:
    """Save the whole page under tests/artifacts/ (from the top, sticky bar in place)."""
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, name, full_page=True)


def score_rows(page: Page) -> int:
    """Scored rows on the scoresheet (entries with points)."""
    count: int = page.evaluate(
        """() => [...document.querySelectorAll('#score tbody tr')]
              .filter(r => !r.classList.contains('empty') && /\\d/.test(r.innerText)).length"""
    )
    return count


@pytest.mark.parametrize(("device", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_four_players_play_a_deal(
    new_page: PageMaker, site_url: str, device: str, viewport: dict[str, int]
) -> None:
    pages = [new_page(viewport) for _ in range(4)]
    link = fill_table(pages, site_url)
    south = pages[0]
    assert south.input_value("#share-link") == link
    assert "/rejoin?k=" in south.input_value("#rejoin-link")
    assert south.locator("#info .deal-number").count() == 1
    assert south.locator("#info .vulnerability").count() == 1
    page_with(pages, "#bidding button[data-call]")
    screenshot(south, f"{device}-auction")

    def snap(move: int) -> None:
        if move == 12:
            page_with(pages, ".cards.rows, .shown-hand")
            screenshot(south, f"{device}-play")

    moves = play_deal(pages, bid_then_pass("1C"), after_move=snap)
    assert moves >= 4 + 52
    for page in pages:
        page.wait_for_selector("#score tbody tr")
        assert score_rows(page) >= 1
        assert page.locator("[data-key=ready]").count() == 1
    assert re.search(r"1♣", south.inner_text("#auction"))
    south.locator("#score-panel").scroll_into_view_if_needed()
    screenshot(south, f"{device}-scoresheet")
    # everyone is ready: the next deal is dealt, with the next dealer
    for page in pages:
        page.click("[data-key=ready]")
    south.wait_for_selector("#info .deal-number:has-text('2')")


def test_draw_bridge_for_two(new_page: PageMaker, site_url: str) -> None:
    pages = [new_page() for _ in range(2)]
    fill_table(pages, site_url)
    north = pages[0]
    assert "Draw Bridge" in north.inner_text("#info")
    north.wait_for_selector("#info .stock")
    assert "26" in north.inner_text("#info .stock")
    drawn_seen: list[str] = []

    def watch(move: int) -> None:
        if move == 2:
            page_with(pages, "#info .drawn")
            for page in pages:
                page.wait_for_selector("#info .drawn")
                drawn_seen.append(page.inner_text("#info .stock"))
        if move == 30:
            screenshot(north, "desktop-draw-bridge")

    play_deal(pages, bid_then_pass("1C"), after_move=watch)
    assert drawn_seen and all("24" in text for text in drawn_seen)
    assert score_rows(north) >= 1
    assert north.locator(".seat .badge.dummy").count() == 0


def keyboard_press_to(page: Page, selector: str) -> None:
    """Reach `selector` with Tab and the arrow keys only, then press Enter."""
    target = page.locator(selector).first
    group = target.evaluate("e => e.closest('[role=group]') ? true : false")
    for _ in range(80):
        inside = page.evaluate(
            "s => { const t = document.querySelector(s); const a = document.activeElement;"
            " return !!(t && a && (a === t || (t.closest('[role=group]') || {}).contains?.(a))) }",
            selector,
        )
        if inside:
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached {selector}")
    if group:
        page.keyboard.press("Home")
        for _ in range(60):
            if page.evaluate("s => document.activeElement === document.querySelector(s)", selector):
                break
            page.keyboard.press("ArrowRight")
        else:
            raise AssertionError(f"the arrows never reached {selector}")
    page.keyboard.press("Enter")


def test_keyboard_only_deal(new_page: PageMaker, site_url: str) -> None:
    pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    play_deal(pages, bid_then_pass("1H"), act=keyboard_press_to)
    assert score_rows(pages[0]) >= 1
    live = pages[0].inner_text("#live") + pages[1].inner_text("#live")
    assert live.strip()  # calls, cards and trick winners were announced


def test_reconnect_resends_what_was_not_acknowledged(new_page: PageMaker, site_url: str) -> None:
    pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    south = pages[0]
    south.evaluate("window.btConnection.socket.close()")
    south.fill("#chat-text", "still here")
    south.press("#chat-text", "Enter")
    south.wait_for_selector("#conn[data-state=online]", timeout=PATIENCE_MS)
    for page in pages:
        page.wait_for_selector("#chat-log li:has-text('still here')")
    assert south.locator("#chat-log li").count() == 1
