"""One deal from the cards dealt to its result: draw phase, auction, play, claims, undo."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from bridgetable.engine.actions import (
    AnswerClaim,
    AnswerUndo,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    SeatAction,
    StartDeal,
)
from bridgetable.engine.auction import Auction
from bridgetable.engine.calls import Contract
from bridgetable.engine.errors import (
    IllegalClaim,
    InvalidDeal,
    NoPendingRequest,
    NothingToUndo,
    WrongPhase,
)
from bridgetable.engine.play import CardPlay, Trick
from bridgetable.engine.types import Card, Seat, Vulnerability

HAND_SIZE = 13


class Phase(Enum):
    """Where a deal stands."""

    DRAW = "draw"
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended: the contract (None if passed out) and declarer's side's tricks."""

    contract: Contract | None
    tricks: int = 0
    claimed: bool = False


@dataclass(slots=True)
class Pending:
    """A claim or undo waiting for the answers of `responders`."""

    seat: Seat
    responders: tuple[Seat, ...]
    tricks: int = 0
    accepted: set[Seat] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Refusal:
    """The last claim or undo turned down: its kind ("claim"/"undo"), who asked, who refused."""

    kind: str
    seat: Seat
    by: Seat


def check_start(start: StartDeal, players: tuple[Seat, ...]) -> None:
    """Raise `InvalidDeal` unless the cards are 52 distinct cards in the right places."""
    if len(start.hands) != 4:
        raise InvalidDeal("A deal must list a hand for each of the four seats.")
    for seat in Seat:
        size = len(start.hands[seat])
        expected = HAND_SIZE if seat in players else 0
        if size != expected:
            raise InvalidDeal(f"{seat.name} must hold {expected} cards, not {size}.")
    cards = [card for hand in start.hands for card in hand] + list(start.stock)
    # only 52 cards exist, so 52 distinct ones are the whole deck
    if len(cards) != 52 or len(set(cards)) != 52 or not all(isinstance(c, Card) for c in cards):
        raise InvalidDeal("A deal must use each of the 52 cards exactly once.")


