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

// lastPublic is the newest line both crews heard, for the ticker.
export function lastLine(lines) {
  const list = lines || [];
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i].kind !== "charge" && list[i].kind !== "mark") return list[i];
  }
  return null;
}
