"""A table as the fold of its events: seats, readiness, chat, and the game itself.

`decide` turns a player's command into events (or refuses it); `TableState.apply`
folds one event in. Both are free of I/O so that the hub can check, append to the log,
and only then tell anyone.

What a person has seen of a deal bounds what they may see of it: while a deal is under
way, a person (a player token) who holds or has held a seat in it may sit only in that
seat again, so nobody ever sees two hidden hands of one deal.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from bridgetable.engine import (
    Abandon,
    Action,
    AnswerClaim,
    AnswerUndo,
    Claim,
    Game,
    GameConfig,
    GamePhase,
    IllegalAction,
    MakeCall,
    PlayCard,
    RequestUndo,
    Seat,
    StartDeal,
)
from bridgetable.formats.actions_json import action_from_json, action_to_json, config_from_json
from bridgetable.server.agreement import MatchRequest
from bridgetable.server.commands import Command
from bridgetable.server.errors import ProtocolError

CHAT_KEPT = 50
AUTO_ROUNDS = 3
"""Events due by themselves follow one another at most this often (agree, then deal)."""
UNDER_WAY = frozenset({GamePhase.DRAW, GamePhase.AUCTION, GamePhase.PLAY})
Event = dict[str, Any]


@dataclass(slots=True)
class SeatInfo:
    """Who sits in a seat: a player (by token id) with a name, or a robot."""

    name: str
    player: str | None = None
    robot: bool = False


class TableState:
    """Everything about one table that its event log says."""

    def __init__(self, table_id: str, meta: dict[str, Any]) -> None:
        self.id = table_id
        self.meta = meta
        self.config: GameConfig = config_from_json(meta["config"])
        self.creator: str = meta.get("creator", "")
        self.seats: dict[Seat, SeatInfo | None] = dict.fromkeys(self.config.seats)
        self.ready: set[Seat] = set()
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.game = Game(self.config)
        self.match = 1
        self.seq = 0
        self.client_seq: dict[str, int] = {}
        self.held: dict[str, Seat] = {}
        """The seat each person has held in the deal under way (by player id)."""
        self.request: MatchRequest | None = None
        self.rejoin_keys: dict[Seat, str] = {}
        """The SHA-256 of each seat's rejoin key (see server/rejoin.py); never the key."""
        self.rejoin_nonces: dict[Seat, str] = {}
        self.revoked_keys: set[str] = set()

    # -- reading ------------------------------------------------------------

    def seat_of(self, player: str) -> Seat | None:
        """The seat a player sits in, if any."""
        for seat, info in self.seats.items():
            if info is not None and info.player == player:
                return seat
        return None

    def is_duplicate(self, client: str, seq: int) -> bool:
        """Whether this client's action `seq` was already applied (a resend)."""
        return seq <= self.client_seq.get(client, 0)

    def robots(self) -> list[Seat]:
        """The seats robots play."""
        return [seat for seat, info in self.seats.items() if info is not None and info.robot]

    def persons(self) -> list[Seat]:
        """The seats people sit in."""
        return [seat for seat, info in self.seats.items() if info is not None and not info.robot]

    def deal_under_way(self) -> bool:
        """Whether a deal has been dealt and not finished (its hidden hands are secret)."""
        return self.game.phase in UNDER_WAY

    def scored(self) -> bool:
        """Whether either side has any points on the scoresheet."""
        return any(self.game.sheet.totals.values())

    # -- folding ------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Fold one event in. An engine action that is illegal raises and changes nothing."""
        kind = event["t"]
        if kind == "action":
            self._apply_action(event["action"])
        elif kind == "sit":
            seat = Seat.parse(event["seat"])
            self.seats[seat] = SeatInfo(event["name"], event["player"])
            self._seat_changed(seat)
            if self.deal_under_way():
                self.held[event["player"]] = seat
            self._set_key(seat, event)
        elif kind == "rejoin":
            seat = Seat.parse(event["seat"])
            info = self.seats.get(seat)
            if info is None or info.robot:
                raise ValueError("no one to take a seat back from")
            info.player = event["player"]
            self._set_key(seat, event)
            self.ready.discard(seat)
            if self.deal_under_way():
                self.held[event["player"]] = seat
        elif kind == "robot":
            seat = Seat.parse(event["seat"])
            self.seats[seat] = SeatInfo("", robot=True) if event["on"] else None
            self._seat_changed(seat)
        elif kind in ("stand", "free"):
            seat = Seat.parse(event["seat"])
            self.seats[seat] = None
            self._seat_changed(seat)
        elif kind == "ask":
            self._ask(event["kind"], Seat.parse(event["seat"]))
        elif kind == "answer":
            self._answer(Seat.parse(event["seat"]), bool(event["accept"]))
        elif kind == "rename":
            info = self.seats.get(Seat.parse(event["seat"]))
            if info is not None:
                info.name = event["name"]
        elif kind == "ready":
            self.ready.add(Seat.parse(event["seat"]))
        elif kind == "chat":
            self.chat.append(
                {"seat": event.get("seat"), "name": event["name"], "text": event["text"]}
            )
        elif kind == "new_match":
            self.game = Game(self.config)
            self.match += 1
            self.ready.clear()
            self.held.clear()
            self.request = None
        else:
            raise ValueError(f"unknown event {kind!r}")
        self._revoke_vacated()
        self.seq += 1
        client = event.get("client")
        if client is not None:
            self.client_seq[client] = event["cseq"]

    def _apply_action(self, data: dict[str, Any]) -> None:
        action = action_from_json(data)
        self.game.apply(action)
        if self.game.phase is not GamePhase.WAITING:
            self.ready.clear()
        if isinstance(action, StartDeal):
            # whoever sits now holds that seat for this whole deal
            self.held = {
                info.player: seat for seat, info in self.seats.items() if info and info.player
            }
            if self.request is not None and not self.request.open:
                self.request = None  # a refusal is shown until the next deal
        if self.game.over and self.request is not None and self.request.kind == "abandon":
            self.request = None  # stopped, or finished by itself: nothing left to stop

    def _seat_changed(self, seat: Seat) -> None:
        """Someone left or took `seat`: forget its readiness and its answer."""
        self.ready.discard(seat)
        request = self.request
        if request is not None:
            if request.seat == seat:
                self.request = None  # the asker has gone: the request goes with them
            else:
                request.forget(seat)

    def _ask(self, kind: str, seat: Seat) -> None:
        request = self.request
        if request is not None and request.open and request.kind == kind:
            request.accepted.add(seat)  # asking for what is asked already is agreeing
        else:
            self.request = MatchRequest(kind, seat, {seat})

    def _answer(self, seat: Seat, accept: bool) -> None:
        request = self.request
        if request is None:
            return
        if accept:
            request.accepted.add(seat)
        elif seat == request.seat:
            self.request = None  # the asker takes it back
        else:
            request.accepted.discard(seat)
            request.refused.add(seat)

    def _set_key(self, seat: Seat, event: Event) -> None:
        """The seat's new rejoin key replaces (revokes) its old one."""
        self._revoke(seat)
        if "key" in event and "nonce" in event:
            self.rejoin_keys[seat] = event["key"]
            self.rejoin_nonces[seat] = event["nonce"]

    def _revoke(self, seat: Seat) -> None:
        old = self.rejoin_keys.pop(seat, None)
        self.rejoin_nonces.pop(seat, None)
        if old is not None:
            self.revoked_keys.add(old)

    def _revoke_vacated(self) -> None:
        """A key dies with its holder's sitting: whatever event freed the seat."""
        for seat in list(self.rejoin_keys):
            info = self.seats.get(seat)
            if info is None or info.robot:
                self._revoke(seat)

    # -- what happens by itself ---------------------------------------------

    def settle(self, rng: random.Random) -> list[Event]:
        """Apply every event now due by itself (see `auto_events`); returns them."""
        done: list[Event] = []
        for _ in range(AUTO_ROUNDS):
            events = self.auto_events(rng)
            if not events:
                break
            for event in events:
                self.apply(event)
            done.extend(events)
        return done

    def auto_events(self, rng: random.Random) -> list[Event]:
        """Events due now without anyone asking: an agreed request, the next deal.

        A request is carried out once every seated person has accepted it. A deal is
        dealt when every seat is taken and either no deal has been played in this match
        yet or every seated person has said ready (robots always are).
        """
        request = self.request
        if request is not None and request.agreed(self.persons()):
            if request.kind == "abandon":
                return [{"t": "action", "action": action_to_json(Abandon())}]
            return [{"t": "new_match"}]
        game = self.game
        if game.phase is not GamePhase.WAITING:
            return []
        if any(info is None for info in self.seats.values()):
            return []
        if game.deal is not None:
            waiting = [
                seat
                for seat, info in self.seats.items()
                if info is not None and not info.robot and seat not in self.ready
            ]
            if waiting:
                return []
        return [{"t": "action", "action": action_to_json(game.deal_cards(rng))}]


