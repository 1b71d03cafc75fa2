"""The robots' bidding: the public entry points over the rule tables.

`choose_call` picks a robot's call from what its seat may know (`BidContext`);
`explain_call` gives the meaning of a call from the auction alone; `infer_hands`
gathers what every seat's calls have shown. All three read the same tables, so a
robot's call is explained by the rule that made it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from bridgetable.bots.bidding import (
    advances,
    competition,
    continuations,
    interference,
    matchscore,
    notrump,
    openings,
    partscore,
    placement,
    preempts,
    rebids,
    responses,
    slam,
    strong,
    twoplayer,
    twosuited,
)
from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.explanation import Explanation
from bridgetable.bots.bidding.inference import HandInference
from bridgetable.bots.bidding.matcher import Table
from bridgetable.bots.bidding.rules import Meaning, Rule, View
from bridgetable.bots.bidding.score import GAME_LEVEL, NO_SCORE, ScoreState
from bridgetable.bots.bidding.simulation import chance_of, game_likely
from bridgetable.bots.bidding.situations import best_fit, nt_game_values
from bridgetable.bots.bidding.slam import minor_slam_likely, slam_in_fit, slam_in_notrump
from bridgetable.bots.hand_eval import HandEval, evaluate
from bridgetable.engine.calls import PASS, Bid, Call
from bridgetable.engine.types import Card, Seat, Strain, Suit, Vulnerability

FOUR_PLAYER_RULES: tuple[Rule, ...] = (
    openings.RULES
    + responses.RULES
    + rebids.RULES
    + continuations.RULES
    + notrump.RULES
    + strong.RULES
    + preempts.RULES
    + competition.RULES
    + twosuited.RULES
    + advances.RULES
    + interference.RULES
    + interference.COMPETITIVE_REBIDS
    + slam.RULES
    + placement.RULES
    + partscore.RULES
    + matchscore.RULES
)
"""The natural system for four players (close to Standard American)."""

TWO_PLAYER_RULES: tuple[Rule, ...] = twoplayer.RULES
"""The two-player game's own-hand bidding."""

_TABLES = {4: Table(FOUR_PLAYER_RULES), 2: Table(TWO_PLAYER_RULES)}
_NOTHING = Explanation("no_suitable_call")


@dataclass(frozen=True)
class BidContext:
    """Everything a robot may know at its turn, and nothing more."""

    seat: Seat
    dealer: Seat
    vulnerability: Vulnerability
    hand: tuple[Card, ...]
    """The robot's own 13 cards."""
    calls: tuple[Call, ...]
    """The auction so far, first call by the dealer."""
    players: int = 4
    """4, or 2 for the two-player game (seats N and E alternate)."""
    score: ScoreState = NO_SCORE
    """The match score: partscores below the line, a last deal's partscore bonus."""


@dataclass(frozen=True)
class Decision:
    """A robot's call, the id of the rule that chose it, and what it means."""

    call: Call
    rule: str
    explanation: Explanation


def analyse(
    calls: tuple[Call, ...],
    dealer: Seat,
    vulnerability: Vulnerability,
    players: int = 4,
    score: ScoreState = NO_SCORE,
) -> View:
    """The view of an auction: its facts, each call's meaning, what each hand showed."""
    if players not in _TABLES:
        raise ValueError(f"players must be 2 or 4, not {players}")
    return _analyse(tuple(calls), dealer, vulnerability, players, score)


@lru_cache(maxsize=4096)
def _analyse(
    calls: tuple[Call, ...],
    dealer: Seat,
    vulnerability: Vulnerability,
    players: int,
    score: ScoreState,
) -> View:
    if not calls:
        hands = {seat: HandInference() for seat in Seat}
        return View(Auction((), dealer, vulnerability, players), (), hands, score)
    before = _analyse(calls[:-1], dealer, vulnerability, players, score)
    call = calls[-1]
    found = _TABLES[players].explain(before, call) if before.auction.legal(call) else None
    before.memo.clear()  # only the latest view of an auction keeps its working values
    hands = dict(before.hands)
    if found is not None:
        seat = before.seat
        hands[seat] = hands[seat].narrow(found.shown)
    auction = Auction(calls, dealer, vulnerability, players)
    return View(auction, (*before.meanings, found), hands, score)


