"""Explanations of calls as data: a message id plus parameters, never prose.

The web layer renders `Explanation(message, params)` in each language from its own
catalogue keyed by the message id; `MESSAGES` is the English catalogue, used by
`Explanation.english()` for tests and logs. Suit parameters are letters (C, D, H, S,
and NT for a strain) so that every language can render its own suit names or symbols.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bridgetable.bots.bidding.messages import DETAILS, MESSAGES

_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}


@dataclass(frozen=True)
class Explanation:
    """The meaning of a call: a translatable message id and its parameters."""

    message: str
    params: Mapping[str, int | str] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.message, tuple(sorted(self.params.items()))))

    def english(self) -> str:
        """The explanation in English (for tests, logs and the English catalogue)."""
        params = self.params
        values = _Params({k: _render(k, v) for k, v in params.items()})
        parts = [MESSAGES.get(self.message, self.message).format_map(values)]
        if "min" in params:
            key = "hcp_min" if params.get("max", 37) == 37 else "hcp_range"
            parts.append(DETAILS[key].format_map(values))
        if "length" in params:
            parts.append(DETAILS["length"].format_map(values))
        return "; ".join(parts)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form: {"message": id, "params": {...}}."""
        return {"message": self.message, "params": dict(self.params)}


class _Params(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


def _render(key: str, value: int | str) -> str:
    if isinstance(value, str) and value in _SUIT_NAMES:
        return _SUIT_NAMES[value]
    return str(value)
