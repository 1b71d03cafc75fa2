"""The examples in the store modules' docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from bridgetable.store import codec, factory


@pytest.mark.parametrize("module", [codec, factory])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