def choose_call(ctx: BidContext) -> Decision:
    """The robot's call at its turn: always legal; a pass when no rule fits.

    Raises ValueError if the auction is over or it is not `ctx.seat`'s turn.
    """
    view = analyse(ctx.calls, ctx.dealer, ctx.vulnerability, ctx.players, ctx.score)
    if view.auction.is_over:
        raise ValueError("the auction is over")
    if view.seat != ctx.seat:
        raise ValueError(f"it is {view.seat}'s turn to call, not {ctx.seat}'s")
    table = _TABLES[ctx.players]
    hand = evaluate(tuple(ctx.hand))
    found = table.choose(view, hand)
    if ctx.players == 4 and found is not None and not _UNJUDGED & set(found.rule.flags):
        for other in _judgments(view, hand, found.call, found.rule.flags):
            # a judged call keeps the meaning of the rule that allows it here
            agreed = None if other is None else table.explain(view, other)
            if other is None or agreed is None:
                continue
            if other != _BLACKWOOD or "blackwood" in agreed.rule.flags:
                return Decision(other, agreed.rule.id, agreed.explanation)
    if found is None:  # pragma: no cover - every table ends with a pass rule
        agreed = table.explain(view, PASS)
        return Decision(PASS, "pass_default", agreed.explanation if agreed else _NOTHING)
    agreed = table.explain(view, found.call)  # the meaning as partner and opponents read it
    explanation = found.explanation if agreed is None else agreed.explanation
    return Decision(found.call, found.rule.id, explanation)


def ranked_calls(ctx: BidContext, limit: int) -> list[Decision]:
    """Up to `limit` calls the four-player rules allow with the robot's hand, best
    first: the rules' own call (which a simulation's judgment may replace in
    `choose_call`), then the runners-up."""
    view = analyse(ctx.calls, ctx.dealer, ctx.vulnerability, ctx.players, ctx.score)
    found = itertools.islice(_TABLES[4].ranked(view, evaluate(tuple(ctx.hand))), limit)
    return [Decision(m.call, m.rule.id, m.explanation) for m in found]


def choose_for(
    calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability, hand: HandEval
) -> Call:
    """The call the four-player system makes with `hand` after `calls` (a pass when no
    rule fits): what a robot would have called, for checking a simulated hand."""
    view = analyse(calls, dealer, vulnerability)
    found = _TABLES[4].choose(view, hand)
    return PASS if found is None else found.call


def could_call(
    calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability, call: Call
) -> Callable[[HandEval], bool]:
    """A quick test of a hand, necessary for the four-player system to make `call` after
    `calls` with it (`choose_for`): the hand meets the need of a rule that makes it. A
    pass is also what a hand no rule fits gets, so every hand may have passed."""
    if call == PASS:
        return lambda hand: True
    view = analyse(calls, dealer, vulnerability)
    makers = _TABLES[4].makers(view, call)

    def test(hand: HandEval) -> bool:
        return any(compiled.rule.need.accepts(hand, b, view) for compiled, b in makers)

    return test


_BLACKWOOD = Bid(4, Strain.NT)
_UNJUDGED = {"forcing", "game_force", "signoff", "ace_answer"}
"""Flags of calls the judgments leave alone: a forcing call names no contract to weigh
(a splinter's 4H over 1S is no heart game), a sign-off has weighed slam already, and
an ace answer at the five level is no game (5D is not to be made 5C)."""


