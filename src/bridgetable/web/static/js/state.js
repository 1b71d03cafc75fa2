// The server's state message read into one plain model the views share.
import { SEATS } from "./cards.js";

function seatList(table, game) {
  const seats = table.seats || {};
  if (Array.isArray(seats)) {
    return seats.map((info, index) => ({ seat: info.seat || SEATS[index], ...info }));
  }
  const order = (game && game.players) || SEATS.filter((seat) => seat in seats);
  return order.map((seat) => ({ seat, ...(seats[seat] || {}) }));
}

function normalHand(hand) {
  if (Array.isArray(hand)) return { cards: hand };
  if (hand && Array.isArray(hand.cards)) return { cards: hand.cards };
  return { count: hand && typeof hand.count === "number" ? hand.count : 0 };
}

function positions(players, mine) {
  const where = {};
  if (players.length === 2) {
    const bottom = players.includes(mine) ? mine : players[0];
    where[bottom] = "bottom";
    where[players.find((seat) => seat !== bottom)] = "top";
    return where;
  }
  const bottom = SEATS.includes(mine) ? mine : "S";
  const start = SEATS.indexOf(bottom);
  ["bottom", "left", "top", "right"].forEach((pos, i) => {
    where[SEATS[(start + i) % 4]] = pos;
  });
  return where;
}

/** Everything the views need from one `state` message. */
export function readState(message) {
  const table = message.table || {};
  const game = message.game || null;
  const me = message.me || {};
  const deal = (game && game.deal) || null;
  const seats = seatList(table, game);
  const players = (game && game.players) || seats.map((info) => info.seat);
  const mySeat = me.seat || (game && game.seat) || null;
  const rawHands = me.hands || (deal && deal.hands) || {};
  const hands = {};
  for (const seat of players) hands[seat] = normalHand(rawHands[seat]);
  const over = deal && deal.phase === "over";
  const dealHands = me.deal_hands || (deal && deal.deal_hands) || null;
  if (over && dealHands) {
    for (const seat of players) if (dealHands[seat]) hands[seat] = { cards: dealHands[seat] };
  }
  let drawn = me.drawn || (deal && deal.draw && deal.draw.drawn) || [];
  if (!Array.isArray(drawn)) drawn = (mySeat && drawn[mySeat]) || [];
  const legal = me.legal || (deal && deal.legal) || {};
  const trick = deal && deal.phase === "draw" && deal.draw ? deal.trick : deal && deal.trick;
  return {
    event: message.event,
    tableId: table.id,
    match: table.match || null,
    variant: (game && game.variant) || table.game || "rubber",
    creator: Boolean(me.creator || table.creator),
    chat: table.chat || [],
    seats,
    players,
    mySeat,
    myName: me.name || "",
    rejoin: me.rejoin || null,
    game,
    deal,
    phase: game ? game.phase : null,
    hands,
    drawn,
    legalCalls: legal.calls || [],
    robotCalls: table.robot_calls || {},
    request: table.request || null,
    legalCards: legal.cards || [],
    trick,
    where: positions(players, mySeat),
    score: game ? game.score : null,
  };
}

/** The hand whose card is played next in the current trick (play or draw phase). */
export function handToPlay(model) {
  const deal = model.deal;
  if (!deal || !(deal.phase === "play" || deal.phase === "draw") || !model.trick) return null;
  if (deal.claim || deal.undo) return null;
  const players = model.players;
  const cards = model.trick.cards || [];
  if (cards.length >= players.length) return null;
  const lead = players.indexOf(model.trick.leader);
  return players[(lead + cards.length) % players.length];
}

/** The completed tricks of the phase in progress. */
export function doneTricks(model) {
  const deal = model.deal;
  if (!deal) return [];
  if (deal.phase === "draw" && deal.draw) return deal.draw.tricks || [];
  return deal.tricks || [];
}

/** The seat whose action is awaited: a bidder, or the hand to play. */
export function activeSeat(model) {
  const deal = model.deal;
  if (!deal || deal.phase === "over") return null;
  if (deal.phase === "auction") return deal.turn;
  return handToPlay(model);
}

/** Whether this browser lost its seat to the seat's private link used elsewhere: it
 * did not stand and was not freed, for the seat is still held under the same name. */
export function seatTakenBack(before, model) {
  if (!before.mySeat || model.mySeat) return false;
  const was = before.seats.find((info) => info.seat === before.mySeat);
  const now = model.seats.find((info) => info.seat === before.mySeat);
  return Boolean(was && now && now.name && !now.robot && now.name === was.name);
}
