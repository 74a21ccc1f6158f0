// Pocket Sub's part of the other side's turn (../turnplay.js): the path
// each other fleet's Sub sailed, the Mine it laid, and what was lost.

import { geometry, R } from "./board.js";

// turnAdapter reads Pocket Sub's events for app's seat.
export function turnAdapter(app) {
  let geo = null;
  let tiles = null;
  const regions = () => {
    const v = app.replay?.snap?.view || app.view;
    if (!v) return null;
    if (v.tiles !== tiles) {
      tiles = v.tiles;
      geo = geometry(v);
    }
    return geo.regions;
  };
  return {
    size: R * 0.3,
    // The regions' numbers and the tiles' letters stay readable over the
    // marks: drawn again above them where a mark lies on one.
    words: ".labels text, .num, .mletter, .cclabel",
    name: (r) => r,
    center: (name) => regions()?.get(name)?.at || null,
    step: (e, d) => {
      switch (e.kind) {
        case "move":
          if (!d.from) return null;
          return {
            actor: d.seat, from: d.from, path: d.path && d.path.length ? d.path : null, text: e.text,
            notes: d.mine ? [{ at: d.mine, label: "Mine laid" }] : [],
          };
        case "destroyed":
          return { merge: true, lost: d.at ? [d.at] : [], text: e.text };
        case "sheltered":
          return { merge: true, text: e.text };
      }
      return null;
    },
  };
}
