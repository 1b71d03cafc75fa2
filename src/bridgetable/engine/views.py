"""What one seat, or a spectator, may see of a game: a JSON-ready dict.

Nothing reaches a client but a view, so this module is where fairness lives: a hidden
hand appears only as its number of cards. A seat sees its own hand, dummy once the
opening lead is made, a claimer's hand while the claim waits for an answer, in the
draw phase only its own drawn cards, and every hand once the deal is over. Spectators
see what is public.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter
from typing import Any

from bridgetable.engine.deal import Deal, Pending, Phase
from bridgetable.engine.game import Game
from bridgetable.engine.play import CardPlay, Trick
from bridgetable.engine.types import Card, Seat


def _cards(cards: list[Card] | tuple[Card, ...] | set[Card]) -> list[str]:
    return [card.text for card in sorted(cards, key=_BY_INDEX)]


@lru_cache(maxsize=8192)
def _trick(trick: Trick) -> dict[str, Any]:
    """A completed trick as JSON; cached, since every later view repeats it (read-only)."""
    return {
        "leader": trick.leader.name,
        "cards": [[seat.name, str(card)] for seat, card in trick.cards],
        "winner": trick.winner.name,
    }


_BY_INDEX = attrgetter("index")


def _pending(pending: Pending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    return {
        "seat": pending.seat.name,
        "tricks": pending.tricks,
        "responders": [seat.name for seat in pending.responders],
        "accepted": sorted(seat.name for seat in pending.accepted),
    }


def _public_deal(deal: Deal) -> dict[str, Any]:
    play: CardPlay | None = deal.play if deal.phase is not Phase.DRAW else deal.draw
    contract = deal.contract
    view: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer.name,
        "vulnerability": deal.vulnerability.value,
        "phase": deal.phase.value,
        "turn": None if deal.turn is None else deal.turn.name,
        "auction": [str(call) for call in deal.auction.calls],
        "contract": None if contract is None else str(contract),
        "declarer": None if contract is None else contract.declarer.name,
        "dummy": None if deal.dummy is None else deal.dummy.name,
        "trick": None,
        "tricks": [],
        "tricks_won": {"NS": 0, "EW": 0},
        "claim": _pending(deal.claim),
        "undo": _pending(deal.undo),
        "refused": None
        if deal.refusal is None
        else {
            "kind": deal.refusal.kind,
            "seat": deal.refusal.seat.name,
            "by": deal.refusal.by.name,
        },
        "undo_seat": None if deal.undoable_by is None else deal.undoable_by.name,
        "result": None,
        "draw": None,
    }
    if play is not None:
        view["trick"] = {
            "leader": play.leader.name,
            "cards": [[seat.name, str(card)] for seat, card in play.current],
        }
        view["tricks"] = [_trick(trick) for trick in play.tricks]
        view["tricks_won"] = {side.value: won for side, won in play.tricks_won.items()}
    if deal.draw is not None:
        view["draw"] = {
            "stock": len(deal.stock),
            "tricks": [_trick(trick) for trick in deal.draw_tricks],
        }
    if deal.result is not None:
        result = deal.result
        view["result"] = {
            "contract": None if result.contract is None else str(result.contract),
            "declarer": None if result.contract is None else result.contract.declarer.name,
            "tricks": result.tricks if result.contract is not None else None,
            "claimed": result.claimed,
        }
    return view


def current_hand(deal: Deal, seat: Seat) -> set[Card]:
    """The cards `seat` holds now, whatever the phase."""
    if deal.phase is Phase.DRAW and deal.draw is not None:
        return deal.draw.hands[seat]
    if deal.play is not None:
        return deal.play.hands[seat]
    if deal.draw is not None:
        return deal.draw.hands[seat]
    return set(deal.start.hands[seat])


def public_view(game: Game) -> dict[str, Any]:
    """The part of every view that everyone may see (computed once per change)."""
    sheet = game.sheet
    deal = game.deal
    return {
        "variant": game.config.ruleset.name,
        "players": [seat.name for seat in game.seats],
        "phase": game.phase.value,
        "turn": None if game.turn is None else game.turn.name,
        "next_dealer": sheet.dealer.name,
        "next_vulnerability": sheet.vulnerability.value,
        "deal": None if deal is None else _public_deal(deal),
        "score": sheet.to_json(),
    }


def private_view(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The part of the current deal that depends on who is looking.

    Holds `hands` (cards, or only their number where `seat` may not see them),
    `legal` (what `seat` may choose now), `drawn` (Draw Bridge: the drawn cards `seat`
    may see) and, once the deal is over, `deal_hands` (every hand as it was dealt or
    stood when the auction began).
    """
    return private_views(game, (seat,))[seat]


def private_views(game: Game, seats: Iterable[Seat | None]) -> dict[Seat | None, dict[str, Any]]:
    """`private_view` for each of `seats`, sorting each hand once for all of them
    (the views share those parts: treat them as read-only)."""
    deal = game.deal
    if deal is None:
        return {seat: {} for seat in seats}
    over = deal.phase is Phase.OVER
    shown = {deal.dummy} if deal.dummy_exposed else set()
    if deal.claim is not None:
        # a claimer faces their hand while the opponents decide, as at a real table
        shown.add(deal.claim.seat)
    cards = {owner: current_hand(deal, owner) for owner in deal.players}
    faces = {owner: {"cards": _cards(held)} for owner, held in cards.items()}
    backs = {owner: {"count": len(held)} for owner, held in cards.items()}
    dealt = {s.name: _cards(deal.play_hands[s]) for s in deal.players} if over else None
    named = [(owner, owner.name) for owner in deal.players]
    views: dict[Seat | None, dict[str, Any]] = {}
    for seat in seats:
        hands = {
            name: faces[owner] if over or owner == seat or owner in shown else backs[owner]
            for owner, name in named
        }
        view: dict[str, Any] = {"hands": hands, "legal": legal_for(game, seat)}
        if dealt is not None:
            view["deal_hands"] = dealt
        if deal.draw is not None:
            seen = deal.players if over else ((seat,) if seat is not None else ())
            view["drawn"] = {
                s.name: [str(c) for c in deal.drawn[s]] for s in seen if s in deal.drawn
            }
        views[seat] = view
    return views


def seat_view(
    game: Game, seat: Seat | None, public: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The whole view for `seat` (None: a spectator): the public view with the
    seat's private part merged into its deal."""
    view = dict(public if public is not None else public_view(game))
    view["seat"] = None if seat is None else seat.name
    if game.deal is None:
        return view
    deal_view = dict(view["deal"])
    private = private_view(game, seat)
    drawn = private.pop("drawn", None)
    deal_view.update(private)
    if drawn is not None and deal_view["draw"] is not None:
        deal_view["draw"] = {**deal_view["draw"], "drawn": drawn}
    view["deal"] = deal_view
    return view


def legal_for(game: Game, seat: Seat | None) -> dict[str, list[str]]:
    """The calls or cards `seat` may choose now (empty when it is not its turn)."""
    deal = game.deal
    if seat is None or deal is None or game.turn != seat:
        return {}
    if deal.phase is Phase.AUCTION:
        return {"calls": [str(call) for call in deal.auction.legal_calls()]}
    current = deal.draw if deal.phase is Phase.DRAW else deal.play
    if current is None:
        return {}
    return {"cards": [str(card) for card in current.legal_cards()]}
