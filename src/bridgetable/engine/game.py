"""A whole rubber or match: deals in sequence, scored on a scoresheet.

A game is a configuration plus a sequence of actions; its state is their fold, so
`Game.replay(config, actions)` rebuilds any game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from operator import attrgetter

from bridgetable.engine.actions import Abandon, Action, PlayCard, StartDeal
from bridgetable.engine.auction import FOUR_PLAYERS, TWO_PLAYERS
from bridgetable.engine.deal import Deal, Phase
from bridgetable.engine.errors import IllegalAction, MatchOver, WrongPhase
from bridgetable.engine.scoresheet import Scoresheet
from bridgetable.engine.types import DECK, Card, Seat
from bridgetable.engine.variants import RUBBER, RULESETS, Ruleset


class GamePhase(Enum):
    """Where a game stands as a whole."""

    WAITING = "waiting"  # between deals: the next deal has not been dealt
    DRAW = "draw"
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"  # the rubber or match is complete


_BY_INDEX = attrgetter("index")
_GAME_PHASE = {
    Phase.DRAW: GamePhase.DRAW,
    Phase.AUCTION: GamePhase.AUCTION,
    Phase.PLAY: GamePhase.PLAY,
    Phase.OVER: GamePhase.WAITING,
}


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What a game is: its variant, how many players, who deals first."""

    variant: str = "rubber"
    players: int = 4
    first_dealer: Seat = Seat.N

    def __post_init__(self) -> None:
        if self.variant not in RULESETS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if self.players not in (2, 4):
            raise ValueError("a table has 4 seats, or 2 for Draw Bridge")

    @property
    def ruleset(self) -> Ruleset:
        """The rules in force: a table of two always plays Draw Bridge, scored as a rubber."""
        return RUBBER if self.players == 2 else RULESETS[self.variant]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that play, in dealing order."""
        return FOUR_PLAYERS if self.players == 4 else TWO_PLAYERS


class Game:
    """A rubber or a match, changed only through `apply`, which checks first."""

    def __init__(self, config: GameConfig | None = None) -> None:
        self.config = config or GameConfig()
        self.seats = self.config.seats
        first = self.config.first_dealer
        if first not in self.seats:
            raise ValueError(f"{first.name} does not play at a table of {self.config.players}")
        self.sheet = Scoresheet(self.config.ruleset, first, self.seats)
        self.actions: list[Action] = []
        self.deal: Deal | None = None
        self.finished_deals: list[Deal] = []
        self.over = False
        """Whether the rubber or match has ended (kept in step with the scoresheet)."""

    @classmethod
    def replay(cls, config: GameConfig, actions: list[Action]) -> Game:
        """The game that these actions make, applied in order."""
        game = cls(config)
        for action in actions:
            game.apply(action)
        return game

    @property
    def phase(self) -> GamePhase:
        """The game's phase."""
        if self.over:
            return GamePhase.OVER
        deal = self.deal
        if deal is None:
            return GamePhase.WAITING
        return _GAME_PHASE[deal.phase]

    @property
    def turn(self) -> Seat | None:
        """The seat expected to act now, if any."""
        deal = self.deal
        if deal is None or self.over:
            return None
        return deal.turn

    def deal_cards(self, rng: random.Random) -> StartDeal:
        """A `StartDeal` action with cards shuffled by `rng` (apply it to deal them)."""
        cards: list[Card] = list(DECK)
        rng.shuffle(cards)
        hands: list[tuple[Card, ...]] = [(), (), (), ()]
        for index, seat in enumerate(self.seats):
            hands[seat] = tuple(sorted(cards[index * 13 : index * 13 + 13], key=_BY_INDEX))
        stock = tuple(cards[len(self.seats) * 13 :])
        return StartDeal(tuple(hands), stock)

    def apply(self, action: Action) -> None:
        """Apply an action, or raise an `IllegalAction` and leave the game unchanged."""
        if self.over:
            raise MatchOver("The match is over.")
        deal = self.deal
        if isinstance(action, PlayCard) and deal is not None:
            deal.apply(action)  # the most frequent action first
            if deal.phase is Phase.OVER:
                self._record(deal)
        elif isinstance(action, StartDeal):
            self._start(action)
        elif isinstance(action, Abandon):
            self.sheet.abandon()
            if deal is not None and deal.phase is not Phase.OVER:
                # the deal under way is not scored; the last finished one stays on show
                self.deal = self.finished_deals.pop() if self.finished_deals else None
            self.over = True
        else:
            if deal is None or deal.phase is Phase.OVER:
                raise WrongPhase("Wait for the next deal to be dealt.")
            deal.apply(action)
            if deal.over:
                self._record(deal)
        self.actions.append(action)

    def _start(self, action: StartDeal) -> None:
        if self.deal is not None and self.deal.phase is not Phase.OVER:
            raise WrongPhase("The current deal is not finished.")
        if len(self.seats) == 2 and len(action.stock) != 26:
            raise IllegalAction("Draw Bridge needs a stock of 26 cards.")
        if len(self.seats) == 4 and action.stock:
            raise IllegalAction("A four-player deal has no stock.")
        sheet = self.sheet
        deal = Deal(action, sheet.dealer, self.seats, sheet.vulnerability, sheet.deal_number)
        if self.deal is not None:
            self.finished_deals.append(self.deal)
        self.deal = deal

    def _record(self, deal: Deal) -> None:
        result = deal.result
        assert result is not None
        if result.contract is None:
            self.sheet.record_passed_out()
        else:
            self.sheet.record_result(result.contract, result.tricks)
        self.over = self.sheet.over
