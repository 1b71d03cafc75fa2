"""The rules pages' comparison table, drawn from a ruleset's own rule declarations.

`Ruleset.differences()` gives stable codes; this module only maps each code to a
sentence (marked for translation with `N_`), so no rule is typed twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bridgetable.engine.variants import RuleDifference
from bridgetable.web.i18n import N_

RULE_LABELS: dict[str, str] = {
    "length": N_("Length of a match"),
    "vulnerability": N_("Vulnerability"),
    "passed_out": N_("A passed-out deal"),
    "game_bonus": N_("Bonus for a game"),
    "partscores": N_("Partscores"),
    "last_deal_partscore": N_("Partscore on the last deal"),
    "winner": N_("Who wins"),
    "players": N_("Players"),
    "table_players": N_("Players"),
    "dealing": N_("The deal"),
    "draw_phase": N_("Before the auction"),
    "auction_end": N_("End of the auction"),
    "dummy": N_("Dummy"),
    "opening_lead": N_("Opening lead"),
    "table_scoring": N_("Scoring"),
}
"""The row heading of each rule key."""

RULE_SENTENCES: dict[tuple[str, str], str] = {
    ("length", "until_two_games"): N_("A rubber: deals go on until one side has won two games."),
    ("length", "four_deals"): N_("Exactly four deals; each player deals once."),
    ("vulnerability", "from_games_won"): N_(
        "Nobody is vulnerable at first; a side that wins a game becomes vulnerable."
    ),
    ("vulnerability", "fixed_by_deal"): N_(
        "Set by the deal: nobody on the first, only the dealer's side on the second "
        "and third, both sides on the fourth."
    ),
    ("passed_out", "next_dealer"): N_("The next player deals."),
    ("passed_out", "same_dealer_not_counted"): N_(
        "The same player deals again; the passed-out deal is not one of the four."
    ),
    ("game_bonus", "rubber_700_500"): N_(
        "Nothing for a single game. The side that wins the rubber scores 700, or 500 "
        "if the other side has won a game too."
    ),
    ("game_bonus", "each_game_300_500"): N_(
        "Every game is paid at once: 300, or 500 if the side that made it is "
        "vulnerable on that deal. There is no rubber bonus."
    ),
    ("game_bonus", "none"): N_("No bonus for games."),
    ("partscores", "carry_until_game"): N_(
        "Trick points below the line add up from deal to deal until a side reaches "
        "100; then both sides start again from zero."
    ),
    ("last_deal_partscore", "none"): N_("No bonus."),
    ("last_deal_partscore", "bonus_100"): N_(
        "A partscore made on the fourth deal that does not complete a game scores 100."
    ),
    ("winner", "most_points_after_rubber"): N_(
        "When the rubber ends, the side with more points in all."
    ),
    ("winner", "most_points_after_four_deals"): N_(
        "After the fourth deal, the side with more points; equal totals are a draw."
    ),
    ("players", "four_or_two"): N_(
        "Four, in two partnerships; a table of two plays the two-player game."
    ),
    ("players", "four_or_two_as_rubber"): N_(
        "Exactly four; a table of two plays the two-player game, scored as a rubber."
    ),
    ("table_players", "four_players"): N_("Four, in two partnerships."),
    ("table_players", "two_players"): N_("Two, each playing alone: North and East."),
    ("dealing", "thirteen_each"): N_("Thirteen cards to each player."),
    ("dealing", "thirteen_each_stock_26"): N_(
        "Thirteen cards to each player; the other twenty-six are the stock, face down."
    ),
    ("draw_phase", "none"): N_("Nothing: the dealer opens the auction."),
    ("draw_phase", "thirteen_draw_tricks"): N_(
        "Thirteen tricks at no trump that score nothing, with no need to follow suit. "
        "The winner of each takes the top card of the stock, the loser the next one."
    ),
    ("auction_end", "three_passes"): N_("Three passes in a row after any call."),
    ("auction_end", "one_pass"): N_("One pass after any call."),
    ("dummy", "dummy"): N_("Declarer's partner spreads the hand face up and declarer plays it."),
    ("dummy", "no_dummy"): N_("No dummy: each player plays their own hand."),
    ("opening_lead", "left_of_declarer"): N_("The player on declarer's left."),
    ("opening_lead", "declarers_opponent"): N_("Declarer's opponent."),
    ("table_scoring", "chosen_game"): N_("By the game chosen for the table: rubber or Chicago."),
    ("table_scoring", "as_rubber"): N_("Always as a rubber, whatever game was chosen."),
}
"""The sentence for each (rule key, code) a ruleset or table declaration can declare."""


class Declared(Protocol):
    """Rules that compare themselves with the standard game (a `Ruleset`, `TableRules`)."""

    def differences(self) -> tuple[RuleDifference, ...]: ...


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One translated row of the comparison table."""

    key: str
    label: str
    standard: str
    variant: str
    changed: bool


def rule_rows(ruleset: Declared, gettext: Callable[[str], str]) -> list[RuleRow]:
    """The comparison of `ruleset` with the standard game, translated by `gettext`."""
    return [
        RuleRow(
            key=difference.key,
            label=gettext(RULE_LABELS[difference.key]),
            standard=gettext(RULE_SENTENCES[(difference.key, difference.standard)]),
            variant=gettext(RULE_SENTENCES[(difference.key, difference.variant)]),
            changed=difference.changed,
        )
        for difference in ruleset.differences()
    ]
