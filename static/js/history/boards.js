// The board of a pocket game at one step of its debrief, drawn from the
// public view the replay endpoint gives (the game contract's view at
// version N) by the game page's own drawing module: pure functions, a view
// in and an element out. Each entry loads that module and its styles only
// when a debrief of the game opens. A game not listed here shows its view
// as data, so a new game's debrief works before it gets a drawing.
//
// An entry's turn loads the game's turn.js adapter (../turnplay.js): with
// it the debrief plays each turn's moves on the board in order and keeps
// them marked, as the game's own page does. A game gets it by adding its
// adapter here. An adapter whose board is HTML (Battles' battlefield)
// gives canvas(board): the SVG it lays over the drawing for the marks.

import { h } from "../ui.js";

const BOARDS = {
  gridtactics: {
    page: "tactics",
    turn: () => import("../tactics/turn.js"),
    draw: async (view) => (await import("../tactics/board.js")).draw(view, {}),
  },
  pocketsub: {
    page: "pocketsub",
    turn: () => import("../pocketsub/turn.js"),
    draw: async (view) => h("div", { class: "ps-board" }, (await import("../pocketsub/board.js")).draw(view, {})),
  },
  saga: {
    page: "saga",
    turn: () => import("../saga/turn.js"),
    draw: async (view) => {
      const [board, panel] = await Promise.all([import("../saga/board.js"), import("../saga/panel.js")]);
      // Taps do nothing here: a debrief only looks.
      return h("div", { class: "sg-board" }, board.draw(view, panel.cardsOf(view), { tap: () => {} }));
    },
  },
  battles: {
    page: "battles",
    turn: () => import("../battles/turn.js"),
    draw: async (view) => {
      const f = await import("../battles/field.js");
      // A spectator's view: the field draws no buttons for it.
      return h("div", { class: "bt-board" }, h("div", { class: "bt-sides" }, f.sides(view)), view.phase === "army_building" ? null : f.field({}, view));
    },
  },
};

// hasBoard tells whether the debrief can draw game's board.
export function hasBoard(game) {
  return Object.hasOwn(BOARDS, game);
}

// drawBoard is game's board for view, or null when it has no drawing or
// the view cannot be drawn (before the start some games have no board).
export async function drawBoard(game, view) {
  const b = BOARDS[game];
  if (!b || !view) return null;
  const css = `/css/${b.page}.css`;
  if (!document.querySelector(`link[href="${css}"]`)) document.head.append(h("link", { rel: "stylesheet", href: css }));
  document.body.classList.add(b.page);
  try {
    return await b.draw(view);
  } catch {
    return null;
  }
}

// turnAdapter is game's turn.js adapter for app (which holds the seat and
// the view the marks are placed on), or null when the game has none.
export async function turnAdapter(game, app) {
  const b = BOARDS[game];
  if (!b || !b.turn) return null;
  const css = "/css/turnplay.css";
  if (!document.querySelector(`link[href="${css}"]`)) document.head.append(h("link", { rel: "stylesheet", href: css }));
  try {
    return (await b.turn()).turnAdapter(app);
  } catch {
    return null;
  }
}
