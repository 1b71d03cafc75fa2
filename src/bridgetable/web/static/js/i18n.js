// Messages from the page's gettext catalog (embedded as JSON by the server).
const source = document.getElementById("bt-messages");
const messages = source ? JSON.parse(source.textContent || "{}") : {};
// CLDR plural category (from the browser) to the catalog's form index (from Babel)
const categories = messages[""] || { one: 0, other: 1 };
const rules = new Intl.PluralRules(document.documentElement.lang || "en");

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

/** Translate a message in a context (the same English said differently there). */
export function pgettext(context, message) {
  const text = messages[`${context}\u0004${message}`];
  if (text === undefined || text === "") {
    missing.add(`${context}\u0004${message}`);
    return message;
  }
  return text;
}

/** The form of a counted message for `n`, by the page language's plural rule. */
export function ngettext(singular, plural, n) {
  const forms = messages[singular];
  if (!Array.isArray(forms)) {
    missing.add(singular);
    return n === 1 ? singular : plural;
  }
  const index = categories[rules.select(n)] ?? categories.other ?? forms.length - 1;
  return forms[Math.min(index, forms.length - 1)];
}

/** Fill `{name}` placeholders of a translated text. */
export function fmt(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
