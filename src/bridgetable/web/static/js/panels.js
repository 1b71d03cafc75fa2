// The rest of the table page: deal information, the trick in the middle, claim and
// undo requests, the action buttons, chat, links and connection state.
import { _, fmt, ngettext } from "./i18n.js";
import { h, replace } from "./dom.js";
import { contractText, seatName, sideName, vulnerabilityText } from "./cards.js";
import { cardTile } from "./hand.js";
import { doneTricks } from "./state.js";

function gameName(model) {
  if (model.players.length === 2) return _("Draw Bridge");
  return model.variant === "chicago" ? _("Chicago") : _("Rubber bridge");
}

/** Tricks won by each side: as played, or as agreed once a claim ended the deal. */
function tricksWon(deal) {
  const result = deal && deal.result;
  if (result && result.contract && result.declarer) {
    const own = result.declarer === "N" || result.declarer === "S" ? "NS" : "EW";
    const other = own === "NS" ? "EW" : "NS";
    return { [own]: result.tricks, [other]: 13 - result.tricks };
  }
  return (deal && deal.tricks_won) || { NS: 0, EW: 0 };
}

function tricksText(model) {
  const won = tricksWon(model.deal);
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
  const chicago = model.variant === "chicago" && model.players.length === 4;
  if (number) {
    const text = chicago ? fmt(_("Deal {n} of {total}"), { n: number, total: 4 }) : fmt(_("Deal {n}"), { n: number });
    items.push(h("span", { class: "deal-number" }, text));
  }
  const dealer = deal ? deal.dealer : game && game.next_dealer;
  if (dealer) items.push(h("span", { class: "dealer" }, fmt(_("Dealer: {seat}"), { seat: seatName(dealer) })));
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
    items.push(h("span", { class: "stock" }, fmt(ngettext("Stock: {n} card", "Stock: {n} cards", deal.draw.stock), { n: deal.draw.stock })));
    items.push(h("span", {}, fmt(_("Draw trick {n} of 13"), { n: Math.min(13, (deal.draw.tricks || []).length + 1) })));
  }
  if (model.drawn.length && deal && (deal.phase === "draw" || deal.phase === "auction")) {
    // the card drawn after the 13th draw trick stays in view through the auction
    const card = model.drawn[model.drawn.length - 1];
    const text = deal.phase === "draw" ? _("You drew {card}") : _("Your last card drawn: {card}");
    const [before, after] = text.split("{card}");
    items.push(h("span", { class: "drawn" }, before, cardTile(card, "small"), after || ""));
  }
  replace(document.getElementById("info"), items);
}

/** The deal's result as players say it: made or down, by how many, and the points. */
export function resultText(model, words = false) {
  const deal = model.deal;
  const result = deal && deal.result;
  if (!result) return "";
  if (!result.contract) return _("Passed out.");
  // the last record of this number: a passed-out Chicago deal keeps its number for the redeal
  const record = [...((model.score && model.score.records) || [])].reverse().find((r) => r.number === deal.number);
  const points = (record && record.points) || { NS: 0, EW: 0 };
  const side = points.NS >= points.EW ? "NS" : "EW";
  const values = {
    contract: contractText(result.contract, words),
    seat: seatName(result.declarer),
    side: model.players.length === 2 ? seatName(side === "NS" ? "N" : "E") : sideName(side),
    points: points[side],
  };
  const diff = result.tricks - (Number(result.contract[0]) + 6);
  let text;
  if (diff < 0) {
    text = ngettext("{contract} by {seat}, down {n}: {side} +{points}", "{contract} by {seat}, down {n}: {side} +{points}", -diff);
  } else if (diff > 0) {
    text = ngettext("{contract} by {seat}, made with {n} overtrick: {side} +{points}", "{contract} by {seat}, made with {n} overtricks: {side} +{points}", diff);
  } else {
    text = _("{contract} by {seat}, made: {side} +{points}");
  }
  return fmt(text, { ...values, n: Math.abs(diff) });
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
    const claimed = deal.result && deal.result.claimed
      ? h("p", { class: "center-note claimed" }, fmt(ngettext("{n} trick for the declarer's side, agreed by claim.", "{n} tricks for the declarer's side, agreed by claim.", deal.result.tricks), { n: deal.result.tricks }))
      : null;
    replace(center, h("p", { class: "center-note result" }, resultText(model)), claimed, reviewLink(model));
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
  const won = caption ? last.winner : null;
  const spots = cards.map(([seat, card]) =>
    h("div", { class: `trick-card at-${model.where[seat]}${seat === won ? " won" : ""}`, "data-seat": seat }, cardTile(card)));
  const drawNote = deal.phase === "draw"
    ? h("p", { class: "draw-note" }, _("Draw phase: these tricks do not count and you need not follow suit. The winner of a trick takes the top card of the stock, the other player the next one."))
    : null;
  replace(center,
    h("div", { class: `trick${caption ? " last" : ""}`, role: "group", "aria-label": caption || _("Current trick") }, spots),
    caption ? h("p", { class: "trick-caption" }, caption) : null,
    drawNote);
}

