"""The one small engine that walks rule tables: match a rule's auction pattern, build
its call, check the hand (to choose a call) or unify with a given call (to explain it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bridgetable.bots.bidding.auction import Auction
from bridgetable.bots.bidding.explanation import Explanation
from bridgetable.bots.bidding.inference import Shown
from bridgetable.bots.bidding.rules import Bindings, Meaning, Rule, View
from bridgetable.bots.hand_eval import HandEval
from bridgetable.engine.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from bridgetable.engine.types import Strain, Suit

_FIXED: dict[str, Call] = {"P": PASS, "X": DOUBLE, "XX": REDOUBLE}
_STRAINS = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT}
_SUIT_OF = {Strain.C: Suit.C, Strain.D: Suit.D, Strain.H: Suit.H, Strain.S: Suit.S}
_STRAIN_OF = {suit: strain for strain, suit in _SUIT_OF.items()}
_MAJORS = (Suit.H, Suit.S)
_MINORS = (Suit.C, Suit.D)
_ALL = (Suit.C, Suit.D, Suit.H, Suit.S)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "call", "bid", "any", "nonbid", "anybid"
    call: Call | None = None
    level: int | None = None  # None: any level
    var: str | None = None


@dataclass(frozen=True, slots=True)
class _Template:
    call: Call | None  # a fixed call, or None for a built bid
    level: int | None = None  # None: the cheapest legal level
    jump: int = 0
    strain: Strain | None = None
    var: str | None = None


_Option = tuple[Suit | None, dict[str, Suit], Call]
"""A call a rule can make in a view: the suit bound to its free variable (None when it
has none), its bindings and the call."""


@dataclass(frozen=True, slots=True)
class Compiled:
    """A rule with its pattern and call template parsed once."""

    rule: Rule
    tokens: tuple[_Token, ...] | None
    template: _Template
    free: str | None  # the call's variable not bound by the pattern


def _strain_part(text: str) -> tuple[Strain | None, str | None]:
    if text.startswith("{") and text.endswith("}"):
        return None, text[1:-1]
    return _STRAINS[text], None


def _token(text: str) -> _Token:
    fixed = {".": "any", "_": "nonbid", "*": "anybid"}
    if text in fixed:
        return _Token(fixed[text])
    if text in ("P", "X", "XX"):
        return _Token("call", _FIXED[text])
    level = None if text[0] == "?" else int(text[0])
    strain, var = _strain_part(text[1:])
    if var is None:
        assert strain is not None and level is not None, text
        return _Token("call", Bid(level, strain))
    return _Token("bid", None, level, var)


def _template(text: str) -> _Template:
    if text in ("P", "X", "XX"):
        return _Template(_FIXED[text])
    if text.startswith("~"):
        jump = 1 if text.startswith("~~") else 0
        strain, var = _strain_part(text[1 + jump :])
        return _Template(None, None, jump, strain, var)
    strain, var = _strain_part(text[1:])
    return _Template(None, int(text[0]), 0, strain, var)


def compile_rule(rule: Rule) -> Compiled:
    """Parse a rule's pattern and template (raises on a malformed rule)."""
    tokens = None if rule.auction is None else tuple(_token(t) for t in rule.auction.split())
    template = _template(rule.call)
    bound = {t.var for t in tokens or () if t.var}
    free = template.var if template.var and template.var not in bound else None
    return Compiled(rule, tokens, template, free)


def _suits_for(var: str) -> tuple[Suit, ...]:
    """The suits a variable may stand for: M… majors, m… minors, others any."""
    return _MAJORS if var[0] == "M" else _MINORS if var[0] == "m" else _ALL


def _fits(var: str, suit: Suit, bindings: Bindings) -> bool:
    return suit in _suits_for(var) and suit not in bindings.values()


