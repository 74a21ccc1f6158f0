// Pocket Tactics' part of the other side's turn (../turnplay.js): where a
// unit was and went, what it attacked, and what was lost, in words.

import { place, CELL, TEAM } from "./board.js";

// turnAdapter reads Tactics' events for app's seat.
export function turnAdapter(app) {
  const whose = (seat) => (seat === app.seat ? "your" : `${TEAM[seat]}'s`);
  const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
  const kind = (k) => (k === "unit" || !k ? "face-down unit" : k);
  return {
    size: CELL / 2,
    // A unit's number sits at the bottom right of its square: the step's
    // number goes to the top right, and "from" inside the square the unit
    // left, clear of the number of the unit above it.
    layout: { from: "centre", num: "top" },
    // The squares' letters and the units' numbers stay readable.
    words: ".coord, .uid",
    name: (sq) => sq,
    center: (sq) => {
      const v = app.replay?.snap?.view || app.view;
      if (!v || typeof sq !== "string") return null;
      const p = place(sq, v.size, v.seat === 1);
      return { x: p.x + CELL / 2, y: p.y + CELL / 2 };
    },
    // The squares of the bottom row carry the column letters at their
    // bottom: a loss there is told higher in the square.
    bottom: (sq) => {
      const v = app.replay?.snap?.view || app.view;
      return !!v && typeof sq === "string" && place(sq, v.size, v.seat === 1).y === (v.size - 1) * CELL;
    },
    step: (e, d) => {
      switch (e.kind) {
        case "move":
          if (!d.from) return null;
          return { actor: d.seat, from: d.from, to: d.to, text: cap(`${whose(d.seat)} ${kind(d.kind)} moved from ${d.from} to ${d.to}.`) };
        case "roll": {
          if (!d.attacker) return null;
          const foe = 1 - d.seat;
          const verb = d.second ? "fired again at" : d.attacker_kind === "artillery" ? "fired at" : "attacked";
          const odds = d.needs ? `needed ${d.needs}+, ` : "";
          return {
            actor: d.seat, from: d.attacker, at: d.target, hit: !!d.hit,
            text: cap(`${whose(d.seat)} ${kind(d.attacker_kind)} on ${d.attacker} ${verb} ${whose(foe)} ${kind(d.target_kind)} on ${d.target}: ${odds}rolled ${d.roll}, ${d.hit ? "hit" : "miss"}.`),
          };
        }
        case "destroyed":
          if (!d.at) return null;
          return { merge: true, lost: d.at, text: cap(`${whose(d.owner)} ${kind(d.kind)} is lost.`) };
      }
      return null;
    },
  };
}
