"""The players' click copes with a button that goes before the click lands (a robot
answered first): it says so at once instead of waiting for another button."""

from __future__ import annotations

import time

import pytest

from tests.web.conftest import PageMaker
from tests.web.play import PATIENCE_MS, Vanished, click

# The Accept button is not clickable yet (hidden), and a script removes it shortly, as a
# robot's refusal of the claim does: whenever the removal comes, the click must give up.
REQUEST = """
<div id="requests"><div class="request"><button class="accept" style="visibility: hidden"
  onclick="document.body.dataset.clicked = 'yes'">Accept</button></div></div>
<script>setTimeout(() => document.getElementById("requests").replaceChildren(), 300)</script>
"""


def test_click_on_a_button_that_goes_raises_vanished(new_page: PageMaker) -> None:
    page = new_page()
    page.set_content(REQUEST)
    started = time.monotonic()
    with pytest.raises(Vanished):
        click(page, ".request button.accept")
    assert time.monotonic() - started < PATIENCE_MS / 1000 / 2
    assert page.evaluate("document.body.dataset.clicked") is None
    with pytest.raises(Vanished):
        click(page, ".request button.accept")  # already gone: at once


def test_click_on_a_button_that_stays_clicks_it(new_page: PageMaker) -> None:
    page = new_page()
    page.set_content(REQUEST.replace("visibility: hidden", "").replace("300", "60000"))
    click(page, ".request button.accept")
    assert page.evaluate("document.body.dataset.clicked") == "yes"
