"""The catalogs: complete against the extracted messages, faithful placeholders, the
glossary's terms, and every rule difference code with a sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bridgetable.engine.variants import RULESETS, TABLE_RULES, Ruleset, TableRules
from bridgetable.web.i18n import (
    LANGUAGES,
    TRANSLATIONS_DIR,
    load_catalogs,
    message_key,
    negotiate,
    plural_categories,
    plural_rule,
    read_catalog,
)
from bridgetable.web.rules import RULE_LABELS, RULE_SENTENCES

WEB = Path(__file__).resolve().parents[2] / "src" / "bridgetable" / "web"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


def extracted_all() -> tuple[set[str], set[tuple[str, str]]]:
    """Every message the templates, Python and scripts use, as `pybabel extract` finds
    them: the single ones (keyed with their context, as the catalogs key them) and the
    plural ones as (singular, plural)."""
    with (WEB / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    singles: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(WEB), method_map, options_map
    ):
        if isinstance(message, str):
            singles.add(message_key(message, context))
        else:
            plurals.add((message[0], message[1]))
    return singles, plurals


def extracted() -> set[str]:
    """The single messages (see `extracted_all`)."""
    return extracted_all()[0]


@pytest.fixture(scope="module")
def messages() -> set[str]:
    found = extracted()
    assert len(found) > 150
    return found


@pytest.fixture(scope="module")
def plurals() -> set[tuple[str, str]]:
    found = extracted_all()[1]
    assert len(found) >= 10
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_has_every_message_translated(
    language: str, messages: set[str], plurals: set[tuple[str, str]]
) -> None:
    catalog = read_catalog(TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po", language)
    missing = sorted(messages - set(catalog.messages))
    assert not missing, f"{language} lacks {len(missing)} messages, e.g. {missing[:5]}"
    stale = sorted(set(catalog.messages) - messages)
    assert not stale, f"{language} has messages no longer used: {stale[:5]}"
    singulars = {singular for singular, _plural in plurals}
    missing = sorted(singulars - set(catalog.plurals))
    assert not missing, f"{language} lacks plural messages, e.g. {missing[:5]}"
    assert not set(catalog.plurals) - singulars, f"{language} has stale plural messages"
    count = get_plural(language).num_plurals
    for singular, forms in catalog.plurals.items():
        assert len(forms) == count, f"{language}: {singular!r} needs {count} forms"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    catalog = read_catalog(TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po", language)
    for message, translation in catalog.messages.items():
        assert sorted(PLACEHOLDER.findall(message)) == sorted(PLACEHOLDER.findall(translation)), (
            f"{language}: {message!r} -> {translation!r}"
        )
    for singular, forms in catalog.plurals.items():
        for form in forms:
            assert sorted(PLACEHOLDER.findall(singular)) == sorted(PLACEHOLDER.findall(form)), (
                f"{language}: {singular!r} -> {form!r}"
            )


def test_template_catalog_is_current(messages: set[str], plurals: set[tuple[str, str]]) -> None:
    with (TRANSLATIONS_DIR / "messages.pot").open("rb") as handle:
        template = [m for m in read_po(handle) if m.id]
    ids = {message_key(m.id, m.context) for m in template if isinstance(m.id, str)}
    assert ids == messages, "run pybabel extract (see docs/web.md)"
    assert {(m.id[0], m.id[1]) for m in template if not isinstance(m.id, str)} == plurals


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_plural_forms_follow_the_language(language: str) -> None:
    catalog = load_catalogs()[language]
    forms = [catalog.ngettext("{n} heart", "{n} hearts", n) for n in (1, 2, 5)]
    expected = {
        "en": ["{n} heart", "{n} hearts", "{n} hearts"],
        "da": ["{n} hjerter", "{n} hjerter", "{n} hjerter"],
        "cs": ["{n} srdce", "{n} srdce", "{n} srdcí"],
        "el": ["{n} κούπα", "{n} κούπες", "{n} κούπες"],
        "ja": ["{n}ハート", "{n}ハート", "{n}ハート"],
        "es": ["{n} corazón", "{n} corazones", "{n} corazones"],
    }[language]
    assert forms == expected
    # the client's rule: each CLDR category the browser answers maps to a form
    categories = plural_categories(language)
    assert categories["other"] == plural_rule(language)(5)
    assert not catalog.missing


def test_every_rule_difference_code_has_a_sentence() -> None:
    declared: list[Ruleset | TableRules] = [*RULESETS.values(), *TABLE_RULES.values()]
    for ruleset in declared:
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


def test_words_players_use() -> None:
    catalogs = load_catalogs()
    # the home form's heading is the game you play, not the scoring word for a game
    assert [catalogs[code].gettext("Type of game") for code in ("da", "cs", "es")] == [
        "Spil",
        "Hra",
        "Juego",
    ]
    # Danish bidding box abbreviations keep their full stops; spoken, the full words
    assert catalogs["da"].gettext(message_key("Double", "bidding box")) == "Dobl."
    assert catalogs["da"].gettext(message_key("Redouble", "bidding box")) == "Redobl."
    assert catalogs["da"].gettext("Double") == "Dobler"
    # Japanese writes Draw Bridge as its seed page does
    assert "Draw Bridge" not in " ".join(catalogs["ja"].messages.values())
    assert catalogs["ja"].gettext("Draw Bridge") == "ドロー・ブリッジ"
    # status words fit any player (no masculine-only forms)
    assert catalogs["el"].gettext("to act") == "Σειρά"
    assert "από {seat}" not in " ".join(catalogs["el"].messages.values())
    assert catalogs["cs"].gettext("online") == "online"
