// The rest of the table page: deal information, the trick in the middle, claim and
// undo requests, the action buttons, chat, links and connection state.
import { _, fmt } from "./i18n.js";
import { h, replace } from "./dom.js";
import { contractText, seatName, sideName, vulnerabilityText } from "./cards.js";
import { cardTile } from "./hand.js";
import { doneTricks } from "./state.js";

function gameName(model) {
  if (model.players.length === 2) return _("Draw Bridge");
  return model.variant === "chicago" ? _("Chicago") : _("Rubber bridge");
}

function tricksText(model) {
  const won = (model.deal && model.deal.tricks_won) || { NS: 0, EW: 0 };
  if (model.players.length === 2) {
    return model.players.map((seat) => `${seatName(seat)} ${won[seat === "N" ? "NS" : "EW"]}`).join(" · ");
  }
  return `${sideName("NS")} ${won.NS} · ${sideName("EW")} ${won.EW}`;
}

/** Deal number, dealer, vulnerability, contract, tricks won, and the stock (always shown). */
export function renderInfo(model) {
  const game = model.game;
  const deal = model.deal;
  const items = [h("span", { class: "game-name" }, gameName(model))];
  const next = game && game.score && game.score.next;
  const number = deal ? deal.number : next && next.number;
  if (number) items.push(h("span", { class: "deal-number" }, fmt(_("Deal {n}"), { n: number })));
  const dealer = deal ? deal.dealer : game && game.next_dealer;
  if (dealer) items.push(h("span", {}, fmt(_("Dealer: {seat}"), { seat: seatName(dealer) })));
  const vul = deal ? deal.vulnerability : game && game.next_vulnerability;
  if (vul) items.push(h("span", { class: `vulnerability vul-${vul}` }, vulnerabilityText(vul)));
  if (deal && deal.contract) {
    items.push(h("span", { class: "contract", "aria-label": fmt(_("Contract: {contract} by {seat}"), { contract: contractText(deal.contract, true), seat: seatName(deal.declarer) }) },
      fmt(_("Contract: {contract} by {seat}"), { contract: contractText(deal.contract), seat: seatName(deal.declarer) })));
  }
  if (deal && (deal.phase === "play" || (deal.phase === "over" && deal.contract))) {
    items.push(h("span", { class: "tricks-won" }, fmt(_("Tricks: {tricks}"), { tricks: tricksText(model) })));
  }
  if (deal && deal.draw && deal.phase === "draw") {
    items.push(h("span", { class: "stock" }, fmt(_("Stock: {n} cards"), { n: deal.draw.stock })));
    items.push(h("span", {}, fmt(_("Draw trick {n} of 13"), { n: Math.min(13, (deal.draw.tricks || []).length + 1) })));
  }
  if (model.drawn.length && deal && deal.phase === "draw") {
    const card = model.drawn[model.drawn.length - 1];
    items.push(h("span", { class: "drawn" }, _("You drew"), " ", cardTile(card, "small")));
  }
  replace(document.getElementById("info"), items);
}

function resultText(deal) {
  const result = deal.result;
  if (!result) return "";
  if (!result.contract) return _("Passed out.");
  const text = fmt(_("{contract} by {seat}: {tricks} tricks."), {
    contract: contractText(result.contract),
    seat: seatName(result.declarer),
    tricks: result.tricks,
  });
  const claimed = _("(claimed)");
  return result.claimed ? `${text} ${claimed}` : text;
}

/** The link to the review of the deal just finished (its match, its place in the match). */
function reviewLink(model) {
  const records = (model.score && model.score.records) || [];
  if (!model.match || !records.length) return null;
  const href = `/t/${encodeURIComponent(model.tableId)}/review/${model.match}-${records.length}`;
  return h("p", { class: "center-note" }, h("a", { href, class: "review-link" }, _("Review this deal")));
}

/** The middle of the table: the trick being played (or the last one), or what is awaited. */
export function renderCenter(model, showLast) {
  const center = document.getElementById("center");
  const deal = model.deal;
  if (!deal) {
    replace(center, h("p", { class: "center-note" }, _("Waiting for the first deal. It starts when every seat is taken.")));
    return;
  }
  if (deal.phase === "over") {
    replace(center, h("p", { class: "center-note result" }, resultText(deal)), reviewLink(model));
    return;
  }
  if (deal.phase === "auction") {
    const note = deal.turn ? fmt(_("{seat} to call"), { seat: seatName(deal.turn) }) : "";
    replace(center, h("p", { class: "center-note" }, note));
    return;
  }
  const tricks = doneTricks(model);
  const current = (model.trick && model.trick.cards) || [];
  let cards = current;
  let caption = null;
  const last = tricks[tricks.length - 1];
  if (last && (showLast || current.length === 0)) {
    cards = last.cards;
    caption = fmt(_("Last trick, won by {seat}"), { seat: seatName(last.winner) });
  }
  const spots = cards.map(([seat, card]) =>
    h("div", { class: `trick-card at-${model.where[seat]}`, "data-seat": seat }, cardTile(card)));
  replace(center,
    h("div", { class: `trick${caption ? " last" : ""}`, role: "group", "aria-label": caption || _("Current trick") }, spots),
    caption ? h("p", { class: "trick-caption" }, caption) : null);
}

