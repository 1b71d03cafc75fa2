// Messages from the page's gettext catalog (embedded as JSON by the server).
const source = document.getElementById("bt-messages");
const messages = source ? JSON.parse(source.textContent || "{}") : {};

/** Messages the page asked for that its catalog lacks (checked by the tests). */
export const missing = new Set();
window.btMissing = missing;

/** Translate a message; English text is the key. */
export function _(message) {
  const text = messages[message];
  if (text === undefined || text === "") {
    missing.add(message);
    return message;
  }
  return text;
}

/** Fill `{name}` placeholders of a translated text. */
export function fmt(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
