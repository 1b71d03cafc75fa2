"""Translations: gettext catalogs read with Babel at start-up, and language choice.

The catalogs are `translations/<lang>/LC_MESSAGES/messages.po`; English is the
source language (the msgids), so it needs no catalog. A message missing from a
catalog falls back to English and is remembered in `Catalog.missing`, which the
tests check is empty after rendering every page.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "cs": "Čeština",
    "el": "Ελληνικά",
    "ja": "日本語",
    "es": "Español",
}
"""The site's languages, each named in itself (never translated)."""


def N_(message: str) -> str:
    """Mark a message for extraction (Babel knows `N_`); it is translated where shown."""
    return message


DEFAULT_LANGUAGE = "en"
LANGUAGE_COOKIE = "bt_lang"
PLURAL_KEY = ""
"""The key of the plural rule in the client's messages (gettext keeps its header there)."""

MessageId = str | tuple[str, str]
"""A msgid (with a context: "context\x04msgid", as gettext keys it), or a plural
message's (singular, plural) msgids."""

CONTEXT_SEPARATOR = "\x04"


def message_key(message: str, context: str | None) -> str:
    """The catalog key of a msgid said in `context` (gettext's own convention)."""
    return f"{context}{CONTEXT_SEPARATOR}{message}" if context else message


def plural_rule(language: str) -> Callable[[int], int]:
    """Which plural form (index into a catalog's msgstr[]) a count takes in `language`."""
    index: Callable[[int], int] = _gettext.c2py(get_plural(language).plural_expr)
    return index


def plural_categories(language: str) -> dict[str, int]:
    """CLDR plural category (what the browser's Intl.PluralRules answers) to form index.

    Counted from Babel's two descriptions of the language, so the client needs no
    expression of its own (the page's CSP allows no eval).
    """
    locale = Locale.parse(language)
    index = plural_rule(language)
    counts = [*range(1000), 1_000_000]
    return {locale.plural_form(n): index(n) for n in reversed(counts)}


@dataclass
class Catalog:
    """The messages of one language: English msgid to translated text (plural messages:
    singular msgid to the translated forms)."""

    language: str
    messages: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of a counted message for `count` (placeholders not yet filled)."""
        if self.language != DEFAULT_LANGUAGE:
            forms = self.plurals.get(singular)
            if forms:
                return forms[min(plural_rule(self.language)(count), len(forms) - 1)]
            self.missing.add(singular)
        return singular if count == 1 else plural

    def gettext(self, message: str) -> str:
        """The translation of `message` (English itself for the source language)."""
        if self.language == DEFAULT_LANGUAGE:
            return message.rpartition(CONTEXT_SEPARATOR)[2]
        translated = self.messages.get(message)
        if not translated:
            self.missing.add(message)
            return message.rpartition(CONTEXT_SEPARATOR)[2]
        return translated

    def subset(self, messages: set[MessageId] | frozenset[MessageId]) -> dict[str, Any]:
        """The translations of `messages` (those the client script uses), for JSON: a
        plural message as its list of forms, and the plural rule under `PLURAL_KEY`."""
        found: dict[str, Any] = {}
        for message in sorted(messages, key=lambda m: m if isinstance(m, str) else m[0]):
            if isinstance(message, str):
                found[message] = self.gettext(message)
            elif self.language == DEFAULT_LANGUAGE:
                found[message[0]] = list(message)
            else:
                forms = self.plurals.get(message[0])
                if not forms:
                    self.missing.add(message[0])
                found[message[0]] = list(forms or message)
        found[PLURAL_KEY] = plural_categories(self.language)
        return found


def read_catalog(path: Path, language: str) -> Catalog:
    """Read one .po file; fuzzy and empty entries count as missing."""
    with path.open("rb") as handle:
        po = read_po(handle, locale=language)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if isinstance(message.string, str) and message.string:
                messages[message_key(message.id, message.context)] = message.string
        elif isinstance(message.string, tuple | list) and all(message.string):
            plurals[message.id[0]] = tuple(message.string)
    return Catalog(language, messages, plurals=plurals)


def load_catalogs(directory: Path = TRANSLATIONS_DIR) -> dict[str, Catalog]:
    """Every language's catalog (English empty); raises if a language has no .po file."""
    catalogs = {DEFAULT_LANGUAGE: Catalog(DEFAULT_LANGUAGE)}
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        catalogs[language] = read_catalog(
            directory / language / "LC_MESSAGES" / "messages.po", language
        )
    return catalogs


def negotiate(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The page's language: `?lang=`, then the `bt_lang` cookie, then Accept-Language."""
    for chosen in (query, cookie):
        if chosen in LANGUAGES:
            return chosen
    for tag in _accepted(accept_language or ""):
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def _accepted(header: str) -> list[str]:
    """Accept-Language tags, most wanted first."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.lower()))
    return [tag for _, _, tag in sorted(ranked)]
