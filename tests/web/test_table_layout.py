"""The table on a phone, a tablet and a desktop: what is on screen together, where focus
goes, what is announced, the trick in front of the seats, Settings and the dark theme."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.axe import axe_violations
from tests.web.browser import LAPTOP, PHONE, TABLET
from tests.web.conftest import PageMaker
from tests.web.play import create_table, fill_table, page_with, sit

VIEWPORTS = [("phone", PHONE), ("tablet", TABLET), ("laptop", LAPTOP)]

ON_SCREEN = """sel => {
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const els = [...document.querySelectorAll(sel)];
  if (!els.length) return 'missing';
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.height === 0) return 'hidden';
    const inside = r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1
      && r.left >= 0 && r.right <= innerWidth + 1;
    if (!inside) return `off screen: ${Math.round(r.top)}..${Math.round(r.bottom)}`;
  }
  return 'ok';
}"""


def on_screen(page: Page, selector: str) -> str:
    """'ok' when every element matching `selector` is within the viewport, below the top bar."""
    result: str = page.evaluate(ON_SCREEN, selector)
    return result


def focused(page: Page, selector: str) -> bool:
    """True when the focused element matches `selector`."""
    result: bool = page.evaluate(
        "s => !!document.activeElement && document.activeElement.matches(s)", selector
    )
    return result


def press_enter_on(page: Page, selector: str) -> None:
    """Press Enter on the focused element, which must match `selector`; wait until the
    server's answer has removed it."""
    page.wait_for_function(
        "s => document.activeElement && document.activeElement.matches(s)", arg=selector
    )
    key = page.evaluate("document.activeElement.dataset.key")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-key='{key}']", state="detached")


def to_opening_lead(pages: list[Page]) -> None:
    """North (the first dealer) opens 1♣, the others pass by keyboard: focus is already on
    Pass in each bidding box, which shows on screen together with the auction."""
    south, west, north, east = pages
    north.wait_for_selector("#bidding button[data-call='1C']")
    assert focused(north, "#bidding button.call")
    assert on_screen(north, "#auction") == "ok"
    assert on_screen(north, "#bidding") == "ok"
    north.click("#bidding button[data-call='1C']")
    north.wait_for_selector("#bidding", state="hidden")
    # focus does not fall to the page after a call: it stays in the game
    north.wait_for_function("() => document.activeElement.matches('#hand button.card')")
    for page in (east, south, west):
        page.wait_for_selector("#bidding button[data-call='P']")
        assert on_screen(page, "#auction") == "ok", page
        assert on_screen(page, "#bidding") == "ok", page
        press_enter_on(page, "#bidding button.call-P")


@pytest.mark.parametrize(("device", "viewport"), VIEWPORTS)
def test_dummy_trick_and_hand_on_one_screen(
    new_page: PageMaker, site_url: str, device: str, viewport: dict[str, int]
) -> None:
    pages = [new_page(viewport) for _ in range(4)]
    fill_table(pages, site_url)
    _south, west, north, east = pages
    to_opening_lead(pages)
    # East leads: focus is on a playable card of East's hand without a single Tab
    east.wait_for_selector("#hand button.card.legal")
    east.wait_for_function("() => document.activeElement.matches('#hand button.card.legal')")
    press_enter_on(east, "#hand button.card.legal")
    # North, declarer, plays from dummy (South): focus is on dummy's playable card
    north.wait_for_selector(".seat[data-seat=S] button.card.legal")
    north.wait_for_function(
        "() => document.activeElement.matches('.seat[data-seat=S] button.card.legal')"
    )
    for page in (north, east, west):
        page.wait_for_selector("#center .trick-card[data-seat=E]")
        dummy = page.locator(".seat[data-seat=S] :is(.cards.rows, .shown-hand)")
        dummy.wait_for()
        assert on_screen(page, ".seat[data-seat=S] :is(.cards.rows, .shown-hand)") == "ok"
        assert on_screen(page, "#center .trick") == "ok"
        assert on_screen(page, "#hand .cards") == "ok"
        if device == "phone":
            assert page.locator(".topbar").bounding_box()["height"] <= 80  # type: ignore[index]
    press_enter_on(north, ".seat[data-seat=S] button.card.legal")
    # the rest of the trick, then the winning card is marked, each card before its seat
    page_with([west], "#hand button.card.legal").locator("#hand button.card.legal").first.click()
    north.wait_for_function("() => document.activeElement.matches('#hand button.card.legal')")
    assert on_screen(north, "#hand .cards") == "ok"
    press_enter_on(north, "#hand button.card.legal")
    north.wait_for_selector("#center .trick.last .trick-card.won")
    assert north.locator("#center .trick-card.won").count() == 1
    winner = north.get_attribute("#center .trick-card.won", "data-seat")
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    assert names[str(winner)] in north.inner_text("#center .trick-caption")
    box = {
        seat: north.locator(f"#center .trick-card[data-seat={seat}]").bounding_box()
        for seat in "NESW"
    }
    assert all(box.values())
    middle = {s: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for s, b in box.items() if b}
    assert middle["S"][1] < middle["E"][1] < middle["N"][1]  # partner across, North at the bottom
    assert middle["E"][0] < middle["S"][0] < middle["W"][0]  # East on the left, West on the right


