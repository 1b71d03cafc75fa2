// Hands: the player's own (buttons in one Tab stop), dummy's and the ones shown after
// the deal (buttons for declarer when dummy is to play, text otherwise), card backs.
import { _, fmt } from "./i18n.js";
import { h, roving } from "./dom.js";
import { bySuit, cardFace, cardLabel, rankText, symbol } from "./cards.js";

let lastFocused = null;

/** A hand as buttons, suits in alternating colours; legal ones play on click or Enter. */
export function playableHand(cards, { label, legal, onPlay, onRefused, compact = false }) {
  const turn = legal.length ? " my-turn" : "";
  const group = h("div", { role: "group", "aria-label": label, class: (compact ? "cards rows" : "cards fan") + turn });
  const buttons = [];
  const playable = new Set(legal);
  bySuit(cards).forEach((suitGroup, row) => {
    if (!suitGroup.cards.length) return;
    const holder = compact ? h("div", { class: "suit-row" }) : group;
    suitGroup.cards.forEach((card, col) => {
      const can = playable.has(card);
      const button = h(
        "button",
        {
          type: "button",
          class: `card suit-${card[0]}${can ? " legal" : ""}`,
          "data-key": card,
          "data-card": card,
          "data-row": row,
          "data-col": col,
          "aria-disabled": can ? null : "true",
          onclick: () => (playable.has(card) ? onPlay(card) : onRefused && onRefused(card)),
          onfocus: () => {
            lastFocused = card;
          },
        },
        cardFace(card),
        h("span", { class: "visually-hidden" }, cardLabel(card)),
      );
      buttons.push(button);
      holder.append(button);
    });
    if (compact) group.append(holder);
  });
  const preferred = playable.has(lastFocused) ? lastFocused : legal.find((c) => cards.includes(c)) || lastFocused;
  roving(group, buttons, preferred);
  return group;
}

/** A hand shown face up to read, not to play: one line per suit. */
export function shownHand(cards, label) {
  const list = h("ul", { class: "shown-hand", "aria-label": label });
  for (const group of bySuit(cards)) {
    const ranks = group.cards.map((card) => rankText(card[1])).join(" ") || "—";
    list.append(
      h("li", { class: `suit-${group.suit}` },
        h("span", { class: "suit-sym", "aria-hidden": "true" }, symbol(group.suit)),
        h("span", { class: "visually-hidden" }, suitLabel(group.suit)),
        " ",
        ranks),
    );
  }
  return list;
}

function suitLabel(suit) {
  return { S: _("spades"), H: _("hearts"), D: _("diamonds"), C: _("clubs") }[suit];
}

/** A hidden hand: only its number of cards. */
export function cardBacks(count) {
  const text = fmt(_("Cards: {n}"), { n: count });
  return h("p", { class: "backs" },
    h("span", { class: "back-stack", "aria-hidden": "true" }),
    h("span", {}, text));
}

/** A single card face with its spoken name (for tricks and drawn cards). */
export function cardTile(card, extraClass = "") {
  return h("span", { class: `card tile suit-${card[0]} ${extraClass}`, role: "img", "aria-label": cardLabel(card) }, cardFace(card));
}
