"""The table page follows the event numbers as docs/protocol.md says: batches of events
(a robot's card and the next deal, the last card and the score) are no gaps, so the
page never asks for a resync while a deal is played."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocket

from tests.server.driver import bid_then_pass
from tests.web.conftest import PageMaker
from tests.web.play import create_table, play_deal, sit


def watch_socket(page: Page) -> tuple[list[str], list[dict[str, Any]]]:
    """Every frame the page sends, and every message it receives, as they happen."""
    sent: list[str] = []
    received: list[dict[str, Any]] = []

    def follow(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)))
        ws.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", follow)
    return sent, received


def test_a_deal_with_robots_needs_no_resync(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    sent, received = watch_socket(page)
    create_table(page, site_url, "rubber", 4)
    sit(page, "S", "Ann")
    for seat in ("W", "N", "E"):
        page.click(f".seat[data-seat={seat}] button.robot-on")
        page.wait_for_selector(f".seat[data-seat={seat}] .badge.robot")
    play_deal([page], bid_then_pass("1NT"), timeout=180)
    page.click("[data-key=ready]")  # Ann's ready deals the next deal: one more batch
    page.wait_for_selector("#info .deal-number:has-text('2')")
    states = [m for m in received if m.get("type") == "state"]
    batches = [m for m in states if "first" in m and m["first"] < m["event"]]
    assert batches, "no batch of events reached the page"
    resyncs = [frame for frame in sent if '"resync"' in frame]
    assert resyncs == [], resyncs


FEED = """async (messages) => {
  const href = document.querySelector("link[rel=modulepreload][href*='conn.js']").href;
  const { Connection } = await import(href);
  const conn = new Connection("ws://127.0.0.1:9/nowhere", {
    onState: () => {}, onError: () => {}, onStatus: () => {},
  });
  const after = [];
  for (const message of messages) {
    conn.receive(JSON.stringify({ v: 1, ...message }));
    after.push(conn.resyncs);
  }
  clearTimeout(conn.gapTimer);
  return after;
}"""


def test_the_client_tells_a_batch_from_a_gap(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    create_table(page, site_url, "rubber", 4)
    after = page.evaluate(
        FEED,
        [
            {"type": "state", "event": 5},  # the answer to hello
            {"type": "state", "event": 8, "first": 6},  # a batch of three
            {"type": "state", "event": 8},  # someone came online
            {"type": "state", "event": 9, "first": 9},
            {"type": "error", "event": 9, "seq": 0, "code": "malformed", "message": "x"},
            {"type": "state", "event": 12, "first": 11},  # 10 is missing: a gap
            {"type": "state", "event": 14, "first": 13},
        ],
    )
    assert after == [0, 0, 0, 0, 0, 1, 1]


FORGET = """async () => {
  const href = document.querySelector("link[rel=modulepreload][href*='conn.js']").href;
  const { Connection } = await import(href);
  const errors = [];
  const conn = new Connection("ws://127.0.0.1:9/nowhere", {
    onState: () => {}, onError: (e) => errors.push(e.code), onStatus: () => {},
  });
  const refused = (seq) =>
    JSON.stringify({ v: 1, type: "error", event: 0, seq, code: "bad_name", message: "" });
  localStorage.setItem("bt_name", "Eve\\u202e");
  conn.receive(refused(0));
  const kept = localStorage.getItem("bt_name");
  localStorage.setItem("bt_name", "Eve");
  conn.receive(refused(7));
  return [kept, localStorage.getItem("bt_name"), errors];
}"""


def test_a_refused_hello_name_is_forgotten(new_page: PageMaker, site_url: str) -> None:
    page = new_page()
    create_table(page, site_url, "rubber", 4)
    kept, after_sit, errors = page.evaluate(FORGET)
    assert kept is None  # the hello's name was refused: the page says hello without it
    assert after_sit == "Eve" and errors == ["bad_name"]  # a refused sit is only shown
