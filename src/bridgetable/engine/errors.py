"""Named errors for every illegal action.

Each subclasses `IllegalAction`, itself a `ValueError`, carries a stable `code` for
machines and a message a player can read. Raising one never changes the state.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged."""

    code = "illegal_action"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotYourTurn(IllegalAction):
    """The seat acted when it was another seat's turn."""

    code = "not_your_turn"


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the deal (e.g. a card during the auction)."""

    code = "wrong_phase"


class InsufficientBid(IllegalAction):
    """A bid that is not higher than the last bid."""

    code = "insufficient_bid"


class IllegalDouble(IllegalAction):
    """A double that is not of an opponent's last, undoubled bid."""

    code = "illegal_double"


class IllegalRedouble(IllegalAction):
    """A redouble that is not of a double of one's own side's bid."""

    code = "illegal_redouble"


class CardNotInHand(IllegalAction):
    """The card is not in the hand that must play."""

    code = "card_not_in_hand"


class MustFollowSuit(IllegalAction):
    """A card of another suit while holding a card of the suit led."""

    code = "must_follow_suit"


class IllegalClaim(IllegalAction):
    """A claim that cannot be made now, or of an impossible number of tricks."""

    code = "illegal_claim"


class NoPendingRequest(IllegalAction):
    """An answer to a claim or undo that nobody asked for, or from the wrong seat."""

    code = "no_pending_request"


class NothingToUndo(IllegalAction):
    """An undo request with no call or card of the asking side to take back."""

    code = "nothing_to_undo"


class MatchOver(IllegalAction):
    """An action after the rubber or match has ended."""

    code = "match_over"


class InvalidDeal(IllegalAction):
    """A deal whose cards are not 52 distinct cards in the right hand sizes."""

    code = "invalid_deal"
