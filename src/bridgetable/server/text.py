"""Names and chat messages: plain text that shows what it says.

Refused anywhere in them: control characters (C0, DEL, C1), the bidirectional
overrides and isolates that can make text read backwards or hide what follows it
(U+202A-U+202E, U+2066-U+2069), lone surrogates, and text made only of characters
that draw nothing (spaces, zero-width characters, combining marks, blank letters).
A name is one line; in chat, tabs and line breaks fold into single spaces like any
run of spaces, so a message is one line too.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bridgetable.server.errors import ProtocolError

MAX_NAME = 24
MAX_CHAT = 300

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
CHAT_BREAKS = frozenset("\t\n\r")
# Letters and symbols that look like nothing: Hangul fillers, the braille blank.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc", "Cs"})


def _refused(ch: str, allowed_controls: frozenset[str]) -> bool:
    if ch in BIDI_CONTROLS:
        return True
    category = unicodedata.category(ch)
    return category == "Cs" or (category == "Cc" and ch not in allowed_controls)


def _invisible(ch: str) -> bool:
    return ch in BLANK_LETTERS or unicodedata.category(ch) in INVISIBLE_CATEGORIES


def clean_text(value: Any, limit: int, code: str, what: str, breaks: frozenset[str]) -> str:
    """`value` with runs of spaces folded into one, or `ProtocolError(code)`."""
    if not isinstance(value, str):
        raise ProtocolError(code, f"The {what} must be text.")
    if any(_refused(ch, breaks) for ch in value):
        raise ProtocolError(
            code, f"The {what} may not contain control or text-direction characters."
        )
    text = " ".join(value.split())
    if not text or len(text) > limit:
        raise ProtocolError(code, f"The {what} must have 1 to {limit} characters.")
    if all(_invisible(ch) for ch in text):
        raise ProtocolError(code, f"The {what} must have something visible in it.")
    return text


def clean_name(value: Any) -> str:
    """A display name (1-24 characters, one line), or `ProtocolError("bad_name")`."""
    return clean_text(value, MAX_NAME, "bad_name", "name", frozenset())


def clean_chat(value: Any) -> str:
    """A chat message (1-300 characters, line breaks folded), or `ProtocolError("bad_text")`."""
    return clean_text(value, MAX_CHAT, "bad_text", "message", CHAT_BREAKS)
