"""The pages over HTTP: chrome on every page, languages, caching, the no-JS create form."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from starlette.applications import Starlette

from bridgetable import __version__
from bridgetable.engine.variants import CHICAGO, DRAW_BRIDGE
from bridgetable.web.buildinfo import BuildInfo, find_commit
from bridgetable.web.i18n import LANGUAGES
from bridgetable.web.pages import Pages
from bridgetable.web.renderer import Renderer
from bridgetable.web.site import make_renderer, site_routes

PAGES = ["/", "/t/abc123", "/rules/bridge", "/rules/chicago", "/rules/draw", "/no/such/page"]
STATUS = {"/t/abc123": 404, "/no/such/page": 404}  # no table abc123 exists


async def _render_all(language: str, renderer: Renderer) -> None:
    pages = Pages(renderer)
    app = Starlette(routes=site_routes(renderer, pages))
    app.add_exception_handler(404, pages.not_found_handler)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
        for path in PAGES:
            response = await client.get(path, params={"lang": language})
            assert response.status_code == STATUS.get(path, 200), path
            assert f'<html lang="{language}"' in response.text
            assert "9.9.9" in response.text and "abc1234" in response.text


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_pages_render_without_untranslated_messages(language: str) -> None:
    renderer = make_renderer(BuildInfo("9.9.9", "abc1234"))
    # in a thread of its own: Playwright's sync API may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _render_all(language, renderer)).result()
    # the table page of an existing table, with every template message
    html = renderer.render_html(
        language, "table.html", "/t/x", table_id="x", messages_json="{}", meanings_json="{}"
    )
    assert 'data-table="x"' in html
    catalog = renderer.catalogs[language]
    assert not catalog.missing, f"{language} misses {sorted(catalog.missing)[:5]}"


def test_every_page_has_the_shared_chrome(site_url: str) -> None:
    for path in PAGES:
        html = httpx.get(site_url + path).text
        assert re.search(r'<a class="skip-link" href="#main">Skip to main content</a>', html)
        for landmark in ("<header", "<nav", '<main id="main"', "<footer"):
            assert landmark in html, (path, landmark)
        assert 'class="beta"' in html and "Beta" in html
        assert f"v{__version__}" in html
        assert 'class="commit"' in html
        for code in LANGUAGES:
            assert f'hreflang="{code}"' in html


def test_footer_commit_comes_from_env_or_git(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGETABLE_COMMIT", "feedbee")
    assert find_commit() == "feedbee"
    monkeypatch.delenv("BRIDGETABLE_COMMIT")
    commit = find_commit()
    assert commit == "unknown" or re.fullmatch(r"[0-9a-f]{4,40}", commit)


def test_language_from_accept_language_and_cookie(site_url: str) -> None:
    with httpx.Client(base_url=site_url) as client:
        html = client.get("/", headers={"Accept-Language": "cs-CZ,cs;q=0.9"}).text
        assert '<html lang="cs"' in html and "Přejít na obsah" in html
        switched = client.get("/lang/ja", params={"next": "/rules/chicago"})
        assert switched.status_code == 303
        assert switched.headers["location"] == "/rules/chicago"
        assert "bt_lang=ja" in switched.headers["set-cookie"]
        html = client.get("/rules/chicago", headers={"Accept-Language": "cs"}).text
        assert '<html lang="ja"' in html and "本文へスキップ" in html
        assert client.get("/lang/da", params={"next": "//evil.example"}).headers["location"] == "/"


def test_chicago_rule_table_is_drawn_from_the_ruleset(site_url: str) -> None:
    html = httpx.get(site_url + "/rules/chicago", params={"lang": "es"}).text
    keys = re.findall(r'data-rule="(\w+)"', html)
    assert keys == [difference.key for difference in CHICAGO.differences()]
    changed = re.findall(r'<tr class="changed" data-rule="(\w+)"', html)
    assert changed == [d.key for d in CHICAGO.differences() if d.changed]
    assert "Cambios de reglas" in html and "goma" not in html


def test_static_files_are_gzipped_and_cached(site_url: str) -> None:
    created = httpx.post(site_url + "/api/tables", json={"game": "rubber", "seats": 4})
    html = httpx.get(site_url + created.json()["url"]).text
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert any(url.startswith("/static/js/table.js?v=") for url in urls)
    with httpx.Client(base_url=site_url) as client:
        for url in urls:
            response = client.get(url, headers={"Accept-Encoding": "gzip"})
            assert response.status_code == 200
            assert response.headers["content-encoding"] == "gzip"
            assert "immutable" in response.headers["cache-control"]
            again = client.get(url, headers={"If-None-Match": response.headers["etag"]})
            assert again.status_code == 304
        raw = client.get("/static/js/table.js", headers={"Accept-Encoding": "identity"})
        assert raw.headers["cache-control"] == "no-cache"
        assert "?v=" in raw.text  # relative imports carry the version too


def test_page_html_is_compressed(site_url: str) -> None:
    with httpx.Client(base_url=site_url) as client:
        response = client.get("/", headers={"Accept-Encoding": "gzip"})
        assert response.headers["content-encoding"] == "gzip"
        assert "Content-Security-Policy" in response.headers


def test_create_form_without_javascript(site_url: str) -> None:
    with httpx.Client(base_url=site_url) as client:
        response = client.post("/create", data={"game": "chicago", "seats": "4"})
        assert response.status_code == 303
        location = response.headers["location"]
        assert re.fullmatch(r"/t/[A-Za-z0-9_-]+", location)
        info = client.get("/api/tables/" + location.rsplit("/", 1)[1]).json()
        assert info["game"] == "chicago" and info["seats"] == 4
        bad = client.post("/create", data={"game": "poker", "seats": "3"})
        assert bad.status_code == 400


def test_client_messages_route(site_url: str) -> None:
    messages = httpx.get(site_url + "/i18n/el.json").json()
    assert messages["Pass"] == "Πάσο"
    assert httpx.get(site_url + "/i18n/xx.json").status_code == 404


def test_unknown_table_id_shape_is_a_404(site_url: str) -> None:
    response = httpx.get(site_url + "/t/not%20valid")
    assert response.status_code == 404


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_table_that_does_not_exist_is_a_404_with_a_way_on(site_url: str, language: str) -> None:
    response = httpx.get(site_url + "/t/abc123", params={"lang": language})
    assert response.status_code == 404
    catalog = make_renderer().catalogs[language]
    message = catalog.gettext(
        "There is no table at this address. Check the link, or open a new table."
    )
    assert response.text.count(message) == 1
    assert catalog.gettext("Open a new table") in response.text
    assert 'href="/#create-title"' in response.text
    assert "js/table.js" not in response.text  # no table page that would say it again


def test_draw_bridge_rules_page_is_drawn_from_its_declaration(site_url: str) -> None:
    html = httpx.get(site_url + "/rules/draw", params={"lang": "en"}).text
    keys = re.findall(r'data-rule="(\w+)"', html)
    assert keys == [difference.key for difference in DRAW_BRIDGE.differences()]
    changed = re.findall(r'<tr class="changed" data-rule="(\w+)"', html)
    assert changed == [d.key for d in DRAW_BRIDGE.differences() if d.changed]
    assert 'href="/rules/draw" aria-current="page"' in html  # in the menu
    assert 'href="/rules/draw"' in httpx.get(site_url + "/").text


def test_rules_pages_say_how_a_rubber_ends_once_and_the_history_the_seeds_tell(
    site_url: str,
) -> None:
    rubber = httpx.get(site_url + "/rules/bridge", params={"lang": "en"}).text
    assert "The first side to win two games wins the rubber" not in rubber
    assert "with more points in all" not in rubber
    assert rubber.count("the side with more points in total wins it") == 2  # lead, scoring
    assert "three players in a row pass after any call" in rubber
    chicago = httpx.get(site_url + "/rules/chicago", params={"lang": "en"}).text
    assert "replaced rubber bridge" not in chicago
    assert "popular in some American clubs" in chicago and "Four-Deal Bridge" in chicago
