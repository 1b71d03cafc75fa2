"""The pages of finished deals: a table's history, and the review of one deal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from bridgetable.engine import Side
from bridgetable.server.review import PlayedDeal, parse_key, review_data
from bridgetable.server.review_api import reviews_of
from bridgetable.web.pages import TABLE_ID, Pages
from bridgetable.web.renderer import _json_for_script

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
_VULNERABILITY = {
    "none": "Nobody vulnerable",
    "NS": "North–South vulnerable",
    "EW": "East–West vulnerable",
    "both": "Both sides vulnerable",
}
_SIDES = {"NS": "North–South", "EW": "East–West"}


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One line of the history page, in the visitor's language."""

    key: str
    match: int
    number: int
    dealer: str
    vulnerability: str
    contract: str
    declarer: str
    result: str
    ns_points: int
    ew_points: int
    par: str
    analysing: bool


def contract_text(contract: str | None, gettext: Callable[[str], str]) -> str:
    """ "4HX" as "4♥ X"; no trump in the visitor's language."""
    if not contract:
        return ""
    level, rest = contract[0], contract[1:]
    doubling = rest.lstrip("CDHSNT")
    strain = rest[: len(rest) - len(doubling)]
    text = level + (gettext("NT") if strain == "NT" else _SUITS.get(strain, strain))
    return f"{text} {doubling}" if doubling else text


def result_text(played: PlayedDeal, gettext: Callable[[str], str]) -> str:
    """Made, made with overtricks, or down so many; "Passed out." for no contract."""
    result = played.deal.result
    assert result is not None
    contract = result.contract
    if contract is None:
        return gettext("Passed out.")
    difference = result.tricks - contract.tricks_needed
    if difference == 0:
        return gettext("Made")
    if difference > 0:
        return gettext("Made, +%(overtricks)s") % {"overtricks": difference}
    return gettext("Down %(undertricks)s") % {"undertricks": -difference}


def summary_text(played: PlayedDeal, gettext: Callable[[str], str]) -> str:
    """The contract, its declarer and the result in one sentence."""
    result = played.deal.result
    assert result is not None
    contract = result.contract
    if contract is None:
        return result_text(played, gettext)
    return gettext("%(contract)s by %(declarer)s: %(result)s") % {
        "contract": contract_text(str(contract), gettext),
        "declarer": gettext(_SEATS[contract.declarer.name]),
        "result": result_text(played, gettext),
    }


def par_text(analysis: dict[str, Any] | None, gettext: Callable[[str], str]) -> str:
    """Par as "North–South 420" (the side that scores it), or "" while unknown."""
    if analysis is None or "par" not in analysis:
        return ""
    score = int(analysis["par"]["score"])
    if score == 0:
        return "0"
    side = gettext(_SIDES["NS" if score > 0 else "EW"])
    return f"{side} {abs(score)}"


def history_row(
    played: PlayedDeal, analysis: dict[str, Any] | None, gettext: Callable[[str], str]
) -> HistoryRow:
    """The history page's line for one finished deal."""
    deal = played.deal
    result = deal.result
    assert result is not None
    contract = result.contract
    points = played.sheet.points
    return HistoryRow(
        key=played.key,
        match=played.match,
        number=played.sheet.number,
        dealer=gettext(_SEATS[deal.dealer.name]),
        vulnerability=gettext(_VULNERABILITY[deal.vulnerability.value]),
        contract=contract_text(str(contract) if contract else None, gettext),
        declarer=gettext(_SEATS[contract.declarer.name]) if contract else "",
        result=result_text(played, gettext),
        ns_points=points(Side.NS),
        ew_points=points(Side.EW),
        par=par_text(analysis, gettext) if played.four_hands else "",
        analysing=played.four_hands and analysis is None,
    )


class ReviewPages:
    """The history and review pages of a table."""

    def __init__(self, pages: Pages) -> None:
        self.pages = pages
        self.renderer = pages.renderer

    async def history(self, request: Request) -> Response:
        """`/t/{id}/history`: every finished deal of the table, newest first."""
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id):
            return self.pages.not_found(request)
        reviews = reviews_of(request)
        history = await reviews.histories.get(table_id)
        if history is None:
            return self.pages.not_found(request)
        analyses = await reviews.log.analyses(table_id)
        if any(p.four_hands and p.key not in analyses for p in history.deals):
            reviews.analyst.request(table_id)
        gettext = self.renderer.catalog_for(request).gettext
        rows = [history_row(p, analyses.get(p.key), gettext) for p in reversed(history.deals)]
        matches = len({row.match for row in rows})
        return self.renderer.page(
            request, "history.html", table_id=table_id, rows=rows, several_matches=matches > 1
        )

    async def review(self, request: Request) -> Response:
        """`/t/{id}/review/{key}`: one finished deal, replayed card by card."""
        table_id = request.path_params["table_id"]
        key = parse_key(request.path_params["key"])
        if not TABLE_ID.match(table_id) or key is None:
            return self.pages.not_found(request)
        reviews = reviews_of(request)
        history = await reviews.histories.get(table_id)
        played = history.find(key) if history is not None else None
        if played is None:
            return self.pages.not_found(request)
        data = review_data(played)
        data.update(await reviews.analysis(table_id, played))
        data["table"] = table_id
        gettext = self.renderer.catalog_for(request).gettext
        return self.renderer.page(
            request,
            "review.html",
            table_id=table_id,
            played=played,
            summary=summary_text(played, gettext),
            review_json=_json_for_script(data),
            messages_json=self.renderer.client_messages_json(request),
            meanings_json=self.renderer.meanings_json(),
        )


def review_page_routes(pages: Pages) -> list[BaseRoute]:
    """The routes of the history and review pages."""
    review = ReviewPages(pages)
    return [
        Route("/t/{table_id}/history", review.history, methods=["GET", "HEAD"], name="history"),
        Route("/t/{table_id}/review/{key}", review.review, methods=["GET", "HEAD"], name="review"),
    ]
