"""The catalogs: complete against the extracted messages, faithful placeholders, the
glossary's terms, and every rule difference code with a sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from bridgetable.engine.variants import RULESETS
from bridgetable.web.i18n import LANGUAGES, TRANSLATIONS_DIR, load_catalogs, negotiate, read_catalog
from bridgetable.web.rules import RULE_LABELS, RULE_SENTENCES

WEB = Path(__file__).resolve().parents[2] / "src" / "bridgetable" / "web"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


def extracted() -> set[str]:
    """Every message the templates, Python and scripts use, as `pybabel extract` finds them."""
    with (WEB / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    return {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(WEB), method_map, options_map
        )
        if isinstance(message, str)
    }


@pytest.fixture(scope="module")
def messages() -> set[str]:
    found = extracted()
    assert len(found) > 150
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_has_every_message_translated(language: str, messages: set[str]) -> None:
    catalog = read_catalog(TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po", language)
    missing = sorted(messages - set(catalog.messages))
    assert not missing, f"{language} lacks {len(missing)} messages, e.g. {missing[:5]}"
    stale = sorted(set(catalog.messages) - messages)
    assert not stale, f"{language} has messages no longer used: {stale[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    catalog = read_catalog(TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po", language)
    for message, translation in catalog.messages.items():
        assert sorted(PLACEHOLDER.findall(message)) == sorted(PLACEHOLDER.findall(translation)), (
            f"{language}: {message!r} -> {translation!r}"
        )


def test_template_catalog_is_current(messages: set[str]) -> None:
    with (TRANSLATIONS_DIR / "messages.pot").open("rb") as handle:
        ids = {m.id for m in read_po(handle) if m.id and isinstance(m.id, str)}
    assert ids == messages, "run pybabel extract (see docs/web.md)"


def test_every_rule_difference_code_has_a_sentence() -> None:
    for ruleset in RULESETS.values():
        for difference in ruleset.differences():
            assert difference.key in RULE_LABELS
            assert (difference.key, difference.standard) in RULE_SENTENCES
            assert (difference.key, difference.variant) in RULE_SENTENCES


@pytest.mark.parametrize(
    ("language", "terms"),
    [
        (
            "da",
            ["i zonen", "udgang", "delkontrakt", "under stregen", "pointark", "Spring til indhold"],
        ),
        ("cs", ["v manši", "manše", "částečný závazek", "pod čarou", "zápis", "Přejít na obsah"]),
        ("el", ["σε ζώνη", "παρτίδα", "μερικό σκορ", "κάτω από τη γραμμή", "φύλλο σκορ"]),
        ("ja", ["バルネラブル", "パートスコア", "ラインの下", "スコアシート", "本文へスキップ"]),
        ("es", ["vulnerable", "manga", "parcial", "baza", "sin triunfo", "muerto", "declarante"]),
    ],
)
def test_catalog_speaks_its_players_terms(language: str, terms: list[str]) -> None:
    text = " ".join(load_catalogs()[language].messages.values()).lower()
    for term in terms:
        assert term.lower() in text, f"{language} never says {term!r}"


def test_spanish_never_says_gum_bridge() -> None:
    text = " ".join(load_catalogs()["es"].messages.values()).lower()
    assert "goma" not in text
    for call in ("paso", "doblo", "redoblo"):
        assert call in text


def test_negotiation_order() -> None:
    assert negotiate("ja", "da", "cs") == "ja"
    assert negotiate(None, "da", "cs") == "da"
    assert negotiate("xx", None, "fr-FR, el;q=0.8, es;q=0.9") == "es"
    assert negotiate(None, None, "da-DK,da;q=0.9,en;q=0.5") == "da"
    assert negotiate(None, None, "fr, de") == "en"
    assert negotiate(None, None, None) == "en"


def test_missing_messages_fall_back_and_are_remembered() -> None:
    catalog = load_catalogs()["da"]
    assert catalog.gettext("Skip to main content") == "Spring til indhold"
    assert catalog.gettext("no such message") == "no such message"
    assert catalog.missing == {"no such message"}
