"""What the table says, in the browser: results, claims and undo, dummy, Draw Bridge,
the Chicago sheet, spectators' chat names, the turn in the title, no sideways scroll."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from bridgetable.web.i18n import LANGUAGES
from tests.server.driver import bid_then_pass
from tests.web.browser import PHONE
from tests.web.conftest import PageMaker
from tests.web.play import (
    create_table,
    fill_table,
    page_with,
    play_deal,
    settle,
    sit,
    wait_ready,
)

ANSWER = ".request button.{}"


def text_of(page: Page, selector: str) -> str:
    """The visible text of `selector` ('' when absent)."""
    return page.inner_text(selector) if page.locator(selector).count() else ""


def wait_text(page: Page, selector: str, text: str, timeout: float = 10.0) -> str:
    """Wait until `selector` shows `text`; returns what it shows."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = text_of(page, selector)
        if text in shown:
            return shown
        time.sleep(0.05)
    raise AssertionError(f"{selector} never showed {text!r}: {text_of(page, selector)!r}")


def test_no_null_under_the_seats_when_no_deal_is_on(new_page: PageMaker, site_url: str) -> None:
    for seats in (4, 2):
        page = new_page()
        create_table(page, site_url, "rubber", seats)
        page.wait_for_selector(".seat")
        assert "null" not in page.inner_text("#felt")
        assert "null" not in page.inner_text("main")


def test_undo_and_claim_say_who_agreed_and_who_refused(new_page: PageMaker, site_url: str) -> None:
    south, west, north, east = pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    page_with(pages, "#bidding button[data-call='1S']")
    # nothing to take back yet: nobody is offered Undo
    assert all(page.locator("[data-key=undo]").count() == 0 for page in pages)
    settle(north, "#bidding button[data-call='1S']")  # North deals the first deal
    north.wait_for_selector("[data-key=undo]")
    assert all(page.locator("[data-key=undo]").count() == 0 for page in (east, south, west))
    north.click("[data-key=undo]")
    east.wait_for_selector(ANSWER.format("accept"))
    east.click(ANSWER.format("accept"))
    wait_text(south, "#requests", "East agrees.")
    assert "Waiting for West to answer." in south.inner_text("#requests")
    west.click(ANSWER.format("reject"))
    for page in pages:
        wait_text(
            page,
            "#requests",
            "West rejected the request of North to take back the last call or card.",
        )
    for page in (east, south, west):
        settle(
            page_with([page], "#bidding button[data-call='P']"), "#bidding button[data-call='P']"
        )
    east.wait_for_selector("button.card.legal")
    east.locator("button.card.legal").first.click()
    # dummy's own screen: declarer plays from dummy, dummy does not act
    wait_text(south, ".seat[data-seat=S] .badge.turn", "Declarer plays from dummy")
    north.wait_for_selector("[data-key=claim]")
    north.click("[data-key=claim]")
    north.select_option("#claim-tricks", "13")
    north.click("#claim-form button[type=submit]")
    for opponent in (east, west):
        opponent.wait_for_selector(ANSWER.format("accept"))
        # the claimer's remaining cards are face up for the opponents while they decide
        hand = opponent.locator(".seat[data-seat=N] .shown-hand, .seat[data-seat=N] .cards")
        assert hand.count() == 1
        assert "face up" in opponent.inner_text("#requests")
    west.click(ANSWER.format("reject"))
    for page in pages:
        wait_text(page, "#requests", "West rejected the claim of North.")
    assert east.locator(".seat[data-seat=N] .shown-hand, .seat[data-seat=N] .cards").count() == 0
    north.wait_for_selector("[data-key=claim]")
    north.click("[data-key=claim]")
    north.select_option("#claim-tricks", "13")
    north.click("#claim-form button[type=submit]")
    east.wait_for_selector(ANSWER.format("accept"))
    east.click(ANSWER.format("accept"))
    wait_text(north, "#requests", "East agrees.")
    west.wait_for_selector(ANSWER.format("accept"))
    west.click(ANSWER.format("accept"))
    expected = "1♠ by North, made with 6 overtricks: North–South +210"
    for page in pages:
        wait_text(page, "#center", expected)
        # the deal information counts the claimed tricks, not the ones played
        assert "North–South 13 · East–West 0" in page.inner_text("#info")
        assert page.locator("[data-key=undo]").count() == 0
    # scoresheet lines name the deal, not a count of overtricks
    sheet = south.inner_text("#score")
    assert "Deal 1: Overtricks" in sheet and "Deal 1: 1♠" in sheet
    assert "Overtricks · 1" not in sheet
    # screen readers hear the result in words
    live = wait_text(south, "#live", "1 spade by North, made with 6 overtricks: North–South +210")
    assert "The deal is over." not in live


