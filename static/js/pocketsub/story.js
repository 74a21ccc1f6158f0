// What happened: the room's events turned into the log and the last move
// drawn on the ocean; and the one-screen primer of the rules.

import { h } from "../ui.js";
import { dataOf, rejoinLog, trimLog } from "../gamepage.js";

// How long an opponent's action stays on screen before the next one, so a
// bot's turn is seen move by move instead of in one jump (ms).
export const PACE = { move: 700, destroyed: 500, whirlpool: 600, setup: 250 };

const COLOURS = ["Red", "White", "Blue", "Black"];

// colourOf finds whose event it is, for the log's tag.
function colourOf(e) {
  const m = /^(?:Hero Sub )?(Red|White|Blue|Black)\b/.exec(e.text || "");
  return m && COLOURS.includes(m[1]) ? m[1] : "";
}

// absorb adds events to the log and notes the last move. It returns how
// long to hold the screen before the next update (ms).
export function absorb(app, events) {
  let pace = 0;
  for (const e of events || []) {
    app.log.push({ v: e.v, text: e.text, kind: e.kind || "", colour: colourOf(e) });
    const data = dataOf(e);
    if (e.kind === "move" && data) app.last = { from: data.from, path: data.path || [], mine: data.mine || "" };
    if (e.kind === "whirlpool") app.last = null; // the tiles turned: the old line would mislead
    pace = Math.max(pace, PACE[e.kind] || 0);
  }
  trimLog(app, 500);
  return pace;
}

// rejoin prepares the log for a welcome, which carries every event the seat
// may see since the version the phone last held: entries from that version
// on are dropped first, so no event shows twice.
export function rejoin(app, msg) {
  if (rejoinLog(app, msg)) app.last = null;
}

// logList is the log, newest first.
export function logList(app) {
  const items = [];
  for (let i = app.log.length - 1; i >= 0 && items.length < 200; i--) {
    const l = app.log[i];
    items.push(h("li", { class: l.colour ? "c-" + l.colour.toLowerCase() : "", "data-kind": l.kind },
      l.colour ? h("span", { class: "ctag c-" + l.colour.toLowerCase() }, l.colour.toUpperCase()) : null,
      h("span", {}, l.text)));
  }
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing has happened yet."));
  return h("ul", { class: "log", id: "log-list", "aria-label": "match log" }, items);
}
