// The scoresheet: a rubber's We/They sheet with its line, or Chicago's four deals.
import { _, fmt, ngettext } from "./i18n.js";
import { h, replace } from "./dom.js";
import { contractText, seatLetter, seatName, sideName, sideOf, vulnerabilityText } from "./cards.js";

export function kindLabel(kind) {
  return {
    trick_points: _("Trick points"),
    overtricks: _("Overtricks"),
    insult: _("Doubled contract made"),
    slam: _("Slam"),
    game_bonus: _("Game"),
    last_deal_partscore: _("Partscore on the fourth deal"),
    rubber_bonus: _("Rubber"),
    undertricks: _("Undertricks"),
    unfinished_rubber: _("Unfinished rubber"),
  }[kind] || kind;
}

function shortSide(side) {
  return side === "NS" ? _("N–S") : _("E–W");
}

/** A side as the sheet names it: at a table of two, the seat that scores for it. */
function sideLabel(model, side) {
  if (model.players.length === 2) return seatName(side === "NS" ? "N" : "E");
  return sideName(side);
}

/** Our side (the viewer's), and the column headings: at a table of two, the two
players by name and seat (North scores as North–South, East as East–West). */
function sides(model) {
  const us = model.mySeat ? sideOf(model.mySeat) : "NS";
  const them = us === "NS" ? "EW" : "NS";
  if (model.players.length === 2) {
    const player = (side) => {
      const seat = side === "NS" ? "N" : "E";
      const info = model.seats.find((s) => s.seat === seat);
      const name = info && (info.name || (info.robot ? _("Robot") : ""));
      return name ? fmt(_("{name} ({seat})"), { name, seat: seatName(seat) }) : seatName(seat);
    };
    return { us, them, usLabel: player(us), themLabel: player(them), usShort: player(us), themShort: player(them) };
  }
  const label = (side, word) => (model.mySeat ? fmt(_("{word} ({side})"), { word, side: sideName(side) }) : sideName(side));
  return {
    us, them, usLabel: label(us, _("We")), themLabel: label(them, _("They")),
    usShort: model.mySeat ? _("We") : shortSide(us), themShort: model.mySeat ? _("They") : shortSide(them),
  };
}

export function renderScore(model) {
  const holder = document.getElementById("score");
  const score = model.score;
  if (!score) {
    replace(holder, h("p", { class: "muted" }, _("No deal has been scored yet.")));
    return;
  }
  const table = score.variant === "chicago" ? chicagoSheet(score, model) : rubberSheet(score, model);
  replace(holder, table, result(score, model));
}

function pointsRow(label, item, s, extraClass = "") {
  return h("tr", { class: extraClass },
    h("th", { scope: "row" }, label),
    h("td", {}, item.side === s.us ? item.points : ""),
    h("td", {}, item.side === s.them ? item.points : ""));
}

function rubberSheet(score, model) {
  const s = sides(model);
  const records = score.records || [];
  const above = [];
  for (const record of records) {
    for (const item of record.items) {
      if (!item.below_line) above.push([fmt(_("Deal {n}: {item}"), { n: record.number, item: kindLabel(item.kind) }), item]);
    }
  }
  for (const item of score.extra_items || []) above.push([kindLabel(item.kind), item]);
  const aboveRows = above.reverse().map(([label, item]) => pointsRow(label, item, s));
  const belowRows = [];
  for (const line of score.lines || []) {
    const deals = line.deals.map((index) => records[index]).filter(Boolean);
    for (const record of deals) {
      for (const item of record.items) {
        if (item.below_line) {
          belowRows.push(pointsRow(fmt(_("Deal {n}: {contract}"), { n: record.number, contract: contractText(record.contract) }), item, s));
        }
      }
    }
    if (line.won_by) {
      belowRows.push(h("tr", { class: "game-line" },
        h("th", { scope: "row", colspan: 3 }, fmt(_("Game {n}: {side}"), { n: line.game, side: sideLabel(model, line.won_by) }))));
    }
  }
  const totals = score.totals || {};
  return h("table", { class: "scoresheet rubber" },
    h("caption", {}, _("Rubber scoresheet")),
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, s.usLabel), h("th", { scope: "col" }, s.themLabel))),
    h("tbody", { class: "above", "aria-label": _("Above the line") }, aboveRows.length ? aboveRows : emptyRow(_("Above the line"))),
    h("tbody", { class: "below", "aria-label": _("Below the line") }, belowRows.length ? belowRows : emptyRow(_("Below the line"))),
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row" }, _("Total")),
      h("td", {}, totals[s.us] || 0), h("td", {}, totals[s.them] || 0))));
}

