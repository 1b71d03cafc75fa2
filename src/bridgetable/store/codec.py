"""JSON encoding of event data and table metadata, shared by the log backends."""

from __future__ import annotations

import json
from typing import Any

import orjson


def encode(value: dict[str, Any]) -> str:
    """Return compact JSON text for a dict; raise ``TypeError`` for anything else.

    >>> encode({"call": "1NT", "seat": "N"})
    '{"call":"1NT","seat":"N"}'
    """
    if not isinstance(value, dict):
        raise TypeError(f"expected a dict, got {type(value).__name__}")
    text = orjson.dumps(value)  # every action is encoded: the fast encoder
    if b"null" in text:  # orjson writes NaN and infinities as null: json refuses them
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.decode()


def decode(text: str) -> dict[str, Any]:
    """Return the dict encoded by :func:`encode`.

    >>> decode('{"call":"1NT"}')
    {'call': '1NT'}
    """
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("stored JSON is not an object")
    return value
