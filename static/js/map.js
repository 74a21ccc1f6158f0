// The chart as SVG: water, grid with coordinates, sectors, islands, and the
// layers a page asks for (own route, mines, position, highlighted target
// cells, a silence preview, the tracker's cells, both voyages at the end).
// Captain, Radio Operator and the table screen share it.

import { s, parseCell, cellName } from "./ui.js";

export const CELL = 24; // one cell in SVG units
export const MARGIN = 22; // room for the coordinates

// geometry of a chart of the given size.
export function geometry(size) {
  const side = MARGIN + size * CELL + 6;
  return {
    size,
    side,
    x: (col) => MARGIN + col * CELL,
    y: (row) => MARGIN + row * CELL,
    cx: (col) => MARGIN + (col + 0.5) * CELL,
    cy: (row) => MARGIN + (row + 0.5) * CELL,
  };
}

function cells(list) {
  return (list || []).map(parseCell).filter(Boolean);
}

function pathOf(g, list) {
  return list.map((c, i) => `${i ? "L" : "M"}${g.cx(c.col)},${g.cy(c.row)}`).join(" ");
}

// chartSVG draws chart (the view's "chart": size, islands, archer) with the
// given layers. opts.targets = {cells, selected, onPick, kind} makes those
// cells tappable; opts.onAny(cell) makes every water cell tappable.
export function chartSVG(chart, opts = {}) {
  const n = chart.size;
  const g = geometry(n);
  const svg = s("svg", {
    class: "chart",
    viewBox: `0 0 ${g.side} ${g.side}`,
    role: "img",
    "aria-label": opts.label || `map ${chart.name}`,
    "data-size": n,
  });
  svg.append(s("rect", { class: "water", x: MARGIN, y: MARGIN, width: n * CELL, height: n * CELL }));

  // Sector numbers first, faint, under everything.
  const per = n / 5;
  for (let r = 0; r < per; r++) {
    for (let c = 0; c < per; c++) {
      svg.append(s("text", {
        class: "sectornum",
        x: g.x(c * 5 + 2.5),
        y: g.y(r * 5 + 2.5),
        "font-size": CELL * 3,
      }, String(r * per + c + 1)));
    }
  }
  for (let i = 0; i <= n; i++) {
    const cls = i % 5 === 0 ? "sectorline" : "gridline";
    svg.append(s("line", { class: cls, x1: g.x(i), y1: MARGIN, x2: g.x(i), y2: g.y(n) }));
    svg.append(s("line", { class: cls, x1: MARGIN, y1: g.y(i), x2: g.x(n), y2: g.y(i) }));
  }
  for (let i = 0; i < n; i++) {
    svg.append(s("text", { class: "label", x: g.cx(i), y: MARGIN / 2 }, String.fromCharCode(65 + i)));
    svg.append(s("text", { class: "label", x: MARGIN / 2, y: g.cy(i) }, String(i + 1)));
  }
  const islandSet = new Set(chart.islands || []);
  for (const c of cells(chart.islands)) {
    svg.append(s("rect", {
      class: "island", x: g.x(c.col) + 2, y: g.y(c.row) + 2, width: CELL - 4, height: CELL - 4, rx: 5,
    }, s("title", {}, `${cellName(c.col, c.row)}: island`)));
  }
  // Delta's open-water holes (when the table gave them): the only cells
  // where surfacing costs no damage.
  for (const c of cells(chart.ice_holes)) {
    svg.append(s("circle", {
      class: "icehole", cx: g.cx(c.col), cy: g.cy(c.row), r: CELL * 0.38, "data-icehole": cellName(c.col, c.row),
    }, s("title", {}, `${cellName(c.col, c.row)}: hole in the ice`)));
  }
  for (const c of cells(opts.archer)) {
    svg.append(s("circle", { class: "archer", cx: g.cx(c.col), cy: g.cy(c.row), r: CELL * 0.4 }));
  }

  if (opts.heat) drawHeat(svg, g, opts.heat);
  if (opts.reveal) drawReveal(svg, g, opts.reveal);

  const route = cells(opts.route);
  if (route.length > 1) svg.append(s("path", { class: "route", d: pathOf(g, route) }));
  for (const c of cells(opts.mines)) {
    svg.append(s("g", { "data-mine": cellName(c.col, c.row) },
      s("rect", { class: "mineback", x: g.x(c.col) + 3, y: g.y(c.row) + 3, width: CELL - 6, height: CELL - 6, rx: 4 }),
      s("text", { class: "mine", x: g.cx(c.col), y: g.cy(c.row) + 1 }, "M")));
  }
  if (opts.preview && opts.preview.length > 1) {
    const p = cells(opts.preview);
    svg.append(s("path", { class: "preview", d: pathOf(g, p) }));
    const end = p[p.length - 1];
    svg.append(s("circle", { class: "previewdot", cx: g.cx(end.col), cy: g.cy(end.row), r: 5 }));
  }
  const pos = parseCell(opts.position);
  if (pos) {
    svg.append(s("circle", {
      class: "sub", cx: g.cx(pos.col), cy: g.cy(pos.row), r: CELL * 0.34, "data-position": opts.position,
    }, s("title", {}, `your submarine: ${opts.position}`)));
  }
  if (opts.blast) {
    const b = parseCell(opts.blast);
    if (b) svg.append(s("rect", { class: "blast", x: g.x(b.col - 1), y: g.y(b.row - 1), width: CELL * 3, height: CELL * 3 }));
  }

  if (opts.targets) drawTargets(svg, g, opts.targets);
  if (opts.onAny) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const name = cellName(c, r);
        if (islandSet.has(name)) continue;
        const sel = opts.selected === name;
        svg.append(s("rect", {
          class: sel ? "target sel" : "hit",
          x: g.x(c), y: g.y(r), width: CELL, height: CELL,
          "data-cell": name,
          onclick: () => opts.onAny(name),
        }));
      }
    }
  }
  if (opts.overlay) svg.append(opts.overlay(g));
  return svg;
}

