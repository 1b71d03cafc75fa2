"""The match score as it bears on one deal's bidding (rubber and Chicago).

A side with a partscore below the line needs fewer tricks for game: with 60 below,
2H completes it. On the last deal of a Chicago a made partscore earns a bonus, so a
partscore is worth more against a doubtful game. `ScoreState` carries both; the
rules in this module use them to stop in the contract that completes the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgetable.engine.types import Side, Strain
from bridgetable.engine.variants import RULESETS

GAME_POINTS = 100
"""Points below the line that win a game."""
GAME_LEVEL = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}
"""The lowest level that scores game in each strain, with nothing below the line."""


@dataclass(frozen=True)
class ScoreState:
    """What the match score means for this deal: both sides' partscores and the bonus
    a made partscore earns (Chicago's last deal)."""

    below_line: tuple[int, int] = (0, 0)
    """North-South's and East-West's points below the line in the unfinished game."""
    partscore_bonus: int = 0
    """Bonus a made contract that does not complete a game earns on this deal."""

    def __post_init__(self) -> None:
        if any(not 0 <= points < GAME_POINTS for points in self.below_line):
            raise ValueError(f"points below the line must be 0 to 99, not {self.below_line}")
        if self.partscore_bonus < 0:
            raise ValueError(f"a partscore bonus cannot be negative: {self.partscore_bonus}")

    def below(self, side: Side) -> int:
        """`side`'s points below the line."""
        return self.below_line[0 if side is Side.NS else 1]


NO_SCORE = ScoreState()
"""A deal bid as if nothing were below the line (duplicate-like)."""


def trick_score(level: int, strain: Strain) -> int:
    """Points below the line for `level` odd tricks bid and made, undoubled."""
    if strain is Strain.NT:
        return 40 + 30 * (level - 1)
    return level * (20 if strain in (Strain.C, Strain.D) else 30)


def game_level(score: ScoreState, side: Side, strain: Strain) -> int:
    """The lowest level in `strain` that completes a game for `side`."""
    below = score.below(side)
    for level in range(1, GAME_LEVEL[strain] + 1):
        if below + trick_score(level, strain) >= GAME_POINTS:
            return level
    return GAME_LEVEL[strain]  # pragma: no cover - the plain game level always completes


def score_state_of(sheet: Mapping[str, Any] | None) -> ScoreState:
    """The match score a deal is bid at, read from the scoresheet as views carry it
    (`Scoresheet.to_json()`, whose `next` is the deal under way): partscores below the
    line, and the bonus a partscore earns on a match's last deal (Chicago). Plain when
    there is no usable sheet. Robots bid with it and the table explains their calls
    with it, so both agree."""
    score = sheet or {}
    below = score.get("below_line") or {}
    ruleset = RULESETS.get(score.get("variant", ""))
    number = (score.get("next") or {}).get("number")
    bonus = 0
    if ruleset is not None and ruleset.deals_in_match is not None:
        bonus = ruleset.last_deal_partscore_bonus if number == ruleset.deals_in_match else 0
    ns, ew = (min(GAME_POINTS - 1, max(0, int(below.get(side, 0)))) for side in ("NS", "EW"))
    return ScoreState((ns, ew), bonus)
