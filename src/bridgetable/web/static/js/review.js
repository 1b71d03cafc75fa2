// The review of a finished deal: the hands, the auction, the play card by card, the
// double-dummy table, par and what each card cost. The position is in the address
// (?at=N cards played), so a link shows the same moment.
import { _, fmt } from "./i18n.js";
import { h, replace } from "./dom.js";
import {
  bySuit, callText, cardFace, cardLabel, contractText, rankText, seatName, sideName, sideOf,
  symbol, vulnerabilityText,
} from "./cards.js";
import { meaningText } from "./meanings.js";
import { kindLabel } from "./score.js";

const data = JSON.parse(document.getElementById("bt-review").textContent || "{}");
const players = data.players || ["N", "E", "S", "W"];
const plays = [];
(data.tricks || []).forEach((trick, index) => {
  for (const [seat, card] of trick.cards) plays.push({ seat, card, trick: index });
});
const POLL_MS = 1500;
const POLLS = 80;
let at = readPosition();
let analysis = data.analysis || null;
let status = data.status || "analysing";

function readPosition() {
  const raw = new URLSearchParams(location.search).get("at");
  if (raw === null) return 0;
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), plays.length) : 0;
}

function cardText(card) {
  return rankText(card[1]) + symbol(card[0]);
}

/** The cards a seat still holds after `count` cards have been played. */
function remaining(seat, count) {
  const gone = new Set(plays.slice(0, count).filter((p) => p.seat === seat).map((p) => p.card));
  return (data.hands[seat] || []).filter((card) => !gone.has(card));
}

function seatTitle(seat) {
  const name = (data.names || {})[seat];
  const robot = (data.robots || []).includes(seat);
  const who = name || (robot ? _("Robot") : "");
  return who ? fmt(_("{seat}: {name}"), { seat: seatName(seat), name: who }) : seatName(seat);
}

function vulnerable(seat) {
  const v = data.vulnerability;
  return v === "both" || v === sideOf(seat);
}

function handBox(seat) {
  const badges = [];
  if (seat === data.dealer) badges.push(h("span", { class: "badge dealer" }, _("Dealer")));
  if (vulnerable(seat)) badges.push(h("span", { class: "badge vul" }, _("Vulnerable")));
  if (seat === data.declarer) badges.push(h("span", { class: "badge" }, _("Declarer")));
  if (seat === data.dummy) badges.push(h("span", { class: "badge" }, _("Dummy")));
  const cards = remaining(seat, at);
  const suits = bySuit(cards).map((group) => h(
    "li", { class: `suit-line suit-${group.suit}` },
    h("span", { class: "suit-sym", "aria-hidden": "true" }, symbol(group.suit)),
    h("span", { class: "visually-hidden" }, suitWord(group.suit)),
    group.cards.length ? group.cards.map((card) => rankText(card[1])).join(" ") : "—",
  ));
  return h("section", { class: `review-hand seat-${seat}`, "aria-label": seatTitle(seat), "data-seat": seat },
    h("h3", { class: "seat-title" }, seatTitle(seat)),
    badges.length ? h("p", { class: "badges" }, badges) : null,
    h("ul", { class: "shown-hand" }, suits));
}

function suitWord(suit) {
  return { S: _("spades"), H: _("hearts"), D: _("diamonds"), C: _("clubs") }[suit] + ":";
}

function trickShown() {
  if (at === 0) return [];
  const index = plays[at - 1].trick;
  return plays.slice(0, at).filter((p) => p.trick === index);
}

function renderDiagram() {
  const shown = trickShown();
  const center = h("div", { class: "review-trick", "aria-label": _("Trick"), role: "group" },
    shown.map((p) => h("span", { class: `played at-${p.seat}`, "data-card": p.card },
      h("span", { class: "visually-hidden" }, `${seatName(p.seat)}: ${cardLabel(p.card)}`),
      cardFace(p.card))));
  const slots = players.map((seat) => h("div", { class: `slot slot-${seat}` }, handBox(seat)));
  replace(document.getElementById("diagram"), ...slots, h("div", { class: "slot slot-center" }, center));
}

function positionText() {
  if (!plays.length) return data.contract ? _("No card was played.") : _("Passed out.");
  if (at === 0) return _("Before the opening lead.");
  const p = plays[at - 1];
  const text = fmt(_("Trick {trick}: {seat} played the {card}."), {
    trick: p.trick + 1, seat: seatName(p.seat), card: cardLabel(p.card),
  });
  const cost = costs()[at - 1];
  if (!(cost > 0)) return text;  // nothing lost, or the analysis is not there yet
  const lost = fmt(_("Tricks this card lost to double dummy: {count}"), { count: cost });
  return [text, lost].join(" ");
}