function drawTargets(svg, g, t) {
  for (const name of t.cells || []) {
    const c = parseCell(name);
    if (!c) continue;
    svg.append(s("rect", {
      class: "target" + (t.selected === name ? " sel" : ""),
      x: g.x(c.col) + 1, y: g.y(c.row) + 1, width: CELL - 2, height: CELL - 2, rx: 3,
      "data-cell": name,
      "data-kind": t.kind || "",
      role: "button",
      "aria-label": `${t.kind || "target"} ${name}`,
      onclick: () => t.onPick?.(name),
    }));
  }
}

// drawHeat shades the tracker's possible cells: opacity follows the
// probability (heat) or is flat (cells only); a dot marks each so the
// layer reads without colour.
function drawHeat(svg, g, heat) {
  const max = Math.max(1e-9, ...(heat.heat || [0]));
  (heat.cells || []).forEach((name, i) => {
    const c = parseCell(name);
    if (!c) return;
    const p = heat.heat && heat.heat.length ? heat.heat[i] / max : 0.6;
    svg.append(s("rect", {
      class: "heat", x: g.x(c.col) + 2, y: g.y(c.row) + 2, width: CELL - 4, height: CELL - 4, rx: 3,
      "fill-opacity": (0.1 + 0.4 * p).toFixed(2), "data-possible": name,
    }));
    svg.append(s("circle", { class: "possible", cx: g.cx(c.col), cy: g.cy(c.row), r: 2.5 }));
  });
}

// drawReveal draws both submarines' voyages, mines and final positions.
function drawReveal(svg, g, reveal) {
  for (const rc of reveal.crews || []) {
    const track = cells(rc.track);
    if (track.length > 1) svg.append(s("path", { class: "reveal-" + rc.crew, d: pathOf(g, track), "data-reveal": rc.crew }));
    if (track.length) {
      const st = track[0];
      svg.append(s("text", { class: "tracktext", x: g.cx(st.col), y: g.cy(st.row) - 9, fill: "#fff" }, "▼"));
    }
    for (const m of cells(rc.mines)) {
      svg.append(s("text", { class: "mine", x: g.cx(m.col), y: g.cy(m.row) + 1 }, "M"));
    }
    const p = parseCell(rc.position);
    if (p) {
      svg.append(s("circle", {
        cx: g.cx(p.col), cy: g.cy(p.row), r: CELL * 0.34,
        fill: rc.crew === "blue" ? "var(--blue)" : "var(--red)", stroke: "#fff", "stroke-width": 2.5,
      }));
      svg.append(s("text", { class: "tracktext", x: g.cx(p.col), y: g.cy(p.row), fill: "#061018" }, rc.crew === "blue" ? "B" : "R"));
    }
  }
}

// stepCell is the cell one step from name toward dir, or null off the chart.
export function stepCell(size, name, dir, n = 1) {
  const c = parseCell(name);
  if (!c) return null;
  const d = { NORTH: [0, -1], EAST: [1, 0], SOUTH: [0, 1], WEST: [-1, 0] }[dir];
  const col = c.col + d[0] * n;
  const row = c.row + d[1] * n;
  if (col < 0 || row < 0 || col >= size || row >= size) return null;
  return cellName(col, row);
}