def match(compiled: Compiled, auction: Auction) -> dict[str, Suit] | None:
    """Bindings if the rule's pattern fits the auction so far, else None."""
    tokens = compiled.tokens
    if tokens is None:
        return {}
    since = auction.since_opening
    if len(tokens) != len(since):
        return None
    bindings: dict[str, Suit] = {}
    for token, call in zip(tokens, since, strict=True):
        kind = token.kind
        if kind == "any":
            continue
        if kind == "call":
            if call != token.call:
                return None
        elif kind == "nonbid":
            if isinstance(call, Bid):
                return None
        elif not isinstance(call, Bid):
            return None
        elif kind == "bid":
            if call.strain is Strain.NT or (token.level is not None and call.level != token.level):
                return None
            suit, var = _SUIT_OF[call.strain], token.var
            assert var is not None
            if var in bindings:
                if bindings[var] != suit:
                    return None
            elif _fits(var, suit, bindings):
                bindings[var] = suit
            else:
                return None
    return bindings


def build(template: _Template, bindings: Bindings, auction: Auction) -> Call | None:
    """The call a template stands for, or None if it cannot be made (above 7)."""
    if template.call is not None:
        return template.call
    strain = template.strain
    if strain is None:
        assert template.var is not None
        strain = _STRAIN_OF[bindings[template.var]]
    level = template.level
    if level is None:
        last = auction.last_bid
        level = 1 if last is None else last.level + (0 if strain > last.strain else 1)
        level += template.jump
    return Bid(level, strain) if level <= 7 else None


def _allowed(compiled: Compiled, call: Call | None, auction: Auction) -> bool:
    if call is None or not auction.legal(call):
        return False
    lo, hi = compiled.rule.levels
    return not isinstance(call, Bid) or lo <= call.level <= hi


def shown_by(compiled: Compiled, bindings: Bindings, view: View) -> Shown:
    """What the rule's call shows, given its bindings."""
    rule = compiled.rule
    return rule.shows(view, bindings) if rule.shows else rule.need.shown(bindings)


def meaning(
    compiled: Compiled, bindings: Bindings, call: Call, view: View, shown: Shown | None = None
) -> Meaning:
    """The meaning a call gets from the rule that made (or explains) it."""
    rule = compiled.rule
    if shown is None:
        shown = shown_by(compiled, bindings, view)
    params: dict[str, int | str] = {}
    if shown.hcp != (0, 37):
        params["min"], params["max"] = shown.hcp
    if isinstance(call, Bid):
        params["level"] = call.level
        params["suit"] = call.strain.name
        for suit, lo, _ in shown.lengths:
            if int(suit) == int(call.strain) and lo > 0:
                params["length"] = lo
    for key, value in rule.extra:
        if isinstance(value, str) and value.startswith("{"):
            bound = bindings.get(value[1:-1])
            value = "?" if bound is None else bound.name
        params[key] = value
    return Meaning(call, rule, dict(bindings), Explanation(rule.say, params), shown)


def union(a: Shown, b: Shown) -> Shown:
    """What is shown by one call that either of two rules may have made."""
    hcp = (min(a.hcp[0], b.hcp[0]), max(a.hcp[1], b.hcp[1]))
    other = {suit: (lo, hi) for suit, lo, hi in b.lengths}
    lengths = tuple(
        (suit, min(lo, other[suit][0]), max(hi, other[suit][1]))
        for suit, lo, hi in a.lengths
        if suit in other
    )
    return Shown(hcp, lengths, a.balanced and b.balanced)


def _may_open(token: _Token, call: Call) -> bool:
    """Whether a pattern's first token can match this opening bid."""
    if token.kind == "call":
        return token.call == call
    if token.kind == "bid" and isinstance(call, Bid):
        return call.strain is not Strain.NT and token.level in (None, call.level)
    return token.kind in ("any", "anybid")


class _Choices:
    """The rules' calls in a view (`Table._choices`), worked out as they are walked."""

    def __init__(self, rules: Iterator[tuple[Compiled, dict[str, Suit]]]) -> None:
        self.found: list[tuple[Compiled, list[_Option]]] = []
        self.rules = rules

    def walk(self, view: View) -> Iterator[tuple[Compiled, list[_Option]]]:
        """The rules with their calls, best first: those worked out already, then the
        next ones, kept as they come."""
        index = 0
        while True:
            if index < len(self.found):
                yield self.found[index]
                index += 1
                continue
            following = next(self.rules, None)
            if following is None:
                return
            options = _options(*following, view)
            if options:
                self.found.append((following[0], options))


