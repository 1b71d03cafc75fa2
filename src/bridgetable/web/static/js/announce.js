// What a screen reader hears as the game moves: calls, cards, trick winners, turns.
import { _, fmt, ngettext } from "./i18n.js";
import { callLabel, cardLabel, contractText, seatName } from "./cards.js";
import { activeSeat, doneTricks } from "./state.js";
import { resultText } from "./panels.js";

let clearTimer = null;
let alertTimer = null;

/** Speak a message through the page's polite live region. */
export function say(text) {
  const live = document.getElementById("live");
  if (!live || !text) return;
  live.append(Object.assign(document.createElement("p"), { textContent: text }));
  while (live.childElementCount > 5) live.firstElementChild.remove();
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => live.replaceChildren(), 10000);
}

/** Speak at once, interrupting: a request the player must answer. */
export function alertNow(text) {
  const region = document.getElementById("alert");
  if (!region || !text) return;
  region.textContent = text;
  clearTimeout(alertTimer);
  alertTimer = setTimeout(() => {
    region.textContent = "";
  }, 10000);
}

function requestText(kind, pending) {
  const seat = seatName(pending.seat);
  return kind === "claim"
    ? fmt(ngettext("{seat} claims {n} of the remaining tricks.", "{seat} claims {n} of the remaining tricks.", pending.tricks), { seat, n: pending.tricks })
    : fmt(_("{seat} asks to take back the last call or card."), { seat });
}

/** New claims and undo requests: assertive for the players who must answer. */
function announceRequests(before, after, sameDeal) {
  for (const kind of ["claim", "undo"]) {
    const now = after.deal[kind];
    const was = sameDeal && before.deal[kind];
    if (!now || (was && was.seat === now.seat)) continue;
    const me = after.mySeat;
    const mine = me && now.responders.includes(me) && !now.accepted.includes(me);
    if (mine) alertNow(requestText(kind, now));
    else say(requestText(kind, now));
  }
}

function played(model) {
  const list = [];
  for (const trick of doneTricks(model)) list.push(...trick.cards.map((c) => [...c, trick]));
  for (const card of (model.trick && model.trick.cards) || []) list.push([...card, null]);
  return list;
}

/** Announce what changed between two states of the same deal. */
export function announceChanges(before, after) {
  const lines = [];
  const a = before && before.deal;
  const b = after.deal;
  if (!b) return;
  if (!a || a.number !== b.number || a.phase === "over" && b.phase !== "over") {
    lines.push(fmt(_("Deal {n}"), { n: b.number }));
  }
  const sameDeal = a && a.number === b.number && a.dealer === b.dealer;
  const oldCalls = sameDeal ? (a.auction || []).length : 0;
  const calls = b.auction || [];
  calls.slice(oldCalls).slice(-4).forEach((call, i) => {
    const index = oldCalls + i;
    const seat = after.players[(after.players.indexOf(b.dealer) + index) % after.players.length];
    lines.push(`${seatName(seat)}: ${callLabel(call)}`);
  });
  if (b.contract && !(a && a.contract === b.contract && sameDeal)) {
    lines.push(fmt(_("Contract: {contract} by {seat}"), { contract: contractText(b.contract, true), seat: seatName(b.declarer) }));
  }
  // the end of the play keeps the cards already announced (the tricks stay the same)
  const samePlay = a && (a.phase === b.phase || (a.phase === "play" && b.phase === "over"));
  const oldPlayed = sameDeal && samePlay ? played(before).length : 0;
  const now = played(after);
  for (const [seat, card, trick] of now.slice(oldPlayed).slice(-8)) {
    lines.push(fmt(_("{seat} plays {card}"), { seat: seatName(seat), card: cardLabel(card) }));
    const cards = trick && trick.cards;
    if (trick && cards[cards.length - 1][1] === card) {
      lines.push(fmt(_("{seat} wins the trick"), { seat: seatName(trick.winner) }));
    }
  }
  const turn = activeSeat(after);
  const mine = after.legalCalls.length || after.legalCards.length;
  const wasMine = before && (before.legalCalls.length || before.legalCards.length);
  if (mine && !wasMine) {
    lines.push(turn && turn !== after.mySeat ? fmt(_("Your turn to play from {seat}"), { seat: seatName(turn) }) : _("Your turn"));
  }
  if (b.refused && !(a && a.refused)) {
    lines.push(b.refused.kind === "claim"
      ? fmt(_("{by} rejected the claim of {seat}."), { by: seatName(b.refused.by), seat: seatName(b.refused.seat) })
      : fmt(_("{by} rejected the request of {seat} to take back the last call or card."), { by: seatName(b.refused.by), seat: seatName(b.refused.seat) }));
  }
  if (b.phase === "over" && (!a || a.phase !== "over")) lines.push(resultText(after, true) || _("The deal is over."));
  for (const line of lines) say(line);
  announceRequests(before, after, sameDeal);  // claims and undo requests, said once there
}
