"""Event encoding: the same text as compact json, and the same refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgetable.store.codec import decode, encode

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def compact(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@given(st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=5))
def test_encoding_is_compact_json(value: dict[str, Any]) -> None:
    assert encode(value) == compact(value)
    assert decode(encode(value)) == value


def test_what_only_json_accepts_is_encoded_as_json() -> None:
    assert encode({"seat": None, "name": "Åse ♠"}) == '{"seat":null,"name":"Åse ♠"}'
    assert encode({1: "one"}) == '{"1":"one"}'  # type: ignore[dict-item]


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_nan_and_infinity_are_refused(bad: float) -> None:
    with pytest.raises(ValueError):
        encode({"x": bad})
