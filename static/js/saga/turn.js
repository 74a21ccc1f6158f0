// Saga's part of the other side's turn (../turnplay.js): the unit that
// moved, hopped, went home, was summoned or made an assault, how the
// assault ended, and what was captured.

import { centre, flipped, SIZE } from "./board.js";

const WON = new Set(["captured", "both_captured", "base_defeated"]);

// turnAdapter reads Saga's events for app's seat.
export function turnAdapter(app) {
  const view = () => app.replay?.snap?.view || app.view;
  return {
    size: SIZE * 0.9,
    // A tile's label sits low on its right, its terrain's letters at its
    // top: "from" goes in the middle of the tile the unit left, the step's
    // number at the top right; the words a mark still lies on are drawn
    // again above it.
    layout: { from: "centre", num: "top" },
    words: ".hexlabel, .tletter, .baseword, .unit .tag, .markletter, .chance",
    name: (at) => at,
    center: (at) => {
      const v = view();
      if (!v || typeof at !== "string" || !at.includes(",")) return null;
      return centre(at, flipped({ ...v, seat: app.seat }));
    },
    step: (e, d) => {
      switch (e.kind) {
        case "move":
          return { actor: d.seat, from: d.from, to: d.to, text: e.text };
        case "home":
          return { actor: d.seat, from: d.from, text: e.text };
        case "summon":
          return { actor: d.seat, to: d.to, text: e.text };
        case "assault":
          return { actor: d.seat, from: d.from, at: d.to, text: e.text };
        case "combat": {
          if (!d.result) return null;
          const [att, def] = d.sides || [];
          const lost = [];
          if ((d.result === "captured" || d.result === "both_captured") && def?.at) lost.push(def.at);
          if ((d.result === "attacker_captured" || d.result === "both_captured") && att?.at) lost.push(att.at);
          return { merge: true, hit: WON.has(d.result), lost, text: e.text };
        }
        case "drowning":
          return {
            merge: (last) => {
              if (d.drowned && (last.to || last.from)) last.lost.push(last.to || last.from);
            },
            text: e.text,
          };
        case "captured":
        case "returned":
          return { merge: true, text: e.text };
      }
      return null;
    },
  };
}
