// What a robot's call means, in the page's language: the message, then the details.
import { _, fmt } from "./i18n.js";
import { symbol } from "./cards.js";

const source = document.getElementById("bt-meanings");
const table = source ? JSON.parse(source.textContent || "{}") : {};
const MESSAGES = table.messages || {};
const DETAILS = table.details || {};
const SUIT_PARAMS = new Set(["suit", "their_suit", "trump", "target"]);
const SUITS = new Set(["C", "D", "H", "S"]);

function value(key, raw) {
  if (SUIT_PARAMS.has(key) || typeof raw === "string") {
    if (raw === "NT") return _("no trump");
    if (SUITS.has(raw)) return symbol(raw);
  }
  return String(raw);
}

/** The meaning of `{message, params}` as one line, or "" when the message is unknown. */
export function meaningText(entry) {
  if (!entry || !MESSAGES[entry.message]) return "";
  const params = entry.params || {};
  const values = {};
  for (const [key, raw] of Object.entries(params)) values[key] = value(key, raw);
  const text = (english) => fmt(_(english), values).replace(/\{\w+\}/g, "?");
  const parts = [text(MESSAGES[entry.message])];
  if ("min" in params && DETAILS.hcp_min) {
    const open = !("max" in params) || Number(params.max) === 37;
    parts.push(text(open ? DETAILS.hcp_min : DETAILS.hcp_range));
  }
  if ("length" in params && DETAILS.length) parts.push(text(DETAILS.length));
  return parts.join("; ");
}
