"""axe-core finds no violation on any page, at any stage of a deal, light or dark."""

from __future__ import annotations

import pytest

from tests.web.axe import axe_violations
from tests.web.browser import PHONE
from tests.web.conftest import PageMaker
from tests.web.play import fill_table, legal_calls, page_with, settle


@pytest.mark.parametrize("language", ["en", "ja", "el"])
@pytest.mark.parametrize(
    "path", ["/", "/rules/bridge", "/rules/chicago", "/rules/draw", "/no/such/page", "/t/nothing"]
)
def test_static_pages(new_page: PageMaker, site_url: str, path: str, language: str) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{site_url}{path}?lang={language}")
    assert axe_violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert axe_violations(page) == [], "dark"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_through_a_deal(new_page: PageMaker, site_url: str, scheme: str) -> None:
    pages = [new_page(bypass_csp=True, color_scheme=scheme) for _ in range(4)]
    link = fill_table(pages, site_url)
    spectator = new_page(viewport=PHONE, bypass_csp=True, color_scheme=scheme)
    spectator.goto(link)
    spectator.wait_for_selector("body[data-ready]")
    caller = page_with(pages, "#bidding button[data-call]")
    assert legal_calls(caller)
    assert axe_violations(caller) == []
    assert axe_violations(spectator) == []
    settle(caller, "#bidding button[data-call='1NT']")
    for _ in range(3):
        settle(page_with(pages, "#bidding button[data-call='P']"), "#bidding button[data-call='P']")
    leader = page_with(pages, "button.card.legal")
    settle(
        leader,
        f"button.card.legal[data-card='{leader.locator('button.card.legal').first.get_attribute('data-card')}']",
    )
    page_with(pages, ".shown-hand, .cards.rows")  # dummy is face up
    page_with([spectator], ".shown-hand")
    for page in (*pages, spectator):
        assert axe_violations(page) == [], page.url