function costs() {
  return (analysis && analysis.play && analysis.play.costs) || [];
}

function renderPlay() {
  const list = h("ol", { class: "trick-list" }, (data.tricks || []).map((trick, t) => {
    const cards = trick.cards.map(([seat, card]) => {
      const index = plays.findIndex((p) => p.card === card);
      const cost = costs()[index] || 0;
      return h("li", {},
        h("button", {
          type: "button",
          class: `card-step${cost > 0 ? " costly" : ""}`,
          "aria-current": index === at - 1 ? "step" : null,
          "data-at": index + 1,
          "data-key": card,
          onclick: () => go(index + 1),
        },
        h("span", { class: "step-seat" }, seatName(seat)), " ",
        h("span", { class: `suit-${card[0]}` }, cardText(card)),
        cost > 0 ? h("span", { class: "cost" }, fmt(_("(lost {count})"), { count: cost })) : null));
    });
    const winner = trick.winner ? h("span", { class: "winner" }, fmt(_("won by {seat}"), { seat: seatName(trick.winner) })) : null;
    return h("li", { class: "trick-row" }, h("span", { class: "trick-number" }, fmt(_("Trick {trick}"), { trick: t + 1 })),
      h("ol", { class: "trick-cards" }, cards), winner);
  }));
  const notes = [];
  if (data.result && data.result.claimed) notes.push(h("p", {}, _("The rest of the tricks were claimed.")));
  if (data.drawn) {
    notes.push(h("p", {}, _("The play starts after the draw: the hands are those the players held at the auction.")));
    for (const seat of players) {
      const drawn = data.drawn[seat] || [];
      notes.push(h("p", { class: "drawn" }, fmt(_("{seat} drew: {cards}"), {
        seat: seatName(seat), cards: drawn.map(cardText).join(" ") || "—",
      })));
    }
  }
  replace(document.getElementById("review-play"), plays.length ? list : h("p", {}, positionText()), ...notes);
}

function renderAuction() {
  const start = players.indexOf(data.dealer);
  const order = players.slice(start).concat(players.slice(0, start));
  const head = h("tr", {}, order.map((seat) => h("th", { scope: "col" }, seatName(seat))));
  const rows = [];
  let row = [];
  (data.auction || []).forEach((call, index) => {
    const meaning = meaningText((data.meanings || {})[String(index)]);
    row.push(h("td", {}, h("span", { class: "call" }, callText(call)),
      meaning ? h("small", { class: "call-meaning" }, meaning) : null));
    if (row.length === order.length) { rows.push(h("tr", {}, row)); row = []; }
  });
  if (row.length) rows.push(h("tr", {}, row));
  const table = h("table", { class: "auction-table" }, h("thead", {}, head), h("tbody", {}, rows));
  const contract = data.contract
    ? h("p", {}, fmt(_("Contract: {contract} by {seat}"), { contract: contractText(data.contract), seat: seatName(data.declarer) }))
    : h("p", {}, _("Passed out."));
  replace(document.getElementById("review-auction"), table, contract);
}

function renderScore() {
  const score = data.score || { points: {}, items: [] };
  const lines = (score.items || []).map((item) => h("li", {},
    fmt(_("{side}: {label} {points}"), { side: sideName(item.side), label: kindLabel(item.kind), points: item.points })));
  const points = ["NS", "EW"].map((side) => h("li", {}, fmt(_("{side}: {points}"), { side: sideName(side), points: (score.points || {})[side] || 0 })));
  replace(document.getElementById("review-score"),
    h("p", {}, vulnerabilityText(data.vulnerability)),
    h("ul", { class: "score-points" }, points),
    lines.length ? h("ul", { class: "score-items" }, lines) : null);
}

const STRAINS = ["NT", "S", "H", "D", "C"];

function strainHead(strain) {
  return strain === "NT" ? _("NT") : symbol(strain);
}

function parText(par) {
  if (!par.score) return _("Par: 0 (passed out).");
  const side = par.score > 0 ? "NS" : "EW";
  const contracts = (par.contracts || []).map((c) => {
    const call = contractText(`${c.level}${c.strain}${c.doubled ? "X" : ""}`);
    const result = c.result > 0 ? `+${c.result}` : c.result < 0 ? `−${-c.result}` : "=";
    return `${call} ${c.declarers.map(seatName).join("/")} ${result}`;
  });
  return fmt(_("Par: {side} {score} ({contracts})"), { side: sideName(side), score: Math.abs(par.score), contracts: contracts.join(", ") });
}

