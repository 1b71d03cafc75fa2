"""Two-suited overcalls over their one-level opening: the Michaels cue-bid (two of
their suit: both majors over a minor, the other major and a minor over a major) and
the unusual 2NT (the two lowest suits nobody has bid; after their opening and
response, the two suits they have not bid), with five cards or more in each suit;
partner's answers (the better of the two suits, a jump to invite, game with a fit and
values, 2NT to ask for the minor) and the answer to that ask; and the opening side's
calls over them (`_opener_side`).

In the direct seat and in the balancing seat alike; with more than `MOST` HCP the
hand overcalls or doubles first and bids again, as before. When the player on the
two-suiter's left bids over it, partner still names one of its suits with a fit
(`FREE_BID`) and passes without one."""

from __future__ import annotations

from bridgetable.bots.bidding.inference import Shown
from bridgetable.bots.bidding.rules import Bindings, HandTest, Need, Rule, ShowFn, View, need
from bridgetable.bots.bidding.situations import is_major, is_minor
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.types import Suit

LEAST = 6
"""HCP from which a two-suiter is shown. Scored as bench/bidding_deals.py scores on
seeds 1, 31-38 and 40, 6 instead of 8 gained 51 IMPs (± 27), 18 auctions changed;
8 when vulnerable lost 9 (± 26) on seeds 1 and 31-65, 47 auctions."""
MOST = 15
"""HCP up to which a two-suiter is shown. 11 instead (a two-suiter with 12-15
overcalls and bids again) lost 18 IMPs (± 24) on the same seeds, 34 auctions; on
seeds 1 and 31-65, 13 lost 33 (± 27) and 17 lost 18 (± 21)."""
_LONG = 5
"""Cards in each suit of a two-suiter."""

_LETTER = {Suit.C: "C", Suit.D: "D", Suit.H: "H", Suit.S: "S"}
_SEATS = ("", " P P")
"""The direct seat over the opening, and the balancing seat after two passes. Scored
as bench/bidding_deals.py scores on seeds 1 and 31-65, the direct seat alone lost 31
IMPs (± 28), 26 auctions changed."""


def _minor_too(hand: HandEval, b: Bindings, view: View) -> bool:
    return max(hand.lengths[Suit.C], hand.lengths[Suit.D]) >= _LONG


def _other_major(opened: Suit) -> Suit:
    return Suit.S if opened is Suit.H else Suit.H


def _shows_major_and_minor(major: Suit) -> ShowFn:
    """What the cue-bid over a major shows: five cards in the other major (the minor
    is not told)."""

    def shows(view: View, b: Bindings) -> Shown:
        return Shown((LEAST, MOST), ((major, _LONG, 13),))

    return shows


def _unusual_suits(opened: Suit) -> tuple[Suit, Suit]:
    """The two lowest suits other than the opened one."""
    low = [suit for suit in Suit if suit is not opened]
    return low[0], low[1]


def _michaels() -> tuple[Rule, ...]:
    """The Michaels cue-bid over each opening, in either seat."""
    rules: list[Rule] = []
    for seat in _SEATS:
        for opened in Suit:
            letter = _LETTER[opened]
            pattern = f"1{letter}{seat}"
            if opened <= Suit.D:
                cue = need(LEAST, MOST, H=_LONG, S=_LONG)
                rules.append(
                    Rule("michaels", pattern, f"2{letter}", cue, "michaels_majors", priority=295)
                )
            else:
                major = _other_major(opened)
                cue = need(LEAST, MOST, suits={_LETTER[major]: _LONG}, test=_minor_too)
                rules.append(
                    Rule(
                        "michaels",
                        pattern,
                        f"2{letter}",
                        cue,
                        "michaels_major_minor",
                        priority=295,
                        extra=(("target", _LETTER[major]),),
                        shows=_shows_major_and_minor(major),
                    )
                )
    return tuple(rules)


def _longer(suit: Suit, other: Suit) -> HandTest:
    """A test: `suit` longer than `other` in my hand, or as long and the one to choose
    between equals: a major before a minor, else the cheaper."""
    first = (suit >= Suit.H, -suit) > (other >= Suit.H, -other)

    def test(hand: HandEval, b: Bindings, view: View) -> bool:
        mine, theirs = hand.lengths[suit], hand.lengths[other]
        return mine > theirs or (mine == theirs and first)

    return test


FREE_BID = 8
"""HCP with which partner of the two-suiter still names a suit of it with three cards
when the player on its right has bid (four cards name it on any values). Scored as
bench/bidding_deals.py scores on seeds 1 and 31-65, 8 instead of 6 gained 15 IMPs
(± 18), 14 auctions changed."""


