"""The history and review pages in a real browser: replay by keyboard, the position in
the address, the double-dummy table arriving by itself, phone size, languages, axe."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from bridgetable.engine import (
    AnswerClaim,
    Claim,
    Game,
    GameConfig,
    MakeCall,
    PlayCard,
    parse_call,
)
from bridgetable.engine.randomplay import random_action
from bridgetable.formats.actions_json import action_to_json
from tests.server.driver import bid_then_pass
from tests.web.axe import axe_violations
from tests.web.browser import PHONE
from tests.web.conftest import PageMaker
from tests.web.play import fill_table, play_deal
from tests.web.server import site_with_tables

RUBBER = "review-rubber-table"
DRAW = "review-draw-table"
CLAIM = "review-claim-table"


def _rubber_events() -> list[dict[str, Any]]:
    """Four people sit; deal 1 is bid 1NT-3NT and played out, deal 2 is passed out."""
    events: list[dict[str, Any]] = [
        {"t": "sit", "seat": seat, "player": f"p{seat}", "name": name}
        for seat, name in zip("NESW", ("Ann", "Bo", "Cy", "Di"), strict=True)
    ]
    game = Game(GameConfig("rubber", 4))
    rng = random.Random(42)

    def act(action: Any) -> None:
        game.apply(action)
        events.append({"t": "action", "action": action_to_json(action)})

    act(game.deal_cards(rng))
    for text in ["1NT", "P", "3NT", "P", "P", "P"]:
        seat = game.turn
        assert seat is not None
        act(MakeCall(seat, parse_call(text)))
    while game.deal is not None and game.deal.play is not None and not game.deal.over:
        seat = game.turn
        assert seat is not None
        act(PlayCard(seat, game.deal.play.legal_cards()[0]))
    act(game.deal_cards(rng))
    for _ in range(4):
        seat = game.turn
        assert seat is not None
        act(MakeCall(seat, parse_call("P")))
    return events


def _claim_events() -> list[dict[str, Any]]:
    """1NT by North; after the opening lead North claims no trick at all, and East and
    West agree."""
    game = Game(GameConfig("rubber", 4))
    events: list[dict[str, Any]] = []

    def act(action: Any) -> None:
        game.apply(action)
        events.append({"t": "action", "action": action_to_json(action)})

    act(game.deal_cards(random.Random(9)))
    for text in ["1NT", "P", "P", "P"]:
        seat = game.turn
        assert seat is not None
        act(MakeCall(seat, parse_call(text)))
    deal = game.deal
    assert deal is not None and deal.play is not None and deal.contract is not None
    seat = game.turn
    assert seat is not None
    act(PlayCard(seat, deal.play.legal_cards()[0]))
    declarer = deal.contract.declarer
    act(Claim(declarer, 0))
    for opponent in (declarer.lho, declarer.rho):
        act(AnswerClaim(opponent, True))
    assert deal.over
    return events


def _draw_events() -> list[dict[str, Any]]:
    """A Draw Bridge deal played at random to its end."""
    game = Game(GameConfig("rubber", 2))
    rng = random.Random(5)
    events: list[dict[str, Any]] = []
    while game.deal is None or not game.deal.over:
        action = random_action(game, rng)
        assert action is not None
        game.apply(action)
        events.append({"t": "action", "action": action_to_json(action)})
    return events


@pytest.fixture(scope="module")
def review_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose log already holds finished deals (written as the server writes them)."""
    tables = {
        RUBBER: (GameConfig("rubber", 4), _rubber_events()),
        DRAW: (GameConfig("rubber", 2), _draw_events()),
        CLAIM: (GameConfig("rubber", 4), _claim_events()),
    }
    with site_with_tables(tmp_path_factory.mktemp("review-data"), tables) as url:
        yield url


