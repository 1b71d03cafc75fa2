"""Variants of the game as data: a `Ruleset` is the frozen rules value a match holds.

Rubber bridge is the standard game; Chicago (four-deal bridge) changes only the length
of a match and its scoring. Each rule that differs is a typed field, so the scoresheet
reads fields and never asks for a variant by name, and `Ruleset.differences()` gives
the rules page its comparison table as stable codes for translation.

>>> [d.key for d in CHICAGO.differences() if d.changed][:3]
['length', 'vulnerability', 'passed_out']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgetable.engine.types import Seat, Side, Vulnerability

_NUMBER_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    13: "thirteen",
}

# The fixed Chicago schedule by position in the match: who is vulnerable on that deal.
_FIXED_SCHEDULE = ("none", "dealer", "dealer", "both")


@dataclass(frozen=True, slots=True)
class RuleDifference:
    """One rule compared with the standard game, as short stable codes (not sentences)."""

    key: str
    standard: str
    variant: str

    @property
    def changed(self) -> bool:
        """Whether the variant's rule differs from the standard game's."""
        return self.standard != self.variant


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The rules of a match: the standard game's values unless a variant changes them."""

    name: str
    deals_in_match: int | None = None
    """Deals that make a match; None: play until a side has won `games_to_win` games."""
    games_to_win: int = 2
    """Games that end a rubber (used when `deals_in_match` is None)."""
    fixed_vulnerability: bool = False
    """Vulnerability fixed by the deal's position (Chicago) rather than by games won."""
    passed_out_same_dealer: bool = False
    """A passed-out deal is redealt by the same dealer and is not one of the match's deals."""
    game_bonus_per_game: bool = False
    """Each game is paid when made (300, or 500 if vulnerable on that deal)."""
    rubber_bonus: bool = True
    """The side that wins the rubber scores 700, or 500 if the other side has a game."""
    last_deal_partscore_bonus: int = 0
    """Bonus for a made contract on the match's last deal that does not complete a game."""
    unfinished_rubber_points: bool = True
    """A match stopped early is scored by Law 80 (300 for a game, 100 for a partscore)."""
    two_players_as_rubber: bool = False
    """A table of two plays the two-player game scored as a rubber, not by these rules."""

    def for_players(self, count: int) -> Ruleset:
        """The rules a table of `count` players plays when this variant was chosen."""
        if count not in (2, 4):
            raise ValueError(f"a table has four players or two, not {count}")
        return RUBBER if count == 2 and self.two_players_as_rubber else self

    def vulnerability(
        self, deal_number: int, dealer: Seat, games_won: Mapping[Side, int]
    ) -> Vulnerability:
        """Who is vulnerable on the deal with this 1-based number, dealer and games won."""
        if not self.fixed_vulnerability:
            return Vulnerability.of(games_won[Side.NS] > 0, games_won[Side.EW] > 0)
        who = _FIXED_SCHEDULE[(deal_number - 1) % len(_FIXED_SCHEDULE)]
        if who == "both":
            return Vulnerability.BOTH
        if who == "dealer":
            return Vulnerability(dealer.side.value)
        return Vulnerability.NONE

    def codes(self) -> dict[str, str]:
        """Each rule of this ruleset as a stable code, keyed as in `differences()`."""
        if self.deals_in_match is None:
            length = f"until_{_word(self.games_to_win)}_games"
            winner = "most_points_after_rubber"
        else:
            length = f"{_word(self.deals_in_match)}_deals"
            winner = f"most_points_after_{_word(self.deals_in_match)}_deals"
        bonus = self.last_deal_partscore_bonus
        return {
            "length": length,
            "vulnerability": "fixed_by_deal" if self.fixed_vulnerability else "from_games_won",
            "passed_out": "same_dealer_not_counted"
            if self.passed_out_same_dealer
            else "next_dealer",
            "game_bonus": "each_game_300_500"
            if self.game_bonus_per_game
            else ("rubber_700_500" if self.rubber_bonus else "none"),
            "partscores": "carry_until_game",
            "last_deal_partscore": f"bonus_{bonus}" if bonus else "none",
            "winner": winner,
            "players": "four_or_two_as_rubber" if self.two_players_as_rubber else "four_or_two",
        }

    def differences(self) -> tuple[RuleDifference, ...]:
        """Every rule against the standard game (rubber), in the rules page's order.

        Rules the variant keeps are included with equal codes (see
        `RuleDifference.changed`), so a page can show the whole comparison.
        """
        standard = RUBBER.codes()
        return tuple(RuleDifference(key, standard[key], code) for key, code in self.codes().items())


def _word(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


RUBBER = Ruleset(name="rubber")
"""Rubber bridge, the standard game (Laws of Rubber Bridge, honours not scored)."""

CHICAGO = Ruleset(
    name="chicago",
    deals_in_match=4,
    fixed_vulnerability=True,
    passed_out_same_dealer=True,
    game_bonus_per_game=True,
    rubber_bonus=False,
    last_deal_partscore_bonus=100,
    unfinished_rubber_points=False,
    two_players_as_rubber=True,
)
"""Chicago (four-deal bridge): four deals, fixed vulnerability, each game paid at once."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """How a deal is dealt, bid and played at a table of `players` (the engine's `Deal`
    and `Game` follow these; a test holds them to it)."""

    name: str
    players: int = 4
    stock: int = 0
    """Cards left face down after dealing thirteen to each player."""
    draw_tricks: int = 0
    """Tricks played before the auction to draw the stock (no trump, any card may be played)."""
    passes_after_call: int = 3
    """Passes after a bid, double or redouble that end the auction."""
    dummy: bool = True
    """Whether declarer's partner spreads the hand for declarer to play."""
    scored_as: str = "variant"
    """"variant": by the chosen game's rules; "rubber": always as a rubber."""

    def codes(self) -> dict[str, str]:
        """Each rule as a stable code, keyed as in `differences()`."""
        return {
            "table_players": f"{_word(self.players)}_players",
            "dealing": f"thirteen_each_stock_{self.stock}" if self.stock else "thirteen_each",
            "draw_phase": f"{_word(self.draw_tricks)}_draw_tricks" if self.draw_tricks else "none",
            "auction_end": "one_pass" if self.passes_after_call == 1 else "three_passes",
            "dummy": "dummy" if self.dummy else "no_dummy",
            "opening_lead": "left_of_declarer" if self.players == 4 else "declarers_opponent",
            "table_scoring": "as_rubber" if self.scored_as == "rubber" else "chosen_game",
        }

    def differences(self) -> tuple[RuleDifference, ...]:
        """Every rule against the standard four-player table, in the rules page's order."""
        standard = STANDARD_TABLE.codes()
        return tuple(RuleDifference(key, standard[key], code) for key, code in self.codes().items())


STANDARD_TABLE = TableRules(name="standard")
"""Four players: thirteen cards each, a dummy, three passes after a call end the auction."""

DRAW_BRIDGE = TableRules(
    name="draw",
    players=2,
    stock=26,
    draw_tricks=13,
    passes_after_call=1,
    dummy=False,
    scored_as="rubber",
)
"""Draw Bridge, the two-player game: the stock is drawn in thirteen tricks, then bid and play."""

TABLE_RULES: dict[int, TableRules] = {
    rules.players: rules for rules in (STANDARD_TABLE, DRAW_BRIDGE)
}
"""The table rules by number of players."""

RULESETS: dict[str, Ruleset] = {ruleset.name: ruleset for ruleset in (RUBBER, CHICAGO)}
"""The rulesets by name."""