def _judgments(
    view: View, hand: HandEval, call: Call, flags: tuple[str, ...]
) -> Iterator[Call | None]:
    """Calls a simulation of partner's hands prefers to the rules' `call`, best first
    (None where it has none), worked out only as far as they are needed: Blackwood
    instead of game, 6NT instead of 3NT (Blackwood first, `NT_SLAM_ACES`), another
    game (`_other_game`), a pass of partner's partscore instead of an invitation (the
    rule's `flags` tell one), game instead of passing partner's partscore, a pass
    instead of accepting partner's invitation, a clearly likelier game than the rules'
    one (`_likelier_game`), a pass instead of 3NT over partner's pass
    (`_nt_over_partners_pass`)."""
    if _short_of_slam(view, hand, call) or _minor_slam_over_game(view, hand, call):
        yield _BLACKWOOD
    if _short_of_nt_slam(view, hand, call):
        if hand.aces < NT_SLAM_ACES:
            yield _BLACKWOOD  # taken only where 4NT asks for aces
        yield _SIX_NT
    yield _other_game(view, hand, call)
    if "invite" in flags:
        yield _invitation_withheld(view, hand, call)
    if call == PASS:
        yield _short_of_game(view, hand)
    else:
        yield _declined(view, hand, call)
        yield _likelier_game(view, hand, call)
        yield _nt_over_partners_pass(view, hand, call)


def _nt_over_partners_pass(view: View, hand: HandEval, call: Call) -> Call | None:
    """A pass instead of the rules' 3NT where partner, having bid, passed at its latest
    turn, and my notrump points with partner's shown minimum fall short of game
    (`nt_game_values` without the likely extra): the rules' count adds partner's likely
    extra, which its pass denies (P 1D 1S P 2S P P, then 3NT on Q3.862.62.AK8543). Not
    once game is forced; weighed after the other judgments, so that a game in my major
    that a simulation prefers to 3NT stands. Scored as bench/bidding_deals.py scores on
    seeds 1 and 31-65: +117 IMPs (± 53), 91 auctions changed, +128 (± 62) to the side
    that passed (+99 on seeds 1 and 31-45, +18 on 46-65, in two runs over the halves).
    Passing also where partner's pass was its first call (P 3H 3NT) gained 78 in those
    two runs; leaving the extra out of `combined` for every game decision, +65 (± 91),
    +1 (± 117) to the side."""
    if call != _THREE_NT or view.side_has("game_force") or not view.partner_has_bid:
        return None
    last = view.partner_last
    if last is None or last.call != PASS:
        return None
    return None if nt_game_values(hand, {}, view, likely_extra=False) else PASS


def _no_partscore_below(view: View) -> bool:
    """No partscore of ours below the line: the simulation's game judgments assume the
    usual game levels. A partscore bonus (Chicago's last deal) leaves the choice between
    two games alone and asks a likelier game of the rest (`BONUS_GAME_CHANCE`)."""
    return not view.score.below(view.side)


def _short_of_slam(view: View, hand: HandEval, call: Call) -> bool:
    """Whether the rules' call stops at game (or passes partner's game) where a
    simulation of partner's hands finds slam likely: then Blackwood, when 4NT asks for
    aces in this auction, instead."""
    contract = _standing(view, call)
    if contract is None or contract.level < GAME_LEVEL[contract.strain]:
        return False
    if contract.rank >= _BLACKWOOD.rank:
        return False  # five of a minor: `_minor_slam_over_game` weighs it
    return _may_ask_aces(view) and slam_in_fit(hand, {}, view)


def _may_ask_aces(view: View) -> bool:
    """Whether 4NT may still ask for aces: partner has bid, our side has not asked, and
    4NT is legal (below it, our side's game or 3NT)."""
    return (
        view.partner_has_bid and not view.side_has("blackwood") and view.auction.legal(_BLACKWOOD)
    )


def _minor_slam_over_game(view: View, hand: HandEval, call: Call) -> bool:
    """Whether the rules' call is game, 3NT or five of our minor fit (or a pass of our
    side's), where a simulation of partner's hands finds twelve tricks in the minor
    likely (`slam.minor_slam_likely`): then Blackwood, when 4NT asks for aces, instead; the
    aces place six of the minor, or five with two missing."""
    contract = _standing(view, call)
    if contract is None or not _may_ask_aces(view):
        return False
    found = best_fit(hand, view)
    if found is None or found >= Suit.H:
        return False
    if contract not in (_THREE_NT, Bid(5, Strain(int(found)))):
        return False
    return minor_slam_likely(hand, view, found)


def _standing(view: View, call: Call) -> Bid | None:
    """The contract the rules' call leaves our side in: the bid itself, or our side's
    last bid that a pass stands by; None for a double or a pass of theirs."""
    if isinstance(call, Bid):
        return call
    last, bidder = view.auction.last_bid, view.auction.last_bidder
    if call != PASS or last is None or bidder is None or bidder.side != view.side:
        return None
    return last