# Headless Chromium has no speakers: count the tones the page starts instead.
COUNT_TONES = """
window.tones = 0;
window.AudioContext = class {
    constructor() { this.currentTime = 0; this.destination = {}; }
    createOscillator() {
        return { frequency: {}, connect: (next) => next,
                 start: () => { window.tones += 1; }, stop: () => {} };
    }
    createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
                 connect: (next) => next };
    }
    close() {}
};
Object.defineProperty(document, 'hidden', { get: () => true });
"""


def test_the_turn_sound_plays_only_when_chosen(new_page: PageMaker, site_url: str) -> None:
    north, east = pages = [new_page(), new_page()]
    for page in pages:
        page.add_init_script(COUNT_TONES)  # both tabs are in the background
    link = create_table(north, site_url, "rubber", 2)
    north.click("#settings-open")
    north.check("#turn-sound")
    north.click("#settings-dialog button[value]")
    north.reload()  # the choice is remembered
    wait_ready(north)
    assert north.is_checked("#turn-sound")
    sit(north, "N", "Ann")
    east.goto(link)
    wait_ready(east)
    sit(east, "E", "Bo")
    turns = {north: 0, east: 0}
    for _ in range(8):
        page = page_with(pages, "button.card.legal")
        turns[page] += 1
        key = page.locator("button.card.legal").first.get_attribute("data-card")
        settle(page, f"button.card.legal[data-card='{key}']")
    assert turns[north] and turns[east]
    assert north.evaluate("window.tones") >= 1
    assert east.evaluate("window.tones") == 0  # sound is off unless chosen


def test_draw_bridge_explains_the_draw_and_marks_drawn_cards(
    new_page: PageMaker, site_url: str
) -> None:
    north, east = pages = [new_page(), new_page()]
    # North's tab is in the background: its title says when it is North's turn
    north.add_init_script("Object.defineProperty(document, 'hidden', { get: () => true })")
    fill_table(pages, site_url)
    assert north.is_checked("#turn-sound") is False  # sound is off by default
    headings = [north.inner_text(f"#score thead th:nth-of-type({n})") for n in (1, 2)]
    assert headings == ["Ann (North)", "Bo (East)"]
    assert "We" not in north.inner_text("#score thead")
    north.wait_for_selector("#center .draw-note")
    assert "do not count" in north.inner_text("#center .draw-note")
    assert "Stock: 26 cards" in north.inner_text("#info")
    leader = page_with(pages, "button.card.legal")
    # a playable card stays lifted under a pointer resting on its bottom edge
    card = leader.locator("button.card.legal").first
    box = card.bounding_box()
    assert box is not None
    leader.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
    hovered = leader.evaluate(
        """async (key) => {
            const seen = [];
            for (let i = 0; i < 12; i++) {
                await new Promise((r) => requestAnimationFrame(r));
                seen.push(document.querySelector(`#hand [data-card="${key}"]`).matches(':hover'));
            }
            return seen;
        }""",
        card.get_attribute("data-card"),
    )
    assert all(hovered), hovered
    bar = north.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
    for move in range(26):
        page = page_with(pages, "button.card.legal")
        # only the background tab's title speaks of the turn
        assert north.title().startswith("Your turn · ") is (page is north)
        assert not east.title().startswith("Your turn")
        key = page.locator("button.card.legal").first.get_attribute("data-card")
        settle(page, f"button.card.legal[data-card='{key}']")
        if move == 1:
            for each in pages:
                each.wait_for_selector("#info .drawn")
                each.wait_for_selector("#hand .card.fresh")
            now = north.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
            assert now <= bar + 0.5, (bar, now)
            assert "Stock: 24 cards" in north.inner_text("#info")
    # after the 13th draw trick the last card drawn stays in view through the auction
    page_with(pages, "#bidding button[data-call]")
    for page in pages:
        wait_text(page, "#info .drawn", "Your last card drawn")
    assert north.locator("#center .draw-note").count() == 0
    # the end of the play: the last card, then the result in words, not the cards again
    play_deal(pages, bid_then_pass("1C"))
    for page in pages:
        live = wait_text(page, "#live", "1 club by ")
        assert "The deal is over." not in live
        assert live.count(" plays ") <= 2, live