def _game(prefix: str, suit: Suit, test: HandTest | None = None) -> Rule:
    """Game in one of partner's suits with a fit and values. A major game from 10
    points (and the invitation on 8-9) lost 23 IMPs (± 27) on seeds 1 and 31-65 of
    bench/bidding_deals.py; a minor game from 15 instead of 13 lost 2 (4 auctions)."""
    letter = _LETTER[suit]
    if suit >= Suit.H:
        wanted = need(pts=(11, 37), trump=suit, suits={letter: 3}, test=test)
        return Rule("two_suit_game", prefix, f"4{letter}", wanted, "game_in_suit", priority=300)
    wanted = need(pts=(13, 37), trump=suit, suits={letter: 4}, test=test)
    return Rule("two_suit_game", prefix, f"5{letter}", wanted, "game_in_suit", priority=299)


def _prefer(
    prefix: str, suit: Suit, free: bool, test: HandTest | None = None, least: int = 0
) -> tuple[Rule, ...]:
    """One of partner's suits at the cheapest level: with `least` cards or more when the
    player on my right passed, `FREE_BID` HCP with three cards or any hand with four
    when it bid."""
    letter = _LETTER[suit]
    levels = (2, 3) if suit >= Suit.H else (2, 4)

    def rule(wanted: Need, priority: int) -> Rule:
        call = f"~{letter}"
        return Rule(
            "two_suit_preference",
            prefix,
            call,
            wanted,
            "two_suit_preference",
            priority,
            levels=levels,
        )

    if not free:
        return (rule(need(suits={letter: least}, test=test), 290),)
    return (
        rule(need(suits={letter: 4}, test=test), 290),
        rule(need(FREE_BID, suits={letter: 3}, test=test), 289),
    )


def _choose(prefix: str, first: Suit, second: Suit, free: bool) -> tuple[Rule, ...]:
    """Partner showed `first` and `second`: game with a fit and values, a jump to
    invite in a major (when the player on my right passed), else the longer of the two
    at the cheapest level."""
    rules: list[Rule] = []
    for suit, other in ((first, second), (second, first)):
        letter = _LETTER[suit]
        longer = _longer(suit, other)
        rules.append(_game(prefix, suit, longer))
        if suit >= Suit.H and not free:
            rules.append(
                Rule(
                    "two_suit_invite",
                    prefix,
                    f"~~{letter}",
                    need(pts=(9, 10), trump=suit, suits={letter: 3}, test=longer),
                    "jump_raise",
                    priority=295,
                    levels=(3, 3),
                    flags=("invite",),
                )
            )
        rules += _prefer(prefix, suit, free, longer)
    return tuple(rules)


def _major_and_minor(prefix: str, major: Suit, free: bool) -> tuple[Rule, ...]:
    """Partner showed `major` and a minor: game or the major with support; else 2NT
    asks for the minor, which partner then bids."""
    rules = (_game(prefix, major), *_prefer(prefix, major, free, least=3))
    if free:
        return rules
    ask = Rule(
        "michaels_ask", prefix, "2N", need(), "michaels_ask", priority=280, flags=("forcing",)
    )
    answer = Rule(
        "michaels_minor", f"{prefix} 2N _", "3{m}", need(m=_LONG), "michaels_minor", priority=300
    )
    return (*rules, ask, answer)


def _free_pass(pattern: str) -> Rule:
    """Partner of the two-suiter passes the opponents' bid without a fit."""
    return Rule("two_suit_pass", pattern, "P", need(), "no_support_pass", priority=100)


_RIGHT = (("_", False), ("*", True))
"""The player on partner's right passed (or doubled), or bid: whether partner's answer is
a free bid."""


def _michaels_answers() -> tuple[Rule, ...]:
    """Partner's answers to the Michaels cue-bid."""
    rules: list[Rule] = []
    for seat in _SEATS:
        for opened in Suit:
            letter = _LETTER[opened]
            for right, free in _RIGHT:
                cue = f"1{letter}{seat} 2{letter} {right}"
                if opened <= Suit.D:
                    rules += _choose(cue, Suit.H, Suit.S, free)
                else:
                    rules += _major_and_minor(cue, _other_major(opened), free)
                if free:
                    rules.append(_free_pass(cue))
    return tuple(rules)


def _unusual(pattern: str, low: Suit, high: Suit) -> tuple[Rule, ...]:
    """2NT after `pattern` with five cards or more in `low` and `high`, and partner's
    answers (a pass without a fit when the player on its right bids)."""
    suits = {_LETTER[low]: _LONG, _LETTER[high]: _LONG}
    wanted = need(LEAST, MOST, suits=suits)
    rules = [Rule("unusual_2nt", pattern, "2N", wanted, "unusual_nt", priority=295)]
    for right, free in _RIGHT:
        rules += _choose(f"{pattern} 2N {right}", low, high, free)
        if free:
            rules.append(_free_pass(f"{pattern} 2N {right}"))
    return tuple(rules)


