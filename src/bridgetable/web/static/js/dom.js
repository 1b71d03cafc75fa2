// A tiny element builder, and focus kept across re-renders.

/** Build an element: h("button", {class: "x", onclick: f}, "text", child). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children, keeping focus on the element with the same data-key. */
export function replace(container, ...children) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.getAttribute("data-key") : null;
  container.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
    else {
      const first = container.querySelector('[tabindex="0"], button:not([disabled])');
      if (first) first.focus();
    }
  }
}

/**
 * Roving tabindex over the buttons of a group: one Tab stop, arrows move within it.
 * Items may carry data-row and data-col for two-dimensional moves.
 */
export function roving(group, items, preferred) {
  if (!items.length) return;
  let current = items.find((item) => item.getAttribute("data-key") === preferred) || items[0];
  for (const item of items) item.tabIndex = item === current ? 0 : -1;
  group.addEventListener("keydown", (event) => {
    const index = items.indexOf(document.activeElement);
    if (index < 0) return;
    let next = null;
    const here = items[index];
    const row = Number(here.dataset.row || 0);
    const col = Number(here.dataset.col || index);
    if (event.key === "ArrowRight") next = items[Math.min(index + 1, items.length - 1)];
    else if (event.key === "ArrowLeft") next = items[Math.max(index - 1, 0)];
    else if (event.key === "Home") next = items[0];
    else if (event.key === "End") next = items[items.length - 1];
    else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      next = nearestInRow(items, row + step, col, step) || items[index + step] || here;
    }
    if (!next) return;
    event.preventDefault();
    for (const item of items) item.tabIndex = item === next ? 0 : -1;
    next.focus();
  });
}

function nearestInRow(items, row, col, step) {
  const rows = [...new Set(items.map((item) => Number(item.dataset.row || 0)))].sort((a, b) => a - b);
  const target = step > 0 ? rows.find((r) => r >= row) : rows.reverse().find((r) => r <= row);
  if (target === undefined || !items.some((item) => item.dataset.row !== undefined)) return null;
  let best = null;
  for (const item of items) {
    if (Number(item.dataset.row) !== target) continue;
    if (!best || Math.abs(Number(item.dataset.col) - col) < Math.abs(Number(best.dataset.col) - col)) {
      best = item;
    }
  }
  return best;
}
