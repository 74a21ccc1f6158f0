// What happened: the room's events turned into the log, the dice tray and
// the squares to mark as "just happened" on the board.

import { h, s, crewTag } from "../ui.js";
import { dataOf, rejoinLog, trimLog } from "../gamepage.js";

// How long an opponent's action stays on screen before the next one, so a
// bot's whole turn is seen step by step instead of in one jump (ms).
export const PACE = { roll: 1100, first_roll: 900, move: 450, destroyed: 300 };

const TEAMS = ["red", "blue"];

// teamOf finds which side an event is about, for the log's colour and tag.
function teamOf(e, data) {
  if (data && typeof data.seat === "number") return TEAMS[data.seat];
  if (e.kind === "first_roll" || e.kind === "start" || e.kind === "over") return "";
  if (/^Red\b/.test(e.text)) return "red";
  if (/^Blue\b/.test(e.text)) return "blue";
  return "";
}

// absorb adds events to the log and updates the tray and the marks. It
// returns how long to hold the screen before the next update (ms).
export function absorb(app, events) {
  let pace = 0;
  for (const e of events || []) {
    const data = dataOf(e);
    app.log.push({ v: e.v, text: e.text, kind: e.kind || "", team: teamOf(e, data) });
    switch (e.kind) {
      case "roll":
        if (data) {
          app.roll = { seq: (app.roll?.seq || 0) + 1, kind: "roll", ...data };
          app.last = { attacker: data.attacker, target: data.target };
        }
        break;
      case "first_roll":
        if (data) app.roll = { seq: (app.roll?.seq || 0) + 1, kind: "first", red: data.red, blue: data.blue, text: e.text };
        break;
      case "move":
        if (data) app.last = { from: data.from, to: data.to };
        break;
    }
    pace = Math.max(pace, PACE[e.kind] || 0);
  }
  // A long match keeps its recent past on screen.
  trimLog(app, 400);
  return pace;
}

// rejoin prepares the log for a welcome. A welcome carries every event the
// seat may see since the version the phone last held (all of them on a
// first visit or a reload), so entries from that version on are dropped
// before it is absorbed: a phone that changes seat or reconnects never
// shows an event twice. After a gap the view alone is the truth.
export function rejoin(app, msg) {
  if (rejoinLog(app, msg)) app.roll = app.last = null;
}

const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

// die draws one die face.
export function die(n, label) {
  return s("svg", { class: "die", viewBox: "0 0 40 40", role: "img", "aria-label": label || `a die showing ${n}`, "data-roll": n },
    s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7 }),
    (PIPS[n] || []).map(([c, r]) => s("circle", { cx: c * 9 + 2, cy: r * 9 + 2, r: 3.6 })));
}

// tray shows a roll in the dice tray, restarting the roll animation only
// when the roll is new.
export function tray(el, r) {
  if (!r) {
    delete el.dataset.seq;
    el.className = "tx-dice";
    el.replaceChildren(h("span", { class: "muted" }, "Dice appear here as they roll."));
    return;
  }
  const fresh = el.dataset.seq !== String(r.seq);
  el.dataset.seq = String(r.seq);
  if (!fresh) return;
  el.className = "tx-dice rolling";
  if (r.kind === "first") {
    el.replaceChildren(
      die(r.red, `Red rolled ${r.red}`), die(r.blue, `Blue rolled ${r.blue}`),
      h("div", {}, h("div", { class: "verdict" }, "Who starts?"), h("div", { class: "what" }, r.text)));
    return;
  }
  el.replaceChildren(
    die(r.roll, `rolled ${r.roll}`),
    h("div", {},
      h("div", { class: "verdict " + (r.hit ? "hit" : "miss"), "data-verdict": r.hit ? "hit" : "miss" },
        r.needs ? `${r.roll} vs ${r.needs}+: ${r.hit ? "HIT" : "MISS"}` : `${r.roll}: ${r.hit ? "HIT" : "MISS"}`),
      h("div", { class: "what" }, r.text)));
}

// logList is the log, newest first.
export function logList(app) {
  const items = [];
  for (let i = app.log.length - 1; i >= 0 && items.length < 150; i--) {
    const l = app.log[i];
    items.push(h("li", { class: l.team, "data-kind": l.kind }, l.team ? crewTag(l.team) : null, h("span", {}, l.text)));
  }
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing has happened yet."));
  return h("ul", { class: "log", "aria-label": "match log" }, items);
}
