// The announcement log: newest first, each line tagged with its crew by
// colour and by name, the crew's own private lines dimmed.

import { h, crewTag } from "./ui.js";

export function logList(lines, opts = {}) {
  const items = [];
  const list = lines || [];
  for (let i = list.length - 1; i >= 0; i--) {
    const l = list[i];
    items.push(h("li", { class: `${l.crew || ""}${l.private ? " private" : ""}`, "data-kind": l.kind },
      l.kind === "started" ? null : crewTag(l.crew),
      h("span", {}, l.text)));
  }
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing announced yet."));
  return h("ul", { class: "log" + (opts.tall ? " tall" : ""), "aria-label": "announcements", "aria-live": "polite" }, items);
}

// lastLine is the newest announcement worth the ticker: not the crew's
// own sheet work, not whose turn it is (the status shows that).
export function lastLine(lines) {
  const list = lines || [];
  for (let i = list.length - 1; i >= 0; i--) {
    if (!["charge", "mark", "turn"].includes(list[i].kind)) return list[i];
  }
  return null;
}