_THREE_NT = Bid(3, Strain.NT)
_SIX_NT = Bid(6, Strain.NT)
NT_SLAM_ACES = 3
"""Aces in my hand from which the simulation's 6NT is bid direct; with fewer, 4NT
asks for partner's first where it asks for aces, and the slam is bid with at most one
missing (5NT with two). Scored as bench/bidding_deals.py scores, with the trick
estimate's bound on missing aces (`tricks.ceiling`, which alone changed no auction on
seeds 31-35 and 1): +13 IMPs (± 13) on seeds 31-35 and 1, -2 (± 2) on 36-40, 0 on
41-45, 5 auctions."""


def _short_of_nt_slam(view: View, hand: HandEval, call: Call) -> bool:
    """Whether the rules' call is 3NT, or a pass of our side's 3NT, where a simulation
    of partner's hands finds twelve tricks in notrump likely (`slam.slam_in_notrump`).

    Tried and dropped: Blackwood also where the simulation finds twelve tricks likely in
    a long suit of mine that partner may hold three of (1D 2C 2S 3NT on
    AKQ8.AT6.KQJ96.7, then six of the suit or 6NT), with no fit known. Scored as
    bench/bidding_deals.py on seeds 1 and 31-65, two runs over the halves, their gains
    added, against the code of 26cfb67: from `NT_SLAM_CHANCE` +2 IMPs, 57 auctions, +76
    to the side that asked; from 0.6 -1 (37 auctions, +76), from 0.65 -8 (25, +56).
    Blackwood also where partner has shown a long suit I hold two of and the simulation
    finds twelve tricks in it at least 0.5 likely (1D 1H 2D, then 3NT on
    A642.AKQ4.97.K97, where 7NT made), and after the answer six of that suit where as
    likely as 6NT; scored likewise against the code of bfc6ad9: -33 IMPs, 28 auctions,
    +5 to the side that asked; with 6NT after the answer -30 (20 auctions, -13); with
    six of the suit only where 0.1 likelier (`slam.SUIT_OVER_NOTRUMP`) -18 (23, +8)."""
    if _standing(view, call) != _THREE_NT or not view.partner_has_bid:
        return False
    return view.auction.legal(_SIX_NT) and slam_in_notrump(hand, {}, view, chosen=True)


OTHER_GAME = 0.15
"""How much likelier a simulation must find the other game in a minor fit (five of
the minor or 3NT) than the rules' one to bid it instead. Scored as bench/bidding.py
scores, 0.15 instead of 0.25 gained 21 IMPs over seeds 1-5, 11-13, 21 and 22 (500
deals each, 13 auctions changed), 23 over seeds 6-9 and 12 over 14-17, which no earlier
change was measured on; 0.10 and 0.05 did no better over the three sets. Five of a
minor needs two tricks more than 3NT for about the same score; without a minor fit
the games weighed score alike (3NT and 4M) or the rules' suit game has no fit of
eight cards, and the likelier game is bid (`_other_game`)."""


def _other_game(view: View, hand: HandEval, call: Call) -> Bid | None:
    """Another game than the rules' one when a simulation of partner's hands finds it
    likelier to make: with a minor fit, five of the minor or 3NT, the other clearly
    likelier (`OTHER_GAME`); with a major fit, four of the major instead of 3NT, as
    likely or more; with no fit of eight cards, 3NT instead of game in a suit, as
    likely or more, and four of my major instead of 3NT (`_own_major_game`). Never 3NT
    instead of game in our major fit. Scored as bench/bidding_deals.py scores, against
    a minor fit alone: +62 IMPs (± 36) on seeds 1-9 and +117 (± 38) on seeds 11-22, 96
    auctions changed, most a five-level game without a fit turned into 3NT; asking 3NT
    without a fit, and 4M, to be `OTHER_GAME` likelier gained +19 (± 18) and +70
    (± 27)."""
    if not isinstance(call, Bid) or not _no_partscore_below(view):
        return None
    found = best_fit(hand, view)
    if call == _THREE_NT:
        if found is None:
            return _own_major_game(view, hand)
        trump = Strain(int(found))
        other = Bid(GAME_LEVEL[trump], trump)
    elif call.strain != Strain.NT and call.level == GAME_LEVEL[call.strain]:
        if found is not None and found >= Suit.H:
            return None
        other = _THREE_NT
    else:
        return None
    if not view.auction.legal(other):
        return None
    game = call if other == _THREE_NT else other
    in_suit = chance_of(hand, view, game.strain, 6 + game.level)
    notrump = chance_of(hand, view, Strain.NT, 9)
    if in_suit is None or notrump is None:
        return None
    margin = OTHER_GAME if found is not None and found < Suit.H else 0.0
    if other == _THREE_NT:
        if not _points_as_shown(view, hand, other):
            return None
        return other if notrump >= in_suit + margin else None
    return other if in_suit >= notrump + margin else None


