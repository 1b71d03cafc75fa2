"""The rule type: one declarative entry of the bidding system.

A `Rule` says: in this auction situation (`auction` pattern plus an optional `when`
test), with a hand that meets `need`, make `call`; the call then means `say`.
Tables of rules live one module per part of the system; `matcher` walks them.

Auction patterns are written over the calls from the opening bid on, one token a
call, so a pattern's length fixes who made each call (the last token is the right-hand
opponent's, the one before it partner's, and so on). An empty pattern means nobody has
bid yet. Tokens:

- ``P``, ``X``, ``XX``, ``1C`` … ``7N``: exactly that call;
- ``2{x}``: a bid at that level in a suit bound to the variable ``x``; ``?{x}``: at
  any level. Variables named ``M…`` are majors, ``m…`` minors, others any suit;
  different names are different suits;
- ``.``: any call; ``_``: any call but a bid (pass, double, redouble); ``*``: any bid.

Call templates: ``P``, ``X``, ``XX``, a bid such as ``2N`` or ``3{x}``, ``~{x}`` for the
cheapest legal bid in a strain and ``~~{x}`` for one level above that (a jump). A
variable used in the call but not bound by the pattern is chosen from the hand: every
suit it may stand for is tried, in the order given by `prefer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.explanation import Explanation
from bridgetable.bots.bidding.inference import HandInference, Shown
from bridgetable.bots.bidding.score import NO_SCORE, ScoreState
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.calls import PASS, Bid, Call
from bridgetable.engine.types import Seat, Side, Strain, Suit

SuitRef = Suit | str
"""A concrete suit or the name of a suit variable."""
Bindings = Mapping[str, Suit]
"""Suit variables bound while matching a rule."""
HandTest = Callable[[HandEval, Bindings, "View"], bool]
ViewTest = Callable[["View", Bindings], bool]
ShowFn = Callable[["View", Bindings], Shown]

_SUIT_KEYS = {"C": Suit.C, "D": Suit.D, "H": Suit.H, "S": Suit.S}


def resolve(ref: SuitRef, bindings: Bindings) -> Suit | None:
    """The suit a reference stands for, or None if it is an unbound variable."""
    return ref if isinstance(ref, Suit) else bindings.get(ref)


@dataclass(frozen=True)
class Need:
    """What a rule requires of the hand, and so what its call shows."""

    hcp: tuple[int, int] = (0, 37)
    pts: tuple[int, int] | None = None
    """Range of total points (HCP plus length), or support points when `trump` is set."""
    trump: SuitRef | None = None
    lengths: tuple[tuple[SuitRef, int, int], ...] = ()
    balanced: bool | None = None
    stoppers: tuple[SuitRef, ...] = ()
    test: HandTest | None = None
    """Any further condition, for what the fields above cannot say."""

    def accepts(self, hand: HandEval, bindings: Bindings, view: View) -> bool:
        """Whether `hand` meets every condition."""
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        for ref, lo, hi in self.lengths:
            suit = resolve(ref, bindings)
            if suit is not None and not lo <= hand.lengths[suit] <= hi:
                return False
        if self.balanced is not None and hand.balanced != self.balanced:
            return False
        if self.pts is not None:
            trump = None if self.trump is None else resolve(self.trump, bindings)
            points = hand.total_points if trump is None else hand.support_points(trump)
            if not self.pts[0] <= points <= self.pts[1]:
                return False
        for ref in self.stoppers:
            suit = resolve(ref, bindings)
            if suit is not None and not hand.stopper(suit):
                return False
        return self.test is None or self.test(hand, bindings, view)

    def shown(self, bindings: Bindings) -> Shown:
        """What meeting this need shows to the other players."""
        hcp = self.hcp
        if self.pts is not None and hcp == (0, 37):
            hcp = (max(0, self.pts[0] - 3), self.pts[1])
        lengths = []
        for ref, lo, hi in self.lengths:
            suit = resolve(ref, bindings)
            if suit is not None:
                lengths.append((suit, lo, hi))
        return Shown(hcp, tuple(lengths), bool(self.balanced))


def need(
    lo: int = 0,
    hi: int = 37,
    *,
    pts: tuple[int, int] | None = None,
    trump: SuitRef | None = None,
    bal: bool | None = None,
    stop: tuple[SuitRef, ...] = (),
    test: HandTest | None = None,
    suits: Mapping[str, int | tuple[int, int]] | None = None,
    **lengths: int | tuple[int, int],
) -> Need:
    """Build a `Need`: HCP from `lo` to `hi`; each keyword a suit (C, D, H, S) or a
    variable with its least length (an int) or its length range (a pair); `suits` is
    the same for keys computed at run time."""
    spec: list[tuple[SuitRef, int, int]] = []
    for key, value in {**(suits or {}), **lengths}.items():
        ref: SuitRef = _SUIT_KEYS.get(key, key)
        low, high = (value, 13) if isinstance(value, int) else value
        spec.append((ref, low, high))
    stops = tuple(_SUIT_KEYS.get(s, s) if isinstance(s, str) else s for s in stop)
    trumps = _SUIT_KEYS.get(trump, trump) if isinstance(trump, str) else trump
    return Need((lo, hi), pts, trumps, tuple(spec), bal, stops, test)


ANY = Need()
"""No condition on the hand."""


@dataclass(frozen=True)
class Rule:
    """One entry of the bidding system (see the module docstring)."""

    id: str
    """Stable identifier, e.g. "open_1nt"."""
    auction: str | None
    """Pattern of the calls since the opening bid; None matches any auction."""
    call: str
    """The call template."""
    need: Need = ANY
    say: str = "natural"
    """Message id of the explanation."""
    priority: int = 0
    """Higher is tried first; equal priorities keep table order."""
    when: ViewTest | None = None
    """Further condition on the auction and the bound suits (never on the hand), so
    that explaining a call can check it too."""
    flags: tuple[str, ...] = ()
    """Properties of the call partner acts on: forcing, game_force, invite, signoff,
    penalty, takeout, blackwood, ace_answer; "agrees" for a raise that makes partner's
    major the fit even with seven cards together; and "rare" for a fallback or judgment
    call that the explanation of the call leaves out."""
    levels: tuple[int, int] = (1, 7)
    """Allowed levels of the bid (for ~ templates)."""
    prefer: str = "long"
    """Order to try a free suit variable: "long" (longest first), "cheap", or "major"
    (a four-card or longer major first, longest first, then the rest by length)."""
    extra: tuple[tuple[str, int | str], ...] = ()
    """More explanation params; a value "{x}" is replaced by the suit bound to x."""
    shows: ShowFn | None = None
    """What the call shows when it depends on the auction (default: from `need`)."""


@dataclass(frozen=True)
class Meaning:
    """What one call of the auction meant: the rule that explains it."""

    call: Call
    rule: Rule
    bindings: Mapping[str, Suit]
    explanation: Explanation
    shown: Shown


@dataclass(frozen=True)
class View:
    """The auction as a robot at the table sees it, plus the meaning of each call and
    what they show about each hand. Holds no hand."""

    auction: Auction
    meanings: tuple[Meaning | None, ...]
    hands: Mapping[Seat, HandInference] = field(default_factory=dict)
    score: ScoreState = NO_SCORE
    """The match score this deal is bid at (public, like the auction)."""
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """Derived values computed once per view (by the matcher)."""

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that made each call so far."""
        return tuple(self.auction.seat_of(i) for i in range(len(self.meanings)))

    @property
    def seat(self) -> Seat:
        """The seat to call."""
        return self.auction.turn

    @property
    def side(self) -> Side:
        """The side of the seat to call."""
        return self.seat.side

    @property
    def me(self) -> HandInference:
        """What my own calls have shown."""
        return self.hands.get(self.seat, HandInference())

    @property
    def partner(self) -> HandInference:
        """What partner's calls have shown."""
        return self.hands.get(self.seat.partner, HandInference())

    def meanings_of(self, seat: Seat) -> list[Meaning]:
        """The explained calls `seat` has made, in order."""
        return [m for m, s in zip(self.meanings, self.seats, strict=True) if m and s == seat]

    def last_of(self, seat: Seat) -> Meaning | None:
        """The meaning of `seat`'s latest call (None if unexplained or no call)."""
        seats = self.seats
        for index in range(len(seats) - 1, -1, -1):
            if seats[index] == seat:
                return self.meanings[index]
        return None

    @cached_property
    def partner_last(self) -> Meaning | None:
        """The meaning of partner's latest call."""
        return self.last_of(self.seat.partner)

    def side_has(self, flag: str, side: Side | None = None) -> bool:
        """Whether any call of `side` (default: mine) carried `flag`."""
        side = self.side if side is None else side
        return any(
            m is not None and flag in m.rule.flags and s.side == side
            for m, s in zip(self.meanings, self.seats, strict=True)
        )

    @cached_property
    def our_suits(self) -> frozenset[Suit]:
        """Suits our side has bid."""
        return self._suits_of(self.side)

    @cached_property
    def their_suits(self) -> frozenset[Suit]:
        """Suits the opponents have bid."""
        return self._suits_of(self.side.other)

    @cached_property
    def unbid_suits(self) -> frozenset[Suit]:
        """Suits nobody has bid."""
        return frozenset(Suit) - self.our_suits - self.their_suits

    def _suits_of(self, side: Side) -> frozenset[Suit]:
        auction = self.auction
        return frozenset(
            Suit(call.strain)
            for i, call in enumerate(auction.calls)
            if isinstance(call, Bid)
            and call.strain is not Strain.NT
            and auction.seat_of(i).side == side
        )

    @cached_property
    def partner_has_bid(self) -> bool:
        """Whether partner has made a bid or a double, so its strength is known."""
        return any(m.call != PASS for m in self.meanings_of(self.seat.partner))