def _options(compiled: Compiled, bindings: dict[str, Suit], view: View) -> list[_Option]:
    """The calls an applicable rule can make in a view, whatever the hand."""
    auction = view.auction
    var = compiled.free
    suits: tuple[Suit | None, ...] = (None,)
    if var is not None:
        suits = tuple(s for s in _suits_for(var) if s not in bindings.values())
    options: list[_Option] = []
    for suit in suits:
        trial = bindings if var is None or suit is None else {**bindings, var: suit}
        call = build(compiled.template, trial, auction)
        if call is None or not _allowed(compiled, call, auction):
            continue
        if var is not None and not _when(compiled, view, trial):
            continue
        options.append((suit, trial, call))
    return options


class Table:
    """A whole bidding system: its compiled rules, indexed by pattern length."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        compiled = [compile_rule(rule) for rule in rules]
        order = sorted(range(len(compiled)), key=lambda i: -compiled[i].rule.priority)
        self.rules: tuple[Compiled, ...] = tuple(compiled[i] for i in order)
        self._index = lru_cache(maxsize=1024)(self._candidates)

    def _candidates(self, length: int, first: Call | None) -> tuple[Compiled, ...]:
        """Rules whose pattern has this length and may match this opening bid."""
        found = []
        for compiled in self.rules:
            tokens = compiled.tokens
            if tokens is not None and len(tokens) != length:
                continue
            if tokens and first is not None and not _may_open(tokens[0], first):
                continue
            found.append(compiled)
        return tuple(found)

    def applicable(self, view: View) -> list[tuple[Compiled, dict[str, Suit]]]:
        """Rules whose situation fits the view, best first (computed once per view).
        The `when` test of a rule with a free suit variable waits until it is bound."""
        cached = view.memo.get(self)
        if cached is not None:
            return cached  # type: ignore[return-value]
        auction = view.auction
        since = auction.since_opening
        found = []
        for compiled in self._index(len(since), since[0] if since else None):
            bindings = match(compiled, auction)
            if bindings is None:
                continue
            if compiled.free is not None or _when(compiled, view, bindings):
                found.append((compiled, bindings))
        view.memo[self] = found
        return found

    def choose(self, view: View, hand: HandEval) -> Meaning | None:
        """The first rule, best first, whose call is legal, whose need the hand meets,
        and whose call the system reads in a way the hand also meets (a robot never
        makes a call that partner would read as something else)."""
        return next(self.ranked(view, hand), None)

    def ranked(self, view: View, hand: HandEval) -> Iterator[Meaning]:
        """The calls the rules allow with `hand` here, best first, each once with the
        first rule that makes it: `choose`'s call, then the runners-up (what
        bench/bidding_rollout.py tries instead)."""
        seen: set[Call] = set()
        for compiled, options in self._choices(view):
            need = compiled.rule.need
            if len(options) > 1:
                by_suit = {suit: option for option in options if (suit := option[0]) is not None}
                order = _ordered(list(by_suit), compiled.rule.prefer, hand)
                options = [by_suit[suit] for suit in order]
            for _, trial, call in options:
                # `choose` stops at the first call, before `seen` holds any: the check
                # comes after the need, so that it costs the robots' own choice nothing
                if not need.accepts(hand, trial, view) or call in seen:
                    continue
                if self._honest(compiled, call, view, hand):
                    seen.add(call)
                    yield meaning(compiled, trial, call, view)

    def _choices(self, view: View) -> Iterator[tuple[Compiled, list[_Option]]]:
        """Each applicable rule with the calls it can make here, whatever the hand:
        its call built, legal and within its levels, a free suit's `when` met. Worked
        out only as far as a choice goes, and kept for the view: a simulation asks the
        same view of many hands, most other views are asked once and stop early."""
        key = (self, "choices")
        choices = view.memo.get(key)
        if choices is None:
            choices = view.memo[key] = _Choices(iter(self.applicable(view)))
        assert isinstance(choices, _Choices)
        return choices.walk(view)

    def makers(self, view: View, call: Call) -> list[tuple[Compiled, dict[str, Suit]]]:
        """Every rule that makes `call` here for some hand: a hand `choose` gives `call`
        meets the need of one of them, so a hand that meets none cannot have made it."""
        found = []
        for compiled, bindings in self.applicable(view):
            trial = _making(compiled, bindings, call, view)
            if trial is not None:
                found.append((compiled, trial))
        return found

    def _honest(self, chosen: Compiled, call: Call, view: View, hand: HandEval) -> bool:
        """Whether the system's reading of `call` fits the hand: the chosen rule is one
        of the rules that explain the call, or one of those accepts the hand too."""
        if call == PASS or "rare" in chosen.rule.flags:  # last resorts and judgment calls
            return True
        sources = self._sources(view, call)
        if any(compiled is chosen for compiled, _ in sources):
            return True
        return any(c.rule.need.accepts(hand, b, view) for c, b in sources)

    def _sources(self, view: View, call: Call) -> list[tuple[Compiled, dict[str, Suit]]]:
        """The rules that explain `call` here: the best one that could have made it and
        the other rules of the same situation (pattern) that could have, too (worked
        out once per view and call)."""
        key = (self, "sources", call)
        cached = view.memo.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        found: list[tuple[Compiled, dict[str, Suit]]] = []
        for compiled, bindings in self.applicable(view):
            if found and (
                compiled.rule.auction != found[0][0].rule.auction or "rare" in compiled.rule.flags
            ):
                continue
            trial = _making(compiled, bindings, call, view)
            if trial is None:
                continue
            found.append((compiled, trial))
            if compiled.rule.auction is None:
                break
        view.memo[key] = found
        return found

    def explain(self, view: View, call: Call) -> Meaning | None:
        """The meaning of `call` here: the best rule that could have made it, showing
        what any rule of the same situation making that call would show."""
        sources = self._sources(view, call)
        if not sources:
            return None
        shown = shown_by(*sources[0], view)
        for compiled, trial in sources[1:]:
            shown = union(shown, shown_by(compiled, trial, view))
        return meaning(sources[0][0], sources[0][1], call, view, shown)


def _making(
    compiled: Compiled, bindings: dict[str, Suit], call: Call, view: View
) -> dict[str, Suit] | None:
    """The bindings with which an applicable rule makes `call` here, or None."""
    auction = view.auction
    trial = _unify(compiled, call, bindings)
    if trial is None or build(compiled.template, trial, auction) != call:
        return None
    if not _allowed(compiled, call, auction):
        return None
    if compiled.free is not None and not _when(compiled, view, trial):
        return None
    return trial


def _when(compiled: Compiled, view: View, bindings: Bindings) -> bool:
    when = compiled.rule.when
    return when is None or when(view, bindings)


def _ordered(options: list[Suit], prefer: str, hand: HandEval) -> list[Suit]:
    if prefer == "cheap":
        return sorted(options)
    if prefer == "major":
        # A four-card major before a longer minor: a 4-4 major fit plays a level lower
        # for game than a minor (the takeout doubler promised the unbid majors).
        return sorted(
            options,
            key=lambda s: (s < Suit.H or hand.lengths[s] < 4, -hand.lengths[s], s < Suit.H, -s),
        )
    return hand.order(options)


def _unify(compiled: Compiled, call: Call, bindings: dict[str, Suit]) -> dict[str, Suit] | None:
    template = compiled.template
    if template.call is not None:
        return bindings if type(template.call) is type(call) else None
    if not isinstance(call, Bid):
        return None
    var = template.var
    if var is None:
        return bindings if call.strain == template.strain else None
    if call.strain is Strain.NT:
        return None
    suit = Suit(call.strain)
    if var in bindings:
        return bindings if bindings[var] == suit else None
    return {**bindings, var: suit} if _fits(var, suit, bindings) else None
