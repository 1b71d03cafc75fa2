// The scoresheet: a rubber's We/They sheet with its line, or Chicago's four deals.
import { _, fmt } from "./i18n.js";
import { h, replace } from "./dom.js";
import { contractText, seatLetter, sideName, sideOf, vulnerabilityText } from "./cards.js";

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

/** Our side (the viewer's), and the column headings. */
function sides(model) {
  const us = model.mySeat ? sideOf(model.mySeat) : "NS";
  const them = us === "NS" ? "EW" : "NS";
  const label = (side, word) => (model.mySeat ? `${word} (${sideName(side)})` : sideName(side));
  return { us, them, usLabel: label(us, _("We")), themLabel: label(them, _("They")) };
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
      if (!item.below_line) above.push([`${kindLabel(item.kind)} · ${record.number}`, item]);
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
          belowRows.push(pointsRow(`${contractText(record.contract)} · ${record.number}`, item, s));
        }
      }
    }
    if (line.won_by) {
      belowRows.push(h("tr", { class: "game-line" },
        h("th", { scope: "row", colspan: 3 }, fmt(_("Game {n}: {side}"), { n: line.game, side: sideName(line.won_by) }))));
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
  return { none: _("None"), NS: sideName("NS"), EW: sideName("EW"), both: _("Both") }[vulnerability] || "";
}

function chicagoSheet(score, model) {
  const s = sides(model);
  const running = { NS: 0, EW: 0 };
  const rows = (score.records || []).map((record) => {
    running.NS += record.points.NS;
    running.EW += record.points.EW;
    const contract = record.contract
      ? `${contractText(record.contract)} ${seatLetter(record.declarer)}`
      : "—";
    return h("tr", { class: record.game_completed_by ? "game-line" : "" },
      h("th", { scope: "row" }, record.number),
      h("td", {}, seatLetter(record.dealer)),
      h("td", { title: vulnerabilityText(record.vulnerability) }, shortVulnerability(record.vulnerability)),
      h("td", {}, contract),
      h("td", {}, resultText(record)),
      h("td", {}, record.points[s.us] || ""),
      h("td", {}, record.points[s.them] || ""),
      h("td", {}, running[s.us]),
      h("td", {}, running[s.them]));
  });
  const col = (text, extra = {}) => h("th", { scope: "col", ...extra }, text);
  const us = model.mySeat ? _("We") : sideName(s.us);
  const them = model.mySeat ? _("They") : sideName(s.them);
  return h("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": _("Chicago scoresheet") },
    h("table", { class: "scoresheet chicago" },
      h("caption", {}, _("Chicago scoresheet"), model.mySeat ? ` · ${s.usLabel}` : ""),
      h("thead", {},
        h("tr", {}, col(_("Deal"), { rowspan: 2 }), col(_("Dealer"), { rowspan: 2 }), col(_("Vulnerable"), { rowspan: 2 }),
          col(_("Contract"), { rowspan: 2 }), col(_("Result"), { rowspan: 2 }),
          col(_("Points"), { colspan: 2, scope: "colgroup" }), col(_("Total"), { colspan: 2, scope: "colgroup" })),
        h("tr", {}, col(us), col(them), col(us), col(them))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 9 }, _("No deal has been scored yet."))))));
}

function result(score, model) {
  if (!score.over) return null;
  const chicago = score.variant === "chicago";
  if (score.winner === "tie" || !score.winner) {
    return h("p", { class: "match-result" }, _("The match is a draw."));
  }
  const totals = score.totals;
  const margin = Math.abs(totals.NS - totals.EW);
  const text = chicago ? _("{side} win the match by {points} points.") : _("{side} win the rubber by {points} points.");
  return h("p", { class: "match-result" }, fmt(text, { side: sideName(score.winner), points: margin }));
}