def _own_seat(state: TableState, player: str, command: Command) -> Seat:
    seat = state.seat_of(player)
    if seat is None:
        raise ProtocolError("not_seated", "Take a seat first.")
    if command.seat is not None and command.seat != seat:
        raise ProtocolError("forged_seat", "You can act only for your own seat.")
    return seat


def engine_action(seat: Seat, command: Command) -> Action:
    """The engine action a player's command asks for, on behalf of `seat`."""
    kind = command.type
    if kind == "call" and command.call is not None:
        return MakeCall(seat, command.call)
    if kind == "play" and command.card is not None:
        return PlayCard(seat, command.card)
    if kind == "claim" and command.tricks is not None:
        return Claim(seat, command.tricks)
    if kind == "answer_claim" and command.flag is not None:
        return AnswerClaim(seat, command.flag)
    if kind == "undo":
        return RequestUndo(seat)
    if kind == "answer_undo" and command.flag is not None:
        return AnswerUndo(seat, command.flag)
    raise ProtocolError("malformed", "The action is missing a field.")


ENGINE_COMMANDS = frozenset({"call", "play", "claim", "answer_claim", "undo", "answer_undo"})


def decide(
    state: TableState, player: str, command: Command, online: set[str], name: str | None = None
) -> Event:
    """The event a player's command makes, or `ProtocolError` if it is refused.

    Engine actions are only shaped here; the engine checks them when the event is
    applied. `online` holds the players connected now (freeing a seat needs its
    player gone).
    """
    kind = command.type
    if kind in ENGINE_COMMANDS:
        seat = _own_seat(state, player, command)
        return {"t": "action", "action": action_to_json(engine_action(seat, command))}
    if kind == "sit":
        return _sit(state, player, command)
    if kind == "stand":
        return {"t": "stand", "seat": _own_seat(state, player, command).name}
    if kind == "rename":
        return {"t": "rename", "seat": _own_seat(state, player, command).name, "name": command.name}
    if kind == "ready":
        seat = _own_seat(state, player, command)
        if state.game.phase is not GamePhase.WAITING or state.game.deal is None:
            raise ProtocolError("wrong_phase", "There is no finished deal to move on from.")
        return {"t": "ready", "seat": seat.name}
    if kind in ("abandon", "new_match"):
        return _ask(state, _own_seat(state, player, command), kind)
    if kind == "answer_match":
        seat = _own_seat(state, player, command)
        if state.request is None or not state.request.open:
            raise ProtocolError("no_pending_request", "Nobody is asking to change the match.")
        return {"t": "answer", "seat": seat.name, "accept": bool(command.flag)}
    if kind == "chat":
        speaker = state.seat_of(player)
        if command.seat is not None and command.seat != speaker:
            raise ProtocolError("forged_seat", "You can speak only for your own seat.")
        info = state.seats.get(speaker) if speaker is not None else None
        return {
            "t": "chat",
            "seat": None if speaker is None else speaker.name,
            "name": info.name if info is not None else (name or ""),
            "text": command.text,
        }
    if kind == "free":
        return _free(state, player, command, online)
    if kind == "robot":
        return _robot(state, player, command)
    raise ProtocolError("unknown_type", f"Unknown message type {kind!r}.")