def test_chicago_sheet_fits_and_counts_the_deals(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    create_table(page, site_url, "chicago", 4)
    for seat in ("S", "W", "N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    wait_text(page, "#info .deal-number", "Deal 1 of 4")
    page.wait_for_selector("#score table.chicago tbody tr th", timeout=180000)
    wait_text(page, "#info .deal-number", "of 4", timeout=60)
    for language in ("en", "el", "cs", "ja"):
        for viewport in ({"width": 1280, "height": 800}, PHONE):
            viewer = new_page(viewport)
            viewer.goto(f"{page.url}?lang={language}")
            wait_ready(viewer)
            viewer.wait_for_selector("#score table.chicago tbody tr th")
            sizes = viewer.evaluate(
                """() => { const box = document.getElementById('score');
                    const sheet = box.querySelector('table');
                    const columns = sheet.querySelectorAll('thead th').length;
                    return [sheet.scrollWidth, box.clientWidth, columns]; }"""
            )
            assert sizes[0] <= sizes[1], (language, viewport, sizes)
            assert sizes[2] == 6
            if language == "ja":  # headings stay whole words, not a letter per line
                lines = viewer.evaluate(
                    """() => [...document.querySelectorAll('#score thead th')].map((th) => {
                        const range = document.createRange();
                        range.selectNodeContents(th);
                        const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
                        return new Set(tops).size;
                    })"""
                )
                assert max(lines) == 1, lines
            # the robots play on: a page left open redraws every card on a busy machine
            viewer.context.close()


def test_spectators_name_themselves_before_chatting(new_page: PageMaker, site_url: str) -> None:
    player = new_page()
    link = create_table(player, site_url, "rubber", 4)
    sit(player, "S", "Ann")
    spectator = new_page()
    spectator.goto(link)
    wait_ready(spectator)
    spectator.fill("#chat-text", "hello all")
    spectator.press("#chat-text", "Enter")
    spectator.wait_for_selector("#name-dialog[open]")
    spectator.fill("#chat-name", "Eve")
    spectator.click("#name-form button[type=submit]")
    for page in (player, spectator):
        page.wait_for_selector("#chat-log li:has-text('Eve: hello all')")


PAGES = ["/", "/rules/bridge", "/rules/chicago", "/rules/draw", "/no/such/page", "/t/nothing"]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_page_scrolls_sideways_on_a_phone(
    new_page: PageMaker, site_url: str, language: str
) -> None:
    page = new_page(PHONE)
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": site_url}])
    link = create_table(page, site_url, "chicago", 4)
    # a deal on, so that the deal information line is full: one player and three robots
    sit(page, "S", "Ann")
    for seat in ("W", "N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    page.wait_for_selector("#info .vulnerability")
    for path in [link.removeprefix(site_url), *PAGES]:
        page.goto(f"{site_url}{path}?lang={language}")
        if path.startswith("/t/") and path != "/t/nothing":
            wait_ready(page)
            page.wait_for_selector("#info .vulnerability")
        sizes = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert sizes[0] <= sizes[1], (language, path, sizes)
        # nor does a table inside its own scrolling box
        boxes = page.evaluate(
            "[...document.querySelectorAll('.table-scroll')]"
            ".map(b => [b.scrollWidth, b.clientWidth])"
        )
        assert all(inner <= outer for inner, outer in boxes), (language, path, boxes)