def test_a_claim_is_announced_and_focuses_accept(new_page: PageMaker, site_url: str) -> None:
    pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    south, west, north, east = pages
    to_opening_lead(pages)
    east.wait_for_function("() => document.activeElement.matches('#hand button.card.legal')")
    press_enter_on(east, "#hand button.card.legal")
    # West types in the chat: the claim must not take the focus away from the field
    west.fill("#chat-text", "one moment")
    west.focus("#chat-text")
    north.click("[data-key=claim]")
    north.select_option("#claim-tricks", "13")
    north.click("#claim-form button[type=submit]")
    east.wait_for_selector(".request button.accept")
    east.wait_for_function("() => document.activeElement.matches('.request button.accept')")
    for page in (east, west):
        page.wait_for_function("() => document.getElementById('alert').textContent.includes('13')")
        assert page.get_attribute("#alert", "aria-live") == "assertive"
    assert focused(west, "#chat-text")
    assert west.input_value("#chat-text") == "one moment"
    assert south.inner_text("#alert") == ""  # the claimer's side is not asked
    assert "13" in south.inner_text("#live")
    east.keyboard.press("Enter")
    west.click(".request button.accept")
    # the deal is over: Ready is the next action
    east.wait_for_selector("[data-key=ready]")
    east.wait_for_function("() => document.activeElement.matches('[data-key=ready]')")


def test_a_tapped_meaning_closes_on_the_next_tap(new_page: PageMaker, site_url: str) -> None:
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    create_table(page, site_url, "rubber", 4)
    sit(page, "S", "Ann")
    for seat in ("W", "N", "E"):
        page.tap(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    page.wait_for_selector("#bidding button[data-call]", timeout=30000)
    button = page.locator("#auction td.has-meaning button.call-meaning").first
    tooltip = page.locator(f"#{button.get_attribute('aria-describedby')}")
    button.tap()
    tooltip.wait_for(state="visible")
    # a tap on the meaning itself (it covers the call below) closes it
    covered = tooltip.bounding_box()
    assert covered
    page.touchscreen.tap(covered["x"] + covered["width"] / 2, covered["y"] + covered["height"] / 2)
    tooltip.wait_for(state="hidden")
    # and so does a tap anywhere else
    button.tap()
    tooltip.wait_for(state="visible")
    page.tap("#auction-title")
    tooltip.wait_for(state="hidden")
    # Safari sends no click for a tap on plain text: touching the screen is enough
    button.tap()
    tooltip.wait_for(state="visible")
    page.dispatch_event("#felt", "pointerdown", {"pointerType": "touch"})
    tooltip.wait_for(state="hidden")


@pytest.mark.parametrize("language", ["en", "da", "cs", "el", "ja", "es"])
def test_menu_items_stay_on_one_line_on_a_tablet(
    new_page: PageMaker, site_url: str, language: str
) -> None:
    page = new_page(TABLET)
    page.goto(f"{site_url}/?lang={language}")
    lines = page.eval_on_selector_all(
        ".site-nav a", "els => els.map(e => [e.textContent, e.getClientRects().length])"
    )
    assert lines and all(count == 1 for _text, count in lines), lines


def test_settings_from_the_first_screen_with_dark_mode(new_page: PageMaker, site_url: str) -> None:
    page = new_page(PHONE, bypass_csp=True)
    page.emulate_media(color_scheme="dark")
    create_table(page, site_url)
    page.evaluate("window.scrollTo(0, 0)")
    background = "getComputedStyle(document.documentElement).backgroundColor"
    dark = page.evaluate(background)
    assert dark == "rgb(21, 24, 27)"  # the device is dark: so is the page
    box = page.locator("#settings-open").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    page.click("#settings-open")
    page.wait_for_selector("#settings-dialog[open]")
    assert page.is_checked("input[name=theme][value=auto]")
    assert axe_violations(page) == []
    page.check("#four-colour")
    assert page.evaluate("document.body.classList.contains('four-colour')")
    page.check("input[name=theme][value=light]")
    assert page.evaluate(background) == "rgb(244, 245, 242)"  # light although the device is dark
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="hidden")
    assert focused(page, "#settings-open")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("html", "data-theme") == "light"
    assert page.evaluate("document.body.classList.contains('four-colour')")
    page.goto(f"{site_url}/rules/bridge")
    assert page.evaluate(background) == "rgb(244, 245, 242)"  # every page keeps the choice
    page.go_back()
    page.wait_for_selector("body[data-ready]")
    page.click("#settings-open")
    page.check("input[name=theme][value=auto]")
    assert page.get_attribute("html", "data-theme") is None
    assert page.evaluate(background) == dark
    page.check("input[name=theme][value=dark]")
    page.emulate_media(color_scheme="light")
    assert page.evaluate(background) == dark  # dark although the device is light
    page.click("#settings-form button[type=submit]")
    assert axe_violations(page) == []


def test_chat_log_and_seat_badges_read_cleanly(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    create_table(page, site_url)
    sit(page, "S", "Ann")
    assert page.get_attribute("#chat-log", "role") is None
    assert page.locator("[role=log]").locator("#chat-log").count() == 1
    snapshot = page.locator(".seat.mine").aria_snapshot()
    assert "online" in snapshot
    assert "●" not in snapshot
