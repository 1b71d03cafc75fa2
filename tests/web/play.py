"""Driving the table page like players do: create, join by the link, sit, bid and play."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

DEAL_TIMEOUT = 300.0
"""Seconds for a whole deal; bounds a test that went wrong, generous for a busy machine."""
PATIENCE_MS = 30000
"""Milliseconds to wait for what should come at once (an answer, a page drawn). Generous
because a busy machine can stall any process for seconds; a passing test never waits
this long."""


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
    page.wait_for_selector("body[data-ready]", timeout=PATIENCE_MS)


def sit(page: Page, seat: str, name: str) -> None:
    """Take a seat through its "Sit here" button and the name dialog."""
    page.click(f".seat[data-seat={seat}] button.sit")
    page.fill("#sit-name", name)
    page.click("#sit-form button[type=submit]")
    page.wait_for_selector(f".seat.mine[data-seat={seat}]", timeout=PATIENCE_MS)


class Vanished(Exception):
    """What a player meant to act on left the page first: the table moved on (a robot
    refused the claim, the other opponent answered and the request was drawn again)."""


def click(page: Page, selector: str) -> None:
    """Click what `selector` shows now, or raise `Vanished` if it goes before the click.

    An element handle, unlike a selector, fails at once when its element leaves the page
    instead of waiting for another one to match, so a button that a robot's answer removes
    never stalls the player."""
    handle = page.query_selector(selector)
    if handle is None:
        raise Vanished(selector)
    try:
        handle.click()
    except PlaywrightError as error:
        if "not attached" in error.message:
            raise Vanished(selector) from error
        raise


def answered(page: Page) -> None:
    """Wait until the server has answered every action this page sent (acknowledged, or
    refused because the table moved on) and the page has drawn the state that followed,
    so nobody acts twice on a stale screen."""
    page.wait_for_function("() => window.btConnection.pending.size === 0", timeout=PATIENCE_MS)


def settle(page: Page, selector: str) -> None:
    """Click `selector`, then wait for the server's answer (a table of people only: with
    robots, `play_deal` copes with things that go before the click)."""
    click(page, selector)
    answered(page)


def legal_calls(page: Page) -> list[str]:
    """The calls the bidding box offers this player now."""
    result: list[str] = page.eval_on_selector_all(
        "#bidding button[data-call]", "els => els.map(e => e.dataset.call)"
    )
    return result


def next_move(page: Page, choose_call: Callable[[Page, list[str]], str]) -> str | None:
    """The selector of what this page's player should do now, if anything."""
    if page.locator(".request button.accept").count():
        return ".request button.accept"
    calls = legal_calls(page)
    if calls:
        return f"#bidding button[data-call='{choose_call(page, calls)}']"
    card: str | None = page.evaluate(
        "() => document.querySelector('button.card.legal')?.dataset.card ?? null"
    )
    return f"button.card.legal[data-card='{card}']" if card else None


def play_deal(
    pages: Sequence[Page],
    choose_call: Callable[[Page, list[str]], str],
    act: Callable[[Page, str], None] | None = None,
    timeout: float = DEAL_TIMEOUT,
    after_move: Callable[[int], None] | None = None,
) -> int:
    """Bid and play one deal by clicking until it is over (the Ready button shows).

    A claim or undo put to a page is accepted (robots claim only tricks that are certain).
    Robots act whenever they like: a robot may refuse a claim before the person's click
    lands, so each move looks at the table afresh. `act(page, selector)` clicks or presses
    (by default `click`) and raises `Vanished` when the thing is gone.
    """
    do = act or click
    deadline = time.monotonic() + timeout
    moves = 0
    while time.monotonic() < deadline:
        if any(page.locator("[data-key=ready], [data-key=new-match]").count() for page in pages):
            return moves
        for page in pages:
            selector = next_move(page, choose_call)
            if selector is None:
                continue
            try:
                do(page, selector)
            except Vanished:
                break  # the table moved on: look at it again
            answered(page)
            moves += 1
            if after_move is not None:
                after_move(moves)
            break
        else:
            # nobody may act: robots are thinking or a state is on its way; poll the pages
            time.sleep(0.05)
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


def page_with(pages: Sequence[Page], selector: str, timeout: float = PATIENCE_MS / 1000) -> Page:
    """The first page that shows `selector`, waiting for it to appear."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(selector).count():
                return page
        time.sleep(0.05)
    raise AssertionError(f"no page shows {selector}")
