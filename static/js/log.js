// The announcement log. Views carry state only: a page keeps its log from
// the events the room sends (all of them on welcome, the new ones with each
// update). An event is {v, text, kind, data}, data being the engine's event
// (kind, crew, to, dir, cell, sector, hits, facts, yes...). Shown newest
// first, each line tagged with its crew by colour and by name, the crew's
// own private lines dimmed.

import { h, crewTag } from "./ui.js";

function dataOf(e) {
  if (!e?.data) return {};
  if (typeof e.data === "object") return e.data;
  try {
    return JSON.parse(e.data) || {};
  } catch {
    return {};
  }
}

// lineOf turns a room event into a log line.
export function lineOf(e) {
  const d = dataOf(e);
  return { ...d, v: e.v, kind: d.kind || e.kind, text: e.text, private: !!d.to };
}

// mergeEvents adds a message's events to those kept. A welcome after a
// reconnect repeats nothing the page holds: events of versions the page
// already has are replaced by the welcome's, so a full history (a first
// visit, a gap) and the missed ones alike end up once, in order.
export function mergeEvents(kept, incoming) {
  // at: when this page heard it (a refusal a moment after a crewmate's
  // system says who was first).
  const now = Date.now();
  const add = (incoming || []).map((e) => ({ ...lineOf(e), at: now }));
  if (!add.length) return kept;
  const from = add[0].v;
  const keep = typeof from === "number" ? kept.filter((l) => !(l.v >= from)) : kept;
  return keep.concat(add);
}

// The enemy announcements a Radio Operator plots on the overlay.
const OVERLAY = new Set(["course", "silence", "surface", "mine_dropped", "dived"]);

export function enemyLines(lines, crew) {
  return (lines || []).filter((l) => !l.private && l.crew && l.crew !== crew && OVERLAY.has(l.kind));
}

export function logList(lines, opts = {}) {
  const items = [];
  const list = lines || [];
  const limit = opts.limit || 200;
  for (let i = list.length - 1; i >= 0 && items.length < limit; i--) {
    const l = list[i];
    items.push(h("li", { class: `${l.crew || ""}${l.private ? " private" : ""}`, "data-kind": l.kind },
      l.kind === "started" || !l.crew ? null : crewTag(l.crew),
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