def _points_as_shown(view: View, hand: HandEval, call: Bid) -> bool:
    """Whether my hand holds the high-card points `call` shows here at least: a forced
    answer at game level (four of a three-card suit over partner's takeout double of
    their three-level opening) is no choice of game, and 3NT there shows 12 HCP.
    Measured with `slam._fit_passed_by`."""
    meaning = _TABLES[4].explain(view, call)
    return meaning is not None and hand.hcp >= meaning.shown.hcp[0]


LIKELIER_GAME = 0.1
"""How much likelier, by a simulation of partner's hands, another game must be than the
rules' one to bid it instead (`_likelier_game`). Scored as bench/bidding_deals.py
scores on seeds 1 and 31-65: +115 IMPs (± 54), 83 auctions changed, +142 (± 63) to
the side that chose (+21 on seeds 1 and 31-45, +94 on 46-65). Two runs over the
halves of those seeds, their gains added: 0.05 +83 IMPs, 197 auctions; 0.15 +26, 19
auctions."""


def _likelier_game(view: View, hand: HandEval, call: Call) -> Bid | None:
    """Another game than the rules' one, in a suit where our side may hold eight cards
    or more (seven at least by what partner showed), or 3NT, when a simulation of
    partner's hands finds it clearly likelier (`LIKELIER_GAME`), and only with the
    cards and points its meaning shows; never instead of game in our major fit."""
    if not isinstance(call, Bid) or not _no_partscore_below(view) or not view.partner_has_bid:
        return None
    if call.level != GAME_LEVEL[call.strain]:
        return None
    found = best_fit(hand, view)
    if found is not None and found >= Suit.H and Strain(int(found)) == call.strain:
        return None  # game in our major fit stands, as in `_other_game`
    partner = view.partner
    others = [] if call.strain == Strain.NT else [_THREE_NT]
    for suit in Suit:
        strain = Strain(int(suit))
        if strain == call.strain or suit in view.their_suits:
            continue
        mine = hand.lengths[suit]
        if mine + partner.max_lengths[suit] < 8 or mine + partner.min_lengths[suit] < 7:
            continue
        others.append(Bid(GAME_LEVEL[strain], strain))
    others = [bid for bid in others if view.auction.legal(bid)]
    if not others:
        return None
    now = chance_of(hand, view, call.strain, 6 + call.level)
    if now is None:
        return None
    best: tuple[float, Bid] | None = None
    for bid in others:
        chance = chance_of(hand, view, bid.strain, 6 + bid.level)
        if chance is None or chance < now + LIKELIER_GAME:
            continue
        if best is None or chance > best[0]:
            best = (chance, bid)
    if best is None:
        return None
    game = best[1]
    if not _as_shown(view, hand, game) or not _points_as_shown(view, hand, game):
        return None
    return game


def _as_shown(view: View, hand: HandEval, call: Bid) -> bool:
    """Whether my hand holds the cards `call` shows here (its meaning's suit lengths).
    Asked of every judged call in `choose_call` instead, it changed 20 auctions of
    bench/bidding_deals.py and lost 32 IMPs (± 22) on seeds 1 and 31-45 and 35 (± 22)
    on 46-55, where 9 of its 11 auctions were a raise of partner's preempt to game on a
    singleton, fewer cards than the game's meaning shows (eight together): so only
    `_own_major_game` asks it."""
    meaning = _TABLES[4].explain(view, call)
    return meaning is not None and meaning.shown.holds_lengths(hand.lengths)


