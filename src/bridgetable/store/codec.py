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
    try:
        text: bytes | None = orjson.dumps(value)  # every action passes here: the fast one
    except TypeError:
        text = None
    if text is None or b"null" in text:
        # orjson writes NaN as null and refuses some of what json takes (int keys, say):
        # json decides those, refusing NaN
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
