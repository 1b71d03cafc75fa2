"""Claims in constructed endings: when a robot claims, and which claims it accepts."""

from __future__ import annotations

import math
import random

from bridgetable.bots.play.budget import Budget
from bridgetable.bots.play.claims import claim_is_sure, sure_claim
from bridgetable.bots.play.situation import Situation
from bridgetable.engine import Card, Seat, Side, Vulnerability, parse_contract
from bridgetable.engine.types import DECK


def _cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(c) for c in text.split())


def ending(
    seat: Seat,
    contract: str,
    declarer: Seat,
    known: dict[Seat, str],
    hidden: dict[Seat, str],
    leader: Seat,
    players: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W),
) -> Situation:
    """A late position: `known` hands are seen by `seat`, `hidden` ones are not (their
    cards only fix which cards are still out); every other card has been played."""
    seen = {s: _cards(text) for s, text in known.items()}
    unseen = {s: _cards(text) for s, text in hidden.items()}
    in_play = set().union(*seen.values(), *unseen.values())
    size = len(next(iter(seen.values())))
    return Situation(
        seat=seat,
        players=players,
        phase="play",
        contract=parse_contract(contract, declarer),
        dummy=declarer.partner if len(players) == 4 else None,
        known=seen,
        counts={s: len(c) for s, c in {**seen, **unseen}.items()},
        played={s: () for s in players},
        gone=frozenset(DECK) - in_play,
        voids={s: frozenset() for s in players},
        leader=leader,
        current=(),
        last_trick=None,
        tricks_played=13 - size,
        tricks_won={Side.NS: 13 - size, Side.EW: 0},
        legal=tuple(sorted(seen[leader])) if leader in seen else (),
        calls=(),
        dealer=Seat.N,
        vulnerability=Vulnerability.NONE,
    )


EXACT = Budget(math.inf)


def test_declarer_with_top_cards_claims_the_rest() -> None:
    situation = ending(
        Seat.N,
        "3NT",
        Seat.N,
        known={Seat.N: "SA SK HA", Seat.S: "S2 H2 D2"},
        hidden={Seat.E: "SQ HQ D3", Seat.W: "SJ HJ D4"},
        leader=Seat.N,
    )
    assert sure_claim(situation) == 3


def test_no_claim_with_a_trump_out_or_a_loser() -> None:
    trumps_out = ending(
        Seat.N,
        "4H",
        Seat.N,
        known={Seat.N: "SA SK HA", Seat.S: "S2 H2 D2"},
        hidden={Seat.E: "SQ HQ D3", Seat.W: "SJ HJ D4"},
        leader=Seat.N,
    )
    assert sure_claim(trumps_out) is None  # East or West may ruff a spade
    loser = ending(
        Seat.N,
        "3NT",
        Seat.N,
        known={Seat.N: "SA SK H3", Seat.S: "S2 H2 D2"},
        hidden={Seat.E: "SQ HQ D3", Seat.W: "SJ HJ D4"},
        leader=Seat.N,
    )
    assert sure_claim(loser) is None
    their_lead = ending(
        Seat.N,
        "3NT",
        Seat.N,
        known={Seat.N: "SA SK HA", Seat.S: "S2 H2 D2"},
        hidden={Seat.E: "SQ HQ D3", Seat.W: "SJ HJ D4"},
        leader=Seat.E,
    )
    assert sure_claim(their_lead) is None


def three_sure_tricks() -> Situation:
    """East defends and sees dummy (South): whatever North and West hold, dummy's
    hearts and North's entry make three tricks for declarer."""
    return ending(
        Seat.E,
        "3NT",
        Seat.N,
        known={Seat.E: "S3 S4 D9", Seat.S: "HA HK HQ"},
        hidden={Seat.N: "S2 C2 C3", Seat.W: "S5 S6 C4"},
        leader=Seat.S,
    )


def test_a_true_claim_is_accepted() -> None:
    situation = three_sure_tricks()
    assert claim_is_sure(situation, Seat.N, 3, EXACT, random.Random(1), 24)
    assert claim_is_sure(situation, Seat.N, 2, EXACT, random.Random(1), 24)


def test_a_false_claim_is_refused() -> None:
    # the heart king and queen are out: unless North holds both, declarer loses one
    situation = ending(
        Seat.E,
        "3NT",
        Seat.N,
        known={Seat.E: "S3 S4 D9", Seat.S: "HA H3 H2"},
        hidden={Seat.N: "S2 C2 HK", Seat.W: "HQ C3 C4"},
        leader=Seat.S,
    )
    assert not claim_is_sure(situation, Seat.N, 3, EXACT, random.Random(1), 24)
    # a claim by the defence of every trick, though dummy holds the heart ace
    assert not claim_is_sure(situation, Seat.W, 3, EXACT, random.Random(1), 24)


def test_no_time_means_no_acceptance() -> None:
    situation = three_sure_tricks()
    assert not claim_is_sure(situation, Seat.N, 3, Budget(0.0), random.Random(1), 24)


def test_two_player_claims_are_exact() -> None:
    situation = ending(
        Seat.E,
        "1NT",
        Seat.N,
        known={Seat.E: "S3 S4 D9"},
        hidden={Seat.N: "SA SK SQ"},
        leader=Seat.N,
        players=(Seat.N, Seat.E),
    )
    assert claim_is_sure(situation, Seat.N, 3, EXACT, random.Random(1), 1)
    other = ending(
        Seat.E,
        "1NT",
        Seat.N,
        known={Seat.E: "C3 S4 SJ"},
        hidden={Seat.N: "SA SK C2"},
        leader=Seat.N,
        players=(Seat.N, Seat.E),
    )
    assert not claim_is_sure(other, Seat.N, 3, EXACT, random.Random(1), 1)
    assert claim_is_sure(other, Seat.N, 2, EXACT, random.Random(1), 1)


def test_no_claim_before_the_opening_lead() -> None:
    top = "SA SK SQ SJ HA HK HQ HJ DA DK DQ CA CK"
    rest = sorted(str(card) for card in DECK if str(card) not in top.split())
    hidden = {seat: " ".join(rest[i * 13 : i * 13 + 13]) for i, seat in enumerate("NES")}
    opening = ending(
        Seat.W,
        "1NT",
        Seat.N,
        known={Seat.W: top},
        hidden={Seat.parse(seat): cards for seat, cards in hidden.items()},
        leader=Seat.W,
    )
    assert sure_claim(opening) is None  # thirteen sure tricks, but not before the lead
    after_one = ending(
        Seat.W,
        "1NT",
        Seat.N,
        known={Seat.W: " ".join(top.split()[1:])},
        hidden={Seat.parse(seat): " ".join(cards.split()[1:]) for seat, cards in hidden.items()},
        leader=Seat.W,
    )
    assert sure_claim(after_one) == 12