def _sit(state: TableState, player: str, command: Command) -> Event:
    """Take a free seat, or a robot's (the robot gives way to a person)."""
    seat = command.seat
    if seat is None or seat not in state.seats:
        raise ProtocolError("malformed", "There is no such seat at this table.")
    info = state.seats[seat]
    if info is not None and not info.robot:
        raise ProtocolError("seat_taken", "That seat is taken.")
    if state.seat_of(player) is not None:
        raise ProtocolError("already_seated", "You already have a seat at this table.")
    held = state.held.get(player)
    if state.deal_under_way() and held is not None and held != seat:
        raise ProtocolError(
            "seat_locked",
            f"You have held {held.name} in this deal: you may go back to it, "
            "or take another seat when the deal is over.",
        )
    return {"t": "sit", "seat": seat.name, "player": player, "name": command.name}


def _ask(state: TableState, seat: Seat, kind: str) -> Event:
    """Ask to stop the rubber or to start a new match (or agree, if that is asked)."""
    game = state.game
    request = state.request
    if request is not None and request.open and request.kind != kind:
        raise ProtocolError("request_pending", "Another request waits for answers first.")
    if kind == "abandon":
        if not state.config.ruleset.unfinished_rubber_points:
            raise ProtocolError("wrong_phase", "Only a rubber can be stopped early.")
        if game.over:
            raise ProtocolError("match_over", "The match is over.")
        if not state.scored():
            raise ProtocolError("nothing_scored", "Nothing has been scored yet.")
    elif game.deal is None:
        raise ProtocolError("wrong_phase", "The match has not begun.")
    return {"t": "ask", "kind": kind, "seat": seat.name}


