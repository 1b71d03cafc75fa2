// The bidding box (only the legal calls) and the auction grid.
import { _, fmt } from "./i18n.js";
import { h, replace, roving } from "./dom.js";
import { callLabel, callShort, callText, seatLetter, seatName } from "./cards.js";
import { meaningText } from "./meanings.js";

const STRAINS = ["C", "D", "H", "S", "NT"];

/** The bidding box when it is this player's turn to call; hidden otherwise. */
export function renderBiddingBox(model, act) {
  const box = document.getElementById("bidding");
  const legal = new Set(model.legalCalls);
  const calling = model.deal && model.deal.phase === "auction" && legal.size > 0;
  box.hidden = !calling;
  if (!calling) {
    replace(box);
    return;
  }
  const grid = h("div", { class: "bid-grid", role: "group", "aria-label": _("Bidding box") });
  const buttons = [];
  const levels = [1, 2, 3, 4, 5, 6, 7].filter((level) => STRAINS.some((s) => legal.has(`${level}${s}`)));
  const button = (call, row, col) => h("button", {
    type: "button",
    class: `call call-${call.replace(/^[1-7]/, "")}`,
    "data-key": `call-${call}`,
    "data-call": call,
    "data-row": row,
    "data-col": col,
    onclick: () => act("call", { call }),
  }, h("span", { "aria-hidden": "true" }, callShort(call)),
  h("span", { class: "visually-hidden" }, callLabel(call)));
  const specials = h("div", { class: "bid-row specials" });
  ["P", "X", "XX"].forEach((call, col) => {
    if (!legal.has(call)) return;
    const b = button(call, 0, col);
    buttons.push(b);
    specials.append(b);
  });
  grid.append(specials);
  levels.forEach((level, index) => {
    const row = h("div", { class: "bid-row" });
    STRAINS.forEach((strain, col) => {
      const call = `${level}${strain}`;
      if (legal.has(call)) {
        const b = button(call, index + 1, col);
        buttons.push(b);
        row.append(b);
      } else {
        row.append(h("span", { class: "call placeholder", "aria-hidden": "true" }));
      }
    });
    grid.append(row);
  });
  roving(grid, buttons, document.activeElement && document.activeElement.getAttribute("data-key"));
  replace(box, h("h2", { class: "visually-hidden" }, _("Bidding box")), grid);
}

/** The auction in columns West, North, East, South (North, East for two players). */
export function renderAuction(model) {
  const holder = document.getElementById("auction-grid");
  const deal = model.deal;
  if (!deal) {
    replace(holder, h("p", { class: "muted" }, _("The auction appears here when the cards are dealt.")));
    return;
  }
  const columns = model.players.length === 2 ? model.players : ["W", "N", "E", "S"];
  const head = h("tr", {}, columns.map((seat) => h("th", { scope: "col", abbr: seatName(seat) }, seatLetter(seat))));
  const calls = deal.auction || [];
  const cells = [];
  const start = columns.indexOf(deal.dealer);
  for (let i = 0; i < start; i += 1) cells.push(h("td", {}));
  calls.forEach((call, index) => {
    const seat = model.players[(model.players.indexOf(deal.dealer) + index) % model.players.length];
    const label = `${seatName(seat)}: ${callLabel(call)}`;
    const cls = `call-cell call-${call.replace(/^[1-7]/, "")}`;
    const meaning = meaningText((model.robotCalls || {})[String(index)]);
    cells.push(meaning ? meaningCell(index, cls, label, call, meaning) : h("td", { class: cls, "aria-label": label }, callText(call)));
  });
  if (openMeaning !== null && openMeaning >= calls.length) openMeaning = null;
  if (deal.phase === "auction" && deal.turn) {
    cells.push(h("td", { class: "call-cell next", "aria-label": fmt(_("{seat} to call"), { seat: seatName(deal.turn) }) }, "?"));
  }
  const rows = [];
  for (let i = 0; i < cells.length; i += columns.length) rows.push(h("tr", {}, cells.slice(i, i + columns.length)));
  const table = h("table", { class: "auction-table" },
    h("caption", { class: "visually-hidden" }, _("Auction")),
    h("thead", {}, head), h("tbody", {}, rows));
  replace(holder, table);
}

/** The robot's call whose meaning is shown by a click or tap (kept across re-renders). */
let openMeaning = null;

function setOpen(index) {
  openMeaning = index;
  for (const cell of document.querySelectorAll("#auction-grid td.has-meaning")) {
    const open = Number(cell.dataset.index) === index;
    cell.classList.toggle("open", open);
    const button = cell.querySelector("button");
    if (button) button.setAttribute("aria-expanded", String(open));
  }
}

/** A robot's call: a button described by its meaning, shown on hover, focus and tap. */
function meaningCell(index, cls, label, call, meaning) {
  const id = `meaning-${index}`;
  const open = openMeaning === index;
  const button = h("button", {
    type: "button",
    class: "call-meaning",
    "data-key": id,
    "aria-describedby": id,
    "aria-expanded": String(open),
    onclick: (event) => {
      event.stopPropagation();
      setOpen(openMeaning === index ? null : index);
    },
    onkeydown: (event) => {
      if (event.key === "Escape" && openMeaning === index) {
        event.preventDefault();
        setOpen(null);
      }
    },
  }, h("span", { "aria-hidden": "true" }, callText(call)),
  h("span", { class: "visually-hidden" }, label),
  h("span", { class: "meaning-mark", "aria-hidden": "true" }, "?"));
  return h("td", { class: `${cls} has-meaning${open ? " open" : ""}`, "data-index": index },
    button, h("span", { class: "meaning", role: "tooltip", id }, meaning));
}

// Any tap or click elsewhere closes an open meaning; pointerdown because touch browsers
// send no click for a tap on plain text, and the meaning covers the call below it.
// A tapped call keeps focus, which also shows its meaning: let go of it too.
document.addEventListener("pointerdown", (event) => {
  if (event.target.closest(".call-meaning")) return;
  if (openMeaning !== null) setOpen(null);
  const focused = document.activeElement;
  if (focused && focused.classList.contains("call-meaning")) focused.blur();
}, true);
