"""A rejoin link in real browsers: the link asks first, its button moves the seat to
the second browser, and the first sees that it no longer sits there."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from tests.web.axe import axe_violations
from tests.web.browser import PHONE
from tests.web.conftest import PageMaker
from tests.web.play import create_table, sit, wait_ready

SHOTS = Path("/tmp/shots/rejoin")


def player_cookie(context: BrowserContext) -> str | None:
    """The value of this browser's player cookie, if it has one."""
    for entry in context.cookies():
        if entry["name"] == "bt_player":
            return entry["value"]
    return None


def shot(page: Page, name: str) -> None:
    """A screenshot to look at (outside the repository)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_rejoin_link_asks_then_takes_the_seat_back(new_page: PageMaker, site_url: str) -> None:
    laptop = new_page()
    table_url = create_table(laptop, site_url)
    sit(laptop, "S", "Sam")
    laptop.wait_for_selector("#rejoin:not([hidden])")
    link = laptop.input_value("#rejoin-link")
    assert link.startswith(f"{table_url}/rejoin?k=")

    phone = new_page(PHONE, bypass_csp=True)
    phone.goto(site_url + "/")  # this browser has its own player already
    own = player_cookie(phone.context)
    assert own is not None
    phone.goto(link)
    heading = phone.locator("h1")
    assert heading.inner_text() == "Take back seat South at this table?"
    assert "Sam" in phone.inner_text("main")
    assert player_cookie(phone.context) == own  # opening the link changed nothing
    assert laptop.locator(".seat.mine[data-seat=S]").count() == 1
    assert axe_violations(phone) == []
    shot(phone, "confirm-375-en")
    phone.click("button:has-text('Take back the seat')")
    phone.wait_for_url(table_url)
    wait_ready(phone)
    phone.wait_for_selector(".seat.mine[data-seat=S]")
    phone.wait_for_selector("#rejoin:not([hidden])")
    assert phone.input_value("#rejoin-link") != link
    assert player_cookie(phone.context) == own  # the same player, now in the seat

    laptop.wait_for_selector(".seat.mine", state="detached")
    laptop.wait_for_selector("#notice[role=alert]")
    assert laptop.inner_text("#notice") == (
        "Your seat was taken back with its private link in another browser."
    )
    laptop.wait_for_selector("#rejoin", state="hidden")
    # the old link is spent
    laptop.goto(link)
    assert laptop.locator("h1").inner_text() == "This link no longer works"


def test_the_link_pages_speak_the_visitors_language(new_page: PageMaker, site_url: str) -> None:
    host = new_page()
    create_table(host, site_url)
    sit(host, "W", "Wendy")
    host.wait_for_selector("#rejoin:not([hidden])")
    link = host.input_value("#rejoin-link")
    visitor = new_page(locale="da-DK", bypass_csp=True)
    visitor.goto(link)
    assert visitor.locator("h1").inner_text() == "Vil du tage pladsen Vest ved dette bord igen?"
    assert player_cookie(visitor.context) is None  # a GET gives no one a token
    shot(visitor, "confirm-1280-da")
    # switching language keeps the key: the page still offers the seat
    visitor.click("a[hreflang=es]")
    assert visitor.locator("h1").inner_text() == "¿Recuperar el asiento Oeste en esta mesa?"
    visitor.goto(link.split("?k=")[0] + "?k=" + "A" * 43)
    assert visitor.locator("h1").inner_text() == "Este enlace no da ningún asiento"
    assert axe_violations(visitor) == []
    shot(visitor, "unknown-1280-es")
    visitor.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    shot(visitor, "unknown-375-es")
