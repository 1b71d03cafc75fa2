"""Translations: gettext catalogs read with Babel at start-up, and language choice.

The catalogs are `translations/<lang>/LC_MESSAGES/messages.po`; English is the
source language (the msgids), so it needs no catalog. A message missing from a
catalog falls back to English and is remembered in `Catalog.missing`, which the
tests check is empty after rendering every page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass
class Catalog:
    """The messages of one language: English msgid to translated text."""

    language: str
    messages: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)

    def gettext(self, message: str) -> str:
        """The translation of `message` (English itself for the source language)."""
        if self.language == DEFAULT_LANGUAGE:
            return message
        translated = self.messages.get(message)
        if not translated:
            self.missing.add(message)
            return message
        return translated

    def subset(self, messages: set[str] | frozenset[str]) -> dict[str, str]:
        """The translations of `messages` (those the client script uses), for JSON."""
        return {message: self.gettext(message) for message in sorted(messages)}


def read_catalog(path: Path, language: str) -> Catalog:
    """Read one .po file; fuzzy and empty entries count as missing."""
    with path.open("rb") as handle:
        po = read_po(handle, locale=language)
    messages: dict[str, str] = {}
    for message in po:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            messages[message.id] = message.string
    return Catalog(language, messages)


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
