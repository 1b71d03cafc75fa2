// Focus follows the game: the bidding box when it is the player's call, the cards when
// it is their play (dummy's too), Accept when a claim or undo is put to them, Ready
// after the deal. Focus moves once per such moment and never leaves a field being typed in.
import { doneTricks } from "./state.js";

let lastMoment = null;
let lastDeal = null;

/** True while the player types (chat, name) or a dialog is open: focus must stay. */
function busy() {
  if (document.querySelector("dialog[open]")) return true;
  const el = document.activeElement;
  return Boolean(el && el.matches("input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]"));
}

/** True when the element that had focus before the render was drawn away or hidden,
 *  so focus fell to the page (not when the player left it on the page themselves). */
function lost(had) {
  const now = document.activeElement;
  if (now && now !== document.body && now.isConnected) return false;
  return Boolean(had && had !== document.body && (!had.isConnected || had.closest("[hidden]")));
}

function played(model) {
  const deal = model.deal;
  const cards = doneTricks(model).length * model.players.length;
  return `${deal.phase}-${(deal.auction || []).length}-${cards + ((model.trick && model.trick.cards) || []).length}`;
}

/** The player's next action: its element, a key for the moment, and what to show with it. */
function nextAction(model) {
  const deal = model.deal;
  if (!deal || !model.mySeat) return null;
  const moment = `${deal.number}-${played(model)}`;
  const accept = document.querySelector("#requests button.accept");
  if (accept) return { key: `answer-${moment}`, el: accept, show: ["#requests"] };
  if (model.legalCalls.length) {
    return { key: `call-${moment}`, el: document.querySelector("#bidding button[tabindex='0']"), show: ["#auction", "#bidding"] };
  }
  if (model.legalCards.length) {
    return { key: `play-${moment}`, el: document.querySelector(".cards.my-turn button[tabindex='0']"), show: ["#felt", "#hand"] };
  }
  const ready = document.querySelector("#actions [data-key=ready], #actions [data-key=new-match]");
  if (ready) return { key: `ready-${deal.number}`, el: ready, show: ["#felt", "#actions"] };
  return null;
}

/** Scroll the least so that the elements are on screen below the sticky top bar; when
 *  they cannot all be, the last one (where focus goes). */
export function reveal(selectors) {
  let boxes = selectors.map((s) => document.querySelector(s))
    .filter((el) => el && !el.hidden)
    .map((el) => el.getBoundingClientRect())
    .filter((box) => box.height > 0);
  if (!boxes.length) return;
  const bar = document.querySelector(".topbar");
  const covered = (bar ? bar.offsetHeight : 0) + 4;
  const span = (list) => Math.max(...list.map((box) => box.bottom)) - Math.min(...list.map((box) => box.top));
  if (span(boxes) > window.innerHeight - covered) boxes = boxes.slice(-1);
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  let by = 0;
  if (bottom > window.innerHeight) by = Math.min(bottom - window.innerHeight + 4, top - covered);
  else if (top < covered) by = top - covered;
  if (by) window.scrollBy({ top: by, left: 0, behavior: "instant" });
}

/** After each render: move focus to the next action when it is new, or bring it back
 *  into the game when the element that had it (`had`, before the render) was drawn away. */
export function placeFocus(model, had) {
  const deal = model.deal;
  if (deal && deal.phase === "play" && lastDeal !== `${deal.number}-play` && !busy()) {
    lastDeal = `${deal.number}-play`;
    reveal(["#felt", model.mySeat ? "#hand" : "#felt"]);
  }
  const next = nextAction(model);
  const key = next && next.el ? next.key : null;
  const fresh = key !== lastMoment;
  lastMoment = key;
  if (busy()) return;
  if (next && next.el && (fresh || lost(had))) {
    reveal(next.show);
    next.el.focus({ preventScroll: true });
    return;
  }
  if (lost(had)) {
    const card = document.querySelector("#hand button[tabindex='0']");
    if (card) card.focus({ preventScroll: true });
  }
}
