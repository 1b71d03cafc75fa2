"""Fixtures for the web tests: the real site on a free port, and headless Chromium."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, DESKTOP
from tests.web.server import running_site


@pytest.fixture(scope="package")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the site, served while the web tests run."""
    with running_site(tmp_path_factory.mktemp("site-data")) as url:
        yield url


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium."""
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed (make test installs it)")
    chromium = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield chromium
    chromium.close()


PageMaker = Callable[..., Page]


@pytest.fixture
def new_page(browser: Browser) -> Iterator[PageMaker]:
    """Open pages, each in its own browser context (its own player cookie)."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None, **options: object) -> Page:
        context = browser.new_context(viewport=viewport or DESKTOP, **options)  # type: ignore[arg-type]
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors: {errors}"
