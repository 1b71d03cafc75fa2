"""What a robot knows at the table, read from its seat's view and nothing else.

`read_situation(view)` turns the JSON-ready dict of `seat_view(game, seat)` into a
typed `Situation`: the hands the seat can see, how many cards every other hand
holds, every card gone to a trick and who played it, the suits each hand has shown
out of, the current trick and whose hand plays next. The rest of the card-play
robot reads only a `Situation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgetable.engine.calls import Call, Contract, parse_call, parse_contract
from bridgetable.engine.types import DECK, Card, Seat, Side, Suit, Vulnerability

TRICKS_IN_DEAL = 13


@dataclass(frozen=True)
class Situation:
    """A seat's knowledge of the deal in progress."""

    seat: Seat
    """The robot's own seat."""
    players: tuple[Seat, ...]
    """The seats that play, in playing order."""
    phase: str
    """"draw", "auction", "play" or "over"."""
    contract: Contract | None
    dummy: Seat | None
    known: dict[Seat, frozenset[Card]]
    """The current cards of every hand the seat can see."""
    counts: dict[Seat, int]
    """How many cards each playing hand holds now."""
    played: dict[Seat, tuple[Card, ...]]
    """Cards each hand has played in the current phase (tricks and the current trick)."""
    gone: frozenset[Card]
    """Every card out of play: played to any trick, draw-phase tricks included."""
    voids: dict[Seat, frozenset[Suit]]
    """Suits each hand has shown out of by not following suit in the play."""
    leader: Seat | None
    """The hand that led to the current trick."""
    current: tuple[tuple[Seat, Card], ...]
    """The cards played to the current trick, in order."""
    last_trick: tuple[Seat, tuple[tuple[Seat, Card], ...]] | None
    """The last completed trick of this phase: its leader and cards."""
    tricks_played: int
    """Completed tricks in this phase."""
    tricks_won: dict[Side, int]
    legal: tuple[Card, ...]
    """The cards the seat may play now (for its own hand or dummy's)."""
    calls: tuple[Call, ...]
    dealer: Seat
    vulnerability: Vulnerability

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the contract (None at no trump or without a contract)."""
        return None if self.contract is None else self.contract.strain.suit

    @property
    def to_play(self) -> Seat | None:
        """The hand that plays the next card to the current trick."""
        if self.leader is None:
            return None
        if not self.current:
            return self.leader
        return self.next_hand(self.current[-1][0])

    @property
    def remaining_tricks(self) -> int:
        """Tricks still to be completed, the current one included."""
        return TRICKS_IN_DEAL - self.tricks_played

    @property
    def hidden(self) -> tuple[Seat, ...]:
        """The playing hands the seat cannot see."""
        return tuple(seat for seat in self.players if seat not in self.known)

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards neither in a visible hand nor gone: the hidden hands' (and the stock's)."""
        visible = set().union(*self.known.values()) if self.known else set()
        return frozenset(DECK) - visible - self.gone

    def next_hand(self, seat: Seat) -> Seat:
        """The hand that plays after `seat`."""
        players = self.players
        return players[(players.index(seat) + 1) % len(players)]

    def controls(self, hand: Seat) -> bool:
        """Whether the robot chooses the cards of `hand` (its own, or dummy's as declarer)."""
        if hand == self.seat:
            return True
        contract = self.contract
        return contract is not None and hand == self.dummy and contract.declarer == self.seat

    def partner_of(self, hand: Seat) -> Seat | None:
        """The hand's partner at a four-hand table (None in the two-player game)."""
        return hand.partner if len(self.players) == 4 else None


def _cards(texts: list[str]) -> frozenset[Card]:
    return frozenset(Card.parse(text) for text in texts)


def _trick_cards(raw: list[list[str]]) -> tuple[tuple[Seat, Card], ...]:
    return tuple((Seat.parse(seat), Card.parse(card)) for seat, card in raw)


def read_situation(view: dict[str, Any]) -> Situation:
    """The seat's knowledge of its current deal; the view must hold a deal."""
    deal = view["deal"]
    seat = Seat.parse(view["seat"])
    players = tuple(Seat.parse(name) for name in view["players"])
    known: dict[Seat, frozenset[Card]] = {}
    counts: dict[Seat, int] = {}
    for name, hand in deal["hands"].items():
        owner = Seat.parse(name)
        if "cards" in hand:
            known[owner] = _cards(hand["cards"])
            counts[owner] = len(known[owner])
        else:
            counts[owner] = int(hand["count"])
    contract = None
    if deal.get("contract") and deal.get("declarer"):
        contract = parse_contract(deal["contract"], Seat.parse(deal["declarer"]))
    dummy = Seat.parse(deal["dummy"]) if deal.get("dummy") else None
    tricks = [(Seat.parse(t["leader"]), _trick_cards(t["cards"])) for t in deal.get("tricks") or []]
    trick = deal.get("trick")
    leader = Seat.parse(trick["leader"]) if trick else None
    current = _trick_cards(trick["cards"]) if trick else ()
    played: dict[Seat, list[Card]] = {s: [] for s in players}
    voids: dict[Seat, set[Suit]] = {s: set() for s in players}
    gone: set[Card] = set()
    following = deal.get("phase") == "play"
    for _, cards in [*tricks, (leader, current)]:
        if not cards:
            continue
        led = cards[0][1].suit
        for hand, card in cards:
            played[hand].append(card)
            gone.add(card)
            if following and card.suit != led:
                voids[hand].add(led)
    draw = deal.get("draw")
    if draw and deal.get("phase") != "draw":
        for t in draw.get("tricks") or []:
            gone.update(card for _, card in _trick_cards(t["cards"]))
    legal_cards = (deal.get("legal") or {}).get("cards") or []
    won = deal.get("tricks_won") or {}
    return Situation(
        seat=seat,
        players=players,
        phase=str(deal.get("phase")),
        contract=contract,
        dummy=dummy,
        known=known,
        counts=counts,
        played={s: tuple(cards) for s, cards in played.items()},
        gone=frozenset(gone),
        voids={s: frozenset(suits) for s, suits in voids.items()},
        leader=leader,
        current=current,
        last_trick=tricks[-1] if tricks else None,
        tricks_played=len(tricks),
        tricks_won={side: int(won.get(side.value, 0)) for side in Side},
        legal=tuple(sorted(Card.parse(c) for c in legal_cards)),
        calls=tuple(parse_call(c) for c in deal.get("auction") or []),
        dealer=Seat.parse(deal["dealer"]),
        vulnerability=Vulnerability(deal["vulnerability"]),
    )