function seatList(seats) {
  const names = seats.map(seatName);
  const lang = document.documentElement.lang || "en";
  return typeof Intl.ListFormat === "function" ? new Intl.ListFormat(lang).format(names) : names.join(", ");
}

function newMatchName(model) {
  return model.variant === "chicago" && model.players.length === 4 ? _("New match") : _("New rubber");
}

/** What the table's request to stop the rubber or start a new match asks. */
export function requestText(model) {
  const request = model.request;
  const who = seatName(request.seat);
  if (request.kind === "abandon") return fmt(_("{seat} asks to stop the rubber."), { seat: who });
  if (model.variant === "chicago" && model.players.length === 4) return fmt(_("{seat} asks to start a new match."), { seat: who });
  return fmt(_("{seat} asks to start a new rubber."), { seat: who });
}

/** The refusal of the table's request, as a sentence (for the live region). */
export function refusalText(model) {
  return fmt(_("Refused: {seats}."), { seats: seatList(model.request.refused) });
}

/** A request to stop the rubber or start a new match: who asked, agreed, refused. */
function matchRequest(model, act) {
  const request = model.request;
  const lines = [h("p", {}, requestText(model))];
  if (request.accepted.length) lines.push(h("p", { class: "agreed" }, fmt(_("Agreed: {seats}."), { seats: seatList(request.accepted) })));
  if (request.refused.length) lines.push(h("p", { class: "refused" }, refusalText(model)));
  if (request.open && request.waiting.length) lines.push(h("p", { class: "muted" }, fmt(_("Waiting for: {seats}."), { seats: seatList(request.waiting) })));
  const mine = model.mySeat && request.open && request.waiting.includes(model.mySeat);
  if (mine) {
    lines.push(h("p", { class: "buttons" },
      h("button", { type: "button", class: "primary accept", "data-key": "match-yes", onclick: () => act("answer_match", { accept: true }) }, _("Accept")),
      " ",
      h("button", { type: "button", class: "reject", "data-key": "match-no", onclick: () => act("answer_match", { accept: false }) }, _("Reject"))));
  } else if (request.open && model.mySeat === request.seat) {
    lines.push(h("p", { class: "buttons" },
      h("button", { type: "button", class: "quiet", "data-key": "match-withdraw", onclick: () => act("answer_match", { accept: false }) }, _("Withdraw the request"))));
  }
  const label = request.kind === "abandon" ? _("Stop the rubber") : newMatchName(model);
  return h("div", { class: "request match-request", role: "group", "aria-label": label }, lines);
}