def _own_major_game(view: View, hand: HandEval) -> Bid | None:
    """Four of a major of mine instead of the rules' 3NT where no fit is known but
    partner may hold one (eight cards together with its most), when a simulation of
    partner's hands finds that game as likely as 3NT or more (the likelier major of
    two). Only with the cards the bid shows (`placement.MAJOR_GAME_SHOWS`), and not
    where partner knows of five (my opening or transfer): its choice of game stands.

    Scored as bench/bidding_deals.py scores, against the rules' 3NT: +92 IMPs (± 49)
    on seeds 1 and 31-45 (93 auctions changed), +4 (± 25) on seeds 46-50 and +17
    (± 26) on seeds 51-55, the only ones nothing was chosen on. Chosen on seeds 31-40,
    where asking the major game to be 0.1 or 0.2 likelier than 3NT gained less (+115
    and +49 IMPs against +194 with five cards in the major). Bid on any four or more
    cards, as the game's meaning then did not say (it showed six), it gained more: +135
    (± 53) on seeds 1 and 31-45, +15 (± 26) on 46-50, +32 (± 28) on 51-55. Without the
    exception for a known five, seeds 46-50 lost 36 IMPs (± 47), most where partner
    would have chosen (1NT 2H 2S 3NT, 1H 1S 3NT); weighing the major game where the
    rules pass partner's 3NT as well gained 49 IMPs less on seeds 31-40."""
    notrump = None
    best: tuple[float, Bid] | None = None
    for suit in (Suit.S, Suit.H):
        length = hand.lengths[suit]
        if length < 4 or length + view.partner.max_lengths[suit] < 8:
            continue
        if view.me.min_length(suit) >= 5:
            continue
        game = Bid(4, Strain(int(suit)))
        if not view.auction.legal(game):
            continue
        if not _as_shown(view, hand, game):
            continue
        if notrump is None:
            notrump = chance_of(hand, view, Strain.NT, 9)
            if notrump is None:
                return None
        in_suit = chance_of(hand, view, game.strain, 10)
        if in_suit is not None and in_suit >= notrump and (best is None or in_suit > best[0]):
            best = (in_suit, game)
    return None if best is None else best[1]


def _short_of_game(view: View, hand: HandEval) -> Bid | None:
    """Game in our major fit, or 3NT over partner's 1NT or 2NT or partscore in a minor,
    where the rules pass partner's partscore and a simulation of partner's hands finds
    game worth bidding (a likelier game where a partscore earns a bonus); not with a
    partscore of ours below the line, which the rules judge. 3NT over the minor, scored as
    bench/bidding_deals.py scores: +28 IMPs (± 33) on seeds 1-9, +18 (± 26) on seeds
    11-22, 45 auctions changed; asking a chance 0.1 higher gained half as much."""
    if not _no_partscore_below(view):
        return None
    last = view.auction.last_bid
    bidder = view.auction.last_bidder
    if (
        last is None
        or bidder is None
        or bidder != view.auction.seat_of(len(view.auction.calls) - 2)
    ):
        return None
    below_3nt = last.level < 3 if last.strain == Strain.NT else last.level <= 3
    if last.strain in (Strain.NT, Strain.C, Strain.D) and below_3nt:
        return _THREE_NT if game_likely(hand, view, Strain.NT) else None
    if last.strain not in (Strain.H, Strain.S) or last.level >= 4:
        return None
    if best_fit(hand, view) != Suit(int(last.strain)):
        return None
    return Bid(4, last.strain) if game_likely(hand, view, last.strain) else None


