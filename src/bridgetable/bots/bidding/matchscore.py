"""Bidding at the match score: stop in the contract that completes the game.

With a partscore below the line a lower contract wins the game (`score.game_level`):
with 60 below, 2H is game. Responder raises partner's natural suit to that level
with a fit and values for it, and either partner passes once a natural, non-forcing
bid of partner's completes the game, unless the hand has slam values. These rules
only fire when the score makes a contract short of the usual game level a game.
"""

from __future__ import annotations

from bridgetable.bots.bidding.inference import Shown
from bridgetable.bots.bidding.rules import Bindings, Rule, View, need
from bridgetable.bots.bidding.score import GAME_LEVEL, game_level
from bridgetable.bots.bidding.situations import fit, rho_passed, strength
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.calls import Bid
from bridgetable.engine.types import Strain, Suit

_ASKS = ("forcing", "game_force", "blackwood", "ace_answer", "takeout", "penalty")
SLAM_POINTS = 31
"""Combined points from which a hand looks beyond the game for a slam."""


def _partner_natural_bid(view: View) -> Bid | None:
    """Partner's latest call if it is the last bid, natural (shows length in a suit
    bid, or is notrump) and asks nothing of me."""
    last = view.partner_last
    if last is None or not isinstance(last.call, Bid) or view.auction.last_bid != last.call:
        return None
    if any(flag in last.rule.flags for flag in _ASKS):
        return None
    bid = last.call
    if bid.strain is not Strain.NT:
        shown = {suit: lo for suit, lo, _ in last.shown.lengths}
        if shown.get(Suit(bid.strain), 0) < 3:
            return None
    return bid


def _short_game(view: View, strain: Strain, level: int) -> bool:
    """`level` in `strain` completes our game at this score, below the usual level."""
    return game_level(view.score, view.side, strain) <= level < GAME_LEVEL[strain]


def _partner_completed(view: View, b: Bindings) -> bool:
    bid = _partner_natural_bid(view)
    return bid is not None and rho_passed(view, b) and _short_game(view, bid.strain, bid.level)


def _content(hand: HandEval, b: Bindings, view: View) -> bool:
    """No slam in view, and partner's strain will do (a fit, or notrump)."""
    bid = _partner_natural_bid(view)
    assert bid is not None
    if strength(hand, view) + view.partner.hcp_min >= SLAM_POINTS:
        return False
    return bid.strain is Strain.NT or fit(hand, view, Suit(bid.strain)) >= 7


def _raise_completes(view: View, b: Bindings) -> bool:
    """Partner's natural suit can be raised, cheapest, to a level that completes our
    game at this score."""
    bid = _partner_natural_bid(view)
    if bid is None or bid.strain is Strain.NT or int(bid.strain) != int(b["x"]):
        return False
    if _short_game(view, bid.strain, bid.level):
        return False  # already game: `_partner_completed` decides
    last = view.auction.last_bid
    assert last is not None
    level = last.level + (1 if last.rank >= Bid(last.level, bid.strain).rank else 0)
    return _short_game(view, bid.strain, level)


def _raise_values(hand: HandEval, b: Bindings, view: View) -> bool:
    """An eight-card fit and about the points the contract needs: seven tricks plus
    the level, at some three points a trick over six, short of slam values."""
    suit = b["x"]
    total = strength(hand, view) + view.partner.hcp_min
    last = view.auction.last_bid
    assert last is not None
    level = last.level + (1 if last.rank >= Bid(last.level, Strain(suit)).rank else 0)
    return fit(hand, view, suit) >= 8 and 17 + 2 * level <= total < SLAM_POINTS


def _shows_raise(view: View, b: Bindings) -> Shown:
    """Support (enough cards for eight together, at least three) and the points of
    `_raise_values`, less some shape."""
    suit = b["x"]
    last = view.auction.last_bid
    level = 2 if last is None else last.level + 1
    partner = view.partner.hcp_min
    hcp = (max(0, 13 + 2 * level - partner), max(0, SLAM_POINTS - 1 - partner))
    return Shown(hcp, ((suit, max(3, 8 - view.partner.min_length(suit)), 13),))


RULES: tuple[Rule, ...] = (
    Rule(
        "score_stop",
        None,
        "P",
        need(test=_content),
        "minimum_pass",
        priority=400,
        when=_partner_completed,
    ),
    Rule(
        "score_raise",
        None,
        "~{x}",
        need(test=_raise_values),
        "game_in_fit",
        priority=399,
        when=_raise_completes,
        shows=_shows_raise,
    ),
)
"""The score-aware rules; they rank above the set sequences."""
