// The rules card: one tap away during play, from the top bar. A game page
// gives it its content (a title and sections of paragraphs, lists or
// tables); the card opens full screen over the page and closes with its ✕,
// Escape or the back of the dialog.

import { h, replace } from "./ui.js";
import { useAids } from "./banner.js";

// rulesButton is the top-bar button that opens the card. content() is
// called on each open, so the card shows the room's own options.
export function rulesButton(content, label = "Rules") {
  useAids();
  return h("button", {
    class: "rules-btn", id: "rules-open", type: "button", "aria-haspopup": "dialog", "aria-label": label,
    onclick: () => openRules(content()),
  }, "?", h("span", { class: "long" }, ` ${label}`));
}

let dialog = null;

// openRules shows {title, sections: [{title, body: [nodes or strings]}]}.
export function openRules(content) {
  useAids();
  if (!dialog) {
    dialog = h("dialog", { class: "rules", id: "rules", "aria-labelledby": "rules-title" });
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    document.body.append(dialog);
  }
  replace(dialog,
    h("div", { class: "rules-head" },
      h("h2", { id: "rules-title" }, content.title),
      h("button", { id: "rules-close", type: "button", "aria-label": "close the rules", onclick: () => dialog.close() }, "✕ Close")),
    h("div", { class: "rules-body" }, (content.sections || []).map((s) =>
      h("section", { "data-rules": s.id || "" }, h("h3", {}, s.title), (s.body || []).map((b) => (typeof b === "string" ? h("p", {}, b) : b))))));
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  return dialog;
}

// list is a bullet list of strings or nodes, for a section's body.
export function list(items) {
  return h("ul", {}, items.map((i) => h("li", {}, i)));
}

// table is a small table: a header row and rows of cells.
export function table(head, rows) {
  return h("table", {},
    h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, c))))));
}

// houseRules is the body of the card's section on what at this table is
// ours and not the publisher's: a note on the mark, then each item (a
// string or nodes) behind mark(), the page's house mark.
export function houseRules(mark, items, note = "ours, not the publisher's.") {
  return [
    h("p", { class: "small" }, "Marked ", mark(), `: ${note}`),
    list(items.map((i) => h("span", {}, mark(), " ", i))),
  ];
}