def _unusual_over_opening() -> tuple[Rule, ...]:
    """The unusual 2NT over each opening, in either seat: the two lowest other suits."""
    return tuple(
        rule
        for seat in _SEATS
        for opened in Suit
        for rule in _unusual(f"1{_LETTER[opened]}{seat}", *_unusual_suits(opened))
    )


def _shown_on_my_right(view: View) -> list[Suit]:
    """The suits the player on my right (the two-suiter) has shown five cards in."""
    right = view.hands[view.auction.seat_of(len(view.auction.calls) - 1)]
    return [suit for suit in Suit if right.min_length(suit) >= _LONG]


def _their_long_suits_stopped(hand: HandEval, b: Bindings, view: View) -> bool:
    """Every suit the two-suiter has shown is stopped."""
    return all(hand.stopper(suit) for suit in _shown_on_my_right(view))


def _not_theirs(hand: HandEval, b: Bindings, view: View) -> bool:
    """The suit bound to y is not one the two-suiter has shown."""
    return b["y"] not in _shown_on_my_right(view)


TWO_SUIT_3NT = 11
"""HCP with which opener's partner bids 3NT over a two-suiter, both its suits stopped.
Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, 11 instead of 13 gained
25 IMPs (± 20), 28 auctions changed (+4 on seeds 1 and 31-45, +10 on 46-55, +11 on
56-65); 10 lost 3 (± 29)."""


TWO_SUIT_GAME = 10
"""Support points with which opener's partner raises a major to game over a two-suiter,
with four trumps. Scored as bench/bidding_deals.py scores on seeds 1 and 31-65, 10
instead of 11 gained 12 IMPs (± 18), 11 auctions changed (+4 on seeds 1 and 31-45, +5
on 46-55, +3 on 56-65)."""


def _opener_side(x: str) -> tuple[Rule, ...]:
    """Opener's partner over the two-suiter (the opening bound to `x`): a raise with
    support (game with values in a major), 3NT with their suits stopped and
    `TWO_SUIT_3NT` HCP, a five-card suit of its own (game in a six-card major with opening
    values), a double with values to punish them, else a pass."""
    rules: list[Rule] = []
    for call in (f"2{{{x}}}", "2N"):
        pattern = f"1{{{x}}} {call}"
        rules += [
            Rule(
                "two_suit_game_raise",
                pattern,
                f"4{{{x}}}",
                need(pts=(TWO_SUIT_GAME, 37), trump=x, suits={x: 4}),
                "raise_to_game",
                priority=300,
                when=is_major(x),
            ),
            Rule(
                "two_suit_3nt",
                pattern,
                "3N",
                need(TWO_SUIT_3NT, test=_their_long_suits_stopped),
                "nt_game",
                priority=296,
            ),
            Rule(
                "two_suit_raise",
                pattern,
                f"~{{{x}}}",
                need(pts=(6, 10), trump=x, suits={x: 3}),
                "single_raise",
                priority=290,
                when=is_major(x),
                levels=(2, 3),
            ),
            Rule(
                "two_suit_raise",
                pattern,
                f"~{{{x}}}",
                need(6, 10, suits={x: 5}),
                "single_raise",
                priority=289,
                when=is_minor(x),
                levels=(3, 3),
            ),
            Rule(
                "two_suit_own_game",
                pattern,
                "4{y}",
                need(12, y=6, test=_not_theirs),
                "game_in_suit",
                priority=297,
                when=is_major("y"),
            ),
            Rule(
                "two_suit_new_suit",
                pattern,
                "~{y}",
                need(8, y=5, test=_not_theirs),
                "new_suit",
                priority=285,
                levels=(2, 3),
            ),
            Rule(
                "two_suit_double",
                pattern,
                "X",
                need(10),
                "double_two_suiter",
                priority=280,
                flags=("penalty",),
            ),
            Rule("two_suit_pass", pattern, "P", need(), "no_support_pass", priority=100),
        ]
    return tuple(rules)


def _sandwich() -> tuple[Rule, ...]:
    """After their opening and one-level response, 2NT shows the two suits they have
    not bid (five cards or more in each), and partner picks the longer. Scored as
    bench/bidding_deals.py scores on seeds 1 and 31-65: +57 IMPs (± 39), 96 auctions
    changed (+12 on seeds 1 and 31-45, +40 on 46-55, +5 on 56-65). Choosing a major
    before a minor of the same length (`_longer`) added 13 (+70 (± 42), 104 auctions)."""
    rules: list[Rule] = []
    for opened in Suit:
        for answered in Suit:
            if answered <= opened:
                continue
            low, high = (suit for suit in Suit if suit not in (opened, answered))
            rules += _unusual(f"1{_LETTER[opened]} P 1{_LETTER[answered]}", low, high)
    return tuple(rules)


RULES: tuple[Rule, ...] = (
    _michaels() + _michaels_answers() + _unusual_over_opening() + _opener_side("x") + _sandwich()
)
"""The two-suited overcalls, partner's answers and the opening side's calls over them."""
