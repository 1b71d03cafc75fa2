// The table page: connects to the table, renders each state, sends the player's actions.
import { _ } from "./i18n.js";
import { Connection } from "./conn.js";
import { h, replace } from "./dom.js";
import { readState, seatTakenBack } from "./state.js";
import { renderSeats } from "./seats.js";
import { playableHand, cardBacks } from "./hand.js";
import { renderAuction, renderBiddingBox } from "./bidding.js";
import { renderScore } from "./score.js";
import {
  errorText, refusalText, renderActions, renderCenter, renderChat, renderInfo, renderLinks, renderRequests, requestText, statusText,
} from "./panels.js";
import { announceChanges, say } from "./announce.js";

const main = document.getElementById("main");
const tableId = main.dataset.table;
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const ui = { showLast: false, model: null, drawn: false };

const connection = new Connection(`${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}`, {
  onState(message) {
    const model = readState(message);
    const before = ui.model;
    ui.model = model;
    render(model);
    if (before) announceChanges(before, model);
    if (before) announceRequest(before.request, model);
    if (before && seatTakenBack(before, model)) {
      showNotice(_("Your seat was taken back with its private link in another browser."));
    }
    if (!ui.drawn) {
      ui.drawn = true;
      performance.mark("bt-table-drawn");
      document.body.dataset.ready = "true";
    }
  },
  onError(error) {
    showNotice(errorText(error));
  },
  onStatus(status, seconds) {
    const conn = document.getElementById("conn");
    conn.dataset.state = status;
    conn.textContent = statusText(status, seconds);
    if (status === "not_found") {
      document.body.classList.add("not-found");
      const notice = document.getElementById("notice");
      notice.textContent = statusText(status);
      notice.hidden = false;
      document.body.dataset.ready = "true";
    }
  },
});

/** Say when a request to change the match is made, or refused. */
function announceRequest(was, model) {
  const now = model.request;
  if (!now) return;
  const same = was && was.kind === now.kind && was.seat === now.seat;
  if (now.open && !(same && was.open)) say(requestText(model));
  else if (!now.open && !(same && !was.open)) say(refusalText(model));
}

function act(type, fields = {}) {
  hideNotice();
  connection.send(type, fields);
}

function showNotice(text) {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(ui.noticeTimer);
  ui.noticeTimer = setTimeout(hideNotice, 6000);
}

function hideNotice() {
  document.getElementById("notice").hidden = true;
}

function render(model) {
  renderInfo(model);
  renderSeats(model, act, openSit);
  renderCenter(model, ui.showLast);
  renderRequests(model, act);
  renderHand(model);
  renderBiddingBox(model, act);
  renderAuction(model);
  renderActions(model, act, uiActions);
  renderScore(model);
  renderChat(model);
  renderLinks(model);
}

function renderHand(model) {
  const section = document.getElementById("hand");
  const hand = model.mySeat && model.hands[model.mySeat];
  section.hidden = !hand || !model.deal;
  if (section.hidden) {
    replace(section);
    return;
  }
  if (!hand.cards) {
    replace(section, cardBacks(hand.count));
    return;
  }
  const legal = model.legalCards.filter((card) => hand.cards.includes(card));
  replace(section,
    h("h2", { class: "visually-hidden" }, _("Your hand")),
    playableHand(hand.cards, {
      label: _("Your hand"),
      legal,
      onPlay: (card) => act("play", { card }),
      onRefused: () => say(model.legalCards.length ? _("That card cannot be played now.") : _("It is not your turn.")),
    }));
}

const uiActions = {
  get showLast() {
    return ui.showLast;
  },
  toggleLast() {
    ui.showLast = !ui.showLast;
    if (ui.model) render(ui.model);
  },
  openClaim(remaining) {
    const select = document.getElementById("claim-tricks");
    select.replaceChildren(...Array.from({ length: remaining + 1 }, (_unused, n) => h("option", { value: n }, n)));
    select.value = String(remaining);
    document.getElementById("claim-dialog").showModal();
  },
  openAbandon() {
    document.getElementById("abandon-dialog").showModal();
  },
};

let sitSeat = null;
function openSit(seat) {
  sitSeat = seat;
  const input = document.getElementById("sit-name");
  input.value = localStorage.getItem("bt_name") || "";
  document.getElementById("sit-dialog").showModal();
  input.focus();
}

function wireDialog(id, onOk) {
  const dialog = document.getElementById(id);
  dialog.querySelector("form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (onOk() !== false) dialog.close();
  });
  dialog.querySelector(".cancel").addEventListener("click", () => dialog.close());
}

wireDialog("sit-dialog", () => {
  const name = document.getElementById("sit-name").value.trim().slice(0, 24);
  if (!name) return false;
  localStorage.setItem("bt_name", name);
  act("sit", { seat: sitSeat, name });
  return true;
});
wireDialog("claim-dialog", () => act("claim", { tricks: Number(document.getElementById("claim-tricks").value) }));
wireDialog("abandon-dialog", () => act("abandon"));

document.getElementById("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("chat-text");
  const text = input.value.trim().slice(0, 300);
  if (!text) return;
  act("chat", { text });
  input.value = "";
});

for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", async () => {
    const input = document.getElementById(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    say(_("Link copied."));
    button.textContent = _("Copied");
    setTimeout(() => {
      button.textContent = _("Copy");
    }, 2000);
  });
}

const fourColour = document.getElementById("four-colour");
fourColour.checked = localStorage.getItem("bt_four_colour") === "1";
document.body.classList.toggle("four-colour", fourColour.checked);
fourColour.addEventListener("change", () => {
  localStorage.setItem("bt_four_colour", fourColour.checked ? "1" : "0");
  document.body.classList.toggle("four-colour", fourColour.checked);
});

window.btConnection = connection;
document.getElementById("share-link").value = new URL(`/t/${tableId}`, location.href).href;
connection.connect();
