"""Every language in the browser: home, table and Chicago rules, nothing left in English."""

from __future__ import annotations

import pytest

from bridgetable.web.i18n import LANGUAGES, load_catalogs
from tests.web.conftest import PageMaker
from tests.web.play import wait_ready

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def english_leaks(text: str, language: str) -> list[str]:
    """English messages that show in `text` although the language translates them."""
    catalog = load_catalogs()[language]
    return [
        message
        for message, translation in catalog.messages.items()
        if len(message) >= 12
        and " " in message
        and "{" not in message
        and translation != message
        and message in text
    ]


@pytest.mark.parametrize("language", TRANSLATED)
def test_pages_in_the_browser_are_fully_translated(
    new_page: PageMaker, site_url: str, language: str
) -> None:
    page = new_page()
    page.context.add_cookies([{"name": "bt_lang", "value": language, "url": site_url}])
    created = page.request.post(site_url + "/api/tables", data={"game": "chicago", "seats": 4})
    assert created.status == 201
    for path in ("/", created.json()["url"], "/rules/chicago"):
        page.goto(site_url + path)
        if path.startswith("/t/"):
            wait_ready(page)
            page.wait_for_selector(".seat button.sit")
        assert page.get_attribute("html", "lang") == language
        missing = page.evaluate("[...(window.btMissing || [])]")
        assert not missing, f"{language} {path}: {missing}"
        text = page.inner_text("body")
        assert not english_leaks(text, language), (path, english_leaks(text, language))
