// The Pocket Tactics table screen (/table/CODE): a laptop or TV in
// landscape that watches the room as a spectator. Before the start the QR
// code, the room code and the seats; then the board as large as the
// screen allows, whose turn, both sides with their players' names, the
// last roll and the last events in large letters; at the end who won. It
// offers nothing to tap: the room plays on its phones.

import { h, s } from "../ui.js";
import { waitingScreen, playScreen, turnLine, outcomeBox, lastEvents } from "../tablescreen.js";
import { draw, TEAM, unitShape } from "./board.js";
import { sides, clockText } from "./play.js";
import { tray } from "./story.js";

// mark is a side's shape in its colour (Red's disc, Blue's diamond).
// It has no letter: it names a side, not a unit.
export function mark(seat) {
  const shape = unitShape(seat, "soldier", 50, 50, {});
  shape.querySelector(".letter")?.remove();
  return s("svg", { class: "tx-svg tv-mark", viewBox: "0 0 100 100", "aria-hidden": "true" }, shape);
}

// The dice tray is kept across renders, so a roll animates once.
const dice = h("div", { class: "tx-dice", id: "tv-dice", "aria-live": "polite" });
let rolled = { seq: 0, turn: -1 }; // the last roll seen, and in which turn

// tableScreen draws the table screen of app in box; tp (../turnplay.js),
// when given, marks the turn being played on the board, move by move.
export function tableScreen(app, box, waiting, tp) {
  const v = app.view;
  if (waiting || !v) {
    const o = v?.options || app.lobby?.options || {};
    waitingScreen(box, {
      title: "Pocket Tactics", lobby: app.lobby, code: app.code, error: app.lobbyError,
      about: [o.small_board ? "6×6 board" : "8×8 board", o.hidden_setup ? "hidden setup" : "open setup", o.time_limit ? "15-minute limit" : "no time limit"].join(" · "),
      mark: (st) => mark(st.seat),
    });
    return;
  }
  let head = null;
  if (v.outcome) {
    const o = v.outcome;
    const w = o.winners && o.winners.length === 1 ? o.winners[0] : -1;
    const scores = o.scores ? Object.entries(o.scores).map(([t, n]) => `${TEAM[t]} ${n}`).join(" · ") : "";
    head = outcomeBox(w >= 0 ? `${TEAM[w]} wins` : "A draw", o.reason + (scores ? `. Tournament points: ${scores}` : ""), w >= 0 ? mark(w) : null, w);
  }
  const turning = v.phase === "play" && v.turn >= 0;
  const turn = turnLine(turning ? `${TEAM[v.turn]}'s turn${nameOf(app, v.turn)} · turn ${v.turn_number}` : v.prompt, turning ? mark(v.turn) : null, turning ? `team${v.turn}` : "");
  // The last roll stays up through the turn it was rolled in, no longer:
  // the next side's turn starts with an empty tray.
  if (app.roll && app.roll.seq !== rolled.seq) rolled = { seq: app.roll.seq, turn: v.turn_number };
  const roll = app.roll && v.phase !== "over" && rolled.turn === v.turn_number ? app.roll : null;
  tray(dice, roll);
  const clock = clockText(v, Date.now());
  const events = app.log.map((l) => {
    const seat = l.team === "red" ? 0 : l.team === "blue" ? 1 : -1;
    return { text: l.text, kind: l.kind, cls: l.team, tag: seat >= 0 ? mark(seat) : null };
  });
  playScreen(box, {
    board: draw(v, { flip: false, last: app.last }),
    outcome: head,
    turn,
    sides: h("div", { class: "tx-sides tv-tx-sides" }, sides(app, v), clock ? h("div", { class: "tx-clock", id: "tv-clock", role: "timer" }, clock) : null),
    extra: roll ? dice : null,
    events: lastEvents(events, 6),
  });
  tp?.overlay(box.querySelector("#tv-board svg"));
}

// nameOf is " (Ada)" for the player of seat, "" when the room has no name
// for it.
function nameOf(app, seat) {
  const st = app.lobby?.seats?.[seat];
  if (!st) return "";
  const who = st.bot ? "Bot" : st.name;
  return who ? ` (${who})` : "";
}