def api(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def position(page: Page) -> int:
    """The position in the page's address (read from the page: Playwright's `page.url`
    learns of a `history.replaceState` only some time later)."""
    found = re.search(r"[?&]at=(\d+)", page.evaluate("location.href"))
    return int(found.group(1)) if found else 0


def held(page: Page, seat: str) -> int:
    """How many cards the diagram shows in a seat's hand."""
    text = page.inner_text(f".review-hand[data-seat={seat}] .shown-hand")
    return len(re.findall(r"\b(?:10|[2-9AKQJ])\b", text))


def test_history_lists_finished_deals_newest_first(new_page: PageMaker, review_site: str) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{review_site}/t/{RUBBER}/history")
    rows = page.locator(".history-table tbody tr")
    assert rows.count() == 2
    assert [rows.nth(i).get_attribute("data-deal") for i in range(2)] == ["1-2", "1-1"]
    first = rows.nth(1).inner_text()
    assert "3NT" in first and "North" in first
    assert "Passed out." in rows.nth(0).inner_text()
    assert axe_violations(page) == []
    # the par arrives once the deals are analysed (the visit asked for it)
    for _ in range(100):
        page.reload()
        if "Analysing" not in page.inner_text(".history-table"):
            break
        page.wait_for_timeout(300)
    assert re.search(r"(North–South|East–West) \d+|\b0\b", rows.nth(1).inner_text())
    page.click(".history-table tbody tr[data-deal='1-1'] a")
    page.wait_for_url(f"**/t/{RUBBER}/review/1-1")


def test_review_steps_through_the_play_with_the_keyboard(
    new_page: PageMaker, review_site: str
) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{review_site}/t/{RUBBER}/review/1-1")
    page.wait_for_selector(".review-hand[data-seat=N]")
    assert all(held(page, seat) == 13 for seat in "NESW")
    assert "Dealer" in page.inner_text(".review-hand[data-seat=N]")
    assert "3NT" in page.inner_text("#review-auction")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert position(page) == 5
    assert page.inner_text("#position").startswith("Trick 2:")
    assert sum(held(page, seat) for seat in "NESW") == 52 - 5
    assert page.locator(".card-step[aria-current=step]").get_attribute("data-at") == "5"
    page.keyboard.press("ArrowLeft")
    assert position(page) == 4
    assert page.locator(".review-trick .played").count() == 4
    page.keyboard.press("End")
    assert position(page) == 52
    assert sum(held(page, seat) for seat in "NESW") == 0
    page.keyboard.press("Home")
    assert position(page) == 0
    assert page.inner_text("#position") == "Before the opening lead."
    # the buttons, reached with Tab and pressed with Enter, do the same
    for _ in range(60):
        if page.evaluate("document.activeElement && document.activeElement.id === 'forward'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert position(page) == 2
    # a link shows the same moment
    link = page.evaluate("location.href")
    other = new_page()
    other.goto(link)
    other.wait_for_selector(".review-hand[data-seat=N]")
    assert other.inner_text("#position") == page.inner_text("#position")
    assert axe_violations(page) == []


def test_double_dummy_arrives_by_itself_and_matches_the_analysis(
    new_page: PageMaker, review_site: str
) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{review_site}/t/{RUBBER}/review/1-1?at=3")
    page.wait_for_selector(".dd-table", timeout=60000)
    body = api(f"{review_site}/api/tables/{RUBBER}/deals/1-1/analysis")
    assert body["status"] == "ready"
    analysis = body["analysis"]
    cells = page.locator(".dd-table tbody tr")
    assert cells.count() == 4
    north = cells.nth(0).locator("td").all_inner_texts()
    assert north == [str(analysis["table"]["N"][s]) for s in ("NT", "S", "H", "D", "C")]
    assert "Par:" in page.inner_text(".par")
    tricks = analysis["play"]["tricks"]
    assert f"from here: {tricks[3]}" in page.inner_text(".dd-now")
    costly = [i for i, cost in enumerate(analysis["play"]["costs"]) if cost]
    assert page.locator(".card-step.costly").count() == len(costly)
    if costly:
        page.locator(".cost-list button").first.click()
        assert position(page) == costly[0] + 1
        assert "lost to double dummy" in page.inner_text("#position")
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["da", "ja"])
def test_review_at_phone_size_in_other_languages(
    new_page: PageMaker, review_site: str, language: str
) -> None:
    page = new_page(PHONE, bypass_csp=True)
    page.goto(f"{review_site}/t/{RUBBER}/review/1-1?at=7&lang={language}")
    page.wait_for_selector(".dd-table", timeout=60000)
    assert page.evaluate("document.documentElement.lang") == language
    assert page.evaluate("[...window.btMissing]") == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    assert axe_violations(page) == []
    page.goto(f"{review_site}/t/{RUBBER}/history?lang={language}")
    assert page.locator(".history-table tbody tr").count() == 2
    assert axe_violations(page) == []


def test_draw_bridge_review_starts_after_the_draw(new_page: PageMaker, review_site: str) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{review_site}/t/{DRAW}/review/1-1")
    page.wait_for_selector(".review-hand[data-seat=N]")
    assert page.locator(".review-hand").count() == 2
    assert held(page, "N") == 13 and held(page, "E") == 13
    assert page.locator(".drawn").count() == 2
    assert all(
        len(text.split(":")[1].split()) == 13 for text in page.locator(".drawn").all_inner_texts()
    )
    assert "needs four hands" in page.inner_text("#review-dd")
    # with no double-dummy analysis, a card's step says what was played and nothing more
    page.keyboard.press("ArrowRight")
    assert position(page) == 1
    step = page.inner_text("#position")
    assert step.startswith("Trick 1:") and "double dummy" not in step, step
    assert axe_violations(page) == []


def test_a_claim_is_compared_with_double_dummy(new_page: PageMaker, review_site: str) -> None:
    page = new_page(bypass_csp=True)
    page.goto(f"{review_site}/t/{CLAIM}/review/1-1")
    page.wait_for_selector(".dd-table", timeout=60000)
    assert "The rest of the tricks were claimed." in page.inner_text("#review-play")
    analysis = api(f"{review_site}/api/tables/{CLAIM}/deals/1-1/analysis")["analysis"]
    best = analysis["play"]["tricks"][-1]  # declarer's tricks double dummy at the claim
    assert len(analysis["play"]["costs"]) == 1
    assert best > 0
    claim = page.inner_text(".dd-claim")
    assert "with the claim" in claim and str(best) in claim
    page.keyboard.press("End")
    assert position(page) == 1
    assert axe_violations(page) == []


def test_unknown_deals_and_tables_are_not_found(new_page: PageMaker, review_site: str) -> None:
    page = new_page(bypass_csp=True)
    for path in (
        f"/t/{RUBBER}/review/1-3",
        f"/t/{RUBBER}/review/x",
        "/t/no-such-table/review/1-1",
        "/t/no-such-table/history",
    ):
        response = page.goto(review_site + path)
        assert response is not None and response.status == 404, path


def test_a_person_finishes_a_deal_and_opens_its_review(new_page: PageMaker, site_url: str) -> None:
    pages = [new_page() for _ in range(4)]
    fill_table(pages, site_url)
    south = pages[0]
    assert south.locator(".review-link").count() == 0  # nothing before the end
    play_deal(pages, bid_then_pass("1C"))
    south.wait_for_selector(".review-link")
    # drawn on the felt, the link takes the felt's white ink (dark blue on green was unreadable)
    ink = south.eval_on_selector(".review-link", "e => getComputedStyle(e).color")
    assert ink == "rgb(255, 255, 255)", ink
    south.click(".review-link")
    south.wait_for_url("**/review/1-1")
    south.wait_for_selector(".review-hand[data-seat=S]")
    south.keyboard.press("End")
    assert position(south) == 52
    south.wait_for_selector(".dd-table", timeout=60000)
    south.click("text=Deal history")
    south.wait_for_url("**/history")
    assert south.locator(".history-table tbody tr").count() == 1
