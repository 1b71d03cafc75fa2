// Seats, suits, cards and calls as the player reads them, in the page's language.
import { _, fmt, ngettext, pgettext } from "./i18n.js";

export const SEATS = ["N", "E", "S", "W"];
/** Suits in hand order: colours alternate (black, red, black, red). */
export const HAND_ORDER = ["S", "H", "C", "D"];
const RANKS = "23456789TJQKA";
const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export function seatName(seat) {
  return { N: _("North"), E: _("East"), S: _("South"), W: _("West") }[seat] || seat;
}

export function seatLetter(seat) {
  return { N: _("N"), E: _("E"), S: _("S"), W: _("W") }[seat] || seat;
}

export function sideName(side) {
  return side === "NS" ? _("North–South") : _("East–West");
}

export function sideOf(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

export function symbol(suit) {
  return SYMBOLS[suit] || "";
}

function suitName(suit) {
  return { S: _("spades"), H: _("hearts"), D: _("diamonds"), C: _("clubs") }[suit];
}

function rankName(rank) {
  return {
    A: _("ace"), K: _("king"), Q: _("queen"), J: _("jack"), T: "10",
  }[rank] || rank;
}

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** What a screen reader says for a card: "ace of spades". */
export function cardLabel(card) {
  return fmt(_("{rank} of {suit}"), { rank: rankName(card[1]), suit: suitName(card[0]) });
}

/** Cards grouped by suit in hand order, each suit from the ace down. */
export function bySuit(cards) {
  const groups = HAND_ORDER.map((suit) => ({ suit, cards: [] }));
  for (const card of cards) groups[HAND_ORDER.indexOf(card[0])].cards.push(card);
  for (const group of groups) group.cards.sort((a, b) => RANKS.indexOf(b[1]) - RANKS.indexOf(a[1]));
  return groups;
}

export function sortHand(cards) {
  return bySuit(cards).flatMap((group) => group.cards);
}

function strainText(strain) {
  return strain === "NT" ? _("NT") : symbol(strain);
}

/** A call as shown in the auction: "1♣", "Pass", "X". */
export function callText(call) {
  if (call === "P") return _("Pass");
  if (call === "X" || call === "XX") return call;
  return call[0] + strainText(call.slice(1));
}

/** A call as written on the bidding box: "Double", or the language's abbreviation. */
export function callShort(call) {
  if (call === "X") return pgettext("bidding box", "Double");
  if (call === "XX") return pgettext("bidding box", "Redouble");
  return callText(call);
}

/** A bid in words, counted as players say it: "1 heart", "2 hearts", "3 no trump". */
function bidWords(level, strain) {
  const words = {
    C: ngettext("{n} club", "{n} clubs", level),
    D: ngettext("{n} diamond", "{n} diamonds", level),
    H: ngettext("{n} heart", "{n} hearts", level),
    S: ngettext("{n} spade", "{n} spades", level),
    NT: ngettext("{n} no trump", "{n} no trump", level),
  }[strain];
  return fmt(words, { n: level });
}

/** A call in words for buttons and screen readers: "1 club", "Double". */
export function callLabel(call) {
  if (call === "P") return _("Pass");
  if (call === "X") return _("Double");
  if (call === "XX") return _("Redouble");
  return bidWords(Number(call[0]), call.slice(1));
}

/** "4SX" as "4♠ X"; with `words`, spelled out for screen readers. */
export function contractText(contract, words = false) {
  const match = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(contract || "");
  if (!match) return contract || "";
  const doubling = match[3] === "XX" ? _("redoubled") : match[3] === "X" ? _("doubled") : "";
  const base = words ? bidWords(Number(match[1]), match[2]) : match[1] + strainText(match[2]);
  return doubling ? `${base} ${words ? doubling : match[3]}` : base;
}

export function strainOf(call) {
  const match = /^[1-7](C|D|H|S|NT)/.exec(call || "");
  return match ? match[1] : null;
}

/** Who is vulnerable, in words. */
export function vulnerabilityText(vulnerability) {
  return {
    none: _("Nobody vulnerable"),
    NS: _("North–South vulnerable"),
    EW: _("East–West vulnerable"),
    both: _("Both sides vulnerable"),
  }[vulnerability] || "";
}

/** A card face: the rank over the suit symbol, coloured by suit. */
export function cardFace(card) {
  const face = document.createElement("span");
  face.className = `face suit-${card[0]}`;
  face.setAttribute("aria-hidden", "true");
  face.textContent = rankText(card[1]) + symbol(card[0]);
  return face;
}
