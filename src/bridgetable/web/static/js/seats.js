// The seats around the table: name, presence, dealer, robot, turn, and seat controls.
import { _, fmt } from "./i18n.js";
import { h, replace } from "./dom.js";
import { seatName, sideOf } from "./cards.js";
import { activeSeat } from "./state.js";
import { cardBacks, playableHand, shownHand } from "./hand.js";

/** Draw every seat in its place; `act` sends actions, `ask` opens the sit dialog. */
export function renderSeats(model, act, ask) {
  const active = activeSeat(model);
  for (const pos of ["top", "left", "right", "bottom"]) {
    const box = document.getElementById(`pos-${pos}`);
    const info = model.seats.find((s) => model.where[s.seat] === pos);
    box.hidden = !info;
    if (!info) {
      replace(box);
      continue;
    }
    replace(box, seatBox(model, info, active, act, ask));
  }
}

function seatBox(model, info, active, act, ask) {
  const seat = info.seat;
  const deal = model.deal;
  const taken = Boolean(info.name) || Boolean(info.robot);
  const isMe = seat === model.mySeat;
  const dealer = deal ? deal.dealer : model.game && model.game.next_dealer;
  const vul = deal ? deal.vulnerability : model.game && model.game.next_vulnerability;
  const vulnerable = vul === "both" || vul === sideOf(seat);
  const badges = h("p", { class: "badges" },
    taken && !info.robot
      ? h("span", { class: `presence ${info.online ? "online" : "offline"}` },
        info.online ? _("online") : _("offline"))
      : null,
    info.robot ? h("span", { class: "badge robot" }, _("Robot")) : null,
    seat === dealer ? h("span", { class: "badge dealer", title: _("Dealer") }, _("Dealer")) : null,
    vulnerable ? h("span", { class: "badge vul" }, _("Vulnerable")) : null,
    deal && deal.declarer === seat ? h("span", { class: "badge declarer" }, _("Declarer")) : null,
    deal && deal.dummy === seat && deal.phase !== "auction" ? h("span", { class: "badge dummy" }, _("Dummy")) : null,
    info.ready && (!deal || deal.phase === "over") ? h("span", { class: "badge ready" }, _("Ready")) : null,
    seat === active && deal && deal.dummy === seat && deal.phase === "play"
      ? h("span", { class: "badge turn" }, _("Declarer plays from dummy"))
      : seat === active ? h("span", { class: "badge turn" }, _("to act")) : null,
  );
  const name = info.robot && !info.name ? _("Robot") : info.name || _("Empty seat");
  const box = h("div", {
    class: `seat${seat === active ? " active" : ""}${isMe ? " mine" : ""}${taken ? "" : " free"}`,
    "data-seat": seat,
  },
  h("h2", { class: "seat-title" },
    h("span", { class: "seat-label" }, seatName(seat)),
    " ",
    h("span", { class: "player-name" }, name),
    isMe ? h("span", { class: "you" }, " (", _("you"), ")") : null),
  badges,
  controls(model, info, taken, isMe, act, ask));
  if (model.where[seat] !== "bottom" || !isMe) {
    // append(null) would print "null": no hand is shown when no deal is on
    const hand = otherHand(model, seat, act);
    if (hand) box.append(hand);
  }
  return box;
}

function seatButton(cls, key, label, seatLabel, onclick) {
  const spoken = seatLabel ? [label, seatLabel].join(": ") : label;
  return h("button", { type: "button", class: cls, "data-key": key, "aria-label": spoken, onclick }, label);
}

function controls(model, info, taken, isMe, act, ask) {
  const seat = info.seat;
  const buttons = [];
  const name = seatName(seat);
  if (!taken) {
    if (!model.mySeat) buttons.push(seatButton("sit", `sit-${seat}`, _("Sit here"), name, () => ask(seat)));
    buttons.push(seatButton("robot-on", `robot-${seat}`, _("Add robot"), name, () => act("robot", { seat, on: true })));
  } else if (info.robot) {
    // a person may take over from a robot at any time; taking it out waits for the deal's end
    if (!model.mySeat) buttons.push(seatButton("sit", `sit-${seat}`, _("Sit here"), name, () => ask(seat)));
    const playing = model.deal && model.deal.phase !== "over" && model.phase !== "over";
    if (model.creator && !playing) buttons.push(seatButton("robot-off", `robot-${seat}`, _("Remove robot"), name, () => act("robot", { seat, on: false })));
  } else if (isMe) {
    const playing = model.deal && model.deal.phase !== "over";
    if (!playing) buttons.push(seatButton("stand", "stand", _("Leave the seat"), null, () => act("stand")));
  } else if (model.creator && !info.online) {
    buttons.push(seatButton("free", `free-${seat}`, _("Free the seat"), name, () => act("free", { seat })));
  }
  return buttons.length ? h("p", { class: "seat-controls" }, buttons) : null;
}

function otherHand(model, seat, act) {
  const hand = model.hands[seat];
  if (!hand || !model.deal) return null;
  const label = fmt(_("Hand of {seat}"), { seat: seatName(seat) });
  if (!hand.cards) return cardBacks(hand.count);
  const legal = model.legalCards.filter((card) => hand.cards.includes(card));
  if (legal.length) {
    return playableHand(hand.cards, { label, legal, onPlay: (card) => act("play", { card }), compact: true });
  }
  return shownHand(hand.cards, label);
}