function emptyRow(label) {
  return h("tr", { class: "empty" }, h("th", { scope: "row" }, label), h("td", {}), h("td", {}));
}

function resultText(record) {
  if (!record.contract) return record.counted ? _("Passed out") : _("Passed out, dealt again");
  const needed = Number(record.contract[0]) + 6;
  const diff = record.tricks - needed;
  if (diff === 0) return _("Made");
  return diff > 0 ? `+${diff}` : `−${-diff}`;
}

function shortVulnerability(vulnerability) {
  return { none: _("None"), NS: _("N–S"), EW: _("E–W"), both: _("Both") }[vulnerability] || "";
}

/** Chicago's sheet: one row per deal (vulnerability, contract by declarer, result, the
deal's points) and the totals below, narrow enough for a phone. */
function chicagoSheet(score, model) {
  const s = sides(model);
  const rows = (score.records || []).map((record) => {
    const contract = record.contract
      ? fmt(_("{contract} {seat}"), { contract: contractText(record.contract), seat: seatLetter(record.declarer) })
      : "—";
    return h("tr", { class: record.game_completed_by ? "game-line" : "" },
      h("th", { scope: "row", title: fmt(_("Dealer: {seat}"), { seat: seatName(record.dealer) }) }, record.number),
      h("td", { title: vulnerabilityText(record.vulnerability) }, shortVulnerability(record.vulnerability)),
      h("td", {}, contract),
      h("td", {}, resultText(record)),
      h("td", {}, record.points[s.us] || ""),
      h("td", {}, record.points[s.them] || ""));
  });
  const col = (text) => h("th", { scope: "col" }, text);
  const totals = score.totals || {};
  return h("table", { class: "scoresheet chicago" },
    h("caption", {}, _("Chicago scoresheet"),
      model.mySeat ? h("span", { class: "us" }, fmt(_("We: {side}"), { side: sideName(s.us) })) : null),
    h("thead", {},
      h("tr", {}, col(_("Deal")), col(_("Vul.")), col(_("Contract")), col(_("Result")), col(s.usShort), col(s.themShort))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 6 }, _("No deal has been scored yet.")))),
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: 4 }, _("Total")),
      h("td", {}, totals[s.us] || 0), h("td", {}, totals[s.them] || 0))));
}

function result(score, model) {
  if (!score.over) return null;
  const chicago = score.variant === "chicago";
  if (score.winner === "tie" || !score.winner) {
    return h("p", { class: "match-result" }, _("The match is a draw."));
  }
  const totals = score.totals;
  const margin = Math.abs(totals.NS - totals.EW);
  let text;
  if (model.players.length === 2) {
    text = ngettext("{side} wins the rubber by {points} point.", "{side} wins the rubber by {points} points.", margin);
  } else if (chicago) {
    text = ngettext("{side} win the match by {points} point.", "{side} win the match by {points} points.", margin);
  } else {
    text = ngettext("{side} win the rubber by {points} point.", "{side} win the rubber by {points} points.", margin);
  }
  return h("p", { class: "match-result" }, fmt(text, { side: sideLabel(model, score.winner), points: margin }));
}
