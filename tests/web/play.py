"""Driving the table page like players do: create, join by the link, sit, bid and play."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from playwright.sync_api import Page

DEAL_TIMEOUT = 120.0


def create_table(page: Page, base_url: str, game: str = "rubber", seats: int = 4) -> str:
    """Create a table from the home page form; returns the table's URL."""
    page.goto(base_url + "/")
    page.check(f"input[name=game][value='{game}']")
    page.check(f"input[name=seats][value='{seats}']")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    return page.url


def wait_ready(page: Page) -> None:
    """Wait until the table page has drawn its first state."""
    page.wait_for_selector("body[data-ready]", timeout=15000)


def sit(page: Page, seat: str, name: str) -> None:
    """Take a seat through its "Sit here" button and the name dialog."""
    page.click(f".seat[data-seat={seat}] button.sit")
    page.fill("#sit-name", name)
    page.click("#sit-form button[type=submit]")
    page.wait_for_selector(f".seat.mine[data-seat={seat}]", timeout=10000)


def bid_then_pass(opening: str) -> Callable[[Page, list[str]], str]:
    """A bidding plan: the first player to call opens `opening`, everyone else passes."""
    state = {"opened": False}

    def choose(page: Page, legal: list[str]) -> str:
        if not state["opened"] and opening in legal:
            state["opened"] = True
            return opening
        return "P"

    return choose


def settle(page: Page, selector: str, do: Callable[[Page, str], None] | None = None) -> None:
    """Act on `selector`, then wait until the server's answer has removed it (the call
    was made, the card was played), so nobody acts twice on a stale screen."""
    (do or (lambda p, s: p.click(s)))(page, selector)
    page.wait_for_selector(selector, state="detached", timeout=10000)


def legal_calls(page: Page) -> list[str]:
    """The calls the bidding box offers this player now."""
    result: list[str] = page.eval_on_selector_all(
        "#bidding button[data-call]", "els => els.map(e => e.dataset.call)"
    )
    return result


def play_deal(
    pages: Sequence[Page],
    choose_call: Callable[[Page, list[str]], str],
    act: Callable[[Page, str], None] | None = None,
    timeout: float = DEAL_TIMEOUT,
    after_move: Callable[[int], None] | None = None,
) -> int:
    """Bid and play one deal by clicking until it is over (the Ready button shows).

    A claim put to a page is accepted (robots claim only tricks that are certain).
    `act(page, selector)` clicks or presses; by default a mouse click.
    """
    do = act or (lambda page, selector: page.click(selector))
    deadline = time.monotonic() + timeout
    moves = 0
    while time.monotonic() < deadline:
        if any(page.locator("[data-key=ready], [data-key=new-match]").count() for page in pages):
            return moves
        moved = False
        for page in pages:
            if page.locator(".request button.accept").count():
                settle(page, ".request button.accept", do)
                moved = True
                break
            calls = legal_calls(page)
            if calls:
                settle(page, f"#bidding button[data-call='{choose_call(page, calls)}']", do)
                moved = True
                break
            legal = page.locator("button.card.legal")
            if legal.count():
                card = legal.first.get_attribute("data-card")
                settle(page, f"button.card.legal[data-card='{card}']", do)
                moved = True
                break
        if moved:
            moves += 1
            if after_move is not None:
                after_move(moves)
            time.sleep(0.05)
        else:
            time.sleep(0.1)
    raise AssertionError("the deal did not finish in time")


NAMES = ("Ann", "Bo", "Cy", "Di")


def seat_order(seats: int) -> list[str]:
    """The seats the players take, in order (the creator sits South, or North for two)."""
    return ["S", "W", "N", "E"] if seats == 4 else ["N", "E"]


def fill_table(pages: Sequence[Page], base_url: str, game: str = "rubber") -> str:
    """The first page creates a table; every page joins by its link and sits down."""
    link = create_table(pages[0], base_url, game, len(pages))
    for index, page in enumerate(pages):
        if index:
            page.goto(link)
            wait_ready(page)
        sit(page, seat_order(len(pages))[index], NAMES[index])
    return link


def page_with(pages: Sequence[Page], selector: str, timeout: float = 10.0) -> Page:
    """The first page that shows `selector`, waiting for it to appear."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(selector).count():
                return page
        time.sleep(0.05)
    raise AssertionError(f"no page shows {selector}")