function renderAnalysis() {
  const box = document.getElementById("review-dd");
  if (status === "unavailable") {
    replace(box, h("p", {}, _("Double-dummy analysis needs four hands.")));
    return;
  }
  if (!analysis) {
    replace(box, h("p", { role: "status" }, status === "gave_up" ? _("The analysis is not ready yet; reload the page later.") : _("Analysing…")));
    return;
  }
  const head = h("tr", {}, h("td", {}), STRAINS.map((s) => h("th", { scope: "col" }, strainHead(s))));
  const rows = ["N", "S", "E", "W"].map((seat) => h("tr", {}, h("th", { scope: "row" }, seatName(seat)),
    STRAINS.map((s) => h("td", { class: "num" }, String(analysis.table[seat][s])))));
  const table = h("table", { class: "dd-table" },
    h("caption", {}, _("Tricks each player takes as declarer, double dummy")), h("thead", {}, head), h("tbody", {}, rows));
  const parts = [table, h("p", { class: "par" }, parText(analysis.par))];
  if (analysis.play && data.declarer) parts.push(...costSummary());
  replace(box, ...parts);
}

function costSummary() {
  const parts = [];
  const tricks = analysis.play.tricks;
  parts.push(h("p", { class: "dd-now" }, fmt(_("Double-dummy tricks for declarer from here: {count}"), { count: tricks[at] })));
  const declarerSide = sideOf(data.declarer);
  const lost = { declarer: 0, defenders: 0 };
  const items = [];
  costs().forEach((cost, index) => {
    if (!cost) return;
    const p = plays[index];
    const ours = sideOf(p.seat) === declarerSide;
    lost[ours ? "declarer" : "defenders"] += cost;
    const text = fmt(ours
      ? _("Declarer's side lost {count} to double dummy at trick {trick} ({card}, {seat}).")
      : _("The defenders lost {count} to double dummy at trick {trick} ({card}, {seat})."), {
      count: cost, trick: p.trick + 1, card: cardText(p.card), seat: seatName(p.seat),
    });
    items.push(h("li", {}, h("button", { type: "button", class: "link", "data-key": `cost-${p.card}`, onclick: () => go(index + 1) }, text)));
  });
  if (data.result && data.result.claimed) {
    // the claim settled the tricks left: compare with double dummy at that moment
    const gap = tricks[tricks.length - 1] - data.result.tricks;
    if (gap > 0) parts.push(h("p", { class: "dd-claim" }, fmt(_("Declarer's side lost {count} to double dummy with the claim."), { count: gap })));
    if (gap < 0) parts.push(h("p", { class: "dd-claim" }, fmt(_("The defenders lost {count} to double dummy by accepting the claim."), { count: -gap })));
  }
  parts.push(h("p", { class: "dd-totals" },
    fmt(_("Tricks lost to double dummy in all: declarer's side {declarer}, the defenders {defenders}."), lost)));
  if (items.length) parts.push(h("ul", { class: "cost-list" }, items));
  return parts;
}

function render() {
  renderDiagram();
  renderPlay();
  renderAnalysis();
  document.getElementById("position").textContent = positionText();
  // aria-disabled rather than disabled: a focused button keeps the focus at either end
  const ends = { "to-start": at === 0, back: at === 0, forward: at === plays.length, "to-end": at === plays.length };
  for (const [id, off] of Object.entries(ends)) document.getElementById(id).setAttribute("aria-disabled", String(off));
}

function go(position) {
  const next = Math.min(Math.max(position, 0), plays.length);
  if (next === at) return;
  at = next;
  const url = new URL(location.href);
  url.searchParams.set("at", String(at));
  history.replaceState(null, "", url);
  render();
}

document.getElementById("to-start").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(at - 1));
document.getElementById("forward").addEventListener("click", () => go(at + 1));
document.getElementById("to-end").addEventListener("click", () => go(plays.length));
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: plays.length };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});

async function poll() {
  for (let attempt = 0; attempt < POLLS && status === "analysing"; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      const url = `/api/tables/${encodeURIComponent(data.table)}/deals/${data.key}/analysis`;
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) continue;
      const body = await response.json();
      status = body.status;
      analysis = body.analysis || null;
    } catch {
      // the next attempt asks again
    }
  }
  if (status === "analysing") status = "gave_up";
  render();
}

renderAuction();
renderScore();
render();
if (status === "analysing") poll();
