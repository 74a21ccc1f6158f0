// The Engineer's sheet drawn as SVG: the four panels of symbols, their
// circuits and the reactor, crossed out as the crew marked them. Apart
// from the Engineer's panel so that the debrief draws a crew's sheet
// without loading the role pages.

import { h, s } from "../ui.js";
import { glyph, colourInfo } from "./symbols.js";

const PANELS = ["WEST", "NORTH", "SOUTH", "EAST"];
const ARROW = { WEST: "←", NORTH: "↑", SOUTH: "↓", EAST: "→" };
export const CIRCUIT_LETTER = { yellow: "Y", orange: "O", grey: "G" };

// Layout in SVG units: panels in two rows of two, in sheet order.
const ORIGIN = { WEST: [2, 4], NORTH: [192, 4], SOUTH: [2, 188], EAST: [192, 188] };
const BOX = 50;
const STEP = 54;
const PANEL_W = 166;
const PANEL_H = 152;

function boxAt(panel, index) {
  const [px, py] = ORIGIN[panel];
  const col = index % 3;
  const row = index < 3 ? 0 : 1;
  return { x: px + 6 + col * STEP, y: py + 30 + row * 66, cx: px + 31 + col * STEP, cy: py + 55 + row * 66 };
}

// The circuit lines, routed around the panels as on the printed sheet.
const WIRES = {
  yellow: "M33,84 V92 M87,84 V92 M141,84 V92 M33,92 H174 V170 H331 V218",
  orange: "M223,84 V92 M277,84 V92 M331,84 V92 M331,92 H186 V243 H198",
  grey: "M33,268 V276 M87,268 V276 M141,268 V276 M33,276 H277 V268",
};

// onIdle(sym), when given, answers a tap on a symbol that cannot be
// crossed out now, so the page can say why nothing happens.
export function sheetSVG(own, onPick, pending, onIdle) {
  const active = own.duties.engineer ? own.duties.panel : null;
  const svg = s("svg", { class: "sheet", viewBox: "0 0 360 344", role: "group", "aria-label": "Engineer sheet" });
  for (const p of PANELS) {
    const [px, py] = ORIGIN[p];
    svg.append(s("rect", {
      class: "panelbox" + (active === p ? " active" : " idle"), x: px, y: py, width: PANEL_W, height: PANEL_H, rx: 12,
      "data-panelbox": p,
    }));
    svg.append(s("text", { class: "panelname" + (active === p ? "" : " idle"), x: px + 10, y: py + 20 }, `${ARROW[p]} ${p}`,
      active && active !== p ? s("tspan", { class: "closedtag" }, " · closed") : null));
  }
  // Wires under the symbols; a dark casing makes crossings read as bridges.
  for (const [c, d] of Object.entries(WIRES)) {
    svg.append(s("path", { d, fill: "none", stroke: "#08111c", "stroke-width": 8 }));
    svg.append(s("path", { class: "circ " + c, d, "data-circuit": c }));
  }
  for (const sym of own.sheet) {
    const b = boxAt(sym.panel, sym.index);
    const can = active === sym.panel && !sym.marked;
    const label = `${sym.panel} ${sym.index + 1}: ${colourInfo[sym.colour].name}` +
      (sym.circuit ? `, ${sym.circuit} circuit` : "") + (sym.marked ? ", crossed out" : "");
    const g = s("g", {
      class: "sym" + (can ? " active" : " idle") + (sym.marked ? " marked" : "") +
        (pending && pending.panel === sym.panel && pending.index === sym.index ? " pending" : ""),
      "data-panel": sym.panel, "data-index": sym.index, "data-colour": sym.colour,
      "data-marked": String(sym.marked),
      role: "button", "aria-label": label, "aria-disabled": String(!can),
      tabindex: can ? 0 : -1,
      onclick: () => { if (can) onPick(sym); else onIdle?.(sym); },
      onkeydown: (e) => { if (can && (e.key === "Enter" || e.key === " ")) onPick(sym); },
    }, s("rect", { class: "bg", x: b.x, y: b.y, width: BOX, height: BOX, rx: 9 }),
    glyph(sym.colour, b.cx, b.cy + 1, 15));
    if (sym.circuit) {
      g.append(s("text", { class: "ctag " + sym.circuit, x: b.x + BOX - 7, y: b.y + 8 }, CIRCUIT_LETTER[sym.circuit]));
    }
    if (sym.marked) {
      g.append(s("path", { class: "cross", d: `M${b.x + 8},${b.y + 8} L${b.x + BOX - 8},${b.y + BOX - 8} M${b.x + BOX - 8},${b.y + 8} L${b.x + 8},${b.y + BOX - 8}` }));
    }
    svg.append(g);
  }
  return svg;
}

