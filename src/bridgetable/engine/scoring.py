"""The score of one deal by the Laws of Rubber Bridge (honours not scored).

Every figure is in a table below; `score_deal` only looks them up. Game, rubber and
Chicago bonuses depend on the match and are written by the scoresheet.

>>> from bridgetable.engine.types import Seat
>>> [(i.kind.value, i.side.value, i.points) for i in score_deal(
...     Contract(4, Strain.H, Doubling.DOUBLED, Seat.S), 11, vulnerable=False)]
[('trick_points', 'NS', 240), ('overtricks', 'NS', 100), ('insult', 'NS', 50)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgetable.engine.calls import Contract, Doubling
from bridgetable.engine.types import Side, Strain


class ScoreKind(Enum):
    """What a scoresheet entry is for."""

    TRICK_POINTS = "trick_points"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    GAME_BONUS = "game_bonus"
    LAST_DEAL_PARTSCORE = "last_deal_partscore"
    RUBBER_BONUS = "rubber_bonus"
    UNDERTRICKS = "undertricks"
    UNFINISHED_RUBBER = "unfinished_rubber"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One entry on the scoresheet: points for a side, below or above the line."""

    kind: ScoreKind
    side: Side
    points: int
    below_line: bool


FIRST_TRICK: dict[Strain, int] = {
    Strain.C: 20,
    Strain.D: 20,
    Strain.H: 30,
    Strain.S: 30,
    Strain.NT: 40,
}
"""Undoubled trick points for the first odd trick bid and made."""

LATER_TRICK: dict[Strain, int] = {
    Strain.C: 20,
    Strain.D: 20,
    Strain.H: 30,
    Strain.S: 30,
    Strain.NT: 30,
}
"""Undoubled trick points for each later odd trick, and for each undoubled overtrick."""

MULTIPLIER: dict[Doubling, int] = {
    Doubling.UNDOUBLED: 1,
    Doubling.DOUBLED: 2,
    Doubling.REDOUBLED: 4,
}
"""Trick-point multiplier by doubling."""

DOUBLED_OVERTRICK: dict[tuple[Doubling, bool], int] = {
    (Doubling.DOUBLED, False): 100,
    (Doubling.DOUBLED, True): 200,
    (Doubling.REDOUBLED, False): 200,
    (Doubling.REDOUBLED, True): 400,
}
"""Each overtrick of a doubled or redoubled contract, by (doubling, vulnerable)."""

INSULT: dict[Doubling, int] = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
"""Bonus for making a doubled or redoubled contract."""

SLAM: dict[tuple[int, bool], int] = {
    (6, False): 500,
    (6, True): 750,
    (7, False): 1000,
    (7, True): 1500,
}
"""Slam bonus bid and made, by (level, vulnerable)."""

UNDERTRICK_STEPS: dict[tuple[Doubling, bool], tuple[int, int, int, int]] = {
    (Doubling.UNDOUBLED, False): (50, 50, 50, 50),
    (Doubling.UNDOUBLED, True): (100, 100, 100, 100),
    (Doubling.DOUBLED, False): (100, 200, 200, 300),
    (Doubling.DOUBLED, True): (200, 300, 300, 300),
    (Doubling.REDOUBLED, False): (200, 400, 400, 600),
    (Doubling.REDOUBLED, True): (400, 600, 600, 600),
}
"""Penalty for the 1st, 2nd and 3rd undertrick and each one after, by (doubling, vulnerable)."""


def trick_points(contract: Contract) -> int:
    """Points below the line for the odd tricks of a contract bid and made."""
    strain = contract.strain
    undoubled = FIRST_TRICK[strain] + LATER_TRICK[strain] * (contract.level - 1)
    return undoubled * MULTIPLIER[contract.doubling]


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """What the defenders score when declarer is `down` tricks short (0-13)."""
    steps = UNDERTRICK_STEPS[doubling, vulnerable]
    return sum(steps[min(n, len(steps) - 1)] for n in range(down))


def score_deal(contract: Contract, tricks: int, vulnerable: bool) -> list[ScoreItem]:
    """Every entry one deal writes: `tricks` are those won by declarer's side (0-13).

    `vulnerable` is whether the declaring side is vulnerable. Entries worth nothing
    are left out; game, rubber and match bonuses are not included.
    """
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be an integer 0-13, not {tricks!r}")
    side, doubling = contract.side, contract.doubling
    margin = tricks - contract.tricks_needed
    if margin < 0:
        points = undertrick_penalty(-margin, doubling, vulnerable)
        return [ScoreItem(ScoreKind.UNDERTRICKS, side.other, points, False)]
    if doubling is Doubling.UNDOUBLED:
        overtrick = LATER_TRICK[contract.strain]
    else:
        overtrick = DOUBLED_OVERTRICK[doubling, vulnerable]
    above = (
        (ScoreKind.OVERTRICKS, overtrick * margin),
        (ScoreKind.INSULT, INSULT[doubling]),
        (ScoreKind.SLAM, SLAM.get((contract.level, vulnerable), 0)),
    )
    items = [ScoreItem(ScoreKind.TRICK_POINTS, side, trick_points(contract), True)]
    items.extend(ScoreItem(kind, side, points, False) for kind, points in above if points)
    return items