WITHHELD_MARGIN = 0.3
"""How far below the chance that makes a game worth bidding (`GAME_CHANCE`) a
simulation must find the game the rules invite, in partner's strain, to pass partner's
partscore instead. bench/bidding_deals.py, with the 6NT of a hand not shaped for
notrump (`slam.slam_in_notrump`, +11 and -4 alone) against the code before both: 0.3
+24 IMPs (± 14) on seeds 1-9 and +12 (± 11) on seeds 11-22, 20 auctions changed;
0.25 +30 (± 15) and +9 (± 13) over 36 auctions; 0.15 -12 (± 28) and -8 (± 22). The
other way, game in a major or notrump instead of the invitation where the simulation
finds its chance 0.2 above `GAME_CHANCE` lost 89 IMPs (± 62) and 74 (± 60), 498
auctions, and 0.1 above it 182 (± 72) and 66 (± 74): the invitation leaves the choice
to partner, who knows its own hand."""


def _invitation_withheld(view: View, hand: HandEval, call: Call) -> Call | None:
    """A pass of partner's partscore where the rules raise it as an invitation (3M over
    2M, 2NT over 1NT) and a simulation of partner's hands finds game hopeless: the
    invitation only risks a level more (`_hopeless`)."""
    if not isinstance(call, Bid) or call.strain in (Strain.C, Strain.D):
        return None
    if call.level >= GAME_LEVEL[call.strain]:
        return None
    last, bidder = view.auction.last_bid, view.auction.last_bidder
    if last is None or bidder != view.seat.partner or last.strain != call.strain:
        return None
    return PASS if _hopeless(view, hand, call.strain, WITHHELD_MARGIN) else None


DECLINE_MARGIN = 0.15
"""How far below the chance that makes a game worth bidding (`GAME_CHANCE`) a
simulation must find the game the rules accept partner's invitation with, to pass
the invitation instead. Scored as bench/bidding_deals.py scores, 0.15 gained 0 IMPs
(± 45) on seeds 1-9 (seed 1 lost 16) and 92 (± 45) on seeds 11-22, 203 auctions
changed in all; 0.2 gained 54 and 0.1 gained 70 over the same 18 seeds. Passing
likewise where partner's latest bid was no invitation, only not forcing, and the rules
raise it to game: -22 IMPs (± 24) on seeds 1-9 and -8 (± 24) on seeds 11-22, 54
auctions."""


def _declined(view: View, hand: HandEval, call: Call) -> Call | None:
    """A pass of partner's invitation where the rules accept it with a game that a
    simulation of partner's hands finds unlikely (`_hopeless`)."""
    last = view.partner_last
    if last is None or "invite" not in last.rule.flags:
        return None
    if not isinstance(call, Bid) or call.level != GAME_LEVEL[call.strain]:
        return None
    return PASS if _hopeless(view, hand, call.strain, DECLINE_MARGIN) else None


def _hopeless(view: View, hand: HandEval, strain: Strain, margin: float) -> bool:
    """Whether a simulation of partner's hands finds game in `strain` more than
    `margin` short of worth bidding, so that our side stops in partner's partscore.
    Not with a partscore of ours below the line (game then needs fewer tricks, and the
    partscore may be game), but also where a made partscore earns a bonus, which only
    makes a doubtful game worth less."""
    if view.score.below(view.side):
        return False
    return game_likely(hand, view, strain, margin) is False


def explain_call(
    calls_before: tuple[Call, ...],
    dealer: Seat,
    vulnerability: Vulnerability,
    call: Call,
    players: int = 4,
    score: ScoreState = NO_SCORE,
) -> Explanation | None:
    """What `call` means after `calls_before` in the robots' system (without the hand),
    at the match score `score`; None if no rule of the system makes that call there."""
    found = meaning_of(calls_before, dealer, vulnerability, call, players, score)
    return None if found is None else found.explanation


def meaning_of(
    calls_before: tuple[Call, ...],
    dealer: Seat,
    vulnerability: Vulnerability,
    call: Call,
    players: int = 4,
    score: ScoreState = NO_SCORE,
) -> Meaning | None:
    """Like `explain_call`, with the rule and what the call shows."""
    view = analyse(calls_before, dealer, vulnerability, players, score)
    if not view.auction.legal(call):
        return None
    return _TABLES[players].explain(view, call)


def infer_hands(
    calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability, players: int = 4
) -> dict[Seat, HandInference]:
    """What each seat's calls have shown: HCP range and suit-length ranges."""
    return dict(analyse(calls, dealer, vulnerability, players).hands)