/** Claims, undo requests and match requests: those asked get Accept and Reject. */
export function renderRequests(model, act) {
  const holder = document.getElementById("requests");
  const deal = model.deal;
  const parts = [];
  if (model.request) parts.push(matchRequest(model, act));
  for (const kind of ["claim", "undo"]) {
    const pending = deal && deal[kind];
    if (!pending) continue;
    const who = seatName(pending.seat);
    const text = kind === "claim"
      ? fmt(ngettext("{seat} claims {n} of the remaining tricks.", "{seat} claims {n} of the remaining tricks.", pending.tricks), { seat: who, n: pending.tricks })
      : fmt(_("{seat} asks to take back the last call or card."), { seat: who });
    const mine = model.mySeat && pending.responders.includes(model.mySeat) && !pending.accepted.includes(model.mySeat);
    const agreed = pending.accepted.map((seat) =>
      h("p", { class: "agreed" }, fmt(_("{seat} agrees."), { seat: seatName(seat) })));
    const waiting = pending.responders.filter((seat) => !pending.accepted.includes(seat)).map(seatName);
    const waitText = waiting.length === 1
      ? fmt(_("Waiting for {seat} to answer."), { seat: waiting[0] })
      : fmt(_("Waiting for {seat} and {other} to answer."), { seat: waiting[0], other: waiting[1] });
    const hint = kind === "claim" && pending.seat !== model.mySeat
      ? h("p", { class: "muted" }, fmt(_("The hand of {seat} is shown face up while you decide."), { seat: who }))
      : null;
    const answer = kind === "claim" ? "answer_claim" : "answer_undo";
    parts.push(h("div", { class: "request", role: "group", "aria-label": kind === "claim" ? _("Claim") : _("Undo") },
      h("p", {}, text),
      hint,
      agreed,
      mine
        ? h("p", { class: "buttons" },
          h("button", { type: "button", class: "primary accept", "data-key": `${kind}-yes`, onclick: () => act(answer, { accept: true }) }, _("Accept")),
          " ",
          h("button", { type: "button", class: "reject", "data-key": `${kind}-no`, onclick: () => act(answer, { accept: false }) }, _("Reject")))
        : h("p", { class: "muted waiting" }, waitText)));
  }
  const refused = deal && deal.refused;
  if (refused && !parts.length) {
    const text = refused.kind === "claim"
      ? fmt(_("{by} rejected the claim of {seat}."), { by: seatName(refused.by), seat: seatName(refused.seat) })
      : fmt(_("{by} rejected the request of {seat} to take back the last call or card."), { by: seatName(refused.by), seat: seatName(refused.seat) });
    parts.push(h("p", { class: "request refused" }, text));
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
  const asking = model.request && model.request.open;
  if (seated && model.phase === "over" && !asking) add("new-match", newMatchName(model), () => act("new_match"), "primary");
  const pending = deal && (deal.claim || deal.undo);
  if (seated && deal && deal.phase === "play" && !pending && deal.dummy !== model.mySeat) {
    add("claim", _("Claim"), () => ui.openClaim(13 - (deal.tricks || []).length));
  }
  if (seated && deal && deal.undo_seat === model.mySeat && !pending) add("undo", _("Undo"), () => act("undo"));
  if (deal && (deal.phase === "play" || deal.phase === "draw") && doneTricks(model).length) {
    add("last-trick", ui.showLast ? _("Hide the last trick") : _("Show the last trick"), ui.toggleLast);
  }
  const rubber = model.players.length === 2 || model.variant !== "chicago";
  const scored = model.score && Object.values(model.score.totals || {}).some((points) => points > 0);
  if (seated && rubber && model.game && model.phase !== "over" && scored && !asking) {
    add("abandon", _("Stop the rubber"), ui.openAbandon, "quiet");
  }
  replace(holder, buttons);
}

/** Chat messages, newest last. */
export function renderChat(model) {
  const items = model.chat.map((entry) => {
    const text = typeof entry === "string" ? entry : entry.text;
    const name = typeof entry === "string" ? "" : entry.name || (entry.seat ? seatName(entry.seat) : _("Spectator"));
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
    not_found: _("Table not found"),
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
  seat_locked: _("You have had another seat in this deal. You can go back to it, or change seats when the deal is over."),
  deal_in_progress: _("A robot can be taken out only between deals. To replace it now, a person sits in its seat."),
  nothing_scored: _("Nothing has been scored yet, so there is nothing to stop."),
  request_pending: _("Another request is waiting for answers."),
  no_pending_request: _("That request is no longer open."),
});

export function errorText(error) {
  return ERRORS()[error.code] || _("That is not possible now.");
}
