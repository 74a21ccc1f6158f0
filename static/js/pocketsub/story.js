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

// primer is the rules on one screen: what you do on your turn, how you win.
export function primer(open) {
  return h("details", { class: "card ps-primer", id: "primer", open: open || undefined },
    h("summary", {}, "How to play Pocket Sub"),
    h("p", {}, h("strong", {}, "Win: "), "be the last player (or team) with Subs in play. It can happen in the middle of a move."),
    h("p", {}, h("strong", {}, "Your turn: "), "move one of your Subs, spending exactly 3 points, then lay one Mine behind it."),
    h("ul", {},
      h("li", {}, "Shallow or deep region: 1 point. Rocky (dotted): 2. From a deep region (waves) to a deep region on another tile: 2, “running deep”. Command Centres count as deep."),
      h("li", {}, "No region twice, never back where the Sub started. A Sub that cannot use all its points is destroyed."),
      h("li", {}, "The Mine goes in an empty shallow or rocky region the Sub moved out of this turn. No place for it: the Sub is destroyed.")),
    h("p", {}, h("strong", {}, "Meeting pieces: ")),
    h("ul", {},
      h("li", {}, "Your own Mines and Subs: pass through safely, but ending on one destroys both. Your Command Centre keeps your Subs safe."),
      h("li", {}, "Entering an enemy Mine or Sub destroys both; an enemy Command Centre destroys your Sub."),
      h("li", {}, "★ Hero Sub: a player's last Sub. It wins Sub fights, except when an enemy Hero Sub enters its region; Mines and Command Centres still sink it.")),
    h("p", { class: "muted small" }, "With 4 players: Red and Blue against White and Black; a team-mate's pieces count as your own, but you move only your own Subs."),
    h("p", { class: "muted small" }, "Captain's expansion: Whirlpools (↻ ↺) turn their tile at the end of each round. Once each: Intelligence Report (pass enemy Subs and Mines), Map (pass an enemy Command Centre), Strong Current (4 points)."),
    h("p", { class: "muted small" }, "Regions: the tile's letter and 0 for the centre or 1-6 for the edges, clockwise from the top: C4 is the bottom edge of tile C."),
    h("p", { class: "muted small" }, h("span", { class: "house" }, "house"), " The tiles' faces and the introductory layouts are our own design: the publisher has not published them."));
}
