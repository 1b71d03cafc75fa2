"""Undo and claim by agreement, robots in empty seats, and a new rubber."""

from __future__ import annotations

from tests.server.driver import bid_then_pass
from tests.web.conftest import PageMaker
from tests.web.play import (
    answered,
    create_table,
    fill_table,
    page_with,
    play_deal,
    sit,
    wait_ready,
)


def test_undo_then_claim_by_agreement(new_page: PageMaker, site_url: str) -> None:
    south, west, north, east = pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    dealer = page_with(pages, "#bidding button[data-call='1C']")
    assert dealer is north  # North deals the first deal
    north.click("#bidding button[data-call='1C']")
    north.wait_for_selector("[data-key=undo]")
    north.click("[data-key=undo]")
    for opponent in (east, west):  # the request takes focus to Accept and is announced
        opponent.wait_for_function(
            "() => document.activeElement.matches('.request button.accept')"
            " && document.getElementById('alert').textContent !== ''"
        )
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
    for seat in ("W", "N"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    # before the deal (a seat is still empty) the creator may take a robot out again
    page.click(".seat[data-seat=N] button.robot-off")
    page.wait_for_selector(".seat[data-seat=N] button.robot-on")
    for seat in ("N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    # the deal is under way: a robot's seat holds cards, so it stays until the deal ends
    page.wait_for_selector(".seat.active")
    assert page.locator(".seat button.robot-off").count() == 0
    play_deal([page], bid_then_pass("1NT"))
    assert page.locator(".seat[data-seat=E] button.robot-off").count() == 1
    assert "Chicago" in page.inner_text("#info")
    page.wait_for_selector("#score table.chicago tbody tr th")


def test_stopping_the_rubber_and_a_new_rubber_by_agreement(
    new_page: PageMaker, site_url: str
) -> None:
    ann, bo = new_page(), new_page()
    link = create_table(ann, site_url, "rubber", 4)
    sit(ann, "S", "Ann")
    bo.goto(link)
    wait_ready(bo)
    sit(bo, "N", "Bo")
    assert ann.locator("[data-key=abandon]").count() == 0  # nothing scored yet
    for seat in ("W", "E"):
        ann.click(f".seat[data-seat={seat}] button.robot-on")
        ann.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    play_deal([ann, bo], bid_then_pass("1NT"), timeout=180)
    ann.click("[data-key=abandon]")
    ann.click("#abandon-form button[type=submit]")
    bo.wait_for_selector(".match-request button.accept")
    assert "South asks to stop the rubber." in bo.inner_text(".match-request")
    assert "Waiting for: North." in ann.inner_text(".match-request")
    assert ann.locator(".match-request button.accept").count() == 0
    bo.click(".match-request button.reject")
    ann.wait_for_selector(".match-request .refused")
    assert "Refused: North." in ann.inner_text(".match-request")
    assert ann.locator("#score .match-result").count() == 0
    ann.click("[data-key=abandon]")
    ann.click("#abandon-form button[type=submit]")
    bo.wait_for_selector(".match-request button.accept")
    bo.click(".match-request button.accept")
    for page in (ann, bo):
        page.wait_for_selector("#score .match-result")
        page.wait_for_selector("[data-key=new-match]")
        assert page.locator(".match-request").count() == 0
        assert "Waiting for the first deal" not in page.inner_text("#center")
    bo.click("[data-key=new-match]")
    ann.wait_for_selector(".match-request button.accept")
    assert "North asks to start a new rubber." in ann.inner_text(".match-request")
    assert bo.locator("[data-key=new-match]").count() == 0
    ann.click(".match-request button.accept")
    for page in (ann, bo):
        page.wait_for_selector("#score .match-result", state="detached")
        page.wait_for_selector(".seat.active")


def test_a_late_friend_takes_over_from_a_robot_mid_deal(new_page: PageMaker, site_url: str) -> None:
    ann, cy = new_page(), new_page()
    link = create_table(ann, site_url, "rubber", 4)
    sit(ann, "S", "Ann")
    for seat in ("W", "N", "E"):
        ann.click(f".seat[data-seat={seat}] button.robot-on")
        ann.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    ann.wait_for_selector(".seat.active")
    cy.goto(link)
    wait_ready(cy)
    assert cy.locator(".seat[data-seat=W] button.sit").count() == 1
    assert cy.locator(".seat button.robot-off").count() == 0
    sit(cy, "W", "Cy")
    ann.wait_for_selector(".seat[data-seat=W] .player-name:has-text('Cy')")
    assert ann.locator(".seat[data-seat=W] .badge.robot").count() == 0
    assert cy.locator("#hand button.card, #hand .card").count() == 13
    play_deal([ann, cy], bid_then_pass("1NT"), timeout=180)