class Deal:
    """The state of one deal, changed only through `apply` (which checks first)."""

    def __init__(
        self,
        start: StartDeal,
        dealer: Seat,
        players: tuple[Seat, ...],
        vulnerability: Vulnerability = Vulnerability.NONE,
        number: int = 1,
    ) -> None:
        check_start(start, players)
        self.start = start
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.number = number
        self.players = players
        self.history: list[SeatAction] = []  # calls and cards in effect, for undo
        self.claim: Pending | None = None
        self.undo: Pending | None = None
        # kept until the next action, so that everyone learns who turned a request down
        self.refusal: Refusal | None = None
        self.result: DealResult | None = None
        self.over = False
        """Whether the deal has ended (played out, claimed or passed out)."""
        self.stock = list(start.stock)
        self.drawn: dict[Seat, list[Card]] = {seat: [] for seat in players}
        self.draw_tricks: list[Trick] = []
        self.auction = Auction(dealer, players)
        self.play: CardPlay | None = None
        # the hands as they stand when the auction starts: dealt, or after the draw phase
        self.play_hands: tuple[tuple[Card, ...], ...] = start.hands
        hands = [set(hand) for hand in start.hands]
        self.draw: CardPlay | None = None
        if self.stock:
            non_dealer = players[(players.index(dealer) + 1) % len(players)]
            self.draw = CardPlay(hands, players, non_dealer, None, must_follow=False)
            self.phase = Phase.DRAW
        else:
            self._hands = hands
            self.phase = Phase.AUCTION

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over."""
        return self.auction.contract()

    @property
    def dummy(self) -> Seat | None:
        """Dummy's seat (four players only, once there is a contract)."""
        contract = self.contract
        if contract is None or len(self.players) != 4:
            return None
        return contract.declarer.partner

    @property
    def dummy_exposed(self) -> bool:
        """Whether dummy's cards are face up: from the opening lead on."""
        return (
            self.dummy is not None
            and self.play is not None
            and (bool(self.play.tricks) or bool(self.play.current))
        )

    @property
    def turn(self) -> Seat | None:
        """The seat expected to act next (for a pending request: None)."""
        if self.claim is not None or self.undo is not None:
            return None
        phase = self.phase
        if phase is Phase.PLAY and self.play is not None:  # the most frequent case first
            hand = self.play.turn
            return None if hand is None else self.play.controller.get(hand, hand)
        if phase is Phase.AUCTION:
            return self.auction.turn
        if phase is Phase.DRAW and self.draw is not None:
            return self.draw.turn
        return None

    def active_opponents(self, seat: Seat) -> tuple[Seat, ...]:
        """The opponents who answer a claim or undo of `seat` (dummy never answers)."""
        dummy = self.dummy if self.play is not None else None
        return tuple(s for s in self.players if s.side != seat.side and s != dummy)

    def apply(self, action: SeatAction) -> None:
        """Apply one seat's action, or raise an `IllegalAction` and change nothing."""
        if self.phase is Phase.OVER:
            raise WrongPhase("This deal is over.")
        refusal, self.refusal = self.refusal, None
        try:
            self._dispatch(action)
        except Exception:
            self.refusal = refusal
            raise

    @property
    def undoable_by(self) -> Seat | None:
        """The seat that may ask to take back the last call or card now (else None)."""
        if self.phase is Phase.OVER or self.claim is not None or self.undo is not None:
            return None
        return self.history[-1].seat if self.history else None

    def _dispatch(self, action: SeatAction) -> None:
        if self.claim is not None or self.undo is not None:
            self._answer(action)
        elif isinstance(action, PlayCard):
            self._play(action)
        elif isinstance(action, MakeCall):
            self._call(action)
        elif isinstance(action, Claim):
            self._claim(action)
        elif isinstance(action, RequestUndo):
            self._request_undo(action)
        elif isinstance(action, AnswerClaim):
            self._answer_claim(action)
        elif isinstance(action, AnswerUndo):
            self._answer_undo(action)
        else:
            raise WrongPhase(f"{type(action).__name__} is not an action of a deal.")

    def _answer(self, action: SeatAction) -> None:
        """While a claim or undo waits, only answers are accepted."""
        if isinstance(action, AnswerClaim):
            self._answer_claim(action)
        elif isinstance(action, AnswerUndo):
            self._answer_undo(action)
        else:
            raise WrongPhase("A claim or undo request is waiting for an answer.")

    def _call(self, action: MakeCall) -> None:
        if self.phase is not Phase.AUCTION:
            raise WrongPhase("Calls are made only during the auction.")
        self.auction.make(action.seat, action.call)
        self.history.append(action)
        if not self.auction.finished:
            return
        contract = self.auction.contract()
        if contract is None:
            self._finish(DealResult(None))
            return
        controller = {contract.declarer.partner: contract.declarer}
        if len(self.players) == 2:
            controller = {}
        leader = self.players[(self.players.index(contract.declarer) + 1) % len(self.players)]
        self.play = CardPlay(
            self._hands, self.players, leader, contract.strain.suit, controller=controller
        )
        self.phase = Phase.PLAY

    def _play(self, action: PlayCard) -> None:
        play = self.play
        if play is not None and self.phase is Phase.PLAY:
            play.play(action.seat, action.card)
            self.history.append(action)
            if play.finished:
                self._finish(self._result_with(0))
            return
        if self.phase is Phase.DRAW and self.draw is not None:
            trick = self.draw.play(action.seat, action.card)
            self.history.append(action)
            if trick is not None:
                self._draw_after(trick)
            return
        raise WrongPhase("Cards are played only after the auction.")

    def _draw_after(self, trick: Trick) -> None:
        assert self.draw is not None
        winner = trick.winner
        loser = next(seat for seat in self.players if seat != winner)
        for seat in (winner, loser):
            card = self.stock.pop(0)
            self.drawn[seat].append(card)
            self.draw.add_card(seat, card)
        self.draw_tricks.append(trick)
        if not self.stock:
            self._hands = self.draw.hands
            self.play_hands = tuple(tuple(sorted(hand)) for hand in self._hands)
            self.phase = Phase.AUCTION

    def _claim(self, action: Claim) -> None:
        if self.phase is not Phase.PLAY or self.play is None:
            raise IllegalClaim("Tricks can be claimed only during the play.")
        if not self.play.tricks and not self.play.current:
            raise IllegalClaim("Tricks can be claimed once the opening lead is made.")
        if action.seat == self.dummy:
            raise IllegalClaim("Dummy cannot claim.")
        remaining = HAND_SIZE - len(self.play.tricks)
        if not 0 <= action.tricks <= remaining:
            raise IllegalClaim(f"You can claim from 0 to {remaining} tricks, not {action.tricks}.")
        self.claim = Pending(action.seat, self.active_opponents(action.seat), action.tricks)

    def _answer_claim(self, action: AnswerClaim) -> None:
        claim = self.claim
        if claim is None or action.seat not in claim.responders:
            raise NoPendingRequest("There is no claim for you to answer.")
        if not action.accept:
            self.claim = None
            self.refusal = Refusal("claim", claim.seat, action.seat)
            return
        claim.accepted.add(action.seat)
        if claim.accepted.issuperset(claim.responders):
            assert self.play is not None and self.contract is not None
            remaining = HAND_SIZE - len(self.play.tricks)
            own = (
                claim.tricks if claim.seat.side == self.contract.side else remaining - claim.tricks
            )
            self.claim = None
            self._finish(self._result_with(own, claimed=True))

    def _result_with(self, extra: int, *, claimed: bool = False) -> DealResult:
        assert self.play is not None and self.contract is not None
        won = self.play.tricks_won[self.contract.side] + extra
        return DealResult(self.contract, won, claimed)

    def _request_undo(self, action: RequestUndo) -> None:
        if not self.history:
            raise NothingToUndo("There is no call or card to take back.")
        if self.history[-1].seat != action.seat:
            raise NothingToUndo("Only the last call or card can be taken back, by its player.")
        self.undo = Pending(action.seat, self.active_opponents(action.seat))

    def _answer_undo(self, action: AnswerUndo) -> None:
        undo = self.undo
        if undo is None or action.seat not in undo.responders:
            raise NoPendingRequest("There is no undo request for you to answer.")
        if not action.accept:
            self.undo = None
            self.refusal = Refusal("undo", undo.seat, action.seat)
            return
        undo.accepted.add(action.seat)
        if undo.accepted.issuperset(undo.responders):
            self._rebuild(self.history[:-1])

    def _rebuild(self, history: list[SeatAction]) -> None:
        fresh = Deal(self.start, self.dealer, self.players, self.vulnerability, self.number)
        for action in history:
            fresh.apply(action)
        self.__dict__.update(fresh.__dict__)

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self.over = True
