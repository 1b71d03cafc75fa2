"""Undo and claim by agreement, robots in empty seats, and a new rubber."""

from __future__ import annotations

from tests.web.conftest import PageMaker
from tests.web.play import (
    answered,
    bid_then_pass,
    create_table,
    fill_table,
    page_with,
    play_deal,
    sit,
)


def test_undo_then_claim_by_agreement(new_page: PageMaker, site_url: str) -> None:
    south, west, north, east = pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    dealer = page_with(pages, "#bidding button[data-call='1C']")
    assert dealer is north  # North deals the first deal
    north.click("#bidding button[data-call='1C']")
    north.wait_for_selector("[data-key=undo]")
    north.click("[data-key=undo]")
    for opponent in (east, west):
        opponent.click(".request button.accept")
    north.wait_for_selector("#bidding button[data-call='1C']")
    assert "1♣" not in north.inner_text("#auction")
    north.click("#bidding button[data-call='1S']")
    for page in (east, south, west):
        page.wait_for_selector("#bidding button[data-call='P']")
        page.click("#bidding button[data-call='P']")
    east.wait_for_selector("button.card.legal")
    east.locator("button.card.legal").first.click()
    answered(east)  # the lead is in before North claims the rest
    north.wait_for_selector("[data-key=claim]")
    north.click("[data-key=claim]")
    north.select_option("#claim-tricks", "13")
    north.click("#claim-form button[type=submit]")
    for opponent in (east, west):
        opponent.wait_for_selector(".request button.accept")
    south.wait_for_selector("#requests .request")
    assert "13" in south.inner_text("#requests")
    for opponent in (east, west):
        opponent.click(".request button.accept")
    south.wait_for_selector("#center .result")
    assert "13" in south.inner_text("#center")
    south.wait_for_selector("#score tbody tr")


def test_robots_fill_empty_seats(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    create_table(page, site_url, "chicago", 4)
    sit(page, "S", "Ann")
    for seat in ("W", "N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    page.click(".seat[data-seat=E] button.robot-off")
    page.wait_for_selector(
        ".seat[data-seat=E] button.sit:not([hidden]), .seat[data-seat=E] button.robot-on"
    )
    page.click(".seat[data-seat=E] button.robot-on")
    play_deal([page], bid_then_pass("1NT"))
    assert "Chicago" in page.inner_text("#info")
    page.wait_for_selector("#score table.chicago tbody tr th")