/** Claims and undo requests: the answering side gets Accept and Reject. */
export function renderRequests(model, act) {
  const holder = document.getElementById("requests");
  const deal = model.deal;
  const parts = [];
  for (const kind of ["claim", "undo"]) {
    const pending = deal && deal[kind];
    if (!pending) continue;
    const who = seatName(pending.seat);
    const text = kind === "claim"
      ? fmt(_("{seat} claims {n} of the remaining tricks."), { seat: who, n: pending.tricks })
      : fmt(_("{seat} asks to take back the last call or card."), { seat: who });
    const mine = model.mySeat && pending.responders.includes(model.mySeat) && !pending.accepted.includes(model.mySeat);
    const answer = kind === "claim" ? "answer_claim" : "answer_undo";
    parts.push(h("div", { class: "request", role: "group", "aria-label": kind === "claim" ? _("Claim") : _("Undo") },
      h("p", {}, text),
      mine
        ? h("p", { class: "buttons" },
          h("button", { type: "button", class: "primary accept", "data-key": `${kind}-yes`, onclick: () => act(answer, { accept: true }) }, _("Accept")),
          " ",
          h("button", { type: "button", class: "reject", "data-key": `${kind}-no`, onclick: () => act(answer, { accept: false }) }, _("Reject")))
        : h("p", { class: "muted" }, _("Waiting for the opponents' answer."))));
  }
  replace(holder, parts);
}

/** Ready, new rubber or match, claim, undo, last trick, stop the rubber. */
export function renderActions(model, act, ui) {
  const holder = document.getElementById("actions");
  const deal = model.deal;
  const seated = Boolean(model.mySeat);
  const buttons = [];
  const add = (key, label, onclick, cls = "") => buttons.push(h("button", { type: "button", class: cls, "data-key": key, onclick }, label));
  const between = model.game && model.phase === "waiting";
  const me = model.seats.find((s) => s.seat === model.mySeat);
  if (seated && between && !(me && me.ready)) add("ready", _("Ready for the next deal"), () => act("ready"), "primary");
  if (seated && model.phase === "over") {
    add("new-match", model.variant === "chicago" && model.players.length === 4 ? _("New match") : _("New rubber"), () => act("new_match"), "primary");
  }
  const pending = deal && (deal.claim || deal.undo);
  if (seated && deal && deal.phase === "play" && !pending && deal.dummy !== model.mySeat) {
    add("claim", _("Claim"), () => ui.openClaim(13 - (deal.tricks || []).length));
  }
  if (seated && deal && deal.phase !== "over" && !pending) add("undo", _("Undo"), () => act("undo"));
  if (deal && (deal.phase === "play" || deal.phase === "draw") && doneTricks(model).length) {
    add("last-trick", ui.showLast ? _("Hide the last trick") : _("Show the last trick"), ui.toggleLast);
  }
  const rubber = model.players.length === 2 || model.variant !== "chicago";
  if (seated && rubber && model.game && model.phase !== "over" && model.score && (model.score.records || []).length) {
    add("abandon", _("Stop the rubber"), ui.openAbandon, "quiet");
  }
  replace(holder, buttons);
}

/** Chat messages, newest last. */
export function renderChat(model) {
  const items = model.chat.map((entry) => {
    const text = typeof entry === "string" ? entry : entry.text;
    const name = typeof entry === "string" ? "" : entry.name || (entry.seat ? seatName(entry.seat) : "");
    return h("li", {}, name ? h("strong", {}, `${name}: `) : null, text);
  });
  const log = document.getElementById("chat-log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  replace(log, items);
  if (atEnd) log.scrollTop = log.scrollHeight;
}

/** The share link, and the private rejoin link of a seated player. */
export function renderLinks(model) {
  const rejoin = document.getElementById("rejoin");
  rejoin.hidden = !model.rejoin;
  if (model.rejoin) document.getElementById("rejoin-link").value = new URL(model.rejoin, location.href).href;
}

export function statusText(status, seconds) {
  return {
    connecting: _("Connecting…"),
    online: _("Connected"),
    offline: fmt(_("Connection lost. Reconnecting in {s} s…"), { s: seconds }),
    not_found: _("Table not found. Check the link, or open a new table."),
  }[status] || status;
}

const ERRORS = () => ({
  seat_taken: _("Somebody has just taken that seat."),
  already_seated: _("You already have a seat at this table."),
  not_seated: _("Take a seat first."),
  not_your_turn: _("It is not your turn."),
  must_follow_suit: _("You must follow suit."),
  insufficient_bid: _("That bid is not high enough."),
  not_creator: _("Only the player who opened the table can do that."),
  bad_name: _("A name has 1 to 24 characters."),
  bad_text: _("A message has 1 to 300 characters."),
  rate_limited: _("Too fast. Please wait a moment."),
  illegal_claim: _("That claim is not possible now."),
  nothing_to_undo: _("There is nothing to take back."),
  match_over: _("The match is over."),
});

export function errorText(error) {
  return ERRORS()[error.code] || _("That is not possible now.");
}