def _free(state: TableState, player: str, command: Command, online: set[str]) -> Event:
    if player != state.creator:
        raise ProtocolError("not_creator", "Only the table's creator can free a seat.")
    target = command.seat
    if target is None or target not in state.seats or state.seats[target] is None:
        raise ProtocolError("malformed", "That seat is already free.")
    info = state.seats[target]
    if info is not None and info.player in online and info.player != player:
        raise ProtocolError("seat_taken", "That player is still at the table.")
    return {"t": "free", "seat": target.name}


def _robot(state: TableState, player: str, command: Command) -> Event:
    seat = command.seat
    if seat is None or seat not in state.seats:
        raise ProtocolError("malformed", "There is no such seat at this table.")
    if player != state.creator and state.seat_of(player) is None:
        raise ProtocolError("not_seated", "Sit down (or create the table) to add robots.")
    info = state.seats[seat]
    if command.flag:
        if info is not None:
            raise ProtocolError("seat_taken", "That seat is taken.")
    elif info is None or not info.robot:
        raise ProtocolError("malformed", "There is no robot in that seat.")
    elif player != state.creator:
        raise ProtocolError("not_creator", "Only the table's creator can remove a robot.")
    elif state.deal_under_way():
        # its seat holds cards: the deal would wait for nobody (a person may sit there)
        raise ProtocolError("deal_in_progress", "A robot can be removed only between deals.")
    return {"t": "robot", "seat": seat.name, "on": bool(command.flag)}


def check_engine(state: TableState, event: Event) -> None:
    """Apply an event, turning the engine's refusal into a `ProtocolError`."""
    try:
        state.apply(event)
    except IllegalAction as error:
        raise ProtocolError(error.code, error.message) from None
