// The table page: connects to the table, renders each state, sends the player's actions.
import { _, fmt } from "./i18n.js";
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
import { placeFocus } from "./focus.js";

const main = document.getElementById("main");
const tableId = main.dataset.table;
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const ui = { showLast: false, model: null, drawn: false, seenDrawn: new Set() };

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
    markTurn(before, model);
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
      // the status line says it once; the notice offers the way on
      const notice = document.getElementById("notice");
      replace(notice, _("There is no table at this address. Check the link, or open a new table."), " ",
        h("a", { href: "/#create-title" }, _("Open a new table")));
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
  const had = document.activeElement;
  main.dataset.phase = (model.deal && model.deal.phase) || "none";
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
  placeFocus(model, had);
}

// A player in another tab learns from the title (and a sound, if chosen) that it is their turn.
const baseTitle = document.title;
function myTurn(model) {
  const deal = model.deal;
  const asked = deal && [deal.claim, deal.undo].some((p) => p && p.responders.includes(model.mySeat) && !p.accepted.includes(model.mySeat));
  return Boolean(model.legalCalls.length || model.legalCards.length || asked);
}

function markTurn(before, model) {
  const now = myTurn(model);
  if (now && !(before && myTurn(before)) && document.hidden) {
    document.title = fmt(_("Your turn · {title}"), { title: baseTitle });
    if (localStorage.getItem("bt_sound") === "1") beep();
  }
  if (!now) document.title = baseTitle;
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) document.title = baseTitle;
});

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    tone.onended = () => audio.close();
  } catch {
    // no sound where audio is not allowed
  }
}

// Draw Bridge: a newly drawn card is outlined in the hand for a few seconds.
const FRESH_MS = 3000;
const freshUntil = new Map();
function markDrawn(section, model) {
  const now = Date.now();
  if (!ui.drawnSeeded) ui.seenDrawn = new Set(model.drawn); // cards drawn before the page opened
  ui.drawnSeeded = true;
  for (const card of model.drawn) if (!ui.seenDrawn.has(card)) freshUntil.set(card, now + FRESH_MS);
  ui.seenDrawn = new Set(model.drawn);
  for (const [card, until] of freshUntil) {
    const button = section.querySelector(`.card[data-card="${card}"]`);
    if (until <= now || !button) {
      freshUntil.delete(card);
      continue;
    }
    button.classList.add("fresh");
    setTimeout(() => button.classList.remove("fresh"), until - now);
  }
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
  markDrawn(section, model);
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

function sendChat() {
  const input = document.getElementById("chat-text");
  const text = input.value.trim().slice(0, 300);
  if (!text) return;
  act("chat", { text });
  input.value = "";
}

document.getElementById("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!document.getElementById("chat-text").value.trim()) return;
  // a spectator says who they are before their first message
  if (ui.model && !ui.model.mySeat && !ui.model.myName && !localStorage.getItem("bt_name")) {
    document.getElementById("name-dialog").showModal();
    document.getElementById("chat-name").focus();
    return;
  }
  sendChat();
});

wireDialog("name-dialog", () => {
  const name = document.getElementById("chat-name").value.trim().slice(0, 24);
  if (!name) return false;
  localStorage.setItem("bt_name", name);
  connection.rename(name);
  sendChat();
  return true;
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

const sound = document.getElementById("turn-sound");
sound.checked = localStorage.getItem("bt_sound") === "1";
sound.addEventListener("change", () => localStorage.setItem("bt_sound", sound.checked ? "1" : "0"));
document.getElementById("settings-open").addEventListener("click", () => {
  document.getElementById("settings-dialog").showModal();
});

const fourColour = document.getElementById("four-colour");
fourColour.checked = localStorage.getItem("bt_four_colour") === "1";
document.body.classList.toggle("four-colour", fourColour.checked);
fourColour.addEventListener("change", () => {
  localStorage.setItem("bt_four_colour", fourColour.checked ? "1" : "0");
  document.body.classList.toggle("four-colour", fourColour.checked);
});

// The colour theme: "auto" follows the device (theme.js applies the others before drawing).
const theme = localStorage.getItem("bt_theme") || "auto";
for (const radio of document.querySelectorAll("input[name=theme]")) {
  radio.checked = radio.value === theme;
  radio.addEventListener("change", () => {
    if (radio.value === "auto") {
      localStorage.removeItem("bt_theme");
      delete document.documentElement.dataset.theme;
    } else {
      localStorage.setItem("bt_theme", radio.value);
      document.documentElement.dataset.theme = radio.value;
    }
  });
}

window.btConnection = connection;
document.getElementById("share-link").value = new URL(`/t/${tableId}`, location.href).href;
connection.connect();
