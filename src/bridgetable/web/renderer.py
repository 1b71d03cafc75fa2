"""Rendering pages: Jinja templates in the visitor's language, gzipped, with the chrome
every page shares (skip link, language switcher, Beta mark, version and commit)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from babel.messages.extract import extract_from_file
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response

from bridgetable.web.assets import STATIC_DIR, StaticAssets, compressed_response
from bridgetable.web.buildinfo import BuildInfo
from bridgetable.web.i18n import (
    LANGUAGE_COOKIE,
    LANGUAGES,
    Catalog,
    MessageId,
    message_key,
    negotiate,
)
from bridgetable.web.meanings import DETAILS, MEANINGS, message_ids

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
ONE_YEAR = 365 * 24 * 3600

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; "
        "form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def client_message_ids(directory: Path = STATIC_DIR) -> frozenset[MessageId]:
    """The msgids the client scripts use: `_("...")`, `pgettext("context", "...")` and
    `ngettext("...", "...", n)` calls, extracted as Babel does."""
    found: set[MessageId] = set()
    for path in sorted(directory.rglob("*.js")):
        for _line, message, _comments, context in extract_from_file("javascript", str(path)):
            if isinstance(message, str):
                found.add(message_key(message, context))
            elif isinstance(message, tuple) and len(message) >= 2 and message[0] and message[1]:
                found.add((message[0], message[1]))
    return frozenset(found)


def _json_for_script(data: Any) -> Markup:
    """JSON that is safe inside a `<script type="application/json">` element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


class Renderer:
    """Everything a page needs that does not change while the server runs."""

    def __init__(
        self, catalogs: dict[str, Catalog], assets: StaticAssets, build: BuildInfo
    ) -> None:
        self.catalogs = catalogs
        self.assets = assets
        self.build = build
        self.languages = LANGUAGES
        self.client_ids = client_message_ids() | message_ids()
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES_DIR),
            autoescape=select_autoescape(["html"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals.update(static=assets.url, build=build, languages=LANGUAGES)

    def language_for(self, request: Request) -> str:
        """The visitor's language: `?lang=`, the `bt_lang` cookie, Accept-Language."""
        return negotiate(
            request.query_params.get("lang"),
            request.cookies.get(LANGUAGE_COOKIE),
            request.headers.get("accept-language"),
        )

    def catalog_for(self, request: Request) -> Catalog:
        """The catalog of the visitor's language."""
        return self.catalogs[self.language_for(request)]

    def client_messages(self, language: str) -> dict[str, Any]:
        """The client script's messages translated into `language`."""
        return self.catalogs[language].subset(self.client_ids)

    def client_messages_json(self, request: Request) -> Markup:
        """The client script's messages, as JSON to embed in the page."""
        return _json_for_script(self.client_messages(self.language_for(request)))

    def meanings_json(self) -> Markup:
        """Robots' call meanings by message id (English texts the client translates)."""
        return _json_for_script({"messages": MEANINGS, "details": DETAILS})

    def remember_language(self, response: Response, language: str) -> None:
        """Set the `bt_lang` cookie."""
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=ONE_YEAR, samesite="lax")

    def render_html(
        self, language: str, template: str, path: str, back: str | None = None, **context: Any
    ) -> str:
        """`template` as HTML in `language`, for the page at `path`.

        `back` is where the language switch leads back to (the page itself by default).
        """
        here = back if back is not None else quote(path, safe="/")
        context.update(
            lang=language,
            _=_translator(self.catalogs[language]),
            lang_url=lambda code: f"/lang/{code}?next={here}",
            path=path,
        )
        return self.env.get_template(template).render(context)

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> Response:
        """Render `template` for this request, gzipped when the client accepts it."""
        language = self.language_for(request)
        path = request.url.path
        here = quote(path, safe="/")
        if context.pop("keep_query", False) and request.url.query:
            here += "%3F" + quote(request.url.query, safe="")  # e.g. the rejoin link's key
        html = self.render_html(language, template, path, back=here, **context)
        headers = dict(SECURITY_HEADERS)
        headers.update(
            {
                "Cache-Control": "no-cache",
                "Content-Language": language,
                "Vary": "Accept-Encoding, Accept-Language, Cookie",
            }
        )
        response = compressed_response(
            request, html.encode("utf-8"), "text/html; charset=utf-8", headers
        )
        response.status_code = status
        chosen = request.query_params.get("lang")
        if chosen in LANGUAGES and chosen != request.cookies.get(LANGUAGE_COOKIE):
            self.remember_language(response, chosen)
        return response


def _translator(catalog: Catalog) -> Callable[..., str]:
    """The templates' `_`: translate, then fill `%(name)s` placeholders."""

    def translate(message: str, **values: Any) -> str:
        text = catalog.gettext(message)
        return text % values if values else text

    return translate
